"""Review pins: points of the rulebook a reviewer checked against the engine (all held)."""

import json

from rules.amadrim.actions import AddCube, Create, EndActions, LockIn, Move, Spell, TakeCity
from tests.amadrim.helpers import CITIES, acting, have, new, place_all, put, stock

ALL = dict(black=1, red=1, blue=1, green=1, yellow=1, white=1)


def test_a_new_merchant_harvests_nothing_until_it_moves():
    state, me = acting({0: {"create": 1, "move": 1}})
    city = CITIES[me][0]
    north = (city[0], city[1] - 1)
    state.apply(me, Create("merchant", north))
    assert sum(state.stock[me]) == 0             # "récoltent des ressources après déplacement"
    merchant = state.board.unit_on(north)
    state.apply(me, Move(merchant.id, ((north[0] + 1, north[1] - 1),)))
    assert sum(state.stock[me]) == 2             # column + row colours, no region colour


def test_taking_a_city_pays_one_of_each_to_the_bank_and_leaves_the_losers_stock_alone():
    state, me = acting({0: {"take_city": 1}})
    city = next(c for c in state.board.cities if c.cell == CITIES[1 - me][0])
    mage = put(state, me, "mage", (city.cell[0] - 1, city.cell[1]))
    stock(state, me, **ALL)
    stock(state, 1 - me, black=2, white=1)
    state.apply(me, TakeCity(mage.id, city.id))
    assert sum(state.stock[me]) == 3                       # 6 paid, the city's three colours gained
    assert have(state, 1 - me) == {"black": 2, "white": 1}  # the loser keeps its stock


def test_a_mage_may_act_move_act_but_never_move_twice():
    state, me = acting({0: {"spell": 2, "move": 3}})
    stock(state, me, red=1, blue=2, green=2, yellow=2, white=2)
    mage = put(state, me, "mage", (5, 6))
    state.apply(me, Spell(mage.id))                         # acting first
    state.apply(me, Move(mage.id, ((5, 7),)))               # then its one move
    assert not any(a.type == "move" and a.unit == mage.id for a in state.legal_actions(me))
    other = put(state, me, "mage", (7, 9))
    state.apply(me, Move(other.id, ((7, 10),)))             # no action in between: still no second move
    assert not any(a.type == "move" and a.unit == other.id for a in state.legal_actions(me))


def test_programming_stays_secret_on_later_turns_while_earlier_seats_act():
    state = new(2, seed=2)
    place_all(state)
    for seat in (0, 1):
        state.apply(seat, LockIn())
    assert state.turn == 2 and state.phase == "programming"
    first = state.first_player
    second = 1 - first
    state.apply(first, AddCube("create"))
    before = json.dumps(state.view(first), sort_keys=True)
    for kind in ("attack", "move", "move"):
        state.apply(second, AddCube(kind))
    assert json.dumps(state.view(first), sort_keys=True) == before
    state.apply(first, LockIn())
    state.apply(second, LockIn())
    assert state.current == first
    for viewer in (first, None):
        assert state.view(viewer)["programming"][second] is None
    state.apply(first, EndActions())
    assert state.current == second
    assert state.view(first)["programming"][second] == {"create": 0, "take_city": 0, "attack": 1,
                                                        "spell": 0, "move": 2}
