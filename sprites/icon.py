"""The app icon, drawn by code: a gold guild hall (pediment, four columns, steps) on a round ink seal.

Used as the window icon (`pygame.display.set_icon`) and, saved as PNG at 48, 128 and 256 px, in the
desktop entry's hicolor icon theme. Drawn four times larger and smoothly scaled down, so the edges
are antialiased at every size. Needs only pygame (no font, no display mode).
"""

from __future__ import annotations

import math
from pathlib import Path

import pygame

INK = (27, 20, 14)
INK_LIGHT = (58, 43, 29)
GOLD = (214, 168, 76)
GOLD_LIGHT = (240, 204, 120)
GOLD_DARK = (140, 104, 44)
PARCHMENT = (236, 224, 196)

SIZES = (48, 128, 256)
SUPERSAMPLE = 4


def _scaled(points: list[tuple[float, float]], n: int) -> list[tuple[int, int]]:
    return [(round(x * n), round(y * n)) for x, y in points]


def _draw(canvas: pygame.Surface) -> None:
    """Draw the icon filling `canvas` (square, per-pixel alpha), in unit coordinates times its size."""
    n = canvas.get_width()
    centre = (n // 2, n // 2)
    pygame.draw.circle(canvas, GOLD_DARK, centre, round(n * 0.49))
    pygame.draw.circle(canvas, GOLD, centre, round(n * 0.47))
    pygame.draw.circle(canvas, INK, centre, round(n * 0.43))
    pygame.draw.circle(canvas, INK_LIGHT, centre, round(n * 0.40), max(1, n // 90))
    # the hall: pediment, architrave, four columns, two steps
    pygame.draw.polygon(canvas, GOLD, _scaled([(0.20, 0.40), (0.50, 0.20), (0.80, 0.40)], n))
    pygame.draw.polygon(canvas, INK, _scaled([(0.31, 0.375), (0.50, 0.25), (0.69, 0.375)], n))
    _star(canvas, (0.50 * n, 0.33 * n), 0.045 * n)
    pygame.draw.rect(canvas, GOLD, pygame.Rect(*_scaled([(0.22, 0.41), (0.56, 0.05)], n)))
    for i in range(4):
        x = 0.28 + i * 0.135
        pygame.draw.rect(canvas, GOLD_LIGHT, pygame.Rect(*_scaled([(x, 0.48), (0.075, 0.21)], n)))
        pygame.draw.rect(canvas, GOLD_DARK, pygame.Rect(*_scaled([(x + 0.052, 0.48), (0.023, 0.21)], n)))
    pygame.draw.rect(canvas, GOLD, pygame.Rect(*_scaled([(0.22, 0.70), (0.56, 0.045)], n)))
    pygame.draw.rect(canvas, GOLD_DARK, pygame.Rect(*_scaled([(0.18, 0.755), (0.64, 0.045)], n)))


def _star(canvas: pygame.Surface, centre: tuple[float, float], r: float) -> None:
    x, y = centre
    points = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        points.append((round(x + rad * math.cos(a)), round(y + rad * math.sin(a))))
    pygame.draw.polygon(canvas, PARCHMENT, points)


def icon(size: int = 64) -> pygame.Surface:
    """The icon as a `size`×`size` surface with per-pixel alpha."""
    big = pygame.Surface((size * SUPERSAMPLE, size * SUPERSAMPLE), pygame.SRCALPHA)
    _draw(big)
    return pygame.transform.smoothscale(big, (size, size))


def write_pngs(folder: Path, sizes: tuple[int, ...] = SIZES) -> dict[int, Path]:
    """Save `folder/icon-<size>.png` for each size; returns size -> path."""
    folder.mkdir(parents=True, exist_ok=True)
    out = {}
    for size in sizes:
        path = folder / f"icon-{size}.png"
        pygame.image.save(icon(size), str(path))
        out[size] = path
    return out
