"""Bot self-play for designers and tests: many seeded games, wins per seat, errors, speed.

The same arguments give the same results (apart from timings): game i uses seed `seed + i`, and
the bot of seat s in game i its own seed derived from both.
"""

from __future__ import annotations

import time
import traceback
from typing import Any

MAX_ACTIONS = 200_000


def play_one(engine: Any, content: Any, bots: list[Any], seed: int,
             options: dict[str, Any] | None = None) -> tuple[Any, int]:
    """Play one game to its end with one bot per seat; returns (final state, actions applied)."""
    state = engine.new_game(content, len(bots), seed, options)
    count = 0
    while not state.is_over():
        seats = state.to_act()
        if not seats:
            raise RuntimeError("the game is not over but nobody has to act")
        seat = seats[0]
        legal = state.legal_actions(seat)
        if not legal:
            raise RuntimeError(f"seat {seat} must act but has no legal action")
        state.apply(seat, bots[seat].choose(state.view(seat), legal))
        count += 1
        if count > MAX_ACTIONS:
            raise RuntimeError(f"no end after {MAX_ACTIONS} actions")
    return state, count


def run_games(engine: Any, content: Any, seats: list[str], games: int, seed: int,
              options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Simulate `games` games; the JSON document of `simulate --json`."""
    wins = [0] * len(seats)
    draws = errors = total_actions = 0
    samples: list[str] = []
    outcomes: list[dict[str, Any]] = []
    started = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        bots = [engine.bot(name, game_seed * 101 + s) for s, name in enumerate(seats)]
        try:
            state, count = play_one(engine, content, bots, game_seed, options)
        except Exception as exc:  # a simulated game that raised is a problem to report, not a crash
            errors += 1
            if len(samples) < 5:
                last = traceback.extract_tb(exc.__traceback__)[-1]
                samples.append(f"seed {game_seed}: {type(exc).__name__}: {exc} "
                               f"({last.filename.rsplit('/', 1)[-1]}:{last.lineno})")
            continue
        total_actions += count
        outcomes.append(state.outcome())
        winners = outcomes[-1].get("winners", [])
        if len(winners) == 1:
            wins[winners[0]] += 1
        else:
            draws += 1
    elapsed = max(time.perf_counter() - started, 1e-9)
    finished = games - errors
    stats = getattr(engine, "game_stats", None)  # optional per-game figures (turns, deciding lines…)
    extra = {"game_stats": stats(outcomes)} if stats is not None and outcomes else {}
    return {
        "game": engine.id, "games": games, "seed": seed, "seats": seats, "options": options or {},
        "wins": wins, "win_rates": [round(w / games, 4) for w in wins], "draws": draws,
        "errors": errors, "error_samples": samples,
        "mean_actions": total_actions / finished if finished else 0.0,
        "actions_per_second": total_actions / elapsed, "elapsed_s": round(elapsed, 3), **extra,
    }
