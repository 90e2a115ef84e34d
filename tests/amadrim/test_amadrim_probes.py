"""The test-only probes of tests/amadrim/probes.py (issue 16): registered for `simulate`, never
offered to players, and they play legal moves. Their figures against the best bot are measured
with `python -m tests.simulate_probe simulate amadrim --seats master,raid --games N --rotate`."""

from __future__ import annotations

import tests.amadrim.probes  # noqa: F401  (registers the probes)
from rules.amadrim import ENGINE
from tests.amadrim.helpers import content


def test_the_probes_are_registered_but_not_offered():
    assert {"spam", "raid"} <= set(ENGINE.probes)
    assert not {"spam", "raid"} & set(ENGINE.bots)


def test_the_city_raid_probe_plays_legal_moves():
    state = ENGINE.new_game(content(), 2, 3)
    bots = [ENGINE.bot("raid", 1), ENGINE.bot("master", 2)]
    for _ in range(80):
        if state.is_over():
            break
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.view(seat), legal)
        assert action in legal
        state.apply(seat, action)
