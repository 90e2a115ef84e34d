"""Start-up: the menu's first frame is drawn without pygame-gui, argparse or anything of a game,
and a table leaving lets go of what it cached (bench measures the figures; these pin the causes)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_first_menu_frame_needs_no_widget_toolkit_and_no_argparse(tmp_path) -> None:
    code = ("import os, sys; os.environ.update(SDL_VIDEODRIVER='dummy', SDL_AUDIODRIVER='dummy',"
            f" GUILDHALL_EXIT_AFTER_FIRST_FRAME='1', GUILDHALL_HOME={str(tmp_path)!r});"
            "import main; from game.app import App; app = App();"
            "app.first_frame_hook = lambda a: print(sorted(m for m in sys.modules if m.split('.')[0] in"
            " ('pygame_gui', 'argparse', 'pydantic', 'yaml') or m.startswith('rules.')));"
            "app.run()")
    for _ in range(2):  # the second start reads the catalog from its JSON copy, as every start but the first
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.stdout.strip().splitlines()[-1] == "[]", (out.stdout, out.stderr)


def test_a_table_leaving_releases_its_drawings_and_content() -> None:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from scenes import shots
    from sprites.anludim import pieces
    from tests.ui_helpers import make_app

    app = make_app("fr")
    shots.make(app, "table", game="anludim", seed=3)
    app.render()
    assert pieces.card.cache_info().currsize > 0 and "anludim" in app._content
    app.stack.clear_to(app.stack.scenes[0])
    assert pieces.card.cache_info().currsize == 0 and "anludim" not in app._content
