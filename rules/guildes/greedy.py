"""The `greedy` bot: a short-sighted heuristic that reads only its view and the legal actions.

It values each action card now (`_values`): a quest by its mages' expected damage against the
visible quest's remaining hit points (the damage die's mean per die), Recruit while it has few
mages and the rubies, Trade when items are among its guild's objectives, Work (more with a rubies
objective), its leader's power by its effects; it plays the best as first card and the best of the
rest (or X2) as second. Its mages are active only when it quests, so passive mages guard the
guild; it never attacks a guild unless forced, takes the element giving the most dice, spends
spells at once, buys the items with the most points, hires the mages with the best points and
attack, and bids on an auctioned mage up to its printed price.
"""

from __future__ import annotations

import random
from typing import Any

from rules.core import Action
from rules.guildes.actions import Bid, Choose, Place

ELEMENTS = ("fire", "water", "air", "earth")


def _mean_die(view: dict[str, Any]) -> float:
    faces = view["cards"]["damage_die"]
    return sum(faces) / len(faces)


def _allows(req: dict | None, alignment: int) -> bool:
    if not req:
        return True
    if req.get("side") == "light" and alignment <= 0:
        return False
    if req.get("side") == "dark" and alignment >= 0:
        return False
    if req.get("at_least") is not None and alignment < req["at_least"]:
        return False
    return req.get("at_most") is None or alignment <= req["at_most"]


def leader_power(view: dict[str, Any], me: dict[str, Any], obj: tuple[str, ...]) -> float:
    """How much the seat's leader card looks worth, in points, from its effects."""
    power = 0.0
    for e in view["cards"]["leaders"][me["leader"]]["effects"]:
        power += {"gain_rubies": 0.8 * e.get("amount", 0), "draw_mage": 4.5, "draw_item": 2.0 * e.get("count", 1),
                  "gain_vp": 3.0 * e.get("amount", 1), "steal_rubies": 0.7 * e.get("amount", 0),
                  "shift_alignment": 2.0 if "alignment" in obj else 0.3, "heal": 1.0,
                  "peek_quests": 0.3}.get(e["type"], 0.0)
    return power


class GreedyBot:
    """See the module docstring."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        kind = view["prompt"]["kind"] if view.get("prompt") else ""
        handler = getattr(self, f"_{kind}", None)
        choice = handler(view, legal) if handler else None
        if choice is not None and choice in legal:
            return choice
        return self._fallback(legal)

    # -- helpers ---------------------------------------------------------------------------------

    def _fallback(self, legal: list[Action]) -> Action:
        for word in ("none", "keep", "done", "pass", "yes", "go"):
            if Choose(word) in legal:
                return Choose(word)
        return legal[0]

    def _me(self, view):
        return view["guilds"][view["seat"]]

    def _options(self, view) -> list[str]:
        return view["prompt"]["options"]

    def _mage_value(self, view, mid: str) -> float:
        m = view["cards"]["mages"][mid]
        return 2 * m["vp"] + max(m["attack"].values()) + m["hp"] / 2

    def _quest_odds(self, view) -> float:
        """Expected damage of all my available mages / remaining hp of the visible quest (0: impossible)."""
        q = view["quest"]
        if q is None:
            return 0.0
        card = view["cards"]["quests"][q["id"]]
        me = self._me(view)
        mages = [m for m in me["mages"] if not m["centre"]]
        req = card["requires"]
        if len(mages) < req.get("mages", 1) or not _allows(req, me["alignment"]):
            return 0.0
        need = have = 0.0
        for i, mon in enumerate(card["monsters"]):
            left = mon["hp"] - q["damage"][i]
            if left <= 0:
                continue
            need += left
            party = mages[:1] if mon["no_group"] else mages
            have += max(max(0, sum(view["cards"]["mages"][m["id"]]["attack"][e] for m in party) - mon["defence"][e])
                        for e in ELEMENTS) * _mean_die(view)
        return have / need if need else 0.0

    # -- prompts ---------------------------------------------------------------------------------

    def _leader(self, view, legal):
        def worth(lid):
            c = view["cards"]["leaders"][lid]
            return c["vp"] + c["work_income"] + sum(c["defence"].values()) / 8
        return Choose(max(self._options(view), key=worth))

    def _objectives(self, view) -> tuple[str, ...]:
        me = self._me(view)
        return tuple(view["cards"]["guilds"][me["guild"]]["objectives"])

    def _values(self, view) -> dict[str, float]:
        """How much each action card looks worth now (see the module docstring)."""
        me, obj = self._me(view), self._objectives(view)
        odds = self._quest_odds(view)
        power = leader_power(view, me, obj)
        many = len(me["mages"])
        return {
            "quest": 9.0 * min(odds, 1.5) if odds >= 0.4 else 0.0,
            "recruit": (4.0 + (3.0 if "mages" in obj else 0.0)) if me["rubies"] >= 4 and many < 6 else 0.0,
            "trade": 3.5 if "items" in obj and me["rubies"] >= 4 else 0.5,
            "work": 3.0 + (2.0 if "rubies" in obj else 0.0),
            "leader": power,
            "combat": 0.0,
        }

    def _first_action(self, view, legal):
        values = self._values(view)
        return Choose(max(self._options(view), key=lambda a: (values.get(a, 0.0), a)))

    def _second_action(self, view, legal):
        first = self._me(view)["first"]
        values = self._values(view)
        values["x2"] = 0.0 if first in ("quest", "combat") else values.get(first, 0.0) * 0.9 + 0.5
        if first == "quest":
            values["quest"] = 0.0
        return Choose(max(self._options(view), key=lambda a: (values.get(a, 0.0), a)))

    def _placement(self, view, legal):
        me = self._me(view)
        if "quest" not in (me["first"], me["second"]) or me["second"] == "combat":
            return Place(())
        return max((a for a in legal if isinstance(a, Place)), key=lambda a: len(a.active))

    def _bid(self, view, legal):
        lot = view["lot"]
        price = view["cards"]["mages"][lot["mage"]]["price"]
        bids = [a for a in legal if isinstance(a, Bid) and a.amount <= price]
        return min(bids, key=lambda a: a.amount) if bids else Choose("pass")

    def _turn_spell(self, view, legal):
        spells = [o for o in self._options(view) if o != "none"]
        return Choose(spells[0]) if spells else None

    def _combat_spell(self, view, legal):
        return self._turn_spell(view, legal)

    def _trade(self, view, legal):
        me, options = self._me(view), self._options(view)
        if "buy" in options and me["rubies"] >= 3 and "items" in self._objectives(view):
            return Choose("buy")
        if any(m["damage"] for m in me["mages"]) and "heal" in options:
            return Choose("heal")
        if "align" in options and "alignment" in self._objectives(view) and me["rubies"] >= 3:
            return Choose("align")
        if "buy" in options and me["rubies"] >= 3:
            return Choose("buy")
        return Choose("pass")

    def _buy(self, view, legal):
        options = [o for o in self._options(view) if o != "none"]
        cards = view["cards"]

        def worth(cid):
            c = cards["items"].get(cid) or cards["spells"][cid]
            return c.get("vp", 0) * 2 + sum(e.get("amount", 1) for e in c["effects"]) - c["price"] / 3
        best = max(options, key=worth, default=None)
        return Choose(best) if best is not None and worth(best) > 0 else Choose("none")

    def _heal(self, view, legal):
        return Choose(max(self._options(view), key=int))

    def _side(self, view) -> str:
        return "dark" if self._me(view)["alignment"] < 0 else "light"

    def _align(self, view, legal):
        steps = 2 if "alignment" in self._objectives(view) else 1
        wanted = f"{self._side(view)}:{steps}"
        return Choose(wanted if wanted in self._options(view) else f"{self._side(view)}:1")

    def _leader_x2(self, view, legal):
        return Choose(f"{self._side(view)}:2")

    def _shift_toward(self, view, legal):
        return Choose(self._side(view))

    def _recruit_x2(self, view, legal):
        return Choose("mages")

    def _face_up_mage(self, view, legal):
        return Choose("buy") if "buy" in self._options(view) else Choose("auction")

    def _recruit(self, view, legal):
        options = [o for o in self._options(view) if o != "none"]
        return Choose(max(options, key=lambda m: self._mage_value(view, m))) if options else Choose("none")

    def _steal_target(self, view, legal):
        return Choose(max(self._options(view), key=lambda s: view["guilds"][int(s)]["rubies"]))

    def _target(self, view, legal):
        return Choose(min(self._options(view), key=lambda s: len(view["guilds"][int(s)]["mages"])))

    def _attempt(self, view, legal):
        return Choose("go" if self._quest_odds(view) >= 0.5 else "give_up")

    def _element(self, view, legal):
        dice = view["prompt"]["context"]["dice"]
        return Choose(max(ELEMENTS, key=lambda e: dice[e]))

    def _sturdiest(self, view, options):
        me = self._me(view)
        left = {m["id"]: view["cards"]["mages"][m["id"]]["hp"] - m["damage"] for m in me["mages"]}
        return Choose(max(options, key=lambda m: left.get(m, 0)))

    def _counter_target(self, view, legal):
        return self._sturdiest(view, self._options(view))

    def _damage_one(self, view, legal):
        return self._sturdiest(view, self._options(view))

    def _damage_spread(self, view, legal):
        return self._sturdiest(view, self._options(view))

    def _champion(self, view, legal):
        return Choose(max(self._options(view), key=lambda m: self._mage_value(view, m)))

    def _counter(self, view, legal):
        return Choose("yes")
