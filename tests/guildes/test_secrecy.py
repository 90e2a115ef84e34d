"""Hidden information: another seat's action cards, hand, placement, duel line, the decks and the
quests beyond the visible one never change what a seat sees."""

import json
import random

from rules.guildes import ENGINE
from rules.guildes.actions import Choose, Place
from tests.guildes.helpers import CONTENT, answer, choose, started


def _seen(st, seat):
    return json.dumps(st.view(seat), sort_keys=True)


def _mid_game(seed=4, seats=3, steps=60):
    st = ENGINE.new_game(CONTENT, seats, seed)
    bots = [ENGINE.bot("greedy", seed + i) for i in range(seats)]
    for _ in range(steps):
        if st.is_over():
            break
        s = st.to_act()[0]
        st.apply(s, bots[s].choose(st.view(s), st.legal_actions(s)))
    return st


def test_hands_decks_and_hidden_quests_do_not_show():
    rng = random.Random(1)
    for seed in range(6):
        st = _mid_game(seed)
        st.guilds[1].hand = ["egide", "boule_feu"]
        before = {s: _seen(st, s) for s in (0, 2, None)}
        st.guilds[1].hand = ["trident", "baume"]                   # same count, other cards
        rng.shuffle(st.mage_deck)
        rng.shuffle(st.item_deck)
        rng.shuffle(st.leader_deck)
        if len(st.quests) > 2:
            st.quests[1], st.quests[2] = st.quests[2], st.quests[1]
        for s in (0, 2, None):
            assert _seen(st, s) == before[s], (seed, s)


def test_secret_cards_until_revealed():
    st = started(3)
    answer(st, [("first_action", "quest")])
    before = _seen(st, 1)
    st.guilds[0].first = "combat"
    assert _seen(st, 1) == before
    for s in (1, 2):
        st.apply(s, Choose("work"))
    st.guilds[0].first = "quest"
    st.apply(0, Choose("x2"))
    before = _seen(st, 1)
    st.guilds[0].second = "leader"
    assert _seen(st, 1) == before
    st.guilds[0].second = "x2"


def test_placement_and_leader_choice_are_secret():
    st = ENGINE.new_game(CONTENT, 2, 9)
    st.apply(0, Choose(st.guilds[0].offered_leaders[1]))
    v = st.view(1)
    assert v["guilds"][0]["leader"] is None and v["guilds"][0]["leader_chosen"] and v["guilds"][0]["offered_leaders"] == []
    seen = []
    for active in (("marin",), ("eleve", "marin"), ()):
        st2 = started(2, mages=[["eleve", "marin"], ["druide"]])
        for s in (0, 1):
            choose(st2, s, "work")
        for s in (0, 1):
            choose(st2, s, "x2")
        st2.apply(0, Place(active))
        seen.append(_seen(st2, 1))
    assert seen[0] == seen[1] == seen[2]
    assert [m["active"] for m in st2.view(1)["guilds"][0]["mages"]] == [None, None]


def test_duel_line_hidden_and_bought_cards_unnamed_in_the_log():
    st = _mid_game(2, 2, 400)
    text = json.dumps(st.log)
    for g in st.guilds:
        for cid in g.hand:
            if cid not in json.dumps([e for e in st.log if e["key"] in ("guildes.log.left_item", "guildes.log.spell")]):
                assert f'"{cid}"' not in text


def test_hidden_results_tell_the_app_when_undo_would_peek():
    st = started(2)
    choose(st, 0, "recruit")
    assert st.hidden_result() is None                 # a secret choice, nothing revealed yet
    choose(st, 1, "work")
    assert st.hidden_result() == "reveal"             # both first cards turned up
    choose(st, 0, "work")
    choose(st, 1, "x2")
    st.mage_deck[:2] = ["eleve", "marin"]
    st.apply(0, Place(()))
    st.apply(1, Place(()))                            # placements revealed, then the recruiter draws
    assert st.hidden_result() in ("reveal", "draw") and st.prompt.kind == "recruit"
