"""At the Anludim table, real clicks: draw two cards face down, Ctrl+Z is refused with the reason
(issue 12: it used to take the draw back and give the same two cards again)."""

from __future__ import annotations

import pygame

from tests.anludim.test_scene import app, click_zone, start  # noqa: F401  (app is a fixture)
from tests.ui_helpers import key


def test_ctrl_z_after_a_face_down_draw_is_refused_with_the_reason(app) -> None:  # noqa: F811
    table = start(app, kinds=("human", "human"))
    seat = table.me
    before = table.session.view(None)["seats"][seat]["hand_size"]
    click_zone(app, table, "button", ("draw",))
    done = len(table.session.actions)
    assert done >= 1 and table.session.view(None)["seats"][seat]["hand_size"] == before + 2
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # at the table, or behind the curtain if the turn ended
    assert len(table.session.actions) == done
    texts = app.toasts.texts()
    assert any("hidden information" in t and "a draw" in t for t in texts), texts
