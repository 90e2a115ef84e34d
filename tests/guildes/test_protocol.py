"""Guildes against the engine protocol: registration, JSON actions, views, strings, determinism, replay."""

import json
import random
import re
from pathlib import Path

import pytest
import yaml

import rules
from rules.core import IllegalAction, InvalidAction
from rules.guildes import ENGINE
from rules.guildes import actions as A
from tests.guildes.helpers import CONTENT, new

ROOT = Path(__file__).resolve().parents[2]
ALL_ACTIONS = [A.Choose("work"), A.Choose("monster:1"), A.Bid(4), A.Place(("a", "b")), A.Place(()),
               A.ForceNextRoll(3)]


def test_registered():
    assert "guildes" in rules.IMPLEMENTED and rules.engine("guildes") is ENGINE
    assert ENGINE.id == "guildes" and ENGINE.seats == range(2, 6)
    assert tuple(ENGINE.bots) == ("apprentice", "adept", "master") and ENGINE.hidden_information
    for old in ("random", "greedy"):  # names in earlier saves
        assert hasattr(ENGINE.bot(old, 1), "choose")


@pytest.mark.parametrize("action", ALL_ACTIONS, ids=lambda a: a.type)
def test_json_round_trip(action):
    assert ENGINE.action_from_json(json.loads(json.dumps(action.to_json()))) == action


def test_every_action_kind_is_covered():
    assert {a.type for a in ALL_ACTIONS} == set(A.CODEC.classes)


@pytest.mark.parametrize("data", [
    None, [], "choose", {}, {"type": "fly"}, {"type": "choose"}, {"type": "choose", "value": 3},
    {"type": "bid", "amount": "3"}, {"type": "bid", "amount": True}, {"type": "place", "active": "a"},
    {"type": "place", "active": [1]}, {"type": "force_next_roll", "value": 1, "extra": 0},
])
def test_malformed_json_is_invalid(data):
    with pytest.raises(InvalidAction):
        ENGINE.action_from_json(data)


def test_new_game_checks_seats_and_options():
    with pytest.raises(ValueError):
        ENGINE.new_game(CONTENT, 6, 0)
    with pytest.raises(ValueError):
        ENGINE.new_game(CONTENT, 2, 0, {"nope": 1})
    assert ENGINE.options(CONTENT)[0]["id"] == "designer_mode"


def _play(seed, names, burn=False, record=None):
    state = ENGINE.new_game(CONTENT, len(names), seed)
    bots = [ENGINE.bot(n, seed + i) for i, n in enumerate(names)]
    views = []
    while not state.is_over():
        seat = state.to_act()[0]
        if burn:
            random.random()
            random.shuffle(list(range(10)))
        action = bots[seat].choose(state.view(seat), state.legal_actions(seat))
        if record is not None:
            record.append((seat, action.to_json()))
        state.apply(seat, action)
        views.append(json.dumps({k: v for k, v in state.view(None).items() if k != "cards"}, sort_keys=True))
    return state, views


def test_replay_determinism_burning_the_global_random():
    first, views1 = _play(7, ["greedy", "random", "greedy"])
    random.seed(12345)
    second, views2 = _play(7, ["greedy", "random", "greedy"], burn=True)
    assert views1 == views2 and first.outcome() == second.outcome()


def test_exact_replay_from_saved_actions():
    moves = []
    state, _ = _play(3, ["random", "greedy", "random", "greedy"], record=moves)
    again = ENGINE.new_game(CONTENT, 4, 3)
    for seat, data in moves:
        again.apply(seat, ENGINE.action_from_json(json.loads(json.dumps(data))))
    assert again.is_over() and again.outcome() == state.outcome()
    for seat in (None, 0, 2):
        assert again.view(seat) == state.view(seat)


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_games_end_at_every_seat_count(seats):
    state, _ = _play(seats, ["greedy"] * seats)
    out = state.outcome()
    assert out["winners"] and sorted(out["ranking"]) == list(range(seats)) and len(out["scores"]) == seats
    assert state.view(0)["outcome"] == out and state.legal_actions(0) == []
    with pytest.raises(IllegalAction):
        state.apply(0, A.Choose("work"))


def test_view_is_json_and_documents_its_keys():
    from rules.guildes import view as view_module

    state, _ = _play(1, ["greedy", "greedy"])
    v = state.view(0)
    assert json.loads(json.dumps(v)) == v
    for key in list(v) + list(v["guilds"][0]):
        assert re.search(rf"`{key}`", view_module.__doc__), key


def _keys(value):
    if isinstance(value, dict):
        if isinstance(value.get("key"), str):
            yield value["key"]
        for v in value.values():
            yield from _keys(v)
    elif isinstance(value, list):
        for v in value:
            yield from _keys(v)


def test_every_emitted_key_and_prompt_has_both_languages():
    catalog = yaml.safe_load((ROOT / "game/strings/guildes.yaml").read_text(encoding="utf-8"))
    assert all(k.startswith("guildes.") and v["fr"] and v["en"] for k, v in catalog.items())
    seen = set()
    for seed in range(12):
        names = ["random", "greedy", "random", "greedy", "random"][: 2 + seed % 4]
        state = ENGINE.new_game(CONTENT, len(names), seed)
        bots = [ENGINE.bot(n, seed + i) for i, n in enumerate(names)]
        while not state.is_over():
            seat = state.to_act()[0]
            v = state.view(seat)
            seen.update([v["phase_key"], v["prompt"]["key"]])
            state.apply(seat, bots[seat].choose(v, state.legal_actions(seat)))
        seen.update(_keys(state.log))
    assert seen - set(catalog) == set()
    source = "".join(p.read_text() for p in (ROOT / "rules/guildes").glob("*.py"))
    for key in set(re.findall(r'"(guildes\.(?:illegal|log|why|word)\.[a-z_]+)"', source)):
        assert key in catalog, key
    kinds = set(re.findall(r'ask(?:_all)?\([^"]*"([a-z_0-9]+)"', source)) | {"bid", "placement"}
    for k in kinds:
        assert f"guildes.prompt.{k}" in catalog, k
    for card in CONTENT.cards:
        assert f"guildes.card.{card}" in catalog


def test_foreign_and_out_of_turn_actions_are_refused_with_a_key():
    from rules.core import Action, action

    @action("fly")
    class Fly(Action):
        pass

    state = new(3)
    with pytest.raises(IllegalAction) as err:
        state.apply(0, Fly())
    assert err.value.key == "guildes.illegal.unknown_action"
    with pytest.raises(IllegalAction):
        state.apply(7, A.Choose("x"))
    with pytest.raises(IllegalAction):
        state.apply(0, A.Choose("not-a-leader"))
    with pytest.raises(IllegalAction):
        state.apply(0, A.Bid(3))
