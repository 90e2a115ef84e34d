"""The battle-result form (real clicks, SDL dummy driver): its messages show beside it, in the free
room of the orders panel, never over its title; "Heroes slain" and "Storm of Magic" are drawn
check boxes (they were "[ ]" and "[x]" in the label), ticked by a click and sent with the result."""

from __future__ import annotations

import pygame
import pytest

from rules.gorges import actions as A
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
    shown = app.toasts._boxes(app.size, app.message_anchor())
    # the newest always shows; the older one too where the free room holds both (1280×800), else
    # it waits until the newest leaves (`ToastLayer._boxes`: never over what the screen shows)
    assert shown[0][0].text == app.tr("gorges.illegal.not_a_fighter")
    boxes = _message_boxes(app)
    assert len(boxes) == (2 if size == (1280, 800) else 1)
    for box in boxes:
        assert not box.colliderect(table.lay.overlay), (box, table.lay.overlay)  # the form, its title first
        assert table.lay.prompt.contains(box), (box, table.lay.prompt)
    for i, a in enumerate(boxes):
        assert not any(a.colliderect(b) for b in boxes[i + 1:])


@pytest.mark.parametrize("lang, size", [("fr", (1024, 700)), ("en", (1280, 800))])
def test_slain_heroes_are_real_check_boxes_ticked_by_a_click(lang, size, monkeypatch):
    from scenes import ui
    app, table = _form(lang, size)
    heroes = list(table.view["battle"]["heroes"])
    assert len(heroes) >= 2
    boxes: list[tuple[pygame.Rect, bool]] = []
    real = ui.check_box
    monkeypatch.setattr(ui, "check_box", lambda surf, box, on: boxes.append((pygame.Rect(box), on)) or real(surf, box, on))

    def box_of(aid: str) -> tuple[pygame.Rect, bool]:
        boxes.clear()
        table._changed()
        table.ensure_layer()
        hit = table.find("form", ("slain", aid))
        inside = [(b, on) for b, on in boxes if hit.rect.contains(b)]
        assert len(inside) == 1, inside
        box = inside[0][0]
        assert box.width >= 12 and box.height == box.width and box.left - hit.rect.left < 14  # a box, left of the label
        return inside[0]

    def gold(box: pygame.Rect) -> int:
        inner = box.inflate(-6, -6)
        return sum(1 for x in range(inner.left, inner.right) for y in range(inner.top, inner.bottom)
                   if table.layer.get_at((x, y))[:3] == ui.GOLD)

    first, second = heroes[:2]
    box, on = box_of(first)
    assert not on and gold(box) == 0
    click_zone(app, table, "form", ("slain", first))
    assert table.form.slain == [first]
    box, on = box_of(first)
    assert on and gold(box) > 6  # the tick is drawn
    assert not box_of(second)[1]
    click_zone(app, table, "form", ("slain", second))
    click_zone(app, table, "form", ("slain", first))  # unticked again
    assert table.form.slain == [second]
    assert not box_of(first)[1] and box_of(second)[1]
    winner = table.view["battle"]["defender"]
    click_zone(app, table, "form", ("winner", winner))
    count = len(table.session.actions)
    click_zone(app, table, "form", ("submit",))
    _, action = table.session.actions[count]
    assert isinstance(action, A.BattleResult) and action.slain == (second,)
