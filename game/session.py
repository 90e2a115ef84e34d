"""One game being played: the engine state plus everything needed to save, reload and undo it.

A `Session` owns the state and the list of applied actions `(seat, Action)`; the actions (with
the seed, the content digest and the seats) are the save, and loading replays them. Only
successfully applied actions are recorded; after each one the session autosaves when it was given
a `SaveStore` and a name (a failed autosave never interrupts play: it is kept in
`last_save_error` for the UI to show).

Undo (DESIGN.md): rebuild the game from the seed and replay all but the undone actions — simple
and deterministic, like python-chess's move stack. Decisions:

- Undo takes back the last *human* action and every bot action that followed it, so the human
  who asks gets their own turn back (undoing only a bot move would let the bot replay at once).
  Nothing to undo when no human has acted.
- Undo is refused when, since that human action was applied, a curtain was lifted for a seat
  other than the one who made it (`note_reveal`): that seat may have seen hidden information
  that the undo would let someone replay around. Reveal marks are saved with the game, so the
  rule survives a reload.
- Undo is also refused across an action whose result was hidden before it was applied — a draw,
  a shuffle, a roll, a reveal (BGA's policy): undoing a face-down draw and drawing again would
  give the same cards, so a player could peek. The engine says which actions those are through
  the optional `state.hidden_result()` (see `rules.core.engine`); whatever the engine says, an
  action that consumed the state's `rng` counts as chance. The marks are recomputed on replay,
  so they need no place in the save.

The engine is given the seat count (`new_game(content, len(seats), seed, options or None)`);
names, colours and bot kinds stay with the session. Bots get `engine.bot(kind, seed * 1009 + seat)`.

`state.log` is assumed append-only; the session remembers, per seat, the log length when that
seat last acted or was unveiled (`log_marks`, rebuilt on replay) for the "since your last turn"
summary (`game.hotseat.since_last_turn`).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.fingerprint import rules_digest
from game.saves import APP_VERSION, FORMAT, SaveError, SaveStore, turn_of, validate
from rules.core import Action, ActionError

HUMAN = "human"


@dataclass(frozen=True)
class SeatInfo:
    """Who sits at a seat: a name, a colour index, "human" or a bot name, an optional PIN hash."""

    name: str
    colour: int
    kind: str = HUMAN
    pin_hash: str | None = None

    @property
    def is_human(self) -> bool:
        """True for a person, False for a bot."""
        return self.kind == HUMAN

    def to_json(self) -> dict[str, Any]:
        """The seat as stored in a save."""
        return {"name": self.name, "colour": self.colour, "kind": self.kind, "pin_hash": self.pin_hash}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatInfo:
        """Inverse of `to_json` (the save was checked by `game.saves.validate`)."""
        return cls(data["name"], data["colour"], data["kind"], data.get("pin_hash"))


@dataclass(frozen=True)
class ReplayReport:
    """Where a tolerant replay stopped: action number `index` (0-based) could not be applied."""

    index: int
    seat: int
    action: dict[str, Any]
    reason: dict[str, Any]

    @property
    def number(self) -> int:
        """The 1-based action number people read ("stopped at action 37")."""
        return self.index + 1

    def message(self) -> dict[str, Any]:
        """A catalog entry for the UI: `session.replay.stopped` with the reason nested."""
        return {"key": "session.replay.stopped",
                "params": {"number": self.number, "reason": self.reason}}


class Session:
    """A game in progress: state, applied actions, curtain reveals, autosave, undo and replay."""

    def __init__(self, engine: Any, content: Any, content_digest: str, seats: Sequence[SeatInfo],
                 seed: int, options: dict[str, Any] | None = None, *,
                 store: SaveStore | None = None, save_name: str | None = None,
                 app_version: str = APP_VERSION) -> None:
        self.engine = engine
        self.content = content
        self.content_digest = content_digest
        self.seats = list(seats)
        self.seed = seed
        self.options = dict(options or {})
        self.store = store
        self.save_name = save_name
        self.app_version = app_version
        self.extras: dict[str, Any] = {}
        self.last_save_error: SaveError | None = None
        self._bots: dict[int, Any] = {}
        self._rebuild([], [])

    # -- playing -------------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> None:
        """Apply and record `action`; `IllegalAction`/`InvalidAction` propagate and nothing is recorded.
        A person's action that drew (`hidden` "draw") and put in their own view secret cards they
        had not seen is noted in `drew` (the table shows it to them before the curtain)."""
        hidden = getattr(self.engine, "hidden_information", True)
        before = self._secrets(seat) if hidden and self.is_human(seat) else None
        self._apply_marking(seat, action)
        if before is not None and self.hidden.get(len(self.actions)) == "draw" \
                and secret_gain(*before, *self._secrets(seat)):
            self.drew.add(len(self.actions))
        self.actions.append((seat, action))
        self.log_marks[seat] = len(self.state.log)
        self.autosave()

    def _secrets(self, seat: int) -> tuple[dict[str, Any], dict[str, Any]]:
        """`seat`'s view and the public one (what `secret_gain` compares)."""
        return self.state.view(seat), self.state.view(None)

    def note_reveal(self, seat: int) -> None:
        """The UI lifted the curtain for `seat` (it may now see that seat's hidden information)."""
        self.reveals.append((len(self.actions), seat))
        self.log_marks[seat] = len(self.state.log)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: the public view)."""
        return self.state.view(seat)

    # What scenes may ask besides views: public facts and one seat's own choices. Scenes go
    # through these and never hold the state, so no hidden data can reach a drawing.

    def to_act(self) -> list[int]:
        """Seats that must act now."""
        return self.state.to_act()

    def legal_actions(self, seat: int) -> list[Action]:
        """What `seat` may do now (its own choices only)."""
        return self.state.legal_actions(seat)

    def is_over(self) -> bool:
        return self.state.is_over()

    def outcome(self) -> dict[str, Any]:
        """Final scores and ranking (public)."""
        return self.state.outcome()

    @property
    def log(self) -> list[dict[str, Any]]:
        """The public event log."""
        return self.state.log

    def is_human(self, seat: int) -> bool:
        """True when a person plays `seat`."""
        return self.seats[seat].is_human

    def bot_to_act(self) -> int | None:
        """The first bot seat that must act now, or None."""
        return next((s for s in self.state.to_act() if not self.is_human(s)), None)

    def bot_action(self, seat: int) -> Action:
        """The action the seat's bot chooses from its view and its legal actions."""
        bot, view, legal = self.bot_inputs(seat)
        return bot.choose(view, legal)

    def bot_inputs(self, seat: int) -> tuple[Any, dict[str, Any], list[Action]]:
        """The seat's bot, its view and its legal actions: all a decision needs, taken now (a
        `game.thinking.BotThought` then decides in another thread without touching the state)."""
        if seat not in self._bots:
            self._bots[seat] = self.engine.bot(self.seats[seat].kind, self.seed * 1009 + seat)
        return self._bots[seat], self.state.view(seat), self.state.legal_actions(seat)

    # -- undo ----------------------------------------------------------------------------------

    def undo_point(self) -> int | None:
        """Index of the action undo would take back (the last human one), or None."""
        for index in range(len(self.actions) - 1, -1, -1):
            if self.is_human(self.actions[index][0]):
                return index
        return None

    def undo_refusal(self) -> SaveError | None:
        """Why undo is not possible now (`session.undo.nothing` / `session.undo.curtain`), or None."""
        index = self.undo_point()
        if index is None:
            return SaveError("session.undo.nothing")
        actor = self.actions[index][0]
        if any(count > index and seat != actor for count, seat in self.reveals):
            return SaveError("session.undo.curtain", seat=actor)
        kind = next((self.hidden[i] for i in range(index, len(self.actions)) if i in self.hidden), None)
        if kind is not None:
            return SaveError("session.undo.hidden", what={"key": f"session.hidden.{kind}", "params": {}})
        return None

    def _apply_marking(self, seat: int, action: Action) -> None:
        """`state.apply`, noting when the result was hidden before (`self.hidden[index] = kind`)."""
        rng = getattr(self.state, "rng", None)
        before = rng.getstate() if isinstance(rng, random.Random) else None
        self.state.apply(seat, action)
        kind = hidden_result(self.state)
        if kind is None and before is not None and rng.getstate() != before:
            kind = "chance"
        if kind is not None:
            self.hidden[len(self.actions)] = kind

    def can_undo(self) -> bool:
        """True when there is a human action to take back and no curtain was lifted for another seat since."""
        return self.undo_refusal() is None

    def undo(self) -> int:
        """Take back the last human action and the bot actions after it; returns how many were undone."""
        refusal = self.undo_refusal()
        if refusal is not None:
            raise refusal
        index = self.undo_point()
        assert index is not None
        undone = len(self.actions) - index
        self._rebuild(self.actions[:index], [r for r in self.reveals if r[0] <= index])
        from game.notes import repin

        repin(self.extras, len(self.actions), len(self.log))
        self.autosave()
        return undone

    # -- saving --------------------------------------------------------------------------------

    def to_save(self) -> dict[str, Any]:
        """The save dict (see `game.saves`); `saved_at` is added by the store."""
        return {
            "format": FORMAT, "app_version": self.app_version, "game": self.engine.id,
            "content_digest": self.content_digest, "rules_digest": rules_digest(self.content),
            "seed": self.seed, "seats": [s.to_json() for s in self.seats], "options": dict(self.options),
            "actions": [[seat, action.to_json()] for seat, action in self.actions],
            "reveals": [list(r) for r in self.reveals], "extras": dict(self.extras),
            "summary": {"actions": len(self.actions), **turn_of(self.state),
                        "over": bool(self.state.is_over())},
        }

    def autosave(self, extras_only: bool = False) -> bool:
        """Write the save now when a store and name were given; False (and `last_save_error`) on failure.
        `extras_only`: only `extras` changed (UI state): the current save is replaced, atomically,
        without making a version of it (`SaveStore.write(in_place=True)`)."""
        if self.store is None or self.save_name is None:
            return False
        try:
            self.store.write(self.to_save(), self.save_name, in_place=extras_only)
        except SaveError as exc:
            self.last_save_error = exc
            return False
        except (OSError, TypeError, ValueError) as exc:
            self.last_save_error = SaveError("session.saves.write_failed", error=str(exc)[:200])
            return False
        self.last_save_error = None
        return True

    @classmethod
    def from_save(cls, save: dict[str, Any], engine: Any, content: Any, digest: str,
                  **kwargs: Any) -> Session:
        """Rebuild a saved game exactly; raises `SaveError` (content changed, or an action no longer applies)."""
        validate(save)
        if save["content_digest"] != digest:
            raise SaveError("session.saves.content_changed")
        session, report = cls.replay(save, engine, content, digest, tolerant=False, **kwargs)
        return session

    @classmethod
    def replay(cls, save: dict[str, Any], engine: Any, content: Any, digest: str,
               tolerant: bool = True, **kwargs: Any) -> tuple[Session, ReplayReport | None]:
        """Replay a save on `content`; tolerant: stop at the first action that fails and report it.

        After a tolerant replay that stopped, give the session a new `save_name` (keyword) so
        the original save is not overwritten by the shortened game.
        """
        validate(save)
        if engine.id and save["game"] != engine.id:
            raise SaveError("session.saves.wrong_game", game=save["game"], expected=engine.id)
        seats = [SeatInfo.from_json(s) for s in save["seats"]]
        try:
            session = cls(engine, content, digest, seats, save["seed"], save["options"],
                          app_version=save["app_version"], **kwargs)
        except Exception as exc:  # a game that cannot even start on this content
            raise SaveError("session.saves.cannot_start", error=str(exc)[:200]) from exc
        session.extras = dict(save.get("extras") or {})
        reveals = [(count, seat) for count, seat in save.get("reveals", [])]
        report = session._replay(save["actions"], reveals, tolerant)
        session.app_version = APP_VERSION
        return session, report

    # -- rebuilding ----------------------------------------------------------------------------

    def _rebuild(self, actions: list[tuple[int, Action]], reveals: list[tuple[int, int]]) -> None:
        """Start again from the seed and re-apply `actions` (already known to be legal)."""
        self._start()
        self._replay([[seat, action] for seat, action in actions], reveals, tolerant=False)

    def _start(self) -> None:
        self.state = self.engine.new_game(self.content, len(self.seats), self.seed, self.options or None)
        self.actions: list[tuple[int, Action]] = []
        self.reveals: list[tuple[int, int]] = []
        self.hidden: dict[int, str] = {}  # action index -> what it revealed ("draw", "roll", ...)
        self.drew: set[int] = set()  # indices of people's actions (played here) that gave them unseen secret cards
        self.log_marks: dict[int, int] = {}

    def _replay(self, items: list[list[Any]], reveals: list[tuple[int, int]],
                tolerant: bool) -> ReplayReport | None:
        """Apply `items` ([seat, Action or action JSON]) with the reveal marks interleaved."""
        pending = sorted(reveals, key=lambda r: r[0])
        for index, (seat, data) in enumerate(items):
            pending = self._reveal_upto(pending, index)
            reason = self._try_apply(seat, data, tolerant)
            if reason is not None:
                report = ReplayReport(index, seat, _as_json(data), reason)
                if not tolerant:
                    raise SaveError("session.saves.bad_action", number=index + 1, reason=reason)
                return report
        self._reveal_upto(pending, len(items))
        return None

    def _reveal_upto(self, pending: list[tuple[int, int]], count: int) -> list[tuple[int, int]]:
        while pending and pending[0][0] <= count:
            self.note_reveal(pending.pop(0)[1])
        return pending

    def _try_apply(self, seat: int, data: Any, tolerant: bool) -> dict[str, Any] | None:
        """Apply one recorded action without autosaving; the refusal reason, or None when applied."""
        try:
            action = data if isinstance(data, Action) else self.engine.action_from_json(data)
            self._apply_marking(seat, action)
        except ActionError as exc:
            return exc.to_json()
        except Exception as exc:
            if not tolerant:
                raise SaveError("session.saves.engine_error", error=str(exc)[:200]) from exc
            return {"key": "session.replay.engine_error", "params": {"error": str(exc)[:200]}}
        self.actions.append((seat, action))
        self.log_marks[seat] = len(self.state.log)
        return None


HIDDEN_KINDS = ("draw", "shuffle", "roll", "reveal", "chance")


def hidden_result(state: Any) -> str | None:
    """What the state's last applied action revealed that was hidden before (`HIDDEN_KINDS`), from
    the optional protocol method `state.hidden_result()`; None when nothing (or not implemented)."""
    method = getattr(state, "hidden_result", None)
    kind = method() if callable(method) else None
    return kind if kind in HIDDEN_KINDS else ("chance" if kind else None)


def secret_gain(mine_before: Any, public_before: Any, mine_after: Any, public_after: Any) -> bool:
    """True when a seat's own view now shows, where the public view does not, a card it did not
    show before: cards drawn face down into a hidden hand. A card taken from a face-up row is no
    gain (the seat saw it), nor is a card turned face up for all (a revealed quest, a refilled row).

    Views are compared as multisets of pieces (`_pieces`): a card — a word, or a dict in a list
    holding no dict (`{"id", "halves"}`, known by its id) — counts wherever it was seen before; any
    other value (a number) at its place (its path, list positions left out)."""
    secret = _pieces(_differing(mine_after, public_after)) - _pieces(_differing(public_after, mine_after))
    if not secret:
        return False
    old = _pieces(_differing(mine_before, public_before)) - _pieces(_differing(public_before, mine_before))
    seen = _pieces(_differing(mine_before, mine_after))
    now = _pieces(_differing(mine_after, mine_before))
    for piece, count in secret.items():
        if count > old[piece] and (piece[0] is not None or now[piece] > seen[piece]):
            return True
    return False


def _differing(view: Any, other: Any) -> Any:
    """`view` without the top-level keys it shares, equal, with `other` (the static card data...)."""
    if not isinstance(view, Mapping) or not isinstance(other, Mapping):
        return view
    return {k: v for k, v in view.items() if k not in other or other[k] != v}


def _pieces(data: Any) -> Counter[tuple[Any, Any]]:
    """The pieces of a JSON-like value, as a multiset of (path or None, value): a card (a word, or
    a dict in a list holding no dict, as its id or else its JSON) with None, any other value (a
    number) with its path (list positions left out)."""
    out: Counter[tuple[Any, Any]] = Counter()
    stack: list[tuple[tuple[str, ...], Any, bool]] = [((), data, False)]
    while stack:
        where, value, listed = stack.pop()
        if isinstance(value, Mapping):
            if listed and not _holds_dict(value):  # a card: known by its id (a mage whose placement
                card = value.get("id", value)       # only its guild sees is the same card for all)
                out[(None, card if isinstance(card, str) else json.dumps(card, sort_keys=True, default=str))] += 1
            else:
                stack.extend((where + (str(k),), v, False) for k, v in value.items())
        elif isinstance(value, (list, tuple)):
            stack.extend((where, v, True) for v in value)
        elif isinstance(value, str):
            out[(None, value)] += 1
        elif value is not None:
            out[(where, value)] += 1
    return out


def _holds_dict(value: Any) -> bool:
    """True when a dict or list holds a dict, at any depth."""
    items = value.values() if isinstance(value, Mapping) else value
    return any(isinstance(v, Mapping) or (isinstance(v, (list, tuple)) and _holds_dict(v)) for v in items)


def engine_for(save: dict[str, Any], engines: Mapping[str, Any]) -> Any:
    """The engine of a checked save's game; `SaveError("session.saves.unknown_game")` when absent."""
    engine = engines.get(save.get("game"))
    if engine is None:
        raise SaveError("session.saves.unknown_game", game=str(save.get("game")))
    return engine


def _as_json(data: Any) -> dict[str, Any]:
    return data.to_json() if isinstance(data, Action) else data
