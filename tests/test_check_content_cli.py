"""`python main.py check-content`: 0 on the shipped content; located problems and 1 on a broken copy."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import rules

ROOT = Path(__file__).resolve().parent.parent


def _run(*args):
    return subprocess.run([sys.executable, str(ROOT / "main.py"), "check-content", *args],
                          capture_output=True, text=True, timeout=120)


def test_shipped_content_is_clean():
    done = _run("--json")
    assert done.returncode == 0, done.stdout
    report = json.loads(done.stdout)
    assert report["count"] == 0 and set(report["games"]) == set(rules.IMPLEMENTED)


@pytest.mark.parametrize("game", rules.IMPLEMENTED)
def test_a_broken_copy_gives_located_problems_and_exit_1(game, tmp_path):
    shutil.copytree(ROOT / "content", tmp_path / "content")
    files = sorted((tmp_path / "content" / game).glob("*.yaml"))
    first, last = files[0], files[-1]
    lines = first.read_text(encoding="utf-8").splitlines()
    first.write_text("\n".join(lines + ["bogus_key_for_the_test: 1"]) + "\n", encoding="utf-8")
    last.write_text(last.read_text(encoding="utf-8") + "\nbroken: [1, 2\n", encoding="utf-8")
    done = _run(game, "--content", str(tmp_path / "content"))
    assert done.returncode == 1
    assert "Traceback" not in done.stdout + done.stderr
    out = done.stdout.splitlines()
    assert f"{game}/{first.name}:{len(lines) + 1}:1: bogus_key_for_the_test: unknown key " \
           f"'bogus_key_for_the_test'" in out
    assert any(line.startswith(f"{game}/{last.name}:") and "bracket or brace is never closed" in line for line in out)


def test_unknown_game_is_a_command_line_error():
    assert _run("chess").returncode == 2


def test_a_copy_of_one_games_folder_is_checked_as_simulate_and_replay_read_it(tmp_path):
    """`--content` may be a copy of content/ or of one game's folder (any name), for every command."""
    folder = tmp_path / "my-variant"
    shutil.copytree(ROOT / "content" / "anludim", folder)
    done = _run("anludim", "--content", str(folder))
    assert done.returncode == 0, done.stdout + done.stderr
    (folder / "rules.yaml").write_text((folder / "rules.yaml").read_text(encoding="utf-8") + "\nbogus: 1\n",
                                       encoding="utf-8")
    done = _run("anludim", "--content", str(folder))
    assert done.returncode == 1 and "rules.yaml:" in done.stdout and "bogus" in done.stdout
