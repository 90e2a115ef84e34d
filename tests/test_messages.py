"""Messages that leave: refusals go when the situation changes, a toast fades with no mouse
movement (the idle loop wakes for it), and messages keep clear of a table's hand and buttons."""

from __future__ import annotations

import pygame

from sprites.toast import ToastLayer
from tests.test_table_scene import app, lift, playable, start  # noqa: F401 (fixture)
from tests.toygame import Play
from tests.ui_helpers import click


class FakeClock:
    """Stands in for time.perf_counter and the loop's waits: sleeping moves the clock, nothing else."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def wait_event(self, timeout: int = 0) -> pygame.event.Event:
        self.now += max(timeout, 1) / 1000
        return pygame.event.Event(pygame.NOEVENT, {})

    def wait(self, ms: int) -> int:
        self.now += ms / 1000
        return ms


def test_a_refused_move_then_a_valid_one_the_refusal_is_gone(app) -> None:  # noqa: F811
    table = start(app, kinds=("human", "random"))
    assert not table.try_act(Play(11))
    assert app.toasts.texts() == ["You hold no 11."]
    assert table.try_act(playable(table))
    assert "You hold no 11." not in app.toasts.texts()


def test_a_new_click_takes_the_refusal_away(app) -> None:  # noqa: F811
    table = start(app, kinds=("human", "random"))
    table.try_act(Play(11))
    click(app, (300, 300))
    assert app.toasts.texts() == []


def test_the_next_seat_unveiled_does_not_see_the_previous_seats_refusal(app) -> None:  # noqa: F811
    table = start(app)
    lift(app)
    table.try_act(Play(11))
    assert app.toasts.texts()
    table.try_act(playable(table))
    assert type(app.stack.top).__name__ == "CurtainScene" and app.toasts.texts() == []


def test_a_wrong_code_leaves_with_the_curtain(app) -> None:  # noqa: F811
    table = start(app, pins={0: "1234"})
    curtain = app.stack.top
    curtain.try_reveal("9999")
    assert app.toasts.texts()
    assert curtain.try_reveal("1234") and table.unveiled == 0
    app.step()
    assert app.toasts.texts() == []


def test_a_toast_fades_with_no_mouse_movement(app, monkeypatch) -> None:  # noqa: F811
    clock = FakeClock()
    monkeypatch.setattr("game.app.time.perf_counter", clock)
    monkeypatch.setattr(pygame.event, "wait", clock.wait_event)
    monkeypatch.setattr(pygame.time, "wait", clock.wait)
    app.idle_timeout_ms = 1000
    app.step()
    pygame.event.clear()
    app.toast("Bonjour")
    started = clock.now
    alphas = []
    for _ in range(400):
        app.step()
        if not app.toasts.items:
            break
        alphas.append(app.toasts.alpha(app.toasts.items[0]))
    assert app.toasts.items == []  # it left on its own, with no event at all
    life = clock.now - started
    assert life < 6.0  # its few seconds, not the tens a clamped clock gave
    assert 255 in alphas and any(0 < a < 255 for a in alphas[alphas.index(255):])  # it faded out
    before = app.frames_drawn
    for _ in range(5):
        app.step()
    assert app.frames_drawn == before  # then the loop idles again


def test_messages_stack_downwards_from_the_anchor_inside_the_window() -> None:
    pygame.font.init()
    layer = ToastLayer()
    for text in ("one", "two " * 60, "three"):
        layer.add(text, "error")
    boxes = [rect for _item, rect, _lines in layer.layout((1024, 700), (512, 70))]
    assert boxes[0].top == 70 and all(a.bottom < b.top for a, b in zip(boxes, boxes[1:]))
    assert all(pygame.Rect(0, 0, 1024, 700).contains(r) for r in boxes)


def test_wrapped_text_never_starts_a_line_with_a_names_number_or_spaced_punctuation():
    """"Robot / 4." across two lines in the logs; French " :" or " ?" alone at a line's start."""
    import pygame

    from scenes import ui

    pygame.font.init()
    text = "Robot 3 prend L'Arcaniste à Robot 2. Puis quoi : rien ? « Oui »"
    for width in range(130, 400, 7):  # (every unit fits a line: none is cut mid-word)
        lines = ui.wrap(text, width, 16)
        assert " ".join(lines) == text
        assert not any(line.split(" ")[0] in ("2.", "3", ":", "?", "»") for line in lines), (width, lines)
        assert not any(line.endswith("«") for line in lines), (width, lines)
