"""game.content: every problem located as file:line:column: key.path: expected ..., got ..."""

import sys
import textwrap
import types

import pytest
from pydantic import ValidationError

from game.content import ContentError, load
from rules.core.content import Model, Text, unknown


class Card(Model):
    id: str
    value: int
    colour: str
    name: Text


class Cards(Model):
    cards: tuple[Card, ...]


class Colour(Model):
    id: str
    symbol: str


class Colours(Model):
    colours: tuple[Colour, ...]


def build(files, report):
    colours = {c.id for c in files["colours.yaml"].colours}
    for i, card in enumerate(files["cards.yaml"].cards):
        if card.colour not in colours:
            report("cards.yaml", ("cards", i, "colour"), unknown("a colour", card.colour, colours))
    return files


@pytest.fixture
def fake_game(monkeypatch, tmp_path):
    schema = types.ModuleType("rules.fakegame.content")
    schema.FILES = {"cards.yaml": Cards, "colours.yaml": Colours}
    schema.build = build
    package = types.ModuleType("rules.fakegame")
    monkeypatch.setitem(sys.modules, "rules.fakegame", package)
    monkeypatch.setitem(sys.modules, "rules.fakegame.content", schema)
    folder = tmp_path / "fakegame"
    folder.mkdir()
    (folder / "colours.yaml").write_text("colours:\n  - {id: red, symbol: '♥'}\n  - {id: blue, symbol: '♦'}\n")

    def write(name, text):
        (folder / name).write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return tmp_path

    return write


GOOD_CARDS = """
cards:
  - id: a1
    value: 1
    colour: red
    name: {fr: Un, en: One}
"""


def _problems(root):
    with pytest.raises(ContentError) as err:
        load("fakegame", root)
    return [str(p) for p in err.value.problems]


def test_good_content_loads_into_frozen_objects(fake_game):
    files = load("fakegame", fake_game("cards.yaml", GOOD_CARDS))
    card = files["cards.yaml"].cards[0]
    assert (card.value, card.name.en) == (1, "One")
    with pytest.raises(ValidationError):
        card.value = 2


def test_every_problem_at_once_with_line_column_and_path(fake_game):
    root = fake_game("cards.yaml", """
        cards:
          - id: a1
            value: one
            colour: red
            name: {fr: Un, en: One}
          - id: a2
            value: 2
            colour: rde
            name: {fr: Deux}
          - id: a3
            valeu: 3
            colour: blue
            name: {fr: Trois, en: Three}
        """)
    problems = _problems(root)
    assert "cards.yaml:3:12: cards[a1].value: expected an integer, got 'one'" in problems
    assert "cards.yaml:9:11: cards[a2].name.en: expected this key, got nothing (it is required)" in problems
    assert "cards.yaml:11:5: cards[a3].valeu: unknown key 'valeu' (did you mean 'value'?)" in problems
    assert "cards.yaml:10:5: cards[a3].value: expected this key, got nothing (it is required)" in problems
    assert len(problems) == 4  # the cross-reference check waits for a schema-valid file


def test_unknown_id_is_located_with_did_you_mean(fake_game):
    root = fake_game("cards.yaml", GOOD_CARDS.replace("colour: red", "colour: rde"))
    assert _problems(root) == [
        "cards.yaml:4:13: cards[a1].colour: expected a colour id, got 'rde' (did you mean 'red'?)"]


def test_yaml_syntax_error_names_line_and_column(fake_game):
    root = fake_game("cards.yaml", "cards:\n  - id: a1\n    value: [1, 2\n    colour: red\n")
    (problem,) = _problems(root)
    assert problem.startswith("cards.yaml:4:") and "bracket or brace is never closed" in problem


def test_duplicate_keys_name_both_lines(fake_game):
    root = fake_game("cards.yaml", GOOD_CARDS + "    value: 2\n")
    problems = _problems(root)
    assert any(p.startswith("cards.yaml:6:5: cards[a1].value: duplicate key, first defined on line 3")
               for p in problems)


def test_missing_and_unexpected_files(fake_game, tmp_path):
    root = fake_game("card.yaml", GOOD_CARDS)
    problems = _problems(root)
    assert "cards.yaml:1:1: expected this file, got nothing (it is missing)" in problems
    assert "card.yaml:1:1: unexpected file (did you mean 'cards.yaml'?)" in problems


def test_no_unsafe_yaml_tags(fake_game):
    root = fake_game("cards.yaml", "cards: !!python/object/apply:os.system ['echo hi']\n")
    (problem,) = _problems(root)
    assert problem.startswith("cards.yaml:1:8:")


def test_schema_and_cross_reference_problems_come_together(fake_game):
    root = fake_game("cards.yaml", """
        cards:
          - id: a1
            value: one
            colour: red
            name: {fr: Un, en: One}
          - id: a2
            value: 2
            colour: bleu
            name: {fr: Deux, en: Two}
        """)
    assert _problems(root) == [
        "cards.yaml:3:12: cards[a1].value: expected an integer, got 'one'",
        "cards.yaml:8:13: cards[a2].colour: expected a colour id, got 'bleu' (did you mean 'blue'?)",
    ]


def test_a_number_out_of_bounds_is_told_in_words_the_app_font_can_show():
    """The app's font has no "≥": the bound is written out, in both languages."""
    from game.content import describe
    from game.i18n import Strings

    error = {"type": "greater_than_equal", "loc": ("count",), "ctx": {"ge": 0}, "input": -2}
    message = describe(error)
    assert Strings("fr").render(message) == "attendu : un nombre supérieur ou égal à 0, trouvé : -2"
    assert Strings("en").render(message) == "expected a number of at least 0, got -2"


def test_a_tab_that_starts_a_value_is_named_a_tab():
    """libyaml says only "found character that cannot start any token" for a tab at a line's start."""
    from game.content import parse_yaml

    problems = []
    assert parse_yaml("items:\n\t- a\n", "items.yaml", problems)[0] is None
    (p,) = problems
    assert (p.file, p.line, p.column, p.entry["key"]) == ("items.yaml", 2, 1, "content.syntax.tab")
    problems = []
    parse_yaml("items:\n  - @a\n", "items.yaml", problems)
    assert problems[0].entry["key"] == "content.syntax.bad_start"


def test_a_value_outside_its_choices_suggests_the_closest():
    from game.content import describe
    from game.i18n import Strings

    error = {"type": "literal_error", "loc": ("kind",), "input": "pairs",
             "ctx": {"expected": "'suite', 'couleur', 'paires' or 'brelans'"}}
    assert Strings("en").render(describe(error)).endswith("got 'pairs' (did you mean 'paires'?)")


def _nbsp(text):
    """French quotes hold their value with no-break spaces (a text box never breaks "« paires »")."""
    return text.replace("« ", "«\u00a0").replace(" »", "\u00a0»")


def test_allowed_values_are_written_as_people_read_them():
    """A value outside its choices lists them in words: 'a', 'b' or 'c' in English, « a », « b »
    ou « c » in French (never Python's ['a', 'b', 'c']), with the "did you mean" hint kept."""
    from game.content import describe
    from game.i18n import Strings

    error = {"type": "literal_error", "loc": ("kind",), "input": "pairs",
             "ctx": {"expected": "'suite', 'couleur', 'paires' or 'brelans'"}}
    assert Strings("en").render(describe(error)) == \
        "expected 'suite', 'couleur', 'paires' or 'brelans', got 'pairs' (did you mean 'paires'?)"
    assert Strings("fr").render(describe(error)) == _nbsp(
        "attendu : « suite », « couleur », « paires » ou « brelans », trouvé : « pairs » (vouliez-vous dire « paires » ?)")
    tag = {"type": "union_tag_invalid", "loc": ("effect",), "input": {"type": "hael"},
           "ctx": {"discriminator": "'type'", "tag": "hael", "expected_tags": "'heal', 'draw'"}}
    assert Strings("en").render(describe(tag)) == "expected 'heal' or 'draw', got 'hael' (did you mean 'heal'?)"
    assert Strings("fr").render(describe(tag)) == _nbsp("attendu : « heal » ou « draw », trouvé : « hael » "
                                                         "(vouliez-vous dire « heal » ?)")
    one = {"type": "literal_error", "loc": ("kind",), "input": "x", "ctx": {"expected": "'only'"}}
    assert Strings("en").render(describe(one)) == "expected 'only', got 'x'"
    numbers = {"type": "literal_error", "loc": ("n",), "input": 5, "ctx": {"expected": "1, 2 or 3"}}
    assert Strings("fr").render(describe(numbers)) == "attendu : 1, 2 ou 3, trouvé : 5"


@pytest.mark.parametrize("game, file, old, new, en, fr", [
    ("anludim", "professors.yaml", "kind: paires", "kind: pairs",
     "expected 'suite', 'couleur', 'paires', 'brelans' or 'assemblee', got 'pairs' (did you mean 'paires'?)",
     "attendu : « suite », « couleur », « paires », « brelans » ou « assemblee », trouvé : « pairs » "
     "(vouliez-vous dire « paires » ?)"),
    ("amadrim", "options.yaml", "default: 40", "default: 41",
     "expected 12, 20, 30, 40 or 60, got 41", "attendu : 12, 20, 30, 40 ou 60, trouvé : 41"),
    ("gorges", "campaign.yaml", "{default: 3, choices: [1, 2, 3, 4]}", "{default: 5, choices: [1, 2, 3, 4]}",
     "expected 1, 2, 3 or 4, got 5", "attendu : 1, 2, 3 ou 4, trouvé : 5"),
    ("guildes", "items.yaml", "effects: [{type: attack_bonus, amount: 2, element: fire}]",
     "effects: [{type: steal_rubies, amount: 2}]",
     "expected one of the effects 'attack_bonus', 'defence_bonus', 'gain_rubies' or 'hp_bonus', got 'steal_rubies'",
     "attendu : l'un des effets « attack_bonus », « defence_bonus », « gain_rubies » ou « hp_bonus », "
     "trouvé : « steal_rubies »"),
])
def test_every_list_of_allowed_values_reads_in_both_languages(tmp_path, game, file, old, new, en, fr):
    """The messages of the games' own checks that list allowed values (options' defaults, effects
    allowed on a card) write them as the schema's do."""
    import shutil
    from pathlib import Path

    from game.i18n import Strings

    shutil.copytree(Path(__file__).resolve().parent.parent / "content" / game, tmp_path / game)
    path = tmp_path / game / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load(game, tmp_path)
    (problem,) = err.value.problems
    assert problem.text(Strings("en")).endswith(": " + en), problem.text(Strings("en"))
    assert problem.text(Strings("fr")).endswith(": " + _nbsp(fr)), problem.text(Strings("fr"))
