"""The Master: a determinized search over the Master persona's best few moves.

At a main decision where it could lay, the Master
1. ranks its moves with its own heuristic (`heuristic.PersonaBot`, the `master` weights) and keeps
   the best `candidates` lays plus what it would do instead of laying (draw or take a face-up card);
2. `samples` times, deals the cards it cannot see (the other hands, the draw pile, the discard
   under its top card) again at random, consistently with its view: the whole deck is public
   (`view["content"]["deck"]`, halves without ids), so the unseen cards are the deck minus its
   hand, the laid cards, the face-up row and the discard's top card; sizes come from the view;
3. on each deal, rebuilds a game state from its view (never the real state), plays each candidate
   and then every seat with the `playout` persona's heuristic until the round ends or `depth`
   more turns were played, and scores 1 when the round ends in its favour (a won round, or a won
   game), 0 when against it, in between from the totals when the look ahead stops first;
4. plays the candidate with the best average (every candidate meets the same deals and the same
   playout dice, so the comparison is fair); ties go to the heuristic's order.

Elsewhere (take-backs of orphaned combinations, nothing to lay, the keep between rounds) it plays
its heuristic. The knobs are the `master` persona of content/anludim/bots.yaml: `samples` (0:
no search, the heuristic alone), `candidates`, `depth`, `playout`.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

from rules.anludim import actions as A
from rules.anludim import legal as legal_moves
from rules.anludim.content import (
    AnludimContent,
    BlazonModel,
    BlazonsModel,
    ColourModel,
    ItemModel,
    ParchmentsModel,
    ProfessorModel,
    RulesFile,
)
from rules.anludim.heuristic import PersonaBot
from rules.anludim.state import AnludimState
from rules.anludim.table import Combo, Seat, Table
from rules.core.content import Text

END = ("round_over", "game_over")
PLAYOUT_ACTIONS = 400  # a bound on one playout, whatever happens


def content_from_view(view: dict[str, Any], cards: dict[str, tuple]) -> AnludimContent:
    """Enough content to play the rest of a round, from public facts of the view alone; `cards`
    are the card ids of the rebuilt state with their halves."""
    c = view["content"]
    rules = c["rules"]
    text = lambda d: Text.model_construct(fr=d["fr"], en=d["en"])  # noqa: E731
    return AnludimContent(
        colours=tuple(ColourModel.model_construct(id=col["id"], name=text(col["name"]), symbol=col["symbol"],
                                                  shape=col["shape"], rgb=tuple(col["rgb"])) for col in c["colours"]),
        cards=cards,
        professors=tuple(ProfessorModel.model_construct(id=p["id"], name=text(p["name"]), kind=p["kind"],
                                                        item=p["item"]) for p in view["professors"]),
        items={p["item"]: ItemModel.model_construct(id=p["item"], name=text(p["name"]), plural=text(p["plural"]),
                                                    values=tuple(p["values"])) for p in view["piles"]},
        parchments=ParchmentsModel.model_construct(count=view["parchment_supply"], points=rules["parchment_points"],
                                                   name=text({"fr": "", "en": ""})),
        removed={},
        rules=RulesFile.model_construct(
            face_up=rules["face_up"], draw=rules["draw"], optional_draw=rules["optional_draw"],
            empty_piles_end=rules["empty_piles_end"], round_end_check=rules["round_end_check"],
            rewards=tuple(rules["rewards"]), rewards_min_seats=rules["rewards_min_seats"],
            blazons=BlazonsModel.model_construct(**{
                b: BlazonModel.model_construct(name=text({"fr": "", "en": ""}), **rules["blazons"][b])
                for b in ("silver", "gold")})),
    )


def _halves(card: dict[str, Any]) -> tuple:
    return tuple(tuple(h) for h in card["halves"])


def seen_cards(view: dict[str, Any]) -> dict[str, tuple]:
    """Every card the viewing seat can see (hand, laid, face-up, the discard's top): id -> halves."""
    cards = [*(view["hand"] or []), *(c for c in view["face_up"] if c)]
    cards += [c for s in view["seats"] for combo in s["combos"] for c in combo["cards"]]
    if view["discard_top"]:
        cards.append(view["discard_top"])
    return {c["id"]: _halves(c) for c in cards}


def unseen(view: dict[str, Any], seen: dict[str, tuple]) -> dict[str, tuple]:
    """The cards the viewing seat cannot see: the deck's composition minus the cards in sight,
    under made-up ids ("?0", "?1", ...: the view names no hidden card)."""
    left = Counter(tuple(tuple(h) for h in halves) for halves in view["content"]["deck"])
    left.subtract(Counter(seen.values()))
    pool = sorted(h for h, count in left.items() for _ in range(max(0, count)))
    return {f"?{i}": halves for i, halves in enumerate(pool)}


def deal(view: dict[str, Any], hidden: list[str], rng: random.Random) -> dict[str, Any]:
    """One random placement of the `hidden` card ids: other hands, draw pile, discard (under its top)."""
    pool = list(hidden)
    rng.shuffle(pool)
    me, at = view["seat"], 0
    hands: dict[int, list[str]] = {}
    for s in view["seats"]:
        if s["seat"] != me:
            hands[s["seat"]] = pool[at:at + s["hand_size"]]
            at += s["hand_size"]
    deck = pool[at:at + view["draw_count"]]
    at += view["draw_count"]
    discard = pool[at:]
    if view["discard_top"]:
        discard.append(view["discard_top"]["id"])
    return {"hands": hands, "deck": deck, "discard": discard}


def rebuild(view: dict[str, Any], content: AnludimContent, dealt: dict[str, Any], seed: float) -> AnludimState:
    """A game state matching the view, with the hidden cards placed as `dealt` says."""
    me = view["seat"]
    state = AnludimState.__new__(AnludimState)
    state.content, state.n, state.expert, state.seed = content, len(view["seats"]), view["expert"], 0
    state.rng = random.Random(seed)
    table = Table.__new__(Table)
    table.content, table.rng = content, state.rng
    table.seats = []
    for s in view["seats"]:
        hand = [c["id"] for c in view["hand"] or []] if s["seat"] == me else list(dealt["hands"][s["seat"]])
        combos = [Combo(c["kind"], [(card["id"], card["half"]) for card in c["cards"]], c["professor"])
                  for c in s["combos"]]
        table.seats.append(Seat(hand=hand, combos=combos, items=[(it["item"], it["value"]) for it in s["items"]],
                                parchments=s["parchments"], gold=s["blazon"] == "gold", rounds_won=s["rounds_won"]))
    table.deck, table.discard, table.thrown = list(dealt["deck"]), list(dealt["discard"]), []
    table.face_up = [c["id"] if c else None for c in view["face_up"]]
    table.piles = {p["item"]: list(reversed(p["values"])) for p in view["piles"]}
    table.item_discard, table.removed = [], []
    table.parchments, table.reshuffles = view["parchment_supply"], 0
    state.table = table
    state.log = []
    state.phase, state.round, state.turn = view["phase"], view["round"], view["turn"]
    state.first, state.current = view["first"], view["current"]
    state.optional_used = view["phase"] == "main"  # `main`: the optional action came first
    state.keep_queue = list(view["keep_queue"])
    state.results = [dict(r) for r in view["round_results"]]
    state.pending, state.winner = {}, None
    state.laid_views = {}
    state.clear_hidden()
    return state


def lean_view(state: AnludimState, seat: int, content_view: dict[str, Any]) -> dict[str, Any]:
    """The part of `state.view(seat)` the heuristics read, built fast for playouts."""
    table, cards = state.table, state.content.cards
    seats = []
    where: dict[str, tuple[int, int]] = {}
    for i, s in enumerate(table.seats):
        combos = []
        for j, c in enumerate(s.combos):
            combos.append({"index": j, "professor": c.professor,
                           "cards": [{"id": cid, "halves": cards[cid]} for cid, _ in c.cards]})
            if c.professor:
                where[c.professor] = (i, j)
        seats.append({"seat": i, "total": table.total(i), "items": [{"item": it} for it, _ in s.items],
                      "combos": combos})
    professors = [{"id": p.id, "item": p.item, "seat": where[p.id][0] if p.id in where else None,
                   "combo": where[p.id][1] if p.id in where else None} for p in state.content.professors]
    return {
        "seat": seat, "phase": state.phase, "seats": seats, "professors": professors,
        "hand": [{"id": cid, "halves": cards[cid]} for cid in table.seats[seat].hand],
        "piles": [{"item": item, "values": pile[::-1]} for item, pile in table.piles.items()],
        "face_up": [{"id": c, "halves": cards[c]} if c else None for c in table.face_up],
        "content": content_view,
    }


class Master(PersonaBot):
    """The strongest level: the module docstring says how it searches."""

    persona = "master"

    def choose(self, view: dict[str, Any], legal: list[A.Action]) -> A.Action:
        w = self.weights(view)
        heuristic = super().choose(view, legal)
        if not w["samples"] or view["phase"] not in ("start", "main") or not isinstance(heuristic, A.MAIN):
            return heuristic  # keeps, take-backs of orphans, discards: the heuristic
        lays = [a for a in legal if isinstance(a, A.Lay)]
        if not lays:
            return heuristic
        cands = self.candidates(view, legal, lays, w)
        if len(cands) == 1:
            return cands[0]
        return self.search(view, cands, w)

    def candidates(self, view: dict[str, Any], legal: list[A.Action], lays: list[A.Lay],
                   w: dict[str, Any]) -> list[A.Action]:
        """The best `candidates` lays by the heuristic (with its look ahead), then not laying."""
        scores = self._score_lays(view, lays, w)
        if w["round_end"]:
            scores = [sc + self._look(view, lay.professor, w) for sc, lay in zip(scores, lays)]
        ranked = sorted(range(len(lays)), key=lambda i: (-scores[i], i))
        out: list[A.Action] = [lays[i] for i in ranked[:w["candidates"]]]
        other = self._other_main(view, legal, w)
        if other is not None:
            out.append(other)
        return out

    def search(self, view: dict[str, Any], cands: list[A.Action], w: dict[str, Any]) -> A.Action:
        """The candidate that wins the round most often over `samples` deals (module docstring)."""
        seen = seen_cards(view)
        hidden = unseen(view, seen)
        content = content_from_view(view, {**seen, **hidden})
        ids = list(hidden)
        content_view = {"bots": view["content"].get("bots") or {}, "rules": view["content"]["rules"]}
        totals = [0.0] * len(cands)
        for _ in range(w["samples"]):
            dealt = deal(view, ids, self.rng)
            seed = self.rng.random()
            for i, action in enumerate(cands):
                state = rebuild(view, content, dealt, seed)
                totals[i] += self.playout(state, view["seat"], action, seed, content_view, w)
        best = max(range(len(cands)), key=lambda i: (totals[i], -i))
        return cands[best]

    def playout(self, state: AnludimState, me: int, action: A.Action, seed: float,
                content_view: dict[str, Any], w: dict[str, Any]) -> float:
        """Play `action`, then every seat with the playout persona; the worth of the end for `me`."""
        state.apply(me, action)
        if state.phase == "after_main" and state.current == me:
            state.apply(me, A.EndTurn())
        players = []
        for s in range(state.n):
            bot = PersonaBot(int(seed * 1e9) + s)
            bot.persona = w["playout"]
            players.append(bot)
        persona = players[0].weights({"content": content_view})
        quick_take_back = persona["take_back_orphans"] and not state.expert
        stop, steps = state.turn + w["depth"], 0
        while state.phase not in END and state.turn < stop and steps < PLAYOUT_ACTIONS:
            seat = state.to_act()[0]
            if quick_take_back and state.phase == "start":
                # What the persona does first, without listing the lays: the orphan of highest index.
                orphans = [i for i, c in enumerate(state.table.seats[seat].combos) if c.professor is None]
                if orphans:
                    state.apply(seat, A.TakeBack(orphans[-1]))
                    steps += 1
                    continue
            move = players[seat].choose(lean_view(state, seat, content_view), legal_moves.legal_actions(state, seat))
            state.apply(seat, move)
            steps += 1
        return worth(state, me)


def worth(state: AnludimState, me: int) -> float:
    """1 if the round ended in `me`'s favour, 0 if against it; otherwise a guess from the totals and
    the items the professors will bring (0.5 when even)."""
    if state.phase in END:
        return 1.0 if state.results[-1]["winner"] == me else 0.0
    table = state.table
    income = [0] * state.n
    for s, seat in enumerate(table.seats):
        for combo in seat.combos:
            if combo.professor:
                pile = table.piles[state.content.professor(combo.professor).item]
                income[s] += pile[-1] if pile else 0
    score = [table.total(s) + income[s] for s in range(state.n)]
    best_other = max(score[s] for s in range(state.n) if s != me)
    return 0.5 + 0.5 * math.tanh((score[me] - best_other) / 6)
