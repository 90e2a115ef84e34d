"""The Combat action: a guild attacks a rival guild's passive mages in one-against-one duels.

Phase 1: the defender lays its passive mages in a line face down, then the attacker lays its active
mages. When the defender has fewer, its leader joins the line; attackers still beyond the line
form the rear line and attack the line again from the start. Phase 2, each duel: the attacker
picks an element; dice = attack - defence; the damage die as for quests. Then the defender, if it
still has mages standing, may counter-attack along the same lines (if it declines, the attacker
wins). After a counter-attack, the side with more mages standing (not dead) wins; a tie goes to the
defender. Then mages past their hit points die (`mage_dies`) and those damaged in the fight go to the
healing centre (`healing_centre_after`). Loot for a winning attacker: rubies // `loot_ruby_divisor`
of the defender's, one random item/spell from the defender's hand per attacking mage still
standing, and alignment
`duel_alignment_shift` steps away from 0 against the other camp, towards 0 against its own camp.
X2: the attacker places its mages again before the second attack.
"""

from __future__ import annotations

from rules.guildes.combat import (
    attack_value,
    choose_element,
    combat_spell,
    damage_before,
    defence_value,
    wounds,
)
from rules.guildes.preparation import placement
from rules.guildes.words import counted, seat_ref, word


def combat(st, seat: int, x2: bool):
    g = st.guilds[seat]
    if x2:
        for m in g.mages:
            if m.used == "combat":
                m.used = None
        yield from placement(st, [seat])
    attackers = [m.id for m in g.active("combat")]
    if not attackers:
        st.say("guildes.log.no_attackers", seat=seat_ref(seat))
        return
    target = int((yield from st.ask(seat, "target", [str(s) for s in range(st.n) if s != seat])))
    d = st.guilds[target]
    for mid in attackers:
        g.mage(mid).used = "combat"
    st.start_fight({"kind": "duel", "attacker": seat, "defender": target, "d_line": None, "a_line": None,
                    "d_count": 0, "a_count": 0, "result": None})
    st.say("guildes.log.attack", seat=seat_ref(seat), target=seat_ref(target), mages=counted("mages", len(attackers)))
    d_line = yield from lay_line(st, target, [m.id for m in d.passive()], "d_count")
    a_line = yield from lay_line(st, seat, attackers, "a_count")
    if len(d_line) < len(a_line):
        d_line.append("leader")
    st.fight["d_line"], st.fight["a_line"] = d_line, a_line
    a_before, d_before = damage_before(st, seat, a_line), damage_before(st, target, d_line)
    st.mark_hidden("reveal")
    st.say("guildes.log.lines", seat=seat_ref(seat), target=seat_ref(target),
           a=[st.name("mage", m) for m in a_line], d=[_fighter(st, d, m) for m in d_line])
    for i, mid in enumerate(a_line):
        yield from duel(st, seat, mid, target, d_line[i % len(d_line)], rear=i >= len(d_line))
    winner = yield from counter(st, seat, target, a_line, d_line)
    st.fight["result"] = winner
    wounds(st, seat, a_line, a_before)
    wounds(st, target, [m for m in d_line if m != "leader"], d_before)
    if winner == seat:
        loot(st, seat, target, [m for m in a_line if g.mage(m) is not None])
    else:
        st.say("guildes.log.defended", seat=seat_ref(target))


def _fighter(st, g, mid: str) -> dict:
    return st.name("leader", g.leader) if mid == "leader" else st.name("mage", mid)


def lay_line(st, seat: int, mages: list[str], counter_key: str):
    """`seat` lays `mages` in a line one by one, face down (others only see how many; the seat
    itself sees, in its prompt's private `laid`, the mages it has laid so far, in order)."""
    line, left = [], list(mages)
    while left:
        mid = yield from st.ask(seat, "line", list(left), secret=True, private={"laid": list(line)} if line else None,
                                slot=len(line))
        left.remove(mid)
        line.append(mid)
        st.fight[counter_key] = len(line)
    return line


def standing(st, seat: int, mids: list[str]) -> list[str]:
    g = st.guilds[seat]
    return [m for m in mids if m != "leader" and (mage := g.mage(m)) is not None and not st.dead(g, mage)]


def duel(st, att: int, a_mid: str, dfd: int, d_mid: str, rear: bool):
    """One duel: `att`'s mage `a_mid` attacks `dfd`'s `d_mid` (a mage or "leader")."""
    a, d = st.guilds[att], st.guilds[dfd]
    if st.dead(a, a.mage(a_mid)) or (d_mid != "leader" and st.dead(d, d.mage(d_mid))):
        return
    defence = st.content.leaders[d.leader].defence if d_mid == "leader" else st.content.mages[d_mid].defence
    st.next_strike()
    element = yield from choose_element(st, att, [a_mid], defence, {"seat": dfd, "mage": d_mid})
    bonus = yield from combat_spell(st, att, "attack_bonus", element)
    guard = yield from combat_spell(st, dfd, "defence_bonus", element)
    dice = max(0, attack_value(st, att, [a_mid], element) + bonus - defence_value(st, dfd, d_mid, element) - guard)
    why = {"key": "guildes.why.duel", "params": {"mage": st.name("mage", a_mid), "target": _fighter(st, d, d_mid),
                                                  "element": word(f"guildes.element.{element}")}}
    hurt = st.roll(dice, why)
    if d_mid != "leader":
        d.mage(d_mid).damage += hurt
    st.say("guildes.log.duel_rear" if rear else "guildes.log.duel", seat=seat_ref(att), mage=st.name("mage", a_mid),
           target=_fighter(st, d, d_mid), damage=counted("damage", hurt))


def counter(st, att: int, dfd: int, a_line: list[str], d_line: list[str]):
    """The defender's counter-attack (or not); returns the winning seat."""
    mine = standing(st, dfd, d_line)
    if not mine:
        return att
    choice = yield from st.ask(dfd, "counter", ["yes", "no"])
    if choice == "no":
        st.say("guildes.log.no_counter", seat=seat_ref(dfd))
        return att
    st.say("guildes.log.counter", seat=seat_ref(dfd))
    for j, d_mid in enumerate(d_line[: len(a_line)]):
        if d_mid in mine:
            yield from duel(st, dfd, d_mid, att, a_line[j], rear=False)
    a_up, d_up = len(standing(st, att, a_line)), len(standing(st, dfd, d_line))
    st.say("guildes.log.standing", seat=seat_ref(att), target=seat_ref(dfd), a=counted("mages", a_up), d=counted("mages", d_up))
    return att if a_up > d_up else dfd


def loot(st, att: int, dfd: int, survivors: list[str]) -> None:
    a, d, r = st.guilds[att], st.guilds[dfd], st.rules
    rubies = d.rubies // r.loot_ruby_divisor
    d.rubies -= rubies
    a.rubies += rubies
    cards = 0
    for _ in survivors:
        if not d.hand:
            break
        cid = d.hand.pop(st.rng.randrange(len(d.hand)))
        a.hand.append(cid)
        cards += 1
    st.say("guildes.log.loot", seat=seat_ref(att), target=seat_ref(dfd), rubies=counted("rubies", rubies), cards=counted("cards", cards))
    if a.alignment == 0 or d.alignment == 0:
        return
    if (a.alignment > 0) != (d.alignment > 0):
        st.shift(a, r.duel_alignment_shift if a.alignment > 0 else -r.duel_alignment_shift)
    else:
        st.toward_zero(a, r.duel_alignment_shift)
