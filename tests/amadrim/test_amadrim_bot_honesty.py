"""Amadrim's bots (every level, the old names and the probes) decide from their view only (issue
16, point 4): while seats program in secret, another seat's hidden programming is changed in the
state, the view rebuilt, and every bot's choice with the same seed stays the same."""

from __future__ import annotations

import random

import pytest

import tests.amadrim.probes  # noqa: F401  (registers the probes)
from rules.amadrim import ENGINE
from tests.amadrim.helpers import content


def _programming_turn(seed: int):
    """A seeded two-seat game played by greedy bots up to a programming phase where seat 1 has
    already added cubes and seat 0 must still act."""
    state = ENGINE.new_game(content(), 2, seed)
    bots = [ENGINE.bot("greedy", seed * 3 + s) for s in range(2)]
    for _ in range(2000):
        acting = state.to_act()
        if state.phase == "programming" and 0 in acting and sum(state.programming[1]) > 0:
            return state
        seat = 1 if 1 in acting and state.phase == "programming" else acting[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    pytest.skip("no such programming turn in this seeded game")


@pytest.mark.parametrize("name", ["apprentice", "adept", "master", "random", "greedy", "spam", "raid"])
@pytest.mark.parametrize("seed", [1, 2])
def test_another_seats_secret_programming_does_not_change_a_choice(name: str, seed: int) -> None:
    state = _programming_turn(seed)
    seen = state.view(0)
    before = ENGINE.bot(name, 7).choose(seen, state.legal_actions(0))
    cubes = sum(state.programming[1])
    spread = [0] * len(state.programming[1])
    rng = random.Random(seed)
    for _ in range(cubes):
        spread[rng.randrange(len(spread))] += 1
    state.programming[1] = spread if spread != state.programming[1] else spread[::-1]
    assert state.view(0) == seen  # only secrets changed
    after = ENGINE.bot(name, 7).choose(state.view(0), state.legal_actions(0))
    assert before == after
