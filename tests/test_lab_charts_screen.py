"""The Lab screen's charts (game/labreport.py, drawn for the screen): they fill the room the panel
has for them, and the win-rate chart's legend ("fair share") lies outside the plot, over no bar
and no interval (lab-c-8, en-lab2-5: small charts in a wide empty panel, the legend over seat 3's
error bar)."""

from __future__ import annotations

import pytest

from game.i18n import Strings
from game.labreport import draw_charts


def _doc():
    seat = [{"rate": r, "lo": lo, "hi": hi} for r, lo, hi in ((0.40, 0.22, 0.61), (0.35, 0.18, 0.57),
                                                              (0.25, 0.11, 0.47))]
    bots = {"apprentice": {"rate": 0.07, "lo": 0.02, "hi": 0.2}, "master": {"rate": 0.85, "lo": 0.64, "hi": 0.95}}
    stats = {"seats": seat, "bots": bots, "first_player": {"fair": 1 / 3},
             "length_histogram": {"counts": [], "edges": [0]}, "history": [], "entries": []}
    return {"a": {"stats": stats}}


@pytest.mark.parametrize("lang, box", [("fr", (398, 326)), ("en", (576, 426))])
def test_screen_charts_fill_their_box_and_the_legend_covers_no_bar(lang, box, tmp_path, monkeypatch):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figures = []
    real_close = plt.close
    monkeypatch.setattr(plt, "close", lambda fig=None: figures.append(fig))
    charts = draw_charts(_doc(), tmp_path, Strings(lang), 0.5, box)
    assert "win_rates" in charts
    import pygame

    image = pygame.image.load(str(tmp_path / "win_rates.png"))
    assert image.get_size() == box
    fig = figures[0]
    renderer = fig.canvas.get_renderer()
    ax = fig.axes[0]
    legend = ax.get_legend().get_window_extent(renderer)
    plot = ax.get_window_extent(renderer)  # the plotting area: every bar and interval is inside
    assert not legend.overlaps(plot), (legend, plot)
    assert 0 <= legend.x0 and legend.x1 <= fig.bbox.width and legend.y1 <= fig.bbox.height
    for title in fig.texts:  # nor over the chart's title
        assert not legend.overlaps(title.get_window_extent(renderer))
    for f in figures:
        real_close(f)


def test_the_screens_chart_is_drawn_again_for_the_panels_room_after_a_resize(tmp_path):
    """The charts were drawn for the window of the run and only shrunk after a resize: a window
    made larger (or a report made at a smaller size) kept them small. Once the window rests, the
    chart shown is drawn again from report.json for the panel's new room, once per size."""
    import json
    import time

    import pygame

    from game.labreport import SCREEN_SCALE
    from scenes import lab as lab_module
    from tests.test_lab_scene import _open_lab
    from tests.ui_helpers import settle

    app, scene = _open_lab("fr", (1024, 700))
    small = scene.chart_box()
    (tmp_path / "screen").mkdir()
    draw_charts(_doc(), tmp_path / "screen", Strings("fr"), SCREEN_SCALE, small)
    (tmp_path / "report.json").write_text(json.dumps(_doc()), encoding="utf-8")
    scene.state, scene.chart = "done", "win_rates"
    scene.result = {"folder": str(tmp_path), "report": str(tmp_path / "report.md"),
                    "headline": {"fr": "Siège 1 : 40 %.", "en": "Seat 1: 40 %."}, "lines": {}, "errors": 0}
    scene.rebuild()
    settle(app)
    assert scene._chart_image(small).get_size() == small and scene._redraw is None  # drawn for this room
    app.set_window_size((1600, 900))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, {"w": 1600, "h": 900, "size": (1600, 900)}))
    settle(app)
    big = scene.chart_box()
    assert big[0] > small[0] + 100 and big[1] > small[1] + 100
    shown = scene._chart_image(big)
    assert shown.get_height() == big[1] or shown.get_width() == big[0]  # scaled up at once, not left small
    deadline = time.monotonic() + 10
    while scene._redraw is not None and time.monotonic() < deadline:
        time.sleep(lab_module.REDRAW_S / 3)
        settle(app)
    assert scene._redraw is None
    assert pygame.image.load(str(tmp_path / "screen" / "win_rates.png")).get_size() == big
    assert scene._chart_image(big).get_size() == big
    redrawn = (tmp_path / "screen" / "win_rates.png").stat().st_mtime_ns
    scene.invalidate()
    settle(app)  # the same room again: nothing is drawn again
    assert (tmp_path / "screen" / "win_rates.png").stat().st_mtime_ns == redrawn and scene._redraw is None
