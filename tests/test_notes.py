"""Notes pinned to the log: typed in a table (key N or the pause menu), saved with the game, marked
in the log, listed on the load screen, and exported with the whole log by `export-log`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

import rules
from game import content as loader
from game.notes import add_note, interleave, notes_of
from game.saves import SaveStore
from game.session import SeatInfo, Session
from scenes.table import TableScene
from tests.ui_helpers import click, click_button, key, make_app, settle

ROOT = Path(__file__).resolve().parent.parent


def _anludim_session(store, name="noted", seats=("human", "greedy", "random")):
    engine = rules.engine("anludim")
    infos = [SeatInfo(n, i, kind) for i, (n, kind) in enumerate(zip(("Ana", "Bo", "Cy"), seats))]
    return Session(engine, loader.load("anludim"), loader.digest("anludim"), infos, 5,
                   store=store, save_name=name)


def _play_bots(session, count):
    for _ in range(count):
        seat = session.to_act()[0]
        bot = session.seats[seat].kind if not session.is_human(seat) else "random"
        action = session.engine.bot(bot, 7).choose(session.view(seat), session.legal_actions(seat))
        session.apply(seat, action)


def test_notes_survive_save_and_load_and_are_listed(tmp_path):
    store = SaveStore(tmp_path)
    session = _anludim_session(store)
    _play_bots(session, 10)
    first = add_note(session, "  Le Talisman arrive trop tôt  ", seat=0)
    _play_bots(session, 5)
    add_note(session, "Second thought\non two lines", seat=None)
    assert first == {"action": 10, "log": first["log"], "text": "Le Talisman arrive trop tôt", "seat": 0,
                     "round": session.view(None)["round"]}  # Anludim counts rounds (as its save's summary)
    assert add_note(session, "   ") is None
    save = store.read("noted")
    again = Session.from_save(save, session.engine, session.content, session.content_digest)
    assert notes_of(again.extras) == notes_of(session.extras) and len(notes_of(again.extras)) == 2
    assert store.entry("noted").notes == ("Le Talisman arrive trop tôt", "Second thought\non two lines")


def test_notes_fall_in_the_log_where_they_were_written():
    log = [{"key": f"k{i}", "params": {}} for i in range(10)]
    notes = [{"action": 3, "log": 4, "text": "a"}, {"action": 9, "log": 10, "text": "end"},
             {"action": 1, "log": 1, "text": "too old"}]
    shown = interleave(log[-6:], notes, 10)
    keys = [e["key"] for e in shown]
    assert keys == ["notes.in_log", "k4", "k5", "k6", "k7", "k8", "k9", "notes.in_log"]
    assert shown[0]["params"] == {"number": 3, "text": "a"}


def test_export_log_writes_the_whole_log_with_its_notes(tmp_path):
    home = tmp_path / "home"
    store = SaveStore(home / "saves")
    session = _anludim_session(store)
    _play_bots(session, 12)
    add_note(session, "Pourquoi piocher ici ?", seat=0)
    _play_bots(session, 3)
    env = dict(os.environ, GUILDHALL_HOME=str(home))
    for lang, heading in (("fr", "après l'action 12"), ("en", "after action 12")):
        done = subprocess.run([sys.executable, str(ROOT / "main.py"), "export-log", "noted", "--lang", lang],
                              capture_output=True, text=True, timeout=120, env=env)
        assert done.returncode == 0, done.stderr
        text = done.stdout
        assert text.startswith("# Anludim — noted") and "Pourquoi piocher ici ?" in text and heading in text
        body = text.split("\n## ")[1]
        note_at = body.index("> **Note**")
        assert "\n- **12.** " in body[:note_at] and "\n- **13.** " in body[note_at:]  # after action 12, before 13
    out = tmp_path / "log.md"
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "export-log", str(store.path("noted")),
                           "--out", str(out), "--json"], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0 and json.loads(done.stdout)["out"] == str(out) and "Note" in out.read_text()


def test_a_note_written_before_the_first_action_is_exported_as_such_with_no_turn_0(tmp_path):
    """A game's turn 0 is its set-up (Anludim before the first action, Amadrim's placement): a
    note written then is "before the first action" / "after action N", never "turn 0"."""
    from game.i18n import Strings
    from game.notes import export_markdown

    store = SaveStore(tmp_path)
    for gid in ("anludim", "amadrim"):
        engine = rules.engine(gid)
        infos = [SeatInfo(n, i, "human") for i, n in enumerate(("Ana", "Bo", "Cy"))]
        session = Session(engine, loader.load(gid), loader.digest(gid), infos, 5, store=store, save_name=gid)
        add_note(session, "Avant tout", seat=0)
        seat = session.to_act()[0]
        session.apply(seat, session.legal_actions(seat)[0])
        add_note(session, "Juste après", seat=None)
        first = notes_of(session.extras)[0]  # what the view said: kept in the save as it was
        assert first.get("turn") == 0 if gid == "amadrim" else first.get("round") == 1
        rounds = {"fr": ", manche 1", "en": ", round 1"} if gid == "anludim" else {"fr": "", "en": ""}
        for lang, before, after in (("fr", f"avant la première action{rounds['fr']} — Ana", "après l'action 1"),
                                    ("en", f"before the first action{rounds['en']} — Ana", "after action 1")):
            text = export_markdown(store.read(gid), gid, engine, session.content, Strings(lang))
            assert f"({before})" in text and f"- {before}" in text, text
            assert after in text
            assert "tour 0" not in text and "turn 0" not in text, text


def test_a_note_in_a_game_counted_in_rounds_names_its_round_as_the_game_does(tmp_path):
    """Anludim's table says "Manche 2", Guildes' "Tour 2": a note's heading in the export says
    "manche 2" / "tour 2" ("round 2" in English), not the turn counter nobody sees at the table."""
    import random

    from game.i18n import Strings
    from game.notes import export_markdown

    store = SaveStore(tmp_path)
    rng = random.Random(4)
    for gid, french in (("anludim", "manche"), ("guildes", "tour")):
        engine = rules.engine(gid)
        infos = [SeatInfo(n, i, "human") for i, n in enumerate(("Ana", "Bo", "Cy"))]
        session = Session(engine, loader.load(gid), loader.digest(gid), infos, 5)
        while session.view(None)["round"] < 2:
            seat = session.to_act()[0]
            session.apply(seat, rng.choice(session.legal_actions(seat)))
        add_note(session, "Ici", seat=1)
        store.write(session.to_save(), gid)
        n = len(session.actions)
        for lang, heading in (("fr", f"après l'action {n}, {french} 2 — Bo"), ("en", f"after action {n}, round 2 — Bo")):
            text = export_markdown(store.read(gid), gid, engine, session.content, Strings(lang))
            assert f"({heading})" in text and f"- {heading}" in text, (gid, lang, text[-400:])


def test_a_path_that_is_no_save_is_named_as_such(tmp_path):
    """export-log (and replay) given a path: a folder or a non-.json file is "not a save file", a
    .json path that does not exist is "cannot be found" — the whole path in both, never cut."""
    from game.replay_tweaked import read_save
    from game.saves import SaveError

    store = SaveStore(tmp_path / "saves")
    (tmp_path / "game.history").mkdir()
    (tmp_path / "notes.txt").write_text("x")
    for path, expected in ((tmp_path / "game.history", "session.saves.not_a_save_file"),
                      (tmp_path / "notes.txt", "session.saves.not_a_save_file"),
                      (tmp_path / "nowhere" / "game.json", "session.saves.missing")):
        try:
            read_save(str(path), store)
        except SaveError as exc:
            assert (exc.key, exc.params["name"]) == (expected, str(path))
        else:
            raise AssertionError(path)


def test_key_n_and_the_pause_menu_open_the_note_box_and_pin_a_note():
    app = make_app("en")
    store = SaveStore(Path(os.environ["GUILDHALL_HOME"]) / "saves")
    session = _anludim_session(store, seats=("human", "human", "human"))
    table = TableScene(app, session)
    app.stack.push(table)
    settle(app)
    if type(app.stack.top).__name__ == "CurtainScene":
        click(app, (640, 300))  # lift the curtain for the first seat
    assert app.stack.top is table and table.unveiled == 0
    # a real keyboard: the press, the text it types, the release (the "n" is not the note's)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_n, "mod": 0, "unicode": "n", "scancode": 0}))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, {"text": "n"}))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, {"key": pygame.K_n, "mod": 0, "unicode": "n", "scancode": 0}))
    settle(app)
    box = app.stack.top
    assert type(box).__name__ == "NoteScene"
    assert box.box_entry.get_text() == ""
    for ch in "Nine":  # typed after: every letter counts, an "n" too
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": ord(ch.lower()), "mod": 0, "unicode": ch, "scancode": 0}))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, {"text": ch}))
    settle(app)
    assert box.box_entry.get_text() == "Nine"
    click_button(app, "pin")
    assert app.stack.top is table
    assert [n["text"] for n in notes_of(session.extras)] == ["Nine"]
    assert store.entry("noted").notes == ("Nine",)
    assert any(app.tr("notes.in_log", number=0, text="Nine") == table.render(e)
               for e in table.log_with_notes(session.log))
    key(app, pygame.K_ESCAPE)
    click_button(app, "note")
    assert type(app.stack.top).__name__ == "NoteScene"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table and len(notes_of(session.extras)) == 1
    key(app, pygame.K_ESCAPE)  # the pause menu's "Note (N)": its key works there too
    key(app, pygame.K_n)
    assert type(app.stack.top).__name__ == "NoteScene" and app.stack.top.box_entry.get_text() == ""
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table


def test_a_note_written_after_an_action_that_is_undone_stays_where_the_game_stands(tmp_path):
    """Undo takes back the action a note followed: the note is kept (nothing written is lost) and
    pinned where the game now stands, not later after whatever action takes the undone one's place."""
    store = SaveStore(tmp_path)
    session = _anludim_session(store, seats=("human", "random", "random"))
    while True:  # up to the human seat's turn, then one human action
        seat = session.to_act()[0]
        session.apply(seat, session.legal_actions(seat)[0])
        if seat == 0:
            break
    before = len(session.actions)
    add_note(session, "kept", seat=0)
    session.undo()
    (note,) = notes_of(session.extras)
    assert (note["action"], note["log"]) == (len(session.actions), len(session.log)) and note["action"] < before
    _play_bots(session, 6)
    assert notes_of(session.extras)[0]["action"] == note["action"]
    assert notes_of(store.read("noted")["extras"])[0]["action"] == note["action"]


def test_export_log_of_a_replay_reads_the_folder_it_was_played_on(tmp_path):
    """A replay on a game folder (any layout): export-log finds that folder without --content,
    or takes it as --content; the whole log comes out (on today's content it stopped early)."""
    import shutil

    from game.replay_tweaked import replay_on_content

    home = tmp_path / "home"
    store = SaveStore(home / "saves")
    session = _anludim_session(store, seats=("random", "random", "random"))
    _play_bots(session, 40)
    folder = tmp_path / "variant"
    shutil.copytree(ROOT / "content" / "anludim", folder)
    rules_file = folder / "rules.yaml"
    rules_file.write_text(rules_file.read_text().replace("draw: 2 ", "draw: 3 "))
    from game.lab import content_root

    root = content_root("anludim", str(folder))
    report = replay_on_content(store.read("noted"), "noted", session.engine, loader.load("anludim", root),
                               loader.digest("anludim", root), store, folder=str(folder))
    env = dict(os.environ, GUILDHALL_HOME=str(home))
    for extra in ([], ["--content", str(folder)]):
        done = subprocess.run([sys.executable, str(ROOT / "main.py"), "export-log", report["new"], "--lang", "en",
                               *extra], capture_output=True, text=True, timeout=120, env=env)
        assert done.returncode == 0, done.stderr
        assert f"\n- **{report['replayed']}.** " in done.stdout and "stops at action" not in done.stdout


def test_no_tooltip_of_the_table_shows_over_the_pause_menu(monkeypatch):
    from scenes import ui

    app = make_app("fr", (1024, 700))
    store = SaveStore(Path(os.environ["GUILDHALL_HOME"]) / "saves")
    from scenes.saves_bridge import open_table

    open_table(app, _anludim_session(store, seats=("human", "human", "human")))
    settle(app)
    if type(app.stack.top).__name__ == "CurtainScene":
        click(app, (512, 300))
    table = app.stack.top
    app.render()
    menu = table.find("button", ("menu",))
    assert menu is not None and menu.tip
    drawn = []
    monkeypatch.setattr(ui, "pointer_tip", lambda surface, text, *a, **k: drawn.append(text))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": menu.rect.center, "rel": (0, 0), "buttons": (0, 0, 0)}))
    settle(app)
    app.render()
    assert drawn and drawn[-1] == menu.tip
    key(app, pygame.K_ESCAPE)
    assert type(app.stack.top).__name__ == "PauseMenu"
    drawn.clear()
    app.render()
    assert drawn == []


def test_export_log_starts_every_line_with_a_capital(tmp_path):
    """Gorges' log entries begin with the army ("l'armée du 2e Lieutenant de …"), which its table
    capitalises: the export writes them as the sentences they are ("L'armée du 2e Lieutenant de …")."""
    home = tmp_path / "home"
    store = SaveStore(home / "saves")
    engine = rules.engine("gorges")
    infos = [SeatInfo(n, i, "random") for i, n in enumerate(("Ana", "Bo", "Cy"))]
    session = Session(engine, loader.load("gorges"), loader.digest("gorges"), infos, 5, store=store, save_name="isle")
    rng_bot = engine.bot("random", 7)
    for _ in range(150):
        if not session.to_act():
            break
        seat = session.to_act()[0]
        session.apply(seat, rng_bot.choose(session.view(seat), session.legal_actions(seat)))
    assert session.autosave()
    env = dict(os.environ, GUILDHALL_HOME=str(home))
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "export-log", "isle", "--lang", "fr"],
                          capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    lines = [line.split("** ", 1)[-1].lstrip("- ") for line in done.stdout.splitlines() if line.lstrip().startswith("- ")]
    assert len(lines) > 50
    assert not [line for line in lines if line[:1].islower()], [line for line in lines if line[:1].islower()][:5]
    assert any(line.startswith("L'armée du ") for line in lines)


@pytest.mark.parametrize("lang, size", [("fr", (1024, 700)), ("en", (1280, 800)), ("en", (1024, 700))])
def test_the_note_box_says_the_note_is_public_before_anything_is_written(lang, size, monkeypatch):
    """A pinned note shows in every seat's log; the box (key N in a Guildes table) says so, whole,
    between its title and the text field, before the person writes."""
    from scenes import ui
    from scenes.guildes.table import GuildesTable

    app = make_app(lang, size)
    engine = rules.engine("guildes")
    infos = [SeatInfo(n, i, "human") for i, n in enumerate(("Ana", "Bo", "Cy"))]
    table = GuildesTable(app, Session(engine, loader.load("guildes"), loader.digest("guildes"), infos, 5))
    app.stack.push(table)
    settle(app)
    if type(app.stack.top).__name__ == "CurtainScene":
        click(app, (size[0] // 2, size[1] // 2))
    blocks: list[tuple[str, pygame.Rect, int, int | None]] = []
    real = ui.text_block
    monkeypatch.setattr(ui, "text_block", lambda surface, value, rect, size=20, *a, **k: blocks.append(
        (value, pygame.Rect(rect), size, k.get("min_size"))) or real(surface, value, rect, size, *a, **k))
    key(app, pygame.K_n)
    box = app.stack.top
    assert type(box).__name__ == "NoteScene" and box.box_entry.get_text() == ""
    public = app.tr("notes.box.public")
    drawn = [b for b in blocks if b[0] == public]
    assert drawn, [b[0] for b in blocks]
    _, rect, font, smallest = drawn[-1]
    assert box.box().contains(rect) and rect.bottom <= box.box_entry.rect.top
    fitted, lines = ui._fitting_size(public, rect, font, smallest, True, 1.25)
    assert " ".join(lines) == " ".join(ui.wrap(public, rect.width, fitted, True))      # whole, not cut
    assert ("Publique" if lang == "fr" else "Public") in public and box.box().bottom <= size[1]
