"""The battle-result form (real clicks, SDL dummy driver): its messages show beside it, in the free
room of the orders panel, never over its title."""

from __future__ import annotations

import pygame
import pytest

from tests.gorges.test_scene import _battle, click_zone, play_until, point
from tests.gorges.test_scene_playtest import _table
from tests.ui_helpers import click, settle


def _form(lang: str, size: tuple[int, int]):
    app, table = _table(lang, size, seats=3, seed=2, auto_roll=True)
    play_until(table, _battle, seed=3)
    settle(app)
    while table.aftermath or table.steps:  # the rolls before the battle, followed
        hit = table.find("step_next") or table.find("after_page", 1) or table.find("aftermath_close")
        click(app, point(table, hit))
    settle(app)
    assert table.find("form", ("submit",)) is not None
    return app, table


def _message_boxes(app) -> list[pygame.Rect]:
    return [rect for _, rect, _, _ in app.toasts._boxes(app.size, app.message_anchor())]


@pytest.mark.parametrize("lang, size", [("fr", (1024, 700)), ("en", (1280, 800))])
def test_the_form_messages_show_beside_it_not_over_its_title(lang, size):
    app, table = _form(lang, size)
    count = len(table.session.actions)
    click_zone(app, table, "form", ("submit",))  # nobody chosen yet
    assert len(table.session.actions) == count
    assert app.toasts.texts() == [app.tr("gorges.ui.pick_winner")]  # not "That general is not in this battle"
    app.toast(app.tr("gorges.illegal.not_a_fighter"), "error")  # any other refusal goes there too
    boxes = _message_boxes(app)
    assert len(boxes) == 2
    for box in boxes:
        assert not box.colliderect(table.lay.overlay), (box, table.lay.overlay)  # the form, its title first
        assert table.lay.prompt.contains(box), (box, table.lay.prompt)
    for i, a in enumerate(boxes):
        assert not any(a.colliderect(b) for b in boxes[i + 1:])
