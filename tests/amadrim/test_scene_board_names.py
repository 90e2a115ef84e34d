"""Playtest (French, 1024×700, two people and a bot): the reputation board headed its columns
"Joueur 1", "Joueur 2", "Robot 3" at 9 px, squeezed against each other, under the 12 px a person
reads, and "Commerce" at 10 px beside the other lines' 12. The heads are now 12 px at least, a
name shortened ("J1") where it does not fit, and the line names' column is as wide as they need."""

from __future__ import annotations

import pygame
import pytest

import rules
from game.session import SeatInfo, Session
from scenes.amadrim import panels
from tests.amadrim.test_scene import to_programming
from tests.ui_helpers import drawn_with_sizes, make_app


@pytest.mark.parametrize("lang, size, names", [
    ("fr", (1024, 700), ("Joueur 1", "Joueur 2", "Robot 3")),
    ("fr", (1024, 700), ("Joueur 1", "Joueur 2", "Robot 3", "Joueur 4")),
    ("en", (1280, 800), ("Player 1", "Player 2", "Bot 3")),
])
def test_the_reputation_board_names_its_columns_at_12_px_at_least(monkeypatch, lang, size, names) -> None:
    app = make_app(lang, size)
    seats = [SeatInfo(name, i) for i, name in enumerate(names)]
    table = to_programming(app, Session(rules.engine("amadrim"), app.content("amadrim"), "test", seats, 5, None))
    kinds = names  # (one column per seat)
    drawn = drawn_with_sizes(monkeypatch, panels, "blit_label")
    panels.reputation_board(pygame.Surface(size), table.layout.board, table.view, table.look())
    names = [table.look().name(s) for s in range(len(names))]
    rep = table.layout.board
    heads = [(t, k, r) for t, k, r in drawn if r.top < rep.top + 70 and r.top > rep.top + 30]
    assert len(heads) == len(kinds), heads
    for (text, px, _rect), name in zip(sorted(heads, key=lambda h: h[2].centerx), names):
        assert px >= 12, (text, px)
        assert text == name or (len(text) < len(name) and text[:1] == name[:1]), (text, name)
    for line in ("business", "kills", "town", "magic"):  # the lines' names, whole at 12 px at least
        label = app.tr(f"amadrim.ui.line.{line}")
        assert [px for t, px, _ in drawn if t == label] and all(px >= 12 for t, px, _ in drawn if t == label), label
    for a, b in zip(heads, heads[1:]):
        assert not a[2].colliderect(b[2])
    assert app.errors_logged == 0
