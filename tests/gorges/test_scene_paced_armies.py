"""Paced table rolls (shown one by one until "Continue") and the armies on the map: each token
stands where the rolls shown so far left it — an army withdrawn by an event, pushed back after a
save or a fight, destroyed, or the reinforcements of event 66 move only once their roll is shown.
Before, the map drew every army where it ended up after all the waiting rolls."""

from __future__ import annotations

import random

import pytest

from tests.gorges.test_scene import point
from tests.gorges.test_scene_playtest import _table
from tests.ui_helpers import click, settle


def _places(view) -> dict[str, str]:
    """Army id -> territory, from a view's territories."""
    return {aid: tid for tid, t in view["territories"].items() for aid in t["armies"]}


def _drawn(table) -> dict[str, str]:
    """Army id -> the hex its token is drawn on (the army zones over the island)."""
    table.ensure_layer()
    isl = table.island
    return {h.data: isl.at(h.rect.center) for h in table.hits
            if h.kind == "army" and table.lay.map.collidepoint(h.rect.center)}


def _play(table, stop, seed: int = 1, limit: int = 4000) -> dict[int, dict[str, str]]:
    """Random legal actions for everyone until `stop(state)`, the table taking the log in one go at
    the end; returns the armies' places after each action, by the log's length then."""
    session = table.session
    rng = random.Random(seed)
    bots = [session.engine.bot("random", seed * 7 + s) for s in range(len(session.seats))]
    truth: dict[int, dict[str, str]] = {}
    for _ in range(limit):
        state = session.state
        if stop(state):
            table.advance()
            return truth
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = rng.choice(legal) if state.phase == "setup" else bots[seat].choose(state.view(seat), legal)
        session.apply(seat, action)
        if state.phase != "setup":
            truth[len(session.log)] = _places(session.state.view(None))
    raise AssertionError("never reached")


def _turn(n: int):
    return lambda state: state.turn >= n and state.phase == "movement"


@pytest.mark.parametrize("seed, seats, turn", [(4, 3, 2), (3, 3, 3), (2, 4, 3)])
def test_the_armies_stand_where_the_rolls_shown_left_them(seed, seats, turn):
    """Through every roll waiting for "Continue", at each point where an action had ended, the
    tokens are drawn where the campaign had them then (not where the last roll put them)."""
    app, table = _table("fr", (1024, 700), seats=seats, seed=seed, auto_roll=False)
    truth = _play(table, _turn(turn))
    settle(app)
    assert table.steps
    final = _places(table.view)
    live = set(table.view["armies"])
    compared = differed = 0
    while True:
        cut = len(table.shown_log())
        if cut in truth:
            then = {a: t for a, t in truth[cut].items() if a in live}
            assert _drawn(table) == then, cut
            compared += 1
            differed += then != final
        if not table.steps and not table.aftermath:
            break
        button = table.find("step_next") or table.find("after_page", 1) or table.find("aftermath_close")
        click(app, point(table, button))
    assert _drawn(table) == final
    assert compared >= 2 and differed >= 1, (compared, differed)  # some army did move in the waiting rolls
