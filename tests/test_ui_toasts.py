"""Messages (toasts) sized to their text and placed clear of titles, with real events under SDL's
dummy driver: a refusal in a table's narrow log column is a short wide box, not a tall narrow one
(fr-y-2); a wrong code on the curtain is said under the code field, not over "Pass to <name>" (hs-c-5)."""

from __future__ import annotations

import pygame
import pytest

import rules
from game import content as loader
from game.hotseat import hash_pin
from game.saves import SaveStore
from game.session import SeatInfo, Session
from scenes import ui
from sprites.toast import ToastLayer
from tests.ui_helpers import click, make_app, settle


@pytest.mark.parametrize("lang, size, column", [("fr", (1024, 700), 222), ("en", (1280, 800), 290)])
def test_a_message_in_a_narrow_column_is_a_short_wide_box(lang, size, column):
    """Anludim puts messages over its log column (222 px at 1024×700): the undo refusal was
    wrapped there at its big size, five lines in a box 220 px wide."""
    from game.i18n import Strings

    pygame.font.init()
    strings = Strings(lang)
    text = strings.tr("session.undo.hidden", what=strings.tr("session.hidden.draw"))
    layer = ToastLayer()
    layer.add(text, "error")
    anchor = (size[0] - 20 - column // 2, 294, column - 16)
    (_item, rect, lines), = layer.layout(size, anchor)
    assert len(lines) <= 3, lines
    assert rect.width >= 300 and rect.height <= 100, rect
    assert pygame.Rect(0, 0, *size).contains(rect)
    assert rect.width < 2.5 * rect.height * len(lines)  # sized to the text: no empty band either


@pytest.mark.parametrize("lang, size", [("fr", (1024, 700)), ("en", (1280, 800))])
def test_a_wrong_code_is_said_clear_of_the_curtains_title_and_its_controls(lang, size, tmp_path):
    app = make_app(lang, size)
    engine = rules.engine("anludim")
    infos = [SeatInfo("Alice", 0, "human", hash_pin("1234")), SeatInfo("Bruno", 1, "human", hash_pin("4321"))]
    session = Session(engine, loader.load("anludim"), loader.digest("anludim"), infos, 5,
                      store=SaveStore(tmp_path / "saves"), save_name="pins")
    from scenes.saves_bridge import open_table

    open_table(app, session)
    settle(app)
    curtain = app.stack.top
    assert type(curtain).__name__ == "CurtainScene" and curtain.needs_pin
    click(app, curtain.pin_entry.rect.center)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, {"text": "9999"}))
    settle(app)
    click(app, curtain.buttons["ok"].rect.center)
    said = app.tr("curtain.wrong_pin", name=curtain.name)
    assert said in app.toasts.texts()
    (_item, box, _lines), = app.toasts.layout(app.size, app.message_anchor())
    w, _h = size
    label = app.tr("curtain.pass_to", name=curtain.name)
    title = ui.font(48, bold=True).render(label, True, (0, 0, 0)).get_rect(midtop=(w // 2 + 28, 80))
    game_title = ui.font(22, italic=True).render(app.tr("game.anludim.title"), True, (0, 0, 0)).get_rect(midtop=(w // 2, 34))
    assert not box.colliderect(title.inflate(60, 0)) and not box.colliderect(game_title), (box, title)
    for control in [curtain.pin_entry, *curtain.buttons.values()]:
        assert not box.colliderect(control.rect), (box, control.rect)
    assert pygame.Rect(0, 0, *size).contains(box)


# -- the shell's screens: messages clear of the title and the controls (a playtest: at y = 70) ------

TITLE_BAND = 122  # every shell screen's title and its ornament end above this


def _controls(scene) -> list[pygame.Rect]:
    """Every widget of a screen (buttons, fields, labels) as drawn now."""
    return [e.rect for e in scene.ui.get_sprite_group().sprites() if getattr(e, "visible", True)
            and e.rect.width > 1 and e.rect.height > 1 and e is not scene.ui.get_root_container()]


def _clear_of_title_and_controls(app, scene, size) -> None:
    boxes = [box for _item, box, _lines in app.toasts.layout(app.size, app.message_anchor())]
    assert boxes
    for box in boxes:
        assert box.top >= TITLE_BAND and pygame.Rect(0, 0, *size).contains(box), box
        for control in _controls(scene):
            assert not box.colliderect(control), (box, control)


@pytest.mark.parametrize("lang, size", [("fr", (1024, 700)), ("en", (1280, 800)), ("en", (1024, 700))])
@pytest.mark.parametrize("game, seats", [("anludim", 3), ("gorges", 6), ("amadrim", 4)])
def test_the_new_game_screen_says_a_refusal_clear_of_its_title_and_seats(lang, size, game, seats) -> None:
    """Start with two seats of the same colour: the refusal is said in a panel's empty foot, not
    over "New game — <game>" (nor over the seats it speaks of, nor the buttons)."""
    app = make_app(lang, size)
    click(app, app.stack.top.buttons[f"game_{game}"].rect.center)
    scene = app.stack.top
    assert type(scene).__name__ == "NewGameScene"
    if seats != scene.count:
        click(app, scene.buttons[f"count_{seats}"].rect.center)
    scene.seats[1]["colour"] = scene.seats[0]["colour"]
    click(app, scene.buttons["start"].rect.center)
    assert app.stack.top is scene and app.tr("newgame.same_colour") in app.toasts.texts()
    _clear_of_title_and_controls(app, scene, size)


@pytest.mark.parametrize("lang, size", [("fr", (1024, 700)), ("en", (1280, 800))])
def test_the_load_and_settings_screens_say_messages_clear_of_their_titles(lang, size, tmp_path) -> None:
    from scenes.load import LoadScene
    from scenes.settings import SettingsScene

    app = make_app(lang, size)
    app.save_store = SaveStore(tmp_path / "saves")
    for scene in (LoadScene(app), SettingsScene(app)):
        app.stack.push(scene)
        settle(app)
        app.toast(app.tr("load.failed"), "error")
        settle(app)
        _clear_of_title_and_controls(app, scene, size)
        app.toasts.clear(None)
        app.toasts.items.clear()
        app.stack.pop()
        settle(app)


def test_a_rising_anchor_puts_the_newest_message_at_the_foot_and_older_ones_above() -> None:
    from sprites.toast import rising

    pygame.font.init()
    layer = ToastLayer()
    layer.add("first", "info")
    layer.add("second", "error")
    area = pygame.Rect(100, 300, 600, 200)
    (newest, low, _), (older, high, _) = layer.layout((1024, 700), rising(area))
    assert newest.text == "second" and older.text == "first"
    assert low.bottom == area.bottom - 8 and high.bottom < low.top and high.top >= area.top


@pytest.mark.parametrize("lang, size", [("fr", (1024, 700)), ("en", (1024, 700)), ("en", (1280, 800))])
@pytest.mark.parametrize("count", [2, 3])
def test_a_second_message_on_the_settings_screen_stays_in_free_room(lang, size, count) -> None:
    """A new-user playtest at 1024×700: a second message while one showed rose over the settings'
    last hint line (the room beside Back holds one message). Every message shown stays in that
    room, over no other, clear of the rows' frame (its hints) and of every control; the newest
    always shows."""
    from scenes.settings import SettingsScene

    app = make_app(lang, size)
    scene = SettingsScene(app)
    app.stack.push(scene)
    settle(app)
    said = [app.tr("settings.save_failed"), app.tr("content.reloaded", game=app.tr("game.ambre.title")),
            app.tr("app.error")][:count]
    for text in said:
        app.toast(text, "error")
        settle(app)
    assert app.toasts.texts() == said
    shown = app.toasts.layout(app.size, app.message_anchor())
    assert shown[0][0].text == said[-1]
    if count == 2:
        assert len(shown) == 2
    boxes = [box for _item, box, _lines in shown]
    for i, box in enumerate(boxes):
        assert scene.message_area.contains(box), (box, scene.message_area)
        assert not box.colliderect(scene.frame), (box, scene.frame)
        assert not any(box.colliderect(other) for other in boxes[i + 1:]), boxes
        for control in _controls(scene):
            assert not box.colliderect(control), (box, control)
