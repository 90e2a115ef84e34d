"""The text of a Gorges log entry, as the table's journal and `export-log` both write it.

The engine logs raw values (a search's dice, a profile's changes as a dict, a yes/no as a bool, the
reinforcements of event 66 as an army like the others); `entry_text` makes them readable: counts for
the plurals, the `KEY.R` variant of a sentence about the reinforcements (a plural: "Les renforts de
Chloé vont…"), the Crown that walks back or stays, how long a destroyed army is away. No pygame here:
the command line's export reads it without opening a window.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


def entry_text(strings: Any, item: dict[str, Any], names: Sequence[str] | Callable[[int], str],
               short: bool = False) -> str:
    """`item` ({"key", "params"}) in `strings`' language, as a sentence (capital first); `short` (the
    dice tray, whose dice show die and result): a roll says only who and what for."""
    item = readable(strings, item, names, short)
    text = strings.render(item, names)
    text = text[:1].upper() + text[1:]
    if (item.get("params") or {}).get("forced") and not short:  # the tray draws a chosen die in its colour
        text += " " + strings.tr("gorges.ui.forced_mark")
    return text


def readable(strings: Any, item: dict[str, Any], names: Sequence[str] | Callable[[int], str],
             short: bool = False) -> dict[str, Any]:
    """`item` with the engine's raw values turned into what `strings.render` writes well."""
    params = dict(item.get("params") or {})
    if item.get("key") == "gorges.log.search" and isinstance(params.get("dice"), list):
        params["rolls"] = len(params["dice"])  # "dé : 5", "dés : 5, 3": the dice, not a count
    if item.get("key") == "gorges.log.crown" and _where(params.get("start")) == _where(params.get("to")):
        walked = {_where(p) for p in params.get("path") or []} - {_where(params.get("to"))}
        item = dict(item, key="gorges.log.crown_back" if walked else "gorges.log.crown_stays")
    if item.get("key") == "gorges.log.destroyed" and params.get("returns") in ("season", "turn"):
        item = dict(item, key=f"gorges.log.destroyed_until.{params['returns']}")  # and for how long
    if "why" in params and isinstance(params["why"], str):
        params["why"] = {"key": f"gorges.why.{params['why']}", "params": {}}
    if isinstance(params.get("accept"), bool):
        params["accept"] = {"key": "gorges.ui.accepts" if params["accept"] else "gorges.ui.refuses", "params": {}}
    if isinstance(params.get("changes"), dict):
        params["changes"] = profile_text(strings, params["changes"])
    if isinstance(params.get("scores"), list):
        params["scores"] = ", ".join(f"{_name(names, i)} {v}" for i, v in enumerate(params["scores"]))
    what = params.get("what")
    if isinstance(what, dict) and isinstance((what.get("params") or {}).get("army"), str):
        params["what"] = {"key": f"gorges.ui.move_what.{what['params']['army']}", "params": {}}
    if short and item.get("key") == "gorges.log.roll" and isinstance(params.get("what"), dict):
        what = params["what"]
        inner = dict(what.get("params") or {})
        army = inner.get("army")
        if isinstance(army, dict) and str(army.get("key", "")).startswith("gorges.army."):
            inner["army"] = {"key": "gorges.ui.army_short." + army["key"].rsplit(".", 1)[1], "params": {}}
        item = {"key": "gorges.ui.die_row", "params": {"seat": params.get("seat"), "what": dict(what, params=inner)}}
        params = item["params"]
    return reinforcements_agree(strings, dict(item, params=params))


def profile_text(strings: Any, changes: dict[str, int]) -> str:
    """A hero's profile changes: "CC +1, F −1"."""
    return ", ".join(f"{strings.tr('gorges.profile.' + k)} {v:+d}".replace("-", "−")
                     for k, v in sorted(changes.items()) if v)


def reinforcements_agree(strings: Any, item: dict[str, Any]) -> dict[str, Any]:
    """An entry (or the roll's purpose inside it) whose army is the reinforcements (event 66, a
    plural: "les renforts de Chloé") takes its `KEY.R` variant when the catalog has one, with the
    reinforcements' general as `owner`: "Les renforts de Chloé vont…", "déplacement des renforts
    de Chloé" (the singular sentence read "va", "de les renforts")."""
    params = dict(item.get("params") or {})
    what = params.get("what")
    if isinstance(what, dict) and "key" in what:
        params["what"] = reinforcements_agree(strings, what)
    army = params.get("army")
    key = f"{item.get('key')}.R"
    if isinstance(army, dict) and army.get("key") == "gorges.army.R" and strings.has(key):
        params["owner"] = (army.get("params") or {}).get("seat")
        return dict(item, key=key, params=params)
    return dict(item, params=params)


def _where(place: Any) -> Any:
    """A log's territory parameter as its id ({"text", "territory"} or a plain id)."""
    return place.get("territory") if isinstance(place, dict) else place


def _name(names: Sequence[str] | Callable[[int], str], seat: int) -> str:
    if callable(names):
        return names(seat)
    return names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"
