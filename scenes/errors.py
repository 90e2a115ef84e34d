"""The content-errors overlay: every located problem (file:line:column: key.path: message), scrollable.

Shown when content fails to load (opening a game) or on F5 with broken YAML; the last good content
stays in use. Esc or the button closes it.
"""

from __future__ import annotations

import html
from typing import Any

import pygame
import pygame_gui

from scenes import ui
from scenes.base import UIScene, oid


class ErrorsOverlay(UIScene):
    """A dimmed overlay listing content problems."""

    overlay = True

    def __init__(self, app: Any, problems: list[Any], game_id: str | None = None,
                 reloaded: str | None = None) -> None:
        super().__init__(app)
        self.problems = list(problems)
        self.game = game_id
        self.reloaded = reloaded  # what F5 read again without a problem, said under the hint

    def list_top(self) -> int:
        """Where the list starts below the title, the hint and what was reloaded."""
        return self.box().top + (128 if self.reloaded else 100)

    def box(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(60, 50, w - 120, h - 100)

    def build(self) -> None:
        box = self.box()
        rows = []
        for p in self.problems:
            where = html.escape(f"{p.file}:{p.line}:{p.column}:" if hasattr(p, "file") else "")
            path = html.escape(f" {p.path}:" if getattr(p, "path", "") else "")
            entry = getattr(p, "entry", None)
            text = self.app.strings.render(entry) if entry else getattr(p, "message", str(p))
            message = html.escape(text)
            rows.append(f"<font color='#d6a84c'><b>{where}</b></font>{path} {message}")
        top = self.list_top()
        pygame_gui.elements.UITextBox("<br>".join(rows) or html.escape(self.tr("errors.none")),
                                      pygame.Rect(box.left + 24, top, box.width - 48, box.bottom - 84 - top),
                                      self.ui, object_id=oid(None, "#problems"))
        self.button("close", (box.right - 224, box.bottom - 70, 200, 48), self.tr("errors.close"), "@primary")

    def message_anchor(self, size: tuple[int, int]) -> tuple[int, int, int]:
        """Messages (what F5 reloaded) in the free space left of the Close button, not over the
        title."""
        box = self.box()
        room = box.width - 48 - 224
        return box.left + 24 + room // 2, box.bottom - 70, room

    def on_button(self, element: Any) -> None:
        if self.name_of(element) == "close":
            self.stack.pop()

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            self.stack.pop()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        ui.dim(surface, 190)
        box = self.box()
        ui.panel(surface, box, 250, ui.RED)
        title = self.tr("errors.title", n=len(self.problems))
        if self.game:
            title += " — " + self.tr(f"game.{self.game}.title")
        ui.text(surface, title, (box.left + 24, box.top + 20), 28, ui.RED, bold=True)
        ui.text(surface, self.tr("errors.hint"), (box.left + 24, box.top + 62), 17, ui.PARCHMENT_DIM)
        if self.reloaded:
            ui.text(surface, ui.fit(self.reloaded, box.width - 48, 17), (box.left + 24, box.top + 90), 17, ui.GREEN)
        if self.ui is not None:
            self.ui.draw_ui(surface)
