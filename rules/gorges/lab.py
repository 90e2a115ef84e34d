"""Gorges' `lab_facts` (see rules/core/lab.py): each general's race, the events and the table
entries each rolled; relic points after each turn; the first general of the first turn."""

from __future__ import annotations

from typing import Any

from rules.core.content import Text
from rules.core.lab import Entries, text_id


def lab_facts(state: Any) -> dict[str, Any]:
    """What the designer's lab measures of a finished campaign."""
    outcome = state.outcome()
    seats = len(outcome["scores"])
    entries = Entries(seats)
    first = 0
    for key, params in state.said():  # the log unnamed: seats, rolls and texts are all it reads
        if key == "gorges.log.setup":
            entries.add(params["seat"], "race", params["race"])
        elif key == "gorges.log.event":
            entries.add(params["seat"], "event", params["entry"])
        elif key == "gorges.log.table" and params.get("entry") is not None:
            label = {"text": {lang: f"{_t(params['table'], lang)} : {_t(params['entry'], lang)}"
                              if lang == "fr" else f"{_t(params['table'], lang)}: {_t(params['entry'], lang)}"
                              for lang in ("fr", "en")}}
            entries.add(params["seat"], "table", label)
        elif key == "gorges.log.turn" and params.get("turn") == 1 and params.get("order"):
            first = params["order"][0]["seat"]
    history = [[0] * seats] + [list(row) for row in outcome.get("relics_by_turn") or []]
    return {**entries.facts(), "history": history, "first": first, "turns": state.turn}


def _t(value: Any, lang: str) -> str:
    if isinstance(value, Text):
        value = value.to_json()
    if isinstance(value, dict) and isinstance(value.get("text"), dict):
        return str(value["text"].get(lang) or value["text"].get("fr"))
    return text_id(value)
