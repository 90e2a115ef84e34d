"""Gorges content problems read in English on the command line and in French in the overlay."""

import shutil
from pathlib import Path

import pytest

from game.content import ContentError, content_dir, load
from game.i18n import Strings

SOURCE = Path(__file__).resolve().parents[2] / "rules" / "gorges" / "content.py"


def _problems(tmp_path, file, old, new):
    shutil.copytree(content_dir("gorges"), tmp_path / "gorges")
    path = tmp_path / "gorges" / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load("gorges", tmp_path)
    return err.value.problems


def test_an_unknown_territory_reads_in_english_and_in_french(tmp_path):
    [p] = _problems(tmp_path, "island.yaml", "crown_start: clairiere-maudite", "crown_start: clairiere-maudit")
    english, french = str(p), p.text(Strings("fr"))
    assert english == ("island.yaml:15:14: crown_start: "
                       "expected a territory id, got 'clairiere-maudit' (did you mean 'clairiere-maudite'?)")
    assert french == ("island.yaml:15:14: crown_start: attendu : identifiant de territoire, "
                      "trouvé : «\u00a0clairiere-maudit\u00a0» (vouliez-vous dire «\u00a0clairiere-maudite\u00a0» ?)")
    assert english != french and p.text(Strings("en")) == english


def test_a_table_face_used_twice_reads_in_both_languages(tmp_path):
    shutil.copytree(content_dir("gorges"), tmp_path / "gorges")
    path = tmp_path / "gorges" / "tables.yaml"
    text = path.read_text(encoding="utf-8")
    assert "rolls: [2]" in text
    path.write_text(text.replace("rolls: [2]", "rolls: [1]", 1), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load("gorges", tmp_path)
    english = [str(p) for p in err.value.problems]
    french = [p.text(Strings("fr")) for p in err.value.problems]
    assert any(e.endswith("face 1 is already used") for e in english)
    assert any(f.endswith("la face 1 est déjà utilisée") for f in french)
    assert any(e.endswith("expected every face 1-6, missing [2]") for e in english)
    assert any(f.endswith("attendu : toutes les faces de 1 à 6, il manque [2]") for f in french)


def test_a_bad_dice_expression_from_a_validator_reads_in_both_languages(tmp_path):
    [p] = _problems(tmp_path, "tables.yaml", "{type: extra_points, dice: d6x50}",
                    "{type: extra_points, dice: 3d}")
    assert str(p).endswith("expected a dice expression like 'd6', 'd3+1' or 'd6x50', got '3d'")
    assert p.text(Strings("fr")).endswith(
        "attendu : une expression de dés comme «\u00a0d6\u00a0», «\u00a0d3+1\u00a0» ou «\u00a0d6x50\u00a0», trouvé : «\u00a03d\u00a0»")
    assert str(p).startswith("tables.yaml:18:")
