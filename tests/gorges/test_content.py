"""The gorges content: every table as data, and located errors for designers' mistakes."""

import shutil

import pytest

import game.content
from rules.core.dice import d66_values
from rules.gorges.content import TABLES
from tests.gorges.helpers import CONTENT


def test_all_tables_cover_every_face():
    for name in TABLES:
        faces = sorted(f for e in CONTENT.tables[name].entries for f in e.rolls)
        assert faces == [1, 2, 3, 4, 5, 6], name


def test_the_36_events_are_all_there_with_effects():
    assert sorted(CONTENT.events) == d66_values()
    for roll, event in CONTENT.events.items():
        assert event.name.fr and event.name.en and event.text.fr and event.text.en
        assert event.effects, roll


def test_every_entry_is_bilingual():
    for name in TABLES:
        for e in CONTENT.tables[name].entries:
            assert e.name.fr and e.name.en and e.text.fr and e.text.en
    for race in CONTENT.races.values():
        assert race.name.fr and race.text.en and race.abilities
    assert [s.id for s in CONTENT.seasons] == ["spring", "summer", "autumn", "winter"]


def test_the_rulebook_races_are_all_there():
    assert set(CONTENT.races) == {
        "bretonnia", "vampire_counts", "daemons", "dark_elves", "wood_elves", "empire",
        "warriors_of_chaos", "high_elves", "lizardmen", "beastmen", "dwarfs", "orcs_goblins",
        "tomb_kings", "ogre_kingdoms", "skaven"}


@pytest.fixture
def copy(tmp_path):
    shutil.copytree(game.content.content_dir("gorges"), tmp_path / "gorges")
    return tmp_path


def _edit(root, name, old, new):
    path = root / "gorges" / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _errors(root):
    with pytest.raises(game.content.ContentError) as exc:
        game.content.load("gorges", root)
    return str(exc.value)


def test_a_typo_in_an_effect_type_is_located(copy):
    _edit(copy, "events.yaml", "type: movement_dice, keep: lowest", "type: movment_dice, keep: lowest")
    msg = _errors(copy)
    assert "events.yaml:" in msg and "events[1].effects[0]" in msg and "movment_dice" in msg


def test_an_unknown_effect_field_is_located(copy):
    _edit(copy, "tables.yaml", "{type: extra_points, dice: d6x50}", "{type: extra_points, dise: d6x50}")
    msg = _errors(copy)
    assert "tables.yaml:" in msg and "dise" in msg


def test_a_bad_dice_expression_is_located(copy):
    _edit(copy, "events.yaml", "{type: relic_points, dice: d3}", "{type: relic_points, dice: 3d}")
    assert "expected a dice expression" in _errors(copy)


def test_a_missing_event_is_reported(copy):
    _edit(copy, "events.yaml", "  - roll: 66", "  - roll: 67")
    msg = _errors(copy)
    assert "expected a d66 result 11-66, got 67" in msg and "missing [66]" in msg


def test_a_table_face_used_twice_is_reported(copy):
    _edit(copy, "tables.yaml", "rolls: [2, 3, 4]", "rolls: [1, 3, 4]")
    msg = _errors(copy)
    assert "face 1 is already used" in msg and "missing [2]" in msg


def test_an_unknown_terrain_gets_a_hint(copy):
    _edit(copy, "island.yaml", "terrain: forest", "terrain: forrest")
    assert "did you mean 'forest'" in _errors(copy)


def test_an_unknown_capital_is_reported(copy):
    _edit(copy, "island.yaml", "capitals: [lande-grise", "capitals: [lande-grisse")
    assert "did you mean 'lande-grise'" in _errors(copy)


def test_push_back_names_only_armies_the_rules_know(copy):
    # `who: attacker` used to validate, then crashed (KeyError) when the entry was applied.
    _edit(copy, "tables.yaml", "{type: push_back, who: beaten}", "{type: push_back, who: attacker}")
    assert "who" in _errors(copy)
