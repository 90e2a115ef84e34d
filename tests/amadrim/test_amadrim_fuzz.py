"""Fuzzing: stray actions are refused without changing anything; JSON round trip for any values."""

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.amadrim import ENGINE
from rules.amadrim.actions import (
    KINDS,
    AddCube,
    Attack,
    Create,
    EndActions,
    LockIn,
    Move,
    PlaceCity,
    RemoveCube,
    Spell,
    TakeCity,
    TimeUp,
)
from rules.core import IllegalAction
from tests.amadrim.helpers import content


def snapshot(state):
    return copy.deepcopy((state.board, state.stock, state.market, state.programming, state.locked,
                          state.remaining, state.phase, state.current, state.placing, len(state.log), state.log[-1:],
                          state.captured, state.next_unit, state.turn, state.cubes, state.revealed))


def stray(rng: random.Random, state) -> object:
    """Some action, usually not a legal one."""
    cell = (rng.randrange(-1, 13), rng.randrange(-1, 13))
    unit = rng.choice(list(state.board.units) or [1]) if rng.random() < 0.8 else rng.randrange(50)
    other = rng.choice(list(state.board.units) or [1])
    path = tuple((rng.randrange(12), rng.randrange(12)) for _ in range(rng.randrange(0, 4)))
    return rng.choice([
        PlaceCity(cell), AddCube(rng.choice(KINDS + ("nap",))), RemoveCube(rng.choice(KINDS)), LockIn(),
        TimeUp(), Create(rng.choice(("mage", "merchant", "ghost")), cell), Move(unit, path),
        Attack(unit, other), Spell(unit), TakeCity(unit, rng.randrange(-1, 14)), EndActions(),
    ])


def test_refused_actions_change_nothing_and_accepted_ones_keep_the_game_going():
    rng = random.Random(3)
    for game in range(8):
        state = ENGINE.new_game(content(), 2 + game % 3, game, {"max_turns": 5})
        while not state.is_over():
            seat = rng.choice(range(state.seats))
            act = stray(rng, state)
            before = snapshot(state)
            try:
                state.apply(seat, act)
            except IllegalAction:
                assert snapshot(state) == before, act
            seat = state.to_act()[0] if state.to_act() else None
            if seat is not None:
                state.apply(seat, rng.choice(state.legal_actions(seat)))


cells = st.tuples(st.integers(-5, 20), st.integers(-5, 20))
actions = st.one_of(
    st.builds(PlaceCity, cells), st.builds(AddCube, st.text(max_size=8)),
    st.builds(RemoveCube, st.sampled_from(KINDS)), st.just(LockIn()), st.just(TimeUp()),
    st.builds(Create, st.sampled_from(("mage", "merchant")), cells),
    st.builds(Move, st.integers(0, 10**6), st.lists(cells, max_size=8).map(tuple)),
    st.builds(Attack, st.integers(0, 999), st.integers(0, 999)), st.builds(Spell, st.integers(0, 999)),
    st.builds(TakeCity, st.integers(0, 999), st.integers(0, 99)), st.just(EndActions()),
)


@settings(max_examples=300, deadline=None)
@given(actions)
def test_any_action_round_trips_through_json(act):
    assert ENGINE.action_from_json(act.to_json()) == act
