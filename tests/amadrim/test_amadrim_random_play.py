"""Seeded random play: 1,000 games with invariants checked after every action, all ending."""

import json
import random

import pytest

from rules.amadrim import ENGINE
from rules.amadrim.scoring import reputation
from tests.amadrim.helpers import content


def check_invariants(state):
    """What must hold after any action."""
    for seat in range(state.seats):
        assert min(state.stock[seat]) >= 0
        assert all(0 <= step <= len(state.content.market_values) for step in state.market[seat])
        assert 0 <= sum(state.programming[seat]) <= state.cubes[seat]
    if state.supply is not None:
        assert min(state.supply) >= 0
    board = state.board
    assert len(board.unit_at) == len(board.units)
    for unit in board.units.values():
        assert board.unit_at[unit.cell] == unit.id and unit.cell not in board.city_at
        assert (unit.kind == "mage") == (1 <= unit.level <= 6)
    for seat, owned in board.owned.items():  # the units by owner: the units of each seat, in order
        assert list(owned.values()) == [u for u in board.units.values() if u.owner == seat]
    assert sum(map(len, board.owned.values())) == len(board.units)
    assert board.closed == board.city_at.keys() | board.unit_at.keys()  # kept by the board's methods
    assert board.closed_bits == sum(board.bits[c] for c in board.closed)  # (the same set as bits)
    merchants = {}
    for unit in board.units.values():
        if unit.kind == "merchant":
            merchants[unit.owner] = merchants.get(unit.owner, 0) | board.bits[unit.cell]
    assert {o: b for o, b in board.merchant_bits.items() if b} == merchants
    assert min(state.remaining) >= 0
    assert len(state.history) == (state.turn if state.is_over() else state.turn - 1) or state.turn == 0


def check_scores(state):
    """Right after a scoring: the reputation lines are their recomputation from the board."""
    for seat in range(state.seats):
        assert state.reputation[seat] == reputation(state, seat)
    assert state.history[-1] == [r["total"] for r in state.reputation]
    if len(state.history) > 1:
        kills_now = [r["kills"] for r in state.reputation]
        assert all(k >= 0 for k in kills_now)


def play(seed, seats, max_turns, variant=False):
    options = {"max_turns": max_turns}
    if variant:
        options.update(attack_reach="four", city_defence="any_guild", neutral_cities=False)
    state = ENGINE.new_game(content(), seats, seed, options)
    bots = [ENGINE.bot("random", seed * 10 + s) for s in range(seats)]
    pick = random.Random(seed)
    scored = 0
    kills = [0] * seats
    steps = 0
    while not state.is_over():
        movers = state.to_act()
        assert movers, "nobody to act in an unfinished game"
        seat = pick.choice(movers)
        legal = state.legal_actions(seat)
        assert legal
        view = state.view(seat) if steps % 25 == 0 else None
        state.apply(seat, bots[seat].choose(view, legal))
        steps += 1
        check_invariants(state)
        if len(state.history) != scored:
            scored = len(state.history)
            check_scores(state)
            now = [r["kills"] for r in state.reputation]
            assert all(a >= b for a, b in zip(now, kills))
            kills = now
        if steps % 97 == 0:
            json.dumps(state.view(seat))
        assert state.turn <= max_turns
    out = state.outcome()
    assert out["winners"] and set(out["ranking"]) == set(range(seats))
    assert max(out["scores"]) >= state.content.winning_total or state.turn == max_turns
    return steps


@pytest.mark.slow
def test_a_thousand_random_games_keep_every_invariant_and_end():
    total = 0
    for game in range(1000):
        total += play(seed=game, seats=2 + game % 3, max_turns=25, variant=game % 4 == 3)
    assert total > 0


def test_a_few_random_games_with_the_default_turn_limit():
    for game in range(6):
        play(seed=10_000 + game, seats=2 + game % 3, max_turns=content().options.max_turns.default)
