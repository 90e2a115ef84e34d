"""The command-line tools of main.py: check-content, simulate, screenshot and bench.

Each returns an exit code (0 ok, 1 problems found, 2 bad command line) and, with --json, prints
one JSON document on stdout and nothing else there.
"""

from __future__ import annotations

import json
import sys
from typing import Any


def run(command: str, args: Any) -> int:
    """Dispatch one parsed command."""
    handler = {"check-content": check_content, "simulate": simulate,
               "screenshot": screenshot, "bench": bench}[command]
    return handler(args)


def _emit(args: Any, data: Any, text: str) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=1) if args.json else text)


def _fail(args: Any, message: str) -> int:
    if args.json:
        print(json.dumps({"error": message}))
    else:
        print(message, file=sys.stderr)
    return 2


# -- check-content ---------------------------------------------------------------------------

def check_content(args: Any) -> int:
    """Validate one game's content (or every game's) and print every located problem."""
    import rules
    from game.content import ContentError, load

    games = [args.game] if args.game else list(rules.IMPLEMENTED)
    unknown = [g for g in games if g not in rules.IMPLEMENTED]
    if unknown:
        return _fail(args, f"unknown game {unknown[0]!r}; known: {', '.join(rules.IMPLEMENTED)}")
    report: dict[str, list[str]] = {}
    for game_id in games:
        try:
            load(game_id, args.content)
            report[game_id] = []
        except ContentError as exc:
            report[game_id] = [f"{game_id}/{p}" for p in exc.problems]
    count = sum(len(v) for v in report.values())
    lines = [line for problems in report.values() for line in problems]
    summary = f"{count} problem(s) in {len(games)} game(s)" if count else f"content ok: {', '.join(games)}"
    _emit(args, {"games": games, "problems": report, "count": count}, "\n".join(lines + [summary]))
    return 1 if count else 0


# -- simulate --------------------------------------------------------------------------------

def _options(pairs: list[str]) -> dict[str, Any] | None:
    out: dict[str, Any] = {}
    for pair in pairs:
        key, _, raw = pair.partition("=")
        value: Any = raw
        if raw.lower() in ("true", "false"):
            value = raw.lower() == "true"
        elif raw.lstrip("-").isdigit():
            value = int(raw)
        out[key] = value
    return out or None


def simulate(args: Any) -> int:
    """Bot self-play: wins per seat, draws, errors, mean actions, speed."""
    import rules
    from game.content import ContentError, load
    from game.simulate import run_games

    if args.game not in rules.IMPLEMENTED:
        return _fail(args, f"unknown game {args.game!r}; known: {', '.join(rules.IMPLEMENTED)}")
    engine = rules.engine(args.game)
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    if len(seats) not in engine.seats:
        return _fail(args, f"{args.game} takes {engine.seats.start}-{engine.seats.stop - 1} seats")
    known = (*engine.bots, *getattr(engine, "probes", ()))  # probes: test-only bots, never offered
    bad = [s for s in seats if s not in known]
    if bad:
        return _fail(args, f"unknown bot {bad[0]!r}; {args.game} has: {', '.join(engine.bots)}")
    if args.games < 1:
        return _fail(args, "--games must be at least 1")
    try:
        content = load(args.game, args.content)
    except ContentError as exc:
        return _fail(args, str(exc))
    result = run_games(engine, content, seats, args.games, args.seed, _options(args.option))
    _emit(args, result, _simulate_text(result))
    return 1 if result["errors"] else 0


def _simulate_text(r: dict[str, Any]) -> str:
    lines = [f"{r['game']}: {r['games']} games, seed {r['seed']}, seats {','.join(r['seats'])}"]
    for seat, (bot, wins) in enumerate(zip(r["seats"], r["wins"])):
        lines.append(f"  seat {seat + 1} ({bot}): {wins} wins ({100 * wins / r['games']:.1f}%)")
    lines.append(f"  draws {r['draws']}, errors {r['errors']}, mean actions {r['mean_actions']:.1f}, "
                 f"{r['actions_per_second']:.0f} actions/s")
    for key, value in (r.get("game_stats") or {}).items():
        lines.append(f"  {key}: {value}")
    for sample in r.get("error_samples", []):
        lines.append(f"  error: {sample}")
    return "\n".join(lines)


# -- screenshot ------------------------------------------------------------------------------

def screenshot(args: Any) -> int:
    """Render one scene headless into a PNG."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        return _fail(args, "--size must look like 1280x800")
    from game.screens import render_to_file

    try:
        render_to_file(args.scene, args.out, size=(width, height), game=args.game,
                       seed=args.seed, lang=args.lang, content_root=args.content)
    except KeyError as exc:
        return _fail(args, f"unknown scene {exc.args[0]!r}")
    _emit(args, {"scene": args.scene, "out": args.out}, f"saved {args.out}")
    return 0


# -- bench -----------------------------------------------------------------------------------

def bench(args: Any) -> int:
    """Start-up ratio, frame times, engine speeds, python-chess speed and peak memory."""
    from game.bench import run_bench

    result = run_bench(content_root=args.content, quick=args.quick)
    _emit(args, result, _bench_text(result))
    return 0


def _bench_text(r: dict[str, Any]) -> str:
    lines = [f"start-up {r['startup_s'] * 1000:.0f} ms, bare pygame-ce + pygame-gui window "
             f"{r['bare_startup_s'] * 1000:.0f} ms, ratio {r['startup_ratio']:.2f}"]
    for scene, f in r["frames"].items():
        lines.append(f"frame {scene}: median {f['median_ms']:.2f} ms, p95 {f['p95_ms']:.2f} ms, "
                     f"full rebuild {f['rebuild_median_ms']:.2f} ms")
    for game, e in r["engines"].items():
        lines.append(f"engine {game}: {e['actions_per_second']:.0f} actions/s")
    lines.append(f"python-chess random playouts: {r['python_chess_moves_per_second']:.0f} moves/s")
    lines.append(f"peak memory {r['peak_rss_mb']:.0f} MB")
    return "\n".join(lines)
