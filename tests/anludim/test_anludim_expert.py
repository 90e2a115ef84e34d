"""The expert variant: hierarchy, no take-backs, moving laid cards up the hierarchy."""

import pytest

from rules.anludim import ENGINE
from rules.anludim.actions import Draw, Lay, TakeBack
from rules.core import IllegalAction
from tests.anludim.helpers import CONTENT, finish_turn, lay_from, new, pick, set_hand

R, B, G, Y, P = "red", "blue", "green", "yellow", "purple"


def card_with(halves):
    return next(cid for cid, h in CONTENT.cards.items() if set(h) == set(halves))


def _pass(state, *seats):
    for s in seats:
        state.apply(s, Draw())
        finish_turn(state, s)


def anne_cat():
    """The rulebook's expert example: seat 0 holds a pair of 11s (one card is 9/11), seat 1 a brelan."""
    state = new(3, expert=True)
    nine_eleven = card_with([(9, G), (11, Y)])
    a = (nine_eleven, CONTENT.cards[nine_eleven].index((11, Y)))
    b = pick(state, (11, R))[0]
    lay_from(state, 0, "necromancienne", (a, b))
    lay_from(state, 1, "voyante", pick(state, (4, R), (4, B), (4, G)))
    state.table.seats[2].parchments = 0
    _pass(state, 2)
    nines = pick(state, (9, R), (9, B))
    set_hand(state, 0, [cid for cid, _ in nines])
    return state, nine_eleven, b, nines


def test_options_offer_the_expert_variant():
    assert ENGINE.options(CONTENT) == [{"id": "expert", "label": "anludim.option.expert", "default": False}]
    assert new(3, expert=True).view(0)["expert"] is True
    assert new(3).view(0)["expert"] is False


def test_rulebook_example_brelan_from_a_laid_pair():
    state, nine_eleven, other, nines = anne_cat()
    half_nine = CONTENT.cards[nine_eleven].index((9, G))
    state.apply(0, Lay("voyante", nines + ((nine_eleven, half_nine),)))
    t = state.table
    assert other[0] in t.discard  # the 11/8-like card is discarded at once
    assert t.professor_at("necromancienne") is None  # back to the board
    assert t.professor_at("voyante") == (0, 0)
    assert [c.kind for c in t.seats[0].combos] == ["brelans"]
    assert t.seats[1].combos[0].professor is None
    finish_turn(state, 0)
    assert ("talisman", 2) in t.seats[0].items  # the next talisman: 1 went to seat 1


def test_cannot_move_cards_to_a_lower_kind():
    state, nine_eleven, other, nines = anne_cat()
    ten = pick(state, (10, P))
    set_hand(state, 0, [ten[0][0]])
    suite = ((nine_eleven, CONTENT.cards[nine_eleven].index((9, G))), ten[0])
    with pytest.raises(IllegalAction) as err:
        state.apply(0, Lay("alchimiste", suite))
    assert err.value.key == "anludim.illegal.not_higher"


def test_no_take_back_in_expert():
    state, *_ = anne_cat()
    with pytest.raises(IllegalAction) as err:
        state.apply(0, TakeBack(0))
    assert err.value.key == "anludim.illegal.expert_no_take_back"
    assert not any(isinstance(a, TakeBack) for a in state.legal_actions(0))


def test_legal_actions_offer_moves_from_laid_cards():
    state, nine_eleven, other, nines = anne_cat()
    lays = [a for a in state.legal_actions(0) if isinstance(a, Lay) and a.professor == "voyante"]
    assert any(nine_eleven in {cid for cid, _ in a.cards} for a in lays)


def test_extend_an_existing_combination_to_take_the_professor_back():
    state = new(3, expert=True)
    lay_from(state, 0, "arcaniste", pick(state, (3, R), (5, R)))
    lay_from(state, 1, "arcaniste", pick(state, (2, B), (4, B), (6, B)))
    state.table.seats[2].parchments = 0
    _pass(state, 2)
    more = pick(state, (1, R), (2, R))
    set_hand(state, 0, [cid for cid, _ in more])
    state.apply(0, Lay("arcaniste", more, onto=0))
    combo = state.table.seats[0].combos[0]
    assert combo.professor == "arcaniste" and len(combo.cards) == 4
    assert state.table.seats[1].combos[0].professor is None


def test_onto_refusals():
    state = new(3, expert=True)
    lay_from(state, 0, "arcaniste", pick(state, (3, R), (5, R)))
    _pass(state, 1, 2)
    more = pick(state, (1, R))
    set_hand(state, 0, [cid for cid, _ in more])
    for onto, key in ((0, "anludim.illegal.already_holds"), (4, "anludim.illegal.no_combination")):
        with pytest.raises(IllegalAction) as err:
            state.apply(0, Lay("arcaniste", more, onto=onto))
        assert err.value.key == key
    with pytest.raises(IllegalAction) as err:
        state.apply(0, Lay("alchimiste", more, onto=0))
    assert err.value.key == "anludim.illegal.wrong_kind"


def test_moving_some_cards_of_two_combinations():
    state = new(3, expert=True)
    lay_from(state, 0, "alchimiste", pick(state, (6, R), (7, B)))
    _pass(state, 1, 2)
    lay_from(state, 0, "arcaniste", pick(state, (6, G), (1, G)))
    _pass(state, 1, 2)
    c0, c1 = state.table.seats[0].combos
    six_r, six_g = c0.cards[0], c1.cards[0]
    hand = pick(state, (6, Y))
    set_hand(state, 0, [hand[0][0]])
    state.apply(0, Lay("necromancienne", (six_r, hand[0])))  # pair from a run card + hand
    kinds = [c.kind for c in state.table.seats[0].combos]
    assert kinds == ["couleur", "paires"]
    assert c0.cards[1][0] in state.table.discard
    assert six_g in state.table.seats[0].combos[0].cards  # the colour stayed as it was
