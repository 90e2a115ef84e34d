"""Replay a saved game on tweaked content into a NEW save, and say where and why it diverged.

`replay_on_content` reuses `Session.replay` (tolerant: it stops at the first action the new
content refuses). It writes the replayed game under a new name (the original save is never
touched) and reports:

- `stopped`: the first action that is no longer legal, with the refusal, when there is one;
- `diverged`: the first action after which the public log differs from the original game's
  (an action can stay legal while what it does changes: another card drawn, another score),
  with the log lines before and after — computed when the original content is at hand (its
  digest matches the save's).

Used by `python main.py replay SAVE --content DIR` and by the load screen's "Replay on…" (designer
mode), where the designer names a folder. `game/replay.py` is F5's replay of the running game on
reloaded content (divergence by public view); this one starts from a save and a folder and shows
the log lines that differ.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any


def read_save(ref: str, store: Any) -> tuple[dict[str, Any], str]:
    """A save given as a file path or as a save name of `store`; (save, name). Raises SaveError."""
    from game.saves import SaveError, decode

    path = Path(ref).expanduser()
    if path.suffix == ".json" and path.is_file():
        return decode(path.read_bytes()), path.stem
    if path.exists():  # a file or a folder (a save's .history), but not a save
        raise SaveError("session.saves.not_a_save_file", name=str(path))
    if "/" in ref or "\\" in ref or path.suffix == ".json":
        raise SaveError("session.saves.missing", name=str(path))
    return store.read(ref), ref


def replayed_root(save: dict[str, Any]) -> tuple[str | None, str] | None:
    """(content root, folder) of the folder a designer's replay was played on
    (`extras["replayed_on"]`, written by `replay_on_content`) when it still holds the save's
    content; else None (the folder is gone or was edited since)."""
    from game import content as loader
    from game.lab import content_root

    game_id = save.get("game")
    replayed = (save.get("extras") or {}).get("replayed_on")
    folder = replayed.get("folder") if isinstance(replayed, dict) else None
    if not isinstance(game_id, str) or not isinstance(folder, str) or not Path(folder).is_dir():
        return None
    try:
        root = content_root(game_id, folder)
        return (root, folder) if loader.digest(game_id, root) == save.get("content_digest") else None
    except Exception:  # an unreadable folder: as if it were gone
        return None


def log_chunks(save: dict[str, Any], engine: Any, content: Any) -> list[list[dict[str, Any]]]:
    """Per applied action, the log entries it wrote (index 0: the set-up), up to the first refusal."""
    from rules.core import ActionError

    state = engine.new_game(content, len(save["seats"]), save["seed"], save["options"] or None)
    chunks = [list(state.log)]
    for seat, data in save["actions"]:
        before = len(state.log)
        try:
            state.apply(seat, engine.action_from_json(data))
        except ActionError:
            break
        chunks.append(list(state.log[before:]))
    return chunks


def _notes_on(save: dict[str, Any], engine: Any, content: Any, replayed: int) -> tuple[list[dict[str, Any]], int]:
    """The save's notes re-pinned to the replayed game's log (a note stays after the same action;
    notes written after the last replayed action are dropped, and counted)."""
    from game.notes import notes_of

    notes = notes_of(save.get("extras"))
    if not notes:
        return [], 0
    lengths, total = [], 0
    for chunk in log_chunks(save, engine, content):
        total += len(chunk)
        lengths.append(total)
    kept = [dict(n, log=lengths[n["action"]]) for n in notes if n["action"] <= replayed and n["action"] < len(lengths)]
    return kept, len(notes) - len(kept)


def first_divergence(old: Sequence[Any], new: Sequence[Any]) -> int | None:
    """The index (0 = set-up, i = action i) of the first chunk (or view) that differs, or None."""
    for i, (a, b) in enumerate(zip(old, new)):
        if a != b:
            return i
    return None


def new_name(name: str, store: Any) -> str:
    """A fresh save name for the replay of `name` (never `name` itself)."""
    stamp = store.clock().strftime("%Y%m%d-%H%M%S")
    base = f"{name.split('-replay-')[0][:80]}-replay-{stamp}"
    candidate, n = base, 2
    while store.path(candidate).exists():
        candidate, n = f"{base}-{n}", n + 1
    return candidate


def replay_on_content(save: dict[str, Any], name: str, engine: Any, content: Any, digest: str, store: Any,
                      original_content: Any = None, target: str | None = None,
                      folder: str | None = None) -> dict[str, Any]:
    """Replay `save` on `content` into a new save of `store`; the report (see the module docstring).
    `folder`, the content's folder as the designer named it, is kept in the new save's extras
    (`replayed_on`): the load screen says it, and opens the save on that folder again."""
    from game.session import Session

    target = target or new_name(name, store)
    session, report = Session.replay(save, engine, content, digest, tolerant=True, store=store, save_name=target)
    kept, dropped = _notes_on(save, engine, content, len(session.actions))
    session.extras = dict(save.get("extras") or {}, notes=kept)
    session.extras.pop("replayed_on", None)
    if folder is not None:
        session.extras["replayed_on"] = {"folder": str(Path(folder).expanduser().resolve()), "from": name}
    session.autosave()
    out: dict[str, Any] = {"original": name, "new": target, "actions": len(save["actions"]),
                           "replayed": len(session.actions), "stopped": None, "diverged": None,
                           "saved": session.last_save_error is None, "notes_dropped": dropped}
    if report is not None:
        out["stopped"] = {"number": report.number, "seat": report.seat, "action": report.action,
                          "reason": report.reason}
    out["compared"] = original_content is not None
    out["table_differs"] = None
    if original_content is not None:
        from game.replay import table_divergence

        old, new = log_chunks(save, engine, original_content), log_chunks(save, engine, content)
        index = first_divergence(old, new)
        if index is not None:
            out["diverged"] = {"number": index, "before": old[index], "after": new[index]}
        # the log may say the same while the table does not (a reward worth more points: the
        # same lines, other scores): the first action after which the public table differs
        # (what the views show of the content itself is left out: it differs from the set-up on)
        game = (len(save["seats"]), save["seed"], save["options"] or None)
        played = [(seat, engine.action_from_json(data)) for seat, data in save["actions"][: len(new) - 1]]
        table = table_divergence(engine, original_content, content, game, played)
        if table is not None and (index is None or table[0] < index):
            out["table_differs"] = {"number": table[0], "where": table[1]}
    return out


def _where(number: int, strings: Any) -> str:
    """"from the set-up" (0) or "at action N"."""
    return strings.tr("lab.replay.setup") if number == 0 else strings.tr("lab.replay.action", number=number)


def _seats_named(path: str, names: list[str]) -> str:
    """A view path with each seat named ("seats[2].total" -> "Cy.total": the index counts from 0)."""
    import re

    return re.sub(r"seats\[(\d+)\]", lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0), path)


def _diff_lines(before: list[str], after: list[str], most: int = 12) -> list[str]:
    """The action's log lines of both games, those they share written once ("    "), the others
    marked "  − " (original) and "  + " (new content); at most `most` lines, "  …" for the rest."""
    from difflib import SequenceMatcher

    out: list[str] = []
    for op, a0, a1, b0, b1 in SequenceMatcher(None, before, after, autojunk=False).get_opcodes():
        if op == "equal":
            out += [f"    {line}" for line in before[a0:a1]]
        else:
            out += [f"  − {line}" for line in before[a0:a1]]
            out += [f"  + {line}" for line in after[b0:b1]]
    return out if len(out) <= most else out[: most - 1] + ["  …"]


def describe(report: dict[str, Any], strings: Any, names: list[str]) -> str:
    """The report as text in the strings' language."""
    lines = [strings.tr("lab.replay.written", new=report["new"], original=report["original"],
                        replayed=report["replayed"], actions=report["actions"])]
    t = report.get("table_differs")
    d = report["diverged"]
    if t is not None:  # before the log differs, or with a log that never does
        key = "lab.replay.table_differs" if d is None else "lab.replay.table_differs_first"
        lines.append(strings.tr(key, where=_where(t["number"], strings), path=_seats_named(t["where"] or "?", names)))
    if d is not None:
        lines.append(strings.tr("lab.replay.diverged", where=_where(d["number"], strings)))
        lines += _diff_lines([strings.render(e, names) for e in d["before"]],
                             [strings.render(e, names) for e in d["after"]])
    elif report.get("compared") and report["stopped"] is None and t is None:
        lines.append(strings.tr("lab.replay.same"))
    if not report.get("compared"):
        lines.append(strings.tr("lab.replay.no_original"))
    dropped = report.get("notes_dropped") or 0
    if dropped:
        key = "lab.replay.notes_dropped.one" if dropped == 1 else "lab.replay.notes_dropped.many"
        lines.append(strings.tr(key, count=dropped, replayed=report["replayed"]))
    s = report["stopped"]
    if s is not None:
        seat = s.get("seat")
        who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
        lines.append(strings.tr("lab.replay.stopped", number=s["number"], seat=who,
                                reason=strings.render(s["reason"], names)))
    return "\n".join(lines)
