"""Scoring at the end of every turn: business markers, kills, town, magic, totals, the end."""

from rules.amadrim.actions import Attack, EndActions, TakeCity
from rules.amadrim.scoring import business, update_market
from tests.amadrim.helpers import CITIES, acting, new, place_all, program, put, stock

ALL = dict(black=1, red=1, blue=1, green=1, yellow=1, white=1)


def ready(**options):
    """Turn 1, everyone still programming, empty stocks."""
    state = new(2, 0, **options)
    place_all(state)
    state.stock = [[0] * 6 for _ in range(2)]
    return state


def end_turn(state, plans=None):
    """Finish the current turn: program (if needed) and end every seat's actions."""
    if state.phase == "programming":
        program(state, plans or {})
    while state.phase == "actions":
        state.apply(state.current, EndActions())


# -- business ---------------------------------------------------------------------------------------

def test_majority_marker_advances_while_kept_and_steps_back_when_lost_or_tied():
    market = [[0], [0]]
    assert update_market([[3], [1]], market, 6) == [0] and market == [[1], [0]]
    update_market([[3], [1]], market, 6)
    update_market([[4], [1]], market, 6)
    assert market == [[3], [0]]                     # kept three turns
    assert update_market([[1], [2]], market, 6) == [1] and market == [[2], [1]]   # lost
    assert update_market([[2], [2]], market, 6) == [None] and market == [[1], [0]]  # tie
    assert update_market([[0], [0]], market, 6) == [None] and market == [[0], [0]]  # nobody


def test_the_marker_stops_at_the_end_of_the_track():
    market = [[0], [0]]
    for _ in range(10):
        update_market([[1], [0]], market, 3)
    assert market == [[3], [0]]


def test_business_scores_the_values_reached():
    values = (1, 2, 2, 3, 3, 4)
    assert business([0, 0, 0, 0, 0, 0], values) == 0
    assert business([1, 2, 0, 6, 0, 0], values) == 1 + 2 + 4


def test_business_line_over_several_turns():
    state = ready()
    stock(state, 0, black=2, red=1)
    stock(state, 1, black=1, red=1)
    end_turn(state)
    assert state.reputation[0]["business"] == 1 and state.reputation[1]["business"] == 0
    assert state.majority[:2] == [0, None]
    end_turn(state)
    values = state.content.market_values
    assert state.market[0][0] == 2 and state.reputation[0]["business"] == values[1]
    stock(state, 1, black=5, red=1)
    end_turn(state)
    assert state.market[0][0] == 1 and state.market[1][0] == 1
    assert state.reputation[0]["business"] == 1 and state.reputation[1]["business"] == 1
    stock(state, 0, black=5, red=1)
    end_turn(state)                                 # tie: both step back
    assert state.market[0][0] == 0 and state.market[1][0] == 0
    assert [r["business"] for r in state.reputation] == [0, 0]


# -- kills, town, magic, totals -------------------------------------------------------------------------

def test_kills_count_captures_to_date_and_never_decrease():
    state, me = acting({0: {"attack": 1}})
    mage = put(state, me, "mage", (5, 6))
    victim = put(state, 1 - me, "merchant", (5, 7))
    state.apply(me, Attack(mage.id, victim.id))
    end_turn(state)
    assert state.reputation[me]["kills"] == 1
    end_turn(state)
    end_turn(state)
    assert state.reputation[me]["kills"] == 1 and state.reputation[1 - me]["kills"] == 0


def test_town_counts_cities_and_next_turn_cubes_follow_the_city_table():
    state, me = acting({0: {"take_city": 1}})
    city = next(c for c in state.board.cities if c.cell == CITIES[1 - me][0])
    mage = put(state, me, "mage", (city.cell[0], city.cell[1] - 1))
    stock(state, me, **ALL)
    state.apply(me, TakeCity(mage.id, city.id))
    end_turn(state)
    assert state.reputation[me]["town"] == 4 and state.reputation[1 - me]["town"] == 2
    assert state.cubes[me] == 8 and state.cubes[1 - me] == 6
    for c in state.board.cities:
        c.owner = me
    put(state, 1 - me, "merchant", (6, 6))
    end_turn(state)
    assert state.cubes[me] == 8 and state.cubes[1 - me] == 4 and not state.out[1 - me]


def test_the_city_table_for_every_count():
    content = ready().content
    assert [content.cubes_for(n) for n in range(7)] == [4, 5, 6, 7, 8, 8, 8]


def test_a_guild_without_city_plays_on_with_units_and_is_out_without():
    state = ready()
    for c in state.board.cities:
        c.owner = 0
    unit = put(state, 1, "merchant", (6, 6))
    end_turn(state)
    assert state.cubes[1] == 4 and not state.out[1] and 1 in state.to_act()
    state.board.remove_unit(unit.id)
    end_turn(state)
    assert state.out[1] and state.cubes[1] == 0 and state.to_act() == [0]
    assert any(e["key"] == "amadrim.log.guild_out" for e in state.log)


def test_magic_sums_the_levels_of_the_guilds_mages():
    state = ready()
    put(state, 0, "mage", (6, 6), level=3)
    put(state, 0, "mage", (6, 7), level=2)
    put(state, 0, "merchant", (6, 8))
    put(state, 1, "mage", (7, 7), level=1)
    end_turn(state)
    assert state.reputation[0]["magic"] == 5 and state.reputation[1]["magic"] == 1
    assert state.reputation[0]["total"] == 5 + 3 + state.reputation[0]["business"]


def test_totals_history_and_the_coin_passing_left_each_turn():
    state = ready()
    first = state.first_player
    end_turn(state)
    assert state.first_player == 1 - first and state.turn == 2
    end_turn(state)
    assert state.first_player == first and state.turn == 3
    assert state.history == [[3, 3], [3, 3]]
    assert state.view(0)["history"] == [[3, 3], [3, 3]]


# -- the end --------------------------------------------------------------------------------------------

def test_the_game_ends_at_the_end_of_a_turn_where_a_total_reaches_24():
    state = ready()
    for i in range(3):
        put(state, 0, "mage", (5 + i, 6), level=6)
    put(state, 0, "mage", (5, 7), level=2)          # 18 + 2 + 3 cities = 23
    end_turn(state)
    assert state.reputation[0]["total"] == 23 and not state.is_over()
    put(state, 0, "mage", (6, 7), level=1)          # added mid-turn: counted at the turn's end only
    program(state, {0: {"create": 1}})
    assert state.phase == "actions" and not state.is_over()
    end_turn(state)
    assert state.is_over() and state.to_act() == [] and state.legal_actions(0) == []
    out = state.outcome()
    assert out["scores"][0] == 24 and out["winners"] == [0] and out["ranking"] == [0, 1]
    assert out["reason"] == "winning_total" and out["totals_by_turn"][-1] == [24, 3]
    assert state.view(None)["outcome"] == out


def test_a_tie_on_total_goes_to_more_cities_then_is_shared():
    state = ready()
    next(c for c in state.board.cities if c.owner == 0).owner = 1
    owned = [len(state.board.cities_of(s)) for s in (0, 1)]
    assert owned == [2, 4]
    for i in range(4):
        put(state, 0, "mage", (5 + i, 6), level=6)  # 24 + 2 = 26
    for i in range(3):
        put(state, 1, "mage", (5 + i, 7), level=6)
    put(state, 1, "mage", (5, 8), level=4)          # 22 + 4 = 26
    end_turn(state)
    out = state.outcome()
    assert out["scores"] == [26, 26] and out["winners"] == [1] and out["ranking"] == [1, 0]


def test_a_full_tie_is_a_shared_victory():
    state = ready()
    for seat, y in ((0, 6), (1, 7)):
        for i in range(4):
            put(state, seat, "mage", (5 + i, y), level=6)
    end_turn(state)
    assert state.outcome()["winners"] == [0, 1]


def test_max_turns_ends_the_game_and_the_highest_total_wins():
    state = ready(max_turns=2)
    put(state, 1, "mage", (6, 6))
    end_turn(state)
    assert not state.is_over()
    end_turn(state)
    assert state.is_over() and state.turn == 2
    assert state.outcome()["reason"] == "max_turns" and state.outcome()["winners"] == [1]
