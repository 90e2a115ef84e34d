"""Playtest: when a person's action turn came, the "since your last turn" box listed their own
doings ("Player 1 reveals: create 4, …", "Player 2 locked in.") among the others': noise, since
they programmed those cubes themselves. The box now leaves out a seat's own reveal and lock-in;
the others' still show."""

from __future__ import annotations

from tests.amadrim.test_scene import app, cell_pos, new_session, to_actions, top_name, zone  # noqa: F401
from tests.ui_helpers import click


def test_the_since_box_leaves_out_the_seats_own_reveal_and_lock_in(app) -> None:  # noqa: F811
    session = new_session(app)
    table = to_actions(app, {0: ["create"], 1: ["create"]}, session)
    first = table.unveiled
    click(app, zone(table, "unit_kind", "merchant").rect.center)
    click(app, cell_pos(table, min(table.highlights)))
    assert top_name(app) == "CurtainScene"
    click(app, (640, 300))  # the second person lifts the curtain: the box shows
    me = table.unveiled
    assert me == 1 - first and table.since

    def keys(seat: int) -> list[str]:
        return [e["key"] for e in table.since if (e.get("params") or {}).get("seat") == {"seat": seat}]

    assert "amadrim.log.created" in keys(first)  # what the other did shows
    assert "amadrim.log.revealed" not in keys(me) and "amadrim.log.locked_in" not in keys(me)
    assert any(e["key"] == "amadrim.log.revealed" and e["params"]["seat"] == {"seat": me}
               for e in session.state.log)  # (the log itself still says it)
