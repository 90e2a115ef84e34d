"""Bids: one characteristic at a time, in the order of the shuffled Kings.

Stages of `state.bidding.stage`:

- `lay`: every seat lays a card face down (a pip of its hand, or its joker to abstain); when all
  have laid, all are revealed at once. A joker abstains: the seat is unranked on this suit.
- `tie`: seats whose revealed values are equal lay a second card face down whose value differs
  from every visible bid and from every value that seat has already revealed for this
  characteristic, so a tie always ends (or the joker to abstain: always when it has no other
  card, at any time when `tie_break_joker`); revealed at once, each takes its first card back;
  repeated until all visible values differ.
- `raise`: round the table from the seat after the best bid, each bidder adds a card (the new
  total must reach at least the best total) or passes; ends after as many passes in a row as
  there are bidders. Equal totals: `raise_tie` says whether the total reached earlier or later
  ranks higher.
- `stake`: ranks King, Queen, Knight, Jack from the best total (a fifth bidder is unranked and
  takes its bid back); ranked seats, Jack first, put their bid on their left or right conflict.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rules.ambre import actions as A
from rules.ambre import cards
from rules.core import IllegalAction, entry, seat_ref

if TYPE_CHECKING:
    from rules.ambre.state import AmbreState


@dataclass
class Bidding:
    """The bid of one characteristic (suit)."""

    suit: str
    stage: str = "lay"
    waiting: list[int] = field(default_factory=list)      # seats still to lay (lay / tie)
    pending: dict[int, str] = field(default_factory=dict)  # face-down cards laid this stage
    active: list[int] = field(default_factory=list)       # seats bidding (not abstained)
    bids: dict[int, list[str]] = field(default_factory=dict)
    abstained: list[int] = field(default_factory=list)
    reached: dict[int, int] = field(default_factory=dict)
    shown: dict[int, set[int]] = field(default_factory=dict)  # values each seat has revealed
    counter: int = 0
    turn: int = 0
    passes: int = 0
    ranking: list[int] = field(default_factory=list)
    stake_queue: list[int] = field(default_factory=list)

    def total(self, seat: int) -> int:
        return sum(cards.value(c) for c in self.bids.get(seat, []))

    def best(self) -> int:
        return max((self.total(s) for s in self.active), default=0)

    def visible_values(self) -> set[int]:
        return {cards.value(self.bids[s][0]) for s in self.active}


def start(state: AmbreState) -> None:
    """Reveal the next King and open its bid (or go on to characterising the conflicts)."""
    done = len(state.bid_results)
    if done == len(state.suit_order):
        state.start_characterising()
        return
    suit = state.suit_order[done]
    state.phase = "bids"
    state.bidding = Bidding(suit, waiting=list(range(state.n)))
    state.log.append(entry("ambre.log.king", suit=state.suit_of_label(suit),
                           characteristic=state.characteristic_label(suit)))


def to_act(state: AmbreState) -> list[int]:
    b = state.bidding
    if b.stage in ("lay", "tie"):
        return list(b.waiting)
    if b.stage == "raise":
        return [b.turn]
    return b.stake_queue[:1]


def _lay_options(state: AmbreState, seat: int) -> list[str]:
    b = state.bidding
    hand = state.hands[seat]
    if b.stage == "lay":
        return hand + [state.jokers[seat]]
    seen = b.visible_values() | b.shown.get(seat, set())
    options = [c for c in hand if cards.value(c) not in seen]
    if state.rules.tie_break_joker or not options:
        options.append(state.jokers[seat])
    return options


def legal(state: AmbreState, seat: int) -> list[A.Action]:
    b = state.bidding
    if b.stage in ("lay", "tie"):
        return [A.Bid(c) for c in _lay_options(state, seat)]
    if b.stage == "raise":
        need = b.best() - b.total(seat)
        return [A.PassRaise()] + [A.RaiseBid(c) for c in state.hands[seat] if cards.value(c) >= need]
    return [A.Stake(c) for c in state.own_conflicts(seat)]


def _bid(state: AmbreState, seat: int, action: A.Bid) -> None:
    b = state.bidding
    if b.stage not in ("lay", "tie"):
        raise IllegalAction("ambre.illegal.not_now")
    if action.card not in _lay_options(state, seat):
        if action.card in state.hands[seat] and b.stage == "tie":
            raise IllegalAction("ambre.illegal.tie_card_visible")
        raise IllegalAction("ambre.illegal.not_in_hand")
    b.pending[seat] = action.card
    b.waiting.remove(seat)
    state.log.append(entry("ambre.log.bid_laid", seat=seat_ref(seat)))
    if not b.waiting:
        _reveal(state)


def _reveal(state: AmbreState) -> None:
    b = state.bidding
    state.mark_hidden("reveal")
    tie = b.stage == "tie"
    for seat in sorted(b.pending):
        card = b.pending[seat]
        if tie:
            state.hands[seat].append(b.bids.pop(seat)[0])
        if cards.is_major(card):
            b.abstained.append(seat)
            if seat in b.active:
                b.active.remove(seat)
            state.log.append(entry("ambre.log.abstain", seat=seat_ref(seat), suit=state.characteristic_label(b.suit)))
            continue
        state.hands[seat].remove(card)
        b.bids[seat] = [card]
        b.shown.setdefault(seat, set()).add(cards.value(card))
        if seat not in b.active:
            b.active.append(seat)
        state.log.append(entry("ambre.log.bid_revealed", seat=seat_ref(seat), card=state.card_label(card)))
    for hand in state.hands:
        hand.sort(key=cards.sort_key)
    b.active.sort()
    b.pending = {}
    _after_reveal(state)


def _ties(b: Bidding) -> list[int]:
    values = [cards.value(b.bids[s][0]) for s in b.active]
    return [s for s in b.active if values.count(cards.value(b.bids[s][0])) > 1]


def _after_reveal(state: AmbreState) -> None:
    b = state.bidding
    tied = _ties(b)
    if tied:
        b.stage, b.waiting = "tie", tied
        state.log.append(entry("ambre.log.tie", seats=[seat_ref(s) for s in tied]))
        return
    b.reached = {s: 0 for s in b.active}
    if len(b.active) < 2:
        _rank(state)
        return
    leader = max(b.active, key=b.total)
    b.stage, b.passes = "raise", 0
    b.turn = _next_bidder(state, leader)


def _next_bidder(state: AmbreState, seat: int) -> int:
    active = state.bidding.active
    for k in range(1, state.n + 1):
        s = (seat + k) % state.n
        if s in active:
            return s
    return seat


def _raise(state: AmbreState, seat: int, action: A.RaiseBid) -> None:
    b = state.bidding
    if b.stage != "raise":
        raise IllegalAction("ambre.illegal.not_now")
    if action.card not in state.hands[seat]:
        raise IllegalAction("ambre.illegal.not_in_hand")
    if b.total(seat) + cards.value(action.card) < b.best():
        raise IllegalAction("ambre.illegal.raise_too_low", best=b.best())
    state.hands[seat].remove(action.card)
    b.bids[seat].append(action.card)
    b.counter += 1
    b.reached[seat] = b.counter
    b.passes = 0
    state.log.append(entry("ambre.log.raise", seat=seat_ref(seat), card=state.card_label(action.card),
                           total=b.total(seat)))
    b.turn = _next_bidder(state, seat)


def _pass_raise(state: AmbreState, seat: int, action: A.PassRaise) -> None:
    b = state.bidding
    if b.stage != "raise":
        raise IllegalAction("ambre.illegal.not_now")
    b.passes += 1
    state.log.append(entry("ambre.log.pass_raise", seat=seat_ref(seat)))
    if b.passes >= len(b.active):
        _rank(state)
    else:
        b.turn = _next_bidder(state, seat)


def ranking(b: Bidding, raise_tie: str) -> list[int]:
    """Bidders best first: higher total, then (equal totals) the earlier or later total reached."""
    sign = 1 if raise_tie == "earlier" else -1
    return sorted(b.active, key=lambda s: (-b.total(s), sign * b.reached.get(s, 0), s))


def _rank(state: AmbreState) -> None:
    b = state.bidding
    b.ranking = ranking(b, state.rules.raise_tie)
    ranked = b.ranking[:4]
    for place, seat in enumerate(ranked):
        state.ranks[seat][b.suit] = 4 - place
        state.log.append(entry("ambre.log.ranked", seat=seat_ref(seat), figure=state.figure_label(4 - place),
                               suit=state.suit_of_label(b.suit), total=b.total(seat)))
    for seat in b.ranking[4:]:
        state.hands[seat] += b.bids.pop(seat)
        state.hands[seat].sort(key=cards.sort_key)
        state.log.append(entry("ambre.log.unranked", seat=seat_ref(seat), suit=state.characteristic_label(b.suit)))
    b.stage, b.stake_queue = "stake", ranked[::-1]
    _record(state)
    if not b.stake_queue:
        start(state)


def _record(state: AmbreState) -> None:
    b = state.bidding
    state.bid_results.append({
        "suit": b.suit, "abstained": sorted(b.abstained),
        "bids": {str(s): list(b.bids.get(s, [])) for s in b.ranking},
        "ranking": list(b.ranking[:4]), "unranked": list(b.ranking[4:]),
    })


def _stake(state: AmbreState, seat: int, action: A.Stake) -> None:
    b = state.bidding
    if b.stage != "stake":
        raise IllegalAction("ambre.illegal.not_now")
    if action.conflict not in state.own_conflicts(seat):
        raise IllegalAction("ambre.illegal.not_your_conflict")
    conflict = state.conflicts[action.conflict]
    for card in b.bids.pop(seat):
        conflict.add(card, up=True)
    b.stake_queue.pop(0)
    state.log.append(entry("ambre.log.stake", seat=seat_ref(seat), conflict=state.conflict_label(conflict)))
    if not b.stake_queue:
        start(state)


def public(state: AmbreState, seat: int | None) -> dict[str, Any] | None:
    """The bid in progress as `seat` sees it: face-down cards hidden but for its own."""
    b = state.bidding
    if state.phase != "bids" or b is None:
        return None
    laid = {str(s): (b.pending[s] if s == seat else None) for s in b.pending}
    return {
        "suit": b.suit, "stage": b.stage, "waiting": list(b.waiting), "laid": laid,
        "active": list(b.active), "abstained": sorted(b.abstained),
        "bids": {str(s): list(c) for s, c in b.bids.items()},
        "totals": {str(s): b.total(s) for s in b.active}, "best": b.best(),
        "turn": b.turn if b.stage == "raise" else None,
        "ranking": list(b.ranking), "stake_queue": list(b.stake_queue),
        "leader": ranking(b, state.rules.raise_tie)[0] if b.stage == "raise" and b.active else None,
        "my_options": [a.card for a in legal(state, seat) if isinstance(a, A.Bid)]
        if seat is not None and seat in b.waiting else [],
    }


HANDLERS = {A.Bid: _bid, A.RaiseBid: _raise, A.PassRaise: _pass_raise, A.Stake: _stake}
