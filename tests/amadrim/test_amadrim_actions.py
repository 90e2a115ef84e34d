"""The action phase: create, move (indivisible, harvest), attack, spell, take a city, costs."""

import copy

import pytest

from rules.amadrim import targets
from rules.amadrim.actions import Attack, Create, EndActions, Move, Spell, TakeCity
from rules.core import IllegalAction
from tests.amadrim.helpers import CITIES, acting, have, put, stock


def refused(state, seat, action, key):
    """The action is refused with `key` and changes nothing."""
    snapshot = copy.deepcopy((state.board, state.stock, state.remaining, state.log, state.captured))
    with pytest.raises(IllegalAction) as err:
        state.apply(seat, action)
    assert err.value.key == key, err.value
    assert copy.deepcopy((state.board, state.stock, state.remaining, state.log, state.captured)) == snapshot


# -- create -----------------------------------------------------------------------------------------

def test_create_on_a_free_cardinal_cell_of_an_own_city():
    state, me = acting({0: {"create": 3}})
    city = CITIES[me][0]
    north = (city[0], city[1] - 1)
    state.apply(me, Create("mage", north))
    unit = state.board.unit_on(north)
    assert unit.kind == "mage" and unit.level == 1 and unit.owner == me
    refused(state, me, Create("merchant", north), "amadrim.illegal.not_a_creation_cell")
    refused(state, me, Create("merchant", (city[0] + 1, city[1] + 1)), "amadrim.illegal.not_a_creation_cell")
    refused(state, me, Create("merchant", CITIES[1 - me][0]), "amadrim.illegal.not_a_creation_cell")
    refused(state, me, Create("dragon", (city[0] + 1, city[1])), "amadrim.illegal.unknown_unit_kind")
    state.apply(me, Create("merchant", (city[0] + 1, city[1])))
    assert state.remaining[0] == 1
    legal_cells = {a.cell for a in state.legal_actions(me) if a.type == "create"}
    assert north not in legal_cells and len(legal_cells) == 3 * 4 - 2


def test_no_cube_no_action():
    state, me = acting({0: {"move": 1}})
    city = CITIES[me][0]
    refused(state, me, Create("mage", (city[0], city[1] - 1)), "amadrim.illegal.no_cube")


def test_spending_the_last_cube_passes_to_the_next_seat():
    state, me = acting({0: {"create": 1}, 1: {"create": 1}})
    city = CITIES[me][0]
    state.apply(me, Create("merchant", (city[0], city[1] - 1)))
    assert state.current == 1 - me and state.revealed == [True, True]


def test_end_actions_loses_the_remaining_cubes():
    state, me = acting({0: {"create": 2, "move": 3}, 1: {"create": 1}})
    state.apply(me, EndActions())
    assert state.current == 1 - me
    assert state.log[-2]["params"]["lost"] == 5


# -- move -------------------------------------------------------------------------------------------

def test_a_move_spends_one_cube_per_cell_in_eight_directions():
    state, me = acting({0: {"move": 4}})
    mage = put(state, me, "mage", (5, 6))
    state.apply(me, Move(mage.id, ((6, 7), (7, 7))))
    assert mage.cell == (7, 7) and state.remaining[4] == 2 and mage.moved
    assert sum(state.stock[me]) == 0            # mages harvest nothing


def test_a_move_is_indivisible():
    state, me = acting({0: {"move": 4, "spell": 1}})
    mage = put(state, me, "mage", (5, 6))
    other = put(state, me, "merchant", (6, 9))
    state.apply(me, Move(mage.id, ((5, 7),)))
    refused(state, me, Move(mage.id, ((5, 8),)), "amadrim.illegal.already_moved")
    assert not any(a.type == "move" and a.unit == mage.id for a in state.legal_actions(me))
    state.apply(me, Move(other.id, ((7, 10),)))  # another unit may still move


def test_a_unit_that_moved_then_acted_cannot_move_but_one_that_acted_first_can():
    state, me = acting({0: {"move": 4, "spell": 2}})
    stock(state, me, red=2, blue=2, green=2, yellow=2, white=2)
    a = put(state, me, "mage", (5, 6))
    b = put(state, me, "mage", (6, 9))
    state.apply(me, Move(a.id, ((5, 7),)))
    state.apply(me, Spell(a.id))
    refused(state, me, Move(a.id, ((5, 8),)), "amadrim.illegal.already_moved")
    state.apply(me, Spell(b.id))
    state.apply(me, Move(b.id, ((7, 10),)))
    assert b.cell == (7, 10)


def test_moves_are_refused_when_too_long_not_adjacent_or_blocked():
    state, me = acting({0: {"move": 2}})
    mage = put(state, me, "mage", (5, 6))
    put(state, 1 - me, "merchant", (6, 6))
    refused(state, me, Move(mage.id, ((5, 7), (5, 8), (5, 9))), "amadrim.illegal.too_far")
    refused(state, me, Move(mage.id, ((5, 8),)), "amadrim.illegal.not_a_step")
    refused(state, me, Move(mage.id, ((6, 6),)), "amadrim.illegal.blocked")
    refused(state, me, Move(mage.id, ((6, 5), (8, 5))), "amadrim.illegal.not_a_step")
    refused(state, me, Move(mage.id, ()), "amadrim.illegal.empty_path")
    refused(state, me, Move(999, ((5, 7),)), "amadrim.illegal.no_such_unit")
    city = CITIES[1 - me][1] if CITIES[1 - me][1] == (4, 4) else CITIES[me][1]
    near = put(state, me, "mage", (city[0] - 1, city[1]))
    refused(state, me, Move(near.id, (city,)), "amadrim.illegal.blocked")
    refused(state, me, Move(mage.id, ((-1, 6),)), "amadrim.illegal.not_a_step")


def test_legal_moves_reach_every_free_cell_within_the_cubes():
    state, me = acting({0: {"move": 2}})
    mage = put(state, me, "mage", (6, 7))
    ends = {a.path[-1] for a in state.legal_actions(me) if a.type == "move"}
    assert ends == {(x, y) for x in range(4, 9) for y in range(5, 10)
                    if (x, y) != (6, 7) and (x, y) not in state.board.city_at}
    assert set(map(tuple, targets(state, me, mage.id, "move"))) == ends
    assert set(map(tuple, targets(state.view(me), me, mage.id, "move"))) == ends
    assert targets(state.view(1 - me), 1 - me, mage.id, "move") == []


def test_a_merchant_ending_its_move_harvests_column_and_row_colours():
    state, me = acting({0: {"move": 3}})
    merchant = put(state, me, "merchant", (5, 6))
    state.apply(me, Move(merchant.id, ((6, 7), (7, 7))))
    c = state.content
    got: dict[str, int] = {}
    for colour in (c.column_colour[7], c.row_colour[7]):
        got[c.colours[colour].id] = got.get(c.colours[colour].id, 0) + 1
    assert have(state, me) == got and sum(state.stock[me]) == 2


# -- attack -----------------------------------------------------------------------------------------

def test_a_merchant_is_always_captured_and_goes_to_the_captor():
    state, me = acting({0: {"attack": 2}})
    mage = put(state, me, "mage", (5, 6))
    victim = put(state, 1 - me, "merchant", (6, 7))
    assert targets(state, me, mage.id, "attack") == [[6, 7]]
    state.apply(me, Attack(mage.id, victim.id))
    assert victim.id not in state.board.units and (6, 7) not in state.board.unit_at
    assert state.captured[me] == [{"owner": 1 - me, "kind": "merchant", "level": None}]
    assert mage.acted


def test_a_mage_is_captured_only_by_a_strictly_higher_level():
    state, me = acting({0: {"attack": 2}})
    mage = put(state, me, "mage", (5, 6), level=2)
    equal = put(state, 1 - me, "mage", (5, 7), level=2)
    lower = put(state, 1 - me, "mage", (4, 5), level=1)
    refused(state, me, Attack(mage.id, equal.id), "amadrim.illegal.level_too_low")
    state.apply(me, Attack(mage.id, lower.id))
    assert state.captured[me][0]["level"] == 1


def test_attack_refusals():
    state, me = acting({0: {"attack": 1}})
    mage = put(state, me, "mage", (5, 6))
    merchant = put(state, me, "merchant", (5, 7))
    far = put(state, 1 - me, "merchant", (7, 6))
    refused(state, me, Attack(mage.id, far.id), "amadrim.illegal.not_adjacent")
    refused(state, me, Attack(mage.id, merchant.id), "amadrim.illegal.own_unit")
    refused(state, me, Attack(merchant.id, far.id), "amadrim.illegal.not_a_mage")
    refused(state, me, Attack(far.id, merchant.id), "amadrim.illegal.not_your_unit")
    refused(state, me, Attack(mage.id, 999), "amadrim.illegal.no_such_target")


def test_attack_reach_option_four_forbids_diagonals():
    state, me = acting({0: {"attack": 2}}, attack_reach="four")
    mage = put(state, me, "mage", (5, 6))
    diagonal = put(state, 1 - me, "merchant", (6, 7))
    beside = put(state, 1 - me, "merchant", (5, 7))
    refused(state, me, Attack(mage.id, diagonal.id), "amadrim.illegal.not_adjacent")
    assert targets(state, me, mage.id, "attack") == [[5, 7]]
    state.apply(me, Attack(mage.id, beside.id))


# -- spell ------------------------------------------------------------------------------------------

def test_level_up_costs_the_new_colour_and_every_higher_one():
    state, me = acting({0: {"spell": 2}})
    mage = put(state, me, "mage", (5, 6))
    stock(state, me, black=1, red=1, blue=2, green=1, yellow=1, white=1)
    state.apply(me, Spell(mage.id))
    assert mage.level == 2 and have(state, me) == {"black": 1, "blue": 1}
    refused(state, me, Spell(mage.id), "amadrim.illegal.already_levelled")


def test_level_up_refusals():
    state, me = acting({0: {"spell": 3}})
    poor = put(state, me, "mage", (5, 6))
    top = put(state, me, "mage", (5, 8), level=6)
    merchant = put(state, me, "merchant", (6, 9))
    stock(state, me, red=1, blue=1, green=1, yellow=1)
    refused(state, me, Spell(poor.id), "amadrim.illegal.cannot_pay")
    refused(state, me, Spell(top.id), "amadrim.illegal.max_level")
    refused(state, me, Spell(merchant.id), "amadrim.illegal.not_a_mage")
    five = put(state, me, "mage", (7, 9), level=5)
    stock(state, me, white=1)
    state.apply(me, Spell(five.id))
    assert five.level == 6 and sum(state.stock[me]) == 0


# -- take a city ------------------------------------------------------------------------------------

ALL = dict(black=1, red=1, blue=1, green=1, yellow=1, white=1)


def enemy_city(state, me):
    return next(c for c in state.board.cities if c.owner == 1 - me and c.cell == CITIES[1 - me][0])


def test_take_an_enemy_city_pays_one_of_each_and_gains_its_colours():
    state, me = acting({0: {"take_city": 1}})
    city = enemy_city(state, me)
    x, y = city.cell
    mage = put(state, me, "mage", (x, y - 1))
    stock(state, me, **ALL)
    assert targets(state, me, mage.id, "take_city") == [[x, y]]
    state.apply(me, TakeCity(mage.id, city.id))
    assert city.owner == me
    c = state.content
    gained = sorted(c.colours[i].id for i in (c.column_colour[x], c.row_colour[y], c.region[y][x]))
    assert sorted(k for k, n in have(state, me).items() for _ in range(n)) == gained
    assert len(state.board.cities_of(me)) == 4 and len(state.board.cities_of(1 - me)) == 2


def test_take_a_neutral_city():
    state, me = acting({0: {"take_city": 1}})
    city = state.board.add_city((6, 3), None)
    mage = put(state, me, "mage", (7, 3))
    put(state, 1 - me, "mage", (7, 4))           # no defence for a neutral city
    stock(state, me, **ALL)
    state.apply(me, TakeCity(mage.id, city.id))
    assert city.owner == me


def test_a_city_with_an_owner_mage_around_it_cannot_be_taken():
    state, me = acting({0: {"take_city": 1}})
    city = enemy_city(state, me)
    x, y = city.cell
    mage = put(state, me, "mage", (x, y - 1))
    put(state, me, "mage", (x - 1, y - 1))       # the taker's own mages never defend
    guard = put(state, 1 - me, "mage", (x + 1, y + 1))   # diagonal counts as adjacent
    stock(state, me, **ALL)
    refused(state, me, TakeCity(mage.id, city.id), "amadrim.illegal.city_defended")
    state.board.remove_unit(guard.id)
    put(state, 1 - me, "merchant", (x + 1, y + 1))   # merchants do not defend
    state.apply(me, TakeCity(mage.id, city.id))


def test_city_defence_option_any_guild():
    state, me = acting({0: {"take_city": 1}}, city_defence="any_guild")
    city = state.board.add_city((6, 3), 1 - me)
    mage = put(state, me, "mage", (7, 3))
    third = put(state, 1 - me, "mage", (5, 2))
    third.owner = 5  # a guild that is neither the taker nor the owner
    stock(state, me, **ALL)
    refused(state, me, TakeCity(mage.id, city.id), "amadrim.illegal.city_defended")


def test_take_city_refusals():
    state, me = acting({0: {"take_city": 1}})
    city = enemy_city(state, me)
    x, y = city.cell
    diagonal = put(state, me, "mage", (x + 1, y - 1))
    merchant = put(state, me, "merchant", (x, y - 1))
    side = put(state, me, "mage", (x - 1, y))
    stock(state, me, **ALL)
    refused(state, me, TakeCity(diagonal.id, city.id), "amadrim.illegal.not_beside_city")
    refused(state, me, TakeCity(merchant.id, city.id), "amadrim.illegal.not_a_mage")
    refused(state, me, TakeCity(side.id, 99), "amadrim.illegal.no_such_city")
    mine = next(c for c in state.board.cities if c.owner == me)
    put(state, me, "mage", (mine.cell[0] + 1, mine.cell[1]))
    refused(state, me, TakeCity(state.next_unit - 1, mine.id), "amadrim.illegal.own_city")
    stock(state, me, black=1, red=1, blue=1, green=1, yellow=1)
    refused(state, me, TakeCity(side.id, city.id), "amadrim.illegal.cannot_pay")


def test_wrong_phase_and_wrong_seat_are_refused():
    state, me = acting({0: {"create": 1}, 1: {"create": 1}})
    city = CITIES[1 - me][0]
    refused(state, 1 - me, Create("mage", (city[0], city[1] - 1)), "amadrim.illegal.not_your_turn")
    from rules.amadrim.actions import AddCube
    refused(state, me, AddCube("move"), "amadrim.illegal.wrong_phase")


def test_by_default_a_third_guilds_mage_does_not_defend():
    state, me = acting({0: {"take_city": 1}})
    city = state.board.add_city((6, 3), 1 - me)
    mage = put(state, me, "mage", (7, 3))
    third = put(state, 1 - me, "mage", (5, 2))
    third.owner = 5
    stock(state, me, **ALL)
    state.apply(me, TakeCity(mage.id, city.id))
    assert city.owner == me
