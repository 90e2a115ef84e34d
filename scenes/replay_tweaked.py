"""Replay a save on a content folder (designer mode, from the load screen): into a new save, the
original untouched, with where and why the game diverged (game/replay_tweaked.py)."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from scenes import ui
from scenes.base import UIScene, oid


class ReplayScene(UIScene):
    """Choose a folder, replay, read the report, open the new save."""

    title_key = "lab.replay.title"

    def __init__(self, app: Any, entry: Any) -> None:
        super().__init__(app)
        self.entry = entry
        self.folder = ""
        self.folder_entry: Any = None
        self.report: dict[str, Any] | None = None
        self.text = ""
        self.error = ""

    def area(self) -> pygame.Rect:
        w, h = self.app.size
        width = min(960, w - 80)
        return pygame.Rect((w - width) // 2, 126, width, h - 126 - 100)

    def build(self) -> None:
        if self.folder_entry is not None:
            self.folder = self.folder_entry.get_text()
        area = self.area()
        x, width = area.left + 20, area.width - 40
        self.folder_entry = self.hint(pygame_gui.elements.UITextEntryLine(
            pygame.Rect(x, area.top + 76, width - 180, 40), self.ui, object_id=oid(None, "#replay_folder")),
            self.tr("lab.replay.folder_hint"))
        self.folder_entry.set_text(self.folder)
        self.button("replay", (x + width - 164, area.top + 74, 164, 44), self.tr("lab.replay.run"), "@primary")
        h = self.app.size[1]
        self.button("back", (area.left, h - 84, 180, 50), self.tr("common.back"))
        if self.report is not None:
            self.button("open", (area.right - 280, h - 84, 280, 52), self.tr("lab.replay.open"), "@primary")

    def on_button(self, element: Any) -> None:
        name = self.name_of(element)
        if name == "back":
            self.stack.pop()
        elif name == "replay":
            self.run()
        elif name == "open" and self.report is not None:
            self.open_new()

    def open_new(self) -> None:
        """Open the replayed game on the folder's content (the app's own content may differ)."""
        from game.session import Session
        from scenes import saves_bridge

        try:
            store = saves_bridge.store(self.app)
            save = store.read(self.report["new"])
            session = Session.from_save(save, self.engine, self.content, self.digest, store=store,
                                        save_name=self.report["new"])
        except Exception as exc:
            self.app.log_exception("replay.open")
            self.error = self.app.strings.render(exc.to_json()) if hasattr(exc, "to_json") else str(exc)[:300]
            self.rebuild()
            return
        saves_bridge.open_table(self.app, session)

    def run(self) -> None:
        """Replay the save on the chosen folder (a few hundred actions: quick enough to wait for)."""
        import rules
        from game import content as loader
        from game.lab import content_root
        from game.replay_tweaked import describe, replay_on_content
        from scenes import saves_bridge

        folder = self.folder_entry.get_text().strip()
        if self.report is not None and folder == self.folder:  # pressed again: no second, identical save
            self.app.toast(self.tr("lab.replay.already", name=self.report["new"]))
            return
        self.folder = folder
        self.report, self.text, self.error = None, "", ""
        try:
            store = saves_bridge.store(self.app)
            save = store.read(self.entry.name)
            game_id = save["game"]
            root = content_root(game_id, self.folder or None) if self.folder else self.app.content_root
            content, digest = loader.load(game_id, root), loader.digest(game_id, root)
            original = None
            for candidate in (self.app.content_root, None, root):
                if loader.digest(game_id, candidate) == save["content_digest"]:
                    original = loader.load(game_id, candidate)
                    break
            engine = rules.engine(game_id)
            self.report = replay_on_content(save, self.entry.name, engine, content, digest, store, original,
                                            folder=self.folder or None)
            self.engine, self.content, self.digest = engine, content, digest
            self.text = describe(self.report, self.app.strings, [s["name"] for s in save["seats"]])
        except loader.ContentError as exc:  # the folder is missing or broken: its problems, located
            self.error = "\n".join([self.tr("lab.replay.folder_problems", n=len(exc.problems))]
                                   + loader.problem_lines(exc.problems, self.app.strings))
        except Exception as exc:  # a save error or an engine problem: a message, never a traceback
            self.app.log_exception("replay")
            self.error = self.app.strings.render(exc.to_json()) if hasattr(exc, "to_json") else str(exc)[:300]
        self.rebuild()

    def draw_scene(self, surface: pygame.Surface) -> None:
        super().draw_scene(surface)
        area = self.area()
        ui.panel(surface, area, 200)
        x, width = area.left + 20, area.width - 40
        ui.text(surface, self.tr("lab.replay.save", name=self.entry.name), (x, area.top + 14), 19, ui.GOLD, bold=True)
        ui.text(surface, self.tr("lab.replay.folder"), (x, area.top + 48), 16, ui.PARCHMENT_DIM)
        body = pygame.Rect(x, area.top + 136, width, area.bottom - area.top - 150)
        if self.error:
            ui.text_block(surface, self.error, body, 16, ui.RED)
            return
        if not self.text:
            ui.text_block(surface, self.tr("lab.replay.intro"), body, 17, ui.PARCHMENT_DIM)
            return
        y = body.top
        for i, line in enumerate(self.text.splitlines()):
            # the diverging action's lines: − / + as they differ, those both games share dimmed
            colour = ui.GOLD if i == 0 else ui.RED if line.startswith("  −") else ui.GREEN if line.startswith("  +") \
                else ui.PARCHMENT_DIM if line.startswith("    ") else ui.PARCHMENT
            indent = 16 if line.startswith(" ") else 0
            y += ui.text_block(surface, line.strip(), pygame.Rect(x + indent, y, width - indent, body.bottom - y), 16,
                               colour) + 4
            if y > body.bottom - 20:
                break
