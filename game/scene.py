"""Scenes and the scene stack.

Lifecycle (pinned by tests/test_scene_stack.py):

- `enter()`   once, when the scene is pushed (or swapped in by `replace`), before it is drawn;
- `pause()`   when another scene is pushed on top of it;
- `resume()`  when it becomes the top again after the scene above it is popped;
- `exit()`    once, when it is popped or replaced; it is never used again.

Every frame the loop gives events to the top scene only (`handle(event) -> bool`, True when
consumed), calls `update(dt)` on the top scene, and, when something asked for a redraw, draws the
stack bottom-up from the topmost opaque scene (`overlay = False`) so overlays appear over what
they cover. `draw(surface)` must not change any state. A scene asks for a redraw with
`self.dirty = True`, and for continuous frames (animation, a running sand-timer) with
`self.animating = True`; otherwise the loop sleeps until the next event.

The stack is passed explicitly (`scene.stack`); there is no global.
"""

from __future__ import annotations

from typing import Any


class Scene:
    """Base class: override what you need."""

    overlay = False

    def __init__(self, app: Any) -> None:
        self.app = app
        self.dirty = True
        self.animating = False

    @property
    def stack(self) -> SceneStack:
        return self.app.stack

    def enter(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self) -> None:
        self.dirty = True
    def exit(self) -> None: ...

    def handle(self, event: Any) -> bool:
        """Handle one pygame event; True when consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds (top scene only)."""

    def draw(self, surface: Any) -> None:
        """Draw onto `surface`; changes nothing."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size; rebuild layouts and cached layers."""
        self.dirty = True


class SceneStack:
    """Push, pop and replace scenes; the top one gets input."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def __len__(self) -> int:
        return len(self.scenes)

    def push(self, scene: Scene) -> Scene:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()
        scene.dirty = True
        return scene

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
            self.scenes[-1].dirty = True
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for `scene` (the one below is neither paused nor resumed)."""
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()
        scene.dirty = True
        return scene

    def clear_to(self, scene: Scene) -> Scene:
        """Exit every scene (top first) and start again from `scene`."""
        while self.scenes:
            self.scenes.pop().exit()
        return self.push(scene)

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom-up: from the topmost opaque scene to the top."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if not self.scenes[i].overlay:
                start = i
                break
        return self.scenes[start:]

    def needs_redraw(self) -> bool:
        return any(s.dirty or s.animating for s in self.visible())

    def handle(self, event: Any) -> bool:
        top = self.top
        return bool(top and top.handle(event))

    def update(self, dt: float) -> None:
        if self.top:
            self.top.update(dt)

    def draw(self, surface: Any) -> None:
        for scene in self.visible():
            scene.draw(surface)
            scene.dirty = False

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self.scenes:
            scene.resize(size)
