"""Pure logic of hot-seat play: when to draw the curtain, PIN checks, "since your last turn".

The UI keeps which seat is currently unveiled (None at the start and after a curtain is shown).
`next_unveil` tells it, after every change, which seat should be unveiled next and whether a
curtain must come first (DESIGN.md, "Hot-seat and screen-hiding"). When the curtain is lifted the
UI calls `session.note_reveal(seat)` (this feeds the undo rule and the log marks).

PINs are a courtesy screen between friends, not security: a 4-digit PIN cannot resist a
determined guess. Still, a PIN is never stored in clear: `hash_pin` gives `sha256$<salt>$<hex>`.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.session import SeatInfo, Session

PIN_SCHEME = "sha256"


@dataclass(frozen=True)
class Unveil:
    """The seat to show next (None: nobody, e.g. bots are acting or the game is over) and
    whether a curtain ("Pass to <name>") must be shown before revealing it."""

    seat: int | None
    curtain: bool


def next_human(session: Session, unveiled: int | None = None) -> int | None:
    """The human seat that should act next: the unveiled one if it must act, else the first human in `to_act()`."""
    humans = [s for s in session.state.to_act() if session.is_human(s)]
    if unveiled in humans:
        return unveiled
    return humans[0] if humans else None


def next_unveil(session: Session, unveiled: int | None) -> Unveil:
    """Which seat to unveil next and whether a curtain is needed first.

    A curtain is needed when the next human to act differs from the unveiled seat, the game has
    hidden information and more than one human sits at the table. Keeping the unveiled seat when
    it still has to act (simultaneous phases) avoids a needless curtain.
    """
    if session.state.is_over():
        return Unveil(None, False)
    seat = next_human(session, unveiled)
    if seat is None or seat == unveiled:
        return Unveil(seat, False)
    hidden = bool(getattr(session.engine, "hidden_information", True))
    several = sum(1 for s in session.seats if s.is_human) > 1
    return Unveil(seat, hidden and several)


def curtain_view(session: Session) -> dict[str, Any]:
    """What the curtain may show: the public view only."""
    return session.view(None)


# -- PINs --------------------------------------------------------------------------------------

def hash_pin(pin: str, salt: str | None = None) -> str:
    """A salted hash of `pin` to keep in the save: `sha256$<salt>$<hex digest>`."""
    salt = salt if salt is not None else secrets.token_hex(8)
    digest = hashlib.sha256(f"{salt}:{pin}".encode()).hexdigest()
    return f"{PIN_SCHEME}${salt}${digest}"


def check_pin(pin: str, stored: str | None) -> bool:
    """True when `pin` matches the stored hash; a seat without a PIN accepts anything."""
    if stored is None:
        return True
    parts = stored.split("$")
    if len(parts) != 3 or parts[0] != PIN_SCHEME:
        return False
    return hmac.compare_digest(hash_pin(pin, parts[1]), stored)


def needs_pin(seat: SeatInfo) -> bool:
    """True when the curtain must ask this seat's PIN."""
    return seat.pin_hash is not None


# -- since your last turn ----------------------------------------------------------------------

def since_last_turn(log: Sequence[dict[str, Any]], marks: Mapping[int, int], seat: int,
                    own: Collection[str] = ()) -> list[dict[str, Any]]:
    """Public log entries since `seat` last acted or was unveiled (all of them if it never was),
    less those of a key in `own` about `seat` itself (its `seat` parameter): what the person did
    or was dealt themselves, which the box would only repeat to them."""
    me = {"seat": seat}
    return [e for e in log[marks.get(seat, 0):]
            if not (own and e.get("key") in own and (e.get("params") or {}).get("seat") == me)]


def summary_for(session: Session, seat: int) -> list[dict[str, Any]]:
    """`since_last_turn` for a seat of a session (to show on the curtain or when unveiling); the
    engine's `own_entry_keys` (if any) name the log entries that only tell a seat its own doings."""
    own = getattr(session.engine, "own_entry_keys", ())
    return since_last_turn(session.state.log, session.log_marks, seat, own)


def others_acted_since(session: Session, seat: int) -> bool:
    """Whether another seat applied an action since `seat` last acted or was unveiled (at the
    first turn of a game nobody has: its "since your last turn" would only repeat the set-up)."""
    mine = [i + 1 for i, (s, _) in enumerate(session.actions) if s == seat]
    seen = [n for n, s in session.reveals if s == seat]
    start = max(mine + seen, default=0)
    return any(s != seat for s, _ in session.actions[start:])
