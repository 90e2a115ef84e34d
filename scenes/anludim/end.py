"""Anludim's end-of-game summary: the winner, every round's totals seat by seat, and a chart of
the rounds won after each round (when the window leaves room for it under the table).

The shell's `EndScene` gives the buttons (look at the table, main menu); this draws the scores
the Anludim way: who won each round (and why), each seat's item + parchment total per round,
rounds won and blazons. Everything comes from the public view.
"""

from __future__ import annotations

import pygame

from scenes import ui
from scenes.end import EndScene, crown
from sprites.anludim import pieces as P


class AnludimEnd(EndScene):
    """Game over: the table of rounds."""

    def draw_scene(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        view = self.table.session.view(None)
        ui.title(surface, self.tr("end.title"), y=30)
        winner = view.get("winner")
        y = 112
        if winner is not None:
            line = self.tr("anludim.ui.game_winner", name=self.table.seat_name(winner))
            ui.text(surface, line, (w // 2, y), 28, ui.GOLD, bold=True, anchor="midtop")
        results = view.get("round_results") or []
        n = len(view["seats"])
        box = pygame.Rect(60, 170, w - 120, min(h - 290, 110 + 58 * n))
        ui.panel(surface, box, 215)
        name_w = 300
        round_w = max(90, min(150, (box.width - name_w - 200) // max(1, len(results))))
        x0 = box.left + 30
        y = box.top + 20
        ui.text(surface, self.tr("anludim.ui.col.seat"), (x0, y), 17, ui.GOLD, bold=True)
        for k, res in enumerate(results):
            cx = x0 + name_w + k * round_w + round_w // 2
            ui.text(surface, self.tr("anludim.ui.round", round=res["round"]), (cx, y), 17, ui.GOLD, bold=True,
                    anchor="midtop")
            reason = self.tr(f"anludim.ui.reason_short.{res['reason']}")
            ui.text(surface, reason, (cx, y + 22), 13, ui.PARCHMENT_DIM, anchor="midtop", italic=True)
        wx = x0 + name_w + len(results) * round_w + 30
        ui.text(surface, self.tr("anludim.ui.col.rounds_won"), (wx + 30, y), 17, ui.GOLD, bold=True,
                anchor="midtop")  # over its numbers ("Manches gagnées" ran out of the box at 1024x700)
        y += 60
        order = self.ranking()
        for seat in order:
            sv = view["seats"][seat]
            c = self.table.seat_colour(seat)
            if seat == winner:
                pygame.draw.rect(surface, (78, 60, 30), (box.left + 12, y - 8, box.width - 24, 50), border_radius=8)
            badge = P.blazon(sv["blazon"] == "gold", c.rgb, c.symbol, 36)
            surface.blit(badge, (x0, y - 4))
            ui.text(surface, self.table.seat_name(seat), (x0 + 44, y + 2), 22, ui.PARCHMENT, bold=seat == winner)
            if seat == winner:
                crown(surface, (x0 + 15, y - 12))
            for k, res in enumerate(results):
                cx = x0 + name_w + k * round_w + round_w // 2
                won = res["winner"] == seat
                ui.text(surface, self.tr("end.points", n=res["totals"][seat]), (cx, y + 4), 20,
                        ui.GOLD if won else ui.PARCHMENT, bold=won, anchor="midtop")
                if won:
                    P.symbol(surface, "diamond", (cx - 44, y + 17), 6, ui.GOLD)
            ui.text(surface, str(sv["rounds_won"]), (wx + 30, y + 2), 24, ui.GOLD if seat == winner else ui.PARCHMENT,
                    bold=True, anchor="midtop")
            y += 58
        # the picture every end screen has: rounds won after each round, one line per seat
        chart = pygame.Rect(box.left, box.bottom + 16, box.width, h - 110 - box.bottom - 16)
        if len(self.history) >= 2 and chart.height >= 150:
            self.draw_chart(surface, chart, "anludim.ui.end_chart", "anludim.ui.end_axis")
