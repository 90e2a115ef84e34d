"""Rulings a new-user playtest asked for (see content/gorges/README.md)."""

from __future__ import annotations

import dataclasses

from rules.gorges.actions import BattleResult
from rules.gorges.phases.battles import battles_phase
from rules.gorges.phases.conquest import conquest_phase
from tests.gorges.helpers import CONTENT, arrange, finish, scenario, set_up

MARSH = "fondriere"


def _disputed(content=None):
    """Both generals' armies ended on neutral Fondrière; seat 0 challenged seat 1 over it and seat
    1 accepted: phase 8 then phase 9."""
    st = set_up() if content is None else _on(content)
    assert st.owner[MARSH] is None
    arrange(st, armies={"0.G": MARSH, "1.G": MARSH})
    st.order = [0, 1]
    st.challenges = [{"challenger": 0, "target": 1, "army": "0.G", "territory": MARSH,
                      "status": "accepted", "defender_army": "1.G", "defender_allies": []}]

    def flow():
        yield from conquest_phase(st)
        yield from battles_phase(st)

    scenario(st, flow())
    return st


def _on(content):
    from rules.gorges import ENGINE
    from rules.gorges.actions import Choose
    st = ENGINE.new_game(content, 2, 0, {"designer_mode": True})
    for seat, race in enumerate(("empire", "skaven")):
        st.apply(seat, Choose(race))
        st.apply(seat, Choose(CONTENT.capitals[seat]))
    return st


def _flags(st) -> list[tuple[int | None, str]]:
    return [(e["params"]["seat"] and e["params"]["seat"]["seat"], e["params"]["why"]["key"])
            for e in st.log if e["key"] == "gorges.log.flag" and e["params"]["territory"]["territory"] == MARSH]


def test_neutral_land_at_stake_in_an_accepted_challenge_waits_for_the_battle():
    st = _disputed()
    assert st.prompt.kind == "battle_result"
    assert st.owner[MARSH] is None, "annexed before the battle for it"
    assert st.empire(0) == 1 and st.empire(1) == 1
    st.apply(0, BattleResult(1))
    finish(st)
    assert st.owner[MARSH] == 1
    assert [why for _, why in _flags(st)] == ["gorges.why.battle"]  # one change of flag, by the battle


def test_a_draw_leaves_disputed_neutral_land_neutral():
    st = _disputed()
    st.apply(0, BattleResult(-1, draw=True))
    finish(st)
    assert st.owner[MARSH] is None


def test_annex_before_battle_restores_the_former_reading():
    camp = CONTENT.campaign.model_copy(update={"annex_before_battle": True})
    st = _disputed(dataclasses.replace(CONTENT, campaign=camp))
    assert st.owner[MARSH] == 0  # annexed by the first general in turn order
    st.apply(0, BattleResult(1))
    finish(st)
    assert st.owner[MARSH] == 1


def test_undisputed_neutral_land_is_still_annexed_in_phase_8():
    st = set_up()
    arrange(st, armies={"0.G": MARSH})
    st.order = [0, 1]
    st.challenges = []
    scenario(st, conquest_phase(st))
    finish(st)
    assert st.owner[MARSH] == 0
