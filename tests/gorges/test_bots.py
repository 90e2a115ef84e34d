"""Gorges bots (issue 16, point 5): `random` first (bench times it), the campaign bot `captain`
with its weights from content/gorges/bots.yaml (located errors), honest (its choice depends on
the view and legal actions only), following each phase's purpose, fair when it reports a battle,
and clearly better than random in a small seeded match. Larger figures: `python main.py simulate
gorges --seats captain,random --rotate --games 200`."""

from __future__ import annotations

import json
import random
import shutil

import pytest
import yaml

import game.content
from game.simulate import play_one
from rules.gorges import ENGINE
from rules.gorges import actions as A
from rules.gorges.bots import DEFAULTS, CaptainBot, RandomBot
from rules.gorges.phases import challenges
from rules.gorges.phases.battles import battles_phase
from tests.gorges.helpers import CONTENT, arrange, scenario, set_up


def test_random_stays_first_and_the_captain_is_registered() -> None:
    assert ENGINE.bots == ("random", "captain")
    assert isinstance(ENGINE.bot("random", 1), RandomBot)
    assert isinstance(ENGINE.bot("captain", 1), CaptainBot)
    with pytest.raises(KeyError):
        ENGINE.bot("admiral", 1)


def test_the_weights_come_from_the_content_and_match_the_defaults() -> None:
    shipped = yaml.safe_load((game.content.content_dir("gorges") / "bots.yaml").read_text(encoding="utf-8"))
    assert set(shipped) == {"captain"}
    assert {k: shipped["captain"][k] for k in DEFAULTS} == DEFAULTS
    view = set_up().view(0)
    assert view["bots"]["captain"]["annex"] == DEFAULTS["annex"]
    assert json.loads(json.dumps(view["bots"])) == view["bots"]


@pytest.fixture
def copy(tmp_path):
    shutil.copytree(game.content.content_dir("gorges"), tmp_path / "gorges")
    return tmp_path


def _edit(root, old, new):
    path = root / "gorges" / "bots.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _errors(root) -> str:
    with pytest.raises(game.content.ContentError) as exc:
        game.content.load("gorges", root)
    return str(exc.value)


def test_a_typo_in_a_weight_is_located(copy) -> None:
    _edit(copy, "  annex: 10", "  anex: 10")
    msg = _errors(copy)
    assert "bots.yaml:6:3: captain.anex" in msg and "did you mean 'annex'" in msg


def test_an_unknown_preferred_race_gets_a_hint(copy) -> None:
    _edit(copy, "races: []", "races: [skavens]")
    msg = _errors(copy)
    assert "bots.yaml:" in msg and "captain.races[0]" in msg and "did you mean 'skaven'" in msg


def test_a_wound_face_out_of_range_is_located(copy) -> None:
    _edit(copy, "wound_preference: [6, 3, 4, 5, 2, 1]", "wound_preference: [6, 3, 4, 5, 2, 7]")
    assert "captain.wound_preference[5]" in _errors(copy)


def test_a_designers_weights_reach_the_bot(copy) -> None:
    _edit(copy, "  annex: 10", "  annex: -10")
    content = game.content.load("gorges", copy)
    st = ENGINE.new_game(content, 2, 1)
    assert st.view(0)["bots"]["captain"]["annex"] == -10


# -- honesty: the view and the legal actions only ---------------------------------------------

def _campaign(seed: int, stop) -> object:
    """A seeded campaign of captains, stopped at the first prompt where `stop(state)` holds."""
    st = ENGINE.new_game(CONTENT, 3, seed)
    bots = [ENGINE.bot("captain", seed * 7 + s) for s in range(3)]
    while not st.is_over() and not stop(st):
        seat = st.to_act()[0]
        st.apply(seat, bots[seat].choose(st.view(seat), st.legal_actions(seat)))
    assert not st.is_over()
    return st


KINDS = ("movement", "construction", "challenge", "answer", "battle_result")


@pytest.mark.parametrize("kind", KINDS)
def test_the_captain_decides_from_its_view_only(kind: str) -> None:
    st = _campaign(5, lambda s: s.prompt.kind == kind and s.turn >= 2)
    me = st.to_act()[0]
    seen = st.view(me)
    kept = json.loads(json.dumps(seen))
    before = ENGINE.bot("captain", 99).choose(seen, st.legal_actions(me))
    assert json.loads(json.dumps(seen)) == kept  # the bot changed nothing in the view
    # The campaign's only secret is the dice to come: reseed them. The view stays the same, and
    # so does the choice.
    st.rng = random.Random(12345)
    assert st.view(me) == seen
    assert ENGINE.bot("captain", 99).choose(st.view(me), st.legal_actions(me)) == before
    # From the view's JSON alone (what a save or another process would give it).
    assert ENGINE.bot("captain", 99).choose(kept, st.legal_actions(me)) == before


# -- following each phase's purpose ------------------------------------------------------------

def _movement_of(st, seat: int):
    from rules.gorges.phases import movement
    st.order = [seat] + [s for s in range(st.n) if s != seat]
    scenario(st, movement.movement_phase(st))
    assert st.prompt.kind == "movement" and st.to_act() == [seat]


def test_the_captain_spreads_over_neutral_land_and_keeps_one_army_home() -> None:
    st = set_up(("empire", "skaven"), seed=3)
    _movement_of(st, 0)
    bot = ENGINE.bot("captain", 1)
    for _ in range(10):
        act = bot.choose(st.view(0), st.legal_actions(0))
        st.apply(0, act)
        if isinstance(act, A.Done):
            break
    mine = st.armies_of(0)
    assert sum(1 for a in mine if st.owner[a.location] == 0) >= 1  # one stays home
    assert sum(1 for a in mine if st.owner[a.location] is None) == 2  # two end on neutral land
    assert len({a.location for a in mine}) == 3


def test_the_captain_builds_once_a_season() -> None:
    from rules.gorges.phases import construction
    st = set_up(("empire", "skaven"))
    scenario(st, construction.construction_phase(st))
    seat = st.to_act()[0]
    act = ENGINE.bot("captain", 1).choose(st.view(seat), st.legal_actions(seat))
    assert isinstance(act, A.Build) and act.building in ("mine", "fortress")


def _challenged(on_stake: bool, fortified: bool = False):
    """Seat 0 challenges seat 1 over seat 1's marsh; seat 0's army stands on it or next to it."""
    st = set_up(("empire", "skaven"))
    where = "marais-puant" if on_stake else "roches-hurlantes"
    arrange(st, owner={"marais-puant": 1, "roches-hurlantes": 0}, armies={"0.G": where},
            building={"marais-puant": "city", "plaine-des-os": "fortress"} if fortified else {})
    st.order = [0, 1]
    scenario(st, challenges.challenges_phase(st))
    st.apply(0, A.Challenge(1, "0.G", "marais-puant"))
    assert st.prompt.kind == "answer" and st.to_act() == [1]
    return st


def test_the_captain_fights_for_its_land_when_a_refusal_would_lose_it() -> None:
    st = _challenged(on_stake=True)
    act = ENGINE.bot("captain", 1).choose(st.view(1), st.legal_actions(1))
    assert act.accept and act.army is not None


def test_the_captain_refuses_a_challenge_that_costs_nothing_to_refuse() -> None:
    st = _challenged(on_stake=False)
    assert ENGINE.bot("captain", 1).choose(st.view(1), st.legal_actions(1)) == A.Answer(False)


def test_the_captain_trusts_a_city_to_save_its_land() -> None:
    # 6+ with +2 (a city), +1 (a fortress next to it), -1 (next to the attacker's land): even odds
    st = _challenged(on_stake=True, fortified=True)
    assert ENGINE.bot("captain", 1).choose(st.view(1), st.legal_actions(1)) == A.Answer(False)


def test_the_captain_challenges_from_the_enemy_land_it_stands_on() -> None:
    st = set_up(("empire", "skaven"))
    arrange(st, owner={"marais-puant": 1, "roches-hurlantes": 0}, armies={"0.G": "marais-puant"})
    st.order = [0, 1]
    scenario(st, challenges.challenges_phase(st))
    act = ENGINE.bot("captain", 1).choose(st.view(0), st.legal_actions(0))
    assert act == A.Challenge(1, "0.G", "marais-puant")


def test_the_captain_keeps_its_relic_points_and_takes_those_offered() -> None:
    from rules.gorges.phases.conquest import save_roll
    st = set_up(("empire", "skaven"))
    st.generals[1].relics = st.generals[0].relics = 3
    arrange(st, owner={"marais-puant": 1}, armies={"0.G": "marais-puant"})
    ch = {"challenger": 0, "target": 1, "army": "0.G", "territory": "marais-puant", "status": "refused",
          "defender_army": None}
    scenario(st, save_roll(st, ch))
    assert st.prompt.kind == "offer_relics"
    assert ENGINE.bot("captain", 1).choose(st.view(1), st.legal_actions(1)) == A.OfferRelics(0)
    st.apply(1, A.OfferRelics(2))
    assert st.prompt.kind == "accept_offer"
    assert ENGINE.bot("captain", 1).choose(st.view(0), st.legal_actions(0)) == A.Answer(True)


def test_the_captain_reports_battles_fairly_whoever_it_plays() -> None:
    """Asked to enter a battle's result, it does not favour the seat it plays."""
    st = set_up(("empire", "skaven"))
    arrange(st, owner={"roches-hurlantes": 1}, armies={"0.G": "roches-hurlantes", "1.G": "roches-hurlantes"})
    st.challenges = [{"challenger": 0, "target": 1, "army": "0.G", "territory": "roches-hurlantes",
                      "status": "accepted", "defender_army": "1.G"}]
    scenario(st, battles_phase(st))
    legal, view = st.legal_actions(0), st.view(0)
    results = [ENGINE.bot("captain", seed).choose(view, legal) for seed in range(400)]
    assert all(r in legal for r in results)
    won = sum(1 for r in results if r.winner == 0)
    assert 160 <= won <= 240  # about half, though seat 0 (the challenger) is the seat asked
    assert 5 <= sum(1 for r in results if r.draw) <= 40


# -- strength ---------------------------------------------------------------------------------

def test_the_captain_beats_random_in_a_small_seeded_sample() -> None:
    won = 0
    for g in range(8):
        order = ("captain", "random") if g % 2 == 0 else ("random", "captain")
        bots = [ENGINE.bot(name, g * 101 + s) for s, name in enumerate(order)]
        state, actions = play_one(ENGINE, CONTENT, bots, 700 + g)
        won += order.index("captain") in state.outcome()["winners"]
        assert 60 <= actions <= 400
    assert won >= 7
