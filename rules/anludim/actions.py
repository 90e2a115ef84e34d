"""Anludim's actions: small immutable values that round-trip through JSON.

Main actions (one per turn): `lay`, `draw`, `take_face_up`, `pass_turn` (only when no card can
be drawn at all). Optional action (once per turn, before or after the main one):
`discard_item`, `discard_parchment`. Start of turn (base game only): `take_back`. After the main
action, `end_turn` ends the turn without using the optional action. Between rounds, each seat
chooses the cards it keeps with `keep`.
"""

from __future__ import annotations

from rules.core import Action, ActionCodec, action


@action("lay")
class Lay(Action):
    """Lay a combination calling `professor`: `cards` are (card id, half 0|1) pairs.

    `onto` = -1 lays a new combination; in the expert variant, `onto` = i adds the cards to the
    seat's own combination i (of the professor's kind). In the expert variant, cards may also
    come from the seat's own laid combinations of a lower kind; their other cards are discarded.
    """

    professor: str
    cards: tuple[tuple[str, int], ...]
    onto: int = -1


@action("draw")
class Draw(Action):
    """Draw cards face down from the draw pile (2 by default)."""


@action("take_face_up")
class TakeFaceUp(Action):
    """Take the face-up card in `slot`; it is replaced at once from the draw pile."""

    slot: int


@action("pass_turn")
class PassTurn(Action):
    """Main action only when no card can be drawn from anywhere."""


@action("discard_item")
class DiscardItem(Action):
    """Optional: discard one of your items (`item` id and `value`) to draw a card."""

    item: str
    value: int


@action("discard_parchment")
class DiscardParchment(Action):
    """Optional: discard one of your parchments to draw a card."""


@action("take_back")
class TakeBack(Action):
    """Start of turn, base game: take your combination number `combo` back into your hand."""

    combo: int


@action("end_turn")
class EndTurn(Action):
    """After the main action: end the turn without the optional action."""


@action("keep")
class Keep(Action):
    """Between rounds: the hand cards you keep (up to your blazon's number); the rest are discarded."""

    cards: tuple[str, ...]


MAIN = (Lay, Draw, TakeFaceUp, PassTurn)
OPTIONAL = (DiscardItem, DiscardParchment)
CODEC = ActionCodec(Lay, Draw, TakeFaceUp, PassTurn, DiscardItem, DiscardParchment, TakeBack, EndTurn, Keep)
