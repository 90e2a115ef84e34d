"""Amadrim drawables: the map grid (one cached surface), cities, merchants, mages, cubes and icons.

Nothing here holds game state: every function draws from the arguments it is given (a view's
grid and colours, a seat colour, a mage level). Surfaces are cached by everything they depend
on, so redrawing the whole map with every piece on it is a handful of blits.

Colour-blind players: every resource colour is drawn with its symbol (content `symbol`), every
seat with its seat symbol, and a mage's level with its number on the coloured base.
"""

from __future__ import annotations

import functools
import math
from typing import Any

import pygame

from scenes import ui

RGB = tuple[int, int, int]
INK = (24, 18, 12)
GRID_LINE = (52, 40, 28)
QUADRANT_LINE = (20, 14, 9)


def hex_rgb(value: str) -> RGB:
    """"#rrggbb" -> (r, g, b)."""
    value = value.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Blend `a` towards `b` by `t` (0..1)."""
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


def luminance(c: RGB) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def on_colour(c: RGB) -> RGB:
    """Ink or parchment, whichever reads on `c`."""
    return INK if luminance(c) > 140 else (246, 238, 220)


@functools.lru_cache(maxsize=768)  # the labels of a few screens (log lines are each new)
def label(value: str, size: int, colour: RGB = ui.PARCHMENT, bold: bool = False,
          italic: bool = False) -> pygame.Surface:
    """A rendered line of text (cached: tables and logs redraw the same strings)."""
    return ui.render_line(value, size, colour, bold, italic)  # colour marks and the bot mark drawn


def blit_label(surface: pygame.Surface, value: str, pos: tuple[int, int], size: int,
               colour: RGB = ui.PARCHMENT, bold: bool = False, anchor: str = "topleft",
               italic: bool = False) -> pygame.Rect:
    img = label(value, size, colour, bold, italic)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


# -- resource symbols -----------------------------------------------------------------------------

def symbol(surface: pygame.Surface, name: str, centre: tuple[float, float], r: float, colour: RGB,
           outline: RGB | None = None) -> None:
    """A resource colour's symbol (● ▲ ■ ♣ ★ ◆) drawn as a shape, so no font glyph is needed."""
    x, y = centre
    pts: list[tuple[float, float]]
    if name == "●":
        pygame.draw.circle(surface, colour, (round(x), round(y)), max(1, round(r)))
        if outline:
            pygame.draw.circle(surface, outline, (round(x), round(y)), max(1, round(r)), 1)
        return
    if name == "▲":
        pts = [(x, y - r), (x + r, y + r * 0.8), (x - r, y + r * 0.8)]
    elif name == "■":
        k = r * 0.85
        pts = [(x - k, y - k), (x + k, y - k), (x + k, y + k), (x - k, y + k)]
    elif name == "♣":
        k = r * 0.48
        for cx, cy in ((x, y - k), (x - k, y + k * 0.4), (x + k, y + k * 0.4)):
            pygame.draw.circle(surface, colour, (round(cx), round(cy)), max(1, round(k)))
        pygame.draw.rect(surface, colour, (round(x - r * 0.12), round(y), max(1, round(r * 0.24)), round(r)))
        return
    elif name == "★":
        pts = []
        for i in range(10):
            rad = r if i % 2 == 0 else r * 0.45
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((x + rad * math.cos(a), y + rad * math.sin(a)))
    else:  # ◆ and anything unknown
        pts = [(x, y - r), (x + r * 0.8, y), (x, y + r), (x - r * 0.8, y)]
    pygame.draw.polygon(surface, colour, pts)
    if outline:
        pygame.draw.polygon(surface, outline, pts, 1)


def resource_chip(surface: pygame.Surface, colour: dict[str, Any], centre: tuple[int, int], r: int) -> None:
    """A resource token: a disc of the colour with its symbol in the contrasting ink."""
    rgb = hex_rgb(colour["hex"])
    pygame.draw.circle(surface, rgb, centre, r)
    pygame.draw.circle(surface, mix(rgb, INK, 0.55), centre, r, max(1, r // 7))
    symbol(surface, colour["symbol"], centre, r * 0.5, on_colour(rgb))


# -- the map grid ----------------------------------------------------------------------------------

def region_fill(rgb: RGB) -> RGB:
    """A region cell's paint: the colour barely softened (15 % parchment), so the six regions stay
    apart for colour-blind players (tests/amadrim/test_colour_blind.py); a symbol marks each too."""
    return mix(rgb, (206, 194, 166), 0.15)


def region_mark(cell: int) -> int:
    """Radius of the region symbol in a cell's corner: at least 7 px (a 14 px symbol)."""
    return max(7, cell // 6)


def grid_key(grid: dict[str, Any], colours: list[dict[str, Any]]) -> tuple[Any, ...]:
    """What the grid surface depends on (the map and the colours, not the pieces)."""
    return (grid["width"], grid["height"], tuple(grid["columns"]), tuple(grid["rows"]),
            tuple(tuple(row) for row in grid["regions"]),
            tuple((c["id"], c["hex"], c["symbol"]) for c in colours))


class MapGeometry:
    """Where the map sits: the cells' origin and size, and the coordinate gutters around it."""

    def __init__(self, area: pygame.Rect, width: int, height: int) -> None:
        self.cols, self.rows = width, height
        fit_w = (area.width - 26) / (width + 0.9)
        fit_h = (area.height - 20) / (height + 0.9)
        self.cell = max(14, int(min(fit_w, fit_h)))
        self.strip = max(10, int(self.cell * 0.42))
        self.letters = max(14, int(self.cell * 0.38))
        self.numbers = max(18, int(self.cell * 0.5))
        total_w = self.numbers + width * self.cell + self.strip + 4
        total_h = self.letters + self.strip + height * self.cell + 4
        self.rect = pygame.Rect(area.left + (area.width - total_w) // 2, area.top, total_w, total_h)
        self.origin = (self.rect.left + self.numbers, self.rect.top + self.letters + self.strip)
        self.board = pygame.Rect(self.origin, (width * self.cell, height * self.cell))

    def cell_rect(self, cell: tuple[int, int] | list[int]) -> pygame.Rect:
        x, y = cell
        return pygame.Rect(self.origin[0] + x * self.cell, self.origin[1] + y * self.cell, self.cell, self.cell)

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        if not self.board.collidepoint(pos):
            return None
        return (pos[0] - self.origin[0]) // self.cell, (pos[1] - self.origin[1]) // self.cell

    def local(self, rect: pygame.Rect) -> pygame.Rect:
        return rect.move(-self.rect.left, -self.rect.top)


def render_grid(geo: MapGeometry, grid: dict[str, Any], colours: list[dict[str, Any]],
                quadrants: list[dict[str, int]]) -> pygame.Surface:
    """The whole static map: letters, coordinate strips (top and right), regions, grid, quadrants."""
    by_id = {c["id"]: c for c in colours}
    surf = pygame.Surface(geo.rect.size, pygame.SRCALPHA)
    cell, strip = geo.cell, geo.strip
    ox, oy = geo.origin[0] - geo.rect.left, geo.origin[1] - geo.rect.top
    board = pygame.Rect(ox, oy, geo.cols * cell, geo.rows * cell)
    pygame.draw.rect(surf, (16, 11, 7), board.inflate(8, 8).union(
        pygame.Rect(ox, oy - strip - 2, board.width + strip + 2, board.height + strip + 2)).inflate(4, 4),
        border_radius=6)
    mark = region_mark(cell)
    for y, row in enumerate(grid["regions"]):
        for x, cid in enumerate(row):
            rgb = hex_rgb(by_id[cid]["hex"])
            r = pygame.Rect(ox + x * cell, oy + y * cell, cell, cell)
            fill = region_fill(rgb)
            pygame.draw.rect(surf, fill, r)
            symbol(surf, by_id[cid]["symbol"], (r.right - mark - 2, r.bottom - mark - 2), mark,
                   mix(fill, on_colour(rgb), 0.6))
    for x in range(geo.cols + 1):
        pygame.draw.line(surf, GRID_LINE, (ox + x * cell, oy), (ox + x * cell, oy + board.height))
    for y in range(geo.rows + 1):
        pygame.draw.line(surf, GRID_LINE, (ox, oy + y * cell), (ox + board.width, oy + y * cell))
    for q in quadrants:
        r = pygame.Rect(ox + q["x0"] * cell, oy + q["y0"] * cell, (q["x1"] - q["x0"]) * cell, (q["y1"] - q["y0"]) * cell)
        pygame.draw.rect(surf, QUADRANT_LINE, r, 3)
    for x, cid in enumerate(grid["columns"]):  # coordinate colours along the top edge
        c = by_id[cid]
        rgb = hex_rgb(c["hex"])
        r = pygame.Rect(ox + x * cell + 1, oy - strip - 2, cell - 2, strip)
        pygame.draw.rect(surf, rgb, r, border_top_left_radius=4, border_top_right_radius=4)
        symbol(surf, c["symbol"], r.center, strip * 0.3, on_colour(rgb))
        blit_label(surf, chr(ord("A") + x), (r.centerx, r.top - 1), geo.letters - 2, ui.PARCHMENT_DIM, True,
                   anchor="midbottom")
    for y, cid in enumerate(grid["rows"]):  # ... and along the right edge
        c = by_id[cid]
        rgb = hex_rgb(c["hex"])
        r = pygame.Rect(board.right + 2, oy + y * cell + 1, strip, cell - 2)
        pygame.draw.rect(surf, rgb, r, border_top_right_radius=4, border_bottom_right_radius=4)
        symbol(surf, c["symbol"], r.center, strip * 0.3, on_colour(rgb))
        blit_label(surf, str(y + 1), (ox - 5, r.centery), geo.letters - 2, ui.PARCHMENT_DIM, True,
                   anchor="midright")
    return surf.convert_alpha() if pygame.display.get_surface() else surf


# -- pieces ----------------------------------------------------------------------------------------

def _seat_mark(surface: pygame.Surface, symbol_name: str, centre: tuple[int, int], r: int, rgb: RGB) -> None:
    ui.seat_symbol(surface, symbol_name, centre, r, rgb, outline=INK)


@functools.lru_cache(maxsize=64)
def city_sprite(size: int, rgb: RGB | None, seat_symbol: str | None) -> pygame.Surface:
    """A tower on a parchment plate framed in the owner's colour, its banner in that colour and the
    owner's symbol on the door (grey and bare when neutral)."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    w = size
    frame = rgb if rgb is not None else (128, 120, 108)
    plate = pygame.Rect(int(w * 0.04), int(w * 0.04), int(w * 0.92), int(w * 0.92))
    pygame.draw.rect(s, (238, 228, 204), plate, border_radius=max(3, w // 8))
    pygame.draw.rect(s, frame, plate, max(3, w // 11), border_radius=max(3, w // 8))
    pygame.draw.rect(s, INK, plate, 1, border_radius=max(3, w // 8))
    stone = (150, 140, 124)
    dark = (62, 54, 44)
    body = pygame.Rect(int(w * 0.24), int(w * 0.42), int(w * 0.52), int(w * 0.44))
    cw = body.width / 5
    for i in range(3):  # crenels
        pygame.draw.rect(s, stone, (body.left + i * 2 * cw, body.top - cw * 0.8, cw, cw))
        pygame.draw.rect(s, dark, (body.left + i * 2 * cw, body.top - cw * 0.8, cw, cw), 1)
    pygame.draw.rect(s, stone, body)
    pygame.draw.rect(s, dark, body, max(1, w // 26))
    pole = (int(w * 0.5), int(w * 0.12))
    pygame.draw.line(s, dark, pole, (pole[0], body.top - int(cw)), max(1, w // 28))
    flag = [pole, (pole[0] + int(w * 0.26), pole[1] + int(w * 0.07)), (pole[0], pole[1] + int(w * 0.15))]
    pygame.draw.polygon(s, frame, flag)
    pygame.draw.polygon(s, INK, flag, 1)
    centre = (body.centerx, body.centery + int(w * 0.02))
    if rgb is not None and seat_symbol:
        pygame.draw.circle(s, (246, 238, 220), centre, int(w * 0.15))
        _seat_mark(s, seat_symbol, centre, int(w * 0.11), rgb)
    else:
        door = pygame.Rect(0, 0, int(w * 0.16), int(w * 0.22))
        door.midbottom = (body.centerx, body.bottom)
        pygame.draw.rect(s, dark, door, border_top_left_radius=6, border_top_right_radius=6)
    return s


@functools.lru_cache(maxsize=256)
def unit_sprite(size: int, kind: str, rgb: RGB, seat_symbol: str, level: int,
                level_rgb: RGB | None) -> pygame.Surface:
    """A round token in the guild's colour with a pawn on it. A mage's pawn wears a pointed hat and
    its token stands on a wide base of its level's colour (the "socle"), with the level number in a
    badge; a merchant has a round-headed pawn and no base."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    w = size
    c = (w // 2, w // 2)
    outline = max(1, w // 26)
    token_r = int(w * 0.34)
    if kind == "mage" and level_rgb is not None:
        base_r = int(w * 0.47)
        pygame.draw.circle(s, level_rgb, c, base_r)
        pygame.draw.circle(s, INK if luminance(level_rgb) > 60 else (200, 190, 170), c, base_r, outline + 1)
    else:
        pygame.draw.circle(s, (238, 228, 204), c, token_r + max(2, w // 16))
    pygame.draw.circle(s, rgb, c, token_r)
    pygame.draw.circle(s, INK, c, token_r, outline + 1)
    ink = on_colour(rgb)
    cx, cy = c
    foot = cy + token_r * 0.62
    body = [(cx - w * 0.15, foot), (cx - w * 0.06, cy - w * 0.02), (cx + w * 0.06, cy - w * 0.02), (cx + w * 0.15, foot)]
    pygame.draw.polygon(s, ink, body)
    head_c = (cx, int(cy - w * 0.09))
    pygame.draw.circle(s, ink, head_c, max(2, int(w * 0.075)))
    if kind == "mage":
        hat = [(cx - w * 0.13, cy - w * 0.12), (cx + w * 0.13, cy - w * 0.12), (cx + w * 0.03, cy - w * 0.3)]
        pygame.draw.polygon(s, ink, hat)
    _seat_mark(s, seat_symbol, (cx, int(cy + w * 0.12)), max(3, int(w * 0.06)), rgb)
    if kind == "mage" and level_rgb is not None:
        badge_r = max(9, int(w * 0.2))  # the level number: a 14 px digit at least
        badge_c = (w - badge_r - 1, w - badge_r - 1)
        pygame.draw.circle(s, level_rgb, badge_c, badge_r)
        pygame.draw.circle(s, (236, 224, 196) if luminance(level_rgb) < 60 else INK, badge_c, badge_r, outline)
        blit_label(s, str(level), badge_c, max(14, int(badge_r * 1.5)), on_colour(level_rgb), True, anchor="center")
    return s


@functools.lru_cache(maxsize=128)
def unit_number(number: int, size: int) -> pygame.Surface:
    """A unit's number (the log's "unit no. 3") on a small parchment tag with an ink border, for
    the top-left corner of its cell (left of a mage's hat, whose tip leans right): square and
    uncoloured, so it never reads as the round level badge of a mage (bottom right) nor hides
    the guild's colour."""
    digits = label(str(number), size, INK, True)
    ink = digits.get_bounding_rect()
    w, h = max(ink.width + 5, ink.height + 4), ink.height + 4
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(s, (246, 238, 220), s.get_rect(), border_radius=2)
    pygame.draw.rect(s, INK, s.get_rect(), 1, border_radius=2)
    s.blit(digits, ((w - ink.width) // 2 - ink.left, (h - ink.height) // 2 - ink.top))
    return s


@functools.lru_cache(maxsize=32)
def used_cube(size: int) -> pygame.Surface:
    """A small spent action cube, set next to a unit that acted this turn (as on the real table)."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(s, (120, 110, 96), s.get_rect(), border_radius=2)
    pygame.draw.rect(s, INK, s.get_rect(), 1, border_radius=2)
    return s


@functools.lru_cache(maxsize=32)
def highlight(size: int, colour: RGB = (255, 214, 110), alpha: int = 90) -> pygame.Surface:
    """A legal-target mark: translucent fill and a bright border."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    s.fill((*colour, alpha))
    pygame.draw.rect(s, (*colour, 255 if alpha > 50 else 170), s.get_rect(), max(2, size // 14) if alpha > 50 else 2)
    return s


# -- the five action icons -------------------------------------------------------------------------

def action_icon(surface: pygame.Surface, kind: str, centre: tuple[int, int], r: int, colour: RGB) -> None:
    """Create (+), take a city (tower), attack (crossed blades), spell (sparkle), move (arrow)."""
    x, y = centre
    t = max(2, r // 4)
    if kind == "create":
        pygame.draw.circle(surface, colour, centre, r, max(1, t // 2))
        pygame.draw.line(surface, colour, (x - r // 2, y), (x + r // 2, y), t)
        pygame.draw.line(surface, colour, (x, y - r // 2), (x, y + r // 2), t)
    elif kind == "take_city":
        body = pygame.Rect(x - r * 0.6, y - r * 0.3, r * 1.2, r * 1.2)
        pygame.draw.rect(surface, colour, body)
        for i in range(3):
            pygame.draw.rect(surface, colour, (body.left + i * body.width / 2.5, body.top - r * 0.35, r * 0.3, r * 0.36))
        pygame.draw.polygon(surface, colour, [(x, y - r), (x + r * 0.5, y - r * 0.8), (x, y - r * 0.6)])
    elif kind == "attack":
        pygame.draw.line(surface, colour, (x - r, y - r), (x + r, y + r), t)
        pygame.draw.line(surface, colour, (x + r, y - r), (x - r, y + r), t)
        pygame.draw.line(surface, colour, (x - r * 0.9, y + r * 0.4), (x - r * 0.4, y + r * 0.9), t)
        pygame.draw.line(surface, colour, (x + r * 0.9, y + r * 0.4), (x + r * 0.4, y + r * 0.9), t)
    elif kind == "spell":
        pts = []
        for i in range(8):
            rad = r if i % 2 == 0 else r * 0.35
            a = -math.pi / 2 + i * math.pi / 4
            pts.append((x + rad * math.cos(a), y + rad * math.sin(a)))
        pygame.draw.polygon(surface, colour, pts)
    else:  # move
        pygame.draw.line(surface, colour, (x - r, y), (x + r * 0.4, y), t)
        pygame.draw.polygon(surface, colour, [(x + r, y), (x + r * 0.2, y - r * 0.7), (x + r * 0.2, y + r * 0.7)])


def cube(surface: pygame.Surface, rect: pygame.Rect, rgb: RGB, hollow: bool = False) -> None:
    """An action cube (a hollow one: already spent)."""
    if hollow:
        pygame.draw.rect(surface, mix(rgb, INK, 0.55), rect, 2, border_radius=3)
        return
    pygame.draw.rect(surface, rgb, rect, border_radius=3)
    pygame.draw.line(surface, mix(rgb, (255, 255, 255), 0.45), rect.topleft, (rect.right - 2, rect.top), 2)
    pygame.draw.rect(surface, INK, rect, 1, border_radius=3)
