"""What each effect type does when an event or a table entry applies it.

`apply_effects(st, seat, entry_or_event, ctx)` runs the entry's effects in order for general
`seat`. `ctx` may name the `army` concerned, its `opponent` army, the `enemy` seat, the `mine`
rolled for, the armies `a` and `b` of the two-armies roll, and `temporary` (minor wound).
Passive effects (this turn's modifiers) do nothing here: the phases look them up.
"""

from __future__ import annotations

from typing import Any

from rules.core import seat_ref
from rules.gorges import armies as moves
from rules.gorges.content import plain
from rules.gorges.crown import move_crown
from rules.gorges.records import REINFORCEMENT, STAT_MAX, Army, Hero, Regiment

PASSIVE = {"movement_dice", "save_modifier", "search_target", "extra_move", "move_enemy_army",
           "capture_after_victory", "mine_reroll", "challenge_anyone", "smallest_empire",
           "reminder", "return_destroyed", "storm_relics", "hero_rule", "unit_rule"}


def apply_effects(st: Any, seat: int, item: Any, ctx: dict[str, Any]):
    """Apply every effect of a table entry or event for `seat` (a generator: may ask choices)."""
    for effect in item.effects:
        kind = effect.type
        if kind in PASSIVE:
            continue
        if kind in DIRECT:  # asks nothing: a plain call
            HANDLERS[kind](st, seat, effect, item, ctx)
        else:
            yield from HANDLERS[kind](st, seat, effect, item, ctx)


def note(item: Any, value: Any = None, against: str = "any", origin: int | None = None) -> dict[str, Any]:
    """A next-battle note: the entry's name and text, a rolled value, against whom it counts."""
    return {"name": plain(item.name), "text": plain(item.text), "value": value,
            "against": against, "origin": origin}


def _relics(st, seat, effect, item, ctx):
    amount = effect.amount
    if effect.dice is not None:
        amount += st.roll_expr(seat, effect.dice, "gorges.roll.relics")
    st.generals[seat].relics += amount
    st.say_flat("gorges.log.relics", seat, amount)


def _remove_army(st, seat, effect, item, ctx):
    options = [a.id for a in st.armies_of(seat)]
    choice = yield from st.ask(seat, "army", options, why=item)
    if choice is not None:
        moves.remove(st, st.armies[choice])
        moves.enforce_home(st, seat)


def _heroes(st, seats: list[int]) -> list[str]:
    return [a.id for a in st.armies.values()
            if a.seat in seats and a.slot != REINFORCEMENT and a.hero.available()]


def _wound_roll(st, seat, effect, item, ctx):
    enemies = [s for s in range(st.n) if s != seat]
    options = _heroes(st, [seat] if effect.hero == "own" else enemies)
    choice = yield from st.ask(seat, "hero", options, why=item)
    if choice is not None:
        enemy = seat if effect.hero == "enemy" else None
        yield from wound(st, st.armies[choice], enemy)


def _territory_options(st, seat, whose: str, need: str = "any", kinds: tuple[str, ...] = ()) -> list[str]:
    capitals = st.capitals()
    out = []
    for t, owner in st.owner.items():
        if whose == "own" and owner != seat or whose == "enemy" and owner in (None, seat):
            continue
        if whose == "neutral" and owner is not None:
            continue
        if t in capitals and whose != "neutral":
            continue
        b = st.building[t]
        if need == "no_building" and b is not None or need == "mine" and b != "mine":
            continue
        if kinds and b not in kinds:
            continue
        out.append(t)
    return out


def _remove_flag(st, seat, effect, item, ctx):
    options = _territory_options(st, seat, effect.whose)
    choice = yield from st.ask(seat, "territory", options, why=item)
    if choice is not None:
        moves.claim(st, None, choice, "event")
        for s in range(st.n):
            moves.enforce_home(st, s)


def _remove_building(st, seat, effect, item, ctx):
    options = [t for t, o in st.owner.items()
               if st.building[t] in effect.kinds
               and (o == seat if effect.whose == "own" else o not in (None, seat))]
    choice = yield from st.ask(seat, "territory", options, why=item)
    if choice is not None:
        st.say_flat("gorges.log.razed", choice, st.building[choice])
        st.building[choice] = None


def _take_territory(st, seat, effect, item, ctx):
    options = _territory_options(st, seat, effect.source, effect.need)
    choice = yield from st.ask(seat, "territory", options, why=item)
    if choice is not None:
        loser = st.owner[choice]
        moves.claim(st, seat, choice, "event")
        if loser is not None:
            moves.enforce_home(st, loser)


def _move_crown(st, seat, effect, item, ctx):
    move_crown(st, seat)


def _spoil(st, seat, effect, item, ctx):
    options = [a.id for a in st.armies_of(seat, on_map=False)]
    choice = yield from st.ask(seat, "army", options, why=item)
    if choice is None:
        return
    army = st.armies[choice]
    sub_ctx = {"army": army, "opponent": None, "enemy": None}
    if effect.entry is None:
        _, entry = st.roll_table(seat, "war_spoils")
    else:
        entry = st.content.entry("war_spoils", effect.entry)
        st.say("gorges.log.gains", army=army.id, entry=entry.name.to_json(), detail=entry.text.to_json())
    yield from apply_effects(st, seat, entry, sub_ctx)


def _next_battle(st, seat, effect, item, ctx):
    value: Any = None
    if effect.dice is not None:
        value = st.roll_expr(seat, effect.dice, "gorges.roll.note")
    if effect.table is not None:
        _, sub = st.roll_table(seat, effect.table)
        value = plain(sub.name)
    army: Army | None = ctx.get("army")
    opponent: Army | None = ctx.get("opponent")
    if effect.target == "opponent":
        if army is None:
            return
        if opponent is None:
            # Drawn outside a battle (event 62): whoever this army fights next gets it, so the
            # note stays on this army for its next battle instead of being lost.
            army.notes.append(note(item, value, "any", seat))
            return
        against = f"seat:{army.seat}"
        opponent.notes.append(note(item, value, against, seat))
        return
    against = "any"
    if effect.against == "this_opponent" and opponent is not None:
        against = f"seat:{opponent.seat}"
    elif effect.against == "same_race" and opponent is not None:
        against = f"race:{st.generals[opponent.seat].race}"
    target = army.notes if army is not None else st.generals[seat].notes
    kept = note(item, value, against, seat)
    if ctx.get("event") and army is None:
        kept["until"] = "next_event"
    target.append(kept)


def _forbid(st, seat, effect, item, ctx):
    options = [str(s) for s in range(st.n) if s != seat]
    choice = yield from st.ask(seat, "seat", options, why=item)
    st.forbidden.add((int(choice), seat))
    st.say("gorges.log.diplomacy", seat=seat_ref(seat), other=seat_ref(int(choice)))


def _dictate(st, seat, effect, item, ctx):
    options = [str(s) for s in range(st.n) if s != seat]
    victim = int((yield from st.ask(seat, "seat", options, why=item)))
    targets = [str(s) for s in range(st.n) if s != victim]
    target = int((yield from st.ask(seat, "seat", targets, why=item, victim=victim)))
    st.dictated[victim] = target
    st.say("gorges.log.agent", seat=seat_ref(seat), victim=seat_ref(victim), target=seat_ref(target))


def _place_mine(st, seat, effect, item, ctx):
    options = [t for t in st.content.island.ids if st.building[t] is None]
    choice = yield from st.ask(seat, "territory", options, why=item)
    if choice is not None:
        st.building[choice] = "mine"
        st.say_flat("gorges.log.built", choice, "mine", seat)


def _reinforcement(st, seat, effect, item, ctx):
    aid = f"{seat}.{REINFORCEMENT}"
    if aid in st.armies:
        return
    st.add_army(Army(aid, seat, REINFORCEMENT, st.generals[seat].capital))
    st.say("gorges.log.reinforcement", seat=seat_ref(seat), army=aid)


def _extra_points(st, seat, effect, item, ctx):
    value = st.roll_expr(seat, effect.dice, "gorges.roll.points")
    army = ctx.get("army")
    if army is not None:
        army.extra_points += value
    else:
        st.generals[seat].extra_points += value
    st.say_flat("gorges.log.extra_points", seat, value, None if army is None else army.id)


def _magic_item(st, seat, effect, item, ctx):
    army = ctx.get("army")
    if army is None or not army.hero.available() or army.slot == REINFORCEMENT:
        choice = yield from st.ask(seat, "hero", _heroes(st, [seat]), why=item)
        if choice is None:
            return
        army = st.armies[choice]
    value = st.roll_expr(seat, effect.dice, "gorges.roll.item")
    army.hero.items.append({"value": value, "kind": "item", "source": plain(item.name)})
    st.say_flat("gorges.log.item", army.id, value)


def _renown(st, seat, effect, item, ctx):
    army: Army | None = ctx.get("army")
    if army is None:
        return
    regiment = yield from _regiment_for(st, seat, army, item)
    if effect.gift == "standard":
        value = st.roll_expr(seat, effect.dice or "d6x10", "gorges.roll.standard")
        regiment.gifts.append({"kind": "standard", "value": value, "source": plain(item.name)})
        st.say("gorges.log.standard", army=army.id, regiment=regiment.number, value=value)
        return
    for _ in range(30):
        _, feat = st.roll_table(seat, "feats")
        if not regiment.has_rule(plain(feat.name)):
            regiment.gifts.append({"kind": "rule", "rule": plain(feat.name),
                                   "source": plain(item.name)})
            return


def _regiment_for(st, seat, army: Army, item: Any):
    if len(army.regiments) < st.regiment_cap(army):
        reg = Regiment(army.next_regiment)
        army.next_regiment += 1
        army.regiments.append(reg)
        st.say_flat("gorges.log.renown", army.id, reg.number)
        return reg
    options = [str(r.number) for r in army.regiments]
    choice = yield from st.ask(seat, "regiment", options, army=army.id, why=item)
    return next(r for r in army.regiments if str(r.number) == choice)


def _remove_mine(st, seat, effect, item, ctx):
    tid = ctx.get("mine")
    if tid is not None:
        st.building[tid] = None
        st.say_flat("gorges.log.razed", tid, "mine")


def _lose_renown(st, seat, effect, item, ctx):
    army: Army | None = ctx.get("army")
    if army is None:
        return
    pool = [army] if effect.scope == "army" else \
        [a for a in st.armies.values() if a.seat == army.seat]
    held = [(a, r) for a in pool for r in a.regiments]
    if not held:
        yield from apply_effects(st, seat, st.content.entry("defeats", effect.fallback), ctx)
        return
    owner, lost = held[st.rng.randrange(len(held))]
    owner.regiments.remove(lost)
    st.say("gorges.log.lost_renown", army=owner.id, regiment=lost.number)


def _push_back(st, seat, effect, item, ctx):
    moves.push_back(st, ctx[effect.who])


def _destroy(st, seat, effect, item, ctx):
    army = ctx[effect.who]
    moves.destroy(st, army)
    moves.enforce_home(st, army.seat)


def _hero_death(st, seat, effect, item, ctx):
    army: Army = ctx["army"]
    if ctx.get("temporary"):
        army.hero.misses_next_battle = True
        st.say("gorges.log.misses_battle", army=army.id)
        return
    deaths = army.hero.deaths + 1
    army.hero = Hero(deaths=deaths)
    st.say("gorges.log.hero_dead", army=army.id, seat=seat_ref(army.seat))


def _profile(st, seat, effect, item, ctx):
    army: Army = ctx["army"]
    target = army.hero.next_battle_profile if ctx.get("temporary") else army.hero.profile
    for stat, delta in effect.changes.items():
        now = army.hero.current(stat)
        if now is not None and not ctx.get("temporary"):
            delta = max(0, min(STAT_MAX, now + delta)) - now  # 0 to 10, e.g. 10 Wounds at most
        target[stat] = target.get(stat, 0) + delta
    st.say("gorges.log.profile", army=army.id, changes=dict(effect.changes),
           temporary=bool(ctx.get("temporary")))


def _roll_table(st, seat, effect, item, ctx):
    army: Army | None = ctx.get("army")
    for _ in range(30):
        _, sub = st.roll_table(seat, effect.table)
        rule = next((e for e in sub.effects if e.type in ("hero_rule", "unit_rule")), None)
        if rule is not None and army is not None and plain(sub.name) in army.hero.rules:
            continue
        if army is not None and _at_zero(army, sub):
            continue
        break
    if rule is not None and army is not None and rule.type == "hero_rule":
        army.hero.rules.append(plain(sub.name))
    yield from apply_effects(st, seat, sub, dict(ctx, temporary=effect.temporary or ctx.get("temporary")))


def _at_zero(army: Army, entry: Any) -> bool:
    """A loss on a characteristic already at 0 (book profile known) is rolled again."""
    for effect in entry.effects:
        if effect.type == "profile":
            for stat, delta in effect.changes.items():
                now = army.hero.current(stat)
                if delta < 0 and now is not None and now <= 0:
                    return True
    return False


def _captured(st, seat, effect, item, ctx):
    army: Army = ctx["army"]
    enemy = ctx.get("enemy")
    if enemy is None:
        army.hero.misses_next_battle = True
        st.say("gorges.log.misses_battle", army=army.id)
        return
    army.hero.captive_of = enemy
    st.generals[enemy].hostages.append(army.id)
    st.say("gorges.log.captured", army=army.id, captor=seat_ref(enemy))


def _lose_item(st, seat, effect, item, ctx):
    army: Army = ctx["army"]
    if not army.hero.items:
        yield from apply_effects(st, seat, st.content.entry("wounds", effect.fallback), ctx)
        return
    lost = army.hero.items.pop(st.rng.randrange(len(army.hero.items)))
    enemy = ctx.get("enemy")
    st.say("gorges.log.item_lost", army=army.id, value=lost["value"])
    if enemy is None:
        return
    if st.roll(enemy, "d6", "gorges.roll.steal") >= effect.steal_on:
        thief = ctx.get("opponent")
        if thief is None or thief.slot == REINFORCEMENT or not thief.hero.available():
            # A reinforcement has no legendary hero (and a hostage hero holds nothing): the
            # enemy's General adds it to his army list.
            thief = st.armies[f"{enemy}.G"]
        thief.hero.items.append(dict(lost))
        st.say("gorges.log.item_stolen", army=thief.id, value=lost["value"])


# The effects that never ask a choice: their handlers are plain functions (the others, generators).
DIRECT = frozenset({"relic_points", "move_crown", "next_battle", "reinforcement", "extra_points", "remove_mine",
                    "push_back", "destroy", "hero_death", "profile", "captured"})
HANDLERS = {
    "relic_points": _relics, "remove_army": _remove_army, "wound_roll": _wound_roll,
    "remove_flag": _remove_flag, "remove_building": _remove_building,
    "take_territory": _take_territory, "move_crown": _move_crown, "spoil": _spoil,
    "next_battle": _next_battle, "forbid_challenge": _forbid, "dictate_challenge": _dictate,
    "place_mine": _place_mine, "reinforcement": _reinforcement, "extra_points": _extra_points,
    "magic_item": _magic_item, "renown": _renown, "remove_mine": _remove_mine,
    "lose_renown": _lose_renown, "push_back": _push_back, "destroy": _destroy,
    "hero_death": _hero_death, "profile": _profile, "roll_table": _roll_table,
    "captured": _captured, "lose_item": _lose_item,
}


# -- character wounds: a legendary hero rolls on the wounds table (Vampire Counts roll twice) --

def wound(st: Any, army: Army, enemy: int | None, opponent: Army | None = None):
    """Roll (and apply) the wounds table for the hero of `army`; `enemy` is the foe, if any."""
    seat = army.seat
    st.say_flat("gorges.log.wound", army.id, seat)
    _, chosen = st.roll_table(seat, "wounds")
    if st.ability(seat, "wound_choice") is not None:
        _, second = st.roll_table(seat, "wounds")
        options = _distinct([chosen, second])
        if len(options) > 1:
            pick = yield from st.ask(seat, "wound_choice", [str(e.rolls[0]) for e in options],
                                     army=army.id,
                                     entries=[{"roll": e.rolls[0], "name": plain(e.name)}
                                              for e in options])
            chosen = st.content.entry("wounds", int(pick))
    st.say("gorges.log.wound_result", army=army.id, entry=chosen.name.to_json())
    ctx = {"army": army, "enemy": enemy, "opponent": opponent}
    yield from apply_effects(st, seat, chosen, ctx)


def _distinct(entries: list[Any]) -> list[Any]:
    out: list[Any] = []
    for e in entries:
        if all(e is not o for o in out):
            out.append(e)
    return out
