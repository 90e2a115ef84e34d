"""Saves that are absurd, damaged or from elsewhere never crash or hide anything (issue 12), and
every game keeps several generations that the Load screen can restore."""

from __future__ import annotations

import json
import os

import pytest

from game import saves
from game.saves import SaveError, SaveStore
from tests.safety.helpers import GAMES, play


@pytest.fixture(scope="module")
def real_saves():
    return {game: play(game, 25).to_save() for game in GAMES}


def _write_raw(store: SaveStore, name: str, data) -> None:
    store.folder.mkdir(parents=True, exist_ok=True)
    blob = data if isinstance(data, bytes) else json.dumps(data).encode()
    (store.folder / f"{name}.json").write_bytes(blob)


def absurd_cases(base):
    big = dict(base)
    yield "huge_int", json.dumps(base)[:-1].encode() + b', "seed2": ' + b"9" * 5000 + b"}", "session.saves.garbage"
    yield "huge_seed", dict(base, seed=10 ** 30), "session.saves.bad_field"
    seats = [dict(s) for s in base["seats"]]
    seats[0]["name"] = "N" * 100_000
    yield "long_name", dict(base, seats=seats), "session.saves.bad_field"
    yield "twenty_mb_name", dict(base, seats=[dict(seats[0], name="N" * 20_000_000)]), "session.saves.too_big"
    yield "long_game", dict(base, game="g" * 1000), "session.saves.bad_field"
    yield "absurd_turn", dict(big, summary={"actions": 3, "turn": "T" * 5000}), "session.saves.bad_field"
    yield "absurd_round", dict(big, summary={"actions": 3, "round": 10 ** 40}), "session.saves.bad_field"
    yield "negative_actions", dict(big, summary={"actions": -4}), "session.saves.bad_field"
    yield "many_seats", dict(base, seats=base["seats"] * 20), "session.saves.bad_field"
    yield "colour", dict(base, seats=[dict(s, colour=10 ** 9) for s in base["seats"]]), "session.saves.bad_field"


def test_absurd_saves_are_listed_with_a_reason_and_hide_nothing(tmp_path, real_saves):
    store = SaveStore(tmp_path / "saves")
    base = real_saves["anludim"]
    expected = {}
    for label, data, key in absurd_cases(base):
        _write_raw(store, label, data)
        expected[label] = key
    store.write(base, "good")
    _write_raw(store, "chess", dict(base, game="chess"))
    entries = {e.name: e for e in store.list()}
    for label, key in expected.items():
        assert entries[label].corrupt and entries[label].error.key == key, label
    assert not entries["good"].corrupt and store.latest().name in ("good", "chess")
    assert entries["chess"].game == "chess"  # the shell flags unknown games (saves knows no catalog)


def test_load_screen_shows_absurd_and_unknown_saves_and_still_loads_the_good_one(tmp_path, real_saves):
    from game.saves import SaveStore
    from tests.ui_helpers import click, click_button, make_app, settle

    app = make_app("fr")
    store = SaveStore(tmp_path / "saves")
    base = real_saves["anludim"]
    for label, data, _key in absurd_cases(base):
        _write_raw(store, label, data)
    _write_raw(store, "chess", dict(base, game="chess"))
    store.write(base, "good")
    app.save_store = store
    click_button(app, "load")
    scene = app.stack.top
    names = [e.name for e in scene.items]
    assert type(scene).__name__ == "LoadScene" and len(names) == 12 and names[0] in ("good", "chess")
    chess = next(e for e in scene.items if e.name == "chess")
    text = app.strings.render(chess.error.to_json())
    assert chess.corrupt and "chess" in text and "game." not in text
    import pygame

    for _ in range(3):  # scroll through every row: drawing never fails
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, {"x": 0, "y": -5, "flipped": False}))
        settle(app)
    assert app.errors_logged == 0
    scene.scroll = 0
    scene.invalidate()
    settle(app)
    good = names.index("good")
    area = scene.list_rect()
    click(app, (area.centerx, area.top + 8 + good * 78 + 30))
    assert scene.current().name == "good" and scene.buttons["load"].is_enabled
    assert app.errors_logged == 0


def test_unknown_game_is_never_shown_as_a_catalog_key():
    from scenes.saves_bridge import game_title
    from tests.ui_helpers import make_app

    app = make_app("en", menu=False)
    assert game_title(app, "chess") == 'unknown game "chess"'
    assert game_title(app, "anludim") == app.tr("game.anludim.title")
    assert "…" in game_title(app, "x" * 500)


@pytest.mark.parametrize("command", [
    ["check-content", "chess"], ["simulate", "chess", "--games", "1"], ["fuzz", "chess", "--games", "1"],
    ["screenshot", "rules", "--game", "chess", "--out", "{tmp}/x.png"],
    ["screenshot", "end", "--game", "chess", "--out", "{tmp}/x.png"],
    ["export-log", "{tmp}/chess.json", "--lang", "fr"], ["export-log", "{tmp}/chess.json", "--lang", "en"]])
def test_commands_name_an_unknown_game_and_never_a_catalog_key(command, real_saves, tmp_path):
    """Every way a game id reaches a command: exit 2 and a sentence naming the game (no "game.chess.title",
    no "help.chess.summary" drawn in a screenshot, no traceback)."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    _write_raw(SaveStore(tmp_path), "chess", dict(real_saves["anludim"], game="chess"))
    args = [a.replace("{tmp}", str(tmp_path)) for a in command]
    done = subprocess.run([sys.executable, str(root / "main.py"), *args], capture_output=True, text=True,
                          timeout=120, cwd=root, env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                                                      "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    said = done.stdout + done.stderr
    assert done.returncode == 2 and "chess" in said and not (tmp_path / "x.png").exists(), said
    assert "game.chess" not in said and "help.chess" not in said and "session.saves" not in said
    assert "Traceback" not in said


@pytest.fixture(scope="module")
def lived_saves():
    """A real save of each game as autosave writes it: 60 actions, accented seat names and a pinned
    note (multi-byte UTF-8, so some cuts fall inside a character)."""
    import dataclasses

    from game.notes import add_note

    out = {}
    for game in GAMES:
        session = play(game, 60)
        session.seats[0] = dataclasses.replace(session.seats[0], name="Hélène")
        session.seats[1] = dataclasses.replace(session.seats[1], name="Zoë ✨")
        add_note(session, "Très « serré » ici — à revoir", 0)
        out[game] = session.to_save()
    return out


def _fixed_clock():
    from datetime import UTC, datetime

    return datetime(2026, 1, 1, tzinfo=UTC)


def _shorter(save, drop=1):
    """The same game `drop` actions earlier (what the previous generation holds)."""
    n = len(save["actions"]) - drop
    return dict(save, actions=save["actions"][:n], summary=dict(save["summary"], actions=n))


def _store_with_a_cut_candidate(tmp_path, lived_saves, game):
    """A store holding a real save of every game, plus `game`'s save written twice (so it has a
    previous generation, as after any autosave); returns (store, name, current file, its bytes)."""
    store = SaveStore(tmp_path / "saves", clock=_fixed_clock)
    for other in GAMES:
        store.write(lived_saves[other], f"other-{other}")
    name = f"{game}-20260101-000000-cafe"
    store.write(_shorter(lived_saves[game]), name)
    path = store.write(lived_saves[game], name)
    return store, name, path, path.read_bytes()


@pytest.mark.parametrize("game", GAMES)
def test_a_save_truncated_at_every_byte_is_listed_damaged_and_the_others_stay_intact(game, lived_saves, tmp_path):
    """Every proper prefix of the newest generation (the file cut by a crash or a full disk at any
    byte) is listed as damaged, falls back to the previous generation, and changes nothing in how
    the other saves are listed. No prefix can pass for a shorter game: a save is one JSON object,
    so only the full text up to its closing brace parses (asserted below at every offset)."""
    store, name, path, blob = _store_with_a_cut_candidate(tmp_path, lived_saves, game)
    total = len(lived_saves[game]["actions"])
    listed = store.list()
    assert [e.name for e in listed].count(name) == 1 and not any(e.corrupt for e in listed)
    others = [e for e in listed if e.name != name]
    other_bytes = {p.name: p.read_bytes() for p in store.folder.glob("other-*.json")}
    body = blob.rstrip()
    assert len(body) > 3000 and len(blob) - len(body) == 1  # a real save, and its final newline
    keys = set()
    for cut in range(len(body) - 1, -1, -1):  # every byte offset, cutting the file shorter each time
        os.truncate(path, cut)
        entries = store.list()
        cut_entry = next(e for e in entries if e.name == name)
        assert cut_entry.corrupt and cut_entry.prev_ok and cut_entry.actions == total - 1, cut
        keys.add(cut_entry.error.key)
        assert [e for e in entries if e.name != name] == others, cut
    assert keys == {"session.saves.truncated", "session.saves.empty"}
    assert {p.name: p.read_bytes() for p in store.folder.glob("other-*.json")} == other_bytes
    # the whole text without its final newline is the whole game, not a shorter one
    path.write_bytes(body)
    assert store.entry(name).actions == total and not store.entry(name).corrupt


@pytest.mark.parametrize("game", GAMES)
def test_a_truncated_save_without_previous_generation_is_damaged_at_every_byte(game, lived_saves, tmp_path):
    """A lone newest file (no previous generation to fall back on) cut anywhere: damaged, never a game."""
    blob = saves.encode(dict(lived_saves[game], saved_at="2026-01-01T00:00:00+00:00"))
    body = blob.rstrip()
    for cut in range(len(body)):
        with pytest.raises(SaveError) as err:
            saves.decode(body[:cut])
        assert err.value.key == ("session.saves.empty" if cut == 0 else "session.saves.truncated"), cut
    store = SaveStore(tmp_path / "saves", clock=_fixed_clock)
    store.write(lived_saves["anludim" if game != "anludim" else "ambre"], "other")
    for cut in range(0, len(body), 97):
        _write_raw(store, "lone", body[:cut])
        entries = {e.name: e for e in store.list()}
        assert entries["lone"].corrupt and not entries["lone"].prev_ok and not entries["other"].corrupt


def _cuts_worth_drawing(body: bytes) -> list[int]:
    """A sample of offsets for the Load screen: the ends, inside a multi-byte character, spread cuts."""
    inside_char = next(i for i, b in enumerate(body) if b >= 0xC0) + 1
    return sorted({0, 1, 2, inside_char, len(body) // 3, len(body) // 2, len(body) - 2, len(body) - 1})


@pytest.mark.parametrize("game", GAMES)
def test_the_load_screen_shows_a_truncated_save_as_damaged_and_resumes_its_previous_generation(
        game, lived_saves, tmp_path):
    from scenes.table import TableScene
    from tests.ui_helpers import click, click_button, make_app, settle

    store, name, path, blob = _store_with_a_cut_candidate(tmp_path, lived_saves, game)
    total = len(lived_saves[game]["actions"])
    app = make_app("fr")
    app.save_store = store
    click_button(app, "load")
    load = app.stack.top
    assert type(load).__name__ == "LoadScene" and len(load.items) == len(GAMES) + 1
    body = blob.rstrip()
    for cut in _cuts_worth_drawing(body):
        path.write_bytes(body[:cut])
        load.refresh()
        load.invalidate()
        settle(app)
        shown = {e.name: e for e in load.items}
        assert shown[name].corrupt and shown[name].prev_ok and len(shown) == len(GAMES) + 1, cut
        assert all(not e.corrupt for n, e in shown.items() if n != name), cut
        assert app.errors_logged == 0, cut
    row = next(i for i, e in enumerate(load.items) if e.name == name)
    area = load.list_rect()
    click(app, (area.centerx, area.top + 8 + row * 78 + 30))
    assert load.current().name == name and load.buttons["load"].is_enabled
    click_button(app, "load")
    table = next(s for s in app.stack.scenes if isinstance(s, TableScene))  # under its curtain
    assert table.session.save_name == name and len(table.session.actions) == total - 1
    assert app.errors_logged == 0


# -- generations ----------------------------------------------------------------------------------

def _played(tmp_path, name: str, actions: int) -> SaveStore:
    """A store holding an Anludim game `name` autosaved after each of its first `actions` actions."""
    store = SaveStore(tmp_path / "saves")
    session = play("anludim", 0, store=store, save_name=name)
    bot = session.engine.bot("random", 1)
    for _ in range(actions):
        seat = session.to_act()[0]
        session.apply(seat, bot.choose(session.view(seat), session.legal_actions(seat)))
    return store


def test_several_generations_are_kept_and_a_longer_game_is_never_lost(tmp_path):
    store = _played(tmp_path, "g", 20)
    gens = store.generations("g")
    assert [g.id for g in gens[:2]] == ["current", "previous"]
    assert len(gens) == 2 + saves.HISTORY_KEEP
    assert [g.actions for g in gens] == list(range(20, 20 - len(gens), -1))
    # a shorter history (an undo, a replay) replaces the current file: the 20-action game stays
    shorter = dict(store.read("g"), actions=store.read("g")["actions"][:3])
    for _ in range(saves.HISTORY_KEEP + 3):
        store.write(shorter, "g")
        shorter = dict(shorter, options={"n": len(store.generations("g"))})
    assert max(g.actions for g in store.generations("g")) == 20
    longest = next(g for g in store.generations("g") if g.actions == 20)
    restored = store.restore("g", longest.id)
    assert len(restored["actions"]) == 20 and store.read("g")["actions"] == restored["actions"]
    assert any(g.actions == 3 for g in store.generations("g"))  # what was current is kept too
    store.delete("g")
    assert store.names() == [] and list(store.folder.iterdir()) == []


def test_an_older_generation_is_restored_from_the_load_screen_by_clicks(tmp_path):
    from scenes.load import GEN_H
    from tests.ui_helpers import click, click_button, make_app

    store = _played(tmp_path, "anludim-20260101-000000-abcd", 6)
    app = make_app("en")
    app.save_store = store
    click_button(app, "load")
    load = app.stack.top
    area = load.list_rect()
    click(app, (area.centerx, area.top + 30))
    assert load.buttons["history"].is_enabled
    click_button(app, "history")
    overlay = app.stack.top
    assert type(overlay).__name__ == "GenerationsOverlay" and [g.actions for g in overlay.items] == [6, 5, 4, 3, 2, 1]
    assert not overlay.buttons["restore"].is_enabled
    rows = overlay.rows_rect()
    click(app, (rows.centerx, rows.top + 3 * GEN_H + GEN_H // 2))  # the 3-action version
    assert overlay.selected == 3 and overlay.buttons["restore"].is_enabled
    click_button(app, "restore")
    assert app.stack.top is load and len(store.read(load.items[0].name)["actions"]) == 3
    assert app.tr("load.restored", n=3) in app.toasts.texts()
    assert sorted(g.actions for g in store.generations(load.items[0].name))[-1] == 6
    assert app.errors_logged == 0


def test_continue_resumes_the_previous_version_of_the_newest_game_when_its_last_one_is_cut(lived_saves, tmp_path):
    """Continue never skips to another game because the newest one's last version is damaged: it
    resumes that game one version earlier, and says so."""
    from datetime import UTC, datetime, timedelta

    from scenes.table import TableScene
    from tests.ui_helpers import click_button, make_app

    ticks = iter(datetime(2026, 1, 1, tzinfo=UTC) + timedelta(minutes=m) for m in range(100))
    store = SaveStore(tmp_path / "saves", clock=lambda: next(ticks))
    store.write(lived_saves["ambre"], "ambre-20260101-000000-aaaa")
    name = "anludim-20260101-000100-bbbb"
    store.write(_shorter(lived_saves["anludim"]), name)
    path = store.write(lived_saves["anludim"], name)
    blob = path.read_bytes()
    path.write_bytes(blob[: len(blob) // 3])
    app = make_app("en")
    app.save_store = store
    app.stack.top.rebuild()
    click_button(app, "continue")
    table = next(s for s in app.stack.scenes if isinstance(s, TableScene))
    assert table.session.save_name == name
    assert len(table.session.actions) == len(lived_saves["anludim"]["actions"]) - 1
    assert app.tr("load.previous_used") in app.toasts.texts() and app.errors_logged == 0


def _wheel(app, y):
    import pygame

    from tests.ui_helpers import settle

    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, {"x": 0, "y": y, "flipped": False}))
    settle(app)


def _fifteen_versions(tmp_path, monkeypatch):
    """A real Anludim game whose save has 15 versions (the current one holds 16 actions)."""
    monkeypatch.setattr(saves, "HISTORY_KEEP", 13)
    store = SaveStore(tmp_path / "saves")
    name = "anludim-20260101-000000-abcd"
    session = play("anludim", 0, store=store, save_name=name)
    bot = session.engine.bot("random", 1)
    for _ in range(16):
        seat = session.to_act()[0]
        session.apply(seat, bot.choose(session.view(seat), session.legal_actions(seat)))
    assert [g.actions for g in store.generations(name)] == list(range(16, 1, -1))
    return store, name


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800)])
def test_many_versions_scroll_at_a_readable_height_and_one_below_the_fold_is_restored(tmp_path, monkeypatch, size):
    import pygame

    from scenes.load import GEN_H
    from tests.ui_helpers import click, click_button, key, make_app

    store, name = _fifteen_versions(tmp_path, monkeypatch)
    app = make_app("fr", size=size)
    app.save_store = store
    click_button(app, "load")
    load = app.stack.top
    area = load.list_rect()
    click(app, (area.centerx, area.top + 30))
    click_button(app, "history")
    overlay = app.stack.top
    assert type(overlay).__name__ == "GenerationsOverlay" and len(overlay.items) == 15
    shown = overlay.visible()
    rows = overlay.rows_rect()
    assert overlay.scrollable() and 6 <= shown < 15 and rows.height == shown * GEN_H  # rows never shrink
    assert overlay.box().bottom <= size[1] and overlay.buttons["restore"].rect.top >= rows.bottom + 20
    assert overlay.top == 0 and overlay.bar_rect().height > 0
    _wheel(app, -2)
    assert overlay.top == 2
    _wheel(app, 1)
    assert overlay.top == 1
    _wheel(app, -30)
    assert overlay.top == 15 - shown  # no further than the last row
    _wheel(app, 30)
    assert overlay.top == 0
    # the 4-action version, row 12, is below the fold: scroll, then click it
    below = next(i for i, g in enumerate(overlay.items) if g.actions == 4)
    assert below >= shown
    _wheel(app, -(below - shown + 1))
    row_y = rows.top + (below - overlay.top) * GEN_H + GEN_H // 2
    assert rows.top <= row_y < rows.bottom
    click(app, (rows.centerx, row_y))
    assert overlay.selected == below and overlay.buttons["restore"].is_enabled
    # keys move the selection and keep it in sight
    key(app, pygame.K_HOME)
    assert overlay.selected == 0 and overlay.top == 0
    key(app, pygame.K_END)
    assert overlay.selected == 14 and overlay.top == 15 - shown
    key(app, pygame.K_PAGEUP)
    assert overlay.selected == 14 - (shown - 1) and overlay.top <= overlay.selected
    for _ in range(3):
        key(app, pygame.K_UP)
    assert overlay.top == overlay.selected
    # the scrollbar: drag the thumb to the bottom, then click the track above it
    thumb = overlay.thumb_rect()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": thumb.center, "button": 1}))
    bottom = (thumb.centerx, overlay.bar_rect().bottom + 40)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": bottom, "rel": (0, 40), "buttons": (1, 0, 0)}))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, {"pos": bottom, "button": 1}))
    key(app, pygame.K_UNKNOWN)
    assert overlay.top == 15 - shown and overlay.bar.grab is None
    click(app, (thumb.centerx, overlay.bar_rect().top + 2))
    assert overlay.top == max(0, 15 - shown - (shown - 1))
    # back to the version below the fold, and restore it
    _wheel(app, -30)
    click(app, (rows.centerx, rows.top + (below - overlay.top) * GEN_H + GEN_H // 2))
    assert overlay.items[overlay.selected].actions == 4
    click_button(app, "restore")
    assert app.stack.top is load and len(store.read(name)["actions"]) == 4
    assert app.tr("load.restored", n=4) in app.toasts.texts()
    assert max(g.actions for g in store.generations(name)) == 16  # the longer game is kept
    assert app.errors_logged == 0


def test_the_versions_overlay_restores_with_enter_and_draws_in_english(tmp_path, monkeypatch):
    import pygame

    from tests.ui_helpers import click, click_button, key, make_app

    store, name = _fifteen_versions(tmp_path, monkeypatch)
    app = make_app("en", size=(1024, 700))
    app.save_store = store
    click_button(app, "load")
    area = app.stack.top.list_rect()
    click(app, (area.centerx, area.top + 30))
    click_button(app, "history")
    overlay = app.stack.top
    key(app, pygame.K_END)
    key(app, pygame.K_RETURN)
    assert app.stack.top is not overlay and len(store.read(name)["actions"]) == 2
    assert "Version restored (2 actions)." in app.toasts.texts() and app.errors_logged == 0


@pytest.mark.parametrize("choice, kind", [("yes", "strongest"), ("no", "human")])
def test_an_unknown_bot_kind_offers_a_known_bot_or_a_person(tmp_path, choice, kind, monkeypatch):
    """Yes seats the game's strongest bot (Gorges' campaign captain), No a person."""
    import rules
    from game import catalog
    from scenes.table import TableScene
    from tests.ui_helpers import click, click_button, make_app

    monkeypatch.setattr(catalog, "table_class", lambda gid: TableScene)
    store = SaveStore(tmp_path / "saves")
    save = play("gorges", 4).to_save()
    save["seats"][1]["kind"] = "deep-blue"
    store.write(save, "gorges-20260101-000000-abcd")
    app = make_app("en")
    app.save_store = store
    click_button(app, "load")
    area = app.stack.top.list_rect()
    click(app, (area.centerx, area.top + 30))
    click_button(app, "load")
    ask = app.stack.top
    assert type(ask).__name__ == "ConfirmOverlay" and "deep-blue" in ask.message
    click_button(app, choice)
    table = next(s for s in app.stack.scenes if isinstance(s, TableScene))
    expected = rules.engine("gorges").bots[-1] if kind == "strongest" else kind
    assert table.session.seats[1].kind == expected and app.errors_logged == 0


def test_fit_and_wrap_stay_cheap_on_a_one_megabyte_name():
    from scenes import ui
    from tests.ui_helpers import make_app

    make_app("en", menu=False)
    name = "N" * 1_000_000
    short = ui.fit(name, 300, 20)
    assert short.endswith("…") and ui.font(20).size(short)[0] <= 300
    lines = ui.wrap("Pass to " + name, 400, 20)
    assert all(ui.font(20).size(line)[0] <= 400 for line in lines) and sum(map(len, lines)) <= ui.MAX_WRAPPED


@pytest.mark.parametrize(("lang", "size"), [("fr", (1024, 700)), ("en", (1280, 800))])
def test_each_version_has_its_own_name_and_its_details_clear_of_it(tmp_path, monkeypatch, lang, size):
    """Older versions are counted back ("2 versions avant", "14 versions back"), not all called
    "Plus ancienne" (read as "the oldest"); the details start past the widest name."""
    import pygame

    from scenes import ui
    from scenes.load import GenerationsOverlay, LoadScene
    from tests.ui_helpers import key, make_app, settle

    store, name = _fifteen_versions(tmp_path, monkeypatch)
    app = make_app(lang, size=size)
    app.save_store = store
    load = LoadScene(app)
    app.stack.push(load)
    overlay = GenerationsOverlay(app, load, name)
    app.stack.push(overlay)
    settle(app)
    labels = [overlay.label(i) for i in range(len(overlay.items))]
    assert len(set(labels)) == len(labels) and labels[2] == app.tr("load.generation.older", n=2)
    key(app, pygame.K_END)  # the longest names ("14 versions avant") shown
    drawn: list[tuple[str, pygame.Rect]] = []
    real = ui.text
    monkeypatch.setattr(ui, "text", lambda surface, value, *a, **k: drawn.append((value, real(surface, value, *a, **k)))
                        or drawn[-1][1])
    app.render()
    shown = {value: rect for value, rect in drawn}
    for i in range(overlay.top, overlay.top + overlay.visible()):
        label = shown[labels[i]]
        detail = next(rect for value, rect in drawn if value.endswith(app.tr("load.actions", n=overlay.items[i].actions))
                      and rect.centery == label.centery)
        assert label.right + 8 <= detail.left, (labels[i], label, detail)
