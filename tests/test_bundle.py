"""One-folder bundles (game/bundle.py, game/package.py): the user's editable copy of content/,
the designer's "open the YAML folder" button, the OS opener, and the build's command and icons."""

from __future__ import annotations

import struct
import sys
from pathlib import Path

import pytest

from game import app as app_module
from game import bundle, package, paths
from scenes.menu import MainMenu
from tests.ui_helpers import click_button, make_app

ROOT = Path(__file__).resolve().parent.parent


def test_first_start_copies_every_game_and_later_starts_keep_the_designers_edits(tmp_path):
    target = tmp_path / "content"
    assert bundle.prepare_user_content(target=target) == target
    shipped = sorted(p.name for p in bundle.SHIPPED.iterdir() if p.is_dir())
    assert sorted(p.name for p in target.iterdir()) == shipped
    cards = next((target / "anludim").glob("*.yaml"))
    assert cards.read_bytes() == (bundle.SHIPPED / "anludim" / cards.name).read_bytes()
    cards.write_text("# a designer's edit\n", encoding="utf-8")
    assert bundle.prepare_user_content(target=target) == target
    assert cards.read_text(encoding="utf-8") == "# a designer's edit\n"


def test_a_deleted_game_folder_comes_back_from_the_shipped_content(tmp_path):
    target = tmp_path / "content"
    bundle.prepare_user_content(target=target)
    import shutil

    shutil.rmtree(target / "gorges")
    (target / "gorges.partial").mkdir()  # left by a start that was interrupted mid-copy
    bundle.prepare_user_content(target=target)
    assert (target / "gorges" / "README.md").is_file() and not (target / "gorges.partial").exists()


def test_an_unwritable_copy_falls_back_to_the_shipped_content(tmp_path):
    blocker = tmp_path / "content"
    blocker.write_text("not a folder", encoding="utf-8")
    assert bundle.prepare_user_content(target=blocker) is None


def test_the_copy_lives_in_the_user_data_folder():
    assert paths.user_content_dir() == paths.home() / "content"  # GUILDHALL_HOME under the tests


@pytest.mark.parametrize("frozen", [True, False])
def test_a_bundle_plays_the_users_copy_and_a_checkout_its_own_content(monkeypatch, frozen):
    seen = []
    monkeypatch.setattr(sys, "frozen", frozen, raising=False)
    monkeypatch.setattr(app_module.App, "run", lambda self: seen.append(self.content_root) or 0)
    assert app_module.run_app() == 0
    assert seen == [paths.user_content_dir() if frozen else None]


def _designer_menu(lang: str):
    app = make_app(lang, menu=False)
    app.settings.designer_mode = True
    app.start()
    for _ in range(3):
        app.step()
    assert isinstance(app.stack.top, MainMenu)
    return app


def test_the_designer_menu_opens_the_content_folder(monkeypatch):
    opened = []
    monkeypatch.setattr(bundle, "open_folder", lambda path: opened.append(path) or True)
    app = _designer_menu("fr")
    assert app.stack.top.buttons["open_content"].text == "Ouvrir le dossier YAML"
    click_button(app, "open_content")
    assert opened == [bundle.SHIPPED]


def test_when_no_opener_works_the_menu_says_where_the_folder_is(monkeypatch):
    monkeypatch.setattr(bundle, "open_folder", lambda path: False)
    app = _designer_menu("en")
    click_button(app, "open_content")
    assert any(str(bundle.SHIPPED) in t.text for t in app.toasts.items)


def test_players_do_not_see_the_button():
    app = make_app("en")
    assert "open_content" not in app.stack.top.buttons


def test_open_folder_uses_the_desktops_opener(monkeypatch, tmp_path):
    import shutil
    import subprocess

    started = []
    monkeypatch.setattr(bundle.sys, "platform", "linux")
    monkeypatch.setattr(shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr(subprocess, "Popen", lambda argv, **kw: started.append(argv))
    assert bundle.open_folder(tmp_path) is True
    assert started == [["xdg-open", str(tmp_path)]]
    monkeypatch.setattr(bundle.sys, "platform", "darwin")
    assert bundle.open_folder(tmp_path) and started[-1] == ["open", str(tmp_path)]
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert bundle.open_folder(tmp_path) is False


def test_the_build_bundles_content_strings_theme_and_every_package(tmp_path):
    cmd = package.command(tmp_path / "dist", tmp_path / "work", None)
    pairs = [cmd[i + 1] for i, arg in enumerate(cmd) if arg == "--add-data"]
    assert {p.rsplit(":", 1)[-1] if ":" in p else p for p in pairs} >= {"content", "game/strings", "scenes"}
    collected = {cmd[i + 1] for i, arg in enumerate(cmd) if arg == "--collect-submodules"}
    assert collected == {"game", "rules", "scenes", "sprites"}
    assert cmd[-1] == str(ROOT / "main.py") and "--onedir" in cmd and "--windowed" in cmd
    assert "pygame_gui/data/NotoSans-Regular.ttf" in package.REQUIRED  # no silent Font(None)


def test_the_windows_icon_is_an_ico_of_three_pngs(tmp_path, monkeypatch):
    monkeypatch.setattr(package.sys, "platform", "win32")
    data = package.write_icon(tmp_path).read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind, count) == (0, 1, 3)
    for i in range(count):
        width, _, _, _, _, _, size, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i: 22 + 16 * i])
        assert data[offset: offset + 8] == b"\x89PNG\r\n\x1a\n" and offset + size <= len(data)
        assert width in (48, 128, 0)


def test_the_macos_icon_is_an_icns_of_pngs(tmp_path, monkeypatch):
    monkeypatch.setattr(package.sys, "platform", "darwin")
    data = package.write_icon(tmp_path).read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    assert data[8:12] == b"ic07" and data[16:24] == b"\x89PNG\r\n\x1a\n"


def test_package_without_pyinstaller_says_how_to_get_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "PyInstaller", None)
    import main

    assert main.main(["package"]) == 2
    assert "setup --dev" in capsys.readouterr().err


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800), (1920, 1080)])
def test_the_designer_line_and_the_side_buttons_do_not_overlap(monkeypatch, size):
    import scenes.ui as ui

    app = make_app("fr", size=size, menu=False)
    app.settings.designer_mode = True
    app.content_root = "/home/someone/" + "a-long-folder/" * 8 + "content"
    app.start()
    for _ in range(3):
        app.step()
    drawn = []
    real = ui.text
    monkeypatch.setattr(ui, "text", lambda surface, value, *a, **k: drawn.append((value, real(surface, value, *a, **k))))
    app.stack.top.invalidate()  # the backdrop layer is cached: draw it again
    app.render()
    line = next(rect for value, rect in drawn if "F5" in value and "…" in value)
    menu = app.stack.top
    assert all(not line.colliderect(b.rect) for b in menu.buttons.values())
    assert line.bottom <= size[1] and line.left >= 0 and line.right <= size[0]
