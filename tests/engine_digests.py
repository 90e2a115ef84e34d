"""Seeded-game digests that pin every engine's results, so speed work cannot change an outcome.

For each game, a few seeded games are played two ways: the bots of `simulate` (their choices read
views and legal lists), and `bench`'s random self-play (`rng.choice(legal_actions)`). Each game
gives a SHA-256 of its actions, its log and its outcome. `tests/fixtures/engine_digests.json`
holds the digests recorded before the speed work; regenerate it only for a deliberate rules
change: `python -m tests.engine_digests --write`.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "engine_digests.json"
GAMES = 6
SEATS = {"amadrim": 3, "anludim": 3, "gorges": 3, "guildes": 3, "ambre": 4}


def _digest(actions: list[Any], state: Any) -> str:
    blob = json.dumps({"actions": actions, "log": state.log, "outcome": state.outcome()},
                      sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:24]


def bot_game(engine: Any, content: Any, seats: int, seed: int) -> str:
    """A game of the engine's bots (cycling through them by seat), as `simulate` plays it."""
    bots = [engine.bot(engine.bots[s % len(engine.bots)], seed * 101 + s) for s in range(seats)]
    state = engine.new_game(content, seats, seed)
    actions = []
    while not state.is_over():
        seat = state.to_act()[0]
        act = bots[seat].choose(state.view(seat), state.legal_actions(seat))
        state.apply(seat, act)
        actions.append([seat, act.to_json()])
    return _digest(actions, state)


def random_game(engine: Any, content: Any, seats: int, seed: int) -> str:
    """A game of `bench`'s random self-play."""
    rng = random.Random(seed)
    state = engine.new_game(content, seats, seed)
    actions = []
    while not state.is_over():
        seat = state.to_act()[0]
        act = rng.choice(state.legal_actions(seat))
        state.apply(seat, act)
        actions.append([seat, act.to_json()])
    return _digest(actions, state)


def digests(game_id: str) -> dict[str, list[str]]:
    """The digests of GAMES bot games and GAMES random games of one game."""
    import rules
    from game.content import load

    engine, content = rules.engine(game_id), load(game_id)
    seeds = range(1, GAMES + 1)
    return {"bots": [bot_game(engine, content, SEATS[game_id], s) for s in seeds],
            "random": [random_game(engine, content, SEATS[game_id], s) for s in seeds]}


if __name__ == "__main__":
    if "--write" in sys.argv:
        FIXTURE.write_text(json.dumps({g: digests(g) for g in SEATS}, indent=1) + "\n")
        print(f"wrote {FIXTURE}")
