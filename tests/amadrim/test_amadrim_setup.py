"""Set-up: placing order and the first-player coin, placement rules, resources, neutral cities."""

import pytest

from rules.amadrim.actions import PlaceCity
from rules.core import IllegalAction
from tests.amadrim.helpers import have, new, place_all


def test_placing_order_passes_the_coin_left_after_each_round():
    state = new(3, seed=5)
    f = state.first_player
    assert state.placing == [f, (f + 1) % 3, (f + 2) % 3, (f + 1) % 3, (f + 2) % 3, f,
                             (f + 2) % 3, f, (f + 1) % 3]
    place_all(state, {0: [(2, 2), (8, 2), (2, 8)], 1: [(9, 9), (4, 4), (9, 5)],
                      2: [(3, 2), (9, 3), (3, 9)]})
    assert state.phase == "programming" and state.turn == 1
    assert state.first_player == (f + 3) % 3  # passed after each of 3 rounds, then once more


def test_only_the_placing_seat_acts_during_setup():
    state = new(2)
    seat = state.to_act()[0]
    with pytest.raises(IllegalAction) as err:
        state.apply(1 - seat, PlaceCity((2, 2)))
    assert err.value.key == "amadrim.illegal.not_your_turn"


@pytest.mark.parametrize("cell, key", [
    ((0, 4), "amadrim.illegal.city_on_edge"), ((11, 4), "amadrim.illegal.city_on_edge"),
    ((4, 0), "amadrim.illegal.city_on_edge"), ((4, 11), "amadrim.illegal.city_on_edge"),
    ((12, 4), "amadrim.illegal.off_map"), ((-1, 4), "amadrim.illegal.off_map"),
])
def test_cities_never_on_the_edge_or_off_the_map(cell, key):
    state = new(2)
    with pytest.raises(IllegalAction) as err:
        state.apply(state.to_act()[0], PlaceCity(cell))
    assert err.value.key == key


def test_one_city_per_quadrant_and_never_on_a_city():
    state = new(2)
    a = state.to_act()[0]
    b = 1 - a
    state.apply(a, PlaceCity((2, 2)))
    with pytest.raises(IllegalAction) as err:
        state.apply(b, PlaceCity((2, 2)))
    assert err.value.key == "amadrim.illegal.cell_taken"
    state.apply(b, PlaceCity((3, 3)))           # another guild may share the quadrant
    assert state.to_act() == [b]                 # round 2 starts with the next seat
    with pytest.raises(IllegalAction) as err:
        state.apply(b, PlaceCity((4, 4)))
    assert err.value.key == "amadrim.illegal.quadrant_taken"
    state.apply(b, PlaceCity((8, 8)))
    with pytest.raises(IllegalAction) as err:
        state.apply(a, PlaceCity((4, 1)))
    assert err.value.key == "amadrim.illegal.quadrant_taken"


def test_legal_cells_are_exactly_the_allowed_ones():
    state = new(2)
    seat = state.to_act()[0]
    cells = {a.cell for a in state.legal_actions(seat)}
    assert len(cells) == 10 * 10
    state.apply(seat, PlaceCity((2, 2)))
    state.apply(1 - seat, PlaceCity((9, 9)))
    cells = {a.cell for a in state.legal_actions(1 - seat)}
    assert (9, 9) not in cells and (2, 2) not in cells
    assert not any(state.board.quadrant(c) == 3 for c in cells)
    assert len(cells) == 100 - 25 - 1


def test_each_city_pays_its_column_row_and_region_colours():
    state = new(2)
    seat = state.to_act()[0]
    c = state.content
    state.apply(seat, PlaceCity((3, 5)))
    expected: dict[str, int] = {}
    for colour in (c.column_colour[3], c.row_colour[5], c.region[5][3]):
        cid = c.colours[colour].id
        expected[cid] = expected.get(cid, 0) + 1
    assert have(state, seat) == expected
    assert sum(state.stock[1 - seat]) == 0


def test_quadrants_share_coordinates():
    c = new(2).content
    assert c.column_colour[:6] == c.column_colour[6:]
    assert c.row_colour[:6] == c.row_colour[6:]
    assert sorted(c.column_colour[:6]) == list(range(6)) == sorted(c.row_colour[:6])


@pytest.mark.parametrize("seats, expected", [(2, 6), (3, 3), (4, 0)])
def test_neutral_cities_fill_in_for_missing_guilds(seats, expected):
    state = new(seats, neutral_cities=True)
    assert [c.owner for c in state.board.cities] == [None] * expected
    assert len(new(seats, neutral_cities=False).board.cities) == 0


def test_first_turn_gives_seven_cubes_for_three_cities():
    state = new(2)
    place_all(state)
    assert state.cubes == [7, 7]
    assert state.to_act() == [0, 1]


def test_the_new_game_note_says_the_game_number_draws_the_first_player() -> None:
    """Playtest: the note said the number "only changes what the bots choose", but it also draws
    the first player (ruling 3), who places first and opens turn 1."""
    from rules.amadrim import ENGINE
    from tests.amadrim.helpers import content
    from tests.ui_helpers import make_app

    assert len({ENGINE.new_game(content(), 3, seed, None).first_player for seed in range(12)}) > 1
    for lang, words in (("fr", "premier joueur"), ("en", "first player")):
        assert words in make_app(lang).tr("amadrim.newgame.seed_help")
