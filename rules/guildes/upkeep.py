"""Steps 1, 2 and 7: income from the guild tile, the healing centre, recovery."""

from __future__ import annotations

from rules.guildes.scoring import breakdown
from rules.guildes.words import counted, seat_ref


def income(st) -> None:
    """Every guild, from the first player, takes its tile's income (only the tile's)."""
    if st.rules.first_player_rotates == "income" and st.round > 1:
        rotate(st)
    for seat in st.order():
        g = st.guilds[seat]
        gain = st.content.guilds[g.guild].income
        g.rubies += gain
        st.say("guildes.log.income", seat=seat_ref(seat), amount=counted("rubies", gain), total=g.rubies)


def healing(st):
    """Mages in the centre lose `healing_rate` damage; healed ones go home; players may take others out."""
    for seat in st.order():
        g = st.guilds[seat]
        for m in [m for m in g.mages if m.centre]:
            m.damage = max(0, m.damage - st.rules.healing_rate)
            if m.damage == 0:
                m.centre = False
                st.say("guildes.log.healed", seat=seat_ref(seat), mage=st.name("mage", m.id))
    for seat in st.order():
        g = st.guilds[seat]
        while True:
            inside = [m.id for m in g.mages if m.centre]
            if not inside:
                break
            choice = yield from st.ask(seat, "take_out", inside + ["done"])
            if choice == "done":
                break
            m = g.mage(choice)
            m.centre = False
            st.say("guildes.log.taken_out", seat=seat_ref(seat), mage=st.name("mage", m.id), damage=counted("damage", m.damage))


def rotate(st) -> None:
    st.first = (st.first + 1) % st.n
    st.say("guildes.log.first_player", seat=seat_ref(st.first))


def recovery(st) -> None:
    """Mages come home, cards are taken back, the face-up mage goes to next turn's auction."""
    for g in st.guilds:
        for m in g.mages:
            m.active, m.used = False, None
        g.first = g.second = None
        g.first_revealed = g.second_revealed = g.placed = False
    if st.face_up_mage is not None:
        st.auction.append(st.face_up_mage)
        st.say("guildes.log.to_auction", mage=st.name("mage", st.face_up_mage))
        st.face_up_mage = None
    st.current, st.fight = None, None
    st.history.append([p["total"] for p in breakdown(st, public=True)])
    if st.rules.first_player_rotates == "recovery":
        rotate(st)
