"""Loading designers' YAML into validated, frozen content, with every problem located.

`load(game_id, root=None)` reads `content/<game_id>/*.yaml` (the files the game's schema names in
`rules/<game_id>/content.py`), validates each with its pydantic model and lets the game check
cross-references. All problems are collected and raised at once as `ContentError`, each printed
as `file:line:column: key.path: expected ..., got ...`. YAML is parsed with the C safe loader
when present; we compose nodes ourselves so that every value keeps its line and column.
"""

from __future__ import annotations

import hashlib
import importlib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from rules.core.content import ContentValueError, Message, did_you_mean, msg, shown

try:
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

CONTENT_ROOT = Path(__file__).resolve().parent.parent / "content"

Marks = dict[tuple[Any, ...], tuple[int, int]]
KEY = object()  # marks[(KEY, *path)] is where the key itself is written; marks[path] its value


@lru_cache(maxsize=1)
def _english() -> Any:
    from game.i18n import Strings

    return Strings("en")


def render(message: Message | str, strings: Any = None) -> str:
    """A problem's message in the language of `strings` (English when None)."""
    if isinstance(message, str):
        return message
    return (strings or _english()).render(message)


@dataclass(frozen=True, order=True)
class Problem:
    """One located content problem; `message` in English, `entry` the translatable original."""

    file: str
    line: int
    column: int
    path: str
    message: str
    entry: Any = field(default=None, compare=False)

    def __str__(self) -> str:
        return self.text()

    def text(self, strings: Any = None) -> str:
        """`file:line:column: key.path: message`, the message in the language of `strings`."""
        where = f"{self.path}: " if self.path else ""
        body = render(self.entry, strings) if self.entry is not None else self.message
        return f"{self.file}:{self.line}:{self.column}: {where}{body}"


def problem(file: str, line: int, column: int, path: str, message: Message | str) -> Problem:
    """A Problem from a translatable message (or plain text)."""
    entry = None if isinstance(message, str) else message
    return Problem(file, line, column, path, render(message), entry)


class ContentError(Exception):
    """Content that cannot be used; `problems` lists every located problem."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def content_dir(game_id: str, root: str | Path | None = None) -> Path:
    """`<root>/<game_id>`; root defaults to the shipped content/ folder."""
    return Path(root if root is not None else CONTENT_ROOT) / game_id


def digest(game_id: str, root: str | Path | None = None) -> str:
    """A short hash of a game's YAML files: saves record it to notice changed content."""
    h = hashlib.sha256()
    folder = content_dir(game_id, root)
    for path in sorted(folder.glob("*.yaml")):
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


# -- YAML with marks ---------------------------------------------------------------------------

_scalars = yaml.constructor.SafeConstructor()


_PLAIN_TAGS = {f"tag:yaml.org,2002:{t}" for t in
               ("map", "seq", "str", "int", "float", "bool", "null", "timestamp", "merge")}


def _build(node: yaml.Node, path: tuple[Any, ...], marks: Marks, file: str,
           problems: list[Problem]) -> Any:
    marks.setdefault(path, (node.start_mark.line + 1, node.start_mark.column + 1))
    if node.tag not in _PLAIN_TAGS:
        line, col = node.start_mark.line + 1, node.start_mark.column + 1
        problems.append(problem(file, line, col, _dotted(path), msg("content.tag", tag=repr(node.tag))))
        return None
    if isinstance(node, yaml.MappingNode):
        _scalars.flatten_mapping(node)
        out: dict[Any, Any] = {}
        seen: dict[Any, int] = {}
        for key_node, value_node in node.value:
            key = _scalars.construct_object(key_node, deep=True)
            if not isinstance(key, str | int | bool | float | type(None)):
                line, col = key_node.start_mark.line + 1, key_node.start_mark.column + 1
                problems.append(problem(file, line, col, _dotted(path), msg("content.plain_key")))
                continue
            if key in seen:
                line, col = key_node.start_mark.line + 1, key_node.start_mark.column + 1
                problems.append(problem(file, line, col, _dotted(path + (key,)),
                                        msg("content.duplicate_key", line=seen[key])))
                continue
            seen[key] = key_node.start_mark.line + 1
            marks[(KEY,) + path + (key,)] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            out[key] = _build(value_node, path + (key,), marks, file, problems)
        return out
    if isinstance(node, yaml.SequenceNode):
        return tuple(_build(child, path + (i,), marks, file, problems)
                     for i, child in enumerate(node.value))
    return _scalars.construct_object(node, deep=True)


def read_yaml(path: Path, problems: list[Problem]) -> tuple[Any, Marks]:
    """Parse one file into plain data (sequences as tuples) and the mark of every key path."""
    marks: Marks = {}
    name = path.name
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        problems.append(problem(name, 1, 1, "", msg("content.unreadable", error=str(exc))))
        return None, marks
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = exc.problem or exc.context or "syntax error"
        problems.append(problem(name, line, col, "", msg("content.syntax", error=what)))
        return None, marks
    except yaml.YAMLError as exc:
        problems.append(problem(name, 1, 1, "", msg("content.syntax", error=str(exc))))
        return None, marks
    if node is None:
        return None, {(): (1, 1)}
    try:
        return _build(node, (), marks, name, problems), marks
    except yaml.constructor.ConstructorError as exc:
        mark = exc.problem_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problems.append(problem(name, line, col, "", msg("content.bad_value", error=exc.problem)))
        return None, marks


# -- locating problems -------------------------------------------------------------------------

def _dotted(path: tuple[Any, ...]) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def locate(file: str, path: tuple[Any, ...], message: Message | str, marks: Marks,
           at_key: bool = False) -> Problem:
    """A problem at the value of `path` (or its key), else at the deepest known parent."""
    if at_key and (KEY, *path) in marks:
        line, col = marks[(KEY, *path)]
        return problem(file, line, col, _dotted(path), message)
    probe = tuple(path)
    while probe not in marks and probe:
        probe = probe[:-1]
    line, col = marks.get(probe, (1, 1))
    return problem(file, line, col, _dotted(path), message)


_EXPECTED = {
    "int_type": "integer", "int_parsing": "integer", "int_from_float": "integer",
    "string_type": "text", "bool_type": "bool", "bool_parsing": "bool",
    "float_type": "number", "float_parsing": "number", "tuple_type": "list",
    "list_type": "list", "dict_type": "mapping", "model_type": "mapping",
    "model_attributes_type": "mapping", "none_required": "null",
}
_BOUNDS = {"greater_than_equal": ("≥", "ge"), "greater_than": (">", "gt"),
           "less_than_equal": ("≤", "le"), "less_than": ("<", "lt")}


def describe(error: dict[str, Any], allowed_keys: list[str] | None = None) -> Message:
    """Turn one pydantic error into a translatable `expected ..., got ...`."""
    kind, ctx, given = error["type"], error.get("ctx") or {}, error.get("input")
    if kind == "missing":
        return msg("content.missing_key")
    if kind == "extra_forbidden":
        key = error["loc"][-1] if error["loc"] else "?"
        return msg("content.unknown_key", key=repr(key), hint=did_you_mean(key, allowed_keys or []))
    if kind in _EXPECTED:
        return msg("content.expected", what=msg(f"content.what.{_EXPECTED[kind]}"), got=shown(given))
    if kind in ("literal_error", "enum"):
        return msg("content.expected_one_of", choices=ctx.get("expected"), got=shown(given))
    if kind in _BOUNDS:
        sign, name = _BOUNDS[kind]
        return msg("content.expected_bound", sign=sign, bound=ctx.get(name), got=shown(given))
    if kind in ("too_short", "too_long"):
        n = ctx.get("min_length" if kind == "too_short" else "max_length")
        return msg(f"content.{kind}", n=n, got=ctx.get("actual_length"))
    if kind == "value_error":
        cause = ctx.get("error")
        if isinstance(cause, ContentValueError):
            return cause.message
        return msg("content.note", text=str(cause or error["msg"]).removeprefix("Value error, "))
    return msg("content.other", text=error["msg"], got=shown(given))


def _allowed_keys(model: type, loc: tuple[Any, ...]) -> list[str]:
    """Field names of the model that owns the last key of `loc` (for "did you mean")."""
    from pydantic import BaseModel

    current: Any = model
    for part in loc[:-1]:
        if isinstance(part, int) or current is None:
            continue
        fields = getattr(current, "model_fields", {})
        field = fields.get(part)
        current = _inner_model(field.annotation) if field else None
    if current is not None and isinstance(current, type) and issubclass(current, BaseModel):
        return list(current.model_fields)
    return []


def _inner_model(annotation: Any) -> Any:
    from typing import get_args

    from pydantic import BaseModel

    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in get_args(annotation):
        found = _inner_model(arg)
        if found is not None:
            return found
    return None


def validate_file(model: type, data: Any, file: str, marks: Marks) -> tuple[Any, list[Problem]]:
    """Validate one file's data with its model: (object or None, problems)."""
    try:
        return model.model_validate(data if data is not None else {}), []
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-")))
            allowed = _allowed_keys(model, loc) if err["type"] == "extra_forbidden" else None
            problems.append(locate(file, loc, describe(err, allowed), marks,
                                   at_key=err["type"] == "extra_forbidden"))
        return None, problems


def salvage(model: type, data: Any) -> tuple[Any, dict[str, list[int]], set[str]] | None:
    """Validate again without the list items that failed, so cross-references can still be checked.

    Returns (object, kept indices per top-level list, ids of the dropped items), or None when the
    errors are not all inside items of top-level lists.
    """
    try:
        model.model_validate(data)
        return None
    except ValidationError as exc:
        locs = [err["loc"] for err in exc.errors()]
    if not isinstance(data, dict):
        return None
    drop: dict[str, set[int]] = {}
    for loc in locs:
        if len(loc) < 2 or not isinstance(loc[1], int) or not isinstance(data.get(loc[0]), tuple):
            return None
        drop.setdefault(loc[0], set()).add(loc[1])
    trimmed, kept, dropped_ids = dict(data), {}, set()
    for key, bad in drop.items():
        kept[key] = [i for i in range(len(data[key])) if i not in bad]
        trimmed[key] = tuple(data[key][i] for i in kept[key])
        dropped_ids |= {str(data[key][i]["id"]) for i in bad
                        if isinstance(data[key][i], dict) and "id" in data[key][i]}
    try:
        return model.model_validate(trimmed), kept, dropped_ids
    except ValidationError:
        return None


# -- the entry point ---------------------------------------------------------------------------

def schema(game_id: str) -> Any:
    """The game's content schema module, `rules.<game_id>.content`."""
    return importlib.import_module(f"rules.{game_id}.content")


def load(game_id: str, root: str | Path | None = None) -> Any:
    """Validated content of one game; raises `ContentError` listing every located problem."""
    module = schema(game_id)
    folder = content_dir(game_id, root)
    problems: list[Problem] = []
    if not folder.is_dir():
        raise ContentError([problem(str(folder), 1, 1, "", msg("content.no_folder"))])
    files: dict[str, Any] = {}
    all_marks: dict[str, Marks] = {}
    kept: dict[str, dict[str, list[int]]] = {}  # files validated without their failing items
    dropped_ids: set[str] = set()
    for name, model in module.FILES.items():
        path = folder / name
        if not path.is_file():
            problems.append(problem(name, 1, 1, "", msg("content.missing_file")))
            continue
        before = len(problems)
        data, marks = read_yaml(path, problems)
        all_marks[name] = marks
        if len(problems) > before:
            continue
        obj, found = validate_file(model, data, name, marks)
        problems.extend(found)
        if obj is None and (rescued := salvage(model, data)) is not None:
            obj, kept[name], ids = rescued
            dropped_ids |= ids
        if obj is not None:
            files[name] = obj
    for path in sorted(folder.glob("*.yaml")):
        if path.name not in module.FILES:
            hint = did_you_mean(path.name, module.FILES)
            problems.append(problem(path.name, 1, 1, "", msg("content.unexpected_file", hint=hint)))
    if len(files) < len(module.FILES):
        raise ContentError(problems)
    partial = bool(problems)

    def report(file: str, path: tuple[Any, ...], message: Message | str) -> None:
        path = tuple(path)
        if partial:  # keep only what the failing items cannot have caused
            if any(repr(i) in render(message) for i in dropped_ids):
                return
            if file in kept and path and path[0] in kept[file]:
                if len(path) < 2 or not isinstance(path[1], int):
                    return
                path = (path[0], kept[file][path[0]][path[1]]) + path[2:]
        problems.append(locate(file, path, message, all_marks.get(file, {})))

    try:
        content = module.build(files, report)
    except Exception:
        if not partial:
            raise
        content = None  # partial content may break a game's assumptions; its problems stand
    if problems:
        raise ContentError(problems)
    return content
