"""A bot's decision computed beside the window's loop, so the table stays responsive while the
strongest bots search (Anludim's Master takes up to ~0.5 s, the budget is 2 s).

The session's state is never touched by the worker: the view and the legal actions are taken on
the main thread (`Session.bot_inputs`), the thread only runs `bot.choose(view, legal)`. Its
`key` records the situation it was asked about (seat, number of actions applied): a result that
no longer matches (an undo, a reload) is dropped. One decision runs at a time per table; a bot
object is used by one thread at a time.
"""

from __future__ import annotations

import threading
from typing import Any


class BotThought:
    """One bot decision running in a daemon thread (or at once, when `background` is False)."""

    def __init__(self, session: Any, seat: int, background: bool = True) -> None:
        self.key = thought_key(session, seat)
        self.seat = seat
        bot, view, legal = session.bot_inputs(seat)
        self._action: Any = None
        self._error: BaseException | None = None
        self._done = threading.Event()
        if background:
            self._thread: threading.Thread | None = threading.Thread(
                target=self._run, args=(bot, view, legal), name=f"bot-{seat}", daemon=True)
            self._thread.start()
        else:
            self._thread = None
            self._run(bot, view, legal)

    def _run(self, bot: Any, view: Any, legal: list[Any]) -> None:
        try:
            self._action = bot.choose(view, legal)
        except BaseException as err:  # handed to the main thread, which reports it like any bot failure
            self._error = err
        finally:
            self._done.set()

    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    def result(self) -> Any:
        """The chosen action; re-raises what the bot raised."""
        self._done.wait()
        if self._error is not None:
            raise self._error
        return self._action


def thought_key(session: Any, seat: int) -> tuple[int, int, int]:
    """What a decision was asked about: the seat, the number of actions applied, the state."""
    return seat, len(session.actions), id(session.state)
