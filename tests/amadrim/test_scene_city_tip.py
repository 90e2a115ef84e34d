"""Playtest: hovering a city, the tooltip said "A merchant harvests here: …" though no unit ever
stands on a city cell, said nothing of what the city pays, and named a neutral one "Ville de aucune guilde". A city's tooltip now says what
taking it gives (its column, row and region colours, ruling 4), and while cities are placed an
empty cell's tooltip also says what a city placed there pays."""

from __future__ import annotations

import pygame
import pytest

from tests.amadrim.test_scene import cell_pos, new_session, open_table
from tests.ui_helpers import make_app, settle


def hover(app, table, cell) -> list[str]:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=cell_pos(table, cell), rel=(0, 0), buttons=(0, 0, 0)))
    settle(app)
    assert table.hover_cell == cell
    return table.tooltip_lines()


@pytest.mark.parametrize("lang, harvest, taken, here, neutral", [
    ("en", "A merchant harvests here", "Whoever takes it gets: ", "A city placed here pays: ", "City without a guild"),
    ("fr", "Un marchand y récolte", "Qui la prend reçoit : ", "Une ville posée ici rapporte : ", "Ville sans guilde"),
])
def test_a_city_tooltip_says_what_taking_it_pays_not_what_a_merchant_harvests(lang, harvest, taken, here,
                                                                               neutral) -> None:
    app = make_app(lang, (1024, 700))
    table = open_table(app, new_session(app, seed=5, options={"neutral_cities": True}))
    city = next(c for c in table.view["cities"] if c["owner"] is None)["cell"]
    x, y = city
    grid, colours = table.view["grid"], {c["id"]: c for c in table.view["colours"]}
    pays = [app.strings.text(colours[cid]["resource"])
            for cid in (grid["columns"][x], grid["rows"][y], grid["regions"][y][x])]
    lines = hover(app, table, tuple(city))
    assert not any(line.startswith(harvest) for line in lines), lines
    assert neutral in lines  # (was "City of no guild", "Ville de aucune guilde")
    said = next(line for line in lines if line.startswith(taken))
    assert all(name in said for name in pays), (said, pays)
    free = min(table.highlights)  # an empty cell a city may go on, during the set-up
    lines = hover(app, table, free)
    assert any(line.startswith(harvest) for line in lines) and any(line.startswith(here) for line in lines), lines
    assert app.errors_logged == 0
