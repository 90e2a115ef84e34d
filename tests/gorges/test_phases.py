"""Each phase of the turn: order, search, movement, building, challenges, conquest, and the loop."""

import pytest

from rules.core import IllegalAction
from rules.gorges.actions import Answer, Build, Challenge, Choose, Done, Move, OfferRelics
from rules.gorges.phases import challenges, construction, movement
from rules.gorges.phases.conquest import conquest_phase, save_modifiers
from rules.gorges.phases.production import search_phase
from rules.gorges.seasons import turn_order
from tests.gorges.helpers import (
    arrange,
    finish,
    force,
    run_until,
    scenario,
    second_challenge_asked,
    set_up,
    step,
)

# -- turn order -------------------------------------------------------------------------------


def test_smallest_empire_plays_first():
    st = set_up(("empire", "skaven", "dwarfs"))
    arrange(st, owner={"gue-rouge": 0, "cap-du-pendu": 0, "marais-puant": 1})
    assert turn_order(st) == [2, 1, 0]


def test_ties_go_to_fewer_relic_points():
    st = set_up(("empire", "skaven", "dwarfs"))
    for g, relics in zip(st.generals, (3, 1, 2)):
        g.relics = relics
    assert turn_order(st) == [1, 2, 0]


def test_remaining_ties_are_rolled_highest_first_and_rerolled():
    st = set_up(("empire", "skaven", "dwarfs"))
    for g in st.generals:
        g.relics = 0
    force(st, "d6", 4, 4, 2, 1, 5)  # seats 0 and 1 tie on 4 and roll again: 1 vs 5
    assert turn_order(st) == [1, 0, 2]


# -- search -----------------------------------------------------------------------------------

def test_search_a_relic_on_six_and_one_free_on_the_crown():
    st = set_up()
    arrange(st, owner={"gue-rouge": 0, "cap-du-pendu": 0})
    st.crown = "gue-rouge"
    st.order = [0]
    st.generals[0].event = 12
    force(st, "d6", 6, 5)  # cap-du-pendu, lande-grise; gue-rouge needs no roll
    search_phase(st)
    assert st.generals[0].relics == 2
    entry = st.log[-1]
    assert entry["key"] == "gorges.log.search" and entry["params"]["dice"] == [6, 5]


# -- movement ---------------------------------------------------------------------------------

def moving(races=("empire", "skaven"), d3=(2, 2, 2), seat=0):
    st = set_up(races)
    st.order = [seat]
    st.generals[seat].event = 26
    force(st, "d3", *d3)
    scenario(st, movement.movement_phase(st))
    return st


def test_armies_move_up_to_their_1d3():
    st = moving(d3=(1, 2, 3))
    reach = {a.to for a in st.legal_actions(0) if isinstance(a, Move) and a.army == "0.G"}
    assert "gue-rouge" in reach and "val-du-rhum" not in reach
    with pytest.raises(IllegalAction) as exc:
        st.apply(0, Move("0.G", "val-du-rhum"))
    assert exc.value.key == "gorges.illegal.cannot_reach"
    st.apply(0, Move("0.G", "gue-rouge"))
    assert not [a for a in st.legal_actions(0) if isinstance(a, Move) and a.army == "0.G"]


def test_a_foreign_army_stops_movement():
    st = moving(d3=(3, 3, 3))
    st.armies["1.L1"].location = "gue-rouge"
    reach = {a.to for a in st.legal_actions(0) if isinstance(a, Move) and a.army == "0.G"}
    assert "gue-rouge" in reach
    # beyond gue-rouge only through other hexes: mont-crown is 3 away via pic/gue... check a path
    st.armies["1.L2"].location = "pic-du-corbeau"
    st.armies["1.G"].location = "colline-du-gibet"
    st.armies["1.L1"].location = "gue-rouge"
    reach = {a.to for a in st.legal_actions(0) if isinstance(a, Move) and a.army == "0.G"}
    assert reach == {"gue-rouge", "pic-du-corbeau", "colline-du-gibet", "cap-du-pendu", "bois-des-noyes",
                     "foret-noire", "gorge-tranchee"}


def test_no_army_at_home_sends_the_nearest_back_to_the_capital():
    st = moving(d3=(1, 1, 1))
    for aid, to in (("0.G", "gue-rouge"), ("0.L1", "pic-du-corbeau"), ("0.L2", "cap-du-pendu")):
        st.apply(0, Move(aid, to))
    st.apply(0, Done())
    homes = [a.id for a in st.armies_of(0) if a.location == "lande-grise"]
    assert homes == ["0.G"]
    assert any(e["key"] == "gorges.log.home_rule" for e in st.log)


# -- construction -----------------------------------------------------------------------------

def building(races=("empire", "skaven")):
    st = set_up(races)
    st.order = [0]
    scenario(st, construction.construction_phase(st))
    return st


def test_build_a_mine_or_a_fortress_on_own_land_once_a_season():
    st = building()
    legal = st.legal_actions(0)
    assert Build("0.G", "mine") in legal and Build("0.G", "fortress") in legal
    assert Build("0.G", "city") not in legal
    st.apply(0, Build("0.L1", "fortress"))
    assert st.building["lande-grise"] == "fortress" and st.armies["0.L1"].built
    assert st.generals[0].built_this_season
    assert construction.legal(st, 0) == [Done()]


def test_a_fortress_becomes_a_city():
    st = set_up()
    st.building["lande-grise"] = "fortress"
    assert construction.legal(st, 0) == [Done(), Build("0.G", "city"), Build("0.L1", "city"),
                                         Build("0.L2", "city")]


def test_no_building_off_your_lands():
    st = building()
    st.armies["0.G"].location = "gue-rouge"
    with pytest.raises(IllegalAction) as exc:
        construction.check(st, 0, Build("0.G", "mine"))
    assert exc.value.key == "gorges.illegal.not_your_land"


def test_the_army_that_built_cannot_fight():
    st = set_up()
    arrange(st, owner={"gue-rouge": 1}, armies={"1.G": "gue-rouge"})
    st.armies["0.G"].built = True
    assert not [c for c in challenges.legal(st, 0) if isinstance(c, Challenge) and c.army == "0.G"]
    st.armies["1.G"].built = st.armies["1.L1"].built = st.armies["1.L2"].built = True
    assert challenges.defenders(st, 1) == []


# -- challenges -------------------------------------------------------------------------------

def _stakes(st, seat=0, target=1, army="0.G"):
    return challenges.stakes(st, seat, target, st.armies[army])


def test_condition_army_on_enemy_territory():
    st = set_up()
    arrange(st, owner={"vieux-phare": 1}, armies={"0.G": "vieux-phare"})
    assert "vieux-phare" in _stakes(st)


def test_condition_armies_side_by_side_on_neutral_land():
    st = set_up()
    arrange(st, armies={"0.G": "vieux-phare", "1.L1": "vieux-phare"})
    assert _stakes(st) == ["vieux-phare"]
    assert "vieux-phare" not in _stakes(st, army="0.L1")


def test_condition_enemy_army_on_my_land():
    st = set_up()
    arrange(st, owner={"vieux-phare": 0}, armies={"1.L1": "vieux-phare"})
    assert _stakes(st, army="0.L2") == ["vieux-phare"]


def test_condition_enemy_land_next_to_mine():
    st = set_up()
    arrange(st, owner={"gue-rouge": 1})
    assert _stakes(st) == ["gue-rouge"]
    arrange(st, owner={"gue-rouge": None, "mont-crown": 1})
    assert _stakes(st) == []


def test_an_enemy_capital_is_never_at_stake_with_the_protected_capitals_option():
    st = set_up(capitals_protected=True)
    arrange(st, armies={"0.G": "plaine-des-os"})
    assert "plaine-des-os" not in _stakes(st)


def test_one_challenge_accepted_per_general():
    st = set_up(("empire", "skaven", "dwarfs"))
    arrange(st, owner={"gue-rouge": 1, "crete-du-loup": 1})
    st.order = [0, 2, 1]
    for g in st.generals:
        g.event = 26
    scenario(st, challenges.challenges_phase(st))
    st.apply(0, Challenge(1, "0.G", "gue-rouge"))
    assert st.prompt.kind == "answer" and st.to_act() == [1]
    st.apply(1, Answer(True, "1.L1"))
    assert st.to_act() == [2]
    st.apply(2, Challenge(1, "2.G", "crete-du-loup"))  # seat 1 has accepted: the table is asked
    assert st.prompt.kind == "second_challenge" and st.prompt.any_seat
    st.apply(0, Choose("no"))  # not everyone agrees: refusal is automatic
    assert st.challenges[1]["status"] == "refused"
    assert challenges.engaged(st) == {"0.G", "1.L1"}


def test_the_table_may_agree_to_a_second_challenge_when_it_happens():
    st = second_challenge_asked()
    st.apply(2, Choose("yes"))
    assert st.prompt.kind == "answer" and st.to_act() == [1]
    st.apply(1, Answer(True, "1.G"))
    assert challenges.engaged(st) == {"0.G", "1.L1", "2.G", "1.G"}
    assert st.generals[1].accepted == 2


def test_all_may_agree_to_a_second_accepted_challenge():
    st = set_up(("empire", "skaven", "dwarfs"), second_challenge=True)
    st.generals[1].accepted = 1
    assert challenges.defenders(st, 1) == ["1.G", "1.L1", "1.L2"]
    st.generals[1].accepted = 2
    assert challenges.defenders(st, 1) == []


def test_refused_challenge_with_the_army_on_the_spot_brings_a_save_roll():
    st = set_up()
    st.order = [0, 1]
    arrange(st, owner={"roches-hurlantes": 1}, armies={"0.G": "roches-hurlantes"})
    st.challenges = [{"challenger": 0, "target": 1, "army": "0.G", "territory": "roches-hurlantes",
                      "status": "refused", "defender_army": None}]
    st.generals[1].relics = 2
    scenario(st, conquest_phase(st))
    assert st.prompt.kind == "offer_relics" and st.to_act() == [1]
    st.apply(1, OfferRelics(2))
    assert st.prompt.kind == "accept_offer" and st.to_act() == [0]
    force(st, "d6", 3)  # 3 + 2 (relics) + 0 = 5: fails
    st.apply(0, Answer(True))
    finish(st)
    assert st.generals[0].relics == 2 and st.generals[1].relics == 0
    assert st.owner["roches-hurlantes"] == 0


def test_a_successful_save_pushes_the_attacker_home():
    st = set_up()
    st.order = [0, 1]
    arrange(st, owner={"roches-hurlantes": 1}, armies={"0.G": "roches-hurlantes"})
    st.challenges = [{"challenger": 0, "target": 1, "army": "0.G", "territory": "roches-hurlantes",
                      "status": "refused", "defender_army": None}]
    force(st, "d6", 6)
    scenario(st, conquest_phase(st))
    finish(st)
    assert st.owner["roches-hurlantes"] == 1 and st.armies["0.G"].location == "lande-grise"


def test_save_modifiers():
    st = set_up(("dwarfs", "skaven"))
    arrange(st, owner={"gue-rouge": 1, "val-du-rhum": 1, "mont-crown": 1})
    assert save_modifiers(st, 1, 0, "gue-rouge") == [{"key": "adjacent", "value": -1}]
    assert save_modifiers(st, 1, 0, "mont-crown") == []
    st.building["val-du-rhum"] = "fortress"
    assert save_modifiers(st, 1, 0, "mont-crown") == [{"key": "fortress", "value": 1}]
    st.building["mont-crown"] = "city"
    assert save_modifiers(st, 1, 0, "mont-crown", relics=2) == [
        {"key": "fortress", "value": 1}, {"key": "city", "value": 2}, {"key": "relics", "value": 2}]


def test_neutral_land_is_annexed():
    st = set_up()
    st.order = [0, 1]
    arrange(st, armies={"0.G": "vieux-phare"})
    scenario(st, conquest_phase(st))
    assert st.owner["vieux-phare"] == 0


# -- the whole loop ---------------------------------------------------------------------------

def test_a_turn_runs_the_nine_phases_in_order():
    st = set_up()
    phases = []
    run_until(st, lambda s: (phases.append(s.phase) or s.turn == 2))
    seen = [p for i, p in enumerate(phases) if i == 0 or phases[i - 1] != p]
    assert seen[:4] == ["movement", "construction", "challenges", "movement"] or "movement" in seen
    keys = [e["key"] for e in st.log]
    order = ["gorges.log.turn", "gorges.log.crown", "gorges.log.event", "gorges.log.search"]
    positions = [keys.index(k) for k in order]
    assert positions == sorted(positions)


def test_step_is_passive():
    st = set_up()
    step(st)


def test_the_flow_calls_the_nine_phases_in_the_rulebook_order(monkeypatch):
    """1 Crown, 2 events, 3 search, 4 mines, 5 movement, 6 construction, 7 challenges,
    8 conquest, 9 battles: recorded from the flow's own calls, every turn."""
    from rules.gorges import flow

    calls = []

    def spy(name, fn, generator):
        def plain(st, *args):
            calls.append((st.turn, name))
            return fn(st, *args)

        def gen(st, *args):
            calls.append((st.turn, name))
            return (yield from fn(st, *args))
        return gen if generator else plain

    names = [("move_crown", False), ("events_phase", True), ("search_phase", False),
             ("mines_phase", True), ("movement_phase", True), ("construction_phase", True),
             ("challenges_phase", True), ("conquest_phase", True), ("battles_phase", True)]
    for name, generator in names:
        monkeypatch.setattr(flow, name, spy(name, getattr(flow, name), generator))
    st = set_up(turns_per_season=1)
    run_until(st, lambda s: s.is_over(), limit=20_000)
    assert [c for _, c in calls] == [n for n, _ in names] * 4
    assert [t for t, _ in calls] == [t for t in (1, 2, 3, 4) for _ in names]
