"""`GorgesState.copy` (and `copy.deepcopy`): the campaign replayed from its seed, independent of
the original; refused (TypeError) for a state changed outside `apply`."""

import copy
import json
import random

import pytest

from rules.gorges import ENGINE
from rules.gorges.phases import movement
from tests.gorges.helpers import CONTENT, arrange, scenario, set_up


def _view(st):
    return json.dumps(st.view(), sort_keys=True)


def test_a_copy_is_the_same_campaign_and_moves_on_alone():
    rng = random.Random(5)
    st = ENGINE.new_game(CONTENT, 3, 11)
    for _ in range(120):
        seat = st.to_act()[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    other = copy.deepcopy(st)
    assert _view(other) == _view(st) and other.log == st.log and other.to_act() == st.to_act()
    seat = st.to_act()[0]
    assert other.legal_actions(seat) == st.legal_actions(seat)
    before = _view(st)
    while not other.is_over():
        s = other.to_act()[0]
        other.apply(s, rng.choice(other.legal_actions(s)))
    assert _view(st) == before  # the original did not move
    assert st._checkpoint is not None  # the first copy's replay kept a turn start near its end
    again = st.copy()  # from that checkpoint
    assert _view(again) == before and again.log == st.log


def _go_on(state, seed, count=40):
    pick = random.Random(seed)
    for _ in range(count):
        if state.is_over():
            return
        seat = state.to_act()[0]
        state.apply(seat, pick.choice(state.legal_actions(seat)))


def test_copies_from_a_checkpoint_go_on_like_the_original():
    rng = random.Random(8)
    st = ENGINE.new_game(CONTENT, 4, 21)
    for stop in (90, 140, 260):
        while len(st._applied) < stop and not st.is_over():
            seat = st.to_act()[0]
            st.apply(seat, rng.choice(st.legal_actions(seat)))
        first, second = st.copy(), st.copy()  # the second one from the first one's checkpoint
        fresh = ENGINE.new_game(CONTENT, 4, 21)  # the plain replay
        for seat, action in st._applied:
            fresh.apply(seat, action)
        for state in (first, second, fresh):
            _go_on(state, stop)
        assert _view(first) == _view(second) == _view(fresh)
        assert first.log == second.log == fresh.log


def test_a_state_changed_outside_apply_is_not_copied():
    st = set_up()
    arrange(st, owner={"gue-rouge": 1})
    with pytest.raises(TypeError):
        st.copy()


def test_a_hand_made_scenario_is_not_copied():
    st = set_up()
    scenario(st, movement.movement_phase(st))
    with pytest.raises(TypeError):
        copy.deepcopy(st)
