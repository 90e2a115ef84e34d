"""The public view of a campaign (everything is public): a JSON-able dict for scenes and bots.

The schema is documented in content/gorges/README.md ("View").
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.gorges.phases.battles import briefing


def static_map(st: Any) -> dict[str, Any]:
    """What never changes during a campaign: hexes, terrain, coasts, neighbours, names (cached)."""
    cached = getattr(st, "_static_map", None)
    if cached is None:
        island = st.content.island
        cached = {tid: {"q": t.q, "r": t.r, "terrain": t.terrain, "coast": tid in island.coast,
                        "name": t.name.model_dump(), "neighbours": list(island.neighbours[tid])}
                  for tid, t in st.content.territories.items()}
        st._static_map = cached
    return cached


def _territories(st: Any) -> dict[str, Any]:
    capitals = st.capitals()
    where: dict[str, list[str]] = {}
    for a in st.armies.values():
        if a.location is not None:
            where.setdefault(a.location, []).append(a.id)
    crown, owner, building = st.crown, st.owner, st.building
    return {tid: {"owner": owner[tid], "building": building[tid], "capital_of": capitals.get(tid),
                  "crown": tid == crown, "armies": where.get(tid, [])} for tid in owner}


def _generals(st: Any) -> list[dict[str, Any]]:
    lands = Counter(st.owner.values())  # every general's empire in one pass
    armies: dict[int, list[str]] = {g.seat: [] for g in st.generals}
    for a in st.armies.values():
        armies[a.seat].append(a.id)
    out = []
    for g in st.generals:
        d = g.to_json()
        d["territories"] = lands[g.seat]
        d["armies"] = armies[g.seat]
        d["event"] = None if g.event is None else dict(_event_json(st, g.event))
        out.append(d)
    return out


def _event_json(st: Any, roll: int) -> dict[str, Any]:
    cache = st.__dict__.setdefault("_event_cache", {})
    if roll not in cache:
        ev = st.content.events[roll]
        cache[roll] = {"roll": roll, "name": ev.name.model_dump(), "text": ev.text.model_dump()}
    return cache[roll]


def _season_texts(st: Any) -> tuple[dict[str, str], dict[str, str]]:
    """The current season's name and text (dumped once per season and game)."""
    cache = st.__dict__.setdefault("_season_cache", {})
    if st.season not in cache:
        season = st.content.seasons[st.season]
        cache[st.season] = (season.name.model_dump(), season.text.model_dump())
    return cache[st.season]


def build_view(st: Any) -> dict[str, Any]:
    """The whole public state."""
    season = st.content.seasons[st.season]
    name, text = _season_texts(st)
    return {
        "game": "gorges",
        "to_act": st.to_act(),
        "phase": st.phase,
        "phase_key": f"gorges.phase.{st.phase}",
        "active": st.active,
        "turn": st.turn,
        "season": {"index": st.season, "id": season.id, "name": dict(name),
                   "text": dict(text), "turn": st.turn_in_season,
                   "turns": st.options["turns_per_season"], "count": len(st.content.seasons)},
        "order": list(st.order),
        "crown": st.crown,
        "options": dict(st.options),
        "forced": {d: list(v) for d, v in st.forced.items()},
        "aimed": {k: list(v) for k, v in st.aimed.items() if v},
        "map": static_map(st),
        "territories": _territories(st),
        "generals": _generals(st),
        "armies": {aid: a.to_json(st.regiment_cap(a)) for aid, a in st.armies.items()},
        "challenges": [dict(c) for c in st.challenges],
        "battle": st.battle,
        "battles_fought": [dict(b) for b in st.history],
        "relics_by_turn": [list(r) for r in st.relics_by_turn],
        "moves": dict(st.moves),
        "alliances": sorted([list(p) for p in st.alliances]),
        "alliance_offers": sorted([list(p) for p in st.alliance_offers]),
        "prompt": None if st.prompt is None else st.prompt.to_json(),
        "outcome": st.outcome() if st.over else None,
        "log_size": st.log_size(),
        "table_rolls": st.table_rolls(),
        "bots": st.content.bots,  # content/gorges/bots.yaml: the bots' weights (shared, never changed)
    }


__all__ = ["build_view", "briefing"]
