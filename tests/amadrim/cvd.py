"""Colour-vision-deficiency simulation for the colour-blind tests (no dependency).

Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for Simulation of Color
Vision Deficiency", IEEE TVCG 15(6): the severity-1.0 matrices for protanopia, deuteranopia and
tritanopia, applied to linear sRGB. Colour difference: CIE76 ΔE (Euclidean distance in CIELAB,
D65 white).
"""

from __future__ import annotations

import math

import pygame

RGB = tuple[int, int, int]

MACHADO_2009 = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def _linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encode(c: float) -> int:
    c = min(1.0, max(0.0, c))
    return round(255 * (12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055))


def simulate(rgb: RGB, deficiency: str) -> RGB:
    """How `rgb` looks with `deficiency` (a key of MACHADO_2009)."""
    m = MACHADO_2009[deficiency]
    lin = [_linear(v) for v in rgb[:3]]
    return tuple(_encode(sum(m[i][j] * lin[j] for j in range(3))) for i in range(3))  # type: ignore[return-value]


def lab(rgb: RGB) -> tuple[float, float, float]:
    r, g, b = (_linear(v) for v in rgb[:3])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e76(a: RGB, b: RGB) -> float:
    return math.dist(lab(a), lab(b))


def simulate_surface(surface: pygame.Surface, deficiency: str) -> pygame.Surface:
    """A copy of `surface` as seen with `deficiency` (each distinct colour computed once)."""
    out = surface.copy()
    cache: dict[tuple[int, int, int], RGB] = {}
    w, h = out.get_size()
    out.lock()
    for y in range(h):
        for x in range(w):
            c = out.get_at((x, y))
            key = (c.r, c.g, c.b)
            if key not in cache:
                cache[key] = simulate(key, deficiency)
            out.set_at((x, y), cache[key])
    out.unlock()
    return out
