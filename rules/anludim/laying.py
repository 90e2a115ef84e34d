"""Laying a combination to call a professor (the "lay" main action), base and expert.

`check` validates everything and returns a `Plan`; `perform` then moves the pieces. A lay must
be a valid combination of the professor's kind, strictly stronger than every other combination
of that kind on the table; the professor then moves onto it (from the board or from whoever
held it). Expert variant: cards may come from the seat's own laid combinations of a strictly
lower kind (the other cards of those combinations are discarded at once and their professors go
back to the board), and `onto` may extend one of the seat's own combinations of the same kind.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rules.anludim import combos
from rules.anludim.actions import Lay
from rules.anludim.table import Combo
from rules.core import IllegalAction, entry, seat_ref

if TYPE_CHECKING:
    from rules.anludim.state import AnludimState


@dataclass
class Plan:
    professor: str
    kind: str
    onto: int
    cards: list[tuple[str, int]]
    from_hand: list[str] = field(default_factory=list)
    moved: dict[int, list[str]] = field(default_factory=dict)


def kind_ref(kind: str) -> dict[str, Any]:
    """A log parameter the UI translates into the kind's name."""
    return {"key": f"anludim.kind.{kind}", "params": {}}


def professor_name(state: AnludimState, professor: str | None) -> Any:
    """A log parameter naming the professor (bilingual), or '' for none."""
    prof = state.content.professor(professor) if professor else None
    return prof.name.to_json() if prof else ""


def _sources(state: AnludimState, seat: int, plan: Plan, played) -> None:
    """Find where each played card comes from: the hand or (expert) a lower own combination."""
    s = state.table.seats[seat]
    hand = set(s.hand)
    rank = state.content.hierarchy.index
    where: dict[str, int] | None = None  # card -> own combination index, made when a card is not in hand
    for cid, half in played:
        if half not in (0, 1):
            raise IllegalAction("anludim.illegal.bad_half", card=cid, half=half)
        if cid in hand:
            plan.from_hand.append(cid)
            continue
        if where is None:
            where = {cid: i for i, c in enumerate(s.combos) for cid, _ in c.cards}
        i = where.get(cid)
        if i is None or i == plan.onto:
            raise IllegalAction("anludim.illegal.not_your_card", card=_named(state, cid))
        if not state.expert:
            raise IllegalAction("anludim.illegal.card_laid", card=_named(state, cid))
        if rank(s.combos[i].kind) >= rank(plan.kind):
            raise IllegalAction("anludim.illegal.not_higher", card=_named(state, cid), kind=kind_ref(s.combos[i].kind),
                                target=kind_ref(plan.kind))
        plan.moved.setdefault(i, []).append(cid)


def _target(state: AnludimState, seat: int, plan: Plan) -> list[tuple[str, int]]:
    """The cards already in the `onto` combination (expert only), checked."""
    if plan.onto == -1:
        return []
    if not state.expert:
        raise IllegalAction("anludim.illegal.onto_expert_only")
    combos_ = state.table.seats[seat].combos
    if not 0 <= plan.onto < len(combos_):
        raise IllegalAction("anludim.illegal.no_combination", combo=plan.onto)
    target = combos_[plan.onto]
    if target.kind != plan.kind:
        raise IllegalAction("anludim.illegal.wrong_kind", kind=kind_ref(target.kind), target=kind_ref(plan.kind))
    if target.professor == plan.professor:
        raise IllegalAction("anludim.illegal.already_holds", professor=professor_name(state, plan.professor))
    return list(target.cards)


def check(state: AnludimState, seat: int, action: Lay) -> Plan:
    """Validate a lay; the plan to perform, or IllegalAction."""
    prof = state.content.professor(action.professor)
    if prof is None:
        raise IllegalAction("anludim.illegal.unknown_professor", professor=action.professor)
    if not action.cards:
        raise IllegalAction("anludim.illegal.no_cards")
    if len({cid for cid, _ in action.cards}) != len(action.cards):
        raise IllegalAction("anludim.illegal.duplicate_card")
    plan = Plan(prof.id, prof.kind, action.onto, [])
    plan.cards = _target(state, seat, plan) + list(action.cards)
    _sources(state, seat, plan, action.cards)
    halves = state.table.halves(plan.cards)
    kind_key = kind_ref(prof.kind)
    if not combos.is_valid(prof.kind, halves):
        raise IllegalAction("anludim.illegal.not_a_combination", kind=kind_key)
    mine = combos.strength(halves)  # valid: combos.beats is this comparison with every other
    if any(not mine > combos.strength(state.table.halves(c.cards))
           for s, i, c in state.table.combos_of(prof.kind) if (s, i) != (seat, plan.onto)):
        raise IllegalAction("anludim.illegal.not_stronger", kind=kind_key, professor=prof.name.to_json())
    return plan


def _dissolve(state: AnludimState, seat: int, plan: Plan) -> int:
    """Expert: strip moved cards from their combinations, discard the rest; the new onto index."""
    s = state.table.seats[seat]
    onto = plan.onto
    for i in sorted(plan.moved, reverse=True):
        combo = s.combos.pop(i)
        rest = [cid for cid, _ in combo.cards if cid not in plan.moved[i]]
        state.table.discard += rest
        state.log.append(entry("anludim.log.expert_move", seat=seat_ref(seat), moved=len(plan.moved[i]),
                               discarded=len(rest), professor=professor_name(state, combo.professor)))
        if onto > i:
            onto -= 1
    return onto


def perform(state: AnludimState, seat: int, plan: Plan) -> None:
    """Move the cards and the professor as planned, and log it."""
    table = state.table
    s = table.seats[seat]
    for cid in plan.from_hand:
        s.hand.remove(cid)
    onto = _dissolve(state, seat, plan)
    held = table.professor_at(plan.professor)
    if held is not None:
        table.seats[held[0]].combos[held[1]].professor = None
    if onto == -1:
        s.combos.append(Combo(plan.kind, plan.cards, plan.professor))
    else:
        s.combos[onto].cards = plan.cards
        s.combos[onto].professor = plan.professor
    labels = [_label(state, cid, h) for cid, h in plan.cards]
    state.log.append(entry("anludim.log.lay", seat=seat_ref(seat), kind=kind_ref(plan.kind),
                           cards=labels, professor=professor_name(state, plan.professor)))
    if held is not None and held[0] != seat:
        state.log.append(entry("anludim.log.professor_taken", seat=seat_ref(seat), other=seat_ref(held[0]),
                               professor=professor_name(state, plan.professor)))


def _named(state: AnludimState, cid: Any) -> str:
    """A card as people read it in a refusal ("7▲/3●"), not its id ("c49"); an unknown id as given."""
    halves = state.content.cards.get(cid) if isinstance(cid, str) else None
    if not halves:
        return str(cid)
    symbols = state.content.symbols
    return "/".join(f"{v}{symbols.get(c, '?')}" for v, c in halves)


def _label(state: AnludimState, cid: str, half: int) -> str:
    value, colour = state.table.half(cid, half)
    symbol = state.content.symbols.get(colour, "?")
    return f"{value}{symbol}"
