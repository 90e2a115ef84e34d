"""Seeded random campaigns with invariants after every action; determinism and replay."""

import json
import random

import pytest

from rules.gorges import ENGINE
from rules.gorges.records import REINFORCEMENT
from tests.gorges.helpers import CONTENT

BUILDINGS = {None, "mine", "fortress", "city"}


def check_invariants(st, legal=None) -> None:
    """What must hold after every action (`legal`: the acting seat's actions, if already known)."""
    n = st.n
    assert st.is_over() == (st.prompt is None)
    if not st.is_over():
        seat = st.to_act()[0]
        assert 0 <= seat < n and (legal if legal is not None else st.legal_actions(seat))
    for tid, owner in st.owner.items():
        assert owner is None or 0 <= owner < n
        assert st.building[tid] in BUILDINGS
    assert st.crown in st.content.island.coords
    for g in st.generals:
        assert g.relics >= 0
        if g.capital is not None:  # a general who lost every territory keeps his old capital as rallying point
            assert st.owner[g.capital] == g.seat or not st.territories_of(g.seat)
    for army in st.armies.values():
        assert army.location is None or army.location in st.content.island.coords
        assert len(army.regiments) <= st.regiment_cap(army)
        if army.location is None:
            assert army.returns in ("season", "turn")
        if army.slot == REINFORCEMENT:
            assert army.hero.items == []
    if st.phase != "setup":
        assert sorted(st.order) == list(range(n))
        kind = st.prompt.kind if st.prompt is not None else None
        if kind != "movement" or st.is_over():
            for g in st.generals:
                on_map = st.armies_of(g.seat)
                if on_map and st.ability(g.seat, "home_exempt") is None and st.territories_of(g.seat):
                    assert any(st.owner[a.location] == g.seat for a in on_map), (g.seat, st.phase)


def check_ending(st) -> None:
    out = st.outcome()
    assert out["scores"] == [g.relics for g in st.generals]
    assert sorted(out["ranking"]) == list(range(st.n))
    assert [out["scores"][s] for s in out["ranking"]] == sorted(out["scores"], reverse=True)
    assert out["winners"] and all(out["scores"][w] == max(out["scores"]) for w in out["winners"])
    edge = out["final_battle_advantage"]
    assert min(edge["extra_points"]) == 0 and edge["points_per_relic"] == st.options["relic_edge_points"]
    assert st.season == len(CONTENT.seasons) - 1 and st.phase == "over"
    assert st.turn == len(CONTENT.seasons) * st.options["turns_per_season"]
    assert st.view(None)["outcome"] == out


def play(seed: int, seats: int, options=None, check=True, limit=20_000):
    st = ENGINE.new_game(CONTENT, seats, seed, options)
    bots = [ENGINE.bot("random", seed * 31 + i) for i in range(seats)]
    actions = []
    legal = st.legal_actions(st.to_act()[0])
    while not st.is_over():
        seat = st.to_act()[0]
        action = bots[seat].choose(st.view(seat), legal)
        st.apply(seat, action)
        actions.append((seat, action))
        legal = [] if st.is_over() else st.legal_actions(st.to_act()[0])
        if check:
            check_invariants(st, legal)
        assert len(actions) < limit
    return st, actions


@pytest.mark.slow
def test_a_thousand_random_campaigns():
    kinds = set()
    for seed in range(1000):
        rng = random.Random(seed)
        options = {"turns_per_season": rng.choice([1, 1, 2, 3]),
                   "points_cap_percent": rng.choice([0, 25]),
                   "relic_edge_points": rng.choice([0, 50])}
        st, actions = play(seed, 2 + seed % 5, options)
        check_ending(st)
        kinds.update(a.type for _, a in actions)
    assert kinds >= {"choose", "move", "build", "challenge", "answer", "battle_result", "done"}


def test_a_few_full_campaigns_with_default_options():
    for seed in range(6):
        st, _ = play(seed, 2 + seed % 5)
        check_ending(st)


def test_replay_is_deterministic_even_when_the_global_random_is_burnt():
    st, actions = play(7, 4, check=False)
    again = ENGINE.new_game(CONTENT, 4, 7)
    for i, (seat, action) in enumerate(actions):
        random.random()
        random.seed(i)
        again.apply(seat, ENGINE.action_from_json(json.loads(json.dumps(action.to_json()))))
    assert again.view(None) == st.view(None)
    assert again.log == st.log and again.outcome() == st.outcome()


def test_save_and_resume_in_every_phase():
    """Replaying the saved action list up to any point gives the same view and log."""
    options = {"turns_per_season": 1}
    _, actions = play(9, 3, options, check=False)
    original = ENGINE.new_game(CONTENT, 3, 9, options)
    seen_phases, seen_prompts = set(), set()
    for cut in range(len(actions) + 1):
        saved = json.dumps([[s, a.to_json()] for s, a in actions[:cut]])
        resumed = ENGINE.new_game(CONTENT, 3, 9, options)
        for s, data in json.loads(saved):
            resumed.apply(s, ENGINE.action_from_json(data))
        assert resumed.view(None) == original.view(None)
        assert resumed.log == original.log
        if cut < len(actions):
            seen_phases.add(original.phase)
            seen_prompts.add(original.prompt.kind)
            original.apply(*actions[cut])
    assert original.is_over()
    assert {"setup", "events", "movement", "construction", "challenges", "conquest", "battles"} <= seen_phases
    assert {"race", "capital", "movement", "construction", "challenge", "answer", "offer_relics",
            "accept_offer", "battle_result", "army", "hero", "territory", "seat"} <= seen_prompts


def test_bots_use_only_their_own_seed():
    st = ENGINE.new_game(CONTENT, 2, 3)
    legal = st.legal_actions(0)
    a = ENGINE.bot("random", 5).choose(st.view(0), legal)
    random.seed(99)
    b = ENGINE.bot("random", 5).choose(st.view(0), legal)
    assert a == b and a in legal
    with pytest.raises(KeyError):
        ENGINE.bot("greedy", 1)


def test_designer_forced_dice_in_random_play_reach_every_event_and_entry():
    """Random campaigns where a designer forces random dice before many actions."""
    from rules.gorges.actions import ForceNextRoll
    events = set()
    for seed in range(40):
        rng = random.Random(1000 + seed)
        seats = 2 + seed % 5
        st = ENGINE.new_game(CONTENT, seats, seed, {"designer_mode": True, "turns_per_season": 1})
        bots = [ENGINE.bot("random", seed * 7 + i) for i in range(seats)]
        while not st.is_over():
            if rng.random() < 0.3:
                st.apply(0, ForceNextRoll("d66", rng.randint(1, 6) * 10 + rng.randint(1, 6)))
            if rng.random() < 0.3:
                st.apply(0, ForceNextRoll("d6", rng.randint(1, 6)))
            seat = st.to_act()[0]
            st.apply(seat, bots[seat].choose(st.view(seat), st.legal_actions(seat)))
            check_invariants(st)
        events.update(e["params"]["roll"] for e in st.log if e["key"] == "gorges.log.event")
        check_ending(st)
    assert len(events) == 36
