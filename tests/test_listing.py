"""`rules.core.listing.Listing`: a legal list whose deferred parts are made only when read, and
which behaves in every way like the list of the same actions."""

import random

import pytest

from rules.core.listing import Deferred, Listing


def _listing(made):
    """[0, 1] + a deferred [2, 3, 4] + [] + a deferred [5] + [6]; `made` records each part made."""
    def part(values):
        def make():
            made.append(values)
            return list(values)
        return Deferred(len(values), make)
    return Listing([[0, 1], part([2, 3, 4]), [], part([5]), [6]])


def test_length_reads_no_deferred_part_and_an_item_makes_only_its_own():
    made = []
    listing = _listing(made)
    assert len(listing) == 7 and bool(listing) and made == []
    assert listing[3] == 3 and made == [[2, 3, 4]]
    assert listing[2] == 2 and listing[4] == 4 and made == [[2, 3, 4]]  # made once
    assert listing[-1] == 6 and listing[-2] == 5 and made == [[2, 3, 4], [5]]


def test_a_listing_is_the_list_of_its_actions():
    listing, plain = _listing([]), [0, 1, 2, 3, 4, 5, 6]
    assert listing == plain and plain == listing and listing != plain[:-1] and listing != [9] * 7
    assert list(listing) == plain and listing[1:4] == plain[1:4] and listing[::-1] == plain[::-1]
    assert 5 in listing and 9 not in listing and listing.index(4) == 4 and listing.count(6) == 1
    assert listing + [7] == plain + [7] and [-1] + listing == [-1] + plain
    assert repr(listing) == f"Listing({plain!r})"
    with pytest.raises(IndexError):
        listing[7]
    with pytest.raises(IndexError):
        listing[-8]
    with pytest.raises(TypeError):
        hash(listing)


def test_random_choices_are_those_made_from_the_list():
    """Seeded games pick by index: `choice`, `sample` and `choices` give the same as on the list."""
    for seed in range(50):
        a, b = random.Random(seed), random.Random(seed)
        assert a.choice(_listing([])) == b.choice([0, 1, 2, 3, 4, 5, 6])
        assert a.sample(_listing([]), 3) == b.sample([0, 1, 2, 3, 4, 5, 6], 3)


def test_a_part_that_makes_another_count_than_announced_is_refused():
    listing = Listing([Deferred(2, lambda: [1])])
    assert len(listing) == 2
    with pytest.raises(RuntimeError, match="announced 2 actions and made 1"):
        listing[0]
