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
