"""What each effect of the closed vocabulary does (rules.guildes.effects), and casting spells.

`apply_effect` is a generator: a few effects ask their player a question (a rival to rob, a
direction on the alignment track). Combat effects (`attack_bonus`, `defence_bonus`, `hp_bonus`)
are read by rules.guildes.combat instead.
"""

from __future__ import annotations

from rules.guildes.records import Mage
from rules.guildes.words import counted, seat_ref


def apply_effects(st, seat: int, effects, source: dict):
    for eff in effects:
        yield from apply_effect(st, seat, eff, source)


def apply_effect(st, seat: int, eff, source: dict):
    """Apply one non-combat effect for `seat`; `source` names the card (a log parameter)."""
    g = st.guilds[seat]
    t = eff.type
    if t == "gain_rubies":
        g.rubies += eff.amount
        st.say("guildes.log.gain_rubies", seat=seat_ref(seat), amount=counted("rubies", eff.amount), source=source)
    elif t == "steal_rubies":
        rivals = [str(s) for s in range(st.n) if s != seat]
        target = int((yield from st.ask(seat, "steal_target", rivals)))
        amount = min(eff.amount, st.guilds[target].rubies)
        st.guilds[target].rubies -= amount
        g.rubies += amount
        st.say("guildes.log.steal", seat=seat_ref(seat), target=seat_ref(target), amount=counted("rubies", amount), source=source)
    elif t == "shift_alignment":
        toward = eff.toward
        if toward == "chosen":
            toward = yield from st.ask(seat, "shift_toward", ["light", "dark"], amount=eff.amount)
        st.shift(g, eff.amount if toward == "light" else -eff.amount)
    elif t == "heal":
        heal(st, g, eff.amount)
    elif t == "draw_item":
        for _ in range(eff.count):
            cid = st.draw_card(st.item_deck)
            if cid is not None:
                g.hand.append(cid)
        st.say("guildes.log.draw_item", seat=seat_ref(seat), count=counted("cards", eff.count), source=source)
    elif t == "draw_mage":
        mid = st.draw_card(st.mage_deck)
        if mid is not None:
            g.mages.append(Mage(mid))
            st.say("guildes.log.free_mage", seat=seat_ref(seat), mage=st.name("mage", mid), source=source)
    elif t == "gain_vp":
        g.vp_tokens += eff.amount
        st.say("guildes.log.gain_vp", seat=seat_ref(seat), amount=counted("vp", eff.amount), source=source)
    elif t == "peek_quests":
        g.peeked = list(st.quests[1: 1 + eff.count])
        st.say("guildes.log.peek", seat=seat_ref(seat), count=counted("quests", len(g.peeked)), source=source)
    elif t == "lose_alignment":
        st.toward_zero(g, eff.amount)


def heal(st, g, amount: int) -> int:
    """Remove up to `amount` damage from `g`'s mages, least damaged first; healed mages leave the centre."""
    healed = 0
    for m in sorted((m for m in g.mages if m.damage), key=lambda m: (m.damage, m.id)):
        take = min(m.damage, amount - healed)
        m.damage -= take
        healed += take
        if m.damage == 0 and m.centre:
            m.centre = False
            st.say("guildes.log.healed", seat=seat_ref(g.seat), mage=st.name("mage", m.id))
        if healed >= amount:
            break
    if healed:
        st.say("guildes.log.heal", seat=seat_ref(g.seat), amount=counted("damage", healed))
    return healed


def spells_of(st, seat: int, when: str) -> list[str]:
    hand = st.guilds[seat].hand
    if not hand:  # most guilds hold no card
        return []
    spells = st.content.spells
    return [c for c in hand if c in spells and spells[c].when == when]


def cast_turn_spells(st, seat: int):
    """Before an action, the seat may cast its `when: turn` spells, one after another."""
    while True:
        spells = spells_of(st, seat, "turn")
        if not spells:
            return
        choice = yield from st.ask(seat, "turn_spell", spells + ["none"], secret=True)
        if choice == "none":
            return
        yield from cast(st, seat, choice)


def cast(st, seat: int, sid: str):
    """Discard spell `sid` from the hand and apply its non-combat effects."""
    st.guilds[seat].hand.remove(sid)
    st.spent.append(sid)
    src = st.name("spell", sid)
    st.say("guildes.log.spell", seat=seat_ref(seat), spell=src)
    yield from apply_effects(st, seat, [e for e in st.content.spells[sid].effects
                                        if e.type not in ("attack_bonus", "defence_bonus")], src)
