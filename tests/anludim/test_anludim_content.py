"""Anludim content: the deck's properties, the professors, items and rulings, located errors."""

import shutil
from collections import Counter

import pytest

from game.content import ContentError, load

CONTENT = load("anludim")


def test_sixty_five_cards_with_two_halves():
    assert len(CONTENT.cards) == 65
    for halves in CONTENT.cards.values():
        assert len(halves) == 2


def test_each_value_colour_on_exactly_two_halves():
    colours = [c.id for c in CONTENT.colours]
    counts = Counter(h for halves in CONTENT.cards.values() for h in halves)
    assert set(counts) == {(v, c) for v in range(1, 14) for c in colours}
    assert set(counts.values()) == {2}


def test_thirteen_cards_numbered_1_to_13_in_each_of_five_colours():
    # "65 cartes apprenti numérotées de 1 à 13, réparties en 5 couleurs": by its first half,
    # each card is one (value, colour) of the 13 x 5.
    colours = [c.id for c in CONTENT.colours]
    firsts = Counter(halves[0] for halves in CONTENT.cards.values())
    assert set(firsts) == {(v, c) for v in range(1, 14) for c in colours} and set(firsts.values()) == {1}


def test_no_card_repeats_a_value_or_a_colour():
    for cid, ((v1, c1), (v2, c2)) in CONTENT.cards.items():
        assert v1 != v2 and c1 != c2, cid


def test_five_colours_named_and_symbolled():
    assert len(CONTENT.colours) == 5
    assert len({c.symbol for c in CONTENT.colours}) == 5
    assert len({c.shape for c in CONTENT.colours}) == 5
    for c in CONTENT.colours:
        assert c.name.fr and c.name.en


def test_professors_in_hierarchy_order_with_their_items():
    pairs = [(p.id, p.kind, p.item) for p in CONTENT.professors]
    assert pairs == [("alchimiste", "suite", "fiole"), ("arcaniste", "couleur", "etoile"),
                     ("necromancienne", "paires", "poupee"), ("voyante", "brelans", "talisman"),
                     ("elementaliste", "assemblee", "coffre")]
    assert CONTENT.hierarchy == ("suite", "couleur", "paires", "brelans", "assemblee")


def test_thirty_items_with_rulebook_values():
    values = {i: sorted(it.values) for i, it in CONTENT.items.items()}
    assert values == {"fiole": [1, 1, 1, 1, 2, 2, 3], "etoile": [1, 1, 1, 2, 2, 2, 3],
                      "poupee": [1, 1, 2, 2, 3, 4], "talisman": [1, 2, 3, 3, 4], "coffre": [1, 2, 3, 3, 5]}
    assert sum(len(v) for v in values.values()) == 30
    assert CONTENT.parchments.count == 3 and CONTENT.parchments.points == 1


def test_removed_items_by_seat_count():
    assert len(CONTENT.removed[3]) == 2
    assert len(CONTENT.removed[2]) == 7
    assert 4 not in CONTENT.removed and 5 not in CONTENT.removed


def test_blazons():
    assert (CONTENT.rules.blazons.silver.keep, CONTENT.rules.blazons.silver.hand) == (3, 8)
    assert (CONTENT.rules.blazons.gold.keep, CONTENT.rules.blazons.gold.hand) == (2, 7)


def _copy(tmp_path):
    root = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, root / "anludim")
    return root


CONTENT_DIR = __import__("game.content", fromlist=["content_dir"]).content_dir("anludim")


def test_unknown_colour_is_located_with_a_hint(tmp_path):
    root = _copy(tmp_path)
    path = root / "anludim" / "cards.yaml"
    path.write_text(path.read_text().replace("[[1, red], [5, blue]]", "[[1, rde], [5, blue]]"))
    with pytest.raises(ContentError) as err:
        load("anludim", root)
    text = str(err.value)
    assert "cards.yaml:5:" in text and "did you mean 'red'" in text


def test_removed_item_not_in_pile_is_reported(tmp_path):
    root = _copy(tmp_path)
    path = root / "anludim" / "items.yaml"
    path.write_text(path.read_text().replace("- {item: coffre, value: 1}", "- {item: coffre, value: 4}"))
    with pytest.raises(ContentError) as err:
        load("anludim", root)
    assert "removed[1].items[6].value" in str(err.value)


def test_designers_numbers_are_followed(tmp_path):
    from rules.anludim import ENGINE

    root = _copy(tmp_path)
    path = root / "anludim" / "rules.yaml"
    path.write_text(path.read_text().replace("silver: {name: {fr: Argent, en: Silver}, hand: 8",
                                             "silver: {name: {fr: Argent, en: Silver}, hand: 6"))
    state = ENGINE.new_game(load("anludim", root), 3, seed=1)
    assert [s["hand_size"] for s in state.view(None)["seats"]] == [6, 6, 6]
