"""Seeded random games against the protocol contract: after every action every card is somewhere,
views are JSON, the acting seats have legal actions, and illegal actions change nothing.

The full 1,000 games are marked slow; CI runs the first 200 (`test_random_games_quick`)."""

import json
import random
from collections import Counter

import pytest

from rules.core import IllegalAction
from rules.guildes import ENGINE
from tests.guildes.helpers import CONTENT

MAGES = Counter(list(CONTENT.mages))
CARDS = Counter(list(CONTENT.items) + list(CONTENT.spells))
LEADERS = Counter(list(CONTENT.leaders))
MAX_ACTIONS = 6000


def _check(st):
    lot = [st.lot["mage"]] if st.lot else []
    mages = (st.mage_deck + st.drawn["mages"] + st.auction + lot + st.graveyard + [m.id for g in st.guilds for m in g.mages]
             + ([st.face_up_mage] if st.face_up_mage else []))
    assert Counter(mages) == MAGES
    cards = (st.item_deck + st.drawn["items"] + st.spent + [c for g in st.guilds for c in g.hand]
             + [c for loot in st.quest_loot.values() for c in loot["cards"]]
             + ([st.face_up_item] if st.face_up_item else []))
    assert Counter(cards) == CARDS
    leaders = st.leader_deck + st.drawn["leaders"] + [
        x for g in st.guilds for x in (g.offered_leaders or ([g.leader] if g.leader else []))]
    assert Counter(leaders) == LEADERS
    lo, hi = st.rules.alignment_min, st.rules.alignment_max
    assert all(g.rubies >= 0 and lo <= g.alignment <= hi for g in st.guilds)
    assert all(not m.centre or m.damage > 0 for g in st.guilds for m in g.mages)


def _game(game: int, rng: random.Random, check_every: int = 1) -> None:
    seats = 2 + game % 4
    st = ENGINE.new_game(CONTENT, seats, seed=game, options={"designer_mode": game % 5 == 0})
    for n in range(MAX_ACTIONS):
        if st.is_over():
            break
        acting = st.to_act()
        seat = rng.choice(acting)
        legal = st.legal_actions(seat)
        assert legal, (game, st.phase, st.prompt.kind)
        st.apply(seat, rng.choice(legal))
        if n % check_every == 0:
            _check(st)
    assert st.is_over(), f"game {game} did not end"
    _check(st)
    out = st.outcome()
    assert out["winners"] and len(out["scores"]) == seats
    json.dumps(st.view(0))


def test_random_games_quick():
    rng = random.Random(2026)
    for game in range(200):
        _game(game, rng, check_every=25)


@pytest.mark.slow
def test_thousand_random_games():
    rng = random.Random(2027)
    for game in range(1000):
        _game(game, rng)


def test_illegal_actions_never_change_the_state():
    rng = random.Random(5)
    st = ENGINE.new_game(CONTENT, 3, seed=5)
    for _ in range(400):
        if st.is_over():
            break
        seat = st.to_act()[0]
        others = [s for s in range(3) if s not in st.to_act()]
        before = json.dumps({k: v for k, v in st.view(None).items() if k != "cards"}, sort_keys=True)
        for other in others:
            for action in st.legal_actions(seat)[:3]:
                with pytest.raises(IllegalAction):
                    st.apply(other, action)
        assert json.dumps({k: v for k, v in st.view(None).items() if k != "cards"}, sort_keys=True) == before
        st.apply(seat, rng.choice(st.legal_actions(seat)))


def test_every_listed_action_is_accepted():
    """Replaying the same history then each listed action: none is refused (states are replays, not copies)."""
    rng = random.Random(11)
    for game in range(3):
        history = []
        st = ENGINE.new_game(CONTENT, 2 + game, game)
        for step in range(120):
            if st.is_over():
                break
            seat = st.to_act()[0]
            legal = st.legal_actions(seat)
            if step % 10 == 0:
                for action in legal:
                    twin = ENGINE.new_game(CONTENT, 2 + game, game)
                    for s, a in history:
                        twin.apply(s, a)
                    twin.apply(seat, action)
            action = rng.choice(legal)
            history.append((seat, action))
            st.apply(seat, action)
