"""End of the game: victory points and the personal objectives of the guild tiles.

Points: quests, mages, items (some negative), the leader, VP tokens, minus `healing_penalty` per
mage in the healing centre. Objectives: each guild tile names kinds among rubies, items, quests,
mages and alignment steps gained. Ruling on "par éléments": the owner scores
`objective_owner_points` per unit of each of its kinds, and every other guild
`objective_other_points` per unit of its own of the same kinds; a unit is `per` of that kind
(rules.yaml `objectives`, e.g. 3 rubies). Alignment steps gained = how much further from 0 the
guild ended than it began (never below 0). Ties: most rubies left, then shared.
"""

from __future__ import annotations

from typing import Any

PARTS = ("quests", "mages", "items", "leader", "tokens", "healing", "objectives")


def units(st, seat: int, public: bool = False) -> dict[str, int]:
    """How many units of each objective kind `seat` has (`public`: hands count as empty)."""
    g, c = st.guilds[seat], st.content
    raw = {"rubies": g.rubies, "items": 0 if public else len([x for x in g.hand if x in c.items]), "quests": len(g.quests),
           "mages": len(g.mages), "alignment": max(0, abs(g.alignment) - abs(g.start_alignment))}
    rules = st.rules.objectives
    return {k: v // rules[k].per if k in rules else 0 for k, v in raw.items()}


def _objective_points(st) -> list[dict[str, int]]:
    """Points each seat scores per unit of each kind, summed over the guild tiles on the table (the
    tiles never change in a game: cached on the state, by tiles)."""
    tiles = tuple([g.guild for g in st.guilds])
    cache = st.__dict__.setdefault("_objective_points", {})
    points = cache.get(tiles)
    if points is None:
        r, c = st.rules, st.content
        points = cache[tiles] = []
        for seat in range(len(st.guilds)):
            out: dict[str, int] = {}
            for owner in st.guilds:
                pts = r.objective_owner_points if owner.seat == seat else r.objective_other_points
                for k in c.guilds[owner.guild].objectives:
                    out[k] = out.get(k, 0) + pts
            points.append(out)
    return points


def breakdown(st, public: bool = False) -> list[dict[str, int]]:
    """Every seat's points by part, and the total (`public`: without the secret hands).

    Sums of lists rather than of generators: cheaper for these few items (recovery takes the
    public scores every round)."""
    c, r = st.content, st.rules
    points = _objective_points(st)
    out = []
    for g in st.guilds:
        mine = units(st, g.seat, public)
        parts = {
            "quests": sum([c.quests[q].vp for q in g.quests]),
            "mages": sum([c.mages[m.id].vp for m in g.mages]),
            "items": 0 if public else sum([c.items[x].vp for x in g.hand if x in c.items]),
            "leader": c.leaders[g.leader].vp if g.leader else 0,
            "tokens": g.vp_tokens,
            "healing": -r.healing_penalty * len([m for m in g.mages if m.centre]),
            "objectives": sum([pts * mine[k] for k, pts in points[g.seat].items()]),
        }
        parts["total"] = sum([parts[p] for p in PARTS])
        out.append(parts)
    return out


def outcome(st) -> dict[str, Any]:
    """Scores, ranking (best first), winners, and the points by part."""
    parts = breakdown(st)
    scores = [p["total"] for p in parts]
    key = [(scores[s], st.guilds[s].rubies) for s in range(st.n)]
    ranking = sorted(range(st.n), key=lambda s: (-key[s][0], -key[s][1], s))
    best = key[ranking[0]]
    return {"scores": scores, "ranking": ranking, "winners": [s for s in range(st.n) if key[s] == best],
            "breakdown": parts, "rounds": st.round, "over": st.over}
