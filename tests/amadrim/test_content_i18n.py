"""Amadrim content problems read in English on the command line and in French in the overlay."""

import shutil
from pathlib import Path

import pytest

from game.content import ContentError, content_dir, load
from game.i18n import Strings

SOURCE = Path(__file__).resolve().parents[2] / "rules" / "amadrim" / "content.py"


def _problems(tmp_path, file, old, new):
    shutil.copytree(content_dir("amadrim"), tmp_path / "amadrim")
    path = tmp_path / "amadrim" / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load("amadrim", tmp_path)
    return err.value.problems


def test_an_unknown_colour_reads_in_english_and_in_french(tmp_path):
    [p] = _problems(tmp_path, "map.yaml", "columns: [red,", "columns: [redd,")
    english, french = str(p), p.text(Strings("fr"))
    assert english == "map.yaml:11:11: columns[0]: expected a colour id, got 'redd' (did you mean 'red'?)"
    assert french == ("map.yaml:11:11: columns[0]: "
                      "attendu : identifiant de couleur, trouvé : «\u00a0redd\u00a0» (vouliez-vous dire «\u00a0red\u00a0» ?)")
    assert english != french and p.text(Strings("en")) == english


def test_a_short_region_row_reads_in_both_languages(tmp_path):
    problems = _problems(tmp_path, "map.yaml", '"KKKRRRBBGGGG"', '"KKKRRRBBGGG"')
    [p] = [p for p in problems if "cells" in str(p)]
    assert str(p).endswith("regions[0]: expected 12 cells, got 11")
    assert p.text(Strings("fr")).endswith("regions[0]: attendu : 12 cases, trouvé : 11")
