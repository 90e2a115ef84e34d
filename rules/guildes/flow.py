"""The game as one generator: set-up, then rounds of the rulebook's seven steps until the end.

Steps of a round (rulebook, "Résumé d'un tour"): 1 income, 2 healing centre, 3 auction,
4 preparation (action cards), 5 placement of the mages, 6 resolution, 7 recovery. The game ends
after the round in which the last quest in play is completed (or after `max_rounds`).
"""

from __future__ import annotations

from rules.guildes import auction, preparation, resolution, setup, upkeep


def game(st):
    """Play a whole game, yielding prompts."""
    yield from setup.set_up(st)
    while not st.over:
        st.round += 1
        st.say("guildes.log.round", round=st.round)
        for step, phase in enumerate(PHASES, start=1):
            st.step, st.phase = step, phase.__name__.removeprefix("step_")
            yield from phase(st)
        if st.last_quest_done or st.round >= st.rules.max_rounds:
            break
    st.phase, st.step, st.current = "over", 0, None
    st.say("guildes.log.game_over_quests" if st.last_quest_done else "guildes.log.game_over_rounds")


def step_income(st):
    upkeep.income(st)
    yield from ()


def step_healing(st):
    yield from upkeep.healing(st)


def step_auction(st):
    yield from auction.auction(st)


def step_preparation(st):
    yield from preparation.prepare(st)


def step_placement(st):
    yield from preparation.placement(st)


def step_resolution(st):
    yield from resolution.resolve(st)


def step_recovery(st):
    upkeep.recovery(st)
    yield from ()


PHASES = (step_income, step_healing, step_auction, step_preparation, step_placement, step_resolution,
          step_recovery)
