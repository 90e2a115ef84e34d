"""Step 6: resolution. First actions from the first player clockwise, the Light power, second actions.

Before each of its actions a seat may cast spells marked `when: turn`. A second card X2 repeats
the first action with its X2 bonus.
"""

from __future__ import annotations

from rules.guildes import duels, play, quests
from rules.guildes.content import ACTION_IDS
from rules.guildes.powers import cast_turn_spells
from rules.guildes.preparation import card, power_holder
from rules.guildes.words import seat_ref

HANDLERS = {"work": play.work, "trade": play.trade, "recruit": play.recruit, "leader": play.leader,
            "quest": quests.quest, "combat": duels.combat}


def resolve(st):
    """Both rounds of actions, with the Light power in between."""
    for seat in st.order():
        g = st.guilds[seat]
        yield from perform(st, seat, g.first, x2=False)
    light = power_holder(st, "light")
    if light is not None:
        g = st.guilds[light]
        st.current = light
        options = ["keep"] + [a for a in ACTION_IDS + ("x2",) if a not in (g.first, g.second)]
        choice = yield from st.ask(light, "light_power", options, secret=True)
        if choice != "keep":
            g.second = choice
            st.say("guildes.log.light_power", seat=seat_ref(light))
    for seat in st.order():
        g = st.guilds[seat]
        g.second_revealed = True
        st.mark_hidden("reveal")
        st.say("guildes.log.second_revealed", seat=seat_ref(seat), card=card(g.second))
        if g.second == "x2":
            yield from perform(st, seat, g.first, x2=True)
        else:
            yield from perform(st, seat, g.second, x2=False)
    st.current = None


def perform(st, seat: int, kind: str, x2: bool):
    """One seat resolves one action card (with its X2 bonus when repeated)."""
    st.current = seat
    yield from cast_turn_spells(st, seat)
    st.say("guildes.log.action_x2" if x2 else "guildes.log.action", seat=seat_ref(seat), card=card(kind))
    yield from HANDLERS[kind](st, seat, x2)
    st.fight = None
