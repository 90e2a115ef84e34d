"""The FR/EN string catalog: every text people read comes from here, by key.

Catalog files live in `game/strings/`: `core.yaml` for the shell, `<game>.yaml` for each game,
each a flat mapping `key: {fr: ..., en: ...}`. A key's first dotted part names its file
("anludim.log.drew" is in anludim.yaml; keys of other prefixes are in core.yaml); game files are
read only when first needed, so start-up reads one small file. Texts use `{name}` placeholders.

Grammar lives in the catalog, not in the code that calls it:

- **Plurals from counts**, ICU style: `{count, plural, one {# carte} other {# cartes}}` picks a branch
  by the number `count` (`#` is the number; other placeholders work inside a branch; `=0 {…}`
  matches one exact value first). French says "one" for 0 and 1, English for 1 only. Never "(s)".
- **Counted lists**: `{resources, tally}` writes a list parameter with its repeated items counted,
  in first-seen order, each through `common.tally_item` ("Ebony ×2, Gold", not "Ebony, Gold,
  Ebony"); a plain `{resources}` writes every item. Only what the template asks is counted (a list
  of scores stays "3, 5, 3").
- **French elision** is automatic at a placeholder: "de {name}", "que {name}", "le {name}",
  "la {name}" become "d'Alice", "qu'Alice", "l'Hélène" when the text put there starts with a vowel
  or an h (a Y before a vowel, as in Yanis, keeps "de").
- **A content name with its article** ("L'Alchimiste", "Le Mat", "Les Veilleurs du Chêne",
  "The Seer": an article, then a capital), where the template asks for it with
  `{name, article}`: the article is lower case in running text ("Appeler l'Alchimiste", "takes
  the Seer") and in French joins "de" and "à" before it as the language does ("du Mat", "au
  Mat", "des Veilleurs", "aux Veilleurs"); at a sentence's start it keeps its capital. A list
  gets this for each of its items. Only where asked: a player's name ("Le Goff"), a quotation,
  a title of a work or a name in apposition ("le conflit La Papesse") is written as it is.

Log entries and refusals from the rules are `{"key", "params"}`; `render` turns one into text,
resolving parameter values of the forms `{"seat": i}`, `{"key", "params"}` and `{"text": {fr, en}}`.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

STRINGS_DIR = Path(__file__).resolve().parent / "strings"
LANGUAGES = ("fr", "en")


ELISION = re.compile(r"\b([DdLl]e|[Qq]ue|[Ll]a|[Jj]usque|[Ll]orsque|[Pp]uisque) (\{(\w+)[^{}]*\})")
VOWELS = set("aeiouhàâäéèêëîïôöùûüæœAEIOUHÀÂÄÉÈÊËÎÏÔÖÙÛÜÆŒ")


def plural_one(lang: str, n: float) -> bool:
    """The "one" form: French for 0 and 1 (and what lies between), English for exactly 1."""
    return 0 <= abs(n) < 2 if lang == "fr" else abs(n) == 1


def elides(word: str) -> bool:
    """True when French elides before `word` ("d'Alice", "d'Hélène", "d'Yves" but "de Yanis")."""
    word = word.lstrip("«\"' ")
    if not word:
        return False
    if word[0] in "yY":
        return len(word) > 1 and word[1].lower() not in "aeiouyàâäéèêëîïôöùûü"
    return word[0] in VOWELS


def elide(template: str, params: dict[str, Any]) -> str:
    """French: "de {name}" → "d'{name}" (and que, le, la, …) when the text put there elides."""
    def one(m: re.Match[str]) -> str:
        value = params.get(m.group(3))
        if isinstance(value, str) and elides(value):
            return m.group(1)[:-1] + "'" + m.group(2)
        return m.group(0)

    return ELISION.sub(one, template)


# An article, then a capital (the space may be a no-break one: a name kept on one line)
ARTICLE = {"fr": re.compile("(L'|L’|(?:Le|La|Les)[ \u00a0])(?=[A-ZÀ-ÖØ-Ý])"),
           "en": re.compile("(The[ \u00a0])(?=[A-Z])")}
# `{name, article}`, with the French preposition before it that an article joins ("de", "à")
PLACED = re.compile(r"(?:(?<![\w'’])([Dd]e|[Àà]) )?\{(\w+),\s*article\}")
JOINED = {("de", "Le"): "du", ("de", "Les"): "des", ("à", "Le"): "au", ("à", "Les"): "aux"}


def _sentence_start(text: str) -> bool:
    """Whether a sentence starts right after `text` (nothing before it, or . ! ? … or a line end)."""
    text = text.rstrip(" \u00a0«“\"")
    return not text or text[-1] in ".!?…\n"


def articles(template: str, params: dict[str, Any], lang: str) -> tuple[str, dict[str, Any]]:
    """`{name, article}` (see the module): the placeholder written `{name}`, or, when its value
    begins with a capital article and stands mid-sentence, a parameter of its own with the
    article in lower case or, after "de" and "à", joined to them."""
    article = ARTICLE.get(lang)
    params = dict(params)

    def running(value: str, preposition: str | None, start: bool) -> tuple[str | None, str]:
        """(the preposition's word, the value) as the sentence writes them."""
        found = article.match(value) if article is not None else None
        if found is None:
            return preposition, value
        art, rest = found.group(1), value[found.end():]
        joined = JOINED.get((preposition.lower(), art[:-1])) if preposition and lang == "fr" else None
        if joined is not None:
            return (joined.capitalize() if preposition[0].isupper() else joined), rest
        if start and not preposition:
            return preposition, value
        return preposition, art.lower() + rest

    def one(m: re.Match[str]) -> str:
        preposition, name = m.group(1), m.group(2)
        value = params.get(name)
        start = _sentence_start(template[:m.start()])
        if isinstance(value, Listed) and value.items:
            word, head = running(value.items[0], preposition, start)
            value = Listed([head, *(running(item, None, False)[1] for item in value.items[1:])])
        elif isinstance(value, str):
            word, value = running(value, preposition, start)
        else:
            return (f"{preposition} " if preposition else "") + "{" + name + "}"
        params[f"{name}__article"] = value
        return (f"{word} " if word else "") + f"{{{name}__article}}"

    return PLACED.sub(one, template), params


def count_text(n: float, lang: str) -> str:
    """A count the language's way: 15 596 (fr, from five digits, a no-break space), 15,596 (en,
    from four); other numbers as written, with a decimal comma in French."""
    if float(n).is_integer():
        whole = int(n)
        if abs(whole) >= (10_000 if lang == "fr" else 1_000):
            return f"{whole:,}".replace(",", "\u00a0" if lang == "fr" else ",")
        return str(whole)
    text = f"{n:g}"
    return text.replace(".", ",") if lang == "fr" else text


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return value
    try:
        return float(str(value))
    except ValueError:
        return None


def _branches(text: str, start: int) -> tuple[dict[str, str], int]:
    """Parse `sel {body} sel {body} …}` from `start`; returns the branches and the index after the
    closing brace of the plural block."""
    out: dict[str, str] = {}
    i = start
    while i < len(text):
        while i < len(text) and text[i].isspace():
            i += 1
        if i < len(text) and text[i] == "}":
            return out, i + 1
        j = text.index("{", i)
        selector = text[i:j].strip()
        depth, k = 1, j + 1
        while depth:
            depth += {"{": 1, "}": -1}.get(text[k], 0)
            k += 1
        out[selector] = text[j + 1:k - 1]
        i = k
    raise ValueError("unclosed plural block")


PLURAL = re.compile(r"\{(\w+),\s*plural,")


def plurals(text: str, params: dict[str, Any], lang: str) -> str:
    """Replace every `{n, plural, one {…} other {…}}` block by the branch `params[n]` selects."""
    while True:
        m = PLURAL.search(text)
        if m is None:
            return text
        branches, end = _branches(text, m.end())
        n = _number(params.get(m.group(1)))
        if n is None:
            body = branches.get("other", "")
        else:
            exact = branches.get(f"={n:g}")
            body = exact if exact is not None else branches.get(
                "one" if plural_one(lang, n) else "other", branches.get("other", ""))
            body = body.replace("#", count_text(n, lang))
        text = text[:m.start()] + body + text[end:]


TALLY = re.compile(r"\{(\w+),\s*tally\}")


class Listed(str):
    """A list parameter as `render` resolves it: its items joined ("Ebony, Gold, Ebony"), with the
    items themselves kept for `{name, tally}`."""

    items: tuple[str, ...]

    def __new__(cls, items: Sequence[Any]) -> Listed:
        self = super().__new__(cls, ", ".join(str(i) for i in items))
        self.items = tuple(str(i) for i in items)
        return self


class _Missing(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Strings:
    """A catalog in one language; switch with `set_language`."""

    def __init__(self, lang: str = "fr", folder: Path = STRINGS_DIR) -> None:
        self.lang = lang if lang in LANGUAGES else "fr"
        self.folder = folder
        self._files: dict[str, dict[str, dict[str, str]]] = {}
        self._areas = {path.stem for path in folder.glob("*.yaml")}

    def set_language(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else "fr"

    def table(self, area: str) -> dict[str, dict[str, str]]:
        """All entries of one catalog file (read once)."""
        if area not in self._files:
            path = self.folder / f"{area}.yaml"
            self._files[area] = read_catalog(path) if path.exists() else {}
        return self._files[area]

    def _area(self, key: str) -> str:
        head = key.split(".", 1)[0]
        return head if head in self._areas else "core"

    def has(self, key: str) -> bool:
        return key in self.table(self._area(key))

    def tr(self, key: str, /, **params: Any) -> str:
        """The text of `key` in the current language, with `{placeholders}` filled."""
        entry = self.table(self._area(key)).get(key)
        if entry is None:
            return key
        text = entry.get(self.lang) or entry.get("fr") or key
        if not params:
            return text
        return self.fill(text, params)

    def fill(self, text: str, params: dict[str, Any]) -> str:
        """Plurals chosen, lists tallied, names' articles placed, French elided, then the
        `{placeholders}` filled."""
        if "plural," in text:
            text = plurals(text, params, self.lang)
        if "tally}" in text:
            text, params = self.tallies(text, params)
        if "article}" in text:
            text, params = articles(text, params, self.lang)
        if self.lang == "fr":
            text = elide(text, params)
        return text.format_map(_Missing(params))

    def tallies(self, text: str, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        """`{name, tally}` → `{name__tally}`, the list params[name] with its items counted (see the
        module); `{name}` still writes every item."""
        params = dict(params)
        for name in dict.fromkeys(TALLY.findall(text)):
            value = params.get(name)
            if value is None:
                continue
            items = value.items if isinstance(value, Listed) else \
                [str(v) for v in value] if isinstance(value, list | tuple) else [str(value)]
            counts: dict[str, int] = {}
            for item in items:
                counts[item] = counts.get(item, 0) + 1
            params[f"{name}__tally"] = ", ".join(self._tally_item(item, n) for item, n in counts.items())

        def counted(m: re.Match[str]) -> str:
            name = f"{m.group(1)}__tally"
            return "{" + name + "}" if name in params else m.group(0)

        return TALLY.sub(counted, text), params

    def _tally_item(self, item: str, n: int) -> str:
        if n == 1:
            return item
        count = count_text(n, self.lang)
        if self.has("common.tally_item"):
            return self.tr("common.tally_item", item=item, n=count)
        return f"{item} ×{count}"

    def decimal(self, value: float, digits: int = 1, sign: bool = False) -> str:
        """`value` with `digits` decimals, written the language's way: 40.5 (en), 40,5 (fr)."""
        text = f"{value:{'+' if sign else ''}.{digits}f}"
        return text.replace(".", ",") if self.lang == "fr" else text

    def tr_in(self, lang: str, key: str, /, **params: Any) -> str:
        """The text of `key` in `lang` (whatever the current language)."""
        current, self.lang = self.lang, lang if lang in LANGUAGES else "fr"
        try:
            return self.tr(key, **params)
        finally:
            self.lang = current

    def text(self, value: Any) -> str:
        """Bilingual content text ({fr, en} mapping or object with .fr/.en) in the current language."""
        if isinstance(value, dict):
            return str(value.get(self.lang) or value.get("fr") or "")
        return str(getattr(value, self.lang, None) or getattr(value, "fr", value))

    def render(self, item: dict[str, Any], seat_name: Callable[[int], str] | Sequence[str] = ()) -> str:
        """Translate a log entry or refusal `{"key", "params"}` into text."""
        names = seat_name
        params = {k: self._param(v, names) for k, v in (item.get("params") or {}).items()}
        return self.tr(item.get("key", ""), **params)

    def _param(self, value: Any, names: Any) -> Any:
        if isinstance(value, dict):
            if "seat" in value and len(value) == 1:
                seat = value["seat"]
                if callable(names):
                    return names(seat)
                return names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"
            if "key" in value:
                return self.render(value, names)
            if "text" in value:
                return self.text(value["text"])
        if isinstance(value, list):
            return Listed([self._param(v, names) for v in value])
        return value


def _cache_file(path: Path) -> Path | None:
    try:
        from game.paths import cache_dir

        stat = path.stat()
    except (ImportError, OSError):
        return None
    return cache_dir() / f"strings-{path.stem}-{stat.st_mtime_ns}-{stat.st_size}.json"


def read_catalog(path: Path) -> dict[str, dict[str, str]]:
    """Parse one catalog file. A JSON copy in the cache folder, keyed by the file's mtime and
    size, spares start-up the YAML import; it is rewritten whenever the YAML changes."""
    cache = _cache_file(path)
    if cache is not None and cache.is_file():
        try:
            return json.loads(cache.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            pass
    import yaml

    text = path.read_text(encoding="utf-8")
    data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or {}
    if cache is not None:
        try:
            cache.parent.mkdir(parents=True, exist_ok=True)
            for old in cache.parent.glob(f"strings-{path.stem}-*.json"):
                old.unlink(missing_ok=True)
            tmp = cache.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
            os.replace(tmp, cache)
        except OSError:
            pass
    return data
