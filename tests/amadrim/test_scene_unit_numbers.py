"""A real-window playtest: the log names units by number ("Bo moves unit no. 3") but the board
showed the numbers only in tooltips. Every unit on the board shows its number on a small tag in
its cell's top-left corner, clear of its guild's colour, its pawn and its level badge."""

from __future__ import annotations

import itertools

import pygame
import pytest

from sprites.amadrim import pieces
from tests.amadrim.test_scene import (
    acting_table,
    cell_pos,
    zone,
)
from tests.ui_helpers import click, make_app, settle

SIZES = [("fr", (1024, 700)), ("en", (1024, 700)), ("fr", (1280, 800)), ("en", (1280, 800))]


def move_away(app, table) -> None:
    """The pointer off the map and the panels (no hover mark, no tooltip)."""
    pos = (table.layout.top.left + 4, table.layout.top.top + 4)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}))
    table._stale = table.dirty = True
    settle(app)


@pytest.mark.parametrize("lang,size", SIZES)
def test_a_created_unit_shows_the_number_the_log_gives_it(lang, size) -> None:
    app = make_app(lang, size)
    table = acting_table(app, ["create", "create", "move"])
    seat = table.unveiled
    for kind in ("merchant", "mage"):  # "create", the kind, then a lit cell: by clicks
        click(app, zone(table, "unit_kind", kind).rect.center)
        click(app, cell_pos(table, min(table.highlights)))
    units = [u for u in table.view["units"] if u["owner"] == seat]
    assert len(units) == 2
    log = [table.render(e) for e in table.view["log"][-2:]]
    move_away(app, table)
    geo, screen = table.layout.geo, app.screen
    colour = table.seat_colour(seat).rgb
    for unit, line in zip(units, log):
        assert f"{unit['id']})" in line  # "… (no. 1) on B3." / "… (n° 1) en B3."
        size_px = max(11, min(14, geo.cell // 3))
        tag = pieces.unit_number(unit["id"], size_px)
        cell = geo.cell_rect(unit["cell"])
        at = pygame.Rect((cell.left + 1, cell.top + 1), tag.get_size())
        assert cell.contains(at) and size_px >= 11
        # the tag is on the screen where it belongs, every pixel inside its border as drawn
        for x, y in itertools.product(range(2, at.width - 2), range(2, at.height - 2)):
            assert screen.get_at((at.left + x, at.top + y))[:3] == tag.get_at((x, y))[:3], (unit, x, y)
        # ... and leaves the centre (the pawn), the guild's colour and the level badge alone
        assert not at.collidepoint(cell.center)
        assert not at.colliderect(pygame.Rect(cell.centerx, cell.centery, cell.width // 2, cell.height // 2))
        token_left = (cell.centerx - int(cell.width * 0.92 * 0.34) + 3, cell.centery)
        assert screen.get_at(token_left)[:3] == colour
    assert app.errors_logged == 0


