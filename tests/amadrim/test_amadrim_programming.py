"""Programming: simultaneous and secret cube placing, lock-in, time_up, secrecy of views, resume."""

import json
import random

import pytest

from rules.amadrim import ENGINE
from rules.amadrim.actions import AddCube, LockIn, RemoveCube, TimeUp
from rules.core import IllegalAction
from tests.amadrim.helpers import content, new, place_all


def programming_state(seed=0):
    state = new(2, seed)
    place_all(state)
    return state


def test_all_seats_program_at_once():
    state = programming_state()
    assert state.phase == "programming" and state.to_act() == [0, 1]
    state.apply(1, AddCube("move"))
    state.apply(0, AddCube("create"))
    state.apply(1, LockIn())
    assert state.to_act() == [0]
    assert state.legal_actions(1) == []


def test_cubes_are_bounded_by_the_seat_allowance():
    state = programming_state()
    for _ in range(7):
        state.apply(0, AddCube("move"))
    assert AddCube("move") not in state.legal_actions(0)
    with pytest.raises(IllegalAction) as err:
        state.apply(0, AddCube("attack"))
    assert err.value.key == "amadrim.illegal.no_cube_left"
    state.apply(0, RemoveCube("move"))
    with pytest.raises(IllegalAction) as err:
        state.apply(0, RemoveCube("spell"))
    assert err.value.key == "amadrim.illegal.no_cube_there"
    with pytest.raises(IllegalAction) as err:
        state.apply(0, AddCube("dance"))
    assert err.value.key == "amadrim.illegal.unknown_kind"
    assert state.programming[0] == [0, 0, 0, 0, 6]


def test_legal_programming_actions():
    state = programming_state()
    legal = state.legal_actions(0)
    assert {a.type for a in legal} == {"add_cube", "lock_in", "time_up"}
    state.apply(0, AddCube("spell"))
    assert RemoveCube("spell") in state.legal_actions(0)


def test_time_up_mid_programming_keeps_what_is_placed_and_loses_the_rest():
    state = programming_state()
    state.apply(0, AddCube("create"))
    state.apply(0, AddCube("move"))
    state.apply(0, TimeUp())
    assert state.locked[0] and state.to_act() == [1]
    assert state.log[-1]["key"] == "amadrim.log.time_up"
    with pytest.raises(IllegalAction):
        state.apply(0, AddCube("move"))
    state.apply(1, TimeUp())                     # nothing placed: all 7 cubes lost
    assert state.phase == "actions"
    assert state.programming[0] == [1, 0, 0, 0, 1]
    assert state.programming[1] == [0, 0, 0, 0, 0]
    # the seat with nothing to spend is skipped: the one with cubes acts
    assert state.current == 0 and state.remaining == [1, 0, 0, 0, 1]


def test_a_view_never_shows_another_seats_programming_before_the_reveal():
    state = programming_state()
    before0 = json.dumps(state.view(0), sort_keys=True)
    public = json.dumps(state.view(None), sort_keys=True)
    for kind in ("attack", "attack", "move", "take_city"):
        state.apply(1, AddCube(kind))
    state.apply(1, RemoveCube("move"))
    assert json.dumps(state.view(0), sort_keys=True) == before0
    assert json.dumps(state.view(None), sort_keys=True) == public
    view1 = state.view(1)
    assert view1["programming"][1]["attack"] == 2 and view1["programming"][0] is None
    assert view1["unplaced"] == 4
    state.apply(1, LockIn())
    view0 = state.view(0)
    assert view0["locked"] == [False, True] and view0["programming"][1] is None


def test_programmings_are_revealed_seat_by_seat_in_the_action_phase():
    state = programming_state(seed=3)
    first = state.first_player
    other = 1 - first
    state.apply(first, AddCube("create"))
    state.apply(other, AddCube("move"))
    state.apply(first, LockIn())
    state.apply(other, LockIn())
    assert state.current == first
    for seat in (None, other):
        view = state.view(seat)
        assert view["programming"][first] == {"create": 1, "take_city": 0, "attack": 0, "spell": 0, "move": 0}
        assert view["remaining"]["create"] == 1
    assert state.view(first)["programming"][other] is None
    assert state.view(None)["programming"][other] is None


def test_save_and_resume_in_the_middle_of_programming_gives_the_same_state():
    state = new(3, seed=11)
    rng = random.Random(4)
    actions = []
    while state.phase != "programming" or state.turn < 2 or sum(state.programming[0]) < 2:
        seat = state.to_act()[0] if state.phase != "programming" else rng.choice(state.to_act())
        legal = [a for a in state.legal_actions(seat)
                 if not (state.phase == "programming" and a.type in ("lock_in", "time_up")
                         and sum(state.programming[seat]) < 3)]
        act = rng.choice(legal)
        actions.append((seat, act.to_json()))
        state.apply(seat, act)
    saved = json.dumps({"seed": 11, "seats": 3, "actions": actions})
    data = json.loads(saved)
    again = ENGINE.new_game(content(), data["seats"], data["seed"], dict(state.options))
    for seat, act in data["actions"]:
        again.apply(seat, ENGINE.action_from_json(act))
    for seat in (None, 0, 1, 2):
        assert again.view(seat) == state.view(seat)
    assert again.programming == state.programming and again.locked == state.locked
    assert again.legal_actions(0) == state.legal_actions(0)
