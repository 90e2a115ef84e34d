"""Notes pinned to a game's log: a playtester's remark tied to the action where it was written.

A note is kept in the save's `extras["notes"]` (so it survives save, load, undo and replay):

    {"action": 37, "log": 212, "text": "Too easy to get the Star here", "seat": 1, "turn": 5}

`action` is the number of actions applied when it was written (the note sits after action 37),
`log` the length of the public log then (where the log shows it), `seat` who was unveiled (or
None), `turn` the game's turn if its view says, or `round` for a game counted in rounds, as the
save's summary (0 during the set-up, which the export does not write). `export_markdown` writes a whole game's log with its notes as Markdown
(`python main.py export-log SAVE`).
"""

from __future__ import annotations

from typing import Any

MAX_TEXT = 2000
NOTE_KEY = "notes.in_log"


def notes_of(extras: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The well-formed notes of a save's extras (anything else is ignored)."""
    out = []
    for note in (extras or {}).get("notes") or []:
        if (isinstance(note, dict) and isinstance(note.get("text"), str)
                and isinstance(note.get("action"), int) and isinstance(note.get("log"), int)):
            out.append(note)
    return out


def add_note(session: Any, text: str, seat: int | None = None) -> dict[str, Any] | None:
    """Pin `text` to the session's current action and autosave; None when the text is empty."""
    text = text.strip()[:MAX_TEXT]
    if not text:
        return None
    from game.saves import turn_of

    where = turn_of(session.state)  # as the save's summary: the round of a game counted in rounds
    note = {"action": len(session.actions), "log": len(session.log), "text": text, "seat": seat,
            **{key: value if isinstance(value, int) else None for key, value in where.items()}}
    session.extras["notes"] = notes_of(session.extras) + [note]
    session.autosave()
    return note


def repin(extras: dict[str, Any], actions: int, log: int) -> None:
    """After an undo back to `actions` applied actions and a log of `log` entries: the notes
    written later stay (nothing a playtester wrote is lost) but are pinned where the game now
    stands, not after actions that no longer exist (and that may be played otherwise)."""
    notes = notes_of(extras)
    if any(n["action"] > actions or n["log"] > log for n in notes):
        extras["notes"] = [n if n["action"] <= actions and n["log"] <= log
                           else {**n, "action": min(n["action"], actions), "log": min(n["log"], log)}
                           for n in notes]


def log_entry(note: dict[str, Any]) -> dict[str, Any]:
    """A note as a log entry {"key", "params"} that tables render like the others."""
    return {"key": NOTE_KEY, "params": {"number": note["action"], "text": note["text"]}}


def interleave(entries: list[dict[str, Any]], notes: list[dict[str, Any]], log_length: int) -> list[dict[str, Any]]:
    """`entries` (the last entries of a log of `log_length` entries) with the notes that fall among
    them inserted where they were written (notes written later than that log are left out)."""
    start = log_length - len(entries)
    placed = sorted((n for n in notes if start <= n["log"] <= log_length), key=lambda n: (n["log"], n["action"]))
    out: list[dict[str, Any]] = []
    k = 0
    for i, item in enumerate(entries):
        while k < len(placed) and placed[k]["log"] <= start + i:
            out.append(log_entry(placed[k]))
            k += 1
        out.append(item)
    out += [log_entry(n) for n in placed[k:]]
    return out


# -- export ------------------------------------------------------------------------------------

def replay_log(save: dict[str, Any], engine: Any, content: Any) -> tuple[list[dict[str, Any]], list[int], Any]:
    """The game's whole log, the log length after the set-up then after each applied action, and where the replay
    stopped (None, or (action index, reason entry)) when the content no longer allows an action."""
    from rules.core import ActionError

    state = engine.new_game(content, len(save["seats"]), save["seed"], save["options"] or None)
    marks: list[int] = [len(state.log)]
    for index, (seat, data) in enumerate(save["actions"]):
        try:
            state.apply(seat, engine.action_from_json(data))
        except ActionError as exc:
            return list(state.log), marks, (index, exc.to_json())
        marks.append(len(state.log))
    return list(state.log), marks, None


def export_markdown(save: dict[str, Any], name: str, engine: Any, content: Any, strings: Any) -> str:
    """The whole log of a saved game with its notes, as Markdown in the strings' language."""
    from game.catalog import log_writer

    names = [s["name"] for s in save["seats"]]
    write = log_writer(save["game"])  # the sentences the game's table writes (Gorges' plurals)
    log, marks, stopped = replay_log(save, engine, content)
    notes = notes_of(save.get("extras"))
    title = strings.tr(f"game.{save['game']}.title")
    out = [f"# {title} — {name}", ""]
    for i, seat in enumerate(save["seats"]):
        kind = strings.tr("notes.export.human") if seat["kind"] == "human" else strings.tr(
            "notes.export.bot", bot=strings.tr(f"bot.{seat['kind']}") if strings.has(f"bot.{seat['kind']}") else seat["kind"])
        label = strings.tr("lab.seat", n=i + 1)
        label = label[:1].upper() + label[1:]  # it starts the line
        out.append(f"- {label} : {seat['name']} ({kind})" if strings.lang == "fr" else f"- {label}: {seat['name']} ({kind})")
    out += ["", strings.tr("notes.export.summary", actions=len(save["actions"]), notes=len(notes)), ""]
    if stopped is not None:
        out += [f"> {strings.tr('notes.export.stopped', number=stopped[0] + 1, reason=strings.render(stopped[1], names))}", ""]
    out += [f"## {strings.tr('table.log')}", ""]
    action_of = _action_of_entries(marks, len(log))
    pending = sorted(notes, key=lambda n: (n["log"], n["action"]))
    k = 0
    for i, item in enumerate(log):
        while k < len(pending) and pending[k]["log"] <= i:
            out += _note_block(pending[k], names, strings, save["game"])
            k += 1
        if i == 0 and not action_of[i]:
            out.append(f"*{strings.tr('notes.export.setup')}*")
        # an action's first line numbered "**12.**" (not "12.": Markdown would read "- 12. …" as a
        # list inside the list), the lines it wrote after that under it
        number = action_of[i]
        line = write(strings, item, names) if write else strings.render(item, names)
        line = line[:1].upper() + line[1:]  # a sentence, as the tables show it ("La 2e armée…", not "la 2e armée…")
        if number and i > 0 and action_of[i - 1] == number and out and out[-1].startswith(("- **", "  - ")):
            out.append(f"  - {line}")
        else:
            out.append(f"- {f'**{number}.** ' if number else ''}{line}")
    for note in pending[k:]:
        out += _note_block(note, names, strings, save["game"])
    if notes:
        out += ["", f"## {strings.tr('notes.export.notes')}", ""]
        out += [f"- {_note_heading(n, names, strings, save['game'])} : {n['text']}" if strings.lang == "fr"
                else f"- {_note_heading(n, names, strings, save['game'])}: {n['text']}" for n in notes]
    return "\n".join(out) + "\n"


def _action_of_entries(marks: list[int], total: int) -> list[int]:
    """For each log entry, the number (1-based) of the action that wrote it (0: the set-up);
    `marks`: the log's length after the set-up, then after each action."""
    out = [0] * total
    start = 0
    for number, end in enumerate(marks):
        for i in range(start, min(end, total)):
            out[i] = number
        start = max(start, end)
    return out


def _note_heading(note: dict[str, Any], names: list[str], strings: Any, game: str) -> str:
    who = names[note["seat"]] if isinstance(note.get("seat"), int) and 0 <= note["seat"] < len(names) else None
    text = strings.tr("notes.export.note_after", number=note["action"])
    # turn (round) 0 is the set-up, before the game's first turn (the tables write no "turn 0"
    # either): "before the first action" / "after action N" already say where the note is. A
    # round is named as the game names it ("manche 2" in Anludim, "tour 2" in Guildes).
    if isinstance(note.get("round"), int) and note["round"] > 0:
        own = f"{game}.notes.round"
        text += ", " + strings.tr(own if strings.has(own) else "notes.export.round", round=note["round"])
    elif isinstance(note.get("turn"), int) and note["turn"] > 0:
        text += ", " + strings.tr("notes.export.turn", turn=note["turn"])
    if who:
        text += " — " + who
    return text


def _note_block(note: dict[str, Any], names: list[str], strings: Any, game: str) -> list[str]:
    lines = note["text"].splitlines() or [""]
    return ["", f"> **{strings.tr('notes.export.note')}** ({_note_heading(note, names, strings, game)})"] + \
        [f"> {line}" for line in lines] + [""]
