"""Amadrim content problems read in English on the command line and in French in the overlay."""

import ast
import re
import shutil
import string
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
                      "attendu : identifiant de couleur, trouvé : 'redd' (vouliez-vous dire 'red' ?)")
    assert english != french and p.text(Strings("en")) == english


def test_a_short_region_row_reads_in_both_languages(tmp_path):
    problems = _problems(tmp_path, "map.yaml", '"KKKRRRBBGGGG"', '"KKKRRRBBGGG"')
    [p] = [p for p in problems if "cells" in str(p)]
    assert str(p).endswith("regions[0]: expected 12 cells, got 11")
    assert p.text(Strings("fr")).endswith("regions[0]: attendu : 12 cases, trouvé : 11")


def _placeholders(text):
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_content_key_is_in_both_languages():
    used = set(re.findall(r"[\"'](amadrim\.content\.[a-z_.]+)[\"']", SOURCE.read_text(encoding="utf-8")))
    catalog = {k: v for k, v in Strings("fr").table("amadrim").items() if k.startswith("amadrim.content.")}
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
            keys = [key.body, key.orelse] if isinstance(key, ast.IfExp) else [key]
            for k in keys:
                assert isinstance(k, ast.Constant) and k.value.startswith("amadrim.content."), call.lineno
