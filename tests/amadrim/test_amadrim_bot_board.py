"""A bot's board followed from the log (`board.follow_log`) is the board made anew from its view:
the same units (cells, levels), the same units by owner, the same cities."""

from __future__ import annotations

from rules.amadrim import ENGINE
from rules.amadrim.board import board_from_view
from tests.amadrim.helpers import content


def _pieces(board):
    units = {u.id: (u.owner, u.kind, u.level, u.cell) for u in board.units.values()}
    owned = {seat: list(units) for seat, units in board.owned.items() if units}
    return (units, owned, dict(board.unit_at), [(c.cell, c.owner) for c in board.cities], dict(board.city_at),
            set(board.closed), board.closed_bits, {o: b for o, b in board.merchant_bits.items() if b})


def test_followed_boards_are_the_boards_of_the_views() -> None:
    for seed in (1, 2, 3):
        state = ENGINE.new_game(content(), 3, seed)
        bots = [ENGINE.bot("apprentice", seed * 101 + s) for s in range(3)]
        checked = 0
        while not state.is_over():
            seat = state.to_act()[0]
            view = state.view(seat)
            action = bots[seat].choose(view, state.legal_actions(seat))
            known = bots[seat]._known
            if state.phase == "actions" and "board" in known:
                assert _pieces(known["board"]) == _pieces(board_from_view(view))
                checked += 1
            state.apply(seat, action)
        assert checked > 50
