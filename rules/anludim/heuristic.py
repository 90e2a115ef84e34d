"""Anludim's heuristic bots: a persona of weights scores every move (weights in
content/anludim/bots.yaml, read from the view), plus the uniform random bot and issue 3's greedy
bot (the base of the test-only probes). `rules/anludim/bots.py` holds the registry of levels;
`rules/anludim/master.py` the Master's search, which plays these heuristics out.

Every bot sees only its view and the legal actions, and draws randomness only from its own
`random.Random(seed)`. Weights come from the view (`view["content"]["bots"][persona]`, i.e. the
content's bots.yaml); the defaults below are used when a view carries none.
"""


from __future__ import annotations

import random
from collections import Counter
from typing import Any

from rules.anludim import actions as A
from rules.anludim import combos

DEFAULTS: dict[str, dict[str, Any]] = {  # the same as content/anludim/bots.yaml
    "apprentice": {"item": 1.0, "steal": 0.0, "steal_leader": 0.0, "card_cost": 0.0, "strength": 0.0,
                   "take_back_orphans": False, "face_up_min_matches": 1, "noise": 4.0},
    "adept": {"item": 1.0, "steal": 1.0, "steal_leader": 1.0, "new_kind": 0.5, "card_cost": 0.25,
              "strength": 0.0, "take_back_orphans": True, "face_up_min_matches": 2},
    "master": {"item": 1.0, "steal": 1.0, "steal_leader": 1.0, "new_kind": 1.0, "card_cost": 0.6,
               "strength": 0.0, "take_back_orphans": True, "face_up_min_matches": 2,
               "round_end": 20.0, "threat": 5.0, "samples": 6, "candidates": 3, "depth": 12,
               "playout": "adept"},
}
BASE = {"item": 1.0, "steal": 1.0, "steal_leader": 1.0, "new_kind": 0.0, "card_cost": 0.25,
        "lose_professor": 3.0, "strength": 0.0, "take_back_orphans": False,
        "face_up_min_matches": 2, "discard_item_max": 0, "discard_hand_max": 2, "noise": 0.0,
        "round_end": 0.0, "threat": 0.0, "scarce": 0.0, "samples": 0, "candidates": 4, "depth": 12,
        "playout": "adept"}


class RandomBot:
    """Uniform over the legal actions."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[A.Action]) -> A.Action:
        return self.rng.choice(legal)


class PersonaBot:
    """A heuristic bot whose weights are one persona of bots.yaml; see the module docstring."""

    persona = "adept"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def weights(self, view: dict[str, Any]) -> dict[str, Any]:
        given = (view["content"].get("bots") or {}).get(self.persona) or DEFAULTS[self.persona]
        return {**BASE, **given}

    def choose(self, view: dict[str, Any], legal: list[A.Action]) -> A.Action:
        w = self.weights(view)
        if view["phase"] == "round_over":
            return self._keep(view, legal)
        if w["take_back_orphans"]:
            orphans = [a for a in legal if isinstance(a, A.TakeBack)
                       and view["seats"][view["seat"]]["combos"][a.combo]["professor"] is None]
            if orphans:
                return orphans[-1]  # the last one first: the others keep their index
        discard = self._discard(view, legal, w)
        if discard is not None:
            return discard
        lays = [a for a in legal if isinstance(a, A.Lay)]
        other = self._other_main(view, legal, w)
        if lays:
            scores = self._score_lays(view, lays, w)
            if w["round_end"]:
                scores = [sc + self._look(view, lay.professor, w) for sc, lay in zip(scores, lays)]
                rest = self._look(view, None, w)
            else:
                rest = 0.0
            best = max(range(len(lays)), key=lambda i: (scores[i], -i))
            if scores[best] > rest or (other is None and scores[best] > 0):
                return lays[best]
        return other if other is not None else self.rng.choice(legal)

    def _other_main(self, view: dict[str, Any], legal: list[A.Action], w: dict[str, Any]) -> A.Action | None:
        """What the bot does when it does not lay: end the turn, take a face-up card or draw."""
        for kind in (A.EndTurn, A.TakeFaceUp, A.Draw, A.PassTurn):
            options = [a for a in legal if isinstance(a, kind)]
            if options:
                return self._face_up(view, options, legal, w) if kind is A.TakeFaceUp else options[0]
        return None

    # -- look ahead: the end of this turn and of the next seat's, from public facts -----------------

    def _look(self, view: dict[str, Any], professor: str | None, w: dict[str, Any]) -> float:
        """What the round end looks like if the bot calls `professor` (None: calls none) this turn:
        +round_end if its end of turn ends the round in its favour, -round_end if against it; then
        the same, times `threat`, for the next seat's end of turn with the professors as they stand."""
        me, n = view["seat"], len(view["seats"])
        holder = {p["id"]: p["seat"] for p in view["professors"]}
        order = {p["id"]: (p["seat"], p["combo"] if p["combo"] is not None else 0) for p in view["professors"]}
        if professor is not None:
            holder[professor] = me
            order[professor] = (me, 1000)
        piles = {p["item"]: list(p["values"]) for p in view["piles"]}
        items = {p["id"]: p["item"] for p in view["professors"]}
        totals = [s["total"] for s in view["seats"]]
        kinds = [{it["item"] for it in s["items"]} for s in view["seats"]]
        limit = view["content"]["rules"]["empty_piles_end"]

        def end_of_turn(seat: int) -> int | None:
            mine = sorted((order[p][1], p) for p, h in holder.items() if h == seat)
            for _, prof in mine:
                pile = piles[items[prof]]
                if pile:
                    totals[seat] += pile.pop(0)
                    kinds[seat].add(items[prof])
                    winner = check(seat)
                    if winner is not None:
                        return winner
            return check(seat)

        def check(trigger: int) -> int | None:
            seats = [(trigger + k) % n for k in range(n)]
            for s in seats:
                stand_in = {items[p] for p, h in holder.items() if h == s and not piles[items[p]]}
                if len(kinds[s] | stand_in) == len(piles):
                    return s
            if sum(1 for pile in piles.values() if not pile) >= limit:
                return max(seats, key=lambda s: totals[s])
            return None

        winner = end_of_turn(me)
        if winner is not None:
            return w["round_end"] * (1 if winner == me else -1)
        winner = end_of_turn((me + 1) % n)
        if winner is not None:
            return w["threat"] * (1 if winner == me else -1)
        return 0.0

    # -- scoring ---------------------------------------------------------------------------------

    def _score_lays(self, view: dict[str, Any], lays: list[A.Lay], w: dict[str, Any]) -> list[float]:
        me = view["seat"]
        profs = {p["id"]: p for p in view["professors"]}
        piles = {p["item"]: p for p in view["piles"]}
        leader = max(view["seats"], key=lambda s: s["total"])["seat"]
        held = {it["item"] for it in view["seats"][me]["items"]}
        mine = {c["id"]: combo for combo in view["seats"][me]["combos"] for c in combo["cards"]}
        halves = _known_halves(view)
        strengths = [combos.strength(tuple(halves[cid][h]) for cid, h in lay.cards) for lay in lays]
        by_prof: dict[str, list] = {}
        for lay, s in zip(lays, strengths):
            by_prof.setdefault(lay.professor, []).append(s)
        out = []
        for i, lay in enumerate(lays):
            prof = profs[lay.professor]
            if prof["seat"] == me:
                out.append(-1.0)
                continue
            pile = piles[prof["item"]]
            value = pile["values"][0] if pile["values"] else 0.5
            score = w["item"] * value + 1.0
            if prof["seat"] is not None:
                score += w["steal"] + (w["steal_leader"] if prof["seat"] == leader else 0.0)
            if prof["item"] not in held and pile["values"]:
                score += w["new_kind"]
            lost = {mine[cid]["index"] for cid, _ in lay.cards if cid in mine and mine[cid]["professor"]}
            spent = len(lay.cards) / max(1, len(view["hand"] or []))  # share of the hand laid
            score -= w["card_cost"] * len(lay.cards) * (1 + w["scarce"] * spent) + w["lose_professor"] * len(lost)
            ranks = sorted(set(by_prof[lay.professor]))
            if len(ranks) > 1:
                score += w["strength"] * ranks.index(strengths[i]) / (len(ranks) - 1)
            if w["noise"]:
                score += self.rng.uniform(0, w["noise"])
            out.append(score)
        return out

    def _discard(self, view: dict[str, Any], legal: list[A.Action], w: dict[str, Any]) -> A.Action | None:
        """The optional action: discard the cheapest item to draw, when the hand runs low."""
        if not w["discard_item_max"] or len(view["hand"] or []) > w["discard_hand_max"]:
            return None
        if any(isinstance(a, A.Lay) for a in legal):
            return None
        items = [a for a in legal if isinstance(a, A.DiscardItem) and a.value <= w["discard_item_max"]]
        if not items:
            return None
        # Never the last item of a kind (the five kinds end the round) unless it has doubles.
        count = Counter(it["item"] for it in view["seats"][view["seat"]]["items"])
        items = [a for a in items if count[a.item] > 1]
        return min(items, key=lambda a: (a.value, a.item)) if items else None

    def _face_up(self, view: dict[str, Any], options: list[A.TakeFaceUp], legal, w) -> A.Action:
        values = Counter(v for c in view["hand"] or [] for v, _ in c["halves"])
        colours = Counter(c for card in view["hand"] or [] for _, c in card["halves"])

        def gain(a: A.TakeFaceUp) -> float:
            halves = view["face_up"][a.slot]["halves"]
            return sum(values[v] for v, _ in halves) + 0.25 * max(colours[c] for _, c in halves)

        best = max(options, key=gain)
        return best if gain(best) >= w["face_up_min_matches"] or A.Draw() not in legal else A.Draw()

    def _keep(self, view: dict[str, Any], legal: list[A.Action]) -> A.Action:
        hand = {c["id"]: c["halves"] for c in view["hand"] or []}
        values = Counter(v for halves in hand.values() for v, _ in halves)

        def worth(keep: A.Keep) -> int:
            return sum(values[v] for cid in keep.cards for v, _ in hand[cid])

        return max(legal, key=worth)


def _known_halves(view: dict[str, Any]) -> dict[str, list]:
    """Card id -> halves for every card the seat can see (hand and laid cards)."""
    known = {c["id"]: c["halves"] for c in view["hand"] or []}
    for s in view["seats"]:
        for combo in s["combos"]:
            known.update({c["id"]: c["halves"] for c in combo["cards"]})
    return known


class Apprentice(PersonaBot):
    persona = "apprentice"


class Adept(PersonaBot):
    persona = "adept"


class GreedyBot:
    """Issue 3's heuristic (the name `greedy` in old saves now plays the adept; this class stays as
    the base of the test-only probes): lays for the best item, else draws; never takes back, never
    discards, ends its turn after the main action."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[A.Action]) -> A.Action:
        if view["phase"] == "round_over":
            return PersonaBot._keep(self, view, legal)  # type: ignore[arg-type]
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
