"""Statistics of simulated games that separate signal from noise (pure functions of game records).

A record is one game as `game.simulate.play_record` gives it. Intervals are 95 %:

- a proportion: Wilson's score interval (good with few games and rates near 0 or 1);
- a difference of two proportions: Newcombe's hybrid score interval (method 10 of Newcombe 1998),
  built from the two Wilson intervals; "significant" when it excludes zero;
- a mean, or a difference of two means: the normal approximation (mean ± 1.96 standard errors);
- "about M games would be needed": games per side for an 80 % chance of detecting, at 95 %, a
  difference as large as the one observed (the usual two-sample normal formula).

The A/B runs play the same seeds on both contents but the games soon differ, so the two samples
are treated as independent (the conservative choice).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

Z = 1.959963984540054      # two-sided 95 %
Z_POWER = 0.8416212335729143  # 80 % power


# -- intervals -------------------------------------------------------------------------------------

def wilson(successes: int, trials: int, z: float = Z) -> tuple[float, float]:
    """Wilson score interval of a proportion; (0, 1) when there are no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def newcombe(k1: int, n1: int, k2: int, n2: int) -> tuple[float, float, float]:
    """Difference p2 - p1 (B minus A) and its Newcombe hybrid score interval."""
    p1, p2 = (k1 / n1 if n1 else 0.0), (k2 / n2 if n2 else 0.0)
    l1, u1 = wilson(k1, n1)
    l2, u2 = wilson(k2, n2)
    d = p2 - p1
    lo = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    hi = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return d, lo, hi


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its normal-approximation 95 % interval."""
    if not values:
        return 0.0, 0.0, 0.0
    m = statistics.fmean(values)
    se = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return m, m - Z * se, m + Z * se


def mean_difference(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float]:
    """mean(b) - mean(a) and its normal-approximation interval."""
    if not a or not b:
        return 0.0, 0.0, 0.0
    d = statistics.fmean(b) - statistics.fmean(a)
    se = math.sqrt(_var(a) / len(a) + _var(b) / len(b))
    return d, d - Z * se, d + Z * se


def _var(values: Sequence[float]) -> float:
    return statistics.variance(values) if len(values) > 1 else 0.0


def games_needed_proportions(p1: float, p2: float) -> int | None:
    """Games per side to detect p1 vs p2 (80 % power, 95 %); None when they are equal."""
    d = abs(p2 - p1)
    if d < 1e-12:
        return None
    return math.ceil((Z + Z_POWER) ** 2 * (p1 * (1 - p1) + p2 * (1 - p2)) / d ** 2)


def games_needed_means(a: Sequence[float], b: Sequence[float]) -> int | None:
    """Games per side to detect the observed difference of means (80 % power, 95 %)."""
    if not a or not b:
        return None
    d = abs(statistics.fmean(b) - statistics.fmean(a))
    if d < 1e-12:
        return None
    return math.ceil((Z + Z_POWER) ** 2 * (_var(a) + _var(b)) / d ** 2)


def distribution(values: Sequence[float]) -> dict[str, float]:
    """Mean, median and 90th percentile (nearest rank) of some values."""
    if not values:
        return {"mean": 0.0, "median": 0.0, "p90": 0.0}
    ordered = sorted(values)
    p90 = ordered[max(0, math.ceil(0.9 * len(ordered)) - 1)]
    return {"mean": round(statistics.fmean(ordered), 3), "median": statistics.median(ordered), "p90": p90}


def rate(successes: int, trials: int) -> dict[str, Any]:
    """A proportion with its Wilson interval, as the JSON of the reports."""
    lo, hi = wilson(successes, trials)
    return {"k": successes, "n": trials, "rate": round(successes / trials, 4) if trials else 0.0,
            "lo": round(lo, 4), "hi": round(hi, 4)}


# -- one set of games ------------------------------------------------------------------------------

def finished(records: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The records of games that ended (not those that raised)."""
    return [r for r in records if "error" not in r]


def analyse(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Every figure of a set of games (see the module docstring and README)."""
    done = finished(records)
    n = len(done)
    seats = max((len(r["lineup"]) for r in done), default=0)
    out: dict[str, Any] = {"games": len(records), "finished": n, "errors": len(records) - n}
    out["seats"] = [rate(sum(r["winners"] == [s] for r in done), n) for s in range(seats)]
    out["bots"] = _bots(done)
    out["draws"] = rate(sum(len(r["winners"]) != 1 for r in done), n)
    firsts = [r.get("first", 0) for r in done]
    out["first_player"] = dict(rate(sum(r["winners"] == [f] for r, f in zip(done, firsts)), n),
                               fair=round(1 / seats, 4) if seats else 0.0)
    out["actions"] = distribution([r["actions"] for r in done])
    turns = [r["turns"] for r in done if isinstance(r.get("turns"), int)]
    out["turns"] = distribution(turns) if turns else None
    out["margin"] = distribution([_margin(r["scores"]) for r in done])
    out["lines"] = _lines(done)
    out["line_labels"] = next((r["line_labels"] for r in done if r.get("line_labels")), {})
    out["entries"] = _entries(done)
    out["history"] = _history(done, seats)
    out["history_unit"] = next((r["history_unit"] for r in done if r.get("history_unit")), "turn")
    out["length_histogram"] = _histogram([r["actions"] for r in done])
    return out


def _margin(scores: Sequence[float]) -> float:
    ordered = sorted(scores, reverse=True)
    return ordered[0] - ordered[1] if len(ordered) > 1 else 0.0


def _bots(done: Sequence[dict[str, Any]]) -> dict[str, Any]:
    played: dict[str, int] = {}
    won: dict[str, int] = {}
    for r in done:
        for s, bot in enumerate(r["lineup"]):
            played[bot] = played.get(bot, 0) + 1
            won[bot] = won.get(bot, 0) + (r["winners"] == [s])
    return {bot: rate(won[bot], played[bot]) for bot in sorted(played)}


def _lines(done: Sequence[dict[str, Any]]) -> dict[str, float] | None:
    """Share of each scoring line in the winners' totals, when the game reports lines."""
    totals: dict[str, float] = {}
    for r in done:
        lines = r.get("lines")
        if not lines:
            continue
        for w in r["winners"]:
            for line, points in lines[w].items():
                totals[line] = totals.get(line, 0) + points
    grand = sum(totals.values())
    if not totals or grand == 0:
        return None
    return {line: round(points / grand, 4) for line, points in totals.items()}


def _entries(done: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per entry: games where it was used, seat-games that used it, and the win rate of seats that
    used it against those that did not (difference with Newcombe's interval)."""
    labels: dict[str, Any] = {}
    for r in done:
        labels.update(r.get("entry_labels") or {})
    out = []
    for entry in sorted(labels):
        used_k = used_n = other_k = other_n = games = 0
        for r in done:
            per_seat = r.get("entries") or []
            users = [s for s, ids in enumerate(per_seat) if entry in ids]
            games += bool(users)
            for s in range(len(per_seat)):
                win = r["winners"] == [s]
                if s in users:
                    used_n, used_k = used_n + 1, used_k + win
                else:
                    other_n, other_k = other_n + 1, other_k + win
        d, lo, hi = newcombe(other_k, other_n, used_k, used_n)
        out.append({"id": entry, "label": labels[entry], "games": games, "seat_games": used_n,
                    "used": rate(used_k, used_n), "not_used": rate(other_k, other_n),
                    "effect": round(d, 4), "lo": round(lo, 4), "hi": round(hi, 4),
                    "significant": used_n > 0 and other_n > 0 and (lo > 0 or hi < 0)})
    return sorted(out, key=lambda e: -e["effect"])


def _history(done: Sequence[dict[str, Any]], seats: int) -> list[dict[str, Any]]:
    """Per turn, each seat's mean score with its interval; a game that ended keeps its final
    scores for the later turns (so the curves do not follow only the longest games)."""
    histories = [r["history"] for r in done if r.get("history")]
    longest = max((len(h) for h in histories), default=0)
    out = []
    for t in range(longest):
        rows = [h[min(t, len(h) - 1)] for h in histories]
        cells = [mean_interval([row[s] for row in rows]) for s in range(seats)]
        out.append({"turn": t, "games": sum(len(h) > t for h in histories),
                    "mean": [round(c[0], 3) for c in cells],
                    "lo": [round(c[1], 3) for c in cells], "hi": [round(c[2], 3) for c in cells]})
    return out


def _histogram(values: Sequence[int], bins: int = 20) -> dict[str, list[float]]:
    if not values:
        return {"edges": [], "counts": []}
    lo, hi = min(values), max(values)
    width = max(1.0, (hi - lo + 1) / bins)
    counts = [0] * bins
    for v in values:
        counts[min(bins - 1, int((v - lo) / width))] += 1
    return {"edges": [round(lo + i * width, 2) for i in range(bins + 1)], "counts": counts}


# -- A/B -------------------------------------------------------------------------------------------

def compare(a: Sequence[dict[str, Any]], b: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each figure of A and B side by side: difference (B - A), interval, significance, games needed."""
    da, db = finished(a), finished(b)
    seats = max((len(r["lineup"]) for r in da + db), default=0)
    lines: list[dict[str, Any]] = []
    for s in range(seats):
        lines.append(_proportion_line(("seat", s + 1), da, db, lambda r, s=s: r["winners"] == [s]))
    for bot in sorted({bot for r in da + db for bot in r["lineup"]}):
        lines.append(_bot_line(bot, da, db))
    lines.append(_proportion_line(("draws",), da, db, lambda r: len(r["winners"]) != 1))
    lines.append(_proportion_line(("first_player",), da, db, lambda r: r["winners"] == [r.get("first", 0)]))
    lines.append(_mean_line(("actions",), [r["actions"] for r in da], [r["actions"] for r in db]))
    ta = [r["turns"] for r in da if isinstance(r.get("turns"), int)]
    tb = [r["turns"] for r in db if isinstance(r.get("turns"), int)]
    if ta and tb:
        lines.append(_mean_line(("turns",), ta, tb))
    lines.append(_mean_line(("margin",), [_margin(r["scores"]) for r in da], [_margin(r["scores"]) for r in db]))
    return lines


def _proportion_line(figure: tuple, da, db, hit) -> dict[str, Any]:
    ka, kb = sum(bool(hit(r)) for r in da), sum(bool(hit(r)) for r in db)
    return _p_line(figure, ka, len(da), kb, len(db))


def _bot_line(bot: str, da, db) -> dict[str, Any]:
    def count(records):
        k = n = 0
        for r in records:
            for s, name in enumerate(r["lineup"]):
                if name == bot:
                    n, k = n + 1, k + (r["winners"] == [s])
        return k, n
    (ka, na), (kb, nb) = count(da), count(db)
    return _p_line(("bot", bot), ka, na, kb, nb)


def _p_line(figure: tuple, ka: int, na: int, kb: int, nb: int) -> dict[str, Any]:
    d, lo, hi = newcombe(ka, na, kb, nb)
    pa, pb = (ka / na if na else 0.0), (kb / nb if nb else 0.0)
    significant = na > 0 and nb > 0 and (lo > 0 or hi < 0)
    return {"figure": list(figure), "kind": "rate", "a": round(pa, 4), "b": round(pb, 4),
            "diff": round(d, 4), "lo": round(lo, 4), "hi": round(hi, 4), "significant": significant,
            "games": min(na, nb), "needed": None if significant else games_needed_proportions(pa, pb)}


def _mean_line(figure: tuple, a: Sequence[float], b: Sequence[float]) -> dict[str, Any]:
    d, lo, hi = mean_difference(a, b)
    significant = bool(a) and bool(b) and (lo > 0 or hi < 0)
    return {"figure": list(figure), "kind": "mean",
            "a": round(statistics.fmean(a), 3) if a else 0.0, "b": round(statistics.fmean(b), 3) if b else 0.0,
            "diff": round(d, 3), "lo": round(lo, 3), "hi": round(hi, 3), "significant": significant,
            "games": min(len(a), len(b)), "needed": None if significant else games_needed_means(a, b)}


def verdict(line: dict[str, Any]) -> dict[str, Any]:
    """The plain verdict of one A/B line, as a catalog entry {"key", "params"}."""
    if line["significant"]:
        return {"key": "lab.verdict.significant", "params": {}}
    if line["needed"] is None:
        return {"key": "lab.verdict.identical", "params": {"count": line["games"]}}
    return {"key": "lab.verdict.no_change", "params": {"count": line["games"], "needed": line["needed"]}}
