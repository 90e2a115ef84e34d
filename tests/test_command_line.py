"""The command line's shared rules: global options anywhere, checked game options, clean errors."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

import main

ROOT = Path(__file__).resolve().parent.parent


def _main(*args, timeout=120):
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True,
                          text=True, timeout=timeout)


@pytest.mark.parametrize("argv", [["--content", "D", "--json", "check-content", "anludim"],
                                  ["check-content", "anludim", "--content", "D", "--json"],
                                  ["--json", "check-content", "--content=D", "anludim"]])
def test_global_options_are_taken_wherever_they_stand(argv):
    rest, found = main.hoist_globals(argv)
    assert rest == ["check-content", "anludim"]
    assert found == {"content": "D", "json": True}


def test_content_before_the_subcommand_is_the_content_checked(tmp_path):
    (tmp_path / "anludim").mkdir()
    before = _main("--content", str(tmp_path), "--json", "check-content", "anludim")
    after = _main("check-content", "anludim", "--json", "--content", str(tmp_path))
    assert before.returncode == after.returncode == 1
    assert json.loads(before.stdout) == json.loads(after.stdout)
    assert json.loads(before.stdout)["count"] > 0  # the empty copy was checked, not content/


@pytest.mark.parametrize("args, says", [
    (("--option", "foo=1"), "valid options: expert"),
    (("--option", "expert=maybe"), "valid values: true, false"),
])
def test_unknown_option_key_or_value_exits_2_naming_the_valid_ones(args, says):
    done = _main("simulate", "anludim", "--games", "1", *args)
    assert done.returncode == 2 and says in done.stderr and "Traceback" not in done.stderr


def test_a_known_option_is_passed_on():
    done = _main("simulate", "anludim", "--games", "1", "--option", "expert=true", "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["options"] == {"expert": True}


@pytest.mark.parametrize("command", ["bench", "check-content", "simulate anludim"])
def test_a_missing_content_folder_exits_2_with_a_clean_message(command):
    done = _main(*command.split(), "--content", "/nonexistent")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip() == "--content /nonexistent: no such folder (expected a copy of content/)"


def test_screenshot_help_lists_its_scenes():
    done = _main("screenshot", "--help")
    assert done.returncode == 0
    for name in ("menu", "new_game", "end", "anludim_table", "gorges_table"):
        assert f"\n  {name}\n" in done.stdout


def test_the_app_takes_one_games_folder_as_every_command_does(tmp_path):
    """`python main.py --content DIR` with a copy of one game's folder (any name): that game reads
    it, every other game the shipped content, and the menu shows and opens that folder. A copy of
    content/ is used as is; a folder of no game's files is refused with a sentence (exit 2)."""
    import shutil

    import yaml

    from game.content import CONTENT_ROOT
    from game.lab import app_content_root
    from tests.ui_helpers import make_app

    mine = tmp_path / "anl-tweak"
    shutil.copytree(CONTENT_ROOT / "anludim", mine)
    rules_file = mine / "rules.yaml"
    data = yaml.safe_load(rules_file.read_text(encoding="utf-8"))
    key = next(k for k, v in data.items() if isinstance(v, int) and not isinstance(v, bool))
    data[key] += 1
    rules_file.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    root, game = app_content_root(str(mine))
    assert game == "anludim" and Path(root, "anludim").resolve() == mine.resolve()
    app = make_app("en")
    app.content_root, app.content_folder = root, str(mine)
    assert getattr(app.content("anludim").rules, key) == data[key]  # the designer's tweak
    for other in ("amadrim", "guildes", "ambre", "gorges"):
        assert app.content(other) is not None
    assert app.stack.top.content_folder() == mine
    named = tmp_path / "anludim"  # a folder named after its game
    shutil.copytree(CONTENT_ROOT / "anludim", named)
    assert app_content_root(str(named))[1] == "anludim"
    assert app_content_root(str(CONTENT_ROOT)) == (str(CONTENT_ROOT.resolve()), None)
    stray = tmp_path / "stray"
    stray.mkdir()
    (stray / "notes.yaml").write_text("a: 1\n", encoding="utf-8")
    with pytest.raises(ValueError, match="one game's folder"):
        app_content_root(str(stray))
    done = subprocess.run([sys.executable, str(Path(main.__file__)), "--content", str(stray)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and "one game's folder" in done.stderr and "Traceback" not in done.stderr
