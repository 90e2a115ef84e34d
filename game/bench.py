"""`python main.py bench`: start-up, frame times, engine speed, python-chess, peak memory.

- Start-up: wall time from process start to the first drawn menu frame (the app exits right
  after it when GUILDHALL_EXIT_AFTER_FIRST_FRAME=1), against a bare pygame-ce + pygame-gui
  window opened by the same interpreter; runs alternate, and the best run of each is compared
  (other processes only ever add time, so the minimum is the steadiest estimate).
- Frames: CPU time (process time) of a redraw of each registered scene at 1280x800 under the
  software renderer, with its cached layers (`median_ms`, `p95_ms`) and with every cache
  dropped first (`rebuild_median_ms`, the cost when everything changed); idle frames cost
  nothing since the loop sleeps.
- Engines: random self-play, legal-action generation + apply, actions per second; python-chess
  random playouts (legal-move generation + push) measured the same way, in slices alternated
  with each engine's, and each engine's `chess_ratio` from those neighbouring slices; in a
  fresh process (`apart`), so that what the bench drew before does not weigh on the engines,
  with the garbage collector set as `simulate` and `fuzz` set it in their workers (what is
  loaded frozen, young collections rarer: `simulate.batch_gc`).
- Bots: `bot_decision_p95_s`, the 95th percentile of one decision of each game's strongest bot.
- Simulation: wall time of `simulate` (the first bot in every seat, 3 seats, one process per
  core) for 1,000 games (`--quick`: 100 games, scaled to 1,000), start-up of the worker
  processes included, in a fresh process as the command runs (`apart`: its workers forked
  where the command forks them).
- Memory while playing (`peak_rss_mb`): the peak resident memory of a separate process that
  plays as a person would in one sitting: the app at 1280x800 opens on the menu, then each
  implemented game in turn (its table, 150 seeded random actions, every one drawn from the
  acting seat's view), back to the menu between games. The bench process itself, which also
  renders every scene and times the bots' decisions, is reported as `bench_peak_rss_mb`.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

try:
    import resource
except ImportError:  # Windows: no getrusage
    resource = None  # type: ignore[assignment]

ROOT = Path(__file__).resolve().parent.parent

BARE_WINDOW = """
import os
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
import pygame, pygame_gui
pygame.display.init(); pygame.font.init()
screen = pygame.display.set_mode((1280, 800), pygame.RESIZABLE)
ui = pygame_gui.UIManager((1280, 800))
pygame_gui.elements.UIButton(pygame.Rect(560, 380, 160, 40), "OK", ui)
screen.fill((30, 24, 20)); ui.update(0.0); ui.draw_ui(screen); pygame.display.flip()
"""


EXIT_AFTER = "GUILDHALL_EXIT_AFTER_FIRST_FRAME"


def _env(home: str) -> dict[str, str]:
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", GUILDHALL_EXIT_AFTER_FIRST_FRAME="1",
               GUILDHALL_HOME=home)
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        env["SDL_VIDEODRIVER"] = "dummy"
    return env


def _time(cmd: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(cmd, env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, timeout=120)
    return time.perf_counter() - started


def _compile_sources() -> None:
    """Write the app's bytecode, as an installed copy or a second run has it: pygame and
    pygame-gui come precompiled from pip, so comparing with the app compiling its own sources
    at every start (e.g. under PYTHONDONTWRITEBYTECODE) would be unfair to the app."""
    import compileall

    for folder in ("game", "scenes", "sprites", "rules"):
        compileall.compile_dir(str(ROOT / folder), quiet=1)
    compileall.compile_file(str(ROOT / "main.py"), quiet=1)


def measure_startup(runs: int = 5) -> dict[str, float]:
    """Median start-up of the app and of a bare window, and their ratio."""
    _compile_sources()
    with tempfile.TemporaryDirectory() as home:
        env = _env(home)
        app_cmd = [sys.executable, str(ROOT / "main.py")]
        bare_cmd = [sys.executable, "-c", BARE_WINDOW]
        _time(app_cmd, env)  # warm the file cache and write first-run settings
        _time(bare_cmd, env)
        app, bare = [], []
        for _ in range(runs):
            app.append(_time(app_cmd, env))
            bare.append(_time(bare_cmd, env))
    a, b = min(app), min(bare)  # the best run of each: what start-up costs without interference
    return {"startup_s": round(a, 4), "bare_startup_s": round(b, 4), "startup_ratio": round(a / b, 3)}


def measure_frames(scenes: list[tuple[str, str | None]], frames: int,
                   content_root: str | None) -> dict[str, dict[str, float]]:
    """Median and 95th-percentile CPU ms of a full redraw for each (scene, game)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.screens import headless_app, scene_names
    from scenes.shots import make

    out: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as home:
        os.environ["GUILDHALL_HOME"] = home
        app = headless_app((1280, 800), content_root=content_root)
        available = scene_names()
        for name, game in scenes:
            if name not in available:
                continue
            scene = make(app, name, game=game, seed=1)
            app.stack.clear_to(scene)
            times = _frame_times(app, frames, rebuild=False)
            rebuilds = _frame_times(app, max(5, frames // 4), rebuild=True)
            out[name] = {"median_ms": round(statistics.median(times), 3),
                         "p95_ms": round(times[int(0.95 * (len(times) - 1))], 3),
                         "rebuild_median_ms": round(statistics.median(rebuilds), 3)}
    return out


def _frame_times(app: Any, frames: int, rebuild: bool) -> list[float]:
    """CPU ms of `frames` redraws; with `rebuild`, every cached layer is dropped first (as after
    a resize), which bounds what a frame costs when everything on the table changed."""
    times = []
    for _ in range(frames):
        started = time.process_time()
        if rebuild:
            app.stack.resize(app.size)
        app.render()
        times.append((time.process_time() - started) * 1000)
    return sorted(times)


class _Slices:
    """Playouts that go on where they stopped: `run(seconds)` plays for about that long and
    returns how many actions (moves) it applied; `play(n)` applies up to n."""

    def run(self, seconds: float) -> int:
        count = 0
        started = time.perf_counter()
        while time.perf_counter() - started < seconds:
            count += self.play(50)  # the clock is read every 50 actions at most
        return count

    def play(self, actions: int) -> int:
        raise NotImplementedError


class _Playouts(_Slices):
    """An engine's random self-play (legal-action generation + apply). Games follow each other
    (seeds 1, 2, ...) with one random generator (seed 7), so the sequence of actions does not
    depend on how the time is sliced."""

    def __init__(self, game_id: str, content_root: str | None) -> None:
        import rules
        from game.content import load
        from game.simulate import batch_gc

        self.engine = rules.engine(game_id)
        self.content = load(game_id, content_root)
        self.seats = max(self.engine.seats.start, min(3, self.engine.seats.stop - 1))
        batch_gc()  # the collector set as in the commands that play many games (simulate, fuzz)
        self.rng = random.Random(7)
        self.seed, self.state, self.steps = 0, None, 0

    def play(self, actions: int) -> int:
        """Apply up to `actions` random actions (fewer when the game ends; the next call starts
        the next game); how many were applied."""
        state = self.state
        if state is None or state.is_over() or self.steps >= 20_000:
            self.seed += 1
            self.state = state = self.engine.new_game(self.content, self.seats, self.seed)
            self.steps = 0
        rng, count = self.rng, 0
        while count < actions and not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            count += 1
        self.steps += count
        return count


class _ChessPlayouts(_Slices):
    """python-chess random playouts (legal-move generation + push), boards of up to 300 plies."""

    def __init__(self) -> None:
        import chess

        self.chess = chess
        self.rng = random.Random(7)
        self.board = chess.Board()

    def play(self, actions: int) -> int:
        board = self.board
        if board.is_game_over(claim_draw=False) or board.ply() >= 300:
            self.board = board = self.chess.Board()
        rng, count = self.rng, 0
        while count < actions and not board.is_game_over(claim_draw=False) and board.ply() < 300:
            board.push(rng.choice(list(board.legal_moves)))
            count += 1
        return count


def measure_engines(games: list[str], seconds: float, content_root: str | None,
                    rounds: int = 4) -> tuple[dict[str, dict[str, float]], float]:
    """Random self-play of each engine, and python-chess's random playouts, in alternated slices.

    Each engine plays `rounds` slices of `seconds / rounds`, each followed by a slice of
    python-chess of the same length. `actions_per_second` is the engine's rate over its slices;
    `chess_ratio` is the median, over the rounds, of the engine's rate divided by python-chess's
    rate in the slice right after it. On a machine whose speed drifts (other processes, a
    changing clock) both sides of a ratio are measured in the same few seconds, so the drift
    cancels out; one chess figure for the whole run did not (ratios moved by ±30 % between runs).
    Returns the engines' figures and python-chess's moves per second over all its slices."""
    chess = _ChessPlayouts()
    chess.run(min(0.2, seconds))  # warm up (imports, first boards)
    out: dict[str, dict[str, float]] = {}
    chess_count = chess_time = 0.0
    slice_s = seconds / rounds
    for game_id in games:
        playouts = _Playouts(game_id, content_root)
        playouts.run(min(0.2, slice_s))  # warm up
        count = spent = 0.0
        ratios = []
        for _ in range(rounds):
            t0 = time.perf_counter()
            n = playouts.run(slice_s)
            t1 = time.perf_counter()
            c = chess.run(slice_s)
            t2 = time.perf_counter()
            count, spent = count + n, spent + (t1 - t0)
            chess_count, chess_time = chess_count + c, chess_time + (t2 - t1)
            ratios.append((n / (t1 - t0)) / max(c / (t2 - t1), 1e-9))
        out[game_id] = {"actions_per_second": round(count / spent, 1),
                        "chess_ratio": round(statistics.median(ratios), 2)}
    return out, round(chess_count / max(chess_time, 1e-9), 1)


APART = """
import json
from game import bench
print(json.dumps(bench.{name}(*{args!r})))
"""


def apart(name: str, *args: Any) -> Any:
    """`game.bench.<name>(*args)` run in a fresh process (arguments and result: JSON-able).

    The engines and `simulate` are measured this way, as a designer's command runs them, not in
    the bench's own process, which has drawn every scene first:
    - its heap (fonts, surfaces, widgets: about 90,000 objects) was scanned again by every full
      garbage collection of the engines' games, while python-chess sets off none: 13 % of
      Gorges' time went to the collector there against 8 % in a process of its own;
    - with pygame loaded, `simulate` spawns its workers instead of forking them (see
      `game.simulate._context`), and each worker started Python and loaded the game again:
      about 0.25 s that `python main.py simulate` does not pay (2.5 s of a `--quick` figure,
      100 games scaled to 1,000)."""
    import json

    return json.loads(_child(APART.format(name=name, args=args), pygame_window=False))


def _child(code: str, pygame_window: bool) -> str:
    """The last line that `python -c code` prints, run from the project root with a home of its
    own (`pygame_window`: SDL's dummy video driver and no exit after the first frame)."""
    with tempfile.TemporaryDirectory() as home:
        env = _env(home)
        if pygame_window:
            env["SDL_VIDEODRIVER"] = "dummy"
            env.pop(EXIT_AFTER, None)
        done = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, check=True,
                              capture_output=True, text=True, timeout=1800)
    return done.stdout.strip().splitlines()[-1]


def measure_simulate(game_id: str, games: int, content_root: str | None) -> float:
    """Wall seconds of `simulate` for 1,000 games (the game's first bot in each of 3 seats, every
    core), scaled from `games`."""
    import rules
    from game.simulate import Plan, play_records

    engine = rules.engine(game_id)
    seats = max(engine.seats.start, min(3, engine.seats.stop - 1))
    plan = Plan(engine=game_id, seats=(engine.bots[0],) * seats, games=games, content_root=content_root)
    started = time.perf_counter()
    play_records(plan)
    return round((time.perf_counter() - started) * 1000 / games, 2)


def measure_bot_decisions(game_id: str, seconds: float, content_root: str | None) -> float:
    """`bot_decision_p95_s`: the 95th percentile of the wall time of one `choose` of the game's
    strongest bot (the last of `engine.bots`), every seat that bot (3 seats where possible), over
    whole seeded games until `seconds` have passed (at least one game). The view is built before
    the clock starts: it is the game's cost, not the bot's."""
    import rules
    from game.content import load

    engine = rules.engine(game_id)
    content = load(game_id, content_root)
    seats = max(engine.seats.start, min(3, engine.seats.stop - 1))
    times: list[float] = []
    seed = 0
    started = time.perf_counter()
    while not times or time.perf_counter() - started < seconds:
        seed += 1
        bots = [engine.bot(engine.bots[-1], seed * 101 + s) for s in range(seats)]
        state = engine.new_game(content, seats, seed)
        steps = 0
        while not state.is_over() and steps < 5_000:
            seat = state.to_act()[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            t0 = time.perf_counter()
            action = bots[seat].choose(view, legal)
            times.append(time.perf_counter() - t0)
            state.apply(seat, action)
            steps += 1
    times.sort()
    return round(times[min(len(times) - 1, int(0.95 * len(times)))], 4)


def run_bench(content_root: str | None = None, quick: bool = False) -> dict[str, Any]:
    """Every measurement of DESIGN.md, as the JSON document of `bench --json`."""
    import rules

    result: dict[str, Any] = dict(measure_startup(3 if quick else 7))
    scenes: list[tuple[str, str | None]] = [("menu", None), ("new_game", None), ("curtain", None)]
    scenes += [(f"{g}_table", g) for g in rules.IMPLEMENTED]
    result["frames"] = measure_frames(scenes, 20 if quick else 120, content_root)
    seconds = 0.5 if quick else 2.0
    result["engines"], chess_rate = apart("measure_engines", list(rules.IMPLEMENTED), seconds, content_root)
    for g in rules.IMPLEMENTED:
        result["engines"][g]["simulate_1000_s"] = apart("measure_simulate", g, 100 if quick else 1000, content_root)
        result["engines"][g]["bot_decision_p95_s"] = measure_bot_decisions(g, seconds * 2, content_root)
    result["python_chess_moves_per_second"] = chess_rate
    result["peak_rss_mb"] = measure_play_memory(content_root, 60 if quick else 150)
    result["bench_peak_rss_mb"] = peak_rss_mb()
    result["python"] = python_build()
    return result


def python_build() -> dict[str, str]:
    """Which interpreter the figures were measured on (its version, file and compiler): builds of
    one version differ by 15–30 % in speed (see `game.bootstrap`)."""
    import os
    import platform

    base = getattr(sys, "_base_executable", None) or sys.executable  # a venv's own copy names none
    return {"version": platform.python_version(), "executable": os.path.realpath(base),
            "compiler": platform.python_compiler()}


PLAY_SESSION = """
import random, sys
from game.bench import peak_rss_mb
from game.screens import headless_app
from scenes import shots
import rules
app = headless_app((1280, 800), content_root={content!r})
shots.make(app, "menu")
app.render()
for game in rules.IMPLEMENTED:
    table = shots.make(app, "table", game=game, seed=3)
    app.render()
    rng, session = random.Random(1), table.session
    for _ in range({actions}):
        if session.state.is_over():
            break
        seat = session.state.to_act()[0]
        session.apply(seat, rng.choice(session.state.legal_actions(seat)))
        table.unveiled = seat
        table.refresh()
        app.render()
    app.stack.clear_to(app.stack.scenes[0])
    app.render()
print(peak_rss_mb())
"""


def measure_play_memory(content_root: str | None, actions: int = 150) -> float:
    """Peak MB of a process playing every implemented game in turn (see the module docstring)."""
    return float(_child(PLAY_SESSION.format(content=content_root, actions=actions), pygame_window=True))


def peak_rss_mb() -> float:
    """This process's peak resident memory in MB (0.0 where the OS does not tell: Windows).
    Linux: VmHWM of /proc/self/status, which starts afresh at exec (getrusage's ru_maxrss keeps
    the parent's peak across fork and exec, so a child would report the bench's own)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:  # portable: Linux only, OSError elsewhere
            for line in status:
                if line.startswith("VmHWM:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    if resource is None:
        return 0.0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KB on Linux, bytes on macOS
    return round(peak / (2**20 if sys.platform == "darwin" else 1024), 1)
