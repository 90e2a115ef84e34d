"""What quest fights and guild duels share: attack and defence values, combat spells, the roll, wounds.

Items are tied to mages: in each roll every mage of the side may carry one of its guild's combat
items, and the engine gives each mage the best one for that element. A combat spell is cast by
its player just before the roll and discarded.
"""

from __future__ import annotations

from typing import Any

from rules.guildes.effects import ELEMENTS
from rules.guildes.powers import spells_of
from rules.guildes.words import counted, seat_ref


def _item_bonuses(st, seat: int, kind: str) -> list[tuple[str, int]]:
    """(element, amount) of every `kind` bonus (attack_bonus, defence_bonus) of `seat`'s items."""
    hand = st.guilds[seat].hand
    if not hand:  # most guilds hold no item
        return []
    items = st.content.items
    return [(e.element, e.amount) for cid in hand if cid in items for e in items[cid].effects if e.type == kind]


def _best(bonuses: list[tuple[str, int]], element: str, bearers: int) -> int:
    """The sum of the `bearers` best of `bonuses` that apply in `element` (one item per mage);
    callers skip the call when there are no bonuses at all, the common case."""
    return sum(sorted([a for e, a in bonuses if e == element or e == "any"], reverse=True)[:bearers])


def attack_value(st, seat: int, mages: list[str], element: str) -> int:
    """The summed attack of `mages` (ids, or "leader") in `element`, with one item per mage."""
    g = st.guilds[seat]
    total = sum([getattr(_stats(st, g, m, "attack"), element) for m in mages])
    bonuses = _item_bonuses(st, seat, "attack_bonus")
    return total + _best(bonuses, element, len(mages)) if bonuses else total


def attack_values(st, seat: int, mages: list[str], items: bool = True) -> dict[str, int]:
    """`attack_value` in every element (the cards and items are looked up once); `items=False`: the
    cards' printed attack alone."""
    g = st.guilds[seat]
    cards = [_stats(st, g, m, "attack") for m in mages]
    bonuses = _item_bonuses(st, seat, "attack_bonus") if items else []
    out = {}
    for e in ELEMENTS:
        total = _best(bonuses, e, len(cards)) if bonuses else 0
        for c in cards:
            total += getattr(c, e)
        out[e] = total
    return out


def defence_value(st, seat: int, mage: str, element: str) -> int:
    value = getattr(_stats(st, st.guilds[seat], mage, "defence"), element)
    bonuses = _item_bonuses(st, seat, "defence_bonus")
    return value + _best(bonuses, element, 1) if bonuses else value


def _stats(st, g, mid: str, which: str):
    card = st.content.leaders[g.leader] if mid == "leader" else st.content.mages[mid]
    return getattr(card, which)


def best_element(st, seat: int, mages: list[str], defence) -> str:
    """The element giving the most dice against `defence` (a Stats)."""
    return max(ELEMENTS, key=lambda e: (attack_value(st, seat, mages, e) - defence.of(e), -ELEMENTS.index(e)))


def choose_element(st, seat: int, mages: list[str], defence, target: dict):
    """The attacker picks the element; the prompt shows the dice each element would give: everyone
    the dice of the printed cards (the items are in the secret hand), the attacker alone those its
    items carry (`dice` of the private context) and what its best combat spell would make of them
    (`spell_dice`)."""
    attack = attack_values(st, seat, mages)
    dice = {e: max(0, attack[e] - getattr(defence, e)) for e in ELEMENTS}
    printed = attack_values(st, seat, mages, items=False) if _item_bonuses(st, seat, "attack_bonus") else attack
    public = {e: max(0, printed[e] - getattr(defence, e)) for e in ELEMENTS} if printed is not attack else dice
    if st.fight is not None:
        st.fight["options"] = public
    private: dict[str, Any] = {"dice": dice} if public != dice else {}
    with_spell = spell_dice(st, seat, attack, defence)
    if with_spell:
        private["spell_dice"] = with_spell
    return (yield from st.ask(seat, "element", list(ELEMENTS), private=private or None, dice=public, target=target))


def castable(st, seat: int, kind: str, element: str) -> list[str]:
    """`seat`'s combat spells with a `kind` bonus (attack_bonus/defence_bonus) that apply in `element`."""
    return [s for s in spells_of(st, seat, "combat")
            if any(e.type == kind and e.element in (element, "any") for e in st.content.spells[s].effects)]


def spell_bonus(st, spell: str, kind: str) -> int:
    """What casting `spell` adds to a roll's `kind` (attack_bonus/defence_bonus)."""
    return sum(e.amount for e in st.content.spells[spell].effects if e.type == kind)


def spell_dice(st, seat: int, attack: dict[str, int], defence) -> dict[str, dict[str, Any]]:
    """For each element where `seat` holds an attack spell that adds dice: {"dice", "spell"}, the
    dice with its best such spell cast (one spell a roll, as `combat_spell` asks) and that spell."""
    if not st.guilds[seat].hand:  # most guilds hold no spell
        return {}
    out: dict[str, dict[str, Any]] = {}
    for e in ELEMENTS:
        spells = castable(st, seat, "attack_bonus", e)
        if not spells:
            continue
        best = max(spells, key=lambda s: spell_bonus(st, s, "attack_bonus"))
        bare, cast = attack[e] - getattr(defence, e), attack[e] + spell_bonus(st, best, "attack_bonus") - getattr(defence, e)
        if max(0, cast) > max(0, bare):
            out[e] = {"dice": max(0, cast), "spell": best}
    return out


def combat_spell(st, seat: int | None, kind: str, element: str):
    """`seat` may cast one combat spell with a `kind` bonus (attack/defence) now; returns the bonus."""
    if seat is None or not st.guilds[seat].hand:  # most guilds hold no spell
        return 0
    spells = castable(st, seat, kind, element)
    if not spells:
        return 0
    choice = yield from st.ask(seat, "combat_spell", spells + ["none"], secret=True, bonus=kind)
    if choice == "none":
        return 0
    st.guilds[seat].hand.remove(choice)
    st.spent.append(choice)
    bonus = spell_bonus(st, choice, kind)
    st.say("guildes.log.spell", seat=seat_ref(seat), spell=st.name("spell", choice))
    return bonus


def damage_before(st, seat: int, mids: list[str]) -> dict[str, int]:
    """The damage each of `mids` (mages of `seat`; "leader" skipped) has as a fight starts, for `wounds`."""
    g = st.guilds[seat]
    return {mid: m.damage for mid in mids if (m := g.mage(mid)) is not None}


def wounds(st, seat: int, mids: list[str], before: dict[str, int]) -> None:
    """After a fight: mages of `seat` with too much damage die; the others go to the healing centre
    if they took damage in this fight (more than `before`, their damage as it started), or, with
    `healing_centre_after: any_damage`, if they have any damage (content README, "Healing centre")."""
    g = st.guilds[seat]
    any_damage = st.rules.healing_centre_after == "any_damage"
    for mid in mids:
        m = g.mage(mid)
        if m is None or m.damage == 0:
            continue
        if st.dead(g, m):
            g.mages.remove(m)
            st.graveyard.append(mid)
            st.say("guildes.log.died", seat=seat_ref(seat), mage=st.name("mage", mid), damage=counted("damage", m.damage))
        elif not m.centre and (any_damage or m.damage > before.get(mid, 0)):
            m.centre, m.active = True, False
            st.say("guildes.log.to_centre", seat=seat_ref(seat), mage=st.name("mage", mid), damage=counted("damage", m.damage))
