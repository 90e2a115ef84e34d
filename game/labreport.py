"""`simulate --report DIR`: a Markdown report with PNG charts of a lab document (see game/lab.py).

matplotlib is imported here only (Agg backend: no window), so neither the app's start-up nor a
plain `simulate` pays for it. Charts: win rates with intervals per seat and bot, game-length
histogram, mean score over turns with a band, per-entry effects sorted, A/B differences.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.lab import (
    bot_text,
    describe,
    entry_text,
    figure_name,
    headline,
    label_text,
    line_text,
    line_values,
    pct,
    rate_text,
)

SIDE_COLOURS = ("#3b6ea8", "#c8782a")
SEAT_COLOURS = ("#3b6ea8", "#c8782a", "#4c9a52", "#b3443c", "#7d5aa6", "#8a6d3b")
MAX_ENTRIES = 30


def _plt() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams.update({"figure.dpi": 100, "savefig.dpi": 100, "font.size": 10,
                         "axes.spines.top": False, "axes.spines.right": False})
    return plt


#: The charts the app shows (`screen=True`): the same figures at this share of their size with
#: the same text, so that shown in the Lab screen's panel (about 430 pixels wide at 1024×700, 560
#: at 1280×800) their labels stay about 12 pixels tall instead of 6 (the report's 800 to 1,100
#: pixel charts scaled down); titles are wrapped to the figure's width (`_title`).
SCREEN_SCALE = 0.5


def write_report(doc: dict[str, Any], folder: str | Path, strings: Any,
                 screen: bool | tuple[int, int] = False) -> Path:
    """Write report.md, report.json and the charts into `folder` (with `screen`, also the app's
    smaller charts in `folder/screen/`: with a size in pixels, each of them that size, the room
    the Lab screen has for a chart); returns the Markdown file."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    charts = draw_charts(doc, out, strings)
    if screen:
        (out / "screen").mkdir(exist_ok=True)
        box = screen if isinstance(screen, tuple) else None
        draw_charts(doc, out / "screen", strings, SCREEN_SCALE, box)
    (out / "report.json").write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    path = out / "report.md"
    path.write_text(markdown(doc, charts, strings), encoding="utf-8")
    return path


class _Sized:
    """pyplot whose figures are `scale` times the size the charts ask for, or with `box` (pixels at
    100 dpi) that size whatever they ask (text size unchanged)."""

    def __init__(self, plt: Any, scale: float, box: tuple[int, int] | None = None) -> None:
        self._plt, self._scale, self._box = plt, scale, box

    def subplots(self, *args: Any, figsize: tuple[float, float], **kwargs: Any) -> Any:
        if self._box is not None:
            figsize = (max(2.0, self._box[0] / 100), max(1.5, self._box[1] / 100))
        else:
            figsize = (figsize[0] * self._scale, figsize[1] * self._scale)
        return self._plt.subplots(*args, figsize=figsize, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._plt, name)


def _title(target: Any, text: str, size: float = 10) -> None:
    """A chart's title over the whole figure (an axes' title is centred on the plot, which long
    tick labels push right: the title was cut), wrapped to the figure's width."""
    import textwrap

    fig = getattr(target, "figure", None) or target
    chars = max(24, int(fig.get_figwidth() * 72 / (size * 0.55)))  # about 0.55 em per character
    fig.suptitle(textwrap.fill(text, chars), fontsize=size)


def draw_charts(doc: dict[str, Any], out: Path, strings: Any, scale: float = 1.0,
                box: tuple[int, int] | None = None, only: str | None = None) -> dict[str, str]:
    """Every chart that has data, as {name: file name} (`scale`: see `SCREEN_SCALE`; `box`: every
    figure that many pixels; `only`: that chart alone, as the Lab screen draws one again for a
    window of another size)."""
    plt = _plt() if scale == 1.0 and box is None else _Sized(_plt(), scale, box)
    charts: dict[str, str] = {}
    sides = [doc[k] for k in ("a", "b") if k in doc]
    for name, draw in (("win_rates", _win_rates), ("lengths", _lengths), ("history", _history),
                       ("entries", _entries), ("ab", _ab)):
        if only is not None and name != only:
            continue
        fig = draw(plt, doc, sides, strings)
        if fig is None:
            continue
        fig.tight_layout()
        fig.savefig(out / f"{name}.png")
        plt.close(fig)
        charts[name] = f"{name}.png"
    return charts


def _side_names(sides: list[dict[str, Any]]) -> list[str]:
    return ["A", "B"] if len(sides) > 1 else [""]


def _win_rates(plt: Any, doc: dict[str, Any], sides: list[dict[str, Any]], strings: Any) -> Any:
    st0 = sides[0]["stats"]
    labels = [strings.tr("lab.seat", n=i + 1) for i in range(len(st0["seats"]))]
    bots = sorted(st0["bots"]) if len(st0["bots"]) > 1 else []
    labels += [strings.tr("lab.bot", bot=bot_text(b, strings)) for b in bots]
    fig, ax = plt.subplots(figsize=(8, 0.5 * len(labels) * len(sides) + 1.6))
    height = 0.8 / len(sides)
    for k, (side, name) in enumerate(zip(sides, _side_names(sides))):
        st = side["stats"]
        rows = st["seats"] + [st["bots"][b] for b in bots]
        ys = [i + k * height for i in range(len(rows))]
        rates = [r["rate"] for r in rows]
        err = [[r["rate"] - r["lo"] for r in rows], [r["hi"] - r["rate"] for r in rows]]
        ax.barh(ys, rates, height=height * 0.9, xerr=err, color=SIDE_COLOURS[k], capsize=3, label=name or None)
    fair = st0["first_player"]["fair"]
    ax.axvline(fair, color="#555555", linestyle="--", linewidth=1, label=strings.tr("lab.chart.fair"))
    ax.set_yticks([i + 0.4 - height / 2 for i in range(len(labels))], labels)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter(plt.FuncFormatter(lambda x, _p: f"{100 * x:.0f} %"))
    _title(ax, strings.tr("lab.chart.seats"))
    # the sides, and what the dashed line is: above the plot, in one row (inside, "best" put it
    # over a bar's interval)
    handles = ax.get_legend_handles_labels()[0]
    ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncols=len(handles), fontsize=8, frameon=False)
    return fig


def _lengths(plt: Any, doc: dict[str, Any], sides: list[dict[str, Any]], strings: Any) -> Any:
    fig, ax = plt.subplots(figsize=(8, 3.6))
    for k, (side, name) in enumerate(zip(sides, _side_names(sides))):
        h = side["stats"]["length_histogram"]
        if not h["counts"]:
            return None
        ax.stairs(h["counts"], h["edges"], fill=len(sides) == 1, alpha=0.75 if len(sides) == 1 else 1,
                  color=SIDE_COLOURS[k], linewidth=2, label=name or None)
    _title(ax, strings.tr("lab.chart.lengths"))
    ax.set_ylabel(strings.tr("lab.chart.games"))
    if len(sides) > 1:  # above the plot: inside, it lay over the bars
        ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncols=len(sides), fontsize=8, frameon=False)
    return fig


def _history(plt: Any, doc: dict[str, Any], sides: list[dict[str, Any]], strings: Any) -> Any:
    rows = sides[0]["stats"]["history"]
    if len(rows) < 2:
        return None
    fig, axes = plt.subplots(1, len(sides), figsize=(8 if len(sides) == 1 else 11, 3.8), squeeze=False)
    for k, (side, name) in enumerate(zip(sides, _side_names(sides))):
        ax, hist = axes[0][k], side["stats"]["history"]
        turns = [r["turn"] for r in hist]
        for s in range(len(hist[0]["mean"])):
            colour = SEAT_COLOURS[s % len(SEAT_COLOURS)]
            ax.plot(turns, [r["mean"][s] for r in hist], color=colour, label=strings.tr("lab.seat", n=s + 1))
            ax.fill_between(turns, [r["lo"][s] for r in hist], [r["hi"][s] for r in hist], color=colour, alpha=0.2)
        ax.set_xlabel(strings.tr(f"lab.chart.{side['stats']['history_unit']}"))
        ax.set_ylabel(strings.tr("lab.chart.mean_score"))
        ax.xaxis.get_major_locator().set_params(integer=True)
        if name:  # A and B side by side: the sides' names over them, the chart's title over both
            ax.set_title(name, fontsize=10)
        else:
            _title(ax, strings.tr("lab.chart.history"))
        if k == len(sides) - 1:  # beside the last chart: inside, it hid the curves it names
            ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    if len(sides) > 1:
        _title(fig, strings.tr("lab.chart.history"))
    return fig


def _entries(plt: Any, doc: dict[str, Any], sides: list[dict[str, Any]], strings: Any) -> Any:
    entries = [e for e in sides[0]["stats"]["entries"] if e["seat_games"] and e["not_used"]["n"]]
    if not entries:
        return None
    entries = sorted(entries, key=lambda e: abs(e["effect"]), reverse=True)[:MAX_ENTRIES]
    entries.sort(key=lambda e: e["effect"])
    fig, ax = plt.subplots(figsize=(8, 0.32 * len(entries) + 1.4))
    ys = range(len(entries))
    colours = ["#4c9a52" if e["significant"] and e["effect"] > 0 else "#b3443c" if e["significant"]
               else "#9a9a9a" for e in entries]
    err = [[e["effect"] - e["lo"] for e in entries], [e["hi"] - e["effect"] for e in entries]]
    ax.barh(list(ys), [e["effect"] for e in entries], xerr=err, color=colours, capsize=2)
    ax.set_yticks(list(ys), [_short(label_text(e["label"], strings)) for e in entries], fontsize=8)
    ax.axvline(0, color="#333333", linewidth=1)
    ax.xaxis.set_major_formatter(plt.FuncFormatter(lambda x, _p: f"{100 * x:+.0f}"))
    ax.set_xlabel(strings.tr("lab.chart.points"))
    _title(ax, strings.tr("lab.chart.entries"))
    return fig


def _short(text: str, size: int = 42) -> str:
    return text if len(text) <= size else text[: size - 1] + "…"


def _ab(plt: Any, doc: dict[str, Any], sides: list[dict[str, Any]], strings: Any) -> Any:
    lines = doc.get("compare")
    if not lines:
        return None
    rates = [line for line in lines if line["kind"] == "rate"]
    means = [line for line in lines if line["kind"] == "mean"]
    fig, axes = plt.subplots(1, 2, figsize=(11, 0.45 * max(len(rates), len(means)) + 1.6),
                             gridspec_kw={"width_ratios": [3, 2]})
    for ax, group, scale in ((axes[0], rates, 100), (axes[1], means, 1)):
        ys = list(range(len(group)))
        err = [[scale * (g["diff"] - g["lo"]) for g in group], [scale * (g["hi"] - g["diff"]) for g in group]]
        colours = [("#4c9a52" if g["diff"] > 0 else "#b3443c") if g["significant"] else "#9a9a9a" for g in group]
        ax.barh(ys, [scale * g["diff"] for g in group], xerr=err, color=colours, capsize=3)
        ax.set_yticks(ys, [figure_name(g["figure"], strings) for g in group], fontsize=8)
        ax.invert_yaxis()
        ax.axvline(0, color="#333333", linewidth=1)
    axes[0].set_xlabel("B − A (pts)")
    axes[1].set_xlabel("B − A")
    _title(fig, strings.tr("lab.chart.ab"), 11)
    return fig


# -- Markdown ----------------------------------------------------------------------------------------

def markdown(doc: dict[str, Any], charts: dict[str, str], strings: Any) -> str:
    """The report's Markdown text."""
    a = doc["a"]
    out = [f"# {strings.tr('lab.report.title', game=a['game'])}", "", f"**{headline(doc, strings)}**", ""]
    if "compare" in doc:
        out += _ab_table(doc, strings)
        out += _image(charts, "ab")
    out += [f"## {strings.tr('lab.section.seats')}", ""]
    for name, side in (("A", a), ("B", doc.get("b"))):
        if side is None:
            continue
        if "b" in doc:
            out += [f"### {name} — {side['content'] or strings.tr('lab.default_content')}", ""]
        st = side["stats"]
        out += ["- " + strings.tr("lab.pair", label=strings.tr("lab.seat", n=i + 1), value=rate_text(r, strings))
                for i, r in enumerate(st["seats"])]
        out += ["- " + strings.tr("lab.pair", label=strings.tr("lab.bot", bot=bot_text(b, strings)),
                                  value=rate_text(r, strings)) for b, r in st["bots"].items()]
        fp = st["first_player"]
        out += [f"- {strings.tr('lab.draws', rate=pct(st['draws']['rate'], strings))}",
                f"- {strings.tr('lab.first_player', rate=rate_text(fp, strings), fair=pct(fp['fair'], strings))}",
                ""]
    out += _image(charts, "win_rates")
    out += [f"## {strings.tr('lab.section.length')}", ""]
    out += _image(charts, "lengths") + _image(charts, "history")
    if a["stats"]["lines"]:
        out += [f"## {strings.tr('lab.section.lines')}", ""]
        out += ["- " + strings.tr("lab.pair", label=line_text(k, a["stats"], strings), value=pct(v, strings))
                for k, v in a["stats"]["lines"].items()] + [""]
    if a["stats"]["entries"]:
        out += [f"## {strings.tr('lab.section.entries')}", "", f"> {strings.tr('lab.caveat')}", ""]
        out += _image(charts, "entries")
        out += [f"- {entry_text(e, strings)}" for e in a["stats"]["entries"]] + [""]
    out += [f"## {strings.tr('lab.section.details')}", "", "```", describe(doc, strings), "```", ""]
    return "\n".join(out)


def _image(charts: dict[str, str], name: str) -> list[str]:
    return [f"![{name}]({charts[name]})", ""] if name in charts else []


def _ab_table(doc: dict[str, Any], strings: Any) -> list[str]:
    out = [f"## {strings.tr('lab.section.ab')}", "",
           f"| | A | B | B − A | 95 % | {strings.tr('lab.ab.verdict')} |", "|---|---:|---:|---:|---|---|"]
    for line in doc["compare"]:
        a, b, diff, lo, hi = line_values(line, strings)
        mark = "**" if line["significant"] else ""
        interval = strings.tr("lab.interval", lo=lo, hi=hi)
        out.append(f"| {figure_name(line['figure'], strings)} | {a} | {b} | {mark}{diff}{mark} | {interval} "
                   f"| {strings.render(line['verdict'])} |")
    return out + [""]
