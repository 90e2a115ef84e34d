"""Drawing the Ambre table into one cached layer, with its clickable zones (`ui.Hit`).

`compose(table, console, size) -> (surface, hits)`: everything comes from `table.view` and the
console's prompt and buttons; nothing here changes the game. Sizes scale from 1280x800.
"""

from __future__ import annotations

from typing import Any

import pygame

from rules.ambre import actions as A
from rules.ambre import cards
from rules.ambre.story import motivation_text
from scenes import ui
from scenes.ambre.console import card_text, characteristic
from sprites.ambre import cards as S

Rect = pygame.Rect
INK = (40, 30, 20)
INK_SOFT = (92, 74, 48)
SELECTION = (150, 190, 235)  # a field's selected text (Ctrl+A), as text fields show it
PICKED = (178, 34, 34)  # the conflict card picked while its conflict or loser is asked for (thicker, too)


class Composer:
    def __init__(self, table: Any, console: Any, size: tuple[int, int]) -> None:
        self.t, self.c = table, console
        self.view = table.view
        self.w, self.h = size
        self.k = min(self.w / 1280, self.h / 800)
        self.surf = ui.background(size).copy()
        self.hits: list[ui.Hit] = []
        self.colours = S.suit_colours(self.view)
        self.tr, self.tx = table.app.tr, table.tx

    def fs(self, size: int) -> int:
        return max(11, round(size * (0.55 + 0.45 * self.k)))

    def px(self, n: float) -> int:
        return max(1, round(n * self.k))

    def hit(self, rect: Rect, kind: str, data: Any = None, tip: str = "", enabled: bool = True) -> None:
        self.hits.append(ui.Hit(Rect(rect), kind, data, tip, enabled))

    def button(self, rect: Rect, label: str, data: tuple, style: str = "primary", size: int = 16,
               tip: str | None = None) -> None:
        primary, danger = style == "primary", style == "danger"
        fill = (138, 100, 36) if primary else (150, 52, 40) if danger else (58, 43, 29)
        border = ui.GOLD if primary or danger else ui.GOLD_DARK
        pygame.draw.rect(self.surf, fill, rect, border_radius=8)
        pygame.draw.rect(self.surf, border, rect, 2, border_radius=8)
        size = self.fs(size)
        ui.text(self.surf, ui.fit(label, rect.width - 12, size, primary), rect.center, size, (255, 246, 222),
                bold=primary or danger, anchor="center")
        self.hit(rect, "button", data, tip or label)

    def wrapped(self, value: str, rect: Rect, size: int, colour: Any, bold: bool = False, max_lines: int = 99,
                italic: bool = False) -> int:
        """Draw wrapped text from rect.top; returns the y under it."""
        lines = ui.wrap(value, rect.width, size, bold)
        if len(lines) > max_lines:
            lines = lines[:max_lines]
            lines[-1] = ui.fit(lines[-1] + " …", rect.width, size, bold)
        y = rect.top
        step = ui.font(size, bold).get_linesize()
        for line in lines:
            ui.text(self.surf, line, (rect.left, y), size, colour, bold=bold, italic=italic)
            y += step
        return y

    # -- zones ---------------------------------------------------------------------------------

    def layout(self) -> None:
        w, h = self.w, self.h
        self.side_w = self.px(300) if w >= 1200 else 260
        self.console_h = max(200, self.px(250))
        left_w = w - self.side_w - 48
        self.header = Rect(20, 18, left_w, self.px(40))
        self.main = Rect(20, self.header.bottom + 6, left_w, h - self.console_h - self.header.bottom - 34)
        self.side = Rect(w - self.side_w - 20, 18, self.side_w, h - 36)
        self.bottom = Rect(20, h - self.console_h - 18, left_w, self.console_h)

    def draw(self) -> None:
        self.layout()
        self.draw_header()
        if self.view["phase"] in ("epilogue", "over"):
            self.draw_epilogue(self.main)
        else:
            self.draw_conflicts(self.main)
        self.draw_side()
        self.draw_console()

    def draw_header(self) -> None:
        v, r = self.view, self.header
        label = self.tr(v["phase_label"])
        if v["phase"] == "bids" and v["bidding"]:
            label += " — " + characteristic(v, v["bidding"]["suit"], self.tx)
        if v["scene"]:
            sc = v["scene"]
            label += " — " + self.tr(sc["step_label"])
        ui.text(self.surf, ui.fit(label, r.width, self.fs(22), True), (r.left, r.top + 4), self.fs(22), ui.GOLD,
                bold=True)
        menu = Rect(r.right - self.px(110), r.top, self.px(110), self.px(34))
        self.button(menu, self.tr("ambre.button.menu"), ("menu",), "choice")

    # -- conflicts -----------------------------------------------------------------------------

    def draw_conflicts(self, area: Rect) -> None:
        conflicts = self.view["conflicts"]
        n = len(conflicts)
        cols = n if n <= 3 else 3
        rows = 1 if n <= 3 else 2
        gap = self.px(12)
        cw = (area.width - gap * (cols - 1)) // cols
        ch = (area.height - gap * (rows - 1)) // rows
        for i, c in enumerate(conflicts):
            row, col = divmod(i, cols)
            if row == 1 and n == 4:
                col += 0
            x = area.left + col * (cw + gap) + (cw // 2 + gap // 2 if row == 1 and n == 5 else 0)
            self.postit(Rect(x, area.top + row * (ch + gap), cw, ch), c, big=rows == 1)

    def postit(self, r: Rect, c: dict[str, Any], big: bool) -> None:
        v = self.view
        sc = v["scene"]
        self.surf.blit(S.postit(r.size, c["level"]), r.topleft)
        active = sc is not None and sc["conflict"] == c["index"]
        elements = [self.element_text(e) for e in c["elements"]]
        # the tooltip gives whatever a small post-it cuts: the elements, then the scene prompts
        prompts = "\n".join(["• " + e for e in elements] + ["› " + self.tx(p) for p in c["prompts"]])
        self.hit(r, "postit", c["index"], prompts)
        postit_hit = len(self.hits) - 1
        if active or A.Stake(c["index"]) in self.c.legal:  # the scene's post-it, or one a bid may go on
            pygame.draw.rect(self.surf, ui.GOLD, r.inflate(6, 6), 3, border_radius=8)
        pad = self.px(12)
        inner = Rect(r.left + pad, r.top + pad + 4, r.width - 2 * pad, r.height - 2 * pad)
        a, b = c["seats"]
        head = f"{S.roman(c['arcanum'])} · {self.tx(c['name'])}"
        ui.text(self.surf, ui.fit(head, inner.width, self.fs(17), True), inner.topleft, self.fs(17), INK, bold=True)
        y = inner.top + self.fs(17) + 6
        between = f"{self.t.char_name(a)} — {self.t.char_name(b)}"
        ui.text(self.surf, ui.fit(between, inner.width, self.fs(14)), (inner.left, y), self.fs(14), INK_SOFT)
        y += self.fs(14) + 8
        theme = self.tx(c["theme"])
        level = self.tr(f"ambre.level.{c['level']}") if c["level"] else ""

        def texts_bottom(theme_size: int, theme_lines: int, level_lines: int) -> int:
            """The y under the theme and the level set so (measured, not drawn)."""
            bottom = y + min(theme_lines, len(ui.wrap(theme, inner.width, theme_size, True))) \
                * ui.font(theme_size, True).get_linesize()
            if level and level_lines:
                bottom += 2 + min(level_lines, len(ui.wrap(level, inner.width, self.fs(14)))) \
                    * ui.font(self.fs(14)).get_linesize()
            return bottom

        theme_size = self.fs(25 if big else 19)
        card_h = min(self.px(62), max(30, (inner.bottom - texts_bottom(theme_size, 3, 2)) // 3))
        card_w = int(card_h * 0.66)
        pairs = [f"{characteristic(v, s, self.tx)} {n}" for s, n in
                 sorted(c["values"].items(), key=lambda kv: -kv[1])]
        value_lines, value_size = self.value_lines(pairs, inner.width)
        step = ui.font(value_size, True).get_linesize()
        count = len(c["cards"])
        # many cards on one conflict: rows of cards, each row showing the top of those behind it
        # (a single row of 17 cards left slivers of 11 pixels, no value readable, to pick from),
        # as many as leave the elements their lines; when even rows would cut them to slivers (five
        # people at 1024x700: post-its a fifth of the table), each card is a compact tag instead,
        # its value and suit side by side, in rows as many as they need
        shift = card_h * 11 // 20
        tags = None
        rows_fit = max(1, 1 + (inner.bottom - card_h - step * len(value_lines) - 4 - texts_bottom(theme_size, 3, 2))
                       // max(1, shift))
        side_by_side = max(1, (inner.width + 4) // (card_w + 4))
        # a small card (under 48 pixels) shows its suit in its middle: overlapped by the next or by
        # the row below, only its value showed
        if count and (card_rows(count, inner.width, card_w) > rows_fit or (card_h < 48 and count > side_by_side)):
            tag_font = max(11, self.fs(12))
            tag_w, tag_h = S.tag_size(max(18, self.fs(13) + 6), tag_font)
            gap = 3
            per_row = max(1, min(count, (inner.width + gap) // (tag_w + gap)))
            tag_rows = -(-count // per_row)
            tags = (tag_font, (tag_w, tag_h), per_row, gap)
            need = tag_rows * (tag_h + gap) - gap
        else:
            need = card_h
        # the theme and the level as large as leave the values and the cards their room (a level
        # on two lines ran into the values), else smaller, shorter: the post-it's tooltip gives them
        small = self.fs(16)
        variants = ((theme_size, 3, 2), (theme_size, 3, 1), (theme_size, 2, 1), (small, 2, 1), (small, 2, 0),
                    (small, 1, 0))
        for theme_size, theme_lines, level_lines in variants:
            if texts_bottom(theme_size, theme_lines, level_lines) + step * len(value_lines) + 4 + need <= inner.bottom:
                break
        cut = len(ui.wrap(theme, inner.width, theme_size, True)) > theme_lines or (
            level and len(ui.wrap(level, inner.width, self.fs(14))) > level_lines)
        if cut:
            self.hits[postit_hit] = ui.Hit(Rect(r), "postit", c["index"], "\n".join(
                [theme] + ([level] if level else []) + ([prompts] if prompts else [])))
        y = self.wrapped(theme, Rect(inner.left, y, inner.width, 0), theme_size, INK, True, theme_lines)
        if level and level_lines:
            y = self.wrapped(level, Rect(inner.left, y + 2, inner.width, 0), self.fs(14), (150, 50, 36), italic=True,
                             max_lines=level_lines)
        if tags is None:
            spare = (inner.bottom - card_h - step * len(value_lines) - 4 - y
                     - len(elements) * (ui.font(self.fs(14)).get_linesize() + 2))
            rows = max(1, min(card_rows(count, inner.width, card_w), 1 + spare // max(1, shift)))
            cards_top = inner.bottom - card_h - (rows - 1) * shift
        else:
            cards_top = inner.bottom - need
        values_y = cards_top - step * len(value_lines) - 4
        for text in elements:
            room = (values_y - 2 - (y + 2)) // ui.font(self.fs(14)).get_linesize()  # lines left above the values
            if room < 1:
                break
            y = self.wrapped("• " + text, Rect(inner.left, y + 2, inner.width, 0), self.fs(14), INK,
                             max_lines=min(2, room))
        y += 4
        for p in c["prompts"]:
            lines = ui.wrap("› " + self.tx(p), inner.width, self.fs(13))
            if y + len(lines) * ui.font(self.fs(13)).get_linesize() > values_y - 2:
                break
            y = self.wrapped("› " + self.tx(p), Rect(inner.left, y, inner.width, 0), self.fs(13), INK_SOFT,
                             italic=True)
        for i, line in enumerate(value_lines):
            ui.text(self.surf, line, (inner.left, values_y + i * step), value_size, INK_SOFT, bold=True)
        area = Rect(inner.left, cards_top, inner.width, inner.bottom - cards_top)
        if tags is not None:
            self.conflict_tags(c, area, *tags)
        else:
            self.conflict_cards(c, area, (card_w, card_h), rows, shift)

    def conflict_tags(self, c: dict[str, Any], area: Rect, font: int, size: tuple[int, int], per_row: int,
                      gap: int) -> None:
        """A conflict's many cards as tags (`sprites.ambre.cards.tag`) in rows, none over another,
        each its own zone."""
        targets = self.flip_targets(c["index"])
        for i, item in enumerate(c["cards"]):
            row, col = divmod(i, per_row)
            rect = Rect(area.left + col * (size[0] + gap), area.top + row * (size[1] + gap), *size)
            self.surf.blit(S.tag(item["card"], size, font, self.colours, item["up"]), rect.topleft)
            if self.c_picked(item["card"]):
                pygame.draw.rect(self.surf, PICKED, rect.inflate(5, 5), 3, border_radius=5)
            elif i in targets or self.c_pickable(item["card"]):
                pygame.draw.rect(self.surf, ui.GOLD, rect.inflate(3, 3), 2, border_radius=5)
            self.hit(rect, "ccard", (c["index"], i), card_text(self.view, item["card"], self.tr))

    def element_text(self, e: dict[str, Any]) -> str:
        """A conflict's element as the post-it writes it ("Objet : La lame brisée")."""
        kind = self.tr(f"ambre.element_kind.{e['kind']}")
        return f"{kind} : {self.tx(e['text'])}" if self.t.app.strings.lang == "fr" else f"{kind}: {self.tx(e['text'])}"

    def value_lines(self, pairs: list[str], width: int) -> tuple[list[str], int]:
        """The characteristics' values above a conflict's cards ("Résilience 11  Suprématie 5"):
        one line if it fits (a little smaller if need be), else broken between pairs, never in one."""
        if not pairs:
            return [], self.fs(13)
        one, size = "  ".join(pairs), max(9, self.fs(12))
        if ui.font(size, True).size(one)[0] <= width:  # one line, as large as it fits
            one, size = ui.fitted(one, width, self.fs(13), True, smallest=size)
            return [one], size
        f = ui.font(size, True)
        lines: list[str] = []
        for pair in pairs:
            probe = f"{lines[-1]}  {pair}" if lines else pair
            if lines and f.size(probe)[0] <= width:
                lines[-1] = probe
            else:
                lines.append(pair)
        return [ui.fit(line, width, size, True) for line in lines], size

    def conflict_cards(self, c: dict[str, Any], area: Rect, size: tuple[int, int], rows: int = 1,
                       shift: int = 0) -> None:
        """A conflict's cards in `rows` rows `shift` pixels apart, each card overlapping the one on
        its left, its zone the part of it left uncovered."""
        items = c["cards"]
        if not items:
            return
        per_row = -(-len(items) // rows)
        step = min(size[0] + 4, max(8, (area.width - size[0]) // max(1, per_row - 1)))
        targets = self.flip_targets(c["index"])
        for i, item in enumerate(items):
            row, col = divmod(i, per_row)
            rect = Rect(area.left + col * step, area.top + row * shift, *size)
            self.surf.blit(S.card(item["card"], size, self.colours, item["up"]), rect.topleft)
            if self.c_picked(item["card"]):
                pygame.draw.rect(self.surf, PICKED, rect.inflate(6, 6), 3, border_radius=6)
            elif i in targets or self.c_pickable(item["card"]):
                pygame.draw.rect(self.surf, ui.GOLD, rect.inflate(4, 4), 2, border_radius=6)
            tip = card_text(self.view, item["card"], self.tr)
            wide = step if col < per_row - 1 and i < len(items) - 1 else size[0]
            high = shift if i + per_row < len(items) else size[1]  # a card below covers the rest
            self.hit(Rect(rect.left, rect.top, wide, high), "ccard", (c["index"], i), tip)

    def flip_targets(self, conflict: int) -> set[int]:
        pick = self.t.pick
        sc = self.view["scene"]
        if not pick or pick.get("to") is None or sc is None or sc["conflict"] != conflict:
            return set()
        want_up = pick["from"] == "aside"
        return {i for i, it in enumerate(self.view["conflicts"][conflict]["cards"]) if it["up"] == want_up}

    def c_picked(self, card: str | None) -> bool:
        """The conflict card clicked while its conflict or loser is asked for (the prompt names it)."""
        pick = self.t.pick
        return card is not None and bool(pick) and pick.get("from") == "conflict" and pick.get("card") == card

    def c_pickable(self, card: str | None) -> bool:
        if card is None:
            return False
        for a in self.c.legal:
            if getattr(a, "card", None) == card and isinstance(a, (A.Element, A.TakeAside, A.TakeHand, A.OfferGage, A.Give)):
                return True
        return False

    # -- epilogue ------------------------------------------------------------------------------

    def draw_epilogue(self, area: Rect) -> None:
        ep = self.view["epilogue"]
        ui.panel(self.surf, area, 215)
        ui.text(self.surf, self.tr("ambre.ui.epilogue_title"), (area.left + 16, area.top + 10), self.fs(22), ui.GOLD,
                bold=True)
        if not ep:
            return
        fates = {f["seat"]: f for f in ep["fates"]}
        n = len(ep["order"])
        top = area.top + self.fs(22) + 22
        block = (area.bottom - top - 8) // max(1, n)
        for i, seat in enumerate(ep["order"]):
            f = fates[seat]
            r = Rect(area.left + 16, top + i * block, area.width - 32, block - 6)
            current = i == ep["told"]
            if current:
                pygame.draw.rect(self.surf, ui.GOLD, r.inflate(8, 4), 2, border_radius=6)
            name = self.t.char_name(seat)
            title = f"{i + 1}. {name} — {self.tx(f['band']['title'])}"
            ui.text(self.surf, ui.fit(title, r.width, self.fs(18), True), r.topleft, self.fs(18),
                    ui.GOLD if current else ui.PARCHMENT, bold=True)
            y = r.top + self.fs(18) + 4
            motivation = motivation_text(self.view["motivations"][seat], self.t.app.strings)
            y = self.wrapped(f"« {motivation} »" if self.t.app.strings.lang == "fr" else f"“{motivation}”",
                             Rect(r.left, y, r.width, 0), self.fs(14), ui.PARCHMENT_DIM, italic=True, max_lines=1)
            numbers = self.tr("ambre.story.fate", war=f["war"], cups=f["cups"], difference=f["difference"])
            y = self.wrapped(numbers, Rect(r.left, y, r.width, 0), self.fs(14), ui.PARCHMENT_DIM, max_lines=1)
            self.wrapped(self.tx(f["band"]["text"]), Rect(r.left, y, r.width, 0), self.fs(15), ui.PARCHMENT,
                         max_lines=max(1, (r.bottom - y) // ui.font(self.fs(15)).get_linesize()))

    # -- seats and log -------------------------------------------------------------------------

    def draw_side(self) -> None:
        v, r = self.view, self.side
        ui.panel(self.surf, r, 215)
        y = r.top + 10
        figures = {f["rank"]: self.tx(f["name"]) for f in v["content"]["figures"]}
        suits = [s["id"] for s in v["content"]["suits"]]
        b = v["bidding"]
        sc = v["scene"]
        for seat in v["seats"]:
            s = seat["seat"]
            colour = self.t.seat_colour(s)
            ui.seat_symbol(self.surf, colour.symbol, (r.left + 18, y + 10), 8, colour.rgb)
            name = self.t.char_name(s)
            tags = []
            if sc and sc["narrator"] == s and sc["step"] in ("announce", "narration"):
                tags.append(self.tr("ambre.ui.narrator"))
            if s in v["to_act"] and not (sc and sc["step"] == "narration" and sc["narrator"] != s):
                tags.append(self.tr("ambre.ui.to_act"))
            label = ui.fit(name, r.width - 60, self.fs(16), True)
            ui.text(self.surf, label, (r.left + 32, y), self.fs(16), ui.GOLD if s == self.t.me else ui.PARCHMENT,
                    bold=True)
            if tags:
                ui.text(self.surf, " · ".join(tags), (r.right - 10, y + 2), self.fs(13), ui.GOLD, anchor="topright")
            player = self.t.seat_name(s)
            if name != player:  # "Ada" on the curtain plays "Corwen" at the table: say so
                self.hit(Rect(r.left + 10, y, r.width - 20, self.fs(16) + 2), "seat", s,
                         self.tr("ambre.ui.played_by", character=name, player=player))
            y += self.fs(16) + 4
            counts = self.tr("ambre.ui.counts", hand=seat["hand_size"], aside=len(seat["aside"]))
            if name != player:
                counts = f"{player} · {counts}"
            ui.text(self.surf, ui.fit(counts, r.width - 40, self.fs(13)), (r.left + 32, y), self.fs(13), ui.PARCHMENT_DIM)
            y += self.fs(13) + 3
            motivation = motivation_text(v["motivations"][s], self.t.app.strings) if s == self.t.me else ""
            if motivation:  # one's own secret motivation, at any time (content README); no longer
                # called secret once the epilogue revealed them all
                revealed = v["phase"] in ("epilogue", "over")
                text = self.tr("ambre.prompt.your_motivation_revealed" if revealed else "ambre.prompt.your_motivation",
                               motivation=motivation)
                bottom = self.wrapped(text, Rect(r.left + 32, y, r.width - 40, 0), self.fs(13), ui.GOLD, max_lines=2,
                                      italic=True)
                self.hit(Rect(r.left + 32, y, r.width - 40, bottom - y), "motivation", s, text)  # the whole of it
                y = bottom + 3
            ranks = [(su, figures[seat["ranks"][su]]) for su in suits if su in seat["ranks"]]
            if ranks:
                y = self.suit_row(ranks, (r.left + 32, y), r.width - 40, self.fs(13), ui.PARCHMENT)
            if b is not None:
                y = self.seat_bid(b, s, Rect(r.left + 32, y, r.width - 44, max(34, self.px(38))))
            request = sc["request"] if sc else None
            if request is not None and request["seat"] == s:
                y = self.seat_request(request, Rect(r.left + 32, y, r.width - 44, max(34, self.px(38))))
            y += 8
        self.t.draw_log(self.surf, Rect(r.left + 6, y, r.width - 12, r.bottom - y - 6))

    def suit_row(self, items: list[tuple[str, str]], pos: tuple[int, int], width: int, size: int,
                 colour: Any) -> int:
        """"♥ Reine  ♦ Roi  ♣ Roi" with each suit drawn as its shape, as tall as a capital and in
        the suit's colour as on the cards (a text-sized ♣ in parchment read as ♠); a little smaller,
        then on two lines, when it does not fit `width` (four "Cavalier" at 1024x700). The y under it."""
        def needs(size: int) -> tuple[int, list[int]]:  # (symbol radius, each item's width) at that size
            r = max(5, size // 2)
            return r, [2 * r + 5 + ui.font(size).size(label)[0] for _s, label in items]

        for smaller in range(size, max(10, size - 2) - 1, -1):
            r, widths = needs(smaller)
            if sum(widths) + (len(items) - 1) * ui.font(smaller).size("  ")[0] <= width:
                size = smaller
                break
        r, widths = needs(size)
        f = ui.font(size)
        gap, step = f.size("  ")[0], f.get_linesize()
        x, y = pos
        for (suit, label), need in zip(items, widths, strict=True):
            if x > pos[0] and x + need > pos[0] + width:
                x, y = pos[0], y + step
            rgb = self.colours.get(suit, colour)
            ui.seat_symbol(self.surf, S.SHAPES.get(suit, "circle"), (x + r, y + step // 2 + 1), r, rgb, rgb)
            ui.text(self.surf, ui.fit(label, pos[0] + width - x - 2 * r - 5, size), (x + 2 * r + 5, y), size, colour)
            x += need + gap
        return y + step

    def seat_bid(self, b: dict[str, Any], seat: int, row: Rect) -> int:
        """The seat's bid under its name (face-down card, or cards and total, or "abstains"); the y
        under it. A bid staked on a conflict shows nothing ("total 0" was drawn over the next seat)."""
        key = str(seat)
        size = (int(row.height * 0.66), row.height)
        cards_shown: list[tuple[str | None, bool]] = []
        if key in b["laid"]:
            cards_shown.append((b["laid"][key], b["laid"][key] is not None))
        for card in b["bids"].get(key, []):
            cards_shown.append((card, True))
        x = row.left
        for card, up in cards_shown[:8]:
            self.surf.blit(S.card(card, size, self.colours, up), (x, row.top))
            x += size[0] + 3
        if seat in b["abstained"]:
            ui.text(self.surf, self.tr("ambre.ui.abstains"), (x + 4, row.top + 6), self.fs(13), ui.PARCHMENT_DIM, italic=True)
        elif key in b["totals"] and cards_shown:
            ui.text(self.surf, self.tr("ambre.ui.total", total=b["totals"][key]), (x + 4, row.top + 6), self.fs(13),
                    ui.GOLD)
        return row.bottom + 2 if cards_shown or seat in b["abstained"] else row.top

    def seat_request(self, request: dict[str, Any], row: Rect) -> int:
        """A floor request's card under its seat's name, face down as the rulebook lays it "devant
        lui" (face up for its owner only, whose view holds it), and what it is; the y under it.
        Only the log said it, scrolled away, while the narrator was told to yield."""
        size = (int(row.height * 0.66), row.height)
        card = request.get("card")
        self.surf.blit(S.card(card, size, self.colours, card is not None), row.topleft)
        label = self.tr("ambre.ui.asks_floor")
        x = row.left + size[0] + 7
        ui.text(self.surf, ui.fit(label, row.right - x, self.fs(13)), (x, row.top + 6), self.fs(13), ui.GOLD)
        return row.bottom + 2

    # -- console -------------------------------------------------------------------------------

    def draw_console(self) -> None:
        r = self.bottom
        ui.panel(self.surf, r, 230, ui.GOLD_DARK)
        lines, buttons = self.c.build()
        hand_w = self.hand_width(r)
        left = Rect(r.left + 14, r.top + 10, r.width - hand_w - 28, r.height - 20)
        y = self.prompt(lines, left, first=self.first_lines)
        if self.t.typing():
            fields_h = 2 * (self.field_label_h() + self.fs(18) + 12 + 6)
            if buttons and y + 4 + fields_h + 6 + max(30, self.px(38)) > left.bottom + 4:
                # no room below the fields (1024x700: the button fell outside the panel and only
                # Enter confirmed, which nothing said): a short "Confirm" beside the motivation
                label = self.tr("ambre.button.confirm_short")
                side = ui.font(self.fs(16), True).size(label)[0] + self.px(30)
                y, beside = self.fields(Rect(left.left, y + 4, left.width, 0), side + 8)
                self.button(Rect(beside.right - side, beside.top, side, beside.height), label, buttons[0][1], buttons[0][2])
                buttons = buttons[1:]
            else:
                y, _beside = self.fields(Rect(left.left, y + 4, left.width, 0))
        self.buttons(buttons, Rect(left.left, y + 6, left.width, left.bottom - y - 6))
        self.hand(self.hand_area(r, hand_w))

    first_lines = 3  # lines the prompt's first line may take (more beside a widened hand, measured)

    def prompt(self, lines: list[str], left: Rect, draw: bool = True, first: int = 3) -> int | None:
        """The prompt's lines from the top of `left`; the y under them. With `draw` false, only
        measured: None when a line would be cut (the first gets `first` lines, the others two)."""
        y = left.top
        for i, line in enumerate(lines):
            size, colour = (self.fs(16), ui.PARCHMENT) if i == 0 else (self.fs(14), ui.PARCHMENT_DIM)
            most = first if i == 0 else 2
            if not draw:
                wrapped = ui.wrap(line, left.width, size)
                if len(wrapped) > most:
                    return None
                y += len(wrapped) * ui.font(size).get_linesize() + 2
                continue
            y = self.wrapped(line, Rect(left.left, y, left.width, 0), size, colour, max_lines=most, italic=i > 0) + 2
        return y

    def hand_cards(self) -> list[str | None]:
        """The hand and the joker in their places (None: a card played from there, see
        `AmbreTable.hand_slots`)."""
        return self.t.hand_slots()

    def hand_area(self, r: Rect, hand_w: int) -> Rect:
        return Rect(r.right - hand_w - 6, r.top + 10, hand_w - 8, r.height - 20)

    def hand_width(self, r: Rect) -> int:
        """The console's hand column: one width per window size and table, whatever the hand holds
        now (it followed the hand's size and the step's prompt, so the prompt, the buttons and the
        cards moved as cards were played). Its usual share, widened (up to half the console) as far
        as the largest hand of the game still gets larger cards: a dealt hand and the joker, or a
        hand that grew past it."""
        base = int(r.width * (0.5 if self.w >= 1200 else 0.42))
        if self.view.get("hand") is None:
            return base
        widest = max(base, int(r.width * 0.5))
        largest = max(len(self.hand_cards()), -(-len(cards.pips()) // max(1, len(self.view["seats"]))) + 1)
        rows, per_row, cw, _ch = self.hand_grid(largest, self.hand_area(r, widest), aside=False)
        used = per_row * cw + (per_row - 1) * self.card_gap() + 8 + 6  # the area's margins
        width = max(base, min(widest, used + 4))
        if width > base:
            self.first_lines = 5  # a narrower prompt: its first line may take more lines
        return width

    def card_gap(self) -> int:
        return max(8, self.px(10))

    def hand_rows_area(self, area: Rect, aside: bool | None = None) -> Rect:
        """Where the hand's cards go: under the "Hand" title, above the put-aside cards' row
        (only its label while nothing is put aside, as in the bids; `aside` says which)."""
        top = area.top + self.fs(14) + 12  # room for a picked card raised by 7 (it covered the "Main :" title)
        if aside is None:
            aside = bool(self.view["seats"][self.t.me]["aside"]) if self.t.me is not None else False
        below = self.fs(13) + 6 + (max(30, self.px(44)) + 4 if aside else 0)
        return Rect(area.left, top, area.width, area.bottom - below - top)

    def hand_grid(self, n: int, area: Rect, aside: bool | None = None) -> tuple[int, int, int, int]:
        """(rows, cards per row, card width, card height): the largest cards laid side by side, none
        over another, in one to three rows (one row of overlapping cards hid their values)."""
        rows_area = self.hand_rows_area(area, aside)
        gap = self.card_gap()
        best = (1, max(1, n), 1, 1)
        for rows in (1, 2, 3):
            per_row = max(1, -(-n // rows))
            ch = min(self.px(92), (rows_area.height - gap * (rows - 1)) // rows)
            cw = int(ch * 0.66)
            if per_row * cw + (per_row - 1) * gap > rows_area.width:
                cw = (rows_area.width - (per_row - 1) * gap) // per_row
                ch = int(cw / 0.66)
            if ch > best[3]:
                best = (rows, per_row, cw, ch)
        return best

    def hand(self, area: Rect) -> None:
        v = self.view
        if v.get("hand") is None:
            ui.text(self.surf, self.tr("ambre.ui.no_hand"), area.center, self.fs(15), ui.PARCHMENT_DIM, anchor="center")
            return
        me = self.t.me
        ui.text(self.surf, self.tr("ambre.ui.hand", name=self.t.char_name(me)), area.topleft, self.fs(14), ui.GOLD, bold=True)
        hand = self.hand_cards()
        self.t.hand_zone = Rect(area)
        rows_area = self.hand_rows_area(area)
        rows, per_row, cw, ch = self.hand_grid(len(hand), area)
        gap = self.card_gap()
        playable = self.playable()
        pick = self.t.pick
        for i, card in enumerate(hand):
            row, col = divmod(i, per_row)
            rect = Rect(rows_area.left + col * (cw + gap), rows_area.top + row * (ch + gap), cw, ch)
            if card is None:  # a card just played: its place stays empty while the pointer is here
                pygame.draw.rect(self.surf, ui.GOLD_DARK, rect.inflate(-4, -4), 1, border_radius=6)
                continue
            picked = bool(pick and pick.get("card") == card and pick.get("from") == "hand")
            if picked:
                rect.move_ip(0, -7)
            # while the step takes a hand card, those that cannot be played are dimmed
            dim = self.takes_hand() and card not in playable
            self.surf.blit(S.card(card, (cw, ch), self.colours, dim=dim), rect.topleft)
            if card in playable or picked:
                pygame.draw.rect(self.surf, ui.GOLD, rect.inflate(6, 6), 3, border_radius=7)
            tip = card_text(v, card, self.tr) + (" — " + self.tr("ambre.ui.joker") if card == v.get("joker") else "")
            self.hit(rect, "hand", card, tip)
        aside = v["seats"][me]["aside"]
        y = rows_area.top + rows * (ch + gap) - gap + 6
        ui.text(self.surf, self.tr("ambre.ui.aside", count=len(aside)), (area.left, y), self.fs(13), ui.PARCHMENT_DIM)
        sh = max(24, area.bottom - y - self.fs(13) - 6)
        sw = int(sh * 0.66)
        x = area.left
        # every card put aside shows: they overlap when the row is short (the 7th was dropped)
        step = min(sw + 4, (area.width - sw) // max(1, len(aside) - 1)) if len(aside) > 1 else sw + 4
        for i, card in enumerate(aside):
            rect = Rect(x, y + self.fs(13) + 4, sw, sh)
            self.surf.blit(S.card(card, (sw, sh), self.colours), rect.topleft)
            if pick and pick.get("card") == card and pick.get("from") == "aside":
                pygame.draw.rect(self.surf, ui.GOLD, rect.inflate(4, 4), 2, border_radius=6)
            shown = rect if i == len(aside) - 1 else Rect(rect.left, rect.top, min(step, sw), sh)
            self.hit(shown, "aside", card, card_text(v, card, self.tr))
            x += step

    def field_label_h(self) -> int:
        """A field's label's height: its line, so that the box under it leaves its descenders
        whole (the box started at the font size + 2 and cut the "p" and "g" of "Nom du personnage")."""
        return ui.font(self.fs(13)).get_linesize()

    def fields(self, area: Rect, beside: int = 0) -> tuple[int, Rect]:
        """The name and motivation fields, one under the other; the motivation box leaves `beside`
        pixels on its right (the confirm button's place). The bottom, and that place's rectangle."""
        y = area.top
        rules = self.view["content"]["rules"]
        place = Rect(area.right, y, 0, 0)
        for key, label in (("name", "ambre.ui.name"), ("motivation", "ambre.ui.motivation")):
            ui.text(self.surf, self.tr(label), (area.left, y), self.fs(13), ui.PARCHMENT_DIM)
            y += self.field_label_h()
            width = area.width - (beside if key == "motivation" else 0)
            box = Rect(area.left, y, width, self.fs(18) + 12)
            if key == "motivation":
                place = Rect(box.right, box.top, area.right - box.right, box.height)
            focused = self.t.focus == key
            pygame.draw.rect(self.surf, (250, 242, 222), box, border_radius=6)
            pygame.draw.rect(self.surf, ui.GOLD if focused else ui.GOLD_DARK, box, 2, border_radius=6)
            value = self.t.fields[key]
            selected = focused and self.t.selected and bool(value)  # Ctrl+A: the whole text, highlighted
            shown = value + ("|" if focused and not selected else "")
            if not value and not focused:
                shown = self.tr("ambre.ui.motivation_hint") if key == "motivation" else ""
            f = ui.font(self.fs(18))
            while f.size(shown)[0] > box.width - 16 and len(shown) > 1:
                shown = shown[1:]
            if selected:
                mark = Rect(box.left + 6, box.top + 4, f.size(shown)[0] + 4, box.height - 8)
                pygame.draw.rect(self.surf, SELECTION, mark, border_radius=3)
            ui.text(self.surf, shown, (box.left + 8, box.top + 5), self.fs(18), INK)
            self.hit(box, "field", key, self.tr("ambre.ui.limit", limit=rules[f"{key}_max"]))
            y = box.bottom + 6
        return y, place

    def buttons(self, buttons: list, area: Rect) -> None:
        """The console's buttons in rows. When they do not all fit (five people at 1024x700: the
        last ones were dropped unseen), lower buttons with their short labels, then smaller text,
        and only then the shortest labels (a floor request's bare name, which reads as a vote: with
        three people at 1024x700 in French the requests were two buttons "Brand" and "Corwin")."""
        tiers = ((max(30, self.px(38)), 0, 16), (28, 1, 16), (26, 1, 14), (28, 2, 16), (26, 2, 14))
        for bh, short, size in tiers:
            placed = self._rows(buttons, area, bh, short, size)
            if placed is not None:
                break
        else:
            placed = self._rows(buttons, area, 26, 2, 14, partial=True)
        for rect, label, data, style, size, full in placed:
            self.button(rect, label, data, style, size, tip=full)

    def _rows(self, buttons: list, area: Rect, bh: int, short: int, size: int, partial: bool = False) -> list | None:
        """Where each button goes, or None when one would fall below `area` (`partial`: those that fit).
        `short`: 0 the full labels, 1 the short ones, 2 the shortest (a button lists its shorter
        labels after its style, longest first)."""
        x, y, out = area.left, area.top, []
        group = None
        for full, data, style, *alt in buttons:
            labels = [full, *alt]
            label = labels[min(short, len(labels) - 1)]
            width = min(area.width, ui.font(self.fs(size), True).size(label)[0] + self.px(30 if size == 16 else 20))
            asks = data[0] == "curtain"  # the floor requests get a row of their own, under the narrator's
            if x > area.left and (x + width > area.right or (group is not None and asks != group)):
                x, y = area.left, y + bh + 6
            group = asks
            if y + bh > area.bottom + 4:
                return out if partial else None
            out.append((Rect(x, y, width, bh), label, data, style, size, full))
            x += width + 8
        return out

    def takes_hand(self) -> bool:
        """Whether the unveiled seat's step is played with a card of its hand (a raise with no card
        high enough included: every card then looks unplayable, as it is)."""
        return bool(self.playable()) or any(isinstance(a, A.PassRaise) for a in self.c.legal)

    def playable(self) -> set[str]:
        out: set[str] = set()
        for a in self.c.legal:
            if isinstance(a, (A.Bid, A.RaiseBid, A.Lay, A.RequestFloor, A.CloseFromHand)):
                out.add(a.card)
            elif isinstance(a, A.AcceptGage):
                out.add(a.give)
        if any(isinstance(a, A.RequestFloor) for a in self.c.legal) and self.t.requesting != self.t.me:
            out -= {a.card for a in self.c.legal if isinstance(a, A.RequestFloor)}
        return out


def card_rows(count: int, width: int, card_w: int) -> int:
    """How many rows (1 to 3) `count` cards `card_w` wide need in `width` for each to show at least
    seven tenths of its width (its value and suit) beside the next."""
    for rows in (1, 2, 3):
        per_row = -(-count // rows)
        if per_row <= 1 or (width - card_w) / (per_row - 1) >= card_w * 0.7:
            return rows
    return 3


def compose(table: Any, console: Any, size: tuple[int, int]) -> tuple[pygame.Surface, list[ui.Hit]]:
    """The whole table at `size` and its zones."""
    c = Composer(table, console, size)
    c.draw()
    return c.surf, c.hits


def draw_public(table: Any, surface: pygame.Surface, rect: Rect, public_view: dict[str, Any]) -> None:
    """The curtain: the conflicts' names and themes, then seats (character and player) and the
    public log naming the characters."""
    from scenes.table import draw_public_default

    conflicts = public_view["conflicts"][:5]
    top = Rect(rect.left, rect.top, rect.width, 38 + 19 * len(conflicts))
    ui.panel(surface, top, 200)
    y = top.top + 8
    ui.text(surface, table.app.strings.tr("ambre.ui.curtain_conflicts"), (top.left + 12, y), 15, ui.GOLD, bold=True)
    y += 21  # a title: the lines alone did not say they were the conflicts in play
    for c in conflicts:
        line = f"{S.roman(c['arcanum'])} · {table.tx(c['name'])} — {table.tx(c['theme'])}"
        ui.text(surface, ui.fit(line, top.width - 24, 15), (top.left + 12, y), 15, ui.PARCHMENT)
        y += 19
    rest = Rect(rect.left, top.bottom + 10, rect.width, rect.height - top.height - 10)
    # the log and the seats name the characters, as the table does (names are public: the post-it's
    # name side); the curtain's "Pass to Ana" and each seat's row still give who plays them
    # "to play" beside the seats the game waits on and the one the curtain calls: during narration
    # every seat may ask for the floor, and the curtain marked them all, a bot that never asks included
    waited = set(table.waited_on())
    if getattr(table, "curtain", None) is not None:
        waited.add(table.curtain.seat)
    public_view = dict(public_view, to_act=sorted(waited))
    draw_public_default(table.app, surface, rest, public_view, table.session.seats, public_view.get("names"))
