"""Helpers for the engines' optional `lab_facts(state)` hook (what the designer's lab measures).

`lab_facts(state)` returns a dict with any of these keys, all JSON-able and public:

- `entries`: per seat, the sorted ids of the content entries that seat used (cards, items,
  professors, events or table entries rolled, races...); `entry_labels`: id -> a log parameter
  naming it (`{"text": {fr, en}}` or `{"key": catalog key}`);
- `lines`: per seat, {scoring line: points} when the score is a sum of lines; `line_labels`:
  line -> a log parameter naming it;
- `history`: per turn (or round), every seat's score, from the start; `history_unit`: "turn"
  (default) or "round";
- `first`: the seat that acted first; `turns`: the number of turns (or rounds) played.

`Entries` collects the first two from the public log.
"""

from __future__ import annotations

from typing import Any


def text_id(value: Any) -> str:
    """A stable id for a log parameter: the English text of `{"text": ...}`, or the catalog key."""
    if isinstance(value, dict):
        if "text" in value and isinstance(value["text"], dict):
            return str(value["text"].get("en") or value["text"].get("fr"))
        if "key" in value:
            return str(value["key"]).rsplit(".", 1)[-1]
    return str(value)


class Entries:
    """Per-seat sets of entry ids, with a label for each id."""

    def __init__(self, seats: int) -> None:
        self.used: list[set[str]] = [set() for _ in range(seats)]
        self.labels: dict[str, Any] = {}

    def add(self, seat: Any, kind: str, label: Any, shown: Any = None) -> None:
        """Seat `seat` (an int or a `{"seat": i}` reference) used the entry named by `label`;
        `shown`, when given, is the label the report prints instead (the name with its kind,
        "Mage : Herboriste", where names of several kinds could be taken for one another)."""
        seat = seat.get("seat") if isinstance(seat, dict) else seat
        if not isinstance(seat, int) or not 0 <= seat < len(self.used):
            return
        ident = f"{kind}:{text_id(label)}"
        self.used[seat].add(ident)
        if ident not in self.labels:
            self.labels[ident] = label if shown is None else shown

    def facts(self) -> dict[str, Any]:
        """The `entries` and `entry_labels` keys of `lab_facts`."""
        return {"entries": [sorted(s) for s in self.used], "entry_labels": dict(sorted(self.labels.items()))}
