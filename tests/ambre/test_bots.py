"""Ambre's bots (issue 16): three levels offered weakest first, old names kept for saves, probes
kept out of the offer, weights read from content/ambre/bots.yaml (a typo is a located error), and
whole seeded games where every level only ever plays listed actions. The match figures of the
report come from `python -m tests.ambre.headsup A B --games 200` (see that module)."""

from __future__ import annotations

import shutil

import pytest

import tests.ambre.probes  # noqa: F401  (registers the probes)
from game.content import ContentError, load
from game.simulate import play_one
from rules.ambre import ENGINE
from rules.ambre import actions as A
from rules.ambre.bots import Knowledge, gain, settle
from tests.ambre.helpers import CONTENT, new

LEVELS = ("apprentice", "adept", "master")


def test_three_levels_weakest_first_old_names_and_probes_apart() -> None:
    assert tuple(ENGINE.bots) == LEVELS
    assert type(ENGINE.bot("random", 1)).__name__ == "RandomBot"
    assert type(ENGINE.bot("steady", 1)).__name__ == "SteadyBot"
    assert {"maxbid", "allin", "noconcede", "highest"} <= set(ENGINE.probes)
    assert not set(ENGINE.probes) & set(ENGINE.bots)
    with pytest.raises(KeyError):
        ENGINE.bot("clever", 1)


def test_the_personas_come_from_the_content() -> None:
    personas = new(3, 1).view(0)["content"]["bots"]
    assert set(personas) == set(LEVELS)
    assert personas["master"]["samples"] > 0 and personas["master"]["setup"] == "others"
    assert personas["apprentice"]["closing"] is False and personas["adept"]["closing"] is True


def test_a_typo_in_bots_yaml_is_a_located_error(tmp_path) -> None:
    folder = tmp_path / "ambre"
    shutil.copytree("content/ambre", folder)
    path = folder / "bots.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("samples: 6", "sampels: 6"), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load("ambre", tmp_path)
    assert "bots.yaml:" in str(err.value) and "master" in str(err.value)


def test_fates_and_greedy_consequences() -> None:
    assert gain(["epee-3", "baton-2"], "coupe-9") == -1 and gain(["epee-3"], "epee-1") == 1
    assert gain([], "denier-5") == 0
    # Second act, the winner (0) gives each loser the card that hurts it most, keeps the best one.
    after = settle(["coupe-4", "epee-7", "denier-2"], 0, [0, 1, 2], 2, [["epee-1"], ["coupe-1"], ["epee-2"]])
    assert after[0] == ["epee-1", "epee-7"]
    assert sorted(after[1] + after[2]) == sorted(["coupe-1", "epee-2", "coupe-4", "denier-2"])
    assert "coupe-4" in after[2]  # the war-leaning loser gets the Coupe


@pytest.mark.parametrize("name", LEVELS)
def test_every_level_plays_whole_games_with_listed_actions(name: str) -> None:
    for seed in (1, 2):
        bots = [ENGINE.bot(name, seed * 10 + s) for s in range(3)]
        state, count = play_one(ENGINE, CONTENT, bots, seed)
        assert state.is_over() and count > 50


def test_a_bot_at_closing_gives_its_minority_card_away() -> None:
    """The adept, not involved, holding one Coupe among war cards aside, gives it to a
    war-leaning rival rather than pass (its own fate grows, the rival's shrinks)."""
    for seed in range(1, 40):
        state = new(3, seed)
        bots = [ENGINE.bot("adept", seed * 5 + s) for s in range(3)]
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if any(isinstance(a, A.CloseFromAside) for a in legal):
                k = Knowledge(state.view(seat))
                mine = k.asides[seat]
                if any(c.startswith("coupe") for c in mine) and sum(c.startswith(("epee", "baton")) for c in mine) >= 2:
                    action = bots[seat].choose(state.view(seat), legal)
                    assert not isinstance(action, A.ClosePass)
                    return
            state.apply(seat, bots[seat].choose(state.view(seat), legal))
    pytest.skip("no such closing in these seeds")


def test_the_bots_fast_winner_is_the_rulebooks() -> None:
    import random

    from rules.ambre import cards, scoring
    from rules.ambre.bots import winner

    rng = random.Random(5)
    pips = cards.pips()
    for _ in range(3000):
        up = rng.sample(pips, rng.randrange(0, 9))
        ranks = {s: {suit: r for suit, r in zip(cards.SUITS, rng.sample([0, 1, 2, 3, 4], 4)) if r} for s in range(3)}
        involved = sorted(rng.sample(range(3), rng.choice((2, 3))))
        values = scoring.suit_values(cards.pair(c) for c in up)
        assert winner(up, ranks, involved) == scoring.conflict_winner(values, ranks, involved)
