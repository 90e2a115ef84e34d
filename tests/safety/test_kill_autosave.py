"""A subprocess killed with SIGKILL at random moments while it autosaves (≥ 50 kills) never loses an
applied action and never leaves a corrupt newest generation (issue 12)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.saves import SaveStore

WORKER = Path(__file__).with_name("autosave_worker.py")
KILLS = 50


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_sigkill_during_autosave_never_loses_an_applied_action(tmp_path):
    rng = random.Random(12)
    store = SaveStore(tmp_path / "saves")
    kills = games = 0
    name = "anludim-kill-0"
    while kills < KILLS:
        child = subprocess.Popen([sys.executable, str(WORKER), str(store.folder), name, str(games)],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert child.stdout is not None
        first = child.stdout.readline()
        assert first.startswith("start"), child.stderr.read() if child.stderr else first
        started = int(first.split()[1])
        wanted = rng.randrange(1, 12)
        seen = started
        for _ in range(wanted):
            line = child.stdout.readline().strip()
            if not line or line == "over" or line.startswith("error"):
                break
            seen = int(line)
        time.sleep(rng.random() * 0.004)  # somewhere in the next action or its autosave
        child.send_signal(signal.SIGKILL)
        rest, _ = child.communicate()
        acknowledged = [int(v) for v in rest.split() if v.isdigit()]
        seen = max([seen, *acknowledged])
        assert "error" not in rest, rest
        kills += child.returncode == -signal.SIGKILL
        save = store.read(name)  # the newest generation is never corrupt
        assert len(save["actions"]) >= seen, (kills, len(save["actions"]), seen)
        assert all(g.error is None for g in store.generations(name)[:2])
        if "over" in rest or save["summary"]["over"]:
            games += 1
            name = f"anludim-kill-{games}"
    assert kills >= KILLS
