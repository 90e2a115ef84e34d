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
    assert d.diverged_at == 0 and "face_up" in d.where and d.total == 6
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
