"""Bids: face-down cards revealed at once, jokers abstaining, tie-breaks, raises, ranks, stakes."""

import pytest

from rules.ambre import actions as A
from rules.core import IllegalAction
from tests.ambre.helpers import name_all, new, set_hand

HANDS = {
    0: ["coupe-5", "denier-7", "epee-9", "baton-2", "coupe-1"],
    1: ["coupe-6", "denier-5", "epee-7", "baton-8", "denier-1"],
    2: ["coupe-3", "denier-9", "epee-5", "baton-6", "baton-1"],
    3: ["coupe-4", "denier-4", "epee-4", "baton-4", "epee-1"],
    4: ["coupe-8", "denier-8", "epee-8", "baton-9", "baton-10"],
}


def bidding(n=3, **options):
    state = new(n, seed=3, **options)
    for seat in range(n):
        set_hand(state, seat, HANDS[seat])
    name_all(state)
    assert state.phase == "bids" and state.bidding.stage == "lay"
    return state


def test_childhood_names_and_motivations_are_typed_and_bounded():
    state = new(3)
    assert state.phase == "childhood" and state.to_act() == [0, 1, 2]
    with pytest.raises(IllegalAction) as err:
        state.apply(0, A.Character("   ", "Je veux tout"))
    assert err.value.key == "ambre.illegal.name_empty"
    with pytest.raises(IllegalAction) as err:
        state.apply(0, A.Character("x" * 31, "Je veux tout"))
    assert err.value.key == "ambre.illegal.name_long"
    with pytest.raises(IllegalAction) as err:
        state.apply(0, A.Character("Ann", "Je veux " + "x" * 200))
    assert err.value.key == "ambre.illegal.motivation_long"
    state.apply(1, A.Character("  Bert \n le  Brave ", "Je veux   la couronne"))
    assert state.names[1] == "Bert le Brave" and state.motivations[1] == "Je veux la couronne"
    assert state.to_act() == [0, 2]


def test_the_deal_at_every_seat_count():
    for n, per in ((3, 13), (4, 10), (5, 8)):
        state = new(n, seed=n)
        assert [len(h) for h in state.hands] == [per] * n and len(state.boxed) == 40 - per * n
        assert len(set(state.jokers)) == n and len(state.conflicts) == n
        assert {c.arcanum for c in state.conflicts}.isdisjoint({int(j[1:]) for j in state.jokers})
        assert [c.seats for c in state.conflicts] == [(i, (i + 1) % n) for i in range(n)]
    state = new(3, leftover="deal")
    assert sorted(len(h) for h in state.hands) == [13, 13, 14] and not state.boxed


def test_bids_are_face_down_until_all_have_laid():
    state = bidding()
    state.apply(0, A.Bid("epee-9"))
    state.apply(1, A.Bid("denier-5"))
    assert state.to_act() == [2]
    assert state.view(0)["bidding"]["laid"] == {"0": "epee-9", "1": None}
    assert state.view(2)["bidding"]["laid"] == {"0": None, "1": None}
    assert "epee-9" not in str(state.view(1)) and "epee-9" not in str(state.view(None))
    state.apply(2, A.Bid("coupe-3"))
    assert state.bidding.bids == {0: ["epee-9"], 1: ["denier-5"], 2: ["coupe-3"]}
    assert state.bidding.stage == "raise"


def test_a_joker_abstains_and_stays_with_its_seat():
    state = bidding()
    suit = state.bidding.suit
    joker = state.jokers[1]
    state.apply(0, A.Bid("epee-9"))
    state.apply(1, A.Bid(joker))
    state.apply(2, A.Bid("coupe-3"))
    assert state.bidding.abstained == [1] and 1 not in state.bidding.active
    assert len(state.hands[1]) == 5 and state.jokers[1] == joker
    for _ in range(2):
        state.apply(state.to_act()[0], A.PassRaise())
    assert state.ranks[0][suit] == 4 and state.ranks[2][suit] == 3 and suit not in state.ranks[1]


def test_a_tie_is_broken_with_second_cards_that_differ_from_every_visible_one():
    state = bidding()
    state.apply(0, A.Bid("coupe-5"))
    state.apply(1, A.Bid("denier-5"))
    state.apply(2, A.Bid("baton-6"))
    b = state.bidding
    assert b.stage == "tie" and state.to_act() == [0, 1]
    for card in ("epee-5", "coupe-6"):  # 5 and 6 are visible
        assert A.Bid(card) not in state.legal_actions(1)
    with pytest.raises(IllegalAction) as err:
        state.apply(1, A.Bid("coupe-6"))
    assert err.value.key == "ambre.illegal.tie_card_visible"
    state.apply(0, A.Bid("denier-7"))
    state.apply(1, A.Bid("epee-7"))  # the same value again: still tied
    assert b.stage == "tie" and "coupe-5" in state.hands[0] and "denier-5" in state.hands[1]
    assert A.Bid("epee-7") not in state.legal_actions(1)   # 7 is on the table
    state.apply(0, A.Bid("epee-9"))
    state.apply(1, A.Bid("baton-8"))
    assert b.bids == {0: ["epee-9"], 1: ["baton-8"], 2: ["baton-6"]}
    assert "denier-7" in state.hands[0] and "epee-7" in state.hands[1] and b.stage == "raise"


def test_a_seat_never_lays_a_value_it_already_showed_so_ties_end():
    state = bidding()
    state.apply(0, A.Bid("coupe-5"))
    state.apply(1, A.Bid("denier-5"))
    state.apply(2, A.Bid("baton-6"))
    state.apply(0, A.Bid("denier-7"))
    state.apply(1, A.Bid("epee-7"))
    state.apply(0, A.Bid("coupe-1"))
    state.apply(1, A.Bid("denier-1"))
    # 7 is no longer visible, but both seats showed it already
    assert A.Bid("denier-7") not in state.legal_actions(0) and A.Bid("epee-7") not in state.legal_actions(1)
    assert A.Bid(state.jokers[0]) in state.legal_actions(0)


def test_raises_must_reach_the_best_bid_and_stop_after_a_round_of_passes():
    state = bidding()
    state.apply(0, A.Bid("epee-9"))
    state.apply(1, A.Bid("denier-5"))
    state.apply(2, A.Bid("coupe-3"))
    b = state.bidding
    assert state.to_act() == [1]  # after the best bid
    with pytest.raises(IllegalAction) as err:
        state.apply(1, A.RaiseBid("baton-2") if "baton-2" in state.hands[1] else A.RaiseBid("denier-1"))
    assert err.value.key == "ambre.illegal.raise_too_low"
    state.apply(1, A.RaiseBid("coupe-6"))  # 5 + 6 = 11 >= 9
    assert b.total(1) == 11 and state.to_act() == [2]
    assert all(b.total(2) + int(a.card.split("-")[1]) >= 11
               for a in state.legal_actions(2) if isinstance(a, A.RaiseBid))
    state.apply(2, A.PassRaise())
    state.apply(0, A.RaiseBid("denier-7"))  # 16
    for seat in (1, 2):
        state.apply(seat, A.PassRaise())
    assert b.stage == "raise"
    state.apply(0, A.PassRaise())
    assert b.stage == "stake" and b.ranking == [0, 1, 2]
    assert state.ranks[0][b.suit] == 4 and state.ranks[1][b.suit] == 3 and state.ranks[2][b.suit] == 2


@pytest.mark.parametrize("raise_tie, first", [("earlier", 0), ("later", 1)])
def test_equal_totals_after_raises(raise_tie, first):
    state = bidding(raise_tie=raise_tie)
    state.apply(0, A.Bid("epee-9"))
    state.apply(1, A.Bid("baton-8"))
    state.apply(2, A.Bid("coupe-3"))
    state.apply(1, A.RaiseBid("denier-1"))  # 9: equal to the best, allowed
    for seat in (2, 0, 1):
        state.apply(seat, A.PassRaise())
    assert state.bidding.ranking[0] == first


def test_ranks_go_king_to_jack_and_a_fifth_seat_takes_its_bid_back():
    state = bidding(5)
    for seat, card in enumerate(["epee-9", "baton-8", "denier-9", "epee-4", "baton-10"]):
        state.apply(seat, A.Bid(card))
    b = state.bidding
    assert b.stage == "tie"  # the two 9s
    state.apply(0, A.Bid("coupe-5"))
    state.apply(2, A.Bid("coupe-3"))
    while b.stage == "raise":
        state.apply(state.to_act()[0], A.PassRaise())
    assert b.ranking == [4, 1, 0, 3, 2]
    assert [state.ranks[s].get(b.suit) for s in range(5)] == [2, 3, None, 1, 4]
    assert "coupe-3" in state.hands[2]  # unranked: bid back in hand
    assert state.to_act() == [3]  # Jack first
    assert b.stake_queue == [3, 0, 1, 4]


def test_stakes_go_on_the_left_or_right_conflict_face_up():
    state = bidding()
    for seat, card in enumerate(["epee-9", "baton-8", "coupe-3"]):
        state.apply(seat, A.Bid(card))
    for _ in range(3):
        state.apply(state.to_act()[0], A.PassRaise())
    assert state.to_act() == [2]  # the lowest ranked first
    assert {a.conflict for a in state.legal_actions(2)} == {1, 2}
    with pytest.raises(IllegalAction) as err:
        state.apply(2, A.Stake(0))
    assert err.value.key == "ambre.illegal.not_your_conflict"
    state.apply(2, A.Stake(1))
    assert state.conflicts[1].cards == [["coupe-3", True]]
    state.apply(1, A.Stake(0))
    state.apply(0, A.Stake(0))
    assert state.conflicts[0].face_up() == ["baton-8", "epee-9"]
    assert len(state.bid_results) == 1 and state.bidding.suit == state.suit_order[1]


def test_kings_order_is_revealed_one_at_a_time():
    state = bidding()
    assert state.view(0)["suit_order"] == state.suit_order[:1]
