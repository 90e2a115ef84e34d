"""What a seat may do now: a small, useful list (never every subset of a big hand).

For each professor: the strongest, the weakest and a middle combination (from `search.py`) that
beat every combination of its kind on the table; in the expert variant, up to two more that use
the seat's own laid cards of a lower kind, and one per own combination of that kind that hand
cards can extend (`onto`) into the strongest. Plus the draws, the optional actions, take-backs
(base game, start of turn), `end_turn`, and between rounds a bounded list of `keep` choices.
`apply` accepts any legal action, listed here or not.

Speed (this runs before every action): the hand is indexed once for all professors
(`search.Pool`), a kind that cannot beat the table is skipped from a cheap bound
(`Pool.above`), and the simple actions are made once and reused (they are immutable values).
The order of the list never changes: seeded games choose from it by index.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from itertools import combinations, islice
from typing import TYPE_CHECKING

from rules.anludim import actions as A
from rules.anludim import search
from rules.anludim.combos import strength
from rules.core.listing import Deferred, Listing

if TYPE_CHECKING:
    from rules.anludim.state import AnludimState

LAYS_PER_PROFESSOR = 3
EXPERT_LAYS_PER_PROFESSOR = 2
KEEP_CHOICES = 40
KEEP_LIMIT = 50000  # combinations looked at to spread the keep choices

# Actions are immutable values: the simple ones are made once and listed again and again (making
# them anew for every legal list cost about as much as finding the lays).
_DRAW, _PASS, _END, _PARCHMENT = A.Draw(), A.PassTurn(), A.EndTurn(), A.DiscardParchment()
_MADE: dict[tuple, A.Action] = {}
_FACE_UP = tuple(A.TakeFaceUp(i) for i in range(8))  # the usual slots and combinations, made once
_TAKE_BACK = tuple(A.TakeBack(i) for i in range(16))
_new = object.__new__


def _lay(professor: str, cards: tuple) -> A.Lay:
    """`A.Lay(professor, cards)` made faster (lays are listed before every action): the same
    frozen value, its fields set straight into the instance, as the dataclass's __init__ does."""
    lay = _new(A.Lay)
    fields = lay.__dict__
    fields["professor"], fields["cards"], fields["onto"] = professor, cards, -1
    return lay


def _made(kind: type, *fields) -> A.Action:
    """The one instance of `kind(*fields)` (TakeBack, TakeFaceUp, DiscardItem)."""
    key = (kind, *fields)
    made = _MADE.get(key)
    if made is None:
        if len(_MADE) > 4096:  # designers' content could name many items: stay bounded
            _MADE.clear()
        made = _MADE[key] = kind(*fields)
    return made


def legal_actions(state: AnludimState, seat: int) -> Sequence[A.Action]:
    """The listed legal actions of `seat` (which must be the seat to act): a list, or while lays
    are offered a `Listing` whose lays are found only when read (their number is cheap)."""
    if state.phase == "round_over":
        return _keeps(state, seat)
    out: list[A.Action] = []
    if state.phase == "start" and not state.expert:
        count = len(state.table.seats[seat].combos)
        out += _TAKE_BACK[:count] if count <= len(_TAKE_BACK) else [_made(A.TakeBack, i) for i in range(count)]
    if state.phase not in ("start", "main"):
        if state.optional_open(seat):
            out += _optionals(state, seat)
        if state.phase == "after_main":
            out.append(_END)
        return out
    parts: list[list[A.Action] | Deferred] = [out]
    parts += lay_parts(state, seat)
    tail = _draws(state)
    if state.optional_open(seat):
        tail += _optionals(state, seat)
    parts.append(tail)
    return Listing(parts)


def _draws(state: AnludimState) -> list[A.Action]:
    table = state.table
    out: list[A.Action] = [_DRAW] if table.can_draw() else []
    for i, card in enumerate(table.face_up):
        if card is not None:
            out.append(_FACE_UP[i] if i < len(_FACE_UP) else _made(A.TakeFaceUp, i))
    return out or [_PASS]


def _optionals(state: AnludimState, seat: int) -> list[A.Action]:
    s = state.table.seats[seat]
    out: list[A.Action] = [_made(A.DiscardItem, item, value) for item, value in sorted(set(s.items))]
    if s.parchments:
        out.append(_PARCHMENT)
    return out


def _keeps(state: AnludimState, seat: int) -> list[A.Action]:
    """Up to KEEP_CHOICES keeps of the full number of cards, spread over the whole hand: every
    card is in at least one (runs of neighbours), the rest evenly spaced among all choices."""
    s = state.table.seats[seat]
    k = min(state.content.blazon(s.gold).keep, len(s.hand))
    hand = sorted(s.hand)
    every = list(islice(combinations(hand, k), KEEP_LIMIT))
    if len(every) <= KEEP_CHOICES:
        return [A.Keep(c) for c in every]
    out = list(dict.fromkeys(tuple(sorted(hand[(i + j) % len(hand)] for j in range(k))) for i in range(len(hand))))
    step = len(every) / KEEP_CHOICES
    for i in range(KEEP_CHOICES):
        if len(out) >= KEEP_CHOICES:
            break
        if every[int(i * step)] not in out:
            out.append(every[int(i * step)])
    return [A.Keep(c) for c in out[:KEEP_CHOICES]]


def lay_parts(state: AnludimState, seat: int) -> list[list[A.Action] | Deferred]:
    """The listed lays, per professor: up to LAYS_PER_PROFESSOR (the strongest, the weakest and
    a middle one that beat the table) as a `Deferred` part, counted now and found when read; in
    the expert variant, its expert lays after it. The deferred parts read only the hand's pool
    and the table's bests taken now, never the live state."""
    cards = state.content.cards
    hand = [(cid, cards[cid]) for cid in state.table.seats[seat].hand]
    pool = search.Pool(hand)
    bests = table_bests(state)
    out: list[list[A.Action] | Deferred] = []
    for prof in state.content.professors:
        best = bests.get(prof.kind)
        count = pool.count_above(prof.kind, best, LAYS_PER_PROFESSOR)
        if count:
            out.append(Deferred(count, partial(_professor_lays, pool, prof.id, prof.kind, best)))
        if state.expert:
            out.append(_expert_lays(state, seat, prof, hand, best) + _onto_lays(state, seat, prof, hand))
    return out


def _professor_lays(pool: search.Pool, pid: str, kind: str, best: tuple | None) -> list[A.Action]:
    """The listed lays calling professor `pid`: `pick`'s few among the pool's combinations that beat `best`."""
    return [_lay(pid, played) for played in search.pick(pool.above(kind, best), None, LAYS_PER_PROFESSOR)]


def table_bests(state: AnludimState) -> dict[str, tuple]:
    """The strength of the strongest laid combination of each kind on the table."""
    cards = state.content.cards
    out: dict[str, tuple] = {}
    for seat in state.table.seats:
        for combo in seat.combos:
            s = combo.strength(cards)
            kind = combo.kind
            if kind not in out or s > out[kind]:
                out[kind] = s
    return out


def _expert_lays(state: AnludimState, seat: int, prof, hand, best) -> list[A.Action]:
    """Expert: lays that also use the seat's laid cards of lower kinds."""
    rank = state.content.hierarchy.index
    cards = state.content.cards
    laid = [(cid, cards[cid]) for c in state.table.seats[seat].combos
            if rank(c.kind) < rank(prof.kind) for cid, _ in c.cards]
    if not laid:
        return []
    in_hand = {cid for cid, _ in hand}
    pool = [sp for sp in search.Pool(hand + laid).get(prof.kind) if any(cid not in in_hand for cid, _ in sp[1])]
    return [A.Lay(prof.id, p) for p in search.pick(pool, best, EXPERT_LAYS_PER_PROFESSOR)]


def _onto_lays(state: AnludimState, seat: int, prof, hand) -> list[A.Action]:
    """Expert: hand cards added to one of the seat's own combinations of the kind, to call the professor."""
    cards = state.content.cards
    out: list[A.Action] = []
    for i, combo in enumerate(state.table.seats[seat].combos):
        if combo.kind != prof.kind or combo.professor == prof.id:
            continue
        others = [strength(state.table.halves(c.cards)) for s, j, c in state.table.combos_of(prof.kind)
                  if (s, j) != (seat, i)]
        kept = set(combo.cards)
        pool = search.Pool(hand + [(cid, cards[cid]) for cid, _ in combo.cards]).get(prof.kind)
        pool = [sp for sp in pool if kept <= set(sp[1]) and len(sp[1]) > len(kept)]
        for played in search.pick(pool, max(others) if others else None, 1):
            out.append(A.Lay(prof.id, tuple(p for p in played if p not in kept), onto=i))
    return out
