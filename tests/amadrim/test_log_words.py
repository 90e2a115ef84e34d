"""What the Amadrim log and tooltips say, in both languages: a resource gained twice at once is
counted ("Ebony ×2"), never written twice ("Ebony and Ebony")."""

from __future__ import annotations

import pytest

from game.i18n import Strings
from rules.amadrim.actions import Move
from tests.amadrim.helpers import acting, content, new, place_all, program, put

SAME = (7, 4)  # column 7 and row 4 are both black (Ebony)


def test_the_cell_used_here_gives_one_colour_twice():
    c = content()
    assert c.column_colour[SAME[0]] == c.row_colour[SAME[1]] == 0


@pytest.mark.parametrize("lang, text", [
    ("en", "Ana's merchant no. {unit} harvests: Ebony ×2."),
    ("fr", "Le marchand n° {unit} d'Ana récolte : Ébène ×2."),
])
def test_a_merchant_harvesting_one_colour_twice_is_logged_with_a_count(lang, text):
    state, me = acting({0: {"move": 1}})
    merchant = put(state, me, "merchant", (6, 5))
    state.apply(me, Move(merchant.id, (SAME,)))
    entry = next(e for e in reversed(state.log) if e["key"] == "amadrim.log.harvested")
    names = ["Ana", "Bo"] if me == 0 else ["Bo", "Ana"]
    assert Strings(lang).render(entry, names) == text.format(unit=merchant.id)


@pytest.mark.parametrize("lang, text", [
    ("en", "Ana places a city on C3 and gets: Diamond ×2, Spices."),
    ("fr", "Ana pose une ville en C3 et reçoit : Diamant ×2, Épices."),
])
def test_a_city_paying_a_colour_twice_is_logged_with_a_count(lang, text):
    state = new()
    place_all(state)  # seat 0's first city is on C3: column white, row red, region white
    entry = next(e for e in state.log if e["key"] == "amadrim.log.city_placed" and e["params"]["cell"] == "C3")
    assert [r["text"]["en"] for r in entry["params"]["resources"]] == ["Diamond", "Spices", "Diamond"]
    assert Strings(lang).render(entry, ["Ana", "Bo"]) == text


def test_three_different_resources_are_still_all_named():
    state = new()
    place_all(state)
    entry = next(e for e in state.log if e["key"] == "amadrim.log.city_placed" and e["params"]["cell"] == "I3")
    assert Strings("en").render(entry, ["Ana", "Bo"]).endswith(": Diamond, Spices, Wood.")


@pytest.fixture
def app():
    from tests.ui_helpers import make_app

    app = make_app("en")
    yield app
    assert app.errors_logged == 0


@pytest.mark.parametrize("lang, same, other", [
    ("en", "A merchant harvests here: Ebony ×2", "A merchant harvests here: Ebony, Gold"),
    ("fr", "Un marchand y récolte : Ébène ×2", "Un marchand y récolte : Ébène, Or"),
])
def test_the_cell_tooltip_counts_a_resource_its_column_and_row_both_give(app, lang, same, other):
    import rules
    from game.session import SeatInfo, Session
    from scenes.amadrim.table import AmadrimTable
    from tests.ui_helpers import settle

    app.strings.set_language(lang)
    seats = [SeatInfo(name, i, "human") for i, name in enumerate(["Ana", "Bo"])]
    session = Session(rules.engine("amadrim"), app.content("amadrim"), "test", seats, 5, None)
    table = AmadrimTable(app, session)
    app.stack.push(table)
    settle(app)
    table.mouse = (-1, -1)
    table.hover_cell = SAME
    assert same in table.tooltip_lines()
    table.hover_cell = (7, 1)  # column black, row yellow
    assert other in table.tooltip_lines()


@pytest.mark.parametrize("lang, coin", [("en", "first-player coin"), ("fr", "pièce premier joueur")])
@pytest.mark.parametrize("seed", range(4))
def test_the_log_last_gives_the_coin_to_the_seat_that_holds_it_when_a_turn_starts(lang, coin, seed):
    """After the last round of placing the coin passes once more (rulebook: "Lorsque toutes les
    villes ont été placées [...] on donne le jeton premier joueur au joueur suivant à gauche"), and
    again after each scoring: the turn's line says so, instead of naming a first player other
    than the one the log last gave the coin to."""
    strings, names = Strings(lang), ["Ana", "Bo"]
    state = new(seed=seed)
    place_all(state)
    for turn in (1, 2):
        assert state.phase == "programming" and state.turn == turn
        lines = [strings.render(e, names) for e in state.log if coin in strings.render(e, names)]
        holder = names[state.first_player]
        assert holder in lines[-1] and names[1 - state.first_player] not in lines[-1], lines
        assert lines[-1].startswith("Tour" if lang == "fr" else "Turn"), lines
        program(state, {})
