"""`main.py fuzz`: seeded random games with the protocol's invariants after every action (issue 12).

CI runs `CI_GAMES` games per engine (the full battery in one game out of ten, the cheap checks and
the exact replay in all); the figures for 10,000 games per engine are in the issue note."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import rules
from game import content, fuzz

ROOT = Path(__file__).resolve().parents[2]
CI_GAMES = int(os.environ.get("GUILDHALL_FUZZ_GAMES", "500"))


@pytest.mark.slow
@pytest.mark.parametrize("game", rules.IMPLEMENTED)
def test_ci_fuzz_finds_nothing(game):
    from game.simulate import default_workers

    result = fuzz.run(rules.engine(game), content.load(game), CI_GAMES, seed=2026, full_every=10,
                      workers=default_workers())
    assert result["failures"] == 0, result["failure_samples"]
    print(f"{game}: {CI_GAMES} games, {result['actions']} actions, {result['seconds']} s")


@pytest.mark.parametrize("game", rules.IMPLEMENTED)
def test_the_full_battery_after_every_action_or_every_twentieth(game):
    result = fuzz.run(rules.engine(game), content.load(game), 1, seed=7, check_every=1 if game == "anludim" else 20)
    assert result["failures"] == 0, result["failure_samples"]


def test_a_leaking_view_is_found(monkeypatch):
    from rules.anludim import view

    real = view.build

    def leaky(state, seat):
        out = real(state, seat)
        out["leak"] = [list(s.hand) for s in state.table.seats]
        return out

    monkeypatch.setattr(view, "build", leaky)
    result = fuzz.run(rules.engine("anludim"), content.load("anludim"), 2, seed=1)
    assert result["failures"] == 2
    assert "changed when others' secrets were reshuffled" in result["failure_samples"][0]["error"]


def test_a_game_reading_the_global_random_is_found(monkeypatch):
    from rules.anludim import view

    real = view.build
    monkeypatch.setattr(view, "build", lambda state, seat: dict(real(state, seat), luck=random.random()))
    with pytest.raises(fuzz.FuzzFailure, match="replay from the seed gave other views"):
        fuzz.play_one(rules.engine("anludim"), content.load("anludim"), 1, 3, full=False)


def test_fuzz_command_line():
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "fuzz", "gorges", "--games", "2", "--json"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["games"] == 2 and report["failures"] == 0 and report["actions"] > 0
    bad = subprocess.run([sys.executable, str(ROOT / "main.py"), "fuzz", "chess"], capture_output=True, text=True,
                         timeout=120)
    assert bad.returncode == 2


def test_the_same_run_whatever_the_number_of_workers():
    """Games spread over two processes give the same figures and findings as one process."""
    engine, loaded = rules.engine("gorges"), content.load("gorges")
    one = fuzz.run(engine, loaded, 6, seed=11, full_every=3, workers=1)
    two = fuzz.run(engine, loaded, 6, seed=11, full_every=3, workers=2)
    keys = ("games", "failures", "actions", "mean_actions", "failure_samples")
    assert {k: one[k] for k in keys} == {k: two[k] for k in keys}
    assert two["workers"] == 2 and one["actions"] > 0
