"""Guildes bots: three levels offered to people, weakest first (`LEVELS`), plus the old names.

- `apprentice` (Apprenti): the plain heuristic of `greedy.py` (Quest when its mages look strong
  enough, else Recruit, Trade or Work) with a lot of hesitation (noise) and a taste for quests, so
  its games end by the quests like people's.
- `adept` (Adepte): the points model below without the look across the table: it never attacks,
  keeps no guard, never uses the powers to change a card.
- `master` (Maître) and the adept value every choice in points of the final score (`model:
  points`): what each kind of objective unit is worth with the guild tiles on the table (its own
  counted double), a ruby by its objective points plus what it buys (less and less as the end
  nears), a quest by its exact chance of success (the damage die's distribution, its items and
  spells, the best split of its party between two monsters) times its points and income, less
  when a guild acting before it revealed a Quest card; the length of the game left comes from
  the quests left; a mage is worth its share of a mages unit, more while the guild has fewer
  than three. Both take sturdy mages out of the healing centre (all in the last round).
  The master also reads the table across the round: it attacks a rich guild whose mages are
  away (a rival that revealed Combat or Quest, or placed its mages active), remembers from the
  public log who raided last round, keeps home as many mages as a raider can send (a tie goes
  to the defender) or, outnumbered, sends them all away so the raid finds only the leader,
  raids the raider's empty guild back with one mage, lays its defence line sturdiest first by the
  duel odds, values its rubies lower while a raider is seen (`ruby_risk`), and uses the Dark and Light powers to
  change a card once the table has changed. Search by sampling the hidden cards was not used: a state cannot be rebuilt
  from a view (the turn is a generator), and the hidden part (hands of items, the decks' order)
  barely moves these values.

Every bot sees only its view and the legal actions, and draws randomness only from its own
`random.Random(seed)`. Weights come from the view (`view["cards"]["bots"][level]`, i.e. the
content's bots.yaml); the defaults below are used when a view carries none.

Old names stay valid for saves and `simulate`: `random` (uniform over the legal actions) and
`greedy` (issue 3's heuristic, also the base of the test-only probes of tests/guildes/probes.py).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from rules.core import Action
from rules.guildes.actions import Bid, Choose, Place
from rules.guildes.greedy import ELEMENTS, GreedyBot, _allows, leader_power

LEVELS = ("apprentice", "adept", "master")

DEFAULTS: dict[str, dict[str, Any]] = {  # the same as content/guildes/bots.yaml
    "apprentice": {"model": "simple", "noise": 6.0, "quest": 10.0, "quest_odds": 0.3, "recruit": 3.0,
                   "trade": 1.0, "work": 3.0, "objective_bonus": 0.0, "bid": 0.6},
    "adept": {"model": "points", "noise": 0.0, "quest_odds": 0.5, "bid": 1.0, "ruby_use": 0.45, "attack": 0.0,
              "guard": False, "take_out": True, "rethink": False},
    "master": {"model": "points", "quest_odds": 0.5, "bid": 1.0, "ruby_use": 0.45, "attack": 1.0,
               "guard": True, "ruby_risk": 0.6, "take_out": True, "rethink": True},
}
BASE: dict[str, Any] = {"model": "simple", "noise": 0.0, "quest": 9.0, "quest_odds": 0.4, "recruit": 4.0,
                        "trade": 3.5, "work": 3.0, "objective_bonus": 2.0, "bid": 1.0, "ruby_use": 0.4,
                        "attack": 0.0, "guard": False, "ruby_risk": 0.0, "take_out": False, "rethink": False}
CARDS = ("work", "trade", "recruit", "leader", "quest", "combat")


class RandomBot:
    """Uniform over the legal actions."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]


@lru_cache(maxsize=4096)
def at_least(faces: tuple[int, ...], dice: int, need: int) -> float:
    """The chance that `dice` damage dice (each one of `faces`) total at least `need`."""
    if need <= 0:
        return 1.0
    if dice <= 0 or need > dice * max(faces):
        return 0.0
    return sum(at_least(faces, dice - 1, need - f) for f in faces) / len(faces)


class PersonaBot(GreedyBot):
    """A level: `greedy.py`'s heuristic with one persona's weights, or the points model (master)."""

    persona = "adept"

    def __init__(self, seed: int) -> None:
        super().__init__(seed)

    def weights(self, view: dict[str, Any]) -> dict[str, Any]:
        given = (view["cards"].get("bots") or {}).get(self.persona) or DEFAULTS[self.persona]
        return {**BASE, **given}

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        self.w = self.weights(view)
        self.pts = self.w["model"] == "points"
        self.memo: dict[str, Any] = {}
        return super().choose(view, legal)

    # -- the simple model: greedy's card values with the persona's weights ------------------------

    def _values(self, view) -> dict[str, float]:
        if self.pts:
            return self._point_values(view)
        if "values" in self.memo:
            return dict(self.memo["values"])
        w = self.w
        me, obj = self._me(view), self._objectives(view)
        odds = self._quest_odds(view)
        power = leader_power(view, me, obj)
        values = {"leader": power, "combat": 0.0}
        many = len(me["mages"])
        values["quest"] = w["quest"] * min(odds, 1.5) if odds >= w["quest_odds"] else 0.0
        values["recruit"] = (w["recruit"] + (w["objective_bonus"] * 1.5 if "mages" in obj else 0.0)
                             if me["rubies"] >= 4 and many < 6 else 0.0)
        values["trade"] = w["trade"] if "items" in obj and me["rubies"] >= 4 else 0.5
        if "alignment" in obj and me["rubies"] >= 3:
            values["trade"] = max(values["trade"], w["trade"] * 0.8)
        values["work"] = w["work"] + (w["objective_bonus"] if "rubies" in obj else 0.0)
        if w["noise"]:
            for k in values:
                values[k] += self.rng.uniform(0, w["noise"])
        self.memo["values"] = values
        return dict(values)

    def _bid(self, view, legal):
        if self.pts:
            return self._point_bid(view, legal)
        lot = view["lot"]
        top = view["cards"]["mages"][lot["mage"]]["price"] * self.w["bid"]
        bids = [a for a in legal if isinstance(a, Bid) and a.amount <= top]
        return min(bids, key=lambda a: a.amount) if bids else Choose("pass")

    def _take_out(self, view, legal):
        if not self.w["take_out"]:
            return Choose("done")
        me = self._me(view)
        cards = view["cards"]["mages"]
        last = self._rounds_left(view) <= 1.0
        for m in me["mages"]:
            if m["centre"] and Choose(m["id"]) in legal and (last or cards[m["id"]]["hp"] - m["damage"] >= 3):
                return Choose(m["id"])
        return Choose("done")

    def _trade(self, view, legal):
        if not self.pts:
            me, options = self._me(view), self._options(view)
            obj = self._objectives(view)
            if "align" in options and "alignment" in obj and me["rubies"] >= 3 and self._room(view) > 0:
                return Choose("align")
            return super()._trade(view, legal)
        best, value = "pass", 0.0
        for opt, v in self._trade_options(view).items():
            if Choose(opt) in legal and v > value:
                best, value = opt, v
        return Choose(best)

    def _align(self, view, legal):
        me, opts = self._me(view), self._options(view)
        side = self._side(view)
        room = self._room(view)
        steps = [int(o.split(":")[1]) for o in opts if o.startswith(side + ":")]
        if not steps:
            return None
        if self.pts:
            k = min(max(steps), room) if room > 0 else min(steps)
            # an even number of steps past the start: a unit is `per` steps
            per = view["cards"]["rules"]["objectives"].get("alignment", {}).get("per", 1)
            gained = max(0, abs(me["alignment"]) - abs(me["start_alignment"]))
            while k > 1 and (gained + k) % per:
                k -= 1
            return Choose(f"{side}:{max(1, k)}")
        return Choose(f"{side}:{min(max(steps), max(1, room))}")

    # -- the points model --------------------------------------------------------------------------

    def _room(self, view) -> int:
        me = self._me(view)
        lo, hi = view["cards"]["alignment"]
        return hi - me["alignment"] if me["alignment"] >= 0 else me["alignment"] - lo

    def _raiders(self, view) -> set[int]:
        """Rivals that will attack this round: Combat revealed as first card, or (before the cards
        are revealed) as the last first card they revealed (the public log)."""
        if "raiders" in self.memo:
            return self.memo["raiders"]
        me, out, seen = view["seat"], set(), set()
        for g in view["guilds"]:
            if g["seat"] != me and g["first"] is not None:
                seen.add(g["seat"])
                if g["first"] == "combat":
                    out.add(g["seat"])
        for e in reversed(view["log"]):
            if e["key"] == "guildes.log.first_revealed":
                seat = e["params"]["seat"]["seat"]
                if seat != me and seat not in seen:
                    seen.add(seat)
                    if e["params"]["card"]["key"] == "guildes.card.combat":
                        out.add(seat)
                if len(seen) >= len(view["guilds"]) - 1:
                    break
        self.memo["raiders"] = out
        return out

    def _survives(self, view, mid: str, seats: set[int] | None = None) -> float:
        """The chance that my mage `mid` outlives one strike of the raiders' strongest mage (the duel
        odds: attack - defence dice of the damage die, my best defence item counted)."""
        cards, me = view["cards"], self._me(view)
        faces = tuple(cards["damage_die"])
        m = next(x for x in me["mages"] if x["id"] == mid)
        left = cards["mages"][mid]["hp"] - m["damage"]
        items = [cards["items"][c] for c in (me["hand"] or []) if c in cards["items"]]
        worst = 1.0
        for s in self._raiders(view) if seats is None else seats:
            for r in view["guilds"][s]["mages"]:
                if r["centre"]:
                    continue
                for el, att in cards["mages"][r["id"]]["attack"].items():
                    shield = max((e["amount"] for c in items for e in c["effects"]
                                  if e["type"] == "defence_bonus" and e.get("element") in (el, "any")), default=0)
                    dice = max(0, att - cards["mages"][mid]["defence"][el] - shield)
                    worst = min(worst, 1.0 - at_least(faces, dice, left + 1))
        return worst

    def _guards_needed(self, view) -> int:
        """Mages to keep home: as many as the strongest raider can send (a tie goes to the defender)."""
        if not self.w["guard"]:
            return 0
        raiders = self._raiders(view)
        return max((sum(1 for m in view["guilds"][s]["mages"] if not m["centre"]) for s in raiders), default=0)

    def _rounds_left(self, view) -> float:
        """Rounds still to play after this one's start, roughly (the quests left go at ~0.2 a seat a round)."""
        r = view["cards"]["rules"]
        by_cap = r["max_rounds"] - view["round"] + 1
        n = len(view["guilds"])
        by_quests = view["quests_left"] / (0.22 * n) + 0.5
        return max(1.0, min(by_cap, by_quests))

    def _unit_points(self, view) -> dict[str, float]:
        """Points the bot scores per raw unit of each kind (a ruby, an item, a quest, a mage, a step)."""
        if "units" not in self.memo:
            self.memo["units"] = self._units(view)
        return self.memo["units"]

    def _units(self, view) -> dict[str, float]:
        r = view["cards"]["rules"]
        me = view["seat"]
        out = {}
        for k in ("rubies", "items", "quests", "mages", "alignment"):
            per = r["objectives"].get(k, {}).get("per", 1) if k in r["objectives"] else 0
            if not per:
                out[k] = 0.0
                continue
            pts = sum(r["objective_owner_points"] if g["seat"] == me else r["objective_other_points"]
                      for g in view["guilds"] if k in view["cards"]["guilds"][g["guild"]]["objectives"])
            out[k] = pts / per
        return out

    def _ruby(self, view) -> float:
        if "ruby" not in self.memo:
            u = self._unit_points(view)
            use = self.w["ruby_use"] * min(1.0, (self._rounds_left(view) - 0.5) / 2)
            self.memo["ruby"] = u["rubies"] + max(0.0, use)
            if self.w["guard"] and self._raiders(view):  # a raider takes half of them, twice a round
                self.memo["ruby"] *= 1.0 - self.w["ruby_risk"]
        return self.memo["ruby"]

    def _item_worth(self, view, cid: str) -> float:
        cards, u = view["cards"], self._unit_points(view)
        if cid in cards["items"]:
            c = cards["items"][cid]
            worth = u["items"] + c["vp"]
            for e in c["effects"]:
                if e["type"] in ("attack_bonus", "defence_bonus"):
                    worth += 0.35 * e["amount"] if e["type"] == "attack_bonus" else 0.15 * e["amount"]
                elif e["type"] == "hp_bonus":
                    worth += 0.3 * e["amount"]
                elif e["type"] == "gain_rubies":
                    worth += e["amount"] * self._ruby(view) * max(0.0, self._rounds_left(view) - 1) * 0.5
            return worth
        c = cards["spells"][cid]
        worth = 0.0
        for e in c["effects"]:
            t = e["type"]
            if t == "attack_bonus":
                worth += 0.4 * e["amount"]
            elif t == "gain_rubies":
                worth += e["amount"] * self._ruby(view)
            elif t == "steal_rubies":
                worth += min(e["amount"], max(g["rubies"] for g in view["guilds"] if g["seat"] != view["seat"])) * self._ruby(view)
            elif t == "draw_item":
                worth += u["items"] * e.get("count", 1) * 0.6
            elif t == "heal":
                worth += 0.5
            elif t == "shift_alignment":
                worth += u["alignment"] * e["amount"]
            elif t == "defence_bonus":
                worth += 0.3
        return worth

    def _mage_worth(self, view, mid: str, count: int | None = None) -> float:
        """Points a mage brings: its VP, the mages objective, and its use on quests."""
        m, u = view["cards"]["mages"][mid], self._unit_points(view)
        have = len(self._me(view)["mages"]) if count is None else count
        use = (max(m["attack"].values()) + m["hp"] / 2) * 0.35 * min(1.0, self._rounds_left(view) / 4)
        if have < 3:  # a guild without mages can neither quest nor hold a raid
            use += (3 - have) * 1.0 * min(1.0, self._rounds_left(view) / 3)
        # a unit is `per` mages: each mage carries its share of one
        return m["vp"] + u["mages"] + use

    def _quest_chance(self, view, quest: dict | None = None, mages: list[str] | None = None) -> tuple[float, dict]:
        """The chance that the bot's party wins the visible quest now, and the best split of the party."""
        q = view["quest"] if quest is None else quest
        if q is None:
            return 0.0, {}
        card = view["cards"]["quests"][q["id"]]
        me = self._me(view)
        if mages is None:
            mages = [m["id"] for m in me["mages"] if not m["centre"] and m["used"] in (None, "quest")]
        req = card["requires"]
        if len(mages) < req.get("mages", 1) or not _allows(req, me["alignment"]):
            return 0.0, {}
        faces = tuple(view["cards"]["damage_die"])
        alive = [i for i, mon in enumerate(card["monsters"]) if mon["hp"] - q["damage"][i] > 0]
        if not alive:
            return 1.0, {}
        bonus = self._attack_items(view)
        spell = max((e["amount"] for cid in me["hand"] or [] if cid in view["cards"]["spells"]
                     for e in view["cards"]["spells"][cid]["effects"] if e["type"] == "attack_bonus"), default=0)

        def chance(i: int, party: list[str]) -> float:
            mon = card["monsters"][i]
            if not party:
                return 0.0
            if mon["no_group"]:
                party = [max(party, key=lambda x: max(view["cards"]["mages"][x]["attack"].values()))]
            best = 0.0
            for e in ELEMENTS:
                att = sum(view["cards"]["mages"][x]["attack"][e] for x in party) + sum(bonus[e][: len(party)])
                dice = max(0, att + spell - mon["defence"][e])
                best = max(best, at_least(faces, dice, mon["hp"] - q["damage"][i]))
            return best

        if len(alive) == 1:
            return chance(alive[0], mages), {alive[0]: list(mages)}
        best, split = 0.0, {}
        if len(mages) > 6:  # too many splits to try: the strongest first, each where it helps most
            groups: dict[int, list[str]] = {alive[0]: [], alive[1]: []}
            strength = view["cards"]["mages"]
            for m in sorted(mages, key=lambda x: -max(strength[x]["attack"].values())):
                a = chance(alive[0], groups[alive[0]] + [m]) * max(0.05, chance(alive[1], groups[alive[1]]))
                b = max(0.05, chance(alive[0], groups[alive[0]])) * chance(alive[1], groups[alive[1]] + [m])
                groups[alive[0] if a >= b else alive[1]].append(m)
            return chance(alive[0], groups[alive[0]]) * chance(alive[1], groups[alive[1]]), groups
        for mask in range(1, 2 ** len(mages) - 1):
            a = [m for j, m in enumerate(mages) if mask >> j & 1]
            b = [m for j, m in enumerate(mages) if not mask >> j & 1]
            p = chance(alive[0], a) * chance(alive[1], b)
            if p > best:
                best, split = p, {alive[0]: a, alive[1]: b}
        return best, split

    def _attack_items(self, view) -> dict[str, list[int]]:
        cards = view["cards"]["items"]
        out = {e: [] for e in ELEMENTS}
        for cid in self._me(view)["hand"] or []:
            for eff in cards.get(cid, {}).get("effects", ()):
                if eff["type"] == "attack_bonus":
                    for e in ELEMENTS:
                        if eff["element"] in (e, "any"):
                            out[e].append(eff["amount"])
        return {e: sorted(v, reverse=True) for e, v in out.items()}

    def _quest_worth(self, view, qid: str) -> float:
        card, u = view["cards"]["quests"][qid], self._unit_points(view)
        works = max(0.0, self._rounds_left(view) - 1) * 0.6
        reward = 0.0
        for e in card["reward"]:
            reward += {"gain_rubies": e.get("amount", 0) * self._ruby(view), "gain_vp": e.get("amount", 0),
                       "draw_item": e.get("count", 1) * u["items"] * 0.6,
                       "shift_alignment": u["alignment"] * e.get("amount", 0) * 0.5}.get(e["type"], 0.0)
        loot = view["quest"]["loot"] if view["quest"] and view["quest"]["id"] == qid else {"rubies": 0, "cards": []}
        return (card["vp"] + u["quests"] + card["income"] * works * self._ruby(view) + reward
                + loot["rubies"] * self._ruby(view) + len(loot["cards"]) * 1.0)

    def _quest_value(self, view) -> float:
        q = view["quest"]
        if q is None:
            return 0.0
        need = self._guards_needed(view)
        if need:
            strength = view["cards"]["mages"]
            avail = sorted((m["id"] for m in self._me(view)["mages"] if not m["centre"]),
                           key=lambda x: -max(strength[x]["attack"].values()))
            p, _ = self._quest_chance(view, mages=avail[: max(0, len(avail) - need)])
        else:
            p, _ = self._quest_chance(view)
        if p <= 0.05:
            return 0.0
        worth = self._quest_worth(view, q["id"])
        # someone acting before the bot with a revealed Quest card may take it first
        me = view["seat"]
        n = len(view["guilds"])
        order = [(view["first"] + i) % n for i in range(n)]
        before = order[: order.index(me)]
        rivals = sum(1 for g in view["guilds"] if g["seat"] in before and g["first"] == "quest")
        worth *= 0.75 ** rivals
        wound = 0.6 * (1 - p) * len(view["cards"]["quests"][q["id"]]["failure"])
        return p * worth - wound

    def _trade_options(self, view, off: int | None = None) -> dict[str, float]:
        me, r, u = self._me(view), view["cards"]["rules"], self._unit_points(view)
        ruby = self._ruby(view)
        if off is None:
            off = int((view.get("prompt") or {}).get("context", {}).get("discount", 0) or 0)
        out = {"pass": 0.0}
        face = view["face_up_item"]
        known = [self._item_worth(view, face) - max(0, self._price(view, face) - off) * ruby] if face else []
        if me["rubies"] >= 2:
            out["buy"] = max(known + [u["items"] * 0.8 + 0.3 - 3 * ruby]) if view["decks"]["items"] or face else 0.0
        room = self._room(view)
        steps = min(5, room, me["rubies"] + off)
        if steps > 0 and u["alignment"]:
            gained = max(0, abs(me["alignment"]) - abs(me["start_alignment"]))
            per = r["objectives"].get("alignment", {}).get("per", 1)
            units = (gained + steps) // per - gained // per if abs(me["alignment"]) >= abs(me["start_alignment"]) or True else 0
            cost = max(0, steps * r["alignment_step_cost"] - off)
            out["align"] = units * u["alignment"] * per - cost * ruby
        damage = sum(m["damage"] for m in me["mages"])
        if damage:
            out["heal"] = 0.5 * damage - max(0, damage * r["heal_cost"] - off) * ruby
        if me["hand"]:
            out["sell"] = r["sell_price"] * ruby - min(self._item_worth(view, c) for c in me["hand"])
        return out

    def _price(self, view, cid: str) -> int:
        c = view["cards"]["items"].get(cid) or view["cards"]["spells"][cid]
        return c["price"]

    def _work_income(self, view) -> int:
        me, cards = self._me(view), view["cards"]
        items = sum(e["amount"] for cid in me["hand"] or [] if cid in cards["items"]
                    for e in cards["items"][cid]["effects"] if e["type"] == "gain_rubies")
        return (cards["guilds"][me["guild"]]["income"] + cards["leaders"][me["leader"]]["work_income"]
                + sum(cards["quests"][q]["income"] for q in me["quests"]) + items)

    def _leader_power(self, view, lid: str | None = None) -> float:
        me, u, ruby = self._me(view), self._unit_points(view), self._ruby(view)
        lead = view["cards"]["leaders"][lid or me["leader"]]
        value = 0.0
        for e in lead["effects"]:
            t = e["type"]
            if t == "gain_rubies":
                value += e["amount"] * ruby
            elif t == "steal_rubies":
                value += min(e["amount"], max(g["rubies"] for g in view["guilds"] if g["seat"] != view["seat"])) * ruby * 1.3
            elif t == "draw_mage":
                value += 3.0 + u["mages"]
            elif t == "draw_item":
                value += e.get("count", 1) * (u["items"] * 0.7 + 0.3)
            elif t == "gain_vp":
                value += e["amount"]
            elif t == "shift_alignment":
                value += u["alignment"] * e["amount"] if self._room(view) > 0 else 0.0
            elif t == "heal":
                value += 0.4 * min(e["amount"], sum(m["damage"] for m in me["mages"]))
            elif t == "peek_quests":
                value += 0.1
        return value

    def _recruit_value(self, view) -> float:
        me, ruby = self._me(view), self._ruby(view)
        cards = view["cards"]["mages"]
        face = view["face_up_mage"]
        best = 0.0
        if face and _allows(cards[face]["requires"], me["alignment"]) and cards[face]["price"] <= me["rubies"]:
            best = self._mage_worth(view, face) - cards[face]["price"] * ruby
        if view["decks"]["mages"]:
            fair = [m for m in cards.values() if _allows(m["requires"], me["alignment"]) and m["price"] <= me["rubies"]]
            if fair:
                vals = sorted((self._mage_worth(view, m["id"]) - m["price"] * ruby for m in fair), reverse=True)
                best = max(best, 0.8 * sum(vals[: max(1, len(vals) // 3)]) / max(1, len(vals) // 3))
        return best

    def _combat_value(self, view) -> float:
        if not self.w["attack"]:
            return 0.0
        me, ruby = self._me(view), self._ruby(view)
        mine = [m for m in me["mages"] if not m["centre"]]
        if not mine:
            return 0.0
        best = 0.0
        for g in view["guilds"]:
            if g["seat"] == view["seat"]:
                continue
            guards = [m for m in g["mages"] if not m["centre"] and m["active"] is not True]
            # their questing or attacking cards take their mages away from the guild
            if (g["first"] == "combat" or (g["first"] is None and g["seat"] in self._raiders(view))) \
                    and g["placed"] is False:
                guards = []
            elif g["first"] == "quest" and g["placed"] is False:
                guards = guards[: max(0, len(guards) - 2)]
            odds = 0.85 if not guards else max(0.0, min(0.8, 0.5 + 0.15 * (len(mine) - len(guards))))
            loot = g["rubies"] // view["cards"]["rules"]["loot_ruby_divisor"] * ruby * 1.6 + min(g["hand_count"], len(mine)) * 0.8
            best = max(best, odds * loot - (1 - odds) * 1.5)
        return best * self.w["attack"]

    def _point_values(self, view) -> dict[str, float]:
        if "values" not in self.memo:
            self.memo["values"] = self._compute_values(view)
        return dict(self.memo["values"])

    def _compute_values(self, view) -> dict[str, float]:
        me = self._me(view)
        ruby = self._ruby(view)
        values = {
            "work": self._work_income(view) * ruby,
            "trade": max(self._trade_options(view, 0).values()),
            "recruit": self._recruit_value(view),
            "leader": self._leader_power(view),
            "quest": self._quest_value(view),
            "combat": self._combat_value(view),
        }
        if me["rubies"] < 2:
            values["trade"] = min(values["trade"], 0.5)
        return values

    def _pair(self, view, first: str, values: dict[str, float]) -> dict[str, float]:
        """Second card values given the first (X2 repeats the first with its bonus)."""
        out = {k: v for k, v in values.items() if k != first}
        ruby = self._ruby(view)
        x2 = {"work": values["work"] + max(0.0, self._trade_options(view, 0).get("buy", 0.0)) * 0.7,
              "trade": max(self._trade_options(view, 2).values()) + 2 * view["cards"]["rules"]["trade_discount"] * ruby * 0.5,
              "recruit": values["recruit"] * 0.7,
              "leader": values["leader"] + self._unit_points(view)["alignment"] * 2 * (self._room(view) > 0),
              "quest": values["quest"] * 0.5 - 1.0,
              "combat": values["combat"] * 0.5}
        out["x2"] = x2.get(first, 0.0)
        if first == "quest":
            out["combat"] = 0.0
        if first == "combat":
            out["quest"] = 0.0
        return out

    def _first_action(self, view, legal):
        if not self.pts:
            return super()._first_action(view, legal)
        values = self._point_values(view)
        opts = self._options(view)

        def total(a: str) -> float:
            return values.get(a, 0.0) + max(self._pair(view, a, values).values())
        return Choose(max(opts, key=lambda a: (total(a), a)))

    def _second_action(self, view, legal):
        if not self.pts:
            return super()._second_action(view, legal)
        first = self._me(view)["first"]
        values = self._pair(view, first, self._point_values(view))
        return Choose(max(self._options(view), key=lambda a: (values.get(a, 0.0), a)))

    def _dark_power(self, view, legal):
        if not (self.pts and self.w["rethink"]):
            return Choose("keep")
        first = self._me(view)["first"]
        values = self._point_values(view)
        best = max((a for a in self._options(view) if a != "keep"), key=lambda a: values.get(a, 0.0))
        return Choose(best) if values.get(best, 0.0) > values.get(first, 0.0) + 1.5 else Choose("keep")

    def _light_power(self, view, legal):
        if not (self.pts and self.w["rethink"]):
            return Choose("keep")
        me = self._me(view)
        values = self._pair(view, me["first"], self._point_values(view))
        now = values.get(me["second"], 0.0)
        best = max((a for a in self._options(view) if a != "keep"), key=lambda a: values.get(a, 0.0))
        return Choose(best) if values.get(best, 0.0) > now + 1.5 else Choose("keep")

    def _placement(self, view, legal):
        if not self.pts:
            return super()._placement(view, legal)
        me = self._me(view)
        cards = (me["first"], me["second"])
        avail = [m["id"] for m in me["mages"] if not m["centre"]]
        threat = self.w["guard"] and bool(self._raiders(view))
        need = self._guards_needed(view)
        everyone = max((a for a in legal if isinstance(a, Place)), key=lambda a: len(a.active))
        if threat and len(avail) < need:  # outnumbered: a guard would only die; all away, the raid finds no one
            return everyone
        if "combat" in cards:
            if threat and len(avail) > 1:  # one raider is enough against an empty guild; the rest guard
                strength = view["cards"]["mages"]
                best = max(avail, key=lambda x: (max(strength[x]["attack"].values()), x))
                if Place((best,)) in legal:
                    return Place((best,))
            return max((a for a in legal if isinstance(a, Place)), key=lambda a: len(a.active))
        if "quest" not in cards:
            return Place(())
        if threat and need:  # keep enough mages home to hold the raid; the rest go questing
            places = [a for a in legal if isinstance(a, Place) and len(avail) - len(a.active) >= need]
            if places:
                return max(places, key=lambda a: (self._quest_chance(view, mages=list(a.active))[0], len(a.active)))
            return Place(())
        if not threat or len(avail) <= 2:
            return max((a for a in legal if isinstance(a, Place)), key=lambda a: len(a.active))
        # keep the sturdiest mage home when its absence costs the quest little
        p_all, _ = self._quest_chance(view, mages=avail)
        best = None
        for a in legal:
            if isinstance(a, Place) and len(a.active) == len(avail) - 1:
                p, _ = self._quest_chance(view, mages=list(a.active))
                if p >= p_all - 0.1 and (best is None or p > best[0]):
                    best = (p, a)
        return best[1] if best else max((a for a in legal if isinstance(a, Place)), key=lambda a: len(a.active))

    def _point_bid(self, view, legal):
        lot = view["lot"]
        ruby = max(0.15, self._ruby(view))
        worth = self._mage_worth(view, lot["mage"]) / ruby * self.w["bid"]
        bids = [a for a in legal if isinstance(a, Bid) and a.amount <= worth and a.amount <= self._me(view)["rubies"] - 1]
        return min(bids, key=lambda a: a.amount) if bids else Choose("pass")

    def _attempt(self, view, legal):
        if not self.pts:
            odds = self._quest_odds(view)
            return Choose("go" if odds >= max(0.5, self.w["quest_odds"]) else "give_up")
        p, _ = self._quest_chance(view)
        return Choose("go" if p >= self.w["quest_odds"] * 0.6 else "give_up")

    def _assign(self, view, legal):
        if not self.pts:
            return None
        fight = view["fight"] or {}
        mid = view["prompt"]["context"].get("mage")
        q = view["quest"]
        if q is None or not fight:
            return None
        _, split = self._quest_chance(view, mages=list(fight.get("party", [])))
        for i, group in split.items():
            if mid in group and f"monster:{i}" in self._options(view):
                return Choose(f"monster:{i}")
        return None

    def _combat_spell(self, view, legal):
        if not self.pts:
            return super()._combat_spell(view, legal)
        spells = [o for o in self._options(view) if o != "none"]
        fight = view["fight"] or {}
        if fight.get("kind") == "quest" and view["prompt"]["context"].get("bonus") == "attack_bonus":
            return Choose(spells[0]) if spells else None
        if fight.get("kind") == "duel":
            return Choose(spells[0]) if spells else None
        return Choose(spells[0]) if spells else None

    def _turn_spell(self, view, legal):
        spells = [o for o in self._options(view) if o != "none"]
        return Choose(spells[0]) if spells else None

    def _buy(self, view, legal):
        if not self.pts:
            return super()._buy(view, legal)
        ruby = self._ruby(view)
        prices = view["prompt"]["context"].get("prices", {})
        options = [o for o in self._options(view) if o != "none"]
        best = max(options, key=lambda c: self._item_worth(view, c) - prices.get(c, 0) * ruby, default=None)
        if best is not None and self._item_worth(view, best) - prices.get(best, 0) * ruby > 0:
            return Choose(best)
        return Choose("none")

    def _sell(self, view, legal):
        return Choose(min(self._options(view), key=lambda c: self._item_worth(view, c)))

    def _recruit(self, view, legal):
        if not self.pts:
            return super()._recruit(view, legal)
        ruby = self._ruby(view)
        cards = view["cards"]["mages"]
        options = [o for o in self._options(view) if o != "none"]
        best = max(options, key=lambda m: self._mage_worth(view, m) - cards[m]["price"] * ruby, default=None)
        if best is not None and self._mage_worth(view, best) - cards[best]["price"] * ruby > -0.5:
            return Choose(best)
        return Choose("none")

    def _face_up_mage(self, view, legal):
        if not self.pts or "buy" not in self._options(view):
            return super()._face_up_mage(view, legal)
        mid = view["prompt"]["context"]["mage"]
        worth = self._mage_worth(view, mid) - view["cards"]["mages"][mid]["price"] * self._ruby(view)
        return Choose("buy" if worth > 0 else "auction")

    def _leader(self, view, legal):
        if not self.pts:
            return super()._leader(view, legal)
        ruby = self._ruby(view)

        def worth(lid):
            c = view["cards"]["leaders"][lid]
            return c["vp"] + c["work_income"] * ruby * 4 + self._leader_power(view, lid) * 2
        return Choose(max(self._options(view), key=worth))

    def _recruit_x2(self, view, legal):
        return Choose("mages")

    def _target(self, view, legal):
        if not self.pts:
            return super()._target(view, legal)

        def loot(s: str) -> float:
            g = view["guilds"][int(s)]
            guards = sum(1 for m in g["mages"] if not m["centre"] and m["active"] is False)
            return g["rubies"] / 2 + g["hand_count"] - 3 * guards
        return Choose(max(self._options(view), key=loot))

    def _counter(self, view, legal):
        return Choose("yes")

    def _line(self, view, legal):
        fight = view["fight"] or {}
        if not self.pts or fight.get("defender") != view["seat"]:
            return None
        # the first mages of the line take the strikes; the rest stand untouched: sturdiest first
        return Choose(max(self._options(view), key=lambda m: (self._survives(view, m, {fight["attacker"]}), m)))

    def _steal_target(self, view, legal):
        return super()._steal_target(view, legal)


class Apprentice(PersonaBot):
    persona = "apprentice"


class Adept(PersonaBot):
    persona = "adept"


class Master(PersonaBot):
    persona = "master"


BOTS: dict[str, Any] = {"apprentice": Apprentice, "adept": Adept, "master": Master,
                        "random": RandomBot, "greedy": GreedyBot}
ALIASES: dict[str, str] = {}
PROBES: dict[str, Any] = {}   # test-only bots (tests/guildes/probes.py registers them)
