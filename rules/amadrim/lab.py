"""Amadrim's `lab_facts` (see rules/core/lab.py): unit kinds created and action kinds programmed per
guild, reputation lines, totals after each turn, the first player."""

from __future__ import annotations

from typing import Any

from rules.amadrim.actions import KINDS
from rules.core.lab import Entries


def lab_facts(state: Any) -> dict[str, Any]:
    """What the designer's lab measures of a finished game."""
    outcome = state.outcome()
    seats = len(outcome["scores"])
    entries = Entries(seats)
    added: set[tuple[Any, ...]] = set()  # (adding an entry again changes nothing: each is added once)
    for item in state.log:
        key = item["key"]
        if key == "amadrim.log.created":
            params = item["params"]
            mark = ("unit", params["seat"]["seat"], params["kind"]["key"])
            if mark not in added:
                added.add(mark)
                entries.add(params["seat"], "unit", params["kind"])
        elif key == "amadrim.log.revealed":
            params = item["params"]
            for kind in KINDS:
                if params.get(kind) and ("action", params["seat"]["seat"], kind) not in added:
                    added.add(("action", params["seat"]["seat"], kind))
                    entries.add(params["seat"], "action", {"key": f"amadrim.kind.{kind}"})
    lines = [{k: v for k, v in rep.items() if k != "total"} for rep in outcome.get("reputation") or []]
    history = [[0] * seats] + [list(row) for row in outcome.get("totals_by_turn") or []]
    labels = {line: {"key": f"amadrim.score.{line}"} for line in (lines[0] if lines else {})}
    return {**entries.facts(), "lines": lines or None, "line_labels": labels, "history": history,
            "first": state.first_player, "turns": outcome.get("turns")}
