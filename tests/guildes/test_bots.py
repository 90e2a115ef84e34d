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


def _heads_up(strong: str, weak: str, games: int) -> float:
    """`strong`'s share of wins against `weak` over seeded heads-up games, seats alternated."""
    wins = 0
    for i in range(games):
        names = [strong, weak] if i % 2 == 0 else [weak, strong]
        seed = 500 + i // 2
        bots = [ENGINE.bot(n, seed * 101 + s) for s, n in enumerate(names)]
        state, _ = play_one(ENGINE, CONTENT, bots, seed)
        winners = state.outcome()["winners"]
        wins += len(winners) == 1 and names[winners[0]] == strong
    return wins / games


def test_each_level_beats_the_one_below_heads_up():
    assert ENGINE.bots == ("apprentice", "adept", "master")
    assert _heads_up("adept", "apprentice", 24) >= 0.6
    assert _heads_up("master", "adept", 24) > 0.5  # 65 % over 200 games: see content/guildes/README.md


def test_the_levels_play_every_seat_count_to_the_end():
    for seats in range(2, 6):
        bots = [ENGINE.bot(ENGINE.bots[s % 3], s) for s in range(seats)]
        state, count = play_one(ENGINE, CONTENT, bots, seats + 40)
        assert state.is_over() and count > 0


def test_the_default_weights_are_the_content_weights():
    from rules.guildes.bots import BASE, DEFAULTS

    given = CONTENT.bots.model_dump(mode="json")
    for level in ENGINE.bots:
        assert {**BASE, **DEFAULTS[level]} == {**BASE, **given[level]}, level
