"""Anludim content problems read in English on the command line and in French in the overlay."""

import ast
import re
import shutil
import string
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
    assert english == ("cards.yaml:5:28: cards[0].halves[0][1]: "
                       "expected a colour id, got 'rde' (did you mean 'red'?)")
    assert french == ("cards.yaml:5:28: cards[0].halves[0][1]: "
                      "attendu : identifiant de couleur, trouvé : 'rde' (vouliez-vous dire 'red' ?)")
    assert english != french and p.text(Strings("en")) == english


def test_a_second_professor_of_a_kind_reads_in_both_languages(tmp_path):
    problems = _problems(tmp_path, "professors.yaml", "kind: couleur", "kind: suite")
    [p] = [p for p in problems if p.path.endswith(".kind")]
    assert str(p).endswith("expected one professor per kind, got 'suite' twice")
    assert p.text(Strings("fr")).endswith(
        "attendu : un seul professeur par type de combinaison, trouvé : 'suite' deux fois")


def _placeholders(text):
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_content_key_is_in_both_languages():
    used = set(re.findall(r"[\"'](anludim\.content\.[a-z_.]+)[\"']", SOURCE.read_text(encoding="utf-8")))
    catalog = {k: v for k, v in Strings("fr").table("anludim").items() if k.startswith("anludim.content.")}
    assert used and used <= set(catalog)
    for key, entry in catalog.items():
        assert entry.get("fr") and entry.get("en") and entry["fr"] != entry["en"], key
        assert _placeholders(entry["fr"]) == _placeholders(entry["en"]), key


def test_no_plain_english_message_is_left():
    for call in ast.walk(ast.parse(SOURCE.read_text(encoding="utf-8"))):
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)):
            continue
        if call.func.id == "report":
            assert len(call.args) == 3 and isinstance(call.args[2], ast.Call), call.lineno
            assert getattr(call.args[2].func, "id", None) in ("msg", "unknown"), call.lineno
        if call.func.id in ("msg", "unknown"):
            key = call.args[0]
            assert isinstance(key, ast.Constant) and key.value.startswith("anludim.content."), call.lineno
