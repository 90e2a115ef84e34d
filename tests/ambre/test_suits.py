"""Suit symbols legible at the table's sizes: a playtest read "♣ Roi" as a spade (the symbols in
text and on small cards were drawn a few pixels wide)."""

from __future__ import annotations

import os

import pygame
import pytest

from tests.ui_helpers import make_app, settle

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

COLOURS = {"coupe": (196, 58, 72), "denier": (214, 160, 40), "epee": (70, 110, 170), "baton": (70, 140, 80)}


@pytest.fixture(autouse=True)
def _window():
    make_app("fr", size=(1024, 700))


def _height(surface: pygame.Surface) -> int:
    rects = pygame.mask.from_surface(surface, 128).get_bounding_rects()
    return max(r.height for r in rects)


@pytest.mark.parametrize("size", [11, 12, 13, 14, 16, 18])
def test_a_suit_in_text_is_as_tall_as_a_capital(size):
    from scenes import ui

    capital = _height(ui.font(size).render("R", True, (255, 255, 255)))
    for symbol in "♣♠♥":
        assert _height(ui.render_line(symbol, size, (255, 255, 255))) >= capital, (symbol, size)


@pytest.mark.parametrize("size", [(22, 34), (25, 38)])
def test_a_small_card_s_suit_takes_a_third_of_its_height(size):
    """The bids' row (34 to 38 pixels high): the club was 9 pixels, a blot."""
    from sprites.ambre import cards as S

    for card in ("baton-9", "epee-10", "coupe-3"):
        rgb = COLOURS[card.split("-")[0]]
        surf = S.card(card, size, COLOURS)
        band = max(5, size[0] // 7) + 1
        found = pygame.mask.from_threshold(surf, rgb + (255,), (40, 40, 40, 255))
        found.erase(pygame.mask.Mask((band, size[1]), fill=True), (0, 0))  # the suit's band
        assert max(r.height for r in found.get_bounding_rects()) * 3 >= size[1], card


@pytest.mark.parametrize("lang,size", [("fr", (1024, 700)), ("en", (1280, 800))])
def test_the_ranks_show_each_suit_as_its_shape_in_its_colour(monkeypatch, lang, size):
    """Beside each seat, "♣ Roi" was a parchment dot: each suit is its shape in its colour, as on
    the cards, as tall as the text, and every figure shows (four "Cavalier" at 1024x700 ended with
    "…")."""
    from scenes import ui
    from tests.ambre.test_table import bots_play_until, start

    app = make_app(lang, size=size)
    app.settings.animation_speed = 50.0
    table = start(app)
    bots_play_until(app, table, lambda st: st.phase == "act1")
    symbols, texts = [], []
    real_symbol, real_text = ui.seat_symbol, ui.text
    monkeypatch.setattr(ui, "seat_symbol", lambda s, shape, c, r, rgb, outline=ui.INK: symbols.append(
        (shape, r, rgb, outline)) or real_symbol(s, shape, c, r, rgb, outline))
    monkeypatch.setattr(ui, "text", lambda s, value, *a, **k: texts.append(value) or real_text(s, value, *a, **k))
    table.layer = None
    settle(app, 2)
    view = table.session.state.view(None)
    shapes = {"coupe": "heart", "denier": "diamond", "epee": "spade", "baton": "club"}
    for suit, shape in shapes.items():
        ranked = sum(1 for seat in view["seats"] if suit in seat["ranks"])
        drawn = [r for s, r, rgb, outline in symbols if s == shape and rgb == outline == COLOURS[suit]]
        assert len(drawn) == ranked >= 1, suit  # one per ranked seat, in the suit's colour
        assert min(drawn) >= 5
    figures = {f["rank"]: f["name"][lang] for f in view["content"]["figures"]}
    expected = sorted(figures[rank] for seat in view["seats"] for rank in seat["ranks"].values())
    assert sorted(t for t in texts if t in figures.values()) == expected  # every rank, none cut
