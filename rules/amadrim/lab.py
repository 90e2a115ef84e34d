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
    for item in state.log:
        key = item["key"]
        if key == "amadrim.log.created":
            params = item["params"]
            entries.add(params["seat"], "unit", params["kind"])
        elif key == "amadrim.log.revealed":
            params = item["params"]
            for kind in KINDS:
                if params.get(kind):
                    entries.add(params["seat"], "action", {"key": f"amadrim.kind.{kind}"})
    lines = [{k: v for k, v in rep.items() if k != "total"} for rep in outcome.get("reputation") or []]
    history = [[0] * seats] + [list(row) for row in outcome.get("totals_by_turn") or []]
    labels = {line: {"key": f"amadrim.score.{line}"} for line in (lines[0] if lines else {})}
    return {**entries.facts(), "lines": lines or None, "line_labels": labels, "history": history,
            "first": state.first_player, "turns": outcome.get("turns")}
