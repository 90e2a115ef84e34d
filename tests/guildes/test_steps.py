"""Scenario tests for every step of a round: income, healing centre, auction, preparation and the
two alignment powers, secret placement, resolution order and recovery."""

import pytest

from rules.core import IllegalAction
from rules.guildes.actions import Bid, Choose, Place
from tests.guildes.helpers import CONTENT, answer, choose, finish_round, kind, last_log, new, program, started


def test_set_up_follows_the_rulebook():
    st = new(4, seed=3)
    assert kind(st) == "leader" and sorted(st.to_act()) == [0, 1, 2, 3]
    for g in st.guilds:
        assert g.rubies == 5 and len(g.offered_leaders) == 2 and len(g.mages) == 2 and g.leader is None
    assert len({g.guild for g in st.guilds}) == 4
    assert len(st.quests) == CONTENT.rules.quests_in_play[4]
    # each seat sees only its own two leaders
    assert st.view(1)["guilds"][0]["offered_leaders"] == [] and st.view(1)["guilds"][1]["offered_leaders"]
    offered = list(st.guilds[2].offered_leaders)
    for seat in range(4):
        st.apply(seat, Choose(st.guilds[seat].offered_leaders[-1]))
    assert st.guilds[2].leader == offered[-1] and offered[0] in st.leader_deck


def test_income_is_the_tile_only_from_the_first_player():
    st = started(3)
    for g in st.guilds:
        assert g.rubies == 5 + CONTENT.guilds[g.guild].income
    incomes = [e["params"]["seat"]["seat"] for e in st.log if e["key"] == "guildes.log.income"]
    assert incomes == [0, 1, 2]


def test_first_player_token_turns_each_round():
    st = started(3)
    program(st, {0: "work", 1: "work", 2: "work"}, {0: "x2", 1: "x2", 2: "x2"})
    finish_round(st)
    assert st.first == 1 and st.round == 2
    incomes = [e["params"]["seat"]["seat"] for e in st.log if e["key"] == "guildes.log.income"][3:]
    assert incomes == [1, 2, 0]


def _to_round_two_healing(st):
    program(st, {0: "work", 1: "work"}, {0: "x2", 1: "x2"})
    finish_round(st, {"take_out": "done"})


def test_healing_centre_heals_one_and_a_player_may_take_a_mage_out_early():
    st = started(2, mages=[["herboriste", "druide"], ["eleve"]])
    g = st.guilds[0]
    g.mages[0].damage, g.mages[0].centre = 1, True     # healed at once at step 2
    g.mages[1].damage, g.mages[1].centre = 3, True     # still 2 damage after step 2
    program(st, {0: "work", 1: "work"}, {0: "x2", 1: "x2"})
    st.guilds[0].mages  # noqa: B018 - the round runs, then round 2's healing centre
    r = st.round
    while not (st.round > r and kind(st) == "take_out"):
        seat = st.prompt.seats[0]
        legal = st.legal_actions(seat)
        st.apply(seat, next((a for a in legal if getattr(a, "value", None) in ("none", "pass")), legal[0]))
    herb, druid = g.mage("herboriste"), g.mage("druide")
    assert herb.damage == 0 and not herb.centre
    assert druid.damage == 2 and druid.centre
    assert st.prompt.options[0] == ("druide", "done")
    choose(st, 0, "druide")
    assert not druid.centre and druid.damage == 2
    assert last_log(st, "guildes.log.taken_out")["params"]["damage"]["params"]["n"] == 2


def test_auction_open_ascending_bids_in_turn_order():
    st2 = _round_two_auction(["mercenaire", "pretresse_soleil"], rubies=10)
    rubies = [g.rubies for g in st2.guilds]
    assert st2.lot["mage"] == "mercenaire" and st2.prompt.seats == (1,)   # seat 1 is first player in round 2
    with pytest.raises(IllegalAction):
        st2.apply(1, Bid(0))
    # seat 1 opens at 2, seat 2 raises to 3, seat 0 to 4, then 1 and 2 drop out
    answer(st2, [("bid", Bid(2)), ("bid", Bid(3)), ("bid", Bid(4)), ("bid", "pass"), ("bid", "pass")])
    assert st2.guilds[0].mage("mercenaire") is not None and st2.guilds[0].rubies == rubies[0] - 4
    assert st2.lot["mage"] == "pretresse_soleil" and st2.lot["out"] == [1, 2] and st2.prompt.seats == (0,)
    answer(st2, [("bid", "pass")])
    assert last_log(st2, "guildes.log.lot_destroyed") is not None
    assert all(g.mage("pretresse_soleil") is None for g in st2.guilds)
    assert kind(st2) == "first_action"


def test_first_cards_are_secret_until_all_are_revealed():
    st = started(2)
    choose(st, 0, "quest")
    assert st.to_act() == [1]
    assert st.view(1)["guilds"][0]["first"] is None and st.view(1)["guilds"][0]["first_chosen"]
    assert st.view(0)["guilds"][0]["first"] == "quest"
    choose(st, 1, "work")
    assert st.view(1)["guilds"][0]["first"] == "quest"
    assert sorted(st.to_act()) == [0, 1] and kind(st) == "second_action"
    assert "quest" not in st.prompt.options[0] and "x2" in st.prompt.options[0]


def test_dark_power_changes_the_first_card_after_the_reveal():
    st = started(3, alignments=(2, -3, -1))
    for seat, card in ((0, "work"), (1, "work"), (2, "trade")):
        choose(st, seat, card)
    assert kind(st) == "dark_power" and st.to_act() == [1]
    choose(st, 1, "recruit")
    assert st.guilds[1].first == "recruit"
    assert last_log(st, "guildes.log.dark_power") is not None


def test_no_power_on_a_tie_by_default():
    st = started(2, alignments=(-2, -2))
    choose(st, 0, "work")
    choose(st, 1, "work")
    assert kind(st) == "second_action"


def test_light_power_changes_the_second_card_before_it_resolves():
    st = started(2, alignments=(4, 1))
    program(st, {0: "work", 1: "work"}, {0: "x2", 1: "x2"})
    assert kind(st) == "light_power" and st.to_act() == [0]
    assert st.view(1)["guilds"][0]["second"] is None
    choose(st, 0, "leader")
    assert st.guilds[0].second == "leader"
    second = [e for e in st.log if e["key"] == "guildes.log.second_revealed"]
    assert second[0]["params"]["card"]["key"] == "guildes.card.leader"


def test_placement_is_secret_until_everyone_has_placed():
    st = started(2, mages=[["herboriste", "druide"], ["eleve", "marin"]])
    choose(st, 0, "quest")
    choose(st, 1, "work")
    choose(st, 0, "work")
    choose(st, 1, "x2")
    assert kind(st) == "placement"
    st.apply(0, Place(("druide",)))
    assert [m["active"] for m in st.view(1)["guilds"][0]["mages"]] == [None, None]
    assert [m["active"] for m in st.view(0)["guilds"][0]["mages"]] == [False, True]
    with pytest.raises(IllegalAction):
        st.apply(1, Place(("druide",)))
    st.apply(1, Place(()))
    assert [m["active"] for m in st.view(1)["guilds"][0]["mages"]] == [False, True]


def test_resolution_order_first_actions_then_second_from_the_first_player():
    st = started(3)
    program(st, {0: "work", 1: "leader", 2: "work"}, {0: "x2", 1: "work", 2: "x2"})
    finish_round(st)
    acts = [(e["params"]["seat"]["seat"], e["key"]) for e in st.log if e["key"].startswith("guildes.log.action")]
    assert acts[:6] == [(0, "guildes.log.action"), (1, "guildes.log.action"), (2, "guildes.log.action"),
                        (0, "guildes.log.action_x2"), (1, "guildes.log.action"), (2, "guildes.log.action_x2")]


def test_recovery_sends_the_face_up_mage_to_next_rounds_auction_and_resets_cards():
    st = started(2)
    program(st, {0: "recruit", 1: "work"}, {0: "work", 1: "x2"})
    answer(st, [("recruit", "none")])
    face_up = st.face_up_mage
    assert face_up is not None
    finish_round(st, {"bid": "pass"})
    assert face_up not in st.auction and st.face_up_mage is None
    assert all(g.first is None and g.second is None for g in st.guilds)
    assert last_log(st, "guildes.log.lot") is not None


def test_end_after_the_round_of_the_last_quest():
    st = started(2, mages=[["apprentie_flamme", "porteur_eau"], ["eleve"]])
    st.quests = ["rats_egouts"]
    program(st, {0: "quest", 1: "work"}, {0: "work", 1: "x2"}, {0: ("apprentie_flamme", "porteur_eau")})
    from tests.guildes.helpers import force
    force(st, 3, 2, 0)
    answer(st, [("attempt", "go"), ("element", "fire")])
    assert st.last_quest_done and not st.is_over()
    finish_round(st)
    assert st.is_over() and st.phase == "over" and st.round == 1
    assert st.outcome()["breakdown"][0]["quests"] == CONTENT.quests["rats_egouts"].vp


def test_a_seat_that_cannot_bid_says_so_in_the_log():
    """A seat that the auction skips (its alignment does not suit the mage, or it cannot pay the
    next bid) dropped out without a word: the table could not tell it passed. Bots and people go
    through the same rule, so both now get a line, with the reason."""
    st2 = _round_two_auction(["pretresse_soleil", "mercenaire"])
    assert st2.lot["mage"] == "pretresse_soleil"
    refused = [e for e in st2.log if e["key"] == "guildes.log.cannot_bid_alignment"]
    assert [e["params"]["seat"] for e in refused] == [{"seat": 1}, {"seat": 2}]  # round 2: seat 1 first
    st2.guilds[1].rubies = 0                           # seat 1 cannot open the next lot
    answer(st2, [("bid", "pass")])
    assert st2.lot["mage"] == "mercenaire" and st2.prompt.seats == (2,)
    poor = last_log(st2, "guildes.log.cannot_bid_rubies")
    assert poor["params"]["seat"] == {"seat": 1} and poor["params"]["amount"]["params"]["n"] == 1


def _round_two_auction(lots: list[str], rubies: int | None = None):
    """A 3-seat game (everyone works, X2) played into round 2's auction of `lots`, in which only
    seat 0 may bid on the Light priestess (`rubies`: every guild's, set before)."""
    st2 = started(3)
    st2.auction = list(lots)
    program(st2, {0: "work", 1: "work", 2: "work"}, {0: "x2", 1: "x2", 2: "x2"})
    st2.guilds[0].alignment = 1
    if rubies is not None:
        for g in st2.guilds:
            g.rubies = rubies
    st2.face_up_mage = None
    r = st2.round
    while not (st2.round > r and kind(st2) == "bid"):
        seat = st2.prompt.seats[0]
        legal = st2.legal_actions(seat)
        st2.apply(seat, next((a for a in legal if getattr(a, "value", None) in ("none", "pass")), legal[0]))
    return st2
