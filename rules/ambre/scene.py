"""One scene: set-up, narrator, the scene console, closing, then the winner.

Steps of `Scene.step`:

- `setup_choice`: the initiator chooses who sets up (itself, or the others; any non-empty set
  is accepted).
- `setup`: each set-up player lays any cards of its hand face up on the conflict, then says done.
- `narrator_choice`: any set-up player names the narrator (any seat).
- `announce`: the narrator announces the characteristic (the app shows the majority suit).
- `narration` (the scene console): the narrator presses `first_sentence` once it has finished a
  first sentence; any other seat with a card may `request_floor` (one request at a time, the card
  face down, seen only by its owner) while nobody has said Couper; the narrator then
  `yield_floor`s: the card turns face up on the conflict and its owner narrates (and must finish
  a first sentence again). An involved seat that did not set up and is not narrating may say
  `couper` when no request is pending and the narrator has finished a first sentence; after it,
  nobody may request. The narrator ends with `end_narration` (no request pending, first
  sentence finished).
- `closing`: every seat once, in `closing_order`: give a hand card to an involved seat (who puts
  it aside) then turn a face-down card up; or give a put-aside card then turn a face-up card
  down; or pass. Then the winner is computed (`scoring.conflict_winner`).
- `consequences` and `conclude`: see `consequences.py`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rules.ambre import actions as A
from rules.ambre import cards, consequences, scoring
from rules.core import IllegalAction, entry, seat_ref

if TYPE_CHECKING:
    from rules.ambre.state import AmbreState

CLOSE_LIST_CAP = 40


def distance(n: int, a: int, b: int) -> int:
    """Seats between `a` and `b` round the table, the short way."""
    d = (a - b) % n
    return min(d, n - d)


def closing_order(n: int, pair: tuple[int, int], initiator: int, setup: list[int]) -> list[int]:
    """The closing order: set-up players first, then the others; in each group the farthest first.

    "Farthest" is the distance to the conflict (to the nearer of its two seats), then the distance
    to the one seat that did not set up (when only one did not), else to the initiator; then
    round the table from the initiator. Seats A B / C D sit round the table as A, B, D, C.
    """
    others = [s for s in range(n) if s not in setup]
    ref = others[0] if len(others) == 1 else initiator

    def key(s: int) -> tuple[int, int, int]:
        return (-min(distance(n, s, c) for c in pair), -distance(n, s, ref), (s - initiator) % n)

    return sorted(setup, key=key) + sorted(others, key=key)


@dataclass
class Scene:
    act: int
    initiator: int
    conflict: int
    involved: list[int]
    step: str = "setup_choice"
    setup: list[int] = field(default_factory=list)
    waiting: list[int] = field(default_factory=list)
    narrator: int | None = None
    narrators: list[int] = field(default_factory=list)
    announced: bool = False
    first_sentence: bool = False
    request: tuple[int, str] | None = None
    couper: int | None = None
    characteristics: list[list[str]] = field(default_factory=list)
    laid: list[dict[str, Any]] = field(default_factory=list)
    requests: list[dict[str, Any]] = field(default_factory=list)
    closing_queue: list[int] = field(default_factory=list)
    closing: list[dict[str, Any]] = field(default_factory=list)
    values: dict[str, int] = field(default_factory=dict)
    winner: int | None = None
    queue: list[tuple[str, int]] = field(default_factory=list)
    gage: str | None = None
    served: list[int] = field(default_factory=list)
    moves: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def open(cls, state: AmbreState, initiator: int, conflict: int) -> Scene:
        involved = sorted(set(state.conflicts[conflict].seats) | {initiator})
        return cls(state.act, initiator, conflict, involved)

    def couper_seats(self) -> list[int]:
        """Involved seats that did not set up and are not narrating."""
        return [s for s in self.involved if s not in self.setup and s != self.narrator]

    def record(self, state: AmbreState) -> dict[str, Any]:
        """What the story keeps of this scene (public information only)."""
        conflict = state.conflicts[self.conflict]
        return {
            "act": self.act, "initiator": self.initiator, "conflict": self.conflict,
            "involved": list(self.involved), "setup": list(self.setup), "narrators": list(self.narrators),
            "characteristics": [list(c) for c in self.characteristics], "laid": [dict(x) for x in self.laid],
            "requests": [dict(r) for r in self.requests], "couper": self.couper,
            "closing": [dict(c) for c in self.closing], "values": dict(self.values), "winner": self.winner,
            "moves": [dict(m) for m in self.moves], "face_down_left": len(conflict.cards) - len(conflict.face_up()),
        }


def to_act(state: AmbreState) -> list[int]:
    sc = state.scene
    if sc.step == "setup_choice":
        return [sc.initiator]
    if sc.step == "setup":
        return list(sc.waiting)
    if sc.step == "narrator_choice":
        return list(sc.setup)
    if sc.step == "announce":
        return [sc.narrator]
    if sc.step == "narration":
        return _narration_seats(state)
    if sc.step == "closing":
        return sc.closing_queue[:1]
    return consequences.to_act(state)


def _may_request(state: AmbreState, seat: int) -> bool:
    sc = state.scene
    return (sc.step == "narration" and sc.request is None and sc.couper is None
            and seat != sc.narrator and bool(state.hands[seat]))


def _may_couper(state: AmbreState, seat: int) -> bool:
    sc = state.scene
    return (sc.step == "narration" and sc.request is None and sc.first_sentence and sc.couper is None
            and seat in sc.couper_seats())


def _narration_seats(state: AmbreState) -> list[int]:
    sc = state.scene
    others = [s for s in range(state.n) if s != sc.narrator and (_may_request(state, s) or _may_couper(state, s))]
    return [sc.narrator] + others


def legal(state: AmbreState, seat: int) -> list[A.Action]:
    sc = state.scene
    if seat not in to_act(state):
        return []
    if sc.step == "setup_choice":
        others = tuple(s for s in range(state.n) if s != seat)
        return [A.ChooseSetup((seat,)), A.ChooseSetup(others)]
    if sc.step == "setup":
        return [A.SetupDone()] + [A.Lay(c) for c in state.hands[seat]]
    if sc.step == "narrator_choice":
        return [A.ChooseNarrator(s) for s in range(state.n)]
    if sc.step == "announce":
        return [A.Announce()]
    if sc.step == "narration":
        return _narration_legal(state, seat)
    if sc.step == "closing":
        return _closing_legal(state, seat)
    return consequences.legal(state, seat)


def _narration_legal(state: AmbreState, seat: int) -> list[A.Action]:
    sc = state.scene
    out: list[A.Action] = []
    if seat == sc.narrator:
        if sc.request is not None:
            return [A.YieldFloor()]
        return [A.EndNarration()] if sc.first_sentence else [A.FirstSentence()]
    if _may_couper(state, seat):
        out.append(A.Couper())
    if _may_request(state, seat):
        out += [A.RequestFloor(c) for c in state.hands[seat]]
    return out


def recipients(state: AmbreState, seat: int) -> list[int]:
    """Who a closing seat may give a card to."""
    sc = state.scene
    return [s for s in sc.involved if s != seat or state.rules.close_give_self]


def _flips(state: AmbreState, up: bool) -> list[int]:
    """Indices of the conflict's cards that can be turned (face-down ones when `up`), or [-1]."""
    conflict = state.conflicts[state.scene.conflict]
    found = [i for i, (_, face_up) in enumerate(conflict.cards) if face_up != up]
    return found or [-1]


def _closing_legal(state: AmbreState, seat: int) -> list[A.Action]:
    """Pass, then a bounded spread of gifts (every card once, every recipient and flip once)."""
    out: list[A.Action] = [A.ClosePass()]
    for cls, pile, up in ((A.CloseFromHand, state.hands[seat], True), (A.CloseFromAside, state.aside[seat], False)):
        flips, to = _flips(state, up), recipients(state, seat)
        if not pile or not to:
            continue
        for i, card in enumerate(pile):
            out.append(cls(card, to[i % len(to)], flips[i % len(flips)]))
        out += [cls(pile[0], t, f) for t in to for f in flips]
    seen: set = set()
    return [a for a in out if not (a in seen or seen.add(a))][:CLOSE_LIST_CAP]


# -- handlers ------------------------------------------------------------------------------

def _need(state: AmbreState, seat: int, step: str, who: int | None = None) -> Any:
    sc = state.scene
    if sc is None or sc.step != step:
        raise IllegalAction("ambre.illegal.not_now")
    if who is not None and seat != who:
        raise IllegalAction("ambre.illegal.not_your_turn", seat=seat_ref(seat))
    return sc


def _choose_setup(state: AmbreState, seat: int, action: A.ChooseSetup) -> None:
    sc = _need(state, seat, "setup_choice", state.scene.initiator if state.scene else None)
    chosen = list(action.seats)
    if not chosen or len(set(chosen)) != len(chosen) or not all(0 <= s < state.n for s in chosen):
        raise IllegalAction("ambre.illegal.bad_setup")
    sc.setup, sc.waiting, sc.step = sorted(chosen), sorted(chosen), "setup"
    state.log.append(entry("ambre.log.setup", seats=[seat_ref(s) for s in sc.setup]))


def _lay(state: AmbreState, seat: int, action: A.Lay) -> None:
    sc = _need(state, seat, "setup")
    if seat not in sc.waiting:
        raise IllegalAction("ambre.illegal.not_your_turn", seat=seat_ref(seat))
    if action.card not in state.hands[seat]:
        raise IllegalAction("ambre.illegal.not_in_hand")
    state.hands[seat].remove(action.card)
    state.conflicts[sc.conflict].add(action.card, up=True)
    sc.laid.append({"seat": seat, "card": action.card})
    state.log.append(entry("ambre.log.lay", seat=seat_ref(seat), card=state.card_label(action.card)))


def _setup_done(state: AmbreState, seat: int, action: A.SetupDone) -> None:
    sc = _need(state, seat, "setup")
    if seat not in sc.waiting:
        raise IllegalAction("ambre.illegal.not_your_turn", seat=seat_ref(seat))
    sc.waiting.remove(seat)
    if not sc.waiting:
        sc.step = "narrator_choice"


def _choose_narrator(state: AmbreState, seat: int, action: A.ChooseNarrator) -> None:
    sc = _need(state, seat, "narrator_choice")
    if seat not in sc.setup:
        raise IllegalAction("ambre.illegal.not_your_turn", seat=seat_ref(seat))
    if not 0 <= action.seat < state.n:
        raise IllegalAction("ambre.illegal.no_such_seat")
    sc.narrator, sc.step = action.seat, "announce"
    sc.narrators.append(action.seat)
    state.log.append(entry("ambre.log.narrator", seat=seat_ref(action.seat)))


def current_values(state: AmbreState) -> dict[str, int]:
    """The conflict's suit values from its face-up cards."""
    return scoring.suit_values(cards.pair(c) for c in state.conflicts[state.scene.conflict].face_up())


def _note_characteristic(state: AmbreState) -> None:
    suits = scoring.majority(current_values(state))
    state.scene.characteristics.append(suits)
    state.log.append(entry("ambre.log.characteristic", seat=seat_ref(state.scene.narrator),
                           suits=[state.characteristic_label(s) for s in suits] or
                           [{"key": "ambre.ui.no_characteristic", "params": {}}]))


def _announce(state: AmbreState, seat: int, action: A.Announce) -> None:
    sc = _need(state, seat, "announce", state.scene.narrator if state.scene else None)
    sc.step, sc.announced, sc.first_sentence = "narration", True, False
    _note_characteristic(state)


def _first_sentence(state: AmbreState, seat: int, action: A.FirstSentence) -> None:
    sc = _need(state, seat, "narration", state.scene.narrator if state.scene else None)
    if sc.request is not None:
        raise IllegalAction("ambre.illegal.request_pending")
    if sc.first_sentence:
        raise IllegalAction("ambre.illegal.not_now")
    sc.first_sentence = True


def _request(state: AmbreState, seat: int, action: A.RequestFloor) -> None:
    sc = _need(state, seat, "narration")
    if seat == sc.narrator:
        raise IllegalAction("ambre.illegal.narrator_cannot_request")
    if sc.couper is not None:
        raise IllegalAction("ambre.illegal.after_couper")
    if sc.request is not None:
        raise IllegalAction("ambre.illegal.request_pending")
    if action.card not in state.hands[seat]:
        raise IllegalAction("ambre.illegal.not_in_hand")
    state.hands[seat].remove(action.card)
    sc.request = (seat, action.card)
    state.log.append(entry("ambre.log.request", seat=seat_ref(seat)))


def _yield(state: AmbreState, seat: int, action: A.YieldFloor) -> None:
    sc = _need(state, seat, "narration", state.scene.narrator if state.scene else None)
    if sc.request is None:
        raise IllegalAction("ambre.illegal.no_request")
    requester, card = sc.request
    state.mark_hidden("reveal")
    state.conflicts[sc.conflict].add(card, up=True)
    sc.requests.append({"seat": requester, "card": card})
    sc.request, sc.narrator, sc.first_sentence = None, requester, False
    sc.narrators.append(requester)
    state.log.append(entry("ambre.log.yield", seat=seat_ref(seat), requester=seat_ref(requester),
                           card=state.card_label(card)))
    _note_characteristic(state)


def _couper(state: AmbreState, seat: int, action: A.Couper) -> None:
    sc = _need(state, seat, "narration")
    if seat not in sc.couper_seats():
        raise IllegalAction("ambre.illegal.cannot_couper")
    if sc.request is not None:
        raise IllegalAction("ambre.illegal.request_pending")
    if not sc.first_sentence:
        raise IllegalAction("ambre.illegal.no_first_sentence")
    if sc.couper is not None:
        raise IllegalAction("ambre.illegal.after_couper")
    sc.couper = seat
    state.log.append(entry("ambre.log.couper", seat=seat_ref(seat)))


def _end_narration(state: AmbreState, seat: int, action: A.EndNarration) -> None:
    sc = _need(state, seat, "narration", state.scene.narrator if state.scene else None)
    if sc.request is not None:
        raise IllegalAction("ambre.illegal.request_pending")
    if not sc.first_sentence:
        raise IllegalAction("ambre.illegal.no_first_sentence")
    sc.step = "closing"
    sc.closing_queue = closing_order(state.n, state.conflicts[sc.conflict].seats, sc.initiator, sc.setup)
    state.log.append(entry("ambre.log.closing"))


def _check_gift(state: AmbreState, seat: int, action: Any, pile: list[str], up: bool) -> None:
    if action.card not in pile:
        raise IllegalAction("ambre.illegal.not_in_hand" if up else "ambre.illegal.not_aside")
    if action.to not in recipients(state, seat):
        raise IllegalAction("ambre.illegal.not_involved")
    if action.flip not in _flips(state, up):
        raise IllegalAction("ambre.illegal.bad_flip")


def _close(state: AmbreState, seat: int, action: Any, up: bool) -> None:
    sc = _need(state, seat, "closing", state.scene.closing_queue[0] if state.scene and state.scene.closing_queue else None)
    pile = state.hands[seat] if up else state.aside[seat]
    _check_gift(state, seat, action, pile, up)
    pile.remove(action.card)
    state.aside[action.to].append(action.card)
    conflict = state.conflicts[sc.conflict]
    turned = None
    if action.flip >= 0:
        if up:
            state.mark_hidden("reveal")
        turned = conflict.cards[action.flip][0]
        conflict.cards[action.flip][1] = up
    play = {"seat": seat, "kind": "hand" if up else "aside", "card": action.card, "to": action.to,
            "turned": turned, "up": up}
    sc.closing.append(play)
    key = "ambre.log.close_hand" if up else "ambre.log.close_aside"
    state.log.append(entry(key, seat=seat_ref(seat), to=seat_ref(action.to), card=state.card_label(action.card),
                           turned=state.card_label(turned) if turned else "—"))
    _next_closer(state)


def _close_hand(state: AmbreState, seat: int, action: A.CloseFromHand) -> None:
    _close(state, seat, action, up=True)


def _close_aside(state: AmbreState, seat: int, action: A.CloseFromAside) -> None:
    _close(state, seat, action, up=False)


def _close_pass(state: AmbreState, seat: int, action: A.ClosePass) -> None:
    sc = _need(state, seat, "closing", state.scene.closing_queue[0] if state.scene and state.scene.closing_queue else None)
    sc.closing.append({"seat": seat, "kind": "pass"})
    state.log.append(entry("ambre.log.close_pass", seat=seat_ref(seat)))
    _next_closer(state)


def _next_closer(state: AmbreState) -> None:
    sc = state.scene
    sc.closing_queue.pop(0)
    if sc.closing_queue:
        return
    sc.values = current_values(state)
    ranks = {s: state.ranks[s] for s in sc.involved}
    sc.winner = scoring.conflict_winner(sc.values, ranks, sc.involved)
    if sc.winner is None:
        state.log.append(entry("ambre.log.no_winner"))
    else:
        state.log.append(entry("ambre.log.winner", seat=seat_ref(sc.winner)))
    state.start_consequences()


HANDLERS = {
    A.ChooseSetup: _choose_setup, A.Lay: _lay, A.SetupDone: _setup_done, A.ChooseNarrator: _choose_narrator,
    A.Announce: _announce, A.FirstSentence: _first_sentence, A.RequestFloor: _request, A.YieldFloor: _yield,
    A.Couper: _couper, A.EndNarration: _end_narration, A.CloseFromHand: _close_hand,
    A.CloseFromAside: _close_aside, A.ClosePass: _close_pass,
}
