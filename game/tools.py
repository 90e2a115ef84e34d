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
    problem = _content_folder_problem(args)
    if problem:
        return _fail(args, problem)
    report: dict[str, list[Any]] = {}
    for game_id in games:
        try:
            load(game_id, args.content)
            report[game_id] = []
        except ContentError as exc:
            report[game_id] = list(exc.problems)
    count = sum(len(v) for v in report.values())
    lines = [str(p) if p.file.startswith("/") else f"{game_id}/{p}"
             for game_id, problems in report.items() for p in problems]
    summary = (f"{count} {'problem' if count == 1 else 'problems'} in {len(games)} "
               f"{'game' if len(games) == 1 else 'games'}" if count else f"content ok: {', '.join(games)}")
    structured = {game_id: [p.to_json() for p in problems] for game_id, problems in report.items()}
    _emit(args, {"games": games, "problems": structured, "count": count}, "\n".join(lines + [summary]))
    return 1 if count else 0


# -- simulate --------------------------------------------------------------------------------

def parse_options(pairs: list[str], offered: list[dict[str, Any]]) -> tuple[dict[str, Any] | None, str | None]:
    """`KEY=VALUE` pairs checked against the engine's offered options: (options, None), or
    (None, message naming the valid keys or values) for an unknown key or a bad value."""
    by_id = {o["id"]: o for o in offered}
    out: dict[str, Any] = {}
    for pair in pairs:
        key, eq, raw = pair.partition("=")
        if key not in by_id:
            keys = ", ".join(by_id) or "none"
            return None, f"unknown option {key!r}; valid options: {keys}"
        opt = by_id[key]
        if "choices" in opt:
            choices = list(opt["choices"])
            match = [c for c in choices if str(c).lower() == raw.lower()]
            if not eq or not match:
                return None, (f"bad value {raw!r} for option {key!r}; valid values: "
                              f"{', '.join(str(c) for c in choices)}")
            out[key] = match[0]
        elif isinstance(opt.get("default"), bool):
            if raw.lower() not in ("true", "false"):
                return None, f"bad value {raw!r} for option {key!r}; valid values: true, false"
            out[key] = raw.lower() == "true"
        elif isinstance(opt.get("default"), int):
            if not raw.lstrip("-").isdigit():
                return None, f"bad value {raw!r} for option {key!r}; expected a whole number"
            out[key] = int(raw)
        else:
            out[key] = raw
    return out or None, None


def _content_folder_problem(args: Any) -> str | None:
    """A --content that is not a folder: the message to exit 2 with (None when fine or absent)."""
    from pathlib import Path

    if args.content is None or Path(args.content).is_dir():
        return None
    return f"--content {args.content}: no such folder (expected a copy of content/)"


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
    bad = [s for s in seats if s not in engine.bots]
    if bad:
        return _fail(args, f"unknown bot {bad[0]!r}; {args.game} has: {', '.join(engine.bots)}")
    if args.games < 1:
        return _fail(args, "--games must be at least 1")
    problem = _content_folder_problem(args)
    if problem:
        return _fail(args, problem)
    try:
        content = load(args.game, args.content)
    except ContentError as exc:
        return _fail(args, str(exc))
    options, problem = parse_options(args.option, engine.options(content))
    if problem:
        return _fail(args, problem)
    result = run_games(engine, content, seats, args.games, args.seed, options)
    _emit(args, result, _simulate_text(result))
    return 1 if result["errors"] else 0


def _simulate_text(r: dict[str, Any]) -> str:
    lines = [f"{r['game']}: {r['games']} games, seed {r['seed']}, seats {','.join(r['seats'])}"]
    for seat, (bot, wins) in enumerate(zip(r["seats"], r["wins"])):
        lines.append(f"  seat {seat + 1} ({bot}): {wins} wins ({100 * wins / r['games']:.1f}%)")
    lines.append(f"  draws {r['draws']}, errors {r['errors']}, mean actions {r['mean_actions']:.1f}, "
                 f"{r['actions_per_second']:.0f} actions/s")
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
        code = render_to_file(args.scene, args.out, size=(width, height), game=args.game,
                              seed=args.seed, lang=args.lang, content_root=args.content)
    except KeyError as exc:
        return _fail(args, f"unknown scene {exc.args[0]!r}")
    if code:
        from game.paths import log_dir

        print(f"drawing {args.scene} failed; the traceback is in {log_dir() / 'guildhall.log'}", file=sys.stderr)
    _emit(args, {"scene": args.scene, "out": args.out, "ok": not code}, f"saved {args.out}")
    return 1 if code else 0


# -- bench -----------------------------------------------------------------------------------

def bench(args: Any) -> int:
    """Start-up ratio, frame times, engine speeds, python-chess speed and peak memory."""
    from game.bench import run_bench

    problem = _content_folder_problem(args)
    if problem:
        return _fail(args, problem)
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
