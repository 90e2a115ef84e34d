"""Issue 10, point 6: the six region fills and the six mage-level colours, sampled from a map
rendered at 1280×800, stay pairwise distinct (CIE76 ΔE ≥ 20) under simulated protanopia,
deuteranopia and tritanopia (Machado 2009, severity 1); region symbols and level numbers are at
least 14 px. The simulated maps are written as PNGs (kept in pytest's tmp dir) to look at."""

from __future__ import annotations

import itertools

import pygame
import pytest

from sprites.amadrim import pieces
from tests.amadrim.cvd import MACHADO_2009, delta_e76, simulate, simulate_surface
from tests.amadrim.test_scene import app, new_session, open_table  # noqa: F401

MIN_DELTA_E = 20.0


def rendered(app):  # noqa: F811
    table = open_table(app, new_session(app))
    surface = pygame.Surface(app.size)
    table.draw(surface)
    return table, surface


def region_samples(table, surface) -> dict[str, tuple[int, int, int]]:
    """One pixel of each region colour's fill, read from the drawn map (a cell with no city)."""
    view, geo = table.view, table.layout.geo
    cities = {tuple(c["cell"]) for c in view["cities"]}
    out = {}
    for y, row in enumerate(view["grid"]["regions"]):
        for x, cid in enumerate(row):
            if cid not in out and (x, y) not in cities:
                r = geo.cell_rect((x, y))
                out[cid] = tuple(surface.get_at((r.left + r.width // 4, r.top + r.height // 4)))[:3]
    return out


def level_samples(table) -> dict[int, tuple[int, int, int]]:
    """The base ("socle") colour of a mage of each level, read from its drawn sprite."""
    size = int(table.layout.geo.cell * 0.92)
    out = {}
    for c in table.view["colours"]:
        sprite = pieces.unit_sprite(size, "mage", (200, 60, 60), "circle", c["level"], pieces.hex_rgb(c["hex"]))
        out[c["level"]] = tuple(sprite.get_at((size // 2 - int(size * 0.41), size // 2)))[:3]
    return out


def worst_pair(colours: dict, deficiency: str | None) -> tuple[float, object, object]:
    seen = {k: (v if deficiency is None else simulate(v, deficiency)) for k, v in colours.items()}
    return min((delta_e76(seen[a], seen[b]), a, b) for a, b in itertools.combinations(seen, 2))


@pytest.mark.parametrize("deficiency", [None, *MACHADO_2009])
def test_region_and_level_colours_stay_apart(app, deficiency, tmp_path) -> None:  # noqa: F811
    table, surface = rendered(app)
    regions, levels = region_samples(table, surface), level_samples(table)
    assert len(regions) == 6 and len(levels) == 6
    for name, colours in (("regions", regions), ("levels", levels)):
        delta, a, b = worst_pair(colours, deficiency)
        assert delta >= MIN_DELTA_E, f"{name}: {a} and {b} only ΔE {delta:.1f} apart ({deficiency})"
    if deficiency is not None:
        geo = table.layout.geo.rect
        seen = simulate_surface(surface.subsurface(geo), deficiency)
        pygame.image.save(seen, str(tmp_path / f"map_{deficiency}.png"))


def test_region_symbols_and_level_numbers_are_at_least_14_px(app) -> None:  # noqa: F811
    table, _ = rendered(app)
    assert app.size == (1280, 800)
    cell = table.layout.geo.cell
    assert 2 * pieces.region_mark(cell) >= 14
    size = int(cell * 0.92)
    badge_r = max(9, int(size * 0.2))
    assert max(14, int(badge_r * 1.5)) >= 14 and 2 * badge_r >= 14
