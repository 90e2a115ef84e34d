"""Ambre bots: they make the mechanical choices only; people narrate.

`random`: uniform over the listed legal actions. `steady`: bids a middling card, takes the best
rank it can cheaply, stakes on the conflict with fewer cards, sets up and narrates its own scenes
with "done" steps, never requests the floor, says Couper when the conflict favours it, passes at
closing, keeps Bâton/Épée cards aside and takes the highest card into hand. Both see only their
view and the legal actions, and draw randomness only from their own `random.Random(seed)`.
"""

from __future__ import annotations

import random
from typing import Any

from rules.ambre import actions as A
from rules.ambre import cards, scoring


class RandomBot:
    """Uniform over the legal actions."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[A.Action]) -> A.Action:
        return self.rng.choice(legal)


def _value(card: str) -> int:
    return cards.value(card) if cards.is_minor(card) else 0


class SteadyBot:
    """A plain mechanical player; see the module docstring."""

    PREFER = (A.Character, A.SetupDone, A.Announce, A.FirstSentence, A.YieldFloor, A.EndNarration,
              A.ClosePass, A.NoGage, A.RefuseGage, A.Conclude, A.TellEpilogue)

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[A.Action]) -> A.Action:
        kinds = {type(a) for a in legal}
        if A.Couper in kinds and self._winning(view):
            return A.Couper()
        for kind in self.PREFER:
            if kind in kinds:
                return next(a for a in legal if isinstance(a, kind))
        first = legal[0]
        pick = getattr(self, f"_{first.type}", None)
        return pick(view, legal) if pick else self.rng.choice(legal)

    def _winning(self, view: dict[str, Any]) -> bool:
        scene = view["scene"]
        conflict = view["conflicts"][scene["conflict"]]
        ranks = {s["seat"]: s["ranks"] for s in view["seats"]}
        return scoring.conflict_winner(conflict["values"], ranks, scene["involved"]) == view["seat"]

    def _bid(self, view, legal):
        minors = sorted((a for a in legal if cards.is_minor(a.card)), key=lambda a: _value(a.card))
        if not minors:
            return legal[-1]
        if view["bidding"]["stage"] == "lay":
            return minors[len(minors) // 2]
        return self.rng.choice(minors[: max(1, len(minors) // 2)])

    def _pass_raise(self, view, legal):
        raises = [a for a in legal if isinstance(a, A.RaiseBid) and _value(a.card) <= 3]
        b = view["bidding"]
        me = str(view["seat"])
        if raises and b["totals"].get(me, 0) < b["best"]:
            return min(raises, key=lambda a: _value(a.card))
        return A.PassRaise()

    def _stake(self, view, legal):
        return min(legal, key=lambda a: len(view["conflicts"][a.conflict]["cards"]))

    def _element(self, view, legal):
        return legal[0]

    def _initiate(self, view, legal):
        ranks = view["seats"][view["seat"]]["ranks"]

        def strength(a: A.Initiate) -> int:
            return sum(ranks.get(s, 0) for s in view["conflicts"][a.conflict]["majority"])

        return max(legal, key=strength)

    def _choose_setup(self, view, legal):
        return legal[0]

    def _choose_narrator(self, view, legal):
        return next((a for a in legal if a.seat == view["seat"]), legal[0])

    def _take_aside(self, view, legal):
        return max(legal, key=lambda a: (cards.suit(a.card) in ("epee", "baton"), _value(a.card)))

    def _take_hand(self, view, legal):
        return max(legal, key=lambda a: _value(a.card))

    def _give(self, view, legal):
        return min(legal, key=lambda a: _value(a.card))

    def _accept_gage(self, view, legal):
        return legal[0]


BOTS = {"random": RandomBot, "steady": SteadyBot}
