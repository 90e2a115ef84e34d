"""F5 during a game never destroys it: what changed in the content, and replaying on new content.

Ruling (documented in the README's designer section):

- `classify(old, new)` compares two validated contents of a game with every bilingual text masked.
  "same": nothing to do. "texts": only names and texts changed — they cannot change a rule, so the
  running game is replayed at once on the new content under the same save (the history is the
  same action for action). "rules": a number, an id, a list changed — the running game keeps the
  content it started with, and the player may choose "replay this game on the new content".
- `replay_on(session, content, digest, store, name)` replays the game on the new content into a
  new save `name` (the original save is never touched) and returns where and why it diverged:
  the first action after which the public view differs (texts masked), and the action at which
  the replay stopped because it was no longer legal.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from game.fingerprint import _is_model, rules_digest, skeleton
from game.session import ReplayReport, Session

__all__ = ["skeleton", "classify", "replay_on", "Divergence", "first_difference", "table_divergence"]


def classify(old: Any, new: Any) -> str:
    """"same", "texts" (only names and texts differ) or "rules" (anything a rule may read differs)."""
    if old is new:
        return "same"
    try:
        if rules_digest(old) != rules_digest(new):
            return "rules"
        return "same" if _plain(old) == _plain(new) else "texts"
    except Exception:  # an exotic content object: the safe answer
        return "rules"


def _plain(value: Any) -> str:
    return json.dumps(_texts(value), sort_keys=True, default=repr)


def _texts(value: Any, depth: int = 0) -> Any:
    """Like `skeleton` but keeping the texts (to tell "same" from "texts")."""
    if depth > 60:
        return repr(value)
    if _is_model(value):
        return {name: _texts(getattr(value, name), depth + 1) for name in type(value).model_fields}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _texts(getattr(value, f.name), depth + 1) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {repr(k): _texts(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_texts(v, depth + 1) for v in value]
    if isinstance(value, str | int | float | bool | type(None)):
        return value
    if hasattr(value, "__dict__"):  # (private attributes are caches: `skeleton`)
        return {k: _texts(v, depth + 1) for k, v in sorted(vars(value).items()) if not k.startswith("_")}
    return repr(value)


@dataclasses.dataclass(frozen=True)
class Divergence:
    """Where a replay on new content departs from the original game."""

    name: str                      # the new save
    replayed: int                  # actions replayed
    total: int                     # actions in the original game
    diverged_at: int | None        # 1-based action after which the public view first differs (0: from the start)
    where: str | None              # the first differing key path of that view
    stopped: ReplayReport | None   # the action that was no longer legal, if any

    def message(self) -> dict[str, Any]:
        """A catalog entry saying it, for a toast."""
        if self.stopped is not None:
            return {"key": "replay.stopped", "params": {
                "name": self.name, "number": self.stopped.number, "total": self.total,
                "reason": self.stopped.reason, "diverged": self._diverged()}}
        return {"key": "replay.done", "params": {"name": self.name, "total": self.total,
                                                 "diverged": self._diverged()}}

    def _diverged(self) -> dict[str, Any]:
        if self.diverged_at is None:
            return {"key": "replay.same_game", "params": {}}
        if self.diverged_at == 0:
            return {"key": "replay.diverged_start", "params": {"where": self.where or "?"}}
        return {"key": "replay.diverged_at", "params": {"number": self.diverged_at, "where": self.where or "?"}}


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """The first key path where two plain values differ (None when equal)."""
    if a == b:
        return None
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            found = first_difference(a.get(key), b.get(key), f"{path}.{key.strip(chr(39))}" if path else key.strip(chr(39)))
            if found is not None:
                return found
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found is not None:
                return found
        return f"{path}[{min(len(a), len(b))}]"
    return path or "?"


def _view(state: Any) -> Any:
    try:
        return state.view(None)
    except Exception:
        return None


def _played(engine: Any, content: Any, game: tuple, actions: list) -> Any:
    state = engine.new_game(content, *game)
    for seat, action in actions:
        state.apply(seat, action)
    return state


def table_divergence(engine: Any, old_content: Any, new_content: Any, game: tuple,
                     actions: list) -> tuple[int, str] | None:
    """(index, key path) of the first public view (0: the set-up, i: after action i) where the
    game `(seats, seed, options)` played with `actions` ((seat, action) pairs, legal on both
    contents) differs between the two contents, texts masked; None when it never does.

    The parts of the view that differ from the set-up on and keep their value through both games
    (the same at the last action as at the set-up) are left out: what a view shows of the content
    itself (Anludim's and Ambre's `content`: a rule the designer changed), which would otherwise
    hide the action at which the game departs. Views are compared as they are first (a C-speed
    `==`), and masked only where they differ: masking every view of a long Amadrim game took 20 s."""
    first = [_view(engine.new_game(c, *game)) for c in (old_content, new_content)]
    last = [_view(_played(engine, c, game, actions)) for c in (old_content, new_content)]
    static: set[Any] = set()
    if all(isinstance(v, dict) for v in first + last):
        static = {k for k, v in first[0].items()
                  if k in first[1] and v != first[1][k] and v == last[0].get(k) and first[1][k] == last[1].get(k)}
    old, new = engine.new_game(old_content, *game), engine.new_game(new_content, *game)
    for index in range(len(actions) + 1):
        if index:
            seat, action = actions[index - 1]
            old.apply(seat, action)
            new.apply(seat, action)
        a, b = _view(old), _view(new)
        if static and isinstance(a, dict) and isinstance(b, dict):
            a = {k: v for k, v in a.items() if k not in static}
            b = {k: v for k, v in b.items() if k not in static}
        if a != b:
            where = first_difference(skeleton(a), skeleton(b))
            if where is not None:
                return index, where
    return None


def replay_on(session: Session, content: Any, digest: str, store: Any, name: str) -> tuple[Session, Divergence]:
    """Replay `session`'s game on `content` into the new save `name`; the original is untouched."""
    save = session.to_save()
    fresh, report = Session.replay(save, session.engine, content, digest, tolerant=True, store=store,
                                   save_name=name)
    total = len(save["actions"])
    game = (len(session.seats), session.seed, session.options or None)
    found = table_divergence(session.engine, session.content, content, game, session.actions[: len(fresh.actions)])
    diverged_at, where = found if found is not None else (None, None)
    fresh.autosave()
    return fresh, Divergence(name, len(fresh.actions), total, diverged_at, where, report)
