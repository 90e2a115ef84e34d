"""The bots: they see only views, never raise, and greedy beats random heads-up with seats rotated."""

from game.simulate import play_one
from rules.guildes import ENGINE
from tests.guildes.helpers import CONTENT


def test_greedy_beats_random_heads_up_with_seats_rotated():
    wins = games = 0
    for seed in range(30):
        names = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        bots = [ENGINE.bot(n, seed * 101 + s) for s, n in enumerate(names)]
        state, _ = play_one(ENGINE, CONTENT, bots, seed)
        winners = state.outcome()["winners"]
        games += 1
        wins += len(winners) == 1 and names[winners[0]] == "greedy"
    assert wins / games >= 0.7, (wins, games)


def test_bots_only_return_legal_actions_at_every_seat_count():
    for seats in range(2, 6):
        bots = [ENGINE.bot("greedy" if s % 2 else "random", s) for s in range(seats)]
        state, count = play_one(ENGINE, CONTENT, bots, seats)
        assert state.is_over() and count > 0
