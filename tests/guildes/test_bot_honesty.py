"""Guildes' bots decide from their view only (issue 16, point 4): every level, old name and test
probe. Another guild's secret hand is swapped for other cards of the same count in the state, the
view rebuilt, and every bot's choice with the same seed stays the same."""

from __future__ import annotations

import pytest

from rules.guildes import ENGINE
from tests.guildes import probes  # noqa: F401 (registers the probes)
from tests.guildes.helpers import CONTENT

KINDS = [*ENGINE.bots, "random", "greedy", *ENGINE.probes]


def _a_turn_with_a_secret_hand(seed: int):
    """A seeded two-seat game of greedy bots up to a decision of seat 0 while seat 1 holds cards."""
    state = ENGINE.new_game(CONTENT, 2, seed)
    bots = [ENGINE.bot("greedy", seed * 3 + s) for s in range(2)]
    for _ in range(5000):
        if state.is_over():
            break
        acting = state.to_act()
        if 0 in acting and state.guilds[1].hand:
            return state
        seat = acting[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    pytest.skip("no such turn in this seeded game")


@pytest.mark.parametrize("name", KINDS)
@pytest.mark.parametrize("seed", [1, 2, 4, 5])
def test_another_guilds_secret_hand_does_not_change_a_choice(name: str, seed: int) -> None:
    state = _a_turn_with_a_secret_hand(seed)
    seen = state.view(0)
    before = ENGINE.bot(name, 7).choose(seen, state.legal_actions(0))
    hand = state.guilds[1].hand
    others = [c for c in [*CONTENT.items, *CONTENT.spells] if c not in hand and c not in state.guilds[0].hand]
    state.guilds[1].hand = others[:len(hand)]
    assert state.view(0) == seen  # only secrets changed
    after = ENGINE.bot(name, 7).choose(state.view(0), state.legal_actions(0))
    assert before == after
