"""A seat's view made key by key when read (the engine protocol's optional `lazy_view(seat)`).

`game.simulate` gives bots `state.lazy_view(seat)` when the state has it: a bot that reads a few
keys does not pay for the whole view (the log, the results, the other seats' details...). A
`LazyView` has the values of `view(seat)`: each key of `items` is made on its own by
`items[key](state, seat, lazy_view)` (the maker may read other keys through the lazy view, which
makes them once), any other key from the whole view, built once by `whole(state, seat)`.

Read-only, like a view. Once `seal`ed (the seat's action is about to be applied), a key not read
yet is refused: it would describe a later state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

_UNREAD = object()  # a key not read yet (no KeyError raised and caught: most keys are read once)

Maker = Callable[[Any, Any, "LazyView"], Any]


class LazyView(Mapping):
    """`whole(state, seat)` made key by key; see the module docstring."""

    __slots__ = ("_state", "_seat", "_items", "_whole_of", "_read", "_whole", "_sealed")

    def __init__(self, state: Any, seat: int | None, items: Mapping[str, Maker],
                 whole: Callable[[Any, int | None], dict[str, Any]]) -> None:
        self._state, self._seat = state, seat
        self._items, self._whole_of = items, whole
        self._read: dict[str, Any] = {}
        self._whole: dict[str, Any] | None = None
        self._sealed = False

    def seal(self) -> None:
        self._sealed = True

    def _view(self) -> dict[str, Any]:
        if self._whole is None:
            if self._sealed:
                raise RuntimeError("a bot read its view after its action was applied")
            self._whole = self._whole_of(self._state, self._seat)
        return self._whole

    def __getitem__(self, key: str) -> Any:
        value = self._read.get(key, _UNREAD)
        if value is not _UNREAD:
            return value
        if self._whole is not None:
            return self._whole[key]
        make = self._items.get(key)
        if make is None:
            return self._view()[key]
        if self._sealed:
            raise RuntimeError("a bot read its view after its action was applied")
        value = self._read[key] = make(self._state, self._seat, self)
        return value

    def get(self, key: str, default: Any = None) -> Any:
        """`Mapping.get` without its KeyError for a key the view has."""
        if key in self._items or key in self._read:
            return self[key]
        return self._view().get(key, default)

    def __iter__(self) -> Iterator[str]:
        return iter(self._view())

    def __len__(self) -> int:
        return len(self._view())
