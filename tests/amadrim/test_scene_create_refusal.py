"""A real-window playtest: with "create" chosen, a click on a cell that is not lit dropped the
choice with no word. The choice stays, the hint line says why that cell may not be used (a city
or a unit stands there, or it is not N, E, S or W of one of the guild's cities), and the choice is
dropped only the table's explicit ways: right click, Esc, or another action."""

from __future__ import annotations

import pygame
import pytest

from rules.amadrim.board import cell_label
from tests.amadrim.test_scene import acting_table, cell_pos, top_name, zone
from tests.amadrim.test_scene_action_rows import spy_drawing
from tests.amadrim.test_scene_unit_numbers import SIZES
from tests.ui_helpers import click, key, make_app, settle


def right_click(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": 3}))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, {"pos": pos, "button": 3}))
    settle(app)


def drawn_texts(drawn) -> list[str]:
    return [text for text, _ in drawn]


@pytest.mark.parametrize("lang,size", SIZES)
def test_create_keeps_its_choice_on_a_cell_that_is_not_lit_and_says_why(monkeypatch, lang, size) -> None:
    app = make_app(lang, size)
    table = acting_table(app, ["create", "create", "move"])
    seat, tr = table.unveiled, app.tr
    click(app, zone(table, "kind", "create").rect.center)
    first = min(table.highlights)
    click(app, cell_pos(table, first))  # a merchant created: its cell is taken now
    click(app, zone(table, "kind", "create").rect.center)
    actions = len(table.session.actions)
    city = next(tuple(c["cell"]) for c in table.view["cities"] if c["owner"] == seat)
    far = next((x, y) for y in range(12) for x in range(12)
               if (x, y) not in table.highlights and table.unit_on((x, y)) is None and table.city_on((x, y)) is None)
    cases = [(far, "amadrim.ui.create_no.far"), (first, "amadrim.ui.create_no.unit"),  # (its own unit)
             (city, "amadrim.ui.create_no.city")]
    drawn = spy_drawing(monkeypatch)
    for cell, why in cases:
        drawn.clear()
        click(app, cell_pos(table, cell))
        assert table.selected_kind == "create", f"{why}: the choice was dropped"
        assert len(table.session.actions) == actions
        said = tr(why, cell=cell_label(cell))
        assert said.startswith(("Pas en", "Not on")) and cell_label(cell) in said
        shown = " ".join(drawn_texts(drawn))
        assert said.split()[0] in shown and " ".join(said.split()[:4]) in shown, f"{said!r} not drawn"
        assert table.highlights, "the lit cells stay lit"
        hint = table.layout.control
        assert any(text in said and hint.contains(rect) for text, rect in drawn), "not in the hint line"
    # the prompt says how to cancel, and both ways work
    assert tr("amadrim.ui.hint.create", unit=tr("amadrim.unit.merchant")) in table.action_hint(table.view)
    right_click(app, cell_pos(table, far))
    assert table.selected_kind is None and not table.refused
    click(app, zone(table, "kind", "create").rect.center)
    click(app, cell_pos(table, far))
    key(app, pygame.K_ESCAPE)
    assert table.selected_kind is None and top_name(app) == "AmadrimTable"
    key(app, pygame.K_ESCAPE)  # nothing chosen: Esc opens the pause menu as before
    assert top_name(app) == "PauseMenu"
    assert app.errors_logged == 0


def test_a_lit_cell_still_creates_and_the_refusal_leaves(monkeypatch) -> None:
    app = make_app("fr", (1024, 700))
    table = acting_table(app, ["create", "create"])
    click(app, zone(table, "kind", "create").rect.center)
    click(app, cell_pos(table, (0, 0)))  # the corner: never next to a city (never on the edge)
    assert table.refused is not None
    lit = min(table.highlights)
    click(app, cell_pos(table, lit))
    assert table.unit_on(lit) is not None and table.refused is None


