"""The whole truth of one Amadrim game and the dispatch of actions to the phase modules.

Phases: "setup" (cities placed one by one), "programming" (simultaneous and secret),
"actions" (one seat after the other, programming revealed), then scoring at the end of the
turn, and "over". `apply` checks everything before changing anything, so a refused action
leaves the state untouched.
"""

from __future__ import annotations

import random
from itertools import compress
from operator import not_
from typing import Any

from rules.amadrim import action_phase, placement, programming, scoring
from rules.amadrim.actions import (
    KINDS,
    AddCube,
    Attack,
    Create,
    EndActions,
    LockIn,
    Move,
    PlaceCity,
    RemoveCube,
    Spell,
    TakeCity,
    TimeUp,
)
from rules.amadrim.board import Board
from rules.amadrim.content import Content
from rules.amadrim.view import build_view, lazy_view
from rules.core import Action, HiddenResults, IllegalAction

#: Which phase accepts which action, and the module function that handles it.
HANDLERS: dict[type, tuple[str, Any]] = {
    PlaceCity: ("setup", placement.place_city),
    AddCube: ("programming", programming.add_cube),
    RemoveCube: ("programming", programming.remove_cube),
    LockIn: ("programming", programming.lock_in),
    TimeUp: ("programming", programming.time_up),
    Create: ("actions", action_phase.create),
    Move: ("actions", action_phase.move),
    Attack: ("actions", action_phase.attack),
    Spell: ("actions", action_phase.spell),
    TakeCity: ("actions", action_phase.take_city),
    EndActions: ("actions", action_phase.end_actions),
}


class AmadrimState(HiddenResults):
    """One game of Amadrim Tales; see the module docstring for the phases."""

    def __init__(self, content: Content, seats: int, seed: int, options: dict[str, Any]) -> None:
        self.content = content
        self.seats = seats
        self.seed = seed
        self.options = options
        self.rng = random.Random(seed)
        self.log: list[dict[str, Any]] = []
        self.board = Board(content.width, content.height, content.quadrant_width, content.quadrant_height)
        colours = len(content.colours)
        self.colour_ids = [c.id for c in content.colours]  # (read by every view's resources)
        self.stock = [[0] * colours for _ in range(seats)]
        self.supply = None if content.supply is None else list(content.supply)
        self.market = [[0] * colours for _ in range(seats)]
        self.captured: list[list[dict[str, Any]]] = [[] for _ in range(seats)]
        self.reputation = [scoring.empty_line() for _ in range(seats)]
        self.history: list[list[int]] = []
        self.majority: list[int | None] = [None] * colours
        self.phase = "setup"
        self.turn = 0
        self.first_player = self.rng.randrange(seats)
        self.placing: list[int] = []
        self.cubes = [0] * seats
        self.programming = [[0] * len(KINDS) for _ in range(seats)]
        self.locked = [False] * seats
        self.revealed = [False] * seats
        self.out = [False] * seats
        self.current: int | None = None
        self.remaining = [0] * len(KINDS)
        self.order: list[int] = []
        self.next_unit = 1
        self.static_view: dict[str, Any] | None = None
        self.view_parts: dict[str, Any] | None = None  # the public part of the last view (view.py)
        self.view_reuse: str | None = None  # what changed since it: "cubes" (programming cubes
        # placed or removed), "locks" (cubes, and some seats locked in), "acted" (the acting
        # seat spent cubes and acts on); None: anything
        self.texts: dict[tuple[int, str], dict[str, str]] | None = None  # see `colour_text`
        self.pawns_memo: tuple[tuple[int, ...], list[int]] | None = None  # see `pawns_left`
        self.end_reason: str | None = None
        # what the last scoring was made of (`scoring.end_turn`), and its score screen
        # (`last_scoring`, made from it when first read)
        self.scored: tuple[Any, ...] | None = None
        self.scoring_screen: tuple[Any, dict[str, Any] | None] | None = None
        placement.start(self)

    # -- the protocol --------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        """Seats that must act now (every seat still programming, in the programming phase)."""
        if self.phase == "setup":
            return self.placing[:1]
        if self.phase == "programming":  # (asked before every cube placed: a C loop)
            return list(compress(range(self.seats), map(not_, self.locked)))
        if self.phase == "actions" and self.current is not None:
            return [self.current]
        return []

    def may_act(self, seat: int) -> bool:
        """`seat in self.to_act()`, without building the list (asked before every action)."""
        phase = self.phase
        if phase == "programming":
            return 0 <= seat < self.seats and not self.locked[seat]
        if phase == "actions":
            return self.current is not None and seat == self.current
        if phase == "setup":
            return bool(self.placing) and seat == self.placing[0]
        return False

    def legal_actions(self, seat: int) -> list[Action]:
        """A bounded, useful list of what `seat` may do now (empty when it need not act)."""
        phase = self.phase
        if phase == "programming":  # (most lists: a cube to place; `may_act` inlined)
            return programming.legal(self, seat) if 0 <= seat < self.seats and not self.locked[seat] else []
        if not self.may_act(seat):
            return []
        if phase == "setup":
            return placement.legal(self, seat)
        return action_phase.legal(self, seat)

    def apply(self, seat: int, action: Action) -> None:
        """Play `action` for `seat`; `IllegalAction` (state unchanged) when not allowed now."""
        if type(action) is AddCube and self.phase == "programming" and 0 <= seat < self.seats \
                and not self.locked[seat]:  # (most actions: one more programming cube, straight to
            # its handler once the checks below are known to pass; it refuses as it always does)
            programming.add_cube(self, seat, action)
            self._hidden = None  # placing a cube reveals nothing, nor changes a view's public part
            if self.view_reuse != "locks":
                self.view_reuse = "cubes"
            return
        phase, handler = HANDLERS.get(type(action), (None, None))
        if handler is None:
            raise IllegalAction("amadrim.illegal.unknown_action", type=getattr(action, "type", "?"))
        if self.phase == "over":
            raise IllegalAction("amadrim.illegal.game_over")
        if phase != self.phase:
            raise IllegalAction("amadrim.illegal.wrong_phase", phase={"key": f"amadrim.phase.{self.phase}"})
        if not self.may_act(seat):
            raise IllegalAction("amadrim.illegal.not_your_turn")
        self._hidden = None  # clear_hidden()
        if phase == "programming" and type(action) is not LockIn and type(action) is not TimeUp:
            handler(self, seat, action)  # placing a cube reveals nothing
            if self.view_reuse != "locks":  # nor changes a view's public part
                self.view_reuse = "cubes"
            return
        shown, turn, current = sum(self.revealed), self.turn, self.current
        handler(self, seat, action)
        if sum(self.revealed) > shown:  # a secret programming was turned face up
            self.mark_hidden("reveal")
        if phase == self.phase == "programming" and self.turn == turn:  # locked in while others
            self.view_reuse = "locks"  # still program: only "to_act", "locked" and the log changed
        elif phase == self.phase == "actions" and self.turn == turn and self.current == current \
                and self.view_reuse in (None, "acted"):  # one cube spent, the same seat goes on:
            self.view_reuse = "acted"  # the pieces, resources, captures, log and cubes changed
        else:
            self.view_parts = None  # anything else may change what the views show

    # -- phase transitions: the phase modules never import each other; they ask the state -----

    def begin_actions(self) -> None:
        """Every seat has locked its programming: the action phase starts."""
        action_phase.start(self)

    def end_turn(self) -> None:
        """The last programming is played out: score the turn (and maybe start the next one)."""
        scoring.end_turn(self)

    def begin_programming(self) -> None:
        """A new turn: secret programming starts."""
        programming.start(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: the table's public view)."""
        return build_view(self, seat)

    def lazy_view(self, seat: int | None) -> Any:
        """`view(seat)` as a read-only mapping made key by key when read (for `game.simulate`'s
        bots: the same values, without building what a bot does not read; made for every
        decision: the module is imported once, above)."""
        return lazy_view(self, seat)

    def is_over(self) -> bool:
        return self.phase == "over"

    def outcome(self) -> dict[str, Any]:
        """Scores (totals), ranking best first (with the tie-break), winners, totals per turn."""
        return scoring.outcome(self)

    @property
    def last_scoring(self) -> dict[str, Any] | None:
        """The last turn's score screen (`scoring.last_scoring`), made once per scoring when
        first read (the same dict for every view of that scoring: read only)."""
        memo = self.scoring_screen
        if memo is None or memo[0] is not self.scored:
            memo = self.scoring_screen = (self.scored, scoring.last_scoring(self))
        return memo[1]

    # -- what the checks read (shared with `action_phase.ViewContext`) ---------------------------

    @property
    def take_cost(self) -> tuple[int, ...]:
        return self.content.take_city

    @property
    def level_cost(self) -> dict[int, tuple[int, ...]]:
        return self.content.level_up

    @property
    def max_level(self) -> int:
        return self.content.max_level

    @property
    def pawns_left(self) -> list[int | None]:
        """Pawns each guild may still bring into play (None: unlimited). A pawn on the map or
        captured by another guild is not in its owner's supply."""
        if self.content.pawns is None:
            return [None] * self.seats
        # asked several times a decision: counted again only when a unit came or went (a move
        # changes nothing), or a piece was captured (a copy is returned: callers may keep or
        # change it)
        key = (self.board.roster, len(self.board.units), sum(map(len, self.captured)), self.content.pawns)
        memo = self.pawns_memo
        if memo is not None and memo[0] == key:
            return list(memo[1])
        owned = self.board.owned
        used = [len(owned.get(seat, ())) for seat in range(self.seats)]
        for captures in self.captured:
            for piece in captures:
                used[piece["owner"]] += 1
        left = [max(0, self.content.pawns - n) for n in used]
        self.pawns_memo = (key, left)
        return list(left)

    # -- resources -----------------------------------------------------------------------------

    def gain(self, seat: int, colour: int, amount: int = 1) -> int:
        """Give `seat` up to `amount` of `colour` from the bank; returns what it got."""
        if self.supply is not None:
            amount = min(amount, self.supply[colour])
            self.supply[colour] -= amount
        self.stock[seat][colour] += amount
        return amount

    def can_pay(self, seat: int, cost: tuple[int, ...]) -> bool:
        return all(have >= need for have, need in zip(self.stock[seat], cost))

    def pay(self, seat: int, cost: tuple[int, ...]) -> None:
        """Spend `cost` (already checked with `can_pay`); it goes back to the bank."""
        for colour, need in enumerate(cost):
            self.stock[seat][colour] -= need
            if self.supply is not None:
                self.supply[colour] += need

    def gain_cell(self, seat: int, cell: tuple[int, int], region: bool) -> list[int]:
        """The resources of a cell's column and row colours (and its region's): colours gained."""
        x, y = cell
        colours = [self.content.column_colour[x], self.content.row_colour[y]]
        if region:
            colours.append(self.content.region[y][x])
        return [c for c in colours if self.gain(seat, c)]

    def say(self, key: str, **params: Any) -> None:
        """Add a public log entry (`entry(...)`, built here: `params` is already this call's own
        dict, no copy of it is needed; some 450 entries a game)."""
        self.log.append({"key": f"amadrim.log.{key}", "params": params})

    def resource_names(self, colours: list[int]) -> list[dict[str, Any]]:
        """Log parameter: the resources' names as the guild sheets show them (Ebony, Spices…)."""
        return [self.colour_text(c, "resource") for c in colours]

    def colour_text(self, colour: int, part: str) -> dict[str, Any]:
        """Log parameter: a colour's `name` or `resource` text ({"text": {fr, en}}), a new dict
        each time, from the content's texts dumped once per state (pydantic's dump is slow)."""
        texts = self.texts
        if texts is None:
            texts = self.texts = {(i, p): getattr(c, p).model_dump()
                                  for i, c in enumerate(self.content.colours) for p in ("name", "resource")}
        return {"text": dict(texts[colour, part])}

