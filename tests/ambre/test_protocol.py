"""Ambre against the engine protocol: JSON, views and secrecy, determinism, replay, strings."""

import copy
import json
import random
import re
from pathlib import Path

import pytest
import yaml

import rules
from rules.ambre import ENGINE
from rules.ambre import actions as A
from rules.ambre import view as view_module
from rules.core import IllegalAction, InvalidAction
from tests.ambre.helpers import CONTENT, new, play

ROOT = Path(__file__).resolve().parents[2]
ALL_ACTIONS = [
    A.Character("Ann", "Je veux tout"), A.Bid("coupe-3"), A.Bid("m13"), A.RaiseBid("epee-10"), A.PassRaise(),
    A.Stake(2), A.Element(1, "baton-4"), A.Initiate(0), A.ChooseSetup((1, 2)), A.Lay("denier-9"), A.SetupDone(),
    A.ChooseNarrator(3), A.Announce(), A.FirstSentence(), A.RequestFloor("coupe-1"), A.YieldFloor(), A.Couper(),
    A.EndNarration(), A.CloseFromHand("epee-2", 1, 3), A.CloseFromAside("baton-7", 0, -1), A.ClosePass(),
    A.TakeAside("coupe-8"), A.TakeHand("denier-2"), A.OfferGage("epee-5"), A.NoGage(), A.AcceptGage("baton-1"),
    A.RefuseGage(), A.Give("coupe-4", 2), A.Conclude(), A.TellEpilogue(),
]


def test_registered():
    assert "ambre" in rules.IMPLEMENTED and rules.engine("ambre") is ENGINE
    assert ENGINE.id == "ambre" and ENGINE.seats == range(3, 6) and ENGINE.hidden_information
    assert tuple(ENGINE.bots) == ("apprentice", "adept", "master")
    assert {type(ENGINE.bot(k, 1)).__name__ for k in ("random", "steady")} == {"RandomBot", "SteadyBot"}
    with pytest.raises(ValueError):
        ENGINE.new_game(CONTENT, 2, 1)
    with pytest.raises(ValueError):
        ENGINE.new_game(CONTENT, 3, 1, {"raise_tie": "sometimes"})
    assert {o["id"] for o in ENGINE.options(CONTENT)} == {"raise_tie", "close_give_self", "consequence_cards"}


@pytest.mark.parametrize("action", ALL_ACTIONS, ids=lambda a: a.type)
def test_json_round_trip(action):
    assert ENGINE.action_from_json(json.loads(json.dumps(action.to_json()))) == action


def test_every_action_kind_is_covered():
    assert {a.type for a in ALL_ACTIONS} == set(A.CODEC.classes)


@pytest.mark.parametrize("data", [
    None, [], "bid", {}, {"type": "fly"}, {"type": "bid"}, {"type": "bid", "card": 3},
    {"type": "character", "name": "Ann"}, {"type": "choose_setup", "seats": [1, "2"]},
    {"type": "stake", "conflict": True}, {"type": "pass_raise", "extra": 1},
    {"type": "close_from_hand", "card": "epee-2", "to": 1},
])
def test_malformed_json_is_invalid(data):
    with pytest.raises(InvalidAction):
        ENGINE.action_from_json(data)


def test_foreign_action_is_refused_with_a_key():
    from rules.core import action

    @action("fly")
    class Fly(A.Action):
        pass

    with pytest.raises(IllegalAction) as err:
        new().apply(0, Fly())
    assert err.value.key == "ambre.illegal.unknown_action"


# -- secrecy ---------------------------------------------------------------------------------

def _states(seed, n):
    """One random game's state after every action (the same object, changing: look, don't keep)."""
    state = new(n, seed)
    bots = [ENGINE.bot("random", seed + i) for i in range(n)]
    rng = random.Random(seed)
    while not state.is_over():
        yield state
        seat = rng.choice(state.to_act())
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))


def _snapshots(seed, n, every=1):
    """Copies of one random game's state, every `every` actions and whenever a bid lies face down."""
    return [_copy(s) for i, s in enumerate(_states(seed, n))
            if i % every == 0 or (s.bidding is not None and s.bidding.pending and i % 2 == 0)]


def _copy(state):
    return copy.deepcopy(state, {id(state.content): state.content, id(state.log): list(state.log)})


def _perturb(state, viewer):
    """Copies of `state` where only what `viewer` may not see has changed."""
    others = [s for s in range(state.n) if s != viewer]
    o = others[0]
    if state.hands[o] and state.boxed:  # another hand, and the box
        c = _copy(state)
        i = 0
        c.hands[o][i], c.boxed[0] = c.boxed[0], c.hands[o][i]
        yield "hand", c
    if len(others) > 1 and state.hands[others[0]] and state.hands[others[1]]:
        c = _copy(state)
        a, b = c.hands[others[0]], c.hands[others[1]]
        a[0], b[0] = b[0], a[0]
        yield "hands", c
    if state.phase not in ("epilogue", "over") and state.motivations[o]:
        c = _copy(state)
        c.motivations[o] = "Je veux autre chose"
        yield "motivation", c
    b = state.bidding
    if b is not None and o in b.pending and state.hands[o]:
        c = _copy(state)
        c.bidding.pending[o], c.hands[o][0] = c.hands[o][0], c.bidding.pending[o]
        yield "face-down bid", c
    sc = state.scene
    if sc is not None and sc.request is not None and sc.request[0] != viewer and state.boxed:
        c = _copy(state)
        seat, card = c.scene.request
        c.scene.request = (seat, c.boxed[0])
        c.boxed[0] = card
        yield "floor request", c


@pytest.mark.parametrize("seed, n", [(1, 3), (2, 4), (3, 5)])
def test_no_view_changes_when_only_hidden_information_changes(seed, n):
    seen = set()
    for state in _snapshots(seed, n, every=7):
        for viewer in (None, *range(state.n)):
            before = json.dumps(state.view(viewer), sort_keys=True)
            for what, changed in _perturb(state, viewer if viewer is not None else -1):
                seen.add(what)
                assert json.dumps(changed.view(viewer), sort_keys=True) == before, (what, viewer, state.phase)
    assert seen >= {"hands", "motivation", "face-down bid"}


def test_floor_requests_stay_secret_in_many_games():
    found = 0
    for seed in range(12):
        for state in _states(seed, 3 + seed % 3):
            sc = state.scene
            if sc is None or sc.request is None:
                continue
            found += 1
            seat, card = sc.request
            for viewer in (None, *range(state.n)):
                text = json.dumps(state.view(viewer)["scene"])
                assert (card in text) == (viewer == seat)
    assert found > 5


def test_face_down_conflict_cards_never_show_their_card():
    for state in _states(4, 4):
        for viewer in (None, 0, 1):
            for conflict, real in zip(state.view(viewer)["conflicts"], state.conflicts):
                assert [c["up"] for c in conflict["cards"]] == [up for _, up in real.cards]
                assert all((c["card"] is None) == (not c["up"]) for c in conflict["cards"])


def test_the_public_view_has_no_hand_and_no_motivation():
    state, _ = play(5, 3)
    early = new(3)
    assert early.view(None)["hand"] is None and early.view(None)["joker"] is None
    assert early.view(1)["hand"] == early.hands[1] and early.view(1)["joker"] == early.jokers[1]
    assert state.view(None)["motivations"] == state.motivations  # revealed at the end


# -- determinism and replay ------------------------------------------------------------------

def _run(seed, burn=False):
    state = new(4, seed)
    bots = [ENGINE.bot("steady" if i % 2 else "random", seed + i) for i in range(4)]
    rng = random.Random(seed)
    views = []
    while not state.is_over():
        if burn:
            random.random()
            random.shuffle(list(range(10)))
        seat = rng.choice(state.to_act())
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
        views.append(json.dumps(state.view(None), sort_keys=True))
    return state, views


def test_replay_determinism_burning_the_global_random():
    first, views1 = _run(7)
    random.seed(12345)
    second, views2 = _run(7, burn=True)
    assert views1 == views2 and first.outcome() == second.outcome() and first.log == second.log


def test_exact_replay_from_saved_actions():
    state, moves = play(11, 5, ["steady", "random", "random", "steady", "random"])
    saved = json.dumps([[s, a.to_json()] for s, a in moves])
    again = new(5, 11)
    for seat, data in json.loads(saved):
        again.apply(seat, ENGINE.action_from_json(data))
    for viewer in (None, 0, 3):
        assert again.view(viewer) == state.view(viewer)
    assert again.log == state.log and again.outcome() == state.outcome()


def test_every_listed_action_is_accepted_and_refusals_change_nothing():
    rng = random.Random(3)
    for game in range(3):
        state = new(3 + game % 3, game)
        step = 0
        while not state.is_over():
            step += 1
            ready = state.to_act()
            for seat in range(state.n):
                legal = state.legal_actions(seat)
                assert bool(legal) == (seat in ready), (state.phase, seat)
            seat = rng.choice(ready)
            legal = state.legal_actions(seat)
            for action in (legal if len(legal) < 6 else rng.sample(legal, 6)) if step % 3 == 0 else ():
                copy.deepcopy(state, {id(state.content): state.content, id(state.log): []}).apply(seat, action)
            waiting = [s for s in range(state.n) if s not in ready]
            if waiting:
                before = state.view(None)
                with pytest.raises(IllegalAction):
                    state.apply(waiting[0], legal[0])
                assert state.view(None) == before
            state.apply(seat, rng.choice(legal))


# -- strings and documentation ---------------------------------------------------------------

def _keys(value):
    if isinstance(value, dict):
        if isinstance(value.get("key"), str):
            yield value["key"]
        for v in value.values():
            yield from _keys(v)
    elif isinstance(value, list):
        for v in value:
            yield from _keys(v)


def test_every_emitted_key_has_both_languages():
    catalog = yaml.safe_load((ROOT / "game/strings/ambre.yaml").read_text(encoding="utf-8"))
    assert all(k.startswith("ambre.") and v["fr"] and v["en"] for k, v in catalog.items())
    seen = set()
    for seed in range(10):
        state, _ = play(seed, 3 + seed % 3)
        seen.update(_keys(state.log))
    assert seen - set(catalog) == set()
    source = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "rules/ambre").glob("*.py"))
    for key in re.findall(r'"(ambre\.(?:illegal|log|content|story|ui)\.[a-z_.0-9]+)"', source):
        assert key in catalog, key
    for phase in ("childhood", "bids", "elements", "act1", "act2", "epilogue", "over"):
        assert f"ambre.phase.{phase}" in catalog
    for step in ("setup_choice", "setup", "narrator_choice", "announce", "narration", "closing",
                 "consequences", "conclude"):
        assert f"ambre.step.{step}" in catalog
    for kind in ("object", "character", "place", "organisation"):
        assert f"ambre.element_kind.{kind}" in catalog
    for option in ENGINE.options(CONTENT):
        assert option["label"] in catalog and all(k in catalog for k in option.get("choice_labels", []))


def test_view_docstring_documents_every_key():
    doc = view_module.__doc__
    state, _ = play(2, 3, limit=10_000)
    mid = new(3, 1)
    checked = [state.view(0), mid.view(0)]
    for v in checked:
        for key in v:
            assert re.search(rf"\b{key}\b", doc), key
        for part in ("seats", "conflicts"):
            for key in v[part][0]:
                assert re.search(rf"\b{key}\b", doc), key
    for i, s in enumerate(_states(6, 3)):
        if i % 10 or (s.scene is None and s.bidding is None):
            continue
        v = s.view(0)
        for part in ("scene", "bidding"):
            for key in v[part] or {}:
                assert re.search(rf"\b{key}\b", doc), (part, key)


def test_reveals_are_marked_so_undo_cannot_peek():
    state = new(3, 2)
    for seat in range(3):
        state.apply(seat, A.Character(f"P{seat}", "Je veux"))
        assert state.hidden_result() is None
    state.apply(0, A.Bid(state.hands[0][0]))
    state.apply(1, A.Bid(state.hands[1][0]))
    assert state.hidden_result() is None
    state.apply(2, A.Bid(state.jokers[2]))
    assert state.hidden_result() == "reveal"
