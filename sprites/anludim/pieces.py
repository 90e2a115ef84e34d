"""Anludim's pieces drawn by code: double apprentice cards, laid cards, card backs, professors,
magic items, blazons and parchments.

Every function returns a surface cached by its arguments (a card is drawn once per
(card halves, active half, size) and reused), so the table scene only blits. Sprites hold no
game state: they are given values, colours and sizes. Each apprentice colour is always drawn
with its symbol (triangle, circle, square, diamond, cross) so colour-blind players can play.
"""

from __future__ import annotations

import functools
import math

import pygame

from scenes import ui

Colour = tuple[int, int, int]
# A colour as the sprites need it: (rgb, shape); the scene builds it from view["content"]["colours"].
Paint = tuple[Colour, str]

CREAM = (243, 232, 206)
CREAM_DARK = (214, 196, 160)
CARD_EDGE = (70, 50, 30)
BACK = (62, 36, 58)
BACK_LINE = (150, 112, 70)

# Professors: a robe colour and a hat; not a colour that carries meaning on its own (the name and
# the combination are always printed next to it).
ROBES = {"alchimiste": (64, 150, 120), "arcaniste": (70, 110, 200), "necromancienne": (120, 80, 140),
         "voyante": (196, 90, 150), "elementaliste": (214, 120, 50)}
ITEM_TINTS = {"fiole": (90, 170, 150), "etoile": (230, 196, 80), "poupee": (170, 110, 90),
              "talisman": (200, 90, 110), "coffre": (120, 170, 220)}


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


def symbol(surface: pygame.Surface, shape: str, centre: tuple[int, int], r: int, colour: Colour,
           outline: Colour = CARD_EDGE) -> None:
    """A colour's symbol (triangle, circle, square, diamond, cross), filled and outlined."""
    ui.seat_symbol(surface, shape, centre, r, colour, outline)


def _half(surf: pygame.Surface, rect: pygame.Rect, value: int, paint: Paint, big: int, dim: bool,
          fanned: bool = False) -> None:
    rgb, shape = paint
    band = _mix(rgb, CREAM, 0.72 if not dim else 0.85)
    pygame.draw.rect(surf, band, rect, border_radius=6)
    pygame.draw.rect(surf, _mix(rgb, CARD_EDGE, 0.2), rect, 2, border_radius=6)
    ink = _mix(rgb, (20, 12, 8), 0.45)
    num = ui.font(big, bold=True).render(str(value), True, ink)
    sym_r = max(5, big // 3)
    gap = max(3, big // 8)
    total = num.get_width() + gap + sym_r * 2
    if fanned:  # value and symbol stacked along the left edge, where overlapping cards leave room
        num_rect = num.get_rect(midleft=(rect.left + 3, rect.centery - sym_r // 2 - 2))
        surf.blit(num, num_rect)
        symbol(surf, shape, (rect.left + 5 + sym_r, min(rect.bottom - sym_r - 4, num_rect.bottom + 2)), sym_r, rgb)
        return
    x = rect.centerx - total // 2
    surf.blit(num, num.get_rect(midleft=(x, rect.centery)))
    symbol(surf, shape, (x + num.get_width() + gap + sym_r, rect.centery), sym_r, rgb)
    # the symbol again in two corners, small, like a printed card
    small = max(4, sym_r // 2)
    symbol(surf, shape, (rect.left + small + 5, rect.top + small + 5), small, rgb)
    symbol(surf, shape, (rect.right - small - 6, rect.bottom - small - 6), small, rgb)


@functools.lru_cache(maxsize=64)  # ~110 KB each at 1280x800: one screen of cards, not a whole game of them
def card(halves: tuple[tuple[int, Paint], tuple[int, Paint]], active: int, size: tuple[int, int],
         fanned: bool = False) -> pygame.Surface:
    """A double apprentice card: two halves stacked, the active one bright and framed in gold
    (`active` -1: both halves alike, for face-up cards; `fanned`: values drawn near the left edge,
    for a hand so large that the cards overlap)."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    body = surf.get_rect()
    pygame.draw.rect(surf, CREAM, body, border_radius=9)
    pygame.draw.rect(surf, CARD_EDGE, body, 2, border_radius=9)
    pad = max(4, w // 14)
    mid = h // 2
    big = max(14, int(min(w * 0.42, h * 0.2)))
    for i, (value, paint) in enumerate(halves):
        top = pad if i == 0 else mid + pad // 2
        rect = pygame.Rect(pad, top, w - 2 * pad, mid - pad - pad // 2)
        lit = active < 0 or i == active
        _half(surf, rect, value, paint, big if lit else int(big * 0.8), not lit, fanned)
        if active < 0:
            continue
        if i != active:
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            veil.fill((243, 232, 206, 120))
            surf.blit(veil, rect)
        else:
            pygame.draw.rect(surf, ui.GOLD, rect.inflate(4, 4), 3, border_radius=8)
    return surf.convert_alpha() if pygame.display.get_surface() else surf


@functools.lru_cache(maxsize=4)
def flip_badge(r: int) -> pygame.Surface:
    """The flip control on a card's middle: a disc with an up arrow and a down arrow."""
    surf = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
    c = (r + 1, r + 1)
    pygame.draw.circle(surf, ui.INK_PANEL, c, r)
    pygame.draw.circle(surf, ui.GOLD, c, r, 2)
    x, y = c
    k = max(3, int(r * 0.42))
    shaft = max(1, r // 6)
    for dx, up in ((-k // 2 - 1, True), (k // 2 + 1, False)):
        ax = x + dx
        tip = y - k - 1 if up else y + k + 1
        base = y - 1 if up else y + 1
        pygame.draw.polygon(surf, ui.GOLD, [(ax, tip), (ax - k // 2 - 1, base), (ax + k // 2 + 1, base)])
        end = y + k if up else y - k
        pygame.draw.line(surf, ui.GOLD, (ax, base), (ax, end), shaft + 1)
    return surf


@functools.lru_cache(maxsize=512)
def mini(value: int, paint: Paint, size: tuple[int, int], corner: bool = False) -> pygame.Surface:
    """A laid card, showing only the half it is played with (`corner`: value and symbol along the
    left edge, for cards fanned over each other)."""
    w, h = size
    rgb, shape = paint
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, _mix(rgb, CREAM, 0.7), rect, border_radius=5)
    pygame.draw.rect(surf, _mix(rgb, CARD_EDGE, 0.3), rect, 2, border_radius=5)
    ink = _mix(rgb, (20, 12, 8), 0.5)
    fs = max(11, int(min(w * 0.55, h * 0.42)))
    r = max(4, min(w, h) // 6)
    if corner:
        fs = max(11, int(h * 0.36))
        num = ui.font(fs, bold=True).render(str(value), True, ink)
        surf.blit(num, num.get_rect(topleft=(3, max(1, h // 14))))
        symbol(surf, shape, (3 + num.get_width() // 2, h - r - max(3, h // 10)), r, rgb)
        return surf
    num = ui.font(fs, bold=True).render(str(value), True, ink)
    surf.blit(num, num.get_rect(midtop=(w // 2, max(1, h // 14))))
    symbol(surf, shape, (w // 2, h - r - max(3, h // 10)), r, rgb)
    return surf


@functools.lru_cache(maxsize=16)
def back(size: tuple[int, int]) -> pygame.Surface:
    """The back of an apprentice card: plum with a gold lattice and a star."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, BACK, rect, border_radius=max(4, w // 10))
    inner = rect.inflate(-max(6, w // 6), -max(6, w // 6))
    step = max(6, w // 5)
    clip = surf.get_clip()
    surf.set_clip(inner)
    for x in range(inner.left - inner.height, inner.right, step):
        pygame.draw.line(surf, (92, 60, 80), (x, inner.top), (x + inner.height, inner.bottom), 1)
        pygame.draw.line(surf, (92, 60, 80), (x + inner.height, inner.top), (x, inner.bottom), 1)
    surf.set_clip(clip)
    pygame.draw.rect(surf, BACK_LINE, inner, 1, border_radius=4)
    _star(surf, rect.center, max(4, min(w, h) // 5), ui.GOLD)
    pygame.draw.rect(surf, (30, 18, 26), rect, 2, border_radius=max(4, w // 10))
    return surf


def _star(surf: pygame.Surface, centre: tuple[int, int], r: int, colour: Colour, points: int = 5) -> None:
    x, y = centre
    pts = []
    for i in range(points * 2):
        rad = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / points
        pts.append((x + rad * math.cos(a), y + rad * math.sin(a)))
    pygame.draw.polygon(surf, colour, pts)
    pygame.draw.polygon(surf, CARD_EDGE, pts, 1)


@functools.lru_cache(maxsize=32)
def professor(pid: str, initial: str, r: int, dim: bool = False) -> pygame.Surface:
    """A professor token: a medallion with a pointed hat and the professor's initial."""
    size = 2 * r + 4
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size // 2, size // 2)
    robe = ROBES.get(pid, (150, 120, 90))
    if dim:
        robe = _mix(robe, (60, 50, 40), 0.6)
    pygame.draw.circle(surf, _mix(robe, (20, 12, 8), 0.35), c, r)
    pygame.draw.circle(surf, robe, c, r - 3)
    pygame.draw.circle(surf, ui.GOLD if not dim else ui.GOLD_DARK, c, r, 2)
    x, y = c
    hat = [(x - r * 0.62, y + r * 0.05), (x + r * 0.62, y + r * 0.05), (x + r * 0.12, y - r * 0.78)]
    pygame.draw.polygon(surf, (34, 24, 40), hat)
    pygame.draw.ellipse(surf, (34, 24, 40), (x - r * 0.8, y - r * 0.02, r * 1.6, r * 0.3))
    _star(surf, (int(x + r * 0.05), int(y - r * 0.32)), max(2, r // 7), ui.GOLD)
    letter = ui.font(max(10, int(r * 0.7)), bold=True).render(initial, True, CREAM)
    surf.blit(letter, letter.get_rect(center=(x, int(y + r * 0.5))))
    return surf


def _item_icon(surf: pygame.Surface, item: str, c: tuple[int, int], r: int) -> None:
    x, y = c
    tint = ITEM_TINTS.get(item, (180, 160, 120))
    dark = _mix(tint, (20, 12, 8), 0.55)
    if item == "fiole":
        pygame.draw.circle(surf, tint, (x, y + r // 4), int(r * 0.6))
        pygame.draw.rect(surf, tint, (x - r // 5, y - r * 0.75, 2 * (r // 5) + 1, r * 0.7))
        pygame.draw.circle(surf, dark, (x, y + r // 4), int(r * 0.6), 1)
        pygame.draw.rect(surf, dark, (x - r // 4, y - r * 0.85, 2 * (r // 4) + 1, r // 4))
    elif item == "etoile":
        _star(surf, c, int(r * 0.85), tint)
    elif item == "poupee":
        pygame.draw.circle(surf, tint, (x, y - r // 2), max(2, r // 3))
        pygame.draw.ellipse(surf, tint, (x - r * 0.45, y - r * 0.2, r * 0.9, r))
        pygame.draw.line(surf, dark, (x - r * 0.7, y), (x + r * 0.7, y), max(1, r // 6))
        pygame.draw.line(surf, dark, (x - r // 5, y + r // 5), (x + r // 5, y + r // 2), 1)
        pygame.draw.line(surf, dark, (x + r // 5, y + r // 5), (x - r // 5, y + r // 2), 1)
    elif item == "talisman":
        pygame.draw.line(surf, dark, (x - r // 2, y - r), (x, y - r // 3), 1)
        pygame.draw.line(surf, dark, (x + r // 2, y - r), (x, y - r // 3), 1)
        pygame.draw.circle(surf, tint, (x, y + r // 6), int(r * 0.55))
        pygame.draw.circle(surf, dark, (x, y + r // 6), int(r * 0.55), 1)
        pygame.draw.circle(surf, CREAM, (x, y + r // 6), max(2, r // 5))
    elif item == "coffre":
        body = pygame.Rect(0, 0, int(r * 1.5), int(r * 0.9))
        body.midtop = (x, y - r // 6)
        pygame.draw.rect(surf, (130, 86, 50), body, border_radius=2)
        pygame.draw.ellipse(surf, (150, 100, 60), (body.left, body.top - r // 2, body.width, r))
        for k in (-1, 0, 1):
            pygame.draw.polygon(surf, tint, [(x + k * r // 2, y - r // 2), (x + k * r // 2 + r // 5, y - r // 5),
                                             (x + k * r // 2, y), (x + k * r // 2 - r // 5, y - r // 5)])
        pygame.draw.rect(surf, dark, body, 1, border_radius=2)
    else:
        pygame.draw.circle(surf, tint, c, int(r * 0.6))


ITEM_VALUE_TEXT = 12  # px: the smallest font an item's value is written in


@functools.lru_cache(maxsize=128)
def item(item_id: str, value: int | None, r: int, dim: bool = False) -> pygame.Surface:
    """A magic item: a round token with the item's picture and its value (None: picture only)."""
    size = 2 * r + 4
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size // 2, size // 2)
    pygame.draw.circle(surf, (58, 44, 30) if not dim else (44, 36, 28), c, r)
    pygame.draw.circle(surf, ui.GOLD if not dim else ui.GOLD_DARK, c, r, 2)
    icon_c = (c[0], c[1] - (r // 5 if value is not None else 0))
    _item_icon(surf, item_id, icon_c, int(r * (0.62 if value is not None else 0.75)))
    if value is not None:
        # the value at a readable size (12 px at least; it was 9 px on every seat's items), cut to
        # its ink so the tag stays inside the token
        text = ui.font(max(ITEM_VALUE_TEXT, int(r * 0.62)), bold=True).render(str(value), True, CREAM)
        tag = text.subsurface(text.get_bounding_rect()).copy()
        box = tag.get_rect().inflate(6, 4)
        box.center = (c[0] + int(r * 0.55), c[1] + int(r * 0.55))
        box.clamp_ip(surf.get_rect())
        pygame.draw.ellipse(surf, (40, 28, 18), box)
        pygame.draw.ellipse(surf, ui.GOLD, box, 1)
        surf.blit(tag, tag.get_rect(center=box.center))
    if dim:
        surf.set_alpha(150)
    return surf


@functools.lru_cache(maxsize=32)
def blazon(gold: bool, rgb: Colour, shape: str, h: int) -> pygame.Surface:
    """A coven blazon: a shield, silver or gold, with the seat's colour symbol."""
    w = int(h * 0.82)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    metal = (226, 184, 86) if gold else (196, 200, 206)
    edge = (130, 92, 30) if gold else (96, 100, 108)
    pts = [(2, 2), (w - 3, 2), (w - 3, int(h * 0.55)), (w // 2, h - 2), (2, int(h * 0.55))]
    pygame.draw.polygon(surf, metal, pts)
    pygame.draw.polygon(surf, _mix(metal, (255, 255, 255), 0.35), [(4, 4), (w // 2, 4), (w // 2, h - 8), (4, int(h * 0.55))])
    pygame.draw.polygon(surf, edge, pts, 2)
    symbol(surf, shape, (w // 2, int(h * 0.42)), max(4, h // 5), rgb, edge)
    return surf


@functools.lru_cache(maxsize=8)
def parchment(h: int) -> pygame.Surface:
    """A rolled parchment (1 point)."""
    w = int(h * 0.8)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    body = pygame.Rect(w // 8, h // 8, w - w // 4, h - h // 4)
    pygame.draw.rect(surf, (232, 214, 170), body)
    pygame.draw.ellipse(surf, (208, 186, 140), (0, 0, w, h // 4))
    pygame.draw.ellipse(surf, (208, 186, 140), (0, h - h // 4, w, h // 4))
    pygame.draw.ellipse(surf, CARD_EDGE, (0, 0, w, h // 4), 1)
    pygame.draw.ellipse(surf, CARD_EDGE, (0, h - h // 4, w, h // 4), 1)
    for k in range(3):
        y = body.top + (k + 1) * body.height // 4
        pygame.draw.line(surf, (150, 120, 80), (body.left + 3, y), (body.right - 3, y), 1)
    pygame.draw.rect(surf, (180, 40, 40), (w // 2 - 3, h // 2 - 2, 6, 5))
    return surf
