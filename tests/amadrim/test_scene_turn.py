"""Issue 10, point 1 (and 2, 5): a whole turn of a human seat played with real pygame events at
the coordinates of the drawn targets — public city placement, programming with the confirmation
for unplaced cubes, then create a merchant AND a mage, attack a merchant and a mage, prepare a
spell, take a city, "end" refused while a cube can still be played, move; then the score screen
and the next programming behind the curtain with its sand-timer showing at once."""

from __future__ import annotations

import pytest

from rules.amadrim.board import Unit
from tests.amadrim.test_scene import app, cell_pos, lift, new_session, open_table, top_name, zone  # noqa: F401
from tests.ui_helpers import click

PLAN = {"create": 2, "attack": 2, "spell": 1, "take_city": 1, "move": 1}


def scenario(state, me: int) -> tuple[Unit, Unit, Unit, dict]:
    """Hand-built position once the action phase starts: my level-2 mage south of a neutral
    city with an enemy merchant and an enemy level-1 mage beside it; two of every resource."""
    board = state.board
    for city in (c for c in board.cities if c.owner is None):
        x, y = city.cell
        spot = (x, y + 1)
        around = [c for c in board.around.get(spot, ()) if board.is_free(c) and c not in board.cardinal[city.cell]]
        if board.is_free(spot) and len(around) >= 2:
            break
    else:
        pytest.fail("no neutral city with room around it")
    units = []
    for owner, kind, level, cell in ((me, "mage", 2, spot), (1 - me, "merchant", 0, around[0]),
                                     (1 - me, "mage", 1, around[1])):
        unit = Unit(state.next_unit, owner, kind, level, cell)
        state.next_unit += 1
        board.add_unit(unit)
        units.append(unit)
    state.stock[me] = [2] * 6
    return units[0], units[1], units[2], {"id": board.city_at[city.cell], "cell": city.cell}


def log_keys(session) -> list[str]:
    return [e["key"] for e in session.state.log]


def test_a_human_plays_a_whole_turn_by_clicks(app) -> None:  # noqa: F811
    session = new_session(app, seed=5)
    table = open_table(app, session)
    # -- placement is public: no curtain, no PIN, between placements -----------------------------
    while session.state.phase == "setup":
        assert top_name(app) == "AmadrimTable" and table.unveiled in table.view["to_act"]
        click(app, cell_pos(table, min(table.highlights)))
    # ... but the secret programming starts behind the curtain
    assert top_name(app) == "CurtainScene"
    lift(app, table)
    # -- programming by clicks; validating with a cube unplaced asks first ----------------------
    for seat_turn in range(2):
        seat = table.unveiled
        plan = PLAN if seat == session.state.first_player else {"create": 1}
        for kind, n in plan.items():
            for _ in range(n):
                click(app, zone(table, "add", kind).rect.center)
        unplaced = table.view["unplaced"]
        click(app, zone(table, "lock").rect.center)
        if unplaced:
            assert table.confirm_lock and not session.view(None)["locked"][seat]
            text = app.tr("amadrim.ui.confirm_lock", n=unplaced)
            assert str(unplaced) in text and "cubes" in text
            click(app, zone(table, "confirm_no").rect.center)
            assert not table.confirm_lock
            click(app, zone(table, "lock").rect.center)
            click(app, zone(table, "confirm_yes").rect.center)
        assert session.view(None)["locked"][seat]
        if seat_turn == 0:
            lift(app, table)
    me = session.state.first_player
    assert session.state.phase == "actions" and session.state.current == me
    mage, merchant, enemy_mage, city = scenario(session.state, me)
    if top_name(app) == "CurtainScene":
        lift(app, table)
    table.refresh()
    assert table.my_turn_to_act() and table.unveiled == me
    # -- create a mage (the button inside the "create" row wins over the row) --------------------
    click(app, zone(table, "unit_kind", "mage").rect.center)
    assert table.create_kind == "mage" and table.selected_kind == "create"
    cell = min(table.highlights)
    click(app, cell_pos(table, cell))
    created = session.state.board.unit_on(cell)
    assert created is not None and created.kind == "mage" and created.level == 1
    # -- and a merchant ---------------------------------------------------------------------------
    click(app, zone(table, "unit_kind", "merchant").rect.center)
    cell = min(table.highlights)
    click(app, cell_pos(table, cell))
    new_merchant = session.state.board.unit_on(cell)
    assert new_merchant is not None and new_merchant.kind == "merchant"
    # -- attack a merchant, then a mage -----------------------------------------------------------
    click(app, cell_pos(table, mage.cell))
    click(app, zone(table, "kind", "attack").rect.center)
    assert table.selected_unit == mage.id and set(table.highlights) == {merchant.cell, enemy_mage.cell}
    click(app, cell_pos(table, merchant.cell))
    assert merchant.id not in session.state.board.units
    click(app, zone(table, "kind", "attack").rect.center)
    click(app, cell_pos(table, enemy_mage.cell))
    assert enemy_mage.id not in session.state.board.units
    assert [p["kind"] for p in session.state.captured[me]] == ["merchant", "mage"]
    # -- prepare a spell: level 2 -> 3 ------------------------------------------------------------
    click(app, zone(table, "kind", "spell").rect.center)
    click(app, cell_pos(table, mage.cell))
    assert session.state.board.units[mage.id].level == 3
    # -- take the neutral city --------------------------------------------------------------------
    click(app, zone(table, "kind", "take_city").rect.center)
    assert tuple(city["cell"]) in table.highlights
    click(app, cell_pos(table, city["cell"]))
    assert session.state.board.cities[city["id"]].owner == me
    # -- "end" is refused while the move cube can be played; the message says what is left -----
    toasts = len(app.toasts.texts())
    click(app, zone(table, "end").rect.center)
    assert session.state.current == me and "amadrim.log.actions_ended" not in log_keys(session)
    assert len(app.toasts.texts()) > toasts and app.tr("amadrim.kind.move") in app.toasts.texts()[-1]
    # -- move the new merchant: the last cube; the other guild's turn comes ----------------------
    click(app, cell_pos(table, new_merchant.cell))
    click(app, zone(table, "kind", "move").rect.center)
    target = min(table.highlights)
    click(app, cell_pos(table, target))
    assert session.state.board.units[new_merchant.id].cell == target
    assert session.state.current == 1 - me
    # -- the other guild: behind the curtain, plays its one cube by clicks -----------------------
    assert top_name(app) == "CurtainScene"
    lift(app, table)
    click(app, zone(table, "unit_kind", "mage").rect.center)
    click(app, cell_pos(table, min(table.highlights)))
    # -- the score screen, then the next programming behind the curtain ---------------------------
    assert session.state.phase == "programming" and session.state.turn == 2
    assert top_name(app) == "AmadrimTable" and table.score_screen is not None and table.unveiled is None
    mine = table.score_screen["seats"][me]
    assert mine["lines"]["kills"] == 2 and mine["lines"]["town"] == 4 and mine["lines"]["magic"] == 4
    click(app, (640, 400))
    assert table.score_screen is None and top_name(app) == "CurtainScene"
    lift(app, table)
    assert table.since == [] and table.timer is not None and table.programming_seat() is not None


def test_choosing_attack_first_highlights_the_mages_that_can_attack_and_a_click_picks_one(app) -> None:  # noqa: F811
    """Playtest finding 8: after "Attack" (no unit chosen yet) the map highlighted nothing. Now it
    highlights the seat's mages with a prey in reach (not a mage without one, nor a merchant), and a
    click on one selects it and shows its preys."""
    session = new_session(app, seed=5)
    table = open_table(app, session)
    while session.state.phase == "setup":
        click(app, cell_pos(table, min(table.highlights)))
    lift(app, table)
    me = session.state.first_player
    mage, merchant, enemy_mage, _ = scenario(session.state, me)
    board = session.state.board
    far = next((x, y) for y in range(1, 11) for x in range(1, 11) if board.is_free((x, y))
               and all(board.is_free(c) for c in board.around[(x, y)]) and abs(x - mage.cell[0]) > 2)
    idle = Unit(session.state.next_unit, me, "mage", 1, far)  # a mage with no prey in reach
    session.state.next_unit += 1
    board.add_unit(idle)
    for _ in range(2):
        plan = {"attack": 1, "create": 1} if table.unveiled == me else {"create": 1}
        for kind, n in plan.items():
            for _ in range(n):
                click(app, zone(table, "add", kind).rect.center)
        click(app, zone(table, "lock").rect.center)
        if table.confirm_lock:
            click(app, zone(table, "confirm_yes").rect.center)
        if top_name(app) == "CurtainScene":
            lift(app, table)
    assert table.my_turn_to_act() and table.unveiled == me
    click(app, zone(table, "kind", "attack").rect.center)
    assert table.selected_kind == "attack" and table.selected_unit is None
    assert table.highlights == {mage.cell}
    click(app, cell_pos(table, mage.cell))
    assert table.selected_unit == mage.id and table.selected_kind == "attack"
    assert table.highlights == {merchant.cell, enemy_mage.cell}
    # the chosen unit kind of "Create" is plainly the chosen one: filled gold, the other one dark
    import pygame

    from scenes import ui
    for chosen, other in (("mage", "merchant"), ("merchant", "mage")):
        click(app, zone(table, "unit_kind", chosen).rect.center)
        assert table.create_kind == chosen
        screen = pygame.display.get_surface()
        lit, dark = (zone(table, "unit_kind", k).rect for k in (chosen, other))
        assert tuple(screen.get_at((lit.left + 12, lit.top + 3)))[:3] == ui.GOLD
        assert sum(tuple(screen.get_at((dark.left + 12, dark.top + 3)))[:3]) < 200
