"""The command-line tools of main.py: check-content, simulate, screenshot, bench and fuzz.

Each returns an exit code (0 ok, 1 problems found, 2 bad command line) and, with --json, prints
one JSON document on stdout and nothing else there.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


def run(command: str, args: Any) -> int:
    """Dispatch one parsed command."""
    handler = {"check-content": check_content, "simulate": simulate, "screenshot": screenshot,
               "bench": bench, "fuzz": fuzz, "export-log": export_log, "replay": replay}[command]
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
    from game.lab import content_root

    for game_id in games:
        try:  # one game: --content may be a copy of its folder too, as for simulate and replay
            load(game_id, content_root(game_id, args.content) if args.game else args.content)
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


def _bot_known(engine: Any, name: str) -> bool:
    """A level offered to players, a test-only probe, or an old name kept for saves (`greedy`)."""
    if name in (*engine.bots, *getattr(engine, "probes", ())):
        return True
    try:
        engine.bot(name, 0)
    except KeyError:
        return False
    return True


def _content_folder_problem(args: Any) -> str | None:
    """A --content that is not a folder: the message to exit 2 with (None when fine or absent)."""
    from pathlib import Path

    if args.content is None or Path(args.content).is_dir():
        return None
    return f"--content {args.content}: no such folder (expected a copy of content/)"


def simulate(args: Any) -> int:
    """Bot self-play over every core: wins per seat with intervals, lengths, entries; A/B; report."""
    import rules
    from game.content import ContentError, load
    from game.lab import LabRequest, content_root, describe, run_lab
    from game.simulate import Plan

    if args.game not in rules.IMPLEMENTED:
        return _fail(args, f"unknown game {args.game!r}; known: {', '.join(rules.IMPLEMENTED)}")
    engine = rules.engine(args.game)
    if args.seats is None:  # Ambre needs 3 players: "random,random" would be refused
        args.seats = ",".join(["random"] * max(2, engine.seats.start))
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    if len(seats) not in engine.seats:
        return _fail(args, f"{args.game} takes {engine.seats.start}-{engine.seats.stop - 1} seats")
    bad = [s for s in seats if not _bot_known(engine, s)]
    if bad:
        return _fail(args, f"unknown bot {bad[0]!r}; {args.game} has: {', '.join(engine.bots)}")
    if args.games < 1 or (args.workers is not None and args.workers < 1):
        return _fail(args, "--games and --workers must be at least 1")
    problem = _content_folder_problem(args)
    if problem:
        return _fail(args, problem)
    if args.against and not Path(args.against).is_dir():
        return _fail(args, f"--against {args.against}: no such folder (expected a copy of content/)")
    roots = [content_root(args.game, args.content), content_root(args.game, args.against)]
    contents = []
    for root in roots[: 2 if args.against else 1]:
        try:
            contents.append(load(args.game, root))
        except ContentError as exc:
            return _fail(args, str(exc))
    options, problem = parse_options(args.option, engine.options(contents[0]))
    if problem:
        return _fail(args, problem)
    plan = Plan(engine=args.game, seats=tuple(seats), games=args.games, seed=args.seed,
                options=options, rotate=args.rotate, content_root=roots[0])
    request = LabRequest(plan, against=roots[1], workers=args.workers, names=(args.content, args.against))
    doc = _with_progress(args, lambda progress: run_lab(request, progress))
    result = _simulate_json(doc)
    strings = _strings(args.lang)
    text = describe(doc, strings)
    for key, value in (result.get("game_stats") or {}).items():  # the engine's own figures
        text += f"\n  {key}: {value}"
    if args.report:
        from game.labreport import write_report

        path = write_report(doc, args.report, strings)
        result["report"] = str(path)
        text += "\n\n" + strings.tr("lab.report.written", path=path)
    _emit(args, result, text)
    return 1 if result["errors"] or (doc.get("b") or {}).get("errors") else 0


def _with_progress(args: Any, job: Any) -> Any:
    """Run `job(progress)` with a progress bar and time left on stderr (none with --json)."""
    if args.json:
        return job(None)
    from tqdm import tqdm

    tqdm.monitor_interval = 0  # no monitor thread: the workers may be forked
    bar = tqdm(total=args.games * (2 if getattr(args, "against", None) else 1), unit="game", file=sys.stderr,
               desc=args.game, dynamic_ncols=True)

    def progress(done: int, _total: int) -> None:
        bar.update(done - bar.n)

    try:
        return job(progress)
    finally:
        bar.close()


def _simulate_json(doc: dict[str, Any]) -> dict[str, Any]:
    """Side A's figures at the top level (the fields of DESIGN.md), side B and the A/B lines nested."""
    result = dict(doc["a"])
    if "b" in doc:
        result["against"] = doc["b"]
        result["compare"] = doc["compare"]
    return result


def _strings(lang: str) -> Any:
    from game.i18n import Strings

    return Strings(lang)


# -- export-log and replay ---------------------------------------------------------------------

def _saved_game(args: Any) -> tuple[Any, ...]:
    """(save, name, store, engine) of the SAVE argument; raises SaveError."""
    import rules
    from game.replay_tweaked import read_save
    from game.saves import SaveStore
    from game.session import engine_for

    store = SaveStore()
    save, name = read_save(args.save, store)
    return save, name, store, engine_for(save, {g: rules.engine(g) for g in rules.IMPLEMENTED})


def _save_root(save: dict[str, Any], folder: str | None) -> str | None:
    """The content root to read a save with: --content (content/'s copy or the game's folder);
    without it, the folder a designer's replay was played on when it still holds that content
    (`game.replay_tweaked.replayed_root`), else the content in use."""
    from game.lab import content_root
    from game.replay_tweaked import replayed_root

    if folder:
        return content_root(save["game"], folder)
    found = replayed_root(save)
    return found[0] if found is not None else None


def export_log(args: Any) -> int:
    """A saved game's whole log with its pinned notes, as Markdown."""
    from pathlib import Path

    from game.content import ContentError, load
    from game.notes import export_markdown
    from game.saves import SaveError

    strings = _strings(args.lang)
    try:
        save, name, _store, engine = _saved_game(args)
        content = load(save["game"], _save_root(save, args.content))
    except SaveError as exc:
        return _fail(args, strings.render(exc.to_json()))
    except ContentError as exc:
        return _fail(args, str(exc))
    text = export_markdown(save, name, engine, content, strings)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    _emit(args, {"save": name, "out": args.out, "markdown": text}, f"saved {args.out}" if args.out else text)
    return 0


def replay(args: Any) -> int:
    """Replay a save on --content DIR into a new save; where and why it diverged."""
    from game import content as loader
    from game.replay_tweaked import describe, replay_on_content
    from game.saves import SaveError

    strings = _strings(args.lang)
    if not args.content:
        return _fail(args, "replay needs --content DIR (the tweaked content)")
    try:
        save, name, store, engine = _saved_game(args)
        game_id = save["game"]
        from game.lab import content_root

        root = content_root(game_id, args.content)
        content, digest = loader.load(game_id, root), loader.digest(game_id, root)
        original_root = content_root(game_id, args.original)
        original = None
        for candidate in [original_root] + ([] if args.original else [root]):
            if loader.digest(game_id, candidate) == save["content_digest"]:
                original = loader.load(game_id, candidate)
                break
        report = replay_on_content(save, name, engine, content, digest, store, original, folder=args.content)
    except SaveError as exc:
        return _fail(args, strings.render(exc.to_json()))
    except loader.ContentError as exc:
        return _fail(args, str(exc))
    names = [s["name"] for s in save["seats"]]
    _emit(args, report, describe(report, strings, names))
    return 0 if report["saved"] else 1


# -- fuzz ------------------------------------------------------------------------------------

def fuzz(args: Any) -> int:
    """Seeded random games with the protocol's invariants checked after every action (game.fuzz)."""
    import rules
    from game import fuzz as fuzzer
    from game.content import ContentError, load

    if args.game not in rules.IMPLEMENTED:
        return _fail(args, f"unknown game {args.game!r}; known: {', '.join(rules.IMPLEMENTED)}")
    if args.games < 1 or args.check_every < 0 or args.full_every < 1:
        return _fail(args, "--games and --full-every must be at least 1, --check-every at least 0")
    from game.lab import content_root

    root = content_root(args.game, args.content)
    try:
        content = load(args.game, root)
    except ContentError as exc:
        return _fail(args, str(exc))
    from game.simulate import default_workers

    if args.workers is not None and args.workers < 1:
        return _fail(args, "--workers must be at least 1")
    engine = rules.engine(args.game)
    result = _with_progress(args, lambda progress: fuzzer.run(
        engine, content, args.games, args.seed, check_every=args.check_every, full_every=args.full_every,
        workers=args.workers or default_workers(), content_root=root,
        progress=None if progress is None else (lambda done: progress(done, args.games))))
    lines = [f"{result['game']}: {result['games']} games from seed {result['seed']}, "
             f"{result['actions']} actions, {result['failures']} failures, {result['seconds']} s"]
    lines += [f"  seed {f['seed']} ({f['seats']} seats): {f['error']}" for f in result["failure_samples"]]
    _emit(args, result, "\n".join(lines))
    return 1 if result["failures"] else 0


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
    from game import catalog

    if args.game is not None and args.game not in catalog.BY_ID:  # never a raw "help.chess..." key drawn
        return _fail(args, f"unknown game {args.game!r}; known: {', '.join(catalog.BY_ID)}")
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
        ratio = e.get("chess_ratio") or e["actions_per_second"] / max(r["python_chess_moves_per_second"], 1e-9)
        lines.append(f"engine {game}: {e['actions_per_second']:.0f} actions/s ({ratio:.2f}x python-chess), "
                     f"simulate 1000 games {e.get('simulate_1000_s', 0):.1f} s, "
                     f"strongest bot decides in {e.get('bot_decision_p95_s', 0):.3f} s at p95")
    lines.append(f"python-chess random playouts: {r['python_chess_moves_per_second']:.0f} moves/s")
    lines.append(f"peak memory while playing {r['peak_rss_mb']:.0f} MB "
                 f"(this bench process: {r.get('bench_peak_rss_mb', 0):.0f} MB)")
    if r.get("python"):
        py = r["python"]
        lines.append(f"measured on Python {py['version']} ({py['executable']}, {py['compiler']})")
    return "\n".join(lines)
