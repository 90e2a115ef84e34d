"""`to_act()` tells the truth (issue 12): a prompt any seat may answer for the table lists every
seat, the seat asked first (`waiting_on()`), and each listed seat has legal actions that apply;
a seat not listed has none and is refused."""

import random

import pytest

from rules.core import IllegalAction
from rules.gorges import ENGINE
from rules.gorges.actions import BattleResult, Choose, Done
from rules.gorges.phases.battles import battles_phase
from tests.gorges.helpers import CONTENT, arrange, scenario, second_challenge_asked, set_up


def _battle_to_report():
    """Seat 0 fights seat 1; seat 2 watches (and may enter the result for the table)."""
    st = set_up(("empire", "skaven", "dwarfs"))
    arrange(st, owner={"roches-hurlantes": 1}, armies={"0.G": "roches-hurlantes", "1.G": "roches-hurlantes"})
    st.challenges = [{"challenger": 0, "target": 1, "army": "0.G", "territory": "roches-hurlantes",
                      "status": "accepted", "defender_army": "1.G"}]
    scenario(st, battles_phase(st))
    assert st.prompt.kind == "battle_result" and st.prompt.any_seat
    return st


def test_any_seat_prompts_list_every_seat_the_asked_one_first():
    st = second_challenge_asked()
    assert st.to_act() == [1, 0, 2] and st.waiting_on() == [1]  # the challenged general is asked
    assert st.view(None)["to_act"] == [1, 0, 2]
    st = _battle_to_report()
    assert st.to_act() == [0, 1, 2] and st.waiting_on() == [0]  # the challenger is asked
    for seat in range(3):
        assert st.legal_actions(seat) == st.legal_actions(0) != []


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_every_listed_seat_may_answer_the_table_about_a_second_challenge(seat):
    st = second_challenge_asked()
    assert seat in st.to_act()
    assert Choose("yes") in st.legal_actions(seat)
    st.apply(seat, Choose("yes"))
    assert st.generals[1].second_agreed
    assert st.prompt.kind == "answer" and st.to_act() == st.waiting_on() == [1]


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_every_listed_seat_may_enter_a_battle_result(seat):
    st = _battle_to_report()
    result = BattleResult(1, (1000, 1000), (), False)
    legal = st.legal_actions(seat)
    assert legal and all(isinstance(a, BattleResult) for a in legal)
    st.apply(seat, result)
    assert st.owner["roches-hurlantes"] == 1
    assert any(e["key"] == "gorges.log.battle" for e in st.log)


def test_a_seat_not_listed_has_nothing_to_do_and_is_refused():
    st = set_up(("empire", "skaven", "dwarfs"))
    asked = st.to_act()
    assert len(asked) == 1 and not st.prompt.any_seat
    for seat in set(range(3)) - set(asked):
        assert st.legal_actions(seat) == []
        with pytest.raises(IllegalAction):
            st.apply(seat, st.legal_actions(asked[0])[0])
        with pytest.raises(IllegalAction):
            st.apply(seat, Done())


@pytest.mark.parametrize("seed", [3, 8])
def test_random_campaigns_any_listed_seat_acts(seed):
    """Seeded random play where a random listed seat acts each time: every listed seat has legal
    actions, each of which applies; a prompt any seat may answer lists them all."""
    rng = random.Random(seed)
    st = ENGINE.new_game(CONTENT, 3, seed)
    shared = 0
    for _ in range(20_000):
        if st.is_over():
            break
        seats = st.to_act()
        assert seats and seats[0] == st.waiting_on()[0] and len(set(seats)) == len(seats)
        if st.prompt.any_seat:
            assert sorted(seats) == [0, 1, 2]
            shared += 1
        legal = {s: st.legal_actions(s) for s in seats}
        assert all(legal.values())
        seat = rng.choice(seats)
        st.apply(seat, rng.choice(legal[seat]))
    assert st.is_over() and shared > 0
