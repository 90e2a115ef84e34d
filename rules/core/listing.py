"""A legal list whose costly parts are made only when read (python-chess's `board.legal_moves` idea).

Most readers of a legal list look at one action: random self-play and `fuzz` pick one by index,
a person clicks one. When some actions are costly to find (Anludim's lays: a search per
professor) while their *number* is cheap to know, `legal_actions` can return a `Listing`:
a read-only sequence made of parts, each either a list of actions or a `Deferred` (its exact
count and a function that makes those actions). `len()` costs nothing more; reading an item
makes only the part it falls in, once.

A listing is equal to the list with the same actions in the same order, and every sequence
operation gives what that list would give (`rng.choice` draws the same action for the same
seed). A deferred part must read only values captured when the listing was made (never the
live state), so that reading it after the state moved on gives the actions of that moment.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any


class Deferred:
    """`count` actions that `make()` returns when first read (exactly that many, in order)."""

    __slots__ = ("count", "make")

    def __init__(self, count: int, make: Callable[[], list[Any]]) -> None:
        self.count, self.make = count, make


class Listing(Sequence):
    """A read-only sequence of actions made of parts: lists, and `Deferred` parts made on demand."""

    __slots__ = ("_parts", "_len")

    def __init__(self, parts: list[list[Any] | Deferred]) -> None:
        self._parts = parts
        self._len = sum(p.count if type(p) is Deferred else len(p) for p in parts)

    def __len__(self) -> int:
        return self._len

    def _made(self, i: int) -> list[Any]:
        """Part `i`, made now if it was deferred."""
        part = self._parts[i]
        if type(part) is Deferred:
            made = part.make()
            if len(made) != part.count:
                raise RuntimeError(f"a deferred part announced {part.count} actions and made {len(made)}")
            self._parts[i] = part = made
        return part

    def __getitem__(self, index):
        if isinstance(index, slice):
            return list(self)[index]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("legal list index out of range")
        for i, part in enumerate(self._parts):
            size = part.count if type(part) is Deferred else len(part)
            if index < size:
                return self._made(i)[index]
            index -= size
        raise IndexError("legal list index out of range")  # pragma: no cover (sizes add up to _len)

    def __iter__(self) -> Iterator[Any]:
        for i in range(len(self._parts)):
            yield from self._made(i)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (list, tuple, Listing)):
            return NotImplemented
        return len(other) == self._len and all(a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]  (a list is not hashable either)

    def __add__(self, other: Sequence[Any]) -> list[Any]:
        return list(self) + list(other)

    def __radd__(self, other: Sequence[Any]) -> list[Any]:
        return list(other) + list(self)

    def __repr__(self) -> str:
        return f"Listing({list(self)!r})"
