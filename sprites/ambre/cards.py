"""Tarot cards drawn by code, from a card id and the view's content (no game state here).

`card(card_id, size, suits, up=True)` returns a cached surface: a pip card shows its value big,
its suit's symbol (heart, diamond, spade, club drawn as shapes, so colour is never the only
mark; a card under 48 pixels high, as in the bids' row, has one symbol, larger, instead of two
too small to tell a club from a spade) and a band of the suit's colour; a major arcanum shows its Roman numeral and a star; a
face-down card shows the back. `None` as the id draws the back. `dim` darkens a card that cannot
be played now, so the playable ones stand out.
"""

from __future__ import annotations

import functools
from typing import Any

import pygame

from scenes import ui

BACK = (60, 36, 70)
BACK_LINE = (150, 118, 60)
FACE = (246, 238, 218)
MAJOR = (232, 220, 190)
SHAPES = {"coupe": "heart", "denier": "diamond", "epee": "spade", "baton": "club"}
ROMAN = ["0", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV",
         "XVI", "XVII", "XVIII", "XIX", "XX", "XXI"]


def suit_colours(view: dict[str, Any]) -> dict[str, tuple[int, int, int]]:
    """Suit id → rgb, from the view's content."""
    return {s["id"]: tuple(s["rgb"]) for s in view["content"]["suits"]}


def roman(number: int) -> str:
    return ROMAN[number] if 0 <= number < len(ROMAN) else str(number)


def card(card_id: str | None, size: tuple[int, int], colours: dict[str, tuple[int, int, int]],
         up: bool = True, dim: bool = False) -> pygame.Surface:
    """The card's surface (cached by id, size, colours, face and dimming)."""
    key = tuple(sorted(colours.items()))
    if dim:
        return _dimmed(card_id if up else None, size, key)
    return _card(card_id if up else None, size, key)


@functools.lru_cache(maxsize=256)
def _dimmed(card_id: str | None, size: tuple[int, int], colours: tuple) -> pygame.Surface:
    surf = _card(card_id, size, colours).copy()
    surf.fill((120, 112, 100, 255), special_flags=pygame.BLEND_RGBA_MULT)  # darker, its corners kept
    return surf


@functools.lru_cache(maxsize=512)
def _card(card_id: str | None, size: tuple[int, int], colours: tuple) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = max(3, w // 9)
    if card_id is None:
        pygame.draw.rect(surf, BACK, rect, border_radius=radius)
        inner = rect.inflate(-max(4, w // 6), -max(4, w // 6))
        pygame.draw.rect(surf, BACK_LINE, inner, 2, border_radius=radius)
        for i in range(0, w + h, max(6, w // 5)):
            pygame.draw.line(surf, BACK_LINE, (inner.left + i, inner.top), (inner.left, inner.top + i), 1)
        surf.blit(_mask(size, radius), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        pygame.draw.rect(surf, ui.INK, rect, 2, border_radius=radius)
        return surf
    if card_id.startswith("m"):
        pygame.draw.rect(surf, MAJOR, rect, border_radius=radius)
        pygame.draw.rect(surf, ui.GOLD_DARK, rect.inflate(-6, -6), 2, border_radius=radius)
        numeral, size = roman(int(card_id[1:])), max(10, h // 4)
        while size > 8 and ui.font(size, True).size(numeral)[0] > w - 8:
            size -= 1  # "XVIII" ran over both edges
        ui.text(surf, numeral, (w // 2, h // 5), size, ui.INK, bold=True, anchor="midtop")
        ui.seat_symbol(surf, "star", (w // 2, int(h * 0.68)), max(4, w // 5), ui.GOLD, ui.GOLD_DARK)
        pygame.draw.rect(surf, ui.INK, rect, 2, border_radius=radius)
        return surf
    suit, _, value = card_id.partition("-")
    colour = dict(colours).get(suit, ui.GREY)
    pygame.draw.rect(surf, FACE, rect, border_radius=radius)
    band = pygame.Rect(0, 0, max(5, w // 7), h)
    pygame.draw.rect(surf, colour, band, border_top_left_radius=radius, border_bottom_left_radius=radius)
    size = max(11, int(h * 0.3))
    while size > 8 and ui.font(size, True).size(value)[0] > w - band.right - 4:
        size -= 1  # a small card's "10" read as "1" (its 0 under the border)
    ui.text(surf, value, (band.right + 2, max(1, h // 40)), size, ui.INK, bold=True)
    shape = SHAPES.get(suit, "circle")
    if h >= 48:  # the corner's suit under the value; a small card has room for one suit only, big
        small = max(5, w // 7)
        ui.seat_symbol(surf, shape, (band.right + 2 + small + 1, size + small + 2), small, colour, ui.INK)
        ui.seat_symbol(surf, shape, (int(w * 0.62), int(h * 0.74)), max(5, w * 2 // 9), colour, ui.INK)
    else:
        r = max(5, min(w // 3, (h - size - 6) // 2))
        ui.seat_symbol(surf, shape, ((band.right + w) // 2, h - r - max(3, h // 12)), r, colour, ui.INK)
    pygame.draw.rect(surf, ui.INK, rect, 2, border_radius=radius)
    return surf


@functools.lru_cache(maxsize=32)
def _mask(size: tuple[int, int], radius: int) -> pygame.Surface:
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    return mask


def postit(size: tuple[int, int], level: str | None) -> pygame.Surface:
    """A conflict's post-it: pale yellow, its top edge tinted by the level (war red, rivalry gold)."""
    return _postit(size, level)


@functools.lru_cache(maxsize=32)
def _postit(size: tuple[int, int], level: str | None) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, (246, 232, 160), rect, border_radius=6)
    tint = {"belligerence": (196, 70, 56), "rivalry": (206, 160, 60), "brink": (214, 110, 50)}.get(level or "")
    if tint:
        pygame.draw.rect(surf, tint, pygame.Rect(0, 0, rect.w, 8), border_top_left_radius=6,
                         border_top_right_radius=6)
    pygame.draw.rect(surf, (150, 126, 60), rect, 2, border_radius=6)
    return surf


def tag_size(height: int, font: int) -> tuple[int, int]:
    """The size of a card's tag (`tag`) `height` pixels high with its value in a `font` text:
    as wide as "10" and its suit's symbol side by side."""
    r = tag_radius(height)
    return 4 + ui.font(font, True).size("10")[0] + 2 + 2 * r + 3, height


def tag_radius(height: int) -> int:
    return max(4, (height - 9) // 2)


def tag(card_id: str | None, size: tuple[int, int], font: int, colours: dict[str, tuple[int, int, int]],
        up: bool = True) -> pygame.Surface:
    """A card as a compact label, for a conflict holding many: its value and its suit's symbol
    (in the suit's colour) side by side, a major arcanum's numeral, or a face-down card's back.
    Cached as `card` is."""
    return _tag(card_id if up else None, size, font, tuple(sorted(colours.items())))


@functools.lru_cache(maxsize=256)
def _tag(card_id: str | None, size: tuple[int, int], font: int, colours: tuple) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    if card_id is None:
        pygame.draw.rect(surf, BACK, rect, border_radius=4)
        pygame.draw.rect(surf, BACK_LINE, rect.inflate(-6, -6), 1, border_radius=2)
        pygame.draw.rect(surf, ui.INK, rect, 1, border_radius=4)
        return surf
    if card_id.startswith("m"):
        pygame.draw.rect(surf, MAJOR, rect, border_radius=4)
        numeral, size_ = roman(int(card_id[1:])), font
        while size_ > 8 and ui.font(size_, True).size(numeral)[0] > w - 4:
            size_ -= 1
        ui.text(surf, numeral, rect.center, size_, ui.INK, bold=True, anchor="center")
        pygame.draw.rect(surf, ui.GOLD_DARK, rect, 1, border_radius=4)
        return surf
    suit, _, value = card_id.partition("-")
    colour = dict(colours).get(suit, ui.GREY)
    pygame.draw.rect(surf, FACE, rect, border_radius=4)
    r = tag_radius(h)
    ui.text(surf, value, (3, h // 2), font, ui.INK, bold=True, anchor="midleft")
    ui.seat_symbol(surf, SHAPES.get(suit, "circle"), (w - r - 3, h // 2), r, colour, ui.INK)
    pygame.draw.rect(surf, ui.INK, rect, 1, border_radius=4)
    return surf
