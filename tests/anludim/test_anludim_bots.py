"""Anludim's bots: three levels offered to people, old names kept for saves, probes kept out of the
offer, weights read from content/anludim/bots.yaml, honest bots (another seat's hidden cards do not
change a choice), and small seeded matches that show the levels in order. The report's larger
figures come from `python -m tests.simulate_probe simulate anludim --seats A,B --games N --rotate`."""

from __future__ import annotations

import random

import pytest

import tests.anludim.probes  # noqa: F401  (registers the probes)
from game.simulate import play_one
from rules.anludim import ENGINE, master
from rules.anludim import actions as A
from tests.anludim.helpers import CONTENT, new

LEVELS = ("apprentice", "adept", "master")


def test_three_levels_are_offered_weakest_first_and_old_names_still_play() -> None:
    assert tuple(ENGINE.bots) == LEVELS
    assert "takeback" in ENGINE.probes and "takeback" not in ENGINE.bots
    assert type(ENGINE.bot("greedy", 1)).__name__ == "Adept"  # old saves name greedy
    assert type(ENGINE.bot("random", 1)).__name__ == "RandomBot"
    with pytest.raises(KeyError):
        ENGINE.bot("clever", 1)


def test_the_personas_come_from_the_content() -> None:
    view = new(2, 3).view(0)
    assert set(view["content"]["bots"]) == set(LEVELS)
    assert view["content"]["bots"]["master"]["round_end"] > 0
    assert view["content"]["bots"]["adept"]["take_back_orphans"] is True


def _midgame(seed: int, seats: int = 3):
    """A seeded game played by adepts until some combinations are laid, at a seat's turn start."""
    state = new(seats, seed)
    bots = [ENGINE.bot("adept", seed * 7 + s) for s in range(seats)]
    for _ in range(40):
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    while state.phase not in ("start", "main"):
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("name", [*LEVELS, "random", "takeback", "strongest"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_bot_decides_from_its_view_only(name: str, seed: int) -> None:
    state = _midgame(seed)
    me = state.to_act()[0]
    seen = state.view(me)
    before = ENGINE.bot(name, 99).choose(seen, state.legal_actions(me))
    # Another seat's hand is swapped with face-down cards of the draw pile: same sizes, new secrets.
    other = state.table.seats[(me + 1) % state.n]
    rng = random.Random(seed)
    swap = min(len(other.hand), len(state.table.deck))
    picked = rng.sample(range(len(state.table.deck)), swap)
    for i, j in enumerate(picked):
        other.hand[i], state.table.deck[j] = state.table.deck[j], other.hand[i]
    assert state.view(me) == seen  # only secrets changed
    after = ENGINE.bot(name, 99).choose(state.view(me), state.legal_actions(me))
    assert before == after


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_master_rebuilds_the_game_from_its_view(seed: int) -> None:
    """With the hidden cards where they really are, the Master's rebuilt state shows the same view."""
    state = _midgame(seed)
    me = state.to_act()[0]
    view = state.view(me)
    assert any(isinstance(a, A.Lay) for a in state.legal_actions(me))  # the Master searches here
    table = state.table
    dealt = {"hands": {s: list(table.seats[s].hand) for s in range(state.n) if s != me},
             "deck": list(table.deck), "discard": list(table.discard)}
    rebuilt = master.rebuild(view, master.content_from_view(view, dict(CONTENT.cards)), dealt, 0.5)
    again = rebuilt.view(me)
    assert {k: v for k, v in again.items() if k not in ("log", "content")} == \
        {k: v for k, v in view.items() if k not in ("log", "content")}
    assert rebuilt.legal_actions(me) == state.legal_actions(me)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_master_deals_exactly_the_cards_it_cannot_see(seed: int) -> None:
    state = _midgame(seed)
    me = state.to_act()[0]
    view = state.view(me)
    seen = master.seen_cards(view)
    hidden = master.unseen(view, seen)
    table = state.table
    truth = [cid for s in range(state.n) if s != me for cid in table.seats[s].hand]
    truth += table.deck + [cid for cid in table.discard if cid != table.discard[-1]]
    assert sorted(hidden.values()) == sorted(CONTENT.cards[cid] for cid in truth)
    assert all(cid.startswith("?") for cid in hidden)  # no real id of a hidden card
    dealt = master.deal(view, list(hidden), random.Random(seed))
    assert {s: len(h) for s, h in dealt["hands"].items()} == \
        {s: len(table.seats[s].hand) for s in range(state.n) if s != me}
    assert (len(dealt["deck"]), len(dealt["discard"])) == (len(table.deck), len(table.discard))


def test_without_samples_the_master_plays_its_heuristic() -> None:
    from rules.anludim.heuristic import PersonaBot

    state = _midgame(2)
    me = state.to_act()[0]
    view = state.view(me)
    view["content"]["bots"]["master"]["samples"] = 0
    plain = PersonaBot(5)
    plain.persona = "master"
    assert ENGINE.bot("master", 5).choose(view, state.legal_actions(me)) == plain.choose(view, state.legal_actions(me))


def test_the_adept_and_the_master_take_back_an_orphaned_combination() -> None:
    state = next(st for st in map(_midgame, range(1, 30)) if st.table.seats[st.to_act()[0]].combos)
    me = state.to_act()[0]
    state.phase = "start"
    s = state.table.seats[me]
    s.combos[0].professor = None
    for name in ("adept", "master"):
        action = ENGINE.bot(name, 1).choose(state.view(me), state.legal_actions(me))
        assert isinstance(action, A.TakeBack)


def _wins(a: str, b: str, games: int, seed: int = 500) -> int:
    """Heads-up games of `a` against `b`, seats alternating; how many `a` won."""
    won = 0
    for g in range(games):
        order = (a, b) if g % 2 == 0 else (b, a)
        bots = [ENGINE.bot(name, (seed + g) * 101 + s) for s, name in enumerate(order)]
        state, _ = play_one(ENGINE, CONTENT, bots, seed + g)
        won += state.outcome()["winners"] == [order.index(a)]
    return won


def test_the_adept_beats_the_apprentice_in_a_small_seeded_sample() -> None:
    assert _wins("adept", "apprentice", 12) >= 9


def test_the_master_does_not_fall_to_the_take_back_trick_in_a_small_seeded_sample() -> None:
    assert _wins("master", "takeback", 12) >= 6


def test_bench_measures_the_masters_decision_time() -> None:
    from game.bench import measure_bot_decisions

    p95 = measure_bot_decisions("anludim", 0.0, None)  # one whole game of three Masters
    assert 0.0 < p95
