"""`simulate` and `bench` from the command line: the JSON fields of DESIGN.md, determinism, exit codes."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TIMINGS = {"actions_per_second", "elapsed_s"}


def _main(*args, timeout=300):
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True,
                          text=True, timeout=timeout)


@pytest.mark.parametrize("game, seats", [("anludim", "greedy,random,random"),
                                         ("amadrim", "greedy,random"), ("gorges", "random,random")])
def test_simulate_json_is_complete_and_reproducible(game, seats):
    args = ("simulate", game, "--games", "3", "--seed", "11", "--seats", seats, "--json")
    first, second = _main(*args), _main(*args)
    assert first.returncode == 0, first.stderr
    a, b = json.loads(first.stdout), json.loads(second.stdout)
    for field in ("game", "games", "seed", "seats", "wins", "draws", "errors", "mean_actions",
                  "actions_per_second"):
        assert field in a
    assert a["errors"] == 0 and sum(a["wins"]) + a["draws"] == 3
    assert {k: v for k, v in a.items() if k not in TIMINGS} == {k: v for k, v in b.items() if k not in TIMINGS}


@pytest.mark.parametrize("args", [("simulate", "anludim", "--seats", "random"),
                                  ("simulate", "anludim", "--seats", "random,wizard"),
                                  ("simulate", "nogame"), ("simulate", "anludim", "--games", "x"),
                                  ("screenshot", "nothing", "--out", "/tmp/x.png")])
def test_bad_command_lines_exit_2(args):
    done = _main(*args)
    assert done.returncode == 2 and "Traceback" not in done.stderr


def test_bench_json_has_the_fields_of_design_md():
    done = _main("bench", "--quick", "--json", timeout=600)
    assert done.returncode == 0, done.stderr
    r = json.loads(done.stdout)
    for field in ("startup_s", "bare_startup_s", "startup_ratio", "frames", "engines",
                  "python_chess_moves_per_second", "peak_rss_mb"):
        assert field in r
    assert r["python"]["version"].startswith("3.") and r["python"]["executable"]
    assert {"median_ms", "p95_ms"} <= set(r["frames"]["menu"])
    assert set(r["engines"]) >= {"anludim", "amadrim", "gorges"}
    assert all(e["actions_per_second"] > 0 and e["simulate_1000_s"] > 0 for e in r["engines"].values())
    assert all(e["chess_ratio"] > 0 for e in r["engines"].values())
