"""Two rulebook sentences read literally by default, with the older reading as a content option
(content/anludim/README.md, rulings): no parchment at all at 2 seats, and a round that stops the
moment its end holds, even between two items of one end of turn."""

from __future__ import annotations

import dataclasses

import pytest

from rules.anludim import ENGINE
from rules.anludim.table import Combo
from tests.anludim.helpers import CONTENT, finish_turn, lay_from, pick, take_card

R, B, G = "red", "blue", "green"


def content_with(**rules):
    return dataclasses.replace(CONTENT, rules=CONTENT.rules.model_copy(update=rules))


@pytest.mark.parametrize("minimum, seats, expected", [(3, 2, [0, 0]), (3, 3, [0, 0, 1]), (2, 2, [0, 1])])
def test_the_first_round_parchment_at_two_seats(minimum, seats, expected):
    content = content_with(first_round_parchments_min_seats=minimum)
    state = ENGINE.new_game(content, seats, 1)
    assert [s["parchments"] for s in state.view(None)["seats"]] == expected
    assert CONTENT.rules.first_round_parchments_min_seats == 3  # the literal reading is the default


def _third_pile_empties_mid_collection(check: str):
    """Seat 0 holds the Seer (talisman pile: one left, two piles already empty) and lays for the
    Alchemist (vials): the talisman taken first empties the third pile."""
    state = ENGINE.new_game(content_with(round_end_check=check), 3, 1)
    table = state.table
    for item in ("etoile", "poupee"):
        table.removed += [(item, v) for v in table.piles[item]]
        table.piles[item] = []
    table.piles["talisman"] = [4]
    cards = pick(state, (9, R), (9, B), (9, G))
    for cid, _ in cards:
        take_card(state, cid)
    table.seats[0].combos.append(Combo("brelans", list(cards), "voyante"))
    lay_from(state, 0, "alchimiste", pick(state, (2, R), (3, R)), end=False)
    finish_turn(state, 0)
    return state


def test_the_round_stops_the_moment_the_third_pile_empties():
    state = _third_pile_empties_mid_collection("each_item")
    items = state.table.seats[0].items
    assert ("talisman", 4) in items and not any(i == "fiole" for i, _ in items)
    assert state.results[-1]["reason"] == "piles" and state.phase == "round_over"


def test_the_older_reading_collects_every_item_first():
    state = _third_pile_empties_mid_collection("end_of_turn")
    items = state.table.seats[0].items
    assert ("talisman", 4) in items and any(i == "fiole" for i, _ in items)
    assert state.results[-1]["reason"] == "piles"


def test_hands_thrown_between_rounds_stay_unseen_until_the_next_round():
    from rules.anludim.actions import Keep
    from tests.anludim.test_anludim_rules import _end_round_with

    state = ENGINE.new_game(CONTENT, 3, 1)
    _end_round_with(state, 0, {1: [("coffre", 3)]})
    assert state.phase == "round_over"
    before = state.view(None)
    first = state.to_act()[0]
    state.apply(first, Keep(tuple(state.table.seats[first].hand[:1])))
    after = state.view(state.to_act()[0])
    assert after["discard_top"] == before["discard_top"]
    assert after["discard_count"] == before["discard_count"]
    assert sorted(state.table.all_cards()) == sorted(CONTENT.cards)
    while state.phase == "round_over":
        seat = state.to_act()[0]
        state.apply(seat, Keep(()))
    assert state.table.thrown == [] and sorted(state.table.all_cards()) == sorted(CONTENT.cards)
