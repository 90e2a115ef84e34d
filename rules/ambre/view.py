"""What a seat sees (`state.view(seat)`): a JSON-able, redacted dict. `seat=None` is the public view.

Cards are ids: pips `"<suit>-<value>"`, majors `"m<number>"`; a card the viewer may not see is
`None`. Schema:

    game: "ambre"
    seat: int | None                    # whose view this is
    phase: "childhood" | "bids" | "elements" | "act1" | "act2" | "epilogue" | "over"
    phase_label: catalog key ("ambre.phase.<phase>")
    to_act: [int]                       # every seat that may act now
    act: 0 | 1 | 2
    names: [str | None]                 # characters' names (None until typed)
    motivations: [str | None]           # the viewer's own; everyone's from the epilogue on
    hand: [card] | None                 # the viewer's hand (None in the public view)
    joker: card | None                  # the viewer's major arcanum used to abstain
    seats: [ {seat, name, hand_size, aside: [card], ranks: {suit: 4..1}, initiated: bool,
              ready: bool} ]            # ready: name and motivation typed
    suit_order: [suit]                  # Kings revealed so far, in bid order
    bidding: None | {suit, stage: "lay"|"tie"|"raise"|"stake", waiting: [seat],
                     laid: {seat: card | None}  # face-down bids: the viewer's own only
                     active, abstained: [seat], bids: {seat: [card]}, totals: {seat: int},
                     best: int, turn: seat | None, ranking: [seat], stake_queue: [seat],
                     leader: seat | None,        # raises: who ranks first now (equal totals: raise_tie)
                     my_options: [card]}         # cards the viewer may lay now
    bid_results: [ {suit, abstained, bids: {seat: [card]}, ranking: [seat], unranked: [seat]} ]
    conflicts: [ {index, arcanum, name, theme, prompts: [text], seats: [a, b], level: None |
                  "rivalry" | "belligerence" | "brink", cards: [{card: card | None, up: bool}],
                  elements: [{text, kind, up: bool}], values: {suit: int}, majority: [suit]} ]
    element_turn: int
    scene: None | {act, initiator, conflict, involved, step, setup, waiting, narrator,
                   narrators, announced, first_sentence, couper, couper_seats: [seat],
                   request: None | {seat, card: card | None},   # the card for its owner only
                   characteristics: [[suit]], closing_queue: [seat], closing: [play],
                   values: {suit: int}, winner: seat | None, queue: [[kind, seat]],
                   gage: card | None, served: [seat], step_label: catalog key}
    scenes: [scene record]              # finished scenes (public facts only)
    epilogue: None | {fates: [{seat, war, cups, difference, majority, count, band}],
                      order: [seat], told: int}
    log: [entry]                        # the last 80 public log entries (the table shows fewer)
    content: {suits: [{id, name, symbol, rgb}], characteristics: [{suit, name, description}],
              figures: [{rank, name}], rules: {name_max, motivation_max},
              bots: {persona: {weight: value}}}   # content/ambre/bots.yaml, for the bots
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.ambre import bids, cards, scoring
from rules.core.lazyview import LazyView

if TYPE_CHECKING:
    from rules.ambre.state import AmbreState, Conflict

LOG_TAIL = 80


def _texts(state: AmbreState) -> dict[str, Any]:
    """Content texts as plain dicts, made once per state (content never changes in a game)."""
    cached = getattr(state, "_view_texts", None)
    if cached is None:
        content = state.content
        cached = {
            "majors": {n: {"name": m.name.model_dump(), "theme": m.theme.model_dump(),
                           "prompts": [p.model_dump() for p in m.prompts]} for n, m in content.majors.items()},
            "elements": {(s, v): {"text": e.text.model_dump(), "kind": e.kind}
                         for s, table in content.elements.items() for v, e in table.items()},
            "content": _content(state),
        }
        state._view_texts = cached
    return cached


def _conflict(state: AmbreState, c: Conflict) -> dict[str, Any]:
    """A conflict's view, cached on what it shows (cards, level, elements); a fresh copy each time."""
    key = (c.index, tuple((card, up) for card, up in c.cards), c.level, tuple(c.elements))
    cache = state.__dict__.setdefault("_conflict_views", {})
    made = cache.get(key)
    if made is None:
        if len(cache) > 4096:
            cache.clear()
        made = cache[key] = _conflict_fresh(state, c)
    return {**made, "name": dict(made["name"]), "theme": dict(made["theme"]),
            "prompts": [dict(p) for p in made["prompts"]], "seats": list(made["seats"]),
            "cards": [dict(x) for x in made["cards"]],
            "elements": [{**e, "text": dict(e["text"])} for e in made["elements"]],
            "values": dict(made["values"]), "majority": list(made["majority"])}


def _conflict_fresh(state: AmbreState, c: Conflict) -> dict[str, Any]:
    texts = _texts(state)
    arcanum = texts["majors"][c.arcanum]
    values = scoring.suit_values(cards.pair(x) for x in c.face_up())
    elements = []
    for card in c.elements:
        element = texts["elements"][cards.pair(card)]
        up = any(x == card and face for x, face in c.cards)
        elements.append({"text": dict(element["text"]), "kind": element["kind"], "up": up})
    return {
        "index": c.index, "arcanum": c.arcanum, "name": dict(arcanum["name"]),
        "theme": dict(arcanum["theme"]), "prompts": [dict(p) for p in arcanum["prompts"]],
        "seats": list(c.seats), "level": c.level,
        "cards": [{"card": card if up else None, "up": up} for card, up in c.cards],
        "elements": elements, "values": values, "majority": scoring.majority(values),
    }


def _scene(state: AmbreState, seat: int | None) -> dict[str, Any] | None:
    sc = state.scene
    if sc is None:
        return None
    request = None
    if sc.request is not None:
        request = {"seat": sc.request[0], "card": sc.request[1] if seat == sc.request[0] else None}
    return {
        "act": sc.act, "initiator": sc.initiator, "conflict": sc.conflict, "involved": list(sc.involved),
        "step": sc.step, "step_label": f"ambre.step.{sc.step}", "setup": list(sc.setup), "waiting": list(sc.waiting),
        "narrator": sc.narrator, "narrators": list(sc.narrators), "announced": sc.announced,
        "first_sentence": sc.first_sentence, "couper": sc.couper, "couper_seats": sc.couper_seats(),
        "request": request, "characteristics": [list(x) for x in sc.characteristics],
        "closing_queue": list(sc.closing_queue), "closing": [dict(x) for x in sc.closing],
        "values": dict(sc.values), "winner": sc.winner, "queue": [list(q) for q in sc.queue],
        "gage": sc.gage, "served": list(sc.served),
    }


def _content(state: AmbreState) -> dict[str, Any]:
    content = state.content
    return {
        "suits": [{"id": s.id, "name": s.name.model_dump(), "symbol": s.symbol, "rgb": list(s.rgb)}
                  for s in content.suits.values()],
        "characteristics": [{"suit": c.suit, "name": c.name.model_dump(), "description": c.description.model_dump()}
                            for c in content.characteristics.values()],
        "figures": [{"rank": r, "name": f.name.model_dump()} for r, f in sorted(content.figures.items())],
        "rules": {"name_max": state.rules.name_max, "motivation_max": state.rules.motivation_max},
        "bots": content.bots.model_dump() if content.bots is not None else {},
    }


def _copy_content(content: dict[str, Any]) -> dict[str, Any]:
    """A fresh copy of the content part (plain dicts and lists of depth two or three)."""
    return {
        "suits": [{**s, "name": dict(s["name"]), "rgb": list(s["rgb"])} for s in content["suits"]],
        "characteristics": [{**c, "name": dict(c["name"]), "description": dict(c["description"])}
                            for c in content["characteristics"]],
        "figures": [{**f, "name": dict(f["name"])} for f in content["figures"]],
        "rules": dict(content["rules"]),
        "bots": {k: dict(v) for k, v in content["bots"].items()},
    }


def _hand(state: AmbreState, seat: int | None) -> list[Any] | None:
    return list(state.hands[seat]) if seat is not None else None


def _seats(state: AmbreState) -> list[dict[str, Any]]:
    return [{"seat": s, "name": state.names[s], "hand_size": len(state.hands[s]), "aside": list(state.aside[s]),
             "ranks": dict(state.ranks[s]), "initiated": s in state.initiated,
             "ready": state.names[s] is not None} for s in range(state.n)]


def _log(state: AmbreState) -> list[dict[str, Any]]:
    return [dict(e) for e in state.log[-LOG_TAIL:]]


# The keys `lazy` makes on their own (what the bots read; any other key builds the whole view).
_ITEMS = {
    "seat": lambda state, seat, view: seat,
    "phase": lambda state, seat, view: state.phase,
    "act": lambda state, seat, view: state.act,
    "hand": lambda state, seat, view: _hand(state, seat),
    "seats": lambda state, seat, view: _seats(state),
    "bidding": lambda state, seat, view: bids.public(state, seat),
    "conflicts": lambda state, seat, view: [_conflict(state, c) for c in state.conflicts],
    "scene": lambda state, seat, view: _scene(state, seat),
    "scenes": lambda state, seat, view: [dict(s) for s in state.scenes],
    "log": lambda state, seat, view: _log(state),
    "content": lambda state, seat, view: _copy_content(_texts(state)["content"]),
}


def lazy(state: AmbreState, seat: int | None) -> LazyView:
    """`build(state, seat)` made key by key as it is read (`AmbreState.lazy_view`)."""
    return LazyView(state, seat, _ITEMS, build)


def build(state: AmbreState, seat: int | None) -> dict[str, Any]:
    """The view of `seat` (None: public); see the module docstring for the schema."""
    revealed = state.phase in ("epilogue", "over")
    shown_suits = state.suit_order[: len(state.bid_results) + (1 if state.bidding and state.phase == "bids" else 0)]
    return {
        "game": "ambre", "seat": seat, "phase": state.phase, "phase_label": f"ambre.phase.{state.phase}",
        "to_act": state.to_act(), "act": state.act, "names": list(state.names),
        "motivations": [m if revealed or s == seat else None for s, m in enumerate(state.motivations)],
        "hand": _hand(state, seat),
        "joker": state.jokers[seat] if seat is not None else None,
        "seats": _seats(state),
        "suit_order": list(shown_suits), "bidding": bids.public(state, seat),
        "bid_results": [dict(r) for r in state.bid_results],
        "conflicts": [_conflict(state, c) for c in state.conflicts], "element_turn": state.element_turn,
        "scene": _scene(state, seat), "scenes": [dict(s) for s in state.scenes],
        "epilogue": dict(state.epilogue) if state.epilogue else None,
        "log": _log(state),
        "content": _copy_content(_texts(state)["content"]),
    }
