"""Anludim content problems read in English on the command line and in French in the overlay."""

import shutil
from pathlib import Path

import pytest

from game.content import ContentError, content_dir, load
from game.i18n import Strings

SOURCE = Path(__file__).resolve().parents[2] / "rules" / "anludim" / "content.py"


def _problems(tmp_path, file, old, new):
    shutil.copytree(content_dir("anludim"), tmp_path / "anludim")
    path = tmp_path / "anludim" / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load("anludim", tmp_path)
    return err.value.problems


def test_an_unknown_colour_reads_in_english_and_in_french(tmp_path):
    [p] = _problems(tmp_path, "cards.yaml", "[[1, red], [5, blue]]", "[[1, rde], [5, blue]]")
    english, french = str(p), p.text(Strings("fr"))
    assert english == ("cards.yaml:5:28: cards[c01].halves[0][1]: "
                       "expected a colour id, got 'rde' (did you mean 'red'?)")
    assert french == ("cards.yaml:5:28: cards[c01].halves[0][1]: "
                      "attendu : identifiant de couleur, trouvé : «\u00a0rde\u00a0» (vouliez-vous dire «\u00a0red\u00a0» ?)")
    assert english != french and p.text(Strings("en")) == english


def test_a_second_professor_of_a_kind_reads_in_both_languages(tmp_path):
    problems = _problems(tmp_path, "professors.yaml", "kind: couleur", "kind: suite")
    [p] = [p for p in problems if p.path.endswith(".kind")]
    assert str(p).endswith("expected one professor per kind, got 'suite' twice")
    assert p.text(Strings("fr")).endswith(
        "attendu : un seul professeur par type de combinaison, trouvé : «\u00a0suite\u00a0» deux fois")
