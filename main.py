"""Guildhall: play (default) and the command-line tools of DESIGN.md.

    python main.py                         play
    python main.py setup [--dev] [--no-desktop] [--python PATH]
                                           create .venv (on the fastest Python 3.11+ found),
                                           install what the app (and tests) need, and (Linux)
                                           the desktop entry
    python main.py check-content [GAME]    validate YAML, exit 1 on errors
    python main.py simulate GAME --games N --seed S --seats random,greedy,... [--rotate]
                   [--against DIR] [--report DIR] [--workers N] [--lang fr|en]
    python main.py screenshot SCENE --out FILE.png [--game GAME --seed S]
    python main.py bench                   start-up, frame times, engine speed
    python main.py fuzz GAME --games N     random games, protocol invariants after every action
    python main.py desktop [--remove]      (Linux) add/remove the per-user desktop entry and icon
    python main.py package                 one-folder desktop build (PyInstaller)
    python main.py export-log SAVE [--lang fr|en] [--out FILE]   the log and its notes as Markdown
    python main.py replay SAVE --content DIR [--from DIR]        replay on tweaked content, into a new save

Every tool takes --content DIR and --json. Exit codes: 0 ok, 1 problems found, 2 bad command line.
Only the standard library is imported here; everything else is imported by the command that needs it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # --json keeps stdout for JSON only


def _parser() -> argparse.ArgumentParser:
    import argparse  # only a command line pays for it: the double-click path opens the window sooner

    class LazyHelp(argparse.RawDescriptionHelpFormatter):
        """Formats a callable description or epilog by calling it (only when help is printed)."""

        def _format_text(self, text: object) -> str:
            return super()._format_text(text() if callable(text) else text)

    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--content", metavar="DIR", help="a designer's copy of content/")
    common.add_argument("--json", action="store_true", help="machine-readable output on stdout")
    parser = argparse.ArgumentParser(prog="main.py", description="Guildhall", parents=[common])
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("play", parents=[common], help="open the app (default)")
    setup = sub.add_parser("setup", help="create .venv and install the dependencies")
    setup.add_argument("--dev", action="store_true", help="also install the test tools")
    setup.add_argument("--no-desktop", action="store_true", help="do not install the desktop entry")
    setup.add_argument("--python", metavar="PATH",
                       help="make .venv on this interpreter (default: the fastest Python 3.11+ found)")
    check = sub.add_parser("check-content", parents=[common], help="validate the YAML content")
    check.add_argument("game", nargs="?", help="one game id (default: every game)")
    sim = sub.add_parser("simulate", parents=[common], help="bot self-play statistics")
    sim.add_argument("game")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--seats", default=None,
                     help="bot per seat, comma-separated (default: random bots, as many as the game's fewest seats, 2 at least)")
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                     help="a game option, e.g. expert=true (repeatable)")
    sim.add_argument("--workers", type=int, default=None, help="processes (default: one per core)")
    sim.add_argument("--rotate", action="store_true", help="play every order of the bots in turn")
    sim.add_argument("--against", metavar="DIR", help="A/B: the same seeds on this second content")
    sim.add_argument("--report", metavar="DIR", help="write a Markdown report with PNG charts")
    sim.add_argument("--lang", choices=("fr", "en"), default="en", help="language of the text and report")
    shot = sub.add_parser("screenshot", parents=[common], help="render a scene to a PNG",
                          description="Render one scene headless into a PNG.", epilog=_screenshot_epilog,
                          formatter_class=LazyHelp)
    shot.add_argument("scene", help="a scene name (listed below)")
    shot.add_argument("--out", required=True)
    shot.add_argument("--game", help="the game whose table, end or rules to show (e.g. anludim)")
    shot.add_argument("--seed", type=int, default=1)
    shot.add_argument("--lang", choices=("fr", "en"), default=None)
    shot.add_argument("--size", default="1280x800", help="WIDTHxHEIGHT")
    fuzz = sub.add_parser("fuzz", parents=[common], help="random games with the protocol's invariants checked")
    fuzz.add_argument("game")
    fuzz.add_argument("--games", type=int, default=100)
    fuzz.add_argument("--seed", type=int, default=1)
    fuzz.add_argument("--check-every", type=int, default=0, metavar="K",
                      help="full checks after every K-th action (default: 2 random actions per game)")
    fuzz.add_argument("--full-every", type=int, default=1, metavar="M",
                      help="full checks in one game out of M (default: every game)")
    fuzz.add_argument("--workers", type=int, default=None, help="processes (default: one per core)")
    export = sub.add_parser("export-log", parents=[common], help="a saved game's log and notes as Markdown")
    export.add_argument("save", help="a save file (.json) or the name of a save")
    export.add_argument("--lang", choices=("fr", "en"), default="fr")
    export.add_argument("--out", metavar="FILE", help="write the Markdown there (default: stdout)")
    replay = sub.add_parser("replay", parents=[common], help="replay a save on --content DIR into a new save")
    replay.add_argument("save", help="a save file (.json) or the name of a save")
    replay.add_argument("--from", dest="original", metavar="DIR",
                        help="the content the game was played with (default: the shipped content, if it matches)")
    replay.add_argument("--lang", choices=("fr", "en"), default="en")
    bench = sub.add_parser("bench", parents=[common], help="measure start-up, frames, engines")
    bench.add_argument("--quick", action="store_true", help="shorter measurements")
    desktop = sub.add_parser("desktop", parents=[common], help="(Linux) install the desktop entry")
    desktop.add_argument("--remove", action="store_true", help="remove the entry and its icons")
    package = sub.add_parser("package", parents=[common], help="one-folder desktop build (PyInstaller)")
    package.add_argument("--dist", metavar="DIR", help="where the bundle goes (default: dist/)")
    return parser


def _screenshot_epilog() -> str:
    """The scene names, looked up only when `screenshot --help` is printed."""
    try:
        from game.screens import scene_names

        names = scene_names()
    except Exception as exc:  # help must print even when a table does not import
        return f"scenes: (unavailable: {exc})"
    return "scenes (with --game GAME for the game's table, end and rules):\n  " + "\n  ".join(names)


GLOBAL_FLAGS = ("--json",)
GLOBAL_VALUES = ("--content",)


def hoist_globals(argv: list[str]) -> tuple[list[str], dict[str, object]]:
    """Take the global options (--content DIR, --json) out of `argv` wherever they stand, before
    or after the subcommand, so every subcommand (present or future) sees them the same way."""
    rest: list[str] = []
    found: dict[str, object] = {}
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            rest += argv[i:]
            break
        name, eq, value = arg.partition("=")
        if name in GLOBAL_FLAGS and not eq:
            found[name[2:]] = True
        elif name in GLOBAL_VALUES:
            if not eq:
                if i + 1 >= len(argv):
                    rest.append(arg)  # argparse reports the missing value
                    break
                i += 1
                value = argv[i]
            found[name[2:]] = value
        else:
            rest.append(arg)
        i += 1
    return rest, found


def _play(content: str | None = None) -> int:
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app import run_app

    if content is None:
        return run_app()
    from game.lab import app_content_root

    try:  # a copy of content/, or of one game's folder (as every command takes it)
        root, game = app_content_root(content)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    return run_app(content_root=root, content_folder=content if game else None)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv:  # the double-click path: straight to the window, no argument parsing
        return _play()
    argv, found = hoist_globals(argv)
    args = _parser().parse_args(argv)
    args.content = found.get("content")
    args.json = bool(found.get("json", False))
    command = args.command or "play"
    if command == "setup":
        from game.bootstrap import setup

        return setup(ROOT, dev=args.dev, desktop=not args.no_desktop, python=args.python)
    if command == "play":
        return _play(args.content)
    if command == "desktop":
        from game import desktop

        return desktop.run(args)
    if command == "package":
        from game import package

        return package.run(args)
    from game import tools

    return tools.run(command, args)


if __name__ == "__main__":
    if getattr(sys, "frozen", False):  # a bundle: its `simulate --workers` processes start through here
        import multiprocessing

        multiprocessing.freeze_support()
    sys.exit(main())
