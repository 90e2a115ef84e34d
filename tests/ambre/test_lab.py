"""Ambre's `lab_facts`: the ranks won at the bids, the conflicts staked on and the fates reached,
checked against the game's own log and outcome; and `simulate ambre` without --seats (Ambre needs
three players: the old default of two random bots was refused)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import rules
from game.content import load
from game.simulate import play_one

ROOT = Path(__file__).resolve().parents[2]


def _played(seats: int = 4, seed: int = 5):
    engine = rules.engine("ambre")
    bots = [engine.bot(engine.bots[-1], s) for s in range(seats)]
    state, _count = play_one(engine, load("ambre"), bots, seed)
    return engine, state


def test_ranks_stakes_and_fates_are_the_entries_of_their_seats():
    engine, state = _played()
    facts = engine.lab_facts(state)
    ranked = [e for e in state.log if e["key"] == "ambre.log.ranked"]
    assert ranked
    for e in ranked:
        p = e["params"]
        rank = f"rank:{p['figure']['text']['en']} {p['suit']['text']['en']}"
        assert rank in facts["entries"][p["seat"]["seat"]]
    for e in state.log:
        if e["key"] == "ambre.log.stake":
            assert f"conflict:{e['params']['conflict']['text']['en']}" in facts["entries"][e["params"]["seat"]["seat"]]
    for fate in state.outcome()["fates"]:
        ident = f"fate:{fate['band']['title']['en']}"
        assert ident in facts["entries"][fate["seat"]]
        assert facts["entry_labels"][ident] == {"key": "ambre.lab.fate", "params": {"name": {"text": fate["band"]["title"]}}}
    assert facts["turns"] == sum(e["key"] == "ambre.log.initiate" for e in state.log) > 0
    first = next(e for e in state.log if e["key"] == "ambre.log.initiate")
    assert facts["first"] == first["params"]["seat"]["seat"]


def test_simulate_ambre_without_seats_plays_three_random_bots():
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "simulate", "ambre", "--games", "2", "--workers", "1",
                           "--json"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["seats"] == ["random", "random", "random"] and doc["errors"] == 0
    assert doc["stats"]["entries"]
