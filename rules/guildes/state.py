"""The state of one game of Guildes: the whole truth, the engine protocol, dice and shared helpers.

The turn itself is a generator (`rules.guildes.flow.game`) that yields a `Prompt` each time
someone must choose and receives `(seat, action)`. `apply` checks the action against the prompt
first (raising `IllegalAction`, nothing changed), then sends it on; steps that need no choice run
on inside that same `apply`, every die logged with what it was rolled for.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from rules.core import Action, HiddenResults, IllegalAction, new_rng
from rules.guildes.actions import ForceNextRoll
from rules.guildes.content import GuildesContent
from rules.guildes.prompts import Prompt
from rules.guildes.records import Guild, Mage
from rules.guildes.words import counted, flag, seat_ref

Flow = Generator[Prompt, tuple[int, Action], Any]


class GuildesState(HiddenResults):
    """One game of Guildes for `n` seats (`hidden_result()` says when an action drew or revealed)."""

    def __init__(self, content: GuildesContent, seats: int, seed: int, options: dict[str, Any],
                 flow: Callable[[GuildesState], Flow]) -> None:
        self.content = content
        self.rules = content.rules
        self.n = seats
        self.rng = new_rng(seed)
        self.options = options
        self.log: list[dict[str, Any]] = []
        self.guilds: list[Guild] = []
        self.quests: list[str] = []
        self.mage_deck: list[str] = []
        self.item_deck: list[str] = []
        self.leader_deck: list[str] = []
        self.face_up_item: str | None = None
        self.face_up_mage: str | None = None
        self.auction: list[str] = []
        self.drawn: dict[str, list[str]] = {"mages": [], "items": [], "leaders": []}   # cards in hand mid-action
        self.graveyard: list[str] = []      # mages destroyed at auction or dead
        self.spent: list[str] = []          # spells cast
        self.lot: dict[str, Any] | None = None
        self.quest_damage: dict[str, list[int]] = {}
        self.quest_loot: dict[str, dict[str, Any]] = {}
        self.round = 0
        self.first = 0
        self.phase = "setup"
        self.step = 0
        self.current: int | None = None
        self.fight: dict[str, Any] | None = None
        self.fights = 0                     # fights started so far: the number of the one under way
        self.dice: list[dict[str, Any]] = []
        self.forced: list[int] = []
        self.last_quest_done = False
        self.history: list[list[int]] = []
        self.over = False
        self._names = _names(content)   # card names as log parameters (cache)
        self.flow: Flow = flow(self)
        self.prompt: Prompt | None = next(self.flow)

    # -- protocol ----------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        """The seats that must answer the current prompt (several during a secret choice)."""
        return [] if self.prompt is None else list(self.prompt.seats)

    def legal_actions(self, seat: int) -> list[Action]:
        """What `seat` may do now (designer `force_next_roll` is not listed)."""
        p = self.prompt
        if p is None or seat not in p.seats:
            return []
        return p.legal(self, seat)

    def apply(self, seat: int, action: Action) -> None:
        """Check then apply `action`; IllegalAction leaves the state untouched."""
        self.clear_hidden()
        if not isinstance(action, Action):
            raise IllegalAction("guildes.illegal.unknown_action")
        if not isinstance(seat, int) or not 0 <= seat < self.n:
            raise IllegalAction("guildes.illegal.no_such_seat", seat=seat)
        if isinstance(action, ForceNextRoll):
            self._force(seat, action)
            return
        p = self.prompt
        if p is None:
            raise IllegalAction("guildes.illegal.game_over")
        if seat not in p.seats:
            raise IllegalAction("guildes.illegal.not_your_turn")
        if type(action).__module__ != "rules.guildes.actions":
            raise IllegalAction("guildes.illegal.unknown_action")
        p.check(self, seat, action)
        try:
            self.prompt = self.flow.send((seat, action))
        except StopIteration:
            self.prompt = None
            self.over = True

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What `seat` may see (None: what everyone at the table may see)."""
        from rules.guildes.view import build_view
        return build_view(self, seat)

    def lazy_view(self, seat: int | None) -> Any:
        """`view(seat)` made key by key as it is read (`game.simulate`'s bots; see `rules.core.lazyview`)."""
        from rules.guildes.view import lazy_view
        return lazy_view(self, seat)

    def is_over(self) -> bool:
        return self.over

    def outcome(self) -> dict[str, Any]:
        from rules.guildes.scoring import outcome
        return outcome(self)

    # -- designer mode and dice ------------------------------------------------------------------

    def _force(self, seat: int, action: ForceNextRoll) -> None:
        if not self.options.get("designer_mode"):
            raise IllegalAction("guildes.illegal.designer_mode_off")
        if action.value not in self.rules.damage_die:
            raise IllegalAction("guildes.illegal.die_face", value=action.value,
                                faces=list(self.rules.damage_die))
        if self.over:
            raise IllegalAction("guildes.illegal.game_over")
        self.forced.append(action.value)
        self.say("guildes.log.forced", seat=seat_ref(seat), value=action.value)

    def roll(self, count: int, why: dict[str, Any]) -> int:
        """Roll `count` damage dice for the purpose `why` (a log entry); log and show them; total."""
        faces = self.rules.damage_die
        results, forced = [], []
        for _ in range(count):
            if self.forced:
                results.append(self.forced.pop(0))
                forced.append(True)
            else:
                results.append(faces[self.rng.randrange(len(faces))])
                forced.append(False)
        self.dice = [{"dice": results, "forced": forced, "why": why, "total": sum(results),
                      "fight": self.fights if self.fight is not None else None,
                      "strike": None if self.fight is None else self.fight.get("strike")}]
        if count:
            self.say("guildes.log.roll", dice=" ".join(map(str, results)), damage=counted("damage", sum(results)),
                     forced=flag("guildes.word.forced", any(forced)), why=why)
        return sum(results)

    def start_fight(self, fight: dict[str, Any]) -> None:
        """A quest fight or a duel begins: `fight` (the view's "fight") gets the next `number`, which
        its rolls carry too, so the table can tell the last roll of an earlier fight from this one's."""
        self.fights += 1
        self.fight = dict(fight, number=self.fights, strike=0)

    def next_strike(self) -> None:
        """A new exchange of the fight under way begins (a duel, an attack on a monster, a monster's
        counter-attack): `strike` in the view's fight and in the rolls then made, so the table can
        tell the roll of an exchange already over from the one being fought."""
        if self.fight is not None:
            self.fight["strike"] = self.fight.get("strike", 0) + 1

    # -- log and shared queries -------------------------------------------------------------------

    def say(self, key: str, **params: Any) -> None:
        """Append a public log entry."""
        self.log.append({"key": key, "params": params})  # rules.core.entry, inlined: 2 entries an action

    def name(self, kind: str, cid: str) -> dict[str, Any]:
        """A card as a log parameter: its bilingual name and its id (shared, as the parameters of
        rules.guildes.words: log entries are never changed once written)."""
        names = self._names
        param = names.get((kind, cid))
        if param is None:
            table = {"mage": self.content.mages, "leader": self.content.leaders, "quest": self.content.quests,
                     "guild": self.content.guilds}.get(kind)
            card = table[cid] if table is not None else self.content.card(cid)
            param = names[(kind, cid)] = {"text": card.name.model_dump(), "id": cid}
        return param

    def order(self) -> list[int]:
        """Seats from the first player, clockwise."""
        return [(self.first + i) % self.n for i in range(self.n)]

    def clamp(self, alignment: int) -> int:
        return max(self.rules.alignment_min, min(self.rules.alignment_max, alignment))

    def shift(self, g: Guild, steps: int) -> None:
        """Move `g`'s alignment by `steps` (positive: towards Light), within the track."""
        before = g.alignment
        g.alignment = self.clamp(g.alignment + steps)
        if g.alignment != before:
            self.say("guildes.log.alignment", seat=seat_ref(g.seat), before=before, after=g.alignment)

    def toward_zero(self, g: Guild, steps: int) -> None:
        """Move `g`'s alignment `steps` towards 0, never past it."""
        move = min(steps, abs(g.alignment))
        self.shift(g, -move if g.alignment > 0 else move)

    def mage_hp(self, g: Guild, m: Mage) -> int:
        """A mage's hit points, with the best hit-point item of its guild."""
        hp = self.content.mages[m.id].hp
        if not g.hand:  # most guilds hold no item
            return hp
        items = self.content.items
        bonus = [e.amount for cid in g.hand if cid in items for e in items[cid].effects if e.type == "hp_bonus"]
        return hp + (max(bonus) if bonus else 0)

    def dead(self, g: Guild, m: Mage) -> bool:
        hp = self.mage_hp(g, m)
        return m.damage >= hp if self.rules.mage_dies == "at_least" else m.damage > hp

    def draw_card(self, deck: list[str]) -> str | None:
        """The top card of a face-down deck (None when empty)."""
        if not deck:
            return None
        self.mark_hidden("draw")
        return deck.pop(0)

    def ask(self, seat: int, kind: str, options: list[str], secret: bool = False,
            private: dict[str, Any] | None = None, **context: Any) -> Flow:
        """Yield a choice prompt and return the chosen value (a single option is taken at once);
        `private`: context only `seat` sees (what its secret hand would add)."""
        if not options:
            return None
        if len(options) == 1:
            return options[0]
        prompt = Prompt((seat,), kind, {seat: tuple(options)}, context, secret)
        if private:
            prompt.private = private
        _, action = yield prompt
        return action.value  # type: ignore[attr-defined]

    def ask_all(self, seats: list[int], kind: str, options: dict[int, list[str]], record=None) -> Flow:
        """A simultaneous secret choice: every seat answers in any order; returns {seat: value}.

        `record(seat, value)` keeps each answer as it comes (the view hides it from the others)."""
        chosen: dict[int, str] = {}
        waiting = [s for s in seats if options.get(s)]
        offered = {s: tuple(options[s]) for s in waiting}
        while waiting:
            seat, action = yield Prompt(tuple(waiting), kind, {s: offered[s] for s in waiting}, {}, True)
            chosen[seat] = action.value  # type: ignore[attr-defined]
            if record is not None:
                record(seat, chosen[seat])
            waiting.remove(seat)
        return chosen


def _names(content: GuildesContent) -> dict[tuple[str, str], dict[str, Any]]:
    """The cache of card names as log parameters, kept on the content (games share it)."""
    names = getattr(content, "_log_names", None)
    if names is None:
        names = {}
        object.__setattr__(content, "_log_names", names)  # a frozen dataclass: a cache, not a change
    return names
