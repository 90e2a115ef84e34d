"""The engine protocol: JSON actions, refusals with catalog keys, options, bots, replay, targets."""

import json
import random
import re
from pathlib import Path

import pytest
import yaml

import rules
from game.simulate import play_one, run_games
from rules.amadrim import ENGINE, targets
from rules.amadrim.actions import (
    AddCube,
    Attack,
    Create,
    EndActions,
    LockIn,
    Move,
    PlaceCity,
    RemoveCube,
    Spell,
    TakeCity,
    TimeUp,
)
from rules.core import IllegalAction, InvalidAction
from tests.amadrim.helpers import acting, content, put

ROOT = Path(__file__).resolve().parents[2]
CATALOG = yaml.safe_load((ROOT / "game/strings/amadrim.yaml").read_text(encoding="utf-8"))

EVERY_KIND = [
    PlaceCity((3, 4)), AddCube("move"), RemoveCube("attack"), LockIn(), TimeUp(), Create("mage", (2, 1)),
    Move(7, ((1, 1), (2, 2), (3, 3))), Attack(3, 9), Spell(4), TakeCity(5, 2), EndActions(),
]


def test_engine_is_registered_with_its_protocol():
    assert "amadrim" in rules.IMPLEMENTED and rules.ENGINES["amadrim"] is ENGINE
    assert ENGINE.id == "amadrim" and ENGINE.seats == range(2, 5)
    assert ENGINE.bots == ("apprentice", "adept", "master") and ENGINE.hidden_information


@pytest.mark.parametrize("act", EVERY_KIND, ids=lambda a: a.type)
def test_every_action_kind_round_trips_through_json(act):
    text = json.dumps(act.to_json())
    assert ENGINE.action_from_json(json.loads(text)) == act


@pytest.mark.parametrize("data", [
    None, [], "lock_in", {"type": "fly"}, {"kind": "move"}, {"type": "add_cube"},
    {"type": "add_cube", "kind": 3}, {"type": "move", "unit": 1, "path": [[1, 2, 3]]},
    {"type": "move", "unit": "1", "path": []}, {"type": "place_city", "cell": [1]},
    {"type": "place_city", "cell": [1, True]}, {"type": "lock_in", "extra": 1},
    {"type": "attack", "unit": 1.5, "target": 2}, {"type": "create", "unit_kind": "mage", "cell": "A1"},
])
def test_malformed_json_is_an_invalid_action(data):
    with pytest.raises(InvalidAction):
        ENGINE.action_from_json(data)


def test_every_refusal_and_log_key_in_the_sources_is_in_the_catalog():
    sources = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "rules/amadrim").glob("*.py"))
    keys = set(re.findall(r'"(amadrim\.illegal\.[a-z_]+)"', sources))
    keys |= {f"amadrim.log.{k}" for k in re.findall(r'say\("([a-z_]+)"', sources)}
    keys |= {f"amadrim.illegal.{k}" for k in ("not_a_step", "blocked")}
    assert len(keys) > 40
    assert sorted(k for k in keys if k not in CATALOG) == []
    for key, text in CATALOG.items():
        assert key.startswith("amadrim.") and set(text) == {"fr", "en"}, key


def test_log_entries_of_a_game_render_in_both_languages():
    from game.i18n import Strings

    state, _ = play_one(ENGINE, content(), [ENGINE.bot("greedy", 1), ENGINE.bot("random", 2)], 3)
    for lang in ("fr", "en"):
        strings = Strings(lang)
        for item in state.log:
            assert item["key"] in CATALOG
            text = strings.render(item, ["Ada", "Bo"])
            assert "{" not in text and "None" not in text, text


def test_illegal_actions_carry_catalog_keys():
    state, me = acting({0: {"attack": 1}})
    for act in (Attack(99, 1), Spell(1), TakeCity(1, 0), AddCube("move"), Move(1, ((0, 0),))):
        with pytest.raises(IllegalAction) as err:
            state.apply(me, act)
        assert err.value.key in CATALOG


def test_options_are_offered_from_content():
    opts = ENGINE.options(content())
    assert [o["id"] for o in opts] == ["attack_reach", "city_defence", "neutral_cities", "max_turns"]
    for o in opts:
        assert o["label"] in CATALOG
        assert ("choices" in o and o["default"] in o["choices"]) or isinstance(o["default"], bool)
        for label in o.get("choice_labels", []):
            assert label in CATALOG
    assert next(o for o in opts if o["id"] == "max_turns")["default"] == 40
    with pytest.raises(ValueError):
        ENGINE.new_game(content(), 2, 0, {"attack_reach": "nine"})
    with pytest.raises(ValueError):
        ENGINE.new_game(content(), 2, 0, {"colour": "blue"})
    with pytest.raises(ValueError):
        ENGINE.new_game(content(), 5, 0)


def test_bots_play_any_seat_and_greedy_clearly_beats_random():
    for seats in (["random", "greedy"], ["greedy", "random", "random"], ["random", "random", "random", "greedy"]):
        result = run_games(ENGINE, content(), seats, games=12, seed=7)
        assert result["errors"] == 0
        greedy = seats.index("greedy")
        assert result["wins"][greedy] >= 10, result
    result = run_games(ENGINE, content(), ["greedy", "greedy"], games=4, seed=1)
    assert result["errors"] == 0


def test_bots_only_use_their_view():
    state = ENGINE.new_game(content(), 2, 5)
    bot = ENGINE.bot("greedy", 1)
    while not state.is_over():
        seat = state.to_act()[0]
        view = json.loads(json.dumps(state.view(seat)))   # a plain copy: nothing but the view
        state.apply(seat, bot.choose(view, state.legal_actions(seat)))
    with pytest.raises(KeyError):
        ENGINE.bot("clever", 1)


def test_replay_is_deterministic_even_when_the_global_random_is_used_between_steps():
    def run(burn):
        state = ENGINE.new_game(content(), 3, 42)
        bots = [ENGINE.bot(n, 100 + i) for i, n in enumerate(("greedy", "random", "random"))]
        views = []
        while not state.is_over() and len(views) < 600:
            if burn:
                random.random()
                random.shuffle(list(range(10)))
            seat = state.to_act()[0]
            state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
            views.append(json.dumps(state.view(None), sort_keys=True))
        return views

    random.seed(1)
    first = run(False)
    random.seed(2)
    assert run(True) == first


def test_targets_match_the_legal_actions():
    state, me = acting({0: {"attack": 1, "move": 2, "create": 1, "spell": 1}})
    mage = put(state, me, "mage", (6, 6), level=2)
    put(state, 1 - me, "merchant", (7, 7))
    put(state, 1 - me, "mage", (5, 5), level=2)
    view = state.view(me)
    assert targets(view, me, mage.id, "attack") == [[7, 7]]
    assert targets(view, me, mage.id, "spell") == []            # nothing to pay with
    state.stock[me] = [0, 0, 1, 1, 1, 1]
    assert targets(state.view(me), me, mage.id, "spell") == [[6, 6]]
    creates = {tuple(a.cell) for a in state.legal_actions(me) if a.type == "create"}
    assert {tuple(c) for c in targets(view, me, None, "create")} == creates
    assert targets(view, me, 999, "move") == []


def test_views_are_json_and_carry_what_a_map_scene_draws():
    state, me = acting({0: {"move": 1}})
    view = state.view(me)
    json.dumps(view)
    for key in ("grid", "cities", "units", "stock", "market", "reputation", "history", "phase", "current",
                "remaining", "programming", "first_player", "turn", "to_act", "log", "colours", "costs"):
        assert key in view
    grid = view["grid"]
    assert len(grid["columns"]) == grid["width"] == 12 and len(grid["rows"]) == grid["height"] == 12
    assert len(grid["regions"]) == 12 and len(grid["quadrants"]) == 4
    assert {c["id"] for c in view["colours"]} == {"black", "red", "blue", "green", "yellow", "white"}
    assert all(c["symbol"] and c["name"]["fr"] and c["name"]["en"] for c in view["colours"])
