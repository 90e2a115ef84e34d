"""Overlays of the Gorges table that the organiser opens or that hold the campaign for a moment:
the diplomacy table (alliances, the Daemons' swaps at any time) and the step-by-step rolls of
phases 1–4 (each die shown with what it means, then "Continue").

Like `panels`, every function takes the table, the surface and a rectangle, draws from the view
and adds hit zones (kind "act" with an engine action and the seat that sends it, or a local choice).
"""

from __future__ import annotations

from typing import Any

import pygame

from rules.gorges import actions as A
from scenes import ui
from scenes.gorges.panels import _hit, button, elide
from sprites.gorges import map as gm

Rect = pygame.Rect


# -- diplomacy: alliances and the Daemons' swaps --------------------------------------------------

def diplomacy(t: Any, surf: pygame.Surface, rect: Rect) -> None:
    """Each pair of generals: allied, an offer pending, or nothing, with the buttons that change it;
    then, for a Daemons general, the swaps of his armies (« à tout moment »)."""
    v = t.view
    box = Rect(0, 0, min(rect.width, 640), min(rect.height, 560))
    box.center = rect.center
    _hit(t, rect, "block")
    ui.panel(surf, box, 248, ui.GOLD)
    ui.text(surf, t.tr("gorges.ui.diplomacy"), (box.left + 14, box.top + 10), 20, ui.GOLD, bold=True)
    button(t, surf, Rect(box.right - 120, box.top + 8, 108, 28), t.tr("gorges.ui.close"), "diplomacy", size=14)
    y = box.top + 44
    used = ui.text_block(surf, t.tr("gorges.ui.diplomacy_hint"), Rect(box.left + 14, y, box.width - 28, 40), 12,
                         ui.PARCHMENT_DIM)
    y += used + 6
    allied = {tuple(p) for p in v.get("alliances") or []}
    offers = {tuple(p) for p in v.get("alliance_offers") or []}
    n = len(v["generals"])
    row_h = 32
    for a in range(n):
        for b in range(a + 1, n):
            if y > box.bottom - row_h - 8:
                break
            rgb_a, sym_a = t.colour_of(a)
            rgb_b, sym_b = t.colour_of(b)
            ui.seat_symbol(surf, sym_a, (box.left + 22, y + 13), 7, rgb_a)
            ui.seat_symbol(surf, sym_b, (box.left + 38, y + 13), 7, rgb_b)
            if (a, b) in allied:
                state = t.tr("gorges.ui.allied", a=t.seat_name(a), b=t.seat_name(b))
                acts = [(t.tr("gorges.ui.end_alliance"), A.Ally(b, False), a)]
            elif (a, b) in offers or (b, a) in offers:
                giver, taker = (a, b) if (a, b) in offers else (b, a)
                state = t.tr("gorges.ui.offered", a=t.seat_name(giver), b=t.seat_name(taker))
                acts = [(t.tr("gorges.ui.accept_alliance", name=t.seat_name(taker)), A.Ally(giver), taker),
                        (t.tr("gorges.ui.decline"), A.Ally(giver, False), taker)]
            else:
                state = t.tr("gorges.ui.not_allied", a=t.seat_name(a), b=t.seat_name(b))
                acts = [(t.tr("gorges.ui.propose", name=t.seat_name(a)), A.Ally(b), a),
                        (t.tr("gorges.ui.propose", name=t.seat_name(b)), A.Ally(a), b)]
            bw = 150
            right = box.right - 14 - len(acts) * (bw + 6)
            ui.text(surf, elide(state, right - box.left - 60, 14), (box.left + 52, y + 13), 14, ui.PARCHMENT,
                    anchor="midleft")
            for i, (label, action, seat) in enumerate(acts):
                button(t, surf, Rect(right + 6 + i * (bw + 6), y, bw, 26), label, "act_as", (action, seat), size=12)
            y += row_h
    swaps = swap_choices(t)
    if swaps and y < box.bottom - 60:
        y += 6
        ui.text(surf, t.tr("gorges.ui.swaps_title"), (box.left + 14, y), 15, ui.GOLD, bold=True)
        y += 24
        for label, action, seat in swaps:
            if y > box.bottom - 36:
                break
            button(t, surf, Rect(box.left + 14, y, box.width - 28, 26), label, "act_as", (action, seat), size=13)
            y += 30


def swap_choices(t: Any) -> list[tuple[str, Any, int]]:
    """Every swap a Daemons general may make now (armies on the map, in different places)."""
    v = t.view
    if v.get("phase") in ("setup", "over") or v.get("battle") is not None:
        return []
    content = t.session.content
    out = []
    for g in v["generals"]:
        race = content.races.get(g["race"]) if g["race"] else None
        ability = next((a for a in race.abilities if a.type == "swap_armies"), None) if race else None
        if ability is None or not getattr(ability, "any_time", False):
            continue
        mine = [a for a in g["armies"] if v["armies"][a]["on_map"]]
        for i, first in enumerate(mine):
            for second in mine[i + 1:]:
                if v["armies"][first]["location"] != v["armies"][second]["location"]:
                    label = t.tr("gorges.ui.swap_full", first=t.army_label(first), second=t.army_label(second))
                    out.append((label, A.SwapArmies(first, second), g["seat"]))
    return out


# -- phases 1-4 step by step -----------------------------------------------------------------------

PHASE_OF_ROLL = {"gorges.roll.crown_direction": "crown", "gorges.roll.crown_steps": "crown",
                 "gorges.roll.event": "events", "gorges.roll.save": "conquest", "gorges.roll.raid": "movement"}


TABLE_PHASE = {"mines": "mines", "no_challenge": "conquest"}  # tables rolled in a phase of their own


def step_phase(t: Any, entry: dict[str, Any], index: int) -> str | None:
    """The phase a logged roll (log entry number `index`) belongs to, when it says so; a table
    roll by its table's id (the view's `table_rolls`)."""
    if entry.get("key") == "gorges.log.search":
        return "search"
    p = entry.get("params") or {}
    what = p.get("what")
    if isinstance(what, dict) and what.get("key") in PHASE_OF_ROLL:
        return PHASE_OF_ROLL[what["key"]]
    if entry.get("key") == "gorges.log.table":
        table = next((tid for i, tid in t.view.get("table_rolls", ()) if i == index), None)
        return TABLE_PHASE.get(table)
    return None


STEP_BOX_H = 420  # the step box's usual greatest height: its bottom edge (the buttons) stays put


def _step_box(rect: Rect, height: int = STEP_BOX_H) -> Rect:
    """The step box: as high as this roll needs, its bottom edge where a box of `STEP_BOX_H`
    centred on the island would end, so "Continue" stays under the mouse from one roll to the
    next (a box centred on its own height moved its buttons with each roll's text)."""
    box = Rect(0, 0, min(rect.width, 620), min(rect.height, height))
    box.centerx = rect.centerx
    box.bottom = min(rect.bottom, rect.centery + max(box.height, min(rect.height, STEP_BOX_H)) // 2)
    return box


def _meaning(t: Any, roll: dict[str, Any]) -> str:
    """What a roll means when no table entry says it (the ghost's direction)."""
    p = roll.get("params") or {}
    what = p.get("what")
    if isinstance(what, dict) and what.get("key") == "gorges.roll.crown_direction":
        return t.tr(f"gorges.ui.direction.{p.get('result')}")
    detail = p.get("detail")
    return t.tx(detail.get("text", detail)) if isinstance(detail, dict) else ""


def _step_height(t: Any, entries: list[dict[str, Any]], width: int) -> int:
    from scenes.gorges.panels import _block_height
    h = 58 + _block_height(t.render(entries[0]), width - 136, 16, True) + 4
    for e in (t.step_pre[0] if t.step_pre and entries is t.steps[0] else []):
        h += _block_height(t.render(e), width - 136, 13) + 2
    meaning = _meaning(t, entries[0])
    if meaning:
        h += _block_height(meaning, width - 136, 14) + 6
    h = max(h, 150) + (20 if entries[1:] else 0)
    for e in entries[1:]:
        h += _block_height("• " + t.render(e), width - 32, 14) + 2
        d = (e.get("params") or {}).get("detail")
        if isinstance(d, dict):
            h += _block_height(t.tx(d.get("text", d)), width - 46, 13) + 4
    return h + 62


def _die_spot(box: Rect) -> tuple[int, int]:
    return box.left + 56, box.top + 104


def step(t: Any, surf: pygame.Surface, rect: Rect) -> None:
    """The roll shown now: the die, who rolled it and for what, what it selected and what followed."""
    entries = t.steps[0]
    roll = entries[0]
    p = roll.get("params") or {}
    box = _step_box(rect, _step_height(t, entries, min(rect.width, 620)))
    _hit(t, Rect((0, 0), surf.get_size()), "block", "steps")  # the organiser continues before anything else
    ui.panel(surf, box, 250, ui.GOLD)
    phase = step_phase(t, roll, t.step_at[0])
    head = t.tr(f"gorges.phase.{phase}") if phase else t.tr("gorges.ui.dice")
    seat = (p.get("seat") or {}).get("seat") if isinstance(p.get("seat"), dict) else None
    title = head if seat is None else t.tr("gorges.ui.step_title", phase=head, seat=t.seat_name(seat))
    ui.text(surf, elide(title, box.width - 150, 19, True), (box.left + 16, box.top + 12), 19, ui.GOLD, bold=True)
    ui.text(surf, t.tr("gorges.ui.step_count", n=1, of=len(t.steps)), (box.right - 16, box.top + 16), 13,
            ui.PARCHMENT_DIM, anchor="topright")
    if not t.rolling():
        _draw_dice(surf, roll, _die_spot(box), None)
    x = box.left + 120
    y = box.top + 58
    for e in (t.step_pre[0] if t.step_pre else []):
        y += ui.text_block(surf, t.render(e), Rect(x, y, box.right - x - 16, 60), 13, ui.PARCHMENT_DIM) + 2
    y += ui.text_block(surf, t.render(roll), Rect(x, y, box.right - x - 16, 70), 16, ui.PARCHMENT, bold=True) + 4
    meaning = _meaning(t, roll)
    if meaning:
        y += ui.text_block(surf, meaning, Rect(x, y, box.right - x - 16, 120), 14, ui.GOLD) + 6
    y = max(y, box.top + 150)
    follow = entries[1:]
    if follow:
        ui.text(surf, t.tr("gorges.ui.step_then"), (box.left + 16, y), 13, ui.PARCHMENT_DIM, bold=True)
        y += 20
    for e in follow:
        if y > box.bottom - 70:
            break
        y += ui.text_block(surf, "• " + t.render(e), Rect(box.left + 16, y, box.width - 32, 60), 14, ui.PARCHMENT) + 2
        d = (e.get("params") or {}).get("detail")
        if isinstance(d, dict) and y < box.bottom - 70:
            y += ui.text_block(surf, t.tx(d.get("text", d)), Rect(box.left + 30, y, box.width - 46, 60), 13,
                               ui.PARCHMENT_DIM) + 4
    by = box.bottom - 46
    button(t, surf, Rect(box.left + 16, by, 170, 32), t.tr("gorges.ui.auto_roll"), "auto_roll", selected=t.auto_roll,
           size=13, tip=t.tr("gorges.ui.auto_roll_tip"))
    button(t, surf, Rect(box.left + 194, by, 190, 32), t.tr("gorges.ui.step_all"), "step_all", size=13)
    button(t, surf, Rect(box.right - 196, by, 180, 32), t.tr("gorges.ui.continue"), "step_next", primary=True, size=16)


def _draw_dice(surf: pygame.Surface, roll: dict[str, Any], spot: tuple[int, int], spin: Any) -> None:
    p = roll.get("params") or {}
    if roll.get("key") == "gorges.log.search":
        values = list(p.get("dice") or [])[:8] or [0]
        for i, v in enumerate(values):
            c = (spot[0] - 24 + (i % 4) * 26, spot[1] - 14 + (i // 4) * 28)
            if v:
                gm.die(surf, "d6", spin.face("d6") if spin else v, c, 22, spin.angle() if spin else 0.0, False)
        return
    die = p.get("die", "d6")
    value = p.get("natural", p.get("result", 1))
    gm.die(surf, die, spin.face(die) if spin else value, spot, 44, spin.angle() if spin else 0.0, bool(p.get("forced")))


def step_die(t: Any, surf: pygame.Surface, rect: Rect) -> None:
    """A frame while the step's die tumbles (the layer holds the rest of the panel)."""
    from scenes.gorges.panels import _Spin
    box = _step_box(rect, _step_height(t, t.steps[0], min(rect.width, 620)))
    spot = _die_spot(box)
    _draw_dice(surf, t.steps[0][0], spot, _Spin(int(t.clock * 14)))
