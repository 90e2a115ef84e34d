"""The Amadrim table: the map, the programming sheet with its sand-timer, the action phase, the boards.

Reads only `self.view` (the unveiled seat's view, or the public one) and acts only through
`self.try_act(action)`. Highlights come from the engine's pure helpers: `rules.amadrim.targets`
(action phase) and `placement.problem` on a board rebuilt from the view (city placement).

Layout (scales with the window): a top bar; on the left the reputation board, the totals chart and
the mage levels; in the middle the map (cells in their region colours, coordinate colours along
the top and right edges) with the turn log under it; on the right the control panel of the phase
(city placement, programming sheet, action phase) and the guilds' stock sheets.

Drawing: the map grid is one cached surface; everything that only changes with the view, the
selection or the hovered button is composed into a cached layer; each frame blits that layer and
draws the hover mark, the marks of a hovered log line (the units and cells it names), the tooltip
(over the map, clear of the lit cells) and the running sand-timer over it. The loop idles unless a bot
is about to play or a sand-timer runs.

Sand-timer: a `game.timer.SandTimer` per (turn, seat), started when the seat is unveiled to
program (after its curtain); paused under the curtain, the pause menu or while a bot plays; its
state is kept in `session.extras["amadrim.sand_timer"]` so a save resumes with the same time left.
When it runs out the scene sends the engine's `time_up` action (unplaced cubes are lost).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import pygame

from game.timer import SandTimer, time_up_action
from rules.amadrim import targets
from rules.amadrim.action_phase import ViewContext, binding, lost_cubes
from rules.amadrim.actions import (
    AddCube,
    Attack,
    Create,
    EndActions,
    LockIn,
    Move,
    PlaceCity,
    RemoveCube,
    Spell,
    TakeCity,
)
from rules.amadrim.board import board_from_view, cell_label
from rules.amadrim.placement import problem as placement_problem
from scenes import ui
from scenes.amadrim import panels
from scenes.table import LOG_BACK, TableScene, draw_log_panel
from sprites.amadrim import pieces
from sprites.hourglass import Hourglass

TIMER_EXTRA = "amadrim.sand_timer"
UNIT_KINDS_ORDER = ("move", "attack", "take_city", "spell")
Cell = tuple[int, int]


@dataclass
class Zone:
    """A clickable area of the control panel."""

    name: str            # add, remove, lock, kind, unit_kind, end, summary
    rect: pygame.Rect
    arg: Any = None
    enabled: bool = True


class Layout:
    """Rectangles of every part of the table for a window size."""

    def __init__(self, size: tuple[int, int], view: dict[str, Any]) -> None:
        w, h = size
        pad = 10
        self.size = size
        self.top = pygame.Rect(pad, pad, w - 2 * pad, 40)
        body_top = self.top.bottom + 6
        left_w, right_w = int(w * 0.2), max(340, int(w * 0.295))
        self.left = pygame.Rect(pad + 6, body_top, left_w, h - body_top - pad - 6)
        self.right = pygame.Rect(w - pad - 6 - right_w, body_top, right_w, h - body_top - pad - 6)
        mid = pygame.Rect(self.left.right + pad, body_top, self.right.left - self.left.right - 2 * pad,
                          self.left.height)
        grid = view["grid"]
        map_area = pygame.Rect(mid.left, mid.top, mid.width, mid.height - max(110, int(h * 0.15)))
        self.geo = pieces.MapGeometry(map_area, grid["width"], grid["height"])
        self.log = pygame.Rect(mid.left, self.geo.rect.bottom + 8, mid.width, mid.bottom - self.geo.rect.bottom - 8)
        board_h = int(self.left.height * 0.37)
        chart_h = int(self.left.height * 0.3)
        self.board = pygame.Rect(self.left.left, self.left.top, self.left.width, board_h)
        self.chart = pygame.Rect(self.left.left, self.board.bottom + 8, self.left.width, chart_h)
        self.legend = pygame.Rect(self.left.left, self.chart.bottom + 8, self.left.width,
                                  self.left.bottom - self.chart.bottom - 8)
        stock_h = min(int(self.right.height * 0.45), 30 + 74 * view["seats"])
        self.control = pygame.Rect(self.right.left, self.right.top, self.right.width, self.right.height - stock_h - 8)
        self.stock = pygame.Rect(self.right.left, self.control.bottom + 8, self.right.width, stock_h)


def label_cell(label: str) -> Cell | None:
    """The cell a log names ("C4", as `cell_label` writes it), or None."""
    if len(label) < 2 or not "A" <= label[0] <= "Z" or not label[1:].isdigit():
        return None
    return ord(label[0]) - ord("A"), int(label[1:]) - 1


class AmadrimTable(TableScene):
    """Amadrim Tales at one computer: hot-seat programming behind curtains, then the action phase."""

    clock = staticmethod(time.monotonic)

    def __init__(self, app: Any, session: Any) -> None:
        self.layout: Layout | None = None
        self.selected_unit: int | None = None
        self.selected_kind: str | None = None
        self.create_kind = "merchant"
        self.highlights: set[Cell] = set()
        self.refused: tuple[Cell, str, dict[str, Any]] | None = None  # a cell "create" may not use: why
        self.paths: dict[Cell, tuple[Cell, ...]] = {}  # move end cell -> the path shown on hover
        self.log_entries: list[dict[str, Any]] = []  # the log panel's entries (notes among them)
        self.log_rows: list[tuple[pygame.Rect, int]] = []  # each row shown: (where, its entry's index)
        self.log_hover: int | None = None  # the entry whose row is under the pointer
        self.zones: list[Zone] = []
        self.tips: list[tuple[pygame.Rect, tuple[int, str]]] = []  # resource chips: (seat, colour id)
        self.mouse: tuple[int, int] = (-1, -1)
        self.hover_cell: Cell | None = None
        self.hover_zone: tuple[str, Any] | None = None  # (name, arg) of the zone under the mouse
        self.timer: SandTimer | None = None
        self.timer_key: tuple[int, int] | None = None
        self.phase_clock = 0.0
        self._grid: tuple[Any, pygame.Surface] | None = None
        self._layer: pygame.Surface | None = None
        self._stale = True
        self.confirm_lock = False          # "validate with unplaced cubes?" box open
        self.score_screen: dict[str, Any] | None = None  # the end-of-turn score screen shown
        self.public = False                # the unveiled seat was shown without a curtain (set-up)
        super().__init__(app, session)
        scoring = session.view(None).get("last_scoring")
        self.scores_seen = scoring["turn"] if scoring else 0  # a resumed game does not show it again

    # -- look helpers -------------------------------------------------------------------------------

    def message_anchor(self, size: tuple[int, int]) -> tuple[int, int, int] | None:
        """Messages over the top of the board, clear of the action panel and the guild sheets."""
        if self.layout is None or self.layout.size != size:
            return None
        r = self.layout.geo.rect
        return r.centerx, r.top + 30, r.width - 30

    def look(self) -> panels.Look:
        return panels.Look(self.app.tr, self.app.strings.text, self.seat_name, self.seat_colour)

    def colour_by_id(self, cid: str) -> dict[str, Any]:
        return next(c for c in self.view["colours"] if c["id"] == cid)

    def colour_name(self, cid: str) -> str:
        return self.app.strings.text(self.colour_by_id(cid)["name"])

    def timer_length(self) -> float:
        """The sand-timer length: the player's setting, else the content's `sand_timer_s`."""
        value = getattr(self.app.settings, "sand_timer_s", None)
        return float(value or self.view.get("sand_timer_s") or 300)

    # -- hooks of TableScene --------------------------------------------------------------------------

    def view_changed(self) -> None:
        """The view changed (or the size, or the language): layout, selection, highlights, timer."""
        size = self.app.size
        if self.layout is None or self.layout.size != size:
            self.layout = Layout(size, self.view)
        if not self.my_turn_to_act():
            self.selected_unit = self.selected_kind = None
        units = {u["id"]: u for u in self.view["units"]}
        unit = units.get(self.selected_unit) if self.selected_unit is not None else None
        if self.selected_unit is not None and (unit is None or unit["owner"] != self.unveiled):
            self.selected_unit = None
            if self.selected_kind != "create":
                self.selected_kind = None
        if self.selected_kind and self.view["remaining"] and not self.view["remaining"].get(self.selected_kind):
            self.selected_kind = None
        self.highlights = self.compute_highlights()
        self.refused = None
        if self.programming_seat() is None:
            self.confirm_lock = False
        self.sync_timer()
        self.build_zones()
        self._stale = True
        self.dirty = True

    def score_history(self, view: dict[str, Any]) -> list[list[float]]:
        """Totals turn by turn for the end-of-game chart (a zero line first)."""
        history = [list(row) for row in view.get("history") or []]
        return [[0] * view["seats"], *history] if history else []

    def pause(self) -> None:
        if self.timer is not None:
            self.timer.pause()
            self.store_timer()

    def exit(self) -> None:
        if self.timer is not None:
            self.timer.pause()
            self.store_timer()
        super().exit()

    def try_act(self, action: Any, seat: int | None = None) -> bool:
        self.store_timer()  # the autosave after the action keeps the sand-timer's state
        return super().try_act(action, seat)

    def advance(self) -> None:
        """The shell's turn flow, plus: city placement is public (no curtain between placers),
        the score screen after each turn's scoring, and a curtain when a public phase ends."""
        state = self.session.state
        scoring = self.session.view(None).get("last_scoring")
        if scoring and scoring["turn"] > self.scores_seen:  # (the last turn's too, before the end screen)
            self.pending_bot, self.animating, self.confirm_lock = None, False, False
            self.score_screen, self.unveiled, self.public = scoring, None, False
            self.refresh()
            return
        if state.phase == "setup" and self.session.bot_to_act() is None:
            from game import hotseat

            self.pending_bot, self.animating = None, False
            self.unveiled, self.public = hotseat.next_human(self.session, None), True
            self.refresh()
            return
        if self.public and state.phase != "setup":  # everyone watched: the secret phase needs a curtain
            self.public, self.unveiled = False, None
        super().advance()

    def close_score_screen(self) -> None:
        """A click on the score screen: on to the next programming (behind the curtain)."""
        if self.score_screen is not None:
            self.scores_seen = self.score_screen["turn"]
            self.score_screen = None
            self.dirty = True
            self.advance()

    def reveal(self, seat: int) -> None:
        super().reveal(seat)
        if self.view["phase"] == "programming":  # the score screen told the turn: the sand-timer shows at once
            self.since = []

    # -- state of the table --------------------------------------------------------------------------

    def my_turn_to_act(self) -> bool:
        v = self.view
        return (v["phase"] == "actions" and self.unveiled is not None and v["current"] == self.unveiled
                and self.pending_bot is None)

    def programming_seat(self) -> int | None:
        """The unveiled seat while it still programs (its sheet is editable), else None."""
        v = self.view
        seat = self.unveiled
        if v["phase"] == "programming" and seat is not None and seat in v["to_act"] and self.curtain is None:
            return seat
        return None

    def compute_highlights(self) -> set[Cell]:
        v, seat = self.view, self.unveiled
        self.paths = {}
        if seat is None or self.pending_bot is not None:
            return set()
        if v["phase"] == "setup" and seat in v["to_act"]:
            ctx = SimpleNamespace(board=board_from_view(v))
            return {(x, y) for y in range(v["grid"]["height"]) for x in range(v["grid"]["width"])
                    if placement_problem(ctx, seat, (x, y)) is None}
        if self.my_turn_to_act() and self.selected_kind:
            unit = None if self.selected_kind == "create" else self.selected_unit
            if unit is None and self.selected_kind != "create":  # the units that can do it, to pick one
                return {tuple(u["cell"]) for u in v["units"]
                        if u["owner"] == seat and targets(v, seat, u["id"], self.selected_kind)}
            cells = {tuple(c) for c in targets(v, seat, unit, self.selected_kind)}
            if self.selected_kind == "move" and cells:
                start = next(tuple(u["cell"]) for u in v["units"] if u["id"] == unit)
                self.paths = board_from_view(v).reachable(start, v["remaining"]["move"])
            return cells
        return set()

    # -- the sand-timer ---------------------------------------------------------------------------------

    def sync_timer(self) -> None:
        """Start, resume or pause the sand-timer of the seat now programming."""
        seat = self.programming_seat()
        if seat is None or self.pending_bot is not None:
            if self.timer is not None:
                self.timer.pause()
                if self.timer_key is not None and (self.view["phase"] != "programming"
                                                   or self.timer_key[1] not in self.view["to_act"]
                                                   or self.timer_key[0] != self.view["turn"]):
                    self.timer, self.timer_key = None, None
                    self.session.extras.pop(TIMER_EXTRA, None)
            self.animating = self.pending_bot is not None
            return
        key = (self.view["turn"], seat)
        if self.timer_key != key:
            self.timer = self.restore_timer(key) or SandTimer(self.timer_length(), self.clock)
            if not self.timer.running and not self.timer.expired():
                self.timer.resume()
            self.timer_key = key
        else:
            self.timer.resume()
        self.store_timer()
        self.animating = True

    def restore_timer(self, key: tuple[int, int]) -> SandTimer | None:
        """The timer saved with the game for this (turn, seat), if any."""
        saved = self.session.extras.get(TIMER_EXTRA)
        if not isinstance(saved, dict) or saved.get("turn") != key[0] or saved.get("seat") != key[1]:
            return None
        try:
            return SandTimer.from_json(saved.get("timer"), self.clock)
        except Exception:  # a damaged saved timer: start a fresh one, and keep the cause for support
            import logging

            logging.getLogger("guildhall.amadrim").warning("saved sand-timer unreadable", exc_info=True)
            return None

    def store_timer(self) -> None:
        if self.timer is not None and self.timer_key is not None:
            self.session.extras[TIMER_EXTRA] = {"turn": self.timer_key[0], "seat": self.timer_key[1],
                                                "timer": self.timer.to_json()}

    def update(self, dt: float) -> None:
        super().update(dt)
        self.phase_clock += dt
        if self.timer is None or self.programming_seat() is None or self.pending_bot is not None:
            return
        self.dirty = True
        self.store_timer()  # kept current, so any save has the time left
        if self.timer.expired():
            seat = self.timer_key[1] if self.timer_key else None
            action = time_up_action(self.timer, self.session, seat) if seat is not None else None
            if action is not None:
                message = self.app.tr("amadrim.ui.time_up", name=self.seat_name(seat))
                if self.try_act(action, seat):  # said after: acting clears the table's earlier messages
                    self.app.toast(message, "info")

    # -- zones of the control panel -------------------------------------------------------------------

    def build_zones(self) -> None:
        """Clickable rectangles of the control panel for the current phase."""
        self.zones = []
        if self.layout is None:
            return
        box = self.layout.control
        v = self.view
        inner = box.inflate(-24, 0)
        if v["phase"] == "programming" and self.unveiled is not None:
            editable = self.programming_seat() is not None
            rows = self.sheet_rows()
            mine = v["programming"][self.unveiled] or {}
            for kind, row in zip(v["action_kinds"], rows):
                side = min(28, row.height - 8)
                minus = pygame.Rect(row.right - 2 * side - 38, row.centery - side // 2, side, side)
                plus = pygame.Rect(row.right - side - 4, row.centery - side // 2, side, side)
                self.zones.append(Zone("remove", minus, kind, editable and mine.get(kind, 0) > 0))
                self.zones.append(Zone("add", plus, kind, editable and (v["unplaced"] or 0) > 0))
            lock = pygame.Rect(inner.left, box.bottom - 58, inner.width, 44)
            self.zones.append(Zone("lock", lock, None, editable))
            if self.confirm_lock and editable:
                dialog = self.confirm_rect()
                width = dialog.width - 24
                self.zones = [Zone("confirm_yes", pygame.Rect(dialog.left + 12, dialog.bottom - 96, width, 40)),
                              Zone("confirm_no", pygame.Rect(dialog.left + 12, dialog.bottom - 50, width, 40))]
        elif v["phase"] == "actions" and v["current"] is not None:
            acting = self.my_turn_to_act()
            rows = self.action_rows()
            lost = self.lost_reasons(v)
            for kind, row in zip(v["action_kinds"], rows):
                left = (v["remaining"] or {}).get(kind, 0)
                self.zones.append(Zone("kind", row, kind, acting and left > 0))
                for uk, chip in zip(v["unit_kinds"], self.action_row(kind, row, kind in lost).chips):
                    self.zones.append(Zone("unit_kind", chip, uk, acting and left > 0))
            end = pygame.Rect(inner.left, box.bottom - 54, inner.width, 40)
            self.zones.append(Zone("end", end, None, acting and not self.must_play()))
        elif v["phase"] == "over":
            self.zones.append(Zone("summary", pygame.Rect(inner.left, box.bottom - 58, inner.width, 44)))

    def confirm_rect(self) -> pygame.Rect:
        """The "validate with unplaced cubes?" box, over the programming sheet."""
        box = self.layout.control
        return pygame.Rect(box.left + 8, box.top + 44, box.width - 16, min(190, box.height - 60))

    def must_play(self) -> bool:
        """Binding programming and a remaining cube still has a use: "end" is refused."""
        v = self.view
        if v["phase"] != "actions" or v["current"] is None or not v["remaining"]:
            return False
        ctx = ViewContext(v, v["current"])
        lost = lost_cubes(ctx, v["current"])
        return binding(ctx) and any(n and k not in lost for k, n in v["remaining"].items())

    def sheet_header(self) -> int:
        """Height of the sheet's header (title, cubes to place, hint); smaller in small windows."""
        return 136 if self.layout.control.height >= 380 else 92

    def sheet_rows(self) -> list[pygame.Rect]:
        """The five action rows, left of the sand-timer."""
        box = self.layout.control
        top = box.top + self.sheet_header()
        bottom = box.bottom - 64
        n = len(self.view["action_kinds"])
        h = max(30, min(48, (bottom - top) // n))
        width = box.width - 24 - self.glass_width(h * n) - 12
        return [pygame.Rect(box.left + 12, top + i * h, width, h - 4) for i in range(n)]

    def glass_width(self, rows_height: int) -> int:
        return min(120, int(rows_height * 0.5), int(self.layout.control.width * 0.25))

    def hourglass_rect(self) -> pygame.Rect:
        """The sand-timer stands right of the action rows, as tall as they are."""
        rows = self.sheet_rows()
        height = rows[-1].bottom - rows[0].top
        width = self.glass_width(height + 4)
        return pygame.Rect(self.layout.control.right - 12 - width, rows[0].top, width, height)

    def action_rows(self) -> list[pygame.Rect]:
        box = self.layout.control
        top = box.top + 46
        bottom = box.bottom - 128
        n = len(self.view["action_kinds"])
        h = max(34, min(54, (bottom - top) // n))
        return [pygame.Rect(box.left + 12, top + i * h, box.width - 24, h - 4) for i in range(n)]

    def action_row(self, kind: str, row: pygame.Rect, lost: bool = False) -> SimpleNamespace:
        """Where the parts of an action row go, none over another: the icon and the name on the
        left; the count of cubes left ("1 / 1 left") on the right of the first line (of the second
        for "create", whose first line ends with the merchant / mage choice); the cubes on the
        second line. An unplayable (`lost`) row gives its second line whole to the reason, and
        its cubes go on the first line between the name and the count (smaller, closer, in two
        lines when they need to): beside four cubes the reason was cut. Rows of small windows
        are lower: the name, the merchant / mage choice and the count on one line, no cubes; an
        unplayable row there has two lines, the name and the count, then the reason across the row.
        A `lost` "create" row has no merchant / mage choice (there is nothing to create).
        `reason` is the room the reason has (it is told in short words when the long ones do not
        fit; the row's tooltip gives it in long words)."""
        v = self.view
        left = (v["remaining"] or {}).get(kind, 0)
        total = (v["programming"][v["current"]] or {}).get(kind, 0) if v["current"] is not None else 0
        count = self.app.tr("amadrim.ui.left_of", left=left, total=total)
        count_w = ui.font(12).size(count)[0]
        icon_r = max(7, min(12, row.height // 4))
        x = row.left + 18 + 2 * icon_r
        compact = row.height < 42  # small windows: one line, no cubes drawn (the count says how many)
        chips: list[pygame.Rect] = []
        cubes: list[pygame.Rect] = []
        choice = kind == "create" and not lost  # the merchant / mage chips
        if compact and lost:
            count_pos, count_anchor = (row.right - 10, row.top + 3), "topright"
            label_w = row.right - 10 - count_w - 8 - x
            reason = pygame.Rect(x, row.top + 18, row.right - 10 - x, 14)
        elif compact:
            count_pos, count_anchor = (row.right - 10, row.centery), "midright"
            end = row.right - 10 - count_w - 8
            if choice:
                w = max(ui.font(13).size(self.app.tr(f"amadrim.unit.{uk}"))[0] for uk in v["unit_kinds"]) + 10
                chips = [pygame.Rect(end - (2 - i) * (w + 4) + 4, row.centery - 11, w, 22) for i in range(2)]
                end = chips[0].left - 8
            label_w = end - x
            reason = pygame.Rect(x, row.top + 18, end - x, 14)  # (no reason: never drawn)
        elif lost:
            count_pos, count_anchor = (row.right - 10, row.top + 5), "topright"
            label_w = row.right - 10 - count_w - 10 - x
            reason = pygame.Rect(x, row.bottom - 16, row.right - 10 - x, 14)
            name_right = x + ui.font(15, True).size(self.kind_label(kind, label_w, 15, True))[0]
            cubes = self.lost_cubes(total, name_right + 10, row.right - 10 - count_w - 10, row.top + 13)
        else:
            line2 = row.bottom - 15
            if choice:
                w = min(86, row.width // 4)
                chips = [pygame.Rect(row.right - (2 - i) * (w + 6), row.top + 4, w, 22) for i in range(2)]
                label_w = chips[0].left - 8 - x
                count_pos, count_anchor = (row.right - 10, line2 + 7), "midright"
                reason_right = row.right - 10 - count_w - 10
            else:
                count_pos, count_anchor = (row.right - 10, row.top + 5), "topright"
                label_w = row.right - 10 - count_w - 10 - x
                reason_right = row.right - 10
            start = x + total * 16 + (4 if total else 0)
            reason = pygame.Rect(start, line2 - 1, reason_right - start, 14)  # (no reason: never drawn)
            cubes = [pygame.Rect(x + i * 16, row.bottom - 17, 12, 12) for i in range(total)]
        return SimpleNamespace(left=left, total=total, count=count, count_pos=count_pos, count_anchor=count_anchor,
                               icon_r=icon_r, x=x, compact=compact, chips=chips, label_w=label_w, reason=reason,
                               cubes=cubes)

    @staticmethod
    def lost_cubes(total: int, left: int, right: int, centery: int) -> list[pygame.Rect]:
        """An unplayable row's `total` cubes ending at `right`, from no further left than `left`,
        centred on `centery`: in one line of 12 px cubes 4 px apart, of smaller and closer ones
        when they need to, else in two lines of 8 px cubes; none when even those do not fit."""
        for lines, side, gap in ((1, 12, 4), (1, 10, 3), (1, 9, 2), (2, 8, 2)):
            per = -(-total // lines)
            width, height = per * (side + gap) - gap, lines * (side + gap) - gap
            if width <= right - left:
                x0, y0 = right - width, centery - height // 2
                return [pygame.Rect(x0 + i % per * (side + gap), y0 + i // per * (side + gap), side, side)
                        for i in range(total)]
        return []

    def lost_reasons(self, view: dict[str, Any]) -> dict[str, str]:
        """Per action kind with cubes left but no legal use now, the key of why (`amadrim.lost.*`)."""
        seat, remaining = view["current"], view["remaining"] or {}
        if view["phase"] != "actions" or seat is None or not remaining:
            return {}
        lost = lost_cubes(ViewContext(view, seat), seat)
        return {kind: why for kind, why in lost.items() if remaining.get(kind)}

    def unplayable(self, view: dict[str, Any]) -> dict[str, str]:
        """Per action kind with cubes left but no legal use now, why ("unplayable: …")."""
        return {kind: self.app.tr("amadrim.ui.unplayable", why=self.app.tr(why))
                for kind, why in self.lost_reasons(view).items()}

    def row_reason(self, why: str, width: int) -> str:
        """An action row's reason in `width` pixels: whole when it fits, else in its short words
        (`amadrim.lost_short.*`), cut only when even those do not fit."""
        tr = self.app.tr
        text = tr("amadrim.ui.unplayable", why=tr(why))
        short = why.replace("amadrim.lost.", "amadrim.lost_short.", 1)
        if ui.font(12, italic=True).size(text)[0] > width and self.app.strings.has(short):
            text = tr("amadrim.ui.unplayable", why=tr(short))
        return ui.fit(text, width, 12, italic=True)

    # -- events ------------------------------------------------------------------------------------------

    def handle_table(self, event: pygame.event.Event, view: dict[str, Any]) -> bool:
        if self.score_screen is not None:
            if event.type == pygame.MOUSEBUTTONDOWN or (event.type == pygame.KEYDOWN and event.key in (
                    pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)):
                self.close_score_screen()
                return True
            return event.type != pygame.MOUSEMOTION
        if event.type == pygame.MOUSEMOTION:
            self.on_motion(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.clear_selection()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.on_motion(event.pos)
            zone = self.zone_at(event.pos)
            if zone is not None:
                self.on_zone(zone)
                return True
            cell = self.layout.geo.cell_at(event.pos) if self.layout else None
            if cell is not None:
                self.on_cell(cell)
                return True
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.programming_seat() is not None:
                self.ask_lock_in()
                return True
        return False

    def ask_lock_in(self) -> None:
        """Validate the programming; with unplaced cubes, ask first (they would be lost)."""
        if self.confirm_lock or not self.view.get("unplaced"):
            self.confirm_lock = False
            self.try_act(LockIn())
            return
        self.confirm_lock = True
        self.build_zones()
        self._stale = self.dirty = True

    def on_motion(self, pos: tuple[int, int]) -> None:
        self.mouse = pos
        cell = self.layout.geo.cell_at(pos) if self.layout else None
        hit = self.zone_at(pos)
        zone = (hit.name, hit.arg) if hit is not None else None
        tip = any(r.collidepoint(pos) for r, _ in self.tips) or self.layout is not None and \
            self.layout.control.collidepoint(pos)
        if cell != self.hover_cell or zone != self.hover_zone or tip:
            if zone != self.hover_zone:
                self._stale = True
            self.hover_cell, self.hover_zone = cell, zone
            self.dirty = True
        entry = self.log_entry_at(pos)
        if entry != self.log_hover:
            self.log_hover, self.dirty = entry, True

    def zone_at(self, pos: tuple[int, int]) -> Zone | None:
        """The zone under `pos`; where zones overlap the most specific (smallest) wins, so the
        merchant / mage buttons inside the "create" row are hit before the row itself."""
        hits = [z for z in self.zones if z.rect.collidepoint(pos)]
        return min(hits, key=lambda z: z.rect.width * z.rect.height) if hits else None

    def clear_selection(self) -> None:
        self.selected_unit = self.selected_kind = None
        self.highlights = self.compute_highlights()
        self.refused = None
        self._stale = self.dirty = True

    def on_zone(self, zone: Zone) -> None:
        if not zone.enabled:
            if zone.name == "end" and self.my_turn_to_act():
                self.try_act(EndActions())  # binding: the engine says which cubes can still be played
            elif zone.name == "add" and self.programming_seat() is not None:
                self.try_act(AddCube(zone.arg))  # the engine says why (no cube left)
            elif zone.name == "remove" and self.programming_seat() is not None:
                self.try_act(RemoveCube(zone.arg))
            return
        if zone.name == "add":
            self.try_act(AddCube(zone.arg))
        elif zone.name == "remove":
            self.try_act(RemoveCube(zone.arg))
        elif zone.name == "lock":
            self.ask_lock_in()
        elif zone.name == "confirm_yes":
            self.ask_lock_in()
        elif zone.name == "confirm_no":
            self.confirm_lock = False
            self.build_zones()
            self._stale = self.dirty = True
        elif zone.name == "end":
            self.try_act(EndActions())
        elif zone.name == "summary":
            from scenes.end import EndScene

            self.stack.push(EndScene(self.app, self))
        elif zone.name == "unit_kind":
            self.create_kind = zone.arg
            self.choose_kind("create")
        elif zone.name == "kind":
            self.choose_kind(zone.arg)

    def choose_kind(self, kind: str) -> None:
        self.selected_kind = kind
        if kind == "create":
            self.selected_unit = None
        self.highlights = self.compute_highlights()
        self.refused = None
        if kind != "create" and self.selected_unit is not None and not self.highlights:
            self.app.toast(self.app.tr("amadrim.ui.no_target"), "info")
        self._stale = self.dirty = True

    def on_cell(self, cell: Cell) -> None:
        v = self.view
        if self.unveiled is None:
            return
        if v["phase"] == "setup":
            self.try_act(PlaceCity(cell))
            return
        if not self.my_turn_to_act():
            if v["phase"] == "programming" and self.programming_seat() is not None:
                self.app.toast(self.app.tr("amadrim.ui.program_first"), "info")
            return
        if self.selected_kind == "create" and cell not in self.highlights:
            self.refuse_create(cell)  # the choice stays: only right click, Esc or another action drop it
            return
        unit = self.unit_on(cell)
        if (self.selected_kind not in (None, "create") and self.selected_unit is None and unit is not None
                and unit["owner"] == self.unveiled):  # the action first, then the unit (highlighted)
            self.select_unit(unit)
            return
        if cell in self.highlights and self.selected_kind:
            self.act_on(cell)
            return
        if unit is not None and unit["owner"] == self.unveiled:
            self.select_unit(unit)
            return
        if self.selected_kind:
            self.act_on(cell)  # not a legal target: the engine says why
            return
        self.app.toast(self.app.tr("amadrim.ui.pick_first"), "info")

    def create_refusal(self, cell: Cell) -> tuple[str, dict[str, Any]]:
        """Why "create" may not use `cell` (one that is not lit): a city or a unit stands there, it
        is not N, E, S or W of one of the seat's cities, or no cell at all can be used (why)."""
        lost = self.lost_reasons(self.view).get("create")
        if lost is not None:
            return "amadrim.ui.create_no.lost", {"cell": cell_label(cell), "why": self.app.tr(lost)}
        if self.city_on(cell) is not None:
            return "amadrim.ui.create_no.city", {"cell": cell_label(cell)}
        if self.unit_on(cell) is not None:
            return "amadrim.ui.create_no.unit", {"cell": cell_label(cell)}
        return "amadrim.ui.create_no.far", {"cell": cell_label(cell)}

    def refuse_create(self, cell: Cell) -> None:
        """A click on a cell "create" may not use: the choice stays and the hint line says why."""
        key, params = self.create_refusal(cell)
        self.refused = (cell, key, params)
        self._stale = self.dirty = True

    def handle(self, event: pygame.event.Event) -> bool:
        """Esc first drops a chosen action or unit (as a right click does); with none, the pause menu."""
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.score_screen is None
                and self.my_turn_to_act() and (self.selected_kind or self.selected_unit is not None)):
            self.clear_messages()
            self.clear_selection()
            return True
        return super().handle(event)

    def select_unit(self, unit: dict[str, Any]) -> None:
        self.selected_unit = unit["id"]
        remaining = self.view["remaining"] or {}
        kind = self.selected_kind if self.selected_kind in UNIT_KINDS_ORDER else None
        if kind is None or not targets(self.view, self.unveiled, unit["id"], kind):
            kind = next((k for k in UNIT_KINDS_ORDER if remaining.get(k)
                         and targets(self.view, self.unveiled, unit["id"], k)), kind)
        self.selected_kind = kind
        self.highlights = self.compute_highlights()
        self.refused = None
        self._stale = self.dirty = True

    def unit_on(self, cell: Cell) -> dict[str, Any] | None:
        return next((u for u in self.view["units"] if tuple(u["cell"]) == cell), None)

    def city_on(self, cell: Cell) -> dict[str, Any] | None:
        return next((c for c in self.view["cities"] if tuple(c["cell"]) == cell), None)

    def act_on(self, cell: Cell) -> None:
        """Turn a click on `cell` into the chosen action (the engine refuses it when illegal)."""
        kind, uid = self.selected_kind, self.selected_unit
        if kind == "create":
            self.try_act(Create(self.create_kind, cell))
            return
        if uid is None:
            self.app.toast(self.app.tr("amadrim.ui.pick_unit"), "info")
            return
        if kind == "move":
            unit = next(u for u in self.view["units"] if u["id"] == uid)
            paths = board_from_view(self.view).reachable(tuple(unit["cell"]), 99)
            self.try_act(Move(uid, paths.get(cell, (cell,))))
        elif kind == "attack":
            target = self.unit_on(cell)
            if target is None:
                self.refuse("amadrim.illegal.no_such_target")
            else:
                self.try_act(Attack(uid, target["id"]))
        elif kind == "spell":
            unit = next(u for u in self.view["units"] if u["id"] == uid)
            if tuple(unit["cell"]) != cell:
                self.app.toast(self.app.tr("amadrim.ui.spell_hint"), "info")
            else:
                self.try_act(Spell(uid))
        elif kind == "take_city":
            city = self.city_on(cell)
            if city is None:
                self.refuse("amadrim.illegal.no_such_city")
            else:
                self.try_act(TakeCity(uid, city["id"]))

    def refuse(self, key: str) -> None:
        self.app.toast(self.render({"key": key, "params": {}}), "error")

    # -- drawing -----------------------------------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        size = surface.get_size()
        if self.layout is None or self.layout.size != size:
            self.layout = Layout(size, view)
            self.build_zones()
            self._stale = True
        if self._stale or self._layer is None or self._layer.get_size() != size:
            self._layer = self.render_layer(size, view)
            self._stale = False
        surface.blit(self._layer, (0, 0))
        self.draw_dynamic(surface, view)

    def grid_surface(self, view: dict[str, Any]) -> pygame.Surface:
        geo = self.layout.geo
        key = (geo.cell, pieces.grid_key(view["grid"], view["colours"]))
        if self._grid is None or self._grid[0] != key:
            self._grid = (key, pieces.render_grid(geo, view["grid"], view["colours"], view["grid"]["quadrants"]))
        return self._grid[1]

    def log_moved(self) -> None:
        self._stale = True  # the log panel is drawn in the layer

    def render_layer(self, size: tuple[int, int], view: dict[str, Any]) -> pygame.Surface:
        """Everything but the hover mark, the tooltip and the sand-timer."""
        layer = pygame.Surface(size)
        layer.blit(ui.background(size), (0, 0))
        lay, look = self.layout, self.look()
        self.draw_top(layer, view)
        panels.reputation_board(layer, lay.board, view, look)
        panels.totals_chart(layer, lay.chart, view, look)
        panels.levels_legend(layer, lay.legend, view, look)
        self.draw_map(layer, view)
        self.log_entries = self.log_with_notes(view["log"][-LOG_BACK:])[-LOG_BACK:]
        lines = [self.render(e) for e in self.log_entries]
        self.log_rect = pygame.Rect(lay.log)
        self.log_rows = []
        self.log_max = draw_log_panel(layer, lay.log, lines, self.app.tr("table.log"), 14, self.log_scroll, self.log_rows)
        self.log_scroll = min(self.log_scroll, self.log_max)
        self.log_hover = self.log_entry_at(self.mouse)  # (the rows under a still pointer may have moved)
        self.draw_control(layer, view)
        highlight = view["current"] if view["phase"] in ("actions", "setup") else self.unveiled
        self.tips = panels.stock_sheets(layer, lay.stock, view, look, highlight)
        return layer

    def draw_top(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        bar = self.layout.top
        ui.panel(surface, bar, 210)
        pieces.blit_label(surface, self.app.tr("amadrim.title"), (bar.left + 14, bar.centery), 18, ui.GOLD, True,
                          anchor="midleft")
        phase = self.app.tr(f"amadrim.phase.{view['phase']}")
        text = self.app.tr("amadrim.ui.turn_phase", turn=max(1, view["turn"]), phase=phase)
        if view["phase"] == "setup":
            text = phase
        x = bar.right - 14
        if view["current"] is not None and view["phase"] in ("actions", "setup"):
            who = self.app.tr("amadrim.ui.to_play", name=self.seat_name(view["current"]))
            r = pieces.blit_label(surface, who, (x, bar.centery), 16, self.seat_colour(view["current"]).rgb, True,
                                  anchor="midright")
            ui.seat_symbol(surface, self.seat_colour(view["current"]).symbol, (r.left - 14, bar.centery), 7,
                           self.seat_colour(view["current"]).rgb)
            x = r.left - 34
        elif self.unveiled is not None:
            who = self.app.tr("amadrim.ui.you_are", name=self.seat_name(self.unveiled))
            r = pieces.blit_label(surface, who, (x, bar.centery), 16, self.seat_colour(self.unveiled).rgb, True,
                                  anchor="midright")
            x = r.left - 24
        pieces.blit_label(surface, text, (x, bar.centery), 17, ui.PARCHMENT, True, anchor="midright")

    def draw_map(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        geo = self.layout.geo
        surface.blit(self.grid_surface(view), geo.rect.topleft)
        cell = geo.cell
        setup = view["phase"] == "setup"  # almost every cell is legal then: a lighter mark
        mark = pieces.highlight(cell, (255, 236, 170), 28) if setup else pieces.highlight(cell)
        for c in self.highlights:
            surface.blit(mark, geo.cell_rect(c))
        size = int(cell * 0.92)
        for city in view["cities"]:
            owner = city["owner"]
            c = self.seat_colour(owner) if owner is not None else None
            sprite = pieces.city_sprite(size, c.rgb if c else None, c.symbol if c else None)
            surface.blit(sprite, sprite.get_rect(center=geo.cell_rect(city["cell"]).center))
        colours = view["colours"]
        cube = pieces.used_cube(max(6, cell // 6))
        acting = view["phase"] == "actions"
        number_size = max(11, min(14, cell // 3))
        for u in view["units"]:
            c = self.seat_colour(u["owner"])
            level_rgb = pieces.hex_rgb(colours[u["level"] - 1]["hex"]) if u["kind"] == "mage" else None
            sprite = pieces.unit_sprite(size, u["kind"], c.rgb, c.symbol, u["level"] or 0, level_rgb)
            r = geo.cell_rect(u["cell"])
            surface.blit(sprite, sprite.get_rect(center=r.center))
            if acting and (u["moved"] or u["acted"]):
                surface.blit(cube, cube.get_rect(topright=(r.right - 3, r.top + 3)))
            if u["id"] == self.selected_unit:
                pygame.draw.rect(surface, (255, 240, 160), r.inflate(-2, -2), 3, border_radius=4)
            tag = pieces.unit_number(u["id"], number_size)  # the number the log names it by
            surface.blit(tag, (r.left + 1, r.top + 1))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.score_screen is not None:
            self.draw_score_screen(surface, self.score_screen)

    def draw_score_screen(self, surface: pygame.Surface, scoring: dict[str, Any]) -> None:
        """End of a turn: per guild the four lines and the total, what changed and why; a click
        goes on to the next programming (after the last turn, to the end screen)."""
        w, h = surface.get_size()
        ui.dim(surface, 150)
        seats = len(scoring["seats"])
        col_w = (min(w - 60, 1120) - 24) // seats
        rows = max((sum(len(ui.wrap("• " + self.render(n), col_w - 28, 13)) for n in data["notes"])
                    for data in scoring["seats"]), default=1)
        box = pygame.Rect(0, 0, min(w - 60, 1120), min(h - 60, 56 + 36 + 5 * 26 + 10 + 18 * max(1, rows) + 60))
        box.center = (w // 2, h // 2)
        ui.panel(surface, box, 248, ui.GOLD)
        tr = self.app.tr
        pieces.blit_label(surface, tr("amadrim.ui.score_title", turn=scoring["turn"]), (box.centerx, box.top + 14), 24,
                          ui.GOLD, True, anchor="midtop")
        col_w = (box.width - 24) // seats
        top = box.top + 56
        bottom = box.bottom - 44
        for s, data in enumerate(scoring["seats"]):
            col = pygame.Rect(box.left + 12 + s * col_w, top, col_w - 8, bottom - top)
            c = self.seat_colour(s)
            fill = pygame.Surface(col.size, pygame.SRCALPHA)
            fill.fill((*c.rgb, 22))
            surface.blit(fill, col)
            pygame.draw.rect(surface, pieces.mix(c.rgb, ui.INK, 0.3), col, 1, border_radius=6)
            ui.seat_symbol(surface, c.symbol, (col.left + 16, col.top + 16), 8, c.rgb)
            pieces.blit_label(surface, panels.fit(self.seat_name(s), col.width - 40, 18, True), (col.left + 30, col.top + 5),
                              18, ui.PARCHMENT, True)
            y = col.top + 36
            for line in (*panels.LINES, "total"):
                total = line == "total"
                was, now = data["previous"][line], data["lines"][line]
                size = 18 if total else 15
                pieces.blit_label(surface, panels.fit(tr(f"amadrim.ui.line.{line}"), col.width - 110, size, total),
                                  (col.left + 10, y), size, ui.GOLD if total else ui.PARCHMENT, total)
                delta = now - was
                change = f"{delta:+d}" if delta else ""
                pieces.blit_label(surface, change, (col.right - 52, y + 1), 13,
                                  (150, 210, 140) if delta > 0 else (230, 140, 120), True, anchor="topright")
                pieces.blit_label(surface, str(now), (col.right - 12, y - 1), size + 1, ui.GOLD if total else ui.PARCHMENT,
                                  True, anchor="topright")
                y += 26 if not total else 32
            notes = [self.render(n) for n in data["notes"]] or [tr("amadrim.ui.score_nothing")]
            rect = pygame.Rect(col.left + 10, y, col.width - 20, col.bottom - y - 6)
            for note in notes:
                y = self.wrap_text(surface, "• " + note, rect, 13, ui.PARCHMENT_DIM)
                rect = pygame.Rect(rect.left, y + 2, rect.width, col.bottom - y - 8)
                if rect.height < 14:
                    break
        more = "amadrim.ui.score_end" if self.view["phase"] == "over" else "amadrim.ui.score_continue"
        pieces.blit_label(surface, tr(more), (box.centerx, box.bottom - 16), 15, ui.GOLD,
                          italic=True, anchor="midbottom")

    def draw_dynamic(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """Per frame: the hovered cell, the units and cells a hovered log line names, the
        sand-timer and the tooltip."""
        geo = self.layout.geo
        self.draw_log_marks(surface)
        if self.hover_cell is not None:
            pygame.draw.rect(surface, (255, 250, 230), geo.cell_rect(self.hover_cell), 2)
            path = self.paths.get(self.hover_cell) if self.hover_cell in self.highlights else None
            for step in path or ():
                pygame.draw.circle(surface, (40, 28, 14), geo.cell_rect(step).center, max(4, geo.cell // 8))
                pygame.draw.circle(surface, (255, 236, 170), geo.cell_rect(step).center, max(3, geo.cell // 8) - 1)
        if view["phase"] == "programming" and self.unveiled is not None and self.timer is not None:
            rect = self.hourglass_rect()
            Hourglass(rect.size).draw(surface, rect.topleft, self.timer.remaining(), self.timer.duration,
                                      self.phase_clock)
        if self.confirm_lock and view["phase"] == "programming":
            self.draw_confirm(surface, view)
        tip = self.tooltip_lines()
        if tip:
            self.draw_tooltip(surface, tip)

    # -- the log line under the pointer ------------------------------------------------------------------

    def log_entry_at(self, pos: tuple[int, int]) -> int | None:
        """The index (in `log_entries`) of the log entry whose row is under `pos`, if any."""
        if self.log_rect is None or not self.log_rect.collidepoint(pos):
            return None
        return next((n for rect, n in self.log_rows if rect.collidepoint(pos)), None)

    def log_marks(self, entry: dict[str, Any]) -> tuple[list[Cell], list[Cell]]:
        """What a log entry names on the map, from its own words only: the cells where the units it
        names (by number) stand now, and the cells it names ("on H3", "from G8 to F8"). A unit
        no longer on the map (captured) is left out; a note, or a line naming no unit and no
        cell, names nothing."""
        if not str(entry.get("key", "")).startswith("amadrim.log."):
            return [], []
        params = entry.get("params") or {}
        ids = {params[k] for k in ("unit", "target") if type(params.get(k)) is int}
        units = [tuple(u["cell"]) for u in self.view["units"] if u["id"] in ids]
        grid = self.view["grid"]
        cells: list[Cell] = []
        at = params.get("at")
        named = [tuple(at)] if isinstance(at, list | tuple) and len(at) == 2 else []
        named += [label_cell(params[k]) for k in ("start", "cell") if isinstance(params.get(k), str)]
        for cell in named:
            if cell is not None and 0 <= cell[0] < grid["width"] and 0 <= cell[1] < grid["height"] \
                    and cell not in cells:
                cells.append(cell)
        return units, cells

    def draw_log_marks(self, surface: pygame.Surface) -> None:
        """A hovered log line that names units or cells: its rows marked, the rest of the map
        dimmed, the units it names ringed where they stand now, the cells it names outlined."""
        if self.log_hover is None or self.log_hover >= len(self.log_entries):
            return
        units, cells = self.log_marks(self.log_entries[self.log_hover])
        if not units and not cells:
            return
        geo = self.layout.geo
        for rect, n in self.log_rows:
            if n == self.log_hover:
                band = pygame.Surface(rect.size, pygame.SRCALPHA)
                band.fill((255, 236, 170, 26))
                surface.blit(band, rect)
                pygame.draw.line(surface, ui.GOLD, (rect.left, rect.top + 2), (rect.left, rect.bottom - 3), 3)
        shade = pygame.Surface(geo.board.size, pygame.SRCALPHA)
        shade.fill((10, 6, 2, 120))
        for cell in {*units, *cells}:
            shade.fill((0, 0, 0, 0), geo.cell_rect(cell).move(-geo.board.left, -geo.board.top))
        surface.blit(shade, geo.board)
        for cell in cells:
            r = geo.cell_rect(cell)
            pygame.draw.rect(surface, (20, 14, 8), r.inflate(2, 2), 2)
            pygame.draw.rect(surface, (255, 236, 170), r, 2)
        for cell in units:
            r = geo.cell_rect(cell)
            pygame.draw.rect(surface, (20, 14, 8), r.inflate(6, 6), 3, border_radius=6)
            pygame.draw.rect(surface, (255, 255, 255), r.inflate(2, 2), 3, border_radius=5)

    # -- control panel -------------------------------------------------------------------------------------

    def draw_control(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        box = self.layout.control
        ui.panel(surface, box, 235, ui.GOLD_DARK)
        phase = view["phase"]
        if phase == "setup":
            self.draw_setup(surface, box, view)
        elif phase == "programming":
            self.draw_programming(surface, box, view)
        elif phase == "actions":
            self.draw_actions(surface, box, view)
        else:
            self.draw_over(surface, box, view)

    def panel_title(self, surface: pygame.Surface, box: pygame.Rect, text: str, seat: int | None) -> None:
        x = box.left + 16
        if seat is not None:
            c = self.seat_colour(seat)
            ui.seat_symbol(surface, c.symbol, (x + 8, box.top + 22), 9, c.rgb)
            x += 26
        pieces.blit_label(surface, panels.fit(text, box.right - x - 12, 19, True), (x, box.top + 10), 19, ui.GOLD, True)

    def wrap_text(self, surface: pygame.Surface, text: str, rect: pygame.Rect, size: int = 14,
                  colour: tuple[int, int, int] = ui.PARCHMENT, italic: bool = False) -> int:
        y = rect.top
        for line in ui.wrap(text, rect.width, size):
            if y + size > rect.bottom:
                break
            pieces.blit_label(surface, line, (rect.left, y), size, colour, italic=italic)
            y += int(size * 1.35)
        return y

    def kind_label(self, kind: str, width: int, size: int, bold: bool = False) -> str:
        """An action's name, or its short name when the long one does not fit."""
        text = self.app.tr(f"amadrim.kind.{kind}")
        if ui.font(size, bold).size(text)[0] > width:
            text = self.app.tr(f"amadrim.ui.kind_short.{kind}")
        return panels.fit(text, width, size, bold)

    def draw_button(self, surface: pygame.Surface, zone: Zone, text: str, primary: bool = False) -> None:
        hovered = self.hover_zone == (zone.name, zone.arg)
        base = (138, 100, 36) if primary else (58, 43, 29)
        if not zone.enabled:
            base = (44, 35, 26)
        elif hovered:
            base = pieces.mix(base, (255, 220, 140), 0.2)
        pygame.draw.rect(surface, base, zone.rect, border_radius=8)
        border = ui.GOLD if zone.enabled else (80, 66, 48)
        pygame.draw.rect(surface, border, zone.rect, 2, border_radius=8)
        colour = ui.PARCHMENT if zone.enabled else ui.GREY
        size = 17 if primary else 15
        if len(text) > 1:
            text = panels.fit(text, zone.rect.width - 16, size, True)
        else:
            size = max(15, zone.rect.height - 6)
        pieces.blit_label(surface, text, zone.rect.center, size, colour, True, anchor="center")

    def draw_setup(self, surface: pygame.Surface, box: pygame.Rect, view: dict[str, Any]) -> None:
        seat = view["current"]
        self.panel_title(surface, box, self.app.tr("amadrim.phase.setup"), seat)
        y = box.top + 50
        if seat is not None:
            left = view["placing"].count(seat)
            key = "amadrim.ui.setup_you" if seat == self.unveiled else "amadrim.ui.setup_other"
            y = self.wrap_text(surface, self.app.tr(key, name=self.seat_name(seat), left=left),
                               pygame.Rect(box.left + 16, y, box.width - 32, 80), 16, ui.PARCHMENT)
        y = self.wrap_text(surface, self.app.tr("amadrim.ui.setup_rules"),
                           pygame.Rect(box.left + 16, y + 8, box.width - 32, 140), 14, ui.PARCHMENT_DIM, True)
        pieces.blit_label(surface, self.app.tr("amadrim.ui.setup_order"), (box.left + 16, y + 10), 15, ui.GOLD, True)
        y += 34
        self.draw_placing_order(surface, pygame.Rect(box.left + 16, y, box.width - 32, box.bottom - 8 - y),
                                view["placing"])

    def draw_placing_order(self, surface: pygame.Surface, rect: pygame.Rect, order: list[int]) -> None:
        """Every city still to place, in order (up to 12 with 4 guilds), read as text is: left to
        right, then the next line (read down the columns, "Joueur 1, Joueur 2, Robot 3" on a line
        was not the order), in as many columns as the names allow whole (a long name shortened to
        "Daniel-A."); "+N" only if rows run out."""
        names = [self.seat_name(s) for s in order]
        widest = max((ui.font(13).size(n)[0] for n in names), default=0) + 26
        cols = max(2, min(4, rect.width // max(1, widest)))
        col_w = rect.width // cols
        rows = min(max(1, rect.height // 24), -(-len(order) // cols))
        shown = order if len(order) <= rows * cols else order[:rows * cols - 1]

        def at(i: int) -> tuple[int, int]:
            return rect.left + 8 + (i % cols) * col_w, rect.top + (i // cols) * 24

        for i, s in enumerate(shown):
            c = self.seat_colour(s)
            x, yy = at(i)
            ui.seat_symbol(surface, c.symbol, (x, yy + 9), 7, c.rgb)
            name = panels.fit(panels.short_name(names[i], col_w - 22, 13), col_w - 22, 13)
            pieces.blit_label(surface, name, (x + 12, yy), 13, ui.PARCHMENT if i == 0 else ui.PARCHMENT_DIM)
        if len(shown) < len(order):
            pieces.blit_label(surface, f"+{len(order) - len(shown)}", at(len(shown)), 13, ui.PARCHMENT_DIM)

    def draw_programming(self, surface: pygame.Surface, box: pygame.Rect, view: dict[str, Any]) -> None:
        seat = self.unveiled
        if seat is None:
            self.panel_title(surface, box, self.app.tr("amadrim.phase.programming"), None)
            self.wrap_text(surface, self.app.tr("amadrim.ui.public_programming"),
                           pygame.Rect(box.left + 16, box.top + 50, box.width - 32, 200), 15)
            return
        self.panel_title(surface, box, self.app.tr("amadrim.ui.programming_title", name=self.seat_name(seat)), seat)
        text_rect = pygame.Rect(box.left + 16, box.top + 46, box.width - 32, self.sheet_header() - 52)
        editable = self.programming_seat() is not None
        unplaced = view["unplaced"] or 0
        if editable:
            label = pieces.blit_label(surface, self.app.tr("amadrim.ui.unplaced", count=unplaced),
                                      text_rect.topleft, 20, ui.GOLD if unplaced else ui.PARCHMENT, True)
            c = self.seat_colour(seat)
            side = 14
            x0 = label.right + 14
            if x0 + 8 * (side + 4) > text_rect.right:  # not on the same line: under it
                x0, y0 = text_rect.left, label.bottom + 4
            else:
                y0 = label.centery - side // 2
            for i in range(view["cubes"][seat]):
                r = pygame.Rect(x0 + i * (side + 4), y0, side, side)
                pieces.cube(surface, r, c.rgb, hollow=i >= unplaced)
            if self.sheet_header() > 100:
                self.wrap_text(surface, self.app.tr("amadrim.ui.program_hint"),
                               pygame.Rect(text_rect.left, max(y0 + side, label.bottom) + 8, text_rect.width, 40),
                               13, ui.PARCHMENT_DIM, True)
        else:
            self.wrap_text(surface, self.app.tr("amadrim.ui.locked_wait"), text_rect, 15, ui.PARCHMENT)
        mine = view["programming"][seat] or {}
        rows = self.sheet_rows()
        for kind, row in zip(view["action_kinds"], rows):
            pygame.draw.rect(surface, (50, 38, 26), row, border_radius=6)
            pygame.draw.rect(surface, (92, 70, 40), row, 1, border_radius=6)
            icon_r = max(7, min(11, row.height // 4))
            pieces.action_icon(surface, kind, (row.left + 8 + icon_r, row.centery), icon_r, ui.GOLD)
            side = min(28, row.height - 8)
            name_w = row.width - (2 * side + 44) - 2 * icon_r - 14
            pieces.blit_label(surface, self.kind_label(kind, name_w, 14), (row.left + 14 + 2 * icon_r, row.centery),
                              14, ui.PARCHMENT, anchor="midleft")
            count = mine.get(kind, 0)
            pieces.blit_label(surface, str(count), (row.right - side - 21, row.centery), 20,
                              ui.GOLD if count else ui.GREY, True, anchor="center")
        for zone in self.zones:
            if zone.name in ("add", "remove"):
                self.draw_button(surface, zone, "+" if zone.name == "add" else "−")
            elif zone.name == "lock":
                self.draw_button(surface, zone, self.app.tr("amadrim.action.lock_in"), primary=True)

    def draw_confirm(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """The "validate with unplaced cubes?" box: how many cubes will be lost, two buttons."""
        dialog = self.confirm_rect()
        ui.panel(surface, dialog, 250, ui.GOLD)
        n = view["unplaced"] or 0
        text = self.app.tr("amadrim.ui.confirm_lock", n=n)
        self.wrap_text(surface, text, pygame.Rect(dialog.left + 14, dialog.top + 12, dialog.width - 28,
                                                  dialog.height - 110), 16, ui.PARCHMENT)
        for zone in self.zones:
            if zone.name == "confirm_no":
                self.draw_button(surface, zone, self.app.tr("amadrim.ui.confirm_no"))
            elif zone.name == "confirm_yes":
                self.draw_button(surface, zone, self.app.tr("amadrim.ui.confirm_yes", n=n), primary=True)

    def draw_actions(self, surface: pygame.Surface, box: pygame.Rect, view: dict[str, Any]) -> None:
        seat = view["current"]
        acting = self.my_turn_to_act()
        self.panel_title(surface, box, self.app.tr("amadrim.ui.actions_title", name=self.seat_name(seat)), seat)
        lost = self.lost_reasons(view)
        c = self.seat_colour(seat)
        for zone in self.zones:
            if zone.name != "kind":
                continue
            kind, row = zone.arg, zone.rect
            why = lost.get(kind)
            part = self.action_row(kind, row, why is not None)
            chosen = acting and kind == self.selected_kind
            hovered = self.hover_zone == (zone.name, zone.arg) and zone.enabled
            fill = (92, 68, 30) if chosen else ((64, 48, 32) if hovered else (50, 38, 26))
            pygame.draw.rect(surface, fill, row, border_radius=6)
            pygame.draw.rect(surface, ui.GOLD if chosen else (92, 70, 40), row, 2 if chosen else 1, border_radius=6)
            colour = ui.PARCHMENT if part.left else ui.GREY
            pieces.action_icon(surface, kind, (row.left + 8 + part.icon_r, row.top + row.height // 2), part.icon_r,
                               ui.GOLD if part.left else ui.GREY)
            size = 14 if part.compact and why else 15
            name_pos = (part.x, row.top + 4) if not part.compact else (
                (part.x, row.top + 1) if why else (part.x, row.centery - 10))
            pieces.blit_label(surface, self.kind_label(kind, part.label_w, size, True), name_pos, size, colour, True)
            for i, r in enumerate(part.cubes):
                pieces.cube(surface, r, c.rgb, hollow=i >= part.left)
            pieces.blit_label(surface, part.count, part.count_pos, 12, colour, anchor=part.count_anchor)
            if why:  # no legal use now: say why (lost when nothing else can be played)
                pieces.blit_label(surface, self.row_reason(why, part.reason.width), part.reason.topleft, 12,
                                  (226, 150, 120), italic=True)
        for zone in self.zones:
            if zone.name == "unit_kind":  # the chosen kind: filled gold, dark words; the other: dark, dim words
                chosen = zone.arg == self.create_kind
                lit = chosen and zone.enabled
                pygame.draw.rect(surface, ui.GOLD if lit else (36, 28, 20), zone.rect, border_radius=10)
                pygame.draw.rect(surface, (255, 236, 170) if lit else (92, 70, 40), zone.rect, 2 if lit else 1,
                                 border_radius=10)
                pieces.blit_label(surface, self.app.tr(f"amadrim.unit.{zone.arg}"), zone.rect.center, 13,
                                  ui.INK if lit else (ui.PARCHMENT_DIM if zone.enabled else ui.GREY), anchor="center")
            elif zone.name == "end":
                binding_ = view["options"].get("unplayed_cubes", "binding") == "binding"
                key = "amadrim.ui.end_binding" if binding_ else "amadrim.action.end_actions"
                text = self.app.tr(key)
                if ui.font(15, True).size(text)[0] > zone.rect.width - 16:
                    text = self.app.tr(key + "_short" if binding_ else "amadrim.ui.end_short")
                self.draw_button(surface, zone, text)
        rows = self.action_rows()
        hint_rect = pygame.Rect(box.left + 16, rows[-1].bottom + 8, box.width - 32, box.bottom - 62 - rows[-1].bottom - 8)
        self.draw_hint(surface, hint_rect, view)

    def hint_parts(self, view: dict[str, Any]) -> list[tuple[str, tuple[int, int, int]]]:
        """The hint line's paragraphs with their colours: why a clicked cell was refused, then the hint."""
        parts = []
        if self.refused is not None and self.selected_kind == "create" and self.my_turn_to_act():
            parts.append((self.app.tr(self.refused[1], **self.refused[2]), (236, 160, 130)))
        return [*parts, (self.action_hint(view), ui.PARCHMENT)]

    def draw_hint(self, surface: pygame.Surface, rect: pygame.Rect, view: dict[str, Any]) -> None:
        """The hint paragraphs, in the largest size (14 down to 12) at which every line fits `rect`."""
        parts = self.hint_parts(view)
        for size in (14, 13, 12):
            lines = sum(len(ui.wrap(text, rect.width, size)) for text, _ in parts)
            if (lines - 1) * int(size * 1.35) + size <= rect.height:
                break
        y = rect.top
        for text, colour in parts:
            y = self.wrap_text(surface, text, pygame.Rect(rect.left, y, rect.width, rect.bottom - y), size, colour, True)

    def action_hint(self, view: dict[str, Any]) -> str:
        tr = self.app.tr
        if not self.my_turn_to_act():
            return tr("amadrim.ui.watching", name=self.seat_name(view["current"]))
        unit = next((u for u in view["units"] if u["id"] == self.selected_unit), None)
        head = ""
        if unit is not None:
            head = self.unit_text(unit) + " — "
        if self.selected_kind is None:
            return head + tr("amadrim.ui.choose_action" if unit else "amadrim.ui.choose_unit")
        if self.selected_kind != "create" and unit is None:
            return tr("amadrim.ui.pick_unit")
        if not self.highlights:
            return head + tr("amadrim.ui.no_target")
        return head + tr(f"amadrim.ui.hint.{self.selected_kind}", unit=tr(f"amadrim.unit.{self.create_kind}"))

    def draw_over(self, surface: pygame.Surface, box: pygame.Rect, view: dict[str, Any]) -> None:
        self.panel_title(surface, box, self.app.tr("amadrim.phase.over"), None)
        outcome = view.get("outcome") or {}
        winners = outcome.get("winners") or []
        names = ", ".join(self.seat_name(s) for s in winners)
        y = self.wrap_text(surface, self.app.tr("amadrim.ui.winners", names=names),
                           pygame.Rect(box.left + 16, box.top + 52, box.width - 32, 60), 18, ui.GOLD)
        for i, s in enumerate(outcome.get("ranking") or []):
            c = self.seat_colour(s)
            yy = y + 10 + i * 28
            ui.seat_symbol(surface, c.symbol, (box.left + 28, yy + 9), 8, c.rgb)
            pieces.blit_label(surface, self.seat_name(s), (box.left + 44, yy), 16, ui.PARCHMENT)
            pieces.blit_label(surface, str(outcome["scores"][s]), (box.right - 24, yy), 16, ui.GOLD, True,
                              anchor="topright")
        for zone in self.zones:
            if zone.name == "summary":
                self.draw_button(surface, zone, self.app.tr("amadrim.ui.summary"), primary=True)

    # -- tooltips --------------------------------------------------------------------------------------

    def kind_under_mouse(self) -> str | None:
        """The action whose row of the sheet or of the action panel is under the mouse."""
        if self.layout is None or not self.layout.control.collidepoint(self.mouse):
            return None
        zone = self.zone_at(self.mouse)
        if zone is not None and zone.name != "kind":  # not over the + and - buttons
            return None
        phase = self.view["phase"]
        if phase == "programming" and self.unveiled is not None:
            rows = self.sheet_rows()
        elif phase == "actions" and self.view["current"] is not None:
            rows = self.action_rows()
        else:
            return None
        for kind, row in zip(self.view["action_kinds"], rows):
            if row.collidepoint(self.mouse):
                return kind
        return None

    def unit_text(self, unit: dict[str, Any]) -> str:
        tr = self.app.tr
        owner = self.seat_name(unit["owner"])
        if unit["kind"] == "mage":
            colour = self.app.strings.text(self.view["colours"][unit["level"] - 1]["name"])
            return tr("amadrim.ui.tip.mage", id=unit["id"], owner=owner, level=unit["level"], colour=colour)
        return tr("amadrim.ui.tip.merchant", id=unit["id"], owner=owner)

    def tooltip_lines(self) -> list[str]:
        for rect, (seat, colour_id) in self.tips:
            if rect.collidepoint(self.mouse):
                return [panels.resource_tip(self.view, self.look(), seat, colour_id)]
        kind = self.kind_under_mouse()
        if kind is not None:
            why = self.unplayable(self.view).get(kind) if self.view["phase"] == "actions" else None
            return [self.app.tr(f"amadrim.kind.{kind}"),
                    *ui.wrap(self.app.tr(f"amadrim.ui.kind_help.{kind}"), 380, 14),
                    *(ui.wrap(why, 380, 14) if why else ())]
        cell = self.hover_cell
        if cell is None:
            return []
        v, tr = self.view, self.app.tr
        x, y = cell
        grid = v["grid"]
        lines = [tr("amadrim.ui.tip.cell", cell=cell_label(cell), region=self.colour_name(grid["regions"][y][x]))]
        col, row = self.colour_by_id(grid["columns"][x]), self.colour_by_id(grid["rows"][y])
        pays = [self.app.strings.text(c["resource"]) for c in (col, row, self.colour_by_id(grid["regions"][y][x]))]
        city = self.city_on(cell)
        if city is not None:  # no unit stands on a city: what matters is what taking it pays
            lines.append(tr("amadrim.ui.tip.city_neutral") if city["owner"] is None
                         else tr("amadrim.ui.tip.city", owner=self.seat_name(city["owner"])))
            lines.append(tr("amadrim.ui.tip.city_pays", resources=pays))
        else:
            lines.append(tr("amadrim.ui.tip.harvest", resources=pays[:2]))
            if v["phase"] == "setup":
                lines.append(tr("amadrim.ui.tip.city_here", resources=pays))
        unit = self.unit_on(cell)
        if unit is not None:
            lines.append(self.unit_text(unit))
            if v["phase"] == "actions" and unit["moved"]:
                lines.append(tr("amadrim.ui.tip.moved"))
            if v["phase"] == "actions" and unit["acted"]:
                lines.append(tr("amadrim.ui.tip.acted"))
        if cell in self.highlights:
            lines.append(tr("amadrim.ui.tip.target"))
        elif self.selected_kind == "create" and self.my_turn_to_act():
            key, params = self.create_refusal(cell)
            lines.append(tr(key, **params))
        return lines

    def draw_tooltip(self, surface: pygame.Surface, lines: list[str]) -> None:
        size = 14
        rect = self.tooltip_rect(surface.get_size(), lines, size)
        pygame.draw.rect(surface, (22, 16, 10), rect, border_radius=6)
        pygame.draw.rect(surface, ui.GOLD, rect, 1, border_radius=6)
        for i, line in enumerate(lines):
            pieces.blit_label(surface, line, (rect.left + 10, rect.top + 6 + i * 20), size,
                              ui.GOLD if i == 0 else ui.PARCHMENT, i == 0)

    def tooltip_rect(self, screen: tuple[int, int], lines: list[str], size: int = 14) -> pygame.Rect:
        """Where the tooltip goes: below and right of the pointer (left of it, above it near the
        window's edges); over the map, clear of the lit cells (and the path shown) the player is
        choosing among: at another corner or side of the hovered cell, else beside the map at the
        pointer's height, else where it hides the fewest; never over the set-up's instructions
        (`tooltip_keep_clear`)."""
        width = max(ui.font(size).size(line)[0] for line in lines) + 20
        height = len(lines) * 20 + 12
        (mx, my), (w, h) = self.mouse, screen
        rect = pygame.Rect(mx + 18, my + 18, width, height)
        if rect.right > w - 6:
            rect.right = mx - 12
        if rect.bottom > h - 6:
            rect.bottom = my - 12
        avoid = self.tooltip_avoid()
        keep = self.tooltip_keep_clear()
        if not avoid and not any(rect.colliderect(k) for k in keep):
            return rect
        room = pygame.Rect(6, 6, w - 12, h - 12)
        cell = self.layout.geo.cell_rect(self.hover_cell)  # around the hovered cell: corners, then sides
        xs = (cell.right + 4, cell.left - 4 - width, cell.centerx - width // 2)
        ys = (cell.bottom + 4, cell.top - 4 - height, cell.centery - height // 2)
        near = [pygame.Rect(x, y, width, height) for x, y in ((xs[0], ys[0]), (xs[1], ys[0]), (xs[0], ys[1]),
                                                              (xs[1], ys[1]), (xs[0], ys[2]), (xs[1], ys[2]),
                                                              (xs[2], ys[0]), (xs[2], ys[1]))]
        geo = self.layout.geo.rect
        beside = [pygame.Rect(geo.left - 10 - width, my - height // 2, width, height),  # (the boards, then the panel)
                  pygame.Rect(geo.right + 10, my - height // 2, width, height),
                  pygame.Rect(mx - width // 2, geo.bottom + 8, width, height)]
        spots = [rect, *(r for r in near if room.contains(r)), *(r.clamp(room) for r in beside)]

        def hidden(spot: pygame.Rect) -> int:  # the instructions first: a spot over them comes last
            return 10_000 * sum(1 for k in keep if spot.colliderect(k)) + sum(1 for lit in avoid if spot.colliderect(lit))

        return next((spot for spot in spots if not hidden(spot)), min(spots, key=hidden))

    def tooltip_keep_clear(self) -> list[pygame.Rect]:
        """What a map tooltip must never cover: during the city placement, the panel saying what
        to do (whose turn, the placement rules, the order). Almost every cell is lit then, so the
        tooltip went to the one spot that hid no lit cell, over those instructions."""
        if self.layout is None or self.view.get("phase") != "setup" or self.hover_cell is None:
            return []
        return [self.layout.control]

    def tooltip_avoid(self) -> list[pygame.Rect]:
        """The map cells a tooltip must not hide while the pointer is over the map: the lit ones,
        and the path shown to the hovered one."""
        if self.hover_cell is None or not self.highlights or self.layout is None:
            return []
        path = self.paths.get(self.hover_cell, ()) if self.hover_cell in self.highlights else ()
        return [self.layout.geo.cell_rect(c) for c in self.highlights.union(path)]

    # -- the curtain ---------------------------------------------------------------------------------

    def draw_public(self, surface: pygame.Surface, rect: pygame.Rect, public_view: dict[str, Any]) -> None:
        """Behind the curtain: who is locked in, the reputation board and the public log."""
        look = self.look()
        third = (rect.width - 24) // 3
        status = pygame.Rect(rect.left, rect.top, third, rect.height)
        ui.panel(surface, status, 215)
        pieces.blit_label(surface, self.app.tr("amadrim.ui.turn_phase", turn=max(1, public_view["turn"]),
                                               phase=self.app.tr(f"amadrim.phase.{public_view['phase']}")),
                          (status.left + 14, status.top + 10), 17, ui.GOLD, True)
        for s in range(public_view["seats"]):
            y = status.top + 48 + s * 34
            c = self.seat_colour(s)
            ui.seat_symbol(surface, c.symbol, (status.left + 24, y + 10), 8, c.rgb)
            pieces.blit_label(surface, panels.fit(self.seat_name(s), third - 60, 16), (status.left + 40, y), 16, ui.PARCHMENT)
            pieces.blit_label(surface, self.app.tr(panels.seat_status(public_view, s)), (status.left + 40, y + 18), 12,
                              ui.PARCHMENT_DIM, italic=True)
        panels.reputation_board(surface, pygame.Rect(rect.left + third + 12, rect.top, third, rect.height), public_view,
                                look)
        log = [self.render(e) for e in public_view["log"][-14:]]
        draw_log_panel(surface, pygame.Rect(rect.left + 2 * third + 24, rect.top, third, rect.height), log,
                       self.app.tr("table.log"), 14)


# -- screenshots ------------------------------------------------------------------------------------------

SHOT_NAMES = ("Camille", "Yanis", "Léa", "Hugo")


def bot_session(app: Any, seed: int, stop: Any, seats: int = 4) -> Any:
    """A session whose seats are all people, played by seeded greedy bots until `stop(state)`."""
    from game.session import SeatInfo
    from scenes import saves_bridge

    infos = [SeatInfo(SHOT_NAMES[i], i) for i in range(seats)]
    session = saves_bridge.new_session(app, "amadrim", infos, seed, {})
    session.store = None  # screenshots leave no autosave behind
    bots = [session.engine.bot("greedy", seed * 31 + s) for s in range(seats)]
    for _ in range(5000):
        state = session.state
        if state.is_over() or stop(state):
            break
        seat = state.to_act()[0]
        session.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    return session


def open_unveiled(app: Any, session: Any, seat: int) -> AmadrimTable:
    """The table for `session` with `seat` unveiled (no curtain)."""
    if not app.stack.scenes:
        from scenes.menu import MainMenu

        app.stack.push(MainMenu(app))
    table = AmadrimTable(app, session)
    table.unveiled = seat  # the seat that must act keeps its screen: no curtain
    app.stack.push(table)
    return table


def _mid_game(state: Any) -> bool:
    if state.phase != "actions" or state.turn < 4 or state.current is None:
        return False
    return sum(state.remaining) <= max(1, sum(state.programming[state.current]) - 3)


def shot_table(app: Any, game: str | None, seed: int) -> AmadrimTable:
    """Mid-game, action phase, a mage selected with its moves highlighted."""
    session = bot_session(app, seed or 1, _mid_game)
    view = session.view(session.to_act()[0])
    seat = view["current"]
    table = open_unveiled(app, session, seat)
    for u in view["units"]:
        if u["owner"] == seat and not u["moved"]:
            table.select_unit(u)
            if table.highlights:
                break
    if not table.highlights:
        table.clear_selection()
    elif table.paths:  # hover the farthest move: its path and the cell's tooltip show
        far = max(table.highlights, key=lambda c: len(table.paths.get(c, ())))
        table.on_motion(table.layout.geo.cell_rect(far).center)
    return table


def shot_programming(app: Any, game: str | None, seed: int) -> AmadrimTable:
    """Programming, turn 3: the sheet half filled and the sand-timer running."""
    def stop(state: Any) -> bool:
        return state.phase == "programming" and state.turn >= 3

    session = bot_session(app, seed or 1, stop)
    seat = session.to_act()[0]
    clock = [0.0]
    table = open_unveiled(app, session, seat)
    table.clock = lambda: clock[0]
    table.timer = table.timer_key = None
    table.refresh()
    for kind in ("create", "move", "move", "attack"):
        table.try_act(AddCube(kind))
    clock[0] = 104.0
    table.phase_clock = 0.6
    table.refresh()
    return table


SHOTS = {"amadrim_table": shot_table, "amadrim_programming": shot_programming}
