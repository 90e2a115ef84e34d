"""The tables' log panels scroll back with the mouse wheel (a playtest found no way to read what
happened before the last few lines): Guildes and Ambre through the shared panel, Anludim and
Amadrim through their own; a new action brings the newest lines back."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_helpers import make_app, settle, texts_drawn


def _table(app, game: str):
    """A table of `game` with a person to play (curtains lifted), as its scene tests open it."""
    app.settings.animation_speed = 50.0
    if game == "guildes":
        from tests.guildes.test_scene import start
        return start(app)
    if game == "anludim":
        from tests.anludim.test_scene import start
        return start(app)
    from tests.amadrim.test_scene import lift, new_session, open_table
    table = open_table(app, new_session(app))
    if type(app.stack.top).__name__ == "CurtainScene":
        lift(app, table)
    return table


@pytest.mark.parametrize("game", ["guildes", "anludim", "amadrim"])
def test_the_wheel_over_the_log_reads_back_and_a_new_action_comes_back(game, monkeypatch):
    app = make_app("en", (1280, 800))
    table = _table(app, game)
    table.since = []
    lines = [{"key": "notes.export.round", "params": {"round": n}} for n in range(1, 121)]
    table.view = dict(table.view, log=lines)
    table.log_moved()
    if hasattr(table, "_stale"):
        table._stale = True
    app.render()
    assert table.log_rect is not None and table.log_max > 0
    drawn = texts_drawn(monkeypatch)
    if game == "anludim":  # its log rows are drawn with their symbols by `rich`
        from scenes.anludim import compose

        real = compose.rich
        monkeypatch.setattr(compose, "rich", lambda surf, text, *a, **k: drawn.append(text) or real(surf, text, *a, **k))
    table.log_moved()
    app.render()

    def rounds() -> list[int]:
        return [int(t.rsplit(" ", 1)[1]) for t in drawn if t.startswith("round ") and t.rsplit(" ", 1)[1].isdigit()]

    newest = rounds()
    assert 120 in newest and min(newest) > 1
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": table.log_rect.center, "rel": (0, 0),
                                                              "buttons": (0, 0, 0)}))
    settle(app, 1)
    for _ in range(4):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, {"x": 0, "y": 1, "flipped": False}))
    drawn.clear()
    settle(app, 2)
    app.render()
    assert table.log_scroll > 0
    back = rounds()
    assert back and 120 not in back and min(back) < min(newest), (newest, back)
    table.refresh()  # something happened: back to the newest lines
    assert table.log_scroll == 0
