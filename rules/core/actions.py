"""Actions as small immutable values that round-trip through JSON.

A game declares its actions as frozen dataclasses decorated with `@action("name")`. Each has a
`to_json()` giving `{"type": name, field: value, ...}`; `ActionCodec.from_json` is its exact inverse
and raises `InvalidAction` on anything malformed. Field types allowed: int, str, bool, None,
tuples of those (nested tuples too) — enough for card ids, seats, cells and choices.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, ClassVar, get_args, get_origin, get_type_hints

from rules.core.errors import InvalidAction


class Action:
    """Base class of every action; subclasses are frozen dataclasses made by `@action`."""

    type: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict: {"type": ..., field: value, ...}; tuples become lists."""
        out: dict[str, Any] = {"type": self.type}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            out[f.name] = _to_json_value(getattr(self, f.name))
        return out


def action(name: str):
    """Class decorator: make `cls` a frozen, ordered dataclass action called `name`."""

    def wrap(cls: type) -> type:
        cls = dataclasses.dataclass(frozen=True, order=True)(cls)
        cls.type = name
        return cls

    return wrap


def _to_json_value(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_json_value(v) for v in value]
    return value


def _coerce(value: Any, hint: Any, where: str) -> Any:
    """Check `value` (from JSON) against the type `hint`, turning lists into tuples."""
    origin = get_origin(hint)
    if hint is Any:
        return value
    if origin in (typing.Union, types.UnionType):
        for option in get_args(hint):
            try:
                return _coerce(value, option, where)
            except InvalidAction:
                continue
        raise InvalidAction("core.invalid.field_type", field=where, got=repr(value))
    if hint is type(None):
        if value is None:
            return None
        raise InvalidAction("core.invalid.field_type", field=where, got=repr(value))
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise InvalidAction("core.invalid.field_type", field=where, got=repr(value))
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_coerce(v, args[0], f"{where}[{i}]") for i, v in enumerate(value))
        if len(args) != len(value):
            raise InvalidAction("core.invalid.field_type", field=where, got=repr(value))
        return tuple(_coerce(v, a, f"{where}[{i}]") for i, (a, v) in enumerate(zip(args, value)))
    if hint is bool:
        if isinstance(value, bool):
            return value
    elif hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif hint is str:
        if isinstance(value, str):
            return value
    elif hint is float:
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
    raise InvalidAction("core.invalid.field_type", field=where, got=repr(value))


class ActionCodec:
    """Turns JSON back into a game's actions; one per game, built from its action classes."""

    def __init__(self, *classes: type[Action]) -> None:
        self.classes: dict[str, type[Action]] = {}
        for cls in classes:
            if cls.type in self.classes:
                raise ValueError(f"two actions named {cls.type!r}")
            self.classes[cls.type] = cls
        self._hints = {name: get_type_hints(cls) for name, cls in self.classes.items()}

    def from_json(self, data: Any) -> Action:
        """Rebuild an action from `to_json()` output; `InvalidAction` when malformed."""
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise InvalidAction("core.invalid.not_an_action", got=repr(data)[:80])
        cls = self.classes.get(data["type"])
        if cls is None:
            raise InvalidAction("core.invalid.unknown_action", type=data["type"])
        fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        extra = set(data) - set(fields) - {"type"}
        if extra:
            raise InvalidAction("core.invalid.unknown_field", field=sorted(extra)[0])
        kwargs = {}
        hints = self._hints[data["type"]]
        for name, f in fields.items():
            if name not in data:
                if f.default is not dataclasses.MISSING:
                    kwargs[name] = f.default
                    continue
                raise InvalidAction("core.invalid.missing_field", field=name)
            kwargs[name] = _coerce(data[name], hints[name], name)
        try:
            return cls(**kwargs)
        except (TypeError, ValueError) as exc:
            raise InvalidAction("core.invalid.not_an_action", got=str(exc)[:80]) from exc
