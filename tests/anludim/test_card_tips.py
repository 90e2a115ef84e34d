"""Playtest pt-anludim: every card of the hand said "Click: choose it for a combination" — while
the seats chose the cards they keep between rounds (a click keeps it there, and a card cannot be
flipped), after the turn's main action and on the "Pass to" hand-off (a click does nothing). The
tip now says what a click does at that moment."""

from __future__ import annotations

import pygame

from rules.anludim import actions as A
from tests.anludim.test_scene import click_zone, reach_table, start
from tests.ui_helpers import key, make_app, settle


def card_tips(table) -> list[str]:
    return [table.find("card", c["id"]).tip for c in table.hand()]


def test_a_card_says_it_is_kept_when_seats_choose_what_they_keep() -> None:
    app = make_app("en")
    app.settings.animation_speed = 50.0
    table = start(app, kinds=("human", "human", "greedy"), seed=5)
    session = table.session
    bots = {s: session.engine.bot("greedy", 40 + s) for s in range(3)}
    state = session.state
    while state.phase != "round_over":  # the round played fast, straight through the session
        seat = state.to_act()[0]
        session.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    for _ in range(20):
        if table.my_turn() and table.view.get("phase") == "round_over":
            break
        table.refresh()
        reach_table(app, table)
        if not table.my_turn():
            seat = state.to_act()[0]
            session.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    assert table.view.get("phase") == "round_over" and table.my_turn() and table.hand()
    choose = app.tr("anludim.ui.tip.card", card="", half="").split(".")[1].strip()  # "Click: choose it…"
    for tip in card_tips(table):
        assert "keep it for the next round" in tip and choose not in tip, tip
    click_zone(app, table, "card", table.hand()[0]["id"])  # and a click does keep it
    assert table.sel.keep == [table.hand()[0]["id"]]


def test_a_card_invites_no_click_once_the_turn_is_played_nor_on_the_hand_off() -> None:
    app = make_app("fr", (1024, 700))
    app.settings.animation_speed = 50.0
    table = start(app, kinds=("human", "human", "human"), seed=5)
    choose = "Clic : choisir pour une combinaison"
    assert all(choose in tip for tip in card_tips(table))  # her turn: a click chooses
    click_zone(app, table, "button", ("draw",))  # the draw ends her turn: "Pass to Bo"
    assert table.handoff == 1 and table.session.actions[-1] == (0, A.Draw())
    app.render()
    tips = card_tips(table)
    assert tips and not any(choose in tip for tip in tips), tips
    assert not any("retourner" in tip for tip in tips), tips  # the hand-off holds clicks and keys back
    key(app, pygame.K_RETURN)
    settle(app)

