"""What one seat may see: everything public plus its own programming (see `build_view`).

Other seats' programmings are absent until revealed in the action phase; only whether each
seat is locked in is public. The view is plain JSON (lists, dicts, str, int, bool, None); its
static parts (colours, grid, costs) are shared between views: treat a view as read-only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rules.amadrim.actions import KINDS, UNIT_KINDS
from rules.core.lazyview import LazyView

if TYPE_CHECKING:
    from rules.amadrim.state import AmadrimState

LOG_TAIL = 200


def build_view(state: AmadrimState, seat: int | None) -> dict[str, Any]:
    """The JSON view of `state` for `seat` (None = public).

    Cells are [x, y]; colours are colour ids; seats are ints. Keys: game, seat, seats, phase
    ("setup" | "programming" | "actions" | "over"), turn, first_player, to_act, current (placing
    seat in set-up, acting seat in the action phase, else None), placing (set-up order left),
    action_kinds, unit_kinds, colours [{id, level, letter, symbol, hex, name, resource}], grid
    {width, height, quadrant {width, height}, quadrants [{index, x0, y0, x1, y1}], columns,
    rows, regions[y][x]}, cities [{id, cell, owner|None}], units [{id, owner, kind, level|None,
    cell, moved, acted, levelled}], stock / market [per seat {colour: n}], supply ({colour: n}
    or None), market_values, majority {colour: seat|None}, reputation [per seat {business,
    kills, town, magic, total}] (as of the last scoring), history [per turn [totals]], captured
    [per seat [{owner, kind, level}]], out, cubes, pawns (per guild, None = unlimited), pawns_left, locked, revealed [per seat], programming
    [per seat {kind: n} or None when hidden], unplaced (own, programming phase), remaining
    ({kind: n} of the acting seat, action phase), costs {take_city, level_up {"2".."6"}},
    cubes_table, winning_total, max_turns, sand_timer_s, options, log (last 200), last_scoring
    ({turn, seats [per seat {lines, previous, notes [log-like entries]}]} of the last scoring, or
    None), outcome, bots ({level: {weight: value}}: content/amadrim/bots.yaml, public, for the
    bots).
    """
    if seat is not None and not 0 <= seat < state.seats:
        seat = None  # a seat that is not in the game sees what the table sees
    parts, reuse = state.view_parts, state.view_reuse
    if parts is None or reuse is None:
        ids = _ids(state)
        _static(state, ids)
        parts = state.view_parts = _public(state, ids)
    elif reuse == "locks":  # programming: some seats locked in (and said so in the log)
        parts = state.view_parts = {**parts, "to_act": state.to_act(), "locked": list(state.locked),
                                    "log": state.log[-LOG_TAIL:]}
    elif reuse == "acted":  # action phase: the acting seat spent cubes and acts on
        parts = state.view_parts = _acted(state, parts)
    state.view_reuse = None  # reused once more only after another programming action (state.apply)
    view = parts.copy()
    view["seat"] = seat
    view["programming"] = _programming(state, seat)
    view["unplaced"] = _unplaced(state, seat)
    return view


def _static(state: AmadrimState, ids: list[str]) -> dict[str, Any]:
    """The parts of every view that never change in a game (made once per state)."""
    if state.static_view is None:
        bots = state.content.bots
        state.static_view = {"colours": _colours(state), "grid": _grid(state, ids), "costs": _costs(state, ids),
                             "bots": bots.model_dump() if bots is not None else {}}
    return state.static_view


def _programming(state: AmadrimState, seat: int | None) -> list[dict[str, int] | None]:
    """A seat's cubes per action, if the viewer may see them (its own, or revealed)."""
    if state.phase in ("setup", "over"):
        return [None] * state.seats
    revealed, programming = state.revealed, state.programming
    return [dict(zip(KINDS, programming[s])) if s == seat or revealed[s] else None for s in range(state.seats)]


def _ids(state: AmadrimState) -> list[str]:
    """The colour ids, in colour order (the state's list, made once: read only)."""
    return state.colour_ids


def _units(state: AmadrimState) -> list[dict[str, Any]]:
    units = state.board.units
    return [units[uid].view_json() for uid in sorted(units)]


def _stock(state: AmadrimState, ids: list[str]) -> list[dict[str, int]]:
    return [dict(zip(ids, s)) for s in state.stock]


def _static_of(state: AmadrimState) -> dict[str, Any]:
    return state.static_view or _static(state, _ids(state))


#: The keys `lazy_view` makes on their own (the ones the bots read), each exactly as `build_view`
#: makes it (tests/amadrim/test_amadrim_view_reuse.py compares them); any other key is read
#: from the whole view.
_ITEMS: dict[str, Callable[[AmadrimState, int | None, LazyView], Any]] = {
    "seat": lambda st, seat, view: seat,
    "seats": lambda st, seat, view: st.seats,
    "phase": lambda st, seat, view: st.phase,
    "turn": lambda st, seat, view: st.turn,
    "colours": lambda st, seat, view: _static_of(st)["colours"],
    "grid": lambda st, seat, view: _static_of(st)["grid"],
    "costs": lambda st, seat, view: _static_of(st)["costs"],
    "bots": lambda st, seat, view: _static_of(st)["bots"],
    "cities": lambda st, seat, view: st.board.cities_json(),
    "units": lambda st, seat, view: _units(st),
    "stock": lambda st, seat, view: _stock(st, _ids(st)),
    "cubes": lambda st, seat, view: list(st.cubes),
    "pawns_left": lambda st, seat, view: st.pawns_left,
    "programming": lambda st, seat, view: _programming(st, seat),
    "unplaced": lambda st, seat, view: _unplaced(st, seat),
    "log": lambda st, seat, view: st.log[-LOG_TAIL:],
}


def lazy_view(state: AmadrimState, seat: int | None) -> LazyView:
    """`build_view(state, seat)` made key by key when first read: what `game.simulate` gives a
    bot (`AmadrimState.lazy_view`), so a bot that reads a few keys does not pay for the whole
    view (the log, the scores, the market…); see `rules.core.lazyview`."""
    if seat is not None and not 0 <= seat < state.seats:
        seat = None  # (as `build_view`)
    return LazyView(state, seat, _ITEMS, build_view)


def _public(state: AmadrimState, ids: list[str]) -> dict[str, Any]:
    """Every key of the view but the seat's own ("seat", "programming", "unplaced": None here,
    set by `build_view`). Reused by the next view when the only thing that happened since the
    last view is placing or removing programming cubes (they change only the programmings; see
    `AmadrimState.apply`), or locking in while others still program (then only "to_act",
    "locked" and "log" are made again), so views may share it: treat a view as read-only."""
    static = state.static_view
    acting = state.phase == "actions" and state.current is not None
    return {
        "game": "amadrim",
        "seat": None,
        "seats": state.seats,
        "phase": state.phase,
        "turn": state.turn,
        "first_player": state.first_player,
        "to_act": state.to_act(),
        "current": state.current if acting else (state.placing[0] if state.phase == "setup" else None),
        "placing": list(state.placing),
        "action_kinds": list(KINDS),
        "unit_kinds": list(UNIT_KINDS),
        "colours": static["colours"],
        "grid": static["grid"],
        "cities": state.board.cities_json(),
        "units": _units(state),
        "stock": _stock(state, ids),
        "supply": None if state.supply is None else dict(zip(ids, state.supply)),
        "market": [dict(zip(ids, m)) for m in state.market],
        "market_values": list(state.content.market_values),
        "majority": dict(zip(ids, state.majority)),
        "reputation": [dict(r) for r in state.reputation],
        "history": [list(t) for t in state.history],
        "captured": [[dict(c) for c in cs] for cs in state.captured],
        "out": list(state.out),
        "cubes": list(state.cubes),
        "pawns": state.content.pawns,
        "pawns_left": state.pawns_left,
        "locked": list(state.locked),
        "revealed": list(state.revealed),
        "programming": None,
        "unplaced": None,
        "remaining": dict(zip(KINDS, state.remaining)) if acting else None,
        "costs": static["costs"],
        "bots": static["bots"],
        "cubes_table": list(state.content.action_cubes),
        "winning_total": state.content.winning_total,
        "max_turns": state.options["max_turns"],
        "sand_timer_s": state.content.sand_timer_s,
        "options": dict(state.options),
        "log": state.log[-LOG_TAIL:],
        "last_scoring": state.last_scoring,
        "outcome": state.outcome() if state.phase == "over" else None,
    }


def _acted(state: AmadrimState, parts: dict[str, Any]) -> dict[str, Any]:
    """`parts` after actions of the acting seat that did not end its actions (`AmadrimState.apply`):
    what such an action may change is made again (pieces, resources, captures, pawns, the log,
    the cubes left), as `_public` makes it; the rest (scores, markers, turn, order…) is kept."""
    ids = _ids(state)
    return {
        **parts,
        "to_act": state.to_act(),
        "current": state.current,
        "cities": state.board.cities_json(),
        "units": _units(state),
        "stock": _stock(state, ids),
        "supply": None if state.supply is None else dict(zip(ids, state.supply)),
        "captured": [[dict(c) for c in cs] for cs in state.captured],
        "pawns_left": state.pawns_left,
        "revealed": list(state.revealed),
        "remaining": dict(zip(KINDS, state.remaining)),
        "log": state.log[-LOG_TAIL:],
    }


def _unplaced(state: AmadrimState, viewer: int | None) -> int | None:
    if viewer is None or state.phase != "programming":
        return None
    return state.cubes[viewer] - sum(state.programming[viewer])


def _colours(state: AmadrimState) -> list[dict[str, Any]]:
    return [{"id": c.id, "level": c.level, "letter": c.letter, "symbol": c.symbol, "hex": c.hex,
             "name": c.name.model_dump(), "resource": c.resource.model_dump()}
            for c in state.content.colours]


def _grid(state: AmadrimState, ids: list[str]) -> dict[str, Any]:
    content, board = state.content, state.board
    return {
        "width": content.width,
        "height": content.height,
        "quadrant": {"width": content.quadrant_width, "height": content.quadrant_height},
        "quadrants": board.quadrant_bounds(),
        "columns": [ids[c] for c in content.column_colour],
        "rows": [ids[c] for c in content.row_colour],
        "regions": [[ids[c] for c in row] for row in content.region],
    }


def _costs(state: AmadrimState, ids: list[str]) -> dict[str, Any]:
    content = state.content
    return {
        "take_city": dict(zip(ids, content.take_city)),
        "level_up": {str(lv): dict(zip(ids, cost)) for lv, cost in sorted(content.level_up.items())},
    }
