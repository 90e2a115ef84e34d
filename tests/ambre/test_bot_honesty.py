"""Ambre's bots decide from their view only (issue 16, point 4): another seat's secret hand (cards
swapped with the boxed ones) and motivation are changed in the state, the view rebuilt, and every
bot's choice with the same seed stays the same."""

from __future__ import annotations

import pytest

import tests.ambre.probes  # noqa: F401  (registers the probes)
from rules.ambre import ENGINE
from tests.ambre.helpers import CONTENT


def _a_turn_with_a_secret_hand(seed: int, steps: int):
    """A seeded three-seat game of adepts, `steps` actions in, at a decision of seat 0."""
    state = ENGINE.new_game(CONTENT, 3, seed)
    bots = [ENGINE.bot("adept", seed * 3 + s) for s in range(3)]
    done = 0
    for _ in range(5000):
        if state.is_over():
            break
        acting = state.to_act()
        if done >= steps and 0 in acting and state.hands[1] and state.boxed:
            return state
        seat = acting[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
        done += 1
    pytest.skip("no such turn in this seeded game")


@pytest.mark.parametrize("name", [*ENGINE.bots, "random", "steady", *ENGINE.probes])
@pytest.mark.parametrize("seed,steps", [(1, 0), (2, 10), (3, 30)])
def test_another_seats_secret_hand_does_not_change_a_choice(name: str, seed: int, steps: int) -> None:
    state = _a_turn_with_a_secret_hand(seed, steps)
    seen = state.view(0)
    before = ENGINE.bot(name, 7).choose(seen, state.legal_actions(0))
    k = min(len(state.hands[1]), len(state.boxed))
    state.hands[1][:k], state.boxed[:k] = state.boxed[:k], state.hands[1][:k]
    state.motivations[1] = "Je veux tout autre chose"
    assert state.view(0) == seen  # only secrets changed
    after = ENGINE.bot(name, 7).choose(state.view(0), state.legal_actions(0))
    assert before == after
