"""Ambre content: the 78-card Tarot, complete tables in both languages, located errors."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.content import ContentError, content_dir, load
from game.i18n import Strings
from rules.ambre.cards import SUITS, VALUES
from tests.ambre.helpers import CONTENT

ROOT = Path(__file__).resolve().parents[2]


def test_the_78_cards():
    assert sorted(CONTENT.majors) == list(range(22))
    assert set(CONTENT.suits) == set(SUITS)
    assert sorted(CONTENT.figures) == [1, 2, 3, 4]
    assert [CONTENT.figures[r].id for r in (4, 3, 2, 1)] == ["roi", "reine", "cavalier", "valet"]
    assert len(CONTENT.majors) + len(SUITS) * (len(VALUES) + len(CONTENT.figures)) == 78


def test_every_arcanum_has_a_theme_and_two_or_three_prompts_in_both_languages():
    for m in CONTENT.majors.values():
        assert m.name.fr and m.name.en and m.theme.fr and m.theme.en
        assert 2 <= len(m.prompts) <= 3 and all(p.fr and p.en and p.fr != p.en for p in m.prompts)
    assert len({m.theme.fr for m in CONTENT.majors.values()}) == 22


def test_characteristics_match_their_suits():
    names = {s: c.name.fr for s, c in CONTENT.characteristics.items()}
    assert names == {"coupe": "Majesté", "denier": "Résilience", "epee": "Suprématie", "baton": "Transcendance"}
    assert all(c.description.fr and c.description.en for c in CONTENT.characteristics.values())


def test_element_tables_are_complete():
    for suit in SUITS:
        table = CONTENT.elements[suit]
        assert sorted(table) == list(VALUES)
        assert all(e.text.fr and e.text.en for e in table.values())
        assert {e.kind for e in table.values()} == {"object", "character", "place", "organisation"}


def test_epilogue_tables_cover_every_difference():
    for suit in (*SUITS, None):
        for diff in range(0, 30):
            band = CONTENT.band(suit, diff)
            assert band.min_difference <= diff and band.title.fr and band.text.en
    assert CONTENT.band("epee", 0).min_difference == 0 and CONTENT.band("epee", 9).min_difference == 7


def test_suits_carry_distinct_symbols_for_colour_blind_players():
    assert len({s.symbol for s in CONTENT.suits.values()}) == 4
    assert CONTENT.suits["epee"].of_name.fr == "d'Épée"


def test_check_content_is_clean():
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "check-content", "ambre"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def _problems(tmp_path, file, old, new):
    shutil.copytree(content_dir("ambre"), tmp_path / "ambre")
    path = tmp_path / "ambre" / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load("ambre", tmp_path)
    return err.value.problems


def test_an_element_value_out_of_range_is_located(tmp_path):
    problems = _problems(tmp_path, "elements.yaml", "{value: 3, kind: place, text: {fr: \"Un champ",
                         "{value: 11, kind: place, text: {fr: \"Un champ")
    [p] = problems
    assert p.file == "elements.yaml" and p.path == "epee[2].value" and p.line > 1 and p.column > 1
    assert "11" in str(p)


def test_a_duplicate_element_value_reads_in_both_languages(tmp_path):
    problems = _problems(tmp_path, "elements.yaml", "- {value: 2, kind: character, text: {fr: \"Un amant",
                         "- {value: 1, kind: character, text: {fr: \"Un amant")
    dup = next(p for p in problems if p.path == "coupe[1].value")
    line = (tmp_path / "ambre" / "elements.yaml").read_text(encoding="utf-8").splitlines()[dup.line - 1]
    assert "Un amant" in line
    assert str(dup).endswith("expected a unique value, got 1 twice")
    assert dup.text(Strings("fr")).endswith("attendu : une valeur unique, trouvé : 1 en double")
    assert any(p.path == "coupe" and "missing: [2]" in str(p) for p in problems)


def test_misordered_epilogue_bands_are_located(tmp_path):
    problems = _problems(tmp_path, "epilogue.yaml", "min_difference: 4", "min_difference: 1")
    [p] = problems
    assert p.file == "epilogue.yaml" and p.path == "coupe[2].min_difference"
    assert str(p).endswith("expected a difference above 2, got 1")


def test_a_misspelt_suit_and_a_bad_option_are_located(tmp_path):
    problems = _problems(tmp_path, "characteristics.yaml", "suit: epee", "suit: epe")
    assert any(p.path == "characteristics[2].suit" for p in problems)
    problems = _problems(tmp_path / "b", "rules.yaml", "raise_tie: earlier", "raise_tie: sooner")
    assert [p.path for p in problems] == ["raise_tie"] and problems[0].line == 7


def test_a_missing_prompt_list_is_located(tmp_path):
    problems = _problems(tmp_path, "tarot.yaml", "  - number: 21\n", "  - number: 20\n")
    assert any(p.path == "majors[21].number" and "twice" in str(p) for p in problems)
