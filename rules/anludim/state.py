"""The Anludim game state: whose turn it is, applying actions, the turn's flow.

Phases: `start` (nothing done yet this turn: base-game take-backs allowed), `main` (the optional
action was used before the main one), `after_main` (main action done, optional one still open),
`round_over` (each seat in turn chooses the cards it keeps), `game_over`. Every handler checks
everything before it changes anything, so a refused action leaves the state untouched.
"""

from __future__ import annotations

from typing import Any

from rules.anludim import actions as A
from rules.anludim import laying, legal, rounds, view
from rules.anludim.content import AnludimContent
from rules.core import HiddenResults, IllegalAction, entry, new_rng, seat_ref

MAIN_PHASES = ("start", "main")


class AnludimState(HiddenResults):
    """One game of Anludim; see the module docstring for the phases."""

    def __init__(self, content: AnludimContent, seats: int, seed: int, expert: bool = False) -> None:
        from rules.anludim.table import Table

        self.content, self.n, self.expert, self.seed = content, seats, expert, seed
        self.rng = new_rng(seed)
        self.table = Table(content, seats, self.rng)
        self.log: list[dict[str, Any]] = []
        self.phase, self.round, self.turn = "start", 0, 0
        self.first = self.current = 0
        self.optional_used = False
        self.keep_queue: list[int] = []
        self.results: list[dict[str, Any]] = []
        self.pending: dict[int, int] = {}
        self.winner: int | None = None
        self.laid_views: dict = {}  # view.py: the laid cards' view parts of the last view (not game state)
        rules = content.rules  # "À 2 joueurs, aucun parchemin n'est distribué": none below the minimum
        first = {seats - 1: rules.first_round_parchments} if seats >= rules.first_round_parchments_min_seats else {}
        rounds.start_round(self, first)

    # -- protocol ----------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        """The seat that must act now (empty when the game is over)."""
        if self.phase == "game_over":
            return []
        if self.phase == "round_over":
            return self.keep_queue[:1]
        return [self.current]

    def legal_actions(self, seat: int) -> list[A.Action]:
        """A bounded, useful list of what `seat` may do now (see `legal.py`)."""
        return legal.legal_actions(self, seat) if seat in self.to_act() else []

    def apply(self, seat: int, action: A.Action) -> None:
        """Apply `action` for `seat`, or raise IllegalAction and change nothing."""
        if seat not in self.to_act():
            raise IllegalAction("anludim.illegal.not_your_turn", seat=seat_ref(seat))
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalAction("anludim.illegal.unknown_action", type=getattr(action, "type", "?"))
        before = (len(self.table.deck), self.table.reshuffles)
        self.clear_hidden()
        handler(self, seat, action)
        if (len(self.table.deck), self.table.reshuffles) != before:  # cards left the face-down pile
            self.mark_hidden("draw")

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: the public view); see `view.py` for the schema."""
        return view.build(self, seat)

    def lazy_view(self, seat: int | None) -> Any:
        """`view(seat)` made key by key as it is read (`game.simulate`'s bots; see `rules.core.lazyview`)."""
        return view.lazy(self, seat)

    def is_over(self) -> bool:
        return self.phase == "game_over"

    def outcome(self) -> dict[str, Any]:
        """Scores are rounds won; ranking by rounds won, then the last round's totals."""
        won = [s.rounds_won for s in self.table.seats]
        last = self.results[-1]["totals"] if self.results else [0] * self.n
        ranking = sorted(range(self.n), key=lambda s: (s != self.winner, -won[s], -last[s], s))
        return {"scores": won, "ranking": ranking, "rounds_won": won, "last_totals": last,
                "winners": [self.winner] if self.winner is not None else []}

    # -- turn flow ---------------------------------------------------------------------------

    def note_reshuffle(self, reshuffled: bool) -> None:
        """Log that the discard was shuffled into a new draw pile of that many cards (counted when
        shuffled: the card drawn from it at once, or the face-up slots it refilled, are not
        taken off — "a new draw pile of 30" was said of 31 reshuffled cards)."""
        if reshuffled:
            self.log.append(entry("anludim.log.reshuffle", count=self.table.reshuffled))

    def start_turn(self) -> None:
        self.phase, self.optional_used = "start", False
        self.log.append(entry("anludim.log.turn", seat=seat_ref(self.current)))

    def optional_open(self, seat: int) -> bool:
        """Whether the optional action (discard an item or parchment to draw) is still possible."""
        s = self.table.seats[seat]
        return not self.optional_used and bool(s.items or s.parchments) and self.table.can_draw()

    def after_main(self, seat: int) -> None:
        """After the main action: wait for the optional action, or end the turn."""
        if self.phase in ("round_over", "game_over"):
            return
        if self.optional_open(seat):
            self.phase = "after_main"
        else:
            self.end_turn(seat)

    def end_turn(self, seat: int) -> None:
        """Take the top item of each professor's pile, check the round end, pass the turn.

        "Une manche s'arrête immédiatement" (round_end_check: each_item, the default): the end is
        checked after every item taken, so an item after the third pile emptied is not collected;
        `end_of_turn` collects every professor's item first, then checks."""
        table = self.table
        at_once = self.content.rules.round_end_check == "each_item"
        for combo in table.seats[seat].combos:
            if combo.professor is None:
                continue
            item = self.content.professor(combo.professor).item
            if table.piles[item]:
                value = table.piles[item].pop()
                table.seats[seat].items.append((item, value))
                self.log.append(entry("anludim.log.collect", seat=seat_ref(seat),
                                      item=self.content.items[item].name.to_json(), value=value))
                if at_once and rounds.check_end(self, seat):
                    return
        if rounds.check_end(self, seat):
            return
        self.current, self.turn = (seat + 1) % self.n, self.turn + 1
        self.start_turn()

    def draw_into_hand(self, seat: int, count: int) -> int:
        """Draw up to `count` cards face down into the hand; how many were drawn."""
        drawn = 0
        for _ in range(count):
            card, reshuffled = self.table.draw_card()
            self.note_reshuffle(reshuffled)
            if card is None:
                break
            self.table.seats[seat].hand.append(card)
            drawn += 1
        return drawn


# -- handlers ------------------------------------------------------------------------------

def _need_main(state: AnludimState) -> None:
    if state.phase not in MAIN_PHASES:
        raise IllegalAction("anludim.illegal.main_done")


def _lay(state: AnludimState, seat: int, action: A.Lay) -> None:
    _need_main(state)
    plan = laying.check(state, seat, action)
    laying.perform(state, seat, plan)
    if not rounds.check_end(state, seat):
        state.after_main(seat)


def _draw(state: AnludimState, seat: int, action: A.Draw) -> None:
    _need_main(state)
    if not state.table.can_draw():
        raise IllegalAction("anludim.illegal.empty_pile")
    drawn = state.draw_into_hand(seat, state.content.rules.draw)
    state.log.append(entry("anludim.log.draw", seat=seat_ref(seat), count=drawn))
    state.after_main(seat)


def _take_face_up(state: AnludimState, seat: int, action: A.TakeFaceUp) -> None:
    _need_main(state)
    table = state.table
    if not 0 <= action.slot < len(table.face_up) or table.face_up[action.slot] is None:
        raise IllegalAction("anludim.illegal.no_face_up", slot=action.slot)
    card = table.face_up[action.slot]
    table.seats[seat].hand.append(card)
    table.face_up[action.slot] = None
    state.log.append(entry("anludim.log.take_face_up", seat=seat_ref(seat), card=view.card_label(state, card)))
    state.note_reshuffle(table.refill_face_up())
    state.after_main(seat)


def _pass_turn(state: AnludimState, seat: int, action: A.PassTurn) -> None:
    _need_main(state)
    if state.table.can_draw() or any(state.table.face_up):
        raise IllegalAction("anludim.illegal.can_draw")
    state.log.append(entry("anludim.log.pass", seat=seat_ref(seat)))
    state.after_main(seat)


def _need_optional(state: AnludimState, seat: int) -> None:
    if state.phase not in ("start", "main", "after_main") or state.optional_used:
        raise IllegalAction("anludim.illegal.optional_used")
    if not state.table.can_draw():
        raise IllegalAction("anludim.illegal.empty_pile")


def _after_optional(state: AnludimState, seat: int) -> None:
    state.optional_used = True
    state.draw_into_hand(seat, state.content.rules.optional_draw)
    if state.phase == "after_main":
        state.end_turn(seat)
    else:
        state.phase = "main"


def _discard_item(state: AnludimState, seat: int, action: A.DiscardItem) -> None:
    _need_optional(state, seat)
    items = state.table.seats[seat].items
    if (action.item, action.value) not in items:
        item = state.content.items.get(action.item)
        raise IllegalAction("anludim.illegal.no_item", item=item.name.to_json() if item else action.item,
                            value=action.value)
    items.remove((action.item, action.value))
    state.table.item_discard.append((action.item, action.value))
    name = state.content.items[action.item].name.to_json()
    state.log.append(entry("anludim.log.discard_item", seat=seat_ref(seat), item=name, value=action.value))
    _after_optional(state, seat)


def _discard_parchment(state: AnludimState, seat: int, action: A.DiscardParchment) -> None:
    _need_optional(state, seat)
    if state.table.seats[seat].parchments <= 0:
        raise IllegalAction("anludim.illegal.no_parchment")
    state.table.seats[seat].parchments -= 1
    state.table.parchments += 1
    state.log.append(entry("anludim.log.discard_parchment", seat=seat_ref(seat)))
    _after_optional(state, seat)


def _take_back(state: AnludimState, seat: int, action: A.TakeBack) -> None:
    if state.expert:
        raise IllegalAction("anludim.illegal.expert_no_take_back")
    if state.phase != "start":
        raise IllegalAction("anludim.illegal.not_start")
    combos = state.table.seats[seat].combos
    if not 0 <= action.combo < len(combos):
        raise IllegalAction("anludim.illegal.no_combination", combo=action.combo)
    combo = combos.pop(action.combo)
    state.table.seats[seat].hand += [cid for cid, _ in combo.cards]
    state.log.append(entry("anludim.log.take_back", seat=seat_ref(seat), kind=laying.kind_ref(combo.kind),
                           professor=laying.professor_name(state, combo.professor)))


def _end_turn(state: AnludimState, seat: int, action: A.EndTurn) -> None:
    if state.phase != "after_main":
        raise IllegalAction("anludim.illegal.main_first")
    state.end_turn(seat)


def _keep(state: AnludimState, seat: int, action: A.Keep) -> None:
    if state.phase != "round_over":
        raise IllegalAction("anludim.illegal.not_round_over")
    hand = state.table.seats[seat].hand
    limit = state.content.blazon(state.table.seats[seat].gold).keep
    if len(set(action.cards)) != len(action.cards) or not set(action.cards) <= set(hand):
        raise IllegalAction("anludim.illegal.keep_not_in_hand")
    if len(action.cards) > limit:
        raise IllegalAction("anludim.illegal.keep_too_many", limit=limit, count=len(action.cards))
    state.table.thrown += [c for c in hand if c not in action.cards]  # not on the discard while others choose
    hand[:] = [c for c in hand if c in action.cards]
    state.log.append(entry("anludim.log.keep", seat=seat_ref(seat), count=len(hand)))
    state.keep_queue.pop(0)
    if not state.keep_queue:
        rounds.start_round(state, state.pending)


_HANDLERS = {
    A.Lay: _lay, A.Draw: _draw, A.TakeFaceUp: _take_face_up, A.PassTurn: _pass_turn,
    A.DiscardItem: _discard_item, A.DiscardParchment: _discard_parchment,
    A.TakeBack: _take_back, A.EndTurn: _end_turn, A.Keep: _keep,
}
