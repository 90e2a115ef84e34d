"""`screenshot` exits 1 when the scene failed to draw (issue 12: a blank table used to exit 0)."""

from __future__ import annotations

import argparse

from game import tools
from game.scene import Scene


class Broken(Scene):
    def draw(self, surface):
        raise ValueError("invalid color argument")


def test_screenshot_exits_1_when_drawing_failed(tmp_path, monkeypatch, capsys):
    from scenes import shots

    monkeypatch.setattr(shots, "make", lambda app, name, game=None, seed=0: Broken(app))
    args = argparse.Namespace(scene="menu", out=str(tmp_path / "x.png"), size="1024x700", game=None, seed=1,
                              lang="en", content=None, json=False)
    assert tools.screenshot(args) == 1
    assert "failed" in capsys.readouterr().err and (tmp_path / "x.png").exists()
    monkeypatch.undo()
    args.out = str(tmp_path / "y.png")
    assert tools.screenshot(args) == 0
