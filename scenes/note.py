"""The note box over a table (key N, or "Note" in the pause menu): a remark pinned to the current
action of the game, saved with it (game/notes.py)."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from scenes import ui
from scenes.base import UIScene, oid


class NoteScene(UIScene):
    """Type a note; Pin saves it with the game, Cancel or Esc leaves nothing."""

    overlay = True

    def __init__(self, app: Any, table: Any, opened_by: str | None = None) -> None:
        super().__init__(app)
        self.table = table
        self.box_entry: Any = None
        self.text = ""
        # the text the opening key types (N: "n"), which SDL sends just after the key press that
        # opened the box: not the note's first letter
        self.swallow = opened_by

    def box(self) -> pygame.Rect:
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(640, w - 80), 416)
        rect.center = (w // 2, h // 2)
        return rect

    def public_rect(self) -> pygame.Rect:
        """Where the box says, before anything is typed, that every seat will read the note."""
        box = self.box()
        return pygame.Rect(box.left + 24, box.top + 104, box.width - 48, 48)

    def entry_rect(self) -> pygame.Rect:
        box = self.box()
        return pygame.Rect(box.left + 24, self.public_rect().bottom + 8, box.width - 48, 160)

    def build(self) -> None:
        box = self.box()
        if self.box_entry is not None:
            self.text = self.box_entry.get_text()
        self.box_entry = self.hint(pygame_gui.elements.UITextEntryBox(
            self.entry_rect(), self.text, self.ui,
            object_id=oid(None, "#note_text")), self.tr("notes.box.placeholder"))
        self.box_entry.focus()
        self.button("cancel", (box.left + 24, box.bottom - 70, 180, 48), self.tr("notes.box.cancel"))
        self.button("pin", (box.right - 24 - 200, box.bottom - 70, 200, 52), self.tr("notes.box.save"), "@primary")

    def on_button(self, element: Any) -> None:
        name = self.name_of(element)
        if name == "cancel":
            self.stack.pop()
        elif name == "pin":
            self.pin()

    def pin(self) -> None:
        """Pin the typed text to the table's game and close."""
        from game.notes import add_note

        note = add_note(self.table.session, self.box_entry.get_text(), self.table.unveiled)
        self.stack.pop()
        if note is None:
            self.app.toast(self.tr("notes.empty"))
            return
        self.app.toast(self.tr("notes.pinned", number=note["action"]), "ok")
        self.table.dirty = True
        if hasattr(self.table, "view_changed"):
            self.table.view_changed()

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            self.stack.pop()
            return True
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        if self.swallow is not None and event.type in (pygame.TEXTINPUT, pygame.KEYDOWN):
            typed, self.swallow = self.swallow, None  # only the very next key's text, if any
            if event.type == pygame.TEXTINPUT and event.text.lower() == typed:
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self.handle_key(event)
        return super().handle(event)

    def draw_scene(self, surface: pygame.Surface) -> None:
        """Nothing under the box: the table shows through (see `draw`)."""

    def draw(self, surface: pygame.Surface) -> None:
        ui.dim(surface, 160)
        box = self.box()
        ui.panel(surface, box, 250, ui.GOLD)
        ui.text(surface, self.tr("notes.box.title"), (box.centerx, box.top + 18), 26, ui.GOLD, bold=True,
                anchor="midtop")
        where = self.tr("notes.box.where", number=len(self.table.session.actions))
        ui.text_block(surface, where, pygame.Rect(box.left + 24, box.top + 56, box.width - 48, 44), 16,
                      ui.PARCHMENT_DIM)
        # notes are public (every seat's log shows them): said before anything is written, in a
        # seat's secret turn too
        ui.text_block(surface, self.tr("notes.box.public"), self.public_rect(), 17, ui.GOLD, bold=True, min_size=13)
        if self.ui is not None:
            self.ui.draw_ui(surface)
            self.draw_hints(surface)
