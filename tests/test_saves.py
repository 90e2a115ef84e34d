"""Saves: format round trip, atomic writes that survive interruption, damaged files, `.prev` recovery."""

import json
import os
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import atomic, paths, saves
from game.i18n import Strings
from game.saves import SaveError, SaveStore
from game.session import SeatInfo, Session
from tests.toygame import ENGINE

SEATS = [SeatInfo("Ana", 0), SeatInfo("Bo", 1, pin_hash="sha256$ab$00"), SeatInfo("Robot", 2, "random")]


class FakeClock:
    """A clock that moves one minute per reading."""

    def __init__(self):
        self.now = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)

    def __call__(self):
        self.now += timedelta(minutes=1)
        return self.now


def make_save(actions=4, seed=7):
    """A real save dict: a toy game played `actions` steps by its bots."""
    session = Session(ENGINE, None, "digest1", SEATS, seed)
    bot = ENGINE.bot("random", seed)
    for _ in range(actions):
        seat = session.state.to_act()[0]
        session.apply(seat, bot.choose(session.view(seat), session.state.legal_actions(seat)))
    return session.to_save()


@pytest.fixture
def store(tmp_path):
    return SaveStore(tmp_path / "saves", clock=FakeClock())


def files(folder):
    return sorted(p.name for p in Path(folder).iterdir())


# -- format ----------------------------------------------------------------------------------

def test_round_trip(store):
    save = make_save()
    store.write(save, "game1")
    back = store.read("game1")
    assert back == dict(save, saved_at="2026-01-02T03:05:05+00:00")
    for key in ("format", "app_version", "game", "content_digest", "seed", "seats", "options", "actions"):
        assert key in back
    assert back["actions"][0][0] == 0 and back["actions"][0][1]["type"] in ("play", "draw")


def test_file_is_plain_json_without_pins_in_clear(store):
    store.write(make_save(), "game1")
    data = json.loads((store.folder / "game1.json").read_text(encoding="utf-8"))
    assert data["seats"][1]["pin_hash"].startswith("sha256$")


def test_list_gives_load_screen_metadata(store):
    store.write(make_save(2), "a")
    store.write(make_save(5), "b")
    first, second = store.list()
    assert (first.name, second.name) == ("b", "a")  # newest first
    assert first.game == "toy" and first.actions == 5 and not first.corrupt
    assert [s["name"] for s in first.seats] == ["Ana", "Bo", "Robot"]
    assert first.seats[2]["kind"] == "random" and "pin_hash" not in first.seats[1]
    assert first.date == "2026-01-02T03:06:05+00:00"
    assert store.latest().name == "b"


def test_latest_skips_damaged_and_finished_games(store):
    store.write(make_save(2), "old")
    store.write(dict(make_save(3), summary={"actions": 3, "turn": None, "over": True}), "done")
    store.write(make_save(1), "broken")
    (store.folder / "broken.json").write_text("{", encoding="utf-8")
    assert store.latest().name == "old"


def test_empty_or_missing_folder(tmp_path):
    store = SaveStore(tmp_path / "nothing")
    assert store.list() == [] and store.latest() is None
    with pytest.raises(SaveError) as err:
        store.read("x")
    assert err.value.key == "session.saves.missing"


def test_default_folder_is_the_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    store = SaveStore()
    store.write(make_save(1), "auto")
    assert (tmp_path / "saves" / "auto.json").is_file()


def test_delete_removes_both_generations(store):
    store.write(make_save(1), "x")
    store.write(make_save(2), "x")
    store.write(make_save(1), "keep")
    store.delete("x")
    assert files(store.folder) == ["keep.json"]
    store.delete("x")  # deleting twice is fine


@pytest.mark.parametrize("name", ["", "../evil", "a/b", "a\\b", ".hidden", "x.prev", " pad", "a:b", "a\nb"])
def test_bad_names_are_refused(store, name):
    with pytest.raises(SaveError) as err:
        store.write(make_save(1), name)
    assert err.value.key == "session.saves.bad_name"


def test_make_name():
    when = datetime(2026, 1, 2, 3, 4, 5)
    assert saves.make_name("anludim", when, "7f3a") == "anludim-20260102-030405-7f3a"
    names = {saves.make_name("anludim", when) for _ in range(50)}  # same game, same second
    assert len(names) > 40 and all(saves.check_name(n) == n for n in names)


def test_nothing_unreadable_is_ever_written(store):
    bad = make_save(1)
    bad["actions"].append(["not a seat", {}])
    with pytest.raises(SaveError):
        store.write(bad, "x")
    assert not store.folder.exists() or files(store.folder) == []


# -- generations -------------------------------------------------------------------------------

def test_previous_generation_is_kept(store):
    one, two = make_save(1), make_save(2)
    store.write(one, "g")
    assert files(store.folder) == ["g.json"]
    store.write(two, "g")
    assert files(store.folder) == ["g.json", "g.prev.json"]
    assert store.read("g")["actions"] == two["actions"]
    assert store.read("g", previous=True)["actions"] == one["actions"]


def test_damaged_current_is_not_rotated_over_a_good_previous(store):
    store.write(make_save(1), "g")
    store.write(make_save(2), "g")
    (store.folder / "g.json").write_bytes(b"\x00\x00")
    store.write(make_save(3), "g")
    assert len(store.read("g", previous=True)["actions"]) == 1
    assert len(store.read("g")["actions"]) == 3


def test_damaged_current_offers_the_previous_generation(store):
    store.write(make_save(1), "g")
    store.write(make_save(2), "g")
    store.write(make_save(3), "other")
    blob = (store.folder / "g.json").read_bytes()
    (store.folder / "g.json").write_bytes(blob[: len(blob) // 2])
    entries = {e.name: e for e in store.list()}
    g = entries["g"]
    assert g.corrupt and g.error.key == "session.saves.truncated" and g.prev_ok
    assert g.actions == 1 and g.game == "toy"
    assert not entries["other"].corrupt
    restored = store.restore_previous("g")
    assert store.read("g") == restored and len(restored["actions"]) == 1


def test_lone_previous_generation_is_listed(store):
    store.write(make_save(1), "g")
    store.write(make_save(2), "g")
    os.unlink(store.folder / "g.json")
    (entry,) = store.list()
    assert entry.name == "g" and entry.error.key == "session.saves.missing" and entry.prev_ok


# -- damaged files -------------------------------------------------------------------------------

DAMAGE = {
    "empty": (b"", "session.saves.empty"),
    "blank": (b"  \n", "session.saves.empty"),
    "garbage": (b"\x89PNG\r\n\x1a\n\x00\x00", "session.saves.garbage"),
    "not json": (b"format: 1\nactions: []\n", "session.saves.garbage"),
    "truncated": (b'{"format": 1, "actions": [[0, {"type": "dr', "session.saves.truncated"),
    "a list": (b"[1, 2, 3]", "session.saves.not_a_save"),
    "settings file": (b'{"language": "fr"}', "session.saves.not_a_save"),
    "deep nesting": (b"[" * 100000, "session.saves.garbage"),
    "deep and closed": (b"[" * 100000 + b"]" * 100000, "session.saves.garbage"),
}


@pytest.mark.parametrize("case", sorted(DAMAGE))
def test_damaged_file_is_flagged_and_others_still_load(store, case):
    blob, key = DAMAGE[case]
    store.write(make_save(2), "good")
    store.folder.joinpath("bad.json").write_bytes(blob)
    with pytest.raises(SaveError) as err:
        store.read("bad")
    assert err.value.key == key
    entries = {e.name: e for e in store.list()}
    assert entries["bad"].corrupt and entries["bad"].error.key == key and not entries["bad"].prev_ok
    assert not entries["good"].corrupt
    assert Session.from_save(store.read("good"), ENGINE, None, "digest1").actions
    assert store.latest().name == "good"


def wrong_schema_cases():
    base = make_save(2)
    yield "newer format", dict(base, format=saves.FORMAT + 1), "session.saves.newer_format"
    for key in ("game", "seed", "seats", "options", "content_digest", "app_version"):
        yield f"no {key}", {k: v for k, v in base.items() if k != key}, "session.saves.bad_field"
    yield "seed text", dict(base, seed="7"), "session.saves.bad_field"
    yield "seed bool", dict(base, seed=True), "session.saves.bad_field"
    yield "no seats", dict(base, seats=[]), "session.saves.bad_field"
    yield "seat no name", dict(base, seats=[{"colour": 0, "kind": "human"}]), "session.saves.bad_field"
    yield "action seat out of range", dict(base, actions=[[9, {"type": "draw"}]]), "session.saves.bad_field"
    yield "action not a pair", dict(base, actions=[[0]]), "session.saves.bad_field"
    yield "reveals bad", dict(base, reveals=[[0, 0, 0]]), "session.saves.bad_field"
    yield "extras not a dict", dict(base, extras=[]), "session.saves.bad_field"


@pytest.mark.parametrize("label,data,key", list(wrong_schema_cases()), ids=lambda v: v if isinstance(v, str) else "")
def test_wrong_schema(store, label, data, key):
    store.folder.mkdir(parents=True)
    store.folder.joinpath("w.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError) as err:
        store.read("w")
    assert err.value.key == key
    (entry,) = store.list()
    assert entry.corrupt and entry.error.key == key


def test_every_save_error_key_has_both_texts():
    strings = {lang: Strings(lang) for lang in ("fr", "en")}
    source = "".join((Path(saves.__file__).parent / f).read_text(encoding="utf-8")
                     for f in ("saves.py", "session.py", "timer.py"))
    import re
    keys = set(re.findall(r'"(session\.[a-z_]+\.[a-z_]+)"', source))
    assert len(keys) > 10
    for key in keys:
        for lang, s in strings.items():
            assert s.has(key), key
            assert s.tr(key) != key, (lang, key)


def test_error_renders_in_the_players_language():
    err = SaveError("session.saves.missing", name="x")
    assert Strings("en").render(err.to_json()) == 'The save "x" cannot be found.'
    assert "introuvable" in Strings("fr").render(err.to_json())


# -- atomicity ------------------------------------------------------------------------------------

class Boom(OSError):
    """A simulated failure of the disk or the OS (disk full, I/O error, power cut)."""


def _count_calls(monkeypatch, module, name, fail_at):
    """Make `module.name` raise Boom on its `fail_at`-th call (1-based)."""
    real = getattr(module, name)
    calls = {"n": 0}

    def wrapper(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == fail_at:
            raise Boom(name)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, wrapper)
    return calls


def _assert_old_intact(store, old, other):
    assert store.read("g")["actions"] == old["actions"]
    assert store.read("other")["actions"] == other["actions"]
    assert not [n for n in files(store.folder) if n.endswith(atomic.TEMP_SUFFIX)]
    assert {e.name for e in store.list() if not e.corrupt} == {"g", "other"}


@pytest.mark.parametrize("step", ["replace", "fsync"])
@pytest.mark.parametrize("fail_at", [1, 2, 3, 4, 5])
def test_interrupted_os_call_keeps_old_save(store, monkeypatch, step, fail_at):
    old, other, new = make_save(1), make_save(3, seed=9), make_save(5)
    store.write(old, "g")
    store.write(other, "other")
    with monkeypatch.context() as patch:
        _count_calls(patch, os, step, fail_at)
        try:
            store.write(new, "g")
        except Boom:
            _assert_old_intact(store, old, other)
        else:  # the failing call came after the write was complete
            assert store.read("g")["actions"] == new["actions"]
    store.write(new, "g")  # and the next write works
    assert store.read("g")["actions"] == new["actions"]


@settings(max_examples=40, deadline=None)
@given(which=st.integers(1, 2), cut=st.floats(0, 1, exclude_max=True))
def test_write_interrupted_mid_file_keeps_old_save(which, cut):
    """Any write (the .prev copy or the new file) dying after any number of bytes."""
    old, other, new = make_save(1), make_save(3, seed=9), make_save(5)
    with tempfile.TemporaryDirectory() as folder:
        store = SaveStore(folder, clock=FakeClock())
        store.write(old, "g")
        store.write(other, "other")
        real = atomic._write_all
        calls = {"n": 0}

        def partial(handle, data):
            calls["n"] += 1
            if calls["n"] == which:
                handle.write(data[: int(len(data) * cut)])
                raise Boom("disk full")
            real(handle, data)

        atomic._write_all = partial
        try:
            with pytest.raises(Boom):
                store.write(new, "g")
        finally:
            atomic._write_all = real
        _assert_old_intact(store, old, other)


def test_crash_leaving_a_truncated_temp_file(store):
    """A process killed mid-write leaves `.g.json.XXXX.tmp`: it is ignored, then cleaned up."""
    old, new = make_save(1), make_save(4)
    store.write(old, "g")
    blob = saves.encode(new)
    (store.folder / ".g.json.abc123.tmp").write_bytes(blob[: len(blob) // 3])
    assert [e.name for e in store.list()] == ["g"]
    assert store.read("g")["actions"] == old["actions"]
    store.write(new, "g")
    assert files(store.folder) == ["g.json", "g.prev.json"]


# -- properties ------------------------------------------------------------------------------------

SAMPLE = saves.encode(dict(make_save(6), saved_at="2026-01-02T03:04:05+00:00",
                           seats=[s.to_json() for s in [SeatInfo("Zoé ✨", 0), SeatInfo("Bo", 1)]],
                           actions=[[0, {"type": "play", "card": 10}], [1, {"type": "draw"}]]))


@settings(max_examples=300, deadline=None)
@given(cut=st.integers(0, len(SAMPLE) - 2))
def test_any_truncation_is_reported_as_truncated(cut):
    with pytest.raises(SaveError) as err:
        saves.decode(SAMPLE[:cut])
    assert err.value.key == ("session.saves.empty" if cut == 0 else "session.saves.truncated")


@settings(max_examples=300, deadline=None)
@given(blob=st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_random_bytes_never_crash(blob):
    try:
        saves.decode(blob)
    except SaveError as err:
        assert err.key.startswith("session.saves.")


@settings(max_examples=200, deadline=None)
@given(pos=st.integers(0, len(SAMPLE) - 2), byte=st.integers(0, 255))
def test_a_flipped_byte_never_crashes(pos, byte):
    blob = SAMPLE[:pos] + bytes([byte]) + SAMPLE[pos + 1:]
    try:
        data = saves.decode(blob)
    except SaveError as err:
        assert err.key.startswith("session.saves.")
    else:
        assert saves.validate(data) is data


def test_listing_again_never_shows_a_stale_summary(store):
    """The load screen's summaries are remembered by the files' bytes: a file changed in place,
    even to the same size within the same clock tick, is read anew."""
    store.write(make_save(3), "g")
    assert store.entry("g").actions == 3 and not store.entry("g").corrupt
    path = store.path("g")
    blob = path.read_bytes()
    path.write_bytes(blob.replace(b'"format": 1', b'"format": 9'))  # same size, newer format
    assert store.entry("g").error.key == "session.saves.newer_format"
    path.write_bytes(blob.replace(b'"game": "toy"', b'"game": "yot"'))
    assert not store.entry("g").corrupt and store.entry("g").game == "yot"
    path.write_bytes(blob)
    assert store.entry("g").game == "toy"
    errors = [store.entry("g") for _ in range(3) if path.write_bytes(b"{") or True]
    assert all(e.error.key == "session.saves.truncated" for e in errors)
    assert errors[0].error is not errors[1].error  # each listing gets its own error object


def test_saving_the_same_game_again_makes_no_new_version(store):
    """'Save and quit' right after the autosave: the same game, only the time differs. It makes no
    version ("Actuelle" and "Précédente" both read "Manche 1 · 4 actions" a few seconds apart);
    anything else that changed (an action, a note) still does."""
    save = make_save()
    for _ in range(3):  # the clock moves a minute at each write
        store.write(dict(save), "g")
    assert [g.id for g in store.generations("g")] == ["current"]
    store.write(dict(save, extras={"notes": [{"action": 0, "log": 0, "text": "x", "seat": None}]}), "g")
    store.write(make_save(actions=5), "g")
    assert [g.actions for g in store.generations("g")] == [5, 4, 4]  # the note's version, then the first
