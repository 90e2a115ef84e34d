"""What a new-user playtest found at the table, with real pygame events (SDL dummy driver)."""

from __future__ import annotations

import pytest

from rules.gorges import actions as A
from tests.gorges.test_scene import _movement, click_zone, play_until, start
from tests.ui_helpers import make_app, settle


@pytest.fixture
def app():
    app = make_app("fr")
    app.settings.animation_speed = 50.0
    return app


def test_event_56_shows_its_own_text_not_event_14s(app):
    """Events 14 and 56 are both "Assassin !": the prompt's text is found by the event's roll."""
    from rules.gorges.resolve import apply_effects
    from scenes.gorges.panels import context_lines
    from tests.gorges.helpers import scenario
    table = start(app)
    play_until(table, _movement)
    st = table.session.state
    seat = st.order[0]
    scenario(st, apply_effects(st, seat, st.content.events[56], {"army": None, "opponent": None, "enemy": None}))
    table.advance()
    settle(app)
    prompt = table.view["prompt"]
    assert prompt["kind"] == "hero" and prompt["seat"] == seat
    assert all(table.view["armies"][aid]["seat"] != seat for aid in prompt["options"])  # enemy heroes
    lines = context_lines(table, prompt)
    assert any("Choisissez un héros légendaire ennemi" in line for line in lines), lines
    assert not any("pour l'un de vos héros" in line for line in lines), lines
    n = len(table.log)
    click_zone(app, table, "act", A.Choose(prompt["options"][0]))
    assert any(e["key"] == "gorges.log.table" for e in table.log[n:])  # the wound is rolled


def test_event_14_still_shows_its_own_text(app):
    from rules.gorges.resolve import apply_effects
    from scenes.gorges.panels import context_lines
    from tests.gorges.helpers import scenario
    table = start(app)
    play_until(table, _movement)
    st = table.session.state
    seat = st.order[0]
    scenario(st, apply_effects(st, seat, st.content.events[14], {"army": None, "opponent": None, "enemy": None}))
    table.advance()
    settle(app)
    prompt = table.view["prompt"]
    assert prompt["kind"] == "hero"
    assert any("pour l'un de vos héros" in line for line in context_lines(table, prompt))


def _table(lang: str, size: tuple[int, int], seats: int = 2, seed: int = 4, auto_roll: bool = True):
    import rules
    from game.session import SeatInfo, Session
    from scenes.gorges.table import GorgesTable
    app = make_app(lang, size=size)
    app.settings.animation_speed = 50.0
    infos = [SeatInfo(f"Joueur {i + 1}" if lang == "fr" else f"Player {i + 1}", i, "human") for i in range(seats)]
    session = Session(rules.engine("gorges"), app.content("gorges"), "test", infos, seed,
                      {"designer_mode": True, "auto_roll": auto_roll})
    table = GorgesTable(app, session)
    app.stack.push(table)
    settle(app)
    return app, table


def _blocks(monkeypatch) -> list[tuple[str, object, int, int | None]]:
    """Every (text, rect, size, min_size) `ui.text_block` draws from now on."""
    from scenes import ui
    drawn: list[tuple[str, object, int, int | None]] = []
    real = ui.text_block

    def spy(surface, value, rect, size=20, colour=ui.PARCHMENT, bold=False, spacing=1.25, align="left", min_size=None):
        drawn.append((value, rect.copy(), size, min_size))
        return real(surface, value, rect, size, colour, bold, spacing, align, min_size)

    monkeypatch.setattr(ui, "text_block", spy)
    return drawn


def _whole(value: str, rect, size: int, min_size: int | None, least: int = 0) -> bool:
    """`ui.text_block` draws every line of `value` (no line clipped, none ended with "…"), at
    `least` px or more."""
    from scenes import ui
    shown, lines = ui._fitting_size(value, rect, size, min_size or size, False, 1.25)
    return lines == ui.wrap(value, rect.width, shown) and shown >= least


@pytest.mark.parametrize(("lang", "size"), [("fr", (1024, 700)), ("en", (1280, 800)), ("en", (1024, 700)),
                                            ("fr", (1280, 800))])
def test_every_race_card_shows_its_whole_text(lang, size, monkeypatch):
    """Whole, and readable: the longest French texts were drawn at 9 px at 1024x700 (the cards
    now take the map and the panels beside it)."""
    app, table = _table(lang, size)
    assert table.view["prompt"]["kind"] == "race"
    drawn = _blocks(monkeypatch)
    table.lay = None
    table.ensure_layer()
    app.render()
    races = app.content("gorges").races
    for race in races.values():
        text = race.text.fr if lang == "fr" else race.text.en
        found = [d for d in drawn if d[0] == text]
        assert found, race.id
        assert all(_whole(*d, least=12) for d in found), (race.id, found)
    # and a click on a card still picks that race
    hit = table.find("act", A.Choose("skaven"))
    from tests.gorges.test_scene import point
    from tests.ui_helpers import click
    click(app, point(table, hit))
    assert table.session.state.generals[0].race == "skaven"


def _fits(monkeypatch) -> list[str]:
    """Every label the table cuts with "…" from now on (`panels.elide`, `ui.fit`, `ui.ellipsize`)."""
    from scenes import ui
    from scenes.gorges import panels
    cuts: list[str] = []
    fit, ellipsize = ui.fit, ui.ellipsize

    def recording_fit(value, width, size, bold=False, italic=False):
        out = fit(value, width, size, bold, italic)
        cuts.extend([value] if out != value else [])
        return out

    def recording_ellipsize(value, width, size=20, bold=False):
        out = ellipsize(value, width, size, bold)
        cuts.extend([value] if out != value else [])
        return out

    monkeypatch.setattr(ui, "fit", recording_fit)
    monkeypatch.setattr(ui, "ellipsize", recording_ellipsize)
    monkeypatch.setattr(panels, "elide", recording_fit)
    return cuts


def _redraw(app, table) -> None:
    table.lay = None
    table.ensure_layer()
    app.render()


def _answer_prompt(lang, size):
    """Seat 0's General stands on seat 1's Fondrière and challenges him over it; seat 1's armies
    stand on the longest-named territories of the island."""
    from rules.gorges.phases import challenges
    from tests.gorges.helpers import arrange, scenario
    app, table = _table(lang, size)
    play_until(table, _movement)
    st = table.session.state
    arrange(st, owner={"fondriere": 1, "plaine-du-gouverneur": 1, "bois-du-pendu": 1},
            armies={"0.G": "fondriere", "1.G": "fondriere", "1.L1": "plaine-du-gouverneur",
                    "1.L2": "bois-du-pendu"})
    st.order = [0, 1]
    st.challenges = []
    scenario(st, challenges.issue(st, 0, A.Challenge(1, "0.G", "fondriere")))
    table.advance()
    settle(app)
    assert table.view["prompt"]["kind"] == "answer"
    return app, table


@pytest.mark.parametrize(("lang", "size"), [("fr", (1024, 700)), ("en", (1280, 800))])
def test_the_answer_buttons_say_where_each_army_stands_uncut(lang, size, monkeypatch):
    from scenes.gorges.panels import choices
    app, table = _answer_prompt(lang, size)
    cuts = _fits(monkeypatch)
    _redraw(app, table)
    where = {aid: table.place(table.view["armies"][aid]["location"]) for aid in ("1.G", "1.L1", "1.L2")}
    labels = {}
    for aid in where:
        hit = table.find("act", A.Answer(True, aid))
        assert hit is not None, aid
        labels[aid] = next(label for label, _, data, _ in choices(table, table.view["prompt"])
                           if data == A.Answer(True, aid))
        assert where[aid] in labels[aid], (aid, labels[aid])
    assert not cuts, cuts
    assert ("Plaine du Gouverneur" if lang == "fr" else "Governor's Plain") in labels["1.L1"]
    click_zone(app, table, "act", A.Answer(True, "1.L1"))
    assert table.session.state.challenges[-1]["defender_army"] == "1.L1"


def _construction_prompt(lang, size):
    """Seat 0's three armies each on a territory of his without a building."""
    from rules.gorges.phases.construction import construction_phase
    from tests.gorges.helpers import arrange, scenario
    app, table = _table(lang, size)
    play_until(table, _movement)
    st = table.session.state
    arrange(st, owner={"plaine-du-gouverneur": 0, "bois-du-pendu": 0, "fondriere": 0},
            building={"plaine-du-gouverneur": None, "bois-du-pendu": None, "fondriere": None},
            armies={"0.G": "fondriere", "0.L1": "plaine-du-gouverneur", "0.L2": "bois-du-pendu"})
    st.order = [0, 1]
    scenario(st, construction_phase(st))
    table.advance()
    settle(app)
    assert table.view["prompt"]["kind"] == "construction" and table.view["prompt"]["seat"] == 0
    return app, table


@pytest.mark.parametrize(("lang", "size"), [("fr", (1024, 700)), ("en", (1280, 800))])
def test_the_build_buttons_are_not_cut(lang, size, monkeypatch):
    app, table = _construction_prompt(lang, size)
    cuts = _fits(monkeypatch)
    _redraw(app, table)
    assert not cuts, cuts
    fortress = A.Build("0.L2", "fortress")
    for _ in range(4):  # paged if need be
        if table.find("act", fortress) is not None:
            break
        click_zone(app, table, "page", 1)
    click_zone(app, table, "act", fortress)
    assert table.session.state.building["bois-du-pendu"] == "fortress"


@pytest.mark.parametrize(("lang", "size"), [("fr", (1024, 700)), ("en", (1280, 800))])
def test_a_click_on_a_territory_that_is_no_choice_names_it_and_says_why(lang, size):
    app, table = _table(lang, size)
    click_zone(app, table, "act", A.Choose("dwarfs"))
    assert table.view["prompt"]["kind"] == "capital"
    toasts = []
    real = app.toast
    app.toast = lambda text, *a, **k: toasts.append(text) or real(text, *a, **k)
    click_zone(app, table, "hex", "sylve-ancienne")
    name = "Sylve Ancienne" if lang == "fr" else table.place("sylve-ancienne")
    assert toasts and name in toasts[-1] and "sylve-ancienne" not in toasts[-1], toasts
    assert toasts[-1] == app.tr("gorges.ui.not_a_capital", name=name)
    click_zone(app, table, "hex", "lande-grise")  # a lit one is taken
    assert table.session.state.generals[0].capital == "lande-grise"
    click_zone(app, table, "act", A.Choose("skaven"))
    click_zone(app, table, "hex", "lande-grise")
    who = table.seat_name(0)
    assert toasts[-1] == app.tr("gorges.ui.capital_taken", name=table.place("lande-grise"), seat=who)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_rout_and_the_destroyed_line_agree(lang):
    """Débandade: the army leaves the map until next season, and the line after it says so."""
    from tests.gorges.test_scene import _battle
    app, table = _table(lang, (1024, 700) if lang == "fr" else (1280, 800), seats=3, seed=2)
    play_until(table, lambda st: _battle(st) and st.season_effect("return_destroyed") is None, seed=3)
    settle(app)
    _close_aftermath(app, table)  # an earlier battle's
    battle = table.view["battle"]
    seat = table.acting()
    table.act(A.ForceNextRoll("d6", 5, "table:fate"), seat)  # Débandade
    click_zone(app, table, "form", ("winner", battle["challenger"]))
    click_zone(app, table, "form", ("submit",))
    assert any(e["key"] == "gorges.log.table" and e["params"]["result"] == 5 for e in table.aftermath)
    destroyed = [table.render(e) for e in table.aftermath if e["key"] == "gorges.log.destroyed"]
    until = "jusqu'à la saison suivante" if lang == "fr" else "until next season"
    assert destroyed and all(until in line for line in destroyed), destroyed

def _close_aftermath(app, table) -> None:
    for _ in range(20):
        if not table.aftermath:
            return
        if table.find("aftermath_close") is None:
            click_zone(app, table, "after_page", 1)
        else:
            click_zone(app, table, "aftermath_close")


@pytest.mark.parametrize(("lang", "size"), [("fr", (1024, 700)), ("en", (1280, 800))])
def test_the_journal_scroll_hint_does_not_run_into_its_title(lang, size, monkeypatch):
    import pygame

    from scenes import ui
    from tests.ui_helpers import drawn_with_sizes
    app, table = _table(lang, size)
    play_until(table, _movement)
    settle(app)
    table.ensure_layer()
    pos = table.lay.log.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, {"x": 0, "y": 1, "flipped": False}))
    settle(app)
    assert table.log_scroll > 0
    drawn = drawn_with_sizes(monkeypatch, ui)
    _redraw(app, table)
    title = [r for text, _, r in drawn if text == app.tr("gorges.ui.log")]
    hint = [r for text, _, r in drawn if text == app.tr("gorges.ui.scrolled")]
    assert title and hint
    assert not hint[-1].colliderect(title[-1].inflate(8, 0)), (title, hint)
    assert table.lay.log.contains(hint[-1])
    rows = [r for text, s, r in drawn if r.colliderect(table.lay.log) and r is not hint[-1] and r is not title[-1]]
    assert not [r for r in rows if r.colliderect(hint[-1])], "the hint covers a row of the journal"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_search_and_the_ghost_s_walk_read_right(lang):
    """"(dé : 5)", not "(5)" that looks like a count; a ghost back where he started bounced."""
    app, table = _table(lang, (1024, 700))
    play_until(table, _movement)
    st = table.session.state
    searches = [e for e in table.log if e["key"] == "gorges.log.search"]
    assert searches
    one = dict(searches[0], params=dict(searches[0]["params"], dice=[5], found=0))
    two = dict(searches[0], params=dict(searches[0]["params"], dice=[5, 3], found=0))
    if lang == "fr":
        assert "(dé : 5) : 0 point de relique" in table.render(one)
        assert "(dés : 5, 3)" in table.render(two)
    else:
        assert "(die: 5): 0 relic points" in table.render(one)
        assert "(dice: 5, 3)" in table.render(two)
    walk = next(e for e in table.log if e["key"] == "gorges.log.crown")
    home, away = st.place("futaie-sombre"), st.place("mare-aux-sorcieres")
    back = dict(walk, params=dict(walk["params"], start=home, to=home, path=[away, home]))
    stays = dict(walk, params=dict(walk["params"], start=home, to=home, path=[home]))
    name = table.place("futaie-sombre")
    assert table.render(back) == app.tr("gorges.log.crown_back", to=name)
    assert table.render(stays) == app.tr("gorges.log.crown_stays", to=name)
    assert table.render(back).count(name) == 1


def test_rolls_not_yet_shown_when_saved_are_shown_on_resume():
    """Saved while rolls waited for "Continue": the resumed table steps through them."""
    from game.session import Session
    from scenes.gorges.table import GorgesTable
    app, table = _table("fr", (1024, 700), auto_roll=False)
    play_until(table, _movement)
    settle(app)
    assert table.steps
    waiting = [s[0] for s in table.steps]
    save = table.session.to_save()  # what the autosave holds: the rolls not followed yet
    session = Session.from_save(save, table.session.engine, table.session.content, table.session.content_digest)
    app.stack.pop()
    again = GorgesTable(app, session)
    app.stack.push(again)
    settle(app)
    assert [s[0] for s in again.steps] == waiting
    for _ in range(len(waiting)):
        click_zone(app, again, "step_next")
    assert not again.steps
    # followed: a save now resumes without stepping through them again
    third = GorgesTable(app, Session.from_save(again.session.to_save(), session.engine, session.content,
                                               session.content_digest))
    app.stack.pop()
    app.stack.push(third)
    settle(app)
    assert not third.steps


def test_rolls_followed_are_saved_at_once(tmp_path):
    """Quitting right after following a roll (no action since) does not show it again on resume:
    the save holds the rolls followed as soon as they are, without a new version of the game."""
    from game.saves import SaveStore
    from game.session import Session
    from scenes.gorges.table import SHOWN_EXTRA, GorgesTable
    app, table = _table("fr", (1024, 700), auto_roll=False)
    session = table.session
    session.store, session.save_name = SaveStore(tmp_path), "campagne"
    play_until(table, _movement)
    settle(app)
    assert table.steps and session.autosave()
    versions = len(session.store.generations("campagne"))
    waiting = len(table.steps)
    for _ in range(waiting):
        click_zone(app, table, "step_next")
    assert not table.steps
    saved = session.store.read("campagne")
    assert saved["extras"][SHOWN_EXTRA] == table.log_seen
    assert len(session.store.generations("campagne")) == versions
    assert [list(a) for a in saved["actions"]] == [list(a) for a in session.to_save()["actions"]]
    app.stack.pop()
    again = GorgesTable(app, Session.from_save(saved, session.engine, session.content, session.content_digest))
    app.stack.push(again)
    settle(app)
    assert not again.steps


def test_a_table_roll_s_phase_comes_from_the_table_s_id_not_its_name():
    """A step's phase heading reads the rolled table's id (the view's `table_rolls`, log index ->
    table id), not its name: two tables named alike (a designer's copy) keep their own phases."""
    from types import SimpleNamespace

    from scenes.gorges.overlays import step_phase
    app, table = _table("fr", (1024, 700), auto_roll=False)
    tables = table.session.content.tables
    play_until(table, lambda st: len(st.table_rolls()) >= 3)
    rolls = table.view["table_rolls"]
    assert rolls and all(table.log[i]["key"] == "gorges.log.table" for i, _ in rolls)
    assert all(table.log[i]["params"]["table"] == tables[tid].name.to_json() for i, tid in rolls)
    named_alike = {"key": "gorges.log.table", "params": {"table": tables["no_challenge"].name.to_json()}}
    t = SimpleNamespace(view={"table_rolls": [[3, "no_challenge"], [8, "mines"], [9, "battle"]]})
    assert [step_phase(t, named_alike, i) for i in (3, 8, 9)] == ["conquest", "mines", None]
