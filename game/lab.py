"""The designer's lab: run a simulation plan (or two, for A/B), gather statistics, say them in words.

`run_lab(request)` is used by `simulate` on the command line and by the Lab screen's background
process; it returns one JSON-able document (every figure). `describe(doc, strings)` writes it
as text in the strings' language; `game.labreport.write_report` draws the charts.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from game import labstats
from game.simulate import Plan, default_workers, play_records, summary


@dataclass(frozen=True)
class LabRequest:
    """One lab run: a plan on content A (`plan.content_root`) and optionally on content B."""

    plan: Plan
    against: str | None = None
    workers: int | None = None
    names: tuple[str | None, str | None] = (None, None)  # the folders as the designer named them


def content_root(game_id: str, folder: str | None) -> str | None:
    """A content root for `folder`: a copy of content/ (holding `<game>/`) is used as is; a copy of
    one game's folder (YAML files directly inside, any name) gets a temporary root linking to it."""
    if folder is None:
        return None
    path = Path(folder).expanduser().resolve()
    if (path / game_id).is_dir() or not any(path.glob("*.yaml")):
        return str(path)
    if path.name == game_id:
        return str(path.parent)
    root = Path(tempfile.mkdtemp(prefix="guildhall-lab-"))
    (root / game_id).symlink_to(path, target_is_directory=True)
    return str(root)


def app_content_root(folder: str | None) -> tuple[str | None, str | None]:
    """The app's `--content` (root, the game a one-game folder is of): a copy of content/ (a
    folder per game) is used as is, `(folder, None)`; a copy of one game's folder (YAML files
    directly inside, any name) gets a temporary root where that game reads the folder and every
    other game the shipped content. The game is the folder's name when it is a game's id, else the
    game whose shipped YAML files the folder's names match best. ValueError when none does."""
    if folder is None:
        return None, None
    path = Path(folder).expanduser().resolve()
    names = {p.name for p in path.glob("*.yaml")}
    if not names:
        return str(path), None
    from game import catalog
    from game.content import CONTENT_ROOT

    games = list(catalog.implemented())
    game = path.name if path.name in games else None
    if game is None:
        shipped = {g: {p.name for p in (CONTENT_ROOT / g).glob("*.yaml")} for g in games}
        score = {g: len(names & files) / len(names | files) for g, files in shipped.items()}
        ranked = sorted(games, key=lambda g: -score[g])
        if score[ranked[0]] < 0.5 or (len(ranked) > 1 and score[ranked[1]] == score[ranked[0]]):
            raise ValueError(f"--content {folder}: expected a copy of content/ (a folder per game) or of one "
                             f"game's folder ({', '.join(games)}); its files {', '.join(sorted(names))} are none")
        game = ranked[0]
    root = Path(tempfile.mkdtemp(prefix="guildhall-content-"))
    for g in games:
        (root / g).symlink_to(path if g == game else CONTENT_ROOT / g, target_is_directory=True)
    return str(root), game


def run_lab(request: LabRequest, progress: Callable[[int, int], None] | None = None,
            cancelled: Callable[[], bool] | None = None) -> dict[str, Any]:
    """Play the plan (on A, then on B with the same seeds) and return every figure."""
    workers = max(1, min(request.workers or default_workers(), request.plan.games))
    sides = [("a", request.plan)]
    if request.against is not None:
        sides.append(("b", replace(request.plan, content_root=request.against)))
    total = request.plan.games * len(sides)
    doc: dict[str, Any] = {}
    records: dict[str, list[dict[str, Any]]] = {}
    for n, (name, plan) in enumerate(sides):
        offset = n * request.plan.games
        tick = (lambda done, _t, o=offset: progress(o + done, total)) if progress else None
        started = time.perf_counter()
        records[name] = play_records(plan, workers, tick, cancelled)
        side = summary(plan, records[name], time.perf_counter() - started, workers)
        side["content"] = request.names[n] or plan.content_root
        side["stats"] = labstats.analyse(records[name])
        doc[name] = side
        if cancelled is not None and cancelled():
            doc["cancelled"] = True
            return doc
    if "b" in records:
        lines = labstats.compare(records["a"], records["b"])
        for line in lines:
            line["verdict"] = labstats.verdict(line)
        doc["compare"] = lines
    return doc


# -- words -------------------------------------------------------------------------------------------

def pct(x: float, strings: Any) -> str:
    """A rate as a percentage with one decimal, in the strings' language (40.5 % / 40,5 %)."""
    return f"{strings.decimal(100 * x)}\u00a0%"


def signed_pct(x: float, strings: Any) -> str:
    """A difference of rates in percentage points, signed."""
    return f"{strings.decimal(100 * x, sign=True)}\u00a0pts"


def figure_name(figure: list[Any], strings: Any) -> str:
    """The readable name of an A/B figure ("Seat 1 wins", "Actions per game")."""
    kind = figure[0]
    if kind == "seat":
        return strings.tr("lab.figure.seat", n=figure[1])
    if kind == "bot":
        return strings.tr("lab.figure.bot", bot=bot_text(figure[1], strings))
    return strings.tr(f"lab.figure.{kind}")


def bot_text(bot: str, strings: Any) -> str:
    """A bot's name in the strings' language ("glouton" for greedy), or its id."""
    return strings.tr(f"bot.{bot}") if strings.has(f"bot.{bot}") else bot


def label_text(label: Any, strings: Any) -> str:
    """An entry label (a log parameter) in the strings' language."""
    return strings.render({"key": "lab.label", "params": {"x": label}})


def rate_text(r: dict[str, Any], strings: Any) -> str:
    return strings.tr("lab.rate", rate=pct(r["rate"], strings), lo=pct(r["lo"], strings), hi=pct(r["hi"], strings),
                      k=r["k"], n=r["n"])


def line_values(line: dict[str, Any], strings: Any) -> tuple[str, str, str, str, str]:
    """A, B, difference, interval low and high of an A/B line, formatted in the strings' language."""
    if line["kind"] == "rate":
        return (pct(line["a"], strings), pct(line["b"], strings), signed_pct(line["diff"], strings),
                signed_pct(line["lo"], strings), signed_pct(line["hi"], strings))
    digits = 2 if max(abs(line["a"]), abs(line["b"])) < 10 else 1  # small scores (rounds won) need more
    dec = strings.decimal
    return (dec(line["a"], digits), dec(line["b"], digits), dec(line["diff"], digits, True),
            dec(line["lo"], digits, True), dec(line["hi"], digits, True))


def headline(doc: dict[str, Any], strings: Any) -> str:
    """One sentence: how many A/B figures changed significantly (or the seat win rates alone)."""
    lines = doc.get("compare")
    if lines is None:
        stats = doc["a"]["stats"]
        seats = stats["seats"]
        text = " · ".join(strings.tr("lab.pair", label=strings.tr("lab.seat", n=i + 1), value=pct(r["rate"], strings))
                          .replace(" ", "\u00a0") for i, r in enumerate(seats))  # a line breaks between seats only
        return f"{text[:1].upper()}{text[1:]}. {balance(stats, doc['a']['games'], strings)}{bots_balance(stats, strings)}"
    hits = [figure_name(line["figure"], strings) for line in lines if line["significant"]]
    if not hits:
        return strings.tr("lab.ab.summary.none", total=len(lines))
    key = "lab.ab.summary.one" if len(hits) == 1 else "lab.ab.summary.many"
    return strings.tr(key, significant=len(hits), total=len(lines), figures=", ".join(hits))


def balance(stats: dict[str, Any], games: int, strings: Any) -> str:
    """Whether a seat's win rate departs from the fair share (one in the number of seats): the
    seats whose 95 % interval leaves it out, or that none does with this many games."""
    fair = stats["first_player"]["fair"]
    off = [str(i + 1) for i, r in enumerate(stats["seats"]) if not r["lo"] <= fair <= r["hi"]]
    if not off:
        return strings.tr("lab.balance.fair", fair=pct(fair, strings), games=games)
    listed = off[0] if len(off) == 1 else strings.tr("lab.and", a=", ".join(off[:-1]), b=off[-1])
    return strings.tr("lab.balance.off", count=len(off), seats=listed, fair=pct(fair, strings))


def bots_balance(stats: dict[str, Any], strings: Any) -> str:
    """With two bot kinds or more, " " and their win rates, and those whose 95 % interval leaves
    out the fair share (a Master against Apprentices: the seats can be fair while a bot is not),
    in few words; "" with one kind."""
    bots = stats.get("bots") or {}
    if len(bots) < 2:
        return ""
    fair = stats["first_player"]["fair"]
    rates = " · ".join(f"{bot_text(b, strings)} {pct(r['rate'], strings)}".replace(" ", "\u00a0")
                       for b, r in bots.items())  # (short: the headline box holds four lines)
    off = [bot_text(b, strings) for b, r in bots.items() if not r["lo"] <= fair <= r["hi"]]
    if not off:
        return " " + strings.tr("lab.balance.bots", rates=rates)
    listed = off[0] if len(off) == 1 else strings.tr("lab.and", a=", ".join(off[:-1]), b=off[-1])
    return " " + strings.tr("lab.balance.bots_off", rates=rates, bots=listed)


def key_lines(doc: dict[str, Any], strings: Any, count: int = 4) -> list[str]:
    """The A/B lines most worth reading first: significant ones, then the closest to being so."""
    lines = sorted(doc.get("compare") or [], key=lambda g: (not g["significant"], g["needed"] or 10**12))
    out = []
    for line in lines[:count]:
        a, b, diff, lo, hi = line_values(line, strings)
        out.append(strings.tr("lab.ab.line", figure=figure_name(line["figure"], strings), a=a, b=b, diff=diff,
                              lo=lo, hi=hi, verdict=strings.render(line["verdict"])))
    return out


def describe(doc: dict[str, Any], strings: Any, game_title: str | None = None) -> str:
    """The whole document as readable text."""
    out = [_side_text(doc["a"], strings, game_title, doc.get("b"))]
    if "b" in doc:
        out.append(_ab_text(doc, strings))
    return "\n\n".join(out)


def _side_text(side: dict[str, Any], strings: Any, game_title: str | None, other: dict[str, Any] | None = None) -> str:
    st = side["stats"]
    seats = ",".join(side["seats"])
    lines = [strings.tr("lab.heading", game=game_title or side["game"], games=side["games"],
                        seed=side["seed"], seats=seats)]
    if side.get("rotate"):
        lines[0] += f" ({strings.tr('lab.rotated')})"
    if other is None:
        lines.append(strings.tr("lab.timing", workers=side["workers"], seconds=strings.decimal(side["elapsed_s"])))
    else:  # an A/B run: the time of both sides (A's alone read as the whole run's)
        lines.append(strings.tr("lab.timing_ab", workers=side["workers"],
                                seconds=strings.decimal(side["elapsed_s"] + other["elapsed_s"]),
                                a=strings.decimal(side["elapsed_s"]), b=strings.decimal(other["elapsed_s"])))
    if side["errors"]:
        lines.append(strings.tr("lab.errors", count=side["errors"]))
        lines += [f"  {s}" for s in side["error_samples"]]
    lines.append(strings.tr("lab.section.seats"))
    lines += ["  " + strings.tr("lab.pair", label=strings.tr("lab.seat", n=i + 1), value=rate_text(r, strings))
              for i, r in enumerate(st["seats"])]
    if len(st["bots"]) > 1:
        lines.append(strings.tr("lab.section.bots"))
        lines += ["  " + strings.tr("lab.pair", label=strings.tr("lab.bot", bot=bot_text(b, strings)),
                                    value=rate_text(r, strings)) for b, r in st["bots"].items()]
    lines.append(strings.tr("lab.draws", rate=pct(st["draws"]["rate"], strings)))
    fp = st["first_player"]
    lines.append(strings.tr("lab.first_player", rate=rate_text(fp, strings), fair=pct(fp["fair"], strings)))
    lines.append(strings.tr("lab.section.length"))
    lines.append("  " + strings.tr("lab.actions", **_dist(st["actions"], strings)))
    if st["turns"]:
        lines.append("  " + strings.tr("lab.turns", **_dist(st["turns"], strings)))
    lines.append(strings.tr("lab.section.margin"))
    lines.append("  " + strings.tr("lab.margin", **_dist(st["margin"], strings)))
    if st["lines"]:
        lines.append(strings.tr("lab.section.lines"))
        lines.append("  " + ", ".join(f"{line_text(k, st, strings)} {pct(v, strings)}" for k, v in st["lines"].items()))
    if st["entries"]:
        lines.append(strings.tr("lab.section.entries"))
        lines.append("  " + strings.tr("lab.caveat"))
        for e in st["entries"]:
            lines.append("  " + entry_text(e, strings))
    return "\n".join(lines)


def line_text(line: str, stats: dict[str, Any], strings: Any) -> str:
    """A scoring line's name (the engine's label, or its id)."""
    label = (stats.get("line_labels") or {}).get(line)
    return label_text(label, strings) if label is not None else line


def entry_text(e: dict[str, Any], strings: Any) -> str:
    """One entry's line: games used, win rate used vs not, difference with its interval."""
    text = strings.tr("lab.entry", label=label_text(e["label"], strings), games=e["games"],
                      used=pct(e["used"]["rate"], strings), other=pct(e["not_used"]["rate"], strings),
                      used_n=e["used"]["n"], other_n=e["not_used"]["n"],
                      effect=signed_pct(e["effect"], strings), lo=signed_pct(e["lo"], strings),
                      hi=signed_pct(e["hi"], strings))
    return text + (" " + strings.tr("lab.entry.significant") if e["significant"] else "")


def _dist(d: dict[str, float], strings: Any) -> dict[str, str]:
    return {k: strings.decimal(v) if isinstance(v, float) else str(v) for k, v in d.items()}


def _ab_text(doc: dict[str, Any], strings: Any) -> str:
    default = strings.tr("lab.default_content")
    lines = [strings.tr("lab.section.ab"),
             strings.tr("lab.ab.heading", a=doc["a"]["content"] or default, b=doc["b"]["content"] or default,
                        games=doc["a"]["games"])]
    for line in doc["compare"]:
        a, b, diff, lo, hi = line_values(line, strings)
        lines.append("  " + strings.tr("lab.ab.line", figure=figure_name(line["figure"], strings), a=a, b=b,
                                       diff=diff, lo=lo, hi=hi, verdict=strings.render(line["verdict"])))
    lines.append(headline(doc, strings))
    return "\n".join(lines)
