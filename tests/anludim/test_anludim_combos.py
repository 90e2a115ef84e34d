"""Combination strength: every example of the rulebook's last page, and more."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.anludim import combos

R, B, G, Y, P = "red", "blue", "green", "yellow", "purple"
COLOURS = [R, B, G, Y, P]


def spread(*values):
    """Halves with these values in rotating colours (so pairs/brelans have distinct colours)."""
    seen: dict[int, int] = {}
    out = []
    for v in values:
        out.append((v, COLOURS[seen.get(v, 0) % 5]))
        seen[v] = seen.get(v, 0) + 1
    return out


def mono(*values, colour=R):
    return [(v, colour) for v in values]


# -- the rulebook's examples (left < right) ----------------------------------------------------

RULEBOOK = [
    ("suite", spread(6, 5), spread(9, 8)),
    ("suite", spread(9, 8), spread(3, 2, 1)),
    ("couleur", mono(12, 1), mono(12, 2)),
    ("couleur", mono(12, 2), mono(13, 1)),
    ("couleur", mono(13, 1), mono(7, 6, 3)),
    ("paires", spread(5, 5), spread(7, 7)),
    ("paires", spread(7, 7), spread(6, 6, 4, 4)),
    ("paires", spread(6, 6, 4, 4), spread(6, 6, 5, 5)),
    ("brelans", spread(1, 1, 1), spread(4, 4, 4)),
    ("brelans", spread(4, 4, 4), spread(3, 3, 3, 1, 1, 1)),
    ("assemblee", spread(3, 3, 3, 3), spread(6, 6, 6, 6)),
    ("assemblee", spread(6, 6, 6, 6), spread(1, 1, 1, 1, 1)),
]


@pytest.mark.parametrize("kind,weak,strong", RULEBOOK)
def test_rulebook_examples(kind, weak, strong):
    assert combos.is_valid(kind, weak) and combos.is_valid(kind, strong)
    assert combos.compare(kind, weak, strong) < 0
    assert combos.compare(kind, strong, weak) > 0
    assert combos.beats(kind, strong, weak) and not combos.beats(kind, weak, strong)


def test_rulebook_turn_examples():
    # Dim's three 7s is a brelan; Anne's 3-card colour beats a 2-card colour.
    assert combos.is_valid("brelans", spread(7, 7, 7))
    assert combos.beats("couleur", mono(2, 5, 9, colour=B), mono(12, 13, colour=Y))
    # Expert example: Anne-Cat's brelan of 9 beats any lower brelan.
    assert combos.beats("brelans", spread(9, 9, 9), spread(4, 4, 4))


# -- validity ----------------------------------------------------------------------------------

VALID = [
    ("suite", [(1, R), (2, R)]), ("suite", [(13, R), (11, B), (12, G)]), ("suite", spread(*range(1, 14))),
    ("couleur", [(3, G), (3, G)]), ("couleur", mono(1, 5, 9, 13)),
    ("paires", [(4, R), (4, B)]), ("paires", [(4, R), (4, B), (9, R), (9, Y)]),
    ("brelans", [(2, R), (2, B), (2, G)]), ("brelans", spread(8, 8, 8, 2, 2, 2, 5, 5, 5)),
    ("assemblee", [(5, R), (5, R), (5, B), (5, G)]), ("assemblee", spread(*[9] * 6)),
]
INVALID = [
    ("suite", [(5, R)]), ("suite", [(1, R), (3, B)]), ("suite", [(2, R), (2, B), (3, G)]),
    ("suite", [(13, R), (1, B)]), ("suite", []),
    ("couleur", [(3, R)]), ("couleur", [(3, R), (4, B)]),
    ("paires", [(4, R)]), ("paires", [(4, R), (4, R)]), ("paires", [(4, R), (5, B)]),
    ("paires", [(4, R), (4, B), (4, G)]), ("paires", [(4, R), (4, B), (4, G), (4, Y)]),
    ("paires", [(4, R), (4, B), (6, R)]),
    ("brelans", [(2, R), (2, B)]), ("brelans", [(2, R), (2, B), (2, B)]),
    ("brelans", spread(2, 2, 2, 2)), ("brelans", spread(2, 2, 2, 2, 2, 2)), ("brelans", spread(2, 2, 2, 3, 3)),
    ("assemblee", spread(5, 5, 5)), ("assemblee", spread(5, 5, 5, 6)),
]


@pytest.mark.parametrize("kind,cards", VALID)
def test_valid(kind, cards):
    assert combos.is_valid(kind, cards)


@pytest.mark.parametrize("kind,cards", INVALID)
def test_invalid(kind, cards):
    assert not combos.is_valid(kind, cards)


def test_unknown_kind_raises():
    with pytest.raises(ValueError):
        combos.is_valid("flush", [(1, R), (2, R)])


# -- comparison beyond the rulebook ------------------------------------------------------------

def test_compare_ties_and_next_card():
    assert combos.compare("couleur", mono(9, 7, 2), mono(9, 7, 2, colour=B)) == 0
    assert combos.compare("couleur", mono(9, 7, 2), mono(9, 7, 3)) < 0
    assert combos.compare("couleur", mono(9, 8, 1), mono(9, 7, 6)) > 0
    assert combos.compare("suite", spread(4, 5, 6), spread(5, 6, 7)) < 0
    assert combos.compare("suite", spread(4, 5, 6), spread(6, 5, 4)) == 0
    assert combos.compare("paires", spread(13, 13), spread(2, 2, 1, 1)) < 0
    assert combos.compare("paires", spread(9, 9, 3, 3), spread(8, 8, 7, 7)) > 0
    assert combos.compare("brelans", spread(13, 13, 13), spread(2, 2, 2, 1, 1, 1)) < 0
    assert combos.compare("brelans", spread(7, 7, 7, 2, 2, 2), spread(7, 7, 7, 3, 3, 3)) < 0
    assert combos.compare("assemblee", spread(13, 13, 13, 13), spread(1, 1, 1, 1, 1)) < 0
    assert combos.compare("assemblee", spread(8, 8, 8, 8), spread(8, 8, 8, 8)) == 0


def test_compare_rejects_invalid():
    with pytest.raises(ValueError):
        combos.compare("suite", spread(1, 3), spread(1, 2))


def test_colours_only_compared_for_equality():
    assert combos.compare("couleur", mono(5, 4, colour=P), mono(5, 4, colour=R)) == 0


def test_beats_needs_strictly_stronger_than_all():
    assert not combos.beats("suite", spread(4, 5), spread(4, 5))
    assert combos.beats("suite", spread(4, 5), None)
    assert combos.beats("suite", spread(4, 5), [])
    assert combos.beats("suite", spread(4, 5, 6), [spread(1, 2), spread(8, 9)])
    assert not combos.beats("suite", spread(4, 5), [spread(1, 2), spread(8, 9)])
    assert not combos.beats("suite", spread(4, 6), None)


def test_describe_and_best_kind():
    cards = [(7, R), (7, B), (7, G), (7, Y)]
    assert dict(combos.describe(cards)) == {"suite": False, "couleur": False, "paires": False,
                                            "brelans": False, "assemblee": True}
    assert combos.best_kind(cards) == "assemblee"
    assert combos.best_kind([(3, R), (4, R)]) == "couleur"  # colour ranks above run
    assert combos.best_kind([(3, R), (3, B)]) == "paires"
    assert combos.best_kind([(3, R), (9, B)]) is None


halves = st.lists(st.tuples(st.integers(1, 13), st.sampled_from(COLOURS)), min_size=1, max_size=8)


@given(halves, halves)
def test_compare_is_antisymmetric(a, b):
    for kind in combos.KINDS:
        if combos.is_valid(kind, a) and combos.is_valid(kind, b):
            assert combos.compare(kind, a, b) == -combos.compare(kind, b, a)
            assert combos.compare(kind, a, list(reversed(a))) == 0


@given(halves)
def test_more_cards_of_a_colour_always_beat_fewer(a):
    cards = [(v, R) for v, _ in a]
    if len(cards) >= 3:
        assert combos.compare("couleur", cards, cards[:-1]) > 0


def test_beats_accepts_any_iterable_of_combinations():
    # `current` is typed Iterable: a generator must not lose its first combination.
    table = [spread(8, 9), spread(5, 6)]
    assert not combos.beats("suite", spread(6, 7), (c for c in table))
    assert not combos.beats("suite", spread(6, 7), iter(table))
    assert combos.beats("suite", spread(9, 10), (c for c in table))
    assert combos.beats("suite", spread(6, 7), (c for c in []))
    # one combination given as lists (JSON) still counts as one
    assert not combos.beats("suite", spread(6, 7), [[8, R], [9, B]])


def test_couleur_examples_read_as_three_single_cards():
    # "121 < 122 < 131" and "131 < 763" also read as three cards each: the next card decides.
    assert combos.compare("couleur", mono(1, 2, 1), mono(1, 2, 2)) < 0
    assert combos.compare("couleur", mono(1, 2, 2), mono(1, 3, 1)) < 0
    assert combos.compare("couleur", mono(1, 3, 1), mono(7, 6, 3)) < 0
