"""Helpers for the gorges tests: set-up, passive play, forced dice and scenario flows."""

from __future__ import annotations

from typing import Any

import game.content
from rules.gorges import ENGINE
from rules.gorges.actions import Answer, Choose, Done, ForceNextRoll, OfferRelics

CONTENT = game.content.load("gorges")


def new_game(seats: int = 2, seed: int = 0, **options: Any):
    """A campaign in designer mode (unless told otherwise), still at set-up."""
    options.setdefault("designer_mode", True)
    return ENGINE.new_game(CONTENT, seats, seed, options)


def set_up(races: tuple[str, ...] = ("empire", "skaven"), capitals: tuple[str, ...] | None = None,
           seed: int = 0, **options: Any):
    """A campaign whose set-up is done (stopped at the first prompt of turn 1)."""
    st = new_game(len(races), seed, **options)
    capitals = capitals or CONTENT.capitals[: len(races)]
    for seat, (race, capital) in enumerate(zip(races, capitals)):
        st.apply(seat, Choose(race))
        st.apply(seat, Choose(capital))
    return st


def force(st, die: str, *values: int) -> None:
    """Queue designer-forced results for the next rolls of `die`."""
    for v in values:
        st.apply(0, ForceNextRoll(die, v))


def passive(st) -> Any:
    """The least eventful answer to the current prompt."""
    legal = st.legal_actions(st.to_act()[0])
    for wanted in (Done(), Answer(False), OfferRelics(0)):
        if wanted in legal:
            return wanted
    return legal[0]


def step(st, action: Any = None) -> None:
    """Apply `action` (or the passive answer) for whoever must act."""
    st.apply(st.to_act()[0], action if action is not None else passive(st))


def run_until(st, predicate, limit: int = 5000) -> None:
    """Answer passively until `predicate(st)` holds."""
    for _ in range(limit):
        if predicate(st):
            return
        if st.is_over():
            raise AssertionError("campaign over before the predicate held")
        step(st)
    raise AssertionError("predicate never held")


def scenario(st, flow) -> None:
    """Replace the campaign's flow by `flow` (a generator), for a hand-built scenario."""
    st.flow = _wrap(flow)
    st.over = False
    st.prompt = next(st.flow)


def _wrap(flow):
    yield from flow
    while True:  # park: a scenario ends on a prompt nobody answers
        yield None


def finish(st) -> None:
    """Answer passively until the scenario flow is done."""
    for _ in range(500):
        if st.prompt is None:
            return
        step(st)
    raise AssertionError("scenario did not finish")


def answer(st, value: str) -> None:
    st.apply(st.to_act()[0], Choose(value))


def arrange(st, owner: dict[str, int | None] | None = None, building: dict[str, str | None] | None = None,
            armies: dict[str, str | None] | None = None) -> None:
    """Hand-set flags, buildings and army positions."""
    st.owner.update(owner or {})
    st.building.update(building or {})
    for aid, where in (armies or {}).items():
        st.armies[aid].location = where


def caps(st) -> list[str]:
    return [g.capital for g in st.generals]


def second_challenge_asked():
    """Three generals; seat 0 challenged seat 1, who accepted; seat 2 challenges seat 1 again,
    so the table is asked whether seat 1 takes up a second challenge."""
    from rules.gorges.actions import Challenge
    from rules.gorges.phases import challenges

    st = set_up(("empire", "skaven", "dwarfs"))
    arrange(st, owner={"gue-rouge": 1, "crete-du-loup": 1})
    st.order = [0, 2, 1]
    for g in st.generals:
        g.event = 26
    scenario(st, challenges.challenges_phase(st))
    st.apply(0, Challenge(1, "0.G", "gue-rouge"))
    st.apply(1, Answer(True, "1.L1"))
    st.apply(2, Challenge(1, "2.G", "crete-du-loup"))
    assert st.prompt.kind == "second_challenge" and st.prompt.any_seat
    return st

