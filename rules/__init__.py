"""Pure rule engines, one package per game, plus `rules.core`. Nothing here imports pygame.

`rules.ENGINES` maps a game id to its engine. It is built on first access (PEP 562), so importing
`rules` for one game does not import the others, and the menu imports none of them.
"""

from __future__ import annotations

import importlib
from typing import Any

#: Games whose engines exist, in menu order; each `rules.<id>` package exposes `ENGINE`.
IMPLEMENTED: tuple[str, ...] = ("amadrim", "anludim", "guildes", "ambre", "gorges")

_engines: dict[str, Any] | None = None


def engine(game_id: str) -> Any:
    """The engine of one game, importing only that game's package."""
    if game_id not in IMPLEMENTED:
        raise KeyError(game_id)
    return importlib.import_module(f"rules.{game_id}").ENGINE


def __getattr__(name: str) -> Any:
    global _engines
    if name == "ENGINES":
        if _engines is None:
            _engines = {gid: engine(gid) for gid in IMPLEMENTED}
        return _engines
    raise AttributeError(name)
