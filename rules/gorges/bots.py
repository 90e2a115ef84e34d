"""Gorges bots, for `simulate` only (battles are fought by people: no bot is offered at new game).

- `random`: uniform over the legal actions, ending the movement phase and issuing no challenge a
  third of the time, so that random campaigns look like campaigns (bench times it: `bots[0]`).
- `captain`: a campaign general who follows each phase's purpose (rulebook: relic points come from
  searching one's territories, so land is what counts). It spreads its armies over neutral land
  (annexed in phase 8) while one stays on its lands, walks towards land worth taking, moves onto
  weak enemy land and challenges for it, builds once a season (fortresses and cities facing its
  enemies, mines away from them), takes up a challenge when refusing would cost land, offers no
  relic points and takes those offered. Asked to enter a battle's result, it reports a fair
  battle (it does not favour itself: the battle is the people's). Its weights are
  content/gorges/bots.yaml (`view["bots"]["captain"]`; the defaults below match the file).

Both see only the view and the legal actions, and draw randomness only from their own
`random.Random(seed)`. The view is the same for every seat; the seat a bot plays is the seat the
prompt asks (`view["prompt"]["seat"]`).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping
from typing import Any

from rules.core import Action
from rules.gorges import actions as A

DEFAULTS: dict[str, Any] = {  # the same as content/gorges/bots.yaml
    "annex": 10.0, "attack": 6.0, "leader": 0.5, "building_stake": 2.0, "open_land": 1.0,
    "approach": 1.5, "crowded": -8.0, "raid_risk": 0.3, "fortress": 2.0, "city": 3.0, "mine": 3.0,
    "frontier": 1.0, "challenge_min": 2.0, "stake": 8.0, "remote": 2.0, "battle_risk": 1.5,
    "accept_below_save": 0.5, "accept_for_land": True, "offer_relics": 0, "draw": 0.05,
    "slain": 0.15, "storm_of_magic": True, "points_edge": 0.0, "races": [],
    "wound_preference": [6, 3, 4, 5, 2, 1],
}
BUILDING_GUARD = {"fortress": 1, "city": 2}  # the rulebook's save bonuses (races may add more)


class RandomBot:
    """Answers every prompt with a random legal action."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """One of `legal`; `done` a third of the time when it is offered among orders."""
        done = [a for a in legal if a.type == "done"]
        if done and len(legal) > 1 and self.rng.random() < 0.35:
            return done[0]
        return legal[self.rng.randrange(len(legal))]


class Board:
    """What the captain reads of a view, for one decision: owners, armies, distances."""

    def __init__(self, view: Mapping[str, Any], me: int) -> None:
        self.me = me
        self.map = view["map"]
        self.terr = view["territories"]
        self.armies = view["armies"]
        self.generals = view["generals"]
        self.allies = {b if a == me else a for a, b in view["alliances"] if me in (a, b)}
        self.protected = bool(view["options"].get("capitals_protected"))
        self.relics = [g["relic_points"] for g in self.generals]
        self._goals: dict[str, int] | None = None

    def owner(self, tid: str) -> int | None:
        return self.terr[tid]["owner"]

    def capital(self, tid: str) -> bool:
        return self.terr[tid]["capital_of"] is not None

    def mine(self) -> list[dict[str, Any]]:
        """The bot's armies on the map."""
        return [a for a in self.armies.values() if a["seat"] == self.me and a["on_map"]]

    def foreign_at(self, tid: str) -> bool:
        """True when an army of another general (not an ally) stands on `tid`."""
        return any(self.armies[a]["seat"] not in (self.me, *self.allies) for a in self.terr[tid]["armies"])

    def mine_at(self, tid: str, but: str | None = None) -> bool:
        return any(self.armies[a]["seat"] == self.me and a != but for a in self.terr[tid]["armies"])

    def free_land(self, tid: str) -> bool:
        """Neutral land an army annexes by ending there (capitals never turn neutral)."""
        return self.owner(tid) is None and not self.capital(tid)

    def enemy_land(self, tid: str) -> bool:
        o = self.owner(tid)
        return o is not None and o != self.me and o not in self.allies \
            and not (self.protected and self.capital(tid))

    def hostile_near(self, tid: str) -> int:
        """Enemy territories and armies on or next to `tid`."""
        near = (tid, *self.map[tid]["neighbours"])
        return sum(1 for t in near if self.enemy_land(t)) + sum(1 for t in near if self.foreign_at(t))

    def goals(self) -> dict[str, int]:
        """Steps from each territory to the nearest land worth taking (neutral or weak enemy land)."""
        if self._goals is None:
            start = [t for t in self.map if (self.free_land(t) or self.enemy_land(t)) and not self.foreign_at(t)]
            dist = dict.fromkeys(start, 0)
            queue = deque(start)
            while queue:
                t = queue.popleft()
                for n in self.map[t]["neighbours"]:
                    if n not in dist:
                        dist[n] = dist[t] + 1
                        queue.append(n)
            self._goals = dist
        return self._goals

    def save_chance(self, tid: str, defender: int, attacker: int) -> float:
        """The defender's chance to keep `tid` on a refused challenge (6+ on a d6, the rulebook's
        standard modifiers; race abilities and events are not in the view)."""
        near = (tid, *self.map[tid]["neighbours"])
        mods = -1 if any(self.owner(n) == attacker for n in self.map[tid]["neighbours"]) else 0
        kinds = {self.terr[t]["building"] for t in near if self.owner(t) == defender}
        mods += sum(v for k, v in BUILDING_GUARD.items() if k in kinds)
        return max(0, min(6, mods + 1)) / 6

    def worth(self, army: dict[str, Any]) -> int:
        """What an army has won (renown regiments, items, points): the army a general keeps safe."""
        return len(army["regiments"]) * 2 + len(army["hero"]["items"]) + army["extra_points"] // 100


class CaptainBot:
    """A campaign general (see the module docstring)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        prompt = view["prompt"]
        w = {**DEFAULTS, **((view.get("bots") or {}).get("captain") or {})}
        board = Board(view, prompt["seat"])
        handler = getattr(self, f"_{prompt['kind']}", None)
        choice = handler(board, view, prompt, legal, w) if handler is not None else None
        return choice if choice is not None else legal[self.rng.randrange(len(legal))]

    def best(self, scored: list[tuple[float, Action]]) -> tuple[float, Action | None]:
        """The highest score (ties broken by the bot's own dice)."""
        if not scored:
            return float("-inf"), None
        top = max(s for s, _ in scored)
        ties = [a for s, a in scored if s >= top - 1e-9]
        return top, ties[self.rng.randrange(len(ties))]

    # -- phase 5: movement -------------------------------------------------------------------

    def _movement(self, b: Board, view, prompt, legal, w) -> Action:
        home = [a["id"] for a in b.mine() if b.owner(a["location"]) == b.me]
        scored: list[tuple[float, Action]] = []
        for act in legal:
            gain = self._order(b, act, home, w)
            if gain is not None:
                scored.append((gain, act))
        top, act = self.best(scored)
        return act if act is not None and top > 0.01 else A.Done()

    def _order(self, b: Board, act: Action, home: list[str], w: dict[str, Any]) -> float | None:
        if isinstance(act, A.Move) and act.mode == "enemy":
            return self._threat(b, b.armies[act.army]["location"], w) - self._threat(b, act.to, w)
        if isinstance(act, A.Move):
            army = b.armies[act.army]
            if home == [act.army] and b.owner(act.to) != b.me:
                return None  # the last army on the bot's lands stays on them (the home rule)
            gain = self.spot(b, act.to, act.army, w) - self.spot(b, army["location"], act.army, w)
            if act.mode == "raid":
                gain -= w["raid_risk"] * (w["annex"] + b.worth(army))
            return gain
        if isinstance(act, A.RerollMovement):
            return 1.0 if b.armies[act.army]["allowance"] <= 1 else None
        if isinstance(act, A.MoveCapital):
            return w["annex"] if b.free_land(act.to) else None
        return None

    def spot(self, b: Board, tid: str, aid: str, w: dict[str, Any]) -> float:
        """How good it is for army `aid` to end its move on `tid`."""
        value = 0.0
        if b.free_land(tid) and not b.mine_at(tid, aid):
            value = w["annex"]
        elif b.enemy_land(tid) and not b.mine_at(tid, aid) and not b.foreign_at(tid):
            foe = b.owner(tid)
            value = w["attack"] * (1 - b.save_chance(tid, foe, b.me))
            value += w["leader"] * max(0, b.relics[foe] - b.relics[b.me])
            if b.terr[tid]["building"] is not None:
                value += w["building_stake"]
        if b.foreign_at(tid):
            value += w["crowded"]
        value += w["open_land"] * sum(1 for n in b.map[tid]["neighbours"] if b.free_land(n))
        value -= w["approach"] * b.goals().get(tid, len(b.map))
        return value

    def _threat(self, b: Board, tid: str, w: dict[str, Any]) -> float:
        """What another general's army standing on `tid` threatens the bot with."""
        if b.free_land(tid):
            return w["annex"] / 2  # it will annex it
        return w["attack"] if b.owner(tid) == b.me else 0.0

    # -- phase 6: construction ---------------------------------------------------------------

    def _construction(self, b: Board, view, prompt, legal, w) -> Action:
        scored = []
        for act in legal:
            if isinstance(act, A.Build):
                tid = b.armies[act.army]["location"]
                facing = b.hostile_near(tid) * w["frontier"]
                scored.append((w[act.building] + (-facing if act.building == "mine" else facing), act))
        top, act = self.best(scored)
        return act if act is not None and top > 0 else A.Done()

    # -- phase 7: challenges, answers ----------------------------------------------------------

    def _challenge(self, b: Board, view, prompt, legal, w) -> Action:
        scored = []
        for act in legal:
            if isinstance(act, A.Challenge):
                scored.append((self._stake(b, act, w), act))
        top, act = self.best(scored)
        return act if act is not None and top >= w["challenge_min"] else A.Done()

    def _stake(self, b: Board, act: A.Challenge, w: dict[str, Any]) -> float:
        army = b.armies[act.army]
        if b.owner(act.territory) != act.target:
            return -w["battle_risk"]  # the bot's own land: a lost battle would give it away
        if army["location"] == act.territory:
            gain = w["stake"] * (1 - b.save_chance(act.territory, act.target, b.me))
        else:
            gain = w["remote"]
        gain += w["leader"] * max(0, b.relics[act.target] - b.relics[b.me])
        if b.terr[act.territory]["building"] is not None:
            gain += w["building_stake"]
        return gain - w["battle_risk"] - b.worth(army) * 0.5

    def takes_up(self, b: Board, ch: Mapping[str, Any], w: dict[str, Any]) -> bool:
        """Whether the bot, challenged, fights: over its own land when refusing would bring a save
        it would likely fail; over the challenger's land when a win would take it."""
        tid = ch["territory"]
        if b.owner(tid) != b.me:
            return bool(w["accept_for_land"])
        if b.armies[ch["army"]]["location"] != tid:
            return False  # nothing happens on a refusal
        return b.save_chance(tid, b.me, ch["challenger"]) < w["accept_below_save"]

    def _answer(self, b: Board, view, prompt, legal, w) -> Action | None:
        ch = next((c for c in reversed(view["challenges"]) if c["status"] == "pending"), None)
        fighters = [a for a in legal if isinstance(a, A.Answer) and a.accept]
        if ch is None or not fighters or not self.takes_up(b, ch, w):
            return A.Answer(False) if A.Answer(False) in legal else None
        return max(fighters, key=lambda a: (b.armies[a.army]["location"] == ch["territory"],
                                            b.worth(b.armies[a.army]), a.army == f"{b.me}.G", a.army))

    def _second_challenge(self, b: Board, view, prompt, legal, w) -> Action:
        agree = self.takes_up(b, prompt["context"]["challenge"], w)
        return A.Choose("yes" if agree else "no")

    # -- phase 8: conquest -------------------------------------------------------------------

    def _offer_relics(self, b: Board, view, prompt, legal, w) -> Action:
        offers = [a for a in legal if isinstance(a, A.OfferRelics) and a.points <= w["offer_relics"]]
        return max(offers, key=lambda a: a.points) if offers else legal[0]

    def _accept_offer(self, b: Board, view, prompt, legal, w) -> Action:
        return A.Answer(True)  # relic points for certain

    # -- phase 9: a battle fought by people, reported fairly -------------------------------------

    def _battle_result(self, b: Board, view, prompt, legal, w) -> Action:
        battle = view["battle"]
        sides = battle["sides"]
        edge = w["points_edge"] * (sides[0]["extra_points"] - sides[1]["extra_points"]) / 100
        roll = self.rng.random()
        if roll < w["draw"] and any(getattr(a, "draw", False) for a in legal):
            return next(a for a in legal if getattr(a, "draw", False))
        first = (roll - w["draw"]) / max(1e-9, 1 - w["draw"]) < min(0.9, max(0.1, 0.5 + edge))
        winner = battle["challenger"] if first else battle["defender"]
        slain = tuple(h for h in battle["heroes"][:2] if self.rng.random() < w["slain"])
        storm = bool(w["storm_of_magic"])
        wanted = [a for a in legal if isinstance(a, A.BattleResult) and not a.draw and a.winner == winner]
        exact = [a for a in wanted if a.slain == slain and a.storm_of_magic == storm]
        near = exact or [a for a in wanted if a.slain == slain] or wanted
        return near[self.rng.randrange(len(near))] if near else legal[0]

    # -- choices -------------------------------------------------------------------------------

    def _choose(self, b: Board, view, prompt, legal, w) -> Action | None:
        kind = prompt["kind"]
        values = [a.value for a in legal if isinstance(a, A.Choose)]
        pick = getattr(self, f"_pick_{kind}", None)
        value = pick(b, view, prompt, values, w) if pick is not None and values else None
        return A.Choose(value) if value is not None else None

    def _race(self, *args: Any) -> Action | None:
        return self._choose(*args)

    _capital = _army = _hero = _territory = _seat = _regiment = _wound_choice = _race

    def _pick_race(self, b, view, prompt, values, w) -> str:
        liked = [r for r in w["races"] if r in values]
        return liked[0] if liked else values[self.rng.randrange(len(values))]

    def _pick_capital(self, b, view, prompt, values, w) -> str:
        """As far as possible from the capitals already taken, with room around it."""
        taken = [g["capital"] for g in b.generals if g["capital"] is not None]

        def room(tid: str) -> tuple[int, int, float]:
            far = min((hex_distance(b.map, tid, c) for c in taken), default=0)
            return far, sum(1 for n in b.map[tid]["neighbours"] if b.free_land(n)), self.rng.random()
        return max(values, key=room)

    def _pick_territory(self, b, view, prompt, values, w) -> str:
        """Lose the least (own land offered: a deserter, an epidemic, a mine for slaves), else
        hurt the leader or gain the most (land next to the bot's, a building)."""
        if all(b.owner(t) == b.me for t in values):
            return min(values, key=lambda t: (b.capital(t), b.terr[t]["building"] is not None,
                                              -b.hostile_near(t), t))

        def gain(t: str) -> tuple[float, str]:
            o = b.owner(t)
            value = 3.0 if o == b.me else 0.0  # a mine placed on its own land
            if o is not None and o != b.me:
                value += 2 + w["leader"] * max(0, b.relics[o] - b.relics[b.me])
            value += sum(1 for n in b.map[t]["neighbours"] if b.owner(n) == b.me)
            value += 2 if b.terr[t]["building"] is not None else 0
            return value, t
        return max(values, key=gain)

    def _pick_army(self, b, view, prompt, values, w) -> str:
        """An army to lose for a while (or to bring home): a reinforcement, else the one that has
        won the least and is not the last on the bot's lands."""
        home = [a["id"] for a in b.mine() if b.owner(a["location"]) == b.me]
        return min(values, key=lambda a: (b.armies[a]["slot"] != "R", home == [a], b.worth(b.armies[a]), a))

    def _pick_hero(self, b, view, prompt, values, w) -> str:
        """An enemy hero: the leader's best one; its own: the General's for an item, a lieutenant
        for an assassin (during the events)."""
        theirs = [h for h in values if b.armies[h]["seat"] != b.me]
        if theirs:
            return max(theirs, key=lambda h: (b.relics[b.armies[h]["seat"]], b.worth(b.armies[h]), h))
        harm = view["phase"] == "events"
        return min(values, key=lambda h: ((b.armies[h]["slot"] == "G") != harm, b.worth(b.armies[h]), h))

    def _pick_seat(self, b, view, prompt, values, w) -> str:
        """The most threatening opponent (armies on or next to the bot's lands), then the leader;
        for whom another general must challenge: anyone but the bot, the leader first."""
        others = [v for v in values if int(v) != b.me] or values
        if "victim" in prompt["context"]:
            return max(others, key=lambda v: (b.relics[int(v)], v))

        def threat(v: str) -> tuple[int, int, str]:
            near = sum(1 for a in b.armies.values() if a["seat"] == int(v) and a["on_map"]
                       and any(b.owner(t) == b.me for t in (a["location"], *b.map[a["location"]]["neighbours"])))
            return near, b.relics[int(v)], v
        return max(others, key=threat)

    def _pick_regiment(self, b, view, prompt, values, w) -> str:
        army = b.armies[prompt["context"]["army"]]
        gifts = {str(r["number"]): len(r["gifts"]) for r in army["regiments"]}
        return min(values, key=lambda v: (gifts.get(v, 0), v))

    def _pick_wound_choice(self, b, view, prompt, values, w) -> str:
        order = [str(f) for f in w["wound_preference"]]
        return min(values, key=lambda v: order.index(v) if v in order else len(order))


def hex_distance(hexes: Mapping[str, Any], a: str, b: str) -> int:
    """Steps between two hexes of the view's map (axial coordinates)."""
    dq, dr = hexes[a]["q"] - hexes[b]["q"], hexes[a]["r"] - hexes[b]["r"]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


BOTS = {"random": RandomBot, "captain": CaptainBot}
