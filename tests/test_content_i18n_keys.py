"""Every game's content problems are catalog messages, with both languages and matching placeholders."""

import ast
import re
import string
from pathlib import Path

import pytest

import rules
from game.i18n import Strings

ROOT = Path(__file__).resolve().parent.parent


def _placeholders(text):
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _source(game):
    return (ROOT / "rules" / game / "content.py").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", rules.IMPLEMENTED)
def test_every_content_key_is_in_both_languages(game):
    used = set(re.findall(rf"[\"']({game}\.content\.[a-z_.]+)[\"']", _source(game)))
    catalog = {k: v for k, v in Strings("fr").table(game).items() if k.startswith(f"{game}.content.")}
    assert used and used <= set(catalog)
    for key, entry in catalog.items():
        assert entry.get("fr") and entry.get("en") and entry["fr"] != entry["en"], key
        assert _placeholders(entry["fr"]) == _placeholders(entry["en"]), key


@pytest.mark.parametrize("game", rules.IMPLEMENTED)
def test_no_plain_english_message_is_left(game):
    for call in ast.walk(ast.parse(_source(game))):
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)):
            continue
        if call.func.id == "report":
            assert len(call.args) == 3 and isinstance(call.args[2], ast.Call), call.lineno
            assert getattr(call.args[2].func, "id", None) in ("msg", "unknown"), call.lineno
        if call.func.id in ("msg", "unknown"):
            key = call.args[0]
            for k in [key.body, key.orelse] if isinstance(key, ast.IfExp) else [key]:
                assert isinstance(k, ast.Constant) and k.value.startswith(f"{game}.content."), call.lineno
