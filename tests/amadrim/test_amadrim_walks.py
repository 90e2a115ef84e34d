"""`Board.reachable` walks one or two steps from a table of the rings around each cell: the
same cells, paths and order as the breadth-first walk it replaces (which still serves longer
walks), on seeded random maps of closed cells."""

from __future__ import annotations

import random

from rules.amadrim.board import Board


def _breadth_first(board: Board, start: tuple[int, int], steps: int, closed: set) -> dict:
    paths = {start: ()}
    frontier = [start]
    for _ in range(steps):
        found = []
        for cell in frontier:
            for nxt in board.around[cell]:
                if nxt not in paths and nxt not in closed:
                    paths[nxt] = paths[cell] + (nxt,)
                    found.append(nxt)
        frontier = found
    del paths[start]
    return paths


def test_short_walks_are_the_breadth_first_walks() -> None:
    rng = random.Random(7)
    board = Board(12, 12, 6, 6)
    for _ in range(600):
        closed = {(rng.randrange(12), rng.randrange(12)) for _ in range(rng.randrange(70))}
        start = (rng.randrange(12), rng.randrange(12))
        for steps in (1, 2, 3):
            walked = board.reachable(start, steps, closed)
            assert list(walked.items()) == list(_breadth_first(board, start, steps, closed).items())


def test_a_walk_from_a_corner_goes_around_a_wall() -> None:
    board = Board(12, 12, 6, 6)
    walked = board.reachable((0, 0), 2, {(1, 0), (1, 1)})
    assert walked == {(0, 1): ((0, 1),), (1, 2): ((0, 1), (1, 2)), (0, 2): ((0, 1), (0, 2))}
    assert list(walked) == [(0, 1), (1, 2), (0, 2)]


def test_short_move_lists_follow_the_walks() -> None:
    """`action_phase._short_moves` (moves kept by walk number) lists the moves of `reachable`'s
    paths, in its order, and gives the same objects again from the same cell."""
    from rules.amadrim.action_phase import _short_moves
    from rules.amadrim.board import Unit

    rng = random.Random(11)
    board = Board(12, 12, 6, 6)
    for _ in range(400):
        closed = {(rng.randrange(12), rng.randrange(12)) for _ in range(rng.randrange(70))}
        unit = Unit(rng.randrange(1, 5), 0, "mage", 1, (rng.randrange(12), rng.randrange(12)))
        for steps in (1, 2):
            moves = _short_moves(board, unit, steps, closed)
            assert [(m.unit, m.path) for m in moves] == [(unit.id, p) for p in board.reachable(unit.cell, steps, closed).values()]
            again = _short_moves(board, unit, steps, closed)
            assert all(a is b for a, b in zip(moves, again))
