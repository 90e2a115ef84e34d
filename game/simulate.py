"""Bot self-play for designers and tests: many seeded games, spread over processes, with records.

The same arguments give the same results (apart from timings), whatever the number of workers:
game i uses seed `seed + i`, the line-up `lineups[i % len(lineups)]` (with `rotate`, every
distinct order of the bots, so each bot sits at each position), and the bot of seat s its own
seed `(seed + i) * 101 + s`. Each game gives a JSON-able *record* (winners, scores, length, the
engine's optional lab facts); records are gathered in game order, so statistics computed from
them (`game.labstats`) do not depend on which worker played which game.

Workers are processes (forked on Linux from the command line, inheriting the loaded engine and
content; spawned elsewhere and from the app, whose pygame state must not be forked, each then
loading the engine and the content once).
"""

from __future__ import annotations

import importlib
import itertools
import os
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.core.lazyview import LazyView

MAX_ACTIONS = 200_000


def bot_view(state: Any, seat: int) -> Any:
    """What a bot is given of `seat`'s view: a read-only mapping made when read, so a bot that
    never reads it (random play) costs no view, and one that reads a few keys pays for those
    only when the state offers `lazy_view(seat)` (`rules.core.lazyview`); otherwise the whole
    `view(seat)`, built on the first read. `state.view` is a pure function of the state, so
    building it or not changes nothing. After `seal()` (the action is about to be applied) a key
    not read yet is refused: it would describe a later state."""
    lazy = getattr(state, "lazy_view", None)
    if lazy is not None:
        return lazy(seat)
    return LazyView(state, seat, {}, _whole_view)


def _whole_view(state: Any, seat: int) -> Any:
    return state.view(seat)


def play_one(engine: Any, content: Any, bots: list[Any], seed: int,
             options: dict[str, Any] | None = None) -> tuple[Any, int]:
    """Play one game to its end with one bot per seat; returns (final state, actions applied)."""
    state = engine.new_game(content, len(bots), seed, options)
    count = 0
    # (the state's and bots' methods looked up once: a game is some 600 turns of this loop, most
    # of them cheap, such as placing one programming cube; `bot_view` inlined)
    is_over, to_act, legal_actions, apply = state.is_over, state.to_act, state.legal_actions, state.apply
    lazy = getattr(state, "lazy_view", None)
    choose = [bot.choose for bot in bots]
    while not is_over():
        seats = to_act()
        if not seats:
            raise RuntimeError("the game is not over but nobody has to act")
        seat = seats[0]
        legal = legal_actions(seat)
        if not legal:
            raise RuntimeError(f"seat {seat} must act but has no legal action")
        view = lazy(seat) if lazy is not None else LazyView(state, seat, {}, _whole_view)
        action = choose[seat](view, legal)
        view.seal()
        apply(seat, action)
        count += 1
        if count > MAX_ACTIONS:
            raise RuntimeError(f"no end after {MAX_ACTIONS} actions")
    return state, count


# -- the plan of a run ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Plan:
    """What to simulate. `engine` is a game id of `rules`, or "module:ATTRIBUTE" (tests' toy games);
    `content` is given directly (picklable) or loaded from `content_root` in each worker."""

    engine: str
    seats: tuple[str, ...]
    games: int
    seed: int = 1
    options: dict[str, Any] | None = None
    rotate: bool = False
    content_root: str | None = None
    content: Any = field(default=None, compare=False)

    def lineups(self) -> list[tuple[str, ...]]:
        """The line-ups played in turn: the seats as given, or every distinct order of them."""
        if not self.rotate:
            return [tuple(self.seats)]
        return sorted(set(itertools.permutations(self.seats)))

    def game(self, index: int) -> tuple[int, tuple[str, ...]]:
        """Seed and line-up of game `index`."""
        lineups = self.lineups()
        return self.seed + index, lineups[index % len(lineups)]


def load_engine(ref: str) -> Any:
    """The engine named by a game id or by "module:ATTRIBUTE"."""
    if ":" in ref:
        module, _, attr = ref.partition(":")
        return getattr(importlib.import_module(module), attr)
    import rules

    return rules.engine(ref)


def load_content(plan: Plan, engine: Any) -> Any:
    """The plan's content: given, or loaded (validated) from its folder."""
    if plan.content is not None or ":" in plan.engine:
        return plan.content
    from game.content import load

    return load(engine.id, plan.content_root)


# -- one game, one record -------------------------------------------------------------------------

def play_record(engine: Any, content: Any, plan: Plan, index: int) -> dict[str, Any]:
    """Play game `index` of the plan; its JSON-able record (an error is recorded, not raised)."""
    seed, lineup = plan.game(index)
    record: dict[str, Any] = {"index": index, "seed": seed, "lineup": list(lineup)}
    bots = [engine.bot(name, seed * 101 + s) for s, name in enumerate(lineup)]
    try:
        state, count = play_one(engine, content, bots, seed, plan.options)
        outcome = state.outcome()
        facts = lab_facts(engine, state)
    except Exception as exc:  # a simulated game that raised is a problem to report, not a crash
        last = traceback.extract_tb(exc.__traceback__)[-1]
        record["error"] = (f"seed {seed}: {type(exc).__name__}: {exc} "
                           f"({last.filename.rsplit('/', 1)[-1]}:{last.lineno})")
        return record
    record.update(actions=count, winners=list(outcome.get("winners", [])),
                  scores=[_number(v) for v in outcome.get("scores", [])], **facts)
    if hasattr(engine, "game_stats"):  # the engine's own figures need the whole outcome
        record["outcome"] = outcome
    return record


def lab_facts(engine: Any, state: Any) -> dict[str, Any]:
    """The engine's optional `lab_facts(state)` hook (see README), with a turn count always present."""
    hook = getattr(engine, "lab_facts", None)
    facts = dict(hook(state) or {}) if hook is not None else {}
    if "turns" not in facts:
        try:
            turn = state.view(None).get("turn")
        except Exception:
            turn = None
        facts["turns"] = turn if isinstance(turn, int) else None
    return facts


def _number(value: Any) -> float | int:
    return value if isinstance(value, int | float) else 0


# -- running many games -------------------------------------------------------------------------

_WORKER: dict[str, Any] = {}


def _worker_init(plan: Plan) -> None:
    if not (_WORKER.get("plan") == plan and "content" in _WORKER):  # else forked from a parent that has them
        engine = load_engine(plan.engine)
        _WORKER.update(engine=engine, content=load_content(plan, engine), plan=plan)
    batch_gc()


def batch_gc() -> None:
    """A process that only plays games (simulate's and fuzz's workers, the bench's self-play):
    what is loaded now (content, modules) is never collected, and the young generation is
    collected 70× less often (games make few reference cycles and thousands of short-lived
    objects); 5–10 % less CPU per game, the same records."""
    import gc

    gc.freeze()
    gc.set_threshold(50_000, 50, 100)


def _context() -> Any:
    """How workers start: "fork" on Linux from the command line (they inherit the loaded engine
    and content: no second start-up), "spawn" elsewhere and whenever pygame is loaded (the app
    must not fork its window and audio state). Records are the same either way."""
    import multiprocessing
    import sys

    if sys.platform.startswith("linux") and "pygame" not in sys.modules:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def _worker_chunk(indices: list[int]) -> list[dict[str, Any]]:
    return [play_record(_WORKER["engine"], _WORKER["content"], _WORKER["plan"], i) for i in indices]


def default_workers() -> int:
    """One worker per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def play_records(plan: Plan, workers: int | None = None,
                 progress: Callable[[int, int], None] | None = None,
                 cancelled: Callable[[], bool] | None = None) -> list[dict[str, Any]]:
    """Every game's record, in game order. `progress(done, total)` is called as games finish;
    `cancelled()` returning True stops the run early (the records so far are returned)."""
    workers = max(1, min(workers or default_workers(), plan.games))
    if workers == 1:
        return _play_here(plan, progress, cancelled)
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    chunks = _chunks(plan.games, workers)
    records: list[dict[str, Any]] = []
    context = _context()
    if context.get_start_method() == "fork":
        _worker_init(plan)  # loaded once here, inherited by the forked workers
    with ProcessPoolExecutor(workers, mp_context=context, initializer=_worker_init,
                             initargs=(plan,)) as pool:
        pending = {pool.submit(_worker_chunk, chunk) for chunk in chunks}
        while pending:
            done, pending = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
            for future in done:
                records += future.result()
            if progress is not None and done:
                progress(len(records), plan.games)
            if cancelled is not None and cancelled():
                for future in pending:
                    future.cancel()
                break
    return sorted(records, key=lambda r: r["index"])


def _chunks(games: int, workers: int) -> list[list[int]]:
    """The game indices in the order given to the workers, in chunks of up to 25 games that
    shrink towards the end (each a share of the games left), so that the workers finish close
    together: a last chunk of 25 games on one worker while the other has nothing left would
    leave a core idle for half a chunk on average."""
    cap = max(1, min(25, games // (workers * 8)))
    chunks, start = [], 0
    while start < games:
        size = max(1, min(cap, (games - start) // (workers * 4)))
        chunks.append(list(range(start, min(start + size, games))))
        start += size
    return chunks


def _play_here(plan: Plan, progress: Callable[[int, int], None] | None,
               cancelled: Callable[[], bool] | None) -> list[dict[str, Any]]:
    engine = load_engine(plan.engine)
    content = load_content(plan, engine)
    records = []
    for i in range(plan.games):
        if cancelled is not None and cancelled():
            break
        records.append(play_record(engine, content, plan, i))
        if progress is not None:
            progress(i + 1, plan.games)
    return records


def summary(plan: Plan, records: Sequence[dict[str, Any]], elapsed: float, workers: int) -> dict[str, Any]:
    """The JSON document of `simulate --json` (without `--rotate`/`--report` statistics)."""
    seats = list(plan.seats)
    wins = [0] * len(seats)
    draws = errors = total = 0
    samples: list[str] = []
    for r in records:
        if "error" in r:
            errors += 1
            if len(samples) < 5:
                samples.append(r["error"])
            continue
        total += r["actions"]
        if len(r["winners"]) == 1:
            wins[r["winners"][0]] += 1
        else:
            draws += 1
    games, finished = len(records), len(records) - errors
    elapsed = max(elapsed, 1e-9)
    engine = load_engine(plan.engine)
    outcomes = [r["outcome"] for r in records if "outcome" in r]
    stats = getattr(engine, "game_stats", None)  # optional per-game figures (turns, deciding lines…)
    extra = {"game_stats": stats(outcomes)} if stats is not None and outcomes else {}
    return {
        "game": engine.id, "games": games, "seed": plan.seed, "seats": seats,
        "options": plan.options or {}, "rotate": plan.rotate,
        "wins": wins, "win_rates": [round(w / games, 4) if games else 0.0 for w in wins],
        "draws": draws, "errors": errors, "error_samples": samples,
        "mean_actions": total / finished if finished else 0.0,
        "actions_per_second": total / elapsed, "elapsed_s": round(elapsed, 3), "workers": workers, **extra,
    }


def run_games(engine: Any, content: Any, seats: list[str], games: int, seed: int,
              options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Simulate `games` games in this process; the summary of `simulate --json` (kept for tests)."""
    plan = Plan(engine=engine.id, seats=tuple(seats), games=games, seed=seed, options=options)
    started = time.perf_counter()
    records = [play_record(engine, content, plan, i) for i in range(games)]
    return summary(plan, records, time.perf_counter() - started, 1)
