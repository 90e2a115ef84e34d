"""Real games for the safety tests: a session of each game played by its random bot."""

from __future__ import annotations

from typing import Any

import rules
from game import content as loader
from game.session import SeatInfo, Session

GAMES = tuple(rules.IMPLEMENTED)


def play(game: str, actions: int, seed: int = 3, seats: int = 3, **kwargs: Any) -> Session:
    """A session of `game` after `actions` random-bot actions (fewer if the game ends first)."""
    engine = rules.engine(game)
    content = loader.load(game)
    seats = max(engine.seats.start, min(seats, engine.seats.stop - 1))
    infos = [SeatInfo(f"P{i}", i) for i in range(seats)]
    session = Session(engine, content, loader.digest(game), infos, seed, **kwargs)
    bot = engine.bot("random", seed)
    for _ in range(actions):
        if session.is_over():
            break
        seat = session.to_act()[0]
        session.apply(seat, bot.choose(session.view(seat), session.legal_actions(seat)))
    return session
