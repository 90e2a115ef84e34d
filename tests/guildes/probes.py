"""Test-only probe bots for Guildes (never offered to players): one trick each, the kind a person
might find and repeat, to check that the strongest level does not fall to it. Importing this
module registers them in `rules.guildes.bots.PROBES`.

- `allin`: greedy, but bids all its rubies on every auctioned mage it may hire.
- `worker`: always Work then X2 (hoards rubies, buys at the X2 market).
- `trader`: always Trade then X2 (buys every item it can, aligns when it cannot).
- `quester`: always Quest then X2, every mage active, never gives up.
- `raider`: always Combat then X2, every mage active, attacks the richest guild.
"""

from __future__ import annotations

from typing import Any

from rules.core import Action
from rules.guildes.actions import Bid, Choose, Place
from rules.guildes.bots import PROBES
from rules.guildes.greedy import GreedyBot


class AllInProbe(GreedyBot):
    """Greedy, but every bid is all its rubies."""

    def _bid(self, view, legal):
        bids = [a for a in legal if isinstance(a, Bid)]
        return max(bids, key=lambda a: a.amount) if bids else Choose("pass")


class SameCardsProbe(GreedyBot):
    """Always the same first card, then X2."""

    card = "work"

    def _first_action(self, view, legal):
        return Choose(self.card)

    def _second_action(self, view, legal):
        return Choose("x2")

    def _placement(self, view, legal):
        if self.card in ("quest", "combat"):
            return max((a for a in legal if isinstance(a, Place)), key=lambda a: len(a.active))
        return Place(())


class WorkerProbe(SameCardsProbe):
    card = "work"


class TraderProbe(SameCardsProbe):
    card = "trade"

    def _trade(self, view, legal):
        options = self._options(view)
        if "buy" in options and self._me(view)["rubies"] >= 2:
            return Choose("buy")
        return Choose("align") if "align" in options else Choose("pass")

    def _buy(self, view, legal):
        options = [o for o in self._options(view) if o != "none"]
        return Choose(options[0]) if options else Choose("none")


class QuesterProbe(SameCardsProbe):
    card = "quest"

    def _attempt(self, view, legal):
        return Choose("go")


class RaiderProbe(SameCardsProbe):
    card = "combat"

    def _target(self, view, legal):
        return Choose(max(self._options(view), key=lambda s: view["guilds"][int(s)]["rubies"]))

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return super().choose(view, legal)


def register() -> None:
    PROBES.setdefault("allin", AllInProbe)
    PROBES.setdefault("worker", WorkerProbe)
    PROBES.setdefault("trader", TraderProbe)
    PROBES.setdefault("quester", QuesterProbe)
    PROBES.setdefault("raider", RaiderProbe)


register()
