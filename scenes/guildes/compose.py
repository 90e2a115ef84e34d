"""Composing the Guildes table into one surface from the unveiled seat's view, with its click zones.

Zones (scaled from 1280x800): the round and decks along the top, the shared Light/Dark track under
it; the guild tiles (one panel per seat: leader, rubies, alignment, action cards, hand count,
quests, mages with their damage and state) on the left; the visible quest with its monsters and
damage, the market (face-up item and mage, drawn mages), the auction lot, the fight under way and
the last dice with their purpose, and the unveiled seat's own items and spells in the middle;
the turn log on the right; the prompt bar with one button per choice along the bottom.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from scenes import ui
from sprites.guildes import pieces as P

Rect = pygame.Rect
Hit = ui.Hit
STATES = {True: "active", False: "passive", None: "unknown"}


@dataclass
class ForceControl:
    """The designer's force-the-next-die control in the dice panel: the panel's title, the label, the boxes."""

    title: Rect
    label: str
    label_rect: Rect
    size: int
    boxes: list[tuple[int, Rect]]
    row: int  # height of the row the label takes under the title (0 when it sits beside the title)


MIN_TEXT = 12  # px: no text a player reads is drawn smaller (5 seats at 1024x700 had chips at 10)
FORCE_GAP = 12  # px at least between the dice panel's title and the force label beside it


GAP = 4  # px between two chips or two cards of a row, and between rows


@dataclass
class Flow:
    """Pieces laid in rows (a tile's mage chips, the hand's cards): their one font size, a rect for
    each piece shown (the first ones, in order) and the "+N" piece standing for the rest (None when
    every piece shows)."""

    size: int
    rects: list[Rect]
    more: Rect | None = None
    cut: bool = False  # some names are cut with an ellipsis

    def rank(self, readable: int) -> tuple[bool, int, bool, bool]:
        """What makes a layout better, first things first: every piece shown, how many are, no name
        cut, the font `readable` points or more."""
        return self.more is None, len(self.rects), not self.cut, self.size >= readable


def rows_of(widths: list[int], width: int) -> list[list[int]]:
    """The pieces of `widths` (indices) row by row, each row as full as `width` allows."""
    rows: list[list[int]] = []
    x = 0
    for i, w in enumerate(widths):
        if rows and x + GAP + w <= width:
            rows[-1].append(i)
            x += GAP + w
        else:
            rows.append([i])
            x = w
    return rows


def grid(widths: list[int], area: Rect, h: int, cols: int) -> list[Rect] | None:
    """Equal cells `h` high, `cols` a row (fewer when a piece needs a wider cell); None when the
    widest piece or the rows do not fit `area`."""
    for n in range(cols, 0, -1):
        cw = (area.width - GAP * (n - 1)) // n
        if widths and cw >= max(widths):
            rows = (len(widths) + n - 1) // n
            if rows * h + (rows - 1) * GAP > area.height:
                return None
            return [Rect(area.left + (i % n) * (cw + GAP), area.top + (i // n) * (h + GAP), cw, h)
                    for i in range(len(widths))]
    return None if widths else []


def flow(widths: list[int], area: Rect, h: int, justify: bool = False) -> list[Rect] | None:
    """Pieces as wide as they need, row after row (`justify`: each row stretched to the width);
    None when a piece or the rows do not fit `area`."""
    if any(w > area.width for w in widths):
        return None
    rows = rows_of(widths, area.width)
    if len(rows) * h + (len(rows) - 1) * GAP > area.height:
        return None
    return lay_rows(rows, widths, area, h, justify)


def lay_rows(rows: list[list[int]], widths: list[int], area: Rect, h: int, justify: bool) -> list[Rect]:
    rects = []
    for r, row in enumerate(rows):
        spare = area.width - sum(widths[i] for i in row) - GAP * (len(row) - 1) if justify else 0
        x = area.left
        for k, i in enumerate(row):
            w = widths[i] + spare // len(row) + (spare % len(row) if k == len(row) - 1 else 0)
            rects.append(Rect(x, area.top + r * (h + GAP), w, h))
            x += w + GAP
    return rects


def overflow(widths: list[int], area: Rect, h: int, more: int) -> tuple[list[Rect], Rect | None]:
    """As many pieces as the rows of `area` hold (at least one row), then a "+N" piece `more` wide
    at the end of the last row for the others (None when all fit)."""
    widths = [min(w, area.width) for w in widths]
    rows = rows_of(widths, area.width)
    room = max(1, (area.height + GAP) // (h + GAP))
    if len(rows) <= room:
        return lay_rows(rows, widths, area, h, False), None
    rows = rows[:room]
    last = rows[-1]
    while last and sum(widths[i] for i in last) + GAP * len(last) + more > area.width:
        last.pop()
    if not last:
        rows.pop()
    rects = lay_rows(rows, widths, area, h, False)
    x = rects[-1].right + GAP if last else area.left
    return rects, Rect(x, area.top + (room - 1) * (h + GAP), more, h)


def row_heights(needs: list[int], room: int) -> list[int]:
    """Heights for rows that need `needs` in `room`: each its need and an equal share of what is
    left, or, when the needs do not fit, shares of `room` in proportion to them."""
    if not needs:
        return []
    total = sum(needs)
    if total <= room:
        spare = room - total
        return [n + spare // len(needs) + (spare % len(needs) if i == len(needs) - 1 else 0)
                for i, n in enumerate(needs)]
    out = [room * n // total for n in needs]
    out[-1] += room - sum(out)
    return out


class Composer:
    """One composition of the table (see the module docstring); `run()` gives (layer, hits)."""

    def __init__(self, table: Any, size: tuple[int, int]) -> None:
        self.t = table
        self.v = table.view
        self.cards = self.v["cards"]
        self.w, self.h = size
        self.s = min(self.w / 1280, self.h / 800)
        self.hits: list[Hit] = []
        self.layer = ui.background(size).copy()
        self._chips_at: dict[tuple[int, int, int], Flow] = {}  # a tile's chips by (seat, width, height)
        self._texts: dict[tuple[int, int], Any] = {}  # a tile's text levels by (seat, width)
        self._widths: dict[tuple[str, int], int] = {}  # a name's width by (name, font size)

    # -- helpers -----------------------------------------------------------------------------------

    def fs(self, n: int) -> int:
        return max(MIN_TEXT, int(n * self.s))

    @staticmethod
    def less(f: int, points: int) -> int:
        """`f` made `points` smaller for a secondary text, never under `MIN_TEXT`."""
        return max(MIN_TEXT, f - points)

    def tr(self, key: str, **p: Any) -> str:
        return self.t.app.tr(key, **p)

    def tx(self, value: Any) -> str:
        return self.t.app.strings.text(value)

    def name(self, kind: str, cid: str | None) -> str:
        if cid is None:
            return self.tr("guildes.ui.nothing")
        table = self.cards.get(kind, {})
        card = table.get(cid) or self.cards["items"].get(cid) or self.cards["spells"].get(cid)
        return self.tx(card["name"]) if card else cid

    def stats_tip(self, mid: str) -> str:
        return self.t.mage_tip(mid)

    def card_tip(self, cid: str) -> str:
        card = self.cards["items"].get(cid) or self.cards["spells"].get(cid)
        return f"{self.tx(card['name'])} — {self.tx(card['text'])}" if card else cid

    def line(self, text: str, pos: tuple[int, int], width: int, f: int, colour: Any, bold: bool = False) -> Rect:
        """One line of text at `pos`: a smaller font (down to 3 points less) before cutting it."""
        size = f
        while size > self.less(f, 3) and ui.font(size, bold).size(text)[0] > width:
            size -= 1
        return ui.text(self.layer, ui.ellipsize(text, width, size, bold), pos, size, colour, bold=bold)

    def fits(self, text: str, width: int, f: int, bold: bool = False) -> bool:
        """Whether `line` draws `text` whole in `width` (at `f`, or down to 3 points less)."""
        return ui.font(self.less(f, 3), bold).size(text)[0] <= width

    def whole(self, text: str, width: int, f: int, bold: bool = False) -> bool:
        """Whether `text` fits in `width` at its own size `f`."""
        return ui.font(f, bold).size(text)[0] <= width

    def wrap(self, pieces: list[tuple[str, Any]], width: int, f: int) -> list[tuple[str, Any]]:
        """Pieces (text, colour) joined with " · " row after row, each row as full as `width` holds
        at size `f` (a piece too wide alone on its row); a row takes its first piece's colour."""
        rows: list[tuple[str, Any]] = []
        for text, colour in pieces:
            if rows and self.whole(f"{rows[-1][0]} · {text}", width, f):
                rows[-1] = (f"{rows[-1][0]} · {text}", rows[-1][1])
            else:
                rows.append((text, colour))
        return rows

    def tip(self, rect: Rect, text: str) -> None:
        self.hits.append(Hit(Rect(rect), "tip", None, text))

    # -- the whole table ---------------------------------------------------------------------------

    def run(self) -> tuple[pygame.Surface, list[Hit]]:
        zones = self.zones()
        self.top_bar(zones["top_bar"])
        self.track(zones["track"])
        self.guilds(zones["guilds"])
        self.centre(zones["centre"])
        self.t.draw_log(self.layer, zones["log"], size=self.fs(14))
        self.prompt(zones["prompt"])
        if self.v.get("outcome"):
            self.final(zones["main"])
        return self.layer, self.hits

    def zones(self) -> dict[str, Rect]:
        """The table's zones at this size: top_bar, track, main (= guilds + centre), log, prompt."""
        s, w, h = self.s, self.w, self.h
        log_w = int(300 * s) if w >= 1200 else int(260 * s)
        bottom_h = int(150 * s)
        top = int(40 * s)
        main_top = top + int(52 * s)
        main = Rect(10, main_top, w - log_w - 30, h - bottom_h - 20 - main_top)
        left_w = int(main.width * (0.58 if len(self.v["guilds"]) <= 3 else 0.62))
        return {"top_bar": Rect(22, 10, w - 44, int(26 * s)), "track": Rect(10, top, w - log_w - 30, int(44 * s)),
                "main": main, "guilds": Rect(main.left, main.top, left_w, main.height),
                "centre": Rect(main.left + left_w + 10, main.top, main.width - left_w - 10, main.height),
                "log": Rect(w - log_w - 10, top, log_w, h - bottom_h - 20 - top),
                "prompt": Rect(10, h - bottom_h - 10, w - 20, bottom_h)}

    def top_bar(self, rect: Rect) -> None:
        v = self.v
        parts = [self.tr("guildes.ui.round", round=max(1, v["round"])), self.tr(v["phase_key"]),
                 self.tr("guildes.ui.first", name=self.t.seat_name(v["first"])),
                 self.tr("guildes.ui.decks", quests=v["quests_left"], **v["decks"])]
        # the menu (pause, rules, note, save and quit) on screen, as the other tables have it, not
        # only behind Esc, which nothing said
        f = self.fs(14)
        label = self.tr("curtain.pause")
        box = Rect(0, 0, ui.font(f).size(label)[0] + 24, max(rect.height, int(f * 1.7)))
        box.topright = (rect.right, rect.top - 2)
        pygame.draw.rect(self.layer, (58, 44, 28), box, border_radius=7)
        pygame.draw.rect(self.layer, ui.GOLD_DARK, box, 2, border_radius=7)
        ui.text(self.layer, label, box.center, f, ui.PARCHMENT, anchor="center")
        self.hits.append(Hit(box, "menu", None, self.tr("guildes.ui.tip.menu")))
        ui.text(self.layer, ui.ellipsize("   ·   ".join(parts), box.left - 12 - rect.left, self.fs(16)), rect.topleft,
                self.fs(16), ui.GOLD)

    def track(self, rect: Rect) -> None:
        """The Light/Dark track, every seat's marker visible (seats at one value side by side), each
        with a tooltip naming the seat and its alignment."""
        lo, hi = self.cards["alignment"]
        marks = []
        for g in self.v["guilds"]:
            c = self.t.seat_colour(g["seat"])
            marks.append((g["alignment"], c.rgb, c.symbol))
        rects = P.alignment_track(self.layer, rect, lo, hi, marks,
                                  (self.tr("guildes.ui.dark"), self.tr("guildes.ui.light")), self.fs(15))
        for g, r in zip(self.v["guilds"], rects, strict=True):
            self.tip(r, self.tr("guildes.ui.track_tip", name=self.t.seat_name(g["seat"]), n=g["alignment"]))

    # -- guild tiles -------------------------------------------------------------------------------

    def guilds(self, area: Rect) -> None:
        """The guild tiles, two columns from 4 seats (a lone last tile takes the whole width); each
        row of tiles as high as its fullest tile needs to show every mage whole (`tile_need`), the
        height left shared between the rows."""
        gs = self.v["guilds"]
        cols = 1 if len(gs) <= 3 else 2
        gap = int(8 * self.s)
        rows = [gs[i:i + cols] for i in range(0, len(gs), cols)]
        room = area.height - gap * (len(rows) - 1)
        widths = [(area.width - gap * (len(row) - 1)) // len(row) for row in rows]
        needs = [max(self.tile_need(g, w, room) for g in row) for row, w in zip(rows, widths, strict=True)]
        if sum(needs) > room:  # not every name whole: every mage shown first, the rest towards whole names
            least = [max(self.tile_need(g, w, room, whole=False) for g in row) for row, w in zip(rows, widths, strict=True)]
            needs = least if sum(least) >= room else [
                n + (room - sum(least)) * (full - n) // max(1, sum(needs) - sum(least)) for n, full in zip(least, needs, strict=True)]
        heights = row_heights(needs, room)
        y = area.top
        for row, w, h in zip(rows, widths, heights, strict=True):
            for c, g in enumerate(row):
                self.guild(g, Rect(area.left + c * (w + gap), y, w, h))
            y += h + gap

    def tile_need(self, g: dict[str, Any], width: int, most: int, whole: bool = True) -> int:
        """The least height (up to `most`) at which guild `g`'s tile, `width` wide, shows every mage
        (`whole`: with every name whole, at a readable size); `most` when none does."""
        def enough(h: int) -> bool:
            key = (g["seat"], width, h)
            if key not in self._chips_at:
                self._chips_at[key] = self.tile_plan(g, Rect(0, 0, width, h))[1]
            chips = self._chips_at[key]
            return chips.more is None and (not whole or (not chips.cut and chips.size >= self.fs(13) - 1))

        lo, hi = int(60 * self.s), most
        if not enough(hi):
            return most
        while hi - lo > 3:
            mid = (lo + hi) // 2
            lo, hi = (lo, mid) if enough(mid) else (mid, hi)
        return hi

    def tile_plan(self, g: dict[str, Any], rect: Rect) -> tuple[list[tuple[str, Any]], Flow, dict[str, Any]]:
        """The text rows of a guild tile in `rect`, its mage chips, and what drawing them needs."""
        f = self.fs(14)
        x, y, line = rect.left + 10, rect.top + 6 + int(f * 1.45) + 2, int(f * 1.45)
        width = rect.width - 20
        levels, parts = self.tile_text(g, width)
        if rect.height < 7 * line:
            levels = levels[2:]

        def rank(level: tuple[list[tuple[str, Any]], bool], chips: Flow) -> tuple[Any, ...]:
            """Every chip shown first (see `Flow.rank`), then every row whole, more rows, bigger chips."""
            return (*chips.rank(self.fs(13) - 1), level[1], len(level[0]), chips.size)

        level, chips = max(((r, self.chip_layout(g, Rect(x, y + len(r[0]) * line, width,
                                                           rect.bottom - y - len(r[0]) * line - 6))) for r in levels),
                           key=lambda rc: rank(*rc))
        return level[0], chips, parts

    def tile_text(self, g: dict[str, Any], width: int) -> tuple[list[tuple[list[tuple[str, Any]], bool]], dict[str, Any]]:
        """The ways of writing a guild tile's text rows `width` wide, most rows first, each with
        whether every row is whole; and the parts drawing them needs (kept for the composition)."""
        key = (g["seat"], width)
        if key in self._texts:
            return self._texts[key]
        f = self.fs(14)
        tile = self.cards["guilds"][g["guild"]]
        leader = self.name("leaders", g["leader"]) if g["leader"] else (self.tr("guildes.ui.chosen") if g.get(
            "leader_chosen") else self.tr("guildes.ui.leader_pending"))  # (a lone "?" told nobody anything)
        counts = [self.tr("guildes.ui.rubies", n=g["rubies"]), self.tr("guildes.ui.quests_done", n=len(g["quests"]))]
        if g["vp_tokens"]:
            counts.append(self.tr("guildes.ui.vp_tokens", n=g["vp_tokens"]))
        aligned = [[counts[0], self.tr(f"guildes.ui.{word}", n=g["alignment"]), *counts[1:]]
                   for word in ("alignment", "alignment_short")]
        cards = [self.tr("guildes.ui.cards_played", first=self.card_word(g, "first"), second=self.card_word(g, "second")),
                 self.tr("guildes.ui.hand", n=g["hand_count"])]
        objectives = self.tr("guildes.ui.objectives",
                             list=", ".join(self.tr(f"guildes.objective.{o}") for o in tile["objectives"]))
        bright, dim = ui.PARCHMENT, ui.PARCHMENT_DIM
        lead, card_rows = (leader, bright), [(c, dim) for c in cards]
        joined = f"{' · '.join(cards)} · {objectives}"
        tail = [(joined, dim)] if self.whole(joined, width, f) else self.wrap(card_rows, width, f)

        def wrapped(make: Any) -> list[tuple[str, Any]]:
            """The rows `make(counts)` gives, the alignment spelt out unless that takes a row more."""
            spelt, short = (make([(t, bright) for t in a]) for a in aligned)
            return spelt if len(spelt) <= len(short) else short

        # the levels, most rows first: each part on its own rows; the objectives (whose tooltip gives
        # them whole) joined to the cards or left out; every piece after the other, as many to a row
        # as fit; the leader and the counts alone, the cards left to the tooltip too (the leader and
        # the counts were one row, cut when the leader's name was long)
        full = wrapped(lambda counts: [lead, *self.wrap(counts, width, f), *self.wrap(card_rows, width, f),
                                       (objectives, dim)])
        medium = wrapped(lambda counts: [lead, *self.wrap(counts, width, f), *tail])
        compact = wrapped(lambda counts: self.wrap([lead, *counts, *card_rows], width, f))
        tight = wrapped(lambda counts: self.wrap([lead, *counts], width, f))
        levels = [(rows, all(self.whole(t, width, f) for t, _ in rows)) for rows in (full, medium, compact, tight)]
        parts = {"leader": leader, "cards": cards, "objectives": objectives, "tile": tile}
        self._texts[key] = levels, parts
        return levels, parts

    def guild(self, g: dict[str, Any], rect: Rect) -> None:
        seat, f = g["seat"], self.fs(14)
        colour = self.t.seat_colour(seat)
        acting = seat in (self.v.get("to_act") or []) or seat == self.v.get("current")
        ui.panel(self.layer, rect, 225, ui.GOLD if acting else ui.GOLD_DARK)
        x, y, line = rect.left + 10, rect.top + 6, int(f * 1.45)
        ui.seat_symbol(self.layer, colour.symbol, (x + 7, y + f // 2 + 2), max(5, f // 2), colour.rgb)
        rows, chips, parts = self.tile_plan(g, rect)
        head = f"{self.t.seat_name(seat)} — {self.tx(parts['tile']['name'])}"
        if self.fits(head, rect.width - 40, f + 1, bold=True):
            self.line(head, (x + 20, y), rect.width - 40, f + 1, ui.GOLD, bold=True)
        else:  # too long at 12 px (5 seats at 1024x700): the seat's name alone, whole, the guild's
            # in the tooltip (a cut "Camille — La Tour d'Obs…" named neither clearly)
            r = self.line(self.t.seat_name(seat), (x + 20, y), rect.width - 40, f + 1, ui.GOLD, bold=True)
            self.tip(r, head)
        y += line + 2
        width, leader = rect.width - 20, parts["leader"]
        shown = " · ".join(text for text, _ in rows)
        left = [t for t in (" · ".join(parts["cards"]), parts["objectives"]) if t not in shown]  # in the last row's tooltip
        for i, (text, colour) in enumerate(rows):
            r = self.line(text, (x, y), width, f, colour)
            tips = [text] if not self.fits(text, width, f) else []
            if leader in text.split(" · ") and g["leader"]:
                lead_card = self.cards["leaders"][g["leader"]]
                tips.append(f"{self.tx(lead_card['name'])} — {self.tx(lead_card['power'])}")
            if i == len(rows) - 1:
                tips += left
            if tips:
                self.tip(r, "\n".join(tips))
            y += line
        self.chips(g, chips)

    def card_word(self, g: dict[str, Any], which: str) -> str:
        if g[which] is not None:
            return self.tr(f"guildes.card.{g[which]}")
        return self.tr("guildes.ui.hidden_card") if g[f"{which}_chosen"] else self.tr("guildes.ui.no_card")

    def chip_states(self, g: dict[str, Any]) -> list[str]:
        """Each mage's chip state as drawn: in the centre, else active/passive (the placement being
        chosen shows the unveiled seat's selection)."""
        placing = self.t.placing() and g["seat"] == self.v["seat"]
        out = []
        for m in g["mages"]:
            if m["centre"]:
                out.append("centre")
            elif placing:
                out.append("active" if m["id"] in self.t.place_sel else "passive")
            else:
                out.append(STATES[m["active"]])
        return out

    def chip_layout(self, g: dict[str, Any], area: Rect) -> Flow:
        """Where the mage chips of guild `g` go in `area`: one font size for them all, the largest at
        which every name fits whole on one line and every chip fits the area (a grid first, then
        rows of chips each as wide as its name); when even the smallest size leaves some out, a grid
        at that size with the longest names cut; when even that does not hold them all, a "+N"
        chip takes its last cell (the tooltips give every name whole)."""
        f = self.fs(13)
        names = [self.name("mages", m["id"]) for m in g["mages"]]
        pads = [-P.chip_room(0, st) for st in self.chip_states(g)]  # a chip's width besides its name
        per_row = max(2, min(4, area.width // int(118 * self.s)))
        sizes = range(f, self.less(f, 3) - 1, -1)
        for size in sizes:
            widths = [self.name_width(n, size) + pad for n, pad in zip(names, pads, strict=True)]
            for tight in (False, True):
                h = P.chip_height(size, tight)
                layout = grid(widths, area, h, per_row) or flow(widths, area, h, justify=True)
                if layout is not None:
                    return Flow(size, layout)
        size, h = sizes[-1], P.chip_height(sizes[-1], True)
        cells = grid([0] * len(names), area, h, per_row)  # every mage, the longest names cut (whole in tooltips)
        if cells is not None:
            return Flow(size, cells, cut=True)
        rows = max(1, (area.height + GAP) // (h + GAP))
        cells = grid([0] * (rows * per_row), Rect(area.left, area.top, area.width, max(h, area.height)), h, per_row)
        return Flow(size, cells[:-1], cells[-1], cut=True)  # the last cell: "+N"

    def name_width(self, name: str, size: int) -> int:
        """The width of `name` at `size` (measured once per composition)."""
        key = (name, size)
        if key not in self._widths:
            self._widths[key] = ui.font(size).size(name)[0]
        return self._widths[key]

    def chips(self, g: dict[str, Any], layout: Flow) -> None:
        mine = self.t.placing() and g["seat"] == self.v["seat"]
        states = self.chip_states(g)
        for m, rect, state in zip(g["mages"], layout.rects, states, strict=False):
            hp = self.cards["mages"][m["id"]]["hp"]
            selected = mine and m["id"] in self.t.place_sel
            P.mage_chip(self.layer, rect, self.name("mages", m["id"]), m["damage"], hp, state, layout.size, selected)
            tip = self.chip_tip(m)
            if mine and not m["centre"]:
                self.hits.append(Hit(rect, "toggle", m["id"], tip))
            else:
                self.tip(rect, tip)
        if layout.more is not None:
            rest = g["mages"][len(layout.rects):]
            P.more_chip(self.layer, layout.more, f"+{len(rest)}", layout.size)
            self.tip(layout.more, "\n".join(self.chip_tip(m) for m in rest))

    def chip_tip(self, m: dict[str, Any]) -> str:
        """A mage chip's tooltip: the whole card, and its damage when it has some."""
        hp = self.cards["mages"][m["id"]]["hp"]
        return self.stats_tip(m["id"]) + (f" · {m['damage']}/{hp}" if m["damage"] else "")

    # -- the middle column -------------------------------------------------------------------------

    def centre(self, area: Rect) -> None:
        panels = self.centre_panels(area)
        self.quest(panels["quest"])
        self.market(panels["market"])
        self.dice(panels["dice"])
        self.hand(panels["hand"])

    def centre_panels(self, area: Rect) -> dict[str, Rect]:
        """The middle column's panels, top to bottom: quest, market, dice, hand. When the designer's
        force label needs a row of its own, the quest panel gives it (its fullest card, two monsters
        and loot, leaves about 20 px free at 1024x700 and 1280x800). When the hand needs more room
        than its share, the dice, market and quest panels give it what their content leaves free now."""
        quest_h, market_h, dice_h = int(area.height * 0.42), int(area.height * 0.2), int(area.height * 0.2)
        if self.designing():
            row = self.force_control(Rect(area.left, area.top, area.width, dice_h)).row
            quest_h, dice_h = quest_h - row, dice_h + row
        # the market grows into what the quest leaves free when a name needs a second line
        grow = max(0, min(self.market_need(area.width) - market_h, quest_h - self.quest_need(area.width)))
        quest_h, market_h = quest_h - grow, market_h + grow
        heights = [quest_h, market_h, dice_h]
        short = self.hand_need(area.width) - (area.height - sum(heights) - 24)
        needs = [self.quest_need(area.width), self.market_need(area.width), self.dice_need(area.width)]
        for i in (2, 1, 0):
            give = max(0, min(short, heights[i] - needs[i]))
            heights[i] -= give
            short -= give
        quest = Rect(area.left, area.top, area.width, heights[0])
        market = Rect(area.left, quest.bottom + 8, area.width, heights[1])
        dice = Rect(area.left, market.bottom + 8, area.width, heights[2])
        return {"quest": quest, "market": market, "dice": dice,
                "hand": Rect(area.left, dice.bottom + 8, area.width, area.bottom - dice.bottom - 8)}

    def body_top(self) -> int:
        """How far under a panel's top its body starts (under the title)."""
        return P.card_body_top(Rect(0, 0, 1, 1), self.fs(13))

    def quest_need(self, width: int) -> int:
        """The quest panel's height that shows the visible quest whole."""
        q, f = self.v.get("quest"), self.fs(13)
        line = int(f * 1.4)
        if q is None:
            return self.body_top()
        monsters = self.cards["quests"][q["id"]]["monsters"]
        per_monster = 2 + 2 * line + max(6, int(8 * self.s)) + line // 2 + 4  # as `monster` lays one
        wrapped = sum(len(self.title_lines(self.monster_title(m), width - 40, f)) - 1 for m in monsters)
        return self.body_top() + 2 * line + len(monsters) * per_monster + wrapped * (line - 2) + line + 8

    def market_need(self, width: int | None = None) -> int:
        """The market panel's height that shows its rows now (the auction's beside them); with the
        column's `width`, each row whole, on two lines where one does not hold it."""
        f = self.fs(13)
        line = int(f * 1.4)
        market, auction = self.market_rows()
        if width is None:
            rows = max(len(market), len(auction))
        else:
            half = width // 2 - 4
            rows = max(sum(map(len, self.row_lines(market, half - 20, 99, f))),
                       sum(map(len, self.row_lines(auction, width - half - 28, 99, f))))
        return self.body_top() + rows * line + 6

    def dice_need(self, width: int) -> int:
        """The dice panel's height that shows the fight, the last roll and its dice at full size."""
        f = self.fs(13)
        need = self.body_top() + 6
        if self.designing():
            need += self.force_control(Rect(0, 0, width, 100)).row
        fight = self.v.get("fight")
        if fight:
            need += int(f * 1.4) * (2 if self.duel_lines(fight) else 1)
        return need + (int(f * 1.5) + int(26 * self.s) if self.v.get("dice") else int(f * 1.4))

    def quest(self, rect: Rect) -> None:
        f, q = self.fs(13), self.v.get("quest")
        if q is None:
            P.card_box(self.layer, rect, self.tr("guildes.ui.no_quest"), f)
            return
        card = self.cards["quests"][q["id"]]
        title = self.tr("guildes.ui.quest", name=self.tx(card["name"]))
        y = P.card_box(self.layer, rect, title, f)
        shown, where = P.card_title(rect, title, f)
        if shown != title:  # cut: the whole name in the tooltip
            self.tip(where, title)
        x, line = rect.left + 10, int(f * 1.4)
        req = card["requires"]
        words = [self.tr("guildes.ui.req_mages", n=req.get("mages", 1))]
        if req.get("side"):
            words.append(self.tr(f"guildes.ui.req_{req['side']}"))
        if req.get("at_least") is not None:
            words.append(self.tr("guildes.ui.req_at_least", n=req["at_least"]))
        if req.get("at_most") is not None:
            words.append(self.tr("guildes.ui.req_at_most", n=req["at_most"]))
        for text in (self.tr("guildes.ui.requires", text=", ".join(words)),
                     self.tr("guildes.ui.reward", vp=card["vp"], income=card["income"])):
            ui.text(self.layer, ui.ellipsize(text, rect.width - 20, f), (x, y), f, ui.PARCHMENT_DIM)
            y += line
        for i, mon in enumerate(card["monsters"]):
            y = self.monster(mon, q["damage"][i], Rect(x, y, rect.width - 20, rect.bottom - y), f)
        loot = q["loot"]
        if loot["rubies"] or loot["cards"]:
            ui.text(self.layer, self.tr("guildes.ui.loot", rubies=loot["rubies"], cards=len(loot["cards"])),
                    (x, rect.bottom - line - 4), f, ui.GOLD)

    def monster(self, mon: dict[str, Any], damage: int, area: Rect, f: int) -> int:
        x, y, line = area.left, area.top + 2, int(f * 1.4)
        P.element_badge(self.layer, mon["element"], (x + 6, y + f // 2 + 2), max(4, f // 3 + 1))
        title = self.monster_title(mon)
        lines = self.title_lines(title, area.width - 20, f)
        if len(lines) == 1:
            r = self.line(title, (x + 16, y), area.width - 20, f, ui.PARCHMENT, bold=True)
            if not self.fits(title, area.width - 20, f, bold=True):
                self.tip(r, title)  # cut: the whole title in the tooltip
        else:  # two or three lines a point smaller, as the market's names
            for k, text in enumerate(lines):
                ui.text(self.layer, text, (x + (16 if k == 0 else 28), y + k * (line - 2)), self.less(f, 1),
                        ui.PARCHMENT, bold=True)
        y += line + (line - 2) * (len(lines) - 1)
        stats = self.tr("guildes.ui.monster", element=self.tr(f"guildes.element.{mon['element']}"),
                        attack=mon["attack"], hp=mon["hp"])
        end = ui.text(self.layer, stats, (x, y), self.less(f, 1), ui.PARCHMENT_DIM).right + 10
        P.stat_row(self.layer, mon["defence"], (end, y), self.less(f, 1), self.cards["elements"])
        y += line
        bar = Rect(x, y, area.width - 10, max(6, int(8 * self.s)))
        pygame.draw.rect(self.layer, ui.INK_LIGHT, bar, border_radius=3)
        hurt = bar.copy()
        hurt.width = min(bar.width, bar.width * damage // max(1, mon["hp"]))
        if hurt.width:
            pygame.draw.rect(self.layer, ui.RED, hurt, border_radius=3)
        ui.text(self.layer, f"{damage}/{mon['hp']}", (bar.right, bar.bottom + 1), self.less(f, 2), ui.PARCHMENT_DIM,
                anchor="topright")
        return y + bar.height + line // 2 + 4

    def monster_title(self, mon: dict[str, Any]) -> str:
        """A monster's name and its flags ("Basilic (contre-attaque, pas d'attaque groupée)")."""
        flags = [self.tr("guildes.ui.counter_attack")] if mon["counter_attack"] else []
        if mon["no_group"]:
            flags.append(self.tr("guildes.ui.no_group"))
        return self.tx(mon["name"]) + (f" ({', '.join(flags)})" if flags else "")

    def title_lines(self, title: str, width: int, f: int) -> list[str]:
        """A monster's title in `width`: one line when it fits (3 points smaller at most), else two
        lines a point smaller (the others indented), else three (at `MIN_TEXT` a long title needs
        them in a 5-seat table at 1024x700), else one line cut (whole in its tooltip)."""
        if self.fits(title, width, f, bold=True):
            return [title]
        lines = ui.wrap(title, width - 12, self.less(f, 1), bold=True)
        if len(lines) <= 3 and all(self.whole(t, width - 12, self.less(f, 1), bold=True) for t in lines):
            return lines
        return [title]

    def market_rows(self) -> tuple[list[tuple[str, str, Any]], list[tuple[str, str, Any]]]:
        """The market's rows and the auction's, each (text, tooltip, colour)."""
        v = self.v
        item, mage = v["face_up_item"], v["face_up_mage"]
        market = [(self.tr("guildes.ui.face_up_item", name=self.name("items", item)),
                   self.card_tip(item) if item else "", ui.PARCHMENT),
                  (self.tr("guildes.ui.face_up_mage", name=self.name("mages", mage)),
                   self.stats_tip(mage) if mage else "", ui.PARCHMENT)]
        market += [("• " + self.name("mages", mid), self.stats_tip(mid), ui.GOLD) for mid in v.get("drawn_mages") or []]
        lot = v.get("lot")
        auction = []
        if lot:
            auction.append((self.tr("guildes.ui.lot", mage=self.name("mages", lot["mage"])),
                            self.stats_tip(lot["mage"]), ui.PARCHMENT))
            auction.append((self.tr("guildes.ui.high_bid", amount=lot["high"], name=self.t.seat_name(lot["bidder"]))
                            if lot["bidder"] is not None else self.tr("guildes.ui.no_bid"), "", ui.PARCHMENT))
        auction.append((self.tr("guildes.ui.waiting_lots", n=len(v["auction"])), "", ui.PARCHMENT))
        return market, auction

    def row_lines(self, rows: list[tuple[str, str, Any]], width: int, room: int, f: int) -> list[list[str]]:
        """Each row's lines in a panel `width` wide holding `room` lines: one line when the text fits
        (3 points smaller at most), else two (wrapped) while the room lasts, else one cut line."""
        out: list[list[str]] = []
        spare = room - len(rows)
        for text, _, _ in rows:
            if self.fits(text, width, f) or spare <= 0:
                out.append([text])
                continue
            two = ui.wrap(text, width - 12, self.less(f, 1))
            if len(two) == 2 and all(ui.font(self.less(f, 1)).size(t)[0] <= width - 12 for t in two):
                out.append(two)
                spare -= 1
            else:
                out.append([text])
        return out

    def name_rows(self, rows: list[tuple[str, str, Any]], area: Rect, f: int) -> None:
        """Draw `rows` in `area` (see `row_lines`); a row cut or wrapped keeps its whole text in its
        tooltip (a card's tooltip names it whole already)."""
        line = int(f * 1.4)
        y = area.top
        for (text, tip, colour), lines in zip(rows, self.row_lines(rows, area.width, area.height // line, f),
                                              strict=True):
            if len(lines) == 1:
                r = self.line(text, (area.left, y), area.width, f, colour)
            else:
                r = ui.text(self.layer, lines[0], (area.left, y), self.less(f, 1), colour)
                r = r.union(ui.text(self.layer, lines[1], (area.left + 12, y + line - 2), self.less(f, 1), colour))
            whole = len(lines) == 1 and self.fits(text, area.width, f)
            if tip or not whole:
                self.tip(r, tip if tip and (whole or len(lines) == 2) else f"{text}\n{tip}".strip())
            y += line * len(lines) - (2 if len(lines) == 2 else 0)

    def market(self, rect: Rect) -> None:
        f = self.fs(13)
        half = rect.width // 2 - 4
        market, auction = self.market_rows()
        left = Rect(rect.left, rect.top, half, rect.height)
        y = P.card_box(self.layer, left, self.tr("guildes.ui.market"), f)
        self.name_rows(market, Rect(left.left + 10, y, half - 20, left.bottom - y - 4), f)
        right = Rect(rect.left + half + 8, rect.top, rect.width - half - 8, rect.height)
        y = P.card_box(self.layer, right, self.tr("guildes.ui.auction"), f)
        self.name_rows(auction, Rect(right.left + 10, y, right.width - 20, right.bottom - y - 4), f)

    def dice(self, rect: Rect) -> None:
        f = self.fs(13)
        y = P.card_box(self.layer, rect, self.tr("guildes.ui.dice"), f)
        if self.designing():
            y += self.force_buttons(rect)
        fight = self.v.get("fight")
        x = rect.left + 10
        if fight:
            ui.text(self.layer, ui.ellipsize(self.fight_text(fight), rect.width - 20, f), (x, y), f, ui.PARCHMENT_DIM)
            y += int(f * 1.4)
            lines = self.duel_lines(fight)
            if lines:
                r = self.line(lines, (x, y), rect.width - 20, self.less(f, 1), ui.PARCHMENT_DIM)
                if not self.fits(lines, rect.width - 20, self.less(f, 1)):
                    self.tip(r, lines)  # cut at 12 px: both lines whole in the tooltip
                y += int(f * 1.4)
        rolls = self.v.get("dice") or []
        if not rolls:
            ui.text(self.layer, self.tr("guildes.ui.no_dice"), (x, y), f, ui.PARCHMENT_DIM, italic=True)
            return
        roll = rolls[-1]
        why = self.t.render(roll["why"])
        key = self.roll_key(roll, fight)
        earlier = key != "guildes.ui.roll"
        label = self.tr(key, why=why, total=roll["total"])
        shown = label
        if earlier and not self.fits(label, rect.width - 20, f):  # "Previous fight: 5", the rest in the tooltip
            shown = self.tr(f"{key}_short", total=roll["total"])
        r = self.line(shown, (x, y), rect.width - 20, f, ui.PARCHMENT_DIM if earlier else ui.GOLD)
        if shown != label or not self.fits(label, rect.width - 20, f):
            self.tip(r, label)
        y += int(f * 1.5)
        side = max(14, min(int(26 * self.s), (rect.bottom - y - 6)))
        for i, (value, forced) in enumerate(zip(roll["dice"], roll["forced"], strict=False)):
            dx = x + i * (side + 5)
            if dx + side > rect.right - 8:
                break
            P.die_face(self.layer, Rect(dx, y, side, side), value, forced, dim=earlier)

    @staticmethod
    def roll_key(roll: dict[str, Any], fight: dict[str, Any] | None) -> str:
        """How the dice panel labels the last roll: the exchange under way's own (`guildes.ui.roll`);
        an earlier exchange's of this fight ("Previous roll"), or another fight's, also when no fight
        is under way ("Previous fight"): both greyed. Playtests read a new fight's, a new duel's or a
        new round's panel as showing its own dice."""
        if not fight or roll.get("fight") != fight.get("number"):
            return "guildes.ui.roll_earlier"
        return "guildes.ui.roll" if roll.get("strike") == fight.get("strike") else "guildes.ui.roll_previous"

    def designing(self) -> bool:
        """Designer mode with a seat unveiled: the dice panel shows the force control."""
        return bool(self.v["options"].get("designer_mode")) and self.v.get("seat") is not None

    def force_buttons(self, rect: Rect) -> int:
        """Designer mode: buttons forcing the next damage die, and how many are queued; returns the
        height the label's own row takes under the title (0 when it sits beside it)."""
        c = self.force_control(rect)
        ui.text(self.layer, c.label, c.label_rect.topleft, c.size, ui.PARCHMENT_DIM)
        for value, box in c.boxes:
            pygame.draw.rect(self.layer, (58, 44, 28), box, border_radius=4)
            pygame.draw.rect(self.layer, ui.GOLD, box, 1, border_radius=4)
            ui.text(self.layer, str(value), box.center, self.fs(12), ui.GOLD, anchor="center")
            self.hits.append(Hit(box, "force", value, self.tr("guildes.ui.force_tip", n=value)))
        return c.row

    def force_control(self, rect: Rect) -> ForceControl:
        """Where the designer's control lies in the dice panel `rect`: one box per face of the damage die
        at the right of the title row; the label at their left when it fits there clear of the title,
        else right-aligned on a row of its own under the title (at 1024x700 in French it does not fit)."""
        f = self.fs(12)
        side = int(f * 1.7)
        values = sorted(set(self.cards["damage_die"]))
        x = rect.right - 10 - len(values) * (side + 4)
        boxes = [(value, Rect(x + i * (side + 4), rect.top + 6, side, side)) for i, value in enumerate(values)]
        title = P.card_title(rect, self.tr("guildes.ui.dice"), self.fs(13))[1]
        label = self.tr("guildes.ui.force", n=self.v.get("forced", 0))
        label_rect = Rect((0, 0), ui.font(f).size(label))
        label_rect.topright = (x - 8, rect.top + 8)
        if label_rect.left >= title.right + FORCE_GAP:
            return ForceControl(title, label, label_rect, f, boxes, 0)
        size = f  # on its own row: a smaller font (down to 3 points less) before cutting it
        while size > self.less(f, 3) and ui.font(size).size(label)[0] > rect.width - 20:
            size -= 1
        label = ui.ellipsize(label, rect.width - 20, size)
        label_rect = Rect((0, 0), ui.font(size).size(label))
        label_rect.topright = (rect.right - 10, P.card_body_top(rect, self.fs(13)))
        return ForceControl(title, label, label_rect, size, boxes, label_rect.height)

    def duel_lines(self, fight: dict[str, Any]) -> str:
        """The two duel lines once laid ("a, b / c, leader"), else how many cards lie face down."""
        if fight.get("kind") != "duel":
            return ""
        d_guild = self.v["guilds"][fight["defender"]]

        def who(mid: str) -> str:
            return self.name("leaders", d_guild["leader"]) if mid == "leader" else self.name("mages", mid)

        if fight.get("a_line") is not None:
            return f"{', '.join(who(m) for m in fight['a_line'])} / {', '.join(who(m) for m in fight['d_line'])}"
        return self.tr("guildes.ui.line_hidden", n=fight.get("d_count", 0))

    def fight_text(self, fight: dict[str, Any]) -> str:
        if fight.get("kind") == "quest":
            return self.tr("guildes.ui.fight_quest")
        a, d = fight["attacker"], fight["defender"]
        return self.tr("guildes.ui.fight_duel", a=self.t.seat_name(a), d=self.t.seat_name(d))

    def hand_cards(self, width: int, size: int) -> list[tuple[str, int]]:
        """The unveiled seat's hand as (card id, width of its box at `size`)."""
        me = self.v.get("seat")
        hand = (self.v["guilds"][me]["hand"] or []) if me is not None else []
        return [(cid, min(width, ui.font(size).size(self.name("items", cid))[0] + 16)) for cid in hand]

    def hand_need(self, width: int) -> int:
        """The hand panel's height that shows every card at the panel's font size."""
        f = self.fs(13)
        widths = [w for _, w in self.hand_cards(width - 20, f)]
        rows = max(1, len(rows_of(widths, width - 20)))
        return self.body_top() + rows * (self.card_h(f) + GAP) - GAP + 8

    def card_h(self, size: int) -> int:
        return int(size * 1.4) + 2

    def hand_layout(self, area: Rect) -> Flow:
        """Where the hand's cards go in `area`: one font size for all, the largest (3 points less at
        most) at which every card shows; else as many as fit and a "+N" for the rest."""
        f = self.fs(13)
        sizes = range(f, self.less(f, 3) - 1, -1)
        for size in sizes:
            widths = [w for _, w in self.hand_cards(area.width, size)]
            rects = flow(widths, area, self.card_h(size))
            if rects is not None:
                return Flow(size, rects)
        size = sizes[-1]
        widths = [w for _, w in self.hand_cards(area.width, size)]
        more = ui.font(size, True).size(f"+{len(widths)}")[0] + 16
        return Flow(size, *overflow(widths, area, self.card_h(size), more))

    def hand(self, rect: Rect) -> None:
        f = self.fs(13)
        me = self.v.get("seat")
        if me is None or rect.height < 30:
            return
        y = P.card_box(self.layer, rect, self.tr("guildes.ui.your_hand"), f)
        hand = self.v["guilds"][me]["hand"] or []
        if not hand:
            ui.text(self.layer, self.tr("guildes.ui.empty_hand"), (rect.left + 10, y), f, ui.PARCHMENT_DIM, italic=True)
            return
        layout = self.hand_layout(Rect(rect.left + 10, y, rect.width - 20, rect.bottom - 8 - y))
        for cid, box in zip(hand, layout.rects, strict=False):
            spell = cid in self.cards["spells"]
            pygame.draw.rect(self.layer, (60, 44, 70) if spell else (60, 50, 34), box, border_radius=5)
            pygame.draw.rect(self.layer, ui.GOLD_DARK, box, 1, border_radius=5)
            label = ui.ellipsize(self.name("items", cid), box.width - 16, layout.size)
            ui.text(self.layer, label, (box.left + 8, box.centery), layout.size, ui.PARCHMENT, anchor="midleft")
            self.tip(box, self.card_tip(cid))
        if layout.more is not None:
            rest = hand[len(layout.rects):]
            P.more_chip(self.layer, layout.more, f"+{len(rest)}", layout.size)
            self.tip(layout.more, "\n".join(self.card_tip(cid) for cid in rest))

    # -- the prompt bar ----------------------------------------------------------------------------

    def prompt(self, rect: Rect) -> None:
        ui.panel(self.layer, rect, 235, ui.GOLD_DARK)
        f, v = self.fs(15), self.v
        p = v.get("prompt")
        x, y = rect.left + 14, rect.top + 8
        me = v.get("seat")
        if v.get("outcome"):
            ui.text(self.layer, self.tr("guildes.phase.over"), (x, y), f + 2, ui.GOLD, bold=True)
            return
        if p is None or me is None or me not in p["seats"]:
            names = ", ".join(self.t.seat_name(s) for s in (v.get("to_act") or []))
            ui.text(self.layer, self.tr("guildes.ui.waiting", name=names), (x, y), f + 1, ui.PARCHMENT_DIM, italic=True)
            return
        title = self.t.prompt_title(p)
        if p["kind"] == "placement":
            title = f"{title} — {self.tr('guildes.ui.place_hint')}"
        # whose question it is, in that seat's colour (at a shared screen "Choose your leader"
        # alone left the table unsure who was asked)
        c = self.t.seat_colour(me)
        ui.seat_symbol(self.layer, c.symbol, (x + 6, y + (f + 1) // 2 + 3), 6, c.rgb)
        name = ui.text(self.layer, self.t.seat_name(me), (x + 18, y), f + 1, c.rgb, bold=True)
        x2 = name.right + 10
        ui.text(self.layer, ui.ellipsize(title, rect.right - 14 - x2, f + 1, bold=True), (x2, y), f + 1, ui.GOLD, bold=True)
        y += int(f * 1.9)
        buttons = self.t.buttons()
        bh = int(f * 2.0)
        bx = x
        for kind, data, label, tip, on in buttons:
            tick = f + 6 if kind == "toggle" else 0  # a mage to set active: a box, ticked when it is
            width = ui.font(f).size(label)[0] + 28 + tick
            if bx + width > rect.right - 10:
                bx, y = x, y + bh + 6
            box = Rect(bx, y, width, bh)
            refused = kind in ("refused", "laid")  # left out by the rules, or laid: greyed, its tooltip says why
            pygame.draw.rect(self.layer, (96, 72, 34) if on else (40, 32, 24) if refused else (58, 44, 28), box,
                             border_radius=7)
            pygame.draw.rect(self.layer, ui.GOLD if on else ui.GOLD_DARK, box, 1 if refused else 2, border_radius=7)
            if tick:
                ui.check_box(self.layer, Rect(box.left + 11, box.centery - f // 2, f, f), on)  # ticked: set active
            ui.text(self.layer, label, (box.centerx + tick // 2, box.centery), f,
                    ui.PARCHMENT_DIM if refused else ui.PARCHMENT, anchor="center")
            self.hits.append(Hit(box, kind, data, tip, not refused))
            bx += width + 8
        note = self.t.prompt_note(p)
        if note:  # under the buttons, what the choice will entail (a mage serves one action a round)
            y += bh + 6
            for line in ui.wrap(note, rect.right - 14 - x, f)[:2]:
                ui.text(self.layer, line, (x, y), f, ui.PARCHMENT, italic=True)
                y += int(f * 1.35)

    # -- the end -----------------------------------------------------------------------------------

    def final(self, area: Rect) -> None:
        out = self.v["outcome"]
        parts = ("quests", "mages", "items", "leader", "tokens", "healing", "objectives", "total")
        f = self.fs(15)
        rows = len(out["scores"]) + 1
        box = Rect(0, 0, min(area.width, int(820 * self.s)), int(f * 2.0) * (rows + 1) + 30)
        box.center = area.center
        pygame.draw.rect(self.layer, ui.INK, box, border_radius=10)  # opaque: the table must not show through
        ui.panel(self.layer, box, 255, ui.GOLD)
        self.hits.append(Hit(Rect(box), "block", None, "", False))  # nor its zones answer through it
        ui.text(self.layer, self.tr("guildes.ui.final_scores"), (box.centerx, box.top + 8), f + 2, ui.GOLD, bold=True,
                anchor="midtop")
        name_w = int(box.width * 0.24)
        col = (box.width - name_w - 20) // len(parts)
        y = box.top + int(f * 2.4)
        for j, part in enumerate(parts):
            label = ui.ellipsize(self.tr(f"guildes.score.{part}"), col - 4, self.less(f, 2))
            head = ui.text(self.layer, label, (box.left + name_w + 10 + j * col + col // 2, y), self.less(f, 2),
                           ui.PARCHMENT_DIM, anchor="midtop")
            self.tip(head.inflate(8, 6), self.tr(f"guildes.score.tip.{part}"))  # what the column counts
        winners = set(out["winners"])
        for seat in out["ranking"]:
            y += int(f * 2.0)
            colour = ui.GOLD if seat in winners else ui.PARCHMENT
            ui.text(self.layer, ui.ellipsize(self.t.seat_name(seat), name_w, f), (box.left + 14, y), f, colour,
                    bold=seat in winners)
            for j, part in enumerate(parts):
                ui.text(self.layer, str(out["breakdown"][seat][part]), (box.left + name_w + 10 + j * col + col // 2, y),
                        f, colour, bold=part == "total", anchor="midtop")
