"""Anludim rules: setup, turns, professors, optional action, round ends, rewards, next round."""

import pytest

from rules.anludim.actions import DiscardItem as DI
from rules.anludim.actions import DiscardParchment as DP
from rules.anludim.actions import (
    Draw,
    EndTurn,
    Keep,
    Lay,
    PassTurn,
    TakeBack,
    TakeFaceUp,
)
from rules.core import IllegalAction
from tests.anludim.helpers import CONTENT, finish_turn, lay_from, new, pick, set_hand

R, B, G, Y, P = "red", "blue", "green", "yellow", "purple"


def refused(state, seat, action, key):
    before = state.view(seat)
    with pytest.raises(IllegalAction) as err:
        state.apply(seat, action)
    assert err.value.key == key, err.value
    assert state.view(seat) == before  # never half-applied
    return err.value


# -- setup ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("seats,items", [(2, 23), (3, 28), (4, 30), (5, 30)])
def test_setup(seats, items):
    state = new(seats)
    view = state.view(None)
    assert [s["hand_size"] for s in view["seats"]] == [8] * seats
    assert all(view["face_up"]) and len(view["face_up"]) == 3
    assert view["draw_count"] == 65 - 8 * seats - 3
    last = 1 if seats >= 3 else 0  # "À 2 joueurs, aucun parchemin n'est distribué"
    assert [s["parchments"] for s in view["seats"]] == [0] * (seats - 1) + [last]
    assert sum(p["count"] for p in view["piles"]) == items
    assert view["to_act"] == [0] and view["phase"] == "start" and view["round"] == 1
    for pile in view["piles"]:
        assert pile["values"] == sorted(pile["values"])  # lowest on top, highest at the bottom


def test_seat_counts_outside_range_refused():
    for n in (1, 6):
        with pytest.raises(ValueError):
            new(n)


# -- main actions ----------------------------------------------------------------------------------

def test_draw_two_ends_turn_when_nothing_optional():
    state = new(3)
    state.apply(0, Draw())
    assert state.view(0)["seats"][0]["hand_size"] == 10
    assert state.to_act() == [1]
    assert state.log[-1]["key"] == "anludim.log.turn"


def test_take_face_up_refills_the_slot():
    state = new(3)
    card = state.table.face_up[1]
    state.apply(0, TakeFaceUp(1))
    assert card in state.table.seats[0].hand
    assert state.table.face_up[1] is not None and state.table.face_up[1] != card
    refused(state, 1, TakeFaceUp(7), "anludim.illegal.no_face_up")


def test_lay_takes_professor_from_board_and_collects_at_end_of_turn():
    state = new(3)
    lay_from(state, 0, "voyante", pick(state, (7, R), (7, B), (7, G)))
    view = state.view(0)
    prof = next(p for p in view["professors"] if p["id"] == "voyante")
    assert (prof["where"], prof["seat"], prof["combo"]) == ("seat", 0, 0)
    assert [c["value"] for c in prof["cards"]] == [7, 7, 7]
    assert view["seats"][0]["items"] == [{"item": "talisman", "value": 1}]
    assert state.to_act() == [1]


def test_lay_must_be_strictly_stronger_and_take_from_holder():
    state = new(3)
    lay_from(state, 0, "voyante", pick(state, (7, R), (7, B), (7, G)))
    weaker = pick(state, (4, R), (4, B), (4, G))
    set_hand(state, 1, [cid for cid, _ in weaker])
    err = refused(state, 1, Lay("voyante", weaker), "anludim.illegal.not_stronger")
    assert err.params["kind"] == {"key": "anludim.kind.brelans", "params": {}}
    equal = pick(state, (7, Y), (7, P), (7, R))
    set_hand(state, 1, [cid for cid, _ in equal])
    refused(state, 1, Lay("voyante", equal), "anludim.illegal.not_stronger")
    stronger = pick(state, (9, R), (9, B), (9, G))
    lay_from(state, 1, "voyante", stronger)
    assert state.table.professor_at("voyante") == (1, 0)
    assert state.table.seats[0].combos[0].professor is None
    assert any(e["key"] == "anludim.log.professor_taken" for e in state.log)


def test_lay_refusals():
    state = new(3)
    cards = pick(state, (7, R), (7, B))
    set_hand(state, 0, [cid for cid, _ in cards])
    refused(state, 0, Lay("voyante", cards), "anludim.illegal.not_a_combination")
    refused(state, 0, Lay("nobody", cards), "anludim.illegal.unknown_professor")
    refused(state, 0, Lay("necromancienne", ()), "anludim.illegal.no_cards")
    refused(state, 0, Lay("necromancienne", (cards[0], cards[0])), "anludim.illegal.duplicate_card")
    refused(state, 0, Lay("necromancienne", ((cards[0][0], 2), cards[1])), "anludim.illegal.bad_half")
    other = pick(state, (9, R), (9, B))
    err = refused(state, 0, Lay("necromancienne", other), "anludim.illegal.not_your_card")
    from game.i18n import Strings  # the card as people read it, not its id

    assert Strings("en").render(err.to_json()).startswith("Card 9") and other[0][0] not in Strings("en").render(err.to_json())
    refused(state, 0, Lay("necromancienne", cards, onto=0), "anludim.illegal.onto_expert_only")
    refused(state, 1, Draw(), "anludim.illegal.not_your_turn")
    refused(state, 0, EndTurn(), "anludim.illegal.main_first")
    refused(state, 0, Keep(()), "anludim.illegal.not_round_over")
    refused(state, 0, PassTurn(), "anludim.illegal.can_draw")


def test_one_main_action_per_turn():
    state = new(3)
    state.table.seats[0].parchments = 1
    state.apply(0, Draw())
    assert state.phase == "after_main"
    refused(state, 0, Draw(), "anludim.illegal.main_done")
    refused(state, 0, TakeBack(0), "anludim.illegal.not_start")
    state.apply(0, EndTurn())
    assert state.to_act() == [1]


def test_laid_cards_cannot_be_reused_in_base_game():
    state = new(3)
    played = pick(state, (7, R), (7, B), (7, G))
    lay_from(state, 0, "voyante", played)
    state.apply(1, Draw())
    state.apply(2, Draw())
    finish_turn(state, 2)
    refused(state, 0, Lay("necromancienne", played[:2]), "anludim.illegal.card_laid")


# -- optional action -----------------------------------------------------------------------------

def test_optional_before_main_then_turn_ends_after_main():
    state = new(3)
    state.apply(0, Draw())
    state.apply(1, Draw())
    assert state.phase == "start" and state.table.seats[2].parchments == 1
    state.apply(2, DP())
    assert state.phase == "main" and len(state.table.seats[2].hand) == 9
    assert state.table.parchments == CONTENT.parchments.count
    refused(state, 2, DP(), "anludim.illegal.optional_used")
    state.apply(2, Draw())
    assert state.to_act() == [0]


def test_optional_after_main_ends_the_turn():
    state = new(3)
    state.apply(0, Draw())
    state.apply(1, Draw())
    state.apply(2, Draw())
    assert state.phase == "after_main"
    assert state.view(None)["optional_available"] is True
    assert {a.type for a in state.legal_actions(2)} == {"discard_parchment", "end_turn"}
    state.apply(2, DP())
    assert state.to_act() == [0] and len(state.table.seats[2].hand) == 11


def test_discard_item_to_draw():
    state = new(3)
    state.table.seats[0].items.append(state.table.piles["fiole"].pop() and ("fiole", 1))
    refused(state, 0, DI("fiole", 3), "anludim.illegal.no_item")
    state.apply(0, DI("fiole", 1))
    assert state.table.seats[0].items == [] and state.table.item_discard == [("fiole", 1)]
    assert len(state.table.seats[0].hand) == 9


# -- take back -------------------------------------------------------------------------------------

def test_take_back_returns_cards_and_professor():
    state = new(3)
    played = pick(state, (7, R), (7, B), (7, G))
    lay_from(state, 0, "voyante", played)
    state.apply(1, Draw())
    state.apply(2, Draw())
    finish_turn(state, 2)
    assert TakeBack(0) in state.legal_actions(0)
    state.apply(0, TakeBack(0))
    assert state.table.professor_at("voyante") is None
    assert {cid for cid, _ in played} <= set(state.table.seats[0].hand)
    assert state.phase == "start"
    refused(state, 0, TakeBack(0), "anludim.illegal.no_combination")
    state.apply(0, Lay("voyante", played))  # lay again in the same turn
    assert state.table.professor_at("voyante") == (0, 0)


# -- end of round ----------------------------------------------------------------------------------

def _empty(state, *items):
    for item in items:
        state.table.removed += [(item, v) for v in state.table.piles[item]]
        state.table.piles[item] = []


def test_round_ends_when_three_piles_empty_highest_total_wins():
    state = new(3)
    _empty(state, "fiole", "etoile")
    state.table.piles["talisman"] = [4]
    state.table.seats[1].items = [("poupee", 3)]
    lay_from(state, 0, "voyante", pick(state, (7, R), (7, B), (7, G)))
    result = state.results[-1]
    assert result["reason"] == "piles" and result["trigger"] == 0
    assert result["totals"] == [4, 3, 1] and result["winner"] == 0
    assert state.phase == "round_over" and state.table.seats[0].gold
    assert state.view(None)["round_results"][-1]["winner"] == 0


def test_tie_goes_to_nearest_seat_from_trigger():
    state = new(4)
    _empty(state, "fiole", "etoile")
    state.table.piles["talisman"] = [1]
    state.table.seats[3].parchments = 0
    state.table.seats[0].items = [("poupee", 2)]  # 0 ties with 2, trigger is 1
    state.table.seats[2].items = [("poupee", 2)]
    state.table.seats[3].items = [("poupee", 1)]
    state.apply(0, Draw())
    finish_turn(state, 0)
    lay_from(state, 1, "voyante", pick(state, (7, R), (7, B), (7, G)))
    result = state.results[-1]
    assert result["trigger"] == 1 and result["totals"] == [2, 1, 2, 1]
    assert result["winner"] == 2  # nearest after the trigger, before seat 0
    assert result["rewards"] == [2, 1, 0, 0]  # then 0 (2 points), then 1 over 3 (nearer the trigger)


def test_trigger_itself_wins_a_tie():
    state = new(3)
    _empty(state, "fiole", "etoile")
    state.table.piles["talisman"] = [2]
    state.table.seats[2].parchments = 0
    state.table.seats[1].items = [("poupee", 2)]
    lay_from(state, 0, "voyante", pick(state, (7, R), (7, B), (7, G)))
    assert state.results[-1]["winner"] == 0


def test_five_different_items_win_at_once():
    state = new(3)
    state.table.seats[1].items = [("poupee", 4), ("coffre", 5), ("talisman", 4)]  # 13 points
    state.table.seats[0].items = [("fiole", 1), ("etoile", 1), ("poupee", 1), ("coffre", 1)]
    lay_from(state, 0, "voyante", pick(state, (7, R), (7, B), (7, G)))
    result = state.results[-1]
    assert result["reason"] == "five_items" and result["winner"] == 0


def test_professor_stands_in_for_an_empty_pile_at_once():
    state = new(3)
    _empty(state, "talisman")
    state.table.seats[0].items = [("fiole", 1), ("etoile", 1), ("poupee", 1), ("coffre", 1)]
    lay_from(state, 0, "voyante", pick(state, (7, R), (7, B), (7, G)))
    assert state.results[-1]["reason"] == "five_items"
    assert state.phase == "round_over"


def test_parchment_never_stands_in():
    state = new(3)
    state.table.seats[0].items = [("fiole", 1), ("etoile", 1), ("poupee", 1)]
    state.table.seats[0].parchments = 3
    state.table.piles["coffre"] = []
    lay_from(state, 0, "voyante", pick(state, (7, R), (7, B), (7, G)))
    assert not state.results and state.to_act() == [1]


# -- rewards and next round ------------------------------------------------------------------------

def _end_round_with(state, trigger, totals_items):
    _empty(state, "fiole", "etoile")
    state.table.piles["talisman"] = [1]
    for s, items in totals_items.items():
        state.table.seats[s].items = items
    state.table.seats[-1].parchments = 0
    for s in range(trigger):
        state.apply(s, Draw())
        finish_turn(state, s)
    lay_from(state, trigger, "voyante", pick(state, (7, R), (7, B), (7, G)))


def test_rewards_and_next_round():
    state = new(4)
    _end_round_with(state, 1, {0: [("coffre", 5)], 2: [("coffre", 3)], 3: [("poupee", 2)]})
    result = state.results[-1]
    assert result["winner"] == 0 and result["rewards"] == [0, 0, 2, 1]
    assert state.phase == "round_over" and state.keep_queue == [2, 3, 0, 1]
    assert state.to_act() == [2]
    keeps = state.legal_actions(2)
    assert keeps and all(isinstance(a, Keep) and len(a.cards) == 3 for a in keeps)
    too_many = Keep(tuple(state.table.seats[2].hand[:4]))
    refused(state, 2, too_many, "anludim.illegal.keep_too_many")
    refused(state, 2, Keep(("c01", "c01")), "anludim.illegal.keep_not_in_hand")
    kept = tuple(state.table.seats[2].hand[:3])
    state.apply(2, Keep(kept))
    state.apply(3, Keep(()))
    winner_hand = state.table.seats[0].hand
    refused(state, 0, Keep(tuple(winner_hand[:3])), "anludim.illegal.keep_too_many")  # gold: keep 2
    state.apply(0, Keep(tuple(winner_hand[:2])))
    state.apply(1, Keep(tuple(state.table.seats[1].hand[:1])))
    view = state.view(2)
    assert view["round"] == 2 and view["first"] == 2 and view["to_act"] == [2]
    assert [s["hand_size"] for s in view["seats"]] == [7, 8, 8, 8]
    assert set(kept) <= {c["id"] for c in view["hand"]}
    assert [s["parchments"] for s in view["seats"]] == [0, 0, 2, 1]
    assert all(not s["combos"] and not s["items"] for s in view["seats"])
    assert all(p["where"] == "board" for p in view["professors"])
    assert sum(p["count"] for p in view["piles"]) == 30
    assert view["seats"][0]["blazon"] == "gold" and view["seats"][0]["rounds_won"] == 1


def test_no_rewards_at_two_seats():
    state = new(2)
    _end_round_with(state, 0, {1: [("coffre", 3)]})
    assert state.results[-1]["rewards"] == [0, 0]


def test_gold_winner_wins_the_game():
    state = new(3)
    state.table.seats[0].gold = True
    state.table.seats[0].rounds_won = 1
    _end_round_with(state, 0, {0: [("coffre", 5)]})
    assert state.is_over() and state.to_act() == []
    out = state.outcome()
    assert out["winners"] == [0] and out["ranking"][0] == 0 and out["rounds_won"][0] == 2
    assert state.view(None)["phase"] == "game_over"
    assert state.legal_actions(0) == []


def test_empty_draw_pile_reshuffles_the_discard():
    state = new(3)
    t = state.table
    t.discard += t.deck[1:]
    del t.deck[1:]
    state.apply(0, Draw())
    assert len(t.seats[0].hand) == 10 and t.reshuffles == 1
    assert any(e["key"] == "anludim.log.reshuffle" for e in state.log)


def test_pass_only_when_nothing_can_be_drawn():
    state = new(3)
    t = state.table
    t.seats[1].hand += t.deck + [c for c in t.face_up if c]
    t.deck.clear()
    t.face_up = [None] * 3
    assert state.legal_actions(0)[-1] == PassTurn()
    assert Draw() not in state.legal_actions(0)
    state.apply(0, PassTurn())
    assert state.to_act() == [1]


# -- legal actions stay small --------------------------------------------------------------------

def test_legal_actions_bounded_with_a_big_hand():
    state = new(2)
    set_hand(state, 0, list(state.table.deck[:30]))
    legal = state.legal_actions(0)
    lays = [a for a in legal if isinstance(a, Lay)]
    assert 5 <= len(lays) <= 15 and len(legal) < 25
    for lay in lays:  # each listed lay is accepted
        snapshot = new(2)
        set_hand(snapshot, 0, list(state.table.seats[0].hand))
        snapshot.apply(0, lay)


def test_apply_accepts_unlisted_legal_lays():
    state = new(3)
    played = pick(state, (2, R), (3, B), (4, G), (5, Y))
    set_hand(state, 0, [cid for cid, _ in played] + [cid for cid, _ in pick(state, (6, P), (7, R))])
    middle = played[1:3]  # 3-4: a weak run, surely not offered as "strongest"
    state.apply(0, Lay("alchimiste", middle))
    assert state.table.professor_at("alchimiste") == (0, 0)


def test_rulebook_turn_example_of_anne():
    state = new(3)
    state.table.seats[2].parchments = 0
    lay_from(state, 0, "voyante", pick(state, (4, R), (4, B), (4, G)))  # Anne's brelan of 4
    lay_from(state, 1, "arcaniste", pick(state, (8, Y), (12, Y)))      # Ludo's colour
    state.apply(2, Draw())
    assert state.table.seats[0].items == [("talisman", 1)]
    lay_from(state, 0, "arcaniste", pick(state, (2, P), (5, P), (9, P)))  # a 3-card colour
    assert state.table.professor_at("arcaniste") == (0, 1)
    assert state.table.seats[0].items == [("talisman", 1), ("talisman", 2), ("etoile", 1)]


def test_rulebook_dim_example_three_sevens_call_the_seer():
    state = new(3)
    lay_from(state, 0, "voyante", pick(state, (7, R), (7, B), (7, G)), end=False)
    assert state.view(None)["professors"][3]["where"] == "seat"


def test_only_the_seat_to_act_has_legal_actions():
    state = new(3)
    assert state.legal_actions(0) and state.legal_actions(1) == [] and state.legal_actions(2) == []


def test_listed_keeps_cover_the_whole_hand():
    # The keep choices used to be the first 40 combinations in id order: with a 12-card hand every
    # one of them kept the lowest card, so a bot choosing among them never dropped it.
    state = new(4)
    _end_round_with(state, 1, {0: [("coffre", 5)], 2: [("coffre", 3)]})
    seat = state.to_act()[0]
    set_hand(state, seat, list(state.table.deck[:12]))
    keeps = state.legal_actions(seat)
    assert 1 < len(keeps) <= 40 and all(isinstance(a, Keep) and len(a.cards) == 3 for a in keeps)
    assert len(set(keeps)) == len(keeps)
    assert set().union(*(a.cards for a in keeps)) == set(state.table.seats[seat].hand)
    assert not set.intersection(*(set(a.cards) for a in keeps))
    for keep in keeps:
        assert set(keep.cards) <= set(state.table.seats[seat].hand)


def test_the_reshuffle_log_counts_the_cards_shuffled_not_those_left_after_the_draw():
    """Playtest fr-zf-6: 31 cards reshuffled, 2 drawn, the pile showed 29 and the log said 30."""
    from rules.anludim.actions import Draw
    from tests.anludim.helpers import new

    state = new(seats=3, seed=4)
    t = state.table
    t.discard += t.deck
    t.deck.clear()
    del t.discard[31:]
    seat = state.current
    state.apply(seat, Draw())
    line = next(e for e in state.log if e["key"] == "anludim.log.reshuffle")
    assert line["params"]["count"] == 31 and len(t.deck) == 29
