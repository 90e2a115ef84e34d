"""Guildes' `lab_facts` (see rules/core/lab.py): per guild, its guild tile and leader, the mages it
had (dealt, hired, won at auction, joined for free), the quests it completed, the spells it cast
and the action cards it played, each shown with its kind ("Quête : …" and "Carte action : Quête"
are not the same entry); the points by part (quests, mages, items, leader, tokens, healing,
objectives) as scoring lines; every seat's public score after each round; the first player of the
first round; the rounds played.

Everything comes from the public log and the final score, never from a hand: a card bought stays
secret, so items count only through their part of the score."""

from __future__ import annotations

from typing import Any

from rules.core.lab import Entries
from rules.guildes.scoring import PARTS

# log key -> (entry kind, the parameter naming the entry); "mages" is a list
_NAMED = {
    "guildes.log.dealt": (("guild", "guild"), ("mage", "mages")),
    "guildes.log.leader": (("leader", "leader"),),
    "guildes.log.recruited": (("mage", "mage"),),
    "guildes.log.lot_sold": (("mage", "mage"),),
    "guildes.log.free_mage": (("mage", "mage"),),
    "guildes.log.quest_won": (("quest", "quest"),),
    "guildes.log.spell": (("spell", "spell"),),
    "guildes.log.action": (("action", "card"),),
}


def lab_facts(state: Any) -> dict[str, Any]:
    """What the designer's lab measures of a finished game."""
    outcome = state.outcome()
    entries = Entries(state.n)
    first, acted = 0, False  # the first player until someone acts (a rotation before that moves it)
    for item in state.log:
        if not acted:
            if item["key"] == "guildes.log.first_player":
                first = item["params"]["seat"]["seat"]
            acted = item["key"] in ("guildes.log.first_revealed", "guildes.log.action")
        named = _NAMED.get(item["key"])
        if named is None:
            continue
        params = item["params"]
        for kind, param in named:
            value = params.get(param)
            for label in value if isinstance(value, list) else [value]:
                if label is not None:
                    entries.add(params.get("seat"), kind, label, {"key": f"guildes.lab.{kind}", "params": {"name": label}})
    lines = [{part: parts[part] for part in PARTS} for parts in outcome["breakdown"]]
    history = [[0] * state.n] + [list(row) for row in state.history]
    if not history or history[-1] != outcome["scores"]:
        history.append(list(outcome["scores"]))  # the final count adds the hands' items
    return {**entries.facts(), "lines": lines, "line_labels": {part: {"key": f"guildes.score.{part}"} for part in PARTS},
            "history": history, "history_unit": "round", "first": first, "turns": outcome["rounds"]}
