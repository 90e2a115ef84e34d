"""Short messages shown over everything for a few seconds (illegal-click reasons, reloads, errors).

The layer holds only the messages and their age; the app draws it after the scenes. A message
fades in, stays about three seconds (longer for long texts) and fades out; at most three show at
once, newest at the bottom.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from scenes import ui

COLOURS = {"info": ui.GOLD, "error": ui.RED, "ok": ui.GREEN}


@dataclass
class Toast:
    text: str
    kind: str
    age: float = 0.0

    @property
    def life(self) -> float:
        return 2.8 + min(3.0, len(self.text) / 40)


class ToastLayer:
    """The messages currently shown."""

    def __init__(self) -> None:
        self.items: list[Toast] = []
        self.dirty = False

    FADE_IN = 0.15
    FADE_OUT = 0.4

    @property
    def active(self) -> bool:
        """True while a message fades in or out (frames are needed); a steady message needs none."""
        return any(t.age < self.FADE_IN or t.age > t.life - self.FADE_OUT for t in self.items)

    def next_change(self) -> float | None:
        """Seconds until a shown message starts fading out (for the idle loop's wake-up), or None."""
        waits = [t.life - self.FADE_OUT - t.age for t in self.items if t.age <= t.life - self.FADE_OUT]
        return max(0.0, min(waits)) if waits else None

    def add(self, text: str, kind: str = "info") -> None:
        """Show `text`; the same text again restarts its clock instead of stacking."""
        for item in self.items:
            if item.text == text:
                item.age = 0.0
                self.dirty = True
                return
        self.items.append(Toast(text, kind if kind in COLOURS else "info"))
        self.items = self.items[-3:]
        self.dirty = True

    def texts(self) -> list[str]:
        """Texts currently shown (for tests)."""
        return [t.text for t in self.items]

    def update(self, dt: float) -> None:
        if not self.items:
            return
        for item in self.items:
            item.age += dt
        before = len(self.items)
        self.items = [t for t in self.items if t.age < t.life]
        if self.active or len(self.items) != before:
            self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the messages at the bottom centre (fading in and out)."""
        w, h = surface.get_size()
        y = h - 40
        for item in reversed(self.items):
            lines = ui.wrap(item.text, min(760, w - 120), 19)
            height = 20 + 28 * len(lines)
            width = max(ui.font(19).size(line)[0] for line in lines) + 56
            rect = pygame.Rect(0, 0, width, height)
            rect.midbottom = (w // 2, y)
            fade = min(1.0, item.age / self.FADE_IN, max(0.0, (item.life - item.age) / self.FADE_OUT))
            box = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(box, (24, 17, 11, 240), box.get_rect(), border_radius=10)
            pygame.draw.rect(box, COLOURS[item.kind], box.get_rect(), 2, border_radius=10)
            pygame.draw.rect(box, COLOURS[item.kind], (0, 0, 8, rect.height),
                             border_top_left_radius=10, border_bottom_left_radius=10)
            for i, line in enumerate(lines):
                ui.text(box, line, (rect.width // 2 + 4, 10 + 28 * i), 19, ui.PARCHMENT, anchor="midtop")
            box.set_alpha(int(255 * fade))
            surface.blit(box, rect)
            y = rect.top - 10
        self.dirty = False
