"""`simulate` gives the same figures whatever the number of worker processes."""

import json
import subprocess
import sys
from pathlib import Path

from game.simulate import Plan, play_records

ROOT = Path(__file__).resolve().parent.parent
TIMINGS = {"actions_per_second", "elapsed_s", "workers"}


def test_one_and_two_workers_give_the_same_records():
    plan = Plan(engine="gorges", seats=("random", "random", "random"), games=6, seed=4, rotate=True)
    assert play_records(plan, workers=1) == play_records(plan, workers=2)


def test_simulate_json_is_the_same_with_one_or_two_workers():
    def run(workers):
        done = subprocess.run([sys.executable, str(ROOT / "main.py"), "simulate", "anludim", "--games", "6",
                               "--seats", "greedy,random", "--rotate", "--workers", str(workers), "--json"],
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        assert done.stderr == ""  # no progress bar with --json
        return {k: v for k, v in json.loads(done.stdout).items() if k not in TIMINGS}

    one, two = run(1), run(2)
    assert one == two
    assert one["stats"]["bots"]["greedy"]["n"] == 6 and one["rotate"] is True


def test_progress_is_reported_and_a_run_can_be_cancelled():
    plan = Plan(engine="tests.coingame:ENGINE", seats=("pass", "pass"), games=50, seed=1, content={"p": 0.5})
    seen = []
    records = play_records(plan, 1, progress=lambda done, total: seen.append((done, total)),
                           cancelled=lambda: len(seen) >= 5)
    assert seen == [(i, 50) for i in range(1, 6)] and len(records) == 5
    seen.clear()
    records = play_records(plan, 2, progress=lambda done, total: seen.append((done, total)),
                           cancelled=lambda: bool(seen))
    assert seen and all(total == 50 for _done, total in seen) and len(records) <= 50
    assert [r["index"] for r in records] == sorted(r["index"] for r in records)
