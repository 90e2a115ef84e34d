"""The bids at the table, clicked with real pygame events (SDL dummy driver): the raise step's hand
in rows of whole cards at 1024x700 and 1280x800 (one row of overlapping cards hid their values),
every card position and the Pass button clicked, what each raise prompt says, a reveal told to
the person who plays on, the side panel's bids, the stake's post-its and log."""

from __future__ import annotations

import pygame
import pytest

from rules.ambre import actions as A
from rules.ambre import cards
from scenes import ui
from sprites.ambre import cards as S
from tests.ambre.test_table import bots_play_until, button, click_hit, ready, start
from tests.ui_helpers import click, make_app, settle, texts_drawn

SIZES = [("fr", (1024, 700)), ("en", (1280, 800))]
RAISE_SEED = 6  # at its raise step the seat to play holds 12 cards, 6 of them too low to raise with


def at_raise(app, seed=RAISE_SEED):
    """A fresh table of three people at the first raise step, its seat unveiled."""
    if app.stack.top is not None and type(app.stack.top).__name__ == "AmbreTable":
        app.stack.pop()
    table = start(app, seed=seed)
    bots_play_until(app, table, lambda st: st.phase == "bids" and st.bidding.stage == "raise")
    assert table.unveiled == table.session.state.to_act()[0]
    return table


def hand_hits(table):
    table.layer = None
    table.buttons_now()
    return [h for h in table.hits if h.kind == "hand"]


def rest_pointer(app):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": (2, 2), "rel": (0, 0), "buttons": (0, 0, 0)}))
    settle(app, 2)


@pytest.mark.parametrize("lang,size", SIZES)
def test_the_raise_step_lays_the_hand_in_rows_of_whole_cards_each_clickable(lang, size):
    app = make_app(lang, size=size)
    app.settings.animation_speed = 50.0
    table = at_raise(app)
    state = table.session.state
    me = table.unveiled
    hits = hand_hits(table)
    assert [h.data for h in hits] == state.hands[me] + [state.jokers[me]]
    screen = app.screen.get_rect()
    for i, h in enumerate(hits):
        assert screen.contains(h.rect)
        assert h.rect.width >= 36 and h.rect.height >= 54, h.rect  # 31x47 at 1024x700 before
        assert not any(h.rect.colliderect(o.rect) for o in hits[i + 1:]), h.data  # none under another
    assert len({h.rect.top for h in hits}) >= 2  # rows, not one row of slices
    for other in ("seat", "postit"):  # the side panel and the post-its are still there
        assert any(h.kind == other for h in table.hits)
    legal = {a.card for a in state.legal_actions(me) if isinstance(a, A.RaiseBid)}
    assert 0 < len(legal) < len(hits) - 1

    # the cards that cannot raise are dimmed: plainly darker than those that can
    rest_pointer(app)

    def light(h):
        return sum(pygame.transform.average_color(app.screen, h.rect)[:3])

    lows = [light(h) for h in hits if h.data not in legal]
    highs = [light(h) for h in hits if h.data in legal]
    assert max(lows) < min(highs) * 0.85

    # every card position, clicked: a card too low is refused with the rule's reason, the others raise
    best = state.bidding.best()
    for h in [h for h in hits if h.data not in legal]:
        app.toasts.items.clear()
        click_hit(app, table, h)
        assert len(state.bidding.bids[me]) == 1 and table.session.state is state
        if cards.is_major(h.data):
            assert app.toasts.texts()[-1] == app.tr("ambre.toast.not_this_card")
        else:
            assert app.toasts.texts()[-1] == app.tr("ambre.illegal.raise_too_low", best=best)
    for index, card in enumerate(c for c in state.hands[me] if c in legal):
        table = at_raise(app)
        hit = table.find("hand", card)
        click(app, hit.rect.center)
        st = table.session.state
        assert st.bidding.bids[me][-1] == card and len(st.bidding.bids[me]) == 2, (index, card)
    table = at_raise(app)
    click_hit(app, table, button(table, A.PassRaise))
    assert table.session.state.log[-1]["key"] == "ambre.log.pass_raise"
    assert table.session.state.bidding.turn != me


def prompt_after(monkeypatch, table, change):
    """The console's first line once `change(bidding, me)` is done to the raise."""
    state = table.session.state
    change(state.bidding, table.unveiled)
    table.refresh()
    drawn = texts_drawn(monkeypatch)
    table.layer = None
    table.buttons_now()
    monkeypatch.undo()
    return " ".join(drawn)


def test_each_raise_prompt_says_what_a_raise_needs(monkeypatch):
    app = make_app("fr", size=(1024, 700))
    table = at_raise(app)
    state = table.session.state
    me = table.unveiled
    b = state.bidding
    total, best = b.total(me), b.best()
    text = prompt_after(monkeypatch, table, lambda b, me: None)
    assert f"d'au moins {best - total} pour l'atteindre" in text
    assert "votre total de" not in text

    others = [s for s in b.active if s != me]
    leader = max(others, key=b.total)

    def lead(b, me):
        b.bids[me].append("coupe-10")

    text = prompt_after(monkeypatch, table, lead)
    assert f"votre mise de {b.total(me)} est en tête" in text  # it said "your total of 11 must reach at least 11"

    def tied(b, me):
        b.bids[me] = list(b.bids[leader])  # the same total (the view needs no real cards)
        b.reached[leader], b.reached[me] = 1, 2  # the other reached it first ("earlier" ranks it ahead)

    text = prompt_after(monkeypatch, table, tied)
    assert app.tr("ambre.prompt.raise_tied", total=b.total(me), name=table.char_name(leader)) in text
    assert "qui reste classée devant" in text

    def beyond(b, me):
        b.bids[me] = [b.bids[me][0]]
        b.bids[leader] += ["coupe-10", "epee-10"]  # out of reach of any one card

    text = prompt_after(monkeypatch, table, beyond)
    assert "aucune carte de votre main ne suffit" in text
    # and every hand card looks unplayable, as it is
    rest_pointer(app)
    hits = hand_hits(table)
    table.draw(app.screen)
    dark = [sum(pygame.transform.average_color(app.screen, h.rect)[:3]) for h in hits]
    face = sum(S.FACE)
    assert all(d < face * 0.8 for d in dark[:-1])


def test_the_person_who_plays_on_after_a_reveal_is_told_what_was_revealed():
    """The last to lay plays first in the raises: the screen changed under their hand with nothing
    said, and a second click added a card unseen."""
    app = make_app("fr", size=(1024, 700))
    app.settings.animation_speed = 50.0
    table = start(app, seed=3)
    bots_play_until(app, table, lambda st: st.phase == "bids")
    state = table.session.state
    hands = [list(h) for h in state.hands]
    top = max(hands[1], key=cards.value)  # seat 1 bids highest, so seat 2 (the last to lay) raises first
    low0 = min(hands[0], key=cards.value)
    low2 = next(c for c in sorted(hands[2], key=cards.value) if cards.value(c) not in (cards.value(low0), cards.value(top)))
    for seat, card in ((0, low0), (1, top), (2, low2)):
        ready(app, table)
        assert table.unveiled == seat
        click(app, table.find("hand", card).rect.center)
    assert state.bidding.stage == "raise" and state.bidding.turn == 2 and table.unveiled == 2
    assert any(e["key"] == "ambre.log.bid_revealed" for e in table.since)
    settle(app, 2)
    before = len(state.log)
    click(app, table.find("hand", state.hands[2][-1]).rect.center)  # closes the box, plays nothing
    assert not table.since and len(state.log) == before


def test_the_side_panel_bid_shows_a_ten_whole_and_nothing_once_staked(monkeypatch):
    app = make_app("fr", size=(1024, 700))
    table = at_raise(app)
    b = table.session.state.bidding
    for seat in b.active:
        b.bids[seat] = ["coupe-10"]  # every bid a 10 (the view needs no real cards)
    table.refresh()
    S._card.cache_clear()
    drawn = []
    real = ui.text
    monkeypatch.setattr(ui, "text", lambda surface, value, *a, **k: drawn.append(
        (value, surface.get_width(), real(surface, value, *a, **k))) or drawn[-1][2])
    table.layer = None
    table.buttons_now()
    monkeypatch.undo()
    S._card.cache_clear()
    tens = [(width, rect) for value, width, rect in drawn if value == "10" and width < 100]  # on a card
    assert tens and all(rect.right <= width - 2 for width, rect in tens), tens  # a 10 read as a 1 (its 0 under the border)

    table = at_raise(app)
    bots_play_until(app, table, lambda st: st.phase == "bids" and st.bidding.stage == "stake"
                    and len(st.bidding.stake_queue) == 1)
    drawn = texts_drawn(monkeypatch)
    table.layer = None
    table.buttons_now()
    assert "total 0" not in drawn  # a staked bid's "total 0" was drawn over the next seat


def test_the_stake_outlines_the_post_its_and_the_log_names_the_conflict_with_its_article():
    app = make_app("fr", size=(1024, 700))
    table = at_raise(app)
    bots_play_until(app, table, lambda st: st.phase == "bids" and st.bidding.stage == "stake")
    state = table.session.state
    me = table.unveiled
    rest_pointer(app)
    table.draw(app.screen)
    outlined = set()
    for hit in (h for h in table.hits if h.kind == "postit"):
        r = hit.rect
        outlined |= {hit.data} if app.screen.get_at((r.left - 3, r.centery))[:3] == ui.GOLD else set()
    assert outlined == set(state.own_conflicts(me))
    click_hit(app, table, table.find("postit", state.own_conflicts(me)[0]))
    line = table.render(state.log[-1])
    name = table.tx(table.view["conflicts"][state.own_conflicts(me)[0]]["name"])
    assert "sur le conflit" not in line and line.endswith(f"sur {name[0].lower()}{name[1:]}.")


def test_a_joker_numeral_stays_inside_its_card(monkeypatch):
    """"XVIII" ran over both edges of a hand card at 1280x800."""
    from tests.ui_helpers import drawn_with_sizes

    S._card.cache_clear()
    drawn = drawn_with_sizes(monkeypatch, ui)
    S.card("m18", (58, 89), {})
    numeral = next(rect for text, _s, rect in drawn if text == "XVIII")
    assert numeral.left >= 2 and numeral.right <= 58 - 2
    monkeypatch.undo()
    S._card.cache_clear()


def test_the_tie_log_says_the_first_cards_go_back():
    app = make_app("fr")
    line = app.strings.render({"key": "ambre.log.tie", "params": {"seats": [{"seat": 0}, {"seat": 2}]}}, ["Ana", "Bo", "Cy"])
    assert line == "Égalité (Ana, Cy) : chacun pose une autre carte, puis reprend la première."
