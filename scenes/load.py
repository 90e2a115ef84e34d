"""The load screen: every save (game, seats, turn and action count, date), damaged ones listed with
the reason; load or delete the selected one. Rows are drawn by hand; when they do not all fit they
scroll with the wheel, the scrollbar, and the keys that move the selection (Up/Down, Page Up/Down,
Home/End: the selected row is always shown); Enter loads the selected save."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pygame

from game import catalog
from scenes import ui
from scenes.base import UIScene

ROW_H = 78        # one save's row on the load screen
GEN_H = 46        # one version's row (fixed: many versions scroll, they never shrink)
BAR_W = ui.ScrollBar.WIDTH  # the scrollbar, right of the rows when they do not all fit


class LoadScene(UIScene):
    """Pick a saved game."""

    title_key = "load.title"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.items: list[Any] = []
        self.selected: int | None = None
        self.scroll = 0                      # pixels of the list scrolled past
        self.bar = ui.ScrollBar()
        self.confirm_delete = False
        self.last_click_ms = -10_000

    def enter(self) -> None:
        self.refresh()
        super().enter()

    def resume(self) -> None:
        """Back from a screen above (a replay wrote a new save, versions were restored): the list
        as it is now, the same save still selected."""
        chosen = self.current()
        self.refresh()
        if chosen is not None:
            self.selected = next((i for i, e in enumerate(self.items) if e.name == chosen.name), self.selected)
        self.rebuild()
        super().resume()

    def refresh(self) -> None:
        from scenes import saves_bridge

        self.items = saves_bridge.entries(self.app)
        if self.selected is not None and self.selected >= len(self.items):
            self.selected = len(self.items) - 1 if self.items else None
        self.confirm_delete = False

    def list_rect(self) -> pygame.Rect:
        w, h = self.app.size
        width = min(1000, w - 120)
        return pygame.Rect((w - width) // 2, 130, width, h - 250)

    def build(self) -> None:
        w, h = self.app.size
        area = self.list_rect()
        chosen = self.current()
        ok = chosen is not None and (not chosen.corrupt or chosen.prev_ok)
        designer = getattr(self.app.settings, "designer_mode", False)
        row = ["back", "history"] + (["replay"] if designer else []) + ["delete", "load"]
        gap = 16  # one row of equal buttons across the list's width (five in designer mode)
        width = min(240, (area.width - gap * (len(row) - 1)) // len(row))
        step = (area.width - width) / (len(row) - 1)
        at = {name: (round(area.left + i * step), h - 90, width, 50) for i, name in enumerate(row)}
        self.button("back", at["back"], self.tr("common.back"))
        self.button("history", at["history"], self.tr("load.history"), enabled=chosen is not None)
        if designer:  # replay on tweaked content (scenes/replay_tweaked.py)
            self.button("replay", at["replay"], self.tr("lab.replay.button"),
                        enabled=chosen is not None and not chosen.corrupt)
        delete_text = self.tr("load.confirm_delete" if self.confirm_delete else "load.delete")
        self.button("delete", at["delete"], delete_text, "@danger", enabled=chosen is not None)
        x, y, bw, bh = at["load"]
        self.button("load", (x, y - 2, bw, bh + 4), self.tr("load.load"), "@primary", enabled=ok)
        self.message_area = area  # messages rise from the list's foot, clear of the title and buttons

    def current(self) -> Any:
        if self.selected is None or not (0 <= self.selected < len(self.items)):
            return None
        return self.items[self.selected]

    def on_button(self, element: Any) -> None:
        from scenes import saves_bridge

        name = self.name_of(element)
        if name == "back":
            self.stack.pop()
        elif name == "history" and self.current() is not None:
            self.stack.push(GenerationsOverlay(self.app, self, self.current().name))
        elif name == "load" and self.current() is not None:
            saves_bridge.resume(self.app, self.current())
        elif name == "replay" and self.current() is not None:
            from scenes.replay_tweaked import ReplayScene

            self.stack.push(ReplayScene(self.app, self.current()))
        elif name == "delete" and self.current() is not None:
            if not self.confirm_delete:
                self.confirm_delete = True
            else:
                saves_bridge.delete(self.app, self.current())
                self.refresh()
            self.rebuild()

    def handle(self, event: pygame.event.Event) -> bool:
        area = self.rows_rect()
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.scroll - int(event.y) * 40 * (-1 if getattr(event, "flipped", False) else 1))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.scrollable():
            scroll = self.bar.press(event.pos, self.bar_rect(), self.scroll, self.max_scroll(), area.height,
                                    self.content_height(), area.height - ROW_H)
            if scroll is not None:
                self.scroll_to(scroll)
                return True
        if event.type == pygame.MOUSEMOTION and self.bar.grab is not None:
            self.scroll_to(self.bar.drag(event.pos[1], self.bar_rect(), self.max_scroll(), area.height,
                                         self.content_height()))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.bar.grab is not None:
            self.bar.grab = None
            self.invalidate()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and area.collidepoint(event.pos):
            index = (event.pos[1] - area.top - 8 + self.scroll) // ROW_H
            if 0 <= index < len(self.items):
                now = pygame.time.get_ticks()
                double = self.selected == index and now - self.last_click_ms < 450
                self.last_click_ms = now
                entry = self.items[int(index)]
                if double and (not entry.corrupt or entry.prev_ok):
                    from scenes import saves_bridge

                    saves_bridge.resume(self.app, entry)
                    return True
                self.selected = int(index)
                self.confirm_delete = False
                self.rebuild()
            return True
        if event.type == pygame.KEYDOWN and self.items and self._key(event.key):
            return True
        return super().handle(event)

    def _key(self, key: int) -> bool:
        """Up/Down, Page Up/Down, Home/End move the selection (the first key selects the first
        save), and the list scrolls to show it; Enter loads it."""
        current = self.selected if self.selected is not None else -1
        page = max(1, self.rows_rect().height // ROW_H - 1)
        moves = {pygame.K_DOWN: current + 1, pygame.K_UP: current - 1, pygame.K_PAGEDOWN: current + page,
                 pygame.K_PAGEUP: current - page, pygame.K_HOME: 0, pygame.K_END: len(self.items) - 1}
        if key in moves:
            self.selected = max(0, min(len(self.items) - 1, moves[key]))
            self.confirm_delete = False
            self.show(self.selected)
            self.rebuild()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.buttons.get("load") is not None \
                and self.buttons["load"].is_enabled:
            self.on_button(self.buttons["load"])
            return True
        return False

    # -- scrolling -----------------------------------------------------------------------------------

    def content_height(self) -> int:
        return len(self.items) * ROW_H + 16

    def scrollable(self) -> bool:
        return self.content_height() > self.list_rect().height

    def rows_rect(self) -> pygame.Rect:
        """Where the rows are drawn: the list, less the scrollbar on its right when they scroll."""
        area = self.list_rect()
        return area if not self.scrollable() else pygame.Rect(area.left, area.top, area.width - BAR_W - 10, area.height)

    def bar_rect(self) -> pygame.Rect:
        area = self.list_rect()
        return pygame.Rect(area.right - BAR_W - 4, area.top + 8, BAR_W, area.height - 16)

    def max_scroll(self) -> int:
        return max(0, self.content_height() - self.list_rect().height)

    def scroll_to(self, scroll: int) -> None:
        self.scroll = max(0, min(int(scroll), self.max_scroll()))
        self.invalidate()

    def show(self, index: int) -> None:
        """Scroll so that row `index` is wholly shown."""
        top, height = 8 + index * ROW_H, self.list_rect().height
        if top - 8 < self.scroll:
            self.scroll_to(top - 8)
        elif top + ROW_H > self.scroll + height:  # (the last row: to the list's end)
            self.scroll_to(self.max_scroll() if index == len(self.items) - 1 else top + ROW_H - height)

    # -- drawing -------------------------------------------------------------------------------------

    def draw_scene(self, surface: pygame.Surface) -> None:
        super().draw_scene(surface)
        area = self.list_rect()
        ui.panel(surface, area.inflate(16, 16), 200)
        if not self.items:
            ui.text(surface, self.tr("load.empty"), area.center, 22, ui.PARCHMENT_DIM, anchor="center")
            return
        clip = surface.get_clip()
        rows = self.rows_rect()
        surface.set_clip(rows)
        for i, entry in enumerate(self.items):
            row = pygame.Rect(rows.left + 8, rows.top + 8 + i * ROW_H - self.scroll, rows.width - 16, ROW_H - 8)
            if row.bottom < rows.top or row.top > rows.bottom:
                continue
            self._row(surface, row, entry, i == self.selected)
        surface.set_clip(clip)
        if self.scrollable():
            self.bar.draw(surface, self.bar_rect(), self.scroll, self.max_scroll(), rows.height, self.content_height())

    def _row(self, surface: pygame.Surface, row: pygame.Rect, entry: Any, selected: bool) -> None:
        fill = (92, 68, 34) if selected else ui.INK_LIGHT
        pygame.draw.rect(surface, fill, row, border_radius=8)
        pygame.draw.rect(surface, ui.GOLD if selected else ui.GOLD_DARK, row, 2 if selected else 1, border_radius=8)
        x, y = row.left + 16, row.top + 8
        from scenes.saves_bridge import game_title

        game = game_title(self.app, entry.game) if entry.game else entry.name
        if entry.corrupt:
            ui.text(surface, ui.fit(entry.name, row.width - 32, 19, bold=True), (x, y), 19, ui.PARCHMENT, bold=True)
            reason = self.app.strings.render(entry.error.to_json()) if entry.error else ""
            msg = self.tr("load.corrupt", reason=reason)
            if entry.prev_ok:
                msg += " " + self.tr("load.previous_ok")
            ui.text(surface, ui.fit(msg, row.width - 32, 17), (x, y + 30), 17, ui.RED)
            return
        title = ui.text(surface, game, (x, y), 20, ui.GOLD, bold=True)
        tags = []  # after the game's name: a replay's folder, and the notes when the seats leave no room
        if entry.replayed_on:
            tags.append(self.tr("load.replayed_on", folder=ui.middle_cut(entry.replayed_on, 300, 16)))
        sx = x
        sx_names: list[Any] = []
        for seat in entry.seats:
            if sx > row.right - 260:
                ui.text(surface, "…", (sx, y + 32), 17, ui.PARCHMENT)
                break
            c = catalog.colour(seat.get("colour", 0) if isinstance(seat.get("colour"), int) else 0)
            ui.seat_symbol(surface, c.symbol, (sx + 8, y + 44), 8, c.rgb)
            label = catalog.seat_label(self.app.strings, _Seat(seat), len(sx_names))
            r = ui.text(surface, ui.fit(label[:64], 180, 17), (sx + 22, y + 32), 17, ui.PARCHMENT)
            sx_names.append(seat)
            sx = r.right + 18
        if entry.notes:
            key = "notes.count.one" if len(entry.notes) == 1 else "notes.count.many"
            date_w = ui.font(17).size(_date(entry.date))[0]
            room = row.right - 16 - date_w - 24 - (sx + 6)
            if room > 80:
                last = entry.notes[-1].replace("\n", " ")
                quoted = f"« {last} »" if self.app.strings.lang == "fr" else f"“{last}”"
                label = self.tr(key, count=len(entry.notes)) + " — " + quoted
                ui.text(surface, ui.fit(label, room, 16), (sx + 6, y + 33), 16, ui.GOLD)
            else:
                tags.append(self.tr(key, count=len(entry.notes)))
        detail = progress(self.app, entry, entry.game)
        if entry.over:
            detail += " · " + self.tr("load.over")
        if tags:
            room = row.right - 16 - ui.font(17).size(detail)[0] - 60 - (title.right + 14)
            if room > 60:
                ui.text(surface, ui.fit(" · ".join(tags), room, 16), (title.right + 14, y + 4), 16, ui.GOLD)
        ui.text(surface, detail, (row.right - 16, y + 2), 17, ui.PARCHMENT_DIM, anchor="topright")
        ui.text(surface, _date(entry.date), (row.right - 16, y + 32), 17, ui.PARCHMENT_DIM, anchor="topright")


class _Seat:
    """A saved seat dict seen as a seat (name, kind) for `catalog.seat_label`."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.name = str(data.get("name") or "?")
        self.kind = str(data.get("kind") or "human")


def progress(app: Any, entry: Any, game: str) -> str:
    """Where a saved game of `game` stands, e.g. "Tour 3 · 41 actions": its turn or round, then
    its actions. A round is named as the game's table names it (`<game>.ui.round`: Anludim's
    "Manche 2", Guildes' "Tour 2"), else "Manche"; turn (round) 0 is the set-up, before the first
    one — the tables write no "Tour 0" — so a game still in its set-up shows its actions only."""
    detail = app.tr("load.actions", n=entry.actions)
    if entry.turn is None or entry.turn == 0:
        return detail
    if getattr(entry, "counted", "turn") != "round":
        return app.tr("load.turn", turn=entry.turn) + " · " + detail
    own = f"{game}.ui.round"
    word = app.tr(own, round=entry.turn) if app.strings.has(own) else app.tr("load.round", turn=entry.turn)
    return word + " · " + detail


def _date(value: str | None, seconds: bool = False) -> str:
    """An ISO date as local 'YYYY-MM-DD HH:MM' (with `seconds`, ':SS')."""
    if not value:
        return ""
    try:
        return datetime.fromisoformat(value).astimezone().strftime("%Y-%m-%d %H:%M" + (":%S" if seconds else ""))
    except ValueError:
        return value[:19 if seconds else 16]




class GenerationsOverlay(UIScene):
    """The versions of one save (current, previous, older ones): pick one and restore it.

    Rows keep a readable height; when they do not all fit, the list scrolls a row at a time with
    the mouse wheel, Up/Down (which move the selection), Page Up/Down, Home/End, or the scrollbar
    (drag its thumb or click its track), and a line under the rows says which ones are shown."""

    overlay = True

    def __init__(self, app: Any, load: LoadScene, name: str) -> None:
        super().__init__(app)
        self.load, self.name = load, name
        self.items: list[Any] = []
        self.selected: int | None = None
        self.top = 0                         # index of the first row shown
        self.bar = ui.ScrollBar()

    def game(self) -> str:
        """The game of the save whose versions these are ('' if the load screen lists it no more)."""
        return next((e.game for e in self.load.items if getattr(e, "name", None) == self.name), "")

    def enter(self) -> None:
        from scenes import saves_bridge

        try:
            self.items = saves_bridge.store(self.app).generations(self.name)
        except Exception:
            self.app.log_exception("saves.generations")
            self.items = []
        super().enter()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.scroll_to(self.top)

    # -- geometry --------------------------------------------------------------------------------

    def box(self) -> pygame.Rect:
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(760, w - 80), min(h - 80, 226 + GEN_H * max(3, len(self.items))))
        rect.center = (w // 2, h // 2)
        return rect

    def visible(self) -> int:
        """How many rows fit (at least one)."""
        return max(1, (self.box().height - 226) // GEN_H)

    def scrollable(self) -> bool:
        return len(self.items) > self.visible()

    def rows_rect(self) -> pygame.Rect:
        box = self.box()
        bar = BAR_W + 10 if self.scrollable() else 0
        return pygame.Rect(box.left + 30, box.top + 104, box.width - 60 - bar, self.visible() * GEN_H)

    def bar_rect(self) -> pygame.Rect:
        rows = self.rows_rect()
        return pygame.Rect(rows.right + 10, rows.top, BAR_W, rows.height - 6)

    def thumb_rect(self) -> pygame.Rect:
        return self.bar.thumb(self.bar_rect(), self.top, self.max_top(), self.visible(), len(self.items))

    def max_top(self) -> int:
        return max(0, len(self.items) - self.visible())

    def scroll_to(self, top: int) -> None:
        top = max(0, min(int(top), self.max_top()))
        if top != self.top:
            self.top = top
        self.dirty = True

    def show(self, index: int) -> None:
        """Scroll so that row `index` is shown."""
        if index < self.top:
            self.scroll_to(index)
        elif index >= self.top + self.visible():
            self.scroll_to(index - self.visible() + 1)

    def select(self, index: int) -> None:
        if not self.items:
            return
        self.selected = max(0, min(int(index), len(self.items) - 1))
        self.show(self.selected)
        self.rebuild()

    # -- widgets and events ----------------------------------------------------------------------

    def build(self) -> None:
        box = self.box()
        chosen = self.items[self.selected] if self.selected is not None else None
        ok = chosen is not None and chosen.error is None and chosen.id != "current"
        self.button("close", (box.left + 30, box.bottom - 76, 200, 50), self.tr("common.back"))
        self.button("restore", (box.right - 250, box.bottom - 76, 220, 52), self.tr("load.restore"), "@primary",
                    enabled=ok)

    def on_button(self, element: Any) -> None:
        name = self.name_of(element)
        if name == "close":
            self.stack.pop()
        elif name == "restore" and self.selected is not None:
            self.restore(self.items[self.selected])

    def restore(self, generation: Any) -> None:
        from scenes import saves_bridge

        try:
            save = saves_bridge.store(self.app).restore(self.name, generation.id)
        except Exception as exc:
            saves_bridge._explain(self.app, exc)
            return
        self.stack.pop()
        self.load.refresh()
        self.load.selected = next((i for i, e in enumerate(self.load.items) if e.name == self.name), None)
        self.load.rebuild()
        self.app.toast(self.tr("load.restored", n=len(save["actions"])), "ok")

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.top - int(event.y) * (-1 if getattr(event, "flipped", False) else 1))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self._press(event.pos):
                return True
        elif event.type == pygame.MOUSEMOTION and self.bar.grab is not None:
            self.scroll_to(self.bar.drag(event.pos[1], self.bar_rect(), self.max_top(), self.visible(),
                                         len(self.items)))
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.bar.grab is not None:
            self.bar.grab = None
            return True
        elif event.type == pygame.KEYDOWN and self._key(event.key):
            return True
        return super().handle(event)

    def _press(self, pos: tuple[int, int]) -> bool:
        rows = self.rows_rect()
        if rows.collidepoint(pos):
            index = self.top + (pos[1] - rows.top) // GEN_H
            if 0 <= index < len(self.items):
                self.select(index)
            return True
        if self.scrollable():
            top = self.bar.press(pos, self.bar_rect(), self.top, self.max_top(), self.visible(), len(self.items),
                                 self.visible() - 1 or 1)
            if top is not None:
                self.scroll_to(top)
                return True
        return False

    def _key(self, key: int) -> bool:
        if not self.items:
            return False
        current = self.selected if self.selected is not None else -1
        page = self.visible() - 1 or 1
        moves = {pygame.K_DOWN: current + 1, pygame.K_UP: max(0, current - 1),
                 pygame.K_PAGEDOWN: current + page, pygame.K_PAGEUP: max(0, current - page),
                 pygame.K_HOME: 0, pygame.K_END: len(self.items) - 1}
        if key in moves:
            self.select(moves[key])
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.buttons.get("restore") is not None \
                and self.buttons["restore"].is_enabled and self.selected is not None:
            self.restore(self.items[self.selected])
            return True
        return False

    # -- drawing ---------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        ui.dim(surface, 170)
        box = self.box()
        ui.panel(surface, box, 250, ui.GOLD)
        ui.text(surface, self.tr("load.history_title"), (box.centerx, box.top + 18), 26, ui.GOLD, bold=True,
                anchor="midtop")
        hint = ui.wrap(self.tr("load.history_hint"), box.width - 60, 16)[:2]
        for k, line in enumerate(hint):
            ui.text(surface, line, (box.centerx, box.top + 58 + k * 20 - (10 if len(hint) > 1 else 0)), 16,
                    ui.PARCHMENT_DIM, anchor="midtop", italic=True)
        rows = self.rows_rect()
        clip = surface.get_clip()
        surface.set_clip(rows)
        detail_x, game = self.detail_x(), self.game()  # the same for every row
        for i in range(self.top, min(len(self.items), self.top + self.visible())):
            row = pygame.Rect(rows.left, rows.top + (i - self.top) * GEN_H, rows.width, GEN_H - 6)
            self._row(surface, row, i, i == self.selected, detail_x, game)
        surface.set_clip(clip)
        if self.scrollable():
            self.bar.draw(surface, self.bar_rect(), self.top, self.max_top(), self.visible(), len(self.items))
            last = min(len(self.items), self.top + self.visible())
            shown = self.tr("load.history_range", first=self.top + 1, last=last, total=len(self.items))
            ui.text(surface, ui.fit(shown, box.width - 60, 16), (box.centerx, rows.bottom + 6), 16,
                    ui.PARCHMENT_DIM, anchor="midtop")
        if self.ui is not None:
            self.ui.draw_ui(surface)

    def label(self, index: int) -> str:
        """A version's name: current, previous, then the older ones counted back from the current
        one, each row its own ("Plus ancienne" on every older row read as "the oldest")."""
        gen_id = self.items[index].id
        return self.tr(f"load.generation.{gen_id}") if gen_id in ("current", "previous") else \
            self.tr("load.generation.older", n=index)

    def detail_x(self) -> int:
        """Where the rows' details start, past the widest name (the same for every row)."""
        widest = max((ui.font(18, True).size(self.label(i))[0] for i in range(len(self.items))), default=0)
        return max(156, widest + 28)

    def _row(self, surface: pygame.Surface, row: pygame.Rect, index: int, selected: bool, detail_x: int,
             game: str) -> None:
        gen = self.items[index]
        pygame.draw.rect(surface, (92, 68, 34) if selected else ui.INK_LIGHT, row, border_radius=6)
        pygame.draw.rect(surface, ui.GOLD if selected else ui.GOLD_DARK, row, 2 if selected else 1, border_radius=6)
        ui.text(surface, self.label(index), (row.left + 14, row.centery), 18, ui.GOLD, bold=True, anchor="midleft")
        x = row.left + detail_x
        if gen.error is not None:
            reason = self.tr("load.generation.damaged", reason=self.app.strings.render(gen.error.to_json()))
            ui.text(surface, ui.fit(reason, row.right - 14 - x, 16), (x, row.centery), 16, ui.RED, anchor="midleft")
            return
        detail = progress(self.app, gen, game)
        ui.text(surface, detail, (x, row.centery), 17, ui.PARCHMENT, anchor="midleft")
        # to the second: versions a few moments apart (a save, then "save and quit") differ there
        ui.text(surface, _date(gen.date, seconds=True), (row.right - 14, row.centery), 17, ui.PARCHMENT_DIM,
                anchor="midright")
