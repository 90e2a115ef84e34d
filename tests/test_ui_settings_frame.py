"""The Settings screen under SDL's dummy driver: every row, its buttons and its help line inside the
panel's frame, whole, at the smallest window and the default one (sh-e-2: "Mode concepteur"'s help
line crossed the frame's bottom edge at 1024×700)."""

from __future__ import annotations

import pytest

from scenes import ui
from tests.ui_helpers import click_button, make_app


@pytest.mark.parametrize("lang, size", [("fr", (1024, 700)), ("en", (1280, 800)), ("en", (1024, 700)),
                                        ("fr", (1280, 800))])
def test_every_row_and_help_line_lies_inside_the_frame(lang, size, monkeypatch):
    app = make_app(lang, size)
    click_button(app, "settings")
    scene = app.stack.top
    assert type(scene).__name__ == "SettingsScene"
    panels = []
    real = ui.panel
    monkeypatch.setattr(ui, "panel", lambda surface, rect, *a, **k: panels.append(rect) or real(surface, rect, *a, **k))
    scene.invalidate()
    app.render()
    frame, = panels  # the frame drawn around the rows
    back = scene.buttons["back"]
    widgets = [e for e in scene.ui.get_root_container().elements if e is not back]
    assert len(widgets) > 10
    for element in widgets:
        assert frame.contains(element.rect), (element.rect, frame, getattr(element, "text", ""))
    assert frame.bottom < back.rect.top
    for key, _choices, _value in scene.rows():  # each help line whole in its label (16 px)
        if app.strings.has(f"{key}.hint"):
            label = next(e for e in widgets if getattr(e, "text", None) == app.tr(f"{key}.hint"))
            assert ui.font(16).size(label.text)[0] <= label.rect.width, key
