"""What a seat sees (`state.view(seat)`), and pure helpers the table scene calls on a view.

`build(state, seat)` returns a JSON-able dict. `seat=None` is the public view (no hand at all).
Treat a view as read-only: its static part (`content`, built once per content), the log and the
cards of laid combinations that did not change are shared between views.
Schema (every card is `{"id", "halves": [[value, colour_id], [value, colour_id]]}`; a played card
adds `"half": 0|1` and `"value"`, `"colour"` of that half):

    game: "anludim"
    seat: int | None                    # whose view this is
    expert: bool                        # expert variant on?
    round: int                          # 1, 2, ...
    turn: int                           # turns played in the game so far
    phase: "start" | "main" | "after_main" | "round_over" | "game_over"
                                        # start: take-backs allowed (base game), nothing done yet;
                                        # main: optional action used, main action still due;
                                        # after_main: main done, optional action still open;
                                        # round_over: seats choose the cards they keep
    phase_label: catalog key of the phase ("anludim.phase.<phase>")
    to_act: [int]                       # seats that must act now
    current: int                        # seat whose turn it is (or who keeps, between rounds)
    first: int                          # first seat of the round
    order: [int]                        # seats in turn order from `first`
    optional_available: bool            # the current seat may still discard an item/parchment to draw
    hand: [card] | None                 # the viewing seat's hand only (None in the public view)
    seats: [ {                          # one per seat, index = seat number
        seat, hand_size, parchments, blazon: "silver"|"gold", rounds_won,
        hand_limit, keep_limit,         # the blazon's numbers
        total,                          # items + parchments, in points
        items: [{"item": id, "value": int}],            # in the order taken
        items_by_kind: {item_id: [values]},
        combos: [{"index", "kind", "cards": [played card], "professor": id|None,
                  "strength": [count, [values high to low]]}] } ]
    professors: [{"id", "name": {fr, en}, "kind", "item", "rank",
                  "where": "board"|"seat", "seat": int|None, "combo": int|None,
                  "cards": [played card] | None}]        # the combination under it (the same
                                        # list as that combination's cards in `seats`)
    piles: [{"item", "name", "plural", "values": [top first], "count"}]
    face_up: [card | None]              # the slots, in order
    draw_count, discard_count: int
    discard_top: card | None            # the last card discarded
    parchment_supply: int
    keep_queue: [int]                   # between rounds: seats still to choose their keeps
    pending_rewards: [int]              # between rounds: parchments each seat gets next round
    round_results: [{"round", "reason": "piles"|"five_items", "trigger", "winner",
                     "totals": [int], "rewards": [int], "game_won": bool}]
    winner: int | None
    log: [entry]                        # the last 200 public log entries (the state's own
                                        # entries, never changed once written: read, don't edit)
    content: {"colours": [{"id", "name", "symbol", "shape", "rgb"}],
              "kinds": [kind ids, expert hierarchy lowest first],
              "rules": {"face_up", "draw", "empty_piles_end", "parchment_points", "optional_draw",
                        "round_end_check", "rewards", "rewards_min_seats",
                        "blazons": {"silver"|"gold": {"hand", "keep"}}},
              "deck": [halves],             # every card of the box (no ids): public, so a bot
                                            # can tell which cards it has not seen
              "bots": {persona: {weight: number}}}   # content/anludim/bots.yaml, for the bots
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rules.anludim import combos
from rules.core.lazyview import LazyView

if TYPE_CHECKING:
    from rules.anludim.state import AnludimState

LOG_TAIL = 200


def card(state: AnludimState, cid: str) -> dict[str, Any]:
    """A card with both halves."""
    (v0, c0), (v1, c1) = state.content.cards[cid]
    return {"id": cid, "halves": [[v0, c0], [v1, c1]]}


def played(state: AnludimState, cid: str, half: int) -> dict[str, Any]:
    """A laid card with the half it is played with."""
    halves = state.content.cards[cid]
    (v0, c0), (v1, c1) = halves
    value, colour = halves[half]
    return {"id": cid, "halves": [[v0, c0], [v1, c1]], "half": half, "value": value, "colour": colour}


def card_label(state: AnludimState, cid: str) -> str:
    """A short text for the log: '7▲/3●'."""
    symbols = state.content.symbols
    return "/".join(f"{v}{symbols.get(c, '?')}" for v, c in state.content.cards[cid])


def _text(text) -> dict[str, str]:
    """A content `Text` as its JSON dict (what `model_dump` gives, without pydantic's cost)."""
    return {"fr": text.fr, "en": text.en}


def _played_list(state: AnludimState, cards: list[tuple[str, int]]) -> list[dict[str, Any]]:
    """`played` of every (card id, half) of a laid combination."""
    known = state.content.cards
    out = []
    for cid, half in cards:
        halves = known[cid]
        (v0, c0), (v1, c1) = halves
        value, colour = halves[half]
        out.append({"id": cid, "halves": [[v0, c0], [v1, c1]], "half": half, "value": value, "colour": colour})
    return out


def _combo(state: AnludimState, index: int, c, laid: dict, made: dict) -> dict[str, Any]:
    """A laid combination's view. Its `cards` and `strength` lists depend only on its cards:
    they are shared with the previous view of the state while the cards stay the same (`laid`:
    the previous view's, by the tuple of cards; `made`: this view's, for the next one)."""
    key = tuple(c.cards)
    parts = laid.get(key)
    if parts is None:
        cards = _played_list(state, c.cards)
        values = sorted((x["value"] for x in cards), reverse=True)
        parts = (cards, [len(values), values])
    made[key] = parts
    return {"index": index, "kind": c.kind, "professor": c.professor, "cards": parts[0], "strength": parts[1]}


def _seat(state: AnludimState, i: int, laid: dict, made: dict) -> dict[str, Any]:
    s = state.table.seats[i]
    blazon = state.content.blazon(s.gold)
    by_kind: dict[str, list[int]] = {item: [] for item in state.content.items}
    for item, value in s.items:
        by_kind[item].append(value)
    return {
        "seat": i, "hand_size": len(s.hand), "parchments": s.parchments,
        "blazon": "gold" if s.gold else "silver", "rounds_won": s.rounds_won,
        "hand_limit": blazon.hand, "keep_limit": blazon.keep, "total": state.table.total(i),
        "items": [{"item": item, "value": value} for item, value in s.items], "items_by_kind": by_kind,
        "combos": [_combo(state, j, c, laid, made) for j, c in enumerate(s.combos)],
    }


def _professors(state: AnludimState, seat_views: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The professors; one on a combination carries that combination's `cards` list from
    `seat_views` (the same list: a view is read, and this halves the cost of laid cards)."""
    seats = state.table.seats
    where: dict[str, tuple[int, int]] = {}  # professor -> its first (seat, combination), as professor_at
    for s, seat in enumerate(seats):
        for c, combo in enumerate(seat.combos):
            if combo.professor is not None and combo.professor not in where:
                where[combo.professor] = (s, c)
    out = []
    for rank, p in enumerate(state.content.professors):
        at = where.get(p.id)
        out.append({
            "id": p.id, "name": _text(p.name), "kind": p.kind, "item": p.item, "rank": rank,
            "where": "seat" if at else "board", "seat": at[0] if at else None, "combo": at[1] if at else None,
            "cards": seat_views[at[0]]["combos"][at[1]]["cards"] if at else None,
        })
    return out


def _piles(state: AnludimState) -> list[dict[str, Any]]:
    out = []
    for item_id, pile in state.table.piles.items():
        item = state.content.items[item_id]
        out.append({"item": item_id, "name": _text(item.name), "plural": _text(item.plural),
                    "values": pile[::-1], "count": len(pile)})
    return out




def _hand(state: AnludimState, seat: int | None) -> list[dict[str, Any]] | None:
    return [card(state, cid) for cid in state.table.seats[seat].hand] if seat is not None else None


def _face_up(state: AnludimState) -> list[dict[str, Any] | None]:
    return [card(state, c) if c else None for c in state.table.face_up]


def _seats(state: AnludimState) -> list[dict[str, Any]]:
    made: dict = {}
    seats = [_seat(state, i, state.laid_views, made) for i in range(state.n)]
    state.laid_views = made  # only the combinations on the table now: it never grows
    return seats


# The keys `lazy_view` makes on their own (what the bots read; any other key builds the whole view).
_ITEMS = {
    "seat": lambda state, seat, view: seat,
    "phase": lambda state, seat, view: state.phase,
    "content": lambda state, seat, view: state.content.view_content,
    "hand": lambda state, seat, view: _hand(state, seat),
    "face_up": lambda state, seat, view: _face_up(state),
    "seats": lambda state, seat, view: _seats(state),
    "professors": lambda state, seat, view: _professors(state, view["seats"]),
    "piles": lambda state, seat, view: _piles(state),
}


def lazy(state: AnludimState, seat: int | None) -> LazyView:
    """`build(state, seat)` made key by key as it is read (`AnludimState.lazy_view`)."""
    return LazyView(state, seat, _ITEMS, build)


def build(state: AnludimState, seat: int | None) -> dict[str, Any]:
    """The view of `seat` (None: public); see the module docstring for the schema."""
    table = state.table
    hand = _hand(state, seat)
    to_act = state.to_act()
    seats = _seats(state)
    return {
        "game": "anludim", "seat": seat, "expert": state.expert, "round": state.round, "turn": state.turn,
        "phase": state.phase, "phase_label": f"anludim.phase.{state.phase}", "to_act": to_act,
        "current": to_act[0] if to_act else state.current, "first": state.first,
        "order": [(state.first + k) % state.n for k in range(state.n)],
        "optional_available": state.phase in ("start", "main", "after_main") and state.optional_open(state.current),
        "hand": hand, "seats": seats, "professors": _professors(state, seats), "piles": _piles(state),
        "face_up": _face_up(state),
        "draw_count": len(table.deck), "discard_count": len(table.discard),
        "discard_top": card(state, table.discard[-1]) if table.discard else None,
        "parchment_supply": table.parchments, "keep_queue": list(state.keep_queue),
        "pending_rewards": [state.pending.get(s, 0) for s in range(state.n)],
        "round_results": [dict(r, totals=list(r["totals"]), rewards=list(r["rewards"])) for r in state.results],
        "winner": state.winner, "log": state.log[-LOG_TAIL:], "content": state.content.view_content,
    }


# -- helpers for the scene (pure functions of a view) ------------------------------------------

def _halves_in_view(view: dict[str, Any], proposal: Sequence[Sequence[Any]]) -> list[tuple[int, str]] | None:
    """The halves of proposed (card id, half) pairs, looked up in the view's hand and laid cards."""
    known = {c["id"]: c["halves"] for c in (view.get("hand") or [])}
    for s in view["seats"]:
        for combo in s["combos"]:
            known.update({c["id"]: c["halves"] for c in combo["cards"]})
    try:
        return [tuple(known[cid][half]) for cid, half in proposal]  # type: ignore[misc]
    except (KeyError, IndexError, TypeError):
        return None


def proposal(view: dict[str, Any], cards: Sequence[Sequence[Any]]) -> list[dict[str, Any]]:
    """For the live label: per professor, whether `cards` ((id, half) pairs) form its kind and beat the table.

    Each entry: {"professor", "kind", "valid", "beats", "holder": seat|None}. Pure; uses only the
    view (the base rules: no `onto`, the table's combinations as they are now).
    """
    halves = _halves_in_view(view, cards)
    out = []
    for prof in view["professors"]:
        kind = prof["kind"]
        valid = halves is not None and combos.is_valid(kind, halves)
        table = [[(c["value"], c["colour"]) for c in combo["cards"]]
                 for s in view["seats"] for combo in s["combos"] if combo["kind"] == kind]
        out.append({"professor": prof["id"], "kind": kind, "valid": valid,
                    "beats": valid and combos.beats(kind, halves, table), "holder": prof["seat"]})
    return out
