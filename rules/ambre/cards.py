"""The Tarot as the engine sees it: card ids, suits, values.

Minor pip cards are `"<suit>-<value>"` (`"coupe-7"`), suits `coupe`, `denier`, `epee`, `baton`,
values 1–10. Major arcana are `"m<number>"` (`"m13"`), numbers 0–21. The figures (Valet,
Cavalier, Reine, Roi) are never dealt: the Kings give the bid order and the four figures of a
suit are the ranks handed out by its bid, so they live in the state as ranks, not as cards.
"""

from __future__ import annotations

SUITS = ("coupe", "denier", "epee", "baton")
VALUES = range(1, 11)
RANKS = {4: "roi", 3: "reine", 2: "cavalier", 1: "valet"}


def minor(suit: str, value: int) -> str:
    """The id of a pip card."""
    return f"{suit}-{value}"


def major(number: int) -> str:
    """The id of a major arcanum."""
    return f"m{number}"


def is_major(card: str) -> bool:
    return card.startswith("m") and card[1:].isdigit()


def is_minor(card: str) -> bool:
    suit, _, value = card.partition("-")
    return suit in SUITS and value.isdigit() and int(value) in VALUES


_PAIRS = {f"{s}-{v}": (s, v) for s in SUITS for v in VALUES}


def suit(card: str) -> str:
    """The suit of a pip card."""
    return _PAIRS[card][0] if card in _PAIRS else card.partition("-")[0]


def value(card: str) -> int:
    """The value of a pip card."""
    return _PAIRS[card][1] if card in _PAIRS else int(card.partition("-")[2])


def pair(card: str) -> tuple[str, int]:
    """(suit, value) of a pip card, as `scoring` takes them."""
    return _PAIRS[card]


def number(card: str) -> int:
    """The number of a major arcanum."""
    return int(card[1:])


def pips() -> list[str]:
    """The 40 pip cards, suit by suit."""
    return [minor(s, v) for s in SUITS for v in VALUES]


def sort_key(card: str) -> tuple[int, int]:
    """Hands sorted by suit then value; majors last."""
    if is_major(card):
        return len(SUITS), number(card)
    return SUITS.index(suit(card)), value(card)
