"""Issue 10's rulings: binding programming (cubes lost only when unplayable, with the reason),
moves that end elsewhere (a merchant harvests once per move), the pawn supply, the monopoly
option and the score screen's notes."""

from rules.amadrim.actions import Attack, Create, EndActions, Move
from rules.amadrim.scoring import update_market
from tests.amadrim.helpers import CITIES, acting, new, place_all, program, put, stock
from tests.amadrim.test_amadrim_actions import refused


def test_end_is_refused_while_a_programmed_cube_can_still_be_played():
    state, me = acting({0: {"create": 1, "attack": 1}, 1: {"create": 1}}, unplayed_cubes="binding")
    assert EndActions() not in state.legal_actions(me)
    refused(state, me, EndActions(), "amadrim.illegal.cubes_playable")
    city = CITIES[me][0]
    state.apply(me, Create("merchant", (city[0], city[1] - 1)))
    # the attack cube has no target: it is lost at once, and the log says which and why
    assert state.current == 1 - me
    lost = next(e for e in reversed(state.log) if e["key"] == "amadrim.log.cubes_lost")
    assert lost["params"]["lost"] == 1
    item = lost["params"]["items"][0]["params"]
    assert item["kind"] == {"key": "amadrim.kind.attack"} and item["why"] == {"key": "amadrim.lost.no_mage"}


def test_a_seat_with_no_use_for_any_cube_is_passed_over_with_the_reasons():
    state = new(2, 0, unplayed_cubes="binding")
    place_all(state)
    me = state.first_player
    program(state, {me: {"move": 2, "spell": 1}, 1 - me: {"create": 1}})
    assert state.current == 1 - me  # no unit at all: nothing of its programming is playable
    lost = next(e for e in state.log if e["key"] == "amadrim.log.cubes_lost")
    whys = {i["params"]["kind"]["key"]: i["params"]["why"]["key"] for i in lost["params"]["items"]}
    assert whys == {"amadrim.kind.move": "amadrim.lost.no_unit", "amadrim.kind.spell": "amadrim.lost.no_mage"}


def test_the_forfeit_option_keeps_the_old_reading():
    state, me = acting({0: {"create": 2}, 1: {"create": 1}}, unplayed_cubes="forfeit")
    assert EndActions() in state.legal_actions(me)
    state.apply(me, EndActions())
    assert state.current == 1 - me


def test_a_move_back_to_its_start_cell_is_refused_so_a_merchant_harvests_once_per_move():
    state, me = acting({0: {"move": 2}})
    merchant = put(state, me, "merchant", (5, 5))
    refused(state, me, Move(merchant.id, ((5, 6), (5, 5))), "amadrim.illegal.back_to_start")
    assert all(a.path[-1] != (5, 5) for a in state.legal_actions(me) if isinstance(a, Move))
    state.apply(me, Move(merchant.id, ((5, 6),)))
    refused(state, me, Move(merchant.id, ((5, 5),)), "amadrim.illegal.already_moved")


def test_the_pawn_supply_limits_creation_and_captured_pawns_do_not_come_back():
    state, me = acting({0: {"create": 2, "attack": 1}}, unplayed_cubes="binding")
    assert state.content.pawns == 10 and state.pawns_left[me] == 10
    for i in range(9):
        put(state, me, "merchant", (i, 11))
    victim = put(state, 1 - me, "merchant", (1, 10))
    mage = state.board.unit_on((0, 11))
    mage.kind, mage.level = "mage", 1
    assert state.pawns_left[me] == 1
    city = CITIES[me][0]
    state.apply(me, Create("mage", (city[0], city[1] - 1)))
    refused(state, me, Create("mage", (city[0], city[1] + 1)), "amadrim.illegal.no_pawn_left")
    assert not any(a.type == "create" for a in state.legal_actions(me))
    state.apply(me, Attack(mage.id, victim.id))
    assert state.pawns_left[1 - me] == 9  # the captured pawn stays with its captor
    lost = next(e for e in reversed(state.log) if e["key"] == "amadrim.log.cubes_lost")
    assert lost["params"]["items"][0]["params"]["why"] == {"key": "amadrim.lost.no_pawn"}


def test_a_monopoly_counts_as_a_majority_or_advances_two_steps_with_the_option():
    market = [[0], [0]]
    update_market([[2], [0]], market, 6)
    assert market == [[1], [0]]
    update_market([[2], [0]], market, 6, monopoly_steps=2)
    assert market == [[3], [0]]
    update_market([[2], [1]], market, 6, monopoly_steps=2)  # a majority, not a monopoly
    assert market == [[4], [0]]


def test_the_score_screen_notes_say_what_changed_and_why():
    state, me = acting({0: {"create": 1}, 1: {"create": 1}})
    stock(state, me, black=2)
    city = CITIES[me][0]
    state.apply(me, Create("mage", (city[0], city[1] - 1)))
    other = 1 - me
    state.apply(other, Create("merchant", (CITIES[other][0][0], CITIES[other][0][1] - 1)))
    scoring = state.view(None)["last_scoring"]
    assert scoring["turn"] == 1
    mine = scoring["seats"][me]
    assert mine["lines"]["magic"] == 1 and mine["lines"]["town"] == 3
    keys = [n["key"] for n in mine["notes"]]
    assert "amadrim.score_note.monopoly_won" in keys and "amadrim.score_note.magic" in keys
    note = next(n for n in mine["notes"] if n["key"] == "amadrim.score_note.monopoly_won")
    assert note["params"]["resource"]["text"]["en"] == "Ebony" and note["params"]["points"] == 1


def test_the_quick_use_checks_agree_with_the_listed_actions():
    """`_usable_kinds` / `_any_use` (cheap existence checks run after every spent cube) give the
    same answer as listing every unit's actions, in seeded random games with both attack reaches."""
    import random

    from rules.amadrim import ENGINE
    from rules.amadrim.action_phase import CREATE, KINDS, _any_use, _usable_kinds, create_cells, unit_actions
    from tests.amadrim.helpers import content

    checked = 0
    for seed, reach in [(s, ("eight", "four")[s % 2]) for s in range(1, 9)]:
        state = ENGINE.new_game(content(), 3, seed, {"attack_reach": reach, "max_turns": 12})
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            if state.phase == "actions":
                units = state.board.units_of(seat)
                wanted = {k for i, k in enumerate(KINDS) if state.remaining[i] and i != CREATE}
                listed = {a.type for u in units for a in unit_actions(state, seat, u)} & wanted
                assert _usable_kinds(state, seat, units) == listed
                creatable = bool(state.remaining[CREATE] and create_cells(state.board, seat)
                                 and state.pawns_left[seat] != 0)
                assert _any_use(state, seat) == (bool(listed) or creatable)
                checked += 1
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked > 150


def test_the_market_notes_add_up_to_the_business_change():
    """Playtest: "Commerce −1 (2→1)" came with "tie on Dyes: marker steps back (+0)" and "majority
    on Gold kept: +1" — the notes gave each marker's worth, not what it changed. A marker on step 1
    of Dyes (worth 1) leaves the track on a tie (−1); a kept Gold marker goes from step 1 to step 2,
    both worth 1 (+0): Commerce 2 → 1, and the notes say −1 and +0."""
    from rules.amadrim.scoring import end_turn, reputation
    from tests.amadrim.helpers import new

    state = new(2, 0)
    place_all(state)
    blue, yellow = 2, 4  # Dyes (Teinture) and Gold (Or)
    state.market = [[0] * 6, [0] * 6]
    state.market[0][blue] = state.market[0][yellow] = 1
    state.stock = [[0] * 6, [0] * 6]
    state.stock[0][blue] = state.stock[1][blue] = 2  # a tie
    state.stock[0][yellow], state.stock[1][yellow] = 3, 1  # a majority, not a monopoly
    state.reputation = [reputation(state, s) for s in range(2)]
    assert state.reputation[0]["business"] == 2
    end_turn(state)
    mine = state.view(None)["last_scoring"]["seats"][0]
    assert (mine["previous"]["business"], mine["lines"]["business"]) == (2, 1)
    notes = {n["key"]: n["params"] for n in mine["notes"]}
    assert notes["amadrim.score_note.tied_out"]["delta"] == "-1"
    assert notes["amadrim.score_note.kept"]["delta"] == "+0" and notes["amadrim.score_note.kept"]["points"] == 1
    assert sum(int(p["delta"]) for p in notes.values()) == -1


def test_a_marker_note_says_placed_advanced_or_at_the_end_as_it_happened():
    """Playtest: the first turn's score screen said "monopoly on Gold: marker advanced" for a
    marker just placed on the track, and a majority kept on the track's last step said "marker
    advanced" though it cannot move. Placed, advanced and already at the end are told apart."""
    from rules.amadrim.scoring import end_turn
    from tests.amadrim.helpers import new

    def notes_after(market: list[int], stock0: list[int], stock1: list[int]) -> dict[str, dict]:
        state = new(2, 0)
        place_all(state)
        state.market = [list(market), [0] * 6]
        state.stock = [list(stock0), list(stock1)]
        end_turn(state)
        return {n["key"]: n["params"] for n in state.view(None)["last_scoring"]["seats"][0]["notes"]
                if n["key"].startswith("amadrim.score_note.") and "resource" in n["params"]}

    last = len(new(2, 0).content.market_values)
    # black: a monopoly on an empty track (placed); red: a monopoly on step 2 (advanced);
    # blue: a majority kept on the last step; green: a monopoly on the last step
    notes = notes_after([0, 2, last, last, 0, 0], [2, 2, 3, 1, 0, 0], [0, 0, 1, 0, 0, 0])
    assert set(notes) == {"amadrim.score_note.monopoly_won", "amadrim.score_note.monopoly",
                          "amadrim.score_note.kept_top", "amadrim.score_note.monopoly_top"}
    assert notes["amadrim.score_note.kept_top"]["delta"] == "+0"
    assert notes["amadrim.score_note.monopoly_top"]["delta"] == "+0"
    from game.i18n import Strings

    state = new(2, 0)
    place_all(state)
    state.market = [[0] * 6, [0] * 6]
    state.stock = [[0, 0, 0, 0, 2, 0], [0] * 6]  # a first monopoly on Gold
    end_turn(state)
    note = next(n for n in state.view(None)["last_scoring"]["seats"][0]["notes"] if "resource" in n["params"])
    assert Strings("fr").render(note, ["Ana", "Bo"]) == "monopole sur Or pris : pion posé, vaut 1 (+1)"
    assert Strings("en").render(note, ["Ana", "Bo"]) == "monopoly on Gold taken: marker placed, worth 1 (+1)"
