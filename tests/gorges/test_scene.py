"""The Gorges table scene with real pygame events (SDL dummy driver): set-up clicks, movement orders
on lit hexes, the battle-result form, designer dice, the army sheet's PNG export, refusals shown as
messages, and a whole campaign played by bots to the end screen."""

from __future__ import annotations

import random
import time

import pygame
import pytest

from game.session import SeatInfo, Session
from rules.gorges import actions as A
from scenes.gorges.sheet import ArmySheet
from scenes.gorges.table import GorgesTable
from tests.ui_helpers import click, key, make_app, settle


@pytest.fixture
def app():
    app = make_app("fr")
    app.settings.animation_speed = 50.0
    return app


def start(app, kinds=("human", "human", "human"), seed=4, designer=True, auto_roll=True) -> GorgesTable:
    import rules

    seats = [SeatInfo(n, i, k) for i, (n, k) in enumerate(zip(("Ana", "Bo", "Cy"), kinds, strict=False))]
    session = Session(rules.engine("gorges"), app.content("gorges"), "test", seats, seed,
                      {"designer_mode": designer, "auto_roll": auto_roll})
    table = GorgesTable(app, session)
    app.stack.push(table)
    settle(app)
    return table


def point(table: GorgesTable, hit) -> tuple[int, int]:
    """A point of `hit` that no other zone covers."""
    r = hit.rect
    for fx in (0.5, 0.4, 0.6, 0.3, 0.7):
        for fy in (0.5, 0.35, 0.65, 0.25, 0.75):
            p = (int(r.left + r.width * fx), int(r.top + r.height * fy))
            found = table.hit_at(p, click=True)
            if found is not None and found.kind == hit.kind and found.data == hit.data:
                return p
    raise AssertionError(f"no free point on {hit.kind} {hit.data}")


def click_zone(app, table, kind, data=None) -> None:
    hit = table.find(kind, data)
    assert hit is not None, (kind, data)
    assert hit.enabled, (kind, data)
    click(app, point(table, hit))


def play_until(table: GorgesTable, stop, seed: int = 1, limit: int = 4000) -> None:
    """Answer for everyone with random legal actions (set-up first) until `stop(state)`."""
    session = table.session
    rng = random.Random(seed)
    bots = [session.engine.bot("random", seed * 7 + s) for s in range(len(session.seats))]
    for _ in range(limit):
        state = session.state
        if stop(state):
            table.advance()
            return
        assert not state.is_over(), "the campaign ended first"
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = rng.choice(legal) if state.phase == "setup" else bots[seat].choose(state.view(seat), legal)
        session.apply(seat, action)
    raise AssertionError("never reached")


def type_text(app, text: str) -> None:
    """Real key presses for each character as SDL sends them (KEYDOWN, then TEXTINPUT with the
    character; an accented letter typed with a dead key or AltGr has a KEYDOWN without text), then Enter."""
    for ch in text:
        code = pygame.key.key_code(ch) if ch.isascii() else 0
        shown = ch if ch.isascii() else ""
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": code, "mod": 0, "unicode": shown, "scancode": 0}))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, {"text": ch}))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, {"key": code, "mod": 0, "unicode": ch, "scancode": 0}))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_RETURN, "mod": 0, "unicode": "\r",
                                                          "scancode": 0}))
    settle(app)


def test_setup_clicks_pick_race_and_capital(app):
    table = start(app)
    assert table.view["prompt"]["kind"] == "race"
    click_zone(app, table, "act", A.Choose("skaven"))
    assert table.view["generals"][0]["race"] == "skaven"
    assert table.view["prompt"]["kind"] == "capital"
    capital = table.view["prompt"]["options"][2]
    assert capital in table.highlights()
    click_zone(app, table, "hex", capital)
    assert table.view["generals"][0]["capital"] == capital
    assert table.session.actions[-1] == (0, A.Choose(capital))
    assert table.view["prompt"]["seat"] == 1


def _movement(state) -> bool:
    return state.prompt is not None and state.prompt.kind == "movement" and any(
        isinstance(a, A.Move) for a in state.legal_actions(state.prompt.seat))


def test_army_then_lit_territory_moves_it(app):
    table = start(app)
    play_until(table, _movement)
    settle(app)
    aid = next(a for a in table.selectable_armies() if table.moves_of(a))
    click_zone(app, table, "army", aid)
    assert table.sel_army == aid
    app.render()
    assert table.hover is None or table.hover in table.hits  # never a zone of an older layer
    lit = table.highlights()
    assert lit and lit == set(table.moves_of(aid))
    dest = sorted(lit)[0]
    count = len(table.session.actions)
    click_zone(app, table, "hex", dest)
    if table.pending:  # two kinds of move reach it: pick the first offered
        click_zone(app, table, "act", table.pending[0][1])
    seat, action = table.session.actions[count]
    assert isinstance(action, A.Move) and action.army == aid and action.to == dest
    assert table.view["armies"][aid]["location"] == dest


def test_illegal_click_shows_a_toast(app):
    table = start(app)
    play_until(table, _movement)
    settle(app)
    aid = next(a for a in table.selectable_armies() if table.moves_of(a))
    click_zone(app, table, "army", aid)
    here = table.view["armies"][aid]["location"]
    far = next(t for t in table.view["map"] if t not in table.highlights() and t != here
               and not table.view["territories"][t]["armies"])
    count = len(table.session.actions)
    before = len(app.toasts.items)
    click_zone(app, table, "hex", far)
    assert len(table.session.actions) == count
    assert len(app.toasts.items) > before
    assert app.toasts.items[-1].kind == "error"


def _battle(state) -> bool:
    return state.prompt is not None and state.prompt.kind == "battle_result"


def test_battle_form_applies_the_result(app):
    table = start(app, seed=2)
    play_until(table, _battle, seed=3)
    settle(app)
    battle = table.view["battle"]
    winner = battle["defender"]
    click_zone(app, table, "form", ("winner", winner))
    click_zone(app, table, "form", ("edit", 0))
    type_text(app, "2000")
    click_zone(app, table, "form", ("edit", 1))
    type_text(app, "1900")
    for _ in range(2):
        click_zone(app, table, "form", ("points", (1, 100)))
    click_zone(app, table, "form", ("points", (1, -25)))
    click_zone(app, table, "form", ("points", (1, 25)))
    count = len(table.session.actions)
    click_zone(app, table, "form", ("submit",))
    seat, action = table.session.actions[count]
    assert isinstance(action, A.BattleResult)
    assert action.winner == winner and action.points == (2000, 2100)
    keys = [e["key"] for e in table.log]
    assert "gorges.log.battle" in keys
    assert any(e["key"] == "gorges.log.table" for e in table.log[keys.index("gorges.log.battle"):])
    assert table.aftermath and table.aftermath[0]["key"] == "gorges.log.battle"


def test_the_asked_seat_gets_the_screen_when_any_seat_may_answer(app):
    """Issue 12: `to_act()` lists every seat for a battle's result; the table still hands the screen
    to the challenger (the seat asked), whoever was at it, and his form records the result."""
    table = start(app, seed=2)
    play_until(table, _battle, seed=3)
    state = table.session.state
    asked = state.waiting_on()[0]
    assert sorted(state.to_act()) == [0, 1, 2] and asked == table.view["battle"]["challenger"]
    table.unveiled = next(s for s in state.to_act() if s != asked)
    table.advance()
    settle(app)
    assert table.unveiled == asked and table.my_turn() and table.acting() == asked
    click_zone(app, table, "form", ("winner", table.view["battle"]["defender"]))
    count = len(table.session.actions)
    click_zone(app, table, "form", ("submit",))
    assert table.session.actions[count][0] == asked
    assert isinstance(table.session.actions[count][1], A.BattleResult)


def test_a_bot_answers_for_the_table_only_when_it_is_the_seat_asked(app):
    table = start(app, kinds=("human", "human", "random"), seed=2)
    play_until(table, lambda s: _battle(s) and s.waiting_on()[0] != 2, seed=3)
    assert 2 in table.session.state.to_act()
    assert table.pending_bot is None and table.unveiled == table.session.state.waiting_on()[0]


def test_designer_mode_chooses_a_die_and_logs_it(app):
    table = start(app)
    play_until(table, _movement)
    settle(app)
    click_zone(app, table, "designer")
    click_zone(app, table, "designer_aim", "event")
    click_zone(app, table, "force", ("d66", 34))
    assert table.view["aimed"] == {"event/d66": [34]}
    last = table.log[-1]
    assert last["key"] == "gorges.log.aimed"
    text = table.render(last)
    assert "d66" in text and "34" in text and "Événement" in text
    assert table.session.actions[-1][1] == A.ForceNextRoll("d66", 34, "event")


def test_designer_mode_from_the_settings_applies_to_the_running_campaign(app):
    app.settings.designer_mode = True
    table = start(app, designer=False)
    click_zone(app, table, "designer")
    click_zone(app, table, "designer_aim", "save")
    click_zone(app, table, "force", ("d6", 6))
    assert [a for _, a in table.session.actions] == [A.DesignerMode(True), A.ForceNextRoll("d6", 6, "save")]
    assert table.view["options"]["designer_mode"]


def test_designer_controls_hidden_when_off_everywhere(app):
    app.settings.designer_mode = False
    table = start(app, designer=False)
    assert table.find("designer") is None


def test_army_sheet_exports_a_png(app, tmp_path):
    table = start(app)
    play_until(table, _movement)
    settle(app)
    click_zone(app, table, "sheet", 1)
    sheet = app.stack.top
    assert isinstance(sheet, ArmySheet) and sheet.seat == 1
    _, buttons = sheet.layout()
    click(app, buttons["export"].center)
    out = sheet.last_export
    assert out is not None and out.exists() and out.suffix == ".png"
    assert pygame.image.load(str(out)).get_size() == (1754, 1240)
    assert str(out) in app.toasts.items[-1].text
    click(app, buttons["close"].center)
    assert app.stack.top is table


def test_army_sheet_names_an_army_and_a_hero(app):
    table = start(app)
    play_until(table, _movement)
    settle(app)
    click_zone(app, table, "sheet", 0)
    sheet = app.stack.top
    sheet_rect, _ = sheet.layout()
    for target, name in (("army", "Épées de Carroburg"), ("hero", "Brakk")):
        rect = next(r for r, aid, tg in sheet.zones_at if aid == "0.G" and tg == target)
        click(app, (sheet_rect.left + rect.centerx, sheet_rect.top + rect.centery))
        assert sheet.editing is not None and sheet.editing[:2] == ("0.G", target)
        type_text(app, name)
    assert table.view["armies"]["0.G"]["name"] == "Épées de Carroburg"
    assert table.view["armies"]["0.G"]["hero"]["name"] == "Brakk"
    assert table.session.actions[-1] == (0, A.Rename("0.G", "hero", "Brakk"))


def test_bots_play_a_campaign_to_the_end_screen(app):
    table = start(app, kinds=("random", "random", "random"), seed=9)
    for _ in range(20000):
        app.step()
        if type(app.stack.top).__name__ == "EndScene":
            break
        if table.session.state.is_over() and table.aftermath:  # the last battle's, read before the end
            click_zone(app, table, "aftermath_close")
    assert table.session.state.is_over()
    assert type(app.stack.top).__name__ == "EndScene"
    assert len(table.score_history(table.view)) >= 2


def test_language_switch_and_resize_keep_working(app):
    table = start(app)
    play_until(table, _movement)
    app.set_language("en")
    app.set_window_size((1024, 700))
    settle(app)
    assert table.find("act", A.Done()) is not None
    surface = app.render()
    assert surface.get_size() == (1024, 700)


# -- every choice by the mouse: a whole campaign, three people, each action clicked --------------------

def _click_act(app, table, action, limit: int = 12) -> None:
    """Click the button sending `action`, turning the orders panel's pages when needed."""
    for _ in range(limit):
        hit = table.find("act", action)
        if hit is not None:
            click(app, point(table, hit))
            return
        nxt = table.find("page", 1)
        assert nxt is not None and nxt.enabled, action
        click(app, point(table, nxt))
    raise AssertionError(action)


def _select(app, table, army: str) -> None:
    if table.sel_army != army:
        hit = table.find("army", army)
        assert hit is not None, army
        click(app, point(table, hit))
    assert table.sel_army == army


def _pick_on_map(app, table, army: str, where: str, action) -> None:
    _select(app, table, army)
    click_zone(app, table, "hex", where)
    if table.pending:
        _click_act(app, table, action)


def click_action(app, table: GorgesTable, action) -> None:
    """Give `action` the way a person would, with the mouse only."""
    kind = table.view["prompt"]["kind"]
    if isinstance(action, A.Choose) and kind in ("capital", "territory"):
        click_zone(app, table, "hex", action.value)
    elif isinstance(action, A.Move):
        _pick_on_map(app, table, action.army, action.to, action)
    elif isinstance(action, A.Challenge):
        _pick_on_map(app, table, action.army, action.territory, action)
    elif isinstance(action, A.RerollMovement):
        _select(app, table, action.army)
        _click_act(app, table, action)
    elif isinstance(action, A.MoveCapital):
        click_zone(app, table, "capital_mode")
        click_zone(app, table, "hex", action.to)
    elif isinstance(action, A.BattleResult):
        click_zone(app, table, "form", ("winner", action.winner))
        for aid in action.slain:
            click_zone(app, table, "form", ("slain", aid))
        if action.storm_of_magic:
            click_zone(app, table, "form", ("storm",))
        click_zone(app, table, "form", ("submit",))
    else:
        _click_act(app, table, action)


def test_three_people_play_a_whole_year_with_the_mouse(app):
    table = start(app, seed=11)
    bots = [table.session.engine.bot("random", 100 + s) for s in range(3)]
    for _ in range(3000):
        state = table.session.state
        if state.is_over():
            break
        if table.aftermath:
            click_zone(app, table, "aftermath_close")
        seat = state.to_act()[0]
        assert table.unveiled == seat and table.my_turn()
        action = bots[seat].choose(state.view(seat), state.legal_actions(seat))
        count = len(table.session.actions)
        click_action(app, table, action)
        assert table.session.actions[count] == (seat, action), (table.view["prompt"], action)
    settle(app)
    assert table.session.state.is_over()
    if table.aftermath:  # the last battle's spoils are read before the end screen
        assert type(app.stack.top).__name__ == "GorgesTable"
        click_zone(app, table, "aftermath_close")
    assert type(app.stack.top).__name__ == "EndScene"


def test_f5_replays_the_campaign_on_reloaded_content(app):
    table = start(app)
    play_until(table, _movement)
    settle(app)
    count = len(table.session.actions)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_F5, "mod": 0, "unicode": "", "scancode": 0}))
    settle(app)
    top = app.stack.top
    if top is not table:  # the shell may ask before replaying
        click(app, (app.size[0] // 2, app.size[1] // 2))
        settle(app)
    assert len(table.session.actions) == count
    assert table.find("hex", next(iter(table.view["map"]))) is not None
    app.render()


def test_idle_table_draws_nothing_until_something_changes(app):
    table = start(app)
    play_until(table, _movement)
    app.settings.animation_speed = 1.0
    rolls = sum(1 for e in table.log if e["key"] in ("gorges.log.roll", "gorges.log.table"))
    _click_act(app, table, A.Done())  # the next general rolls his armies' moves
    assert sum(1 for e in table.log if e["key"] in ("gorges.log.roll", "gorges.log.table")) > rolls
    assert table.rolling() and table.animating  # the dice tumble for a moment
    time.sleep(0.75)
    for _ in range(40):
        app.step()  # the dice finish rolling
    assert not table.animating and not table.rolling()
    before = app.frames_drawn
    for _ in range(5):
        app.step()
    assert app.frames_drawn == before


def test_six_generals_fit_the_smallest_window():
    import rules

    app = make_app("fr", size=(1024, 700))
    seats = [SeatInfo(n, i) for i, n in enumerate(("Ana", "Bo", "Cy", "Dom", "Eve", "Fay"))]
    session = Session(rules.engine("gorges"), app.content("gorges"), "test", seats, 3,
                      {"designer_mode": True, "auto_roll": True})
    table = GorgesTable(app, session)
    app.stack.push(table)
    play_until(table, _movement, seed=2)
    settle(app)
    screen = pygame.Rect(0, 0, 1024, 700)
    table.ensure_layer()
    assert all(screen.contains(h.rect) for h in table.hits if h.kind not in ("hex", "tip", "block"))
    buttons = [h for h in table.hits if h.kind in ("act", "army", "page") and table.lay.prompt.contains(h.rect)]
    assert buttons
    for i, a in enumerate(buttons):
        assert not any(a.rect.colliderect(b.rect) for b in buttons[i + 1:]), a
    assert table.find("sheet", 5) is not None


def test_esc_while_typing_points_leaves_the_box_not_the_table(app):
    table = start(app, seed=2)
    play_until(table, _battle, seed=3)
    settle(app)
    click_zone(app, table, "form", ("edit", 0))
    for ch in "150":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.key.key_code(ch), "mod": 0,
                                                              "unicode": ch, "scancode": 0}))
    settle(app)
    assert table.form.editing == 0
    key(app, pygame.K_ESCAPE)
    assert table.form.editing is None and app.stack.top is table and table.form.points[0] == 150
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not table  # with no box being typed in, Esc opens the pause menu


def test_territory_names_break_at_spaces_only(app):
    """Issue 9: "Plaine du Gouverneur" on the map, never "Gouverneu/r": a name wraps between
    words only, on three lines at most, each line within the hex (smaller letters if need be, a
    long word a tenth wider than a line of several)."""
    from scenes import ui
    from sprites.gorges.map import label_lines

    content = app.content("gorges")
    for hexsize in range(40, 76, 5):  # the island's hexes: 41 px at 1024x700, 62 at 1600x1000
        width, size = int(hexsize * 1.45), max(10, int(hexsize * 0.25))
        for territory in content.territories.values():
            for name in territory.name.model_dump().values():
                lines, shown = label_lines(name, width, size)
                assert lines == [" ".join(line.split()) for line in lines]
                assert " ".join(lines) == " ".join(name.split()), (name, lines)
                assert all(ui.font(shown, True).size(line)[0] <= width * 1.1 for line in lines), (name, hexsize)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_campaign_some_turns_in_cuts_no_text(lang, monkeypatch):
    """Issue 9 at 1024x700 a few turns in (events, ghosts, relics and long weather rules on
    screen): no label of the table is cut with an ellipsis."""
    import rules
    from scenes import ui
    from scenes.gorges import panels

    cuts: list[str] = []
    fit, ellipsize = ui.fit, ui.ellipsize

    def recording_fit(value, width, size, bold=False):
        out = fit(value, width, size, bold)
        cuts.extend([value] if out != value else [])
        return out

    def recording_ellipsize(value, width, size=20, bold=False):
        out = ellipsize(value, width, size, bold)
        cuts.extend([value] if out != value else [])
        return out

    monkeypatch.setattr(ui, "fit", recording_fit)
    monkeypatch.setattr(ui, "ellipsize", recording_ellipsize)
    monkeypatch.setattr(panels, "elide", recording_fit)
    drawn: list[str] = []
    text = ui.text

    def recording_text(surface, value, *args, **kwargs):
        drawn.append(value)
        return text(surface, value, *args, **kwargs)

    monkeypatch.setattr(ui, "text", recording_text)
    app = make_app(lang, size=(1024, 700))
    kinds = ("human", "human", "human", "random")
    seats = [SeatInfo(n, i, k) for i, (n, k) in enumerate(zip(("Anastasia", "Bo", "Cyprien", "Dominique"), kinds))]
    session = Session(rules.engine("gorges"), app.content("gorges"), "test", seats, 3,
                      {"designer_mode": True, "auto_roll": True})
    table = GorgesTable(app, session)
    app.stack.push(table)
    for turn in (1, 4, 10):  # summer, autumn, winter (Blizzard)
        play_until(table, lambda st, turn=turn: _movement(st) and st.turn >= turn, seed=turn)
        settle(app)
        cuts.clear()
        drawn.clear()
        table.lay = None
        table.ensure_layer()
        app.render()
        assert not cuts, (turn, cuts)
        # every phase keeps its name in the top bar, and a bot's name carries its mark only
        assert all(app.tr(f"gorges.ui.phase.{p}") in drawn for p in panels.PHASES)
        assert not [d for d in drawn if d.endswith(" · " + app.tr("gorges.ui.bot"))]
        assert any(d.startswith("⚙ Dominique") for d in drawn)


def test_new_game_offers_no_bot_for_a_campaign(app):
    """Battles are fought by people: the engine's bots (random, captain) are for `simulate` only."""
    import rules
    from game import catalog
    from scenes.new_game import NewGameScene
    from tests.ui_helpers import click_button

    assert not catalog.get("gorges").bots and rules.engine("gorges").bots == ("random", "captain")
    scene = NewGameScene.open(app, "gorges", seed=1)
    app.stack.push(scene)
    settle(app)
    assert scene.bots == [] and not scene.buttons["kind_0"].is_enabled
    click_button(app, "kind_0")
    assert [s["kind"] for s in scene.seats] == ["human"] * len(scene.seats)
