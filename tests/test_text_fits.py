"""Text that fits: the shell's screens and each game's new-game and rules screens render at
1024×700, 1280×800 and 1600×1000, in French and English, without a pygame-gui warning (a label
too small for its text is one) and without an error."""

from __future__ import annotations

import warnings

import pytest

from game import catalog
from tests.ui_helpers import make_app

SIZES = [(1024, 700), (1280, 800), (1600, 1000)]
GAMES = [g.id for g in catalog.GAMES if catalog.available(g.id)]


def _shots():
    from scenes import shots

    out = [(name, None) for name in shots.names(tables=False) if name != "table"]
    out += [(name, game) for game in GAMES for name in ("new_game", "rules")]
    return out


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_shell_screens_render_without_cut_labels(size, lang, tmp_path, monkeypatch) -> None:
    from scenes import shots

    monkeypatch.setenv("GUILDHALL_HOME", str(tmp_path))
    problems = []
    for name, game in _shots():
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            app = make_app(lang, size, menu=False)
            shots.make(app, name, game=game, seed=1)
            app.render()
        problems += [(name, game, str(w.message)) for w in caught if "pygame_gui" in w.filename]
        assert app.errors_logged == 0, (name, game)
    assert not problems, problems
