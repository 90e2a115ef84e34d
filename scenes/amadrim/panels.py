"""Amadrim's side panels, drawn from a view: reputation board, totals chart, mage levels, stock sheets.

Pure drawing: each function gets the surface, its rectangle, the view and a `Look` (translation,
seat names and colours); none changes anything. The map and the control panel are drawn by
`scenes.amadrim.table`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from scenes import ui
from sprites.amadrim.pieces import (
    blit_label,
    hex_rgb,
    mix,
    resource_chip,
    unit_sprite,
)

LINES = ("business", "kills", "town", "magic")


@dataclass
class Look:
    """What panels need from the scene: texts, seat names, seat colours."""

    tr: Callable[..., str]
    text: Callable[[Any], str]
    name: Callable[[int], str]
    colour: Callable[[int], Any]     # -> catalog.SeatColour (rgb, symbol)


fit = ui.fit  # shared text fitting (scenes/ui.py)


def fit_label(surface: pygame.Surface, text: str, width: int, pos: tuple[int, int], size: int,
              colour: Any = ui.PARCHMENT, bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
    """A label in the largest size (down to 3/4 of `size`) at which it fits `width`, never cut
    while a smaller size fits."""
    text, shown = ui.fitted(text, width, size, bold)
    return blit_label(surface, text, pos, shown, colour, bold, anchor=anchor)


def short_name(name: str, width: int, size: int, bold: bool = False) -> str:
    """A seat name for a narrow column: "Player 3" becomes "P3" when it does not fit,
    "Daniel-Alexandre" "Daniel-A." or "Daniel", "Camille" "Cam"."""
    font = ui.font(size, bold)
    if font.size(name)[0] <= width:
        return name
    words = name.split()
    if len(words) > 1 and words[-1].isdigit():
        return words[0][:1] + words[-1]
    for sep in (" ", "-"):  # a compound name: its first part with the next one's initial, or alone
        first, _, rest = name.partition(sep)
        if first and rest:
            for short in (f"{first}{sep}{rest[0]}.", first):
                if font.size(short)[0] <= width:
                    return short
    # the longest beginning that fits, as a deliberate short form (the badge above names the seat)
    return name[:max(2, ui._longest_fitting(font, name, width))]


def seat_badge(surface: pygame.Surface, look: Look, seat: int, centre: tuple[int, int], r: int) -> None:
    c = look.colour(seat)
    ui.seat_symbol(surface, c.symbol, centre, r, c.rgb)


# -- reputation board ----------------------------------------------------------------------------

def reputation_board(surface: pygame.Surface, rect: pygame.Rect, view: dict[str, Any], look: Look) -> None:
    """Business, kills, town, magic and total per guild; the total with a bar towards the goal."""
    ui.panel(surface, rect, 225)
    seats = view["seats"]
    blit_label(surface, look.tr("amadrim.ui.reputation"), (rect.left + 12, rect.top + 8), 17, ui.GOLD, True)
    goal = view["winning_total"]
    blit_label(surface, look.tr("amadrim.ui.goal", n=goal), (rect.right - 12, rect.top + 11), 13,
               ui.PARCHMENT_DIM, anchor="topright", italic=True)
    label_w = max(64, int(rect.width * 0.27))
    small = label_w < 72  # a narrow board: labels at 12 px (15 for the total), wide enough for them
    if small:
        label_w = max(label_w, 12 + max(ui.font(15 if line == "total" else 12, line == "total").size(
            look.tr(f"amadrim.ui.line.{line}"))[0] for line in (*LINES, "total")))
    col_w = (rect.width - label_w - 16) // max(1, seats)
    head_y = rect.top + 36
    row_h = max(20, (rect.height - 70) // 6)
    leader = _leaders(view)
    for s in range(seats):
        cx = rect.left + label_w + 8 + col_w * s + col_w // 2
        seat_badge(surface, look, s, (cx, head_y + 8), 8)
        # 12 px, the smallest a person reads: a name too long for its column is shortened
        # ("Joueur 1" → "J1", "Daniel-A."), never drawn smaller (the badge above names the seat)
        name = short_name(look.name(s), col_w - 2, 12)
        blit_label(surface, name, (cx, head_y + 18), 12, ui.PARCHMENT_DIM, anchor="midtop")
    y = head_y + 38
    rep = view["reputation"]
    for i, line in enumerate((*LINES, "total")):
        total = line == "total"
        if total:
            pygame.draw.line(surface, ui.GOLD_DARK, (rect.left + 10, y - 3), (rect.right - 10, y - 3), 1)
        elif i % 2 == 0:
            band = pygame.Surface((rect.width - 16, row_h), pygame.SRCALPHA)
            band.fill((255, 240, 200, 12))
            surface.blit(band, (rect.left + 8, y - 1))
        size = (15 if total else 12) if small else (17 if total else 14)
        fit_label(surface, look.tr(f"amadrim.ui.line.{line}"), label_w - 10,
                  (rect.left + 14, y + (row_h - size) // 2 - 2), size, ui.GOLD if total else ui.PARCHMENT, total)
        for s in range(seats):
            cx = rect.left + label_w + 8 + col_w * s + col_w // 2
            value = rep[s][line]
            colour = ui.GOLD if total and s in leader and value > 0 else ui.PARCHMENT
            blit_label(surface, str(value), (cx, y + row_h // 2 - 1), 19 if total else 15, colour, total,
                       anchor="center")
        y += row_h
    bar_y = y + 2  # progress towards the winning total
    for s in range(seats):
        x0 = rect.left + label_w + 8 + col_w * s + 5
        bar = pygame.Rect(x0, bar_y, col_w - 10, 7)
        pygame.draw.rect(surface, (30, 22, 15), bar, border_radius=3)
        share = min(1.0, rep[s]["total"] / max(1, goal))
        if share > 0:
            pygame.draw.rect(surface, look.colour(s).rgb, (bar.left, bar.top, max(3, int(bar.width * share)), bar.height),
                             border_radius=3)
        pygame.draw.rect(surface, ui.GOLD_DARK, bar, 1, border_radius=3)


def _leaders(view: dict[str, Any]) -> set[int]:
    totals = [r["total"] for r in view["reputation"]]
    best = max(totals) if totals else 0
    return {s for s, t in enumerate(totals) if t == best}


# -- totals chart ----------------------------------------------------------------------------------

@dataclass
class ChartLayout:
    """Where the totals chart puts its parts: each label as (text, size, rectangle)."""

    title: tuple[str, int, pygame.Rect]
    plot: pygame.Rect
    top: int                                          # the value at the top of the plot
    ticks: list[tuple[int, tuple[str, int, pygame.Rect]]]  # (y of the grid line, its value's label)
    turns: tuple[str, int, pygame.Rect]               # under the plot: how many turns were scored
    note: list[tuple[str, int, pygame.Rect]]          # before the first scoring: when it comes

    def note_box(self) -> pygame.Rect | None:
        """The area the note keeps free of grid lines (None without a note)."""
        if not self.note:
            return None
        return self.note[0][2].unionall([r for _t, _s, r in self.note[1:]]).inflate(10, 2).clip(self.plot)


def _placed(text: str, size: int, anchor: str, pos: tuple[int, int], italic: bool = False,
            bold: bool = False) -> tuple[str, int, pygame.Rect]:
    rect = pygame.Rect((0, 0), ui.font(size, bold, italic).size(text))
    setattr(rect, anchor, pos)
    return text, size, rect


def chart_layout(rect: pygame.Rect, view: dict[str, Any], look: Look) -> ChartLayout:
    """The totals chart's layout in `rect` for `view` (what `totals_chart` draws, and where)."""
    history = view["history"]
    goal = view["winning_total"]
    title, size = ui.fitted(look.tr("amadrim.ui.chart"), rect.width - 24, 16, True)
    plot = pygame.Rect(rect.left + 32, rect.top + 34, rect.width - 46, rect.height - 56)
    top = max(goal, max((max(row) for row in history if row), default=0))
    ticks = []
    for k in range(0, top + 1, 6 if top <= 30 else 10):
        y = plot.bottom - plot.height * k // top
        ticks.append((y, _placed(str(k), 11, "midright", (plot.left - 5, y))))
    turns = _placed(look.tr("amadrim.ui.turns", n=len(history)), 11, "midtop", (plot.centerx, plot.bottom + 4))
    note = [] if history else _note(look.tr("amadrim.ui.chart_empty"), plot)
    return ChartLayout(_placed(title, size, "topleft", (rect.left + 12, rect.top + 8), bold=True), plot, top,
                       ticks, turns, note)


def _note(text: str, plot: pygame.Rect) -> list[tuple[str, int, pygame.Rect]]:
    """`text` centred in `plot`, wrapped to its width less a margin (so it never reaches the value
    labels at the plot's left), a size smaller (down to 10) while it does not fit."""
    room = plot.width - 12
    for size in (13, 12, 11, 10):
        italic = ui.font(size, italic=True)
        lines = ui.wrap(text, room, size)
        high = italic.get_linesize()
        if all(italic.size(line)[0] <= room for line in lines) and high * len(lines) <= plot.height - 8:
            break
    top = plot.centery - high * len(lines) // 2
    return [_placed(line, size, "midtop", (plot.centerx, top + i * high), italic=True) for i, line in enumerate(lines)]


def _hline(surface: pygame.Surface, colour: Any, x0: int, x1: int, y: int, gap: pygame.Rect | None) -> None:
    """A horizontal line from x0 to x1, interrupted where it would cross `gap`."""
    if gap is None or not gap.top <= y < gap.bottom:
        pygame.draw.line(surface, colour, (x0, y), (x1, y))
        return
    if x0 < gap.left:
        pygame.draw.line(surface, colour, (x0, y), (min(x1, gap.left - 1), y))
    if x1 >= gap.right:
        pygame.draw.line(surface, colour, (max(x0, gap.right), y), (x1, y))


def totals_chart(surface: pygame.Surface, rect: pygame.Rect, view: dict[str, Any], look: Look) -> None:
    """Reputation totals turn by turn, one line per guild, the goal as a dashed line."""
    ui.panel(surface, rect, 225)
    lay = chart_layout(rect, view, look)
    text, size, where = lay.title
    blit_label(surface, text, where.topleft, size, ui.GOLD, True)
    history, goal, plot, top = view["history"], view["winning_total"], lay.plot, lay.top
    gap = lay.note_box()  # the grid stops around the note so it reads clearly
    for y, (text, size, where) in lay.ticks:
        _hline(surface, (64, 50, 34), plot.left, plot.right, y, gap)
        blit_label(surface, text, where.topleft, size, ui.PARCHMENT_DIM)
    gy = plot.bottom - plot.height * goal // top
    for x in range(plot.left, plot.right, 10):
        _hline(surface, ui.GOLD, x, min(plot.right, x + 5), gy, gap)
    turns = max(1, len(history))
    text, size, where = lay.turns
    blit_label(surface, text, where.topleft, size, ui.PARCHMENT_DIM)
    for text, size, where in lay.note:
        blit_label(surface, text, where.topleft, size, ui.PARCHMENT_DIM, italic=True)
    if not history:
        return
    for s in range(view["seats"]):
        c = look.colour(s)
        pts = [(plot.left + plot.width * (t + 1) // turns, plot.bottom - plot.height * row[s] // top)
               for t, row in enumerate(history)]
        pts = [(plot.left, plot.bottom), *pts]
        pygame.draw.lines(surface, c.rgb, False, pts, 3)
        ui.seat_symbol(surface, c.symbol, pts[-1], 6, c.rgb)


# -- mage levels (legend) ----------------------------------------------------------------------------

def levels_legend(surface: pygame.Surface, rect: pygame.Rect, view: dict[str, Any], look: Look) -> None:
    """The six colours (mage level number, colour name and symbol, resource name), then the two
    kinds of unit as they are drawn on the map."""
    ui.panel(surface, rect, 225)
    fit_label(surface, look.tr("amadrim.ui.levels"), rect.width - 24, (rect.left + 12, rect.top + 8), 16, ui.GOLD,
              True)
    colours = view["colours"]
    kinds = [(kind, look.tr(f"amadrim.ui.legend.{kind}")) for kind in ("merchant", "mage")]
    one_row = sum(28 + 4 + ui.font(12).size(t)[0] + 12 for _, t in kinds) <= rect.width - 10
    step = max(18, (rect.height - 36) // (len(colours) + (1 if one_row else 2)))
    r = max(7, min(11, step // 2 - 2))
    for i, c in enumerate(colours):
        y = rect.top + 34 + i * step + step // 2
        resource_chip(surface, c, (rect.left + 22, y), r)
        blit_label(surface, str(c["level"]), (rect.left + 42, y), 14, ui.GOLD, True, anchor="midleft")
        text = look.tr("amadrim.ui.level_line", colour=look.text(c["name"]), resource=look.text(c["resource"]))
        fit_label(surface, text, rect.width - 70, (rect.left + 60, y), 13, ui.PARCHMENT, anchor="midleft")
    y = rect.top + 34 + len(colours) * step + step // 2
    size = max(18, min(28, step))
    grey = (150, 140, 126)
    x = rect.left + 10
    for kind, label in kinds:  # side by side when they fit, else one per row
        level_rgb = hex_rgb(colours[1]["hex"]) if kind == "mage" else None
        sprite = unit_sprite(size, kind, grey, "circle", 2 if kind == "mage" else 0, level_rgb)
        surface.blit(sprite, sprite.get_rect(midleft=(x, y)))
        label_rect = fit_label(surface, label, rect.right - 10 - (x + size + 4), (x + size + 4, y), 12,
                               ui.PARCHMENT_DIM, anchor="midleft")
        if one_row:
            x = label_rect.right + 12
        else:
            y += step


# -- stock sheets ------------------------------------------------------------------------------------

def seat_status(view: dict[str, Any], seat: int) -> str:
    """Key of a seat's state in this phase (for the sheets and the curtain)."""
    if view["out"][seat]:
        return "amadrim.ui.out"
    phase = view["phase"]
    if phase == "programming":
        return "amadrim.ui.status.locked" if view["locked"][seat] else "amadrim.ui.status.programming"
    if phase == "actions":
        if view["current"] == seat:
            return "amadrim.ui.acting"
        return "amadrim.ui.done" if view["revealed"][seat] else "amadrim.ui.waiting"
    if phase == "setup":
        return "amadrim.ui.placing" if view["current"] == seat else "amadrim.ui.waiting"
    return "amadrim.phase.over"


def stock_sheets(surface: pygame.Surface, rect: pygame.Rect, view: dict[str, Any], look: Look,
                 highlight: int | None = None) -> list[tuple[pygame.Rect, tuple[int, str]]]:
    """Each guild's sheet: status, cubes, cities, captures, resources and market markers.

    Returns (rectangle, (seat, colour id)) for the resource chips (see `resource_tip`).
    """
    ui.panel(surface, rect, 225)
    fit_label(surface, look.tr("amadrim.ui.stock_title"), rect.width - 24, (rect.left + 12, rect.top + 6), 16, ui.GOLD,
              True)
    tips: list[tuple[pygame.Rect, tuple[int, str]]] = []
    seats = view["seats"]
    top = rect.top + 30
    block_h = (rect.bottom - 6 - top) // max(1, seats)
    colours = view["colours"]
    steps = len(view["market_values"])
    for s in range(seats):
        block = pygame.Rect(rect.left + 6, top + s * block_h, rect.width - 12, block_h - 4)
        c = look.colour(s)
        fill = pygame.Surface(block.size, pygame.SRCALPHA)
        fill.fill((*c.rgb, 34 if s == highlight else 16))
        surface.blit(fill, block)
        pygame.draw.rect(surface, c.rgb if s == highlight else mix(c.rgb, ui.INK, 0.5), block, 2 if s == highlight else 1,
                         border_radius=6)
        ui.seat_symbol(surface, c.symbol, (block.left + 14, block.top + 13), 7, c.rgb)
        status = look.tr(seat_status(view, s))
        pawns = (view.get("pawns_left") or [None] * seats)[s]  # None: no limit on pieces
        facts = look.tr("amadrim.ui.sheet_facts" if pawns is not None else "amadrim.ui.sheet_facts_unlimited",
                        cubes=view["cubes"][s], cities=sum(1 for city in view["cities"] if city["owner"] == s),
                        captured=len(view["captured"][s]), pawns=pawns)
        compact = block.height < 66  # small windows: the facts take the status's place
        first = view["first_player"] == s and view["phase"] != "over"
        # the name gets what the corner text leaves (in small windows the facts, whole at 11 px):
        # a long name is shortened ("Daniel-A.") rather than run into them
        corner_w = ui.font(11).size(facts)[0] if compact else int(block.width * 0.58) - 40
        name_w = max(60, block.width - 26 - (20 if first else 0) - 14 - corner_w)
        name = short_name(look.name(s), name_w, 15, bold=True)
        name_rect = fit_label(surface, name, name_w, (block.left + 26, block.top + 4), 15, ui.PARCHMENT, True)
        if first:
            coin = (name_rect.right + 12, block.top + 13)
            pygame.draw.circle(surface, ui.GOLD, coin, 7)
            pygame.draw.circle(surface, ui.INK, coin, 7, 1)
            blit_label(surface, "1", coin, 10, ui.INK, True, anchor="center")
        used = name_rect.right - block.left + (20 if first else 0) + 14
        corner = facts if compact else status
        shown, size = ui.fitted(corner, block.width - used - 8, 12, smallest=10)  # smaller before cut
        blit_label(surface, shown, (block.right - 8, block.top + 4 + (12 - size) // 2), size,
                   ui.GOLD if corner == look.tr("amadrim.ui.acting") else ui.PARCHMENT_DIM, anchor="topright",
                   italic=not compact)
        if not compact:
            fit_label(surface, facts, block.width - 16, (block.left + 10, block.top + 22), 12, ui.PARCHMENT_DIM)
        chip_w = (block.width - 12) // max(1, len(colours))
        r = max(7, min(11, (block.height - 56) // 2 + 4))
        cy = block.top + (24 if compact else 40) + r
        if cy + r + 10 > block.bottom:
            cy = block.bottom - r - 10
        stock, market = view["stock"][s], view["market"][s]
        for i, col in enumerate(colours):
            x = block.left + 6 + i * chip_w
            resource_chip(surface, col, (x + r + 2, cy), r)
            count = stock[col["id"]]
            blit_label(surface, str(count), (x + 2 * r + 6, cy), 15, ui.PARCHMENT if count else ui.GREY, True,
                       anchor="midleft")
            step = market[col["id"]]
            pip = max(3, min(5, (chip_w - 8) // (steps * 2)))
            for k in range(steps):
                px = x + 2 + k * (pip + 2)
                on = k < step
                pygame.draw.rect(surface, ui.GOLD if on else (58, 45, 30), (px, cy + r + 4, pip, pip))
            if view["majority"].get(col["id"]) == s:
                pygame.draw.circle(surface, ui.GOLD, (x + r + 2, cy), r + 2, 2)
            tips.append((pygame.Rect(x, cy - r - 2, chip_w, 2 * r + 12), (s, col["id"])))
    return tips


def resource_tip(view: dict[str, Any], look: Look, seat: int, colour_id: str) -> str:
    """The tooltip of a resource chip on a stock sheet (built only when hovered)."""
    col = next(c for c in view["colours"] if c["id"] == colour_id)
    return look.tr("amadrim.ui.tip.resource", resource=look.text(col["resource"]), colour=look.text(col["name"]),
                   count=view["stock"][seat][colour_id], step=view["market"][seat][colour_id],
                   steps=len(view["market_values"]))
