"""The pieces on the table that are more than a card id: a conflict and its cards."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Conflict:
    """A major arcanum between seats `seats[0]` and `seats[1]`, with its cards ([card, face_up])."""

    index: int
    arcanum: int
    seats: tuple[int, int]
    cards: list[list[Any]] = field(default_factory=list)
    level: str | None = None
    elements: list[str] = field(default_factory=list)

    def add(self, card: str, up: bool) -> None:
        self.cards.append([card, up])

    def has(self, card: str) -> bool:
        return any(c == card for c, _ in self.cards)

    def remove(self, card: str) -> None:
        self.cards = [pair for pair in self.cards if pair[0] != card]
        if card in self.elements:
            self.elements.remove(card)

    def turn(self, card: str, up: bool) -> None:
        for pair in self.cards:
            if pair[0] == card:
                pair[1] = up

    def face_up(self) -> list[str]:
        return [c for c, up in self.cards if up]
