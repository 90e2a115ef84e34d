"""Phase 8: conquest. Armies annex neutral land (not land at stake in an accepted challenge:
the battle's winner takes it); a refused challenge brings a save roll; two armies sharing a
territory with no challenge between their generals roll the d6 table.

The save: the owner rolls 1d6 and keeps his land on `save.target`+ (6), with the modifiers of
`save_modifiers` (adjacency, fortifications on or next to the territory, race abilities, events)
and +1 per relic point he gives the attacker, if the attacker agrees.
"""

from __future__ import annotations

from typing import Any

from rules.core import Action, IllegalAction, seat_ref
from rules.gorges import armies as moves
from rules.gorges.actions import Answer, OfferRelics, made
from rules.gorges.prompts import Prompt
from rules.gorges.resolve import apply_effects


def conquest_phase(st: Any):
    """Annexations, then save rolls for refused challenges, then the two-armies rolls."""
    st.phase = "conquest"
    disputed = disputed_land(st)
    for seat in st.order:
        st.active = seat
        for army in st.armies_of(seat):
            if st.owner[army.location] is None and army.location not in st.capitals() \
                    and army.location not in disputed:
                moves.claim(st, seat, army.location, "annex")
    for ch in list(st.challenges):
        army = st.armies[ch["army"]]
        if ch["status"] == "refused" and army.location == ch["territory"] \
                and st.owner[ch["territory"]] == ch["target"]:
            st.active = ch["target"]
            yield from save_roll(st, ch)
    yield from _crowded(st)


def disputed_land(st: Any) -> set[str]:
    """The territories at stake in an accepted challenge, which no army annexes in phase 8: the
    battle decides (« le vainqueur de la partie gagne ou conserve son territoire »). Empty with
    `campaign.annex_before_battle` (the first general in turn order annexes it, as before)."""
    if st.content.campaign.annex_before_battle:
        return set()
    return {ch["territory"] for ch in st.challenges if ch["status"] == "accepted"}


def _fortification(st: Any, defender: int, tid: str) -> tuple[int, int]:
    """(fortress bonus, city bonus) the defender's buildings and lands give, 0 when none counts."""
    save = st.content.save
    bonus = st.ability(defender, "fortification_bonus")
    fortress_value = bonus.fortress if bonus is not None else save.fortress
    city_value = bonus.city if bonus is not None else save.city
    terrain = st.ability(defender, "terrain_fortress")
    mines = st.ability(defender, "mine_fortress") is not None
    fort = city = 0
    for t in (tid, *st.content.island.neighbours[tid]):
        if st.owner[t] != defender:
            continue
        b = st.building[t]
        if b == "city":
            city = city_value
        # A forest of the Wood Elves protects like a fortress whatever stands on it (even a
        # city they took), so this is not an `elif` of the city.
        if b == "fortress" or (b == "mine" and mines) or \
                (terrain is not None and st.content.territories[t].terrain == terrain.terrain):
            fort = fortress_value
    return fort, city


def save_modifiers(st: Any, defender: int, attacker: int, tid: str, relics: int = 0) -> list[dict[str, Any]]:
    """Every modifier of the defender's save roll for `tid`, as {"key", "value"}."""
    save = st.content.save
    out = []
    if any(st.owner[n] == attacker for n in st.content.island.neighbours[tid]):
        out.append({"key": "adjacent", "value": save.adjacent_to_attacker})
    fort, city = _fortification(st, defender, tid)
    if fort:
        out.append({"key": "fortress", "value": fort})
    if city:
        out.append({"key": "city", "value": city})
    for mod in _event_mods(st, defender, fort or city):
        out.append({"key": "event", "value": mod})
    reavers = st.ability(attacker, "enemy_save_modifier")
    if reavers is not None:
        out.append({"key": "race", "value": reavers.value})
    if relics:
        out.append({"key": "relics", "value": relics * save.per_relic_point})
    return out


def _event_mods(st: Any, defender: int, fortified: int) -> list[int]:
    ev = st.event_effect(defender, "save_modifier")
    if ev is None or (ev.when == "fortified" and not fortified):
        return []
    return [ev.value]


def save_roll(st: Any, ch: dict[str, Any]):
    """The defender may offer relic points, then rolls; failure hands the territory over."""
    defender, attacker, tid = ch["target"], ch["challenger"], ch["territory"]
    offered = yield from _offer(st, defender, attacker, tid)
    mods = save_modifiers(st, defender, attacker, tid, offered)
    st.say("gorges.log.save_modifiers", territory=tid, target=st.content.save.target,
           modifiers=[mod_entry(m) for m in mods] or [{"key": "gorges.save_mod.none", "params": {}}])
    value = st.roll(defender, "d6", "gorges.roll.save", territory=tid)
    total = value + sum(m["value"] for m in mods)
    saved = total >= st.content.save.target
    st.say("gorges.log.save", seat=seat_ref(defender), territory=tid, roll=value, total=total,
           target=st.content.save.target, modifiers=mods, saved=saved)
    if saved:
        moves.push_back(st, st.armies[ch["army"]])
    else:
        moves.claim(st, attacker, tid, "conquest")
        moves.enforce_home(st, defender)


def mod_entry(mod: dict[str, Any]) -> dict[str, Any]:
    """A save modifier as a log parameter: "−1: adjacent to the attacker's territory"."""
    value = f"{mod['value']:+d}".replace("-", "−")
    return {"key": f"gorges.save_mod.{mod['key']}", "params": {"value": value}}


def _offer(st: Any, defender: int, attacker: int, tid: str):
    cap = st.content.save.max_relic_points
    top = st.generals[defender].relics if cap is None else min(st.generals[defender].relics, cap)
    if top <= 0:
        return 0
    mods = save_modifiers(st, defender, attacker, tid)
    offer = yield Prompt(defender, "offer_relics",
                         context={"attacker": attacker, "max": top, "territory": tid,
                                  "target": st.content.save.target, "modifiers": mods,
                                  "modifier_texts": [mod_entry(m) for m in mods]},
                         legal_fn=lambda s: [made(OfferRelics, n) for n in range(top + 1)],
                         check_fn=lambda s, a: _check_offer(a, top))
    if offer.points == 0:
        return 0
    answer = yield Prompt(attacker, "accept_offer", context={"defender": defender, "points": offer.points},
                          legal_fn=lambda s: [made(Answer, True), made(Answer, False)],
                          check_fn=lambda s, a: _check_yes_no(a))
    if not answer.accept:
        st.say("gorges.log.offer_refused", seat=seat_ref(attacker), points=offer.points)
        return 0
    st.generals[defender].relics -= offer.points
    st.generals[attacker].relics += offer.points
    st.say("gorges.log.offer_accepted", seat=seat_ref(attacker), giver=seat_ref(defender),
           points=offer.points)
    return offer.points


def _check_offer(action: Action, top: int) -> None:
    if not isinstance(action, OfferRelics):
        raise IllegalAction("gorges.illegal.expected_offer")
    if not 0 <= action.points <= top:
        raise IllegalAction("gorges.illegal.offer_range", points=action.points, max=top)


def _check_yes_no(action: Action) -> None:
    if not isinstance(action, Answer) or action.army is not None:
        raise IllegalAction("gorges.illegal.expected_answer")


def _challenged(st: Any, a: int, b: int, tid: str) -> bool:
    return any({ch["challenger"], ch["target"]} == {a, b} and ch["territory"] == tid
               for ch in st.challenges)


def _crowded(st: Any):
    """Two generals' armies on one territory with no challenge between them: the d6 table."""
    seats_at = _seats_at(st)
    done = ""  # the island's territories in order (ids are sorted): those up to `done` are seen
    while True:
        tid = min([t for t, s in seats_at.items() if len(s) > 1 and t > done], default=None)
        if tid is None:
            return
        done = tid
        seats = sorted(seats_at[tid], key=st.order.index)
        for i, first in enumerate(seats):
            for second in seats[i + 1:]:
                yield from _roll_pair(st, tid, first, second)
                seats_at = _seats_at(st)  # the roll may have moved armies: look again


def _seats_at(st: Any) -> dict[str, set[int]]:
    """The generals with an army on each occupied territory."""
    out: dict[str, set[int]] = {}
    for a in st.armies.values():
        here = a.location
        if here is not None:
            found = out.get(here)
            if found is None:
                out[here] = {a.seat}
            else:
                found.add(a.seat)
    return out


def _roll_pair(st: Any, tid: str, first: int, second: int):
    one = next((a for a in st.armies_at(tid) if a.seat == first), None)
    two = next((a for a in st.armies_at(tid) if a.seat == second), None)
    if one is None or two is None or _challenged(st, first, second, tid) or st.allied(first, second):
        return
    # A is the intruder: the army whose general does not own the land; if neither owns it,
    # the army of the later general in turn order (`second`).
    a, b = (one, two) if st.owner[tid] == second else (two, one)
    st.say("gorges.log.no_challenge", territory=tid, a=a.id, b=b.id)
    _, entry = st.roll_table(a.seat, "no_challenge")
    yield from apply_effects(st, a.seat, entry, {"a": a, "b": b})
    moves.enforce_home(st, a.seat)
    moves.enforce_home(st, b.seat)
