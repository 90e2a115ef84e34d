"""Headless rendering for the `screenshot` command and for `bench`'s frame times."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def scene_names() -> list[str]:
    """Every scene the screenshot command knows (scenes.shots registry)."""
    from scenes import shots

    return shots.names()


def headless_app(size: tuple[int, int], content_root: str | None = None, lang: str | None = None) -> Any:
    """An App with its window opened at `size` (under SDL's dummy driver when no display)."""
    from game.app import App, FallbackSettings

    settings = FallbackSettings()
    settings.window_size = size
    if lang:
        settings.language = lang
    app = App(settings=settings, content_root=content_root)
    # no person sits at a headless app (screenshots, the bench): a curtain lifted by the tool is
    # not a click meant for the last seat, so it is not held (`scenes.curtain`'s guard)
    app.curtain_guard_s = 0.0
    app.open_window()
    return app


def render_to_file(name: str, out: str | Path, size: tuple[int, int] = (1280, 800),
                   game: str | None = None, seed: int = 1, lang: str | None = None,
                   content_root: str | None = None) -> int:
    """Render scene `name` (KeyError when unknown) into the PNG `out`; 1 when drawing failed."""
    if name not in scene_names():
        raise KeyError(name)
    import pygame

    from scenes import shots

    app = headless_app(size, content_root=content_root, lang=lang)
    scene = shots.make(app, name, game=game, seed=seed)
    if scene is not app.stack.top:
        app.stack.push(scene)
    surface = app.render()
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(out))
    pygame.display.quit()
    return 1 if app.errors_logged else 0  # a scene that failed to draw is not a good screenshot
