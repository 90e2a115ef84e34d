"""The hand-off before the curtain (scenes/table.py): a person whose own action drew cards they had
not seen keeps their table, with "Pass to <name>", until they pass; the curtain stays public."""

from __future__ import annotations

import shutil

import pygame
import pytest

from game.i18n import STRINGS_DIR, Strings
from game.session import SeatInfo, Session, secret_gain
from scenes.table import TableScene
from tests.test_table_scene import lift, top_name
from tests.toygame import Draw, Play, ToyEngine, ToyState
from tests.ui_helpers import click, key, make_app, settle

TOY_STRINGS = """
toy.log.start: {fr: "Début ({seats} joueurs).", en: "Start ({seats} players)."}
toy.log.play: {fr: "{seat} joue un {card}.", en: "{seat} plays a {card}."}
toy.log.draw: {fr: "{seat} pioche.", en: "{seat} draws."}
"""


class DrawingState(ToyState):
    """The toy game, telling the session that a draw revealed a hidden card (as Anludim and Guildes do)."""

    _hidden = None

    def apply(self, seat, act):
        self._hidden = None
        super().apply(seat, act)
        if isinstance(act, Draw):
            self._hidden = "draw"

    def hidden_result(self):
        return self._hidden


class DrawingToy(ToyEngine):
    def new_game(self, content, seats, seed, options=None):
        return DrawingState(seats if isinstance(seats, int) else len(seats), seed)


ENGINE = DrawingToy()


@pytest.fixture
def app(tmp_path):
    folder = tmp_path / "strings"
    folder.mkdir()
    shutil.copy(STRINGS_DIR / "core.yaml", folder / "core.yaml")
    (folder / "toy.yaml").write_text(TOY_STRINGS, encoding="utf-8")
    app = make_app("en")
    app.strings = Strings("en", folder)
    app.settings.animation_speed = 50.0
    return app


def start(app, kinds=("human", "human"), session=None):
    seats = [SeatInfo(name, i, kind) for i, (name, kind) in enumerate(zip(("Ana", "Bo", "Cy"), kinds, strict=False))]
    session = session or Session(ENGINE, None, "toy", seats, 3)
    table = TableScene(app, session)
    app.stack.push(table)
    settle(app)
    return table


def draw_now(app, table) -> None:
    """Ana draws as a person would: the action through the table, then the loop runs."""
    assert table.try_act(Draw())
    settle(app)


def test_a_draw_that_ends_the_turn_shows_the_new_hand_before_the_curtain(app) -> None:
    table = start(app)
    lift(app)
    before = list(table.view["hand"])
    draw_now(app, table)
    assert top_name(app) == "TableScene"  # no curtain yet
    assert table.handoff == 1 and table.unveiled == 0
    assert len(table.view["hand"]) == len(before) + 1  # Ana sees the card she drew
    assert table.handoff_rect is not None
    click(app, (5, 5))  # a click elsewhere passes nothing
    key(app, pygame.K_a)
    assert top_name(app) == "TableScene" and table.handoff == 1
    click(app, table.handoff_rect.center)
    assert top_name(app) == "CurtainScene" and app.stack.top.seat == 1
    assert table.unveiled is None and table.view["hand"] is None  # the curtain shows the public view
    settle(app)
    assert top_name(app) == "CurtainScene"  # the click that passed does not also lift the curtain
    lift(app)
    assert table.unveiled == 1 and table.handoff is None


def test_enter_passes_too(app) -> None:
    table = start(app)
    lift(app)
    draw_now(app, table)
    key(app, pygame.K_RETURN)
    assert top_name(app) == "CurtainScene" and app.stack.top.seat == 1


def test_a_play_that_draws_nothing_drops_the_curtain_at_once(app) -> None:
    table = start(app)
    lift(app)
    assert table.try_act(Play(table.view["hand"][0]))
    assert top_name(app) == "CurtainScene" and table.handoff is None


def test_bots_between_the_two_people_still_leave_the_hand_off(app) -> None:
    table = start(app, kinds=("human", "random", "human"))
    lift(app)
    draw_now(app, table)
    for _ in range(50):
        if table.pending_bot is None:
            break
        app.stack.update(1.0)
    assert top_name(app) == "TableScene" and table.handoff == 2 and table.unveiled == 0


def test_no_hand_off_with_a_single_person(app) -> None:
    table = start(app, kinds=("human", "random"))
    draw_now(app, table)
    assert table.handoff is None


def test_a_reloaded_game_never_shows_the_last_drawer_s_hand(app) -> None:
    """After a load, whoever sits at the computer gets the curtain: the draw was not made on this screen."""
    table = start(app)
    lift(app)
    draw_now(app, table)
    session = table.session
    app.stack.pop()
    again = start(app, session=session)
    assert top_name(app) == "CurtainScene" and again.handoff is None and again.view["hand"] is None


def test_undo_during_the_hand_off_is_refused_for_a_draw(app) -> None:
    table = start(app)
    lift(app)
    draw_now(app, table)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert table.handoff == 1 and top_name(app) == "TableScene"
    assert app.toasts.texts()[-1] != app.tr("table.undone")


def test_the_hand_off_is_drawn_in_french_and_english(app) -> None:
    table = start(app)
    lift(app)
    draw_now(app, table)
    surface = pygame.Surface((1024, 700))
    table.draw(surface)
    assert table.handoff_rect is not None and surface.get_rect().contains(table.handoff_rect)
    assert app.tr("table.handoff", name="Bo") == "Pass to Bo"
    assert Strings("fr").tr("table.handoff", name="Bo") == "Passer la main à Bo"


class RevealingState(DrawingState):
    """A draw that turns the deck's top card face up for everyone (as a quest is revealed): no
    hidden card reaches the hand."""

    def __init__(self, seats, seed):
        super().__init__(seats, seed)
        self.row: list[int] = []

    def apply(self, seat, act):
        if not isinstance(act, Draw):
            return super().apply(seat, act)
        self._hidden = "draw"
        self.row.append(self.deck.pop())
        self.actions += 1
        self._advance()

    def view(self, seat):
        return dict(super().view(seat), row=list(self.row))


class RevealingToy(ToyEngine):
    def new_game(self, content, seats, seed, options=None):
        return RevealingState(seats if isinstance(seats, int) else len(seats), seed)


def test_a_card_turned_face_up_for_all_asks_no_hand_off(app) -> None:
    """A person's action that drew only for the table (a quest revealed) has nothing to show them
    first: the curtain comes at once (the session still marks it a draw, for undo)."""
    session = Session(RevealingToy(), None, "toy", [SeatInfo("Ana", 0), SeatInfo("Bo", 1)], 3)
    table = start(app, session=session)
    lift(app)
    assert table.try_act(Draw())
    settle(app)
    assert session.hidden.get(0) == "draw" and not session.drew
    assert top_name(app) == "CurtainScene" and table.handoff is None


def test_what_counts_as_unseen_secret_cards() -> None:
    """`secret_gain`: cards drawn face down into one's hand, not cards seen before nor cards public."""
    def views(hand, row, quest=None, peeked=()):
        public = {"row": list(row), "quest": quest, "hand": None, "hand_size": len(hand), "cards": {"a": 1}}
        return dict(public, hand=list(hand), peeked=list(peeked)), dict(public, peeked=[])

    drawn = secret_gain(*views(["a1"], ["r1", "r2"]), *views(["a1", "d7"], ["r1", "r2"]))
    taken = secret_gain(*views(["a1"], ["r1", "r2"]), *views(["a1", "r1"], ["r2", "r3"]))
    twin = secret_gain(*views(["a1"], ["r1", "r2"]), *views(["a1", "r1"], ["r1", "r2"]))
    quest = secret_gain(*views(["a1"], [], "q1", ["q2"]), *views(["a1"], [], "q2", ["q2"]))
    played = secret_gain(*views(["a1", "a2"], []), *views(["a2"], ["a1"]))
    assert (drawn, taken, twin, quest, played) == (True, False, True, False, False)
