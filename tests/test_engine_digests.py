"""Speed work changes no result: seeded games give the digests recorded before it (see tests/engine_digests.py)."""

import json

import pytest

from tests.engine_digests import FIXTURE, SEATS, digests


@pytest.mark.parametrize("game", sorted(SEATS))
def test_seeded_games_give_the_recorded_digests(game):
    recorded = json.loads(FIXTURE.read_text())[game]
    assert digests(game) == recorded


@pytest.mark.parametrize("game", sorted(SEATS))
def test_simulate_with_lazy_views_plays_the_same_games(game):
    """`simulate` computes a view only when a bot reads it: same games as with every view computed."""
    import rules
    from game.content import load
    from game.simulate import play_one
    from tests.engine_digests import _digest

    engine, content = rules.engine(game), load(game)
    recorded = json.loads(FIXTURE.read_text())[game]["bots"]
    for seed, digest in zip(range(1, 4), recorded):
        actions = []
        bots = [_Recorder(engine.bot(engine.bots[s % len(engine.bots)], seed * 101 + s), s, actions)
                for s in range(SEATS[game])]
        state, _ = play_one(engine, content, bots, seed)
        assert _digest(actions, state) == digest


class _Recorder:
    def __init__(self, bot, seat, actions):
        self.bot, self.seat, self.actions = bot, seat, actions

    def choose(self, view, legal):
        action = self.bot.choose(view, legal)
        self.actions.append([self.seat, action.to_json()])
        return action
