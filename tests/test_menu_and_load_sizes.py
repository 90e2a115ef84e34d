"""The menu fills big windows, and the load screen counts Anludim in rounds."""

from __future__ import annotations

import random

import pytest

from game.session import SeatInfo, Session
from tests.ui_helpers import click, make_app, texts_drawn


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


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_save_still_in_its_set_up_shows_no_turn_0(lang, tmp_path, monkeypatch) -> None:
    """Turn (round) 0 is a game's set-up, before its first turn: the load screen and its versions
    show that game's actions only, never "Tour 0" / "Manche 0"; a turn that began is shown."""
    import rules
    from game.saves import SaveStore
    from scenes.load import GenerationsOverlay, LoadScene

    app = make_app(lang)
    app.save_store = SaveStore(tmp_path)
    seats = [SeatInfo("Ana", 0), SeatInfo("Bo", 1), SeatInfo("Cy", 2)]
    for game in ("amadrim", "guildes", "anludim"):  # turn 0, round 0, round 1 after one action
        session = Session(rules.engine(game), app.content(game), "d", seats, 3, store=app.save_store,
                          save_name=game)
        seat = session.to_act()[0]
        session.apply(seat, session.legal_actions(seat)[0])
    drawn = texts_drawn(monkeypatch)
    load = LoadScene(app)
    app.stack.push(load)
    app.render()
    app.stack.push(GenerationsOverlay(app, load, "amadrim"))
    app.render()
    one = app.tr("load.actions", n=1)
    zeros = {app.tr(word, turn=0) for word in ("load.turn", "load.round")}
    assert one in drawn and app.tr("load.generation.current") in drawn, drawn  # the rows, amadrim's versions
    assert app.tr("anludim.ui.round", round=1) + " · " + one in drawn  # Anludim's round 1
    assert not [t for t in drawn if any(z in t for z in zeros)], drawn


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_round_is_named_as_its_game_names_it(lang, tmp_path, monkeypatch) -> None:
    """Guildes counts rounds its table calls "Tour 2" in French; Anludim's are "Manche 2": the
    load screen's rows and versions say what the table says (the shared "Manche" read wrong for
    Guildes)."""
    import rules
    from game.saves import SaveStore
    from scenes.load import GenerationsOverlay, LoadScene

    app = make_app(lang)
    app.save_store = SaveStore(tmp_path)
    seats = [SeatInfo("Ana", 0), SeatInfo("Bo", 1), SeatInfo("Cy", 2)]
    rounds = {}
    rng = random.Random(5)
    for game in ("guildes", "anludim"):
        session = Session(rules.engine(game), app.content(game), "d", seats, 3)
        for _ in range(5000):  # random actions until round 2
            if session.to_save()["summary"].get("round", 0) >= 2:
                break
            seat = session.to_act()[0]
            session.apply(seat, rng.choice(session.legal_actions(seat)))
        summary = session.to_save()["summary"]
        rounds[game] = (summary["round"], summary["actions"])
        assert rounds[game][0] >= 2
        app.save_store.write(session.to_save(), game)
    drawn = texts_drawn(monkeypatch)
    load = LoadScene(app)
    app.stack.push(load)
    app.render()
    rows = {game: app.tr(f"{game}.ui.round", round=r) + " · " + app.tr("load.actions", n=n)
            for game, (r, n) in rounds.items()}
    assert rows["guildes"] in drawn and rows["anludim"] in drawn, drawn
    if lang == "fr":
        assert rows["guildes"].startswith("Tour 2 ·") and rows["anludim"].startswith("Manche 2 ·")
    drawn.clear()
    app.stack.push(GenerationsOverlay(app, load, "guildes"))
    app.render()  # the load screen's rows again, then the versions' rows
    assert drawn.count(rows["guildes"]) == 2, drawn


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


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_bots_descriptions_fit_at_every_seat_count(lang) -> None:
    """With the most seats the seat rows leave little room under them: the bots' descriptions go
    under the options instead (at 5 seats the last ones were cut off)."""
    from game import catalog
    from tests.ui_helpers import click_button

    app = make_app(lang, (1024, 700))
    menu = app.stack.top
    for game_id in catalog.implemented():
        click(app, menu.buttons[f"game_{game_id}"].rect.center)
        scene = app.stack.top
        for count in scene.seat_range:
            click_button(app, f"count_{count}")
            box = scene.bots_box
            assert scene.count == count and (box is None or scene._bots_height(box.width) <= box.height), (game_id, count)
        click_button(app, "back")
        assert app.stack.top is menu


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800)])
def test_many_saves_scroll_with_the_keys_and_the_scrollbar_and_enter_loads(size, tmp_path) -> None:
    """With more saves than rows fit, Up/Down (Page Up/Down, Home/End) move the selection and the
    list follows it (the selected row was left below the fold); a scrollbar shows where the list
    stands and scrolls it (drag, a click on its track); Enter loads the selected save."""
    import pygame

    import rules
    from game.saves import SaveStore
    from scenes.load import ROW_H, LoadScene
    from tests.ui_helpers import key, settle

    app = make_app("fr", size)
    app.save_store = SaveStore(tmp_path)
    seats = [SeatInfo("Ana", 0), SeatInfo("Bo", 1)]
    for i in range(12):
        session = Session(rules.engine("anludim"), app.content("anludim"), "d", seats, i)
        app.save_store.write(session.to_save(), f"partie-{i:02}")
    load = LoadScene(app)
    app.stack.push(load)
    settle(app)
    rows = load.rows_rect()
    assert load.scrollable() and rows.right <= load.bar_rect().left  # the bar beside the rows, not on them

    def shown(index: int) -> bool:
        top = rows.top + 8 + index * ROW_H - load.scroll
        return rows.top <= top and top + ROW_H - 8 <= rows.bottom

    for _ in range(12):  # the first selects the first save
        key(app, pygame.K_DOWN)
        assert shown(load.selected), (load.selected, load.scroll)
    assert load.selected == 11 and load.scroll == load.max_scroll() > 0
    key(app, pygame.K_HOME)
    assert load.selected == 0 and load.scroll == 0
    key(app, pygame.K_END)
    assert load.selected == 11 and shown(11)
    key(app, pygame.K_PAGEUP)
    assert load.selected < 11 and shown(load.selected)
    # the scrollbar: a click on the track above the thumb scrolls up a page, a drag to the bottom
    bar = load.bar_rect()
    before = load.scroll
    click(app, (bar.centerx, bar.top + 2))
    assert load.scroll < before
    thumb = load.bar.thumb(bar, load.scroll, load.max_scroll(), rows.height, load.content_height())
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": thumb.center, "button": 1}))
    below = (thumb.centerx, bar.bottom + 60)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": below, "rel": (0, 60), "buttons": (1, 0, 0)}))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, {"pos": below, "button": 1}))
    settle(app)
    assert load.scroll == load.max_scroll() and load.bar.grab is None
    key(app, pygame.K_END)
    chosen = load.current().name
    key(app, pygame.K_RETURN)
    top = app.stack.top  # the game opens on the curtain before its table
    assert type(top).__name__ == "CurtainScene" and top.table.session.save_name == chosen
