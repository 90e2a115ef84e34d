"""The Quest action: the party of active mages against the visible quest's monsters.

Phase 1: the mages are set against the monsters (all together against a single monster, one by one
when it says "no group attack", or each mage against one of two monsters). The mages that face a
monster go on the quest (they serve no other action this round); an active mage left out, beside a
"no group attack" champion, stays free for the seat's other action (`quest_uses: fighters`;
`party`: every active mage goes, as the engine played before the ruling). Phase 2, for each
monster: the player picks an element; dice = party attack - monster defence in it; each die deals
the damage die's face. A monster with "counter-attack" still standing strikes back at a mage of
the player's choice with its own element. A monster whose damage reaches its hit points dies
(`monster_dies`); all dead: the quest is won, else its damage stays on the card and the failure
consequences apply. Mages damaged in the fight then go to the healing centre (or die past their hit
points; `healing_centre_after` in rules.yaml).
X2: swap the top two quests and play the second one, without the choice to give up.
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
from rules.guildes.powers import apply_effects
from rules.guildes.setup import reveal_quest
from rules.guildes.words import counted, seat_ref, word


def monster_dead(st, hp: int, damage: int) -> bool:
    return damage >= hp if st.rules.monster_dies == "at_least" else damage > hp


def quest(st, seat: int, x2: bool):
    g = st.guilds[seat]
    if x2 and len(st.quests) >= 2:
        st.quests[0], st.quests[1] = st.quests[1], st.quests[0]
        st.say("guildes.log.quests_swapped", seat=seat_ref(seat))
        reveal_quest(st)
    if not st.quests:
        st.say("guildes.log.no_quest", seat=seat_ref(seat))
        return
    qid = st.quests[0]
    q = st.content.quests[qid]
    party = [m.id for m in g.active("quest")]
    if len(party) < q.requires.mages or not q.requires.allows(g.alignment):
        st.say("guildes.log.quest_refused", seat=seat_ref(seat), quest=st.name("quest", qid))
        return
    if not x2:
        go = yield from st.ask(seat, "attempt", ["go", "give_up"], quest=qid)
        if go == "give_up":
            st.say("guildes.log.quest_given_up", seat=seat_ref(seat), quest=st.name("quest", qid))
            return
    damage = st.quest_damage.setdefault(qid, [0] * len(q.monsters))
    st.start_fight({"kind": "quest", "seat": seat, "quest": qid, "party": party, "groups": {}})
    groups = yield from assign(st, seat, q, damage, party)
    if st.rules.quest_uses == "fighters":  # a mage that faces no monster stays free (README, "Quest fights")
        party = [mid for mid in party if any(mid in grp for grp in groups.values())]
    for mid in party:
        g.mage(mid).used = "quest"
    before = damage_before(st, seat, party)
    st.fight["party"] = list(party)
    st.fight["groups"] = {str(i): list(grp) for i, grp in groups.items()}
    for i, group in groups.items():
        yield from fight_monster(st, seat, qid, i, group)
    if all(monster_dead(st, mon.hp, damage[i]) for i, mon in enumerate(q.monsters)):
        yield from success(st, seat, qid)
    else:
        st.say("guildes.log.quest_failed", seat=seat_ref(seat), quest=st.name("quest", qid))
        st.fight["party"] = [m for m in party if g.mage(m)]
        yield from failure(st, seat, qid)
    wounds(st, seat, party, before)


def assign(st, seat: int, q, damage: list[int], party: list[str]):
    """Phase 1: which mages face which living monster. Returns {monster index: [mage ids]}."""
    alive = [i for i, mon in enumerate(q.monsters) if not monster_dead(st, mon.hp, damage[i])]
    if len(alive) == 1:
        i = alive[0]
        if not q.monsters[i].no_group:
            return {i: list(party)}
        mid = yield from st.ask(seat, "champion", list(party), monster=i)
        return {i: [mid]}
    groups: dict[int, list[str]] = {i: [] for i in alive}
    for mid in party:
        options = [f"monster:{i}" for i in alive if not (q.monsters[i].no_group and groups[i])]
        if not options:
            break
        choice = yield from st.ask(seat, "assign", options, mage=mid)
        groups[int(choice.split(":")[1])].append(mid)
    return {i: grp for i, grp in groups.items() if grp}


def fight_monster(st, seat: int, qid: str, i: int, group: list[str]):
    """Phase 2 and resolution against monster `i`, then its counter-attack."""
    q = st.content.quests[qid]
    mon, damage, g = q.monsters[i], st.quest_damage[qid], st.guilds[seat]
    target = {"quest": qid, "monster": i}
    st.next_strike()
    element = yield from choose_element(st, seat, group, mon.defence, target)
    bonus = yield from combat_spell(st, seat, "attack_bonus", element)
    dice = max(0, attack_value(st, seat, group, element) + bonus - mon.defence.of(element))
    why = {"key": "guildes.why.quest_attack", "params": {"monster": {"text": mon.name.model_dump()},
                                                           "element": word(f"guildes.element.{element}")}}
    dealt = st.roll(dice, why)
    damage[i] += dealt
    st.say("guildes.log.monster_hit", seat=seat_ref(seat), monster={"text": mon.name.model_dump()},
           damage=counted("damage", dealt), total=damage[i], hp=mon.hp)
    if monster_dead(st, mon.hp, damage[i]):
        st.say("guildes.log.monster_dies", monster={"text": mon.name.model_dump()})
        return
    if not mon.counter_attack:
        return
    st.next_strike()
    victim = yield from st.ask(seat, "counter_target", list(group), monster=i)
    guard = yield from combat_spell(st, seat, "defence_bonus", mon.element)
    dice = max(0, mon.attack - defence_value(st, seat, victim, mon.element) - guard)
    why = {"key": "guildes.why.counter_attack", "params": {"monster": {"text": mon.name.model_dump()},
                                                             "mage": st.name("mage", victim)}}
    hurt = st.roll(dice, why)
    g.mage(victim).damage += hurt
    st.say("guildes.log.mage_hit", seat=seat_ref(seat), mage=st.name("mage", victim), damage=counted("damage", hurt))


def success(st, seat: int, qid: str):
    g, q = st.guilds[seat], st.content.quests[qid]
    st.quests.remove(qid)
    g.quests.append(qid)
    loot = st.quest_loot.pop(qid, {"rubies": 0, "cards": []})
    g.rubies += loot["rubies"]
    g.hand.extend(loot["cards"])
    st.say("guildes.log.quest_won", seat=seat_ref(seat), quest=st.name("quest", qid), vp=counted("vp", q.vp),
           income=counted("rubies", q.income))
    if loot["rubies"] or loot["cards"]:
        st.say("guildes.log.quest_loot", seat=seat_ref(seat), rubies=counted("rubies", loot["rubies"]),
               cards=counted("cards", len(loot["cards"])))
    yield from apply_effects(st, seat, q.reward, st.name("quest", qid))
    for other in st.guilds:
        other.peeked = [x for x in other.peeked if x in st.quests[1:]]
    if not st.quests:
        st.last_quest_done = True
        st.say("guildes.log.last_quest", seat=seat_ref(seat))
    else:
        reveal_quest(st)


def failure(st, seat: int, qid: str):
    """The quest's failure consequences, in order."""
    g, q = st.guilds[seat], st.content.quests[qid]
    party = [m for m in st.fight["party"] if g.mage(m) is not None]
    loot = st.quest_loot.setdefault(qid, {"rubies": 0, "cards": []})
    for eff in q.failure:
        if eff.type == "damage_one" and party:
            mid = yield from st.ask(seat, "damage_one", party, amount=eff.amount)
            g.mage(mid).damage += eff.amount
            st.say("guildes.log.mage_hit", seat=seat_ref(seat), mage=st.name("mage", mid), damage=counted("damage", eff.amount))
        elif eff.type == "damage_spread" and party:
            for left in range(eff.amount, 0, -1):
                mid = yield from st.ask(seat, "damage_spread", party, left=left)
                g.mage(mid).damage += 1
            st.say("guildes.log.spread", seat=seat_ref(seat), damage=counted("damage", eff.amount))
        elif eff.type == "leave_rubies":
            amount = min(eff.amount, g.rubies)
            g.rubies -= amount
            loot["rubies"] += amount
            st.say("guildes.log.left_rubies", seat=seat_ref(seat), amount=counted("rubies", amount))
        elif eff.type == "leave_item" and g.hand:
            cid = yield from st.ask(seat, "leave_item", list(g.hand), secret=True)
            g.hand.remove(cid)
            loot["cards"].append(cid)
            st.say("guildes.log.left_item", seat=seat_ref(seat), card=st.name("item", cid))
        elif eff.type == "lose_alignment":
            st.toward_zero(g, eff.amount)
