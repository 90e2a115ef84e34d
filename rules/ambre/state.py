"""The Ambre game state: the table (hands, jokers, conflicts, put-aside cards, ranks), the
phase, and the dispatch of `to_act`, `legal_actions` and `apply` to the phase modules.

Phases: `childhood` (`childhood.py`), `bids` (`bids.py`), `elements` (`conflicts.py`), `act1`
and `act2` (`acts.py`, `scene.py`, `consequences.py`), `epilogue` (`epilogue.py`), `over`.
Every handler checks everything before it changes anything, so a refused action leaves the
state untouched.
"""

from __future__ import annotations

from typing import Any

from rules.ambre import acts, bids, cards, childhood, conflicts, consequences, epilogue, scene, view
from rules.ambre.content import AmbreContent, RulesFile
from rules.ambre.table import Conflict
from rules.core import HiddenResults, IllegalAction, new_rng, seat_ref

OPTION_KEYS = ("leftover", "raise_tie", "tie_break_joker", "close_give_self", "consequence_cards")


_MODULES = {
    "childhood": childhood, "bids": bids, "elements": conflicts, "act1": acts, "act2": acts,
    "epilogue": epilogue,
}
_HANDLERS: dict[type, tuple[tuple[str, ...], Any]] = {}
for _phases, _module in ((("childhood",), childhood), (("bids",), bids), (("elements",), conflicts),
                         (("act1", "act2"), acts), (("act1", "act2"), scene), (("act1", "act2"), consequences),
                         (("epilogue",), epilogue)):
    for _cls, _fn in _module.HANDLERS.items():
        _HANDLERS[_cls] = (_phases, _fn)


class AmbreState(HiddenResults):
    """One game of Ambre; see the module docstring for the phases.

    `hidden_result()` is "reveal" after an action that turned something secret face up: the bids
    revealed together, a floor request yielded, a face-down card turned up (closing, or taken as a
    consequence), the motivations at the epilogue.
    """

    def __init__(self, content: AmbreContent, seats: int, seed: int, options: dict[str, Any] | None = None) -> None:
        self.content, self.n, self.seed = content, seats, seed
        overrides = {k: v for k, v in (options or {}).items() if k in OPTION_KEYS}
        self.rules: RulesFile = content.rules.model_copy(update=overrides)
        self.rng = new_rng(seed)
        self.log: list[dict[str, Any]] = []
        self.phase = "childhood"
        self.names: list[str | None] = [None] * seats
        self.motivations: list[str | dict[str, Any] | None] = [None] * seats  # typed, or {text: {fr, en}}
        self.hands: list[list[str]] = []
        self.boxed: list[str] = []
        self.jokers: list[str] = []
        self.conflicts: list[Conflict] = []
        self.aside: list[list[str]] = [[] for _ in range(seats)]
        self.ranks: dict[int, dict[str, int]] = {s: {} for s in range(seats)}
        childhood.deal(self)
        self.suit_order = list(cards.SUITS)
        self.rng.shuffle(self.suit_order)
        self.bidding: bids.Bidding | None = None
        self.bid_results: list[dict[str, Any]] = []
        self.element_turn = 0
        self.act = 0
        self.initiated: list[int] = []
        self.scene: scene.Scene | None = None
        self.scenes: list[dict[str, Any]] = []
        self.epilogue: dict[str, Any] | None = None

    # -- protocol ----------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        """Every seat that may act now (several in simultaneous phases and during narration)."""
        module = _MODULES.get(self.phase)
        return module.to_act(self) if module else []

    def waiting_on(self) -> list[int]:
        """The seats the game waits on to go on: `to_act()`, except during narration, where only
        the narrator must act (the others may, but nothing waits for them)."""
        if self.scene is not None and self.scene.step == "narration":
            return [self.scene.narrator]
        return self.to_act()

    def legal_actions(self, seat: int) -> list[Any]:
        """A bounded, useful list of what `seat` may do now."""
        if seat not in self.to_act():
            return []
        return _MODULES[self.phase].legal(self, seat)

    def apply(self, seat: int, action: Any) -> None:
        """Apply `action` for `seat`, or raise IllegalAction and change nothing."""
        if not isinstance(seat, int) or seat not in self.to_act():
            raise IllegalAction("ambre.illegal.not_your_turn", seat=seat_ref(seat if isinstance(seat, int) else -1))
        found = _HANDLERS.get(type(action))
        if found is None:
            raise IllegalAction("ambre.illegal.unknown_action", type=getattr(action, "type", "?"))
        phases, handler = found
        if self.phase not in phases:
            raise IllegalAction("ambre.illegal.not_now")
        self.clear_hidden()
        handler(self, seat, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: the public view); see `view.py`."""
        return view.build(self, seat)

    def lazy_view(self, seat: int | None) -> Any:
        """`view(seat)` made key by key as it is read (`game.simulate`'s bots; see `rules.core.lazyview`)."""
        return view.lazy(self, seat)

    def is_over(self) -> bool:
        return self.phase == "over"

    def outcome(self) -> dict[str, Any]:
        """Scores are the epilogue differences; ranking from the most enviable fate."""
        results = epilogue.fates(self)
        scores = [r["difference"] for r in results]
        ranking = epilogue.telling_order(results)[::-1]
        best = max(scores) if scores else 0
        return {"scores": scores, "ranking": ranking, "winners": [s for s in ranking if scores[s] == best],
                "fates": results}

    # -- phase changes (the phase modules call these, so none of them imports another) --------

    def start_bids(self) -> None:
        bids.start(self)

    def start_characterising(self) -> None:
        conflicts.start(self)

    def start_act(self, act: int) -> None:
        acts.start(self, act)

    def start_consequences(self) -> None:
        consequences.start(self)

    def end_scene(self) -> None:
        acts.end_scene(self)

    def start_epilogue(self) -> None:
        epilogue.start(self)

    # -- helpers -----------------------------------------------------------------------------

    def own_conflicts(self, seat: int) -> list[int]:
        """The conflicts at the seat's left and right."""
        return sorted({(seat - 1) % self.n, seat})

    def sort_hand(self, seat: int) -> None:
        self.hands[seat].sort(key=cards.sort_key)

    def suit_label(self, suit: str) -> dict[str, Any]:
        return self.content.suits[suit].name.to_json()

    def suit_of_label(self, suit: str) -> dict[str, Any]:
        return self.content.suits[suit].of_name.to_json()

    def characteristic_label(self, suit: str) -> dict[str, Any]:
        return self.content.characteristics[suit].name.to_json()

    def figure_label(self, rank: int) -> dict[str, Any]:
        return self.content.figures[rank].name.to_json()

    def conflict_label(self, conflict: Conflict) -> dict[str, Any]:
        return self.content.majors[conflict.arcanum].name.to_json()

    def card_label(self, card: str) -> str:
        """'7♥' style: value and the suit's symbol."""
        if cards.is_major(card):
            return f"{cards.number(card)}★"
        return f"{cards.value(card)}{self.content.suits[cards.suit(card)].symbol}"
