"""The curtain: a full-screen cover between two people's turns, showing public information only.

"Pass to <name>" in the seat's colour (with its symbol); a click reveals the table for that seat,
or, when the seat chose a PIN, the PIN must be typed first. What is drawn comes from the public
view (`state.view(None)`) through the table's `draw_public` hook, never from a seat's view.
"""

from __future__ import annotations

import time
from typing import Any

import pygame
import pygame_gui

from game import catalog
from scenes import ui
from scenes.base import UIScene, oid

REVEAL_GUARD_S = 0.6  # a click or key this soon after the curtain fell belongs to the last person
clock = time.monotonic  # tests move it


class CurtainScene(UIScene):
    """Hide the table until `seat` is at the computer."""

    scoped_messages = True  # a wrong code or a refused start leaves with this screen

    def __init__(self, app: Any, table: Any, seat: int, public_view: dict[str, Any]) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.public_view = public_view
        info = table.session.seats[seat]
        self.seat_info = info
        self.needs_pin = getattr(info, "pin_hash", None) is not None
        self.pin_entry: Any = None
        self.revealed = False
        self.pressed = False  # the click that raised the curtain must not also lift it
        self.raised_at = clock()

    @property
    def name(self) -> str:
        """The seat's name as the table shows it (a default name follows the language: a game begun
        in French and continued in English said "Pass the computer to Joueur 2" over a list that
        said "Player 2"), capped: no name can make the curtain's layout slow."""
        name = catalog.seat_label(self.app.strings, self.seat_info, self.seat)
        return name if len(name) <= 40 else name[:39] + "…"

    def build(self) -> None:
        w, h = self.app.size
        self.pin_entry = None
        if self.needs_pin:
            y = h - 150
            self.pin_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(w // 2 - 150, y, 160, 48),
                                                                 self.ui, object_id=oid(None, "#pin"))
            self.pin_entry.set_text_hidden(True)
            self.pin_entry.set_allowed_characters("numbers")
            self.pin_entry.set_text_length_limit(4)
            self.pin_entry.focus()
            self.button("ok", (w // 2 + 20, y, 130, 48), self.tr("curtain.ok"), "@primary")
        else:
            self.button("reveal", (w // 2 - 160, h - 150, 320, 56), self.tr("curtain.reveal", name=self.name), "@primary")
        self.button("menu", (30, h - 80, 200, 46), self.tr("curtain.pause"), "@small")

    def message_anchor(self, size: tuple[int, int]) -> tuple[int, int, int]:
        """Messages (a wrong code, a refused undo) under the code field or the reveal button, clear
        of the Menu button: at the top of the window they lay over "Pass to <name>"."""
        w, h = size
        return w // 2, h - 88, w - 2 * 250

    def too_soon(self) -> bool:
        """True within the app's `curtain_guard_s` (REVEAL_GUARD_S) of the curtain falling: the
        person who just acted clicked again at once (a double click, or the next button of a choice
        the rules had already made for them), and that click opened the next person's secrets
        (their hand, their hidden cards) before their own eyes."""
        guard = getattr(self.app, "curtain_guard_s", REVEAL_GUARD_S)
        return clock() - self.raised_at < guard

    def try_reveal(self, pin: str | None = None) -> bool:
        """Reveal when no PIN is needed or the PIN matches (not within the guard after the curtain
        fell: that click or key was the last person's); a wrong PIN gives a message."""
        if self.revealed:
            return True
        if self.too_soon():
            return False
        if self.needs_pin:
            from game.hotseat import check_pin

            typed = pin if pin is not None else (self.pin_entry.get_text() if self.pin_entry else "")
            if not check_pin(typed, self.seat_info.pin_hash):
                self.app.toast(self.tr("curtain.wrong_pin", name=self.name), "error")
                if self.pin_entry:
                    self.pin_entry.set_text("")
                return False
        self.revealed = True
        self.stack.pop()
        self.table.reveal(self.seat)
        return True

    def undo(self) -> None:
        """Ctrl+Z behind the curtain: a mis-click by the previous seat is taken back (when the session
        allows it); whoever must act next then gets their own curtain. A refusal is said here, the
        curtain staying up."""
        refusal = self.table.session.undo_refusal()
        if refusal is not None:
            self.app.toast(self.table.render(refusal.to_json()), "error")
            self.dirty = True
            return
        self.stack.pop()
        self.table.undo()
        if self.stack.top is self.table and self.table.curtain is self:
            self.table.curtain = None
            self.table.advance()

    def on_button(self, element: Any) -> None:
        name = self.name_of(element)
        if name in ("reveal", "ok"):
            self.try_reveal()
        elif name == "menu":
            from scenes.pause import PauseMenu

            self.stack.push(PauseMenu(self.app, self.table, from_curtain=True))

    def on_ui_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.pin_entry:
            self.try_reveal()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = True
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.needs_pin and self.pressed
                and not any(b.rect.collidepoint(event.pos) for b in self.buttons.values())):
            self.try_reveal()
            return True
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
                and not self.needs_pin):
            self.try_reveal()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            from scenes.pause import PauseMenu

            self.stack.push(PauseMenu(self.app, self.table, from_curtain=True))
            return True
        return super().handle(event)

    def draw_scene(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        c = catalog.colour(self.seat_info.colour)
        ui.text(surface, self.tr(f"game.{self.table.game_id}.title"), (w // 2, 34), 22, ui.PARCHMENT_DIM,
                anchor="midtop", italic=True)
        label = self.tr("curtain.pass_to", name=self.name)
        img = ui.font(48, bold=True).render(label, True, c.rgb)
        rect = img.get_rect(midtop=(w // 2 + 28, 80))
        surface.blit(img, rect)
        ui.seat_symbol(surface, c.symbol, (rect.left - 36, rect.centery), 20, c.rgb)
        ui.ornament(surface, (w // 2, rect.bottom + 16), min(w - 200, rect.width + 200))
        hint = self.tr("curtain.pin_hint" if self.needs_pin else "curtain.click_hint", name=self.name)
        ui.text(surface, hint, (w // 2, rect.bottom + 32), 19, ui.PARCHMENT, anchor="midtop")
        area = pygame.Rect(80, rect.bottom + 80, w - 160, h - rect.bottom - 80 - 180)
        self.table.draw_public(surface, area, self.public_view)
