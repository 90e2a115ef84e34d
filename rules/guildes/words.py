"""Log parameters: seats, counts with their grammar ("aucun rubis", "1 rubis", "3 rubis"), words.

Log entries are never changed once written (the protocol), so these parameters are made once and
shared by every entry that names them: a game writes about two entries an action, and fewer new
dicts kept in the log means less work for the garbage collector too.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

_SEATS = tuple({"seat": s} for s in range(8))


def seat_ref(seat: int) -> dict[str, int]:
    """`rules.core.seat_ref(seat)`, shared (see above)."""
    return _SEATS[seat]


@lru_cache(maxsize=1024)
def counted(kind: str, n: int) -> dict[str, Any]:
    """A number of things as a log parameter, with its grammar: "aucun rubis", "1 rubis", "3 rubis"
    (shared, see above)."""
    form = "zero" if n == 0 else "one" if n == 1 else "many"
    return {"key": f"guildes.count.{kind}.{form}", "params": {"n": n}}


@lru_cache(maxsize=256)
def word(key: str) -> dict[str, Any]:
    """A word as a log parameter (an action card, an element...), shared (see above)."""
    return {"key": key, "params": {}}


def flag(key: str, on: bool) -> dict[str, Any] | str:
    """An optional word of a log line (e.g. "forced"): the word when `on`, else nothing."""
    return word(key) if on else ""
