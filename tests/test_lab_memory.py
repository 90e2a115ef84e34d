"""The Lab remembers, under SDL's dummy driver with real clicks (lab-d-2: left and reopened, it was
back on the first game with no report): the game and choices and the last report for the session,
the game across sessions in the settings, as the new-game screen keeps the names typed."""

from __future__ import annotations

from game.settings import Settings
from tests.test_lab_scene import _open_lab
from tests.ui_helpers import click_button, settle


def _back_and_reopen(app):
    click_button(app, "back")
    assert type(app.stack.top).__name__ == "MainMenu"
    click_button(app, "lab")
    return app.stack.top


def test_the_lab_reopens_on_the_last_game_choices_and_report(tmp_path):
    app, scene = _open_lab("fr", (1024, 700))
    other = next(g for g in scene.games if g != scene.game_id)
    click_button(app, f"game_{other}")
    click_button(app, "count_20")
    click_button(app, "rotate_off")
    (tmp_path / "win_rates.png").write_bytes(b"")  # a finished report (as the job leaves it)
    scene.state, scene.chart = "done", "win_rates"
    scene.result = {"folder": str(tmp_path), "report": str(tmp_path / "report.md"),
                    "headline": {"fr": "Siège 1 : 40 %.", "en": "Seat 1: 40 %."}, "lines": {}, "errors": 0}
    scene.rebuild()
    settle(app)
    again = _back_and_reopen(app)
    assert again is not scene
    assert (again.game_id, again.count, again.rotate) == (other, 20, False)
    assert again.state == "done" and again.result["headline"]["fr"] == "Siège 1 : 40 %." and again.chart == "win_rates"
    assert "open" in again.buttons  # the report's folder button is back too
    assert app.settings.lab_game == other


def test_a_run_under_way_is_not_remembered_as_running():
    app, scene = _open_lab("en", (1280, 800))
    scene.state = "error"
    scene.message = "stale"
    again = _back_and_reopen(app)
    assert again.state == "idle" and again.message == ""


def test_the_game_last_chosen_is_kept_in_the_settings():
    settings = Settings.from_json({"lab_game": "guildes", "designer_mode": True})
    assert settings.lab_game == "guildes" and Settings.from_json(settings.to_json()).lab_game == "guildes"
    assert Settings.from_json({"lab_game": "../x"}).lab_game == ""
    app, scene = _open_lab("en", (1280, 800))
    click_button(app, "back")
    app.lab_memory = None  # a new session: only the settings remember
    app.settings.lab_game = "guildes"
    click_button(app, "lab")
    again = app.stack.top
    assert "guildes" in again.games and again.game_id == "guildes"
    assert len(again.seats) >= 2 and all(b in again.engine().bots for b in again.seats)
