"""The Anludim table reads its numbers from content and keeps big hands readable."""

from __future__ import annotations

import dataclasses

from game.session import SeatInfo, Session
from scenes.anludim.compose import Composer
from scenes.anludim.table import AnludimTable
from tests.anludim.test_scene import app, click_zone, reach_table  # noqa: F401 (fixture)
from tests.ui_helpers import settle


def _table(app, content, seed=5):  # noqa: F811
    import rules

    seats = [SeatInfo("Ana", 0), SeatInfo("Bo", 1, "greedy")]
    session = Session(rules.engine("anludim"), content, "test", seats, seed)
    table = AnludimTable(app, session)
    app.stack.push(table)
    settle(app)
    reach_table(app, table)
    return table


def test_the_draw_button_says_the_count_of_the_content(app) -> None:  # noqa: F811
    base = app.content("anludim")
    content = dataclasses.replace(base, rules=base.rules.model_copy(update={"draw": 3}))
    table = _table(app, content)
    _segs, buttons = Composer(table, app.size).bar_content()
    assert "Draw 3 cards" in [label for label, *_ in buttons]
    before = len(table.view["hand"])
    click_zone(app, table, "button", ("draw",))
    assert len(table.session.view(0)["hand"]) == before + 3


def test_a_hand_of_thirteen_keeps_every_card_and_badge_in_sight(app) -> None:  # noqa: F811
    table = _table(app, app.content("anludim"))
    state = table.session.state
    hand = state.table.seats[0].hand
    while len(hand) < 13:
        hand.append(state.table.deck.pop())
    table.refresh()
    ids = [c["id"] for c in table.view["hand"]]
    table.sel.cards = [(cid, 0) for cid in ids[3:6] + ids[-1:]]
    table.refresh()
    table._ensure()
    cards = [h for h in table.hits if h.kind == "card"]
    assert len(cards) == 13
    for i, hit in enumerate(cards[:-1]):  # each card keeps a strip no later card covers
        shown = cards[i + 1].rect.left - hit.rect.left
        assert shown >= 0.3 * hit.rect.width, shown
    assert all(app.screen.get_rect().contains(h.rect) for h in cards)
