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
    again = st.copy()
    assert _view(again) == before


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
