"""Undo cannot peek (issue 12): after an action whose result was hidden before it was applied (a
draw, a shuffle, a roll, a reveal) undo is refused with a short reason, in every game."""

from __future__ import annotations

import pytest

from game.i18n import Strings
from game.saves import SaveError
from game.session import Session
from rules.anludim import actions as A
from tests.safety.helpers import GAMES, play


def _walk(game: str, seed: int, steps: int):
    """Random play by people (every seat human): after each action, (session, hidden kind or None)."""
    session = play(game, 0, seed=seed)
    bot = session.engine.bot("random", seed)
    for _ in range(steps):
        if session.is_over():
            return
        seat = session.to_act()[0]
        session.apply(seat, bot.choose(session.view(seat), session.legal_actions(seat)))
        yield session, session.hidden.get(len(session.actions) - 1)


@pytest.mark.parametrize("game, kind", [("amadrim", "reveal"), ("anludim", "draw"), ("gorges", "chance"),
                                        ("guildes", "draw"), ("ambre", "reveal")])
def test_undo_is_refused_after_a_hidden_result_and_allowed_otherwise(game, kind):
    refused = allowed = 0
    for seed in (1, 2):
        for session, hidden in _walk(game, seed, 150):
            refusal = session.undo_refusal()
            if hidden is not None:
                assert refusal is not None and refusal.key == "session.undo.hidden", (game, hidden)
                assert refusal.params["what"]["key"] == f"session.hidden.{hidden}"
                refused += hidden == kind
            elif refusal is None:
                before = list(session.actions)
                session.undo()
                assert session.actions == before[:-1]
                session.apply(*before[-1])  # and play it again
                allowed += 1
    assert refused > 0 and allowed > 0, (refused, allowed)


def test_anludim_draw_face_down_then_undo_cannot_peek():
    session = play("anludim", 0, seed=4, seats=2)
    seat = session.to_act()[0]
    draw = next(a for a in session.legal_actions(seat) if isinstance(a, A.Draw))
    hand_before = list(session.view(seat)["hand"])
    session.apply(seat, draw)
    refusal = session.undo_refusal()
    assert refusal is not None and refusal.key == "session.undo.hidden"
    with pytest.raises(SaveError):
        session.undo()
    assert len(session.actions) == 1 and len(session.view(seat)["hand"]) == len(hand_before) + draw_count(session)
    for lang, word in (("fr", "pioche"), ("en", "draw")):
        text = Strings(lang).render(refusal.to_json())
        assert word in text and "{" not in text


def draw_count(session) -> int:
    return session.content.rules.draw if hasattr(session.content, "rules") else session.content.draw


@pytest.mark.parametrize("game", GAMES)
def test_hidden_marks_survive_a_reload(game):
    for session, hidden in _walk(game, 1, 300):  # noqa: B007 (used after the loop)
        if hidden is not None:
            break
    else:
        pytest.fail("no hidden result in 300 actions")
    again = Session.from_save(session.to_save(), session.engine, session.content, session.content_digest)
    assert again.hidden == session.hidden and again.undo_refusal().key == "session.undo.hidden"
