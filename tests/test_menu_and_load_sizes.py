"""The menu fills big windows, and the load screen counts Anludim in rounds."""

from __future__ import annotations

import pytest

from game.session import SeatInfo, Session
from tests.ui_helpers import click, make_app


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800), (1600, 1000)])
def test_the_menu_uses_the_window(size) -> None:
    app = make_app("fr", size)
    menu = app.stack.top
    rects = [b.rect for b in menu.buttons.values()]
    left = min(r.left for r in rects)
    right = max(r.right for r in rects)
    bottom = max(r.bottom for r in rects)
    assert right - left >= 0.75 * size[0] and bottom >= 0.7 * size[1]
    assert all(r.right <= size[0] - 20 and r.bottom <= size[1] - 20 for r in rects)
    click(app, menu.buttons["game_anludim"].rect.center)
    assert type(app.stack.top).__name__ == "NewGameScene"


def test_an_anludim_save_says_round_and_an_amadrim_one_turn() -> None:
    import rules
    from game.saves import SaveEntry

    app = make_app("en")
    seats = [SeatInfo("Ana", 0), SeatInfo("Bo", 1)]
    words = {}
    for game in ("anludim", "amadrim"):
        session = Session(rules.engine(game), app.content(game), "d", seats, 3)
        entry = SaveEntry.from_save("x", session.to_save())
        words[game] = (entry.counted, entry.turn)
    assert words["anludim"] == ("round", 1)
    assert words["amadrim"][0] == "turn"
    assert app.tr("load.round", turn=1) == "Round 1"


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800)])
@pytest.mark.parametrize("designer", [False, True])
def test_the_load_screen_buttons_never_overlap(size, designer) -> None:
    """Designer mode adds "Replay on…" to the row: it once covered "Versions…" but a sliver."""
    import pygame

    from scenes.load import LoadScene

    app = make_app("fr", size)
    app.settings.designer_mode = designer
    scene = LoadScene(app)
    app.stack.push(scene)
    app.render()
    rects = {name: b.rect for name, b in scene.buttons.items()}
    assert ("replay" in rects) == designer and {"back", "history", "delete", "load"} <= set(rects)
    names = sorted(rects)
    for i, a in enumerate(names):
        assert rects[a].right <= size[0] - 20
        for b in names[i + 1:]:
            assert not pygame.Rect(rects[a]).colliderect(rects[b]), (a, b)
