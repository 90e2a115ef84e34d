"""Helpers for the Guildes tests: a game stopped at a known point, scripted answers, forced dice."""

from __future__ import annotations

from typing import Any

import game.content
from rules.guildes import ENGINE
from rules.guildes.actions import Bid, Choose, ForceNextRoll, Place
from rules.guildes.records import Mage

CONTENT = game.content.load("guildes")


def new(seats: int = 2, seed: int = 0, designer: bool = True):
    """A game still at the leader choice."""
    return ENGINE.new_game(CONTENT, seats, seed, {"designer_mode": designer})


def started(seats: int = 2, seed: int = 0, alignments: tuple[int, ...] | None = None, mages=None):
    """A game whose leaders are chosen, stopped at round 1's first action choice.

    Alignments default to 0 (no Light/Dark power), hands empty, every guild with the mages given
    (a list of ids per seat; default: its dealt mages).
    """
    st = new(seats, seed)
    for seat in range(seats):
        st.apply(seat, Choose(st.guilds[seat].offered_leaders[0]))
    assert st.prompt.kind == "first_action"
    for seat, g in enumerate(st.guilds):
        g.alignment = g.start_alignment = (alignments or (0,) * seats)[seat]
        if mages is not None:
            g.mages = [Mage(m) for m in mages[seat]]
    return st


def choose(st, seat: int, value: str) -> None:
    st.apply(seat, Choose(value))


def force(st, *values: int) -> None:
    for v in values:
        st.apply(0, ForceNextRoll(v))


def program(st, firsts: dict[int, str], seconds: dict[int, str], active: dict[int, tuple[str, ...]] | None = None,
            dark: str | None = None) -> None:
    """Step 4 and 5 for every seat: first cards, (Dark power answer), second cards, placements."""
    for seat, card in firsts.items():
        choose(st, seat, card)
    if st.prompt.kind == "dark_power":
        choose(st, st.prompt.seats[0], dark or "keep")
    for seat, card in seconds.items():
        choose(st, seat, card)
    while st.prompt is not None and st.prompt.kind == "placement":
        seat = st.prompt.seats[0]
        st.apply(seat, Place(tuple((active or {}).get(seat, ()))))


def answer(st, script: list[tuple[str, Any]]) -> None:
    """Answer prompts in order: each (kind, value) must match the next prompt's kind."""
    for kind, value in script:
        assert st.prompt is not None and st.prompt.kind == kind, (kind, st.prompt and st.prompt.kind)
        seat = st.prompt.seats[0]
        if isinstance(value, Place | Bid | Choose):
            st.apply(seat, value)
        else:
            choose(st, seat, value)


def kind(st) -> str | None:
    return None if st.prompt is None else st.prompt.kind


def finish_round(st, value_for: dict[str, str] | None = None) -> None:
    """Answer passively until the next round's first choice (or the end)."""
    r = st.round
    while st.prompt is not None and not (st.round > r and st.prompt.kind == "first_action"):
        seat = st.prompt.seats[0]
        legal = st.legal_actions(seat)
        pick = (value_for or {}).get(st.prompt.kind)
        passive = [a for a in legal if isinstance(a, Choose) and a.value in ("none", "keep", "done", "pass", "no",
                                                                               "give_up", "auction")]
        if pick is not None:
            st.apply(seat, Choose(pick))
        elif passive:
            st.apply(seat, passive[0])
        elif any(isinstance(a, Place) for a in legal):
            st.apply(seat, Place(()))
        else:
            st.apply(seat, legal[0])


def last_log(st, key: str) -> dict | None:
    return next((e for e in reversed(st.log) if e["key"] == key), None)


def until(st, wanted: str, seat: int = 0) -> None:
    """Answer every prompt passively (else with its last option) until `seat` is asked `wanted`."""
    while not (kind(st) == wanted and st.prompt.seats == (seat,)):
        assert st.prompt is not None, f"never asked {wanted}"
        who = st.prompt.seats[0]
        legal = st.legal_actions(who)
        options = st.prompt.options.get(who)
        quiet = [o for o in options or () if o in ("keep", "none", "pass", "done", "no", "give_up")]
        st.apply(who, Choose((quiet or options)[-1]) if options else legal[-1])
