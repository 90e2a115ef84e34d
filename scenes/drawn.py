"""Buttons drawn by hand in the theme's colours, for the main menu.

The menu is the first frame people wait for; building a pygame-gui manager and a dozen themed
widgets cost about a third of start-up, so the menu draws its own buttons from the same
`theme.json` colours and fonts. Each button renders its three looks (normal, hovered, disabled)
once and reuses them. It has the attributes the scene tests read: `rect`, `text`, `is_enabled`.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import pygame

from scenes import ui


@functools.lru_cache(maxsize=1)
def _theme() -> dict[str, Any]:
    with open(ui.THEME_PATH, encoding="utf-8") as f:
        return json.load(f)


@functools.lru_cache(maxsize=16)
def style(class_id: str | None) -> dict[str, Any]:
    """Colours, font and misc of a button class, merged as pygame-gui does: defaults, button, class."""
    theme = _theme()
    merged: dict[str, Any] = {"colours": {}, "font": {}, "misc": {}}
    for block in (theme.get("defaults", {}), theme.get("button", {}), theme.get(class_id or "", {})):
        for part in merged:
            merged[part].update(block.get(part, {}))
    return merged


def _rgb(value: str) -> tuple[int, int, int]:
    value = value.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


class DrawnButton:
    """A themed button with hover and disabled looks, drawn without pygame-gui."""

    def __init__(self, rect: pygame.Rect, text: str, class_id: str | None = None,
                 enabled: bool = True, tooltip: str | None = None, scale: float = 1.0) -> None:
        self.rect = pygame.Rect(rect)
        self.scale = scale  # text size and paddings, for big windows
        self.text = text
        self.class_id = class_id
        self.is_enabled = enabled
        self.tooltip = tooltip
        self.hovered = False
        self._looks: dict[str, pygame.Surface] = {}

    def look(self) -> str:
        if not self.is_enabled:
            return "disabled"
        return "hovered" if self.hovered else "normal"

    def _render(self, look: str) -> pygame.Surface:
        s = style(self.class_id)
        colours, misc, font = s["colours"], s["misc"], s["font"]

        def colour(part: str) -> tuple[int, int, int]:
            return _rgb(colours.get(f"{look}_{part}") or colours[f"normal_{part}"])

        surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        box = surf.get_rect()
        radius = int(misc.get("shape_corner_radius", 6))
        pygame.draw.rect(surf, colour("bg"), box, border_radius=radius)
        pygame.draw.rect(surf, colour("border"), box, int(misc.get("border_width", 1)), border_radius=radius)
        k = self.scale
        img = ui.font(int(int(font.get("size", 18)) * k), font.get("bold") == "1").render(self.text, True, colour("text"))
        if misc.get("text_horiz_alignment") == "left":
            pos = (int(int(misc.get("text_horiz_alignment_padding", 10)) * k),
                   int(int(misc.get("text_vert_alignment_padding", 0)) * k))
            surf.blit(img, pos)
        else:
            surf.blit(img, img.get_rect(center=box.center))
        return surf

    def draw(self, surface: pygame.Surface) -> None:
        look = self.look()
        if look not in self._looks:
            self._looks[look] = self._render(look)
        surface.blit(self._looks[look], self.rect)
