"""The records one game is made of: a guild (one per seat) and the mages it holds."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Mage:
    """One mage card of a guild: its damage, where it is this turn and which action used it."""

    id: str
    damage: int = 0
    centre: bool = False
    active: bool = False
    used: str | None = None

    def public(self, placement_known: bool) -> dict[str, Any]:
        return {"id": self.id, "damage": self.damage, "centre": self.centre,
                "active": self.active if placement_known else None, "used": self.used}


@dataclass
class Guild:
    """One seat's guild tile, leader, purse, alignment, mages, hand, quests and action cards."""

    seat: int
    guild: str
    alignment: int
    start_alignment: int
    rubies: int
    leader: str | None = None
    offered_leaders: list[str] = field(default_factory=list)
    mages: list[Mage] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    quests: list[str] = field(default_factory=list)
    vp_tokens: int = 0
    first: str | None = None
    second: str | None = None
    first_revealed: bool = False
    second_revealed: bool = False
    placed: bool = False
    peeked: list[str] = field(default_factory=list)

    def mage(self, mid: str) -> Mage | None:
        for m in self.mages:
            if m.id == mid:
                return m
        return None

    def available(self) -> list[Mage]:
        """Mages outside the healing centre."""
        return [m for m in self.mages if not m.centre]

    def active(self, kind: str) -> list[Mage]:
        """Active mages free for an action of `kind` (a mage does one kind of action a turn)."""
        return [m for m in self.mages if m.active and not m.centre and m.used in (None, kind)]

    def passive(self) -> list[Mage]:
        return [m for m in self.mages if not m.active and not m.centre]
