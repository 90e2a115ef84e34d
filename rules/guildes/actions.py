"""Guildes' actions: small immutable values that round-trip through JSON.

- `Choose(value)` answers most prompts: an action card ("work", ..., "x2"), a mage, item, spell,
  leader or seat id, an element, a trade option, or the prompt's own words ("pass", "keep", "done",
  "none", "yes", "no", "light:2", "monster:1"...). The prompt lists the accepted values.
- `Bid(amount)`: raise the bid on the auction lot to `amount` rubies (any amount from the minimum up
  to the bidder's rubies is accepted; a few are listed).
- `Place(active)`: the mages that are active this turn; the others stay passive (any subset of the
  seat's mages outside the healing centre is accepted; a few are listed).
- `ForceNextRoll(value)`: designer mode only, the next damage die shows `value` (never listed).
"""

from __future__ import annotations

from rules.core import Action, ActionCodec, action


@action("choose")
class Choose(Action):
    """Pick one of the prompt's options."""

    value: str


@action("bid")
class Bid(Action):
    """Bid `amount` rubies on the current auction lot."""

    amount: int


@action("place")
class Place(Action):
    """Set the seat's active mages (mage ids); every other available mage is passive."""

    active: tuple[str, ...]


@action("force_next_roll")
class ForceNextRoll(Action):
    """Designer mode: the next damage die rolled shows `value`."""

    value: int


CODEC = ActionCodec(Choose, Bid, Place, ForceNextRoll)
