"""Helpers to build Ambre scenarios from a real game (cards moved, never created)."""

from __future__ import annotations

import random
from collections import Counter

from game.content import load
from rules.ambre import ENGINE, acts, cards
from rules.ambre import actions as A

CONTENT = load("ambre")
PIPS = Counter(cards.pips())


def new(n=3, seed=1, **options):
    return ENGINE.new_game(CONTENT, n, seed, options or None)


def name_all(state, names=("Ann", "Bert", "Cleo", "Dara", "Eli")):
    for seat in range(state.n):
        state.apply(seat, A.Character(names[seat], f"Je veux {names[seat]}"))


def all_pips(state) -> Counter:
    """Where every pip card is now: hands, box, conflicts, put-aside, bids, pending requests/gages."""
    found = Counter()
    for pile in state.hands + state.aside + [state.boxed]:
        found.update(pile)
    for c in state.conflicts:
        found.update(card for card, _ in c.cards)
    b = state.bidding
    if b is not None:
        for bid in b.bids.values():
            found.update(bid)
    sc = state.scene
    if sc is not None:
        if sc.request is not None:
            found[sc.request[1]] += 1
        if sc.step == "consequences" and sc.queue and sc.queue[0][0] == "answer_gage":
            found[sc.gage] += 1
    return found


def set_hand(state, seat, wanted):
    """Give `seat` exactly the pips `wanted`, swapping with whoever holds them (hands and box only)."""
    hand = state.hands[seat]
    for card in wanted:
        if card in hand:
            continue
        for pile in state.hands + [state.boxed]:
            if card in pile and pile is not hand:
                spare = next(c for c in hand if c not in wanted)
                pile[pile.index(card)] = spare
                hand[hand.index(spare)] = card
                break
        else:
            raise LookupError(card)
    extra = [c for c in hand if c not in wanted]
    hand[:] = [c for c in hand if c in wanted]
    state.boxed += extra
    state.sort_hand(seat)


def to_act_phase(state, act=1):
    """Jump to the given act with empty conflicts: the bids and elements are tested elsewhere."""
    if state.phase == "childhood":
        name_all(state)
    state.bidding = None
    acts.start(state, act)


def put(state, conflict, card, up=True):
    """Move a pip from wherever it is onto a conflict."""
    for pile in state.hands + state.aside + [state.boxed]:
        if card in pile:
            pile.remove(card)
            break
    else:
        for c in state.conflicts:
            if c.has(card):
                c.remove(card)
                break
    state.conflicts[conflict].add(card, up)


def to_narration(state, seat, conflict, setup=None, narrator=None):
    """Open a scene and run it to the narration console (no cards laid at set-up)."""
    state.apply(seat, A.Initiate(conflict))
    state.apply(seat, A.ChooseSetup(tuple(setup or (seat,))))
    for s in list(state.scene.waiting):
        state.apply(s, A.SetupDone())
    chooser = state.scene.setup[0]
    state.apply(chooser, A.ChooseNarrator(seat if narrator is None else narrator))
    state.apply(state.scene.narrator, A.Announce())


def close_all_pass(state):
    while state.scene.step == "closing":
        state.apply(state.scene.closing_queue[0], A.ClosePass())


def play(seed, n, names=None, choose_seat=True, limit=5000, options=None, check=None):
    """A whole game by bots; returns (state, [(seat, action)])."""
    state = ENGINE.new_game(CONTENT, n, seed, options)
    names = names or ["random"] * n
    bots = [ENGINE.bot(names[i], seed * 31 + i) for i in range(n)]
    rng = random.Random(seed)
    moves = []
    while not state.is_over():
        ready = state.to_act()
        seat = rng.choice(ready) if choose_seat else ready[0]
        action = bots[seat].choose(state.view(seat), state.legal_actions(seat))
        state.apply(seat, action)
        moves.append((seat, action))
        if check:
            check(state)
        assert len(moves) < limit
    return state, moves
