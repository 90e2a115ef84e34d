"""Drawables of L'Île des Gorges Tranchées: the hex island, flags, buildings, army tokens, the ghost, dice.

Everything is drawn by code. `Island` fits the island's axial hexes (pointy-top) into a rectangle and
keeps one cached surface of the static map — sea, shallows, terrain with its pattern, coast line and
territory names — rebuilt only when the size or the language changes. The pieces drawn over it
(`flag`, `building`, `army_token`, `ghost`, `die`) read plain values, never a game state.
Colours that carry meaning always come with a symbol (seat symbol on flags and tokens).
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable
from typing import Any

import pygame

from scenes import ui

Colour = tuple[int, int, int]
SQRT3 = math.sqrt(3.0)

TERRAIN: dict[str, Colour] = {
    "plain": (183, 172, 108),
    "forest": (78, 118, 64),
    "hills": (158, 124, 86),
    "marsh": (98, 124, 104),
}
SEA = (24, 52, 72)
SHALLOW = (44, 88, 104)
SAND = (222, 200, 140)
GRID = (60, 48, 32)
GHOST = (214, 236, 240)


def _seed(tid: str) -> int:
    return zlib.crc32(tid.encode("utf-8"))


class Island:
    """Hex geometry for one map rectangle, and the cached static map."""

    def __init__(self, hexes: dict[str, dict[str, Any]], rect: pygame.Rect) -> None:
        self.hexes = hexes
        self.rect = pygame.Rect(rect)
        xs = [h["q"] + h["r"] / 2 for h in hexes.values()]
        ys = [h["r"] * 1.5 for h in hexes.values()]
        cols = (max(xs) - min(xs)) * SQRT3 + SQRT3 + 0.9
        rows = (max(ys) - min(ys)) + 2 + 0.9
        self.size = max(8.0, min(self.rect.width / cols, self.rect.height / rows))
        width = (max(xs) - min(xs)) * SQRT3 * self.size
        height = (max(ys) - min(ys)) * self.size
        self.ox = self.rect.centerx - width / 2 - min(xs) * SQRT3 * self.size
        self.oy = self.rect.centery - height / 2 - min(ys) * self.size
        self.centres = {tid: self.centre_of(h["q"], h["r"]) for tid, h in hexes.items()}
        self.polys = {tid: self.corners(c) for tid, c in self.centres.items()}
        self._cache: dict[Any, pygame.Surface] = {}

    # -- geometry ----------------------------------------------------------------------------

    def centre_of(self, q: float, r: float) -> tuple[float, float]:
        return (self.ox + self.size * SQRT3 * (q + r / 2), self.oy + self.size * 1.5 * r)

    def corners(self, centre: tuple[float, float], scale: float = 1.0) -> list[tuple[float, float]]:
        x, y = centre
        s = self.size * scale
        return [(x + s * math.cos(math.radians(60 * i - 30)), y + s * math.sin(math.radians(60 * i - 30)))
                for i in range(6)]

    def at(self, pos: tuple[int, int]) -> str | None:
        """The territory under `pos`, or None (sea)."""
        best, dist = None, self.size * 0.93
        for tid, (x, y) in self.centres.items():
            d = math.hypot(pos[0] - x, pos[1] - y)
            if d < dist:
                best, dist = tid, d
        return best

    def centre(self, tid: str) -> tuple[int, int]:
        x, y = self.centres[tid]
        return int(x), int(y)

    # -- the static map ------------------------------------------------------------------------

    def base(self, names: Callable[[str], str], key: Any) -> pygame.Surface:
        """Sea, terrain, coast and names, one surface the size of the map rectangle (cached by `key`)."""
        if key not in self._cache:
            self._cache.clear()
            self._cache[key] = self._draw_base(names)
        return self._cache[key]

    def _draw_base(self, names: Callable[[str], str]) -> pygame.Surface:
        r = self.rect
        surf = pygame.Surface(r.size)
        surf.fill(SEA)
        shift = (-r.left, -r.top)
        for i in range(0, r.height, 9):  # swell lines
            y = i + (i // 9 % 3) * 2
            for x in range((i * 7) % 40, r.width, 40):
                pygame.draw.arc(surf, (36, 68, 90), (x, y, 16, 7), 0.3, 2.8, 1)
        land = set(self.hexes)
        for tid in land:  # shallows around the island
            pygame.draw.polygon(surf, SHALLOW, _moved(self.corners(self.centres[tid], 1.38), shift))
        for tid in land:
            pygame.draw.polygon(surf, SAND, _moved(self.corners(self.centres[tid], 1.1), shift))
        for tid, h in self.hexes.items():
            poly = _moved(self.polys[tid], shift)
            pygame.draw.polygon(surf, TERRAIN.get(h["terrain"], TERRAIN["plain"]), poly)
            _pattern(surf, h["terrain"], _moved([self.centres[tid]], shift)[0], self.size, _seed(tid))
        for tid in land:
            pygame.draw.polygon(surf, GRID, _moved(self.polys[tid], shift), 1)
        size = max(10, int(self.size * 0.25))
        for tid in land:
            x, y = _moved([self.centres[tid]], shift)[0]
            lines, s = label_lines(names(tid), int(self.size * 1.45), size)
            top = y - self.size * 0.08 - (len(lines) - 1) * s * 0.55 - (s * 0.3 if len(lines) > 2 else 0)
            for i, line in enumerate(lines):
                img = ui.font(s, bold=True).render(line, True, (250, 244, 226))
                shade = ui.font(s, bold=True).render(line, True, (30, 22, 14))
                at = img.get_rect(center=(int(x), int(top + i * s * 1.1)))
                surf.blit(shade, at.move(1, 1))
                surf.blit(img, at)
        return surf.convert() if pygame.display.get_surface() else surf


def label_lines(name: str, width: int, size: int) -> tuple[list[str], int]:
    """A territory's name on at most three lines broken at spaces only, and the font size: the
    largest from `size` down at which every word fits `width` (a tenth more for a long word;
    "Plaine du Gouverneur", never "Gouverneu/r"); the smallest size if even it is too narrow."""
    smallest = max(7, int(size * 0.65))
    for s in range(size, smallest - 1, -1):
        f = ui.font(s, bold=True)
        for room in (width, int(width * 1.1)):  # a long word may reach a little nearer the hex's sides
            if all(f.size(w)[0] <= room for w in name.split()):
                lines = ui.wrap(name, room, s, bold=True)
                if len(lines) <= 3:
                    return lines, s
    return ui.wrap(name, width, smallest, bold=True)[:3], smallest


def _moved(points: list[tuple[float, float]], shift: tuple[int, int]) -> list[tuple[float, float]]:
    return [(x + shift[0], y + shift[1]) for x, y in points]


def _pattern(surf: pygame.Surface, terrain: str, centre: tuple[float, float], s: float, seed: int) -> None:
    """A few marks telling the terrain without colour: trees, hills, reeds, grass."""
    x, y = centre
    spots = [(-0.45, -0.45), (0.45, -0.4), (-0.55, 0.5), (0.5, 0.5), (0.0, 0.62), (0.0, -0.62)]
    dark = {"forest": (44, 78, 38), "hills": (112, 84, 56), "marsh": (62, 90, 76), "plain": (150, 140, 80)}
    colour = dark.get(terrain, (120, 120, 80))
    k = s / 40
    for i, (dx, dy) in enumerate(spots):
        if (seed >> i) & 1 and i > 1:
            continue
        px, py = x + dx * s * 0.9, y + dy * s * 0.9
        if terrain == "forest":
            pygame.draw.polygon(surf, colour, [(px, py - 7 * k), (px + 5 * k, py + 4 * k), (px - 5 * k, py + 4 * k)])
            pygame.draw.line(surf, (70, 50, 30), (px, py + 4 * k), (px, py + 7 * k), 2)
        elif terrain == "hills":
            pygame.draw.arc(surf, colour, (px - 8 * k, py - 4 * k, 16 * k, 12 * k), 0.2, 2.9, 2)
        elif terrain == "marsh":
            pygame.draw.line(surf, colour, (px - 6 * k, py + 3 * k), (px + 6 * k, py + 3 * k), 2)
            for j in (-3, 0, 3):
                pygame.draw.line(surf, colour, (px + j * k, py + 2 * k), (px + j * k * 1.4, py - 5 * k), 1)
        else:
            for j in (-3, 0, 3):
                pygame.draw.line(surf, colour, (px + j * k, py + 3 * k), (px + j * k * 1.3, py - 2 * k), 1)


# -- pieces drawn over the map --------------------------------------------------------------------

def territory_tint(surface: pygame.Surface, island: Island, tid: str, rgb: Colour, alpha: int = 95) -> None:
    """Wash a territory in its owner's colour (the flag carries the symbol)."""
    poly = island.corners(island.centres[tid], 0.94)
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 2, int(max(ys) - min(ys)) + 2)
    tint = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(tint, (*rgb, alpha), [(px - box.left, py - box.top) for px, py in poly])
    surface.blit(tint, box.topleft)
    pygame.draw.polygon(surface, rgb, poly, 2)


def flag(surface: pygame.Surface, foot: tuple[int, int], h: int, rgb: Colour, symbol: str,
         capital: bool = False) -> None:
    """A flag on a pole in the owner's colour with the seat symbol; a capital's flag is bigger and gilt."""
    x, y = foot
    top = y - h
    pygame.draw.line(surface, (40, 30, 20), (x, y), (x, top), 2)
    w = int(h * (0.95 if capital else 0.8))
    cloth = [(x + 1, top), (x + w, top + h * 0.08), (x + w - 3, top + h * 0.26), (x + w, top + h * 0.48),
             (x + 1, top + h * 0.45)]
    pygame.draw.polygon(surface, rgb, cloth)
    pygame.draw.polygon(surface, ui.GOLD if capital else ui.INK, cloth, 2 if capital else 1)
    ui.seat_symbol(surface, symbol, (int(x + w * 0.45), int(top + h * 0.24)), max(3, int(h * 0.16)),
                   (250, 246, 236), ui.INK)
    if capital:
        crown_mark(surface, (x, top - 3), max(4, h // 5))


def crown_mark(surface: pygame.Surface, centre: tuple[int, int], r: int) -> None:
    """A small gold crown (capitals)."""
    x, y = centre
    pts = [(x - r, y + r // 2), (x - r, y - r // 2), (x - r // 2, y), (x, y - r), (x + r // 2, y),
           (x + r, y - r // 2), (x + r, y + r // 2)]
    pygame.draw.polygon(surface, ui.GOLD, pts)
    pygame.draw.polygon(surface, ui.INK, pts, 1)


def building(surface: pygame.Surface, kind: str, centre: tuple[int, int], r: int) -> None:
    """A mine (pit with crossed picks), a fortress (a tower) or a city (three towers)."""
    x, y = centre
    stone, dark = (204, 196, 180), (54, 46, 38)
    if kind == "mine":
        pygame.draw.ellipse(surface, dark, (x - r, y - r // 3, 2 * r, r))
        pygame.draw.line(surface, (230, 210, 150), (x - r + 2, y - r), (x + r - 3, y + r // 2), 3)
        pygame.draw.line(surface, (230, 210, 150), (x + r - 2, y - r), (x - r + 3, y + r // 2), 3)
        pygame.draw.circle(surface, ui.GOLD, (x, y + r // 4), max(2, r // 4))
        return
    towers = [(0, 1.0)] if kind == "fortress" else [(-0.75, 0.8), (0.75, 0.8), (0, 1.15)]
    for dx, k in towers:
        tw, th = int(r * 0.9 * k), int(r * 1.7 * k)
        rect = pygame.Rect(0, 0, tw, th)
        rect.midbottom = (int(x + dx * r), y + r)
        pygame.draw.rect(surface, stone, rect)
        for i in range(3):
            m = pygame.Rect(rect.left + i * tw // 3, rect.top - max(2, tw // 4), max(2, tw // 4), max(2, tw // 4))
            pygame.draw.rect(surface, stone, m)
            pygame.draw.rect(surface, dark, m, 1)
        pygame.draw.rect(surface, dark, rect, 1)
        pygame.draw.rect(surface, dark, (rect.centerx - 2, rect.bottom - max(3, th // 3), 4, max(3, th // 3)))


SLOT_MARK = {"G": "G", "L1": "1", "L2": "2", "R": "R"}


def army_token(surface: pygame.Surface, centre: tuple[int, int], r: int, rgb: Colour, symbol: str,
               slot: str, ring: Colour | None = None, faded: bool = False) -> None:
    """An army: its general's symbol in his colour, the hero's mark inside (G, 1, 2, R)."""
    x, y = centre
    if ring is not None:
        pygame.draw.circle(surface, ring, centre, r + 5, 3)
    pygame.draw.circle(surface, (20, 14, 10), (x + 1, y + 2), r)
    colour = tuple(int(c * 0.55 + 60) for c in rgb) if faded else rgb
    ui.seat_symbol(surface, symbol, centre, r, colour, ui.INK)  # type: ignore[arg-type]
    mark = SLOT_MARK.get(slot, "?")
    f = ui.font(max(9, int(r * 1.05)), bold=True)
    light = sum(rgb) > 450
    img = f.render(mark, True, ui.INK if light else (255, 252, 240))
    surface.blit(img, img.get_rect(center=(x, y + (2 if symbol == "triangle" else 0))))
    if slot == "G":
        crown_mark(surface, (x, y - r - 2), max(3, r // 3))


def ghost(surface: pygame.Surface, centre: tuple[int, int], r: int) -> None:
    """Captain Crown's ghost: a pale sheet with a tricorn hat and hollow eyes."""
    x, y = centre
    body = pygame.Surface((4 * r, 4 * r), pygame.SRCALPHA)
    cx, cy = 2 * r, 2 * r
    pygame.draw.circle(body, (*GHOST, 215), (cx, cy - r // 3), r)
    pygame.draw.rect(body, (*GHOST, 215), (cx - r, cy - r // 3, 2 * r, r + r // 2))
    for i in range(4):
        pygame.draw.circle(body, (*GHOST, 215), (cx - r + r // 4 + i * r // 2, cy + r + r // 6), r // 4)
    pygame.draw.ellipse(body, (20, 30, 40, 255), (cx - r // 2, cy - r // 2, r // 3, r // 2))
    pygame.draw.ellipse(body, (20, 30, 40, 255), (cx + r // 6, cy - r // 2, r // 3, r // 2))
    hat = [(cx - r - 3, cy - r + 2), (cx, cy - 2 * r + 2), (cx + r + 3, cy - r + 2), (cx, cy - r + r // 3)]
    pygame.draw.polygon(body, (34, 28, 24, 255), hat)
    pygame.draw.polygon(body, (*ui.GOLD, 255), hat, 1)
    surface.blit(body, (x - cx, y - cy))


def path(surface: pygame.Surface, points: list[tuple[int, int]], colour: Colour = GHOST) -> None:
    """The ghost's walk this turn: dotted steps ending in an arrow head."""
    for a, b in zip(points, points[1:], strict=False):
        dist = max(1.0, math.hypot(b[0] - a[0], b[1] - a[1]))
        for t in range(0, int(dist), 9):
            px, py = a[0] + (b[0] - a[0]) * t / dist, a[1] + (b[1] - a[1]) * t / dist
            pygame.draw.circle(surface, colour, (int(px), int(py)), 2)
    for p in points[:-1]:
        pygame.draw.circle(surface, colour, p, 4, 1)
    if len(points) >= 2:
        a, b = points[-2], points[-1]
        ang = math.atan2(b[1] - a[1], b[0] - a[0])
        tip = (b[0] - 14 * math.cos(ang), b[1] - 14 * math.sin(ang))
        left = (tip[0] - 8 * math.cos(ang - 0.5), tip[1] - 8 * math.sin(ang - 0.5))
        right = (tip[0] - 8 * math.cos(ang + 0.5), tip[1] - 8 * math.sin(ang + 0.5))
        pygame.draw.polygon(surface, colour, [tip, left, right])


PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def die(surface: pygame.Surface, kind: str, value: int, centre: tuple[int, int], s: int,
        angle: float = 0.0, forced: bool = False) -> None:
    """A die showing `value`: a d6 with pips, a d3 as a triangle with its number, a d66 as two d6."""
    if kind == "d66":
        tens, units = divmod(int(value), 10)
        die(surface, "d6", max(1, min(6, tens)), (centre[0] - s // 2 - 1, centre[1]), s, angle, forced)
        die(surface, "d6", max(1, min(6, units)), (centre[0] + s // 2 + 1, centre[1]), s, -angle, forced)
        return
    face = pygame.Surface((s, s), pygame.SRCALPHA)
    body = (236, 226, 200) if not forced else (236, 206, 150)
    if kind == "d3":
        pts = [(s / 2, 1), (s - 1, s - 2), (1, s - 2)]
        pygame.draw.polygon(face, body, pts)
        pygame.draw.polygon(face, (40, 30, 20), pts, 2)
        img = ui.font(max(9, int(s * 0.5)), bold=True).render(str(value), True, (40, 30, 20))
        face.blit(img, img.get_rect(center=(s // 2, int(s * 0.64))))
    else:
        pygame.draw.rect(face, body, (0, 0, s, s), border_radius=max(2, s // 5))
        pygame.draw.rect(face, (40, 30, 20), (0, 0, s, s), 2, border_radius=max(2, s // 5))
        step = s * 0.26
        for dx, dy in PIPS.get(int(value), []):
            pygame.draw.circle(face, (120, 24, 20) if value in (1, 4) else (30, 22, 16),
                               (int(s / 2 + dx * step), int(s / 2 + dy * step)), max(2, s // 10))
    if angle:
        face = pygame.transform.rotate(face, angle)
    surface.blit(face, face.get_rect(center=centre))


def season_glyph(surface: pygame.Surface, season: str, centre: tuple[int, int], r: int) -> None:
    """Spring blossom, summer sun, autumn leaf, winter snowflake."""
    x, y = centre
    if season == "spring":
        for i in range(5):
            a = i * 2 * math.pi / 5
            pygame.draw.circle(surface, (236, 160, 190), (int(x + r * 0.5 * math.cos(a)), int(y + r * 0.5 * math.sin(a))),
                               max(3, r // 2))
        pygame.draw.circle(surface, ui.GOLD, centre, max(2, r // 3))
    elif season == "summer":
        for i in range(8):
            a = i * math.pi / 4
            pygame.draw.line(surface, (250, 200, 70), centre, (int(x + r * math.cos(a)), int(y + r * math.sin(a))), 3)
        pygame.draw.circle(surface, (250, 210, 80), centre, int(r * 0.6))
    elif season == "autumn":
        pts = [(x, y - r), (x + r * 0.7, y - r * 0.2), (x + r * 0.4, y + r * 0.6), (x, y + r * 0.35),
               (x - r * 0.4, y + r * 0.6), (x - r * 0.7, y - r * 0.2)]
        pygame.draw.polygon(surface, (210, 110, 40), pts)
        pygame.draw.line(surface, (110, 60, 20), (x, y - r * 0.6), (x, y + r), 2)
    else:
        for i in range(3):
            a = i * math.pi / 3
            dx, dy = r * math.cos(a), r * math.sin(a)
            pygame.draw.line(surface, (210, 230, 250), (x - dx, y - dy), (x + dx, y + dy), 3)
        pygame.draw.circle(surface, (210, 230, 250), centre, max(2, r // 4))


def swords(surface: pygame.Surface, centre: tuple[int, int], r: int, rgb: Colour, symbol: str, status: str) -> None:
    """A challenge over a territory: crossed swords over the challenger's symbol in his colour.

    `status`: pending (plain), accepted (gold ring), refused (a red bar), fought or cancelled (faded)."""
    x, y = centre
    faded = status in ("fought", "cancelled")
    fill = tuple(int(c * 0.5 + 50) for c in rgb) if faded else rgb
    if status == "accepted":
        pygame.draw.circle(surface, ui.GOLD, centre, r + 4, 3)
    ui.seat_symbol(surface, symbol, centre, r + 1, fill, ui.INK)  # type: ignore[arg-type]
    steel = (240, 240, 236)
    k = r - 3
    pygame.draw.line(surface, steel, (x - k, y - k), (x + k, y + k // 2 + 2), 3)
    pygame.draw.line(surface, steel, (x + k, y - k), (x - k, y + k // 2 + 2), 3)
    pygame.draw.line(surface, ui.INK, (x - k, y + 1), (x - 2, y + 1), 2)
    pygame.draw.line(surface, ui.INK, (x + 2, y + 1), (x + k, y + 1), 2)
    if status == "refused":
        pygame.draw.line(surface, (200, 40, 30), (x - r - 2, y + r + 2), (x + r + 2, y - r - 2), 4)
