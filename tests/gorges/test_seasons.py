"""Seasons: summer's return, autumn's Storm of Magic, season changes and the campaign's end."""

from rules.gorges.actions import BattleResult
from rules.gorges.armies import destroy
from rules.gorges.phases.battles import battles_phase
from rules.gorges.seasons import end_turn, outcome
from tests.gorges.helpers import arrange, force, run_until, scenario, set_up


def test_destroyed_armies_come_back_in_summer_at_once():
    st = set_up()
    st.season = 1
    st.armies["0.G"].location = "gue-rouge"
    destroy(st, st.armies["0.G"])
    assert st.armies["0.G"].location == "lande-grise" and not st.armies["0.G"].destroyed


def test_other_seasons_keep_them_away_until_the_next_season():
    st = set_up(turns_per_season=1)
    st.armies["0.G"].location = "gue-rouge"
    destroy(st, st.armies["0.G"])
    assert st.armies["0.G"].location is None
    assert end_turn(st) is False
    assert st.season == 1 and st.armies["0.G"].location == "lande-grise"


def test_autumn_storm_of_magic_gives_relics():
    st = set_up()
    st.season = 2
    arrange(st, owner={"roches-hurlantes": 1}, armies={"0.G": "roches-hurlantes", "1.G": "roches-hurlantes"})
    st.challenges = [{"challenger": 0, "target": 1, "army": "0.G", "territory": "roches-hurlantes",
                      "status": "accepted", "defender_army": "1.G"}]
    scenario(st, battles_phase(st))
    assert BattleResult(0, (0, 0), (), True) in st.legal_actions(0)
    force(st, "d6", 2, 2, 1)
    before = [g.relics for g in st.generals]
    st.apply(0, BattleResult(0, (0, 0), (), True))
    assert st.generals[0].relics - before[0] == 2 and st.generals[1].relics - before[1] == 1


def test_storm_of_magic_is_not_offered_outside_autumn():
    st = set_up()
    arrange(st, owner={"roches-hurlantes": 1}, armies={"0.G": "roches-hurlantes", "1.G": "roches-hurlantes"})
    st.challenges = [{"challenger": 0, "target": 1, "army": "0.G", "territory": "roches-hurlantes",
                      "status": "accepted", "defender_army": "1.G"}]
    scenario(st, battles_phase(st))
    assert not [a for a in st.legal_actions(0) if a.storm_of_magic]


def test_seasons_follow_each_other_and_the_campaign_ends_after_winter():
    st = set_up(turns_per_season=2)
    seasons = []
    run_until(st, lambda s: (seasons.append((s.season, s.turn_in_season)) or s.is_over()), limit=20000)
    distinct = sorted(set(seasons))
    assert distinct == [(0, 1), (0, 2), (1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2)]
    assert st.is_over() and st.turn == 8 and st.phase == "over"
    assert st.log[-1]["key"] == "gorges.log.over"
    keys = [e["params"]["season"]["text"]["en"] for e in st.log if e["key"] == "gorges.log.season"]
    assert keys == ["Spring", "Summer", "Autumn", "Winter"]


def test_outcome_ranks_by_relic_points_with_the_final_edge():
    st = set_up(("empire", "skaven", "dwarfs"), relic_edge_points=25)
    for g, relics in zip(st.generals, (4, 9, 4)):
        g.relics = relics
    out = outcome(st)
    assert out["scores"] == [4, 9, 4] and out["ranking"] == [1, 0, 2] and out["winners"] == [1]
    assert out["final_battle_advantage"] == {"points_per_relic": 25, "cap_percent": 25,
                                             "extra_points": [0, 125, 0]}


def test_hostages_pay_their_captor_at_the_end_of_the_season():
    st = set_up(turns_per_season=1)
    st.armies["1.L1"].hero.captive_of = 0
    st.generals[0].hostages = ["1.L1"]
    relics = st.generals[0].relics
    end_turn(st)
    assert st.generals[0].relics == relics + 1 and st.armies["1.L1"].hero.captive_of is None
