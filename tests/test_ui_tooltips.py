"""Tooltips under SDL's dummy driver, with real pygame events: a button's tooltip is a readable box
(not a column of one word per line), and no tooltip stays over a scene that covers its own."""

from __future__ import annotations

import pygame
import pytest

import rules
from game import content as loader
from game.saves import SaveStore
from game.session import SeatInfo, Session
from tests.ui_helpers import key, make_app, settle


def _move(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}))
    settle(app)


def _hover_tooltip(monkeypatch, app, scene, button):
    """Rest the pointer on `button` past pygame-gui's tooltip delay; its tooltip (or None)."""
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: button.rect.center)  # the dummy driver's pointer
    _move(app, button.rect.center)
    for dt in (0.1, 1.2, 0.1):
        scene.ui.update(dt)
    return button.tool_tip


def _bot_button(app, scene):
    """The second seat's kind button, turned to a bot (bots' buttons carry a tooltip)."""
    from tests.ui_helpers import click_button

    for _ in range(4):
        if scene.buttons["kind_1"].tool_tip_text:
            break
        click_button(app, "kind_1")
    return scene.buttons["kind_1"]


@pytest.mark.parametrize("lang, size", [("en", (1280, 800)), ("fr", (1024, 700))])
def test_a_bot_buttons_tooltip_wraps_at_a_readable_width(monkeypatch, lang, size):
    """en-c-7: "Bot: Master"'s tooltip was 170 px wide, one or two words a line, a column over the
    bots' descriptions; it is as wide as a short sentence and a few lines tall, inside the window."""
    from tests.ui_helpers import click_button

    app = make_app(lang, size)
    click_button(app, "game_anludim")
    scene = app.stack.top
    button = _bot_button(app, scene)
    tip = _hover_tooltip(monkeypatch, app, scene, button)
    assert tip is not None
    assert tip.rect.width >= 300, tip.rect
    assert tip.rect.height <= 5 * 26, tip.rect  # a long description: a few lines, not ten
    assert pygame.Rect(0, 0, *size).contains(tip.rect)


def test_a_short_tooltip_gets_a_box_its_size():
    """A one-word tooltip (a colour's name) is not put in a box as wide as a sentence."""
    app = make_app("en", (1280, 800))
    from tests.ui_helpers import click_button

    click_button(app, "game_anludim")
    scene = app.stack.top
    colour = scene.buttons["colour_0"]
    assert colour.tool_tip_wrap_width < 200


def test_a_widget_tooltip_goes_when_an_overlay_opens(monkeypatch):
    """A button's tooltip was drawn by its scene under whatever covered it; covered, it goes."""
    from scenes.confirm import ConfirmOverlay
    from tests.ui_helpers import click_button

    app = make_app("en", (1280, 800))
    click_button(app, "game_anludim")
    scene = app.stack.top
    button = _bot_button(app, scene)
    assert _hover_tooltip(monkeypatch, app, scene, button) is not None
    app.stack.push(ConfirmOverlay(app, "?", "?", lambda: None))
    settle(app)
    assert button.tool_tip is None
    assert not any(type(s).__name__ == "UITooltip" for s in scene.ui.get_sprite_group().sprites())


def test_the_gorges_menu_buttons_tooltip_goes_under_the_pause_menu(monkeypatch, tmp_path):
    """sh-c-3: the Gorges table's "Menu" tooltip stayed drawn over the Pause dialog."""
    from scenes.gorges import panels
    from scenes.saves_bridge import open_table

    app = make_app("fr", (1024, 700))
    engine = rules.engine("gorges")
    infos = [SeatInfo(n, i, "human") for i, n in enumerate(("Ana", "Bo"))]
    store = SaveStore(tmp_path / "saves")
    session = Session(engine, loader.load("gorges"), loader.digest("gorges"), infos, 5, store=store,
                      save_name="tips")
    open_table(app, session)
    settle(app)
    if type(app.stack.top).__name__ == "CurtainScene":
        key(app, pygame.K_RETURN)
    table = app.stack.top
    assert type(table).__name__ == "GorgesTable"
    app.render()
    menu = table.find("menu")
    assert menu is not None and menu.tip, [h.kind for h in table.hits]
    drawn: list[str] = []
    real = panels.tooltip
    monkeypatch.setattr(panels, "tooltip", lambda surface, text, pos: drawn.append(text) or real(surface, text, pos))
    _move(app, menu.rect.center)
    app.render()
    assert drawn and drawn[-1] == menu.tip
    key(app, pygame.K_ESCAPE)
    assert type(app.stack.top).__name__ == "PauseMenu"
    drawn.clear()
    app.render()
    assert drawn == []
