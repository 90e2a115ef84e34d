"""The mutable pieces of an Anludim game: seats, combinations, draw pile, item piles.

Plain data with tiny helpers; the rules that move pieces live in `state.py` (turns),
`rounds.py` (round end, rewards, next round) and `legal.py` (what a seat may do).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from rules.anludim.combos import Half
from rules.anludim.content import AnludimContent


@dataclass
class Combo:
    """A laid combination: its kind, the cards with the half played, the professor on it."""

    kind: str
    cards: list[tuple[str, int]]
    professor: str | None = None

    def strength(self, cards: dict) -> tuple[int, tuple[int, ...]]:
        """`combos.strength` of its halves (`cards`: the content's card id -> halves), kept with
        the card list it was made from (a combination's cards are replaced, never changed in place)."""
        memo = self.__dict__.get("_strength")
        if memo is None or memo[0] is not self.cards:
            values = [cards[cid][h][0] for cid, h in self.cards]
            values.sort(reverse=True)
            memo = self.__dict__["_strength"] = (self.cards, (len(values), tuple(values)))
        return memo[1]


@dataclass
class Seat:
    """One coven: hand, laid combinations, items taken, parchments, blazon."""

    hand: list[str] = field(default_factory=list)
    combos: list[Combo] = field(default_factory=list)
    items: list[tuple[str, int]] = field(default_factory=list)
    parchments: int = 0
    gold: bool = False
    rounds_won: int = 0


class Table:
    """Cards and items in play; `deck[-1]` and `piles[item][-1]` are the tops."""

    def __init__(self, content: AnludimContent, seats: int, rng: random.Random) -> None:
        self.content = content
        self.rng = rng
        self.seats = [Seat() for _ in range(seats)]
        self.deck: list[str] = list(content.cards)
        rng.shuffle(self.deck)
        self.discard: list[str] = []
        self.thrown: list[str] = []  # hand cards thrown between rounds: set aside, unseen, until the next round
        self.face_up: list[str | None] = [None] * content.rules.face_up
        self.piles: dict[str, list[int]] = {}
        self.item_discard: list[tuple[str, int]] = []
        self.removed: list[tuple[str, int]] = []
        self.parchments = content.parchments.count
        self.reshuffles = 0
        self.reshuffled = 0  # cards in the draw pile the last reshuffle made (before any was drawn)
        self.reset_items()

    def half(self, card: str, half: int) -> Half:
        """The (value, colour) of one half of a card."""
        return self.content.cards[card][half]

    def halves(self, played) -> list[Half]:
        """The halves of (card id, half) pairs."""
        cards = self.content.cards
        return [cards[cid][h] for cid, h in played]

    def reset_items(self) -> None:
        """Every item back on its pile (highest at the bottom), minus those removed for the seat count."""
        self.piles = {i: sorted(it.values, reverse=True) for i, it in self.content.items.items()}
        self.item_discard = []
        self.removed = []
        for item, value in self.content.removed.get(len(self.seats), ()):
            pile = self.piles[item]
            pile.remove(value)
            self.removed.append((item, value))

    def draw_card(self) -> tuple[str | None, bool]:
        """The top card of the draw pile (shuffling the discard in if needed); (card, reshuffled)."""
        reshuffled = False
        if not self.deck and self.discard:
            self.deck, self.discard = self.discard, []
            self.rng.shuffle(self.deck)
            self.reshuffles += 1
            self.reshuffled = len(self.deck)
            reshuffled = True
        return (self.deck.pop() if self.deck else None), reshuffled

    def can_draw(self) -> bool:
        """Whether a card can be drawn face down."""
        return bool(self.deck or self.discard)

    def refill_face_up(self) -> bool:
        """Fill empty face-up slots from the draw pile; whether the discard was reshuffled."""
        reshuffled = False
        for slot, card in enumerate(self.face_up):
            if card is None:
                self.face_up[slot], again = self.draw_card()
                reshuffled |= again
        return reshuffled

    def professor_at(self, professor: str) -> tuple[int, int] | None:
        """(seat, combination index) holding `professor`, or None if it is on the board."""
        for s, seat in enumerate(self.seats):
            for c, combo in enumerate(seat.combos):
                if combo.professor == professor:
                    return s, c
        return None

    def combos_of(self, kind: str):
        """Every laid combination of `kind`, as (seat, index, combo)."""
        for s, seat in enumerate(self.seats):
            for c, combo in enumerate(seat.combos):
                if combo.kind == kind:
                    yield s, c, combo

    def total(self, seat: int) -> int:
        """Items plus parchments, in points."""
        s = self.seats[seat]
        return sum(v for _, v in s.items) + s.parchments * self.content.parchments.points

    def has_all_items(self, seat: int) -> bool:
        """Whether the seat holds every kind of item (a professor stands in for an empty pile)."""
        s = self.seats[seat]
        needed = len(self.content.items)
        if len(s.items) + len(s.combos) < needed:  # too few items and professors to hold every kind
            return False
        kinds = {item for item, _ in s.items}
        if len(kinds) + len(s.combos) < needed:
            return False
        professors, piles = self.content.professors_by_id, self.piles
        for combo in s.combos:
            if combo.professor is not None:
                item = professors[combo.professor].item
                if not piles[item]:
                    kinds.add(item)
        return len(kinds) == needed

    def all_cards(self) -> list[str]:
        """Every card wherever it is (for the accounting tests)."""
        out = self.deck + self.discard + self.thrown + [c for c in self.face_up if c]
        for seat in self.seats:
            out += seat.hand + [cid for combo in seat.combos for cid, _ in combo.cards]
        return out

    def all_items(self) -> list[tuple[str, int]]:
        """Every item wherever it is (for the accounting tests)."""
        out = [(i, v) for i, pile in self.piles.items() for v in pile]
        out += self.item_discard + self.removed
        for seat in self.seats:
            out += seat.items
        return out
