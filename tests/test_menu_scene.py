"""The main menu with real pygame events: open a game, refuse unavailable ones, switch language."""

from __future__ import annotations

import pygame
import pytest

from game import catalog
from tests.ui_helpers import button_text, click_button, make_app, settle


@pytest.fixture
def app():
    return make_app("fr")


def test_menu_lists_the_five_games_in_order_with_titles(app) -> None:
    menu = app.stack.top
    assert [g.id for g in catalog.GAMES] == ["amadrim", "anludim", "guildes", "ambre", "gorges"]
    for info in catalog.GAMES:
        assert button_text(menu, f"game_{info.id}") == app.tr(info.title_key)
        assert not app.tr(info.pitch_key).startswith("game.")


def test_unavailable_game_refuses_with_a_message(app, monkeypatch) -> None:
    monkeypatch.setattr(catalog, "available", lambda gid: False)
    click_button(app, "game_guildes")
    assert app.stack.top.__class__.__name__ == "MainMenu"
    assert app.toasts.texts() == [app.tr("menu.unavailable", game="Guildes")]


def test_clicking_an_available_game_opens_the_new_game_screen(app, monkeypatch) -> None:
    monkeypatch.setattr(catalog, "available", lambda gid: gid == "anludim")
    click_button(app, "game_anludim")
    scene = app.stack.top
    assert scene.__class__.__name__ == "NewGameScene"
    assert scene.game_id == "anludim"
    assert scene.count == 2 and list(scene.seat_range) == [2, 3, 4, 5]
    click_button(app, "count_4")
    assert app.stack.top.count == 4
    assert "kind_3" in app.stack.top.buttons


def test_language_switch_changes_the_texts_at_once(app) -> None:
    menu = app.stack.top
    assert button_text(menu, "quit") == "Quitter"
    click_button(app, "lang_en")
    assert app.strings.lang == "en" and app.settings.language == "en"
    assert button_text(app.stack.top, "quit") == "Quit"
    assert button_text(app.stack.top, "game_ambre") == "Amber"
    click_button(app, "lang_fr")
    assert button_text(app.stack.top, "quit") == "Quitter"


def test_continue_is_disabled_without_saves(app) -> None:
    assert not app.stack.top.buttons["continue"].is_enabled


def test_settings_language_switch_applies_to_scenes_below(app) -> None:
    click_button(app, "settings")
    settings = app.stack.top
    assert settings.__class__.__name__ == "SettingsScene"
    english = next(name for name, (key, value) in settings.values.items() if value == "en")
    click_button(app, english)
    assert app.strings.lang == "en"
    click_button(app, "back")
    assert button_text(app.stack.top, "settings") == "Settings"


def test_quit_stops_the_loop(app) -> None:
    app.running = True
    click_button(app, "quit")
    assert app.running is False


def test_rules_screen_shows_each_game(app) -> None:
    click_button(app, "rules")
    scene = app.stack.top
    assert scene.__class__.__name__ == "RulesScene"
    click_button(app, "tab_ambre")
    assert app.stack.top.shown == "ambre"
    assert "Obéron" in app.stack.top.box.html_text
    settle(app)


def test_menu_buttons_are_drawn_by_hand_and_light_up_under_the_mouse(app) -> None:
    menu = app.stack.top
    assert menu.ui is None  # no pygame-gui manager to build before the first frame
    quit_button = menu.buttons["quit"]
    before = app.screen.get_at(quit_button.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": quit_button.rect.center,
                                                              "rel": (0, 0), "buttons": (0, 0, 0)}))
    settle(app)
    assert quit_button.hovered and app.screen.get_at(quit_button.rect.center) != before
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": (5, 5), "rel": (0, 0), "buttons": (0, 0, 0)}))
    settle(app)
    assert not quit_button.hovered and app.screen.get_at(quit_button.rect.center) == before


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800)])
def test_a_game_without_secrets_asks_no_code(size) -> None:
    """New-user playtest: Gorges' new-game screen offered a "Code (4 chiffres)" per seat although
    the campaign has no secret and never shows a curtain to ask it; a game with secrets keeps it."""
    app = make_app("fr", size)
    for gid, coded in (("gorges", False), ("amadrim", True)):
        click_button(app, f"game_{gid}")
        scene = app.stack.top
        assert scene.__class__.__name__ == "NewGameScene" and scene.game_id == gid
        pins = [k for k in scene.entries if k[0] == "pin"]
        assert bool(pins) == coded, (gid, pins)
        if not coded:  # the seat's kind takes the room up to the row's end
            name = scene.entries[("name", 0)].get_relative_rect()
            kind = scene.buttons["kind_0"].get_relative_rect()
            assert kind.left > name.right and kind.width > name.width
        click_button(app, "back")
        assert app.stack.top.__class__.__name__ == "MainMenu"
