"""A whole 3-person game of Ambre clicked through in whatever window SDL opens (run by
test_window.py in a real X window under Xvfb): `python -m tests.ambre.window_game LANG OUT_DIR`.
Saves a screenshot at each new phase or scene step into OUT_DIR and prints the path of the
exported story."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame


def main(lang: str, out: str) -> int:
    from tests.ambre import test_table as T
    from tests.ui_helpers import make_app

    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    app = make_app(lang)
    app.settings.animation_speed = 50.0
    table = T.start(app, seed=5)
    seen: set[tuple] = set()
    original = T._one_click

    def click_and_shoot(app_, table_, gifts):
        view = table_.view
        key = (view["phase"], view["scene"]["step"] if view["scene"] else None)
        if key not in seen:
            seen.add(key)
            pygame.image.save(app_.screen, str(folder / f"{len(seen):02d}-{key[0]}-{key[1]}.png"))
        original(app_, table_, gifts)

    T._one_click = click_and_shoot
    try:
        T.drive(app, table)
    finally:
        T._one_click = original
    state = table.session.state
    if not state.is_over() or len(state.scenes) != 6:
        return 1
    pygame.image.save(app.screen, str(folder / "99-end.png"))
    print(table.export_story())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
