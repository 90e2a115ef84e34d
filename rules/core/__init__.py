"""What every rules package shares: actions, refusals, dice and the engine protocol."""

from rules.core.actions import Action, ActionCodec, action
from rules.core.dice import Dice, d66_values
from rules.core.engine import Engine, GameState, HiddenResults, entry, new_rng, seat_count, seat_ref
from rules.core.errors import ActionError, IllegalAction, InvalidAction

__all__ = [
    "Action", "ActionCodec", "action", "Dice", "d66_values", "Engine", "GameState", "HiddenResults", "entry",
    "new_rng", "seat_count", "seat_ref", "ActionError", "IllegalAction", "InvalidAction",
]
