"""F5 never destroys a game (issue 12): a breaking edit, a rules edit and its undoing leave the
original save intact and resumable; "replay on the new content" writes a new save and says where
the game diverged; an edit of texts only shows at once in the running game."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from game import catalog
from game import content as loader
from game.saves import SaveStore
from game.session import SeatInfo, Session
from scenes.table import TableScene
from tests.ui_helpers import click_button, key, make_app

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def table(tmp_path, monkeypatch):
    """A running Anludim game at a (generic) table, its content in a copy the test edits."""
    monkeypatch.setattr(catalog, "available", lambda gid: gid == "anludim")
    monkeypatch.setattr(catalog, "table_class", lambda gid: TableScene)
    folder = tmp_path / "content"
    shutil.copytree(ROOT / "content" / "anludim", folder / "anludim")
    from scenes import saves_bridge

    app = make_app("en")
    app.content_root = str(folder)
    app.save_store = SaveStore(tmp_path / "saves")
    session = saves_bridge.new_session(app, "anludim", [SeatInfo("Ana", 0), SeatInfo("Bo", 1)], 5, {})
    for _ in range(6):
        seat = session.to_act()[0]
        session.apply(seat, session.legal_actions(seat)[0])
    saves_bridge.open_table(app, session)
    scene = next(s for s in app.stack.scenes if isinstance(s, TableScene))
    return app, scene, folder / "anludim" / "rules.yaml"


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _play_one(scene) -> None:
    seat = scene.session.to_act()[0]
    scene.session.apply(seat, scene.session.legal_actions(seat)[0])


def test_breaking_then_rules_then_restoring_edit_leaves_the_save_intact_and_resumable(table):
    app, scene, rules_yaml = table
    session, store, name = scene.session, scene.session.store, scene.session.save_name
    _edit(rules_yaml, "face_up: 3", "face_up: [3")           # a breaking edit
    key(app, pygame.K_F5)
    assert type(app.stack.top).__name__ == "ErrorsOverlay" and scene.session is session
    key(app, pygame.K_ESCAPE)
    _edit(rules_yaml, "face_up: [3", "face_up: 4")            # a rules edit: asked, declined
    key(app, pygame.K_F5)
    assert type(app.stack.top).__name__ == "ConfirmOverlay"
    click_button(app, "no")
    assert scene.session is session
    _play_one(scene)
    assert len(store.read(name)["actions"]) == 7
    _edit(rules_yaml, "face_up: 4", "face_up: 3")            # the edit undone: nothing to do
    key(app, pygame.K_F5)
    assert scene.session is session and type(app.stack.top).__name__ != "ConfirmOverlay"
    save = store.read(name)
    assert len(save["actions"]) == 7 and store.names() == [name]
    digest = loader.digest("anludim", app.content_root)
    again = Session.from_save(save, session.engine, app.content("anludim"), digest)
    assert again.actions == session.actions and app.errors_logged == 0


def test_replay_on_the_new_content_writes_a_new_save_and_says_where_it_diverged(table):
    app, scene, rules_yaml = table
    session, store, name = scene.session, scene.session.store, scene.session.save_name
    original = store.read(name)
    _edit(rules_yaml, "face_up: 3", "face_up: 5")
    key(app, pygame.K_F5)
    click_button(app, "yes")
    assert scene.session is not session and scene.session.save_name != name
    assert store.read(name) == original                       # never overwritten
    assert sorted(store.names()) == sorted([name, scene.session.save_name])
    d = scene.divergence
    # two more cards face up, two fewer in the draw pile: the table itself, not the rules the view shows
    assert d.diverged_at == 0 and d.where == "draw_count" and d.total == 6
    texts = app.toasts.texts()
    assert any(scene.session.save_name in t and "differs from the start" in t for t in texts), texts


def test_a_texts_only_edit_shows_at_once_under_the_same_save(table):
    app, scene, _ = table
    colours = Path(app.content_root) / "anludim" / "colours.yaml"
    text = colours.read_text(encoding="utf-8")
    import re

    english = re.search(r"en: ([A-Z][a-z]+)", text).group(1)
    _edit(colours, f"en: {english}", f"en: {english}ish")
    session, name = scene.session, scene.session.save_name
    key(app, pygame.K_F5)
    assert scene.session is not session and scene.session.save_name == name
    assert scene.session.actions == session.actions
    assert app.tr("replay.texts_live") in app.toasts.texts()
    assert f"{english}ish" in str(scene.session.view(None))


# -- loading a save after the content changed (no table running) -------------------------------

def _saved_game(tmp_path, monkeypatch):
    """An Anludim save of 6 actions made on a copy of the content; returns (folder, store, name)."""
    monkeypatch.setattr(catalog, "available", lambda gid: gid == "anludim")
    monkeypatch.setattr(catalog, "table_class", lambda gid: TableScene)
    folder = tmp_path / "content"
    shutil.copytree(ROOT / "content" / "anludim", folder / "anludim")
    from scenes import saves_bridge

    app = make_app("en", menu=False)
    app.content_root = str(folder)
    store = SaveStore(tmp_path / "saves")
    app.save_store = store
    session = saves_bridge.new_session(app, "anludim", [SeatInfo("Ana", 0), SeatInfo("Bo", 1)], 5, {})
    for _ in range(6):
        seat = session.to_act()[0]
        session.apply(seat, session.legal_actions(seat)[0])
    return folder, store, session.save_name


def _files(store):
    return {p.relative_to(store.folder).as_posix(): p.read_bytes() for p in store.folder.rglob("*") if p.is_file()}


def _load_from_the_menu(folder, store):
    """A fresh app on the edited content: Load, first row, Load."""
    from tests.ui_helpers import click

    app = make_app("en")
    app.content_root = str(folder)
    app.save_store = store
    click_button(app, "load")
    area = app.stack.top.list_rect()
    click(app, (area.centerx, area.top + 30))
    click_button(app, "load")
    return app


def _texts_only_edit(folder):
    colours = folder / "anludim" / "colours.yaml"
    _edit(colours, "en: Blue}", "en: Azure}")
    _edit(colours, "{fr: Rouge,", "{fr: Vermillon,")


def test_loading_after_a_texts_only_edit_resumes_under_the_same_save_with_no_question(tmp_path, monkeypatch):
    folder, store, name = _saved_game(tmp_path, monkeypatch)
    before = _files(store)
    saved = store.read(name)
    _texts_only_edit(folder)
    digest = loader.digest("anludim", str(folder))
    assert digest != saved["content_digest"]
    app = _load_from_the_menu(folder, store)
    assert not any(type(s).__name__ == "ConfirmOverlay" for s in app.stack.scenes)
    table = next(s for s in app.stack.scenes if isinstance(s, TableScene))
    session = table.session
    assert session.save_name == name and len(session.actions) == 6
    assert "Azure" in str(session.view(None)) and session.content_digest == digest
    assert _files(store) == before                               # loading wrote nothing: no new save
    assert app.tr("load.texts_changed") in app.toasts.texts() and app.errors_logged == 0
    seat = session.to_act()[0]
    session.apply(seat, session.legal_actions(seat)[0])
    after = store.read(name)
    assert store.names() == [name] and len(after["actions"]) == 7
    assert after["content_digest"] == digest and after["rules_digest"] == saved["rules_digest"]


@pytest.mark.parametrize("case", ["bots edit", "texts edit, save made before the bots were left out"])
def test_loading_after_a_bot_weights_edit_resumes_under_the_same_save_with_no_question(tmp_path, monkeypatch,
                                                                                      case):
    """bots.yaml is read by bots only (through views), never by a rule: tuning a persona is not a
    rules edit. Saves made before that was so recorded the digest with the bots in it: they still
    resume after a texts-only edit."""
    from game.fingerprint import rules_digests

    folder, store, name = _saved_game(tmp_path, monkeypatch)
    if case == "bots edit":
        _edit(folder / "anludim" / "bots.yaml", "card_cost: 0.6,", "card_cost: 0.4,")
    else:
        today, legacy = rules_digests(loader.load("anludim", str(folder)))
        assert store.read(name)["rules_digest"] == today != legacy
        store.write(dict(store.read(name), rules_digest=legacy), name)
        _texts_only_edit(folder)
    before = _files(store)
    app = _load_from_the_menu(folder, store)
    assert not any(type(s).__name__ == "ConfirmOverlay" for s in app.stack.scenes)
    session = next(s for s in app.stack.scenes if isinstance(s, TableScene)).session
    assert session.save_name == name and len(session.actions) == 6 and _files(store) == before
    if case == "bots edit":
        assert session.view(0)["content"]["bots"]["master"]["card_cost"] == 0.4  # the bots' next decisions
    assert app.tr("load.texts_changed") in app.toasts.texts() and app.errors_logged == 0


def test_a_bot_weights_edit_is_live_on_f5_but_a_rules_edit_is_not(tmp_path):
    from game import replay

    folder = tmp_path / "content"
    shutil.copytree(ROOT / "content" / "anludim", folder / "anludim")
    old = loader.load("anludim", str(folder))
    _edit(folder / "anludim" / "bots.yaml", "card_cost: 0.6,", "card_cost: 0.4,")
    tuned = loader.load("anludim", str(folder))
    _edit(folder / "anludim" / "rules.yaml", "face_up: 3", "face_up: 4")
    assert replay.classify(old, tuned) == "texts"  # replayed at once under the same save
    assert replay.classify(old, loader.load("anludim", str(folder))) == "rules"  # asked


@pytest.mark.parametrize("case", ["rules edit", "texts edit, save without rules digest"])
def test_loading_after_a_rules_edit_asks_and_replays_into_a_new_save(tmp_path, monkeypatch, case):
    folder, store, name = _saved_game(tmp_path, monkeypatch)
    if case == "rules edit":
        _edit(folder / "anludim" / "rules.yaml", "face_up: 3", "face_up: 4")
    else:  # a save from before rules digests: today's content cannot be compared with its own, so ask
        store.write({k: v for k, v in store.read(name).items() if k != "rules_digest"}, name)
        _texts_only_edit(folder)
    before = _files(store)
    app = _load_from_the_menu(folder, store)
    assert type(app.stack.top).__name__ == "ConfirmOverlay" and _files(store) == before
    click_button(app, "yes")
    table = next(s for s in app.stack.scenes if isinstance(s, TableScene))
    assert table.session.save_name != name and sorted(store.names()) == sorted([name, table.session.save_name])
    assert all(_files(store)[k] == v for k, v in before.items())  # the original save untouched
    assert app.errors_logged == 0


def test_the_rules_digest_is_the_same_in_every_process():
    import subprocess
    import sys

    from game.fingerprint import rules_digest

    code = "from game import content as c; from game.fingerprint import rules_digest as r; print(r(c.load('gorges')))"
    found = {subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                            env={"PYTHONHASHSEED": seed, "PATH": "/usr/bin:/bin"}).stdout.strip()
             for seed in ("1", "2", "3")}
    assert len(found) == 1 and found == {rules_digest(loader.load("gorges"))}  # a frozenset inside is sorted


@pytest.mark.parametrize("game_id", ["amadrim", "anludim", "guildes", "ambre", "gorges"])
def test_playing_leaves_the_rules_fingerprint_of_the_content_unchanged(game_id):
    """Gorges' island keeps caches of paths and orders that fill as games are played; the
    fingerprint read them, so F5 without any edit asked "the content changed: replay?" in every
    campaign (a playtest), and saves recorded a digest no fresh load gives."""
    import rules
    from game.fingerprint import rules_digest
    from game.replay import classify
    from game.simulate import play_one

    engine, played, fresh = rules.engine(game_id), loader.load(game_id), loader.load(game_id)
    seats = 3 if 3 in engine.seats else engine.seats.start
    for seed in (2, 3):
        play_one(engine, played, [engine.bot(engine.bots[0], s) for s in range(seats)], seed)
    assert rules_digest(played) == rules_digest(fresh)
    assert classify(played, fresh) == "same"


def test_f5_without_an_edit_in_a_played_campaign_asks_nothing(tmp_path, monkeypatch):
    """The same, at a Gorges table: F5 with the YAML untouched, after some play, shows no dialog."""
    from scenes import saves_bridge

    monkeypatch.setattr(catalog, "available", lambda gid: gid == "gorges")
    folder = tmp_path / "content"
    shutil.copytree(ROOT / "content" / "gorges", folder / "gorges")
    app = make_app("fr")
    app.content_root = str(folder)
    app.save_store = SaveStore(tmp_path / "saves")
    session = saves_bridge.new_session(app, "gorges", [SeatInfo("Ana", 0), SeatInfo("Bo", 1)], 5, {})
    from game.simulate import bot_view

    bots = [session.engine.bot(session.engine.bots[0], s) for s in range(2)]
    for _ in range(40):  # the bots play for both (the seats stay human's: the table waits)
        seat = session.to_act()[0]
        session.apply(seat, bots[seat].choose(bot_view(session.state, seat), session.legal_actions(seat)))
    saves_bridge.open_table(app, session)
    scene = app.stack.top
    key(app, pygame.K_F5)
    assert type(app.stack.top).__name__ != "ConfirmOverlay"
    assert scene.session is session and app.save_store.names() == [session.save_name]
