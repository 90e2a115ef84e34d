"""Characterising the conflicts: levels, elements picked in turn, cards borrowed by thin conflicts."""

import pytest

from rules.ambre import actions as A
from rules.ambre import conflicts
from rules.core import IllegalAction
from tests.ambre.helpers import name_all, new, put


def at_elements(layout):
    """A 3-seat game whose conflicts hold `layout` (lists of pips) face up, at the element picks."""
    state = new(3, seed=9)
    name_all(state)
    for i, cards in enumerate(layout):
        for card in cards:
            put(state, i, card)
    conflicts.start(state)
    return state


def test_levels_from_coupe_against_epee_and_baton():
    state = at_elements([["coupe-9", "epee-3", "baton-5"], ["coupe-2", "epee-4", "denier-10"],
                         ["coupe-8", "epee-1", "baton-7", "denier-1"]])
    assert [c.level for c in state.conflicts] == ["rivalry", "belligerence", "brink"]
    assert state.phase == "elements" and state.to_act() == [0]


def test_an_element_turns_its_card_face_down_and_is_shown_as_text():
    state = at_elements([["coupe-9", "epee-3"], ["coupe-2", "epee-4"], ["baton-5", "denier-1"]])
    state.apply(0, A.Element(0, "coupe-9"))
    c = state.conflicts[0]
    assert c.cards[0] == ["coupe-9", False] and c.elements == ["coupe-9"]
    view = state.view(1)["conflicts"][0]
    assert view["cards"][0] == {"card": None, "up": False}
    assert view["elements"][0]["text"]["fr"] == "Un héraut à la voix qui porte"
    assert view["elements"][0]["kind"] == "character"
    assert state.to_act() == [1]


def test_a_thin_conflict_borrows_from_one_with_more_than_two_cards():
    state = at_elements([["coupe-9", "epee-3", "baton-5", "denier-2"], ["coupe-2"], ["baton-6", "denier-1"]])
    legal = state.legal_actions(0)
    assert A.Element(1, "coupe-9") in legal and A.Element(1, "coupe-2") in legal
    assert A.Element(2, "coupe-9") not in legal  # conflict 2 has two cards of its own
    with pytest.raises(IllegalAction):
        state.apply(0, A.Element(2, "coupe-9"))
    state.apply(0, A.Element(1, "coupe-9"))
    assert not state.conflicts[0].has("coupe-9") and state.conflicts[1].cards[-1] == ["coupe-9", False]


def test_every_conflict_gets_two_elements_then_the_first_act_opens():
    state = at_elements([["coupe-9", "epee-3", "baton-5"], ["coupe-2", "epee-4"], ["baton-6", "denier-1"]])
    while state.phase == "elements":
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert [len(c.elements) for c in state.conflicts] == [2, 2, 2]
    assert state.phase == "act1" and state.to_act() == [0, 1, 2]
    assert state.conflicts[0].face_up() == ["baton-5"]


def test_without_any_card_to_pick_the_conflict_keeps_fewer_elements():
    state = at_elements([["coupe-9"], [], ["baton-6", "denier-1"]])
    while state.phase == "elements":
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert [len(c.elements) for c in state.conflicts] == [1, 0, 2]
