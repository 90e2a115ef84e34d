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
