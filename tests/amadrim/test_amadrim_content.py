"""Amadrim content: the shipped files load; broken files give located problems."""

import shutil
from pathlib import Path

import pytest

from game.content import ContentError, load

SHIPPED = Path(__file__).resolve().parents[2] / "content"


def broken(tmp_path, file, old, new):
    """A copy of the shipped content with one text replacement in `file`; its load problems."""
    shutil.copytree(SHIPPED / "amadrim", tmp_path / "amadrim")
    path = tmp_path / "amadrim" / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load("amadrim", tmp_path)
    return [str(p) for p in err.value.problems]


def test_the_shipped_content_loads():
    c = load("amadrim")
    assert (c.width, c.height, c.quadrant_width, c.quadrant_height) == (12, 12, 6, 6)
    assert [col.id for col in c.colours] == ["black", "red", "blue", "green", "yellow", "white"]
    assert c.action_cubes == (4, 5, 6, 7, 8) and c.winning_total == 24 and c.sand_timer_s == 300
    assert c.take_city == (1,) * 6 and c.supply is None
    assert c.level_up[2] == (0, 1, 1, 1, 1, 1) and c.level_up[6] == (0, 0, 0, 0, 0, 1)
    assert len({col.symbol for col in c.colours}) == 6


def test_unknown_colour_in_the_coordinates_is_located_with_a_hint(tmp_path):
    problems = broken(tmp_path, "map.yaml", "columns: [red,", "columns: [redd,")
    assert any(p.startswith("map.yaml:") and "columns[0]" in p and "did you mean 'red'" in p for p in problems)


def test_a_short_region_row_is_reported(tmp_path):
    problems = broken(tmp_path, "map.yaml", '"KKKRRRBBGGGG"', '"KKKRRRBBGGG"')
    assert any("regions[0]" in p and "expected 12 cells, got 11" in p for p in problems)


def test_an_unknown_region_letter_is_reported(tmp_path):
    problems = broken(tmp_path, "map.yaml", '"KKRRRBBBGGYY"', '"KKRRRBBBGGYQ"')
    assert any("regions[1]" in p and "'Q'" in p for p in problems)


def test_a_neutral_city_on_the_edge_is_reported(tmp_path):
    problems = broken(tmp_path, "map.yaml", "[4, 1]]", "[4, 0]]")
    assert any("neutral_cities[2][5]" in p and "edge" in p for p in problems)


def test_cost_with_an_unknown_colour(tmp_path):
    problems = broken(tmp_path, "tables.yaml", "take_city: {black: 1", "take_city: {blak: 1")
    assert any("take_city.blak" in p and "did you mean 'black'" in p for p in problems)


def test_missing_level_in_the_level_up_table(tmp_path):
    problems = broken(tmp_path, "tables.yaml", "  6: {white: 1}\n", "")
    assert any("level_up" in p and "expected levels [2, 3, 4, 5, 6]" in p for p in problems)


def test_bad_option_default_and_unknown_tie_break(tmp_path):
    problems = broken(tmp_path, "options.yaml", "default: eight", "default: nine")
    assert any("attack_reach.default" in p for p in problems)
    shutil.rmtree(tmp_path / "amadrim")
    problems = broken(tmp_path, "tables.yaml", "tie_break: [town,", "tie_break: [towns,")
    assert any("tie_break[0]" in p and "did you mean 'town'" in p for p in problems)


def test_duplicate_colour_levels(tmp_path):
    problems = broken(tmp_path, "colours.yaml", "level: 2", "level: 1")
    assert any("colours.yaml" in p and "levels 1, 2" in p for p in problems)


def test_a_limited_supply_caps_gains(tmp_path):
    shutil.copytree(SHIPPED / "amadrim", tmp_path / "amadrim")
    path = tmp_path / "amadrim" / "tables.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "supply: null", "supply: {black: 0, red: 0, blue: 0, green: 0, yellow: 0, white: 1}"), encoding="utf-8")
    from rules.amadrim import ENGINE
    from rules.amadrim.actions import PlaceCity

    c = load("amadrim", tmp_path)
    state = ENGINE.new_game(c, 2, 0)
    seat = state.to_act()[0]
    state.apply(seat, PlaceCity((2, 4)))   # column white, row black, region green: the bank has only the white
    assert state.stock[seat] == [0, 0, 0, 0, 0, 1] and state.supply == [0] * 6


def test_more_cities_than_quadrants_is_reported(tmp_path):
    problems = broken(tmp_path, "tables.yaml", "cities_per_seat: 3", "cities_per_seat: 5")
    assert any("cities_per_seat" in p and "at most 4" in p for p in problems)
