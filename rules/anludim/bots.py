"""Anludim bots: `random` (uniform over the listed legal actions) and `greedy` (a heuristic).

Both see only their view and the legal actions, and draw randomness only from their own
`random.Random(seed)`.

`greedy`: between rounds, keeps the cards that share values with the rest of its hand; on its
turn, lays the combination whose professor brings the best item (more if taken from another
seat, above all from the leader; fewer cards used is better; never moves a professor it already
holds), else takes a face-up card that pairs with its hand, else draws two; it never takes back,
never discards items or parchments, and ends its turn after the main action.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from rules.anludim import actions as A


class RandomBot:
    """Uniform over the legal actions."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[A.Action]) -> A.Action:
        return self.rng.choice(legal)


class GreedyBot:
    """Lay for the best item, else draw; see the module docstring."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[A.Action]) -> A.Action:
        if view["phase"] == "round_over":
            return self._keep(view, legal)
        lays = [a for a in legal if isinstance(a, A.Lay)]
        scored = [(self._score_lay(view, a), i) for i, a in enumerate(lays)]
        if scored:
            score, i = max(scored)
            if score > 0:
                return lays[i]
        for kind in (A.EndTurn, A.TakeFaceUp, A.Draw, A.PassTurn):
            options = [a for a in legal if isinstance(a, kind)]
            if options:
                return self._face_up(view, options, legal) if kind is A.TakeFaceUp else options[0]
        return self.rng.choice(legal)

    def _score_lay(self, view: dict[str, Any], lay: A.Lay) -> float:
        me = view["seat"]
        prof = next(p for p in view["professors"] if p["id"] == lay.professor)
        if prof["seat"] == me:
            return -1.0
        pile = next(p for p in view["piles"] if p["item"] == prof["item"])
        score = (pile["values"][0] if pile["values"] else 0.5) + 1.0
        if prof["seat"] is not None:
            leader = max(view["seats"], key=lambda s: s["total"])["seat"]
            score += 2.0 if prof["seat"] == leader else 1.0
        mine = {c["id"]: combo for combo in view["seats"][me]["combos"] for c in combo["cards"]}
        lost = {mine[cid]["index"] for cid, _ in lay.cards if cid in mine and mine[cid]["professor"]}
        return score - 0.25 * len(lay.cards) - 3.0 * len(lost)

    def _face_up(self, view: dict[str, Any], options: list[A.TakeFaceUp], legal) -> A.Action:
        values = Counter(v for c in view["hand"] or [] for v, _ in c["halves"])
        best = max(options, key=lambda a: sum(values[v] for v, _ in view["face_up"][a.slot]["halves"]))
        gain = sum(values[v] for v, _ in view["face_up"][best.slot]["halves"])
        return best if gain >= 2 or A.Draw() not in legal else A.Draw()

    def _keep(self, view: dict[str, Any], legal: list[A.Action]) -> A.Action:
        hand = {c["id"]: c["halves"] for c in view["hand"] or []}
        values = Counter(v for halves in hand.values() for v, _ in halves)

        def worth(keep: A.Keep) -> int:
            return sum(values[v] for cid in keep.cards for v, _ in hand[cid])

        return max(legal, key=worth)


BOTS = {"random": RandomBot, "greedy": GreedyBot}
