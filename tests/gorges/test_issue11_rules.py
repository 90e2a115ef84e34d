"""Issue 11: rule bugs and departures from the rulebook, as scenario tests."""

import pytest

from rules.core import IllegalAction
from rules.gorges.actions import BattleResult
from rules.gorges.phases.battles import battles_phase
from rules.gorges.phases.events import events_phase
from tests.gorges.helpers import arrange, finish, force, scenario, set_up

# -- 1. rule bugs -------------------------------------------------------------------------------


def test_a_battle_on_a_third_generals_land_leaves_it_to_him():
    """« Le vainqueur … gagne ou conserve son territoire »: the stake is the challengers' land."""
    st = set_up(("empire", "skaven", "dwarfs"))
    arrange(st, owner={"roches-hurlantes": 2}, armies={"0.G": "roches-hurlantes", "1.G": "roches-hurlantes"})
    st.challenges = [{"challenger": 0, "target": 1, "army": "0.G", "territory": "roches-hurlantes",
                      "status": "accepted", "defender_army": "1.G"}]
    force(st, "d6", 2, 2, 1)  # elite army; wounded; fate: pushed back
    scenario(st, battles_phase(st))
    st.apply(0, BattleResult(0))
    finish(st)
    assert st.owner["roches-hurlantes"] == 2
    assert not [e for e in st.log if e["key"] == "gorges.log.flag"]


def test_a_battle_on_the_losers_land_hands_it_over():
    st = set_up(("empire", "skaven"))
    arrange(st, owner={"roches-hurlantes": 1}, armies={"0.G": "roches-hurlantes", "1.G": "roches-hurlantes"})
    st.challenges = [{"challenger": 0, "target": 1, "army": "0.G", "territory": "roches-hurlantes",
                      "status": "accepted", "defender_army": "1.G"}]
    force(st, "d6", 2, 2, 1)
    scenario(st, battles_phase(st))
    st.apply(0, BattleResult(0))
    finish(st)
    assert st.owner["roches-hurlantes"] == 0


def test_next_battle_events_end_at_the_generals_next_event_phase():
    """« Cet événement durera jusqu'à leurs prochaines phases d'événement. »"""
    st = set_up(("empire", "skaven"))
    st.order = [0]
    force(st, "d66", 42)  # Attaque à l'aube
    scenario(st, events_phase(st))
    finish(st)
    assert [n["name"]["fr"] for n in st.generals[0].notes] == ["Attaque à l'aube"]
    force(st, "d66", 44)  # Piège, next turn: the dawn attack is over, unused
    scenario(st, events_phase(st))
    finish(st)
    assert [n["name"]["fr"] for n in st.generals[0].notes] == ["Piège"]
    assert any(e["key"] == "gorges.log.note_expired" for e in st.log)


def test_war_spoils_notes_are_not_ended_by_the_event_phase():
    st = set_up(("empire", "skaven"))
    st.order = [0]
    st.armies["0.G"].notes.append({"name": {"fr": "Armée d'élite", "en": "Elite army"}, "text": {},
                                   "value": None, "against": "any", "origin": 0})
    force(st, "d66", 63, )
    force(st, "d3", 1)
    scenario(st, events_phase(st))
    finish(st)
    assert len(st.armies["0.G"].notes) == 1


def test_points_cap_zero_means_equal_points():
    st = set_up(("empire", "skaven"), points_cap_percent=0)
    arrange(st, owner={"roches-hurlantes": 1}, armies={"0.G": "roches-hurlantes", "1.G": "roches-hurlantes"})
    st.challenges = [{"challenger": 0, "target": 1, "army": "0.G", "territory": "roches-hurlantes",
                      "status": "accepted", "defender_army": "1.G"}]
    scenario(st, battles_phase(st))
    with pytest.raises(IllegalAction) as exc:
        st.apply(0, BattleResult(0, (2000, 1000)))
    assert exc.value.key == "gorges.illegal.points_cap"
    force(st, "d6", 2, 2, 1)
    st.apply(0, BattleResult(0, (1000, 1000)))
