"""`state.lazy_view(seat)` (what `simulate` gives the bots) has the values of the view, key by key,
for every game that has one (Amadrim's: tests/amadrim/test_amadrim_view_reuse.py, with more keys)."""

import importlib
import json
import random

import pytest

import rules
from game.content import load


def _json(value):
    return json.loads(json.dumps(value))


# (game, options, a key read before the action, a key not read before it)
CASES = [("anludim", None, "phase", "seats"), ("anludim", {"expert": True}, "phase", "seats"),
         ("ambre", None, "phase", "conflicts"), ("guildes", None, "seat", "guilds"),
         ("amadrim", None, "phase", "units")]


@pytest.mark.parametrize(("game", "options", "read", "unread"), CASES)
def test_every_key_read_alone_in_any_order_is_the_views(game, options, read, unread) -> None:
    items = importlib.import_module(f"rules.{game}.view")._ITEMS
    engine, content = rules.engine(game), load(game)
    state = engine.new_game(content, 3, 11, options)
    bots = [engine.bot(engine.bots[s % len(engine.bots)], 70 + s) for s in range(3)]
    rng = random.Random(11)
    steps = compared = 0
    while not state.is_over() and steps < 400:
        seat = state.to_act()[0]
        viewer = rng.choice([None, 0, 1, 2, seat])
        fresh = _json(state.view(viewer))
        lazy = state.lazy_view(viewer)
        keys = list(items) + ["log", "to_act"]
        rng.shuffle(keys)
        for key in keys:
            assert _json(lazy[key]) == fresh[key], (steps, viewer, key)
        compared += len(keys)
        assert lazy.get("no such key", "absent") == "absent"
        if steps % 40 == 0:
            assert _json(dict(lazy)) == fresh
        sealed = state.lazy_view(seat)
        before = _json(sealed[read])
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
        sealed.seal()
        assert _json(sealed[read]) == before  # read before the action: kept
        with pytest.raises(RuntimeError):
            sealed[unread]  # not read before: refused (it would describe a later state)
        steps += 1
    assert compared > 1000


def test_simulate_gives_the_bots_the_lazy_view() -> None:
    from game.simulate import bot_view

    engine, content = rules.engine("anludim"), load("anludim")
    state = engine.new_game(content, 3, 2)
    view = bot_view(state, 1)
    assert view["hand"] == state.view(1)["hand"]
    view.seal()
    with pytest.raises(RuntimeError):
        view["piles"]
    whole = bot_view(state, 1)
    assert whole.get("draw_count") == state.view(1)["draw_count"]  # a key of no item: the whole view
    whole.seal()
    assert whole["piles"] == state.view(1)["piles"]  # built before the seal: kept
