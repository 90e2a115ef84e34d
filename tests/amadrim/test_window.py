"""End to end: a whole Amadrim game in a real X window (Xvfb + xdotool): three people and a bot.

The people are played by this test through the mouse only. It learns where the game stands from
the autosave (replayed with the engine), lets a greedy bot choose what each person does, finds
where to click with the table's own layout (a headless `AmadrimTable` on the same view), and
clicks: curtains are lifted, cities placed, cubes programmed with + and lock-in, units chosen,
then an action, then a highlighted cell. The game must reach its end screen.

Slow (about eight minutes for a 12-turn game): runs only when AMADRIM_WINDOW_GAME=1.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.e2e

AMADRIM_CARD = (475, 200)
FOUR_SEATS = (396, 150)
KIND_SEAT_4 = (411, 378)
MAX_TURNS = (1160, 379)
SEED_ENTRY = (483, 734)
SEED = 4242
START = (1100, 743)
SAFE = (100, 30)  # the table's title bar; anywhere on a curtain


def _wanted() -> bool:
    return os.environ.get("AMADRIM_WINDOW_GAME") == "1"


@pytest.fixture
def display():
    if not _wanted():
        pytest.skip("slow: set AMADRIM_WINDOW_GAME=1")
    missing = [t for t in ("Xvfb", "xdotool") if shutil.which(t) is None]
    if missing:
        pytest.skip(f"missing {missing}")
    number = next(n for n in range(200, 240) if not Path(f"/tmp/.X11-unix/X{n}").exists()
                  and not Path(f"/tmp/.X{n}-lock").exists())
    name = f":{number}"
    xvfb = subprocess.Popen(["Xvfb", name, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        if Path(f"/tmp/.X11-unix/X{number}").exists():
            break
        time.sleep(0.1)
    assert xvfb.poll() is None, "Xvfb did not start"
    yield name
    xvfb.terminate()
    xvfb.wait(timeout=10)


class Window:
    """xdotool on the app's window."""

    def __init__(self, display: str, pid: int) -> None:
        self.env = dict(os.environ, DISPLAY=display)
        self.id = ""
        for _ in range(100):
            found = subprocess.run(["xdotool", "search", "--pid", str(pid)], capture_output=True, text=True,
                                   env=self.env).stdout.split()
            if found:
                self.id = found[0]
                break
            time.sleep(0.2)
        assert self.id, "no window appeared"

    def type_seed(self, seed: int) -> None:
        subprocess.run(["xdotool", "key", "--window", self.id, "ctrl+a", "BackSpace"], check=True, env=self.env)
        subprocess.run(["xdotool", "type", "--window", self.id, str(seed)], check=True, env=self.env)
        time.sleep(0.5)

    def click(self, xy: tuple[int, int], button: int = 1) -> None:
        command = ["xdotool", "mousemove", "--window", self.id, str(xy[0]), str(xy[1]), "sleep", "0.05",
                   "click", str(button)]
        for _attempt in range(3):
            done = subprocess.run(command, env=self.env, capture_output=True, text=True)
            if done.returncode == 0:
                break
            time.sleep(0.5)
        else:
            raise AssertionError(f"xdotool failed: {done.stderr.strip()} (DISPLAY={self.env.get('DISPLAY')})")
        time.sleep(0.12)


class Referee:
    """Reads the autosave, replays it, and says where to click for a person's next action."""

    def __init__(self, home: Path, kinds: tuple[str, ...] = ("human", "human", "human", "greedy"),
                 options: dict[str, Any] | None = None) -> None:
        import rules
        from game.app import App, FallbackSettings
        from game.content import load

        self.home = home
        self.engine = rules.engine("amadrim")
        self.content = load("amadrim")
        settings = FallbackSettings()
        self.app = App(settings=settings)
        self.app.open_window()
        self.bots: dict[int, Any] = {}
        self.kinds = kinds
        self.options = {"max_turns": 12} if options is None else options

    def save(self) -> dict[str, Any] | None:
        """The autosave; before the first action, the game the new-game screen started."""
        files = sorted(p for p in (self.home / "saves").glob("amadrim*.json") if ".prev." not in p.name)
        if not files:
            seats = [{"name": f"P{i}", "colour": i, "kind": kind, "pin_hash": None}
                     for i, kind in enumerate(self.kinds)]
            return {"format": 1, "app_version": "0", "game": "amadrim", "content_digest": "start", "seed": SEED,
                    "seats": seats, "options": self.options, "actions": []}
        try:
            return json.loads(files[-1].read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None

    def session(self, save: dict[str, Any]) -> Any:
        from game.session import Session

        session, report = Session.replay(save, self.engine, self.content, save["content_digest"])
        assert report is None
        return session

    def table(self, session: Any, seat: int) -> Any:
        from scenes.amadrim.table import AmadrimTable

        table = AmadrimTable(self.app, session)
        table.unveiled = seat
        table.refresh()
        return table

    def next_human(self, session: Any) -> int | None:
        to_act = session.state.to_act()
        humans = [s for s in to_act if session.is_human(s)]
        if not humans or len(humans) < len(to_act):  # the app lets a bot act first
            return None
        last = [s for s, _ in session.actions if session.is_human(s)]
        return last[-1] if last and last[-1] in humans else humans[0]

    def choose(self, session: Any, seat: int) -> Any:
        if seat not in self.bots:
            self.bots[seat] = self.engine.bot("greedy", 77 + seat)
        state = session.state
        return self.bots[seat].choose(state.view(seat), state.legal_actions(seat))

    def clicks(self, session: Any, seat: int, action: Any) -> list[tuple[int, int, int]]:
        """(x, y, button) clicks that make the table apply `action` for `seat`."""
        table = self.table(session, seat)
        geo = table.layout.geo

        def cell(c: Any) -> tuple[int, int, int]:
            x, y = geo.cell_rect(tuple(c)).center
            return x, y, 1

        def zone(name: str, arg: Any = None) -> tuple[int, int, int]:
            z = next(z for z in table.zones if z.name == name and (arg is None or z.arg == arg))
            return z.rect.centerx, z.rect.centery, 1

        units = {u["id"]: u for u in table.view["units"]}
        kind = action.type
        if kind == "place_city":
            return [cell(action.cell)]
        if kind == "add_cube":
            return [zone("add", action.kind)]
        if kind in ("lock_in", "time_up"):
            return [zone("lock")]
        if kind == "end_actions":
            return [zone("end")]
        if kind == "create":
            return [zone("unit_kind", action.unit_kind), cell(action.cell)]
        select = [(*SAFE, 3), cell(units[action.unit]["cell"]), zone("kind", kind)]
        if kind == "move":
            return [*select, cell(action.path[-1])]
        if kind == "attack":
            return [*select, cell(units[action.target]["cell"])]
        if kind == "spell":
            return [*select, cell(units[action.unit]["cell"])]
        return [*select, cell(table.view["cities"][action.city]["cell"])]  # take_city


def test_three_people_and_a_bot_play_a_whole_game_in_the_window(display, tmp_path) -> None:
    from tests.xvfb import app_env, no_error_logged, no_traceback, running

    with running([sys.executable, str(ROOT / "main.py")], app_env(display, tmp_path), ROOT,
                 log=tmp_path / "app.log") as proc:
        win = Window(display, proc.pid)
        time.sleep(3.0)
        for xy in (AMADRIM_CARD, FOUR_SEATS, KIND_SEAT_4, KIND_SEAT_4, MAX_TURNS, MAX_TURNS, SEED_ENTRY):
            win.click(xy)
            time.sleep(1.0)  # the widgets are rebuilt after each press
        win.type_seed(SEED)
        win.click(START)
        time.sleep(1.0)
        referee = Referee(tmp_path)
        played, stuck, last_seat = 0, 0, None
        deadline = time.monotonic() + 900
        while time.monotonic() < deadline:
            assert proc.poll() is None, "the app exited"
            save = referee.save()
            if save is None:
                time.sleep(0.3)
                continue
            assert save["seed"] == SEED
            session = referee.session(save)
            if session.state.is_over():
                break
            seat = referee.next_human(session)
            if seat is None:  # the bot plays (once the end-of-turn score screen is closed)
                win.click(SAFE)
                time.sleep(0.3)
                continue
            if seat != last_seat:  # a new curtain ignores clicks for its first moments (scenes/curtain.py)
                time.sleep(0.7)
            last_seat = seat
            win.click(SAFE)  # lifts a curtain, closes "since your last turn"; harmless on the table
            win.click(SAFE)
            count = len(save["actions"])
            for x, y, button in referee.clicks(session, seat, referee.choose(session, seat)):
                win.click((x, y), button)
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
        assert session.state.is_over(), "the game did not end in time"
        assert sum(1 for s, _ in session.actions if s == 3) > 0, "the bot played"
        assert played > 30
        time.sleep(1.5)
    no_traceback(tmp_path / "app.log")
    no_error_logged(tmp_path)


# -- issue 10: two people and a bot, by clicks, creating mages, attacking and levelling up ----------

THREE_SEATS = (343, 150)
KIND_SEAT_3 = (411, 322)
SHOTS_DIR = os.environ.get("AMADRIM_WINDOW_SHOTS")  # optional: save a screenshot after each turn


class Coach:
    """What the test's two people choose: the greedy bot's plan, but they create mages (one
    mage for each merchant), keep their resources for a level-up (no city taken before it), and
    always attack or level up when they can."""

    def __init__(self, engine: Any, seed: int) -> None:
        from rules.amadrim.bots import GreedyBot

        class Planner(GreedyBot):
            def plan(self, view: dict[str, Any], me: int) -> dict[str, int]:
                plan = super().plan(view, me)
                mages = [u for u in view["units"] if u["owner"] == me and u["kind"] == "mage"]
                if not any(u["level"] > 1 for u in mages):
                    plan["move"] += plan["take_city"]
                    plan["take_city"] = 0
                    if mages and not plan["spell"] and len(self.missing(view, me)) <= 2 and plan["move"]:
                        plan["spell"], plan["move"] = 1, plan["move"] - 1  # merchants fetch the rest first
                return plan

            def missing(self, view: dict[str, Any], me: int) -> list[str]:
                cost = view["costs"]["level_up"]["2"]
                return [c for c, n in cost.items() if n and view["stock"][me][c] < n]

            def _harvest_value(self, view: dict[str, Any], me: int, colours: list[str], cell: Any) -> float:
                grid = view["grid"]
                wanted = self.missing(view, me)
                bonus = sum(25 for c in (grid["columns"][cell[0]], grid["rows"][cell[1]]) if c in wanted)
                return super()._harvest_value(view, me, colours, cell) + bonus

        self.greedy = Planner(seed)

    def choose(self, view: dict[str, Any], legal: list[Any]) -> Any:
        if view["phase"] != "actions":
            return self.greedy.choose(view, legal)
        me = view["seat"]
        mine = [u for u in view["units"] if u["owner"] == me]
        mages = sum(1 for u in mine if u["kind"] == "mage")
        levelled = any(u["kind"] == "mage" and u["level"] > 1 for u in mine)
        for kind in ("attack", "spell", "take_city"):
            found = [a for a in legal if a.type == kind]
            if found and (kind != "take_city" or levelled or len(legal) == len(found)):
                return found[0]
        creates = [a for a in legal if a.type == "create"]
        if creates:
            want = "mage" if mages <= len(mine) - mages else "merchant"
            return next((a for a in creates if a.unit_kind == want), creates[0])
        return self.greedy.choose(view, legal)


def _shot(display: str, name: str) -> None:
    if SHOTS_DIR and shutil.which("import"):
        Path(SHOTS_DIR).mkdir(parents=True, exist_ok=True)
        subprocess.run(["import", "-window", "root", str(Path(SHOTS_DIR) / f"{name}.png")],
                       env=dict(os.environ, DISPLAY=display), capture_output=True)


def _did(session: Any, seat: int) -> dict[str, int]:
    """How often `seat` created a mage, captured and levelled a mage, from the public log."""
    out = {"mage": 0, "captured": 0, "levelled": 0}
    for e in session.state.log:
        p = e.get("params") or {}
        if p.get("seat") != {"seat": seat}:
            continue
        if e["key"] == "amadrim.log.created" and p["kind"] == {"key": "amadrim.unit.mage"}:
            out["mage"] += 1
        elif e["key"] == "amadrim.log.captured":
            out["captured"] += 1
        elif e["key"] == "amadrim.log.levelled":
            out["levelled"] += 1
    return out


def test_two_people_and_a_bot_create_mages_attack_and_level_up_by_clicks(display, tmp_path) -> None:
    from tests.xvfb import app_env, no_error_logged, no_traceback, running

    with running([sys.executable, str(ROOT / "main.py")], app_env(display, tmp_path), ROOT,
                 log=tmp_path / "app.log") as proc:
        win = Window(display, proc.pid)
        time.sleep(3.0)
        for xy in (AMADRIM_CARD, THREE_SEATS, KIND_SEAT_3, KIND_SEAT_3, SEED_ENTRY):
            win.click(xy)
            time.sleep(1.0)
        win.type_seed(SEED)
        _shot(display, "new_game")
        win.click(START)
        time.sleep(1.0)
        referee = Referee(tmp_path, ("human", "human", "greedy"), {})
        coaches = {s: Coach(referee.engine, 500 + s) for s in (0, 1)}
        stuck, shot_turn, session, last_seat = 0, 0, None, None
        deadline = time.monotonic() + 1500
        while time.monotonic() < deadline:
            assert proc.poll() is None, "the app exited"
            save = referee.save()
            if save is None:
                time.sleep(0.3)
                continue
            assert save["seed"] == SEED
            session = referee.session(save)
            state = session.state
            done = all(all(v > 0 for v in _did(session, s).values()) for s in (0, 1))
            if state.is_over() or (done and state.turn >= 4):
                break
            if state.turn > shot_turn and state.phase == "programming":
                shot_turn = state.turn
                time.sleep(0.8)
                _shot(display, f"turn_{state.turn}_score")
            seat = referee.next_human(session)
            if seat is None:  # the bot plays (once the score screen, if any, is closed)
                win.click(SAFE)
                time.sleep(0.3)
                continue
            if seat != last_seat:  # a new curtain ignores clicks for its first moments (scenes/curtain.py)
                time.sleep(0.7)
            last_seat = seat
            win.click(SAFE)  # closes the score screen, lifts a curtain, closes "since your last turn"
            win.click(SAFE)
            count = len(save["actions"])
            action = coaches[seat].choose(state.view(seat), state.legal_actions(seat))
            for x, y, button in referee.clicks(session, seat, action):
                win.click((x, y), button)
            if action.type == "lock_in" and state.view(seat)["unplaced"]:
                table = referee.table(session, seat)
                table.confirm_lock = True
                table.build_zones()
                z = next(z for z in table.zones if z.name == "confirm_yes")
                win.click(z.rect.center)
            for _ in range(30):
                fresh = referee.save()
                if fresh is not None and len(fresh["actions"]) > count:
                    break
                time.sleep(0.1)
            else:
                stuck += 1
                assert stuck < 12, f"clicks stopped changing the game at action {count}"
                continue
            stuck = 0
        assert session is not None
        _shot(display, "last")
        for s in (0, 1):
            did = _did(session, s)
            assert all(v > 0 for v in did.values()), f"seat {s} by clicks: {did}"
        assert session.state.turn >= 4 or session.state.is_over(), "three full turns"
        assert any(s == 2 for s, _ in session.actions), "the bot played"
    no_traceback(tmp_path / "app.log")
    no_error_logged(tmp_path)
