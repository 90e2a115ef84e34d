"""Ambre's actions: small immutable values that round-trip through JSON.

Childhood: `character`. Bids: `bid` (a card face down, also the tie-break card; the joker
abstains), `raise_bid`, `pass_raise`, `stake`. Characterising: `element`. Acts (a scene):
`initiate`, `choose_setup`, `lay`, `setup_done`, `choose_narrator`, `announce`,
`first_sentence`, `request_floor`, `yield_floor`, `couper`, `end_narration`, the closing plays
`close_from_hand` / `close_from_aside` / `close_pass`, the consequences `take_aside`,
`take_hand`, `offer_gage`, `no_gage`, `accept_gage`, `refuse_gage`, `give`, then `conclude`.
Epilogue: `tell_epilogue`. Narration steps are "done" buttons: people tell, the app keeps order.
"""

from __future__ import annotations

from rules.core import Action, ActionCodec, action


@action("character")
class Character(Action):
    """Childhood: the character's name and secret motivation ("Je veux …"), typed."""

    name: str
    motivation: str


@action("bid")
class Bid(Action):
    """Lay a card face down for the current characteristic (a minor, or the joker to abstain)."""

    card: str


@action("raise_bid")
class RaiseBid(Action):
    """Add a card to one's bid; the new total must reach at least the best bid."""

    card: str


@action("pass_raise")
class PassRaise(Action):
    """Do not raise this time round."""


@action("stake")
class Stake(Action):
    """A ranked seat puts its bid on one of its two conflicts."""

    conflict: int


@action("element")
class Element(Action):
    """Pick a face-up card for a conflict's element; it turns face down on that conflict."""

    conflict: int
    card: str


@action("initiate")
class Initiate(Action):
    """Start one's scene of this act on a conflict."""

    conflict: int


@action("choose_setup")
class ChooseSetup(Action):
    """The initiator chooses who sets the scene up."""

    seats: tuple[int, ...]


@action("lay")
class Lay(Action):
    """A set-up player lays a card of its hand face up on the conflict."""

    card: str


@action("setup_done")
class SetupDone(Action):
    """A set-up player has finished laying cards."""


@action("choose_narrator")
class ChooseNarrator(Action):
    """A set-up player names the narrator."""

    seat: int


@action("announce")
class Announce(Action):
    """The narrator has announced the characteristic the conflict is played on."""


@action("first_sentence")
class FirstSentence(Action):
    """The narrator has finished a first sentence (Couper becomes possible)."""


@action("request_floor")
class RequestFloor(Action):
    """Ask for the floor, laying a card of one's hand face down."""

    card: str


@action("yield_floor")
class YieldFloor(Action):
    """The narrator yields: the request card is revealed and its owner narrates."""


@action("couper")
class Couper(Action):
    """An eligible involved player cuts: nobody may request the floor any more."""


@action("end_narration")
class EndNarration(Action):
    """The narrator has told the scene to its end: closing starts."""


@action("close_from_hand")
class CloseFromHand(Action):
    """Closing: give a hand card to an involved seat (put aside), then turn face-down card `flip` up."""

    card: str
    to: int
    flip: int


@action("close_from_aside")
class CloseFromAside(Action):
    """Closing: give a put-aside card to an involved seat, then turn face-up card `flip` down."""

    card: str
    to: int
    flip: int


@action("close_pass")
class ClosePass(Action):
    """Closing: pass."""


@action("take_aside")
class TakeAside(Action):
    """Consequence: the winner puts a card of the conflict aside."""

    card: str


@action("take_hand")
class TakeHand(Action):
    """Consequence: a loser (or both, on a tie) takes a card of the conflict into hand."""

    card: str


@action("offer_gage")
class OfferGage(Action):
    """First act: the loser offers a card of the conflict to the winner."""

    card: str


@action("no_gage")
class NoGage(Action):
    """First act: the loser offers no gage."""


@action("accept_gage")
class AcceptGage(Action):
    """The winner takes the gage into hand and gives `give` (from its hand) to the loser, who puts it aside."""

    give: str


@action("refuse_gage")
class RefuseGage(Action):
    """The winner refuses the gage."""


@action("give")
class Give(Action):
    """Second act: the winner gives a card of the conflict to a loser, who puts it aside."""

    card: str
    to: int


@action("conclude")
class Conclude(Action):
    """The winner (or the table, on a tie) has concluded the scene aloud."""


@action("tell_epilogue")
class TellEpilogue(Action):
    """This character's epilogue has been told."""


CODEC = ActionCodec(
    Character, Bid, RaiseBid, PassRaise, Stake, Element, Initiate, ChooseSetup, Lay, SetupDone,
    ChooseNarrator, Announce, FirstSentence, RequestFloor, YieldFloor, Couper, EndNarration,
    CloseFromHand, CloseFromAside, ClosePass, TakeAside, TakeHand, OfferGage, NoGage, AcceptGage,
    RefuseGage, Give, Conclude, TellEpilogue,
)
