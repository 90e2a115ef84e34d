"""Playtest finding 5: four guilds at 1024×700 in French with long names. A guild sheet's facts
("7 cubes · 3 villes · 0 captif · 10 pions") show whole and clear of the name, which is shortened
to "Daniel-A." rather than cut into them; the reputation board heads its columns "Daniel-A." or
"Daniel", never a cut "Daniel-Ale"."""

from __future__ import annotations

import rules
from game.session import SeatInfo, Session
from scenes import ui
from scenes.amadrim import panels
from scenes.amadrim.panels import short_name
from sprites.amadrim import pieces
from tests.amadrim.test_scene import cell_pos, lift, open_table, place_all_cities
from tests.amadrim.test_scene_action_rows import spy_drawing
from tests.ui_helpers import click, make_app, settle

NAMES = ["Anne", "Benoît", "Marie-Ségolène", "Daniel-Alexandre"]


def test_short_names_keep_the_first_part_of_a_compound_name() -> None:
    width = ui.font(11).size("Daniel-A.")[0]
    assert short_name("Daniel-Alexandre", width, 11) == "Daniel-A."
    assert short_name("Daniel-Alexandre", width - 1, 11) == "Daniel"
    assert short_name("Jean Dupont", ui.font(11).size("Jean D.")[0], 11) == "Jean D."
    assert short_name("Player 3", 12, 11) == "P3"


def test_four_long_names_at_the_smallest_window(monkeypatch) -> None:
    app = make_app("fr", (1024, 700))
    seats = [SeatInfo(name, i) for i, name in enumerate(NAMES)]
    session = Session(rules.engine("amadrim"), app.content("amadrim"), "test", seats, 5, None)
    table = open_table(app, session)
    place_all_cities(app, table)
    lift(app, table)
    drawn = spy_drawing(monkeypatch)
    monkeypatch.setattr(panels, "blit_label", pieces.blit_label)  # (the spy, for the panels too)
    table._stale = table.dirty = True
    settle(app)
    view = table.view
    right = table.layout.control.left  # (the guild sheets are under the action panel)
    for s, name in enumerate(NAMES):
        facts = app.tr("amadrim.ui.sheet_facts", cubes=view["cubes"][s], captured=0, pawns=view["pawns_left"][s],
                       cities=sum(1 for c in view["cities"] if c["owner"] == s))
        forms = (name, name.split("-")[0], name.split("-")[0] + "-" + name.split("-")[-1][:1] + ".")
        label = next(r for t, r in drawn if r.left >= right and t in forms)
        beside = [r for t, r in drawn if t == facts and abs(r.centery - label.centery) < 8]
        assert beside, f"{facts!r} not drawn whole beside {name}"
        assert not label.colliderect(beside[0])
    heads = [t for t, _ in drawn if t.startswith("Daniel")]
    assert heads and all(t in ("Daniel-Alexandre", "Daniel-A.", "Daniel") for t in heads), heads
    assert app.errors_logged == 0


def test_the_placing_order_lists_every_city_to_place_with_whole_names(monkeypatch) -> None:
    """Playtest finding 6: "Ordre de pose" showed 8 of the 9 (up to 12) placements, names cut to "Robo…"."""
    app = make_app("fr", (1024, 700))
    kinds = ["human", "human", "master", "human"]
    names = ["Alice", "Joueur 2", "Robot 3", "Daniel-Alexandre"]
    seats = [SeatInfo(name, i, kind) for i, (name, kind) in enumerate(zip(names, kinds))]
    session = Session(rules.engine("amadrim"), app.content("amadrim"), "test", seats, 5, None)
    table = open_table(app, session)
    drawn = spy_drawing(monkeypatch)
    table._stale = table.dirty = True
    settle(app)
    order = table.view["placing"]
    assert len(order) == 12
    title = next(r for t, r in drawn if t == app.tr("amadrim.ui.setup_order"))
    listed = [t for t, r in drawn if table.layout.control.contains(r) and r.top > title.bottom]
    assert listed == [table.seat_name(s) if s != 3 else "Daniel-Alexandre" for s in order]
    assert app.errors_logged == 0


def test_the_placing_order_reads_left_to_right_then_down(monkeypatch) -> None:
    """New-user playtest: the order was laid down the columns, so the first line read "Joueur 1,
    Joueur 2, Robot 3" while Joueur 1 was to place twice before Robot 3; it reads as text now."""
    app = make_app("fr", (1024, 700))
    seats = [SeatInfo(f"Joueur {i + 1}", i) for i in range(3)]
    session = Session(rules.engine("amadrim"), app.content("amadrim"), "test", seats, 5, None)
    table = open_table(app, session)
    click(app, cell_pos(table, min(table.highlights)))  # one city placed: 8 to go, no longer symmetric
    assert len(table.view["placing"]) == 8
    drawn = spy_drawing(monkeypatch)
    table._stale = table.dirty = True
    settle(app)
    order = table.view["placing"]
    title = next(r for t, r in drawn if t == app.tr("amadrim.ui.setup_order"))
    listed = [(r.top, r.left, t) for t, r in drawn if table.layout.control.contains(r) and r.top > title.bottom]
    line = min(top for top, _, _ in listed)
    lines = sorted(((top - line + 8) // 24, left, t) for top, left, t in listed)  # (glyphs move a row by 1 px)
    assert len({n for n, _, _ in lines}) > 1 and len({left for _, left, _ in lines}) > 1  # a grid
    assert [t for _, _, t in lines] == [table.seat_name(s) for s in order]
    assert app.errors_logged == 0
