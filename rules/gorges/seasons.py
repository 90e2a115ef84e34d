"""Turn order, the turn's end, the seasons' change and the campaign's outcome."""

from __future__ import annotations

from typing import Any

from rules.core import seat_ref
from rules.gorges import armies as moves
from rules.gorges.records import REINFORCEMENT


def turn_order(st: Any) -> list[int]:
    """Smallest empire first; ties: fewer relic points; still tied: a d6 each, highest first."""
    groups: dict[tuple[int, int], list[int]] = {}
    held = st.lands().of
    for g in st.generals:
        groups.setdefault((len(held.get(g.seat, ())), g.relics), []).append(g.seat)  # (`st.empire`, relics)
    order: list[int] = []
    for key in sorted(groups):
        order.extend(_break_tie(st, groups[key]))
    return order


def _break_tie(st: Any, seats: list[int]) -> list[int]:
    if len(seats) == 1:
        return seats
    rolls: dict[int, list[int]] = {}
    for seat in seats:
        rolls.setdefault(st.roll(seat, "d6", "gorges.roll.order"), []).append(seat)
    out: list[int] = []
    for value in sorted(rolls, reverse=True):
        out.extend(_break_tie(st, rolls[value]))
    return out


def start_turn(st: Any) -> None:
    """Orcs' quick returns, then the turn order."""
    for army in list(st.armies.values()):
        if army.returns == "turn":
            moves.bring_back(st, army)
    st.order = turn_order(st)
    st.say("gorges.log.turn", turn=st.turn, season=st.content.seasons[st.season].name.to_json(),
           order=[seat_ref(s) for s in st.order])


def end_turn(st: Any) -> bool:
    """Clear the turn's flags and move time on; True when the campaign is over."""
    st.relics_by_turn.append([g.relics for g in st.generals])
    for g in st.generals:
        g.won_last_turn, g.won_this_turn = g.won_this_turn, False
        g.used.clear()
        g.accepted = 0
        g.second_agreed = False
        g.challenged = False
    for army in st.armies.values():
        army.built = army.moved = army.rerolled = False
        army.allowance = 0
    st.challenges, st.forbidden, st.dictated = [], set(), {}
    if st.turn_in_season < st.options["turns_per_season"]:
        st.turn += 1
        st.turn_in_season += 1
        return False
    end_season(st)
    if st.season + 1 >= len(st.content.seasons):
        return True
    st.turn += 1
    st.season += 1
    st.turn_in_season = 1
    start_season(st)
    return False


def end_season(st: Any) -> None:
    """Hostages pay their captors, reinforcements leave, building rights come back."""
    for g in st.generals:
        for aid in g.hostages:
            g.relics += 1
            st.armies[aid].hero.captive_of = None
            st.say("gorges.log.hostage", captor=seat_ref(g.seat), army=aid)
        g.hostages = []
        g.built_this_season = False
    if st.relics_by_turn:
        st.relics_by_turn[-1] = [g.relics for g in st.generals]
    for aid in [a for a in st.armies if a.endswith("." + REINFORCEMENT)]:
        st.say("gorges.log.reinforcement_leaves", army=aid)
        st.disband(aid)
    for g in st.generals:
        moves.enforce_home(st, g.seat)


def start_season(st: Any) -> None:
    """Armies off the map come back to their capitals; the season is announced."""
    for army in st.armies.values():
        if not army.on_map:
            moves.bring_back(st, army)
    season = st.content.seasons[st.season]
    st.say("gorges.log.season", season=season.name.to_json(), detail=season.text.to_json())


def edge(st: Any) -> list[int]:
    """Final battle: extra points per relic point above the poorest general."""
    per = st.options["relic_edge_points"]
    low = min(g.relics for g in st.generals)
    return [(g.relics - low) * per for g in st.generals]


def outcome(st: Any) -> dict[str, Any]:
    """Relic points, ranking (ties: seat order), winners and the final battle's edge."""
    scores = [g.relics for g in st.generals]
    ranking = sorted(range(st.n), key=lambda s: (-scores[s], s))
    best = max(scores)
    return {"scores": scores, "ranking": ranking,
            "winners": [s for s in range(st.n) if scores[s] == best],
            "territories": [st.empire(s) for s in range(st.n)],
            "relics_by_turn": [list(r) for r in st.relics_by_turn],
            "final_battle_advantage": {"points_per_relic": st.options["relic_edge_points"],
                                       "cap_percent": st.options["points_cap_percent"],
                                       "extra_points": edge(st)}}
