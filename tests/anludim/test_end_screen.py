"""Playtest pt-anludim: Anludim's end screen had no picture (every other end screen has its chart;
DESIGN.md: "an end-of-game summary with a picture") and, in French at 1024×700, its last column's
title "Manches gagnées" ran out of the box. The chart shows the rounds won after each round where
the window has room for it under the table; the column title sits over its numbers."""

from __future__ import annotations

import pytest

from game.session import SeatInfo, Session
from scenes.anludim.end import AnludimEnd
from scenes.anludim.table import AnludimTable
from tests.ui_helpers import drawn_with_sizes, make_app, settle


def finished(app) -> AnludimTable:
    import rules

    seats = [SeatInfo("Ana", 0), SeatInfo("Bo", 1), SeatInfo("Cy", 2, "greedy")]
    session = Session(rules.engine("anludim"), app.content("anludim"), "test", seats, 4, {"expert": False})
    bots = [session.engine.bot("greedy", 7 + i) for i in range(3)]
    while not session.state.is_over():
        seat = session.state.to_act()[0]
        session.apply(seat, bots[seat].choose(session.state.view(seat), session.state.legal_actions(seat)))
    table = AnludimTable(app, session)
    app.stack.push(table)
    settle(app)
    return table


@pytest.mark.parametrize("lang, size", [("fr", (1024, 700)), ("en", (1280, 800)), ("fr", (1280, 800))])
def test_the_end_screen_fits_its_box_and_draws_the_rounds_chart_where_it_has_room(lang, size, monkeypatch) -> None:
    from scenes import ui

    app = make_app(lang, size)
    table = finished(app)
    if type(app.stack.top).__name__ != "AnludimEnd":
        app.stack.push(AnludimEnd(app, table))
        settle(app)
    end = app.stack.top
    assert isinstance(end, AnludimEnd) and len(end.history) >= 3  # two rounds at least were played
    charts: list = []
    real = end.draw_chart
    monkeypatch.setattr(end, "draw_chart", lambda surface, rect, *a: charts.append((rect, a)) or real(surface, rect, *a))
    drawn = drawn_with_sizes(monkeypatch, ui)
    end._under = None  # the scene's drawing is cached: draw it again, spied
    app.render()
    header = next(r for text, _, r in drawn if text == app.tr("anludim.ui.col.rounds_won"))
    box_right = size[0] - 60
    assert header.right <= box_right - 8, (header, box_right)
    if size[1] >= 800:
        assert len(charts) == 1, charts
        rect, keys = charts[0]
        assert keys == ("anludim.ui.end_chart", "anludim.ui.end_axis")
        assert app.tr("anludim.ui.end_chart") in {t for t, _, _ in drawn}
        buttons = [b.get_abs_rect() for b in end.buttons.values()]
        assert buttons and all(not rect.colliderect(b) for b in buttons), (rect, buttons)
        assert rect.bottom <= size[1] - 100
