"""Scenes in representative states, for `main.py screenshot` and `bench`.

`make(app, name, game=None, seed=0)` pushes what the named scene needs on `app.stack` and returns the
scene to draw (the top). Names: menu, new_game, settings, load, rules, curtain, errors, hourglass,
end, confirm, table (a fresh game of `game` with its table unveiled for the first seat).

Game tables add theirs: a factory `f(app, game, seed) -> Scene` registered in `SHOTS[name]`, either
by importing this module and assigning, or by defining `SHOTS = {name: f}` in the table's own module
(`scenes.<id>.table`), which `make` reads when `game` is given or the name starts with `<id>_`.
"""

from __future__ import annotations

import importlib
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game import catalog
from game.scene import Scene

Factory = Callable[[Any, str | None, int], Scene]
SHOTS: dict[str, Factory] = {}


def names(tables: bool = True) -> list[str]:
    """Every shot name: the shell's, plus (tables=True) those the game tables' modules declare."""
    found = set(SHOTS)
    if tables:
        for info in catalog.GAMES:
            try:
                module = _table_module(info.id)
            except Exception:  # a table that does not import has no shots to offer
                continue
            found |= set(getattr(module, "SHOTS", {}) or {})
    return sorted(found)


def make(app: Any, name: str, game: str | None = None, seed: int = 0) -> Scene:
    """Build the named scene on `app.stack` and return the scene to draw."""
    factory = SHOTS.get(name)
    for gid in ([game] if game else []) + [g.id for g in catalog.GAMES if name.startswith(g.id + "_")]:
        if factory is None:
            module = _table_module(gid)
            factory = getattr(module, "SHOTS", {}).get(name) if module else None
    if factory is None:
        raise KeyError(name)
    scene = factory(app, game, seed)
    if scene is not app.stack.top:
        app.stack.push(scene)
    return app.stack.top


def _table_module(game: str) -> Any:
    if game not in catalog.BY_ID or not catalog.module_exists(catalog.get(game).table_module):
        return None
    return importlib.import_module(catalog.get(game).table_module)


def _with_menu(app: Any) -> None:
    if not app.stack.scenes:
        from scenes.menu import MainMenu

        app.stack.push(MainMenu(app))


def open_unveiled(app: Any, session: Any) -> Any:
    """Open `session`'s table over the menu with its first curtain lifted and no "since your last
    turn" box, as a shot shows it; returns the table."""
    from scenes import saves_bridge
    from scenes.table import TableScene

    _with_menu(app)
    saves_bridge.open_table(app, session)
    top = app.stack.top
    if top is not None and top.__class__.__name__ == "CurtainScene":
        top.try_reveal()
    table = app.stack.top
    if isinstance(table, TableScene):
        table.since = []
    return table


def register(name: str) -> Callable[[Factory], Factory]:
    """Decorator: `@register("name")` adds a factory to SHOTS."""
    def wrap(f: Factory) -> Factory:
        SHOTS[name] = f
        return f
    return wrap


# -- stand-ins used when no game is given (all public, no rules imported) ------------------------

@dataclass(frozen=True)
class DemoSeat:
    name: str
    colour: int
    kind: str = "human"
    pin_hash: str | None = None

    @property
    def is_human(self) -> bool:
        return self.kind == "human"


class DemoEngine:
    """Enough of an engine for the new-game screen."""

    id = "guildes"
    seats = range(2, 6)
    bots = ("random",)

    def options(self, content: Any) -> list[dict[str, Any]]:
        return [{"id": "short", "label": "shots.demo.option_short", "default": False},
                {"id": "quests", "label": "shots.demo.option_quests", "choices": ["10", "15", "20"]}]


class DemoSession:
    """Seats and a public view for the curtain and end screens."""

    def __init__(self) -> None:
        self.engine = DemoEngine()
        self.seats = [DemoSeat("Camille", 0), DemoSeat("Yanis", 1), DemoSeat("Léa", 3),
                      DemoSeat("Hugo", 4, "random")]
        log = [{"key": "shots.demo.log.income", "params": {"seat": {"seat": i}, "n": 3 + i}} for i in range(4)]
        log += [{"key": "shots.demo.log.quest", "params": {"seat": {"seat": 1}}},
                {"key": "shots.demo.log.attack", "params": {"seat": {"seat": 3}, "target": {"seat": 0}}}]
        self._view = {"to_act": [2], "log": log, "score_history": [[0, 0, 0, 0], [3, 5, 2, 4], [7, 9, 6, 5],
                                                                    [12, 11, 9, 10], [16, 13, 15, 12]]}

    def outcome(self) -> dict[str, Any]:
        return {"scores": [16, 13, 15, 12], "ranking": [0, 2, 1, 3], "winners": [0]}

    def view(self, seat: int | None) -> dict[str, Any]:
        return self._view


class DemoTable:
    """What the curtain and end scenes read from a table."""

    game_id = "guildes"

    def __init__(self, app: Any) -> None:
        self.app = app
        self.session = DemoSession()

    def seat_name(self, seat: int) -> str:
        return self.session.seats[seat].name

    def reveal(self, seat: int) -> None:
        pass

    def score_history(self, view: dict[str, Any]) -> list[list[float]]:
        return view["score_history"]

    def draw_public(self, surface: pygame.Surface, rect: pygame.Rect, public_view: dict[str, Any]) -> None:
        from scenes.table import draw_public_default

        draw_public_default(self.app, surface, rect, public_view, self.session.seats)


# -- the shell's shots --------------------------------------------------------------------------

@register("menu")
def _menu(app: Any, game: str | None, seed: int) -> Scene:
    _with_menu(app)
    return app.stack.top


@register("new_game")
def _new_game(app: Any, game: str | None, seed: int) -> Scene:
    _with_menu(app)
    from scenes.new_game import NewGameScene

    if game and catalog.available(game):
        scene = NewGameScene.open(app, game, seed=seed or 1234)
        if scene is not None:
            if scene.bots and scene.count + 1 in scene.seat_range:  # show a bot seat too
                scene.count += 1
                scene._next_kind(scene.count - 1)
            return scene
        return app.stack.top
    scene = NewGameScene(app, "guildes", DemoEngine(), None, seed=seed or 4242)
    scene.count = 4
    scene.seats[1]["kind"] = "random"
    scene.seats[2]["pin"] = "1234"
    return scene


@register("settings")
def _settings(app: Any, game: str | None, seed: int) -> Scene:
    _with_menu(app)
    from scenes.settings import SettingsScene

    return SettingsScene(app)


_DEMO_DIR: list[Any] = []


def _demo_folder() -> str:
    """One temporary folder per process for the demo saves (removed at exit)."""
    if not _DEMO_DIR:
        import atexit

        folder = tempfile.TemporaryDirectory(prefix="guildhall-shots-")
        atexit.register(folder.cleanup)
        _DEMO_DIR.append(folder)
    return _DEMO_DIR[0].name


@register("load")
def _load(app: Any, game: str | None, seed: int) -> Scene:
    _with_menu(app)
    from game.saves import SaveStore
    from scenes.load import LoadScene

    store = SaveStore(_demo_folder())
    seats = [{"name": n, "colour": c, "kind": k, "pin_hash": None}
             for n, c, k in (("Camille", 0, "human"), ("Yanis", 1, "human"), ("Hugo", 4, "random"))]
    for i, (gid, turn, actions) in enumerate((("anludim", 7, 58), ("amadrim", 3, 21), ("gorges", 2, 9))):
        store.write({"format": 1, "app_version": "0.1.0", "game": gid, "content_digest": "demo",
                     "seed": seed + i, "seats": seats[: 2 + i % 2], "options": {}, "actions": [],
                     "summary": {"actions": actions, "round" if gid == "anludim" else "turn": turn,
                                 "over": i == 2}}, f"{gid}-demo")
    (store.folder / "guildes-broken.json").write_text('{"format": 1, "actions": [', encoding="utf-8")
    app.save_store = store
    scene = LoadScene(app)
    scene.selected = 0
    return scene


@register("load_versions")
def _load_versions(app: Any, game: str | None, seed: int) -> Scene:
    """The Versions overlay of the Load screen on a save with 15 generations, one chosen below the fold."""
    from datetime import UTC, datetime, timedelta

    from game import saves
    from scenes.load import GenerationsOverlay

    load = _load(app, game, seed)
    app.stack.push(load)
    store = app.save_store
    name = "anludim-demo"
    base = store.read(name)
    store.write(dict(base, actions=[[0, {"type": "pass"}]] * 58), name)
    store.write(dict(base, actions=[[0, {"type": "pass"}]] * 59, summary=dict(base["summary"], actions=59)), name)
    history = store.history_dir(name)
    for stale in history.glob("*.json"):
        stale.unlink()
    now = datetime.now(UTC)
    for k in range(1, 14):  # thirteen older versions, 4 actions apart, a few minutes apart
        older = dict(base, actions=[[0, {"type": "pass"}]] * (4 * k),
                     summary=dict(base["summary"], actions=4 * k, round=1 + k // 2),
                     saved_at=(now - timedelta(minutes=3 * (15 - k))).isoformat(timespec="seconds"))
        (history / f"{k:06d}-{4 * k}.json").write_bytes(saves.encode(older))
    overlay = GenerationsOverlay(app, load, name)
    app.stack.push(overlay)
    overlay.select(9)
    return overlay


@register("rules")
def _rules(app: Any, game: str | None, seed: int) -> Scene:
    _with_menu(app)
    from scenes.rules_ref import RulesScene

    return RulesScene(app, game or "guildes")


@register("curtain")
def _curtain(app: Any, game: str | None, seed: int) -> Scene:
    """The curtain of a fresh game of `game` (two humans), or a demo one without a game."""
    _with_menu(app)
    from scenes.curtain import CurtainScene

    if game and catalog.available(game):
        _start(app, game, seed, reveal=False)
        if type(app.stack.top).__name__ == "CurtainScene":
            return app.stack.top
    table = DemoTable(app)
    return CurtainScene(app, table, 2, table.session.view(None))


@register("end")
def _end(app: Any, game: str | None, seed: int) -> Scene:
    """The end of a game of `game` played out by random bots (seeded), or a demo one without a game."""
    _with_menu(app)
    from scenes.end import EndScene

    if game and catalog.available(game):
        _start(app, game, seed, reveal=True, play_out=True)
        return app.stack.top
    return EndScene(app, DemoTable(app))


@register("errors")
def _errors(app: Any, game: str | None, seed: int) -> Scene:
    _with_menu(app)
    from game.content import Problem
    from scenes.errors import ErrorsOverlay

    problems = [
        Problem("cards.yaml", 12, 7, "cards[3].cost", "expected an integer, got 'three'"),
        Problem("cards.yaml", 40, 5, "cards[9].colour", "expected colour id, got 'bleu' (did you mean 'blue'?)"),
        Problem("professors.yaml", 3, 1, "professors", "expected at least 5 items, got 4"),
        Problem("rules.yaml", 8, 3, "hand_size", "unknown key 'hand_sise' (did you mean 'hand_size'?)"),
    ]
    return ErrorsOverlay(app, problems, game or "anludim")


@register("confirm")
def _confirm(app: Any, game: str | None, seed: int) -> Scene:
    _with_menu(app)
    from scenes.confirm import ConfirmOverlay

    return ConfirmOverlay(app, app.tr("load.content_changed_title"), app.tr("load.content_changed_ask"),
                          lambda: None, yes=app.tr("load.replay"))


class HourglassDemo(Scene):
    """Three sand-timers: full, flowing, urgent."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.phase = 0.0
        self.animating = True

    def update(self, dt: float) -> None:
        self.phase += dt
        self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        from scenes import ui
        from sprites.hourglass import Hourglass

        surface.blit(ui.background(surface.get_size()), (0, 0))
        ui.title(surface, self.app.tr("shots.hourglass"))
        w, h = surface.get_size()
        glass = Hourglass((150, 260))
        for i, remaining in enumerate((300, 170, 20)):
            glass.draw(surface, (w // 2 - 300 + i * 225, h // 2 - 130), remaining, 300, self.phase + 0.3)


@register("hourglass")
def _hourglass(app: Any, game: str | None, seed: int) -> Scene:
    return HourglassDemo(app)


@register("table")
def _table(app: Any, game: str | None, seed: int) -> Scene:
    """A fresh game of `game`, all seats human, the first one unveiled (no curtain)."""
    if not game or not catalog.available(game):
        raise KeyError(f"table needs an available game, got {game!r}")
    _with_menu(app)
    _start(app, game, seed, reveal=True)
    return app.stack.top


def _start(app: Any, game: str, seed: int, reveal: bool, play_out: bool = False) -> None:
    """Open a fresh all-human game of `game` (fewest seats); lift the first curtain when asked;
    with `play_out`, random legal actions (seeded) first bring it to its end."""
    from game.session import SeatInfo
    from scenes import saves_bridge

    info = catalog.get(game)
    names = ("Camille", "Yanis", "Léa", "Hugo", "Inès", "Malo")
    seats = [SeatInfo(names[i], i) for i in range(max(2, info.seats.start))]
    session = saves_bridge.new_session(app, game, seats, seed, {})
    session.store = None  # a screenshot must not leave an autosave behind
    if play_out:
        import random

        rng = random.Random(seed)
        for _ in range(20_000):
            if session.state.is_over():
                break
            seat = session.state.to_act()[0]
            session.apply(seat, rng.choice(session.state.legal_actions(seat)))
    saves_bridge.open_table(app, session)
    top = app.stack.top
    if reveal and top is not None and type(top).__name__ == "CurtainScene":
        top.try_reveal()
