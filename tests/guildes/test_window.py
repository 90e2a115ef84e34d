"""End to end: a whole Guildes game in a real X window (Xvfb + xdotool): two people and two bots.

The people are played by this test through the mouse only: it reads the autosave (replayed with
the engine), lets a greedy bot choose what the person does, finds the button (or the mage chips
and Confirm) with the table's own layout (a headless `GuildesTable` on the same view), and
clicks. Curtains are lifted by a click. The game must reach its end.

Slow (several minutes): runs only when GUILDES_WINDOW_GAME=1.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.amadrim.test_window import Window

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.e2e

GUILDES_CARD = (475, 434)
FOUR_SEATS = (396, 150)
KIND_SEAT_3 = (442, 322)
KIND_SEAT_4 = (442, 378)
SEED_ENTRY = (483, 734)
SEED = 2718
START = (1100, 743)
SAFE = (640, 22)  # the top bar of the table (no button); anywhere on a curtain


@pytest.fixture
def display():
    if os.environ.get("GUILDES_WINDOW_GAME") != "1":
        pytest.skip("slow: set GUILDES_WINDOW_GAME=1")
    from tests.xvfb import need, xvfb_display

    need("Xvfb", "xdotool")
    with xvfb_display() as name:
        yield name


class Referee:
    """Reads the autosave, replays it, and says where to click for a person's next action."""

    def __init__(self, home: Path) -> None:
        import rules
        from game.app import App, FallbackSettings
        from game.content import load

        self.home = home
        self.engine = rules.engine("guildes")
        self.content = load("guildes")
        self.app = App(settings=FallbackSettings())
        self.app.open_window()
        self.bots: dict[int, Any] = {}

    def save(self) -> dict[str, Any] | None:
        files = sorted(p for p in (self.home / "saves").glob("guildes*.json") if ".prev." not in p.name)
        if not files:
            return None
        try:
            return json.loads(files[-1].read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None

    def session(self, save: dict[str, Any]) -> Any:
        from game.session import Session

        session, report = Session.replay(save, self.engine, self.content, save["content_digest"])
        assert report is None
        return session

    def next_human(self, session: Any) -> int | None:
        to_act = session.state.to_act()
        humans = [s for s in to_act if session.is_human(s)]
        if not humans or len(humans) < len(to_act):  # the app lets a bot act first
            return None
        last = [s for s, _ in session.actions if session.is_human(s)]
        return last[-1] if last and last[-1] in humans else humans[0]

    def clicks(self, session: Any, seat: int) -> list[tuple[int, int]]:
        from rules.guildes.actions import Bid, Place
        from scenes.guildes.table import GuildesTable

        if seat not in self.bots:
            self.bots[seat] = self.engine.bot("greedy", 77 + seat)
        state = session.state
        action = self.bots[seat].choose(state.view(seat), state.legal_actions(seat))
        table = GuildesTable(self.app, session)
        table.unveiled = seat
        table.refresh()
        if isinstance(action, Place):
            return [table.find("toggle", m).rect.center for m in action.active] + [table.find("confirm").rect.center]
        if isinstance(action, Bid):
            return [table.find("bid", action.amount).rect.center]
        return [table.find("option", action.value).rect.center]


def test_two_people_and_two_bots_play_a_whole_game_in_the_window(display, tmp_path) -> None:
    from tests.xvfb import app_env, no_error_logged, no_traceback, running

    session = None
    with running([sys.executable, str(ROOT / "main.py")], app_env(display, tmp_path), ROOT,
                 log=tmp_path / "app.log") as proc:
        win = Window(display, proc.pid)
        time.sleep(3.0)
        for xy in (GUILDES_CARD, FOUR_SEATS, KIND_SEAT_3, KIND_SEAT_4, KIND_SEAT_4, SEED_ENTRY):
            win.click(xy)
            time.sleep(1.0)
        win.type_seed(SEED)
        win.click(START)
        time.sleep(1.5)
        referee = Referee(tmp_path)
        played, stuck, last_seat = 0, 0, None
        deadline = time.monotonic() + 1500
        while time.monotonic() < deadline:
            assert proc.poll() is None, "the app exited"
            save = referee.save()
            if save is None:
                win.click(SAFE)
                time.sleep(0.3)
                continue
            session = referee.session(save)
            if session.state.is_over():
                break
            seat = referee.next_human(session)
            if seat is None:
                time.sleep(0.3)
                continue
            if seat != last_seat:  # a new curtain ignores clicks for its first moments (scenes/curtain.py)
                time.sleep(0.7)
            last_seat = seat
            win.click(SAFE)
            win.click(SAFE)
            count = len(save["actions"])
            for xy in referee.clicks(session, seat):
                win.click(xy)
            for _ in range(30):
                fresh = referee.save()
                if fresh is not None and len(fresh["actions"]) > count:
                    break
                time.sleep(0.1)
            else:
                stuck += 1
                assert stuck < 10, f"clicks stopped changing the game at action {count}"
                continue
            stuck = 0
            played += 1
        assert session is not None and session.state.is_over(), "the game did not end in time"
        assert played > 30
        time.sleep(1.5)
    no_traceback(tmp_path / "app.log")
    no_error_logged(tmp_path)
