"""Bots people understand and names that follow the players: bot kinds with names and a one-line
description, a bot mark and default names in the current language, names remembered for the
next new game, and no sand-timer message for a bot."""

from __future__ import annotations

import pygame

from game import catalog
from game.session import SeatInfo
from tests.test_app_shell import anludim_playable, top_name  # noqa: F401 (fixture)
from tests.ui_helpers import click, click_button, key, make_app, settle


def test_a_bot_kind_has_a_name_and_a_description_in_both_languages() -> None:
    app = make_app("fr")
    for kind in ("random", "greedy"):
        for lang in ("fr", "en"):
            name = app.strings.tr_in(lang, f"bot.{kind}")
            about = app.strings.tr_in(lang, f"bot.{kind}.about")
            assert name[0].isupper() and name != kind and len(about) > 30 and about.startswith(name)


def test_default_names_follow_the_language_and_bots_carry_the_mark() -> None:
    app = make_app("fr")
    seats = [SeatInfo("Joueur 1", 0), SeatInfo("Zoé", 1), SeatInfo("Joueur 3", 2, "greedy")]
    assert [catalog.seat_label(app.strings, s, i) for i, s in enumerate(seats)] == \
        ["Joueur 1", "Zoé", f"{catalog.BOT_MARK} Robot 3"]
    app.set_language("en")
    assert [catalog.seat_label(app.strings, s, i) for i, s in enumerate(seats)] == \
        ["Player 1", "Zoé", f"{catalog.BOT_MARK} Bot 3"]


def test_the_bot_mark_is_drawn_not_an_empty_box() -> None:
    from scenes import ui

    pygame.font.init()
    marked = ui.render_line(f"{catalog.BOT_MARK} Bot", 20, (255, 255, 255))
    tofu = ui.font(20).render("\ue000 Bot", True, (255, 255, 255))
    assert pygame.image.tobytes(marked, "RGBA") != pygame.image.tobytes(tofu, "RGBA")
    assert catalog.BOT_MARK in ui.GLYPH_SHAPES


def test_making_a_seat_a_bot_names_it_in_the_players_language(anludim_playable) -> None:  # noqa: F811
    app = make_app("en")
    click_button(app, "game_anludim")
    click_button(app, "kind_1")
    scene = app.stack.top
    assert scene.seats[1]["name"] == "Bot 2"
    assert scene.buttons["kind_1"].text == "Bot: Novice"
    click_button(app, "start")
    table = app.stack.scenes[-1]
    assert table.names == ["Player 1", f"{catalog.BOT_MARK} Bot 2"]
    app.set_language("fr")
    assert table.names == ["Joueur 1", f"{catalog.BOT_MARK} Robot 2"]


def test_typed_names_are_remembered_for_the_next_new_game(anludim_playable) -> None:  # noqa: F811
    app = make_app("en")
    click_button(app, "game_anludim")
    scene = app.stack.top
    click(app, scene.entries[("name", 0)].rect.center)
    for _ in range(len("Player 1")):
        key(app, pygame.K_BACKSPACE, steps=1)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, {"text": "Inès"}))
    settle(app)
    click_button(app, "start")
    assert app.settings.player_names == ["Inès"]
    key(app, pygame.K_ESCAPE)
    click_button(app, "quit")
    assert top_name(app) == "MainMenu"
    click_button(app, "game_anludim")
    again = app.stack.top
    assert again.seats[0]["name"] == "Inès" and again.seats[1]["name"] == "Player 2"


def test_the_game_number_is_explained() -> None:
    app = make_app("en")
    assert "same number deals the same cards" in app.tr("newgame.seed_help")
    assert app.tr("newgame.seed") == "Game number"


def test_an_amadrim_random_bot_never_says_its_sand_timer_ran_out() -> None:
    import rules
    from game.content import load

    engine = rules.engine("amadrim")
    content = load("amadrim")
    for seed in range(3):
        state = engine.new_game(content, 2, seed)
        bots = [engine.bot("random", seed * 10 + s) for s in range(2)]
        for _ in range(400):
            if state.is_over():
                break
            seat = state.to_act()[0]
            state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
        assert not any(e["key"] == "amadrim.log.time_up" for e in state.log)
