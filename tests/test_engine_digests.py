"""Speed work changes no result: seeded games give the digests recorded before it (see tests/engine_digests.py)."""

import json

import pytest

from tests.engine_digests import FIXTURE, SEATS, digests


@pytest.mark.parametrize("game", sorted(SEATS))
def test_seeded_games_give_the_recorded_digests(game):
    recorded = json.loads(FIXTURE.read_text())[game]
    assert digests(game) == recorded
