"""TableScene with the toy engine and real events: curtain, bots, refusals, undo, pause, end, idling."""

from __future__ import annotations

import shutil

import pygame
import pytest

from game.i18n import STRINGS_DIR, Strings
from game.session import SeatInfo, Session
from scenes.table import TableScene
from tests.toygame import ENGINE, Draw, Play
from tests.ui_helpers import click, key, make_app, past_turn_guard, settle

TOY_STRINGS = """
toy.log.start: {fr: "Début ({seats} joueurs).", en: "Start ({seats} players)."}
toy.log.play: {fr: "{seat} joue un {card}.", en: "{seat} plays a {card}."}
toy.log.draw: {fr: "{seat} pioche.", en: "{seat} draws."}
toy.illegal.not_in_hand: {fr: "Vous n'avez pas de {card}.", en: "You hold no {card}."}
toy.illegal.not_your_turn: {fr: "Pas votre tour.", en: "Not your turn."}
"""


@pytest.fixture
def app(tmp_path):
    folder = tmp_path / "strings"
    folder.mkdir()
    shutil.copy(STRINGS_DIR / "core.yaml", folder / "core.yaml")
    (folder / "toy.yaml").write_text(TOY_STRINGS, encoding="utf-8")
    app = make_app("en")
    app.strings = Strings("en", folder)
    return app


def start(app, kinds=("human", "human"), pins=None, seed=3):
    seats = []
    for i, kind in enumerate(kinds):
        pin = (pins or {}).get(i)
        if pin:
            from game.hotseat import hash_pin

            pin = hash_pin(pin)
        seats.append(SeatInfo(["Ana", "Bo", "Cy"][i], i, kind, pin))
    session = Session(ENGINE, None, "toy", seats, seed)
    table = TableScene(app, session)
    app.stack.push(table)
    settle(app)
    return table


def top_name(app) -> str:
    return type(app.stack.top).__name__


def lift(app) -> None:
    """Click anywhere on the curtain (away from its buttons)."""
    click(app, (640, 300))


def playable(table) -> Play:
    return Play(table.view["hand"][0])


def test_curtain_comes_first_and_between_two_humans(app) -> None:
    table = start(app)
    assert top_name(app) == "CurtainScene" and app.stack.top.seat == 0
    assert table.unveiled is None and table.view["hand"] is None  # nothing secret behind the curtain
    lift(app)
    assert top_name(app) == "TableScene" and table.unveiled == 0
    assert table.view["hand"] == table.session.state.hands[0]
    assert table.try_act(playable(table))
    assert top_name(app) == "CurtainScene" and app.stack.top.seat == 1
    assert table.unveiled is None and table.view["hand"] is None
    lift(app)
    assert table.unveiled == 1
    assert table.since and table.render(table.since[-1]).startswith("Ana plays a ")


def test_the_click_that_acts_does_not_also_lift_the_next_curtain(app) -> None:
    table = start(app)
    lift(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, {"pos": (640, 300), "button": 1}))
    table.try_act(playable(table))
    settle(app)
    assert top_name(app) == "CurtainScene"


def test_a_second_click_at_once_does_not_lift_the_next_persons_curtain(app, monkeypatch) -> None:
    """Ana acts and clicks again at once (a double click, or the next button of a choice the rules
    had already made): that click is hers and must not show Bo's hand to her; a click once the
    curtain has stood a moment is Bo's."""
    from scenes import curtain as curtain_mod

    now = [100.0]
    monkeypatch.setattr(curtain_mod, "clock", lambda: now[0])
    app.curtain_guard_s = curtain_mod.REVEAL_GUARD_S
    table = start(app)
    now[0] += 5
    lift(app)
    assert table.try_act(playable(table))
    settle(app)
    assert top_name(app) == "CurtainScene" and app.stack.top.seat == 1
    now[0] += 0.3
    lift(app)
    key(app, pygame.K_RETURN)
    assert top_name(app) == "CurtainScene" and table.unveiled is None and table.view["hand"] is None
    now[0] += curtain_mod.REVEAL_GUARD_S
    lift(app)
    assert top_name(app) == "TableScene" and table.unveiled == 1


def test_pin_is_asked_before_revealing(app) -> None:
    table = start(app, pins={0: "1234"})
    curtain = app.stack.top
    assert curtain.needs_pin
    lift(app)
    assert top_name(app) == "CurtainScene"
    assert not curtain.try_reveal("9999")
    assert app.toasts.texts()[-1] == app.tr("curtain.wrong_pin", name="Ana")
    assert curtain.try_reveal("1234") and table.unveiled == 0


def test_bot_plays_after_a_visible_pause(app) -> None:
    table = start(app, kinds=("human", "random"))
    assert top_name(app) == "TableScene" and table.unveiled == 0  # one human: no curtain
    table.try_act(playable(table))
    assert table.pending_bot == 1 and 0 < table.wake_after <= 0.8
    assert len(table.session.actions) == 1
    app.stack.update(0.3)
    assert len(table.session.actions) == 1  # still pausing
    app.stack.update(1.0)
    assert len(table.session.actions) == 2 and table.session.actions[1][0] == 1
    assert table.pending_bot is None and table.unveiled == 0


def test_bot_pause_is_scaled_by_animation_speed(app) -> None:
    app.settings.animation_speed = 4.0
    table = start(app, kinds=("human", "random"))
    table.try_act(playable(table))
    app.stack.update(0.25)
    assert len(table.session.actions) == 2


def test_illegal_action_shows_the_reason_as_a_message(app) -> None:
    table = start(app, kinds=("human", "random"))
    assert not table.try_act(Play(11))
    assert app.toasts.texts() == ["You hold no 11."]
    assert table.session.actions == []


def test_idle_table_does_not_redraw(app) -> None:
    start(app, kinds=("human", "random"))
    settle(app, 6)
    app.toasts.items.clear()
    settle(app, 2)
    before = app.frames_drawn
    settle(app, 5)
    assert app.frames_drawn == before
    pygame.event.post(pygame.event.Event(pygame.VIDEOEXPOSE, {}))
    settle(app, 2)
    assert app.frames_drawn == before


def test_ctrl_z_undoes_the_last_human_action_and_the_bot_reply(app) -> None:
    table = start(app, kinds=("human", "random"))
    hand = list(table.view["hand"])
    table.try_act(playable(table))
    app.stack.update(2.0)
    assert len(table.session.actions) == 2
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert table.session.actions == [] and table.view["hand"] == hand
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.toasts.texts()[-1] != app.tr("table.undone")


def test_escape_opens_the_pause_menu_and_save_quit_returns_to_menu(app) -> None:
    start(app, kinds=("human", "random"))
    key(app, pygame.K_ESCAPE)
    assert top_name(app) == "PauseMenu"
    assert [type(s).__name__ for s in app.stack.visible()] == ["TableScene", "PauseMenu"]
    click(app, app.stack.top.buttons["quit"].rect.center)
    assert top_name(app) == "MainMenu" and len(app.stack) == 1


def test_game_over_pushes_the_end_summary(app) -> None:
    table = start(app, kinds=("human", "random"))
    for _ in range(40):
        if table.session.state.is_over():
            break
        if table.pending_bot is not None:
            app.stack.update(2.0)
        else:
            past_turn_guard(table)  # the bot played: the table's turn guard passes
            legal = table.session.state.legal_actions(table.unveiled)
            table.try_act(next((a for a in legal if isinstance(a, Draw)), legal[0]))
    assert table.session.state.is_over()
    assert top_name(app) == "EndScene"
    assert app.stack.top.ranking() == table.session.state.outcome()["ranking"]
    settle(app)


def test_a_scene_that_raises_becomes_a_message_and_a_log_line(app, tmp_path, monkeypatch) -> None:
    table = start(app, kinds=("human", "random"))
    monkeypatch.setenv("GUILDHALL_HOME", str(tmp_path))

    def boom(event, view):
        raise RuntimeError("kaboom")

    table.handle_table = boom
    click(app, (300, 300))
    assert app.toasts.texts()[-1] == app.tr("app.error")
    assert "kaboom" in (tmp_path / "logs" / "guildhall.log").read_text(encoding="utf-8")
    assert top_name(app) == "TableScene"


def test_bot_pause_sleeps_in_the_real_loop_instead_of_drawing_frames(app) -> None:
    import time

    app.settings.animation_speed = 4.0  # 0.2 s pause
    app.idle_timeout_ms = 1000
    table = start(app, kinds=("human", "random"))
    app.toasts.items.clear()
    table.try_act(playable(table))
    before = app.frames_drawn
    started = time.perf_counter()
    while len(table.session.actions) < 2 and time.perf_counter() - started < 3:
        app.step()
    assert len(table.session.actions) == 2
    assert time.perf_counter() - started >= 0.15  # the pause is visible
    assert app.frames_drawn - before <= 3  # banner, bot's move: no 60 fps meanwhile


def test_enter_lifts_a_curtain_without_pin(app) -> None:
    table = start(app)
    key(app, pygame.K_RETURN)
    assert top_name(app) == "TableScene" and table.unveiled == 0


def test_ctrl_z_behind_the_curtain_gives_the_previous_seat_its_turn_back(app) -> None:
    table = start(app)
    lift(app)
    hand = list(table.view["hand"])
    table.try_act(playable(table))
    assert app.stack.top.seat == 1
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert top_name(app) == "CurtainScene" and app.stack.top.seat == 0
    assert table.session.actions == []
    lift(app)
    assert table.unveiled == 0 and table.view["hand"] == hand


class _GatedBot:
    """A bot that decides only when the test opens its gate (a long search, seen from the loop)."""

    def __init__(self, bot) -> None:
        import threading

        self.bot, self.gate, self.calls = bot, threading.Event(), 0

    def choose(self, view, legal):
        self.calls += 1
        assert self.gate.wait(10)
        return self.bot.choose(view, legal)


def _gate(table):
    inputs = table.session.bot_inputs
    gated: dict[int, _GatedBot] = {}

    def bot_inputs(seat):
        bot, view, legal = inputs(seat)
        gated.setdefault(seat, _GatedBot(bot))
        return gated[seat], view, legal

    table.session.bot_inputs = bot_inputs
    return gated


def test_a_slow_bot_thinks_beside_the_loop_and_plays_when_done(app) -> None:
    app.bots_in_background = True
    table = start(app, kinds=("human", "random"))
    gated = _gate(table)
    table.try_act(playable(table))
    app.stack.update(2.0)  # the pause is over, the bot still thinks
    assert len(table.session.actions) == 1 and table.pending_bot == 1
    assert table.wake_after == pytest.approx(0.05)  # the loop looks again soon, it does not block
    app.render()  # the table still draws (the banner says who thinks)
    key(app, pygame.K_ESCAPE)  # and answers keys: the pause menu opens over it
    assert top_name(app) == "PauseMenu"
    key(app, pygame.K_ESCAPE)
    assert top_name(app) == "TableScene"
    gated[1].gate.set()
    assert table.thought.wait(10)
    app.stack.update(0.0)
    assert len(table.session.actions) == 2 and table.session.actions[1][0] == 1
    assert table.pending_bot is None and gated[1].calls == 1


def test_a_decision_overtaken_by_an_undo_is_dropped(app) -> None:
    app.bots_in_background = True
    table = start(app, kinds=("human", "random"))
    gated = _gate(table)
    table.try_act(playable(table))
    app.stack.update(0.1)  # the bot starts thinking during its pause
    first = table.thought
    assert first is not None and not first.done()
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # the human takes the move back
    assert table.session.actions == [] and table.pending_bot is None
    table.try_act(playable(table))  # and plays again: a new situation for the bot
    app.stack.update(2.0)
    assert table.thought is first  # the old decision must end before the bot thinks again
    assert len(table.session.actions) == 1
    gated[1].gate.set()
    assert first.wait(10)
    for _ in range(400):  # the old answer is dropped; a new decision starts and is played
        app.stack.update(2.0)
        if len(table.session.actions) == 2:
            break
        table.thought.wait(0.05)
    assert len(table.session.actions) == 2 and gated[1].calls == 2


def test_a_bot_that_fails_in_its_thread_is_reported_like_any_bot(app) -> None:
    app.bots_in_background = True
    table = start(app, kinds=("human", "random"))
    inputs = table.session.bot_inputs

    class Broken:
        def choose(self, view, legal):
            raise RuntimeError("no move")

    table.session.bot_inputs = lambda seat: (Broken(), *inputs(seat)[1:])
    table.try_act(playable(table))
    app.stack.update(0.1)
    assert table.thought.wait(10)
    app.stack.update(2.0)
    assert len(table.session.actions) == 1
    assert app.toasts.texts()[-1] == app.tr("table.bot_failed", name=table.seat_name(1))


def test_the_curtains_log_brightens_whole_entries_never_half_of_one() -> None:
    """The public log on the curtain dims older entries and shows the last three bright: a long
    entry wrapped on two lines is one colour (its first line was dim, its second bright)."""
    import pygame

    from scenes import table as table_module
    from scenes import ui

    pygame.font.init()
    surface = pygame.Surface((420, 300))
    lines = ["First entry, short.", "Second entry, long enough to be wrapped over two lines of this narrow panel.",
             "Third entry.", "Fourth entry.", "Fifth entry, also long enough to need a second line in the panel."]
    drawn: list[tuple[str, tuple[int, int, int]]] = []
    real = ui.text
    try:
        ui.text = lambda surf, value, pos, size, colour, *a, **k: drawn.append((value, colour)) or real(
            surf, value, pos, size, colour, *a, **k)
        table_module.draw_log_panel(surface, pygame.Rect(0, 0, 300, 300), lines, None, 16)
    finally:
        ui.text = real
    colour_of: dict[int, set[tuple[int, int, int]]] = {}
    for value, colour in drawn:
        entry = next(i for i, line in enumerate(lines) if value in line)
        colour_of.setdefault(entry, set()).add(colour)
    assert len(colour_of[1]) == 1 == len(colour_of[4]) and len(drawn) > len(lines)  # some entry wrapped
    assert colour_of[1] == {ui.PARCHMENT_DIM} and colour_of[2] == colour_of[3] == colour_of[4] == {ui.PARCHMENT}


def test_since_your_last_turn_keeps_the_newest_lines_and_says_how_many_older_ones_are_left(monkeypatch) -> None:
    """A long absence (a bot's whole turn of fights) gave 20 lines, of which the box showed the
    last 8 with nothing saying so: it shows as many as the window holds and counts the rest."""
    from tests.ui_helpers import make_app, texts_drawn

    app = make_app("en", (1024, 700))
    table = start(app)
    lift(app)
    table.since = [{"key": "notes.export.round", "params": {"round": n}} for n in range(1, 41)]
    drawn = texts_drawn(monkeypatch)
    surface = pygame.Surface((1024, 700))
    table.draw_since(surface)
    shown = [t for t in drawn if t.startswith("• ")]
    assert shown and shown[-1] == "• round 40" and len(shown) < 40
    older = 40 - len(shown)
    assert app.tr("table.since_older", count=older) in drawn
    assert "earlier lines" in app.tr("table.since_older", count=older)


def test_the_first_turn_opens_on_the_table_not_on_a_since_box(app) -> None:
    """Nothing happened before the first turn: the box would only repeat the set-up (hs-b-4)."""
    table = start(app)
    lift(app)
    assert table.unveiled == 0 and table.since == []
    assert table.try_act(playable(table))
    lift(app)
    assert table.unveiled == 1 and table.since  # Ana played: Bo is told


@pytest.mark.parametrize("lang, saved, shown", [("en", "Joueur", "Player"), ("fr", "Player", "Joueur")])
def test_the_curtain_names_a_default_seat_in_the_language_of_the_table(lang, saved, shown, tmp_path,
                                                                       monkeypatch) -> None:
    """A game begun in one language and continued in the other: the table, the curtain's seat list
    and the log say "Player 2", so the curtain's "Pass the computer to …", its hint and its button
    say so too (they said "Joueur 2" over a list that said "Player 2")."""
    from tests.ui_helpers import button_text, texts_drawn

    folder = tmp_path / "strings"
    folder.mkdir()
    shutil.copy(STRINGS_DIR / "core.yaml", folder / "core.yaml")
    (folder / "toy.yaml").write_text(TOY_STRINGS, encoding="utf-8")
    app = make_app(lang)
    app.strings = Strings(lang, folder)
    seats = [SeatInfo(f"{saved} {i + 1}", i, "human", None) for i in range(2)]
    table = TableScene(app, Session(ENGINE, None, "toy", seats, 3))
    app.stack.push(table)
    settle(app)
    curtain = app.stack.top
    assert top_name(app) == "CurtainScene"
    seat = curtain.seat
    assert curtain.name == table.seat_name(seat) == f"{shown} {seat + 1}"
    assert button_text(curtain, "reveal") == app.tr("curtain.reveal", name=f"{shown} {seat + 1}")
    drawn = texts_drawn(monkeypatch)
    curtain.draw_scene(pygame.Surface(app.size))
    assert app.tr("curtain.click_hint", name=f"{shown} {seat + 1}") in drawn
    assert not [t for t in drawn if f"{saved} " in t]


def test_a_log_panel_cut_at_the_top_begins_with_an_entrys_first_row() -> None:
    """A log panel too short for every entry cut the oldest shown one mid-way: the curtain's log
    began with "l'Arcaniste." or "conflits.", the tail of an entry alone. It begins with the first
    row of an entry (the rows above left blank), scrolled back too; one entry taller than the
    panel still shows its rows."""
    from scenes import table as table_module
    from scenes import ui

    pygame.font.init()
    long = "An entry long enough to be wrapped over several rows of this narrow panel, word after word."
    lines = [long + f" ({n})" for n in range(8)]
    rows = [ui.wrap(line, 300 - 28, 16) for line in lines]
    assert all(len(r) >= 3 for r in rows)
    real = ui.text
    drawn: list[str] = []
    for height, scroll in ((23 * 7 + 20, 0), (23 * 8 + 20, 0), (23 * 7 + 20, 2), (23 * 2 + 20, 0)):
        drawn.clear()
        try:
            ui.text = lambda surf, value, *a, **k: drawn.append(value) or real(surf, value, *a, **k)
            table_module.draw_log_panel(pygame.Surface((300, height)), pygame.Rect(0, 0, 300, height), lines,
                                        None, 16, scroll)
        finally:
            ui.text = real
        assert drawn
        whole = [r for wrapped in rows for r in wrapped]
        if len(drawn) > 2:  # the panel holds more than one entry's rows: it begins with a first row
            assert any(drawn[0] == wrapped[0] for wrapped in rows), (height, scroll, drawn[:2])
        assert all(row in whole for row in drawn)


def test_the_summary_box_of_a_seats_first_time_at_the_table_says_since_the_game_began(app, monkeypatch) -> None:
    """The second person's first turn opened on "Since your last turn" (they had none): the box
    says "Since the game began" then, and "Since your last turn" ever after."""
    from tests.ui_helpers import texts_drawn

    table = start(app)
    lift(app)
    assert table.unveiled == 0 and not table.since  # nothing happened yet: no box

    def act_and_pass() -> None:  # the seat on screen acts, sees what it drew, passes the computer
        table.try_act(playable(table))
        settle(app)
        if table.handoff is not None:
            key(app, pygame.K_RETURN)
        lift(app)

    act_and_pass()
    assert table.unveiled == 1 and table.since
    drawn = texts_drawn(monkeypatch)
    table.draw_since(pygame.Surface(app.size))
    assert app.tr("table.since_title_first") in drawn and app.tr("table.since_title") not in drawn
    click(app, (5, 5))
    past_turn_guard(table)
    act_and_pass()
    assert table.unveiled == 0 and table.since
    drawn.clear()
    table.draw_since(pygame.Surface(app.size))
    assert app.tr("table.since_title") in drawn and app.tr("table.since_title_first") not in drawn


@pytest.mark.parametrize("lang, shown", [("fr", ["4 pts", "1 pt", "0 pt"]), ("en", ["4 pts", "1 pt", "0 pts"])])
def test_the_end_screen_counts_points_with_a_plural(monkeypatch, lang, shown) -> None:
    """Playtest (Ambre, scores are small): the end screen read "Ana 1 pts"."""
    from types import SimpleNamespace

    from scenes import ui
    from scenes.end import EndScene
    from tests.ui_helpers import drawn_with_sizes

    app = make_app(lang)
    seats = [SeatInfo(name, i, "human") for i, name in enumerate(("Ana", "Bo", "Cy"))]
    session = SimpleNamespace(seats=seats, view=lambda seat: {},
                              outcome=lambda: {"ranking": [1, 0, 2], "scores": [1, 4, 0], "winners": [1]})
    table = SimpleNamespace(session=session, score_history=lambda view: [], seat_name=lambda s: seats[s].name)
    end = EndScene(app, table)
    app.stack.push(end)
    drawn = drawn_with_sizes(monkeypatch, ui)
    app.render()
    texts = [value for value, _size, _rect in drawn]
    assert [t for t in texts if t.endswith(("pt", "pts"))] == shown
