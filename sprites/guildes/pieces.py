"""Guildes pieces drawn by code from view data: element badges, mage chips, damage dice, the shared
Light/Dark track, and framed card boxes. Sprites hold no game state: every function draws what it
is given. Elements carry a letter and a shape besides their colour (colour-blind players)."""

from __future__ import annotations

from typing import Any

import pygame

from scenes import ui

ELEMENT_RGB = {"fire": (214, 96, 52), "water": (70, 130, 206), "air": (170, 200, 210), "earth": (136, 110, 64)}
ELEMENT_SHAPE = {"fire": "triangle", "water": "circle", "air": "diamond", "earth": "square"}
LIGHT = (236, 214, 140)
DARK = (96, 70, 140)


def element_badge(surface: pygame.Surface, element: str, centre: tuple[int, int], r: int) -> None:
    """A small shape in the element's colour (triangle fire, circle water, diamond air, square earth)."""
    ui.seat_symbol(surface, ELEMENT_SHAPE[element], centre, r, ELEMENT_RGB[element])


def stat_row(surface: pygame.Surface, values: dict[str, int], pos: tuple[int, int], size: int,
             elements: list[str]) -> int:
    """Four element badges each followed by its value; returns the x after the row."""
    x, y = pos
    r = max(4, size // 2 - 1)
    for e in elements:
        element_badge(surface, e, (x + r, y + size // 2 + 1), r)
        rect = ui.text(surface, str(values.get(e, 0)), (x + 2 * r + 3, y), size, ui.PARCHMENT)
        x = rect.right + r + 2
    return x


def die_face(surface: pygame.Surface, rect: pygame.Rect, value: int, forced: bool, dim: bool = False) -> None:
    """A damage die showing `value` (0-3) as pips; a forced die gets a gold border; `dim`: greyed
    (a roll of an earlier fight)."""
    pygame.draw.rect(surface, (238, 228, 206), rect, border_radius=max(3, rect.width // 6))
    pygame.draw.rect(surface, ui.GOLD if forced else ui.INK, rect, 2, border_radius=max(3, rect.width // 6))
    spots = {0: [], 1: [(0.5, 0.5)], 2: [(0.3, 0.3), (0.7, 0.7)], 3: [(0.28, 0.28), (0.5, 0.5), (0.72, 0.72)]}
    for fx, fy in spots.get(value, []):
        pygame.draw.circle(surface, ui.INK, (rect.left + int(rect.width * fx), rect.top + int(rect.height * fy)),
                           max(2, rect.width // 9))
    if value == 0:
        pygame.draw.line(surface, ui.GREY, (rect.left + rect.width // 3, rect.centery),
                         (rect.right - rect.width // 3, rect.centery), 2)
    if dim:
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (30, 24, 18, 150), shade.get_rect(), border_radius=max(3, rect.width // 6))
        surface.blit(shade, rect.topleft)


def chip_room(width: int, state: str) -> int:
    """The width a mage chip of `width` pixels leaves for its name (the healing mark takes some)."""
    return width - (22 if state == "centre" else 10)


def chip_height(size: int, tight: bool = False) -> int:
    """The height of a mage chip whose name is drawn at `size` (`tight`: less air around the name,
    for a tile holding many mages)."""
    return ui.font(size).get_linesize() + 10 if tight else int(size * 1.6 + 12)


def mage_chip(surface: pygame.Surface, rect: pygame.Rect, name: str, damage: int, hp: int, state: str,
              size: int, selected: bool = False) -> None:
    """A mage as a chip: its name on one line at `size` (the tile's chips share one size; cut
    with an ellipsis only when even the smallest does not fit), a damage/hp bar; `state` is
    active, passive, centre or unknown."""
    fill = {"active": (70, 56, 30), "passive": (44, 40, 36), "centre": (70, 34, 30), "unknown": (40, 34, 28)}[state]
    pygame.draw.rect(surface, fill, rect, border_radius=6)
    border = ui.GOLD if selected or state == "active" else ui.RED if state == "centre" else ui.GOLD_DARK
    pygame.draw.rect(surface, border, rect, 2, border_radius=6)
    room = chip_room(rect.width, state)
    text_h = ui.font(size).get_linesize()
    top = rect.top + max(1, (rect.height - 10 - text_h) // 2)  # centred above the bar
    ui.text(surface, ui.ellipsize(name, room, size), (rect.left + 5, top), size, ui.PARCHMENT)
    bar = pygame.Rect(rect.left + 5, rect.bottom - 8, rect.width - 10, 4)
    pygame.draw.rect(surface, ui.GREEN, bar)
    if hp and damage:
        hurt = bar.copy()
        hurt.width = max(2, min(bar.width, bar.width * damage // max(1, hp)))
        hurt.right = bar.right
        pygame.draw.rect(surface, ui.RED, hurt)
    if state == "centre":
        c = (rect.right - 9, rect.top + min(9, rect.height // 2 - 2))
        pygame.draw.line(surface, ui.RED, (c[0] - 5, c[1]), (c[0] + 5, c[1]), 3)
        pygame.draw.line(surface, ui.RED, (c[0], c[1] - 5), (c[0], c[1] + 5), 3)


def more_chip(surface: pygame.Surface, rect: pygame.Rect, label: str, size: int) -> None:
    """A chip standing for the pieces that found no room ("+3"); its tooltip lists them."""
    pygame.draw.rect(surface, (52, 42, 30), rect, border_radius=6)
    pygame.draw.rect(surface, ui.GOLD, rect, 1, border_radius=6)
    ui.text(surface, label, rect.center, size, ui.GOLD, bold=True, anchor="center")


def alignment_track(surface: pygame.Surface, rect: pygame.Rect, lo: int, hi: int,
                    marks: list[tuple[int, tuple[int, int, int], str]], labels: tuple[str, str],
                    size: int) -> list[pygame.Rect]:
    """The shared track from Darkness (left) to Light (right); `marks` are (value, rgb, symbol) per
    seat. Markers never hide one another: seats at the same or close values stand side by side,
    centred on their values (`spread_marks`). Returns each mark's rectangle, in the order given."""
    ui.panel(surface, rect, 200)
    left = ui.text(surface, labels[0], (rect.left + 10, rect.centery), size, DARK, bold=True, anchor="midleft")
    right = ui.text(surface, labels[1], (rect.right - 10, rect.centery), size, LIGHT, bold=True, anchor="midright")
    bar = pygame.Rect(left.right + 14, rect.centery - 7, right.left - left.right - 28, 6)
    steps = hi - lo
    for i in range(steps + 1):
        x = bar.left + bar.width * i // steps
        col = DARK if lo + i < 0 else LIGHT if lo + i > 0 else ui.PARCHMENT_DIM
        pygame.draw.line(surface, col, (x, bar.top - (6 if lo + i == 0 else 3)), (x, bar.bottom + 3), 2)
    pygame.draw.line(surface, ui.PARCHMENT_DIM, (bar.left, bar.centery), (bar.right, bar.centery), 2)
    small = max(12, size - 4)  # the scale's numbers: 12 px at least (5 seats at 1024x700)
    for value in (lo, lo // 2, 0, hi // 2, hi):
        x = bar.left + bar.width * (value - lo) // steps
        ui.text(surface, f"{value:+d}" if value else "0", (x, rect.bottom - 2), small, ui.PARCHMENT_DIM,
                anchor="midbottom")
    r = max(6, size // 2 + 1)
    ideal = [bar.left + bar.width * (value - lo) / steps for value, _, _ in marks]
    xs = spread_marks(ideal, 2 * r + 3, left.right + r + 2, right.left - r - 2)
    rects = []
    for (_value, rgb, symbol), x in zip(marks, xs, strict=True):
        centre = (round(x), bar.centery)
        ui.seat_symbol(surface, symbol, centre, r, rgb)
        rects.append(pygame.Rect(centre[0] - r - 1, centre[1] - r - 1, 2 * r + 2, 2 * r + 2))
    return rects


def spread_marks(ideal: list[float], gap: float, lo: float, hi: float) -> list[float]:
    """Centres for markers wanting the x of `ideal`, at least `gap` apart, within [lo, hi]: markers
    that would overlap form a row centred on the mean of their ideal places (kept within the
    bounds; rows that then touch merge), in the order of their values (ties in the order given)."""
    order = sorted(range(len(ideal)), key=lambda i: (ideal[i], i))

    def start(row: list[int]) -> float:  # the centre of the row's first marker
        mean = sum(ideal[order[k]] for k in row) / len(row)
        return max(lo, min(mean - gap * (len(row) - 1) / 2, hi - gap * (len(row) - 1)))

    rows: list[list[int]] = []  # each row: consecutive indices into `order`
    for k in range(len(order)):
        rows.append([k])
        while len(rows) > 1 and start(rows[-2]) + gap * len(rows[-2]) > start(rows[-1]):
            rows[-2:] = [rows[-2] + rows[-1]]
    out = [0.0] * len(ideal)
    for row in rows:
        for j, k in enumerate(row):
            out[order[k]] = start(row) + j * gap
    return out


def card_box(surface: pygame.Surface, rect: pygame.Rect, title: str, size: int, accent: Any = None) -> int:
    """A framed panel with a title; returns the y where its body starts."""
    ui.panel(surface, rect, 225, accent or ui.GOLD_DARK)
    text, where = card_title(rect, title, size)
    ui.text(surface, text, where.topleft, size + 1, ui.GOLD, bold=True)
    return card_body_top(rect, size)


def card_title(rect: pygame.Rect, title: str, size: int) -> tuple[str, pygame.Rect]:
    """The title of a `card_box` as drawn: its text (cut to the box) and the rectangle it covers."""
    text = ui.ellipsize(title, rect.width - 20, size + 1, bold=True)
    return text, pygame.Rect((rect.left + 10, rect.top + 6), ui.font(size + 1, True).size(text))


def card_body_top(rect: pygame.Rect, size: int) -> int:
    """The y where the body of a `card_box` starts, under its title."""
    return rect.top + 10 + int((size + 1) * 1.4)
