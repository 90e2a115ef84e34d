"""The action cards Work, Trade, Recruit and Leader, each with its X2 bonus.

- Work: guild income + leader's Work income + income of completed quests (+ items that add to Work).
  X2: the income again, then a visit to the market (buy an item or spell only).
- Trade: one of buy an item/spell (from the face-up card and the top of the deck, or the top two;
  the one not taken is left face up), sell one for `sell_price`, move alignment (`alignment_step_cost`
  a step), heal (`heal_cost` a damage). X2: both Trade actions cost `trade_discount` less.
- Recruit: buy the face-up mage, or send it to the auction and draw two (take one if the alignment
  allows and you can pay; the other is left face up). X2: instead, draw two leaders and swap yours
  for one of them for `leader_change_cost`.
- Leader: the leader's power. X2: the power again, and move alignment 1 to `x2_alignment_steps`.
"""

from __future__ import annotations

from rules.guildes.auction import allowed
from rules.guildes.powers import apply_effects, heal
from rules.guildes.records import Mage
from rules.guildes.words import counted, seat_ref


def work_income(st, seat: int) -> int:
    g, c = st.guilds[seat], st.content
    items = sum(e.amount for cid in g.hand if cid in c.items for e in c.items[cid].effects if e.type == "gain_rubies")
    return (c.guilds[g.guild].income + c.leaders[g.leader].work_income
            + sum(c.quests[q].income for q in g.quests) + items)


def work(st, seat: int, x2: bool):
    g = st.guilds[seat]
    gain = work_income(st, seat)
    g.rubies += gain
    st.say("guildes.log.work", seat=seat_ref(seat), amount=counted("rubies", gain), total=g.rubies)
    if x2:
        yield from buy(st, seat, 0)


def discount(st, seat: int) -> int:
    g = st.guilds[seat]
    return st.rules.trade_discount if g.first == "trade" and g.second == "x2" else 0


def trade(st, seat: int, x2: bool):
    g, r = st.guilds[seat], st.rules
    off = discount(st, seat)
    options = []
    if st.face_up_item is not None or st.item_deck:
        options.append("buy")
    if g.hand:
        options.append("sell")
    if max(0, r.alignment_step_cost - off) <= g.rubies:
        options.append("align")
    if any(m.damage for m in g.mages) and max(0, r.heal_cost - off) <= g.rubies:
        options.append("heal")
    choice = yield from st.ask(seat, "trade", options + ["pass"], discount=off)
    if choice == "buy":
        yield from buy(st, seat, off)
    elif choice == "sell":
        cid = yield from st.ask(seat, "sell", list(g.hand), secret=True)
        g.hand.remove(cid)
        st.item_deck.append(cid)
        g.rubies += r.sell_price
        st.say("guildes.log.sell", seat=seat_ref(seat), amount=counted("rubies", r.sell_price))
    elif choice == "align":
        yield from align(st, seat, off)
    elif choice == "heal":
        total = sum(m.damage for m in g.mages)
        amounts = [k for k in range(1, total + 1) if max(0, k * r.heal_cost - off) <= g.rubies]
        k = int((yield from st.ask(seat, "heal", [str(k) for k in amounts])))
        cost = max(0, k * r.heal_cost - off)
        g.rubies -= cost
        heal(st, g, k)
        st.say("guildes.log.paid", seat=seat_ref(seat), amount=counted("rubies", cost))
    else:
        st.say("guildes.log.trade_pass", seat=seat_ref(seat))


def align(st, seat: int, off: int):
    g, r = st.guilds[seat], st.rules
    options = []
    for side, room in (("light", r.alignment_max - g.alignment), ("dark", g.alignment - r.alignment_min)):
        for k in range(1, min(room, 5) + 1):
            if max(0, k * r.alignment_step_cost - off) <= g.rubies:
                options.append(f"{side}:{k}")
    if not options:
        return
    choice = yield from st.ask(seat, "align", options)
    side, k = choice.split(":")
    cost = max(0, int(k) * r.alignment_step_cost - off)
    g.rubies -= cost
    st.say("guildes.log.paid", seat=seat_ref(seat), amount=counted("rubies", cost))
    st.shift(g, int(k) if side == "light" else -int(k))


def buy(st, seat: int, off: int):
    """Look at two item/spell cards (the face-up one first), buy one or none; one is left face up."""
    g = st.guilds[seat]
    offer = st.drawn["items"]
    if st.face_up_item is not None:
        offer.append(st.face_up_item)
    st.face_up_item = None
    while len(offer) < 2 and st.item_deck:
        offer.append(st.draw_card(st.item_deck))
    if not offer:
        return
    price = {cid: max(0, st.content.card(cid).price - off) for cid in offer}
    options = [cid for cid in offer if price[cid] <= g.rubies]
    choice = yield from st.ask(seat, "buy", options + ["none"], secret=True, offer=list(offer), prices=price)
    if choice != "none":
        offer.remove(choice)
        g.rubies -= price[choice]
        g.hand.append(choice)
        st.say("guildes.log.bought", seat=seat_ref(seat), amount=counted("rubies", price[choice]))
    else:
        st.say("guildes.log.bought_nothing", seat=seat_ref(seat))
    st.face_up_item = offer.pop() if offer else None
    st.item_deck.extend(offer)
    offer.clear()


def recruit(st, seat: int, x2: bool):
    g, r = st.guilds[seat], st.rules
    if x2 and st.leader_deck and g.rubies >= r.leader_change_cost:
        way = yield from st.ask(seat, "recruit_x2", ["mages", "leader"])
        if way == "leader":
            yield from change_leader(st, seat)
            return
    if st.face_up_mage is not None:
        mid = st.face_up_mage
        can = allowed(st, seat, mid) and st.content.mages[mid].price <= g.rubies
        choice = yield from st.ask(seat, "face_up_mage", (["buy"] if can else []) + ["auction"], mage=mid)
        st.face_up_mage = None
        if choice == "buy":
            hire(st, seat, mid)
            return
        st.auction.append(mid)
        st.say("guildes.log.to_auction", mage=st.name("mage", mid))
    drawn = st.drawn["mages"]
    drawn.extend(st.draw_card(st.mage_deck) for _ in range(2) if st.mage_deck)
    if not drawn:
        return
    st.say("guildes.log.drawn_mages", seat=seat_ref(seat), mages=[st.name("mage", m) for m in drawn])
    options = [m for m in drawn if allowed(st, seat, m) and st.content.mages[m].price <= g.rubies]
    choice = yield from st.ask(seat, "recruit", options + ["none"], drawn=list(drawn))
    if choice != "none":
        drawn.remove(choice)
        hire(st, seat, choice)
    if drawn:
        st.face_up_mage = drawn.pop(0)
    st.auction.extend(drawn)
    for mid in drawn:
        st.say("guildes.log.to_auction", mage=st.name("mage", mid))
    drawn.clear()


def hire(st, seat: int, mid: str) -> None:
    g = st.guilds[seat]
    price = st.content.mages[mid].price
    g.rubies -= price
    g.mages.append(Mage(mid))
    st.say("guildes.log.recruited", seat=seat_ref(seat), mage=st.name("mage", mid), amount=counted("rubies", price))


def change_leader(st, seat: int):
    g, r = st.guilds[seat], st.rules
    drawn = st.drawn["leaders"]
    drawn.extend(st.draw_card(st.leader_deck) for _ in range(2) if st.leader_deck)
    choice = yield from st.ask(seat, "new_leader", drawn + ["keep"], secret=True, drawn=list(drawn))
    if choice != "keep":
        drawn.remove(choice)
        st.leader_deck.append(g.leader)
        old, g.leader = g.leader, choice
        g.rubies -= r.leader_change_cost
        st.say("guildes.log.new_leader", seat=seat_ref(seat), before=st.name("leader", old),
               after=st.name("leader", choice), amount=counted("rubies", r.leader_change_cost))
    st.leader_deck.extend(drawn)
    drawn.clear()


def leader(st, seat: int, x2: bool):
    g, r = st.guilds[seat], st.rules
    lead = st.content.leaders[g.leader]
    yield from apply_effects(st, seat, lead.effects, st.name("leader", g.leader))
    if x2:
        options = [f"{side}:{k}" for side in ("light", "dark") for k in range(1, r.x2_alignment_steps + 1)]
        choice = yield from st.ask(seat, "leader_x2", options + ["none"])
        if choice != "none":
            side, k = choice.split(":")
            st.shift(g, int(k) if side == "light" else -int(k))
