"""Ambre's `lab_facts` (see rules/core/lab.py): per character, the ranks it won at the bids ("King
of Wands"), the conflicts it staked its bid on, and the epilogue entry its fate reached (how often
each entry of epilogue.yaml is reached is what a designer tunes its `min_difference` by); the seat
that opened the first scene; the scenes played as the game's turns.

Ambre has no score during the game (a fate is told at the epilogue) nor a score made of lines: no
`history`, no `lines`. Everything comes from the public log and the told fates."""

from __future__ import annotations

from typing import Any

from rules.core.lab import Entries


def lab_facts(state: Any) -> dict[str, Any]:
    """What the designer's lab measures of a finished game."""
    outcome = state.outcome()
    entries = Entries(state.n)
    first, scenes = None, 0
    for item in state.log:
        key, params = item["key"], item["params"]
        if key == "ambre.log.ranked":
            figure, suit = params["figure"]["text"], params["suit"]["text"]
            rank = {"text": {lang: f"{figure[lang]} {suit[lang]}" for lang in ("fr", "en")}}
            entries.add(params["seat"], "rank", rank, _shown("rank", rank))
        elif key == "ambre.log.stake":
            entries.add(params["seat"], "conflict", params["conflict"], _shown("conflict", params["conflict"]))
        elif key == "ambre.log.initiate":
            scenes += 1
            if first is None:
                first = params["seat"]["seat"]
    for fate in outcome.get("fates") or []:
        band = fate.get("band")
        if band:
            entries.add(fate["seat"], "fate", {"text": band["title"]}, _shown("fate", {"text": band["title"]}))
    return {**entries.facts(), "first": first or 0, "turns": scenes}


def _shown(kind: str, name: Any) -> dict[str, Any]:
    """The entry as the report prints it, with its kind ("Destin : La faveur de la cour")."""
    return {"key": f"ambre.lab.{kind}", "params": {"name": name}}
