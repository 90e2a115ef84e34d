"""The Lab screen under SDL's dummy driver, with real clicks: it opens from the menu in designer mode,
runs a small job in a background process while drawing its progress, shows the verdict and the
charts, and a long job can be cancelled while the app keeps answering."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.ui_helpers import click_button, make_app, settle

STEPS = 6000  # loop iterations at most while waiting for the background process (no time limit)


def _open_lab(lang: str = "en", size=(1280, 800)):
    app = make_app(lang, size)
    app.settings.designer_mode = True
    app.stack.top.rebuild()
    assert "lab" in app.stack.top.buttons
    click_button(app, "lab")
    scene = app.stack.top
    assert scene.__class__.__name__ == "LabScene"
    return app, scene


def _wait(app, scene, until):
    seen = []
    for _ in range(STEPS):
        app.step()
        seen.append(scene.progress)
        if until():
            return seen
        time.sleep(0.02)
    pytest.fail(f"the lab did not get there; state {scene.state}, progress {scene.progress}")


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800)])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_game_chip_shows_a_whole_name_that_fits(lang, size):
    """The game chips name each game whole: its title or short name where there is room, its
    one-word tag on a narrow window (never a name cut with "…"), the text inside the chip."""
    from scenes import ui

    app, scene = _open_lab(lang, size)
    for g in scene.games:
        button = scene.buttons[f"game_{g}"]
        names = {app.tr(k) for k in (f"game.{g}.title", f"game.{g}.short", f"game.{g}.tag") if app.strings.has(k)}
        assert button.text in names, (g, button.text)
        style = button.class_ids[-1] or ""
        bold, size_px = style == "@selected", 16 if style.endswith("small") else 18
        assert ui.font(size_px, bold).size(button.text)[0] <= button.rect.width - 8, (g, button.text)


def test_menu_has_no_lab_outside_designer_mode():
    app = make_app("fr")
    assert "lab" not in app.stack.top.buttons


def test_a_small_ab_job_runs_in_the_background_and_shows_its_verdict_and_charts(tmp_path):
    app, scene = _open_lab("fr")
    click_button(app, "game_anludim")
    click_button(app, "copy")  # content A copied as B (the designer would now edit it)
    assert Path(scene.folder_b, "rules.yaml").exists()
    click_button(app, "count_20")
    click_button(app, "rotate_off")
    assert scene.count == 20 and scene.rotate is False
    drawn = app.frames_drawn
    click_button(app, "run")
    assert scene.state == "running" and "cancel" in scene.buttons
    assert not scene.buttons["count_100"].is_enabled
    seen = _wait(app, scene, lambda: scene.state != "running")
    assert scene.state == "done", scene.message
    assert any(0 < done < total for done, total in seen) or any(done == total for done, total in seen)
    assert app.frames_drawn > drawn  # the screen kept drawing while the job ran
    report = Path(scene.result["report"])
    assert report.exists() and (report.parent / "ab.png").exists()
    # the screen's own charts: the same text on a figure 0.6 times the size, so not shrunk to 6 px
    import pygame

    big, small = (pygame.image.load(str(report.parent / f)) for f in ("ab.png", "screen/ab.png"))
    assert small.get_width() < 0.7 * big.get_width()
    assert scene.result["headline"]["fr"]  # e.g. "Aucun chiffre ne change de façon significative…"
    assert scene.chart == "ab" and "chart_entries" in scene.buttons
    click_button(app, "chart_lengths")
    assert scene.chart == "lengths"
    settle(app)
    assert scene._chart_image((600, 400)) is not None


def test_a_long_job_can_be_cancelled_and_the_screen_answers_meanwhile():
    app, scene = _open_lab("en", (1024, 700))
    click_button(app, "game_gorges")
    click_button(app, "count_1000")
    click_button(app, "run")
    _wait(app, scene, lambda: scene.progress[0] > 0)
    click_button(app, "cancel")
    assert scene.message == app.tr("lab.screen.cancelling")
    _wait(app, scene, lambda: scene.state != "running")
    assert scene.state == "cancelled" and scene.job is None
    assert scene.buttons["run"].is_enabled
    click_button(app, "back")
    assert app.stack.top.__class__.__name__ == "MainMenu"


def test_an_empty_folder_field_shows_its_hint_dimmed_not_as_a_value(monkeypatch):
    """The hint ("the current content") is drawn dimmed in italics while the field is empty, and
    gone once something is typed (pygame-gui wrote it like a typed value)."""
    from scenes import ui

    app, scene = _open_lab("fr", (1024, 700))
    drawn = []
    real = ui.text
    monkeypatch.setattr(ui, "text", lambda surface, value, *a, **k: drawn.append((value, k.get("italic"))) or real(
        surface, value, *a, **k))
    hint = app.tr("lab.screen.current_content")
    app.render()
    assert (hint, True) in drawn and scene.entries["a"].get_text() == ""
    scene.entries["a"].set_text("/tmp/variant")
    drawn.clear()
    app.render()
    assert (hint, True) not in drawn


def test_a_broken_content_b_is_told_as_b_in_the_screens_language_with_every_problem(tmp_path):
    import shutil

    from game.content import CONTENT_ROOT

    app, scene = _open_lab("fr", (1024, 700))
    click_button(app, "game_anludim")
    broken = tmp_path / "anl-b"
    shutil.copytree(CONTENT_ROOT / "anludim", broken)
    (broken / "rules.yaml").write_text((broken / "rules.yaml").read_text(encoding="utf-8")
                                       + "\nbogus: 1\nother_bogus: 2\n", encoding="utf-8")
    scene.entries["b"].set_text(str(broken))
    click_button(app, "run")
    assert scene.state == "error" and scene.job is None
    first, *rest = scene.message.splitlines()
    assert first.startswith("Le contenu B (") and "2 problèmes" in first
    assert len(rest) == 2 and all("rules.yaml:" in line for line in rest) and "clé inconnue" in rest[0]


def test_a_refusal_goes_once_the_settings_change(tmp_path):
    import shutil

    from game.content import CONTENT_ROOT

    app, scene = _open_lab("en", (1280, 800))
    click_button(app, "game_anludim")
    broken = tmp_path / "anl-b"
    shutil.copytree(CONTENT_ROOT / "anludim", broken)
    (broken / "rules.yaml").write_text("bogus: [", encoding="utf-8")
    scene.entries["b"].set_text(str(broken))
    click_button(app, "run")
    assert scene.state == "error" and scene.message.startswith("Content B (")
    click_button(app, "copy")  # B is now a fresh copy: the message about the broken one goes
    assert scene.state == "idle" and scene.message == "" and scene.folder_b != str(broken)
