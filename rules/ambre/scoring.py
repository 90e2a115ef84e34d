"""Who wins a conflict, its level, and a character's fate: the rulebook's arithmetic, pure.

Stable names (tests outside the project use them): `suit_values(cards)` and
`conflict_winner(values, ranks, involved)`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

SUIT_ORDER = ("coupe", "denier", "epee", "baton")


def suit_values(cards: Iterable[tuple[str, int]]) -> dict[str, int]:
    """For each suit present: its highest value plus one per other card of that suit.

    `cards` are (suit, value) pairs; e.g. Épée 1, 2, 5 → 5 + 2 = 7.
    """
    by_suit: dict[str, list[int]] = {}
    for suit, value in cards:
        by_suit.setdefault(suit, []).append(value)
    return {suit: max(values) + len(values) - 1 for suit, values in by_suit.items()}


def majority(values: Mapping[str, int]) -> list[str]:
    """The suits of highest value (several when tied), in the rulebook's suit order."""
    if not values:
        return []
    best = max(values.values())
    return sorted((s for s, v in values.items() if v == best), key=_suit_index)


def _suit_index(suit: str) -> int:
    return SUIT_ORDER.index(suit) if suit in SUIT_ORDER else len(SUIT_ORDER)


def best_ranked(suit: str, ranks: Mapping[Any, Mapping[str, int]], involved: Sequence[Any]) -> Any:
    """The involved seat best ranked on `suit`, or None when none of them is ranked."""
    ranked = [(ranks.get(seat, {}).get(suit, 0), seat) for seat in involved]
    ranked = [(r, seat) for r, seat in ranked if r]
    return max(ranked, key=lambda rs: rs[0])[1] if ranked else None


def conflict_winner(values: Mapping[str, int], ranks: Mapping[Any, Mapping[str, int]],
                    involved: Sequence[Any]) -> Any:
    """The winning seat, or None when there is no winner.

    Each majority suit (several when tied) gives a point to the involved seat best ranked on it
    (`ranks[seat][suit]`: 4 King … 1 Jack; missing = unranked, and unranked against unranked is a
    tie that gives nobody the point). Most points wins; equal points: no winner.
    """
    points: Counter = Counter()
    for suit in majority(values):
        seat = best_ranked(suit, ranks, involved)
        if seat is not None:
            points[seat] += 1
    if not points:
        return None
    top = max(points.values())
    leaders = [seat for seat, p in points.items() if p == top]
    return leaders[0] if len(leaders) == 1 else None


def level(cards: Iterable[tuple[str, int]]) -> str:
    """`rivalry` (Coupe sum higher), `belligerence` (Épée + Bâton sum higher) or `brink` (equal)."""
    cups = war = 0
    for suit, value in cards:
        if suit == "coupe":
            cups += value
        elif suit in ("epee", "baton"):
            war += value
    return "rivalry" if cups > war else "belligerence" if war > cups else "brink"


def fate(aside: Iterable[tuple[str, int]]) -> dict[str, Any]:
    """A character's epilogue numbers from its put-aside cards.

    `war` = Bâton + Épée cards, `cups` = Coupe cards (counted, not summed), `difference` =
    |war − cups| (bigger is more enviable); `majority` = the suit with most cards (ties: higher
    total value, then the suit order Coupe, Denier, Épée, Bâton), None without any card.
    """
    aside = list(aside)
    counts = Counter(s for s, _ in aside)
    totals = Counter()
    for s, v in aside:
        totals[s] += v
    war = counts["baton"] + counts["epee"]
    cups = counts["coupe"]
    major = min(counts, key=lambda s: (-counts[s], -totals[s], _suit_index(s))) if counts else None
    return {"war": war, "cups": cups, "difference": abs(war - cups), "majority": major,
            "count": len(aside)}
