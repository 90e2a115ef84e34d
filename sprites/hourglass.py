"""A sand-timer drawn by code: the top bulb empties, the bottom fills, a stream falls between them.

It holds no game state: every draw gets `remaining` and `total` seconds (from `game.timer`) and a
`phase` in seconds for the falling-grain animation. The remaining time is written as mm:ss under
the glass; in the last 30 seconds the sand, the text and the frame turn red and pulse.
The glass and frame are cached per size; only the sand is drawn each frame.
"""

from __future__ import annotations

import functools
import math

import pygame

from scenes import ui

URGENT_S = 30.0
SAND = (226, 186, 110)
SAND_DARK = (178, 138, 70)
URGENT = (226, 74, 58)
GLASS = (200, 220, 230)
WOOD = (110, 74, 40)


def mmss(seconds: float) -> str:
    """Remaining time as mm:ss (rounded up, so 0:00 means really over)."""
    s = max(0, math.ceil(seconds - 1e-9))
    return f"{s // 60:02d}:{s % 60:02d}"


def is_urgent(remaining: float, total: float) -> bool:
    """True in the last 30 seconds (or the last fifth of a timer shorter than 2.5 minutes)."""
    return 0 < remaining <= min(URGENT_S, total / 5 if total < 150 else URGENT_S) or remaining <= 0


def _half_width(t: float, width: float, neck: float) -> float:
    """Half-width of a bulb at `t` (0 at the neck, 1 at the wide end)."""
    return neck / 2 + (width / 2 - neck / 2) * math.sin(min(1.0, t) * math.pi / 2) ** 0.7


def _level(fraction: float, rows: int = 64) -> float:
    """Height (0..1 from the neck) up to which a bulb holds `fraction` of its volume."""
    areas = [_half_width((i + 0.5) / rows, 1.0, 0.08) for i in range(rows)]
    total = sum(areas)
    acc = 0.0
    for i, a in enumerate(areas):
        if acc + a >= fraction * total:
            return (i + (fraction * total - acc) / a) / rows
        acc += a
    return 1.0


class Hourglass:
    """Draws a sand-timer in a rectangle."""

    def __init__(self, size: tuple[int, int] = (120, 200)) -> None:
        self.size = size

    def geometry(self) -> tuple[int, int, int, int, int]:
        """(centre x, top of glass, neck y, bottom of glass, bulb width) inside the sprite."""
        w, h = self.size
        glass_top, glass_bottom = 16, h - 46
        return w // 2, glass_top, (glass_top + glass_bottom) // 2, glass_bottom, int(w * 0.72)

    def _bulb_points(self, neck_y: int, far_y: int, width: int, upto: float = 1.0,
                     start: float = 0.0) -> list[tuple[float, float]]:
        """Outline of the part of a bulb between `start` and `upto` (0 = neck, 1 = wide end)."""
        cx = self.size[0] // 2
        neck = max(4, width * 0.08)
        steps = 24
        span = far_y - neck_y
        left, right = [], []
        for i in range(steps + 1):
            t = start + (upto - start) * i / steps
            hw = _half_width(t, width, neck)
            y = neck_y + span * t
            left.append((cx - hw, y))
            right.append((cx + hw, y))
        return left + right[::-1]

    def draw(self, surface: pygame.Surface, pos: tuple[int, int], remaining: float, total: float,
             phase: float = 0.0) -> pygame.Rect:
        """Draw at top-left `pos`; returns the rectangle drawn."""
        total = max(1e-6, float(total))
        left = max(0.0, min(1.0, remaining / total))
        urgent = is_urgent(remaining, total)
        pulse = 0.5 + 0.5 * math.sin(phase * 2 * math.pi * 1.5) if urgent else 0.0
        sprite = pygame.Surface(self.size, pygame.SRCALPHA)
        cx, top, neck_y, bottom, width = self.geometry()
        sand = _mix(SAND, URGENT, 0.55 + 0.45 * pulse) if urgent else SAND
        sprite.blit(_glass(self.size), (0, 0))
        if left > 0:  # top bulb: sand sits on the neck, its surface goes down as it empties
            level = _level(left)
            pygame.draw.polygon(sprite, sand, self._bulb_points(neck_y - 1, top, width, level))
        if left < 1:  # bottom bulb: the same volume that left the top, heaped from the wide end
            t0 = _level(left)
            pygame.draw.polygon(sprite, sand, self._bulb_points(neck_y, bottom, width, 1.0, t0))
            peak = neck_y + (bottom - neck_y) * t0
            if 0 < left < 1:
                pygame.draw.polygon(sprite, _mix(sand, SAND_DARK, 0.4),
                                    [(cx - width * 0.18, peak + 4), (cx, peak - 6), (cx + width * 0.18, peak + 4)])
        if 0 < left < 1:  # the falling stream, with grains moving down
            surface_y = neck_y + (bottom - neck_y) * _level(left) - 4
            pygame.draw.line(sprite, sand, (cx, neck_y), (cx, surface_y), 2)
            span = max(1, surface_y - neck_y)
            for k in range(4):
                y = neck_y + ((phase * 90 + k * span / 4) % span)
                pygame.draw.circle(sprite, _mix(sand, (255, 255, 255), 0.3), (cx, int(y)), 2)
        sprite.blit(_frame(self.size, urgent), (0, 0))
        if urgent:
            glow = pygame.Surface(self.size, pygame.SRCALPHA)
            pygame.draw.rect(glow, (*URGENT, int(60 + 120 * pulse)), glow.get_rect(), 3, border_radius=12)
            sprite.blit(glow, (0, 0))
        label_colour = _mix(URGENT, (255, 210, 200), pulse * 0.4) if urgent else ui.PARCHMENT
        size = max(14, self.size[0] // 5)
        ui.text(sprite, mmss(remaining), (cx, self.size[1] - 4), size, label_colour, bold=True, anchor="midbottom")
        return surface.blit(sprite, pos)


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


@functools.lru_cache(maxsize=8)
def _glass(size: tuple[int, int]) -> pygame.Surface:
    """The two glass bulbs, faintly tinted (cached)."""
    glass = Hourglass(size)
    cx, top, neck_y, bottom, width = glass.geometry()
    surf = pygame.Surface(size, pygame.SRCALPHA)
    for far in (top, bottom):
        pts = glass._bulb_points(neck_y, far, width)
        pygame.draw.polygon(surf, (*GLASS, 28), pts)
        pygame.draw.polygon(surf, (*GLASS, 150), pts, 2)
    return surf


@functools.lru_cache(maxsize=8)
def _frame(size: tuple[int, int], urgent: bool) -> pygame.Surface:
    """Wooden caps and posts (cached)."""
    glass = Hourglass(size)
    cx, top, neck_y, bottom, width = glass.geometry()
    surf = pygame.Surface(size, pygame.SRCALPHA)
    wood = _mix(WOOD, URGENT, 0.35) if urgent else WOOD
    cap_w = int(width * 1.25)
    for y in (top - 10, bottom):
        pygame.draw.rect(surf, wood, (cx - cap_w // 2, y, cap_w, 10), border_radius=4)
        pygame.draw.rect(surf, ui.GOLD_DARK, (cx - cap_w // 2, y, cap_w, 10), 1, border_radius=4)
    for x in (cx - cap_w // 2 + 5, cx + cap_w // 2 - 5):
        pygame.draw.line(surf, wood, (x, top), (x, bottom), 4)
    return surf
