"""The rules reference: one tab per game, a scrollable text in the chosen language.

The text is the catalog key `<id>.rules.text` when the game's strings define it (its own file,
game/strings/<id>.yaml), else the short summary `help.<id>.summary` from core.yaml.
"""

from __future__ import annotations

import html
import re
from typing import Any

import pygame
import pygame_gui

from game import catalog
from scenes.base import UIScene, oid


def rules_text(app: Any, game_id: str) -> str:
    """The rules text of a game in the current language."""
    key = f"{game_id}.rules.text"
    try:
        if app.strings.has(key):
            return app.tr(key)
    except Exception:  # a broken game catalog must not hide the summary
        app.log_exception("rules.text")
    return app.tr(f"help.{game_id}.summary")


_HEAD = re.compile(r"^([A-ZÀ-ÖØ-Þ0-9][A-ZÀ-ÖØ-Þ0-9 '’()./-]+ (?:—|:|-))")


def to_html(text: str) -> str:
    """Plain catalog text to pygame-gui's HTML subset: headings ("GOAL —", "SETUP:", or a line
    ending with ':') in bold, with a blank line before each heading but the first."""
    out: list[str] = []
    for line in text.strip().split("\n"):
        raw = line.rstrip()
        head = _HEAD.match(raw)
        if raw.endswith(":") and not raw.startswith((" ", "•", "-")):
            safe, heading = f"<b>{html.escape(raw)}</b>", True
        elif head:
            cut = head.end()
            safe, heading = f"<b>{html.escape(raw[:cut])}</b>{html.escape(raw[cut:])}", True
        else:
            safe, heading = html.escape(raw), False
        if heading and out:
            out.append("")
        out.append(safe)
    return "<br>".join(out)


class RulesScene(UIScene):
    """Read a game's rules."""

    title_key = "rules.title"

    def __init__(self, app: Any, game_id: str | None = None) -> None:
        super().__init__(app)
        self.shown = game_id or catalog.GAMES[0].id
        self.box: Any = None

    def build(self) -> None:
        w, h = self.app.size
        width = min(1000, w - 120)
        x = (w - width) // 2
        tab_w = (width - 4 * 8) // 5
        for i, info in enumerate(catalog.GAMES):
            cls = "@selected" if info.id == self.shown else "@choice"
            short = f"game.{info.id}.short"
            label = self.tr(short) if self.app.strings.has(short) else self.tr(info.title_key)
            self.button(f"tab_{info.id}", (x + i * (tab_w + 8), 128, tab_w, 42), label, cls)
        self.box = pygame_gui.elements.UITextBox(to_html(rules_text(self.app, self.shown)),
                                                 pygame.Rect(x, 184, width, h - 300), self.ui,
                                                 object_id=oid(None, "#rules_text"))
        self.button("back", (x, h - 90, 200, 50), self.tr("common.back"))

    def on_button(self, element: Any) -> None:
        name = self.name_of(element) or ""
        if name == "back":
            self.stack.pop()
        elif name.startswith("tab_"):
            self.shown = name[4:]
            self.rebuild()
