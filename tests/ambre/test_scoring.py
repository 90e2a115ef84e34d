"""The rulebook's arithmetic: suit values (its table), the winner, the level, the epilogue fate."""

import pytest

from rules.ambre.scoring import conflict_winner, fate, level, majority, suit_values


@pytest.mark.parametrize("suit, values, expected", [
    ("epee", [1, 2, 5], 7), ("baton", [4, 5], 6), ("coupe", [10, 1, 2, 3], 13), ("denier", [10, 9, 8], 12),
])
def test_the_rulebook_table_row_by_row(suit, values, expected):
    assert suit_values([(suit, v) for v in values]) == {suit: expected}


def test_the_rulebook_table_as_one_conflict_is_played_on_coupe():
    cards = [("epee", v) for v in (1, 2, 5)] + [("baton", v) for v in (4, 5)]
    cards += [("coupe", v) for v in (10, 1, 2, 3)] + [("denier", v) for v in (10, 9, 8)]
    values = suit_values(cards)
    assert values == {"epee": 7, "baton": 6, "coupe": 13, "denier": 12}
    assert majority(values) == ["coupe"]
    ranks = {"A": {"coupe": 3, "denier": 4}, "B": {"coupe": 4}}
    assert conflict_winner(values, ranks, ["A", "B"]) == "B"  # the best ranked on Coupe


def test_no_cards_no_suits_no_winner():
    assert suit_values([]) == {}
    assert conflict_winner({}, {0: {"coupe": 4}}, [0, 1]) is None


def test_ranked_beats_unranked_and_unranked_against_unranked_is_a_tie():
    values = {"epee": 9, "coupe": 3}
    assert conflict_winner(values, {0: {"epee": 1}, 1: {}}, [0, 1]) == 0  # even a Jack beats unranked
    assert conflict_winner(values, {0: {"coupe": 4}, 1: {"coupe": 3}}, [0, 1]) is None  # nobody ranked on Épée


def test_tied_majorities_give_a_point_each():
    values = {"epee": 8, "baton": 8, "denier": 2}
    assert conflict_winner(values, {0: {"epee": 4}, 1: {"baton": 4}}, [0, 1]) is None       # 1 point each
    assert conflict_winner(values, {0: {"epee": 4, "baton": 2}, 1: {"baton": 1}}, [0, 1]) == 0  # 2 points to 0
    # Épée: both unranked, a tie that gives nobody the point; Bâton decides
    assert conflict_winner(values, {0: {}, 1: {"baton": 1}}, [0, 1]) == 1


def test_three_involved_seats():
    values = {"denier": 5}
    ranks = {0: {"denier": 2}, 1: {"denier": 1}, 2: {"denier": 3}}
    assert conflict_winner(values, ranks, [0, 1, 2]) == 2
    assert conflict_winner(values, ranks, [0, 1]) == 0  # seat 2 not involved


@pytest.mark.parametrize("cards, expected", [
    ([("coupe", 9), ("epee", 3), ("baton", 5)], "rivalry"),
    ([("coupe", 2), ("epee", 3), ("denier", 10)], "belligerence"),
    ([("coupe", 8), ("epee", 3), ("baton", 5), ("denier", 1)], "brink"),
    ([], "brink"),
])
def test_level_compares_coupe_with_epee_and_baton(cards, expected):
    assert level(cards) == expected


def test_fate_counts_cards_not_values():
    f = fate([("epee", 1), ("baton", 2), ("baton", 3), ("coupe", 10), ("denier", 4)])
    assert (f["war"], f["cups"], f["difference"], f["majority"], f["count"]) == (3, 1, 2, "baton", 5)
    assert fate([("coupe", 1), ("coupe", 2)])["difference"] == 2
    assert fate([])["majority"] is None and fate([])["difference"] == 0


def test_fate_majority_ties_go_to_the_higher_total_then_the_suit_order():
    assert fate([("epee", 9), ("coupe", 2)])["majority"] == "epee"
    assert fate([("epee", 2), ("coupe", 2)])["majority"] == "coupe"
