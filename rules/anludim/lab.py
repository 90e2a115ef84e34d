"""Anludim's `lab_facts` (see rules/core/lab.py): items collected and professors called, per seat;
rounds won after each round (`history_unit`: "round"); the first seat of the first round."""

from __future__ import annotations

from typing import Any

from rules.core.lab import Entries


def lab_facts(state: Any) -> dict[str, Any]:
    """What the designer's lab measures of a finished game."""
    entries = Entries(state.n)
    for item in state.log:
        params = item["params"]
        if item["key"] == "anludim.log.collect":
            entries.add(params["seat"], "item", params["item"])
        elif item["key"] == "anludim.log.lay" and params.get("professor") is not None:
            entries.add(params["seat"], "professor", params["professor"])
    won = [0] * state.n
    history = [list(won)]
    for result in state.results:
        if result.get("winner") is not None:
            won[result["winner"]] += 1
        history.append(list(won))
    first = next((i["params"]["seat"]["seat"] for i in state.log if i["key"] == "anludim.log.turn"), 0)
    return {**entries.facts(), "history": history, "history_unit": "round", "first": first, "turns": state.turn}
