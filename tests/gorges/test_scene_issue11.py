"""Issue 11 at the table, with real pygame events (SDL dummy driver): phases 1-4 step by step, the
after-battle screen paged so every line is read, the journal's scrolling, alliances, the Menu button."""

from __future__ import annotations

import pygame
import pytest

from rules.gorges import actions as A
from tests.gorges.test_scene import _battle, _movement, click_zone, play_until, start
from tests.ui_helpers import make_app, settle


@pytest.fixture
def app():
    app = make_app("fr")
    app.settings.animation_speed = 50.0
    return app


def test_phases_1_to_4_wait_for_continue_after_each_roll(app):
    table = start(app, auto_roll=False)
    play_until(table, _movement)
    settle(app)
    assert table.steps, "the first turn's rolls are shown one by one"
    first = table.steps[0][0]
    assert first["params"]["what"]["key"] == "gorges.roll.crown_direction"
    assert table.find("step_next") is not None
    n = len(table.steps)
    # the orders wait: a click on an army does nothing while a roll is shown
    aid = table.selectable_armies()[0]
    hit = table.find("army", aid)
    before = len(table.session.actions)
    from tests.ui_helpers import click
    click(app, hit.rect.center)
    assert table.sel_army is None and len(table.session.actions) == before
    clicks = 0
    while table.steps:
        click_zone(app, table, "step_next")
        clicks += 1
    assert clicks == n
    click_zone(app, table, "army", aid)
    assert table.sel_army == aid


def test_a_step_shows_the_event_and_its_full_text(app):
    table = start(app, auto_roll=False)
    play_until(table, _movement)
    settle(app)
    while table.steps and table.steps[0][0]["params"]["what"].get("key") != "gorges.roll.event":
        click_zone(app, table, "step_next")
    step = table.steps[0]
    assert any(e["key"] == "gorges.log.event" for e in step[1:])


def test_auto_roll_skips_the_steps(app):
    table = start(app, auto_roll=False)
    play_until(table, _movement)
    settle(app)
    click_zone(app, table, "auto_roll")
    assert table.auto_roll and not table.steps
    assert table.find("step_next") is None


def test_the_after_battle_screen_pages_every_line_before_the_turn_goes_on(app):
    table = start(app, seed=2)
    play_until(table, _battle, seed=3)
    settle(app)
    click_zone(app, table, "form", ("winner", table.view["battle"]["challenger"]))
    click_zone(app, table, "form", ("submit",))
    assert table.aftermath
    # a long aftermath (many wounds): forty more lines of the campaign log
    table.aftermath = table.aftermath + [e for e in table.log if e["key"] == "gorges.log.table"][:40]
    table._changed()
    settle(app)
    from scenes.gorges.panels import aftermath_pages
    _, pages = aftermath_pages(table, table.lay.overlay)
    assert len(pages) > 1
    assert sorted(i for page in pages for i in page) == list(range(len(table.aftermath)))
    for _ in range(len(pages) - 1):
        assert table.find("aftermath_close") is None  # no way on before the last page
        click_zone(app, table, "after_page", 1)
    click_zone(app, table, "aftermath_close")
    assert not table.aftermath


def test_the_journal_scrolls_back_to_the_first_entry_and_no_further(app):
    table = start(app)
    play_until(table, _movement)
    settle(app)
    table.ensure_layer()
    pos = table.lay.log.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}))
    settle(app)
    for _ in range(200):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, {"x": 0, "y": 1, "flipped": False}))
    settle(app)
    assert table.log_max > 0 and table.log_scroll == table.log_max
    for _ in range(300):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, {"x": 0, "y": -1, "flipped": False}))
    settle(app)
    assert table.log_scroll == 0


def test_the_journal_enlarges_to_many_lines(app):
    table = start(app)
    play_until(table, _movement)
    settle(app)
    click_zone(app, table, "journal_big")
    assert table.journal_big
    rect = table.lay.map.inflate(-16, -16)
    assert (rect.height - 34) // 20 > 7
    click_zone(app, table, "journal_big")
    assert not table.journal_big


def test_two_generals_make_an_alliance_shown_on_the_map(app):
    table = start(app)
    play_until(table, _movement)
    settle(app)
    click_zone(app, table, "diplomacy")
    click_zone(app, table, "act_as", (A.Ally(1), 0))
    assert table.view["alliance_offers"] == [[0, 1]]
    click_zone(app, table, "act_as", (A.Ally(0), 1))
    assert table.view["alliances"] == [[0, 1]]
    click_zone(app, table, "diplomacy")
    assert any(h.kind == "tip" and "alliés" in h.tip for h in table.hits)


def test_the_menu_button_opens_the_pause_menu(app):
    from scenes.pause import PauseMenu
    table = start(app)
    click_zone(app, table, "menu")
    assert isinstance(app.stack.top, PauseMenu)


def test_a_draw_is_offered_and_recorded(app):
    table = start(app, seed=2)
    play_until(table, _battle, seed=3)
    settle(app)
    click_zone(app, table, "form", ("draw",))
    count = len(table.session.actions)
    click_zone(app, table, "form", ("submit",))
    seat, action = table.session.actions[count]
    assert action.draw and action.winner == -1
    assert any(e["key"] == "gorges.log.battle_draw" for e in table.log)


def test_the_briefing_names_the_hero_and_the_slain_ticks_use_it(app):
    table = start(app, seed=2)
    play_until(table, _battle, seed=3)
    battle = table.view["battle"]
    aid = battle["sides"][0]["army"]
    table.session.apply(battle["sides"][0]["seat"], A.Rename(aid, "hero", "Brakk"))
    table.refresh()
    settle(app)
    assert "Brakk" in table.hero_label(aid)
    if aid in battle["heroes"]:
        click_zone(app, table, "form", ("slain", aid))
        assert aid in table.form.slain


def test_a_raid_click_warns_of_the_risk_before_sailing(app):
    table = start(app)
    play_until(table, _movement)
    state = table.session.state
    seat = state.prompt.seat
    state.generals[seat].race = "dark_elves"
    table.refresh()
    settle(app)
    raids = [a for a in table.legal if isinstance(a, A.Move) and a.mode == "raid"
             and {m for m in table.moves_of(a.army).get(a.to, [])} == {"raid"}]
    assert raids
    move = raids[0]
    click_zone(app, table, "army", move.army)
    count = len(table.session.actions)
    click_zone(app, table, "hex", move.to)
    assert len(table.session.actions) == count  # not yet: the warning first
    assert table.pending and "6" in table.raid_label(table.pending[0][1])
    click_zone(app, table, "act", table.pending[0][1])
    assert table.session.actions[count][1] == move


def test_the_accented_name_typed_with_textinput_is_kept(app):
    from tests.gorges.test_scene import type_text
    table = start(app)
    play_until(table, _movement)
    settle(app)
    click_zone(app, table, "sheet", 1)
    sheet = app.stack.top
    sheet_rect, _ = sheet.layout()
    rect = next(r for r, aid, tg in sheet.zones_at if aid == "1.L1" and tg == "army")
    from tests.ui_helpers import click
    click(app, (sheet_rect.left + rect.centerx, sheet_rect.top + rect.centery))
    type_text(app, "Épées de Carroburg")
    assert table.view["armies"]["1.L1"]["name"] == "Épées de Carroburg"


def _sheet_click(app, sheet, aid, target):
    from tests.ui_helpers import click
    sheet_rect, _ = sheet.layout()
    rect = next(r for r, a, tg in sheet.zones_at if a == aid and tg == target)
    click(app, (sheet_rect.left + rect.centerx, sheet_rect.top + rect.centery))
    assert sheet.editing is not None and sheet.editing[:2] == (aid, target)


def test_the_sheet_keeps_notes_the_profile_and_the_item_chosen(app):
    from tests.gorges.test_scene import type_text
    table = start(app)
    play_until(table, _movement)
    state = table.session.state
    state.armies["0.G"].hero.items.append({"value": 40, "kind": "item", "source": {"fr": "Mine", "en": "Mine"}})
    table.refresh()
    settle(app)
    click_zone(app, table, "sheet", 0)
    sheet = app.stack.top
    _sheet_click(app, sheet, "0.L1", "memo")
    type_text(app, "Tient le gué")
    _sheet_click(app, sheet, "0.G", "general_memo")
    type_text(app, "Promis à Bo")
    _sheet_click(app, sheet, "0.G", "profile")
    type_text(app, "4 6 5 4 4 3 6 3 9")
    _sheet_click(app, sheet, "0.G", "item:0")
    type_text(app, "Épée de puissance")
    v = table.view
    assert v["armies"]["0.L1"]["memo"] == "Tient le gué"
    assert v["generals"][0]["memo"] == "Promis à Bo"
    assert v["armies"]["0.G"]["hero"]["base_profile"] == {"M": 4, "WS": 6, "BS": 5, "S": 4, "T": 4, "W": 3,
                                                          "I": 6, "A": 3, "Ld": 9}
    assert v["armies"]["0.G"]["hero"]["items"][0]["name"] == "Épée de puissance"
    assert (0, A.Note("0.L1", "Tient le gué")) in table.session.actions


def test_the_d66_picker_names_each_event(app):
    table = start(app)
    play_until(table, _movement)
    settle(app)
    click_zone(app, table, "designer")
    click_zone(app, table, "designer_aim", "event")
    hit = table.find("force", ("d66", 13))
    assert hit is not None and "Sympathisant auprès de l'ennemi" in hit.tip


def test_the_relic_offer_panel_shows_the_territory_and_every_modifier(app):
    from rules.gorges.phases.conquest import conquest_phase
    from scenes.gorges.panels import context_lines
    from tests.gorges.helpers import arrange, scenario
    table = start(app)
    play_until(table, _movement)
    st = table.session.state
    a, b = st.order[0], st.order[1]
    tid = next(t for t in st.content.island.ids if st.owner[t] is None
               and any(st.owner[n] == a for n in st.content.island.neighbours[t]))
    arrange(st, owner={tid: b}, armies={f"{a}.G": tid})
    st.challenges = [{"challenger": a, "target": b, "army": f"{a}.G", "territory": tid,
                      "status": "refused", "defender_army": None}]
    st.generals[b].relics = 7
    scenario(st, conquest_phase(st))
    table.advance()
    settle(app)
    assert table.view["prompt"]["kind"] == "offer_relics"
    lines = context_lines(table, table.view["prompt"])
    place = table.place(tid)
    assert any(place in line and "6+" in line for line in lines)
    assert any("adjacent" in line for line in lines)  # −1: next to one of the attacker's territories
    for _ in range(8):  # no cap on the points offered: 0 to 7, paged if need be
        if table.find("act", A.OfferRelics(7)) is not None:
            break
        click_zone(app, table, "page", 1)
    click_zone(app, table, "act", A.OfferRelics(7))
    assert table.view["prompt"]["kind"] == "accept_offer"


def test_the_table_is_asked_about_a_second_challenge_when_it_happens(app):
    from rules.gorges.phases.challenges import second_challenge
    from tests.gorges.helpers import scenario
    table = start(app)
    play_until(table, _movement)
    st = table.session.state
    a, b = st.order[0], st.order[1]
    st.generals[b].accepted = 1
    ch = {"challenger": a, "target": b, "army": f"{a}.G", "territory": st.generals[b].capital,
          "status": "pending", "defender_army": None}
    scenario(st, second_challenge(st, b, ch))
    table.advance()
    settle(app)
    assert table.view["prompt"]["kind"] == "second_challenge"
    click_zone(app, table, "act", A.Choose("yes"))
    assert st.generals[b].second_agreed
    assert table.log[-1]["key"] == "gorges.log.second_challenge"


def test_the_map_waits_for_the_rolls_too(app):
    table = start(app, auto_roll=False)
    play_until(table, _movement)
    settle(app)
    walk = next(e for e in table.log if e["key"] == "gorges.log.crown")["params"]
    assert table.shown_map()[1] == walk["start"]["territory"]  # the ghost has not walked yet
    while table.steps:
        click_zone(app, table, "step_next")
    assert table.shown_map()[1] == table.view["crown"]


def test_the_journal_begins_with_an_entrys_first_row(app, monkeypatch):
    """The journal could begin with the tail of an entry alone ("bataille"): at every scroll
    position its first row drawn is an entry's first row (a continuation is indented)."""
    from scenes import ui
    from scenes.gorges import panels

    table = start(app)
    play_until(table, _movement)
    settle(app)
    drawn: list[tuple[str, int]] = []
    real = ui.text
    monkeypatch.setattr(ui, "text", lambda surf, value, pos, *a, **k: drawn.append((value, pos[1]))
                        or real(surf, value, pos, *a, **k))
    rect = pygame.Rect(0, 0, 300, 150)
    title = table.tr("gorges.ui.log")
    cuts = 0
    for scroll in range(0, 12):
        table.log_scroll = scroll
        drawn.clear()
        panels.journal(table, pygame.Surface((300, 150)), rect)
        rows = [(v, y) for v, y in drawn if y >= rect.top + 28 and v != title and v.strip()]
        assert rows and not rows[0][0].startswith("   "), (scroll, rows[:2])
        cuts += rows[0][1] > rect.top + 28  # a row left blank above it
    assert cuts  # the case happened: an entry's tail was left out
