"""A scene: set-up, the scene console (floor requests, yield, Couper), closing order and plays.

The rulebook's closing example draws four seats as

    A B
    C D

We read the drawing as four people round a square table, so going round the table the order is
A, B, D, C (D sits diagonally from A). Here A, B, D, C are seats 0, 1, 2, 3, and the conflict
A/B is conflict 0 (between seats 0 and 1).
"""

import pytest

from rules.ambre import actions as A
from rules.ambre.scene import closing_order
from rules.core import IllegalAction
from tests.ambre.helpers import close_all_pass, new, put, to_act_phase, to_narration

SEAT = {"A": 0, "B": 1, "D": 2, "C": 3}
NAME = {v: k for k, v in SEAT.items()}


def test_the_rulebook_closing_example_when_a_sets_up():
    assert [NAME[s] for s in closing_order(4, (0, 1), 0, [0])] == ["A", "D", "C", "B"]


def test_the_rulebook_closing_example_when_a_does_not_set_up():
    assert [NAME[s] for s in closing_order(4, (0, 1), 0, [1, 2, 3])] == ["D", "C", "B", "A"]


def test_the_example_through_a_whole_scene():
    state = new(4)
    to_act_phase(state, 1)
    to_narration(state, 0, 0, setup=(1, 2, 3), narrator=2)
    state.apply(2, A.FirstSentence())
    state.apply(2, A.EndNarration())
    assert [NAME[s] for s in state.scene.closing_queue] == ["D", "C", "B", "A"]


def test_closing_order_at_three_and_five_seats():
    assert closing_order(3, (0, 1), 0, [0]) == [0, 2, 1]
    # 3 is farthest from the conflict; 4 and 2 are one seat away, 4 farther from the initiator
    assert closing_order(5, (0, 1), 1, [1]) == [1, 3, 4, 2, 0]


def scene(n=3, act=1, initiator=0, conflict=0, setup=None, narrator=None):
    state = new(n, seed=4)
    to_act_phase(state, act)
    to_narration(state, initiator, conflict, setup=setup, narrator=narrator)
    return state


def test_first_act_scenes_only_on_ones_own_conflicts():
    state = new(3)
    to_act_phase(state, 1)
    assert state.to_act() == [0, 1, 2]
    assert {a.conflict for a in state.legal_actions(0)} == {0, 2}
    with pytest.raises(IllegalAction) as err:
        state.apply(0, A.Initiate(1))
    assert err.value.key == "ambre.illegal.not_your_conflict"


def test_set_up_players_lay_cards_face_up_then_name_the_narrator():
    state = new(3, seed=4)
    to_act_phase(state, 1)
    state.apply(1, A.Initiate(0))
    assert state.to_act() == [1] and state.scene.involved == [0, 1]
    state.apply(1, A.ChooseSetup((0, 2)))
    assert state.to_act() == [0, 2]
    card = state.hands[2][0]
    state.apply(2, A.Lay(card))
    assert state.conflicts[0].cards[-1] == [card, True]
    state.apply(0, A.SetupDone())
    state.apply(2, A.SetupDone())
    assert state.to_act() == [0, 2] and state.scene.step == "narrator_choice"
    state.apply(2, A.ChooseNarrator(1))
    assert state.to_act() == [1] and state.legal_actions(1) == [A.Announce()]


def test_every_seat_that_may_request_the_floor_is_listed():
    state = scene()
    assert state.scene.step == "narration"
    assert state.to_act() == [0, 1, 2]  # narrator, then both others (they hold cards)
    state.hands[2].clear()
    assert state.to_act() == [0, 1]
    assert state.legal_actions(0) == [A.FirstSentence()]


def test_a_floor_request_is_face_down_and_exclusive():
    state = scene()
    card = state.hands[2][0]
    state.apply(2, A.RequestFloor(card))
    assert state.to_act() == [0] and state.legal_actions(0) == [A.YieldFloor()]
    assert state.view(2)["scene"]["request"] == {"seat": 2, "card": card}
    for seat in (0, 1, None):
        assert state.view(seat)["scene"]["request"] == {"seat": 2, "card": None}
    with pytest.raises(IllegalAction) as err:
        state.apply(1, A.RequestFloor(state.hands[1][0]))
    assert err.value.key in ("ambre.illegal.request_pending", "ambre.illegal.not_your_turn")
    state.apply(0, A.YieldFloor())
    sc = state.scene
    assert sc.narrator == 2 and sc.narrators == [0, 2] and not sc.first_sentence
    assert state.conflicts[0].cards[-1] == [card, True]
    assert state.to_act()[0] == 2


def test_couper_only_after_a_first_sentence_with_no_request_pending():
    state = scene()  # seat 0 initiated and set up alone: seat 1 (involved) may cut
    sc = state.scene
    assert sc.couper_seats() == [1]
    assert A.Couper() not in state.legal_actions(1)
    with pytest.raises(IllegalAction) as err:
        state.apply(1, A.Couper())
    assert err.value.key == "ambre.illegal.no_first_sentence"
    state.apply(0, A.FirstSentence())
    assert A.Couper() in state.legal_actions(1) and A.Couper() not in state.legal_actions(2)
    state.apply(2, A.RequestFloor(state.hands[2][0]))
    with pytest.raises(IllegalAction):
        state.apply(1, A.Couper())
    state.apply(0, A.YieldFloor())
    state.apply(2, A.FirstSentence())
    state.apply(1, A.Couper())
    assert state.to_act() == [2] and state.legal_actions(2) == [A.EndNarration()]
    with pytest.raises(IllegalAction):
        state.apply(0, A.RequestFloor(state.hands[0][0]))


def test_when_the_others_set_up_the_initiator_is_the_one_who_may_cut():
    state = scene(setup=(1, 2), narrator=1)
    assert state.scene.couper_seats() == [0]


def test_second_act_a_third_person_is_involved_and_both_others_may_cut():
    state = scene(act=2, initiator=2, conflict=0)
    assert state.scene.involved == [0, 1, 2] and state.scene.couper_seats() == [0, 1]


def _to_closing(state):
    state.apply(state.scene.narrator, A.FirstSentence())
    state.apply(state.scene.narrator, A.EndNarration())


def test_closing_from_hand_puts_the_card_aside_and_turns_a_card_up():
    state = scene()
    put(state, 0, "coupe-9", up=False)
    put(state, 0, "epee-2", up=True)
    _to_closing(state)
    closer = state.scene.closing_queue[0]
    assert closer == 0
    card = state.hands[0][0]
    with pytest.raises(IllegalAction) as err:
        state.apply(0, A.CloseFromHand(card, 0, 0))  # not to oneself by default
    assert err.value.key == "ambre.illegal.not_involved"
    with pytest.raises(IllegalAction):
        state.apply(0, A.CloseFromHand(card, 1, 1))  # card 1 is already face up
    state.apply(0, A.CloseFromHand(card, 1, 0))
    assert card in state.aside[1] and state.conflicts[0].cards[0] == ["coupe-9", True]


def test_closing_from_aside_turns_a_face_up_card_down():
    state = scene()
    put(state, 0, "epee-2", up=True)
    state.aside[0].append(state.hands[0].pop())
    _to_closing(state)
    card = state.aside[0][0]
    state.apply(0, A.CloseFromAside(card, 1, 0))
    assert card in state.aside[1] and state.conflicts[0].cards[0] == ["epee-2", False]
    assert state.scene.closing_queue[0] == 2


def test_giving_to_oneself_is_an_option():
    state = new(3, seed=4, close_give_self=True)
    to_act_phase(state, 1)
    to_narration(state, 0, 0)
    _to_closing(state)
    card = state.hands[0][0]
    state.apply(0, A.CloseFromHand(card, 0, -1))  # nothing face down: the gift alone
    assert card in state.aside[0]


def test_the_winner_is_the_best_ranked_on_the_majority_of_face_up_cards():
    state = scene()
    state.ranks[0] = {"epee": 1}
    state.ranks[1] = {"coupe": 4}
    put(state, 0, "epee-5")
    put(state, 0, "coupe-10", up=False)  # face down: does not count
    _to_closing(state)
    close_all_pass(state)
    assert state.scene.values == {"epee": 5} and state.scene.winner == 0
