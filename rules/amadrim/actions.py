"""Amadrim actions: small immutable values, one class per thing a seat can do.

Cells are `(x, y)` pairs (column, row from the top-left corner). Programming uses the five
action kinds of `KINDS`; in the action phase each concrete action spends cubes of one kind.
"""

from __future__ import annotations

from rules.core import Action, ActionCodec, action

Cell = tuple[int, int]

#: The five programmable actions, in the order of the programming sheet.
KINDS = ("create", "take_city", "attack", "spell", "move")
#: What a "create" cube may bring into play.
UNIT_KINDS = ("merchant", "mage")


@action("place_city")
class PlaceCity(Action):
    """Set-up: put one of this guild's cities on `cell`."""

    cell: Cell


@action("add_cube")
class AddCube(Action):
    """Programming: put one more cube on action `kind`."""

    kind: str


@action("remove_cube")
class RemoveCube(Action):
    """Programming: take one cube back from action `kind`."""

    kind: str


@action("lock_in")
class LockIn(Action):
    """Programming: done; unplaced cubes are lost."""


@action("time_up")
class TimeUp(Action):
    """Programming: this seat's sand-timer ran out (sent by the app); locks it as it stands."""


@action("create")
class Create(Action):
    """Action phase, one create cube: a `unit_kind` (merchant or mage) on `cell`."""

    unit_kind: str
    cell: Cell


@action("move")
class Move(Action):
    """Action phase: move `unit` along `path` (the cells entered, one move cube each)."""

    unit: int
    path: tuple[Cell, ...]


@action("attack")
class Attack(Action):
    """Action phase, one attack cube: mage `unit` tries to capture unit `target`."""

    unit: int
    target: int


@action("spell")
class Spell(Action):
    """Action phase, one spell cube: mage `unit` rises one level, paying its cost."""

    unit: int


@action("take_city")
class TakeCity(Action):
    """Action phase, one take-city cube: mage `unit` takes city `city`, paying its cost."""

    unit: int
    city: int


@action("end_actions")
class EndActions(Action):
    """Action phase: stop; the remaining cubes are lost."""


ALL = (PlaceCity, AddCube, RemoveCube, LockIn, TimeUp, Create, Move, Attack, Spell, TakeCity, EndActions)
CODEC = ActionCodec(*ALL)
