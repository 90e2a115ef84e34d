"""The end-of-game summary: ranking with scores, winners crowned, and scores over turns when known."""

from __future__ import annotations

from typing import Any

import pygame

from game import catalog
from scenes import ui
from scenes.base import UIScene


class EndScene(UIScene):
    """Shown once when the game is over; from the table's `outcome()` and public view."""

    def __init__(self, app: Any, table: Any) -> None:
        super().__init__(app)
        self.table = table
        try:
            self.outcome = dict(table.session.outcome())
        except Exception:
            app.log_exception("outcome")
            self.outcome = {}
        view = table.session.view(None)
        self.history = table.score_history(view)

    def build(self) -> None:
        w, h = self.app.size
        self.button("table", (w // 2 - 310, h - 90, 300, 50), self.tr("end.look"))
        self.button("menu", (w // 2 + 10, h - 90, 300, 54), self.tr("end.menu"), "@primary")

    def on_button(self, element: Any) -> None:
        name = self.name_of(element)
        if name == "table":
            self.stack.pop()
        elif name == "menu":
            while len(self.stack) > 1:
                self.stack.pop()
            if hasattr(self.stack.top, "rebuild"):
                self.stack.top.rebuild()

    def ranking(self) -> list[int]:
        seats = len(self.table.session.seats)
        ranking = [s for s in self.outcome.get("ranking", []) if isinstance(s, int) and 0 <= s < seats]
        return ranking + [s for s in range(seats) if s not in ranking]

    def draw_scene(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        ui.title(surface, self.tr("end.title"), y=36)
        scores = self.outcome.get("scores") or []
        winners = set(self.outcome.get("winners") or [])
        chart = bool(self.history) and len(self.history) >= 2
        left_w = min(520, w // 2 - 60) if chart else min(640, w - 160)
        x = 60 if chart else (w - left_w) // 2
        ui.panel(surface, pygame.Rect(x, 130, left_w, h - 250), 200)
        ui.text(surface, self.tr("end.ranking"), (x + 20, 146), 20, ui.GOLD, bold=True)
        prev, place = None, 0
        for i, seat in enumerate(self.ranking()):
            score = scores[seat] if seat < len(scores) else None
            if score != prev:
                place, prev = i + 1, score
            y = 190 + i * 56
            c = catalog.colour(self.table.session.seats[seat].colour)
            ui.text(surface, f"{place}.", (x + 24, y), 26, ui.GOLD if seat in winners else ui.PARCHMENT_DIM, bold=True)
            ui.seat_symbol(surface, c.symbol, (x + 84, y + 17), 12, c.rgb)
            ui.text(surface, self.table.seat_name(seat), (x + 106, y + 2), 24,
                    ui.PARCHMENT, bold=seat in winners)
            if score is not None:  # a game may name its score ("12 reliques") and add a line under the name
                label = getattr(self.table, "end_score_text", None)
                text = label(seat, score) if label else self.tr("end.points", n=score)
                ui.text(surface, text, (x + left_w - 24, y + 2), 22, ui.GOLD, anchor="topright")
            note = getattr(self.table, "end_note", None)
            line = note(seat) if note else ""
            if line:
                ui.text(surface, ui.fit(line, left_w - 130, 14), (x + 106, y + 32), 14, ui.PARCHMENT_DIM)
            if seat in winners:
                crown(surface, (x + 84, y - 6))
        if chart:
            rect = pygame.Rect(x + left_w + 40, 130, w - x - left_w - 100, h - 250)
            self.draw_chart(surface, rect)

    def draw_chart(self, surface: pygame.Surface, rect: pygame.Rect, title_key: str = "end.chart",
                   axis_key: str = "end.turns") -> None:
        """Scores over turns: one line per seat in its colour, with its symbol at the end (a game
        whose history is counted in something else than turns names its title and axis)."""
        ui.panel(surface, rect, 200)
        ui.text(surface, self.tr(title_key), (rect.left + 20, rect.top + 16), 20, ui.GOLD, bold=True)
        plot = pygame.Rect(rect.left + 56, rect.top + 64, rect.width - 90, rect.height - 122)
        top = max(1, max(max(row) for row in self.history if row))
        top = -(-top // 4) * 4  # a multiple of 4, so the quarter lines fall on whole numbers
        for k in range(5):
            y = plot.bottom - plot.height * k // 4
            pygame.draw.line(surface, (70, 56, 40), (plot.left, y), (plot.right, y))
            ui.text(surface, f"{top * k / 4:g}", (plot.left - 8, y), 14, ui.PARCHMENT_DIM, anchor="midright")
        turns = len(self.history)
        for x, label in self.turn_ticks(plot):
            pygame.draw.line(surface, (70, 56, 40), (x, plot.bottom), (x, plot.bottom + 4))
            ui.text(surface, label, (x, plot.bottom + 6), 14, ui.PARCHMENT_DIM, anchor="midtop")
        ui.text(surface, self.tr(axis_key), (plot.centerx, plot.bottom + 24), 15, ui.PARCHMENT_DIM, anchor="midtop")
        for seat in range(len(self.table.session.seats)):
            c = catalog.colour(self.table.session.seats[seat].colour)
            pts = [(plot.left + plot.width * t // max(1, turns - 1),
                    plot.bottom - int(plot.height * (row[seat] if seat < len(row) else 0) / top))
                   for t, row in enumerate(self.history)]
            pygame.draw.lines(surface, c.rgb, False, pts, 3)
            ui.seat_symbol(surface, c.symbol, pts[-1], 8, c.rgb)

    def turn_ticks(self, plot: pygame.Rect) -> list[tuple[int, str]]:
        """The x-axis labels: the turn number under its point (0 = the start), every turn when they
        fit (about 30 px each), else every 2nd, 5th, 10th… turn; the last turn always."""
        turns = len(self.history)
        if turns < 2:
            return []
        last = turns - 1
        step = next(s for s in (1, 2, 5, 10, 20, 50, 100, 10**9) if plot.width * s / last >= 30)
        marks = [t for t in range(0, last + 1, step) if last - t >= step * 0.6 or t == last]
        if last not in marks:
            marks.append(last)
        return [(plot.left + plot.width * t // last, str(t)) for t in marks]


def crown(surface: pygame.Surface, centre: tuple[int, int]) -> None:
    """A small gold crown for winners."""
    x, y = centre
    pts = [(x - 12, y + 5), (x - 12, y - 6), (x - 6, y), (x, y - 9), (x + 6, y), (x + 12, y - 6), (x + 12, y + 5)]
    pygame.draw.polygon(surface, ui.GOLD, pts)
    pygame.draw.polygon(surface, ui.INK, pts, 1)
