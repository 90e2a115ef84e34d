"""Ambre bots: they make the mechanical choices only (bids, stakes, elements, cards laid, closing
gifts, consequences); people narrate, and a bot's narration steps are "done" buttons.

Three levels are offered to people, weakest first (`LEVELS`); their weights are the personas of
content/ambre/bots.yaml, read from the view (`view["content"]["bots"][persona]`; the defaults
below when a view carries none):

- `apprentice` (Apprenti): sensible but hesitant — the adept's scoring with a lot of noise; it
  never raises a bid, passes at every closing and never answers a gage.
- `adept` (Adepte): a tuned heuristic. Everything is scored by one number, the *standing*: its own
  fate (|Bâton + Épée − Coupe| among its put-aside cards) minus `lead` times the best other fate
  and `rest` times the others' mean. It bids high with cards of the suit being bid (staked, they
  make its conflicts that suit, which its new rank wins), stakes and picks elements so that its
  conflicts go its way, lays cards at set-up while they turn the scene its way, and at closing
  gives the card that hurts a rival most (a Coupe to a war-leaning fate, a war card to a
  Coupe-leaning one, its own minority put-aside cards away), then plays the consequences greedily.
- `master` (Maître): the adept's scoring plus a determinized look ahead at closing (the decision
  that settles a scene): it deals `samples` times the cards it cannot see (the conflict's
  face-down cards, from the cards staked or turned down earlier; the other hands) consistently
  with its view, and for each of its closing plays lets every seat still to close answer with its
  best play in that deal (`replies`), then works out the winner and the consequences; it plays
  the best average.

Every bot sees only its view and the legal actions and draws randomness only from its own
`random.Random(seed)`. Old names stay valid for saves and `simulate`: `random` (uniform over the
legal actions) and `steady` (issue 3's plain mechanical player).
"""

from __future__ import annotations

import random
from typing import Any

from rules.ambre import actions as A
from rules.ambre import cards, scoring

LEVELS = ("apprentice", "adept", "master")

DEFAULTS: dict[str, dict[str, Any]] = {  # the same as content/ambre/bots.yaml
    "apprentice": {"noise": 1.5, "lead": 0.5, "rest": 0.5, "card_cost": 0.1, "rank": 0.1, "bid_cost": 0.05,
                   "raise_max": 0, "scene": 1.0, "setup_max": 1, "closing": False, "gage": False,
                   "samples": 0, "replies": False},
    "adept": {"noise": 0.0, "lead": 0.6, "rest": 0.4, "card_cost": 0.15, "rank": 0.1, "bid_cost": 0.05,
              "raise_max": 4, "scene": 1.0, "setup_max": 3, "setup": "self", "closing": True,
              "gage": True, "samples": 0, "replies": False},
    "master": {"noise": 0.0, "lead": 0.3, "rest": 0.7, "card_cost": 0.15, "rank": 0.1, "bid_cost": 0.05,
               "raise_max": 7, "scene": 1.0, "setup_max": 3, "setup": "others", "closing": True,
               "gage": True, "samples": 6, "replies": True, "final": 1.0},
}
BASE = {**DEFAULTS["adept"], "spare": 1.0, "final": 0.0}

SIDE = {"coupe": -1, "denier": 0, "epee": 1, "baton": 1}
_SIDES = {c: SIDE[cards.suit(c)] for c in cards.pips()}
_PAIRS = {c: cards.pair(c) for c in cards.pips()}


def _value(card: str) -> int:
    pair = _PAIRS.get(card)
    return pair[1] if pair else 0


def _side(card: str) -> int:
    return _SIDES.get(card, 0)


def lean(aside: list[str]) -> int:
    """Bâton + Épée minus Coupe among put-aside cards (the fate is its absolute value)."""
    sides = _SIDES
    return sum([sides.get(c, 0) for c in aside])


def gain(aside: list[str], card: str) -> int:
    """How much `card` put aside changes a fate."""
    before = lean(aside)
    return abs(before + _side(card)) - abs(before)


def winner(face_up: list[str], ranks: dict[int, dict[str, int]], involved: list[int]) -> int | None:
    best: dict[str, int] = {}
    count: dict[str, int] = {}
    for c in face_up:
        pair = _PAIRS.get(c)
        if pair is None:
            continue
        suit, v = pair
        if v > best.get(suit, 0):
            best[suit] = v
        count[suit] = count.get(suit, 0) + 1
    if not best:
        return None
    values = {suit: best[suit] + count[suit] - 1 for suit in best}
    top = max(values.values())
    points: dict[int, int] = {}
    for suit, v in values.items():  # the same as scoring.conflict_winner, inlined for speed
        if v != top:
            continue
        seat, rank = None, 0
        for s in involved:
            r = ranks[s].get(suit, 0)
            if r > rank:
                seat, rank = s, r
        if seat is not None:
            points[seat] = points.get(seat, 0) + 1
    if not points:
        return None
    most = max(points.values())
    leaders = [s for s, p in points.items() if p == most]
    return leaders[0] if len(leaders) == 1 else None


def settle(face_up: list[str], won: int | None, involved: list[int], act: int,
           asides: list[list[str]]) -> list[list[str]]:
    """The put-aside piles after a scene's consequences, each seat playing them greedily."""
    if won is None:
        return asides
    out = [list(a) for a in asides]
    pool = list(face_up)
    if act == 1:
        if pool:
            out[won].append(max(pool, key=lambda c: (gain(out[won], c), _value(c))))
        return out
    losers = [s for s in involved if s != won]
    keep = None
    if len(pool) > len(losers):
        keep = max(pool, key=lambda c: (gain(out[won], c), _value(c)))
        pool.remove(keep)
    for loser in sorted(losers, key=lambda s: -abs(lean(out[s]))):
        if not pool:
            break
        card = min(pool, key=lambda c: gain(out[loser], c))
        pool.remove(card)
        out[loser].append(card)
    if keep is not None:
        out[won].append(keep)
    return out


def _bid_score(hand: list[str], suit: str, card: str, w: dict[str, Any]) -> float:
    """The adept's worth of laying `card` as its bid for `suit`."""
    mine = [c for c in hand if cards.suit(c) == suit]
    affinity = (1 + sum(_value(c) for c in mine) / 10) / (1 + len(hand) / 8)
    v = _value(card)
    synergy = 2.0 if cards.suit(card) == suit else 1.0
    return w["rank"] * v * affinity * synergy - w["bid_cost"] * v


class RandomBot:
    """Uniform over the legal actions."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[A.Action]) -> A.Action:
        return self.rng.choice(legal)


class Knowledge:
    """What a seat knows, read once from its view."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.me: int = view["seat"]
        seats = view["seats"]
        self.n = len(seats)
        self.asides = [list(s["aside"]) for s in seats]
        self.ranks = {s["seat"]: dict(s["ranks"]) for s in seats}
        self.hand = [c for c in view["hand"] or [] if c in _PAIRS]
        self.scenes_left = max(0, 2 * self.n - len(view["scenes"]) - (1 if view["scene"] else 0))
        self.act = view["act"] or 1

    def standing(self, asides: list[list[str]], w: dict[str, Any]) -> float:
        fates = [abs(lean(a)) for a in asides]
        mine = fates[self.me]
        others = [f for s, f in enumerate(fates) if s != self.me]
        value = mine - w["lead"] * max(others) - w["rest"] * sum(others) / len(others)
        if w["final"] and self.scenes_left == 0:  # the last scene: who ends above whom is all that counts
            value += w["final"] * sum((mine > f) - (mine < f) for f in others)
        return value

    def card_cost(self, w: dict[str, Any]) -> float:
        """A hand card's worth: it falls as the scenes run out, and to `spare` times that while the
        hand holds more cards than closings left (one gift per closing: the others can only be laid)."""
        cost = w["card_cost"] * (self.scenes_left + 1) / (2 * self.n + 1)
        return cost * w["spare"] if len(self.hand) > self.scenes_left else cost

    def face_up(self, conflict: int) -> list[str]:
        return [c["card"] for c in self.view["conflicts"][conflict]["cards"] if c["up"]]

    def face_down_count(self, conflict: int) -> int:
        return sum(1 for c in self.view["conflicts"][conflict]["cards"] if not c["up"])

    def scene_value(self, face_up: list[str], involved: list[int], w: dict[str, Any],
                    asides: list[list[str]] | None = None, act: int | None = None) -> float:
        """The standing after a scene settled on these face-up cards."""
        asides = self.asides if asides is None else asides
        won = winner(face_up, self.ranks, involved)
        after = settle(face_up, won, involved, act or self.act, asides)
        bonus = 0.0
        if won == self.me:
            bonus = 0.1 * w["scene"]
        elif won is not None and self.me in involved:
            bonus = -0.1 * w["scene"]
        return self.standing(after, w) + bonus

    def conflict_outlook(self, face_up: list[str], seats: list[int]) -> int:
        """+1 when this seat wins a conflict on these cards, -1 when its rival does, else 0."""
        if self.me not in seats:
            return 0
        won = winner(face_up, self.ranks, seats)
        return 0 if won is None else (1 if won == self.me else -1)

    # -- hidden cards ------------------------------------------------------------------------

    def unseen(self) -> list[str]:
        """Pip cards this seat cannot see anywhere (other hands, face-down cards, the box)."""
        seen = set(self.hand)
        for c in self.view["conflicts"]:
            seen.update(x["card"] for x in c["cards"] if x["up"])
        for a in self.asides:
            seen.update(a)
        b = self.view["bidding"]
        if b:
            for bid in b["bids"].values():
                seen.update(bid)
            seen.update(c for c in b["laid"].values() if c)
        sc = self.view["scene"]
        if sc and sc["gage"]:
            seen.add(sc["gage"])
        if sc and sc["request"] and sc["request"]["card"]:
            seen.add(sc["request"]["card"])
        return [c for c in cards.pips() if c not in seen]

    def tracked(self) -> set[str]:
        """Cards once seen face up on a conflict (staked, laid, turned): where face-down cards come from."""
        out: set[str] = set()
        for r in self.view["bid_results"]:
            for seat in r["ranking"]:
                out.update(r["bids"].get(str(seat), []))
        in_hand: set[str] = set()
        records = list(self.view["scenes"]) + ([self.view["scene"]] if self.view["scene"] else [])
        for rec in records:
            out.update(x["card"] for x in rec.get("laid", []))
            out.update(x["card"] for x in rec.get("requests", []))
            for play in rec.get("closing", []):
                if play.get("turned"):
                    out.add(play["turned"])
            for move in rec.get("moves", []):
                if move["kind"] == "take_hand":
                    in_hand.add(move["card"])
                elif move["kind"] == "accept_gage":
                    in_hand.add(move["gage"])
        return out - in_hand


class PersonaBot:
    """A heuristic bot whose weights are one persona of bots.yaml; see the module docstring."""

    persona = "adept"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def weights(self, view: dict[str, Any]) -> dict[str, Any]:
        given = ((view["content"].get("bots") or {}).get(self.persona)) or DEFAULTS[self.persona]
        return {**BASE, **given}

    def noise(self, w: dict[str, Any]) -> float:
        return self.rng.uniform(0, w["noise"]) if w["noise"] else 0.0

    def best(self, options: list[Any], score, w: dict[str, Any]) -> Any:
        scored = [(score(a) + self.noise(w), -i) for i, a in enumerate(options)]
        return options[-max(scored)[1]]

    def choose(self, view: dict[str, Any], legal: list[A.Action]) -> A.Action:
        if len(legal) == 1:
            return legal[0]
        w = self.weights(view)
        k = Knowledge(view)
        first = legal[0]
        pick = getattr(self, f"_{first.type}", None)
        if pick is None:
            return A.Couper() if A.Couper() in legal else legal[0]
        return pick(k, legal, w)

    # -- bids --------------------------------------------------------------------------------

    def _bid(self, k: Knowledge, legal: list[A.Bid], w: dict[str, Any]) -> A.Action:
        suit = k.view["bidding"]["suit"]
        minors = [a for a in legal if cards.is_minor(a.card)]
        if not minors:
            return legal[-1]
        return self.best(minors, lambda a: _bid_score(k.hand, suit, a.card, w), w)

    def _pass_raise(self, k: Knowledge, legal: list[A.Action], w: dict[str, Any]) -> A.Action:
        b = k.view["bidding"]
        me = str(k.me)
        need = b["best"] - b["totals"].get(me, 0) + 1
        leader = max(b["totals"], key=lambda s: b["totals"][s])
        if w["raise_max"] <= 0 or leader == me or b["totals"][me] == b["best"]:
            return A.PassRaise()
        suit = b["suit"]
        raises = [a for a in legal if isinstance(a, A.RaiseBid)
                  and need <= _value(a.card) <= min(w["raise_max"], need + 2)]
        if not raises:
            return A.PassRaise()
        return min(raises, key=lambda a: (cards.suit(a.card) != suit, _value(a.card)))

    def _stake(self, k: Knowledge, legal: list[A.Stake], w: dict[str, Any]) -> A.Action:
        bid = k.view["bidding"]["bids"].get(str(k.me), [])

        def score(a: A.Stake) -> float:
            c = k.view["conflicts"][a.conflict]
            up = k.face_up(a.conflict) + bid
            return k.conflict_outlook(up, list(c["seats"])) - 0.01 * len(c["cards"])

        return self.best(legal, score, w)

    # -- characterising ----------------------------------------------------------------------

    def _element(self, k: Knowledge, legal: list[A.Element], w: dict[str, Any]) -> A.Action:
        def score(a: A.Element) -> float:
            total = 0
            for c in k.view["conflicts"]:
                up = [x for x in k.face_up(c["index"]) if x != a.card]
                total += k.conflict_outlook(up, list(c["seats"]))
            return total

        return self.best(legal, score, w)

    # -- scenes ------------------------------------------------------------------------------

    def _planned(self, k: Knowledge, conflict: int, involved: list[int], w: dict[str, Any]) -> float:
        """The scene's value if this seat sets it up alone and lays greedily."""
        return self._plan_lays(k, conflict, involved, w)[0]

    def _plan_lays(self, k: Knowledge, conflict: int, involved: list[int],
                   w: dict[str, Any]) -> tuple[float, list[str]]:
        """(value, face-up cards) if this seat sets the scene up alone and lays greedily."""
        up = k.face_up(conflict)
        hand = list(k.hand)
        value = k.scene_value(up, involved, w)
        for _ in range(w["setup_max"]):
            options = [(k.scene_value(up + [c], involved, w) - k.card_cost(w), c) for c in hand]
            if not options:
                break
            v, c = max(options)
            if v <= value + 1e-9:
                break
            value, up = v, up + [c]
            hand.remove(c)
        return value, up

    def _initiate(self, k: Knowledge, legal: list[A.Initiate], w: dict[str, Any]) -> A.Action:
        def score(a: A.Initiate) -> float:
            involved = sorted(set(k.view["conflicts"][a.conflict]["seats"]) | {k.me})
            if w["setup"] == "others":  # it will close last: one face-up card turned down, at best
                up = k.face_up(a.conflict)
                turns = [[c for c in up if c != x] for x in up] if k.asides[k.me] else []
                return max(k.scene_value(u, involved, w) for u in [up, *turns])
            return self._planned(k, a.conflict, involved, w)

        return self.best(legal, score, w)

    def _choose_setup(self, k: Knowledge, legal: list[A.ChooseSetup], w: dict[str, Any]) -> A.Action:
        mine = next(a for a in legal if a.seats == (k.me,))
        others = next(a for a in legal if a.seats != (k.me,))
        if w["setup"] == "self":
            return mine
        if w["setup"] == "auto":  # sets up itself only when its own cards make it win the scene
            sc = k.view["scene"]
            up = self._plan_lays(k, sc["conflict"], sc["involved"], w)[1]
            if winner(up, k.ranks, sc["involved"]) == k.me:
                return mine
        return others

    def _setup_done(self, k: Knowledge, legal: list[A.Action], w: dict[str, Any]) -> A.Action:
        sc = k.view["scene"]
        up = k.face_up(sc["conflict"])
        now = k.scene_value(up, sc["involved"], w)
        lays = [a for a in legal if isinstance(a, A.Lay) and cards.is_minor(a.card)]
        laid = sum(1 for e in k.view["log"][-20:] if e.get("key") == "ambre.log.lay")
        if not lays or laid >= w["setup_max"]:
            return A.SetupDone()
        best = self.best(lays, lambda a: k.scene_value(up + [a.card], sc["involved"], w), w)
        if k.scene_value(up + [best.card], sc["involved"], w) - k.card_cost(w) > now + 1e-9:
            return best
        return A.SetupDone()

    def _choose_narrator(self, k: Knowledge, legal: list[A.ChooseNarrator], w: dict[str, Any]) -> A.Action:
        return next((a for a in legal if a.seat == k.me), legal[0])

    # -- closing -----------------------------------------------------------------------------

    def _close_pass(self, k: Knowledge, legal: list[A.Action], w: dict[str, Any]) -> A.Action:
        if not w["closing"]:
            return A.ClosePass()
        sc = k.view["scene"]
        conflict = k.view["conflicts"][sc["conflict"]]
        if w["samples"]:
            return self._close_search(k, legal, w)
        board = [c["card"] for c in conflict["cards"]]  # face-down: None (unknown to the adept)
        ups = [c["up"] for c in conflict["cards"]]

        def score(a: A.Action) -> float:
            return _close_value(k, a, board, ups, sc, w, k.me)

        return self.best(legal, score, w)

    def _close_search(self, k: Knowledge, legal: list[A.Action], w: dict[str, Any]) -> A.Action:
        sc = k.view["scene"]
        conflict = k.view["conflicts"][sc["conflict"]]
        ups = [c["up"] for c in conflict["cards"]]
        known = [c["card"] for c in conflict["cards"]]
        unseen = k.unseen()
        tracked = [c for c in unseen if c in k.tracked()]
        later = [s for s in sc["closing_queue"][1:]]
        totals = [0.0] * len(legal)
        for _ in range(w["samples"]):
            pool = list(unseen)
            board = list(known)
            likely = list(tracked)
            for i, card in enumerate(board):
                if card is None:
                    src = likely if likely else pool
                    card = src[self.rng.randrange(len(src))]
                    board[i] = card
                    if card in likely:
                        likely.remove(card)
                    if card in pool:
                        pool.remove(card)
            self.rng.shuffle(pool)
            hands: dict[int, list[str]] = {}
            for s in later:
                size = k.view["seats"][s]["hand_size"]
                hands[s], pool = pool[:size], pool[size:]
            for i, a in enumerate(legal):
                totals[i] += _close_line(k, a, board, ups, sc, w, later, hands)
        scored = [(t + self.noise(w), -i) for i, t in enumerate(totals)]
        return legal[-max(scored)[1]]

    # -- consequences ------------------------------------------------------------------------

    def _take_aside(self, k: Knowledge, legal: list[A.TakeAside], w: dict[str, Any]) -> A.Action:
        def score(a: A.TakeAside) -> float:
            asides = [list(x) for x in k.asides]
            asides[k.me].append(a.card)
            return k.standing(asides, w) + 0.01 * _value(a.card)

        return self.best(legal, score, w)

    def _take_hand(self, k: Knowledge, legal: list[A.TakeHand], w: dict[str, Any]) -> A.Action:
        return self.best(legal, lambda a: _value(a.card) / 10, w)

    def _no_gage(self, k: Knowledge, legal: list[A.Action], w: dict[str, Any]) -> A.Action:
        return A.NoGage()

    def _refuse_gage(self, k: Knowledge, legal: list[A.Action], w: dict[str, Any]) -> A.Action:
        if not w["gage"]:
            return A.RefuseGage()
        loser = next(s for s in k.view["scene"]["involved"] if s != k.me)
        now = k.standing(k.asides, w)

        def score(a: A.Action) -> float:
            if isinstance(a, A.RefuseGage):
                return now
            asides = [list(x) for x in k.asides]
            asides[loser].append(a.give)
            return k.standing(asides, w) + 0.01 * (10 - _value(a.give))

        return self.best(legal, score, w)

    def _give(self, k: Knowledge, legal: list[A.Give], w: dict[str, Any]) -> A.Action:
        sc = k.view["scene"]
        pool = k.face_up(sc["conflict"])
        left = [s for s in sc["involved"] if s != k.me and s not in sc["served"]]

        def score(a: A.Give) -> float:
            asides = [list(x) for x in k.asides]
            asides[a.to].append(a.card)
            rest = [c for c in pool if c != a.card]
            if len(rest) >= len(left):  # a card will be left for this seat to take
                keep = max(rest, key=lambda c: gain(asides[k.me], c), default=None)
                if keep is not None:
                    asides[k.me].append(keep)
            return k.standing(asides, w)

        return self.best(legal, score, w)


def _close_value(k: Knowledge, a: A.Action, board: list[str | None], ups: list[bool], sc: dict[str, Any],
                 w: dict[str, Any], seat: int) -> float:
    """The standing (of `k.me`) after `seat` plays closing action `a` and the scene settles."""
    asides, board, ups = _after_close(k.asides, a, board, ups, seat)
    value = k.scene_value([c for c, u in zip(board, ups) if u and c], sc["involved"], w, asides, sc["act"])
    if isinstance(a, A.CloseFromHand) and seat == k.me:
        value -= k.card_cost(w)
    return value


def _after_close(asides: list[list[str]], a: A.Action, board: list[str | None], ups: list[bool],
                 seat: int) -> tuple[list[list[str]], list[str | None], list[bool]]:
    if isinstance(a, A.ClosePass):
        return asides, board, ups
    asides = [list(x) for x in asides]
    up = isinstance(a, A.CloseFromHand)
    if not up and a.card in asides[seat]:
        asides[seat].remove(a.card)
    asides[a.to].append(a.card)
    if a.flip >= 0 and a.flip < len(ups):
        ups = list(ups)
        ups[a.flip] = up
    return asides, board, ups


def _replies(k: Knowledge, seat: int, hand: list[str], asides: list[list[str]], board: list[str | None],
             ups: list[bool], sc: dict[str, Any]) -> list[A.Action]:
    """A later closer's plays in a deal: pass, its most harmful gift per flip, its aside gifts."""
    out: list[A.Action] = [A.ClosePass()]
    to = [s for s in sc["involved"] if s != seat]
    if not to:
        return out
    downs = [i for i, u in enumerate(ups) if not u] or [-1]
    upsi = [i for i, u in enumerate(ups) if u] or [-1]
    if hand:
        for t in to:
            card = min(hand, key=lambda c: (gain(asides[t], c), _value(c)))
            out += [A.CloseFromHand(card, t, f) for f in downs]
    for card in asides[seat]:
        for t in to:
            out += [A.CloseFromAside(card, t, f) for f in upsi]
    return out[:24]


def _close_line(k: Knowledge, a: A.Action, board: list[str], ups: list[bool], sc: dict[str, Any],
                w: dict[str, Any], later: list[int], hands: dict[int, list[str]]) -> float:
    """The standing of `k.me` after its play `a`, each later closer answering with its best play
    in this deal (judged by its own standing with the same weights), then the scene settling."""
    asides, board, ups = _after_close(k.asides, a, board, ups, k.me)
    cost = k.card_cost(w) if isinstance(a, A.CloseFromHand) else 0.0
    if w["replies"]:
        for s in later:
            other = _Seat(k, s)
            options = _replies(k, s, hands.get(s, []), asides, board, ups, sc)
            best, best_v = None, None
            for r in options:
                na, nb, nu = _after_close(asides, r, board, ups, s)
                v = other.scene_value([c for c, u in zip(nb, nu) if u and c], sc["involved"], w, na, sc["act"])
                if isinstance(r, A.CloseFromHand):
                    v -= other.card_cost(w)
                if best_v is None or v > best_v + 1e-9:
                    best, best_v = r, v
            asides, board, ups = _after_close(asides, best, board, ups, s)
    face_up = [c for c, u in zip(board, ups) if u and c]
    return k.scene_value(face_up, sc["involved"], w, asides, sc["act"]) - cost


class _Seat(Knowledge):
    """Another seat's point of view on the same public facts (for the master's replies)."""

    def __init__(self, k: Knowledge, seat: int) -> None:
        self.__dict__.update(k.__dict__)
        self.me = seat


class Apprentice(PersonaBot):
    persona = "apprentice"


class Adept(PersonaBot):
    persona = "adept"


class Master(PersonaBot):
    persona = "master"


class SteadyBot:
    """Issue 3's plain mechanical player (the name `steady` of older saves and simulations): bids a
    middling card, takes the best rank it can cheaply, stakes on the conflict with fewer cards,
    sets up and narrates its own scenes with "done" steps, says Couper when the conflict favours
    it, passes at closing, keeps Bâton/Épée cards aside and takes the highest card into hand."""

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


BOTS: dict[str, Any] = {"apprentice": Apprentice, "adept": Adept, "master": Master,
                        "random": RandomBot, "steady": SteadyBot}
ALIASES: dict[str, str] = {}
PROBES: dict[str, Any] = {}  # test-only bots (tests/ambre/probes.py registers them)
