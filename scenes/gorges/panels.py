"""The panels of the Gorges table, each drawn from the view into the table's cached layer.

Every function takes the table (`scenes.gorges.table.GorgesTable`) for its texts, view and hit
zones, the surface and the panel's rectangle. Buttons add `Hit` zones whose data is the engine
action to send (kind "act") or a local choice (selecting an army, paging, the battle form).
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from rules.gorges import actions as A
from scenes import ui
from scenes.table import whole_entry_start
from sprites.gorges import map as gm

PHASES = ("crown", "events", "search", "mines", "movement", "construction", "challenges", "conquest", "battles")
Rect = pygame.Rect
MIN_TEXT = 12  # px: the top bar's season rule and phase names, where the room allows (see `top_bar`)


def _hit(t: Any, rect: Rect, kind: str, data: Any = None, tip: str = "", enabled: bool = True) -> None:
    t.hits.append(ui.Hit(Rect(rect), kind, data, tip, enabled))


def button(t: Any, surf: pygame.Surface, rect: Rect, label: str, kind: str, data: Any = None,
           enabled: bool = True, primary: bool = False, selected: bool = False, tip: str = "",
           size: int = 15, register: bool = True) -> None:
    """A drawn button and its zone (`register=False`: drawn on a frame only, the layer holds the zone)."""
    if primary:
        bg, border, fg = (138, 100, 36), (230, 184, 90), (255, 246, 222)
    elif selected:
        bg, border, fg = (96, 72, 34), (240, 200, 112), (255, 246, 222)
    else:
        bg, border, fg = (46, 35, 24), (140, 104, 44), ui.PARCHMENT
    if not enabled:
        bg, border, fg = (36, 28, 21), (62, 50, 38), (110, 98, 82)
    pygame.draw.rect(surf, bg, rect, border_radius=7)
    pygame.draw.rect(surf, border, rect, 2, border_radius=7)
    text = elide(label, rect.width - 14, size, bold=primary)
    img = ui.font(size, bold=primary).render(text, True, fg)
    surf.blit(img, img.get_rect(center=rect.center))
    if register:
        _hit(t, rect, kind, data, tip or (label if text != label else ""), enabled)


elide = ui.fit  # shared text fitting (scenes/ui.py)


def check_button(t: Any, surf: pygame.Surface, rect: Rect, label: str, kind: str, data: Any, on: bool,
                 size: int = 13) -> None:
    """A toggle: a button with a drawn check box at its left (ticked when `on`) and its label."""
    side = min(size + 3, rect.height - 8)
    x = rect.left + 8 + side + 7
    text = elide(label, rect.right - 8 - x, size)
    button(t, surf, rect, "", kind, data, selected=on, size=size, tip=label if text != label else "")
    ui.check_box(surf, Rect(rect.left + 8, rect.centery - side // 2, side, side), on)
    ui.text(surf, text, (x, rect.centery), size, (255, 246, 222) if on else ui.PARCHMENT, anchor="midleft")


def check_width(label: str, size: int = 13) -> int:
    """The width a `check_button` needs for `label` whole."""
    return ui.font(size).size(label)[0] + size + 3 + 8 + 7 + 10


def tooltip(surface: pygame.Surface, text: str, pos: tuple[int, int]) -> None:
    """A small wrapped box near the pointer, kept inside the window."""
    lines = [row for para in text.split("\n") for row in ui.wrap(para, 340, 14)]
    w = min(360, max(ui.font(14).size(r)[0] for r in lines) + 20)
    box = Rect(pos[0] + 16, pos[1] + 18, w, 12 + 19 * len(lines))
    sw, sh = surface.get_size()
    if box.right > sw - 6:
        box.right = pos[0] - 10
    if box.bottom > sh - 6:
        box.bottom = pos[1] - 10
    ui.panel(surface, box, 245, ui.GOLD)
    for i, row in enumerate(lines):
        ui.text(surface, row, (box.left + 10, box.top + 6 + i * 19), 14, ui.PARCHMENT)


# -- top bar: season banner and phase bar ---------------------------------------------------------

def top_bar(t: Any, surf: pygame.Surface, rect: Rect) -> None:
    v = t.view
    season, total = t.shown_season()  # a turn's battles followed after the next began: that turn
    ui.panel(surf, rect, 225)
    banner = Rect(rect.left, rect.top, int(rect.width * 0.31), rect.height)
    gm.season_glyph(surf, season["id"], (banner.left + 28, banner.centery), 15)
    title = t.tr("gorges.ui.season_short", season=t.tx(season["name"]), turn=season["turn"], turns=season["turns"])
    sub = t.tx(season["text"]) if v["phase"] not in ("setup", "over") else t.tr(f"gorges.phase.{v['phase']}")
    ink = ui.PARCHMENT_DIM if v["phase"] not in ("setup", "over") else ui.GOLD
    width = banner.width - 60
    size = 11
    if ui.font(MIN_TEXT).size(sub)[0] <= width:  # one line, as large as it fits
        shown, size = ui.fitted(sub, width, 13, smallest=MIN_TEXT)
        lines = [shown]
    elif len(ui.wrap(sub, width, MIN_TEXT)) <= 2:  # two lines at 12 px (1280x800: they were 11 px)
        lines = ui.wrap(sub, width, MIN_TEXT)
    else:
        lines = ui.wrap(sub, width, 11)  # two short lines rather than a cut one
    twelve = all(ui.font(MIN_TEXT).size(x)[0] <= width for x in lines) and len(lines) <= 2
    line_size, step, first = (MIN_TEXT, 15, 20) if twelve else (11, 14, 24)
    if len(lines) > 2:  # a long weather rule (Blizzard...): three smaller lines under a smaller title
        line_size, step, first = 10, 12, 18
        lines = ui.wrap(sub, width, 10)
        if len(lines) > 3:
            lines = [*lines[:2], ui.ellipsize(" ".join(lines[2:]), width, 10)]
    two = len(lines) > 1
    title_size = (13 if len(lines) > 2 else 14 if twelve else 15) if two else 17
    title, title_size = ui.fitted(title, width, title_size, True)
    ui.text(surf, title, (banner.left + 52, banner.top + (1 if len(lines) > 2 or twelve else 3 if two else 6)),
            title_size, ui.GOLD, bold=True)
    for i, line in enumerate(lines):
        ui.text(surf, line, (banner.left + 52, banner.top + (first + step * i if two else 31)),
                line_size if two else size, ink)
    _hit(t, banner, "tip", tip=t.tr("gorges.ui.season_banner", season=t.tx(season["name"]), turn=season["turn"],
                                    turns=season["turns"], total=total) + "\n" + t.tx(season["text"]))
    phase = t.shown_phase()
    tools = Rect(rect.right - 8 - 2 * 104, rect.top + 6, 2 * 104, rect.height - 12)
    for i, (label, kind) in enumerate(((t.tr("gorges.ui.alliances_button"), "diplomacy"), (t.tr("gorges.ui.menu"), "menu"))):
        paced = kind == "diplomacy" and not t.diplomacy_open and bool(t.steps or t.aftermath)  # the dice first
        tip = t.tr(f"gorges.ui.{kind}_tip") + ("\n" + t.tr("gorges.ui.after_the_dice") if paced else "")
        button(t, surf, Rect(tools.left + i * 104 + 4, tools.top + 4, 98, tools.height - 8), label, kind, size=14,
               selected=kind == "diplomacy" and t.diplomacy_open, tip=tip, enabled=not paced)
    bar = Rect(banner.right + 6, rect.top + 6, tools.left - banner.right - 10, rect.height - 12)
    current = PHASES.index(phase) if phase in PHASES else (-1 if phase == "setup" else len(PHASES))
    labels = [t.tr(f"gorges.ui.phase.{pid}") for pid in PHASES]
    size = 13
    while size > 10 and sum(ui.font(size, True).size(x)[0] + 40 for x in labels) > bar.width:
        size -= 1
    widths = [ui.font(size, True).size(x)[0] + 40 for x in labels]
    stacked = numbers_only = False
    if sum(widths) > bar.width:  # too narrow for a row: each name under its circle, at 12 px where they fit
        stacked = True  # (1280x800: they were 10 px), else smaller: every phase keeps its name (issue 9)
        size = MIN_TEXT if sum(ui.font(MIN_TEXT, True).size(x)[0] + 8 for x in labels) <= bar.width else 10
        while size > 8 and sum(ui.font(size, True).size(x)[0] + 8 for x in labels) > bar.width:
            size -= 1
        widths = [max(30, ui.font(size, True).size(x)[0] + 8) for x in labels]
        numbers_only = sum(widths) > bar.width
    if numbers_only:  # narrower still: numbers only, but the current phase keeps its name
        stacked, size = False, 10
        widths = [ui.font(size, True).size(x)[0] + 40 if i == current else 34 for i, x in enumerate(labels)]
    spare = max(0, bar.width - sum(widths)) / len(widths)
    x = float(bar.left)
    for i, pid in enumerate(PHASES):
        cell = Rect(int(x) + 2, bar.top, int(widths[i] + spare) - 4, bar.height)
        x += widths[i] + spare
        done, now = i < current, i == current
        bg = (120, 88, 34) if now else ((44, 36, 26) if done else (32, 25, 18))
        pygame.draw.rect(surf, bg, cell, border_radius=8)
        pygame.draw.rect(surf, ui.GOLD if now else (90, 70, 40), cell, 2 if now else 1, border_radius=8)
        radius = 8 if stacked else 11
        centre = (cell.centerx, cell.top + (11 if size >= MIN_TEXT else 13)) if stacked else (cell.left + 15, cell.centery)
        pygame.draw.circle(surf, ui.GOLD if now else ((110, 92, 60) if done else (70, 56, 40)), centre, radius)
        if done:
            cx, cy = centre
            k = radius / 11
            pygame.draw.lines(surf, ui.INK, False, [(cx - 5 * k, cy), (cx - 1 * k, cy + 4 * k), (cx + 5 * k, cy - 4 * k)],
                              3 if not stacked else 2)
        else:
            img = ui.font(13 if not stacked else 11 + (size >= MIN_TEXT), bold=True).render(str(i + 1), True, ui.INK)
            surf.blit(img, img.get_rect(center=centre))
        ink = (255, 246, 222) if now else (ui.PARCHMENT_DIM if done else ui.PARCHMENT)
        if stacked:
            ui.text(surf, elide(labels[i], cell.width - 2, size, True),
                    (cell.centerx, cell.bottom - (1 + ui.font(size, True).get_linesize() if size >= MIN_TEXT else 4 + size)), size,
                    ink, bold=True, anchor="midtop")
        elif not numbers_only or now:
            ui.text(surf, elide(labels[i], cell.width - 32, size, True), (cell.left + 30, cell.centery), size,
                    ink, bold=True, anchor="midleft")
        _hit(t, cell, "tip", tip=t.tr(f"gorges.phase.{pid}"))


# -- the island -----------------------------------------------------------------------------------

def crown_path(t: Any) -> list[str]:
    """The ghost's walk this turn (from the turn's crown log entries): start, then each step."""
    walk: list[str] = []
    for e in reversed(t.shown_log()):
        key = e.get("key")
        if key == "gorges.log.turn":
            break
        if key == "gorges.log.crown":
            p = e.get("params") or {}
            steps = [(p.get("start") or {}).get("territory")] + [s.get("territory") for s in p.get("path") or []]
            walk = [s for s in steps if s] + walk[1:] if walk else [s for s in steps if s]
    return walk


def island(t: Any, surf: pygame.Surface, rect: Rect) -> None:
    isl = t.island
    v = t.view
    base = isl.base(lambda tid: t.tx(v["map"][tid]["name"]), (t.app.strings.lang, rect.size))
    surf.blit(base, rect.topleft)
    pygame.draw.rect(surf, ui.GOLD_DARK, rect, 2, border_radius=4)
    s = isl.size
    lit = t.highlights()
    territories, crown = t.shown_map()
    for tid, terr in territories.items():
        owner = terr["owner"]
        if owner is not None:
            rgb, _ = t.colour_of(owner)
            gm.territory_tint(surf, isl, tid, rgb)
    for tid in lit:
        poly = isl.corners(isl.centres[tid], 0.9)
        pygame.draw.polygon(surf, (255, 214, 102), poly, 4)
        pygame.draw.polygon(surf, (120, 80, 20), isl.corners(isl.centres[tid], 0.82), 1)
    for tid, terr in territories.items():
        x, y = isl.centre(tid)
        owner, capital = terr["owner"], terr["capital_of"]
        if owner is not None or capital is not None:
            seat = capital if capital is not None else owner
            rgb, sym = t.colour_of(seat)
            gm.flag(surf, (int(x + s * 0.28), int(y - s * 0.3)), int(s * (0.52 if capital is not None else 0.42)),
                    rgb, sym, capital is not None)
        if terr["building"]:
            gm.building(surf, terr["building"], (int(x - s * 0.42), int(y - s * 0.42)), max(6, int(s * 0.2)))
    walk = crown_path(t)
    if len(walk) >= 2:
        gm.path(surf, [_ghost_spot(isl, tid) for tid in walk])
    if crown in isl.centres:
        gm.ghost(surf, _ghost_spot(isl, crown), max(8, int(s * 0.24)))
    for tid in v["map"]:
        _hex_hit(t, isl, tid, tid in lit, territories[tid])
    _challenge_marks(t, surf, isl)
    alliance_links(t, surf, isl)
    _armies(t, surf, isl, territories)  # tokens' zones above their hexes, where the rolls shown left them
    legend(t, surf, rect)


def alliance_links(t: Any, surf: pygame.Surface, isl: gm.Island) -> None:
    """Allied generals: a dashed gold line between their capitals, two linked rings at its middle."""
    v = t.view
    caps = {g["seat"]: g["capital"] for g in v["generals"]}
    for a, b in v.get("alliances") or []:
        ca, cb = caps.get(a), caps.get(b)
        if ca not in isl.centres or cb not in isl.centres:
            continue
        (x1, y1), (x2, y2) = isl.centre(ca), isl.centre(cb)
        steps = max(2, int(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5 // 12))
        for i in range(0, steps, 2):
            p = (x1 + (x2 - x1) * i / steps, y1 + (y2 - y1) * i / steps)
            q = (x1 + (x2 - x1) * (i + 1) / steps, y1 + (y2 - y1) * (i + 1) / steps)
            pygame.draw.line(surf, (250, 214, 110), p, q, 3)
        mx, my = int((x1 + x2) / 2), int((y1 + y2) / 2)
        for dx, seat in ((-6, a), (6, b)):
            rgb, _ = t.colour_of(seat)
            pygame.draw.circle(surf, rgb, (mx + dx, my), 9, 4)
        pygame.draw.circle(surf, ui.INK, (mx, my), 16, 1)
        tip = t.tr("gorges.ui.allied", a=t.seat_name(a), b=t.seat_name(b))
        _hit(t, Rect(mx - 16, my - 12, 32, 24), "tip", tip=tip)


def challenge_text(t: Any, ch: dict[str, Any]) -> str:
    """"Ana challenges Bo for Red Ford (accepted)" from a challenge of the view."""
    return t.tr("gorges.ui.challenge_line", seat=t.seat_name(ch["challenger"]), target=t.seat_name(ch["target"]),
                territory=t.place(ch["territory"]), status=t.tr(f"gorges.ui.status.{ch['status']}"))


def _challenge_marks(t: Any, surf: pygame.Surface, isl: gm.Island) -> None:
    """This turn's challenges: crossed swords on the territory at stake, with a tooltip."""
    by_place: dict[str, list[dict[str, Any]]] = {}
    for ch in t.view.get("challenges") or []:
        by_place.setdefault(ch["territory"], []).append(ch)
    r = max(7, int(isl.size * 0.23))
    for tid, chs in by_place.items():
        if tid not in isl.centres:
            continue
        x, y = isl.centre(tid)
        for i, ch in enumerate(chs):
            c = (int(x - isl.size * 0.5) + i * (2 * r + 2), int(y + isl.size * 0.05))
            rgb, sym = t.colour_of(ch["challenger"])
            gm.swords(surf, c, r, rgb, sym, ch["status"])
            box = Rect(0, 0, 2 * r + 2, 2 * r + 4)
            box.center = c
            _hit(t, box, "tip", tip=challenge_text(t, ch))


def _ghost_spot(isl: gm.Island, tid: str) -> tuple[int, int]:
    x, y = isl.centre(tid)
    return int(x + isl.size * 0.02), int(y - isl.size * 0.55)


def _hex_hit(t: Any, isl: gm.Island, tid: str, lit: bool, terr: dict[str, Any]) -> None:
    """The hex's zone and tooltip (`terr`: the territory as the rolls shown left it)."""
    v = t.view
    info = v["map"][tid]
    x, y = isl.centre(tid)
    s = isl.size
    owner = terr["owner"]
    lines = [t.tx(info["name"]) + " — " + terrain_name(t, info["terrain"])]
    lines.append(t.tr("gorges.ui.owner", name=t.seat_name(owner)) if owner is not None else t.tr("gorges.ui.neutral"))
    if terr["capital_of"] is not None:
        lines.append(t.tr("gorges.ui.capital_of", name=t.seat_name(terr["capital_of"])))
    if terr["building"]:
        lines.append(t.tr(f"gorges.ui.building.{terr['building']}"))
    if terr["crown"]:
        lines.append(t.tr("gorges.ui.crown_here"))
    if info["coast"]:
        lines.append(t.tr("gorges.ui.coast"))
    for aid in terr["armies"]:
        lines.append("• " + t.army_name(aid))
    for ch in v.get("challenges") or []:
        if ch["territory"] == tid:
            lines.append(challenge_text(t, ch))
    box = Rect(0, 0, int(s * 1.7), int(s * 1.9))
    box.center = (x, y)
    _hit(t, box, "hex", tid, "\n".join(lines), True)


def terrain_name(t: Any, terrain: str) -> str:
    item = (getattr(t.session.content, "terrains", None) or {}).get(terrain)
    return t.tx(item.name) if item is not None else terrain


def _armies(t: Any, surf: pygame.Surface, isl: gm.Island, territories: dict[str, Any]) -> None:
    """The army tokens on their hexes (`territories`: as the rolls shown left them)."""
    v = t.view
    s = isl.size
    r = max(7, int(s * 0.19))
    selectable = set(t.selectable_armies())
    for tid, terr in territories.items():
        here = terr["armies"]
        if not here:
            continue
        x, y = isl.centre(tid)
        per_row = 3
        for i, aid in enumerate(here):
            row, col = divmod(i, per_row)
            count = min(per_row, len(here) - row * per_row)
            cx = int(x + (col - (count - 1) / 2) * (2 * r + 4))
            cy = int(y + s * 0.42 - row * (2 * r + 3))
            army = v["armies"][aid]
            rgb, sym = t.colour_of(army["seat"])
            ring = (255, 255, 255) if aid == t.sel_army else (ui.GOLD if aid in selectable else None)
            gm.army_token(surf, (cx, cy), r, rgb, sym, army["slot"], ring, faded=army["built"])
            box = Rect(0, 0, 2 * r + 4, 2 * r + 4)
            box.center = (cx, cy)
            _hit(t, box, "army", aid, army_tip(t, aid), aid in selectable)


def army_tip(t: Any, aid: str) -> str:
    army = t.view["armies"][aid]
    lines = [t.army_name(aid)]
    if army["allowance"] and not army["moved"]:
        lines.append(t.tr("gorges.ui.allowance", n=army["allowance"]))
    if army["moved"]:
        lines.append(t.tr("gorges.ui.moved"))
    if army["built"]:
        lines.append(t.tr("gorges.ui.built"))
    lines.append(t.tr("gorges.ui.regiments_count", n=len(army["regiments"]), cap=army["regiment_cap"]))
    items = army["hero"]["items"]
    if items:
        lines.append(t.tr("gorges.ui.items_count", n=len(items), points=sum(i["value"] for i in items)))
    if army["extra_points"]:
        lines.append(t.tr("gorges.ui.extra_points", n=army["extra_points"]))
    lines.append(t.tr("gorges.ui.record", wins=army["wins"], losses=army["losses"]))
    return "\n".join(lines)


def legend(t: Any, surf: pygame.Surface, rect: Rect) -> None:
    """Terrains and buildings, top right over the sea; folded into a tab when it would hide land."""
    box = Rect(rect.right - 168, rect.top + 8, 160, 166)
    isl = t.island
    covers = any(box.inflate(isl.size * 1.4, isl.size * 1.4).collidepoint(c) for c in isl.centres.values())
    if covers and not t.show_legend:
        tab = Rect(rect.right - 118, rect.top + 8, 110, 26)
        button(t, surf, tab, t.tr("gorges.ui.legend"), "legend", size=13)
        return
    ui.panel(surf, box, 230 if covers else 190)
    if covers:
        _hit(t, box, "legend", tip=t.tr("gorges.ui.legend_fold"))
    y = box.top + 8
    for terrain, rgb in gm.TERRAIN.items():
        sw = Rect(box.left + 10, y + 2, 18, 13)
        pygame.draw.rect(surf, rgb, sw)
        pygame.draw.rect(surf, gm.GRID, sw, 1)
        ui.text(surf, terrain_name(t, terrain), (box.left + 36, y), 13, ui.PARCHMENT)
        y += 19
    for kind in ("mine", "fortress", "city"):
        gm.building(surf, kind, (box.left + 19, y + 8), 7)
        ui.text(surf, t.tr(f"gorges.ui.building.{kind}"), (box.left + 36, y), 13, ui.PARCHMENT)
        y += 19
    gm.ghost(surf, (box.left + 19, y + 9), 7)
    ui.text(surf, t.tr("gorges.ui.crown_legend"), (box.left + 36, y), 13, ui.PARCHMENT)


# -- standings ------------------------------------------------------------------------------------

def standings(t: Any, surf: pygame.Surface, rect: Rect) -> None:
    """The generals in turn order, a row each: on its first line the name, relic points, lands and
    armies on the map; under it, as wide as the row up to the sheet button, at 12 px, the race and
    the event — the event alone when both do not fit (the row's tooltip says everything)."""
    v = t.view
    ui.panel(surf, rect, 220)
    cols = {"relics": rect.right - 178, "lands": rect.right - 128, "armies": rect.right - 84}
    title, size = ui.fitted(t.tr("gorges.ui.standings"), cols["relics"] - rect.left - 40, 16, True, smallest=12)
    ui.text(surf, title, (rect.left + 12, rect.top + 7 + (16 - size) // 2), size, ui.GOLD, bold=True)
    step = t.lay.row if t.lay is not None else 36
    compact = step < 36
    for key, x in cols.items():
        ui.text(surf, t.tr(f"gorges.ui.col.{key}"), (x, rect.top + 9), 12, ui.PARCHMENT_DIM, anchor="midtop")
    acting = t.acting()
    order = v.get("order") or []
    winners = set((v.get("outcome") or {}).get("winners") or [])
    generals = t.shown_generals()  # as far as the rolls have been followed
    rows = sorted(generals, key=lambda g: order.index(g["seat"]) if g["seat"] in order else g["seat"])
    # the first line's ink ends (descenders included) where the second's begins (accents included)
    name_size, name_y, num_y, sub_y = (13, -3, -3, 13) if compact else (15, -2, -1, 17)
    for i, g in enumerate(rows):
        seat = g["seat"]
        row = Rect(rect.left + 6, rect.top + 28 + i * step, rect.width - 12, step - 1)
        if seat == acting:
            pygame.draw.rect(surf, (70, 52, 26), row, border_radius=6)
            pygame.draw.rect(surf, ui.GOLD, row, 2, border_radius=6)
        rgb, sym = t.colour_of(seat)
        pos = order.index(seat) + 1 if seat in order else i + 1
        ui.text(surf, f"{pos}.", (row.left + 6, row.top + num_y), 14, ui.PARCHMENT_DIM, bold=True)
        ui.seat_symbol(surf, sym, (row.left + 36, row.top + num_y + 10), 7 if compact else 8, rgb)
        if seat in winners:
            gm.crown_mark(surf, (row.left + 36, row.top + 1), 6)
        name = t.seat_name(seat)  # a bot already carries the robot mark (seat_name)
        race = t.race_name(g["race"]) if g["race"] else t.tr("gorges.ui.no_race")
        ev = g.get("event")
        sub = race + (f" · {ev['roll']} {t.tx(ev['name'])}" if ev else "")
        ui.text(surf, elide(name, cols["relics"] - row.left - 76, name_size, True), (row.left + 50, row.top + name_y),
                name_size, ui.PARCHMENT, bold=True)
        sheet = Rect(row.right - 58, row.top + 2 if compact else row.top + 5, 54, min(25, step - 3))
        room = sheet.left - 6 - (row.left + 50)
        if ev and ui.font(12).size(sub)[0] > room:  # the event, which changes each turn, before the race
            sub = f"{ev['roll']} {t.tx(ev['name'])}"  # (the race is in the row's tooltip and on the sheet)
        ui.text(surf, elide(sub, room, 12), (row.left + 50, row.top + sub_y), 12, ui.PARCHMENT_DIM)
        _gem(surf, (cols["relics"] - 12, row.top + num_y + 10), 5 if compact else 6)
        ui.text(surf, str(g["relic_points"]), (cols["relics"] - 2, row.top + num_y), 15, ui.GOLD, bold=True)
        ui.text(surf, str(g["territories"]), (cols["lands"], row.top + num_y), 15, ui.PARCHMENT, bold=True,
                anchor="midtop")
        on_map = g["on_map"] if "on_map" in g else sum(1 for a in g["armies"] if v["armies"][a]["on_map"])
        ui.text(surf, f"{on_map}/{len(g['armies'])}", (cols["armies"], row.top + num_y), 15, ui.PARCHMENT,
                anchor="midtop")
        tip = [t.seat_name(seat), race, t.tr("gorges.ui.relics", n=g["relic_points"]),
               t.tr("gorges.ui.lands", n=g["territories"])]
        if g["capital"]:
            tip.append(t.tr("gorges.ui.capital_is", name=t.place(g["capital"])))
        if ev:
            tip.append(t.tr("gorges.ui.event_is", roll=ev["roll"], name=t.tx(ev["name"])) + "\n" + t.tx(ev["text"]))
        if g["race"]:
            tip.append(t.tx(t.session.content.races[g["race"]].text))
        _hit(t, Rect(row.left, row.top, cols["armies"] + 20 - row.left, row.height), "tip", tip="\n".join(tip))
        tip = t.tr("gorges.ui.sheet_tip", name=t.seat_name(seat))
        if t.steps and g["race"] is not None:  # not while rolls wait: it would tell them
            tip += "\n" + t.tr("gorges.ui.after_the_dice")
        button(t, surf, sheet, t.tr("gorges.ui.sheet"), "sheet", seat, enabled=g["race"] is not None and not t.steps,
               tip=tip, size=13)


def _gem(surf: pygame.Surface, c: tuple[int, int], r: int = 6) -> None:
    x, y = c
    pts = [(x, y - r - 1), (x + r, y - r // 3), (x, y + r + 1), (x - r, y - r // 3)]
    pygame.draw.polygon(surf, (120, 200, 230), pts)
    pygame.draw.polygon(surf, ui.INK, pts, 1)


# -- orders: what the acting general may do -------------------------------------------------------

def orders(t: Any, surf: pygame.Surface, rect: Rect) -> None:
    v = t.view
    ui.panel(surf, rect, 225, ui.GOLD if t.my_turn() else ui.GOLD_DARK)
    p = v.get("prompt")
    x, y = rect.left + 12, rect.top + 8
    if p is None:
        ui.text(surf, t.tr("gorges.phase.over"), (x, y), 18, ui.GOLD, bold=True)
        outcome = v.get("outcome") or {}
        names = ", ".join(t.seat_name(s) for s in outcome.get("winners") or [])
        y += 30
        y += ui.text_block(surf, t.tr("gorges.ui.winners", names=names), Rect(x, y, rect.width - 24, 60), 15) + 8
        edge = outcome.get("final_battle_advantage") or {}
        extra = edge.get("extra_points") or []
        if any(extra):
            ui.text(surf, t.tr("gorges.ui.final_battle", cap=edge.get("cap_percent", 0)), (x, y), 15, ui.GOLD, bold=True)
            y += 24
            for seat in outcome.get("ranking") or []:
                if seat < len(extra):
                    line = t.tr("gorges.ui.final_edge", name=t.seat_name(seat), n=extra[seat],
                                relics=(outcome.get("scores") or [0] * (seat + 1))[seat])
                    ui.text(surf, line, (x + 8, y), 14, ui.PARCHMENT)
                    y += 20
        return
    if t.steps or t.aftermath:  # the organiser follows the rolls first; the next orders wait
        ui.text_block(surf, t.tr("gorges.ui.follow_rolls"), Rect(x, y + 6, rect.width - 24, 60), 14, ui.PARCHMENT_DIM)
        return
    seat = p["seat"]
    rgb, sym = t.colour_of(seat)
    ui.seat_symbol(surf, sym, (x + 8, y + 11), 8, rgb)
    ui.text(surf, elide(t.seat_name(seat), rect.width - 40, 17, True), (x + 24, y), 17, ui.PARCHMENT, bold=True)
    y += 24
    used = ui.text_block(surf, t.tr(f"gorges.prompt.{p['kind']}"), Rect(x, y, rect.width - 24, 40), 15, ui.GOLD)
    y += used + 2
    for line in context_lines(t, p):
        used = ui.text_block(surf, line, Rect(x, y, rect.width - 24, 72), 13, ui.PARCHMENT_DIM)
        y += used
    if not t.my_turn():
        if not t.session.is_human(seat):
            ui.text(surf, t.tr("gorges.ui.bot_acts"), (x, y + 4), 14, ui.PARCHMENT_DIM, italic=True)
        return
    items = choices(t, p)
    free = Rect(rect.left + 8, y + 6, rect.width - 16, rect.bottom - y - 14)
    if not items:  # the battle form: the panel's foot is free room for its messages
        t.free_room = free
    _grid(t, surf, free, items)


def context_lines(t: Any, p: dict[str, Any]) -> list[str]:
    ctx = p.get("context") or {}
    out: list[str] = []
    if ctx.get("why"):
        name = ctx["why"].get("text", ctx["why"]) if isinstance(ctx["why"], dict) else ctx["why"]
        out.append(t.tr("gorges.ui.why", what=t.tx(name) if isinstance(name, dict) else str(name)))
        full = t.why_text(ctx.get("ref"))
        if full:
            out.append(full)  # the event's (or ability's) whole text, not only its name
    if "victim" in ctx:
        out.append(t.tr("gorges.ui.victim", name=t.seat_name(int(ctx["victim"]))))
    ch = ctx.get("challenge")
    if ch:
        out.append(t.tr("gorges.ui.challenge_is", seat=t.seat_name(ch["challenger"]),
                        army=t.army_name(ch["army"], capital=False), territory=t.place(ch["territory"])))
    if ctx.get("recall"):
        out.append(t.tr("gorges.ui.recall_to", to=t.place(ctx["recall"])))
    if ctx.get("slaves"):
        out.append(t.tr("gorges.ui.slaves_mine"))
    if p["kind"] == "offer_relics":
        out.append(t.tr("gorges.ui.offer_is", attacker=t.seat_name(ctx.get("attacker", 0)), max=ctx.get("max", 0)))
        if ctx.get("territory"):
            total = sum(m["value"] for m in ctx.get("modifiers") or [])
            need = max(1, ctx.get("target", 6) - total)
            out.append(t.tr("gorges.ui.save_for", territory=t.place(ctx["territory"]), target=ctx.get("target", 6),
                            need=need) + (" " + t.tr("gorges.ui.save_needs_relics") if need > 6 else ""))
            for m in ctx.get("modifier_texts") or []:
                out.append("• " + t.app.strings.render(m))
            if not ctx.get("modifier_texts"):
                out.append("• " + t.tr("gorges.ui.no_modifier"))
    if p["kind"] == "accept_offer":
        out.append(t.tr("gorges.ui.accept_is", defender=t.seat_name(ctx.get("defender", 0)), n=ctx.get("points", 0)))
    if p["kind"] == "movement" and t.sel_army:
        out.append(t.tr("gorges.ui.pick_destination", army=t.army_name(t.sel_army)))
    for what, action in t.pending:
        if what == "move" and action.mode == "raid":
            out.append(t.raid_label(action))  # the risk, in full, above the button
    if p["kind"] == "challenge" and t.sel_army:
        out.append(t.tr("gorges.ui.pick_stake", army=t.army_name(t.sel_army)))
    if p["kind"] in ("capital", "territory") and t.my_turn():
        out.append(t.tr("gorges.ui.click_lit"))
    if p["kind"] == "battle_result":
        out.append(t.tr("gorges.ui.fill_form"))
    return out


def _army_label(t: Any, aid: str) -> str:
    return t.army_label(aid)


def choices(t: Any, p: dict[str, Any]) -> list[tuple[str, str, Any, dict[str, Any]]]:
    """The buttons of the current prompt: (label, hit kind, data, options)."""
    kind = p["kind"]
    out: list[tuple[str, str, Any, dict[str, Any]]] = []
    if t.pending:
        for what, action in t.pending:
            if what == "move" and action.mode == "raid":
                label = t.tr("gorges.ui.raid_go", to=t.place(action.to))
            elif what == "move":
                label = t.tr("gorges.ui.move_by", mode=t.tr(f"gorges.mode.{action.mode}"), to=t.place(action.to))
            else:
                label = t.tr("gorges.ui.challenge_button", name=t.seat_name(action.target), territory=t.place(action.territory))
            out.append((label, "act", action, {"wide": True}))
        out.append((t.tr("gorges.ui.cancel"), "cancel", None, {"wide": True}))
        return out
    if kind == "movement":
        return _movement(t)
    if kind == "construction":
        for a in t.legal_of(A.Build):
            army = t.view["armies"][a.army]
            label = t.tr("gorges.ui.build_button", army=t.tr(f"gorges.ui.slot_short.{army['slot']}"),
                         building=t.tr(f"gorges.ui.building.{a.building}"), where=t.place(army["location"]))
            tip = _army_label(t, a.army) + " — " + t.tr(f"gorges.ui.building.{a.building}")
            out.append((label, "act", a, {"tip": tip}))
        out.append((t.tr("gorges.ui.no_build"), "act", A.Done(), {"primary": True, "wide": True}))
        return out
    if kind == "challenge":
        return _challenges(t)
    if kind == "answer":
        for a in t.legal_of(A.Answer):
            if not a.accept:
                out.append((t.tr("gorges.ui.refuse"), "act", a, {"wide": True}))
                continue
            army = t.view["armies"][a.army]  # the defender's own: named by its commander and where it is
            where = t.place(army["location"]) if army["location"] else t.tr("gorges.ui.off_map")
            label = t.tr(f"gorges.ui.accept_with.{army['slot']}", where=where)
            out.append((label, "act", a, {"wide": True, "tip": t.tr("gorges.ui.accept_tip", army=t.army_in_sentence(a.army))}))
        out.extend(_ally_toggles(t, p))
        return out
    if kind == "second_challenge":
        out.append((t.tr("gorges.ui.yes_all"), "act", A.Choose("yes"), {"wide": True}))
        out.append((t.tr("gorges.ui.no_not_all"), "act", A.Choose("no"), {"wide": True}))
        return out
    if kind == "offer_relics":
        for a in t.legal_of(A.OfferRelics):
            out.append((t.tr("gorges.ui.offer_n", n=a.points), "act", a, {}))
        return out
    if kind == "accept_offer":
        n = (p.get("context") or {}).get("points", 0)
        for a in t.legal_of(A.Answer):
            label = t.tr("gorges.ui.accept_n", n=n) if a.accept else t.tr("gorges.ui.refuse")
            out.append((label, "act", a, {"wide": True}))
        return out
    if kind == "battle_result":
        return out
    for option in p.get("options", []):
        out.append((option_label(t, p, option), "act", A.Choose(option), {"wide": kind not in ("seat", "regiment")}))
    return out


def option_label(t: Any, p: dict[str, Any], option: str) -> str:
    kind = p["kind"]
    if kind == "race":
        return t.race_name(option)
    if kind in ("capital", "territory"):
        return t.place(option)
    if kind == "hero" and option in t.view["armies"]:
        return t.hero_label(option)  # whose hero, by the name his general gave him
    if kind == "army" and option in t.view["armies"]:
        return _army_label(t, option)
    if kind == "seat":
        return t.seat_name(int(option))
    if kind == "regiment":
        return t.tr("gorges.ui.regiment", n=option)
    if kind == "wound_choice":
        for e in (p.get("context") or {}).get("entries", []):
            if str(e.get("roll")) == option:
                return f"{option} · {t.tx(e['name'])}"
    return option


def _movement(t: Any) -> list[tuple[str, str, Any, dict[str, Any]]]:
    out: list[tuple[str, str, Any, dict[str, Any]]] = []
    me = t.acting()
    for aid in sorted(t.selectable_armies(), key=lambda a: (t.view["armies"][a]["seat"] != me, a)):
        a = t.view["armies"][aid]
        n = len(t.moves_of(aid))
        if a["seat"] != t.acting():
            label = t.tr("gorges.ui.enemy_army", army=t.army_name(aid, capital=False))
        elif a["moved"]:
            label = t.tr("gorges.ui.army_moved", army=t.army_label(aid, own=True))
        else:
            label = t.tr("gorges.ui.army_steps", army=t.army_label(aid, own=True), n=a["allowance"])
        out.append((label, "army", aid, {"wide": True, "selected": aid == t.sel_army, "enabled": n > 0 or aid == t.sel_army}))
    if t.sel_army:
        for a in t.legal_of(A.RerollMovement):
            if a.army == t.sel_army:
                out.append((t.tr("gorges.ui.reroll"), "act", a, {"wide": True}))
    for a in t.legal_of(A.SwapArmies):
        out.append((t.tr("gorges.ui.swap", first=t.army_name(a.first, True), second=t.army_name(a.second, True)), "act", a,
                    {"wide": True}))
    if t.legal_of(A.MoveCapital):
        out.append((t.tr("gorges.ui.move_capital"), "capital_mode", None, {"wide": True, "selected": t.capital_mode}))
    out.append((t.tr("gorges.ui.end_moves"), "act", A.Done(), {"primary": True, "wide": True}))
    return out


def _challenges(t: Any) -> list[tuple[str, str, Any, dict[str, Any]]]:
    """The armies that may challenge; once one is chosen, that army (a click puts it back) and its
    challenges only: the others stay ringed on the map (the list paged one order at a time)."""
    out: list[tuple[str, str, Any, dict[str, Any]]] = []
    for aid in t.selectable_armies():
        if t.sel_army and aid != t.sel_army:
            continue
        out.append((_army_label(t, aid), "army", aid, {"wide": True, "selected": aid == t.sel_army}))
    if t.sel_army:
        for a in t.legal_of(A.Challenge):
            if a.army == t.sel_army:
                label = t.tr("gorges.ui.challenge_button", name=t.seat_name(a.target), territory=t.place(a.territory))
                out.append((label, "act", a, {"wide": True}))
        out.extend(_ally_toggles(t, t.prompt or {}))
    for a in t.legal_of(A.SwapArmies):
        out.append((t.tr("gorges.ui.swap", first=t.army_name(a.first, True), second=t.army_name(a.second, True)), "act", a,
                    {"wide": True}))
    out.append((t.tr("gorges.ui.no_challenge"), "act", A.Done(), {"primary": True, "wide": True}))
    return out


def _ally_toggles(t: Any, p: dict[str, Any]) -> list[tuple[str, str, Any, dict[str, Any]]]:
    """Allied armies that may join the challenge or the defence: one toggle each."""
    allies = (p.get("context") or {}).get("ally_armies") or []
    return [(t.tr("gorges.ui.with_ally", army=t.hero_label(aid)), "ally_toggle", aid,
             {"selected": aid in t.ally_pick, "tip": t.tr("gorges.ui.with_ally_tip", army=t.army_in_sentence(aid),
                                                                n=2 if t.view["armies"][aid]["slot"] == "R" else 1)})
            for aid in allies]


def _grid(t: Any, surf: pygame.Surface, rect: Rect, items: list[tuple[str, str, Any, dict[str, Any]]]) -> None:
    """Buttons in rows (two per row when narrow and the label fits half a row), the primary one last;
    paged when they overflow."""
    if not items:
        return
    h, gap = 28, 5
    rows_fit = max(1, (rect.height + gap) // (h + gap))
    primary = [i for i in items if i[3].get("primary")]
    rest = [i for i in items if not i[3].get("primary")]
    half = (rect.width - gap) // 2 - 14  # a half-width button's room for its label
    cells: list[list[Any]] = []
    line: list[Any] = []
    for item in rest:
        if item[3].get("wide") or ui.font(14).size(item[0])[0] > half:  # too long for half a row: a row of its own
            if line:
                cells.append(line)
                line = []
            cells.append([item])
        else:
            line.append(item)
            if len(line) == 2:
                cells.append(line)
                line = []
    if line:
        cells.append(line)
    room = rows_fit - len(primary)
    # paged: the pager shares the row of a lone primary button rather than taking a row of its own
    # (at 1024×700 a row of its own left one order per page: "page 1/10")
    inline = len(primary) == 1 and rect.width >= 300
    # with no primary button the pager shares the last row of orders (Assassin's six heroes at
    # 1024×700 were one a page under the event's text: "page 1/6")
    beside = not primary and rect.width >= 300
    pager_row = 0 if inline or beside else 1
    pages = max(1, math.ceil(len(cells) / max(1, room - pager_row))) if len(cells) > room else 1
    per = room if pages == 1 else max(1, room - pager_row)
    t.page = max(0, min(t.page, pages - 1))
    shown = cells[t.page * per:(t.page + 1) * per]
    page = t.tr("gorges.ui.page", n=t.page + 1, of=pages)
    text_w = ui.font(13).size(page)[0] + 10
    pager_w = 60 + 3 * gap + text_w
    y = rect.top
    for i, row in enumerate(shown):
        width = rect.width - (pager_w + gap if pages > 1 and beside and i == per - 1 else 0)
        w = (width - gap * (len(row) - 1)) // len(row)
        for j, (label, kind, data, opts) in enumerate(row):
            button(t, surf, Rect(rect.left + j * (w + gap), y, w, h), label, kind, data,
                   enabled=opts.get("enabled", True), selected=opts.get("selected", False), size=14,
                   tip=opts.get("tip", ""))
        y += h + gap
    left = rect.left
    if pages > 1 and (inline or beside):  # « page 2/5 » at the left of the primary row, or after the last order
        by = rect.bottom - h
        if beside:  # on the last row of a full page, at the same place on every page
            by, left = rect.top + (per - 1) * (h + gap), rect.right - pager_w
        button(t, surf, Rect(left, by, 30, h), "«", "page", -1, enabled=t.page > 0, size=14,
               tip=page)
        ui.text(surf, page, (left + 30 + gap + text_w // 2, by + h // 2), 13, ui.PARCHMENT_DIM, anchor="center")
        button(t, surf, Rect(left + 30 + 2 * gap + text_w, by, 30, h), "»", "page", 1, enabled=t.page < pages - 1,
               size=14, tip=t.tr("gorges.ui.more"))
        left += 60 + 3 * gap + text_w
    elif pages > 1:
        half = (rect.width - gap) // 2
        button(t, surf, Rect(rect.left, y, half, h), "« " + t.tr("gorges.ui.page", n=t.page + 1, of=pages), "page", -1,
               enabled=t.page > 0, size=13)
        button(t, surf, Rect(rect.left + half + gap, y, half, h), t.tr("gorges.ui.more") + " »", "page", 1,
               enabled=t.page < pages - 1, size=13)
        y += h + gap
    for label, kind, data, _opts in primary:
        button(t, surf, Rect(left, rect.bottom - h, rect.right - left, h), label, kind, data, primary=True, size=15)


# -- journal --------------------------------------------------------------------------------------

JOURNAL_ENTRIES = 400  # how far back the journal reads (the export has everything)


def journal(t: Any, surf: pygame.Surface, rect: Rect, big: bool = False) -> None:
    """The campaign log, newest at the bottom; the wheel scrolls back two rows a notch, down to the
    first entry and never past it (no blank space); "Enlarge" shows it over the island."""
    ui.panel(surf, rect, 250 if big else 220, ui.GOLD if big else ui.GOLD_DARK)
    title = t.tr("gorges.ui.log")
    ui.text(surf, title, (rect.left + 12, rect.top + 6), 15, ui.GOLD, bold=True)
    label = t.tr("gorges.ui.journal_small" if big else "gorges.ui.journal_big")
    bw = ui.font(12).size(label)[0] + 20
    hint = t.tr("gorges.ui.scrolled")  # shown when scrolled back: beside the title, or under the rows
    beside = rect.left + 12 + ui.font(15, True).size(title)[0] + 12 + ui.font(12).size(hint)[0] <= rect.right - bw - 16
    size, step = (14, 20) if big else (13, 18)
    rows: list[tuple[str, tuple[int, int, int]]] = []
    entries: list[int] = []  # each row's entry number (`whole_entry_start`)
    shown = t.shown_log()
    for n, e in enumerate(t.log_with_notes(shown[-JOURNAL_ENTRIES:], len(shown))):
        colour = (232, 206, 140) if e.get("key") in ("gorges.log.roll", "gorges.log.table", "gorges.log.search") else ui.PARCHMENT
        if e.get("key") in ("gorges.log.turn", "gorges.log.season"):
            colour = ui.GOLD
        if e.get("key") == "gorges.log.forced":
            colour = (240, 150, 120)
        wrapped = ui.wrap(t.render(e), rect.width - 28, size)
        rows.extend((("   " if i else "") + row, colour) for i, row in enumerate(wrapped))
        entries += [n] * len(wrapped)
    fit = max(1, (rect.height - 34) // step - (1 if t.log_scroll and not beside else 0))
    t.log_max = max(0, len(rows) - fit)
    t.log_scroll = min(t.log_scroll, t.log_max)
    end = len(rows) - t.log_scroll
    start = max(0, end - fit)
    first = whole_entry_start(entries, start, end)  # never an entry's tail alone at the top
    for i, (row, colour) in enumerate(rows[first:end]):
        ui.text(surf, row, (rect.left + 12, rect.top + 28 + (first - start + i) * step), size, colour)
    if t.log_max:  # where we are: a thin bar on the right
        track = Rect(rect.right - 6, rect.top + 30, 3, rect.height - 38)
        pygame.draw.rect(surf, (70, 56, 38), track)
        h = max(12, track.height * fit // max(1, len(rows)))
        top = track.top + (track.height - h) * (t.log_max - t.log_scroll) // t.log_max
        pygame.draw.rect(surf, ui.GOLD_DARK, Rect(track.left, top, 3, h))
    _hit(t, rect, "block" if big else "tip", tip="")
    if t.log_scroll:
        where = (rect.right - bw - 16, rect.top + 8) if beside else (rect.right - 12, rect.top + 28 + fit * step + 2)
        ui.text(surf, hint, where, 12, ui.PARCHMENT_DIM, anchor="topright")
    button(t, surf, Rect(rect.right - bw - 8, rect.top + 4, bw, 22), label, "journal_big", size=12,
           selected=big)


# -- dice -----------------------------------------------------------------------------------------

def dice_tray(t: Any, surface: pygame.Surface, rect: Rect, frame: bool = False) -> None:
    """The last rolls: dice tumbling for a moment, then each result with the table entry it selected.

    Composed into the layer (with its zones); while dice roll, each frame draws it again (`frame`)."""
    if frame:
        pygame.draw.rect(surface, ui.INK_PANEL, rect, border_radius=10)
    ui.panel(surface, rect, 235)
    ui.text(surface, t.tr("gorges.ui.dice"), (rect.left + 10, rect.top + 5), 14, ui.GOLD, bold=True)
    if t.designer():
        b = Rect(rect.right - 170, rect.top + 4, 162, 22)
        button(t, surface, b, t.tr("gorges.ui.designer_button"), "designer", selected=t.designer_open,
               size=12, register=not frame)
    forced = t.view.get("forced") or {}
    queued = [f"{d} {v}" for d, vals in forced.items() for v in vals]
    rolling = frame and t.rolling()
    y = rect.top + 30
    rows = max(1, min(3, (rect.height - 34 - (16 if queued else 0)) // 22))
    row_h = (rect.height - 34 - (16 if queued else 0)) // rows
    rng = _Spin(int(t.clock * 14))
    for k, d in enumerate(list(reversed(t.dice))[:rows]):
        fresh = rolling and k < 2
        x = rect.left + 20
        for value in d["values"][:6]:
            shown = rng.face(d["die"]) if fresh else value
            angle = rng.angle() if fresh else 0.0
            gm.die(surface, d["die"], shown, (x, y + row_h // 2 - 1), 17, angle, d["forced"])
            x += 38 if d["die"] == "d66" else 20
        if not fresh:
            full = t.render(d["entry"])
            text, size = ui.fitted(t.render(d["entry"], short=True), rect.right - x - 8, 12, smallest=10)
            ui.text(surface, text, (x + 4, y + row_h // 2), size, ui.PARCHMENT if k == 0 else ui.PARCHMENT_DIM,
                    anchor="midleft")
            if not frame:
                p = d["entry"].get("params") or {}
                detail = p.get("detail")
                tip = full + ("\n" + t.tx(detail.get("text", detail)) if isinstance(detail, dict) else "")
                _hit(t, Rect(rect.left + 6, y, rect.width - 12, row_h), "tip", tip=tip)
        y += row_h
    if queued:
        ui.text(surface, elide(t.tr("gorges.ui.queued", dice=", ".join(queued)), rect.width - 20, 12),
                (rect.left + 10, rect.bottom - 18), 12, (240, 150, 120))


class _Spin:
    """Deterministic tumbling faces for one animation frame."""

    def __init__(self, seed: int) -> None:
        self.n = seed * 7919 + 13

    def _next(self) -> int:
        self.n = (self.n * 1103515245 + 12345) & 0x7FFFFFFF
        return self.n

    def face(self, die: str) -> int:
        if die == "d3":
            return self._next() % 3 + 1
        if die == "d66":
            return (self._next() % 6 + 1) * 10 + self._next() % 6 + 1
        return self._next() % 6 + 1

    def angle(self) -> float:
        return float(self._next() % 50 - 25)


def designer_picker(t: Any, surface: pygame.Surface, lay: Any) -> None:
    """Designer mode: choose which roll (named: "Crown: direction", "Event d66", "Save 6+"...) and the
    result it will give; d66 faces and table faces show the event or entry they select."""
    aims = list(A.AIMS)
    aim = t.designer_aim if t.designer_aim in A.AIMS else aims[0]
    die = A.AIMS[aim]
    box = Rect(0, 0, min(660, lay.size[0] - 20), 0)
    chips: list[tuple[str, Rect]] = []
    x, y, row_h = 12, 36, 26
    for a in aims:
        label = t.tr(f"gorges.aim.{a.replace(':', '.')}")
        w = ui.font(12).size(label)[0] + 16
        if x + w > box.width - 12:
            x, y = 12, y + row_h + 4
        chips.append((a, Rect(x, y, w, row_h)))
        x += w + 4
    values_top = y + row_h + 12
    rows, cell_h = (6, 40) if die == "d66" else (1, 46)
    box.height = values_top + rows * (cell_h + 4) + 70
    box.bottomright = (lay.dice.right, lay.dice.top - 6)
    box.top = max(6, box.top)
    ui.panel(surface, box, 250, ui.GOLD)
    _hit(t, box, "block")
    ui.text(surface, t.tr("gorges.ui.designer_title"), (box.left + 12, box.top + 8), 15, ui.GOLD, bold=True)
    for a, r in chips:
        button(t, surface, r.move(box.left, box.top), t.tr(f"gorges.aim.{a.replace(':', '.')}"), "designer_aim", a,
               selected=a == aim, size=12)
    top = box.top + values_top
    content = t.session.content
    if die == "d66":
        cw = (box.width - 24 - 5 * 4) // 6
        for tens in range(1, 7):
            for units in range(1, 7):
                value = tens * 10 + units
                r = Rect(box.left + 12 + (units - 1) * (cw + 4), top + (tens - 1) * (cell_h + 4), cw, cell_h)
                ev = content.events.get(value)
                name = t.tx(ev.name) if ev is not None else ""
                _value_button(t, surface, r, str(value), name, ("d66", value), f"{value} · {name}")
    else:
        top_value = 3 if die == "d3" else 6
        cw = (box.width - 24 - 5 * 4) // 6
        table = aim.split(":", 1)[1] if aim.startswith("table:") else None
        for v in range(1, top_value + 1):
            r = Rect(box.left + 12 + (v - 1) * (cw + 4), top, cw, cell_h)
            name = t.tx(content.entry(table, v).name) if table in content.tables else ""
            if aim == "crown_direction":
                name = t.tr(f"gorges.ui.direction_short.{v}")
            _value_button(t, surface, r, str(v), name, (die, v), name)
    hint = t.tr("gorges.ui.designer_aim_hint", aim=t.tr(f"gorges.aim.{aim.replace(':', '.')}"), die=die)
    ui.text_block(surface, hint, Rect(box.left + 12, box.bottom - 56, box.width - 24, 50), 12, ui.PARCHMENT_DIM)


def _value_button(t: Any, surface: pygame.Surface, r: Rect, value: str, name: str, data: Any, tip: str) -> None:
    """A face to force: its number and, below, the event or entry it selects."""
    pygame.draw.rect(surface, (46, 35, 24), r, border_radius=6)
    pygame.draw.rect(surface, (140, 104, 44), r, 2, border_radius=6)
    ui.text(surface, value, (r.centerx, r.top + 3), 15, ui.GOLD, bold=True, anchor="midtop")
    if name:
        ui.text(surface, elide(name, r.width - 6, 10), (r.centerx, r.bottom - 3), 10, ui.PARCHMENT, anchor="midbottom")
    _hit(t, r, "force", data, tip)


# -- overlays over the island ---------------------------------------------------------------------

def race_picker(t: Any, surf: pygame.Surface, rect: Rect) -> None:
    """Set-up: every race as a card with its gifts, over the map and the panels beside it (its
    texts whole at 12 px or more); a click picks it."""
    p = t.prompt or {}
    ui.panel(surf, rect, 252, ui.GOLD)
    _hit(t, rect, "block")
    seat = p.get("seat", 0)
    rgb, sym = t.colour_of(seat)
    ui.seat_symbol(surf, sym, (rect.left + 24, rect.top + 22), 10, rgb)
    title_w = rect.width - 60
    if t.designer():  # the dice tray's button, under the picker
        b = Rect(rect.right - 182, rect.top + 12, 170, 24)
        button(t, surf, b, t.tr("gorges.ui.designer_button"), "designer", selected=t.designer_open, size=12)
        title_w -= b.width + 12
    ui.text(surf, elide(t.tr("gorges.ui.race_title", name=t.seat_name(seat)), title_w, 22, True),
            (rect.left + 42, rect.top + 10), 22, ui.GOLD, bold=True)
    options = p.get("options", [])
    gap = 8
    top = rect.top + 48
    races = t.session.content.races
    texts = [t.tx(races[rid].text) if rid in races else "" for rid in options]

    def laid(cols: int) -> tuple[int, int, int, list[int]]:
        cw = (rect.width - 24 - gap * (cols - 1)) // cols
        return (*_race_rows(texts, cols, cw - 18, rect.bottom - 12 - top), cols, cw)

    # as many columns as give the largest text (fewer columns, taller rows, on a tie)
    size, heights, cols, cw = max((laid(cols) for cols in (3, 4, 5)), key=lambda x: (x[0], -x[2]))
    y = top
    for i, rid in enumerate(options):
        r, c = divmod(i, cols)
        card = Rect(rect.left + 12 + c * (cw + gap), y, cw, heights[r])
        if c == cols - 1 or i == len(options) - 1:
            y += heights[r] + gap
        pygame.draw.rect(surf, (52, 40, 27), card, border_radius=8)
        pygame.draw.rect(surf, ui.GOLD_DARK, card, 2, border_radius=8)
        ui.text(surf, t.race_name(rid), (card.left + 10, card.top + 5), 15, ui.GOLD, bold=True)
        box = Rect(card.left + 10, card.top + 26, card.width - 18, card.height - 30)
        # (each card as large as its row lets it, down to the size all rows fit at)
        ui.text_block(surf, texts[i], box, RACE_TEXT_SIZES[0], ui.PARCHMENT, min_size=size)
        _hit(t, card, "act", A.Choose(rid), texts[i])


RACE_TEXT_SIZES = (14, 13, 12, 11, 10, 9)


def _race_rows(texts: list[str], cols: int, width: int, room: int) -> tuple[int, list[int]]:
    """The race cards' text size and each row's height: rows as tall as their longest text needs
    (at the largest size where every row fits), the height left shared out, 120 px at most a row
    unless a text needs more. Even at the smallest size a text too long is ended with "…"."""
    rows = [texts[i:i + cols] for i in range(0, len(texts), cols)] or [[]]
    room -= 8 * (len(rows) - 1)
    for size in RACE_TEXT_SIZES:
        need = [30 + max((_block_height(x, width, size) for x in row), default=0) for row in rows]
        if sum(need) <= room:
            break
    else:
        return size, [room // len(rows)] * len(rows)
    extra = (room - sum(need)) // len(rows)
    return size, [n + max(0, min(extra, 120 - n)) for n in need]


def _side_block(t: Any, surf: pygame.Surface, rect: Rect, side: dict[str, Any], index: int) -> None:
    seat = side["seat"]
    rgb, sym = t.colour_of(seat)
    pygame.draw.rect(surf, (46, 36, 25), rect, border_radius=8)
    pygame.draw.rect(surf, rgb, rect, 2, border_radius=8)
    ui.seat_symbol(surf, sym, (rect.left + 18, rect.top + 16), 9, rgb)
    ui.text(surf, elide(f"{t.seat_name(seat)} · {t.race_name(side.get('race'))}", rect.width - 110, 16, True),
            (rect.left + 34, rect.top + 6), 16, ui.PARCHMENT, bold=True)
    button(t, surf, Rect(rect.right - 74, rect.top + 6, 66, 24), t.tr("gorges.ui.sheet"), "sheet", seat, size=13)
    y = rect.top + 32
    lines = [t.army_name(side["army"])]
    hero = t.hero_label(side["army"])
    lines.append(t.tr("gorges.ui.hero_named_present", hero=hero) if side.get("hero_present")
                 else t.tr("gorges.ui.hero_named_absent", hero=hero))
    prof = t.profile_text(side.get("hero_profile_next_battle") or {})
    if prof:
        lines.append(t.tr("gorges.ui.hero_profile", changes=prof))
    if side.get("extra_points"):
        lines.append(t.tr("gorges.ui.extra_points", n=side["extra_points"]))
    for n in side.get("notes") or []:
        value = n.get("value")
        extra = f" ({t.tx(value) if isinstance(value, dict) else value})" if value not in (None, "") else ""
        lines.append("• " + t.tx(n["name"]) + extra + " — " + t.tx(n["text"]))
    for rem in side.get("reminders") or []:
        lines.append("• " + t.tx(rem))
    army = t.view["armies"].get(side["army"])
    if army is not None:
        items = army["hero"]["items"]
        lines.append(t.tr("gorges.ui.fig_renown", n=len(army["regiments"]), cap=army["regiment_cap"]) + " · "
                     + t.tr("gorges.ui.fig_items", points=sum(i["value"] for i in items)))
        for reg in army["regiments"]:
            gifts = [t.tr("gorges.ui.standard_line", value=g["value"]) if g.get("kind") == "standard"
                     else t.tx(g.get("rule", "")) for g in reg.get("gifts") or []]
            lines.append("• " + t.tr("gorges.ui.regiment", n=reg["number"]) + (": " + "; ".join(gifts) if gifts else ""))
        for item in items:
            lines.append("• " + t.tr("gorges.ui.item_line", value=item["value"], source=t.tx(item.get("source", ""))))
    for line in lines:
        used = ui.text_block(surf, line, Rect(rect.left + 12, y, rect.width - 24, rect.bottom - y - 72), 13)
        y += used + 1
    form = t.form
    wy = rect.bottom - 68
    button(t, surf, Rect(rect.left + 10, wy, rect.width - 20, 28), t.tr("gorges.ui.wins", name=t.seat_name(seat)),
           "form", ("winner", seat), selected=form.winner == seat, size=15)
    py = rect.bottom - 34
    label = t.tr("gorges.ui.points")
    ui.text(surf, label, (rect.left + 12, py + 13), 12, ui.PARCHMENT_DIM, anchor="midleft")
    x = rect.left + 18 + ui.font(12).size(label)[0]
    value_w = 72
    room = rect.right - 10 - x - value_w - 8
    steps = (-100, -25, 25, 100) if room >= 4 * 44 else (-100, 100)  # narrow: the ±100 only
    bw = room // len(steps)
    for delta in steps[: len(steps) // 2]:
        button(t, surf, Rect(x, py, bw - 4, 26), f"{delta:+d}".replace("-", "−"), "form", ("points", (index, delta)),
               size=13)
        x += bw
    value = Rect(x, py, value_w, 26)
    editing = form.editing == index
    pygame.draw.rect(surf, (60, 44, 20) if editing else (24, 18, 12), value, border_radius=5)
    pygame.draw.rect(surf, ui.GOLD if editing else ui.GOLD_DARK, value, 2 if editing else 1, border_radius=5)
    shown = str(form.points[index]) if form.points[index] else ("" if editing else "—")
    ui.text(surf, shown + ("|" if editing else ""), value.center, 15, ui.GOLD, bold=True, anchor="center")
    _hit(t, value, "form", ("edit", index), t.tr("gorges.ui.points_tip"))
    x += value_w + 8
    for delta in steps[len(steps) // 2:]:
        button(t, surf, Rect(x, py, bw - 4, 26), f"{delta:+d}", "form", ("points", (index, delta)), size=13)
        x += bw


def battle_form(t: Any, surf: pygame.Surface, rect: Rect) -> None:
    """The battle briefing and the result form (winner, points played, slain heroes, Storm of Magic)."""
    b = t.view["battle"]
    ui.panel(surf, rect, 245, ui.GOLD)
    _hit(t, rect, "block")
    title = t.tr("gorges.ui.battle_title", a=t.seat_name(b["challenger"]), b=t.seat_name(b["defender"]),
                 territory=t.place(b["territory"]))
    ui.text(surf, elide(title, rect.width - 24, 21, True), (rect.left + 14, rect.top + 10), 21, ui.GOLD, bold=True)
    season = b.get("season") or {}
    info = t.tr("gorges.ui.battle_info", season=t.tx(season.get("name", "")), cap=b.get("points_cap_percent", 0))
    ui.text_block(surf, info + " " + t.tx(season.get("text", "")), Rect(rect.left + 14, rect.top + 40, rect.width - 28, 40),
                  13, ui.PARCHMENT_DIM)
    gap = 12
    top = rect.top + 84
    bottom = rect.bottom - 96
    w = (rect.width - 28 - gap) // 2
    for i, side in enumerate(b["sides"][:2]):
        _side_block(t, surf, Rect(rect.left + 14 + i * (w + gap), top, w, bottom - top), side, i)
    legal = t.legal_of(A.BattleResult)
    slain_ok = list(b.get("heroes") or [])
    storm_ok = any(a.storm_of_magic for a in legal)
    y = bottom + 8
    x = rect.left + 14
    ui.text(surf, t.tr("gorges.ui.slain"), (x, y + 13), 13, ui.PARCHMENT_DIM, anchor="midleft")
    x += ui.font(13).size(t.tr("gorges.ui.slain"))[0] + 10
    for aid in slain_ok:
        label = t.hero_label(aid)
        wbtn = min(300, check_width(label))
        check_button(t, surf, Rect(x, y, wbtn, 26), label, "form", ("slain", aid), aid in t.form.slain)
        x += wbtn + 6
    if storm_ok:
        check_button(t, surf, Rect(rect.right - 230, y, 216, 26), t.tr("gorges.ui.storm"), "form", ("storm",),
                     t.form.storm)
    button(t, surf, Rect(rect.left + 14, rect.bottom - 52, 170, 40), t.tr("gorges.ui.draw"), "form", ("draw",),
           selected=t.form.draw, size=15, tip=t.tr("gorges.ui.draw_tip"))
    can = t.my_turn() and (t.form.winner is not None or t.form.draw)
    record_w = min(360, rect.width - 28 - 180)
    record = Rect(rect.centerx - record_w // 2, rect.bottom - 52, record_w, 40)
    if record.left < rect.left + 14 + 180:
        record.right = rect.right - 14
    button(t, surf, record, t.tr("gorges.ui.record_result"), "form", ("submit",), enabled=t.my_turn(), primary=can,
           size=17)


def _block_height(value: str, width: int, size: int, bold: bool = False) -> int:
    """The height `ui.text_block` will use for `value` in `width`."""
    step = int(ui.font(size, bold).get_linesize() * 1.25 / 1.2)
    return step * max(1, len(ui.wrap(value, width, size, bold)))


def _aftermath_rows(t: Any, width: int) -> list[tuple[dict[str, Any], int]]:
    """Each line of the aftermath with the height it takes (text, then its table entry's meaning)."""
    rows = []
    for i, e in enumerate(t.aftermath):
        p = e.get("params") or {}
        x = 28 if e.get("key") in ("gorges.log.roll", "gorges.log.table") else 0
        h = max(22, _block_height(t.render(e), width - x, 16 if i == 0 else 14, i == 0) + 2)
        if e.get("key") == "gorges.log.table" and isinstance(p.get("detail"), dict):
            h += _block_height(t.tx(p["detail"].get("text", p["detail"])), width - x, 12) + 4
        rows.append((e, h))
    return rows


def aftermath_pages(t: Any, rect: Rect) -> tuple[Rect, list[list[int]]]:
    """The box and the pages (indices of aftermath lines) so that every line is shown."""
    box = Rect(0, 0, min(rect.width, 680), rect.height)
    room = box.height - 46 - 60
    rows = _aftermath_rows(t, box.width - 32)
    pages: list[list[int]] = [[]]
    used = 0
    for i, (_e, h) in enumerate(rows):
        if pages[-1] and used + h > room:
            pages.append([])
            used = 0
        pages[-1].append(i)
        used += h
    need = 46 + 60 + max(sum(rows[i][1] for i in page) for page in pages)
    box.height = min(rect.height, need) if len(pages) == 1 else rect.height
    box.center = rect.center
    return box, pages


def aftermath(t: Any, surf: pygame.Surface, rect: Rect) -> None:
    """After a battle: every line, roll by roll (spoils, shameful defeat, fate, wounds...), paged
    when they do not fit; "Continue" on the last page lets the campaign go on."""
    box, pages = aftermath_pages(t, rect)
    t.after_page = max(0, min(t.after_page, len(pages) - 1))
    _hit(t, Rect((0, 0), surf.get_size()), "block", "aftermath")
    ui.panel(surf, box, 248, ui.GOLD)
    ui.text(surf, t.tr("gorges.ui.aftermath"), (box.centerx, box.top + 10), 20, ui.GOLD, bold=True, anchor="midtop")
    if len(pages) > 1:
        ui.text(surf, t.tr("gorges.ui.after_page", n=t.after_page + 1, of=len(pages)), (box.right - 16, box.top + 16),
                13, ui.PARCHMENT_DIM, anchor="topright")
    y = box.top + 46
    for i in pages[t.after_page]:
        e = t.aftermath[i]
        p = e.get("params") or {}
        x = box.left + 16
        if e.get("key") in ("gorges.log.roll", "gorges.log.table"):
            gm.die(surf, p.get("die", "d6"), p.get("natural", p.get("result", 1)), (x + 10, y + 10), 18, 0.0,
                   bool(p.get("forced")))
            x += 40 if p.get("die") == "d66" else 28
        used = ui.text_block(surf, t.render(e), Rect(x, y, box.right - x - 16, 200), 16 if i == 0 else 14,
                             ui.GOLD if e.get("key") == "gorges.log.table" else ui.PARCHMENT, bold=i == 0)
        y += max(22, used + 2)
        if e.get("key") == "gorges.log.table" and isinstance(p.get("detail"), dict):
            used = ui.text_block(surf, t.tx(p["detail"].get("text", p["detail"])), Rect(x, y, box.right - x - 16, 200), 12,
                                 ui.PARCHMENT_DIM)
            y += used + 4
    last = t.after_page >= len(pages) - 1
    by = box.bottom - 44
    if len(pages) > 1:
        button(t, surf, Rect(box.left + 16, by, 150, 32), "« " + t.tr("gorges.ui.after_prev"), "after_page", -1,
               enabled=t.after_page > 0, size=14)
    if last:
        button(t, surf, Rect(box.centerx - 100, by, 200, 32), t.tr("gorges.ui.continue"), "aftermath_close", primary=True)
    else:
        button(t, surf, Rect(box.right - 216, by, 200, 32), t.tr("gorges.ui.after_next") + " »", "after_page", 1,
               primary=True)
