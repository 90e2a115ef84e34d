"""A real-window playtest: the log names units by number ("Cy moves unit no. 1 from H3 to H5")
and the map shows the numbers, but hovering the line showed nothing. Now a hovered log line marks
what it names: the units it names ringed where they stand now, the cells it names outlined, the
rest of the map dimmed, and its rows in the log marked. Only the line's own words count: a line
naming no unit and no cell marks nothing, a captured unit is not looked for."""

from __future__ import annotations

import pygame
import pytest

from scenes import ui
from tests.amadrim.test_scene import acting_table, cell_pos, zone
from tests.ui_helpers import click, drawn_with_sizes, make_app, settle

SIZES = [("fr", (1024, 700)), ("en", (1024, 700)), ("fr", (1280, 800)), ("en", (1280, 800))]


def hover(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}))
    settle(app, 2)


def moved_merchant(app):
    """Cy creates a merchant, then moves it as far as it goes (a cube of "create" left: Cy
    still acts)."""
    table = acting_table(app, ["create", "create", "move", "move"])
    click(app, zone(table, "unit_kind", "merchant").rect.center)
    click(app, cell_pos(table, max(table.highlights)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": (5, 5), "button": 3}))  # drop "create"
    settle(app)
    merchant = next(u for u in table.view["units"] if u["owner"] == table.unveiled)
    start = tuple(merchant["cell"])
    click(app, cell_pos(table, start))
    assert table.selected_kind == "move"
    end = max(table.highlights, key=lambda c: (len(table.paths.get(c, ())), c))
    click(app, cell_pos(table, end))
    assert table.view["log"][-1]["key"] in ("amadrim.log.moved", "amadrim.log.harvested")
    assert tuple(next(u for u in table.view["units"] if u["id"] == merchant["id"])["cell"]) == end
    return table, merchant["id"], start, end


def row_of(table, drawn, line: str) -> tuple[int, int]:
    """A point on the first row of `line` as the log panel drew it."""
    first = ui.wrap(line, table.layout.log.width - 28, 14)[0]
    rect = next(rect for text, _size, rect in reversed(drawn) if text == first and table.layout.log.contains(rect))
    return rect.left + 20, rect.centery


def pixels(surface, rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect).copy(), "RGB")


@pytest.mark.parametrize("lang,size", SIZES)
def test_a_hovered_log_line_marks_the_units_and_cells_it_names(monkeypatch, lang, size) -> None:
    app = make_app(lang, size)
    table, unit, start, end = moved_merchant(app)
    drawn = drawn_with_sizes(monkeypatch, ui)
    table._stale = table.dirty = True
    hover(app, (table.layout.top.left + 4, table.layout.top.top + 4))
    geo, layer = table.layout.geo, table._layer
    entries = table.view["log"]
    moved = next(e for e in reversed(entries) if e["key"] == "amadrim.log.moved")
    line = table.render(moved)
    assert f"{unit} " in line and all(label in line for label in (moved["params"]["start"], moved["params"]["cell"]))
    hover(app, row_of(table, drawn, line))
    screen = app.screen
    ring = geo.cell_rect(end).inflate(6, 6)
    assert pixels(screen, ring) != pixels(layer, ring), "the unit named is ringed where it stands"
    assert table.log_marks(table.log_entries[table.log_hover]) == ([end], [end, start])
    for cell in (start, end):  # the cells named: outlined, their inside as bright as ever
        inner = geo.cell_rect(cell).inflate(-8, -8)
        assert pixels(screen, inner) == pixels(layer, inner)
        edge = pygame.Rect(geo.cell_rect(cell).topleft, (geo.cell, 2))
        assert pixels(screen, edge) != pixels(layer, edge)
    far = next((x, y) for x in range(12) for y in range(12) if abs(x - start[0]) > 2 and abs(x - end[0]) > 2)
    inner = geo.cell_rect(far).inflate(-8, -8)
    assert pixels(screen, inner) != pixels(layer, inner), "the rest of the map is dimmed"
    # a line naming no unit and no cell ("Cy reveals: …") marks nothing
    revealed = next(e for e in reversed(entries) if e["key"] == "amadrim.log.revealed")
    hover(app, row_of(table, drawn, table.render(revealed)))
    assert table.log_hover is not None and table.log_marks(table.log_entries[table.log_hover]) == ([], [])
    assert pixels(app.screen, geo.board) == pixels(table._layer, geo.board)
    # read back with the wheel: the rows under the pointer are still the lines drawn there
    placed = None
    while placed is None:
        scroll = table.log_scroll
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, {"x": 0, "y": 1, "flipped": False}))
        del drawn[:]
        settle(app, 2)
        assert table.log_scroll > scroll, "a city placed is named in the log, further back"
        shown = [text for text, _size, rect in drawn if table.layout.log.contains(rect)]
        placed = next((e for e in reversed(entries) if e["key"] == "amadrim.log.city_placed"
                       and ui.wrap(table.render(e), table.layout.log.width - 28, 14)[0] in shown), None)
    hover(app, row_of(table, drawn, table.render(placed)))
    assert table.log_entries[table.log_hover] == placed
    assert table.log_marks(placed) == ([], [tuple(placed["params"]["at"])])  # "… places a city on G4 …"
    assert pixels(app.screen, geo.board) != pixels(table._layer, geo.board)
    # off the log: nothing marked
    hover(app, (table.layout.top.left + 4, table.layout.top.top + 4))
    assert table.log_hover is None and pixels(app.screen, geo.board) == pixels(table._layer, geo.board)
    assert app.errors_logged == 0


def test_a_captured_unit_is_not_looked_for_and_notes_name_nothing() -> None:
    app = make_app("en", (1024, 700))
    table, unit, start, end = moved_merchant(app)
    captured = {"key": "amadrim.log.captured", "params": {"seat": {"seat": 1}, "unit": unit, "victim": {"seat": 0},
                                                          "target": 999, "kind": {"key": "amadrim.unit.merchant"},
                                                          "cell": "B2", "at": [1, 1]}}
    assert table.log_marks(captured) == ([end], [(1, 1)])  # the mage where it stands, the cell named
    note = {"key": "notes.entry", "params": {"text": "unit 1 on B2", "unit": unit, "at": [1, 1]}}
    assert table.log_marks(note) == ([], [])
    assert app.errors_logged == 0
