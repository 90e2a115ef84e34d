"""Composing the Anludim table into one cached surface, and the zones people click or hover.

`compose(table, size)` draws every zone from `table.view` and `table.sel` and returns
`(surface, hits)`; the scene calls it only when the view, the selection, the language or the size
changed. Texts come from the string catalog; apprentice colours are always drawn with their
symbol (also inside texts: the rules' "7▲" card labels get the drawn symbol, not a font glyph).
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes import ui
from scenes.table import LOG_BACK, whole_entry_start
from sprites.anludim import pieces as P

Rect = pygame.Rect
HIGHLIGHT_TURN_KEYS = ("anludim.log.turn", "anludim.log.round_start")
SMALLEST_TEXT = 12  # px: the smallest size `Composer.fs` gives the table's texts (the readable floor)
NBSP = "\u00a0"  # a space `ui.wrap` never breaks at
STRONG_KEYS = ("anludim.log.round_won_piles", "anludim.log.round_won_five_items", "anludim.log.game_won",
               "anludim.log.blazon_gold")


def compose(table: Any, size: tuple[int, int],
            into: pygame.Surface | None = None) -> tuple[pygame.Surface, list[Any], list[str]]:
    """The table drawn at `size` (over `into` when it has that size), its zones (topmost last)
    and the texts of the live label."""
    c = Composer(table, size, into)
    c.run()
    return c.surf, c.hits, c.label


def side_rects(size: tuple[int, int]) -> tuple[Rect, Rect]:
    """The right column: the supply panel and the log under it (`Composer.run`'s layout; the
    table puts its messages over the log's first lines, clear of the seats and of the bar)."""
    w, h = size
    sx, sy = w / 1280, h / 800
    s = min(sx, sy)
    m, g = max(1, round(16 * s)), max(1, round(8 * s))
    right_w = round(300 * sx)
    rx = w - m - right_w
    supply = Rect(rx, m, right_w, round(236 * sy))
    return supply, Rect(rx, supply.bottom + g, right_w, h - m - supply.bottom - g)


def main_rects(size: tuple[int, int]) -> tuple[Rect, Rect, Rect, Rect, Rect]:
    """The main column, top to bottom: opponents, professors, your panel, the action bar, your
    hand (`Composer.run`'s layout; the hand-off box sits over the bar and the hand's label)."""
    w, h = size
    sx, sy = w / 1280, h / 800
    s = min(sx, sy)
    m, g = max(1, round(16 * s)), max(1, round(8 * s))
    supply, _log = side_rects(size)
    mw = supply.left - g - m
    opp = Rect(m, m, mw, round(132 * sy))
    profs = Rect(m, opp.bottom + g, mw, round(178 * sy))
    mine = Rect(m, profs.bottom + g, mw, round(132 * sy))
    bar = Rect(m, mine.bottom + g, mw, round(44 * sy))
    return opp, profs, mine, bar, Rect(m, bar.bottom + g, mw, h - m - bar.bottom - g)


def fitted_size(value: str, width: int, size: int) -> int | None:
    """The largest bold size from `size` down to SMALLEST_TEXT at which `value` fits `width`, or None."""
    return next((s for s in range(max(size, SMALLEST_TEXT), SMALLEST_TEXT - 1, -1)
                 if ui.font(s, True).size(value)[0] <= width), None)


def hand_top(hand: Rect, s: float) -> int:
    """Where the hand's cards begin (a chosen card rises above it): under the hand's label."""
    return hand.top + max(1, round(22 * s)) + max(1, round(16 * s))


def rich(surf: pygame.Surface, value: str, pos: tuple[int, int], size: int, colour: P.Colour,
         symbols: dict[str, P.Paint], bold: bool = False, anchor: str = "topleft") -> Rect:
    """One line of text where colour symbols (▲●■◆✚) are drawn as coloured shapes."""
    f = ui.font(size, bold)
    parts: list[tuple[str, Any]] = []
    buf = ""
    for ch in value:
        if ch in symbols:
            if buf:
                parts.append(("t", buf))
                buf = ""
            parts.append(("s", symbols[ch]))
        else:
            buf += ch
    if buf:
        parts.append(("t", buf))
    sym_w = int(size * 0.85)
    texts = {i: ui.render_line(p, size, colour, bold) for i, (k, p) in enumerate(parts) if k == "t"}  # ⚙ too
    width = sum(texts[i].get_width() if k == "t" else sym_w for i, (k, _p) in enumerate(parts))
    height = f.get_linesize()
    rect = Rect(0, 0, max(1, width), height)
    setattr(rect, anchor, pos)
    x = rect.left
    for i, (kind, part) in enumerate(parts):
        if kind == "t":
            surf.blit(texts[i], (x, rect.top))
            x += texts[i].get_width()
        else:
            rgb, shape = part
            P.symbol(surf, shape, (x + sym_w // 2, rect.centery + 1), max(4, int(size * 0.4)), rgb)
            x += sym_w
    return rect


fit = ui.fit  # shared text fitting (scenes/ui.py)


class Composer:
    """Draws one frame of the table; see the module docstring."""

    def __init__(self, table: Any, size: tuple[int, int], into: pygame.Surface | None = None) -> None:
        self.t = table
        self.view = table.view
        self.sel = table.sel
        self.size = size
        w, h = size
        self.sx, self.sy = w / 1280, h / 800
        self.s = min(self.sx, self.sy)
        self.surf = into if into is not None and into.get_size() == size else pygame.Surface(size)
        self.hits: list[Any] = []
        self.label: list[str] = []
        self.paints = table.paints()
        self.syms = table.symbols()
        self.live = {p["professor"]: p for p in table.live()} if table.me is not None else {}
        self.fresh = self.fresh_lays()

    # -- small helpers -------------------------------------------------------------------------------

    def px(self, v: float) -> int:
        return max(1, round(v * self.s))

    def fs(self, v: float) -> int:
        return max(SMALLEST_TEXT, round(v * self.s))

    def tr(self, key: str, /, **params: Any) -> str:
        return self.t.app.tr(key, **params)

    def hit(self, rect: Rect, kind: str, data: Any = None, tip: str = "", enabled: bool = True) -> None:
        self.hits.append(ui.Hit(Rect(rect), kind, data, tip, enabled))

    def seat_paint(self, seat: int) -> tuple[P.Colour, str]:
        c = self.t.seat_colour(seat)
        return c.rgb, c.symbol

    def name_line(self, seat: int, pos: tuple[int, int], size: int, colour: P.Colour = ui.PARCHMENT,
                  max_w: int = 400) -> Rect:
        rgb, shape = self.seat_paint(seat)
        r = max(6, int(size * 0.42))
        ui.seat_symbol(self.surf, shape, (pos[0] + r, pos[1] + size // 2 + 4), r, rgb)
        name = self.t.seat_name(seat)
        shown = fit(name, max_w, size, True)
        rect = ui.text(self.surf, shown, (pos[0] + 2 * r + 7, pos[1]), size, colour, bold=True)
        if shown != name:  # cut: the whole name under the pointer
            self.hit(rect, "tip", tip=name)
        return rect

    def button(self, rect: Rect, label: str, data: tuple[Any, ...], primary: bool = False,
               enabled: bool = True, size: int | None = None) -> None:
        fill = (138, 100, 36) if primary else (58, 43, 29)
        border = ui.GOLD if primary else ui.GOLD_DARK
        if not enabled:
            fill, border = (42, 33, 26), (74, 60, 44)
        pygame.draw.rect(self.surf, fill, rect, border_radius=8)
        pygame.draw.rect(self.surf, border, rect, 2, border_radius=8)
        colour = (255, 246, 222) if enabled else (125, 112, 94)
        ui.text(self.surf, fit(label, rect.width - 12, size or self.fs(16), primary), rect.center,
                size or self.fs(16), colour, bold=primary, anchor="center")
        self.hit(rect, "button", data, "", enabled)

    def button_width(self, label: str, size: int, primary: bool) -> int:
        return ui.font(size, primary).size(label)[0] + self.px(30)

    def mini(self, card: dict[str, Any], size: tuple[int, int], half: int | None = None,
             fanned: bool = False) -> pygame.Surface:
        h = card["half"] if half is None else half
        value, colour = card["halves"][h]
        return P.mini(value, self.paints.get(colour, ((150, 150, 150), "circle")), size, fanned)

    def double(self, card: dict[str, Any], active: int, size: tuple[int, int], fanned: bool = False) -> pygame.Surface:
        halves = tuple((v, self.paints.get(c, ((150, 150, 150), "circle"))) for v, c in card["halves"])
        return P.card(halves, active, size, fanned)  # type: ignore[arg-type]

    def initial(self, name: str) -> str:
        word = name.split()[-1] if name.split() else "?"
        word = word.split("'")[-1].split("’")[-1]
        return word[:1].upper() or "?"

    def prof_token(self, prof: dict[str, Any], r: int, dim: bool = False) -> pygame.Surface:
        return P.professor(prof["id"], self.initial(self.t.tx(prof["name"])), r, dim)

    def fresh_lays(self) -> set[str]:
        """Professors called during the last turn and this one (their combinations glow), from the log."""
        names = {p["name"]["fr"]: p["id"] for p in self.view["professors"]}
        turns = 0
        out: set[str] = set()
        for e in reversed(self.view.get("log") or []):
            key = e.get("key")
            if key == "anludim.log.turn":
                turns += 1
                if turns == 2:
                    break
            elif key in ("anludim.log.round_start",):
                break
            elif key == "anludim.log.lay":
                prof = (e.get("params") or {}).get("professor")
                if isinstance(prof, dict) and "text" in prof:
                    pid = names.get(prof["text"].get("fr"))
                    if pid:
                        out.add(pid)
        return out

    # -- layout ------------------------------------------------------------------------------------------

    def run(self) -> None:
        self.surf.blit(ui.background(self.size), (0, 0))
        m = self.px(16)
        supply, log = side_rects(self.size)
        opp, profs, mine, bar, hand = main_rects(self.size)
        self.draw_opponents(opp)
        self.draw_professors(profs)
        self.draw_supply(supply)
        self.draw_log(log)
        self.draw_mine(mine)
        self.draw_bar(bar)
        self.draw_hand(hand)
        if self.view.get("phase") == "round_over" and self.view.get("round_results"):
            self.draw_round_over(Rect(m, m, profs.width, profs.bottom - m))

    # -- opponents ----------------------------------------------------------------------------------------

    def others(self) -> list[int]:
        n = len(self.view["seats"])
        me = self.t.me
        if me is None:
            return list(range(n))
        return [(me + k) % n for k in range(1, n)]

    def draw_opponents(self, area: Rect) -> None:
        seats = self.others()
        if not seats:
            return
        g = self.px(8)
        pw = (area.width - g * (len(seats) - 1)) // len(seats)
        for i, seat in enumerate(seats):
            self.draw_seat(Rect(area.left + i * (pw + g), area.top, pw, area.height), self.view["seats"][seat])

    def draw_seat(self, rect: Rect, sv: dict[str, Any]) -> None:
        seat = sv["seat"]
        acting = seat in (self.view.get("to_act") or [])
        ui.panel(self.surf, rect, 215, ui.GOLD if acting else ui.GOLD_DARK)
        if acting:
            pygame.draw.rect(self.surf, ui.GOLD, rect.inflate(-4, -4), 1, border_radius=9)
        x, y = rect.left + self.px(10), rect.top + self.px(8)
        bh = self.px(34)
        rgb, shape = self.seat_paint(seat)
        badge = P.blazon(sv["blazon"] == "gold", rgb, shape, bh)
        self.surf.blit(badge, (x, y))
        self.hit(Rect((x, y), badge.get_size()), "tip", tip=self.blazon_tip(sv))
        total_text = self.tr("anludim.ui.total", total=sv["total"])
        name_x = x + badge.get_width() + self.px(8)
        name_room = rect.right - self.px(10) - name_x - self.px(30)
        right_of_name = name_room - ui.font(self.fs(16), True).size(total_text)[0]
        if ui.font(self.fs(17), True).size(self.t.seat_name(seat))[0] <= right_of_name:
            ui.text(self.surf, total_text, (rect.right - self.px(10), y), self.fs(16), ui.GOLD, bold=True,
                    anchor="topright")
            name_room = right_of_name
        else:  # a narrow panel (five seats): the total under the name, the name whole
            ui.text(self.surf, total_text, (rect.right - self.px(10), y + self.fs(20)), self.fs(14), ui.GOLD,
                    bold=True, anchor="topright")
        self.name_line(seat, (name_x, y - 2), self.fs(17), ui.GOLD if acting else ui.PARCHMENT, max_w=name_room)
        if acting:
            ui.text(self.surf, self.tr("curtain.to_act"), (name_x + self.px(2), y + self.fs(20)), self.fs(13),
                    ui.GOLD, italic=True)
        row = rect.top + self.px(50)
        self.draw_holdings(sv, x, row, rect.right - self.px(10), small=True)
        self.draw_combos(sv, Rect(x, rect.top + self.px(80), rect.width - self.px(20), rect.bottom - self.px(84)
                                  - rect.top), mine=False)

    def blazon_tip(self, sv: dict[str, Any]) -> str:
        text = self.tr(f"anludim.ui.blazon.{sv['blazon']}", keep=sv["keep_limit"], hand=sv["hand_limit"])
        return text + " — " + self.tr("anludim.ui.rounds_won", count=sv["rounds_won"])

    def draw_holdings(self, sv: dict[str, Any], x: int, y: int, right: int, small: bool) -> None:
        """Hand size (backs), parchments and items on one row."""
        if small:
            bw, bh = self.px(15), self.px(22)
            n = sv["hand_size"]
            for k in range(min(n, 9)):
                self.surf.blit(P.back((bw, bh)), (x + k * self.px(5), y))
            end = x + min(n, 9) * self.px(5) + bw
            t = ui.text(self.surf, str(n), (end + self.px(4), y + bh // 2), self.fs(14), ui.PARCHMENT, anchor="midleft")
            self.hit(Rect(x, y, t.right - x, bh), "tip", tip=self.tr("anludim.ui.tip.hand_size", count=n))
            x = t.right + self.px(12)
        ph = self.px(24 if small else 30)
        for k in range(sv["parchments"]):
            img = P.parchment(ph)
            rect = Rect((x, y - (ph - self.px(22)) // 2), img.get_size())
            self.surf.blit(img, rect)
            if not small and self.sel.parchment and k == 0:
                pygame.draw.rect(self.surf, ui.GOLD, rect.inflate(6, 6), 2, border_radius=5)
            self.parchment_hit(rect, small)
            x = rect.right + self.px(3)
        if sv["parchments"]:
            x += self.px(8)
        r = self.px(12 if small else 16)
        items = sv["items"]
        step = 2 * r + self.px(3)
        if items and x + step * len(items) > right:
            step = max(self.px(8), (right - x - 2 * r) // max(1, len(items) - 1))
        for it in items:
            img = P.item(it["item"], it["value"], r)
            rect = Rect((x, y + self.px(11) - img.get_height() // 2), img.get_size())
            self.surf.blit(img, rect)
            picked = not small and self.sel.item == (it["item"], it["value"])
            if picked:
                pygame.draw.circle(self.surf, ui.GOLD, rect.center, r + 4, 3)
            self.item_hit(rect, it, small)
            x += step

    def parchment_hit(self, rect: Rect, small: bool) -> None:
        tip = self.tr("anludim.ui.tip.parchment", points=self.view["content"]["rules"]["parchment_points"])
        if small:
            self.hit(rect, "tip", tip=tip)
            return
        can = self.t.my_turn() and self.view.get("optional_available")
        if can:
            tip += " " + self.tr("anludim.ui.tip.pick_to_discard")
        self.hit(rect, "my_parchment", None, tip, bool(can))

    def item_hit(self, rect: Rect, it: dict[str, Any], small: bool) -> None:
        tip = self.tr("anludim.ui.tip.item", item=self.t.item_name(it["item"]), value=it["value"])
        if small:
            self.hit(rect, "tip", tip=tip)
            return
        can = self.t.my_turn() and self.view.get("optional_available")
        if can:
            tip += " " + self.tr("anludim.ui.tip.pick_to_discard")
        self.hit(rect, "my_item", (it["item"], it["value"]), tip, bool(can))

    def combo_tip(self, sv: dict[str, Any], combo: dict[str, Any]) -> str:
        kind = self.t.kind_name(combo["kind"])
        if combo["professor"]:
            prof = self.t.prof(combo["professor"])
            return self.tr("anludim.ui.tip.combo_held", kind=kind, seat=self.t.seat_name(sv["seat"]),
                           professor=self.t.tx(prof["name"]))
        return self.tr("anludim.ui.tip.combo", kind=kind, seat=self.t.seat_name(sv["seat"]))

    def draw_combos(self, sv: dict[str, Any], area: Rect, mine: bool) -> None:
        """A seat's laid combinations as groups of played cards, the professor on the one it holds."""
        combos = sv["combos"]
        if not combos:
            ui.text(self.surf, self.tr("anludim.ui.no_combos"), (area.left, area.top + self.px(8 if mine else 4)),
                    self.fs(14 if mine else 13), ui.PARCHMENT_DIM, italic=True)
            return
        ch = min(area.height - (self.px(40) if mine else self.px(4)), self.px(60 if mine else 40))
        if mine:  # under the cards (from area.top + 22): 8 of space, then the 24-high take-back button
            ch = min(ch, area.height - self.px(22 + 8 + 24 + 2))
        ch, cw, r, step = self.combo_metrics(combos, ch, area.width)
        gap = self.px(14)
        fanned = step < cw + 2
        clip = self.surf.get_clip()
        self.surf.set_clip(area.inflate(self.px(6), self.px(8)).clip(clip))
        try:
            self._groups(sv, combos, area, mine, ch, cw, r, step, gap, fanned)
        finally:
            self.surf.set_clip(clip)

    def combo_metrics(self, combos: list[dict[str, Any]], ch: int, width: int) -> tuple[int, int, int, int]:
        """Card height, width, professor radius and fan step that fit the groups in `width`."""
        links = sum(len(c["cards"]) - 1 for c in combos)
        gap = self.px(14)
        while True:
            cw = int(ch * 0.72)
            r = max(8, int(ch * 0.36))
            fixed = sum(cw + 2 * r + self.px(6) + gap for _ in combos)
            step = cw + 2
            if links and fixed + links * step > width:
                step = max(int(ch * 0.36) + 8, (width - fixed) // links)
            if fixed + links * step <= width + gap or ch <= self.px(24):
                return ch, cw, r, step
            ch -= 2

    def _groups(self, sv: dict[str, Any], combos: list[dict[str, Any]], area: Rect, mine: bool, ch: int, cw: int,
                r: int, step: int, gap: int, fanned: bool) -> None:
        x = area.left
        expert = bool(self.view.get("expert"))
        for combo in combos:
            if x + cw > area.right:
                break
            top = area.top + (self.px(22) if mine else 0)
            group = Rect(x, top, step * (len(combo["cards"]) - 1) + cw + 2 * r + self.px(6), ch)
            onto = mine and self.sel.onto == combo["index"]
            if mine:
                self.combo_header(combo, Rect(x, area.top, group.width, self.px(20)), expert, onto)
            pygame.draw.rect(self.surf, (30, 22, 15), group.inflate(self.px(8), self.px(8)), border_radius=7)
            if combo["professor"] in self.fresh and not onto:
                pygame.draw.rect(self.surf, (236, 200, 110), group.inflate(self.px(8), self.px(8)), 2,
                                 border_radius=7)
            if onto:
                pygame.draw.rect(self.surf, ui.GOLD, group.inflate(self.px(8), self.px(8)), 2, border_radius=7)
            self.hit(group, "tip", tip=self.combo_tip(sv, combo))
            cx = x
            picked = set(self.sel.ids())
            for card in combo["cards"]:
                half = self.t.half_of(card["id"]) if mine else card["half"]
                img = self.mini(card, (cw, ch), half, fanned)
                lift = self.px(6) if mine and card["id"] in picked else 0
                rect = Rect((cx, top - lift), img.get_size())
                self.surf.blit(img, rect)
                if lift:
                    pygame.draw.rect(self.surf, ui.GOLD, rect.inflate(4, 4), 2, border_radius=6)
                if mine and expert and self.t.my_turn() and self.view.get("phase") in ("start", "main"):
                    self.hit(rect, "laid", card["id"], self.tr("anludim.ui.tip.laid_card",
                                                               card=self.t.card_text([card["halves"][half]])))
                cx += step
            prof = self.t.prof(combo["professor"]) if combo["professor"] else None
            token_c = (cx - step + cw + self.px(4) + r, top + ch // 2)
            if prof is not None:
                img = self.prof_token(prof, r)
                self.surf.blit(img, img.get_rect(center=token_c))
            else:
                pygame.draw.circle(self.surf, (74, 60, 44), token_c, r - 2, 1)
            if mine:
                self.take_back(combo, Rect(x, top + ch + self.px(8), group.width, self.px(24)))
            x = group.right + gap

    def combo_header(self, combo: dict[str, Any], rect: Rect, expert: bool, onto: bool) -> None:
        label = self.t.kind_name(combo["kind"])
        ui.text(self.surf, fit(label, rect.width, self.fs(13), onto), rect.topleft, self.fs(13),
                ui.GOLD if onto else ui.PARCHMENT_DIM, bold=onto)
        if expert and self.t.my_turn() and self.view.get("phase") in ("start", "main"):
            self.hit(rect, "onto", combo["index"], self.tr("anludim.ui.tip.onto"))

    def take_back(self, combo: dict[str, Any], rect: Rect) -> None:
        if self.view.get("expert") or self.view.get("phase") != "start" or not self.t.my_turn():
            return
        rect.width = max(rect.width, self.button_width(self.tr("anludim.ui.take_back_short"), self.fs(13), False))
        self.button(rect, self.tr("anludim.ui.take_back_short"), ("take_back", combo["index"]), size=self.fs(13))
        self.hits[-1].tip = self.tr("anludim.ui.tip.take_back")

    # -- professors ----------------------------------------------------------------------------------------

    def draw_professors(self, area: Rect) -> None:
        profs = self.view["professors"]
        g = self.px(8)
        bw = (area.width - g * (len(profs) - 1)) // max(1, len(profs))
        boards = [Rect(area.left + i * (bw + g), area.top, bw, area.height) for i in range(len(profs))]
        # the combination each professor wants, in one size on every board: the largest all five fit
        least = SMALLEST_TEXT
        hint_size = min((ui.block_size(self.tr(f"anludim.kind_hint.{p['kind']}"), self.hint_rect(r), self.fs(12), least)
                         for p, r in zip(profs, boards, strict=True)), default=self.fs(12))
        # the names too, in one size: "La Nécromancienne" alone a size smaller looked like a mistake;
        # never under SMALLEST_TEXT (at 1024x700 they were shrunk to 9 px beside the token): when one
        # does not fit beside the token, every name takes the board's whole width above a smaller token
        names = [(self.t.tx(p["name"]), p, r) for p, r in zip(profs, boards, strict=True)]
        beside = [fitted_size(n, self.name_width(p, r), self.fs(13)) for n, p, r in names]
        stacked = None in beside
        name_size = min((b for b in beside if b is not None), default=self.fs(13))
        if stacked:
            name_size = min((fitted_size(n, self.full_name_width(r), self.fs(13)) or SMALLEST_TEXT
                             for n, _p, r in names), default=SMALLEST_TEXT)
        for prof, rect in zip(profs, boards, strict=True):
            self.draw_board(rect, prof, hint_size, name_size, stacked)

    def name_width(self, prof: dict[str, Any], board: Rect) -> int:
        """The width a board leaves for its professor's name, beside the token."""
        token = self.prof_token(prof, self.px(19), dim=prof["where"] != "board")
        return board.right - (board.left + self.px(7) + token.get_width() + self.px(6)) - self.px(4)

    def full_name_width(self, board: Rect) -> int:
        """The width a board gives its professor's name written above the token (`stacked`)."""
        return board.width - self.px(7) - self.px(4)

    def hint_rect(self, board: Rect) -> Rect:
        """Where a board with no cards on it says which combination calls its professor."""
        top = board.top + self.px(120)
        return Rect(board.left + self.px(7), top, board.width - self.px(14), board.bottom - self.px(6) - top)

    def draw_board(self, rect: Rect, prof: dict[str, Any], hint_size: int, name_size: int,
                   stacked: bool = False) -> None:
        live = self.live.get(prof["id"])
        border = ui.GOLD_DARK if live is None else (ui.GREEN if live["beats"] else ui.RED)
        ui.panel(self.surf, rect, 215, border)
        if live is not None:
            pygame.draw.rect(self.surf, border, rect.inflate(-4, -4), 2, border_radius=9)
        x, y = rect.left + self.px(7), rect.top + self.px(8)
        on_board = prof["where"] == "board"
        name = self.t.tx(prof["name"])
        if stacked:  # the name over the board's width, the token and the kind under it (above the pile)
            line = ui.font(name_size, True).get_linesize()
            ui.text(self.surf, ui.fit(name, self.full_name_width(rect), name_size, True), (x, rect.top + self.px(4)),
                    name_size, ui.PARCHMENT, bold=True)
            top = rect.top + self.px(4) + line
            r = max(6, (rect.top + self.px(58) - top) // 2 - 2)
            token = self.prof_token(prof, r, dim=not on_board)
            self.surf.blit(token, (x, top))
            tx = x + token.get_width() + self.px(6)
            ui.text(self.surf, fit(self.t.kind_name(prof["kind"]), rect.right - tx - self.px(6), self.fs(14)),
                    (tx, top + token.get_height() // 2), self.fs(14), ui.GOLD, anchor="midleft")
        else:
            token = self.prof_token(prof, self.px(19), dim=not on_board)
            self.surf.blit(token, (x, y))
            tx = x + token.get_width() + self.px(6)
            name, size = ui.fitted(name, rect.right - tx - self.px(4), name_size, True, smallest=SMALLEST_TEXT)
            ui.text(self.surf, name, (tx, y + self.px(1) + (self.fs(13) - size) // 2), size, ui.PARCHMENT, bold=True)
            ui.text(self.surf, fit(self.t.kind_name(prof["kind"]), rect.right - tx - self.px(6), self.fs(14)),
                    (tx, y + self.fs(20)), self.fs(14), ui.GOLD)
        self.draw_pile(prof, Rect(rect.left + self.px(8), rect.top + self.px(60), rect.width - self.px(16),
                                  self.px(30)))
        hy = rect.top + self.px(98)
        if on_board:
            ui.text(self.surf, self.tr("anludim.ui.on_board"), (x, hy), self.fs(13), ui.PARCHMENT_DIM, italic=True)
        else:
            self.name_line(prof["seat"], (x, hy - 2), self.fs(14), ui.PARCHMENT, max_w=rect.width - self.px(40))
        cards = prof.get("cards") or []
        if not cards:
            ui.text_block(self.surf, self.tr(f"anludim.kind_hint.{prof['kind']}"), self.hint_rect(rect), hint_size,
                          ui.GREY, min_size=hint_size)
        if cards:
            area = Rect(x, rect.top + self.px(122), rect.width - self.px(16), rect.bottom - self.px(8)
                        - rect.top - self.px(122))
            ch = min(area.height, self.px(46))
            cw = int(ch * 0.72)
            step = min(cw + 2, (area.width - cw) // max(1, len(cards) - 1)) if len(cards) > 1 else cw
            for k, card in enumerate(cards):
                self.surf.blit(self.mini(card, (cw, ch), fanned=step < cw + 2), (area.left + k * step, area.top))
        can_lay = bool(self.sel.cards) and self.t.my_turn()
        self.hits.insert(0, ui.Hit(Rect(rect), "professor", prof["id"], self.prof_tip(prof), can_lay))

    def prof_tip(self, prof: dict[str, Any]) -> str:
        text = self.tr("anludim.ui.tip.professor", professor=self.t.tx(prof["name"]),
                       kind=self.t.kind_name(prof["kind"]), hint=self.tr(f"anludim.kind_hint.{prof['kind']}"),
                       items=self.t.item_name(prof["item"], plural=True))
        if self.view.get("expert"):
            text += " " + self.tr("anludim.ui.tip.rank", rank=prof["rank"] + 1)
        if self.sel.cards and self.t.my_turn():
            calls = bool((self.live.get(prof["id"]) or {}).get("beats"))  # the selection's proposal, made once
            # a click on a professor the selection cannot take says why (a refusal), it lays nothing
            text += " " + self.tr("anludim.ui.tip.click_to_lay" if calls else "anludim.ui.tip.cannot_call")
        return text

    def draw_pile(self, prof: dict[str, Any], rect: Rect) -> None:
        pile = self.t.pile(prof["item"])
        r = rect.height // 2
        icon = P.item(prof["item"], None, r, dim=not pile or not pile["values"])
        self.surf.blit(icon, icon.get_rect(midleft=(rect.left, rect.centery)))
        x = rect.left + icon.get_width() + self.px(6)
        values = pile["values"] if pile else []
        tip = self.tr("anludim.ui.tip.pile", items=self.t.item_name(prof["item"], plural=True),
                      values=", ".join(str(v) for v in values) or "—", count=len(values))
        self.hit(Rect(rect.left, rect.top, rect.width, rect.height), "tip", tip=tip)
        if not values:
            ui.text(self.surf, self.tr("anludim.ui.pile_empty"), (x, rect.centery), self.fs(13), ui.RED,
                    anchor="midleft", italic=True)
            return
        cw = self.px(19)
        step = min(cw + self.px(3), (rect.right - x - cw) // max(1, len(values) - 1)) if len(values) > 1 else cw
        for k, value in enumerate(values):
            chip = Rect(x + k * step, rect.centery - self.px(11), cw, self.px(22))
            top = k == 0
            pygame.draw.rect(self.surf, (120, 88, 36) if top else (52, 40, 28), chip, border_radius=5)
            pygame.draw.rect(self.surf, ui.GOLD if top else ui.GOLD_DARK, chip, 1, border_radius=5)
            ui.text(self.surf, str(value), chip.center, self.fs(14), (255, 246, 222) if top else ui.PARCHMENT,
                    bold=top, anchor="center")

    # -- supply and log ------------------------------------------------------------------------------------

    def draw_supply(self, rect: Rect) -> None:
        ui.panel(self.surf, rect, 215)
        v = self.view
        x, y = rect.left + self.px(12), rect.top + self.px(8)
        title = ui.text(self.surf, self.tr("anludim.ui.round", round=v["round"]), (x, y), self.fs(18), ui.GOLD,
                        bold=True)
        if v.get("expert"):
            ui.text(self.surf, self.tr("anludim.ui.expert"), (title.right + self.px(10), title.bottom - self.px(3)),
                    self.fs(13), ui.GOLD, anchor="bottomleft", italic=True)
        label = self.tr("curtain.pause")
        bw = self.button_width(label, self.fs(14), False)
        self.button(Rect(rect.right - self.px(10) - bw, y, bw, self.px(26)), label, ("menu",), size=self.fs(14))
        self.hits[-1].tip = self.tr("anludim.ui.tip.menu")
        phase = self.tr(v["phase_label"])
        room = rect.width - self.px(24)
        size = self.fs(13)
        if v.get("phase") not in ("round_over", "game_over"):
            whose = self.tr("anludim.ui.whose_turn", name=self.t.seat_name(v["current"]), phase=phase)
            # whole at its own size, or shortened: `ui.fitted` kept the long form whenever it fit
            # at three quarters of that size, so at 1024x700 it was drawn at 9 px
            if ui.font(size).size(whose)[0] <= room:
                phase = whose
            else:  # a narrow panel: whose turn it is (the bar under the table says what to do)
                phase = self.tr("anludim.ui.turn_of", name=self.t.seat_name(v["current"]))
        ui.text(self.surf, ui.fit(phase, room, size), (x, y + self.fs(24)), size, ui.PARCHMENT_DIM)
        cw = (rect.width - self.px(24) - 3 * self.px(8)) // 4
        ch = min(int(cw * 1.65), rect.bottom - self.px(30) - (y + self.px(50)))
        top = y + self.px(52)
        # the draw pile
        pile = Rect(x, top, cw, ch)
        count = v["draw_count"]
        for k in range(min(3, max(1, count // 15 + 1))):
            self.surf.blit(P.back((cw, ch)), (pile.left + k * 2, pile.top - k * 2))
        if count == 0:
            pygame.draw.rect(self.surf, (30, 22, 15), pile, border_radius=8)
            pygame.draw.rect(self.surf, ui.GOLD_DARK, pile, 1, border_radius=8)
        # the count on a dark pill at the foot of the pile, clear of the star on the card back
        img = ui.font(self.fs(18), bold=True).render(str(count), True, ui.PARCHMENT)
        pill = img.get_rect(midbottom=(pile.centerx, pile.bottom - self.px(6))).inflate(self.px(14), self.px(2))
        pygame.draw.rect(self.surf, ui.INK, pill, border_radius=pill.height // 2)
        pygame.draw.rect(self.surf, ui.GOLD_DARK, pill, 1, border_radius=pill.height // 2)
        self.surf.blit(img, img.get_rect(center=pill.center))
        mine = self.t.my_turn() and v.get("phase") in ("start", "main")
        tip = self.tr("anludim.ui.tip.draw_pile", count=count, discard=v["discard_count"], draw=v["content"]["rules"]["draw"])
        self.hit(pile, "draw_pile", None, tip, bool(mine))
        ui.text(self.surf, self.tr("anludim.ui.draw_short"), (pile.centerx, pile.bottom + self.px(4)), self.fs(12),
                ui.PARCHMENT_DIM, anchor="midtop")
        # the face-up row
        for slot, card in enumerate(v["face_up"]):
            r = Rect(x + (slot + 1) * (cw + self.px(8)), top, cw, ch)
            if card is None:
                pygame.draw.rect(self.surf, (30, 22, 15), r, border_radius=8)
                pygame.draw.rect(self.surf, ui.GOLD_DARK, r, 1, border_radius=8)
                continue
            self.surf.blit(self.double(card, -1, (cw, ch)), r)
            tip = self.tr("anludim.ui.tip.face_up", card=self.t.card_text(card["halves"]))
            self.hit(r, "face_up", slot, tip, bool(mine))
        label = Rect(x + cw + self.px(8), top + ch + self.px(4), 3 * cw + 2 * self.px(8), self.px(16))
        ui.text(self.surf, self.tr("anludim.ui.face_up"), (label.centerx, label.top), self.fs(12), ui.PARCHMENT_DIM,
                anchor="midtop")
        foot, size = rect.bottom - self.px(10), self.fs(13)
        discard = self.tr("anludim.ui.discard", count=v["discard_count"])
        supply = self.tr("anludim.ui.parchment_supply", count=v["parchment_supply"])
        f = ui.font(size)
        if f.size(discard)[0] + f.size(supply)[0] + self.px(16) > rect.width - self.px(24):
            # too narrow for both on one line ("Défausse (31)Parchemins en réserve : 1"): two lines
            ui.text(self.surf, discard, (x, foot - f.get_linesize()), size, ui.PARCHMENT_DIM, anchor="bottomleft")
            ui.text(self.surf, supply, (x, foot), size, ui.PARCHMENT_DIM, anchor="bottomleft")
        else:
            ui.text(self.surf, discard, (x, foot), size, ui.PARCHMENT_DIM, anchor="bottomleft")
            ui.text(self.surf, supply, (rect.right - self.px(12), foot), size, ui.PARCHMENT_DIM, anchor="bottomright")

    def draw_log(self, rect: Rect) -> None:
        ui.panel(self.surf, rect, 220)
        size = self.fs(14)
        top = rect.top + self.px(10)
        ui.text(self.surf, self.tr("table.log"), (rect.left + self.px(12), top), self.fs(16), ui.GOLD, bold=True)
        top += self.fs(16) + self.px(12)
        step = int(size * 1.42)
        rows: list[tuple[str, P.Colour, bool]] = []
        entries_of: list[int] = []  # each row's entry: the panel begins with an entry's first row
        entries = self.t.log_with_notes((self.view.get("log") or [])[-LOG_BACK:])[-LOG_BACK:]
        for k, e in enumerate(entries):
            key = e.get("key", "")
            colour = ui.GOLD if key in HIGHLIGHT_TURN_KEYS or key in STRONG_KEYS else ui.PARCHMENT
            fresh = k >= len(entries) - 4
            if not fresh and colour == ui.PARCHMENT:
                colour = ui.PARCHMENT_DIM
            strong = key in STRONG_KEYS
            for row in ui.wrap(self.t.render(e), rect.width - self.px(28), size, bold=strong):
                rows.append((row, colour, strong))
                entries_of.append(k)
        fit_rows = max(0, (rect.bottom - self.px(8) - top) // step)
        # the wheel over the panel reads back (the table keeps how far: `TableScene.scroll_log`)
        maximum = max(0, len(rows) - fit_rows)
        back = self.t.log_scroll = min(self.t.log_scroll, maximum)
        self.t.log_rect, self.t.log_max = Rect(rect), maximum
        start, end = max(0, len(rows) - fit_rows - back), len(rows) - back
        first = whole_entry_start(entries_of, start, end) if fit_rows else end
        for i, (row, colour, bold) in enumerate(rows[first:end] if fit_rows else []):
            y = top + (first - start + i) * step
            rich(self.surf, row, (rect.left + self.px(12), y), size, colour, self.syms, bold=bold)
        if back:
            ui.scroll_mark(self.surf, Rect(rect.right - self.px(9), top, 4, fit_rows * step), maximum - back, maximum,
                           fit_rows, len(rows))

    # -- my side -------------------------------------------------------------------------------------------

    def draw_mine(self, rect: Rect) -> None:
        me = self.t.me
        ui.panel(self.surf, rect, 205)
        if me is None:
            return
        sv = self.view["seats"][me]
        x, y = rect.left + self.px(12), rect.top + self.px(10)
        rgb, shape = self.seat_paint(me)
        badge = P.blazon(sv["blazon"] == "gold", rgb, shape, self.px(46))
        self.surf.blit(badge, (x, y))
        self.hit(Rect((x, y), badge.get_size()), "tip", tip=self.blazon_tip(sv))
        left_w = round(300 * self.sx)
        nx = x + badge.get_width() + self.px(10)
        self.name_line(me, (nx, y - 2), self.fs(18), ui.PARCHMENT, max_w=left_w - (nx - rect.left) - self.px(10))
        ui.text(self.surf, self.tr("anludim.ui.total", total=sv["total"]), (nx, y + self.fs(24)), self.fs(16), ui.GOLD,
                bold=True)
        self.draw_holdings(sv, x, rect.top + self.px(76), rect.left + left_w - self.px(10), small=False)
        pygame.draw.line(self.surf, ui.GOLD_DARK, (rect.left + left_w, rect.top + self.px(10)),
                         (rect.left + left_w, rect.bottom - self.px(10)), 1)
        cx = rect.left + left_w + self.px(14)
        ui.text(self.surf, self.tr("anludim.ui.your_combos"), (cx, y - 2), self.fs(14), ui.GOLD, bold=True)
        self.draw_combos(sv, Rect(cx, y + self.px(20), rect.right - cx - self.px(12),
                                  rect.bottom - y - self.px(26)), mine=True)

    def draw_bar(self, rect: Rect) -> None:
        """The live label on the left, the buttons of what can be done now on the right."""
        segments, buttons = self.bar_content()
        self.label = [text.replace(NBSP, " ") for text, _ in segments]  # as people read them
        size = self.fs(16)
        bh = rect.height - self.px(6)
        right = rect.right
        for label, data, primary, enabled in reversed(buttons):
            bw = self.button_width(label, size, primary)
            self.button(Rect(right - bw, rect.top + self.px(3), bw, bh), label, data, primary, enabled, size)
            right -= bw + self.px(8)
        x = rect.left + self.px(4)
        avail, gap = right - x - self.px(12), self.px(18)
        if not segments or avail < self.px(40):
            return
        fs, shown = self.bar_lines([text for text, _ in segments], avail, gap, rect.height, size)
        line_h = ui.font(fs, True).get_linesize()
        for lines, (_text, colour) in zip(shown, segments, strict=True):
            ends = [rich(self.surf, line, (x, rect.centery + round((k - (len(lines) - 1) / 2) * line_h)), fs, colour,
                         self.syms, bold=True, anchor="midleft").right for k, line in enumerate(lines)]
            x = max(ends) + gap

    def bar_lines(self, texts: list[str], avail: int, gap: int, height: int, size: int) -> tuple[int, list[list[str]]]:
        """One size for all the bar's texts, as the hints of two combinations a selection makes read
        side by side (never one full size beside one shrunk onto two lines): the largest from `size`
        down to 3/4 of it at which they all fit on one line in `avail`; else the largest at which
        each fits on two lines as even as can be (so a name is not split with room to spare) when
        the bar is tall enough; else at 3/4, each cut to its share of the width (3/4, or the
        table's smallest text)."""
        room = avail - gap * (len(texts) - 1)
        small = max(SMALLEST_TEXT, int(size * 0.75))
        for s in range(size, small - 1, -1):
            if sum(ui.font(s, True).size(t)[0] for t in texts) <= room:
                return s, [[t] for t in texts]
        for s in range(size, small - 1, -1):
            if 2 * ui.font(s, True).get_linesize() > height:
                continue
            made = [_two_lines(t, s) for t in texts]
            if all(m is not None for m in made) and sum(m[0] for m in made if m is not None) <= room:
                return s, [m[1] for m in made if m is not None]
        f = ui.font(small, True)
        widths = [max(1, f.size(t)[0]) for t in texts]
        shares = [max(1, room * w // sum(widths)) for w in widths]
        return small, [[ui.fit(t, share, small, True)] for t, share in zip(texts, shares, strict=True)]

    def bar_content(self) -> tuple[list[tuple[str, P.Colour]], list[tuple[str, tuple[Any, ...], bool, bool]]]:
        v, t, sel = self.view, self.t, self.sel
        segs: list[tuple[str, P.Colour]] = []
        buttons: list[tuple[str, tuple[Any, ...], bool, bool]] = []
        if t.me is None:
            return segs, buttons
        phase = v.get("phase")
        if phase == "game_over":
            return [(self.tr("anludim.phase.game_over"), ui.GOLD)], buttons
        if not t.my_turn():
            waiting = (self.tr("anludim.ui.waiting", name=t.seat_name(v["current"])), ui.PARCHMENT_DIM)
            if t.ended_by_itself:  # nothing was left to do: the turn ended with the last action
                return [(self.tr("anludim.ui.turn_ended"), ui.GOLD), waiting], buttons
            return [waiting], buttons
        if phase == "round_over":
            limit = v["seats"][t.me]["keep_limit"]
            segs.append((self.tr("anludim.ui.keep_count", count=len(sel.keep), limit=limit), ui.GOLD))
            buttons.append((self.tr("anludim.action.keep"), ("keep",), True, True))
            return segs, buttons
        mine = v["seats"][t.me]
        if sel.cards:
            live = t.live()
            if not live:
                segs.append((self.tr("anludim.ui.no_combination"), ui.RED))
            for p in live:
                prof = t.prof(p["professor"])
                # names glued (no-break spaces): a hint wrapped on two lines never splits "The / Arcanist"
                params = {"kind": t.kind_name(p["kind"]), "professor": t.tx(prof["name"]).replace(" ", NBSP)}
                if p["beats"]:
                    holder = p["holder"]
                    if holder is not None and holder != t.me:
                        segs.append((self.tr("anludim.ui.beats_from", seat=t.seat_name(holder).replace(" ", NBSP),
                                             **params), ui.GREEN))
                    else:
                        segs.append((self.tr("anludim.ui.beats", **params), ui.GREEN))
                else:
                    segs.append((self.tr("anludim.ui.too_weak", **params), ui.RED))
                buttons.append((self.tr("anludim.ui.call", professor=t.tx(prof["name"])), ("lay", prof["id"]),
                                p["beats"], True))
            if sel.onto >= 0:
                segs.insert(0, (self.tr("anludim.ui.onto_label", kind=t.kind_name(mine["combos"][sel.onto]["kind"])),
                                ui.GOLD))
            buttons.append((self.tr("anludim.ui.clear"), ("clear",), False, True))
        elif phase == "after_main":
            segs.append((self.tr("anludim.ui.hint.after_main"), ui.PARCHMENT))
        else:
            segs.append((self.tr("anludim.ui.hint.main"), ui.PARCHMENT))
        if v.get("optional_available"):
            if sel.item:
                item = t.item_name(sel.item[0])
                buttons.append((self.tr("anludim.ui.discard_item", item=item, value=sel.item[1]),
                                ("discard_item",), False, True))
            elif sel.parchment:
                buttons.append((self.tr("anludim.action.discard_parchment"), ("discard_parchment",), False, True))
        if phase in ("start", "main") and not sel.cards:
            can_draw = v["draw_count"] + v["discard_count"] > 0
            if not can_draw and not any(v["face_up"]):
                buttons.append((self.tr("anludim.action.pass_turn"), ("pass",), True, True))
            else:
                buttons.append((self.tr("anludim.action.draw", draw=v["content"]["rules"]["draw"]), ("draw",), False, can_draw))
        if phase == "after_main":
            buttons.append((self.tr("anludim.action.end_turn"), ("end_turn",), True, True))
        return segs, buttons

    # -- the hand ------------------------------------------------------------------------------------------

    def draw_hand(self, rect: Rect) -> None:
        hand = self.t.hand()
        if self.t.me is None:
            return
        ui.text(self.surf, self.tr("anludim.ui.hand", count=len(hand)), (rect.left + self.px(4), rect.top),
                self.fs(14), ui.GOLD, bold=True)
        if not hand:
            return
        raise_ = self.px(16)
        top = hand_top(rect, self.s)
        ch = min(rect.bottom - top - self.px(2), self.px(230))
        cw = int(ch * 0.54)
        n = len(hand)
        gap = self.px(8)
        step = cw + gap
        if n * step - gap > rect.width:
            step = (rect.width - cw) // max(1, n - 1)
        x = rect.left + (rect.width - (step * (n - 1) + cw)) // 2
        keeping = self.view.get("phase") == "round_over"
        chosen = set(self.sel.keep) if keeping else set(self.sel.ids())
        order = {cid: i + 1 for i, cid in enumerate(self.sel.ids())}
        can_pick = self.t.my_turn() and self.view.get("phase") in ("start", "main", "round_over")
        handing_off = getattr(self.t, "handoff", None) is not None  # the table only looks: no flip either
        dots: list[tuple[Rect, int]] = []  # the selection's order badges, drawn over every card
        for card in hand:
            cid = card["id"]
            active = self.t.half_of(cid)
            picked = cid in chosen
            r = Rect(x, top - (raise_ if picked else 0), cw, ch)
            if picked:
                glow = r.inflate(self.px(8), self.px(8))
                pygame.draw.rect(self.surf, ui.GOLD, glow, border_radius=12)
            self.surf.blit(self.double(card, active, (cw, ch), step < cw * 0.8), r)
            value, colour = card["halves"][active]
            # what a click does now: choose for a combination, choose to keep, or nothing (not your
            # turn, the turn's main action done, a hand-off: the tip said "Click: choose it" there too)
            tip_key = ("anludim.ui.tip.card_keep" if keeping else "anludim.ui.tip.card") if can_pick \
                else "anludim.ui.tip.card_shown" if handing_off else "anludim.ui.tip.card_idle"
            tip = self.tr(tip_key, card=self.t.card_text(card["halves"]), half=self.t.card_text([[value, colour]]))
            self.hit(r, "card", cid, tip, can_pick)
            badge = P.flip_badge(self.px(13))
            b = badge.get_rect(center=(r.left + self.px(17), r.centery))
            if not keeping:
                self.surf.blit(badge, b)
                self.hit(b, "flip", cid, self.tr("anludim.ui.tip.flip"))
            if picked and not keeping and cid in order:
                dot = Rect(0, 0, self.px(22), self.px(22))
                shown = cw if cid == hand[-1]["id"] else min(cw, step)  # the part no later card covers
                # inside the card (the hand's title is above), clear of the next card's glow
                dot.center = (r.left + shown - self.px(16), r.top + self.px(8))
                dots.append((dot, order[cid]))
            x += step
        for dot, rank in dots:  # after the cards: the next raised card's glow no longer covers a badge's edge
            pygame.draw.ellipse(self.surf, ui.GOLD, dot)
            ui.text(self.surf, str(rank), dot.center, self.fs(13), ui.INK, bold=True, anchor="center")

    # -- end of a round -------------------------------------------------------------------------------------

    def draw_round_over(self, rect: Rect) -> None:
        """The round's result over the top of the table while seats choose the cards they keep."""
        v = self.view
        res = v["round_results"][-1]
        pygame.draw.rect(self.surf, ui.INK, rect, border_radius=10)
        ui.panel(self.surf, rect, 255, ui.GOLD)
        self.hit(rect, "block", enabled=False)
        cx = rect.centerx
        y = rect.top + self.px(14)
        ui.text(self.surf, self.tr("anludim.ui.round_over_title", round=res["round"]), (cx, y), self.fs(26), ui.GOLD,
                bold=True, anchor="midtop")
        y += self.fs(26) + self.px(14)
        ui.ornament(self.surf, (cx, y), min(rect.width - 80, self.px(420)))
        y += self.px(12)
        line = self.tr("anludim.ui.round_result", round=res["round"], seat=self.t.seat_name(res["winner"]))
        line += " — " + self.tr(f"anludim.ui.reason.{res['reason']}")
        ui.text(self.surf, line, (cx, y), self.fs(18), ui.PARCHMENT, bold=True, anchor="midtop")
        y += self.fs(18) + self.px(16)
        n = len(v["seats"])
        row_h = min(self.px(40), (rect.bottom - self.px(40) - y) // max(1, n))
        cols = [rect.left + rect.width * k // 100 for k in (10, 36, 58, 76)]
        heads = ("anludim.ui.col.seat", "anludim.ui.col.total", "anludim.ui.col.next", "anludim.ui.col.blazon")
        for col, key in zip(cols, heads, strict=True):
            ui.text(self.surf, self.tr(key), (col, y), self.fs(14), ui.GOLD)
        y += self.fs(14) + self.px(8)
        for seat in sorted(range(n), key=lambda s: -res["totals"][s]):
            sv = v["seats"][seat]
            win = seat == res["winner"]
            if win:
                band = Rect(rect.left + self.px(40), y - self.px(3), rect.width - self.px(80), row_h - self.px(2))
                pygame.draw.rect(self.surf, (78, 60, 30), band, border_radius=6)
            self.name_line(seat, (cols[0], y), self.fs(18), ui.GOLD if win else ui.PARCHMENT, max_w=cols[1] - cols[0])
            ui.text(self.surf, self.tr("end.points", n=res["totals"][seat]), (cols[1], y), self.fs(18), ui.PARCHMENT)
            reward = res["rewards"][seat]
            text = self.tr("anludim.ui.reward", count=reward) if reward else "—"
            ui.text(self.surf, text, (cols[2], y), self.fs(16), ui.PARCHMENT)
            rgb, shape = self.seat_paint(seat)
            badge = P.blazon(sv["blazon"] == "gold", rgb, shape, self.px(28))
            self.surf.blit(badge, (cols[3], y - self.px(4)))
            ui.text(self.surf, self.tr("anludim.ui.rounds_won", count=sv["rounds_won"]),
                    (cols[3] + badge.get_width() + self.px(8), y), self.fs(15), ui.PARCHMENT)
            y += row_h
        keeper = (v.get("to_act") or [None])[0]
        if keeper is not None:
            limit = v["seats"][keeper]["keep_limit"]
            hint = self.tr("anludim.ui.keep_hint", name=self.t.seat_name(keeper), limit=limit)
            ui.text(self.surf, hint, (cx, rect.bottom - self.px(14)), self.fs(15), ui.PARCHMENT_DIM,
                    anchor="midbottom", italic=True)


def draw_public(table: Any, surface: pygame.Surface, rect: Rect, view: dict[str, Any]) -> None:
    """The curtain's picture from the public view: each coven (blazon, total, hand size, professors
    held, who plays) on the left, the log with drawn colour symbols on the right."""
    symbols = {c["symbol"]: (tuple(c["rgb"]), c["shape"]) for c in view["content"]["colours"]}
    half = rect.width // 2 - 10
    left = Rect(rect.left, rect.top, half, rect.height)
    ui.panel(surface, left, 200)
    tr = table.app.tr
    ui.text(surface, tr("curtain.seats"), (left.left + 16, left.top + 12), 18, ui.GOLD, bold=True)
    to_act = set(view.get("to_act") or [])
    row_h = min(64, (left.height - 56) // max(1, len(view["seats"])))
    for i, sv in enumerate(view["seats"]):
        y = left.top + 48 + i * row_h
        c = table.seat_colour(i)
        surface.blit(P.blazon(sv["blazon"] == "gold", c.rgb, c.symbol, 34), (left.left + 16, y))
        ui.text(surface, fit(table.seat_name(i), half - 260, 18, True), (left.left + 58, y), 18, ui.PARCHMENT,
                bold=True)
        info = tr("anludim.ui.total", total=sv["total"]) + " · " + tr("anludim.ui.tip.hand_size", count=sv["hand_size"])
        ui.text(surface, info, (left.left + 58, y + 24), 14, ui.PARCHMENT_DIM)
        x = left.right - 16
        if i in to_act:
            r = ui.text(surface, tr("curtain.to_act"), (x, y + 2), 15, ui.GOLD, anchor="topright")
            x = r.left - 12
        for prof in view["professors"]:
            if prof["seat"] == i:
                name = table.app.strings.text(prof["name"])
                word = (name.split() or ["?"])[-1].split("'")[-1]
                img = P.professor(prof["id"], word[:1].upper() or "?", 14)
                x -= img.get_width() + 4
                surface.blit(img, (x, y + 2))
    right = Rect(rect.left + half + 20, rect.top, half, rect.height)
    ui.panel(surface, right, 200)
    ui.text(surface, tr("table.log"), (right.left + 16, right.top + 12), 18, ui.GOLD, bold=True)
    rows: list[str] = []
    entries: list[int] = []  # each row's entry: the panel begins with an entry's first row
    for n, e in enumerate((view.get("log") or [])[-14:]):
        wrapped = ui.wrap(table.render(e), right.width - 36, 16)
        rows += wrapped
        entries += [n] * len(wrapped)
    fit_rows = max(0, (right.height - 56) // 23)
    start = max(0, len(rows) - fit_rows)
    first = whole_entry_start(entries, start, len(rows)) if fit_rows else len(rows)
    for k, row in enumerate(rows[first:]):
        y = right.top + 48 + (first - start + k) * 23
        rich(surface, row, (right.left + 16, y), 16, ui.PARCHMENT, symbols)


def _two_lines(text: str, size: int) -> tuple[int, list[str]] | None:
    """`text` (bold, `size`) wrapped on at most two lines as even as they can be: (the width of the
    longer line, the lines), or None when two lines cannot hold it. The narrowest wrapping width
    that still gives two lines is found by halving (ui.wrap decides where lines may break)."""
    font = ui.font(size, True)
    hi = font.size(text)[0]
    if len(ui.wrap(text, hi, size, True)) > 2:
        return None
    lo = hi // 2
    while lo < hi:
        mid = (lo + hi) // 2
        if len(ui.wrap(text, mid, size, True)) <= 2:
            hi = mid
        else:
            lo = mid + 1
    lines = ui.wrap(text, hi, size, True)
    return max(font.size(line)[0] for line in lines), lines
