"""The sand-timer model with a fake clock: no sleeping anywhere."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.saves import SaveError
from game.session import SeatInfo, Session
from game.timer import SandTimer, next_time_up, time_up_action
from rules.core import Action, ActionCodec, IllegalAction, action
from tests.toygame import ENGINE, ToyEngine, ToyState


class FakeClock:
    def __init__(self, now=1000.0):
        self.now = now

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


@pytest.fixture
def clock():
    return FakeClock()


def test_runs_only_once_started(clock):
    timer = SandTimer(300, clock)
    clock.advance(50)
    assert timer.remaining() == 300 and not timer.running and not timer.expired()
    timer.start()
    clock.advance(100)
    assert timer.elapsed() == 100 and timer.remaining() == 200 and timer.running
    assert timer.fraction() == pytest.approx(2 / 3)


def test_pause_and_resume(clock):
    timer = SandTimer(60, clock)
    timer.start()
    clock.advance(10)
    timer.pause()
    timer.pause()  # twice is harmless
    clock.advance(1000)
    assert timer.remaining() == 50 and not timer.running
    timer.resume()
    timer.resume()
    clock.advance(20)
    assert timer.remaining() == 30


def test_expiry_and_restart(clock):
    timer = SandTimer(60, clock)
    timer.start()
    clock.advance(59.5)
    assert not timer.expired()
    clock.advance(0.5)
    assert timer.expired() and timer.remaining() == 0 and not timer.running
    clock.advance(100)
    assert timer.elapsed() == 60  # never more than the duration
    timer.start()
    assert timer.remaining() == 60


def test_clock_going_backwards_does_not_add_sand(clock):
    timer = SandTimer(60, clock)
    timer.start()
    clock.advance(-30)
    assert timer.remaining() == 60


def test_duration_must_be_positive(clock):
    with pytest.raises(ValueError):
        SandTimer(0, clock)


def test_save_mid_programming_resumes_with_the_same_remaining_time(clock):
    timer = SandTimer(300, clock)
    timer.start()
    clock.advance(123)
    data = json.loads(json.dumps(timer.to_json()))
    later = FakeClock(now=99999.0)  # the app was closed for hours, in another process
    restored = SandTimer.from_json(data, later)
    assert restored.remaining() == 177 and restored.running
    later.advance(7)
    assert restored.remaining() == 170


def test_paused_timer_stays_paused_after_reload(clock):
    timer = SandTimer(300, clock)
    timer.start()
    clock.advance(20)
    timer.pause()
    restored = SandTimer.from_json(timer.to_json(), clock)
    clock.advance(50)
    assert restored.remaining() == 280 and not restored.running


def test_timer_travels_in_the_save_extras(clock):
    session = Session(ENGINE, None, "d", [SeatInfo("Ana", 0), SeatInfo("Bo", 1)], 1)
    timer = SandTimer(300, clock)
    timer.start()
    clock.advance(100)
    session.extras["timer"] = timer.to_json()
    loaded = Session.from_save(session.to_save(), ENGINE, None, "d")
    assert SandTimer.from_json(loaded.extras["timer"], FakeClock(5.0)).remaining() == 200


@pytest.mark.parametrize("data", [None, [], {}, {"duration": "300"}, {"duration": 0},
                                  {"duration": float("nan")}, {"duration": 60, "elapsed": "x"},
                                  {"duration": True}])
def test_bad_timer_state_is_a_keyed_error(data, clock):
    with pytest.raises(SaveError) as err:
        SandTimer.from_json(data, clock)
    assert err.value.key == "session.timer.bad_state"


@given(steps=st.lists(st.tuples(st.sampled_from(["pause", "resume", "wait"]),
                                st.floats(0, 100, allow_nan=False)), max_size=30))
def test_remaining_is_duration_minus_running_time(steps):
    clock = FakeClock()
    timer = SandTimer(300, clock)
    timer.start()
    running, ran = True, 0.0
    for op, seconds in steps:
        if op == "pause":
            timer.pause()
            running = False
        elif op == "resume":
            timer.resume()
            running = True
        else:
            clock.advance(seconds)
            ran += seconds if running else 0.0
        assert timer.remaining() == pytest.approx(max(0.0, 300 - ran), abs=1e-6)
        assert 0.0 <= timer.fraction() <= 1.0


# -- time_up reaches the rules as an action -------------------------------------------------------

@action("time_up")
class TimeUp(Action):
    pass


class TimedState(ToyState):
    """The toy game in a 'programming' phase where both seats act and time_up is always legal."""

    def __init__(self, seats, seed):
        super().__init__(seats, seed)
        self.waiting = list(range(seats))

    def to_act(self):
        return list(self.waiting)

    def legal_actions(self, seat):
        return [TimeUp()] if seat in self.waiting else []

    def apply(self, seat, act):
        if seat not in self.waiting or not isinstance(act, TimeUp):
            raise IllegalAction("toy.illegal.not_your_turn", seat=seat)
        self.waiting = []  # one time_up ends the phase for everybody


class TimedToy(ToyEngine):
    codec = ActionCodec(TimeUp)

    def new_game(self, content, seats, seed, options=None):
        return TimedState(seats, seed)


def test_time_up_is_sent_only_once_the_sand_has_run(clock):
    session = Session(TimedToy(), None, "d", [SeatInfo("Ana", 0), SeatInfo("Bo", 1)], 1)
    timer = SandTimer(60, clock)
    timer.start()
    clock.advance(30)
    assert next_time_up(timer, session.state) is None
    assert time_up_action(timer, session.state, 0) is None
    clock.advance(30)
    assert time_up_action(timer, session.state, 1) == TimeUp()
    seat, act = next_time_up(timer, session.state)
    assert (seat, act) == (0, TimeUp())
    session.apply(seat, act)
    assert next_time_up(timer, session.state) is None  # the phase is over: nothing more to send
    assert session.to_save()["actions"] == [[0, {"type": "time_up"}]]


def test_no_time_up_in_a_game_without_one(clock):
    session = Session(ENGINE, None, "d", [SeatInfo("Ana", 0), SeatInfo("Bo", 1)], 1)
    timer = SandTimer(1, clock)
    timer.start()
    clock.advance(5)
    assert next_time_up(timer, session.state) is None
