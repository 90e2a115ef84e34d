"""A new user following phases 1-4 roll by roll (real pygame events, SDL dummy driver): the
"Continue" button stays under the mouse from one roll to the next, and the generals' panel tells
nothing the rolls on screen have not shown yet."""

from __future__ import annotations

import pytest

from tests.gorges.test_scene import _movement, play_until, point
from tests.gorges.test_scene_playtest import _table
from tests.ui_helpers import click, settle


@pytest.mark.parametrize("lang,size", [("fr", (1024, 700)), ("en", (1280, 800))])
def test_continue_stays_under_the_mouse_from_one_roll_to_the_next(lang, size):
    """Clicking "Continue" again at the same spot shows the next roll: the step box keeps its
    buttons where they were even when the next roll's text is longer (the ghost bouncing off the
    sea, an event's text) — before, the box grew around its centre and the second click fell on
    the panel's text, doing nothing."""
    from scenes.gorges import overlays
    app, table = _table(lang, size, auto_roll=False)
    play_until(table, _movement)
    settle(app)
    n = len(table.steps)
    assert n >= 3
    width = min(table.lay.overlay.width, 620)
    heights = set()
    spot = None
    for _ in range(n):
        heights.add(overlays._step_height(table, table.steps[0], width))
        hit = table.find("step_next")
        assert hit is not None
        if spot is None:
            spot = point(table, hit)
        assert hit.rect.collidepoint(spot), (hit.rect, spot)
        left = len(table.steps)
        click(app, spot)
        assert len(table.steps) == left - 1
    assert len(heights) > 1  # the rolls' texts did differ in length
