"""Guildes' `lab_facts`: what the designer's lab counts of a finished game, checked against the
game itself (its guilds, leaders, mages, quests and score), and the report that prints it."""

from __future__ import annotations

import pytest

import rules
from game.content import load
from game.i18n import Strings
from game.lab import entry_text
from game.simulate import play_one


@pytest.fixture(scope="module")
def played():
    engine = rules.engine("guildes")
    bots = [engine.bot(engine.bots[-1], s) for s in range(3)]
    state, _count = play_one(engine, load("guildes"), bots, 5)
    return engine, state, engine.lab_facts(state)


def test_every_guild_tile_leader_kept_mage_and_completed_quest_is_an_entry_of_its_seat(played):
    _engine, state, facts = played
    names = state.content
    for g in state.guilds:
        used = set(facts["entries"][g.seat])
        assert f"guild:{names.guilds[g.guild].name.en}" in used
        assert f"leader:{names.leaders[g.leader].name.en}" in used
        for mage in g.mages:
            assert f"mage:{names.mages[mage.id].name.en}" in used
        for quest in g.quests:
            assert f"quest:{names.quests[quest].name.en}" in used
        assert {e.split(":")[0] for e in used} <= {"guild", "leader", "mage", "quest", "spell", "action"}
    assert any(e.startswith("action:") for e in facts["entries"][0])  # every guild plays action cards


def test_entries_are_printed_with_their_kind_in_both_languages(played):
    _engine, state, facts = played
    quest = state.guilds[[len(g.quests) > 0 for g in state.guilds].index(True)].quests[0]
    label = facts["entry_labels"][f"quest:{state.content.quests[quest].name.en}"]
    fr, en = Strings("fr"), Strings("en")
    entry = {"label": label, "games": 1, "used": {"rate": 1.0, "n": 1}, "not_used": {"rate": 0.0, "n": 2},
             "effect": 1.0, "lo": 0.1, "hi": 1.0, "significant": False}
    assert entry_text(entry, fr).startswith(f"Quête : {state.content.quests[quest].name.fr} — ")
    assert entry_text(entry, en).startswith(f"Quest: {state.content.quests[quest].name.en} — ")
    card = facts["entry_labels"]["action:quest"]
    assert entry_text(dict(entry, label=card), fr).startswith("Carte action : Quête — ")


def test_lines_add_up_to_the_scores_and_history_runs_from_zero_to_the_final_count(played):
    _engine, state, facts = played
    outcome = state.outcome()
    assert [sum(lines.values()) for lines in facts["lines"]] == outcome["scores"]
    assert set(facts["line_labels"]) == set(facts["lines"][0])
    assert facts["history"][0] == [0, 0, 0] and facts["history"][-1] == outcome["scores"]
    assert len(facts["history"]) >= outcome["rounds"] + 1
    assert facts["history_unit"] == "round" and facts["turns"] == outcome["rounds"] and facts["first"] == 0
