"""Every engine's random self-play leaves no reference cycles behind: what a game drops is freed
by its reference count at once. Cyclic garbage waits for the collector instead, and every young
collection then walks it; Anludim's union search (two closures calling themselves through their
cells) left 7 such objects per action, and the collector's passes cost it 3 % of its speed."""

import gc
import random

import pytest

import rules
from game.content import load


@pytest.mark.parametrize("game_id", rules.IMPLEMENTED)
def test_random_self_play_leaves_no_cyclic_garbage(game_id):
    engine = rules.engine(game_id)
    content = load(game_id, None)
    seats = max(engine.seats.start, min(3, engine.seats.stop - 1))
    rng = random.Random(3)
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        actions = 0
        for seed in range(1, 4):  # whole games: every phase, round ends and game ends
            state = engine.new_game(content, seats, seed)
            while not state.is_over() and actions < 3000 * seed:
                seat = state.to_act()[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)))
                actions += 1
            del state
        found = gc.collect()
    finally:
        if was:
            gc.enable()
    assert found == 0, f"{found} objects in reference cycles after {actions} random actions of {game_id}"
