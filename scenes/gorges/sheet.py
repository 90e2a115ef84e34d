"""A general's army sheet: everything the players need at the battle table, readable and printable.

One sheet per general: race and its gifts, relic points, lands, the current event, notes and
extra points for his next battle, then one column per army — where it is, its record, its
legendary hero (profile changes for good and for the next battle only, rules gained, magic items
with their points), its Renown Regiments (filled and free slots: 3 for the General's army, 2 for
a Lieutenant's) and the effects waiting for its next battle. Drawn dark ink on parchment, the
same on screen and in the PNG export (a button saves it into the user data folder, see
`game.paths`, and a message gives the path).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pygame

from game.scene import Scene
from rules.gorges.records import STATS
from scenes import ui
from sprites.gorges import map as gm

INK = (44, 32, 20)
INK_SOFT = (96, 78, 56)
PAPER = (240, 228, 198)
PAPER_DARK = (222, 204, 166)
RED_INK = (150, 40, 30)
EXPORT_SIZE = (1754, 1240)
MIN_TEXT = 12  # px: the sheet's text on screen (1024x700 drew 9-11 px even on a bare sheet)
CRAMMED_TEXT = 9  # px: only a column too full to hold its records at MIN_TEXT writes smaller, down to this


class _Pen:
    """Writes wrapped lines down a column, scaled, clipped at the bottom."""

    def __init__(self, surf: pygame.Surface, rect: pygame.Rect, k: float, floor: int = MIN_TEXT) -> None:
        self.surf, self.rect, self.k, self.floor = surf, rect, k, floor
        self.y = rect.top
        self.clipped = False  # a line or heading did not fit above the bottom

    def size(self, base: int) -> int:
        return max(self.floor, int(base * self.k))

    def line(self, value: str, base: int = 15, colour: tuple[int, int, int] = INK, bold: bool = False,
             indent: int = 0, italic: bool = False, bullet: str = "") -> None:
        size = self.size(base)
        step = int(size * 1.32)
        if bullet:
            indent += size + 2
        for i, row in enumerate(ui.wrap(value, self.rect.width - indent, size, bold)):
            if self.y + step > self.rect.bottom:
                self.clipped = True
                return
            if i == 0 and bullet:
                self._bullet(bullet, (self.rect.left + indent - size // 2 - 4, self.y + int(size * 0.7)), size // 3,
                             colour)
            img = ui.render_line(row, size, colour, bold, italic)
            self.surf.blit(img, (self.rect.left + indent, self.y))
            self.y += step

    def _bullet(self, kind: str, c: tuple[int, int], r: int, colour: tuple[int, int, int]) -> None:
        x, y = c
        r = max(3, r)
        if kind == "item":
            pts = [(x, y - r - 1), (x + r, y), (x, y + r + 1), (x - r, y)]
            pygame.draw.polygon(self.surf, (60, 120, 160), pts)
            pygame.draw.polygon(self.surf, INK, pts, 1)
        elif kind == "reg":
            pygame.draw.rect(self.surf, RED_INK, (x - r, y - r, 2 * r, 2 * r))
        elif kind == "free":
            pygame.draw.rect(self.surf, INK_SOFT, (x - r, y - r, 2 * r, 2 * r), 1)
        else:
            pygame.draw.circle(self.surf, colour, c, max(2, r - 1))

    def heading(self, value: str) -> None:
        self.gap(4)
        size = self.size(14)
        if self.y + size * 1.5 > self.rect.bottom:
            self.clipped = True
            return
        img = ui.font(size, True).render(value.upper(), True, RED_INK)
        self.surf.blit(img, (self.rect.left, self.y))
        self.y += int(size * 1.35)
        pygame.draw.line(self.surf, RED_INK, (self.rect.left, self.y - 2), (self.rect.right, self.y - 2), 1)
        self.y += 3

    def gap(self, n: int) -> None:
        self.y += int(n * self.k)


Zone = tuple[pygame.Rect, str, str]  # where a name is written: rect, army id, target (army, hero, regiment:<n>)


def draw_sheet(surf: pygame.Surface, rect: pygame.Rect, t: Any, seat: int, editable: bool = False,
               editing: tuple[str, str, str] | None = None) -> list[Zone]:
    """Draw general `seat`'s army sheet into `rect` (screen or export); returns the name zones.

    `editable` shows where a name may be given; `editing` is (army, target, text typed so far)."""
    zones: list[Zone] = []
    k = rect.height / 720
    v = t.view
    g = v["generals"][seat]
    pygame.draw.rect(surf, PAPER, rect, border_radius=int(10 * k))
    pygame.draw.rect(surf, INK_SOFT, rect, max(2, int(3 * k)), border_radius=int(10 * k))
    pygame.draw.rect(surf, PAPER_DARK, rect.inflate(-int(14 * k), -int(14 * k)), 1, border_radius=int(8 * k))
    pad = int(22 * k)
    rgb, sym = t.colour_of(seat)
    head = pygame.Rect(rect.left + pad, rect.top + pad, rect.width - 2 * pad, int(110 * k))
    ui.seat_symbol(surf, sym, (head.left + int(16 * k), head.top + int(18 * k)), int(14 * k), rgb, INK)
    title = t.tr("gorges.ui.sheet_title", name=t.seat_name(seat))
    ui.text(surf, title, (head.left + int(40 * k), head.top), max(12, int(26 * k)), INK, bold=True)
    race = g.get("race")
    ui.text(surf, t.race_name(race), (head.left + int(40 * k), head.top + int(34 * k)), max(MIN_TEXT, int(17 * k)),
            RED_INK, bold=True)
    facts = [t.tr("gorges.ui.relics", n=g["relic_points"]), t.tr("gorges.ui.lands", n=g["territories"]),
             t.tr("gorges.ui.capital_is", name=t.place(g["capital"]))]
    if g.get("extra_points"):
        facts.append(t.tr("gorges.ui.extra_points", n=g["extra_points"]))
    if g.get("hostages"):
        facts.append(t.tr("gorges.ui.hostages", names=", ".join(t.army_name(a, capital=False) for a in g["hostages"])))
    ui.text(surf, " · ".join(facts), (head.left + int(40 * k), head.top + int(60 * k)), max(MIN_TEXT, int(15 * k)), INK)
    season = v["season"]
    stamp = t.tr("gorges.ui.season_banner", season=t.tx(season["name"]), turn=season["turn"], turns=season["turns"],
                 total=v["turn"])
    ui.text(surf, stamp, (head.right, head.top + int(4 * k)), max(MIN_TEXT, int(14 * k)), INK_SOFT, anchor="topright")
    top_pen = _Pen(surf, pygame.Rect(head.left + int(40 * k), head.top + int(84 * k), head.width - int(40 * k),
                                     int(60 * k)), k)
    if race and race in t.session.content.races:
        top_pen.line(t.tx(t.session.content.races[race].text), 12, INK_SOFT, italic=True)
    ev = g.get("event")
    if ev:
        top_pen.line(t.tr("gorges.ui.event_is", roll=ev["roll"], name=t.tx(ev["name"])) + " — " + t.tx(ev["text"]), 12,
                     INK)
    y = head.top + int(150 * k)
    for n in g.get("notes") or []:
        pen = _Pen(surf, pygame.Rect(head.left, y, head.width, int(40 * k)), k)
        pen.line(t.tr("gorges.ui.general_note") + " " + note_text(t, n, seat), 13, RED_INK, bullet="dot")
        y = pen.y
    if g.get("memo") or editable:
        pen = _Pen(surf, pygame.Rect(head.left, y, head.width, int(44 * k)), k)
        memo = g.get("memo") or ""
        _named(pen, zones, f"{seat}.G", "general_memo", t.tr("gorges.ui.memo_line", text=memo) if memo else "",
               t.tr("gorges.ui.general_memo_add"), editable, editing, 13, bold=False)
        y = pen.y
    armies = [a for a in v["armies"].values() if a["seat"] == seat]
    armies.sort(key=lambda a: ("G", "L1", "L2", "R").index(a["slot"]) if a["slot"] in ("G", "L1", "L2", "R") else 9)
    gap = int(14 * k)
    cols = max(1, len(armies))
    width = (rect.width - 2 * pad - gap * (cols - 1)) // cols
    body = pygame.Rect(rect.left + pad, y + int(6 * k), width, rect.bottom - pad - y - int(22 * k))
    for i, army in enumerate(armies):
        col = body.move(i * (width + gap), 0)
        # at 12 px at least; a full column writes smaller rather than losing its last lines
        for scale, floor in ((1.0, MIN_TEXT), *((s, CRAMMED_TEXT) for s in COLUMN_SCALES)):
            found, clipped = _army_column(surf, col, t, army, k, editable, editing, k * scale, floor)
            if not clipped:
                break
        zones += found
    foot = t.tr("gorges.ui.sheet_footer")
    ui.text(surf, foot, (rect.centerx, rect.bottom - int(10 * k)), max(MIN_TEXT, int(11 * k)), INK_SOFT, anchor="midbottom",
            italic=True)
    return zones


def note_text(t: Any, n: dict[str, Any], owner: int | None = None) -> str:
    value = n.get("value")
    extra = ""
    if isinstance(value, dict):
        extra = f" ({t.tx(value)})"
    elif value not in (None, ""):
        extra = f" ({value})"
    against = n.get("against", "any")
    who = ""
    if against.startswith("seat:"):
        who = " — " + t.tr("gorges.ui.against", name=t.seat_name(int(against.split(":", 1)[1])))
    elif against.startswith("race:"):
        who = " — " + t.tr("gorges.ui.against", name=t.race_name(against.split(":", 1)[1]))
    origin = n.get("origin")
    if owner is not None and isinstance(origin, int) and origin != owner:
        who += " (" + t.tr("gorges.ui.note_from", name=t.seat_name(origin)) + ")"
    return f"{t.tx(n['name'])}{extra}{who}: {t.tx(n['text'])}"


def _named(pen: _Pen, zones: list[Zone], aid: str, target: str, text: str, placeholder: str,
           editable: bool, editing: tuple[str, str, str] | None, base: int = 14, bold: bool = True) -> None:
    """A line holding a name the general may give (or change) by clicking it."""
    typing = editing is not None and editing[:2] == (aid, target)
    if typing:
        text = (editing[2] if editing else "") + "|"
    if not text and not editable:
        return
    y0 = pen.y
    colour = RED_INK if text else INK_SOFT
    if typing:
        box = pygame.Rect(pen.rect.left - 4, pen.y - 1, pen.rect.width + 8, int(pen.size(base) * 1.4))
        pygame.draw.rect(pen.surf, (255, 250, 230), box, border_radius=4)
        pygame.draw.rect(pen.surf, RED_INK, box, 1, border_radius=4)
    pen.line(text or placeholder, base, colour, bold=bool(text) and bold, italic=not text)
    zones.append((pygame.Rect(pen.rect.left, y0, pen.rect.width, max(4, pen.y - y0)), aid, target))


COLUMN_SCALES = (1.0, 0.92, 0.85, 0.78, 0.72)  # the text of an army's column, tried in turn until it fits


def _army_column(surf: pygame.Surface, col: pygame.Rect, t: Any, army: dict[str, Any], k: float,
                 editable: bool = False, editing: tuple[str, str, str] | None = None,
                 text_k: float | None = None, floor: int = MIN_TEXT) -> tuple[list[Zone], bool]:
    """One army's column (its records at scale `text_k`); returns the name zones and whether its
    text ran past the bottom."""
    zones: list[Zone] = []
    aid = army["id"]
    pygame.draw.rect(surf, PAPER_DARK, col, border_radius=int(8 * k))
    pygame.draw.rect(surf, INK_SOFT, col, 1, border_radius=int(8 * k))
    rgb, sym = t.colour_of(army["seat"])
    r = max(8, int(15 * k))
    gm.army_token(surf, (col.left + int(24 * k), col.top + int(26 * k)), r, rgb, sym, army["slot"])
    pen = _Pen(surf, pygame.Rect(col.left + int(48 * k), col.top + int(10 * k), col.width - int(58 * k),
                                 int(60 * k)), k)
    pen.line(t.tr(f"gorges.ui.slot.{army['slot']}"), 18, INK, bold=True)
    if army["on_map"]:
        status = t.tr("gorges.ui.at", name=t.place(army["location"]))
    elif army.get("destroyed"):
        status = t.tr("gorges.ui.destroyed_until", when=t.tr(f"gorges.ui.returns.{army.get('returns') or 'season'}"))
    else:
        status = t.tr("gorges.ui.away_until", when=t.tr(f"gorges.ui.returns.{army.get('returns') or 'season'}"))
    pen.line(status, 13, INK_SOFT)
    items = army["hero"].get("items") or []
    figures = [t.tr("gorges.ui.fig_renown", n=len(army["regiments"]), cap=army["regiment_cap"]),
               t.tr("gorges.ui.fig_items", points=sum(i["value"] for i in items))]
    if army.get("extra_points"):
        figures.append(t.tr("gorges.ui.fig_points", n=army["extra_points"]))
    bar = pygame.Rect(col.left + int(8 * k), col.top + int(56 * k), col.width - int(16 * k), int(26 * k))
    pygame.draw.rect(surf, PAPER, bar, border_radius=int(5 * k))
    ui.text(surf, "  ·  ".join(figures), bar.center, max(MIN_TEXT, int(15 * k)), RED_INK, bold=True, anchor="center")
    top = bar.bottom + int(6 * k)
    pen = _Pen(surf, pygame.Rect(col.left + int(12 * k), top, col.width - int(24 * k), col.bottom - int(8 * k) - top),
               text_k or k, floor)
    _named(pen, zones, aid, "army", f"« {army['name']} »" if army.get("name") else "", t.tr("gorges.ui.name_army"),
           editable, editing, 15)
    pen.line(t.tr("gorges.ui.record", wins=army["wins"], losses=army["losses"]), 14, INK)
    hero = army["hero"]
    if army["slot"] != "R":
        pen.heading(t.tr("gorges.ui.hero"))
        _named(pen, zones, aid, "hero", hero.get("name") or "", t.tr("gorges.ui.name_hero"), editable, editing)
        if hero.get("captive_of") is not None:
            pen.line(t.tr("gorges.ui.captive", name=t.seat_name(hero["captive_of"])), 14, RED_INK, bold=True)
        if hero.get("misses_next_battle"):
            pen.line(t.tr("gorges.ui.misses"), 14, RED_INK, bold=True)
        if hero.get("deaths"):
            pen.line(t.tr("gorges.ui.deaths", n=hero["deaths"]), 14, INK_SOFT)
        current = hero.get("current_profile")
        shown = "  ".join(f"{t.tr('gorges.profile.' + s)} {current[s]}" for s in STATS if s in current) if current else ""
        _named(pen, zones, aid, "profile", t.tr("gorges.ui.profile_now", values=shown) if shown else "",
               t.tr("gorges.ui.profile_enter"), editable, editing, 14, bold=False)
        prof = t.profile_text(hero.get("profile") or {})
        pen.line(t.tr("gorges.ui.profile", changes=prof or t.tr("gorges.ui.profile_base")), 14, INK, bold=bool(prof))
        nxt = t.profile_text(hero.get("next_battle_profile") or {})
        if nxt:
            pen.line(t.tr("gorges.ui.profile_next", changes=nxt), 14, RED_INK)
        for rule in hero.get("rules") or []:
            pen.line(t.tx(rule), 14, INK, bullet="dot")
        items = hero.get("items") or []
        for i, item in enumerate(items):
            pen.line(t.tr("gorges.ui.item_line", value=item["value"], source=t.tx(item.get("source", ""))), 14,
                     INK, bullet="item")
            _named(pen, zones, aid, f"item:{i}", f"« {item['name']} »" if item.get("name") else "",
                   t.tr("gorges.ui.name_item"), editable, editing, 13)
        if items:
            pen.line(t.tr("gorges.ui.items_total", points=sum(i["value"] for i in items)), 12, INK_SOFT, bold=True)
    pen.heading(t.tr("gorges.ui.renown", n=len(army["regiments"]), cap=army["regiment_cap"]))
    for reg in army["regiments"]:
        gifts = []
        for gift in reg.get("gifts") or []:
            if gift.get("kind") == "standard":
                gifts.append(t.tr("gorges.ui.standard_line", value=gift["value"]))
            elif gift.get("rule"):
                gifts.append(t.tx(gift["rule"]))
        title = t.tr("gorges.ui.regiment", n=reg["number"])
        typing = editing is not None and editing[:2] == (aid, f"regiment:{reg['number']}")
        if typing:
            title += f" « {editing[2] if editing else ''}| »"
        elif reg.get("name"):
            title += f" « {reg['name']} »"
        text = title + (": " + "; ".join(gifts) if gifts else "")
        y0 = pen.y
        pen.line(text, 14, RED_INK if typing else INK, bullet="reg", bold=typing)
        zones.append((pygame.Rect(pen.rect.left, y0, pen.rect.width, max(4, pen.y - y0)), aid,
                      f"regiment:{reg['number']}"))
        for j, gift in enumerate(reg.get("gifts") or []):
            if gift.get("kind") == "standard":
                _named(pen, zones, aid, f"gift:{reg['number']}:{j}", f"« {gift['name']} »" if gift.get("name") else "",
                       t.tr("gorges.ui.name_standard"), editable, editing, 13)
    for _ in range(max(0, army["regiment_cap"] - len(army["regiments"]))):
        pen.line(t.tr("gorges.ui.free_slot"), 14, INK_SOFT, italic=True, bullet="free")
    pen.heading(t.tr("gorges.ui.next_battle"))
    shown = False
    if army.get("extra_points"):
        pen.line(t.tr("gorges.ui.extra_points", n=army["extra_points"]), 14, RED_INK, bold=True)
        shown = True
    for n in army.get("notes") or []:
        pen.line(note_text(t, n, army["seat"]), 13, INK, bullet="dot")
        shown = True
    if not shown:
        pen.line(t.tr("gorges.ui.nothing"), 12, INK_SOFT, italic=True)
    if army.get("memo") or editable:
        pen.heading(t.tr("gorges.ui.memo"))
        _named(pen, zones, aid, "memo", army.get("memo") or "", t.tr("gorges.ui.memo_add"), editable, editing, 13,
               bold=False)
    return zones, pen.clipped


def export_sheet(t: Any, seat: int) -> Path:
    """Save general `seat`'s sheet as a PNG in the user data folder; returns the path."""
    from game import paths

    surf = pygame.Surface(EXPORT_SIZE)
    surf.fill((255, 255, 255))
    draw_sheet(surf, surf.get_rect().inflate(-40, -40), t, seat)
    folder = paths.data_dir() / "sheets"
    folder.mkdir(parents=True, exist_ok=True)
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", t.seat_name(seat)).strip("-") or f"seat{seat + 1}"
    out = folder / f"gorges-{slug}-turn{t.view['turn']}.png"
    pygame.image.save(surf, str(out))
    return out


class ArmySheet(Scene):
    """The army sheet over the table: previous/next general, export as PNG, close (Esc)."""

    overlay = True

    def __init__(self, app: Any, table: Any, seat: int) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.zones: list[tuple[pygame.Rect, str]] = []
        self.cache: pygame.Surface | None = None
        self.cache_key: Any = None
        self.last_export: Path | None = None
        self.zones_at: list[Zone] = []
        self.editing: tuple[str, str, str] | None = None

    def layout(self) -> tuple[pygame.Rect, dict[str, pygame.Rect]]:
        w, h = self.app.size
        sheet = pygame.Rect(30, 24, w - 60, h - 90)
        y = h - 56
        buttons = {"prev": pygame.Rect(30, y, 150, 40), "next": pygame.Rect(190, y, 150, 40),
                   "export": pygame.Rect(w - 440, y, 240, 40), "close": pygame.Rect(w - 190, y, 160, 40)}
        return sheet, buttons

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT and self.editing is not None:
            self.type_text(event.text)
            return True
        if event.type == pygame.KEYDOWN and self.editing is not None:
            self.type_name(event)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.stack.pop()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.dirty = True
            return True
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN)
        sheet, buttons = self.layout()
        for name, rect in buttons.items():
            if rect.collidepoint(event.pos):
                self.press(name)
                return True
        local = (event.pos[0] - sheet.left, event.pos[1] - sheet.top)
        zone = next(((aid, target) for r, aid, target in self.zones_at if r.collidepoint(local)), None)
        self.editing = None if zone is None else (*zone, self.current_name(*zone))
        if self.editing is not None:
            pygame.key.start_text_input()  # letters arrive as TEXTINPUT, accents and dead keys included
        self.dirty = True
        return True

    def current_name(self, aid: str, target: str) -> str:
        army = self.table.view["armies"].get(aid) or {}
        if target == "army":
            return army.get("name") or ""
        if target == "hero":
            return (army.get("hero") or {}).get("name") or ""
        if target == "memo":
            return army.get("memo") or ""
        if target == "general_memo":
            return self.table.view["generals"][army.get("seat", self.seat)].get("memo") or ""
        if target == "profile":
            base = (army.get("hero") or {}).get("base_profile") or {}
            return " ".join(str(base[s]) for s in STATS if s in base)
        if target.startswith("item:"):
            items = (army.get("hero") or {}).get("items") or []
            i = int(target.split(":")[1])
            return (items[i].get("name") or "") if i < len(items) else ""
        if target.startswith("gift:"):
            _, n, j = target.split(":")
            reg = next((r for r in army.get("regiments") or [] if str(r["number"]) == n), {})
            gifts = reg.get("gifts") or []
            return (gifts[int(j)].get("name") or "") if int(j) < len(gifts) else ""
        reg = next((r for r in army.get("regiments") or [] if f"regiment:{r['number']}" == target), {})
        return reg.get("name") or ""

    @staticmethod
    def action_for(aid: str, target: str, text: str) -> Any:
        """What Enter sends: a note, the hero's book profile (nine numbers), or a name."""
        from rules.gorges.actions import Note, Rename, SetProfile

        if target in ("memo", "general_memo"):
            return Note(aid, text, "army" if target == "memo" else "general")
        if target == "profile":
            numbers = [int(n) for n in re.findall(r"\d+", text)]
            return SetProfile(aid, tuple(zip(STATS, numbers, strict=False)) if len(numbers) == len(STATS)
                              else (("?", 0),))
        return Rename(aid, target, text)

    def type_text(self, text: str) -> None:
        """Text typed (TEXTINPUT: "É", "ï", a dead key's result...) joins the name being edited."""
        assert self.editing is not None
        aid, target, name = self.editing
        text = "".join(ch for ch in text if ch.isprintable())
        limit = 400 if target in ("memo", "general_memo") else 60
        self.editing = (aid, target, (name + text)[:limit])
        self.dirty = True

    def type_name(self, event: pygame.event.Event) -> None:
        """Keys while naming: Backspace erases, Enter gives it (the engine's `rename`), Esc cancels.

        Letters come from TEXTINPUT events (`type_text`), never from KEYDOWN: a KEYDOWN carries no
        text for a composed or AltGr character, so "Épées" would lose its "É" and "é"."""
        assert self.editing is not None
        aid, target, text = self.editing
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            army = self.table.view["armies"].get(aid) or {}
            self.table.act(self.action_for(aid, target, text.strip()), army.get("seat", self.seat))
            self.editing = None
        elif event.key == pygame.K_ESCAPE:
            self.editing = None
        elif event.key == pygame.K_BACKSPACE:
            self.editing = (aid, target, text[:-1])
        self.dirty = True

    def press(self, name: str) -> None:
        n = len(self.table.view["generals"])
        if name == "close":
            self.stack.pop()
        elif name in ("prev", "next"):
            self.seat = (self.seat + (1 if name == "next" else -1)) % n
            self.dirty = True
        elif name == "export":
            try:
                self.last_export = export_sheet(self.table, self.seat)
            except (OSError, pygame.error) as exc:
                self.app.log_exception("gorges.sheet_export")
                self.app.toast(self.app.tr("gorges.ui.sheet_failed", error=str(exc)[:120]), "error")
                return
            self.app.toast(self.app.tr("gorges.ui.sheet_saved", path=str(self.last_export)), "ok")

    def draw(self, surface: pygame.Surface) -> None:
        sheet, buttons = self.layout()
        key = (self.seat, sheet.size, self.app.strings.lang, id(self.table.view), self.editing)
        if self.cache is None or self.cache_key != key:
            self.cache = pygame.Surface(sheet.size, pygame.SRCALPHA)
            self.zones_at = draw_sheet(self.cache, self.cache.get_rect(), self.table, self.seat, True, self.editing)
            self.cache_key = key
        ui.dim(surface, 190)
        surface.blit(self.cache, sheet.topleft)
        mouse = pygame.mouse.get_pos()
        labels = {"prev": "« " + self.app.tr("gorges.ui.prev_general"), "next": self.app.tr("gorges.ui.next_general") + " »",
                  "export": self.app.tr("gorges.ui.export_png"), "close": self.app.tr("gorges.ui.close")}
        gap = pygame.Rect(buttons["next"].right + 12, buttons["next"].top, buttons["export"].left - buttons["next"].right - 24,
                          buttons["next"].height)
        ui.text_block(surface, self.app.tr("gorges.ui.name_hint"), gap, 12, ui.PARCHMENT_DIM, align="center")
        for name, rect in buttons.items():
            hot = rect.collidepoint(mouse)
            primary = name == "export"
            bg = (138, 100, 36) if primary else ((74, 54, 30) if hot else (46, 35, 24))
            pygame.draw.rect(surface, bg, rect, border_radius=8)
            pygame.draw.rect(surface, ui.GOLD if hot or primary else ui.GOLD_DARK, rect, 2, border_radius=8)
            ui.text(surface, labels[name], rect.center, 17, ui.PARCHMENT, bold=primary, anchor="center")
