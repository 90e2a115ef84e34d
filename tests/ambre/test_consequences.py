"""Consequences of a scene, as written for each act, ties and shortages included."""

import pytest

from rules.ambre import actions as A
from rules.core import IllegalAction
from tests.ambre.helpers import close_all_pass, new, put, to_act_phase, to_narration


def decided(act=1, initiator=0, conflict=0, ranks=None, cards=(), down=(), setup=None, **options):
    """A 3-seat scene on `conflict` played to its consequences with these face-up/down cards."""
    state = new(3, seed=6, **options)
    to_act_phase(state, act)
    for seat, r in (ranks or {}).items():
        state.ranks[seat] = dict(r)
    for card in cards:
        put(state, conflict, card)
    for card in down:
        put(state, conflict, card, up=False)
    to_narration(state, initiator, conflict, setup=setup)
    state.apply(state.scene.narrator, A.FirstSentence())
    state.apply(state.scene.narrator, A.EndNarration())
    close_all_pass(state)
    return state


def test_first_act_winner_puts_aside_loser_takes_a_card_then_may_offer_a_gage():
    state = decided(ranks={0: {"epee": 4}, 1: {"epee": 3}}, cards=("epee-9", "coupe-2", "denier-3"),
                    down=("baton-4",))
    sc = state.scene
    assert sc.winner == 0 and state.to_act() == [0]
    assert {a.card for a in state.legal_actions(0)} == {"epee-9", "coupe-2", "denier-3"}  # face up only
    with pytest.raises(IllegalAction):
        state.apply(0, A.TakeAside("baton-4"))
    state.apply(0, A.TakeAside("epee-9"))
    assert "epee-9" in state.aside[0] and state.to_act() == [1]
    state.apply(1, A.TakeHand("coupe-2"))
    assert "coupe-2" in state.hands[1]
    assert A.NoGage() in state.legal_actions(1)
    state.apply(1, A.OfferGage("denier-3"))
    assert state.to_act() == [0]
    give = state.hands[0][0]
    state.apply(0, A.AcceptGage(give))
    assert "denier-3" in state.hands[0] and give in state.aside[1]
    assert sc.step == "conclude" and state.legal_actions(0) == [A.Conclude()]
    state.apply(0, A.Conclude())
    assert state.scene is None and state.scenes[-1]["winner"] == 0 and state.to_act() == [1, 2]


def test_a_refused_gage_goes_back_on_the_conflict():
    state = decided(ranks={1: {"epee": 1}}, cards=("epee-9", "coupe-2", "denier-3"))
    assert state.scene.winner == 1
    state.apply(1, A.TakeAside("coupe-2"))
    state.apply(0, A.TakeHand("epee-9"))
    state.apply(0, A.OfferGage("denier-3"))
    state.apply(1, A.RefuseGage())
    assert state.conflicts[0].face_up() == ["denier-3"] and state.scene.step == "conclude"


def test_first_act_tie_both_take_a_card_the_one_who_did_not_set_up_first():
    state = decided(cards=("epee-9", "coupe-2", "denier-3"))  # nobody ranked: no winner
    assert state.scene.winner is None
    assert state.to_act() == [1]  # seat 0 set up
    state.apply(1, A.TakeHand("epee-9"))
    state.apply(0, A.TakeHand("coupe-2"))
    assert state.scene.step == "conclude" and state.to_act() == [0]  # the initiator, for the table
    assert [type(a) for a in state.legal_actions(0)] == [A.Conclude]


def test_no_gage_step_without_cards_left():
    state = decided(ranks={0: {"epee": 4}}, cards=("epee-9", "coupe-2"))
    state.apply(0, A.TakeAside("epee-9"))
    state.apply(1, A.TakeHand("coupe-2"))
    assert state.scene.step == "conclude"


def test_second_act_the_winner_gives_each_loser_a_card_then_takes_one():
    state = decided(act=2, initiator=2, ranks={2: {"baton": 2}}, cards=("baton-9", "coupe-2", "denier-3", "epee-1"))
    sc = state.scene
    assert sc.involved == [0, 1, 2] and sc.winner == 2
    assert {a.to for a in state.legal_actions(2)} == {0, 1}
    state.apply(2, A.Give("coupe-2", 0))
    assert {a.to for a in state.legal_actions(2)} == {1}
    with pytest.raises(IllegalAction) as err:
        state.apply(2, A.Give("denier-3", 0))
    assert err.value.key == "ambre.illegal.not_a_loser"
    state.apply(2, A.Give("denier-3", 1))
    state.apply(2, A.TakeAside("baton-9"))
    assert state.aside == [["coupe-2"], ["denier-3"], ["baton-9"]]
    assert state.conflicts[0].face_up() == ["epee-1"]


def test_second_act_short_of_cards_the_winner_goes_without():
    state = decided(act=2, initiator=2, ranks={2: {"baton": 2}}, cards=("baton-9", "coupe-2"))
    state.apply(2, A.Give("coupe-2", 0))
    state.apply(2, A.Give("baton-9", 1))
    assert state.scene.step == "conclude" and state.aside[2] == []


def test_second_act_one_card_for_two_losers_the_winner_chooses():
    state = decided(act=2, initiator=2, ranks={2: {"baton": 2}}, cards=("baton-9",))
    assert {a.to for a in state.legal_actions(2)} == {0, 1}
    state.apply(2, A.Give("baton-9", 1))
    assert state.scene.step == "conclude" and state.aside == [[], ["baton-9"], []]


def test_consequences_may_take_face_down_cards_as_an_option():
    state = decided(ranks={0: {"epee": 4}}, cards=("epee-9",), down=("coupe-2",), consequence_cards="any")
    assert {a.card for a in state.legal_actions(0)} == {"epee-9", "coupe-2"}


def test_after_every_seat_initiated_the_second_act_then_the_epilogue():
    state = new(3, seed=8)
    to_act_phase(state, 1)
    for act in (1, 2):
        for seat in range(3):
            to_narration(state, seat, state.legal_actions(seat)[0].conflict)
            state.apply(seat, A.FirstSentence())
            state.apply(seat, A.EndNarration())
            close_all_pass(state)
            while state.scene is not None:
                s = state.to_act()[0]
                state.apply(s, state.legal_actions(s)[0])
        assert state.phase == ("act2" if act == 1 else "epilogue")
    assert len(state.scenes) == 6
