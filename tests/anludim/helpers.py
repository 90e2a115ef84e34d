"""Helpers to build Anludim scenarios from a real game (cards moved, never created)."""

from game.content import load
from rules.anludim import ENGINE

CONTENT = load("anludim")


def new(seats=3, seed=1, expert=False):
    return ENGINE.new_game(CONTENT, seats, seed, {"expert": expert})


def find(state, value, colour, avoid=()):
    """(card id, half) of a card with that half, not in `avoid` and not laid."""
    laid = {cid for s in state.table.seats for c in s.combos for cid, _ in c.cards}
    for cid, halves in CONTENT.cards.items():
        if cid in avoid or cid in laid:
            continue
        for h, half in enumerate(halves):
            if half == (value, colour):
                return cid, h
    raise LookupError((value, colour))


def pick(state, *halves):
    """Distinct (card id, half) pairs for these (value, colour) halves."""
    out = []
    for value, colour in halves:
        out.append(find(state, value, colour, avoid={cid for cid, _ in out}))
    return tuple(out)


def take_card(state, cid):
    """Remove a card from wherever it is (deck, discard, face-up, a hand)."""
    t = state.table
    for pile in [t.deck, t.discard] + [s.hand for s in t.seats]:
        if cid in pile:
            pile.remove(cid)
            return
    if cid in t.face_up:
        t.face_up[t.face_up.index(cid)] = t.deck.pop()
        return
    raise LookupError(cid)


def set_hand(state, seat, cids):
    """Make the seat's hand exactly `cids` (old hand to the discard)."""
    hand = state.table.seats[seat].hand
    state.table.discard += hand
    hand.clear()
    for cid in cids:
        take_card(state, cid)
        hand.append(cid)


def lay_from(state, seat, professor, played, end=True):
    """Put `played` in the seat's hand and lay them for `professor` (then end the turn)."""
    from rules.anludim.actions import Lay

    hand = [c for c in state.table.seats[seat].hand if c not in {cid for cid, _ in played}]
    set_hand(state, seat, [cid for cid, _ in played] + hand[:3])
    state.apply(seat, Lay(professor, tuple(played)))
    if end:
        finish_turn(state, seat)


def finish_turn(state, seat):
    from rules.anludim.actions import EndTurn

    if state.phase == "after_main" and state.current == seat:
        state.apply(seat, EndTurn())
