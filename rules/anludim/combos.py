"""Combination strength, exactly as the rulebook's last page (pure functions on halves).

A combination is a sequence of halves `(value, colour)`, the halves the cards are played with.
Colours are compared only for equality. Kinds:

- `suite`: at least 2 cards of consecutive values (colours free);
- `couleur`: at least 2 cards of the same colour (values free);
- `paires`: one or more pairs of different values, each pair 2 cards of one value, 2 colours;
- `brelans`: one or more triples of different values, each 3 cards of one value, 3 colours;
- `assemblee`: at least 4 cards of the same value (colours free).

Within a kind the stronger combination has more cards (for paires/brelans: more pairs/triples,
which is the same thing), then the higher card, then the next highest, and so on. So the
strength of a valid combination is `(len(cards), values sorted high to low)`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

Half = tuple[int, str]
KINDS = ("suite", "couleur", "paires", "brelans", "assemblee")


def _groups_ok(cards: Sequence[Half], size: int) -> bool:
    """Every value appears exactly `size` times, each time in a different colour."""
    by_value: dict[int, list[str]] = {}
    for value, colour in cards:
        if value in by_value:
            by_value[value].append(colour)
        else:
            by_value[value] = [colour]
    return all(len(cols) == size and len(set(cols)) == size for cols in by_value.values())


def is_valid(kind: str, cards: Sequence[Half]) -> bool:
    """Whether `cards` (halves played) form a combination of `kind`."""
    cards = list(cards)
    values = [v for v, _ in cards]
    if kind == "suite":
        return len(cards) >= 2 and len(set(values)) == len(values) and max(values) - min(values) == len(values) - 1
    if kind == "couleur":
        return len(cards) >= 2 and len({c for _, c in cards}) == 1
    if kind == "paires":
        return len(cards) >= 2 and _groups_ok(cards, 2)
    if kind == "brelans":
        return len(cards) >= 3 and _groups_ok(cards, 3)
    if kind == "assemblee":
        return len(cards) >= 4 and len(set(values)) == 1
    raise ValueError(f"unknown combination kind {kind!r}")


def strength(cards: Iterable[Half]) -> tuple[int, tuple[int, ...]]:
    """The comparable strength of a valid combination: (card count, values high to low)."""
    values = sorted((v for v, _ in cards), reverse=True)
    return len(values), tuple(values)


def compare(kind: str, a: Sequence[Half], b: Sequence[Half]) -> int:
    """Negative if `a` is weaker than `b`, 0 if as strong, positive if stronger (both valid)."""
    for cards in (a, b):
        if not is_valid(kind, cards):
            raise ValueError(f"not a valid {kind}: {list(cards)!r}")
    sa, sb = strength(a), strength(b)
    return (sa > sb) - (sa < sb)


def beats(kind: str, cards: Sequence[Half], current: Iterable[Sequence[Half]] | Sequence[Half] | None) -> bool:
    """Whether `cards` is a valid `kind` strictly stronger than `current`.

    `current` is one combination (a sequence of halves), several (a sequence of them), or None
    for an empty table.
    """
    if not is_valid(kind, cards):
        return False
    others = _as_many(current)
    return all(strength(cards) > strength(o) for o in others)


def _as_many(current) -> list[list[Half]]:
    """One combination or an iterable of them (any iterable: read once) as a list of them."""
    items = list(current) if current is not None else []
    if not items:
        return []
    first = items[0]
    if first and isinstance(first[0], int):
        return [items]
    return [list(c) for c in items]


def describe(cards: Sequence[Half]) -> list[tuple[str, bool]]:
    """For the live label: every kind with whether `cards` form it."""
    return [(kind, is_valid(kind, cards)) for kind in KINDS]


def best_kind(cards: Sequence[Half], hierarchy: Sequence[str] = KINDS) -> str | None:
    """The highest kind (in `hierarchy`, lowest first) that `cards` form, or None."""
    valid = [k for k in hierarchy if is_valid(k, cards)]
    return valid[-1] if valid else None
