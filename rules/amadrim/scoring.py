"""The scoring phase ("décompte") at the end of every turn, the end of the game and its outcome.

Reputation lines: business (the market markers' values), kills (captures to date), town
(cities held), magic (levels of the guild's mages on the map) and their total. The game ends
when a total reaches the winning total at the end of a turn, or after `max_turns` turns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.amadrim.board import Board
from rules.core import entry, seat_ref

if TYPE_CHECKING:
    from rules.amadrim.state import AmadrimState

LINES = ("business", "kills", "town", "magic", "total")


def empty_line() -> dict[str, int]:
    return dict.fromkeys(LINES, 0)


def update_market(stock: list[list[int]], market: list[list[int]], steps: int,
                  monopoly_steps: int = 1) -> list[int | None]:
    """Move the majority markers of every resource; returns the majority holder per colour.

    The one seat with strictly the most of a resource places or advances its marker (up to the
    last step); every other seat with a marker there, or everyone after a tie, loses one step.
    A monopoly (the holder is the only seat with any of it) advances `monopoly_steps` steps.
    """
    holders: list[int | None] = []
    others = len(stock) - 1
    for colour, counts in enumerate(zip(*stock)):  # (each colour's counts, seat by seat)
        best = max(counts)
        holder = counts.index(best) if best > 0 and counts.count(best) == 1 else None
        alone = holder is not None and counts.count(0) == others  # (counts are >= 0)
        for seat, line in enumerate(market):
            if seat == holder:
                line[colour] = min(line[colour] + (monopoly_steps if alone else 1), steps)
            elif line[colour] > 0:
                line[colour] -= 1
        holders.append(holder)
    return holders


def market_notes(state: AmadrimState, before: list[list[int]], market: list[list[int]], stock: list[list[int]],
                 majority: list[int | None]) -> list[list[dict[str, Any]]]:
    """Per seat, what happened to each of its market markers at a scoring (translatable entries):
    the markers `before` and after it (`market`), the stock then and the majorities it gave."""
    values = state.content.market_values
    notes: list[list[dict[str, Any]]] = [[] for _ in range(state.seats)]
    for colour, holder in enumerate(majority):
        resource = None  # (made for the first note of the colour, shared by its notes)
        for seat in range(state.seats):
            old, new = before[seat][colour], market[seat][colour]
            if seat == holder:
                others = sum(1 for s in stock if s[colour])
                key = "monopoly" if others == 1 else ("kept" if old else "won")
            elif old:
                key = "tied" if holder is None else "lost"
            else:
                continue
            if resource is None:
                resource = state.colour_text(colour, "resource")
            notes[seat].append(marker_note(key, resource, old, new, values))
    return notes


def marker_note(key: str, resource: Any, old: int, new: int, values: tuple[int, ...]) -> dict[str, Any]:
    """One marker's note: what happened, what the marker is worth now (`points`) and the change
    of the guild's business it makes (`delta`), so a guild's notes add up to its business change.
    (A kept majority on a step of the same value changes nothing: "+0", not its worth.)"""
    points = values[new - 1] if new else 0
    delta = points - (values[old - 1] if old else 0)
    if key in ("lost", "tied") and not new:
        key += "_out"  # (the marker left the track)
    elif key == "monopoly" and not old:
        key = "monopoly_won"  # (a marker placed, not advanced)
    elif key in ("kept", "monopoly") and new == old:
        key += "_top"  # (already on the last step: it stays there)
    return entry(f"amadrim.score_note.{key}", resource=resource, points=points, delta=f"{delta:+d}")


def turn_notes(state: AmadrimState, previous: list[dict[str, int]], reputation: list[dict[str, int]],
               market: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The score screen of a turn: per seat the four lines, the total and what changed."""
    out = []
    for seat in range(state.seats):
        now, was = reputation[seat], previous[seat]
        notes = list(market[seat])
        for line in ("kills", "town", "magic"):
            delta = now[line] - was[line]
            if delta:
                notes.append(entry(f"amadrim.score_note.{line}", delta=f"{delta:+d}", value=now[line]))
        out.append({"lines": dict(now), "previous": dict(was), "notes": notes})
    return out


def business(market_line: list[int], values: tuple[int, ...]) -> int:
    """Sum of the values the seat's markers stand on."""
    return sum(values[step - 1] for step in market_line if step > 0)


def magic(board: Board, seat: int) -> int:
    return sum(u.level for u in board.owned.get(seat, {}).values() if u.kind == "mage")


def reputation(state: AmadrimState, seat: int) -> dict[str, int]:
    """The four lines and their total, from the board, the markers and the captures."""
    line = {
        "business": business(state.market[seat], state.content.market_values),
        "kills": len(state.captured[seat]),
        "town": len(state.board.cities_of(seat)),
        "magic": magic(state.board, seat),
    }
    line["total"] = sum(line.values())
    return line


def reputations(state: AmadrimState) -> list[dict[str, int]]:
    """`reputation` of every seat, the cities and the mages counted in one pass over them."""
    towns: dict[int | None, int] = {}  # (by owner: any piece's owner counts, as in `reputation`)
    magics: dict[int, int] = {}
    for city in state.board.cities:
        towns[city.owner] = towns.get(city.owner, 0) + 1
    for unit in state.board.units.values():
        if unit.kind == "mage":
            magics[unit.owner] = magics.get(unit.owner, 0) + unit.level
    values = state.content.market_values
    out = []
    for seat in range(state.seats):
        line = {"business": business(state.market[seat], values), "kills": len(state.captured[seat]),
                "town": towns.get(seat, 0), "magic": magics.get(seat, 0)}
        line["total"] = sum(line.values())
        out.append(line)
    return out


def end_turn(state: AmadrimState) -> None:
    """Score the turn; end the game or start the next turn with the coin passed left."""
    before = [list(line) for line in state.market]
    stock = [list(line) for line in state.stock]
    previous = state.reputation  # (each scoring makes new lines: these are never changed)
    monopoly = 2 if state.options.get("monopoly") == "extra_step" else 1
    state.majority = update_market(state.stock, state.market, len(state.content.market_values), monopoly)
    state.reputation = reputations(state)
    state.scored = (state.turn, before, [list(line) for line in state.market], stock, state.majority,
                    previous, state.reputation)
    totals = [r["total"] for r in state.reputation]
    state.history.append(totals)
    state.say("scored", turn=state.turn, totals=totals)
    if max(totals) >= state.content.winning_total:
        return _finish(state, "winning_total")
    if state.turn >= state.options["max_turns"]:
        return _finish(state, "max_turns")
    state.first_player = (state.first_player + 1) % state.seats
    state.turn += 1
    state.begin_programming()


def last_scoring(state: AmadrimState) -> dict[str, Any] | None:
    """The last turn's score screen ({turn, seats [per seat {lines, previous, notes}]}), made
    from what `end_turn` kept of that scoring (`AmadrimState.scored`) when a view first shows it:
    most views never do (a bot's), and its notes are most of a scoring's cost."""
    if state.scored is None:
        return None
    turn, before, market, stock, majority, previous, now = state.scored
    notes = market_notes(state, before, market, stock, majority)
    return {"turn": turn, "seats": turn_notes(state, previous, now, notes)}


def _finish(state: AmadrimState, reason: str) -> None:
    state.phase = "over"
    state.current = None
    state.end_reason = reason
    result = outcome(state)
    state.say("game_over", reason={"key": f"amadrim.end.{reason}"},
              winners=[seat_ref(s) for s in result["winners"]])


def rank_key(state: AmadrimState, seat: int) -> tuple[int, ...]:
    line = state.reputation[seat]
    return (line["total"],) + tuple(line[k] for k in state.content.tie_break)


def outcome(state: AmadrimState) -> dict[str, Any]:
    """{"scores", "ranking", "winners", "totals_by_turn", "reputation", "turns", "reason"}."""
    ranking = sorted(range(state.seats), key=lambda s: (tuple(-v for v in rank_key(state, s)), s))
    best = rank_key(state, ranking[0])
    return {
        "scores": [r["total"] for r in state.reputation],
        "ranking": ranking,
        "winners": [s for s in ranking if rank_key(state, s) == best],
        "totals_by_turn": [list(t) for t in state.history],
        "reputation": [dict(r) for r in state.reputation],
        "turns": state.turn,
        "reason": state.end_reason,
    }
