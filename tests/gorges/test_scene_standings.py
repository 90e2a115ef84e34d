"""The generals' standings with five and six generals: every text is drawn at 12 px or more (the
race and event line was drawn at 9-10 px at 1024×700, the column heads at 11), no two texts
overlap, and each general's event is on his row (it was dropped when the row was too narrow)."""

from __future__ import annotations

import pygame
import pytest

from tests.gorges.test_scene import play_until
from tests.gorges.test_scene_playtest import _table
from tests.ui_helpers import settle


def _drawn_texts(table, monkeypatch) -> list[tuple[str, int, pygame.Rect]]:
    """(text, size, ink rect) of every `ui.text` drawn inside the standings panel."""
    from scenes import ui
    out: list[tuple[str, int, pygame.Rect]] = []
    real = ui.text

    def spy(surface, value, pos, size=20, colour=ui.PARCHMENT, bold=False, anchor="topleft", italic=False):
        rect = real(surface, value, pos, size, colour, bold, anchor, italic)
        if table.lay.standings.colliderect(rect):
            ink = ui.render_line(str(value), size, colour, bold, italic).get_bounding_rect()
            out.append((str(value), size, ink.move(rect.topleft)))
        return rect

    monkeypatch.setattr(ui, "text", spy)
    table._changed()
    table.ensure_layer()
    return out


@pytest.mark.parametrize("lang, size, seats", [("fr", (1024, 700), 5), ("en", (1024, 700), 5),
                                               ("fr", (1024, 700), 6), ("en", (1280, 800), 6)])
def test_the_standings_are_readable_with_many_generals(lang, size, seats, monkeypatch):
    app, table = _table(lang, size, seats=seats, seed=4, auto_roll=True)
    play_until(table, lambda s: s.turn >= 2 and s.phase == "movement")
    settle(app)
    texts = _drawn_texts(table, monkeypatch)
    assert len(texts) >= 1 + 3 + 6 * seats
    small = [(v, s) for v, s, _ in texts if s < 12]
    assert not small, small
    for i, (a, _, ra) in enumerate(texts):
        assert table.lay.standings.contains(ra), a
        for b, _, rb in texts[i + 1:]:
            assert not ra.colliderect(rb), (a, b)
    events = [g["event"] for g in table.shown_generals() if g.get("event")]
    assert len(events) >= seats - 1
    for ev in events:
        said = f"{ev['roll']} {table.tx(ev['name'])}"
        assert any(said in v for v, _, _ in texts), (said, [v for v, _, _ in texts])
