"""The shortcuts of the speed work (issue #15) keep every answer checked: `apply` trusts only an
action of the list just given for the current prompt, lists made by the flow are handed out once,
and the effects run as plain calls never ask a choice."""

import inspect
import random

import pytest

from rules.core import IllegalAction
from rules.gorges import resolve
from rules.gorges.actions import Challenge, Done, Move
from rules.gorges.phases import challenges, movement
from tests.gorges.helpers import arrange, force, scenario, set_up


def moving():
    st = set_up(("empire", "skaven"))
    st.order = [0]
    st.generals[0].event = 26
    force(st, "d3", 2, 2, 2)
    scenario(st, movement.movement_phase(st))
    return st


def test_an_action_listed_before_the_last_one_applied_is_checked_again():
    st = moving()
    legal = st.legal_actions(0)
    first, second = [a for a in legal if isinstance(a, Move) and a.army == "0.G"][:2]
    st.apply(0, first)
    with pytest.raises(IllegalAction) as exc:
        st.apply(0, second)  # listed, but for the prompt as it stood before `first`
    assert exc.value.key == "gorges.illegal.cannot_reach"
    assert st.armies["0.G"].location == first.to


def test_a_listed_action_from_another_seat_is_refused():
    st = moving()
    move = next(a for a in st.legal_actions(0) if isinstance(a, Move))
    assert st.legal_actions(1) == []
    with pytest.raises(IllegalAction) as exc:
        st.apply(1, move)
    assert exc.value.key == "gorges.illegal.not_your_turn"


def test_the_list_made_by_the_challenge_phase_is_the_list_of_the_prompt():
    st = set_up(("empire", "skaven"))
    arrange(st, owner={"marais-puant": 1, "roches-hurlantes": 0}, armies={"0.G": "marais-puant"})
    st.order = [0, 1]
    scenario(st, challenges.challenges_phase(st))
    handed = st.legal_actions(0)  # the phase's own list
    assert handed == challenges.legal(st, 0)
    assert Challenge(1, "0.G", "marais-puant") in handed
    st.generals[0].challenged = True  # a hand-made change (a test's): the next list sees it
    assert st.legal_actions(0) == challenges.legal(st, 0) == [Done()]


def test_random_play_lists_the_same_as_the_phases_and_every_listed_action_applies():
    from rules.gorges import ENGINE
    from tests.gorges.helpers import CONTENT
    rng = random.Random(3)
    st = ENGINE.new_game(CONTENT, 3, 3)
    while not st.is_over():
        seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        assert legal == st.prompt.legal(st)  # a list handed out by the flow is the one made afresh
        action = rng.choice(legal)
        st.copy().apply(seat, action)  # a copy checks it in full
        st.apply(seat, action)
        if len(st.log) > 600:
            break


def test_effects_run_as_plain_calls_are_exactly_those_that_never_ask():
    for kind, handler in resolve.HANDLERS.items():
        assert inspect.isgeneratorfunction(handler) == (kind not in resolve.DIRECT), kind
