"""Replay a save on tweaked content, from the command line: into a new save, the original untouched,
with the action where the game diverged and why."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import rules
from game import content as loader
from game.replay_tweaked import first_divergence, log_chunks
from game.saves import SaveStore
from game.session import SeatInfo, Session

ROOT = Path(__file__).resolve().parent.parent


def _saved_game(store, actions=40):
    engine = rules.engine("anludim")
    seats = [SeatInfo("Ana", 0, "greedy"), SeatInfo("Bo", 1, "random"), SeatInfo("Cy", 2, "random")]
    session = Session(engine, loader.load("anludim"), loader.digest("anludim"), seats, 9,
                      store=store, save_name="played")
    for _ in range(actions):
        seat = session.to_act()[0]
        session.apply(seat, session.bot_action(seat))
    return session


def _variant(tmp_path, old, new):
    folder = tmp_path / "anludim-variant"
    shutil.copytree(ROOT / "content" / "anludim", folder)
    rules_file = folder / "rules.yaml"
    rules_file.write_text(rules_file.read_text().replace(old, new))
    return folder


def _replay_screen(lang, actions, size=(1280, 800)):
    """The app (designer mode) with a saved game "played" of `actions` actions, opened by clicks on
    the load screen's "Replay on…": (app, store, load screen, replay screen)."""
    from tests.ui_helpers import click, click_button, make_app

    app = make_app(lang, size)
    app.settings.designer_mode = True
    store = SaveStore(Path(os.environ["GUILDHALL_HOME"]) / "saves")
    _saved_game(store, actions)
    click_button(app, "load")
    load = app.stack.top
    click(app, (load.list_rect().left + 40, load.list_rect().top + 30))
    assert load.current().name == "played" and "replay" in load.buttons
    click_button(app, "replay")
    assert type(app.stack.top).__name__ == "ReplayScene"
    return app, store, load, app.stack.top


def _replay(home, *args):
    env = dict(os.environ, GUILDHALL_HOME=str(home))
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "replay", *args], capture_output=True,
                          text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_replay_on_tweaked_content_writes_a_new_save_and_says_where_it_diverged(tmp_path):
    home = tmp_path / "home"
    store = SaveStore(home / "saves")
    session = _saved_game(store)
    original = store.path("played").read_bytes()
    first_draw = next(i for i, (_s, a) in enumerate(session.actions) if a.to_json()["type"] == "draw") + 1
    variant = _variant(tmp_path, "draw: 2 ", "draw: 3 ")
    report = json.loads(_replay(home, "played", "--content", str(variant), "--json"))
    assert store.path("played").read_bytes() == original  # the original save is untouched
    assert report["new"] != "played" and report["new"].startswith("played-replay-")
    new_save = store.read(report["new"])
    assert new_save["content_digest"] == loader.digest("anludim", report_root(variant))
    assert len(new_save["actions"]) == report["replayed"] <= 40
    assert report["compared"] and report["diverged"]["number"] == first_draw
    assert report["diverged"]["before"] != report["diverged"]["after"]
    text = _replay(home, "played", "--content", str(variant))
    assert f"The game diverges at action {first_draw}" in text and "original is untouched" in text


def report_root(variant: Path) -> str:
    from game.lab import content_root

    return content_root("anludim", str(variant))


def test_an_action_that_became_impossible_is_reported_with_its_reason(tmp_path):
    store = SaveStore(tmp_path / "saves")
    session = _saved_game(store, 60)
    variant = _variant(tmp_path, "face_up: 3 ", "face_up: 1 ")
    from game.lab import content_root
    from game.replay_tweaked import replay_on_content

    root = content_root("anludim", str(variant))
    save = store.read("played")
    report = replay_on_content(save, "played", session.engine, loader.load("anludim", root),
                               loader.digest("anludim", root), store, loader.load("anludim"))
    took = [i for i, (_s, a) in enumerate(session.actions) if a.to_json()["type"] == "take_face_up"
            and a.to_json()["slot"] > 0]
    assert took  # seed 9 takes the 2nd or 3rd face-up card: impossible with a single one
    assert report["stopped"] is not None and report["stopped"]["number"] <= took[0] + 1
    assert report["stopped"]["reason"]["key"].startswith("anludim.")
    assert len(store.read(report["new"])["actions"]) == report["stopped"]["number"] - 1


def test_same_content_replays_identically():
    store = SaveStore(Path(os.environ["GUILDHALL_HOME"]) / "saves")
    session = _saved_game(store, 20)
    save = store.read("played")
    old = log_chunks(save, session.engine, session.content)
    assert first_divergence(old, log_chunks(save, session.engine, session.content)) is None
    assert len(old) == 21


def test_replay_from_the_load_screen_into_a_new_save(tmp_path):
    from tests.ui_helpers import click_button, settle

    app, store, _load, scene = _replay_screen("fr", 40)
    original = store.path("played").read_bytes()
    variant = _variant(tmp_path, "draw: 2 ", "draw: 3 ")
    scene.folder_entry.set_text(str(variant))
    click_button(app, "replay")
    assert scene.report is not None and scene.report["new"].startswith("played-replay-"), scene.error
    assert "diverge à l'action" in scene.text and store.path("played").read_bytes() == original
    click_button(app, "open")
    settle(app)
    table = next(s for s in app.stack.scenes if hasattr(s, "session"))
    assert table.session.save_name == scene.report["new"]


def test_notes_follow_the_replay_and_later_ones_are_dropped(tmp_path):
    from game.lab import content_root
    from game.notes import add_note, notes_of
    from game.replay_tweaked import replay_on_content

    store = SaveStore(tmp_path / "saves")
    session = _saved_game(store, 5)
    add_note(session, "early")
    for _ in range(55):
        seat = session.to_act()[0]
        session.apply(seat, session.bot_action(seat))
    add_note(session, "late")
    root = content_root("anludim", str(_variant(tmp_path, "face_up: 3 ", "face_up: 1 ")))
    report = replay_on_content(store.read("played"), "played", session.engine, loader.load("anludim", root),
                               loader.digest("anludim", root), store)
    kept = notes_of(store.read(report["new"])["extras"])
    assert [n["text"] for n in kept] == ["early"] and report["notes_dropped"] == 1
    assert report["compared"] is False


def test_a_change_the_log_does_not_show_is_found_on_the_table(tmp_path):
    """Parchments worth 3 points: the same log lines, other scores. The report says where the
    table first differs instead of "the log is the same" (what the helper playtest was told)."""
    from game.i18n import Strings
    from game.lab import content_root
    from game.replay_tweaked import describe, replay_on_content

    store = SaveStore(tmp_path / "saves")
    session = _saved_game(store, 90)
    folder = tmp_path / "anludim-variant"
    shutil.copytree(ROOT / "content" / "anludim", folder)
    items = folder / "items.yaml"
    items.write_text(items.read_text().replace("  points: 1", "  points: 3", 1))
    root = content_root("anludim", str(folder))
    save = store.read("played")
    report = replay_on_content(save, "played", session.engine, loader.load("anludim", root),
                               loader.digest("anludim", root), store, loader.load("anludim"))
    assert report["diverged"] is None and report["stopped"] is None  # the log reads the same
    differs = report["table_differs"]
    assert differs == {"number": 0, "where": "seats[2].total"}  # the third seat starts with a parchment
    text = describe(report, Strings("fr"), ["Ana", "Bo", "Cy"])
    assert "la table diffère dès la mise en place (premier écart : Cy.total)" in text
    assert "identique" not in text
    assert "90 actions rejouées sur 90" in text


def test_the_report_names_who_could_no_longer_act_and_counts_in_good_grammar():
    from game.i18n import Strings
    from game.replay_tweaked import describe

    report = {"new": "n", "original": "o", "actions": 17, "replayed": 1, "diverged": None, "compared": True,
              "table_differs": None, "notes_dropped": 0,
              "stopped": {"number": 2, "seat": 1, "action": {}, "reason": {"key": "anludim.illegal.not_in_hand",
                                                                          "params": {"card": "c49"}}}}
    fr, en = describe(report, Strings("fr"), ["Ana", "Bo"]), describe(report, Strings("en"), ["Ana", "Bo"])
    assert "1 action rejouée sur 17" in fr and "Arrêt à l'action 2 (Bo)" in fr
    assert "1 of 17 actions" in en and "Stopped at action 2 (Bo)" in en


def test_a_replay_save_says_its_folder_and_opens_on_it_again(tmp_path):
    """The load screen tells a replay from its original (and on which folder), and opening it goes
    on with that folder's content instead of asking to replay it on today's content."""
    from tests.ui_helpers import click_button, settle

    app, store, _load, scene = _replay_screen("en", 30, (1024, 700))
    variant = _variant(tmp_path, "draw: 2 ", "draw: 3 ")
    scene.folder_entry.set_text(str(variant))
    click_button(app, "replay")
    new = scene.report["new"]
    saves = {e.name for e in store.list()}
    click_button(app, "replay")  # again, on the same folder: no second, identical save
    assert {e.name for e in store.list()} == saves and scene.report["new"] == new
    entry = store.entry(new)
    assert entry.replayed_on == str(variant.resolve()) and store.entry("played").replayed_on is None
    from game.i18n import Strings

    assert Strings("fr").tr("load.replayed_on", folder="/x") == "rejouée sur /x"
    click_button(app, "back")  # back to the load screen, which lists the new save at once
    load = app.stack.top
    assert type(load).__name__ == "LoadScene" and any(e.name == new for e in load.items)
    load.selected = next(i for i, e in enumerate(load.items) if e.name == new)
    load.rebuild()
    app.render()  # the row with its tag draws without error
    click_button(app, "load")
    settle(app)
    while type(app.stack.top).__name__ == "ConfirmOverlay":  # "greedy" is no bot offered today: a known one takes it
        click_button(app, "yes")
    table = next(s for s in app.stack.scenes if hasattr(s, "session"))
    assert table.session.save_name == new and table.session.content.rules.draw == 3
    assert app.tr("load.opened_on_folder", folder=str(variant.resolve())) in app.toasts.texts()


def test_replaying_on_a_missing_or_broken_folder_lists_its_problems_on_the_screen(tmp_path):
    from tests.ui_helpers import click_button

    app, _store, _load, scene = _replay_screen("fr", 10)
    broken = _variant(tmp_path, "draw: 2 ", "draw: deux ")
    for folder, expected in ((tmp_path / "nope", "nope"), (broken, "rules.yaml:")):
        scene.folder_entry.set_text(str(folder))
        click_button(app, "replay")
        assert scene.report is None and scene.error.startswith("Ce dossier ne peut pas être lu") and expected in scene.error
        assert app.errors_logged == 0


def test_a_rule_the_view_shows_does_not_hide_where_the_game_departs(tmp_path):
    """Anludim's view carries its rules (`content.rules`): with rewards [2, 1] -> [3, 2] the views
    differed from the set-up on, so the report said "the log reads the same, but the table differs
    from the set-up (content.rules.rewards[0])" and then that the log diverged later (what a
    designer was told). The parts that stay the same through both games are left out: the table
    departs where the rewards are first given, and the log lines both games share are written once."""
    from game.i18n import Strings
    from game.lab import content_root
    from game.replay import table_divergence
    from game.replay_tweaked import describe, log_chunks, replay_on_content

    store = SaveStore(tmp_path / "saves")
    session = _saved_game(store, 60)  # the first round's rewards are given at action 50
    root = content_root("anludim", str(_variant(tmp_path, "rewards: [2, 1]", "rewards: [3, 2]")))
    save = store.read("played")
    tweaked = loader.load("anludim", root)
    report = replay_on_content(save, "played", session.engine, tweaked, loader.digest("anludim", root), store,
                               loader.load("anludim"))
    given = report["diverged"]["number"]
    assert given == 50 and report["table_differs"] is None
    engine, shipped = session.engine, loader.load("anludim")
    assert engine.new_game(shipped, 3, 9).view(None)["content"] != engine.new_game(tweaked, 3, 9).view(None)["content"]
    played = [(seat, engine.action_from_json(data)) for seat, data in save["actions"][: report["replayed"]]]
    assert table_divergence(engine, shipped, tweaked, (3, 9, None), played) == (given, "pending_rewards[1]")
    assert any(e.get("key") == "anludim.log.reward" for e in log_chunks(save, engine, tweaked)[given])
    names = ["Ana", "Bo", "Cy"]
    for lang in ("fr", "en"):
        text = describe(report, Strings(lang), names)
        assert "content.rules" not in text and "mise en place" not in text and "set-up" not in text
        shared = [line for line in text.splitlines() if line.startswith("    ")]
        changed = [line for line in text.splitlines() if line.startswith(("  − ", "  + "))]
        assert changed and all(line[4:] not in {s[4:] for s in shared} for line in changed)


def test_the_table_is_said_to_differ_before_the_log_only_in_words_that_hold():
    """A table that departs before the log does is not "the log reads the same"."""
    from game.i18n import Strings
    from game.replay_tweaked import describe

    report = {"new": "n", "original": "o", "actions": 9, "replayed": 9, "stopped": None, "compared": True,
              "notes_dropped": 0, "table_differs": {"number": 2, "where": "seats[1].total"},
              "diverged": {"number": 5, "before": [], "after": []}}
    fr, en = describe(report, Strings("fr"), ["Ana", "Bo"]), describe(report, Strings("en"), ["Ana", "Bo"])
    assert "La table diffère à l'action 2 (premier écart : Bo.total), avant le journal." in fr
    assert "The table differs at action 2 (first difference: Bo.total), before the log does." in en
    assert "même chose" not in fr and "reads the same" not in en
