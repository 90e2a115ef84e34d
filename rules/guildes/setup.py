"""Set-up: a random guild tile, the starting rubies, leaders dealt (keep one) and mages dealt."""

from __future__ import annotations

from rules.guildes.records import Guild, Mage
from rules.guildes.words import seat_ref


def set_up(st):
    """Deal everything, then every seat chooses its leader in secret."""
    c, r = st.content, st.rules
    tiles = sorted(c.guilds)
    st.rng.shuffle(tiles)
    st.leader_deck = sorted(c.leaders)
    st.mage_deck = sorted(c.mages)
    st.item_deck = sorted(c.items) + sorted(c.spells)
    st.quests = sorted(c.quests)
    for deck in (st.leader_deck, st.mage_deck, st.item_deck, st.quests):
        st.rng.shuffle(deck)
    st.quests = st.quests[: r.quests_in_play[st.n]]
    for seat in range(st.n):
        tile = c.guilds[tiles[seat]]
        g = Guild(seat, tile.id, tile.alignment, tile.alignment, r.starting_rubies)
        g.offered_leaders = [st.leader_deck.pop(0) for _ in range(r.leaders_dealt) if st.leader_deck]
        g.mages = [Mage(st.mage_deck.pop(0)) for _ in range(r.mages_dealt) if st.mage_deck]
        st.guilds.append(g)
        st.say("guildes.log.dealt", seat=seat_ref(seat), guild=st.name("guild", tile.id),
               mages=[st.name("mage", m.id) for m in g.mages])
    st.phase = "leaders"
    chosen = yield from st.ask_all(list(range(st.n)), "leader", {g.seat: list(g.offered_leaders) for g in st.guilds},
                                   lambda s, v: setattr(st.guilds[s], "leader", v))
    st.mark_hidden("reveal")
    for g in st.guilds:
        g.leader = chosen.get(g.seat, g.offered_leaders[0])
        st.leader_deck.extend(x for x in g.offered_leaders if x != g.leader)
        g.offered_leaders = []
        st.say("guildes.log.leader", seat=seat_ref(g.seat), leader=st.name("leader", g.leader))
    reveal_quest(st)


def reveal_quest(st) -> None:
    """Log the quest now on top of the deck (face up), if any."""
    if st.quests:
        st.mark_hidden("draw")
        st.say("guildes.log.quest_revealed", quest=st.name("quest", st.quests[0]))
