"""Static facts about the five games and the seat colours, for the menu and the new-game screen.

Nothing here imports a rules package: the menu reads this without paying for any engine. A game is
*available* when `rules.IMPLEMENTED` names it and its table scene module exists (checked with
`importlib.util.find_spec`, which does not import it).
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class GameInfo:
    """One game as the shell knows it."""

    id: str
    seats: range
    table: str            # "scenes.anludim.table:AnludimTable": the one registration of a game's UI
    bots: bool
    hidden_information: bool

    @property
    def title_key(self) -> str:
        return f"game.{self.id}.title"

    @property
    def pitch_key(self) -> str:
        return f"game.{self.id}.pitch"

    @property
    def table_module(self) -> str:
        return self.table.split(":", 1)[0]

    def seat_range_text(self) -> str:
        return f"{self.seats.start}–{self.seats.stop - 1}"


GAMES: tuple[GameInfo, ...] = (
    GameInfo("amadrim", range(2, 5), "scenes.amadrim.table:AmadrimTable", True, True),
    GameInfo("anludim", range(2, 6), "scenes.anludim.table:AnludimTable", True, True),
    GameInfo("guildes", range(2, 6), "scenes.guildes.table:GuildesTable", True, True),
    GameInfo("ambre", range(3, 6), "scenes.ambre.table:AmbreTable", True, True),
    GameInfo("gorges", range(2, 7), "scenes.gorges.table:GorgesTable", False, False),
)

BY_ID = {g.id: g for g in GAMES}


def get(game_id: str) -> GameInfo:
    """The game of that id (KeyError otherwise)."""
    return BY_ID[game_id]


def implemented() -> tuple[str, ...]:
    """`rules.IMPLEMENTED`, read without importing any engine."""
    try:
        return tuple(importlib.import_module("rules").IMPLEMENTED)
    except (ImportError, AttributeError):
        return ()


def module_exists(dotted: str) -> bool:
    """True when the module can be found, without importing it."""
    try:
        return importlib.util.find_spec(dotted) is not None
    except (ImportError, ValueError):
        return False


def available(game_id: str) -> bool:
    """Engine implemented and table scene present."""
    info = BY_ID.get(game_id)
    return bool(info and game_id in implemented() and module_exists(info.table_module))


def table_class(game_id: str) -> type:
    """Import and return the game's table scene class."""
    module, _, name = get(game_id).table.partition(":")
    return getattr(importlib.import_module(module), name)


def log_writer(game_id: str) -> Any:
    """The game's own writer of its log entries, `entry_text(strings, item, names)` in
    `scenes/<id>/log_text.py`, when it has one (its table and `export-log` then write the same
    sentences); None: `strings.render` writes them."""
    dotted = f"scenes.{game_id}.log_text"
    if game_id not in BY_ID or not module_exists(dotted):
        return None
    return getattr(importlib.import_module(dotted), "entry_text", None)


@dataclass(frozen=True)
class SeatColour:
    """A seat colour: RGB, a symbol for colour-blind players and the key of its name."""

    id: str
    rgb: tuple[int, int, int]
    symbol: str

    @property
    def name_key(self) -> str:
        return f"colour.{self.id}"


SEAT_COLOURS: tuple[SeatColour, ...] = (
    SeatColour("red", (214, 74, 58), "circle"),
    SeatColour("blue", (70, 130, 220), "square"),
    SeatColour("green", (86, 172, 92), "triangle"),
    SeatColour("yellow", (232, 196, 64), "diamond"),
    SeatColour("purple", (156, 96, 204), "star"),
    SeatColour("white", (226, 222, 210), "cross"),
)

COLOUR_BY_ID = {c.id: c for c in SEAT_COLOURS}


def colour(colour_id: str | int) -> SeatColour:
    """A seat colour by id or by index (wrapping)."""
    if isinstance(colour_id, int):
        return SEAT_COLOURS[colour_id % len(SEAT_COLOURS)]
    return COLOUR_BY_ID.get(colour_id, SEAT_COLOURS[0])


# -- seat names ------------------------------------------------------------------------------

BOT_MARK = "⚙"  # drawn as a small robot head by scenes.ui (GLYPH_SHAPES)


def default_name(strings: Any, index: int, kind: str = "human", lang: str | None = None) -> str:
    """The name a seat gets when nobody types one: "Joueur 3" / "Player 3", "Robot 3" / "Bot 3"."""
    key = "newgame.default_name" if kind == "human" else "newgame.default_bot_name"
    return strings.tr_in(lang or strings.lang, key, n=index + 1)


def is_default_name(strings: Any, name: str, index: int) -> bool:
    """True when `name` is a seat's default name in any language (so it may follow the language)."""
    from game.i18n import LANGUAGES

    return any(name == default_name(strings, index, kind, lang)
               for lang in LANGUAGES for kind in ("human", "bot"))


def seat_label(strings: Any, seat: Any, index: int) -> str:
    """A seat's name as shown: a default name follows the current language; a bot's has the bot mark."""
    name = seat.name
    human = getattr(seat, "kind", "human") == "human"
    if not name or is_default_name(strings, name, index):
        name = default_name(strings, index, "human" if human else "bot")
    return name if human else f"{BOT_MARK} {name}"
