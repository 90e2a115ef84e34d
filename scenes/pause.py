"""The pause menu over a table (Esc): resume, rules, a note pinned to the log, save and return to the menu."""

from __future__ import annotations

from typing import Any

import pygame

from scenes import ui
from scenes.base import UIScene


class PauseMenu(UIScene):
    """A small overlay menu; the table stays drawn (dimmed) under it unless a curtain hides it."""

    overlay = True

    def __init__(self, app: Any, table: Any, from_curtain: bool = False) -> None:
        super().__init__(app)
        self.table = table
        self.from_curtain = from_curtain

    def box(self) -> pygame.Rect:
        w, h = self.app.size
        rect = pygame.Rect(0, 0, 380, 364)
        rect.center = (w // 2, h // 2)
        return rect

    def build(self) -> None:
        box = self.box()
        x, y = box.left + 40, box.top + 80
        self.button("resume", (x, y, 300, 52), self.tr("pause.resume"), "@primary")
        self.button("rules", (x, y + 68, 300, 48), self.tr("pause.rules"))
        self.button("note", (x, y + 132, 300, 48), self.tr("notes.button"))
        self.button("quit", (x, y + 196, 300, 48), self.tr("pause.save_quit"), "@danger")

    def on_button(self, element: Any) -> None:
        name = self.name_of(element)
        if name == "resume":
            self.stack.pop()
        elif name == "rules":
            from scenes.rules_ref import RulesScene

            self.stack.push(RulesScene(self.app, self.table.game_id))
        elif name == "note":
            self.stack.pop()
            self.table.open_note()
        elif name == "quit":
            self.save_and_quit()

    def save_and_quit(self) -> None:
        """Save (the session autosaves after every action; this writes once more) and go to the menu."""
        session = self.table.session
        saved = session.autosave() if hasattr(session, "autosave") else False
        if saved is False and getattr(session, "last_save_error", None) is not None:
            self.app.toast(self.app.strings.render(session.last_save_error.to_json()), "error")
        while len(self.stack) > 1:
            self.stack.pop()
        menu = self.stack.top
        if menu is not None and hasattr(menu, "rebuild"):
            menu.rebuild()

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            self.stack.pop()
            return True
        if event.key == pygame.K_n and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):  # as its button says
            self.stack.pop()
            self.table.open_note("n")
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        ui.dim(surface, 170)
        box = self.box()
        ui.panel(surface, box, 250, ui.GOLD)
        ui.text(surface, self.tr("pause.title"), (box.centerx, box.top + 22), 30, ui.GOLD, bold=True,
                anchor="midtop")
        if self.ui is not None:
            self.ui.draw_ui(surface)
