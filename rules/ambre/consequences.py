"""A scene's consequences, per act, then the winner's conclusion.

First act, with a winner W and loser L: W puts a card of the conflict aside (`take_aside`); L
takes one into hand (`take_hand`); L may offer a gage (`offer_gage` a card of the conflict, or
`no_gage`); W `accept_gage`s (the gage goes to W's hand and W gives L a card of its hand, which
L puts aside) or `refuse_gage`s. Second act: W `give`s a card of the conflict to each loser, who
puts it aside, then takes one aside itself; short of cards, W goes without, then (one card for
two losers) W chooses which loser gets it. No winner (either act): every involved seat takes a
card into hand, those who did not set up first. Cards: face-up ones (`consequence_cards:
face_up`) or any (`any`). A step with nothing to take is skipped. Then `conclude`: the winner
(or, with no winner, the initiator for the table) has told the ending aloud.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.ambre import actions as A
from rules.core import IllegalAction, entry, seat_ref

if TYPE_CHECKING:
    from rules.ambre.state import AmbreState


def takeable(state: AmbreState) -> list[str]:
    """Cards of the scene's conflict a consequence may move."""
    conflict = state.conflicts[state.scene.conflict]
    if state.rules.consequence_cards == "any":
        return [c for c, _ in conflict.cards]
    return conflict.face_up()


def losers(state: AmbreState) -> list[int]:
    sc = state.scene
    return [s for s in sc.involved if s != sc.winner]


def start(state: AmbreState) -> None:
    """Build the queue of consequence steps for the scene's outcome."""
    sc = state.scene
    sc.step = "consequences"
    if sc.winner is None:
        order = sorted(sc.involved, key=lambda s: (s in sc.setup, (s - sc.initiator) % state.n))
        sc.queue = [("take_hand", s) for s in order]
    elif sc.act == 1:
        loser = losers(state)[0]
        sc.queue = [("take_aside", sc.winner), ("take_hand", loser), ("offer_gage", loser)]
    else:
        sc.queue = [("give", sc.winner)] * len(losers(state)) + [("take_aside", sc.winner)]
    _settle(state)


def _possible(state: AmbreState, kind: str) -> bool:
    if kind == "answer_gage":
        return True
    if kind == "give" and not [s for s in losers(state) if s not in state.scene.served]:
        return False
    return bool(takeable(state))


def _settle(state: AmbreState) -> None:
    """Skip the steps with nothing to take; `conclude` when the queue is empty."""
    sc = state.scene
    while sc.queue and not _possible(state, sc.queue[0][0]):
        sc.queue.pop(0)
    if not sc.queue:
        sc.step = "conclude"


def to_act(state: AmbreState) -> list[int]:
    sc = state.scene
    if sc.step == "conclude":
        return [sc.winner if sc.winner is not None else sc.initiator]
    return [sc.queue[0][1]]


def legal(state: AmbreState, seat: int) -> list[A.Action]:
    sc = state.scene
    if sc.step == "conclude":
        return [A.Conclude()]
    kind = sc.queue[0][0]
    cards = takeable(state)
    if kind == "take_aside":
        return [A.TakeAside(c) for c in cards]
    if kind == "take_hand":
        return [A.TakeHand(c) for c in cards]
    if kind == "offer_gage":
        return [A.NoGage()] + [A.OfferGage(c) for c in cards]
    if kind == "answer_gage":
        return [A.RefuseGage()] + [A.AcceptGage(c) for c in state.hands[seat] + [sc.gage]]
    targets = [s for s in losers(state) if s not in sc.served]
    return [A.Give(c, t) for c in cards for t in targets]


def _step(state: AmbreState, seat: int, kind: str) -> None:
    sc = state.scene
    if sc is None or sc.step != "consequences" or sc.queue[0][0] != kind:
        raise IllegalAction("ambre.illegal.not_now")
    if seat != sc.queue[0][1]:
        raise IllegalAction("ambre.illegal.not_your_turn", seat=seat_ref(seat))


def _take_from_conflict(state: AmbreState, card: str) -> None:
    if card not in takeable(state):
        raise IllegalAction("ambre.illegal.not_on_conflict")
    if card not in state.conflicts[state.scene.conflict].face_up():
        state.mark_hidden("reveal")
    state.conflicts[state.scene.conflict].remove(card)


def _done(state: AmbreState, move: dict) -> None:
    sc = state.scene
    sc.moves.append(move)
    sc.queue.pop(0)
    _settle(state)


def _take_aside(state: AmbreState, seat: int, action: A.TakeAside) -> None:
    _step(state, seat, "take_aside")
    _take_from_conflict(state, action.card)
    state.aside[seat].append(action.card)
    state.log.append(entry("ambre.log.take_aside", seat=seat_ref(seat), card=state.card_label(action.card)))
    _done(state, {"kind": "take_aside", "seat": seat, "card": action.card})


def _take_hand(state: AmbreState, seat: int, action: A.TakeHand) -> None:
    _step(state, seat, "take_hand")
    _take_from_conflict(state, action.card)
    state.hands[seat].append(action.card)
    state.sort_hand(seat)
    state.log.append(entry("ambre.log.take_hand", seat=seat_ref(seat), card=state.card_label(action.card)))
    _done(state, {"kind": "take_hand", "seat": seat, "card": action.card})


def _offer_gage(state: AmbreState, seat: int, action: A.OfferGage) -> None:
    _step(state, seat, "offer_gage")
    _take_from_conflict(state, action.card)
    sc = state.scene
    sc.gage = action.card
    sc.queue.insert(1, ("answer_gage", sc.winner))
    state.log.append(entry("ambre.log.offer_gage", seat=seat_ref(seat), card=state.card_label(action.card)))
    _done(state, {"kind": "offer_gage", "seat": seat, "card": action.card})


def _no_gage(state: AmbreState, seat: int, action: A.NoGage) -> None:
    _step(state, seat, "offer_gage")
    state.log.append(entry("ambre.log.no_gage", seat=seat_ref(seat)))
    _done(state, {"kind": "no_gage", "seat": seat})


def _accept_gage(state: AmbreState, seat: int, action: A.AcceptGage) -> None:
    _step(state, seat, "answer_gage")
    sc = state.scene
    if action.give not in state.hands[seat] + [sc.gage]:
        raise IllegalAction("ambre.illegal.not_in_hand")
    loser = losers(state)[0]
    state.hands[seat].append(sc.gage)
    state.hands[seat].remove(action.give)
    state.sort_hand(seat)
    state.aside[loser].append(action.give)
    state.log.append(entry("ambre.log.accept_gage", seat=seat_ref(seat), to=seat_ref(loser),
                           card=state.card_label(action.give)))
    _done(state, {"kind": "accept_gage", "seat": seat, "gage": sc.gage, "card": action.give, "to": loser})


def _refuse_gage(state: AmbreState, seat: int, action: A.RefuseGage) -> None:
    _step(state, seat, "answer_gage")
    sc = state.scene
    state.conflicts[sc.conflict].add(sc.gage, up=True)
    state.log.append(entry("ambre.log.refuse_gage", seat=seat_ref(seat)))
    _done(state, {"kind": "refuse_gage", "seat": seat, "gage": sc.gage})


def _give(state: AmbreState, seat: int, action: A.Give) -> None:
    _step(state, seat, "give")
    sc = state.scene
    if action.to not in losers(state) or action.to in sc.served:
        raise IllegalAction("ambre.illegal.not_a_loser")
    _take_from_conflict(state, action.card)
    state.aside[action.to].append(action.card)
    sc.served.append(action.to)
    state.log.append(entry("ambre.log.give", seat=seat_ref(seat), to=seat_ref(action.to),
                           card=state.card_label(action.card)))
    _done(state, {"kind": "give", "seat": seat, "card": action.card, "to": action.to})


def _conclude(state: AmbreState, seat: int, action: A.Conclude) -> None:
    sc = state.scene
    if sc is None or sc.step != "conclude":
        raise IllegalAction("ambre.illegal.not_now")
    if seat not in to_act(state):
        raise IllegalAction("ambre.illegal.not_your_turn", seat=seat_ref(seat))
    state.log.append(entry("ambre.log.conclude", seat=seat_ref(seat)))
    state.end_scene()


HANDLERS = {
    A.TakeAside: _take_aside, A.TakeHand: _take_hand, A.OfferGage: _offer_gage, A.NoGage: _no_gage,
    A.AcceptGage: _accept_gage, A.RefuseGage: _refuse_gage, A.Give: _give, A.Conclude: _conclude,
}
