"""The support log (game/logs.py): caught errors with their traceback in a rotating file, the
start-up header, where Settings says the log is; and the window's title and icon."""

from __future__ import annotations

import logging
import os

import pygame
import pytest

from game import logs
from game.scene import Scene
from scenes.settings import SettingsScene, middle_cut
from tests.ui_helpers import make_app


@pytest.fixture(autouse=True)
def _detach():
    yield
    logger = logging.getLogger(logs.LOGGER)
    for handler in list(logger.handlers):
        logger.removeHandler(handler)
        handler.close()


def test_a_caught_error_goes_to_the_log_file_with_its_traceback():
    app = make_app("en", menu=False)
    try:
        raise ValueError("the dragon ate the deck")
    except ValueError:
        path = app.log_exception("unit.test")
    text = path.read_text(encoding="utf-8")
    assert path == app.log_file() and path.parent == app.log_file().parent
    assert "ERROR guildhall: caught in unit.test" in text
    assert "Traceback (most recent call last)" in text and "ValueError: the dragon ate the deck" in text
    assert app.errors_logged == 1


def test_the_log_rotates_and_keeps_three_old_files(tmp_path, monkeypatch):
    monkeypatch.setattr(logs, "MAX_BYTES", 2000)
    path = logs.attach(tmp_path / "logs")
    log = logging.getLogger("guildhall.test")
    for i in range(200):
        log.info("line %d %s", i, "x" * 60)
    names = sorted(p.name for p in path.parent.iterdir())
    assert names == ["guildhall.log", "guildhall.log.1", "guildhall.log.2", "guildhall.log.3"]
    assert all(p.stat().st_size <= 2100 for p in path.parent.iterdir())
    assert "line 199" in path.read_text(encoding="utf-8")


def test_attaching_to_another_folder_moves_the_handler(tmp_path):
    first = logs.attach(tmp_path / "a")
    second = logs.attach(tmp_path / "b")
    logging.getLogger("guildhall").warning("where am I")
    assert logs.current_file() == second.resolve()
    assert "where am I" in second.read_text(encoding="utf-8") and not first.exists()


def test_the_first_frame_is_followed_by_the_startup_header():
    app = make_app("fr", menu=False)
    app.first_frame_hook = lambda a: pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run() == 0
    text = app.log_file().read_text(encoding="utf-8")
    for fact in ("Guildhall 0.1.0 starting", "OS: ", "Python 3.", "SDL 2.", "pygame-ce 2.", "pygame-gui 0.",
                 "PyYAML", "pydantic 2.", "first frame"):
        assert fact in text, fact


def test_exit_after_first_frame_writes_nothing_more(monkeypatch):
    """Start-up as the bench measures it pays nothing for the log."""
    monkeypatch.setenv("GUILDHALL_EXIT_AFTER_FIRST_FRAME", "1")
    app = make_app("fr", menu=False)
    assert app.run() == 0 and app.frames_drawn == 1
    assert not app.log_file().exists()


def test_settings_names_the_log_file(monkeypatch):
    app = make_app("en", size=(1024, 700))
    assert app.log_file() == app.log_file().parent / "guildhall.log"
    assert app.log_file().parent.name == "logs"  # GUILDHALL_HOME/logs under the tests
    app.stack.push(SettingsScene(app))
    drawn: list[str] = []
    real = __import__("scenes.ui", fromlist=["text"]).text
    monkeypatch.setattr("scenes.ui.text", lambda surface, value, *a, **k: drawn.append(value) or real(
        surface, value, *a, **k))
    app.render()
    assert str(app.log_file()) in drawn and app.tr("settings.log") in drawn


def test_a_long_log_path_is_cut_in_the_middle():
    pygame.font.init()
    long = "/home/someone/" + "very-long-folder/" * 12 + "guildhall.log"
    cut = middle_cut(long, 400, 15)
    assert "…" in cut and cut.startswith("/home/") and cut.endswith("guildhall.log")
    assert middle_cut("/a/guildhall.log", 400, 15) == "/a/guildhall.log"


class _GameScene(Scene):
    game_id = "gorges"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_window_title_names_the_game_being_played(lang):
    app = make_app(lang)
    assert pygame.display.get_caption()[0] == "Guildhall"
    app.stack.push(_GameScene(app))
    app.render()
    assert pygame.display.get_caption()[0] == "Guildhall — L'Île des Gorges Tranchées"
    app.stack.pop()
    app.render()
    assert pygame.display.get_caption()[0] == "Guildhall"


def test_the_icon_is_drawn_round_on_transparency():
    from sprites.icon import icon

    make_app("fr", menu=False)
    surface = icon(48)
    assert surface.get_size() == (48, 48)
    assert surface.get_at((0, 0)).a == 0 and surface.get_at((24, 24)).a == 255
    assert os.environ.get("SDL_VIDEO_X11_WMCLASS") == "guildhall"  # set when the window opened


def test_a_save_problem_told_to_the_player_is_also_in_the_log():
    from game.saves import SaveError
    from scenes import saves_bridge

    app = make_app("en", menu=False)
    app.attach_log()
    try:
        raise SaveError("session.saves.engine_error", error="boom")
    except SaveError as exc:
        saves_bridge._explain(app, exc)
    text = app.log_file().read_text(encoding="utf-8")
    assert "WARNING guildhall.saves: SaveError shown to the player" in text
    assert "Traceback" in text and "session.saves.engine_error" in text
    assert app.toasts.items  # and the player was told, in words


def test_an_error_no_scene_caught_ends_in_the_log_not_on_screen(monkeypatch, capsys):
    from game import app as app_module

    def boom(self):
        raise RuntimeError("no video device, say")

    monkeypatch.setattr(app_module.App, "run", boom)
    assert app_module.run_app() == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and "Guildhall stopped on an unexpected error" in err
    text = (app_module.user_log_dir() / "guildhall.log").read_text(encoding="utf-8")
    assert "CRITICAL guildhall: Guildhall stopped" in text and "RuntimeError: no video device, say" in text
