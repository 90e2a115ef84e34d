"""Playtest pt-anludim: at 1024×700 the professors' names were drawn at 9 px ("La Nécromancienne"
shrunk to fit beside its token, the four others with it), their combination hints and a dozen labels
at 11 px, and every item's value at 9 px. Every text of the Anludim table is now 12 px at least;
the names stay whole (above a smaller token when one does not fit beside it)."""

from __future__ import annotations

import pytest

from scenes import ui
from scenes.anludim.compose import Composer
from sprites.anludim import pieces as P
from tests.anludim.test_scene import start
from tests.ui_helpers import make_app

READABLE = 12


def rendered_lines(monkeypatch) -> list[tuple[str, int]]:
    """Every line of text `scenes.ui.render_line` renders from now on (ui.text and text blocks too)."""
    drawn: list[tuple[str, int]] = []
    real = ui.render_line

    def spy(value, size, *args, **kwargs):
        drawn.append((value, size))
        return real(value, size, *args, **kwargs)

    monkeypatch.setattr(ui, "render_line", spy)
    return drawn


@pytest.mark.parametrize("lang, size", [("fr", (1024, 700)), ("en", (1024, 700)), ("en", (1280, 800)),
                                        ("fr", (1280, 800))])
def test_every_text_of_the_table_is_at_least_12_px(lang, size, monkeypatch) -> None:
    app = make_app(lang, size)
    app.settings.animation_speed = 50.0
    table = start(app, seed=5)
    drawn = rendered_lines(monkeypatch)
    table.layer = None
    app.render()
    assert drawn
    small = sorted({(s, v) for v, s in drawn if s < READABLE and v.strip()})
    assert not small, small


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_professors_names_are_whole_and_readable_at_1024x700(lang, monkeypatch) -> None:
    app = make_app(lang, (1024, 700))
    app.settings.animation_speed = 50.0
    table = start(app, seed=5)
    names = {table.tx(p["name"]) for p in table.view["professors"]}
    drawn = rendered_lines(monkeypatch)
    table.layer = None
    app.render()
    sizes = {v: s for v, s in drawn if v in names}
    assert set(sizes) == names, (sizes, names)  # all five drawn whole, none cut with "…"
    assert len(set(sizes.values())) == 1 and min(sizes.values()) >= READABLE, sizes


def test_an_items_value_is_written_at_12_px_at_least(monkeypatch) -> None:
    """The token radii the table uses at 1024×700 (the opponents' small items and your own)."""
    sizes: list[int] = []
    real = ui.font
    monkeypatch.setattr(ui, "font", lambda size, *a, **k: sizes.append(size) or real(size, *a, **k))
    scale = Composer.__new__(Composer)
    scale.s = 0.8
    for r in (scale.px(12), scale.px(16), 12, 16):
        P.item.cache_clear()
        sizes.clear()
        img = P.item("talisman", 3, r)
        assert sizes and min(sizes) >= READABLE, (r, sizes)
        assert img.get_width() == 2 * r + 4  # the token keeps its size: the value stays inside it
    P.item.cache_clear()
