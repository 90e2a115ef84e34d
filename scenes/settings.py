"""The settings screen: language (applies at once), window size, fullscreen, sand-timer, animation speed,
designer mode. Each row is a set of choice buttons; the chosen one is highlighted. Leaving saves.
Beside Back, where the support log is (its full path, cut in the middle only when it cannot fit)."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from scenes import ui
from scenes.base import UIScene, oid

SIZES = ((1024, 700), (1280, 800), (1600, 900), (1920, 1080))
TIMERS = (60, 120, 180, 300, 420, 600)
SPEEDS = (0.5, 1.0, 1.5, 2.0, 3.0)


def mmss(seconds: float) -> str:
    """`seconds` as m:ss."""
    s = max(0, int(round(seconds)))
    return f"{s // 60}:{s % 60:02d}"


class SettingsScene(UIScene):
    """Change the player's settings."""

    title_key = "settings.title"

    def rows(self) -> list[tuple[str, list[tuple[str, Any]], Any]]:
        """(label key, [(text, value)], current value) for every row."""
        s = self.app.settings
        yes, no = self.tr("common.yes"), self.tr("common.no")
        size = tuple(getattr(s, "window_size", (1280, 800)))
        return [
            ("settings.language", [(self.tr("language.fr"), "fr"), (self.tr("language.en"), "en")],
             self.app.strings.lang),
            ("settings.window", [(f"{w}×{h}", (w, h)) for w, h in SIZES], size),
            ("settings.fullscreen", [(yes, True), (no, False)], bool(s.fullscreen)),
            ("settings.sand_timer", [(self.tr("settings.sand_timer.game"), 0)] + [(mmss(t), t) for t in TIMERS],
             int(s.sand_timer_s)),
            ("settings.animation", [(f"{v:g}×", v) for v in SPEEDS], float(s.animation_speed)),
            ("settings.designer", [(yes, True), (no, False)], bool(s.designer_mode)),
        ]

    def build(self) -> None:
        w, h = self.app.size
        width = min(900, w - 120)
        x = (w - width) // 2
        y = 150
        label_w = 300
        self.values: dict[str, Any] = {}
        rows = self.rows()
        hints = sum(self.app.strings.has(f"{key}.hint") for key, _c, _v in rows)
        # the gap between rows: what is left above the Back button once rows and hints are placed
        # (a fixed 16 px pushed the last hint across the panel's frame at 1024×700)
        room = (h - 104 - 12) - y - 52 * len(rows) - 26 * hints
        gap = max(4, min(16, room // max(1, len(rows) - 1)))
        for r, (key, choices, current) in enumerate(rows):
            pygame_gui.elements.UILabel(pygame.Rect(x, y, label_w, 44), self.tr(key), self.ui,
                                        object_id=oid("@heading"))
            bw = (width - label_w - 8 * (len(choices) - 1)) // len(choices)
            for c, (text, value) in enumerate(choices):
                name = f"set_{r}_{c}"
                self.values[name] = (key, value)
                self.button(name, (x + label_w + c * (bw + 8), y, bw, 44), text,
                            "@selected" if value == current else "@choice")
            y += 52
            hint = f"{key}.hint"
            if self.app.strings.has(hint):
                pygame_gui.elements.UILabel(pygame.Rect(x + label_w, y - 6, width - label_w, 26),
                                            self.tr(hint), self.ui, object_id=oid("@small"))
                y += 26
            y += gap
        self.frame = pygame.Rect(x - 24, 130, width + 48, y - gap + 12 - 130)
        self.button("back", (x, h - 90, 200, 50), self.tr("common.back"))
        # messages beside Back, over the log's path: the rows above are all controls; up to the
        # rows' frame when the window leaves room under it (two messages then stand one above the other)
        top = min(h - 104, self.frame.bottom + 8)
        self.message_area = pygame.Rect(x + 224, top, width - 224, h - 10 - top)

    def on_button(self, element: Any) -> None:
        name = self.name_of(element) or ""
        if name == "back":
            self.leave()
            return
        if name not in self.values:
            return
        key, value = self.values[name]
        self.apply(key, value)

    def apply(self, key: str, value: Any) -> None:
        """Change one setting now."""
        s = self.app.settings
        if key == "settings.language":
            self.app.set_language(value)
            return  # every scene (this one included) rebuilt its texts
        if key == "settings.window":
            s.window_size = value
            if not s.fullscreen:
                self.app.set_window_size(value)
                return
        elif key == "settings.fullscreen":
            if bool(value) != bool(s.fullscreen):
                self.app.toggle_fullscreen()
                return
        elif key == "settings.sand_timer":
            s.sand_timer_s = int(value)
        elif key == "settings.animation":
            s.animation_speed = float(value)
        elif key == "settings.designer":
            s.designer_mode = bool(value)
        self.rebuild()

    def leave(self) -> None:
        """Save the settings and go back."""
        try:
            self.app.settings.save()
        except Exception:
            self.app.log_exception("settings.save")
            self.app.toast(self.tr("settings.save_failed"), "error")
        self.stack.pop()

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            self.leave()
            return True
        return False

    def draw_scene(self, surface: pygame.Surface) -> None:
        super().draw_scene(surface)
        w, h = surface.get_size()
        width = min(900, w - 120)
        ui.panel(surface, getattr(self, "frame", pygame.Rect((w - width) // 2 - 24, 130, width + 48, h - 250)), 140)
        x, room = (w - width) // 2 + 224, width - 224
        ui.text(surface, self.tr("settings.log"), (x, h - 90), 15, ui.PARCHMENT_DIM)
        ui.text(surface, ui.middle_cut(str(self.app.log_file()), room, 15), (x, h - 66), 15, ui.PARCHMENT)
