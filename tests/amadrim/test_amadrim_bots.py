"""Amadrim's three bot levels (issue 16): offered weakest first, old names still accepted, weights
read from content/amadrim/bots.yaml (a typo is a located error), legal moves at every level, and
the Master keeps a mage beside each of its cities."""

from __future__ import annotations

import dataclasses

import pytest

from rules.amadrim import ENGINE
from rules.amadrim.bots import DEFAULTS, LEVELS, Master
from rules.amadrim.content import BotsFile
from tests.amadrim.helpers import content
from tests.amadrim.test_amadrim_content import broken


def test_the_levels_are_offered_weakest_first_and_the_old_names_still_play():
    assert ENGINE.bots == ("apprentice", "adept", "master") == LEVELS
    for name in ("apprentice", "adept", "master", "random", "greedy"):
        assert hasattr(ENGINE.bot(name, 1), "choose")
    with pytest.raises(KeyError):
        ENGINE.bot("grandmaster", 1)


def test_the_shipped_weights_are_the_defaults_and_reach_the_view():
    shipped = content().bots
    for level in LEVELS:
        given = getattr(shipped, level).model_dump(exclude_unset=True)
        assert given == DEFAULTS[level]
    view = ENGINE.new_game(content(), 2, 1).view(0)
    assert view["bots"]["master"]["guard"] == DEFAULTS["master"]["guard"]


def test_a_typo_in_bots_yaml_is_a_located_error(tmp_path):
    problems = broken(tmp_path, "bots.yaml", "guard: 45.0", "gaurd: 45.0")
    assert any(p.startswith("bots.yaml:") and "master" in p and "gaurd" in p for p in problems), problems


def test_a_bad_weight_value_is_a_located_error(tmp_path):
    problems = broken(tmp_path, "bots.yaml", "sample_moves: 4", "sample_moves: -4")
    assert any(p.startswith("bots.yaml:") and "apprentice.sample_moves" in p for p in problems), problems


@pytest.mark.parametrize("lineup", [("apprentice", "adept", "master"), ("master", "master")])
def test_every_level_plays_legal_moves_to_the_end(lineup):
    state = ENGINE.new_game(content(), len(lineup), 5)
    bots = [ENGINE.bot(name, 10 + i) for i, name in enumerate(lineup)]
    steps = 0
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.view(seat), legal)
        assert action in legal
        state.apply(seat, action)
        steps += 1
        assert steps < 20_000
    assert state.outcome()["winners"]


def test_the_master_keeps_its_cities_guarded():
    """At the end of each of its action phases, a Master with a pawn to spare has an own mage on
    one of the 8 cells around each of its cities in most turns (it creates or walks guards there)."""
    state = ENGINE.new_game(content(), 2, 3)
    bots = [ENGINE.bot("master", 1), ENGINE.bot("adept", 2)]
    checks = guarded = 0
    while not state.is_over():
        seat = state.to_act()[0]
        was = (state.phase, state.current)
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
        if was == ("actions", 0) and state.current != 0 and state.turn >= 2:
            for city in state.board.cities_of(0):
                checks += 1
                guarded += any((u := state.board.unit_on(c)) and u.owner == 0 and u.kind == "mage"
                               for c in state.board.around[city.cell])
    assert checks >= 10 and guarded / checks >= 0.8, (guarded, checks)


def test_weights_from_a_designer_copy_change_the_master():
    weights = dataclasses.replace(content(), bots=BotsFile.model_validate(
        {"apprentice": {}, "adept": {}, "master": {"guard": 0.0, "leave_post": 0.0}}))
    view = ENGINE.new_game(weights, 2, 1).view(0)
    assert Master(1).weights(view)["guard"] == 0.0
