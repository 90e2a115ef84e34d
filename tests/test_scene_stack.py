"""The scene lifecycle of game/scene.py, as its docstring states it."""

from __future__ import annotations

from game.scene import Scene, SceneStack


class FakeApp:
    def __init__(self) -> None:
        self.stack = SceneStack()


class Probe(Scene):
    def __init__(self, app: FakeApp, name: str, calls: list[str], overlay: bool = False) -> None:
        super().__init__(app)
        self.name = name
        self.calls = calls
        self.overlay = overlay
        self.updates: list[float] = []
        self.events: list[object] = []
        self.draws = 0

    def enter(self) -> None:
        self.calls.append(f"enter {self.name}")

    def pause(self) -> None:
        self.calls.append(f"pause {self.name}")

    def resume(self) -> None:
        super().resume()
        self.calls.append(f"resume {self.name}")

    def exit(self) -> None:
        self.calls.append(f"exit {self.name}")

    def handle(self, event: object) -> bool:
        self.events.append(event)
        return True

    def update(self, dt: float) -> None:
        self.updates.append(dt)

    def draw(self, surface: object) -> None:
        self.draws += 1


def make(*names: str, overlay: tuple[str, ...] = ()) -> tuple[FakeApp, list[str], dict[str, Probe]]:
    app, calls = FakeApp(), []
    scenes = {n: Probe(app, n, calls, n in overlay) for n in names}
    return app, calls, scenes


def test_push_enters_the_new_scene_and_pauses_the_one_below() -> None:
    app, calls, s = make("menu", "table")
    app.stack.push(s["menu"])
    app.stack.push(s["table"])
    assert calls == ["enter menu", "pause menu", "enter table"]
    assert app.stack.top is s["table"] and len(app.stack) == 2


def test_pop_exits_then_resumes_the_scene_below_and_marks_it_dirty() -> None:
    app, calls, s = make("menu", "table")
    app.stack.push(s["menu"])
    app.stack.push(s["table"])
    s["menu"].dirty = False
    calls.clear()
    assert app.stack.pop() is s["table"]
    assert calls == ["exit table", "resume menu"]
    assert s["menu"].dirty and app.stack.top is s["menu"]


def test_pop_on_empty_stack_returns_none() -> None:
    assert SceneStack().pop() is None


def test_replace_swaps_the_top_without_pausing_or_resuming_below() -> None:
    app, calls, s = make("menu", "new", "table")
    app.stack.push(s["menu"])
    app.stack.push(s["new"])
    calls.clear()
    app.stack.replace(s["table"])
    assert calls == ["exit new", "enter table"]
    assert app.stack.scenes == [s["menu"], s["table"]]


def test_clear_to_exits_every_scene_top_first() -> None:
    app, calls, s = make("menu", "a", "b", "fresh")
    for n in ("menu", "a", "b"):
        app.stack.push(s[n])
    calls.clear()
    app.stack.clear_to(s["fresh"])
    assert calls == ["exit b", "exit a", "exit menu", "enter fresh"]
    assert app.stack.scenes == [s["fresh"]]


def test_only_the_top_scene_gets_events_and_updates() -> None:
    app, calls, s = make("menu", "table")
    app.stack.push(s["menu"])
    app.stack.push(s["table"])
    assert app.stack.handle("click") is True
    app.stack.update(0.5)
    assert s["table"].events == ["click"] and s["table"].updates == [0.5]
    assert s["menu"].events == [] and s["menu"].updates == []


def test_overlays_draw_over_the_topmost_opaque_scene_bottom_up() -> None:
    app, calls, s = make("menu", "table", "pause", "errors", overlay=("pause", "errors"))
    for n in ("menu", "table", "pause", "errors"):
        app.stack.push(s[n])
    assert app.stack.visible() == [s["table"], s["pause"], s["errors"]]
    app.stack.draw(None)
    assert (s["menu"].draws, s["table"].draws, s["pause"].draws, s["errors"].draws) == (0, 1, 1, 1)


def test_redraw_is_needed_only_when_a_visible_scene_is_dirty_or_animating() -> None:
    app, calls, s = make("menu", "table")
    app.stack.push(s["menu"])
    app.stack.push(s["table"])
    assert app.stack.needs_redraw()
    app.stack.draw(None)
    assert not s["table"].dirty and not app.stack.needs_redraw()
    s["menu"].dirty = True  # hidden under an opaque scene: no redraw
    assert not app.stack.needs_redraw()
    s["table"].animating = True
    assert app.stack.needs_redraw()


def test_resize_reaches_every_scene() -> None:
    app, calls, s = make("menu", "table")
    app.stack.push(s["menu"])
    app.stack.push(s["table"])
    app.stack.draw(None)
    app.stack.resize((1024, 700))
    assert s["menu"].dirty and s["table"].dirty
