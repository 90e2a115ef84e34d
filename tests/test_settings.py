"""Settings and paths: defaults, round trip, GUILDHALL_HOME, and never crashing on a bad file."""

import json

import pytest

from game import paths
from game.settings import Settings, load_settings, settings_path


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    return tmp_path


def test_paths_honour_guildhall_home(home):
    assert paths.config_dir() == home / "config"
    assert paths.data_dir() == home / "saves" == paths.saves_dir()
    assert paths.log_dir() == home / "logs"
    assert settings_path() == home / "config" / "settings.json"


def test_paths_default_to_platform_dirs(monkeypatch):
    monkeypatch.delenv(paths.HOME_ENV, raising=False)
    for folder in (paths.config_dir(), paths.data_dir(), paths.log_dir()):
        assert "guildhall" in str(folder).lower()


def test_missing_file_gives_defaults(home):
    s = load_settings()
    assert s == Settings()
    assert (s.language, s.window_size, s.fullscreen) == ("fr", (1280, 800), False)
    assert (s.sand_timer_s, s.animation_speed, s.designer_mode) == (0, 1.0, False)


def test_round_trip_through_the_config_dir(home):
    s = Settings(language="en", window_size=(1600, 900), fullscreen=True, sand_timer_s=120,
                 animation_speed=2.5, designer_mode=True)
    written = s.save()
    assert written == home / "config" / "settings.json"
    assert load_settings() == s
    assert [p.name for p in written.parent.iterdir()] == ["settings.json"]  # no temp file left


def test_save_goes_back_where_it_was_loaded(tmp_path):
    target = tmp_path / "elsewhere" / "s.json"
    s = load_settings(target)
    s.language = "en"
    assert s.save() == target
    assert load_settings(target).language == "en"


@pytest.mark.parametrize("text", ["", "{", "null", "[1, 2]", "\x00\xff garbage", '"fr"'])
def test_corrupt_file_gives_defaults(home, text):
    settings_path().parent.mkdir(parents=True)
    settings_path().write_bytes(text.encode("latin-1"))
    assert load_settings() == Settings()


def test_bad_values_are_replaced_one_by_one_and_unknown_keys_ignored(home):
    settings_path().parent.mkdir(parents=True)
    settings_path().write_text(json.dumps({
        "language": "de", "window_size": [10, 10], "fullscreen": "yes", "sand_timer_s": 90,
        "animation_speed": -1, "designer_mode": True, "volume": 11,
    }))
    s = load_settings()
    assert s == Settings(sand_timer_s=90, designer_mode=True)


@pytest.mark.parametrize("size", [[1280], [1280, 800, 1], ["1280", 800], [True, 800], [1280.0, 800], "1280x800"])
def test_bad_window_sizes(size):
    assert Settings.from_json({"window_size": size}).window_size == (1280, 800)


@pytest.mark.parametrize("speed", [True, "fast", float("nan"), float("inf"), 0, 100])
def test_bad_animation_speeds(speed):
    assert Settings.from_json({"animation_speed": speed}).animation_speed == 1.0


def test_unreadable_folder_instead_of_file_gives_defaults(home):
    settings_path().mkdir(parents=True)
    assert load_settings() == Settings()


def test_interrupted_save_keeps_the_old_file(home, monkeypatch):
    import os

    Settings(language="en").save()

    def boom(*args):
        raise OSError("disk full")

    with monkeypatch.context() as patch, pytest.raises(OSError):
        patch.setattr(os, "replace", boom)
        Settings(language="fr", fullscreen=True).save()
    assert load_settings() == Settings(language="en")
    assert [p.name for p in settings_path().parent.iterdir()] == ["settings.json"]
