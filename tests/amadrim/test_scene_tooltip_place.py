"""A real-window playtest at 1024×700: the map cell's tooltip, drawn below and right of the
pointer, hid the lit cells the player was choosing among (a move's reachable cells). It now goes
where it hides none: another side of the pointer, else beside the map. Checked on the screen: no
pixel of a lit cell differs from the table's layer (the map as drawn before the tooltip), but for
the hover mark and the path's dots, while the pointer rests on each lit cell in turn."""

from __future__ import annotations

import pygame
import pytest

from tests.amadrim.test_scene import acting_table, cell_pos, zone
from tests.ui_helpers import click, make_app, settle

SIZES = [("fr", (1024, 700)), ("en", (1024, 700)), ("fr", (1280, 800)), ("en", (1280, 800))]


def hover(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}))
    settle(app, 2)


def cell_pixels(surface: pygame.Surface, rect: pygame.Rect, dot: int) -> bytes:
    """The pixels of a cell less its 2-px border (the hover mark) and its centre (a path's dot)."""
    cell = surface.subsurface(rect.inflate(-4, -4)).copy()
    centre = pygame.Rect(0, 0, 2 * dot + 4, 2 * dot + 4)
    centre.center = (cell.get_width() // 2, cell.get_height() // 2)
    cell.fill((0, 0, 0), centre)
    return pygame.image.tobytes(cell, "RGB")


@pytest.mark.parametrize("lang,size", SIZES)
def test_the_cell_tooltip_never_hides_the_lit_cells(lang, size) -> None:
    app = make_app(lang, size)
    table = acting_table(app, ["create", "move", "move", "move"])
    click(app, zone(table, "unit_kind", "merchant").rect.center)
    click(app, cell_pos(table, min(table.highlights)))  # a merchant, by clicks
    merchant = next(u for u in table.view["units"] if u["owner"] == table.unveiled)
    click(app, cell_pos(table, tuple(merchant["cell"])))  # selected: its moves light up
    assert table.selected_kind == "move" and len(table.highlights) >= 12
    geo = table.layout.geo
    dot = max(4, geo.cell // 8)
    lit = sorted(table.highlights)
    for cell in lit:
        hover(app, cell_pos(table, cell))
        assert table.hover_cell == cell and table.tooltip_lines()
        for other in lit:
            r = geo.cell_rect(other)
            assert cell_pixels(app.screen, r, dot) == cell_pixels(table._layer, r, dot), \
                f"pointer on {cell}: the tooltip hides the lit cell {other}"
    assert app.errors_logged == 0


@pytest.mark.parametrize("lang,size", SIZES)
def test_the_cell_tooltip_never_covers_the_set_up_instructions(lang, size) -> None:
    """A new-user playtest at 1024×700: during the city placement almost every cell is lit, and the
    cell's tooltip went to the one spot that hid none, over the panel saying what to do ("click a
    lit cell", the placement rules, the order). With the pointer on every cell of the map in turn,
    the tooltip shows, inside the window, and never over that panel."""
    from tests.amadrim.test_scene import new_session, open_table

    app = make_app(lang, size)
    table = open_table(app, new_session(app, kinds=("human", "human", "human")))
    assert table.view["phase"] == "setup" and len(table.highlights) >= 40
    panel = table.layout.control
    window = pygame.Rect(0, 0, *size)
    side = len(table.view["grid"]["regions"])
    for y in range(side):
        for x in range(side):
            hover(app, cell_pos(table, (x, y)))
            assert table.hover_cell == (x, y)
            lines = table.tooltip_lines()
            assert lines
            tip = table.tooltip_rect(app.size, lines)
            assert window.contains(tip), ((x, y), tip)
            assert not tip.colliderect(panel), f"pointer on {(x, y)}: the tooltip {tip} covers the instructions {panel}"
    assert app.errors_logged == 0
