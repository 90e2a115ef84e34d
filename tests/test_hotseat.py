"""Hot-seat logic: when the curtain falls, PINs, "since your last turn", and views that keep secrets."""

import json
import random

import pytest

from game.hotseat import (
    Unveil,
    check_pin,
    curtain_view,
    hash_pin,
    needs_pin,
    next_human,
    next_unveil,
    since_last_turn,
    summary_for,
)
from game.session import SeatInfo, Session
from tests.toygame import ENGINE, ToyEngine

HUMANS = [SeatInfo("Ana", 0), SeatInfo("Bo", 1), SeatInfo("Cy", 2)]


class OpenToy(ToyEngine):
    hidden_information = False


def step(session, seed=0):
    seat = session.state.to_act()[0]
    session.apply(seat, random.Random(seed).choice(session.state.legal_actions(seat)))


# -- the curtain -------------------------------------------------------------------------------

def test_first_human_gets_a_curtain_then_each_change_of_seat_does():
    session = Session(ENGINE, None, "d", HUMANS, 1)
    assert next_unveil(session, None) == Unveil(0, True)
    session.note_reveal(0)
    assert next_unveil(session, 0) == Unveil(0, False)
    step(session)
    assert next_unveil(session, 0) == Unveil(1, True)


def test_no_curtain_without_hidden_information():
    session = Session(OpenToy(), None, "d", HUMANS, 1)
    assert next_unveil(session, None) == Unveil(0, False)
    step(session)
    assert next_unveil(session, 0) == Unveil(1, False)


def test_no_curtain_with_a_single_human():
    session = Session(ENGINE, None, "d", [SeatInfo("Ana", 0), SeatInfo("Robot", 1, "random")], 1)
    assert next_unveil(session, None) == Unveil(0, False)
    step(session)
    assert next_unveil(session, 0) == Unveil(None, False)  # the bot acts, Ana stays unveiled


def test_bots_are_skipped_when_choosing_the_next_human():
    seats = [SeatInfo("Robot", 0, "random"), SeatInfo("Ana", 1), SeatInfo("Bo", 2)]
    session = Session(ENGINE, None, "d", seats, 1)
    session.state.to_act = lambda: [0, 2, 1]
    assert next_human(session, None) == 2
    assert next_unveil(session, 1) == Unveil(1, False)  # simultaneous phase: Ana still has to act
    session.state.to_act = lambda: [0]
    assert next_unveil(session, 1) == Unveil(None, False)


def test_game_over_needs_no_curtain():
    session = Session(ENGINE, None, "d", HUMANS, 1)
    while not session.state.is_over():
        step(session, len(session.actions))
    assert next_unveil(session, 1) == Unveil(None, False)


def test_a_whole_game_never_shows_one_seat_to_another():
    """Drive a game as the UI would: a seat only acts while unveiled, and only after its curtain."""
    seats = [SeatInfo("Ana", 0), SeatInfo("Robot", 1, "random"), SeatInfo("Bo", 2), SeatInfo("Cy", 3)]
    session = Session(ENGINE, None, "d", seats, 9)
    unveiled, curtains = None, 0
    while not session.state.is_over():
        decision = next_unveil(session, unveiled)
        if decision.seat is None:
            seat = session.bot_to_act()
            session.apply(seat, session.bot_action(seat))
            continue
        if decision.curtain:
            curtains += 1
            session.note_reveal(decision.seat)
        else:
            assert decision.seat == unveiled
        unveiled = decision.seat
        step(session, len(session.actions))
    assert curtains > 3
    humans_in_order = [seat for seat, _ in session.actions if seat != 1]
    changes = sum(1 for a, b in zip(humans_in_order, humans_in_order[1:]) if a != b)
    assert curtains == changes + 1


# -- PINs ---------------------------------------------------------------------------------------

def test_pin_hash_is_salted_and_checked():
    stored = hash_pin("1234")
    scheme, salt, digest = stored.split("$")
    assert scheme == "sha256" and "1234" not in stored and len(digest) == 64
    assert hash_pin("1234") != stored  # a fresh salt each time
    assert hash_pin("1234", salt) == stored
    assert check_pin("1234", stored)
    assert not check_pin("1235", stored) and not check_pin("", stored)


@pytest.mark.parametrize("stored", ["", "1234", "md5$aa$bb", "sha256$only-two"])
def test_malformed_pin_hash_never_matches(stored):
    assert not check_pin("1234", stored)


def test_seat_without_pin():
    assert check_pin("anything", None)
    assert not needs_pin(SeatInfo("Ana", 0))
    assert needs_pin(SeatInfo("Ana", 0, pin_hash=hash_pin("0000")))


def test_pin_is_never_saved_in_clear():
    seats = [SeatInfo("Ana", 0, pin_hash=hash_pin("4321")), SeatInfo("Bo", 1)]
    text = json.dumps(Session(ENGINE, None, "d", seats, 1).to_save())
    assert "4321" not in text


# -- since your last turn ---------------------------------------------------------------------------

def test_since_last_turn_shows_what_others_did():
    session = Session(ENGINE, None, "d", HUMANS, 2)
    assert summary_for(session, 0) == session.state.log  # never seen anything: everything
    session.note_reveal(0)
    assert summary_for(session, 0) == []
    step(session)  # Ana
    step(session)  # Bo
    step(session)  # Cy
    log = session.state.log
    assert summary_for(session, 0) == log[-2:]
    assert [e["params"]["seat"] for e in summary_for(session, 0)] == [{"seat": 1}, {"seat": 2}]
    assert summary_for(session, 1) == log[-1:]
    assert summary_for(session, 2) == []
    reloaded = Session.from_save(session.to_save(), ENGINE, None, "d")
    assert [summary_for(reloaded, s) for s in range(3)] == [summary_for(session, s) for s in range(3)]


def test_since_last_turn_pure_function():
    log = [{"key": str(i), "params": {}} for i in range(5)]
    assert since_last_turn(log, {0: 3}, 0) == log[3:]
    assert since_last_turn(log, {0: 3}, 1) == log
    assert since_last_turn(log, {2: 5}, 2) == []


# -- secrets stay secret ------------------------------------------------------------------------------

def test_a_seats_view_ignores_another_seats_hidden_data():
    session = Session(ENGINE, None, "d", HUMANS, 3)
    step(session)
    before = {s: session.view(s) for s in (None, 0, 2)}
    before_bo = session.view(1)
    hand = session.state.hands[1]
    session.state.hands[1] = [(card % 10) + 1 for card in hand]  # Bo's secret changes, same size
    assert {s: session.view(s) for s in (None, 0, 2)} == before
    assert session.view(1) != before_bo


def test_the_curtain_shows_only_public_information():
    session = Session(ENGINE, None, "d", HUMANS, 3)
    view = curtain_view(session)
    assert view == session.view(None) and view["hand"] is None


def test_nobody_acted_before_the_first_turn():
    """Playtest hs-b-4: "Since your last turn" popped up on the very first turn with only the set-up."""
    from game.hotseat import others_acted_since

    session = Session(ENGINE, None, "d", HUMANS, 2)
    assert not others_acted_since(session, 0)
    session.note_reveal(0)
    step(session)  # Ana
    assert others_acted_since(session, 1) and not others_acted_since(session, 0)
    step(session)  # Bo
    assert others_acted_since(session, 0) and not others_acted_since(session, 1)
    session.note_reveal(0)
    assert not others_acted_since(session, 0)


def test_since_last_turn_leaves_out_a_seats_own_doings_of_the_keys_given():
    """An engine's `own_entry_keys` name the entries that only tell the seat they name what it did
    itself: left out of that seat's box, kept in the others'."""
    log = [{"key": "g.leader", "params": {"seat": {"seat": s}}} for s in range(3)]
    log.append({"key": "g.income", "params": {"seat": {"seat": 0}}})
    assert since_last_turn(log, {}, 0, {"g.leader"}) == log[1:]
    assert since_last_turn(log, {}, 1, {"g.leader"}) == [log[0], log[2], log[3]]
    assert since_last_turn(log, {}, 0) == log  # no keys given: every entry
