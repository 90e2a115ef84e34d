"""A new user following phases 1-4 roll by roll (real pygame events, SDL dummy driver): the
"Continue" button stays under the mouse from one roll to the next, and the generals' panel tells
nothing the rolls on screen have not shown yet."""

from __future__ import annotations

import pygame
import pytest

from tests.gorges.test_scene import _movement, play_until, point
from tests.gorges.test_scene_playtest import _table
from tests.ui_helpers import click, make_app, settle


@pytest.mark.parametrize("lang,size", [("fr", (1024, 700)), ("en", (1280, 800))])
def test_continue_stays_under_the_mouse_from_one_roll_to_the_next(lang, size):
    """Clicking "Continue" again at the same spot shows the next roll: the step box keeps its
    buttons where they were even when the next roll's text is longer (the ghost bouncing off the
    sea, an event's text) — before, the box grew around its centre and the second click fell on
    the panel's text, doing nothing."""
    from scenes.gorges import overlays
    app, table = _table(lang, size, auto_roll=False)
    play_until(table, _movement)
    settle(app)
    n = len(table.steps)
    assert n >= 3
    width = min(table.lay.overlay.width, 620)
    heights = set()
    spot = None
    for _ in range(n):
        heights.add(overlays._step_height(table, table.steps[0], width))
        hit = table.find("step_next")
        assert hit is not None
        if spot is None:
            spot = point(table, hit)
        assert hit.rect.collidepoint(spot), (hit.rect, spot)
        left = len(table.steps)
        click(app, spot)
        assert len(table.steps) == left - 1
    assert len(heights) > 1  # the rolls' texts did differ in length


def _row_tips(table) -> dict[int, str]:
    """Each general's row tooltip in the standings (name, race, relic points, lands, event…)."""
    table.ensure_layer()
    names = {table.seat_name(g["seat"]): g["seat"] for g in table.view["generals"]}
    return {names[h.tip.split("\n", 1)[0]]: h.tip for h in table.hits
            if h.kind == "tip" and h.tip.split("\n", 1)[0] in names}


@pytest.mark.parametrize("lang,size", [("fr", (1024, 700)), ("en", (1280, 800))])
def test_the_standings_tell_no_roll_before_it_is_shown(lang, size):
    """While the rolls of phases 1-4 wait for "Continue", the generals' rows show the relic points,
    lands and events as far as the organiser has followed them: before, the row already read
    "· 22 Colons" and 2 relic points while the overlay still showed the ghost's first die."""
    app, table = _table(lang, size, seed=9, auto_roll=False)
    play_until(table, _movement)
    settle(app)
    assert table.steps
    final = {g["seat"]: g for g in table.view["generals"]}
    assert any(g["relic_points"] for g in final.values())  # the waiting rolls did bring relics
    tips = _row_tips(table)
    assert set(tips) == set(final)
    for seat, g in final.items():
        name = app.tr("gorges.ui.event_is", roll=g["event"]["roll"], name=table.tx(g["event"]["name"]))
        assert name not in tips[seat], tips[seat]
        assert app.tr("gorges.ui.relics", n=0) in tips[seat], tips[seat]
        assert app.tr("gorges.ui.lands", n=1) in tips[seat], tips[seat]
    while table.steps:
        click(app, point(table, table.find("step_next")))
    tips = _row_tips(table)
    for seat, g in final.items():  # followed: the rows read the campaign as it stands
        assert app.tr("gorges.ui.event_is", roll=g["event"]["roll"], name=table.tx(g["event"]["name"])) in tips[seat]
        assert app.tr("gorges.ui.relics", n=g["relic_points"]) in tips[seat]
        assert app.tr("gorges.ui.lands", n=g["territories"]) in tips[seat]


def _reinforcements(seat: int) -> dict:
    return {"key": "gorges.army.R", "params": {"seat": {"seat": seat}}, "army": f"{seat}.R"}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_reinforcements_are_a_plural_in_the_journal(lang):
    """Event 66's reinforcements ("les renforts de Chloé") read as a plural: the journal said
    "Les renforts de Chloé va de Pointe du Sabre à Grand Chêne" and "déplacement de les renforts"."""
    app, table = _table(lang, (1024, 700))
    place = {"text": {"fr": "Pointe du Sabre", "en": "Cutlass Point"}, "territory": "pointe-du-sabre"}
    oak = {"text": {"fr": "Grand Chêne", "en": "Great Oak"}, "territory": "grand-chene"}
    moved = {"key": "gorges.log.moved", "params": {"seat": {"seat": 1}, "army": _reinforcements(1), "before": place,
                                                   "to": oak, "mode": {"key": "gorges.mode.normal", "params": {}}}}
    roll = {"key": "gorges.log.roll", "params": {"seat": {"seat": 1}, "die": "d3", "result": 2, "forced": False,
                                                 "what": {"key": "gorges.roll.movement",
                                                          "params": {"army": _reinforcements(1)}}}}
    wound = {"key": "gorges.log.wound", "params": {"army": _reinforcements(0), "seat": {"seat": 0}}}
    if lang == "fr":
        assert table.render(moved) == "Les renforts de Joueur 2 vont de Pointe du Sabre à Grand Chêne"
        assert table.render(roll).endswith("— déplacement des renforts de Joueur 2")
        assert table.render(wound) == "Le héros des renforts de Joueur 1 est blessé"
    else:
        assert table.render(moved) == "Player 2's reinforcements go from Cutlass Point to Great Oak"
        assert table.render(roll).endswith("— movement of Player 2's reinforcements")
        assert table.render(wound) == "The hero of Player 1's reinforcements is wounded"
    single = dict(moved, params=dict(moved["params"], army={"key": "gorges.army.G", "params": {"seat": {"seat": 1}},
                                                            "army": "1.G"}))
    assert ("va de" if lang == "fr" else "goes from") in table.render(single)  # an army: still one


def test_every_reinforcements_variant_matches_its_sentence():
    """Each `KEY.R` variant exists beside KEY, in both languages, with KEY's placeholders (or `owner`)."""
    import re

    from game.i18n import Strings
    table = Strings("fr").table("gorges")
    variants = [k for k in table if k.endswith(".R") and not k.startswith(("gorges.army.", "gorges.ui."))]
    assert len(variants) > 20
    names = re.compile(r"\{(\w+)")
    for key in variants:
        base = table[key[:-2]]
        for lang in ("fr", "en"):
            assert table[key][lang], key
            assert set(names.findall(table[key][lang])) <= set(names.findall(base[lang])) | {"owner"}, (key, lang)


@pytest.mark.parametrize("seed", [4, 5])  # 4: event 11 withdraws an army; 5: event 66 brings reinforcements
def test_the_standings_count_the_armies_as_followed(seed, monkeypatch):
    """The "armées" column ("3/3") waits for the rolls too: it read "2/3" (an army withdrawn by an
    event) or "3/4" (reinforcements) while the overlay still showed the ghost's first die."""
    from scenes import ui
    app, table = _table("fr", (1024, 700), seats=3, seed=seed, auto_roll=False)
    play_until(table, _movement)
    settle(app)
    v = table.view
    final = [f"{sum(1 for a in g['armies'] if v['armies'][a]['on_map'])}/{len(g['armies'])}" for g in v["generals"]]
    assert final != ["3/3"] * 3
    drawn: list[str] = []
    real = ui.text

    def spy(surf, value, pos, *args, **kwargs):
        if table.lay.standings.collidepoint(pos) and "/" in str(value):
            drawn.append(str(value))
        return real(surf, value, pos, *args, **kwargs)

    monkeypatch.setattr(ui, "text", spy)
    table._changed()
    table.ensure_layer()
    assert drawn == ["3/3"] * 3, drawn
    while table.steps:
        click(app, point(table, table.find("step_next")))
    drawn.clear()
    table._changed()
    table.ensure_layer()
    assert sorted(drawn) == sorted(final), (drawn, final)


def _challenging(state) -> bool:
    from rules.gorges import actions as A
    p = state.prompt
    return p is not None and p.kind == "challenge" and sum(
        isinstance(a, A.Challenge) for a in state.legal_actions(p.seat)) >= 2


@pytest.mark.parametrize("lang,size", [("fr", (1024, 700)), ("en", (1280, 800))])
def test_an_army_chosen_to_challenge_shows_its_challenges_first(lang, size):
    """New-user playtest at 1024×700 with three generals: choosing an army to challenge with gave
    "page 1/10", one order a page, its challenges behind the other armies' buttons. Now the chosen
    army comes alone with its challenges, and the pager shares the row of "No challenge"."""
    from rules.gorges import actions as A
    app, table = _table(lang, size, seats=3, seed=4, auto_roll=True)
    play_until(table, _challenging)
    settle(app)
    army = next(a.army for a in table.legal if isinstance(a, A.Challenge))
    mine = [a for a in table.selectable_armies()]
    assert len(mine) >= 2
    table.ensure_layer()
    button = next(h for h in table.hits if h.kind == "army" and h.data == army and h.rect.left >= table.lay.prompt.left)
    click(app, point(table, button))
    assert table.sel_army == army
    table.ensure_layer()
    listed = [h.data for h in table.hits if h.kind == "army" and h.rect.left >= table.lay.prompt.left]
    assert listed == [army]  # the others stay ringed on the map
    challenges = [h for h in table.hits if h.kind == "act" and isinstance(h.data, A.Challenge)]
    assert challenges and all(h.data.army == army for h in challenges)
    done = table.find("act", A.Done())
    for h in table.hits:
        if h.kind == "page":
            assert abs(h.rect.centery - done.rect.centery) <= 1  # beside "No challenge", not a row of its own


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_battle_followed_after_the_next_turn_began_keeps_its_turn_in_the_banner(lang):
    """"Après la bataille" of turn 2 was read under a banner already saying "tour 3/3": the banner
    (and its tooltip) follow the log as far as it is shown, like the phase strip."""
    from tests.gorges.test_scene import _battle, click_zone
    from tests.gorges.test_scene_playtest import _close_aftermath
    app, table = _table(lang, (1024, 700) if lang == "fr" else (1280, 800), seats=3, seed=2)
    for _ in range(12):
        play_until(table, _battle, seed=3)
        settle(app)
        _close_aftermath(app, table)
        turn, season = table.view["turn"], dict(table.view["season"])
        battle = table.view["battle"]
        click_zone(app, table, "form", ("winner", battle["challenger"]))
        click_zone(app, table, "form", ("submit",))
        if table.aftermath and table.view["turn"] != turn:
            break
    else:
        pytest.fail("no battle closed a turn")
    table.ensure_layer()
    banner = app.tr("gorges.ui.season_banner", season=table.tx(season["name"]), turn=season["turn"],
                    turns=season["turns"], total=turn)
    tips = [h.tip for h in table.hits if h.kind == "tip"]
    assert any(tip.startswith(banner) for tip in tips), [t for t in tips if "—" in t][:3]
    _close_aftermath(app, table)
    while table.steps:
        click_zone(app, table, "step_next")
    table.ensure_layer()
    season = table.view["season"]
    banner = app.tr("gorges.ui.season_banner", season=table.tx(season["name"]), turn=season["turn"],
                    turns=season["turns"], total=table.view["turn"])
    assert any(h.tip.startswith(banner) for h in table.hits if h.kind == "tip")


@pytest.mark.parametrize("lang,size", [("fr", (1024, 700)), ("en", (1280, 800))])
def test_a_full_army_column_of_the_sheet_shows_its_last_lines(lang, size):
    """At 1024×700 the General's column of a rich sheet stopped mid-sentence ("toutes ses unités à
    lui lui causent la") and lost its "Notes" line, where a general writes; a full column now
    writes smaller until it fits."""
    from scenes.gorges import sheet as sheet_mod
    from scenes.gorges.table import shot_sheet
    app = make_app(lang, size)
    scene = shot_sheet(app, None, 0)
    settle(app)
    app.step()
    memos = [rect for rect, _aid, target in scene.zones_at if target == "memo"]
    armies = [a for a in scene.table.view["armies"].values() if a["seat"] == scene.seat]
    assert len(memos) == len(armies)
    assert all(rect.height > 4 for rect in memos), memos  # each "Notes" line written, none skipped
    k = scene.cache.get_height() / 720
    cols = []
    for army in armies:
        col = pygame.Rect(0, 0, 300, scene.cache.get_height() // 2)
        cols.append(sheet_mod._army_column(pygame.Surface(scene.cache.get_size()), col, scene.table, army, k)[1])
    assert any(cols)  # (the sheet is rich: squeezed to half its height, a column does overflow)


def test_the_last_battle_s_aftermath_is_read_before_the_end_screen():
    """New-user playtest: recording the campaign's last battle went straight to "Fin de la partie";
    its spoils, defeats and the vanquished army's fate were rolled but never shown. The end screen
    now waits until "Après la bataille" is closed."""
    from tests.gorges.test_scene import _battle, click_zone
    from tests.gorges.test_scene_playtest import _close_aftermath
    app, table = _table("fr", (1024, 700), seats=2, seed=2)
    state = table.session.state

    def last_turn(s) -> bool:
        return s.season == len(s.content.seasons) - 1 and s.turn_in_season == s.options["turns_per_season"]

    for _ in range(10):
        play_until(table, lambda s: s.is_over() or (last_turn(s) and _battle(s)), seed=2, limit=20000)
        settle(app)
        assert not state.is_over(), "the campaign ended without a battle in its last turn"
        _close_aftermath(app, table)  # an earlier battle's
        battle = table.view["battle"]
        click_zone(app, table, "form", ("winner", battle["challenger"]))
        click_zone(app, table, "form", ("submit",))
        if state.is_over():
            break
        _close_aftermath(app, table)
    else:
        pytest.fail("the campaign did not end on a battle")
    assert app.stack.top is table and table.aftermath  # the spoils first
    assert any(e["key"] == "gorges.log.table" for e in table.aftermath)
    _close_aftermath(app, table)
    settle(app)
    assert app.stack.top.__class__.__name__ == "EndScene"
