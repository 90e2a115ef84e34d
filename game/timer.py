"""The sand-timer as a pure model: no sleeping, no pygame, time read from an injected clock.

`SandTimer(duration, clock)` runs for `duration` seconds of unpaused time. The clock is any
callable returning seconds (default `time.monotonic`); tests pass a fake one. `to_json` keeps the
elapsed time, so a game saved in the middle of programming resumes with the same remaining time
(time while the app was closed does not count).

Rules never read time: when the timer runs out the UI sends the engine's `time_up` action
(`next_time_up` says which, for whom, and when).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from game.saves import SaveError
from rules.core import Action

Clock = Callable[[], float]
TIME_UP = "time_up"


class SandTimer:
    """A sand-timer of `duration` seconds that can be started, paused and resumed."""

    def __init__(self, duration: float, clock: Clock = time.monotonic) -> None:
        if duration <= 0:
            raise ValueError("a sand-timer needs a positive duration")
        self.duration = float(duration)
        self.clock = clock
        self._elapsed = 0.0          # time run before the current stretch
        self._since: float | None = None  # clock value when the current stretch began

    @property
    def running(self) -> bool:
        """True while the sand flows (started, not paused, not expired)."""
        return self._since is not None and not self.expired()

    def start(self) -> None:
        """Turn the timer over: full duration again, running."""
        self._elapsed = 0.0
        self._since = self.clock()

    def pause(self) -> None:
        """Stop the sand (e.g. while a curtain is shown); no-op when already paused."""
        if self._since is not None:
            self._elapsed = self.elapsed()
            self._since = None

    def resume(self) -> None:
        """Let the sand flow again from where it stopped; no-op when running."""
        if self._since is None:
            self._since = self.clock()

    def elapsed(self) -> float:
        """Seconds run so far (never more than `duration`)."""
        extra = self.clock() - self._since if self._since is not None else 0.0
        return min(self.duration, self._elapsed + max(0.0, extra))

    def remaining(self) -> float:
        """Seconds left (0 when expired)."""
        return self.duration - self.elapsed()

    def fraction(self) -> float:
        """Share of sand still on top, 1.0 full to 0.0 empty (for the sprite)."""
        return self.remaining() / self.duration

    def expired(self) -> bool:
        """True once all the sand has run."""
        return self.elapsed() >= self.duration

    def to_json(self) -> dict[str, Any]:
        """Serialisable state: duration, elapsed seconds, running flag."""
        return {"duration": self.duration, "elapsed": self.elapsed(), "running": self._since is not None}

    @classmethod
    def from_json(cls, data: Any, clock: Clock = time.monotonic) -> SandTimer:
        """Restore a timer with the same remaining time; a running one runs on from now.

        Raises `SaveError("session.timer.bad_state")` when `data` is not a timer's state.
        """
        try:
            timer = cls(_number(data["duration"]), clock)
            elapsed = _number(data.get("elapsed", 0.0))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise SaveError("session.timer.bad_state") from exc
        timer._elapsed = min(timer.duration, max(0.0, elapsed))
        if data.get("running") is True:
            timer._since = clock()
        return timer


def _number(value: Any) -> float:
    """A finite number from JSON, else ValueError."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(value)
    return float(value)


def time_up_action(timer: SandTimer, state: Any, seat: int) -> Action | None:
    """The engine's `time_up` action for `seat` once the timer has run out and it is legal, else None."""
    if not timer.expired():
        return None
    return next((a for a in state.legal_actions(seat) if a.type == TIME_UP), None)


def next_time_up(timer: SandTimer, state: Any) -> tuple[int, Action] | None:
    """The next (seat, time_up action) to apply now, or None (not expired, or nothing to send).

    Apply it, then ask again: one time-up may end the phase for every seat.
    """
    if not timer.expired():
        return None
    for seat in state.to_act():
        act = time_up_action(timer, state, seat)
        if act is not None:
            return seat, act
    return None
