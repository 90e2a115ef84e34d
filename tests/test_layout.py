"""The house's shape: the shell's files at the top of scenes/ and sprites/, one package per game."""

from __future__ import annotations

from pathlib import Path

from game import catalog

ROOT = Path(__file__).resolve().parent.parent


def test_no_game_module_at_the_top_of_scenes_or_sprites():
    games = [g.id for g in catalog.GAMES]
    for folder in ("scenes", "sprites"):
        stray = [p.name for p in (ROOT / folder).glob("*.py") if p.stem.split("_")[0] in games]
        assert stray == [], f"{folder}/ holds game modules; move them to {folder}/<game>/"


def test_each_registered_table_lives_in_its_game_package():
    for info in catalog.GAMES:
        assert info.table_module == f"scenes.{info.id}.table", info
        if catalog.available(info.id):
            assert (ROOT / "scenes" / info.id / "table.py").exists()
