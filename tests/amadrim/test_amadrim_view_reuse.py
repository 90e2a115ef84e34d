"""The views reuse their public part between actions that change little of it (programming
cubes, lock-ins, an acting seat's cubes: see `AmadrimState.apply` and `view.build_view`): every
such view must be exactly the view built from nothing, for every seat and the table, through
seeded games with bots and with random play, under each rule option."""

from __future__ import annotations

import json
import random

import pytest

import rules
from game.content import load

OPTIONS = [
    {},
    {"unplayed_cubes": "forfeit", "monopoly": "extra_step"},
    {"attack_reach": "four", "city_defence": "any_guild", "neutral_cities": False},
]


def _fresh(state, seat):
    kept = state.view_parts, state.view_reuse
    state.view_parts = None
    try:
        return state.view(seat)
    finally:
        state.view_parts, state.view_reuse = kept


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("players", ["bots", "random"])
def test_a_reused_view_is_the_view_built_from_nothing(options, players) -> None:
    engine, content = rules.engine("amadrim"), load("amadrim")
    for seed in (3,):
        state = engine.new_game(content, 3, seed, options)
        bots = [engine.bot(engine.bots[s % len(engine.bots)], seed * 10 + s) for s in range(3)]
        rng = random.Random(seed)
        steps = 0
        while not state.is_over() and steps < 700:
            seat = state.to_act()[0]
            viewer = rng.choice([None, 0, 1, 2, seat])
            fresh = json.dumps(_fresh(state, viewer), sort_keys=True)
            assert json.dumps(state.view(viewer), sort_keys=True) == fresh, (seed, steps, viewer)
            legal = state.legal_actions(seat)
            if players == "bots":
                action = bots[seat].choose(state.view(seat), legal)
            else:
                action = rng.choice([a for a in legal if a.type != "time_up"] or legal)
            state.apply(seat, action)
            steps += 1


@pytest.mark.parametrize("options", OPTIONS[:2])
def test_a_seat_view_read_key_by_key_is_the_view(options) -> None:
    """`lazy_view` (what `simulate` gives the bots): every key, read alone in any order, is the
    key of the view built from nothing; keys read before the action stay, others are refused."""
    from rules.amadrim.view import _ITEMS

    engine, content = rules.engine("amadrim"), load("amadrim")
    state = engine.new_game(content, 3, 5, options)
    bots = [engine.bot(engine.bots[s % len(engine.bots)], 50 + s) for s in range(3)]
    rng = random.Random(5)
    steps = 0
    while not state.is_over() and steps < 600:
        seat = state.to_act()[0]
        viewer = rng.choice([None, 0, 1, 2, seat, 7])
        fresh = json.loads(json.dumps(_fresh(state, viewer)))
        lazy = state.lazy_view(viewer)
        keys = list(_ITEMS) + ["log", "to_act"]
        rng.shuffle(keys)
        for key in keys:
            assert json.loads(json.dumps(lazy[key])) == fresh[key], (steps, viewer, key)
        assert lazy.get("no such key", "absent") == "absent"
        if steps % 50 == 0:
            assert json.loads(json.dumps(dict(lazy))) == fresh
        sealed = state.lazy_view(seat)
        phase = sealed["phase"]
        legal = state.legal_actions(seat)
        state.apply(seat, bots[seat].choose(state.view(seat), legal))
        sealed.seal()
        assert sealed["phase"] == phase  # read before: kept
        with pytest.raises(RuntimeError):
            sealed["units"]
        steps += 1


def test_simulate_gives_bots_the_seat_view() -> None:
    """`game.simulate.bot_view` uses the state's `lazy_view` and seals it with itself."""
    from game.simulate import bot_view

    engine, content = rules.engine("amadrim"), load("amadrim")
    state = engine.new_game(content, 3, 2)
    view = bot_view(state, 0)
    assert view["seat"] == 0 and view.get("bots") == state.view(0)["bots"]
    view.seal()
    with pytest.raises(RuntimeError):
        view["units"]
