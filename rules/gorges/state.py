"""The state of one campaign: the whole truth, the engine protocol, dice and common queries.

The campaign itself is a generator (`rules.gorges.flow.campaign`) that yields a `Prompt` each
time someone must choose and receives the action that answers it. `apply` checks the action
against the prompt first (raising `IllegalAction`, nothing changed), then sends it on; phases
needing no choice run on inside that same `apply`, their dice logged one by one.
"""

from __future__ import annotations

import copy
from collections.abc import Generator, Iterator
from functools import lru_cache
from typing import Any

from rules.core import Action, IllegalAction, new_rng, seat_ref
from rules.gorges.actions import (
    AIMS,
    DICE,
    Ally,
    DesignerMode,
    ForceNextRoll,
    Note,
    Rename,
    SetProfile,
    SwapArmies,
)
from rules.gorges.content import Content, Entry
from rules.gorges.effects import parse_dice
from rules.gorges.prompts import Prompt
from rules.gorges.records import STAT_MAX, STATS, Army, General, Hero, Regiment

Flow = Generator[Prompt, Action, Any]

MAX_NAME = 40
MAX_NOTE = 400
PLACE_PARAMS = {"territory", "to", "before", "capital", "start"}
ARMY_PARAMS = {"army", "first", "second", "a", "b"}
NAMED_PARAMS = frozenset({*PLACE_PARAMS, *ARMY_PARAMS, "path", "building", "why", "mode"})  # see `_param`

# Frequent log entries kept flat until the log is read (`say_flat`): their params' names in order
# (an event's texts follow its roll), those of them that are seats (given as numbers, or None),
# lists (given as tuples) and words (given as their catalog key: {"key", "params": {}} named).
_NO: frozenset[str] = frozenset()
_SEAT = frozenset({"seat"})
FLAT: dict[str, tuple[tuple[str, ...], frozenset[str], frozenset[str], frozenset[str]]] = {
    "gorges.log.moved": (("seat", "army", "before", "to", "mode"), _SEAT, _NO, _NO),
    "gorges.log.event": (("seat", "roll"), _SEAT, _NO, _NO),
    "gorges.log.flag": (("territory", "seat", "before", "why"), frozenset({"seat", "before"}), _NO, _NO),
    "gorges.log.search": (("seat", "dice", "target", "found", "crown"), _SEAT, frozenset({"dice"}), _NO),
    "gorges.log.challenge": (("seat", "target", "army", "territory"), frozenset({"seat", "target"}), _NO, _NO),
    "gorges.log.answer": (("seat", "accept", "army"), _SEAT, _NO, frozenset({"accept"})),
    "gorges.log.battle": (("winner", "loser", "territory", "points", "storm"), frozenset({"winner", "loser"}),
                          frozenset({"points"}), _NO),
    "gorges.log.crown": (("seat", "start", "to", "path", "direction", "steps"), _SEAT, frozenset({"path"}), _NO),
    "gorges.log.pushed_back": (("army", "seat", "to"), _SEAT, _NO, _NO),
    "gorges.log.home_rule": (("army", "seat", "to"), _SEAT, _NO, _NO),
    "gorges.log.destroyed": (("army", "seat", "returns"), _SEAT, _NO, _NO),
    "gorges.log.returns": (("army", "seat", "to"), _SEAT, _NO, _NO),
    "gorges.log.swap": (("seat", "first", "second"), _SEAT, _NO, _NO),
    "gorges.log.wound": (("army", "seat"), _SEAT, _NO, _NO),
    "gorges.log.item": (("army", "value"), _NO, _NO, _NO),
    "gorges.log.renown": (("army", "regiment"), _NO, _NO, _NO),
    "gorges.log.razed": (("territory", "building"), _NO, _NO, _NO),
    "gorges.log.relics": (("seat", "amount"), _SEAT, _NO, _NO),
    "gorges.log.extra_points": (("seat", "points", "army"), _SEAT, _NO, _NO),
    "gorges.log.built": (("territory", "building", "seat"), _SEAT, _NO, _NO),
    "gorges.log.capital_moved": (("seat", "before", "to"), _SEAT, _NO, _NO),
}
EXPRESSION_AIMS = {"relics", "points", "item", "standard"}  # rolled with d3 or d6 as the entry says
_ANY_TIME = frozenset({ForceNextRoll, DesignerMode, Rename, SetProfile, Note, Ally, SwapArmies})
CHECKPOINT_WINDOW = 60  # a copy's replay keeps the data of the turn starts this close to its end
# Lists whose entries are never changed once added (only appended, or replaced): shared by copies.
_ROWS = ("_log", "_table_rolls", "history", "relics_by_turn")
_NOT_IN_CHECKPOINT = frozenset({"content", "rng", *_ROWS, "_unnamed", "_armies_then", "_place_names",
                                "_abilities", "_event_effects", "flow", "_campaign", "prompt",
                                "_seats_applied", "_actions_applied", "_checkpoint", "_replaying", "_newest",
                                "_listed", "_prelisted", "_lands"})
_parsed_dice = lru_cache(maxsize=128)(parse_dice)  # content's few expressions, parsed once
DIE_RANGE = {"d3": range(1, 4), "d6": range(1, 7),
             "d66": [t * 10 + u for t in range(1, 7) for u in range(1, 7)]}


class GorgesState:
    """One campaign of L'Île des Gorges Tranchées."""

    def __init__(self, content: Content, seats: int, seed: int, options: dict[str, Any]) -> None:
        self.content = content
        self.n = seats
        self.seed = seed
        self.rng = new_rng(seed)
        self.options = options
        self._start_options = options  # `options` as the campaign began (designer mode may change it)
        # Every action applied and its seat, in order (see `copy` and `_applied`).
        self._seats_applied: list[int] = []
        self._actions_applied: list[Action] = []
        self._checkpoint: tuple[int, dict[str, Any]] | None = None  # see `copy`
        self._replaying: tuple[int, int] | None = None  # (next action, checkpoints from) in a copy's replay
        self._newest: tuple[int, dict[str, Any]] | None = None  # the last checkpoint that replay kept
        self._log: list[dict[str, Any]] = []  # the public log, named (see `say`)
        self._unnamed: list[tuple[Any, ...]] = []  # said, not yet named (see `_said`)
        self._table_rolls: list[tuple[int, str]] = []  # (log index, table id) of the named table rolls
        self._armies_then: list[tuple[int, dict[str, Army]]] = []  # (entries said, armies until then)
        self._place_names: dict[str, dict[str, str]] = {}  # territory names, dumped once
        self._abilities: dict[str, dict[str, Any]] = {}  # race -> ability type -> its (first) ability
        self._event_effects: dict[int, dict[str, Any]] = {}  # d66 event or -1-season -> type -> effect
        self.generals = [General(i) for i in range(seats)]
        self.armies: dict[str, Army] = {}
        self.owner: dict[str, int | None] = dict.fromkeys(content.island.ids)
        self.building: dict[str, str | None] = dict.fromkeys(content.island.ids)
        self.crown = content.crown_start
        self.season = 0
        self.turn_in_season = 1
        self.turn = 1
        self.phase = "setup"
        self.order = list(range(seats))
        self.active: int | None = None
        self.challenges: list[dict[str, Any]] = []
        self.battle: dict[str, Any] | None = None
        self.forced: dict[str, list[int]] = {d: [] for d in DICE}
        self.aimed: dict[str, list[int]] = {}  # purpose -> values the designer chose for its next rolls
        self.forbidden: set[tuple[int, int]] = set()
        self.dictated: dict[int, int] = {}
        self.moves: dict[str, int] = {}
        self.history: list[dict[str, Any]] = []
        self.relics_by_turn: list[list[int]] = []
        self.alliances: set[tuple[int, int]] = set()  # (lower seat, higher seat)
        self.alliance_offers: set[tuple[int, int]] = set()  # (from, to)
        self.over = False
        # The list `legal_actions` gave for the current prompt, kept until the next action changes
        # the state (so `apply` finds a listed action there instead of checking it again), and the
        # list the flow made when it asked (handed out by the first `legal_actions` call).
        self._listed: tuple[Prompt, list[Action]] | None = None
        self._prelisted: tuple[Prompt, list[Action]] | None = None
        self._lands: Lands | None = None  # see `lands`
        from rules.gorges.flow import campaign
        self.flow: Flow = campaign(self)
        self._campaign = self.flow  # the campaign's own flow (a test may replace `flow` by a scenario)
        self.prompt: Prompt | None = next(self.flow)

    # -- protocol ----------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        """Every seat that may answer the current prompt (none when the campaign is over): the seat
        asked, then, when any seat may answer for the table (a battle's result, the table's
        agreement to a second challenge), every other seat in seat order."""
        p = self.prompt
        if p is None:
            return []
        if p.any_seat:
            return [p.seat] + [s for s in range(self.n) if s != p.seat]
        return [p.seat]

    def waiting_on(self) -> list[int]:
        """The seat the campaign asks (the first of `to_act()`): the table hands it the screen and
        schedules bots on it only, though any seat may answer a prompt for the table."""
        return [] if self.prompt is None else [self.prompt.seat]

    def legal_actions(self, seat: int) -> list[Action]:
        """What `seat` may do now (designer `force_next_roll` is not listed)."""
        p = self.prompt
        if p is None or (seat != p.seat and not p.any_seat):
            return []
        pre = self._prelisted
        if pre is not None and pre[0] is p:  # listed by the flow as it asked: nothing changed since
            self._prelisted = None
            listed = pre[1]
        else:
            listed = p.choices() if p.legal_fn is None else p.legal_fn(self)
        self._listed = (p, listed)
        return list(listed)

    def listed(self, prompt: Prompt, actions: list[Action]) -> Prompt:
        """The flow asks `prompt` and has just made its legal `actions` (the first `legal_actions`
        call hands them out instead of making them again): `prompt`, to be yielded at once."""
        self._prelisted = (prompt, actions)
        return prompt

    def apply(self, seat: int, action: Action) -> None:
        """Check then apply `action`; IllegalAction leaves the state untouched."""
        self._apply(seat, action, True)
        self._seats_applied.append(seat)
        self._actions_applied.append(action)

    @property
    def _applied(self) -> list[tuple[int, Action]]:
        """Every action applied so far with its seat, in order: (seat, action). Kept as two lists,
        not as a pair per action, which the garbage collector would track for the whole game
        (and scan again at each full collection: most of what a game keeps are its rows)."""
        return list(zip(self._seats_applied, self._actions_applied))

    def _apply(self, seat: int, action: Action, checked: bool) -> None:
        """`apply`; `checked` False skips checking a prompt's answer (`copy` replays actions
        that were checked when first applied: the check has no effect on the state)."""
        if not isinstance(action, Action):
            raise IllegalAction("gorges.illegal.not_an_action")
        if not 0 <= seat < self.n:
            raise IllegalAction("gorges.illegal.no_such_seat", seat=seat)
        if type(action) in _ANY_TIME:  # final classes: one look
            self._listed = self._prelisted = None  # (an illegal one changes nothing: no matter)
            if self._any_time(seat, action):
                return
        p = self.prompt
        if p is None:
            raise IllegalAction("gorges.illegal.game_over")
        if seat != p.seat and not p.any_seat:
            raise IllegalAction("gorges.illegal.not_your_turn", seat=seat_ref(p.seat))
        if checked and not self._was_listed(p, action):
            p.check(self, action)
        self._listed = self._prelisted = None
        try:
            self.prompt = self.flow.send(action)
        except StopIteration:
            self.prompt = None
            self.over = True

    def _was_listed(self, p: Prompt, action: Action) -> bool:
        """True when `action` is one of the very actions `legal_actions` listed for prompt `p`
        since the last action applied: it answers `p` (the state changes only through `apply`)."""
        listed = self._listed
        if listed is None or listed[0] is not p:
            return False
        for a in listed[1]:
            if a is action:
                return True
        return False

    def _any_time(self, seat: int, action: Action) -> bool:
        """Apply an action that answers no prompt (designer dice and mode, names, notes,
        profiles, alliances, the Daemons' swap at any time): False for a swap that may only
        answer the prompt."""
        if isinstance(action, ForceNextRoll):
            self._force(seat, action)
            return True
        if isinstance(action, DesignerMode):
            if self.over:
                raise IllegalAction("gorges.illegal.game_over")
            self.options = dict(self.options, designer_mode=action.on)
            self.say("gorges.log.designer_mode", seat=seat_ref(seat),
                     on={"key": "gorges.word.on" if action.on else "gorges.word.off", "params": {}})
            return True
        if isinstance(action, Rename):
            self._rename(seat, action)
            return True
        if isinstance(action, SetProfile):
            self._set_profile(seat, action)
            return True
        if isinstance(action, Note):
            self._note(seat, action)
            return True
        if isinstance(action, Ally):
            self._ally(seat, action)
            return True
        if isinstance(action, SwapArmies) and self._swap_any_time(seat):
            self._swap(seat, action)
            return True
        return False

    def copy(self) -> GorgesState:
        """An independent copy of the campaign, sharing only the (immutable) content.

        The campaign is a generator, which Python cannot copy: the copy is the same campaign
        replayed with every action applied so far, unchecked (they were checked once), from its
        seed or from a checkpoint: the data at the start of a turn, kept by an earlier copy's
        replay near its end (so the copies of one state, or of later ones, replay one turn or
        so). A state changed other than through `apply` (a test arranging a scenario) cannot be
        replayed: TypeError, like any object holding a generator."""
        if self.flow is not self._campaign:
            raise TypeError("a GorgesState running a hand-made flow cannot be copied")
        done = len(self._actions_applied)
        start = self._checkpoint
        if start is not None and start[0] <= done:
            other = self._restored(start[1])
            first = start[0]
        else:
            other, first = GorgesState(self.content, self.n, self.seed, self._start_options), 0
        near_end = done - CHECKPOINT_WINDOW
        for i in range(first, done):
            other._replaying = (i, near_end)
            other._apply(self._seats_applied[i], self._actions_applied[i], False)
        other._replaying = None
        other._seats_applied, other._actions_applied = list(self._seats_applied), list(self._actions_applied)
        if other._newest is not None and (start is None or other._newest[0] > start[0]):
            self._checkpoint = other._newest
        other._newest = None
        other._checkpoint = self._checkpoint
        if other.rng.getstate() != self.rng.getstate() or other.log_size() != self.log_size() \
                or _prompt_json(other.prompt) != _prompt_json(self.prompt) or other.view() != self.view():
            raise TypeError("this GorgesState was changed outside `apply`: it cannot be replayed")
        return other

    def turn_starts(self) -> None:
        """The campaign is at the start of a turn: a copy replaying its last actions keeps the
        data here (`copy`); nothing otherwise."""
        if self._replaying is None or self._replaying[0] < self._replaying[1]:
            return
        self.log  # noqa: B018 -- named now: the checkpoint shares the entries, never changed again
        data = {k: v for k, v in self.__dict__.items() if k not in _NOT_IN_CHECKPOINT}
        data = _clone(data)
        data["rng"] = self.rng.getstate()
        for name in _ROWS:
            data[name] = list(getattr(self, name))
        self._newest = (self._replaying[0] + 1, data)  # the action being applied ends at this point

    def _restored(self, data: dict[str, Any]) -> GorgesState:
        """A state from a checkpoint's data, its campaign resumed at that turn's start."""
        other = GorgesState.__new__(GorgesState)
        other.__dict__.update(_clone({k: v for k, v in data.items() if k != "rng" and k not in _ROWS}))
        other.content = self.content
        other.rng = new_rng(0)
        other.rng.setstate(data["rng"])
        for name in _ROWS:
            setattr(other, name, list(data[name]))
        other._unnamed, other._armies_then = [], []
        other._place_names, other._abilities, other._event_effects = {}, {}, {}
        other._seats_applied, other._actions_applied = [], []
        other._checkpoint, other._replaying, other._newest = None, None, None
        other._listed = other._prelisted = other._lands = None
        from rules.gorges.flow import campaign
        other.flow = campaign(other, resume=True)
        other._campaign = other.flow
        other.prompt = next(other.flow)
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> GorgesState:
        """`copy.deepcopy` gives `copy()` (the content stays shared, as it never changes)."""
        return self.copy()

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """Everything is public: the same view for every seat."""
        from rules.gorges.view import build_view
        return build_view(self)

    def is_over(self) -> bool:
        return self.over

    def outcome(self) -> dict[str, Any]:
        from rules.gorges.seasons import outcome
        return outcome(self)

    # -- designer mode -----------------------------------------------------------------------

    def _force(self, seat: int, action: ForceNextRoll) -> None:
        if not self.options.get("designer_mode"):
            raise IllegalAction("gorges.illegal.designer_mode_off")
        if action.die not in DIE_RANGE:
            raise IllegalAction("gorges.illegal.unknown_die", die=action.die)
        if action.what and (action.what not in AIMS or (AIMS[action.what] != action.die
                                                         and action.what not in EXPRESSION_AIMS)):
            raise IllegalAction("gorges.illegal.unknown_aim", what=action.what, die=action.die)
        if action.value not in DIE_RANGE[action.die]:
            raise IllegalAction("gorges.illegal.die_range", die=action.die, value=action.value)
        if self.over:
            raise IllegalAction("gorges.illegal.game_over")
        if action.what:
            self.aimed.setdefault(f"{action.what}/{action.die}", []).append(action.value)
            self.say("gorges.log.aimed", seat=seat_ref(seat), die=action.die, value=action.value,
                     aim={"key": f"gorges.aim.{action.what.replace(':', '.')}", "params": {}})
            return
        self.forced[action.die].append(action.value)
        self.say("gorges.log.forced", seat=seat_ref(seat), die=action.die, value=action.value)

    # -- alliances and the Daemons' swap: at any time, outside the prompts -----------------------

    def allied(self, a: int, b: int) -> bool:
        """True when generals `a` and `b` are allies."""
        return bool(self.alliances) and ((a, b) if a < b else (b, a)) in self.alliances

    def _ally(self, seat: int, action: Ally) -> None:
        other = action.other
        if not 0 <= other < self.n or other == seat:
            raise IllegalAction("gorges.illegal.no_such_seat", seat=other)
        if self.over:
            raise IllegalAction("gorges.illegal.game_over")
        pair = (min(seat, other), max(seat, other))
        if action.on:
            if pair in self.alliances:
                raise IllegalAction("gorges.illegal.already_allied", seat=seat_ref(other))
            if (other, seat) in self.alliance_offers:
                self.alliance_offers.discard((other, seat))
                self.alliances.add(pair)
                self.say("gorges.log.alliance", seat=seat_ref(seat), other=seat_ref(other))
            else:
                self.alliance_offers.add((seat, other))
                self.say("gorges.log.alliance_offered", seat=seat_ref(seat), other=seat_ref(other))
            return
        if pair in self.alliances:
            self.alliances.discard(pair)
            self.say("gorges.log.alliance_ended", seat=seat_ref(seat), other=seat_ref(other))
        elif {(seat, other), (other, seat)} & self.alliance_offers:
            self.alliance_offers -= {(seat, other), (other, seat)}
            self.say("gorges.log.alliance_declined", seat=seat_ref(seat), other=seat_ref(other))
        else:
            raise IllegalAction("gorges.illegal.not_allied", seat=seat_ref(other))

    def _swap_any_time(self, seat: int) -> bool:
        ability = self.ability(seat, "swap_armies")
        return ability is not None and ability.any_time

    def _swap(self, seat: int, action: SwapArmies) -> None:
        from rules.gorges.phases.movement import swap
        a, b = self.armies.get(action.first), self.armies.get(action.second)
        if self.over or self.phase == "setup" or self.battle is not None or a is None or b is None \
                or a.seat != seat or b.seat != seat or not a.on_map or not b.on_map \
                or a.location == b.location or self._swap_brings_builder(a, b):
            raise IllegalAction("gorges.illegal.cannot_swap", first=action.first, second=action.second)
        swap(self, seat, a, b)

    def _swap_brings_builder(self, a: Any, b: Any) -> bool:
        """An army that built this turn may not take another's place in a challenge."""
        bound = {x for ch in self.challenges if ch["status"] in ("pending", "accepted")
                 for x in (ch["army"], ch["defender_army"])}
        return (a.id in bound and b.built) or (b.id in bound and a.built)

    def _note(self, seat: int, action: Note) -> None:
        army = self.armies.get(action.army)
        if army is None or army.seat != seat:
            raise IllegalAction("gorges.illegal.no_such_army", army=action.army)
        text = action.text.strip()
        if len(text) > MAX_NOTE:
            raise IllegalAction("gorges.illegal.note_too_long", max=MAX_NOTE)
        if action.target == "army":
            army.memo = text
        elif action.target == "general":
            self.generals[seat].memo = text
        else:
            raise IllegalAction("gorges.illegal.no_such_target", target=action.target)

    def _rename(self, seat: int, action: Rename) -> None:
        army = self.armies.get(action.army)
        if army is None or army.seat != seat:
            raise IllegalAction("gorges.illegal.no_such_army", army=action.army)
        name = action.name.strip()
        if len(name) > MAX_NAME:
            raise IllegalAction("gorges.illegal.name_too_long", max=MAX_NAME)
        if action.target == "army":
            army.name = name
        elif action.target == "hero":
            army.hero.name = name
        elif action.target.startswith(("item:", "gift:")):
            self._name_item(army, action.target, name)
        else:
            number = action.target.removeprefix("regiment:")
            regiment = next((r for r in army.regiments if str(r.number) == number), None)
            if regiment is None:
                raise IllegalAction("gorges.illegal.no_such_target", target=action.target)
            regiment.name = name

    def _name_item(self, army: Army, target: str, name: str) -> None:
        """The magic item (or standard) chosen at the table for a "worth at most" item."""
        parts = target.split(":")
        try:
            if any(not p.isdigit() for p in parts[1:]):
                raise ValueError(target)
            if parts[0] == "item" and len(parts) == 2:
                item = army.hero.items[int(parts[1])]
            elif parts[0] == "gift" and len(parts) == 3:
                regiment = next(r for r in army.regiments if r.number == int(parts[1]))
                item = regiment.gifts[int(parts[2])]
            else:
                raise ValueError(target)
        except (ValueError, IndexError, StopIteration):
            raise IllegalAction("gorges.illegal.no_such_target", target=target) from None
        item["name"] = name

    def _set_profile(self, seat: int, action: SetProfile) -> None:
        army = self.armies.get(action.army)
        if army is None or army.seat != seat:
            raise IllegalAction("gorges.illegal.no_such_army", army=action.army)
        profile = dict(action.profile)
        if len(profile) != len(action.profile) or any(k not in STATS for k in profile):
            raise IllegalAction("gorges.illegal.bad_profile", stats=list(STATS))
        if any(not 0 <= v <= STAT_MAX for v in profile.values()):
            raise IllegalAction("gorges.illegal.bad_profile", stats=list(STATS))
        army.hero.base = profile

    # -- dice ----------------------------------------------------------------------------------

    def raw(self, die: str, purpose: str = "") -> tuple[int, bool]:
        """One die result for `purpose`: the designer's value aimed at that purpose first, then his
        queue for that die, else the dice: (value, forced)."""
        aimed = self.aimed.get(f"{purpose}/{die}") if self.aimed else None
        if aimed:
            return aimed.pop(0), True
        if self.forced[die]:
            return self.forced[die].pop(0), True
        return self._die(die), False

    def _die(self, die: str) -> int:
        """A die thrown: `randint(1, k)`, which is `1 + _randbelow(k)` (random.Random.randrange's
        unit-step path), and `_randbelow(k)` draws `k.bit_length()` bits until they make less
        than k: the same numbers from the same seed, without the calls and checks around them."""
        bits = self.rng.getrandbits
        if die == "d3":
            r = bits(2)
            while r >= 3:
                r = bits(2)
            return r + 1
        r = bits(3)
        while r >= 6:
            r = bits(3)
        if die != "d66":
            return r + 1
        u = bits(3)
        while u >= 6:
            u = bits(3)
        return (r + 1) * 10 + u + 1

    def d6s(self, count: int) -> list[int]:
        """`count` d6 thrown in a row (`_die("d6")` each), logged by the caller."""
        bits = self.rng.getrandbits
        out = []
        for _ in range(count):
            r = bits(3)
            while r >= 6:
                r = bits(3)
            out.append(r + 1)
        return out

    def roll(self, seat: int | None, die: str, what: str, **params: Any) -> int:
        """Roll one die for `seat`, logging die, result and what it was for."""
        if self.aimed or self.forced[die]:
            value, forced = self.raw(die, what.removeprefix("gorges.roll."))
        elif die == "d6":  # `_die("d6")`, inline: the most frequent die
            bits = self.rng.getrandbits
            r = bits(3)
            while r >= 6:
                r = bits(3)
            value, forced = r + 1, False
        else:
            value, forced = self._die(die), False
        self._unnamed.append(("gorges.log.roll", seat, die, value, forced, what, tuple(params),
                              tuple(params.values())) if params else
                             ("gorges.log.roll", seat, die, value, forced, what, (), ()))  # `say`, see `_said`
        return value

    def roll_table(self, seat: int | None, table: str, bonus: int = 0) -> tuple[int, Entry]:
        """Roll 1d6 (+bonus, kept within 1-6) on a content table; log the entry it selects."""
        if self.aimed or self.forced["d6"]:
            value, forced = self.raw("d6", f"table:{table}")
            result = max(1, min(6, value + bonus))
        else:  # `_die("d6")`, inline (a table roll follows each battle, event, mine...)
            bits = self.rng.getrandbits
            r = bits(3)
            while r >= 6:
                r = bits(3)
            value, forced = r + 1, False
            result = max(1, min(6, value + bonus)) if bonus else value
        content = self.content
        index = content.faces[table][result]
        self._unnamed.append(("gorges.log.table", seat, result, value, forced, table, index))  # `say`, see `_said`
        return result, content.tables[table].entries[index]  # `content.entry(table, result)`

    def roll_expr(self, seat: int | None, expr: str, what: str) -> int:
        """Roll a dice expression ("d6x50", "d3+1"...)."""
        sides, plus, times = _parsed_dice(expr)
        value = self.roll(seat, f"d{sides}", what)
        return (value + plus) * times

    # -- log and queries ---------------------------------------------------------------------

    @property
    def log(self) -> list[dict[str, Any]]:
        """The public log (engine protocol): append-only entries {"key", "params"}."""
        if self._unnamed:
            self._name_entries()
        return self._log

    def said(self) -> Iterator[tuple[str, dict[str, Any]]]:
        """Every log entry's key and params, in order, without naming those not read yet (see
        `say`): their ids are plain words and a table roll's texts are content `Text`s."""
        for item in self._log:
            yield item["key"], item["params"]
        content = self.content
        for said in self._unnamed:
            yield _said(said, content)

    def table_rolls(self) -> list[list[Any]]:
        """[log index, table id] of every table roll in the log (named or not yet)."""
        named = len(self._log)
        return [[i, t] for i, t in self._table_rolls] + [
            [named + k, said[5]] for k, said in enumerate(self._unnamed) if said[0] == "gorges.log.table"]

    def log_size(self) -> int:
        """len(self.log), without naming the entries not read yet."""
        return len(self._log) + len(self._unnamed)

    def say(self, key: str, **params: Any) -> None:
        """Append a public log entry; ids become names the UI can show (ids kept alongside).

        Naming waits until the log is read (self-play reads none; it would cost more than the
        rest of the bookkeeping): a name depends only on content and on which armies existed when
        it was said (an id that was no army stays a plain word), so an army is only made or
        disbanded through `add_army` and `disband`, which remember the armies until then."""
        self._unnamed.append((key, params))

    def say_flat(self, key: str, *values: Any) -> None:
        """`say(key, **params)` for a frequent entry of `FLAT`, given its params' values in the
        order `FLAT[key]` names them (seats as numbers): kept as a tuple of plain values until the
        log is read, which the garbage collector stops tracking (see `_said`)."""
        self._unnamed.append((key, *values))

    def _name_entries(self) -> None:
        start = 0
        for end, armies in [*self._armies_then, (len(self._unnamed), self.armies)]:
            for said in self._unnamed[start:end]:
                key, params = _said(said, self.content)
                self._named(params, armies)
                if key == "gorges.log.roll":  # what the die was rolled for: an entry of its own
                    self._named(params["what"]["params"], armies)
                elif key == "gorges.log.table":  # see `roll_table`
                    self._table_rolls.append((len(self._log), said[5]))
                    for name in ("table", "entry", "detail"):
                        params[name] = params[name].to_json()
                self._log.append({"key": key, "params": params})
            start = end
        self._unnamed.clear()
        self._armies_then.clear()

    def _named(self, params: dict[str, Any], armies: dict[str, Army]) -> None:
        """Turn the ids of `NAMED_PARAMS` into names, in place (`armies`: those in play then)."""
        for name in NAMED_PARAMS.intersection(params):
            params[name] = self._param(name, params[name], armies)

    def add_army(self, army: Army) -> None:
        """Put a new army in play (see `say`)."""
        self._armies_then.append((len(self._unnamed), dict(self.armies)))
        self.armies[army.id] = army

    def disband(self, army_id: str) -> None:
        """Take an army out of play for good (see `say`)."""
        self._armies_then.append((len(self._unnamed), dict(self.armies)))
        del self.armies[army_id]

    def _param(self, name: str, value: Any, armies: dict[str, Army]) -> Any:
        if name != "path" and not isinstance(value, str):
            return value  # only ids (strings) and paths become names (the common case: numbers, refs)
        if name in PLACE_PARAMS and isinstance(value, str):
            return self.place(value)
        if name == "path":
            return [self.place(t) for t in value]
        if name in ARMY_PARAMS and isinstance(value, str) and value in armies:
            army = armies[value]
            return {"key": f"gorges.army.{army.slot}", "params": {"seat": seat_ref(army.seat)},
                    "army": value}
        if name in ("building", "why", "mode") and isinstance(value, str):
            return {"key": f"gorges.{name}.{value}", "params": {}}
        return value

    def place(self, tid: str) -> dict[str, Any]:
        """A territory as a log parameter: its name (shown) and its id (names dumped once per game)."""
        names = self._place_names
        if tid not in names:
            names[tid] = self.content.territories[tid].name.model_dump()
        return {"text": dict(names[tid]), "territory": tid}

    def lands(self) -> Lands:
        """Who holds which territory now, by seat (see `Lands`)."""
        found = self._lands
        flags = tuple(self.owner.values())  # in the island's order, which never changes
        if found is None or found.flags != flags or found.owner is not self.owner:
            found = self._lands = Lands(self.owner, flags, self.content.island.neighbours)
        return found

    def territories_of(self, seat: int) -> list[str]:
        """`seat`'s territories, in the island's order (sorted by id)."""
        return list(self.lands().of.get(seat, ()))

    def empire(self, seat: int) -> int:
        return len(self.lands().of.get(seat, ()))

    def armies_of(self, seat: int, on_map: bool = True) -> list[Army]:
        if on_map:
            return [a for a in self.armies.values() if a.seat == seat and a.location is not None]
        return [a for a in self.armies.values() if a.seat == seat]

    def armies_at(self, tid: str) -> list[Army]:
        return [a for a in self.armies.values() if a.location == tid]

    def capitals(self) -> dict[str, int]:
        return {g.capital: g.seat for g in self.generals if g.capital is not None}

    def race(self, seat: int) -> Any:
        r = self.generals[seat].race
        return self.content.races[r] if r is not None else None

    def ability(self, seat: int, kind: str) -> Any:
        """The race ability of that type for `seat`, or None."""
        r = self.generals[seat].race
        if r is None:
            return None
        kinds = self._abilities.get(r)
        if kinds is None:  # content never changes during a game: each race indexed once
            kinds = self._abilities[r] = _by_type(self.content.races[r].abilities)
        return kinds.get(kind)

    def event_effect(self, seat: int, kind: str) -> Any:
        """The effect of that type of `seat`'s current event, or None."""
        ev = self.generals[seat].event
        if ev is None:
            return None
        kinds = self._event_effects.get(ev)
        if kinds is None:  # indexed once per game, as abilities
            kinds = self._event_effects[ev] = _by_type(self.content.events[ev].effects)
        return kinds.get(kind)

    def season_effect(self, kind: str) -> Any:
        key = -1 - self.season  # seasons' keys are negative, events' d66 rolls positive
        kinds = self._event_effects.get(key)
        if kinds is None:
            kinds = self._event_effects[key] = _by_type(self.content.seasons[self.season].effects)
        return kinds.get(kind)

    def regiment_cap(self, army: Army) -> int:
        camp = self.content.campaign
        return camp.regiments_general if army.slot == "G" else camp.regiments_lieutenant

    def ask(self, seat: int, kind: str, options: list[str], **context: Any) -> Flow:
        """Yield a choice prompt and return the chosen option (a single option is taken at once).

        `why` (the event, table entry or race that asks) becomes its name, shown, and its `ref`
        (see `Content.ref`), by which the UI finds its text: names are not unique."""
        if not options:
            return None
        if len(options) == 1:
            return options[0]
        why = context.get("why")
        if why is not None and hasattr(why, "name"):
            context["why"] = why.name.to_json()
            context["ref"] = self.content.ref(why)
        action = yield Prompt(seat, kind, tuple(options), context)
        return action.value  # type: ignore[attr-defined]


class Lands:
    """The territories of each seat for one placement of the flags, and what borders them.

    Many queries scan the island's flags (`territories_of`, the challenges' borders, the turn
    order, searches, mines) while the flags change only now and then: the state keeps the last
    `Lands` and makes a new one when its flags differ (comparing the tuples of owners is much
    cheaper than a scan), so no write to `owner` needs to tell it. Never in a checkpoint."""

    __slots__ = ("owner", "flags", "of", "_whose", "_neighbours", "_borders")

    def __init__(self, owner: dict[str, int | None], flags: tuple[int | None, ...],
                 neighbours: dict[str, tuple[str, ...]]) -> None:
        self.owner = owner  # the state's dict (replaced by a test: a new `Lands`)
        self.flags = flags
        self._whose = dict(owner)  # the flags then, for `border` (the state's dict changes)
        self.of: dict[int | None, list[str]] = {}  # seat (None: neutral) -> territories, in order
        for t, s in owner.items():
            found = self.of.get(s)
            if found is None:
                self.of[s] = [t]
            else:
                found.append(t)
        self._neighbours = neighbours
        self._borders: dict[int, dict[int | None, set[str]]] = {}

    def border(self, seat: int) -> dict[int | None, set[str]]:
        """The territories next to one of `seat`'s (his own included when they touch each
        other), by owner (None: the neutral ones). Not to be changed."""
        found = self._borders.get(seat)
        if found is None:
            owner, neighbours = self._whose, self._neighbours
            near: set[str] = set()
            for t in self.of.get(seat, ()):
                near.update(neighbours[t])
            found = self._borders[seat] = {}
            for t in near:
                who = owner[t]
                if who in found:
                    found[who].add(t)
                else:
                    found[who] = {t}
        return found


_ATOMS = frozenset({str, int, bool, float, type(None), frozenset})
_RECORDS = frozenset({General, Army, Hero, Regiment})


def _clone(x: Any) -> Any:
    """A deep copy of a checkpoint's data: plain containers and the records (much faster than
    `copy.deepcopy`; anything else goes to it)."""
    t = type(x)
    if t in _ATOMS:
        return x
    if t is dict:
        return {k: _clone(v) for k, v in x.items()}
    if t is list:
        return [_clone(v) for v in x]
    if t is set:
        return set(x)  # of ids and seat pairs: immutable
    if t is tuple:
        return tuple([_clone(v) for v in x])
    if t in _RECORDS:
        new = t.__new__(t)
        new.__dict__.update({k: _clone(v) for k, v in x.__dict__.items()})
        return new
    return copy.deepcopy(x)


def _by_type(items: Any) -> dict[str, Any]:
    """Content abilities or effects by type: the first of each type (what the rules look up)."""
    out: dict[str, Any] = {}
    for item in items:
        out.setdefault(item.type, item)
    return out


def _said(said: tuple[Any, ...], content: Content) -> tuple[str, dict[str, Any]]:
    """An entry of `_unnamed` as (key, params): `say` keeps that pair; a roll and a table roll,
    the most frequent entries, keep a flat tuple of plain values (a roll with its purpose and
    the names and values of the purpose's params, a table roll with the table's id and the entry's index, whose
    texts are turned to JSON when named): a tuple of plain values is one the garbage collector
    stops tracking, so the game's rolls are not scanned again at each full collection."""
    if len(said) == 2:
        return said  # type: ignore[return-value]
    key = said[0]
    flat = FLAT.get(key)
    if flat is not None:
        names, seats, lists, words = flat
        params = dict(zip(names, said[1:]))
        for name in seats:
            params[name] = _ref(params[name])
        for name in lists:
            params[name] = list(params[name])
        for name in words:
            params[name] = {"key": params[name], "params": {}}
        if key == "gorges.log.event":  # the event's texts, looked up by its d66 roll
            event = content.events[params["roll"]]
            params["entry"], params["detail"] = event.name.to_json(), event.text.to_json()
        return key, params
    if key == "gorges.log.roll":
        _, seat, die, value, forced, what, names, values = said
        return key, {"seat": _ref(seat), "die": die, "result": value, "forced": forced,
                     "what": {"key": what, "params": dict(zip(names, values))}}
    _, seat, result, value, forced, table, index = said
    chosen = content.tables[table].entries[index]
    return key, {"seat": _ref(seat), "die": "d6", "result": result, "natural": value, "forced": forced,
                 "table": content.tables[table].name, "entry": chosen.name, "detail": chosen.text}


def _prompt_json(prompt: Prompt | None) -> Any:
    return None if prompt is None else prompt.to_json()


def _ref(seat: int | None) -> Any:
    return None if seat is None else seat_ref(seat)
