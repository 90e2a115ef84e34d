"""The actions of L'Île des Gorges Tranchées (see content/gorges/README.md, "Actions").

Ids are strings: territories by their content id, armies as "<seat>.<slot>" (slot G, L1, L2 or
R for a reinforcement), heroes by their army's id.
"""

from __future__ import annotations

from typing import Any

from rules.core import Action, ActionCodec, action

MOVE_MODES = ("normal", "second", "enemy", "forest", "burrow", "raid")
BUILDINGS = ("mine", "fortress", "city")
DICE = ("d3", "d6", "d66")


@action("choose")
class Choose(Action):
    """Answer the current prompt with one of its options (race, capital, army, hero, territory...)."""

    value: str


@action("move")
class Move(Action):
    """Move an army to a territory; `mode` says which kind of move (normal, raid, forest...)."""

    army: str
    to: str
    mode: str = "normal"


@action("reroll_movement")
class RerollMovement(Action):
    """Re-roll an army's movement die (High Elves); the second result stands."""

    army: str


@action("swap_armies")
class SwapArmies(Action):
    """Swap the places of two of your armies (Daemons of Chaos)."""

    first: str
    second: str


@action("move_capital")
class MoveCapital(Action):
    """Move your capital one hex (Ogre Kingdoms)."""

    to: str


@action("build")
class Build(Action):
    """An army raises a building where it stands: mine, fortress, or city (on a fortress)."""

    army: str
    building: str


@action("challenge")
class Challenge(Action):
    """Challenge general `target` over `territory`, your `army` fighting."""

    target: int
    army: str
    territory: str
    allies: tuple[str, ...] = ()  # armies of allied generals fighting alongside


@action("answer")
class Answer(Action):
    """Accept (naming the defending army) or refuse a challenge; or accept/refuse a relic offer."""

    accept: bool
    army: str | None = None
    allies: tuple[str, ...] = ()  # armies of allied generals defending alongside


@action("offer_relics")
class OfferRelics(Action):
    """Before a save roll, offer relic points to the attacker: +1 to the save for each."""

    points: int


@action("battle_result")
class BattleResult(Action):
    """The players' report of a battle: winner's seat (-1 with `draw`), points played, slain heroes,
    Storm of Magic."""

    winner: int
    points: tuple[int, int] = (0, 0)
    slain: tuple[str, ...] = ()
    storm_of_magic: bool = False
    draw: bool = False


@action("ally")
class Ally(Action):
    """Offer (or accept) an alliance with general `other`, or end it (`on` false). Both must agree:
    the alliance stands once each has offered it to the other. Any time; not a prompt answer."""

    other: int
    on: bool = True


@action("done")
class Done(Action):
    """End your orders for this phase (movement, construction) or issue no challenge."""


DONE = Done()

_MADE: dict[tuple[Any, ...], Action] = {}


def made(cls: type[Action], *fields: Any) -> Any:
    """`cls(*fields)`, made once: actions are immutable values, so one object serves every state
    (making a frozen dataclass costs more than finding it again; listing actions is the hot path
    of self-play). Fields must have their declared types (1 and True would find each other)."""
    key = (cls, *fields)
    found = _MADE.get(key)
    if found is None:
        if len(_MADE) > 100_000:
            _MADE.clear()
        found = _MADE[key] = cls(*fields)
    return found


# What a designer may aim a forced die at (`force_next_roll.what`), with its die: the next roll made
# for that purpose gives the value (a roll of another purpose does not take it).
AIMS = {"crown_direction": "d6", "crown_steps": "d6", "event": "d66", "search": "d6",
        "table:mines": "d6", "movement": "d3", "raid": "d6", "save": "d6", "table:no_challenge": "d6",
        "table:war_spoils": "d6", "table:feats": "d6", "table:defeats": "d6", "table:fate": "d6",
        "table:wounds": "d6", "table:serious_wound": "d6", "table:psychology": "d6", "table:lesson": "d6",
        "steal": "d6", "order": "d6", "relics": "d3", "points": "d6", "item": "d6", "standard": "d6"}


@action("force_next_roll")
class ForceNextRoll(Action):
    """Designer mode: the next roll of `die` (d3, d6 or d66) gives `value`; with `what` (a key of
    `AIMS`), the next roll made for that purpose ("crown_direction", "event", "save"...)."""

    die: str
    value: int
    what: str = ""


@action("designer_mode")
class DesignerMode(Action):
    """Switch designer mode on (or off) for the running campaign (the app's setting); logged."""

    on: bool = True


@action("rename")
class Rename(Action):
    """Name an army, its hero, one of its renown regiments, the magic item chosen for one of the hero's
    "worth at most" items, or a regiment's magic standard (`target`: army, hero, regiment:<n>,
    item:<index>, gift:<regiment>:<index>).

    Allowed at any time to the army's general (like notes on an army sheet); not a prompt answer.
    """

    army: str
    target: str
    name: str


@action("note")
class Note(Action):
    """Free notes on paper: `target` "army" (the army's notes) or "general" (its general's notes).

    Allowed at any time to the army's general; kept with the campaign; not a prompt answer.
    """

    army: str
    text: str
    target: str = "army"


@action("set_profile")
class SetProfile(Action):
    """Record a hero's army-book profile, e.g. (("M", 4), ("WS", 6), ...): the sheet then shows the
    current profile and the wound tables can re-roll a characteristic already at 0.

    Allowed at any time to the army's general; not a prompt answer.
    """

    army: str
    profile: tuple[tuple[str, int], ...]


CODEC = ActionCodec(Rename, SetProfile, Choose, Move, RerollMovement, SwapArmies, MoveCapital, Build, Challenge, Answer,
                    OfferRelics, BattleResult, Done, ForceNextRoll, Ally, Note, DesignerMode)
