"""Helpers for scene tests: a headless App and real pygame events posted to its loop."""

from __future__ import annotations

from typing import Any

import pygame

from game.app import App, FallbackSettings


def make_app(language: str = "fr", size: tuple[int, int] = (1280, 800), menu: bool = True) -> App:
    """An App on SDL's dummy driver with default settings (saves nothing), menu pushed."""
    settings = FallbackSettings()
    settings.language = language
    settings.window_size = size
    app = App(settings=settings)
    app.idle_timeout_ms = 5
    app.curtain_guard_s = 0.0  # tests lift curtains at once (the guard has its own test)
    app.open_window()
    pygame.event.clear()
    if menu:
        app.start()
        settle(app)
    return app


def settle(app: App, steps: int = 4) -> None:
    """Run a few loop iterations (posted widget events arrive one iteration later)."""
    for _ in range(steps):
        app.step()


def past_turn_guard(table: Any) -> None:
    """Let the table's turn guard pass (`scenes.table.TURN_GUARD_S` after the game came back to
    the seat on screen): a test that clicks at once would have its action held, as a person's is."""
    from scenes.table import TURN_GUARD_S

    if getattr(table, "turn_back_at", None) is not None:
        table.turn_back_at -= TURN_GUARD_S


def drawn_panels(monkeypatch: Any) -> list[Any]:
    """The rect of every `scenes.ui.panel` drawn from now on, in order (the last: the topmost)."""
    import pygame

    from scenes import ui

    panels: list[Any] = []
    real = ui.panel

    def spy(surface: Any, rect: Any, *args: Any, **kwargs: Any) -> Any:
        panels.append(pygame.Rect(rect))
        return real(surface, rect, *args, **kwargs)

    monkeypatch.setattr(ui, "panel", spy)
    return panels


def click(app: App, pos: tuple[int, int], steps: int = 4) -> None:
    """A real left click: motion, button down and up posted to the event queue, then the loop runs."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}))
    app.step()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": 1}))
    app.step()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, {"pos": pos, "button": 1}))
    settle(app, steps)


def key(app: App, k: int, mod: int = 0, steps: int = 3) -> None:
    """A real key press (down and up)."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": k, "mod": mod, "unicode": "", "scancode": 0}))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, {"key": k, "mod": mod, "unicode": "", "scancode": 0}))
    settle(app, steps)


def click_button(app: App, name: str, steps: int = 4) -> None:
    """Click the centre of the top scene's button registered as `name`."""
    button = app.stack.top.buttons[name]
    click(app, button.rect.center, steps)


def button_text(scene: Any, name: str) -> str:
    return scene.buttons[name].text


def texts_drawn(monkeypatch: Any) -> list[str]:
    """Every text `scenes.ui.text` draws from now on (the test's `monkeypatch` undoes the spy)."""
    from scenes import ui

    drawn: list[str] = []
    real = ui.text
    monkeypatch.setattr(ui, "text", lambda surface, value, *a, **k: drawn.append(value) or real(surface, value, *a, **k))
    return drawn


def drawn_with_sizes(monkeypatch: Any, owner: Any, name: str = "text") -> list[tuple[str, int, Any]]:
    """Every (text, size, rect) that `owner.<name>` (`scenes.ui.text`, or a scene's own text
    function with the same first four arguments) draws from now on."""
    drawn: list[tuple[str, int, Any]] = []
    real = getattr(owner, name)

    def spy(surface: Any, value: str, pos: Any, size: int = 20, *args: Any, **kwargs: Any) -> Any:
        rect = real(surface, value, pos, size, *args, **kwargs)
        drawn.append((value, size, rect))
        return rect

    monkeypatch.setattr(owner, name, spy)
    return drawn
