"""Anludim against the engine protocol: JSON, views, determinism, random play, bots, strings."""

import copy
import json
import random
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

import rules
from rules.anludim import ENGINE
from rules.anludim import actions as A
from rules.anludim.view import proposal
from rules.core import InvalidAction
from tests.anludim.helpers import CONTENT, new, pick

ROOT = Path(__file__).resolve().parents[2]
ALL_ACTIONS = [
    A.Lay("voyante", (("c01", 0), ("c02", 1), ("c03", 0))), A.Lay("arcaniste", (("c04", 1), ("c05", 0)), onto=2),
    A.Draw(), A.TakeFaceUp(2), A.PassTurn(), A.DiscardItem("fiole", 2), A.DiscardParchment(),
    A.TakeBack(1), A.EndTurn(), A.Keep(("c10", "c11")), A.Keep(()),
]


def test_registered():
    assert "anludim" in rules.IMPLEMENTED
    assert rules.engine("anludim") is ENGINE
    assert ENGINE.id == "anludim" and ENGINE.seats == range(2, 6)
    assert tuple(ENGINE.bots) == ("apprentice", "adept", "master") and ENGINE.hidden_information


@pytest.mark.parametrize("action", ALL_ACTIONS, ids=lambda a: a.type)
def test_json_round_trip(action):
    data = json.loads(json.dumps(action.to_json()))
    assert ENGINE.action_from_json(data) == action


def test_every_action_kind_is_covered():
    assert {a.type for a in ALL_ACTIONS} == set(A.CODEC.classes)


@pytest.mark.parametrize("data", [
    None, [], "draw", {}, {"type": "fly"}, {"type": "lay"}, {"type": "lay", "professor": 3, "cards": []},
    {"type": "lay", "professor": "voyante", "cards": [["c01"]]},
    {"type": "lay", "professor": "voyante", "cards": [["c01", "0"]]},
    {"type": "take_face_up", "slot": "1"}, {"type": "take_face_up", "slot": True},
    {"type": "draw", "extra": 1}, {"type": "keep", "cards": "c01"},
])
def test_malformed_json_is_invalid(data):
    with pytest.raises(InvalidAction):
        ENGINE.action_from_json(data)


def test_view_never_shows_another_hand():
    state = new(4)
    for seat in range(4):
        view = state.view(seat)
        text = json.dumps(view)
        assert {c["id"] for c in view["hand"]} == set(state.table.seats[seat].hand)
        for other in range(4):
            if other != seat:
                for cid in state.table.seats[other].hand:
                    assert f'"{cid}"' not in text
    assert state.view(None)["hand"] is None


def test_view_unchanged_when_another_hand_changes():
    state = new(3)
    before = state.view(0)
    public = state.view(None)
    hand = state.table.seats[1].hand
    hand[0], state.table.deck[0] = state.table.deck[0], hand[0]  # swap a hidden card
    assert state.view(0) == before
    assert state.view(None) == public


def test_view_is_json_and_documented_keys():
    state = new(3)
    view = state.view(1)
    assert json.loads(json.dumps(view)) == view
    for key in ("seats", "professors", "piles", "face_up", "draw_count", "discard_count", "optional_available",
                "expert", "to_act", "log", "round_results", "content", "phase", "first", "current", "order"):
        assert key in view
    colours = view["content"]["colours"]
    assert len(colours) == 5 and all(c["symbol"] and c["name"]["fr"] for c in colours)


def test_proposal_helper_on_a_view():
    state = new(3)
    played = pick(state, (7, "red"), (7, "blue"), (7, "green"))
    from tests.anludim.helpers import set_hand

    set_hand(state, 0, [cid for cid, _ in played])
    info = {p["professor"]: p for p in proposal(state.view(0), played)}
    assert info["voyante"]["valid"] and info["voyante"]["beats"] and info["voyante"]["holder"] is None
    assert not info["alchimiste"]["valid"] and not info["alchimiste"]["beats"]
    assert not proposal(state.view(0), (("nope", 0),))[0]["valid"]


def _play(seed, seats, names, expert=False, burn=False):
    state = ENGINE.new_game(CONTENT, seats, seed, {"expert": expert})
    bots = [ENGINE.bot(n, seed + i) for i, n in enumerate(names)]
    views = []
    while not state.is_over():
        seat = state.to_act()[0]
        if burn:
            random.random()
            random.shuffle(list(range(10)))
        action = bots[seat].choose(state.view(seat), state.legal_actions(seat))
        state.apply(seat, action)
        views.append(json.dumps(state.view(None), sort_keys=True))
    return state, views


def test_replay_determinism_burning_the_global_random():
    names = ["greedy", "random", "random"]
    first, views1 = _play(7, 3, names)
    random.seed(12345)
    second, views2 = _play(7, 3, names, burn=True)
    assert views1 == views2 and first.outcome() == second.outcome()


def test_replay_from_saved_actions():
    state = ENGINE.new_game(CONTENT, 4, 3, {"expert": True})
    bot = ENGINE.bot("random", 1)
    moves = []
    for _ in range(300):
        if state.is_over():
            break
        seat = state.to_act()[0]
        action = bot.choose(state.view(seat), state.legal_actions(seat))
        moves.append((seat, action.to_json()))
        state.apply(seat, action)
    again = ENGINE.new_game(CONTENT, 4, 3, {"expert": True})
    for seat, data in moves:
        again.apply(seat, ENGINE.action_from_json(data))
    assert again.view(None) == state.view(None) and again.view(2) == state.view(2)


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
@pytest.mark.parametrize("expert", [False, True])
def test_games_end_at_every_seat_count(seats, expert):
    for seed in range(3):
        state, _ = _play(seed, seats, ["greedy"] + ["random"] * (seats - 1), expert=expert)
        out = state.outcome()
        assert len(out["winners"]) == 1 and sorted(out["ranking"]) == list(range(seats))
        assert max(out["rounds_won"]) == 2 and len(out["scores"]) == seats


def test_greedy_beats_random():
    wins = [0, 0, 0]
    for seed in range(40):
        state, _ = _play(seed, 3, ["greedy", "random", "random"])
        wins[state.outcome()["winners"][0]] += 1
    assert wins[0] >= 28, wins


def _keys(value):
    if isinstance(value, dict):
        if "key" in value and isinstance(value["key"], str):
            yield value["key"]
        for v in value.values():
            yield from _keys(v)
    elif isinstance(value, list):
        for v in value:
            yield from _keys(v)


def test_every_emitted_key_has_both_languages():
    catalog = yaml.safe_load((ROOT / "game/strings/anludim.yaml").read_text(encoding="utf-8"))
    assert all(k.startswith("anludim.") and v["fr"] and v["en"] for k, v in catalog.items())
    seen = set()
    for seed in range(15):
        state, _ = _play(seed, 2 + seed % 4, ["random"] * (2 + seed % 4), expert=seed % 2 == 1)
        seen.update(_keys(state.log))
        seen.add(state.view(None)["phase_label"])
    assert seen - set(catalog) == set()
    import re

    source = "".join((ROOT / "rules/anludim" / f).read_text() for f in ("state.py", "laying.py"))
    for key in re.findall(r'"(anludim\.illegal\.[a-z_]+)"', source):
        assert key in catalog, key
    for kind in CONTENT.hierarchy:
        assert f"anludim.kind.{kind}" in catalog
    for phase in ("start", "main", "after_main", "round_over", "game_over"):
        assert f"anludim.phase.{phase}" in catalog
    assert "anludim.option.expert" in catalog and "anludim.rules.text" in catalog


def test_view_docstring_documents_every_key():
    import re

    from rules.anludim import view as view_module

    doc = view_module.__doc__
    state = new(3)
    v = state.view(0)
    for key in v:
        assert re.search(rf"\b{key}\b", doc), key
    for key in v["seats"][0]:
        assert re.search(rf"\b{key}\b", doc), key
    for key in v["professors"][0]:
        assert re.search(rf"\b{key}\b", doc), key


@pytest.mark.parametrize("expert", [False, True])
def test_every_listed_action_is_accepted(expert):
    rng = random.Random(11)
    for game in range(6):
        state = ENGINE.new_game(CONTENT, 2 + game % 4, game, {"expert": expert})
        for _ in range(80):
            if state.is_over():
                break
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            for action in legal:
                memo = {id(state.content): state.content, id(state.log): []}  # share content, skip the log
                copy.deepcopy(state, memo).apply(seat, action)
            state.apply(seat, rng.choice(legal))


ids = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789_-é", max_size=12)


@given(ids, st.lists(st.tuples(ids, st.integers(-3, 3)), max_size=8), st.integers(-2, 9))
def test_lay_json_round_trip_any_content(professor, cards, onto):
    action = A.Lay(professor, tuple(cards), onto)
    assert ENGINE.action_from_json(json.loads(json.dumps(action.to_json()))) == action


def test_foreign_action_is_refused_with_a_key():
    from rules.core import IllegalAction, action

    @action("fly")
    class Fly(A.Action):
        pass

    state = new(3)
    with pytest.raises(IllegalAction) as err:
        state.apply(0, Fly())
    assert err.value.key == "anludim.illegal.unknown_action"


@pytest.mark.parametrize("expert", [False, True])
def test_shared_view_parts_are_never_stale(expert):
    """Views share the content part and the laid cards of unchanged combinations (view.py): at every
    step of random games, with take-backs and (expert) lays onto a combination, a view equals one
    built with nothing to share, and the content part is the content's own."""
    for seed in range(4):
        state = ENGINE.new_game(CONTENT, 3, seed, {"expert": expert})
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            shared = state.view(seat)
            kept, state.laid_views = state.laid_views, {}
            assert shared == state.view(seat)
            state.laid_views = kept
            assert shared["content"] is CONTENT.view_content
            state.apply(seat, rng.choice(state.legal_actions(seat)))
