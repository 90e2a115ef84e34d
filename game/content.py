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
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from rules.core.content import ContentValueError, Message, did_you_mean, msg, one_of, shown

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

    def to_json(self) -> dict[str, Any]:
        """For `check-content --json`: where, the catalog key and its parameters, and the English text."""
        entry = self.entry if isinstance(self.entry, dict) else {"key": "content.note", "params": {"text": self.message}}
        return {"file": self.file, "line": self.line, "column": self.column, "path": self.path,
                "key": entry["key"], "params": _plain(entry.get("params") or {}), "message": self.message}

    def text(self, strings: Any = None) -> str:
        """`file:line:column: key.path: message`, the message in the language of `strings`."""
        where = f"{self.path}: " if self.path else ""
        body = render(self.entry, strings) if self.entry is not None else self.message
        return f"{self.file}:{self.line}:{self.column}: {where}{body}"


def _plain(value: Any) -> Any:
    """Parameters as JSON: nested messages stay {"key", "params"}; anything else becomes text."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value if isinstance(value, str | int | float | bool | type(None)) else str(value)


def problem(file: str, line: int, column: int, path: str, message: Message | str) -> Problem:
    """A Problem from a translatable message (or plain text)."""
    entry = None if isinstance(message, str) else message
    return Problem(file, line, column, path, render(message), entry)


class ContentError(Exception):
    """Content that cannot be used; `problems` lists every located problem."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def problem_lines(problems: list[Any], strings: Any, limit: int = 6) -> list[str]:
    """The first `limit` problems as located lines in the language of `strings`, and a last line
    saying how many more there are (for screens with room for a few)."""
    shown = [p.text(strings) if hasattr(p, "text") else str(p) for p in problems[:limit]]
    more = len(problems) - len(shown)
    return shown + ([strings.tr("lab.more_problems", n=more)] if more > 0 else [])


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

# Limits that hostile or broken files cannot get past (the shipped files are far below them:
# the largest is 14 KB, 9 levels deep and about 2,000 nodes). They are checked *before* the YAML
# parser runs (size, characters, nesting: libyaml is quadratic in flow depth and PyYAML's
# composer recurses) and while nodes are turned into data (aliases, node count, numbers).
MAX_BYTES = 1_000_000        # one content file
MAX_DEPTH = 48               # nesting of lists and mappings (estimated from the text)
MAX_NODES = 100_000          # values in one file, every alias expanded
MAX_ALIASES = 1_000          # alias uses (*name) in one file
MAX_INT = 10 ** 9            # no count, cost or size in any game comes near this
MAX_PROBLEMS = 100           # per file; the rest are summarised in one line


_PLAIN_TAGS = {f"tag:yaml.org,2002:{t}" for t in
               ("map", "seq", "str", "int", "float", "bool", "null", "timestamp", "merge")}

ID = object()  # marks[(ID, *path)] is the id of the list item at path, when it has one


class _TooBig(Exception):
    """A file went past one of the loader's limits: (line, column, message)."""

    def __init__(self, line: int, column: int, message: Message) -> None:
        super().__init__(message["key"])
        self.line, self.column, self.message = line, column, message


class _Builder:
    """Turns composed nodes into plain data, keeping marks and bounding aliases and size."""

    def __init__(self, file: str, marks: Marks, problems: list[Problem]) -> None:
        self.file, self.marks, self.problems = file, marks, problems
        self.nodes = 0
        self.aliases = 0
        self.active: set[int] = set()  # nodes being built (an alias back to one is a cycle)
        self.seen: set[int] = set()
        # PyYAML's constructor keeps every node it constructed (node -> value) until its next
        # document: one per file, dropped with the builder, so that no composed node outlives
        # the load (a shared one kept every node and mark of every load: about 7,600 objects
        # per Gorges load, growing at each F5, and walked by every full garbage collection)
        self.constructor = yaml.constructor.SafeConstructor()

    def build(self, node: yaml.Node, path: tuple[Any, ...]) -> Any:
        line, col = node.start_mark.line + 1, node.start_mark.column + 1
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _TooBig(line, col, msg("content.limit.nodes", limit=MAX_NODES))
        if len(path) > MAX_DEPTH:
            raise _TooBig(line, col, msg("content.limit.depth", limit=MAX_DEPTH))
        if id(node) in self.active:
            raise _TooBig(line, col, msg("content.limit.cycle"))
        if id(node) in self.seen and isinstance(node, yaml.CollectionNode):
            self.aliases += 1
            if self.aliases > MAX_ALIASES:
                raise _TooBig(line, col, msg("content.limit.aliases", limit=MAX_ALIASES))
        self.seen.add(id(node))
        self.marks.setdefault(path, (line, col))
        if node.tag not in _PLAIN_TAGS:
            self.problems.append(problem(self.file, line, col, _dotted(path, self.marks),
                                         msg("content.tag", tag=repr(node.tag))))
            return None
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node, path, line, col)
        self.active.add(id(node))
        try:
            return self.mapping(node, path) if isinstance(node, yaml.MappingNode) else self.sequence(node, path)
        finally:
            self.active.discard(id(node))

    def scalar(self, node: yaml.ScalarNode, path: tuple[Any, ...], line: int, col: int) -> Any:
        if node.tag == "tag:yaml.org,2002:int" and len(node.value.lstrip("+-0_")) > 12:
            self.problems.append(problem(self.file, line, col, _dotted(path, self.marks),
                                         msg("content.limit.number", limit=MAX_INT, got=shown(node.value))))
            return None
        value = self.constructor.construct_object(node, deep=True)
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INT:
            self.problems.append(problem(self.file, line, col, _dotted(path, self.marks),
                                         msg("content.limit.number", limit=MAX_INT, got=shown(node.value))))
            return None
        if isinstance(value, float) and (value != value or abs(value) > MAX_INT):
            self.problems.append(problem(self.file, line, col, _dotted(path, self.marks),
                                         msg("content.limit.number", limit=MAX_INT, got=shown(node.value))))
            return None
        return value

    def mapping(self, node: yaml.MappingNode, path: tuple[Any, ...]) -> dict[Any, Any]:
        self.constructor.flatten_mapping(node)
        out: dict[Any, Any] = {}
        seen: dict[Any, int] = {}
        for key_node, value_node in node.value:
            line, col = key_node.start_mark.line + 1, key_node.start_mark.column + 1
            key = self.constructor.construct_object(key_node, deep=True) if isinstance(key_node, yaml.ScalarNode) else []
            if not isinstance(key, str | int | bool | float | type(None)):
                self.problems.append(problem(self.file, line, col, _dotted(path, self.marks),
                                             msg("content.plain_key")))
                continue
            if key in seen:
                self.problems.append(problem(self.file, line, col, _dotted(path + (key,), self.marks),
                                             msg("content.duplicate_key", line=seen[key])))
                continue
            seen[key] = line
            self.marks[(KEY,) + path + (key,)] = (line, col)
            out[key] = self.build(value_node, path + (key,))
        return out

    def sequence(self, node: yaml.SequenceNode, path: tuple[Any, ...]) -> tuple[Any, ...]:
        items = []
        ids: dict[str, int] = {}  # every list of items with ids: each id once
        for i, child in enumerate(node.value):
            if isinstance(child, yaml.MappingNode):
                for key_node, value_node in child.value:
                    if (isinstance(key_node, yaml.ScalarNode) and key_node.value == "id"
                            and isinstance(value_node, yaml.ScalarNode) and len(value_node.value) <= 60):
                        self.marks[(ID,) + path + (i,)] = value_node.value  # type: ignore[assignment]
                        line = value_node.start_mark.line + 1
                        if value_node.value in ids:
                            self.problems.append(problem(
                                self.file, line, value_node.start_mark.column + 1,
                                _dotted(path + (i, "id"), self.marks),
                                msg("content.duplicate_id", id=shown(value_node.value), line=ids[value_node.value])))
                        ids.setdefault(value_node.value, line)
                        break
            items.append(self.build(child, path + (i,)))
        return tuple(items)


_ALLOWED = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _line_col(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def prescan(text: str) -> tuple[int, int, Message] | None:
    """Refuse, before parsing, what would make the parser slow or crash: characters YAML does not
    allow (a NUL, binary junk) and nesting deeper than `MAX_DEPTH` (brackets or indentation)."""
    bad = _ALLOWED.search(text)
    if bad:
        line, col = _line_col(text, bad.start())
        return line, col, msg("content.limit.character", code=f"U+{ord(bad.group()):04X}")
    indents: list[int] = []
    flow = 0
    for number, raw in enumerate(text.split("\n"), 1):
        stripped = raw.lstrip(" ")
        if not stripped or stripped.startswith("#"):
            continue
        indent = len(raw) - len(stripped)
        if not flow:
            while indents and indents[-1] >= indent:
                indents.pop()
            indents.append(indent)
        dashes = len(stripped) - len(stripped.lstrip("- ")) if stripped.startswith("- ") else 0
        flow, where = _flow_depth(stripped, flow, len(indents) + dashes // 2)
        if len(indents) + dashes // 2 > MAX_DEPTH or where is not None:
            column = indent + 1 + (where or 0)
            return number, column, msg("content.limit.depth", limit=MAX_DEPTH)
    return None


def _flow_depth(line: str, depth: int, base: int) -> tuple[int, int | None]:
    """Bracket depth after `line` (quotes and comments skipped), and the column where
    `base + depth` went past `MAX_DEPTH`, if it did."""
    quote = ""
    previous = " "
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"" and previous in " [{,:":
            quote = ch
        elif ch == "#" and previous in " \t":
            break
        elif ch in "[{":
            depth += 1
            if base + depth > MAX_DEPTH:
                return depth, i
        elif ch in "]}":
            depth = max(0, depth - 1)
        previous = ch
    return depth, None


def read_yaml(path: Path, problems: list[Problem]) -> tuple[Any, Marks]:
    """Parse one file into plain data (sequences as tuples) and the mark of every key path."""
    marks: Marks = {}
    name = path.name
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            problems.append(problem(name, 1, 1, "", msg("content.limit.size", size=size, limit=MAX_BYTES)))
            return None, marks
        blob = path.read_bytes()
    except OSError as exc:
        problems.append(problem(name, 1, 1, "", msg("content.unreadable", error=exc.strerror or str(exc))))
        return None, marks
    try:
        text = blob.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = blob[:exc.start].decode("utf-8", "replace")
        line, col = _line_col(before, len(before))
        problems.append(problem(name, line, col, "", msg("content.not_utf8")))
        return None, marks
    return parse_yaml(text, name, problems)


def parse_yaml(text: str, name: str, problems: list[Problem]) -> tuple[Any, Marks]:
    """`read_yaml` on text already read (`name` is the file name used in problems)."""
    marks: Marks = {}
    refused = prescan(text)
    if refused is not None:
        problems.append(problem(name, refused[0], refused[1], "", refused[2]))
        return None, marks
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problems.append(problem(name, line, col, "", syntax_message(exc, text)))
        return None, marks
    except (yaml.YAMLError, RecursionError, MemoryError) as exc:
        problems.append(problem(name, 1, 1, "", msg("content.syntax", error=str(exc)[:200])))
        return None, marks
    if node is None:
        return None, {(): (1, 1)}
    builder = _Builder(name, marks, problems)
    try:
        return builder.build(node, ()), marks
    except _TooBig as exc:
        problems.append(problem(name, exc.line, exc.column, "", exc.message))
        return None, marks
    except yaml.constructor.ConstructorError as exc:
        mark = exc.problem_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problems.append(problem(name, line, col, "", msg("content.bad_value", error=exc.problem)))
        return None, marks
    except (ValueError, RecursionError) as exc:  # e.g. a timestamp out of range
        problems.append(problem(name, 1, 1, "", msg("content.bad_value", error=str(exc)[:200])))
        return None, marks


#: PyYAML's usual complaints, explained (the original text stays available in English).
_SYNTAX = (
    ("mapping values are not allowed", "content.syntax.colon"),
    ("could not find expected ':'", "content.syntax.no_colon"),
    ("did not find expected key", "content.syntax.indent"),
    ("did not find expected '-' indicator", "content.syntax.indent"),
    ("found character '\\t'", "content.syntax.tab"),
    ("found a tab character", "content.syntax.tab"),
    ("found unexpected end of stream", "content.syntax.unclosed_quote"),
    ("did not find expected ',' or ']'", "content.syntax.unclosed_bracket"),
    ("did not find expected ',' or '}'", "content.syntax.unclosed_bracket"),
    ("expected ',' or ']'", "content.syntax.unclosed_bracket"),
    ("expected ',' or '}'", "content.syntax.unclosed_bracket"),
    ("found undefined alias", "content.syntax.alias"),
    ("found character that cannot start any token", "content.syntax.bad_start"),
    ("expected <block end>", "content.syntax.indent"),
    ("expected the node content", "content.syntax.missing_value"),
)


def syntax_message(exc: yaml.MarkedYAMLError, text: str | None = None) -> Message:
    """A translatable explanation of a PyYAML syntax error (its own text kept as `error`);
    `text`, the file's, tells a tab from other characters that cannot start a value (libyaml
    names neither)."""
    what = " ".join(p for p in (exc.context, exc.problem) if p) or "syntax error"
    mark = exc.problem_mark
    if text is not None and mark is not None and "cannot start any token" in what:
        lines = text.split("\n")
        if mark.line < len(lines) and lines[mark.line][mark.column:mark.column + 1] == "\t":
            return msg("content.syntax.tab", error=what)
    for needle, key in _SYNTAX:
        if needle in what:
            return msg(key, error=what)
    return msg("content.syntax", error=what)


# -- locating problems -------------------------------------------------------------------------

def _dotted(path: tuple[Any, ...], marks: Marks | None = None) -> str:
    """`races[wood-elves].abilities`: list items named by their id when they have one."""
    out = ""
    for n, part in enumerate(path):
        if isinstance(part, int):
            named = (marks or {}).get((ID, *path[:n + 1]))
            out += f"[{named if named is not None else part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def locate(file: str, path: tuple[Any, ...], message: Message | str, marks: Marks,
           at_key: bool = False) -> Problem:
    """A problem at the value of `path` (or its key), else at the deepest known parent."""
    if at_key and (KEY, *path) in marks:
        line, col = marks[(KEY, *path)]
        return problem(file, line, col, _dotted(path, marks), message)
    probe = tuple(path)
    while probe not in marks and probe:
        probe = probe[:-1]
    line, col = marks.get(probe, (1, 1))
    return problem(file, line, col, _dotted(path, marks), message)


_EXPECTED = {
    "int_type": "integer", "int_parsing": "integer", "int_from_float": "integer",
    "string_type": "text", "bool_type": "bool", "bool_parsing": "bool",
    "float_type": "number", "float_parsing": "number", "tuple_type": "list",
    "list_type": "list", "dict_type": "mapping", "model_type": "mapping",
    "model_attributes_type": "mapping", "none_required": "null",
}
_BOUNDS = {"greater_than_equal": "ge", "greater_than": "gt", "less_than_equal": "le", "less_than": "lt"}


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
        names = re.findall(r"'((?:[^'\\]|\\.)*)'", str(ctx.get("expected") or ""))
        return msg("content.expected_one_of", choices=_choices(ctx.get("expected")), got=shown(given),
                   hint=_named(given, names) or did_you_mean(given, names))
    if kind == "union_tag_invalid":
        tags = re.findall(r"'((?:[^'\\]|\\.)*)'", str(ctx.get("expected_tags") or ""))
        if len(tags) > 8:
            return msg("content.unknown_kind", got=shown(ctx.get("tag")), hint=did_you_mean(ctx.get("tag"), tags))
        return msg("content.expected_one_of", choices=_choices(ctx.get("expected_tags")), got=shown(ctx.get("tag")),
                   hint=did_you_mean(ctx.get("tag"), tags))
    if kind == "union_tag_not_found":
        return msg("content.missing_tag", key=repr(ctx.get("discriminator", "type")).replace('"', "'"))
    if kind in _BOUNDS:
        name = _BOUNDS[kind]  # in words: the app's font has no "≥" or "≤"
        return msg(f"content.expected_bound.{name}", bound=ctx.get(name), got=shown(given))
    if kind in ("string_too_short", "string_too_long"):
        n = ctx.get("min_length" if kind == "string_too_short" else "max_length")
        return msg(f"content.{kind}", n=n, got=shown(given))
    if kind == "string_pattern_mismatch":
        return msg("content.pattern", pattern=str(ctx.get("pattern")), got=shown(given))
    if kind in ("too_short", "too_long"):
        n = ctx.get("min_length" if kind == "too_short" else "max_length")
        return msg(f"content.{kind}", n=n, got=ctx.get("actual_length"))
    if kind == "value_error":
        cause = ctx.get("error")
        if isinstance(cause, ContentValueError):
            return cause.message
        return msg("content.note", text=str(cause or error["msg"]).removeprefix("Value error, "))
    return msg("content.other", text=error["msg"], got=shown(given))


def _named(given: Any, names: list[str]) -> Message | None:
    """The hint for a value written as the game calls it in one of its languages instead of its
    id: 'terre' is the earth element's French name (the closest id by spelling was 'water').
    Looked up in the string catalogs, by the keys ending in one of the allowed ids."""
    import unicodedata

    from game.i18n import STRINGS_DIR, Strings

    def fold(text: str) -> str:
        return "".join(c for c in unicodedata.normalize("NFD", text.strip().casefold()) if not unicodedata.combining(c))

    if not isinstance(given, str) or not given.strip() or given in names:
        return None
    wanted, allowed, strings = fold(given), set(names), Strings()
    for path in sorted(STRINGS_DIR.glob("*.yaml")):
        for key, texts in strings.table(path.stem).items():
            last = key.rsplit(".", 1)[-1]
            if last in allowed and isinstance(texts, dict) and any(
                    isinstance(t, str) and fold(t) == wanted for t in texts.values()):
                return msg("content.did_you_mean", id=shown(last))
    return None


def _choices(expected: Any) -> Message:
    """pydantic's "'a', 'b' or 'c'" (English) as a message in the reader's language (`one_of`):
    its quoted texts are quoted the reader's way, its other values (numbers) stay as written."""
    values: list[Any] = []
    for m in re.finditer(r"'((?:[^'\\]|\\.)*)'|([^\s,']+)", str(expected or "")):
        if m.group(1) is not None:
            values.append(m.group(1))
        elif m.group(2) != "or":
            values.append(msg("content.note", text=m.group(2)))
    return one_of(values) if values else msg("content.note", text=str(expected))


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
        errors = _errors(exc)
        for err in errors[:MAX_PROBLEMS]:
            loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-")))
            allowed = _allowed_keys(model, loc) if err["type"] == "extra_forbidden" else None
            problems.append(locate(file, loc, describe(err, allowed), marks,
                                   at_key=err["type"] == "extra_forbidden"))
        if len(errors) > MAX_PROBLEMS:
            problems.append(problem(file, 1, 1, "", msg("content.too_many", n=len(errors) - MAX_PROBLEMS)))
        return None, problems


def _errors(exc: ValidationError) -> list[dict[str, Any]]:
    """`exc.errors()` without a list's "too short" when items of that list failed: pydantic
    counts only the items that passed (one monster with a misspelt element gave "expected at
    least 1 items, got 0" besides the real problem)."""
    errors = exc.errors()
    failed = {err["loc"][:n] for err in errors if err["type"] != "too_short" for n in range(len(err["loc"]))}
    return [err for err in errors if not (err["type"] == "too_short" and err["loc"] in failed)]


def salvage(model: type, data: Any, fallback: Any = None
            ) -> tuple[Any, dict[str, list[int]], set[str], dict[str, set[int]]] | None:
    """Validate again without the list items that failed, so cross-references can still be checked.

    A failed item whose id has a good version in `fallback` (the same file's last good data) is
    replaced by it instead of dropped, so references to it raise no spurious problems. Returns
    (object, kept indices per top-level list, ids of the dropped items, replaced indices per list),
    or None when the errors are not all inside items of top-level lists.
    """
    try:
        model.model_validate(data)
        return None
    except ValidationError as exc:
        locs = [err["loc"] for err in _errors(exc)]
    if not isinstance(data, dict):
        return None
    drop: dict[str, set[int]] = {}
    for loc in locs:
        if len(loc) < 2 or not isinstance(loc[1], int) or not isinstance(data.get(loc[0]), tuple):
            return None
        drop.setdefault(loc[0], set()).add(loc[1])
    trimmed, kept, dropped_ids, swapped = dict(data), {}, set(), {}
    for key, bad in drop.items():
        good = {str(item["id"]): item for item in (fallback or {}).get(key, ()) if isinstance(item, dict)
                and "id" in item} if isinstance(fallback, dict) else {}
        items = list(data[key])
        for i in bad:
            item_id = str(items[i]["id"]) if isinstance(items[i], dict) and "id" in items[i] else None
            if item_id in good:
                items[i] = good[item_id]
        swapped[key] = {i for i in bad if items[i] is not data[key][i]}
        bad -= swapped[key]
        kept[key] = [i for i in range(len(items)) if i not in bad]
        trimmed[key] = tuple(items[i] for i in kept[key])
        dropped_ids |= {str(data[key][i]["id"]) for i in bad
                        if isinstance(data[key][i], dict) and "id" in data[key][i]}
    try:
        return model.model_validate(trimmed), kept, dropped_ids, swapped
    except ValidationError:
        return None


# -- stand-ins: checking every file even when one of them cannot be used -----------------------

#: The last version of each file that validated, per (game, file): a stand-in for a broken file
#: so that one reload still reports the cross-reference problems of every other file.
_LAST_GOOD: dict[tuple[str, str], Any] = {}


_LAST_GOOD_DATA: dict[tuple[str, str], Any] = {}


def _good_data(game_id: str, name: str, folder: Path) -> Any:
    """The plain data of the file's last good version (this session), else of the shipped one."""
    if (game_id, name) in _LAST_GOOD_DATA:
        return _LAST_GOOD_DATA[(game_id, name)]
    shipped = content_dir(game_id) / name
    if shipped.resolve() == (folder / name).resolve() or not shipped.is_file():
        return None
    scratch: list[Problem] = []
    data, _ = read_yaml(shipped, scratch)
    return None if scratch else data


def _stand_ins(game_id: str, module: Any, files: dict[str, Any], folder: Path) -> dict[str, Any]:
    """For each file that could not be validated: its last good version (this session), else the
    shipped one; only used to cross-check the other files, never returned as content."""
    out: dict[str, Any] = {}
    for name, model in module.FILES.items():
        if name in files:
            continue
        if (game_id, name) in _LAST_GOOD:
            out[name] = _LAST_GOOD[(game_id, name)]
            continue
        shipped = content_dir(game_id) / name
        if shipped.resolve() == (folder / name).resolve() or not shipped.is_file():
            continue
        scratch: list[Problem] = []
        data, marks = read_yaml(shipped, scratch)
        if not scratch:
            obj, found = validate_file(model, data, name, marks)
            if obj is not None and not found:
                out[name] = obj
    return out


# -- the entry point ---------------------------------------------------------------------------

_GAME_ID = re.compile(r"[a-z][a-z0-9_]{0,30}")


def schema(game_id: str) -> Any:
    """The game's content schema module, `rules.<game_id>.content`; `ContentError` for an unknown game."""
    unknown = ContentError([problem(str(game_id)[:40], 1, 1, "",
                                    msg("content.unknown_game", game=shown(game_id)))])
    if not isinstance(game_id, str) or not _GAME_ID.fullmatch(game_id):
        raise unknown
    try:
        return importlib.import_module(f"rules.{game_id}.content")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith(("rules." + game_id, "rules")):
            raise unknown from exc
        raise


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
    good_data: dict[str, Any] = {}
    replaced: dict[str, dict[str, set[int]]] = {}  # failed items standing in by their last good version
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
        if obj is None and (rescued := salvage(model, data, _good_data(game_id, name, folder))) is not None:
            obj, kept[name], ids, replaced[name] = rescued
            dropped_ids |= ids
        if obj is not None:
            files[name] = obj
        good_data[name] = data
    for path in sorted(folder.glob("*.yaml")):
        if path.name not in module.FILES:
            hint = did_you_mean(path.name, module.FILES)
            problems.append(problem(path.name, 1, 1, "", msg("content.unexpected_file", hint=hint)))
    stand_ins = _stand_ins(game_id, module, files, folder)
    if len(files) + len(stand_ins) < len(module.FILES):
        raise ContentError(problems)
    partial = bool(problems)

    def report(file: str, path: tuple[Any, ...], message: Message | str) -> None:
        path = tuple(path)
        if file in stand_ins:  # a stand-in's own problems are not the designer's
            return
        if partial:  # keep only what the failing items cannot have caused
            if any(repr(i) in render(message) for i in dropped_ids):
                return
            if file in kept and path and path[0] in kept[file]:
                if len(path) < 2 or not isinstance(path[1], int):
                    return
                path = (path[0], kept[file][path[0]][path[1]]) + path[2:]
                if path[1] in replaced.get(file, {}).get(path[0], ()):
                    return  # about a last good item standing in for a broken one
        problems.append(locate(file, path, message, all_marks.get(file, {})))

    try:
        content = module.build({**stand_ins, **files}, report)
    except Exception:
        if not partial:
            raise
        content = None  # partial content may break a game's assumptions; its problems stand
    if problems:
        raise ContentError(problems)
    for name in module.FILES:  # all good: the stand-ins of a later reload
        _LAST_GOOD[(game_id, name)] = files[name]
        _LAST_GOOD_DATA[(game_id, name)] = good_data[name]
    return content
