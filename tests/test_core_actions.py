"""rules.core.actions: JSON round trip, malformed input refused as InvalidAction."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core import Action, ActionCodec, IllegalAction, InvalidAction, action


@action("lay")
class Lay(Action):
    kind: str
    cards: tuple[tuple[int, int], ...]
    professor: str | None = None


@action("pass")
class Pass(Action):
    pass


codec = ActionCodec(Lay, Pass)


@given(st.text(max_size=8), st.lists(st.tuples(st.integers(), st.integers(0, 1)), max_size=6),
       st.one_of(st.none(), st.text(max_size=5)))
def test_round_trip_through_json_text(kind, cards, professor):
    a = Lay(kind, tuple(cards), professor)
    again = codec.from_json(json.loads(json.dumps(a.to_json())))
    assert again == a and hash(again) == hash(a)


def test_actions_are_values():
    assert Pass() == Pass() and Lay("suite", ((1, 0),)) != Lay("suite", ((1, 1),))
    assert Pass().to_json() == {"type": "pass"}
    with pytest.raises(AttributeError):
        Lay("x", ()).kind = "y"


@pytest.mark.parametrize("data, key", [
    (None, "core.invalid.not_an_action"),
    ({"kind": "x"}, "core.invalid.not_an_action"),
    ({"type": "fly"}, "core.invalid.unknown_action"),
    ({"type": "lay", "cards": []}, "core.invalid.missing_field"),
    ({"type": "lay", "kind": 3, "cards": []}, "core.invalid.field_type"),
    ({"type": "lay", "kind": "x", "cards": [[1, "a"]]}, "core.invalid.field_type"),
    ({"type": "lay", "kind": "x", "cards": [[1]]}, "core.invalid.field_type"),
    ({"type": "lay", "kind": "x", "cards": [], "extra": 1}, "core.invalid.unknown_field"),
    ({"type": "lay", "kind": "x", "cards": [[True, 1]]}, "core.invalid.field_type"),
])
def test_malformed_is_invalid_with_a_key(data, key):
    with pytest.raises(InvalidAction) as err:
        codec.from_json(data)
    assert err.value.key == key


def test_refusals_carry_key_and_params():
    err = IllegalAction("anludim.illegal.not_stronger", kind="suite")
    assert err.key == "anludim.illegal.not_stronger"
    assert err.to_json() == {"key": "anludim.illegal.not_stronger", "params": {"kind": "suite"}}
    assert "not_stronger" in str(err)


def test_core_invalid_keys_exist_in_both_languages():
    from game.i18n import Strings

    for key in ("field_type", "not_an_action", "unknown_action", "unknown_field", "missing_field"):
        for lang in ("fr", "en"):
            strings = Strings(lang)
            assert strings.has(f"core.invalid.{key}"), key
