"""The Lab screen (designer mode): simulate many bot games of a game, on the current content or a
folder, optionally A/B against a second folder; the run is a background process (game.labjob.LabJob)
with a progress bar, the time left and Cancel; when done, the headline verdict, the charts and a
button that opens the report folder.

Nothing here computes statistics: the screen builds a `LabRequest`, shows the job's messages and
the PNG charts the job wrote (game/labreport.py), drawn for the room the results panel had then.
When that room changes (the window grew or shrank, or the report was made at another size), the
chart shown is scaled at once and drawn again for the new room from the kept `report.json` once
the window has rested REDRAW_S (one chart, once per size: never every frame).
"""

from __future__ import annotations

import json
import shutil
import time
from datetime import datetime
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game import catalog
from scenes import ui
from scenes.base import UIScene, oid

GAME_COUNTS = (20, 100, 200, 500, 1000)
CHARTS = ("ab", "win_rates", "lengths", "history", "entries")
MAX_SEATS = 4
REDRAW_S = 0.3  # the window rests this long before a chart is drawn again for its new room


class LabScene(UIScene):
    """Choose, run, watch, read."""

    title_key = "lab.title"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        import rules

        self.games = [g for g in rules.IMPLEMENTED if catalog.available(g)]
        self.game_id = self.games[0] if self.games else ""
        self.folder_a = ""
        self.folder_b = ""
        self.count = 200
        self.rotate = True
        self.seats: list[str] = []
        self.job: Any = None
        self.state = "idle"  # idle, running, done, cancelled, error
        self.progress = (0, 0)
        self.started = 0.0
        self.result: dict[str, Any] = {}
        self.message = ""
        self.chart = ""
        self._chart_cache: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}
        self._drawn_for: dict[str, tuple[int, int]] = {}  # the room each chart was last drawn again for
        self._redraw: tuple[str, tuple[int, int]] | None = None  # a chart to draw again for a room
        self._redraw_at = 0.0  # when (time.monotonic)
        self.entries: dict[str, Any] = {}
        self._reset_seats()
        self._recall()

    #: What the Lab keeps while the app runs (`App.lab_memory`): the choices and the last report.
    REMEMBERED = ("game_id", "folder_a", "folder_b", "count", "rotate", "seats", "state", "result", "chart")

    def _recall(self) -> None:
        """Open as it was left in this session (the game, the choices, the last report shown), or
        on the game last chosen in an earlier session (the settings' `lab_game`)."""
        memory = getattr(self.app, "lab_memory", None)
        if isinstance(memory, dict) and memory.get("game_id") in self.games:
            for name in self.REMEMBERED:
                if name in memory:
                    setattr(self, name, memory[name])
            self.seats = list(self.seats)
            if self.state == "done" and not Path(self.result.get("folder", "")).is_dir():
                self.state, self.result, self.chart = "idle", {}, ""  # the report's folder went
            return
        remembered = getattr(self.app.settings, "lab_game", "")
        if remembered in self.games and remembered != self.game_id:
            self.game_id = remembered
            self._reset_seats()

    def _remember(self) -> None:
        """Keep the choices and the last finished report for the next time the Lab opens."""
        self._read_entries()
        memory = {name: getattr(self, name) for name in self.REMEMBERED}
        memory["seats"] = list(self.seats)
        if self.state not in ("idle", "done"):  # a run under way stops with the screen; a refusal is stale
            memory.update(state="idle", result={}, chart="")
        self.app.lab_memory = memory

    # -- choices ----------------------------------------------------------------------------------

    def engine(self) -> Any:
        import rules

        return rules.engine(self.game_id)

    def _reset_seats(self) -> None:
        if not self.game_id:
            return
        engine = self.engine()
        n = max(engine.seats.start, min(3, engine.seats.stop - 1))
        strongest = engine.bots[-1]
        self.seats = [strongest] + [engine.bots[0]] * (n - 1)

    def request(self) -> Any:
        """The `LabRequest` of the current choices."""
        from game.lab import LabRequest, content_root
        from game.simulate import Plan

        a = self.folder_a.strip() or (str(self.app.content_root) if self.app.content_root else None)
        b = self.folder_b.strip() or None
        plan = Plan(engine=self.game_id, seats=tuple(self.seats), games=self.count, seed=1,
                    rotate=self.rotate, content_root=content_root(self.game_id, a))
        return LabRequest(plan, against=content_root(self.game_id, b), names=(a, b))

    # -- widgets ----------------------------------------------------------------------------------

    def form_rect(self) -> pygame.Rect:
        w, h = self.app.size
        width = min(560, max(470, int(w * 0.44)))
        return pygame.Rect(36, 126, width, h - 126 - 20)

    def result_rect(self) -> pygame.Rect:
        w, h = self.app.size
        form = self.form_rect()
        return pygame.Rect(form.right + 20, 126, w - form.right - 20 - 36, h - 126 - 20)

    def message_anchor(self, size: tuple[int, int]) -> tuple[int, int, int]:
        """Messages (the report folder opened, a copy made) in the results panel, above its
        bottom button: at the top of the window they covered the screen's title."""
        area = self.result_rect()
        return area.centerx, area.bottom - 150, area.width - 40

    def rows(self) -> dict[str, pygame.Rect]:
        """Where each labelled row of the form is: its label on top, its controls under it."""
        form = self.form_rect()
        x, width = form.left + 16, form.width - 32
        out, y = {}, form.top + 10
        for name, height in (("game", 40), ("content_a", 38), ("content_b", 38 + 44), ("bots", 40),
                             ("rotate", 40), ("games", 40)):
            out[name] = pygame.Rect(x, y, width, 24 + height)
            y += 24 + height + 10
        return out

    def build(self) -> None:
        self._read_entries()
        form, rows = self.form_rect(), self.rows()
        running = self.state == "running"
        row = rows["game"]
        x, y, inner = row.left, row.top + 24, row.width
        bw = (inner - 8 * (len(self.games) - 1)) // max(1, len(self.games))
        labels = [self._game_label(g, bw) for g in self.games]
        fits = all(f for _label, f in labels)  # one size for every chip: the smaller if one needs it
        for i, (g, (title, _f)) in enumerate(zip(self.games, labels)):
            self.button(f"game_{g}", (x + i * (bw + 8), y, bw, 40), title,
                        ("@selected" if fits else "@selected_small") if g == self.game_id
                        else "@choice" if fits else "@small",
                        enabled=not running, tooltip=self.tr(f"game.{g}.title"))
        y = rows["content_a"].top + 24
        self.entries["a"] = self._entry("a", (x, y, inner, 38), self.folder_a,
                                        self.tr("lab.screen.current_content"), running)
        y = rows["content_b"].top + 24
        self.entries["b"] = self._entry("b", (x, y, inner, 38), self.folder_b,
                                        self.tr("lab.screen.no_ab"), running)
        self.button("copy", (x, y + 44, inner, 36), self.tr("lab.screen.copy"), "@small",
                    enabled=not running and bool(self.game_id),
                    tooltip=self.tr("lab.screen.copy.tip"))
        y = rows["bots"].top + 24
        engine = self.engine() if self.game_id else None
        sw = (inner - 2 * 48 - 8 * len(self.seats)) // max(1, len(self.seats))
        for i, bot in enumerate(self.seats):
            self.button(f"seat_{i}", (x + i * (sw + 8), y, sw, 40), self._bot_name(bot), "@choice",
                        enabled=not running and engine is not None and len(engine.bots) > 1,
                        tooltip=self.tr("lab.seat", n=i + 1))
        sx = x + len(self.seats) * (sw + 8)
        top = min(MAX_SEATS, engine.seats.stop - 1) if engine else 0
        self.button("fewer", (sx, y, 44, 40), "−", "@choice",
                    enabled=not running and engine is not None and len(self.seats) > engine.seats.start)
        self.button("more", (sx + 52, y, 44, 40), "+", "@choice", enabled=not running and len(self.seats) < top)
        y = rows["rotate"].top + 24
        half = (inner - 8) // 2
        self.button("rotate_on", (x, y, half, 40), self.tr("common.yes"),
                    "@selected" if self.rotate else "@choice", enabled=not running)
        self.button("rotate_off", (x + half + 8, y, half, 40), self.tr("common.no"),
                    "@selected" if not self.rotate else "@choice", enabled=not running)
        y = rows["games"].top + 24
        cw = (inner - 8 * (len(GAME_COUNTS) - 1)) // len(GAME_COUNTS)
        for i, n in enumerate(GAME_COUNTS):
            self.button(f"count_{n}", (x + i * (cw + 8), y, cw, 40), str(n),
                        "@selected" if n == self.count else "@choice", enabled=not running)
        bottom = form.bottom - 64
        self.button("back", (x, bottom, 150, 50), self.tr("common.back"), enabled=not running)
        if running:
            self.button("cancel", (x + inner - 220, bottom, 220, 54), self.tr("lab.screen.cancel"), "@danger")
        else:
            self.button("run", (x + inner - 220, bottom, 220, 54), self.tr("lab.screen.run"), "@primary",
                        enabled=bool(self.game_id))
        self._result_buttons()

    def _game_label(self, game_id: str, width: int) -> tuple[str, bool]:
        """The game's chip label and whether it fits at the usual size: its short name when it has
        one, else its title; on a narrow window the first of those and its tag (`game.<id>.tag`,
        one word) that fits the smaller size; cut only when even the tag does not."""
        names = [self.tr(k) for k in (f"game.{game_id}.short", f"game.{game_id}.title", f"game.{game_id}.tag")
                 if self.app.strings.has(k)]
        if ui.font(18).size(names[0])[0] + 24 <= width:
            return names[0], True
        for name in names:
            if ui.font(16).size(name)[0] + 10 <= width:
                return name, False
        return ui.fit(names[-1], width - 10, 16), False

    def _result_buttons(self) -> None:
        area = self.result_rect()
        if self.state != "done":
            return
        names = [c for c in CHARTS if (Path(self.result["folder"]) / f"{c}.png").exists()]
        tw = min(150, (area.width - 32 - 6 * (len(names) - 1)) // max(1, len(names)))
        texts = [self.tr(f"lab.screen.chart.{name}") for name in names]
        fits = all(ui.font(18, True).size(t)[0] + 16 <= tw for t in texts)  # else all tabs in the small style
        for i, (name, text) in enumerate(zip(names, texts)):
            style = ("@selected" if fits else "@selected_small") if name == self.chart else ("@choice" if fits else "@small")
            self.button(f"chart_{name}", (area.left + 16 + i * (tw + 6), area.top + 118, tw, 34), text, style)
        text = self.tr("lab.screen.open")
        width = min(area.width - 32, ui.font(20).size(text)[0] + 48)  # the button font, with room
        self.button("open", (area.right - 16 - width, area.bottom - 54, width, 44), text)

    def _entry(self, name: str, rect: tuple[int, int, int, int], value: str, placeholder: str,
               running: bool) -> Any:
        entry = self.hint(pygame_gui.elements.UITextEntryLine(pygame.Rect(rect), self.ui,
                                                              object_id=oid(None, f"#folder_{name}")), placeholder)
        entry.set_text(value)
        if running:
            entry.disable()
        return entry

    def _read_entries(self) -> None:
        """Keep what was typed in the folder boxes across a rebuild."""
        if "a" in self.entries:
            self.folder_a = self.entries["a"].get_text()
        if "b" in self.entries:
            self.folder_b = self.entries["b"].get_text()
        self.entries = {}

    def _bot_name(self, bot: str) -> str:
        key = f"bot.{bot}"
        return self.tr(key) if self.app.strings.has(key) else bot

    # -- actions ----------------------------------------------------------------------------------

    def on_button(self, element: Any) -> None:
        name = self.name_of(element) or ""
        if self.state == "error" and name not in ("run", "back"):  # the settings changed: the refusal
            self.state, self.message = "idle", ""                 # of the old ones would be stale
        if name.startswith("game_"):
            self.game_id = name[5:]
            self._reset_seats()
            self.app.settings.lab_game = self.game_id  # saved with the other settings
        elif name.startswith("seat_"):
            bots = list(self.engine().bots)
            i = int(name[5:])
            self.seats[i] = bots[(bots.index(self.seats[i]) + 1) % len(bots)]
        elif name == "fewer":
            self.seats.pop()
        elif name == "more":
            self.seats.append(self.engine().bots[0])
        elif name in ("rotate_on", "rotate_off"):
            self.rotate = name == "rotate_on"
        elif name.startswith("count_"):
            self.count = int(name[6:])
        elif name.startswith("chart_"):
            self.chart = name[6:]
        elif name == "copy":
            self.copy_content()
        elif name == "run":
            self.start()
        elif name == "cancel":
            self.cancel()
        elif name == "open":
            self.open_folder()
        elif name == "back":
            self.stack.pop()
            return
        self.rebuild()

    def copy_content(self) -> None:
        """Copy the game's content A into a new folder of the lab and use it as B."""
        from game.content import content_dir
        from game.lab import content_root
        from game.labjob import lab_dir

        self._read_entries()
        a = self.folder_a.strip() or (str(self.app.content_root) if self.app.content_root else None)
        source = content_dir(self.game_id, content_root(self.game_id, a))
        n = 1
        while (lab_dir() / "variants" / f"{self.game_id}-{n}").exists():
            n += 1
        target = lab_dir() / "variants" / f"{self.game_id}-{n}"
        try:
            shutil.copytree(source, target)
        except OSError as exc:
            self.app.toast(self.tr("lab.screen.copy_failed", error=str(exc)[:120]), "error")
            return
        self.folder_b = str(target)
        self.entries = {}
        self.app.toast(self.tr("lab.screen.copied", path=str(target)), "ok")

    def start(self) -> None:
        """Check both contents, then start the background run."""
        from game.content import ContentError, load, problem_lines
        from game.labjob import LabJob, lab_dir

        self._read_entries()
        try:
            request = self.request()
            sides = [("A", request.plan.content_root, request.names[0])]
            if request.against:
                sides.append(("B", request.against, request.names[1]))
            for side, root, named in sides:  # each content read before any game: its problems, located
                try:
                    load(self.game_id, root)
                except ContentError as exc:
                    folder = named or root or self.tr("lab.screen.current_content")
                    self.state = "error"
                    self.message = "\n".join(
                        [self.tr("lab.screen.content_problems", side=side, folder=folder, n=len(exc.problems))]
                        + problem_lines(exc.problems, self.app.strings))
                    self.invalidate()
                    return
        except ContentError as exc:  # (the request itself reads no content: a safety net)
            self.state, self.message = "error", str(exc).splitlines()[0][:300]
            return
        except OSError as exc:
            self.state, self.message = "error", str(exc)[:300]
            return
        folder = lab_dir() / f"{self.game_id}-{datetime.now().strftime('%Y%m%d-%H%M%S')}"
        self.job = LabJob(request, folder, self.app.strings.lang, self.chart_box())
        self.state, self.progress, self.started = "running", (0, self.count * (2 if request.against else 1)), time.monotonic()
        self.result, self.chart, self.message = {}, "", ""
        self.wake_after = 0.1
        self.rebuild()

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.message = self.tr("lab.screen.cancelling")
            self.invalidate()

    def open_folder(self) -> None:
        """Open the report folder in the system's file manager (or say where it is)."""
        from game import bundle

        folder = self.result.get("folder", "")
        opened = bool(folder) and bundle.open_folder(Path(folder))  # the menu's opener, OS-neutral
        self.app.toast(self.tr("lab.screen.opened", path=folder), "ok" if opened else "info")

    # -- loop ------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        self._redraw_when_due()
        if self.job is None:
            return
        for message in self.job.poll():
            self._receive(message)
        if self.job is not None and not self.job.finished:
            self.wake_after = 0.1

    def _receive(self, message: tuple[Any, ...]) -> None:
        kind = message[0]
        if kind == "progress":
            self.progress = (message[1], message[2])
            self.invalidate()
            return
        self.job = None
        if kind == "done":
            self.state, self.result = "done", message[1]
            self.chart = next((c for c in CHARTS if (Path(self.result["folder"]) / f"{c}.png").exists()), "")
        elif kind == "cancelled":
            self.state, self.message = "cancelled", self.tr("lab.screen.cancelled")
        else:
            self.state, self.message = "error", self.tr("lab.screen.failed", error=message[1])
        self.rebuild()

    def exit(self) -> None:
        self._remember()
        if self.job is not None:
            self.job.stop()
            self.job = None
        super().exit()

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE and self.state == "running":
            self.cancel()
            return True
        return super().handle_key(event)

    # -- drawing ---------------------------------------------------------------------------------

    def draw_scene(self, surface: pygame.Surface) -> None:
        super().draw_scene(surface)
        ui.panel(surface, self.form_rect(), 200)
        for name, row in self.rows().items():
            ui.text(surface, self.tr(f"lab.screen.{name}"), row.topleft, 17, ui.GOLD, bold=True)
        area = self.result_rect()
        ui.panel(surface, area, 200)
        x, width = area.left + 16, area.width - 32
        if self.state == "idle":
            ui.text_block(surface, self.tr("lab.screen.intro"), pygame.Rect(x, area.top + 16, width, 200), 17,
                          ui.PARCHMENT_DIM)
        elif self.state == "running":
            self._draw_progress(surface, pygame.Rect(x, area.top + 24, width, 28))
        elif self.state == "done":
            self._draw_done(surface, area)
        if self.message:
            colour = ui.RED if self.state == "error" else ui.PARCHMENT_DIM
            ui.text_block(surface, self.message, pygame.Rect(x, area.top + 100, width, area.height - 120), 17, colour,
                          min_size=13)  # a long list of problems: smaller, never cut unseen

    def _draw_progress(self, surface: pygame.Surface, bar: pygame.Rect) -> None:
        done, total = self.progress
        pygame.draw.rect(surface, ui.INK, bar, border_radius=6)
        if total:
            fill = bar.copy()
            fill.width = max(0, int(bar.width * done / total))
            pygame.draw.rect(surface, ui.GOLD, fill, border_radius=6)
        pygame.draw.rect(surface, ui.GOLD_DARK, bar, 1, border_radius=6)
        text = self.tr("lab.screen.progress", done=done, total=total)
        elapsed = time.monotonic() - self.started
        if done and total:
            left = int(elapsed * (total - done) / done)
            text += " · " + self.tr("lab.screen.left", time=f"{left // 60}:{left % 60:02d}")
        ui.text(surface, text, (bar.left, bar.bottom + 12), 17, ui.PARCHMENT)

    def chart_box(self) -> tuple[int, int]:
        """The room for a chart in the results panel (between the tabs and the bottom button):
        the job draws the screen's charts that size, so they fill it at their own text size."""
        area = self.result_rect()
        return area.width - 32, area.height - 118 - 34 - 12 - 64

    def _draw_done(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        x, width = area.left + 16, area.width - 32
        headline = self.result["headline"].get(self.app.strings.lang) or ""
        ui.text_block(surface, headline, pygame.Rect(x, area.top + 10, width, 104), 19, ui.GOLD, bold=True,
                      min_size=14)  # a long verdict (seats and bots): smaller, five lines, never cut unseen
        image = self._chart_image(self.chart_box())
        if image is None:
            return
        rect = surface.blit(image, image.get_rect(midtop=(area.centerx, area.top + 118 + 34 + 10)))
        y, bottom = rect.bottom + 12, area.bottom - 64
        for line in self.result.get("lines", {}).get(self.app.strings.lang, []):
            if y + 40 > bottom:
                break
            # the last line that shows ends with "…" when it is cut, instead of stopping mid-sentence
            y += ui.text_block(surface, line, pygame.Rect(x, y, width, bottom - y), 15, ui.PARCHMENT_DIM,
                               min_size=15) + 6

    def _chart_image(self, size: tuple[int, int]) -> pygame.Surface | None:
        """The chart shown, fitted to `size` (cached per size): the screen's PNG as drawn, or scaled
        (up too) when it was drawn for another room, until it is drawn again for this one."""
        if not self.chart or size[0] < 50 or size[1] < 50:
            return None
        key = (self.chart, size)
        if key not in self._chart_cache:
            folder = Path(self.result["folder"])
            shown = folder / "screen" / f"{self.chart}.png"  # drawn for this screen (game/labreport.py)
            try:
                img = pygame.image.load(str(shown if shown.exists() else folder / f"{self.chart}.png")).convert()
            except (pygame.error, OSError, FileNotFoundError):
                return None
            if img.get_size() != size and self._drawn_for.get(self.chart) != size \
                    and (folder / "report.json").exists():
                self._redraw, self._redraw_at = key, time.monotonic() + REDRAW_S
                self.wake_after = REDRAW_S
            scale = min(size[0] / img.get_width(), size[1] / img.get_height())
            target = (max(1, int(img.get_width() * scale)), max(1, int(img.get_height() * scale)))
            self._chart_cache = {k: v for k, v in self._chart_cache.items() if k[1] == size}  # other sizes go
            self._chart_cache[key] = img if target == img.get_size() else pygame.transform.smoothscale(img, target)
        return self._chart_cache[key]

    def _redraw_when_due(self) -> None:
        """Draw the chart shown again for the panel's room, once the window has rested."""
        due = self._redraw
        if due is None:
            return
        left = self._redraw_at - time.monotonic()
        if left > 0:
            self.wake_after = left if self.wake_after is None else min(self.wake_after, left)
            return
        self._redraw = None
        chart, size = due
        if self.state != "done" or (chart, size) != (self.chart, self.chart_box()):
            return  # the room changed again meanwhile: the next draw asks anew
        self._drawn_for[chart] = size  # once per size, drawn or not
        folder = Path(self.result["folder"])
        try:
            from game.labreport import SCREEN_SCALE, draw_charts

            doc = json.loads((folder / "report.json").read_text(encoding="utf-8"))
            (folder / "screen").mkdir(exist_ok=True)
            draw_charts(doc, folder / "screen", self.app.strings, SCREEN_SCALE, size, only=chart)
        except Exception:  # a report that cannot be read again: the scaled chart stays
            self.app.log_exception("lab.redraw_chart")
            return
        self._chart_cache = {k: v for k, v in self._chart_cache.items() if k[0] != chart}
        self.invalidate()
