"""A small yes/no question over the current scene (Enter = yes, Esc = no)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from scenes import ui
from scenes.base import UIScene


class ConfirmOverlay(UIScene):
    """Ask `message`; `on_yes()` runs after the overlay has closed. With `on_no`, the "no" button is a
    second choice (it runs `on_no()`) and Esc only closes."""

    overlay = True

    def __init__(self, app: Any, title: str, message: str, on_yes: Callable[[], Any],
                 yes: str | None = None, no: str | None = None,
                 on_no: Callable[[], Any] | None = None) -> None:
        super().__init__(app)
        self.title, self.message, self.on_yes, self.on_no = title, message, on_yes, on_no
        self.yes_text, self.no_text = yes, no

    def _widths(self) -> tuple[int, int]:
        """The two buttons' widths: 250 pixels, or their text with room on both sides."""
        texts = (self.no_text or self.tr("common.cancel"), self.yes_text or self.tr("common.ok"))
        return tuple(max(250, ui.font(20, True).size(t)[0] + 64) for t in texts)  # type: ignore[return-value]

    def box(self) -> pygame.Rect:
        w, h = self.app.size
        lines = ui.wrap(self.message, 560, 19)
        rect = pygame.Rect(0, 0, max(640, sum(self._widths()) + 120), 190 + 28 * len(lines))
        rect.center = (w // 2, h // 2)
        return rect

    def build(self) -> None:
        box = self.box()
        no_w, yes_w = self._widths()
        self.button("no", (box.left + 40, box.bottom - 76, no_w, 50), self.no_text or self.tr("common.cancel"))
        self.button("yes", (box.right - 40 - yes_w, box.bottom - 76, yes_w, 52), self.yes_text or self.tr("common.ok"),
                    "@primary")

    def answer(self, yes: bool, chosen: bool = True) -> None:
        self.stack.pop()
        if yes:
            self.on_yes()
        elif chosen and self.on_no is not None:
            self.on_no()

    def on_button(self, element: Any) -> None:
        name = self.name_of(element)
        if name in ("yes", "no"):
            self.answer(name == "yes")

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            self.answer(False, chosen=False)
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.answer(True)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        ui.dim(surface, 170)
        box = self.box()
        ui.panel(surface, box, 250, ui.GOLD)
        ui.text(surface, self.title, (box.centerx, box.top + 22), 26, ui.GOLD, bold=True, anchor="midtop")
        ui.text_block(surface, self.message, pygame.Rect(box.left + 40, box.top + 76, 560, box.height - 160), 19)
        if self.ui is not None:
            self.ui.draw_ui(surface)
