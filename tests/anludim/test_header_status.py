"""The Anludim table's header status line ("Au tour de Léa · Action optionnelle ou fin du tour"),
under SDL's dummy driver: drawn at the table's own text size, never shrunk (fr-k-6: at 1024×700 it
was drawn at 9 px, `ui.fitted` keeping the long form whenever it fit at three quarters of its size);
where the long form does not fit, the short one ("Au tour de Léa")."""

from __future__ import annotations

import pytest

from scenes import ui
from scenes.anludim.compose import SMALLEST_TEXT
from tests.anludim.test_scene import start
from tests.ui_helpers import drawn_with_sizes, make_app


@pytest.mark.parametrize("lang, size", [("fr", (1024, 700)), ("en", (1280, 800))])
def test_the_status_line_keeps_its_size_and_shortens_instead(lang, size, monkeypatch):
    app = make_app(lang, size)
    app.settings.animation_speed = 50.0
    table = start(app)
    name = table.seat_name(table.view["current"])
    table.view["phase_label"] = "anludim.phase.after_main"  # the longest: "… · Action optionnelle ou fin du tour"
    drawn = drawn_with_sizes(monkeypatch, ui)
    table.layer = None
    app.render()
    short = app.tr("anludim.ui.turn_of", name=name)
    status = [(text, px) for text, px, _rect in drawn if text.startswith(short)]
    assert status, [t for t, _p, _r in drawn][:40]
    scale = min(size[0] / 1280, size[1] / 800)
    for text, px in status:
        assert px == max(SMALLEST_TEXT, round(13 * scale)), (text, px)
