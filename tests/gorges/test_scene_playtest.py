"""What a new-user playtest found at the table, with real pygame events (SDL dummy driver)."""

from __future__ import annotations

import pytest

from rules.gorges import actions as A
from tests.gorges.test_scene import _movement, click_zone, play_until, start
from tests.ui_helpers import make_app, settle


@pytest.fixture
def app():
    app = make_app("fr")
    app.settings.animation_speed = 50.0
    return app


def test_event_56_shows_its_own_text_not_event_14s(app):
    """Events 14 and 56 are both "Assassin !": the prompt's text is found by the event's roll."""
    from rules.gorges.resolve import apply_effects
    from scenes.gorges.panels import context_lines
    from tests.gorges.helpers import scenario
    table = start(app)
    play_until(table, _movement)
    st = table.session.state
    seat = st.order[0]
    scenario(st, apply_effects(st, seat, st.content.events[56], {"army": None, "opponent": None, "enemy": None}))
    table.advance()
    settle(app)
    prompt = table.view["prompt"]
    assert prompt["kind"] == "hero" and prompt["seat"] == seat
    assert all(table.view["armies"][aid]["seat"] != seat for aid in prompt["options"])  # enemy heroes
    lines = context_lines(table, prompt)
    assert any("Choisissez un héros légendaire ennemi" in line for line in lines), lines
    assert not any("pour l'un de vos héros" in line for line in lines), lines
    n = len(table.log)
    click_zone(app, table, "act", A.Choose(prompt["options"][0]))
    assert any(e["key"] == "gorges.log.table" for e in table.log[n:])  # the wound is rolled


def test_event_14_still_shows_its_own_text(app):
    from rules.gorges.resolve import apply_effects
    from scenes.gorges.panels import context_lines
    from tests.gorges.helpers import scenario
    table = start(app)
    play_until(table, _movement)
    st = table.session.state
    seat = st.order[0]
    scenario(st, apply_effects(st, seat, st.content.events[14], {"army": None, "opponent": None, "enemy": None}))
    table.advance()
    settle(app)
    prompt = table.view["prompt"]
    assert prompt["kind"] == "hero"
    assert any("pour l'un de vos héros" in line for line in context_lines(table, prompt))
