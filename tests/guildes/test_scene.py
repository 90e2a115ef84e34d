"""The Guildes table with real pygame events (SDL dummy driver): every choice is a button clicked,
placements by clicking mages then Confirm, nothing secret drawn for the wrong seat, and whole games
(2 people + bots) clicked to the end summary."""

from __future__ import annotations

import json

import pygame
import pytest

import rules
from game.session import SeatInfo, Session
from rules.guildes.actions import Bid, Choose, Place
from scenes import ui
from scenes.guildes.compose import Composer
from scenes.guildes.table import GuildesTable
from sprites.guildes.pieces import card_body_top
from tests.ui_helpers import click, drawn_with_sizes, key, make_app, past_turn_guard, settle


@pytest.fixture
def app():
    app = make_app("en")
    app.settings.animation_speed = 50.0
    return app


def start(app, kinds=("human", "human", "greedy"), seed=5, options=None) -> GuildesTable:
    seats = [SeatInfo(n, i, k) for i, (n, k) in enumerate(zip(("Ana", "Bo", "Cy", "Dee"), kinds, strict=False))]
    session = Session(rules.engine("guildes"), app.content("guildes"), "test", seats, seed, options or {})
    table = GuildesTable(app, session)
    app.stack.push(table)
    settle(app)
    reach_table(app, table)
    return table


def top_name(app) -> str:
    return type(app.stack.top).__name__


def reach_table(app, table, limit: int = 600) -> None:
    """Lift curtains, close the "since your last turn" box, let bots play until a person must act."""
    for _ in range(limit):
        if table.session.state.is_over():
            return
        if top_name(app) == "CurtainScene":
            click(app, (640, 300))
        elif table.since:
            click(app, (5, 5))
        elif table.handoff is not None:  # the last person saw the cards they drew: they pass
            key(app, pygame.K_RETURN)
        elif table.pending_bot is not None:
            settle(app, 2)
        elif app.stack.top is table and table.my_turn():
            past_turn_guard(table)  # the turn came back after bots: its guard time passes
            return
        else:
            settle(app, 2)
    raise AssertionError("the table never came back to a person")


def click_hit(app, table, kind, data=None) -> None:
    hit = table.find(kind, data)
    assert hit is not None, (kind, data, [(h.kind, h.data) for h in table.hits if h.kind != "tip"])
    click(app, hit.rect.center)


def click_action(app, table, action) -> None:
    """Do `action` the way a person would: its button, or mage toggles then Confirm."""
    if isinstance(action, Place):
        for mid in action.active:
            if mid not in table.place_sel:
                click_hit(app, table, "toggle", mid)
        click_hit(app, table, "confirm")
    elif isinstance(action, Bid):
        click_hit(app, table, "bid", action.amount)
    else:
        click_hit(app, table, "option", action.value)


def test_first_action_buttons_are_the_six_cards_and_a_click_chooses(app):
    table = start(app)
    assert table.view["prompt"]["kind"] == "leader"
    seat = table.me
    options = table.view["prompt"]["options"]
    click_hit(app, table, "option", options[1])
    assert table.session.state.guilds[seat].leader == options[1]
    reach_table(app, table)
    assert table.view["prompt"]["kind"] in ("leader", "first_action")
    while table.view["prompt"]["kind"] == "leader":
        click_hit(app, table, "option", table.view["prompt"]["options"][0])
        reach_table(app, table)
    labels = {h.data: h for h in table.hits if h.kind == "option"}
    assert sorted(labels) == sorted(["work", "trade", "recruit", "leader", "quest", "combat"])
    seat = table.me
    click_hit(app, table, "option", "quest")
    assert table.session.state.guilds[seat].first == "quest"


def test_placement_by_clicking_mages_then_confirm(app):
    table = start(app)
    while not (table.view["prompt"]["kind"] == "placement"):
        action = table.session.engine.bot("greedy", 1).choose(table.view, table.session.legal_actions(table.me))
        click_action(app, table, action)
        reach_table(app, table)
    seat = table.me
    mine = [m["id"] for m in table.view["guilds"][seat]["mages"] if not m["centre"]]
    click_hit(app, table, "toggle", mine[0])
    assert table.place_sel == {mine[0]}
    click_hit(app, table, "toggle", mine[0])      # a second click takes it back
    assert table.place_sel == set()
    click_hit(app, table, "toggle", mine[-1])
    click_hit(app, table, "confirm")
    state = table.session.state
    assert [m.id for m in state.guilds[seat].mages if m.active] == [mine[-1]]


def test_nothing_secret_of_another_seat_is_drawn(app):
    table = start(app, seed=8)
    for _ in range(60):
        if table.session.state.is_over():
            break
        me = table.me
        text = json.dumps(table.view)
        state = table.session.state
        for g in state.guilds:
            if g.seat != me:
                for cid in g.hand:
                    assert f'"{cid}"' not in json.dumps(table.view["guilds"]), cid
        assert table.view["seat"] == me and text
        action = table.session.engine.bot("greedy", 2).choose(table.view, table.session.legal_actions(me))
        click_action(app, table, action)
        reach_table(app, table)


@pytest.mark.parametrize("seed,kinds", [(3, ("human", "human", "greedy")),
                                        pytest.param(4, ("human", "human", "random", "greedy"), marks=pytest.mark.slow)])
def test_a_whole_game_by_clicks_reaches_the_end_summary(app, seed, kinds):
    table = start(app, kinds=kinds, seed=seed)
    seen: set[str] = set()
    policy = table.session.engine.bot("greedy", seed)
    for _ in range(4000):
        state = table.session.state
        if state.is_over():
            break
        assert table.my_turn()
        seen.add(table.view["prompt"]["kind"])
        before = len(table.session.actions)
        action = policy.choose(table.view, table.session.legal_actions(table.me))
        click_action(app, table, action)
        assert len(table.session.actions) > before or isinstance(action, Place)
        reach_table(app, table)
    assert table.session.state.is_over()
    settle(app, 4)
    assert top_name(app) == "EndScene"
    assert {"leader", "first_action", "second_action", "placement"} <= seen
    app.stack.pop()
    settle(app, 2)
    assert app.stack.top is table and table.find("tip") is not None
    assert table.view["outcome"]["winners"]


def test_every_prompt_kind_gets_a_button_for_every_option(app):
    """Random play through the table: at every human prompt, every listed choice has its own button."""
    table = start(app, kinds=("human", "human"), seed=11)
    import random

    rng = random.Random(1)
    kinds: set[str] = set()
    for _ in range(250):
        if table.session.state.is_over():
            break
        legal = table.session.legal_actions(table.me)
        p = table.view["prompt"]
        kinds.add(p["kind"])
        buttons = {(h.kind, h.data) for h in table.hits if h.kind != "tip"}
        for a in legal:
            if isinstance(a, Choose):
                assert ("option", a.value) in buttons, (p["kind"], a.value)
            elif isinstance(a, Bid):
                assert ("bid", a.amount) in buttons
        action = rng.choice(legal)
        click_action(app, table, action)
        reach_table(app, table)
    assert len(kinds) >= 6, kinds


def test_designer_mode_forces_the_next_die_by_a_click(app):
    table = start(app, options={"designer_mode": True})
    click_hit(app, table, "force", 3)
    click_hit(app, table, "force", 0)
    assert table.session.state.forced == [3, 0]
    assert table.session.state.log[-1]["key"] == "guildes.log.forced"
    assert table.find("force") is not None and table.view["forced"] == 2
    plain = start(make_app("en"))
    assert plain.find("force") is None


@pytest.mark.parametrize("seats", [3, 4])
@pytest.mark.parametrize("size", [(1024, 700), (1280, 800)])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_designer_force_control_leaves_the_dice_title_readable(lang, size, seats):
    """The "Force the next die (n queued)" label, its boxes and the "Dice" title never cover one another."""
    app = make_app(lang, size)
    table = start(app, kinds=("human", "human", "greedy", "greedy")[:seats], options={"designer_mode": True})
    composer = Composer(table, size)
    dice = composer.centre_panels(composer.zones()["centre"])["dice"]
    control = composer.force_control(dice)
    label = control.label_rect
    assert not control.title.colliderect(label), (control.title, label)
    assert label.top >= control.title.bottom or label.left - control.title.right >= 6  # a gap, not touching
    assert control.label == app.tr("guildes.ui.force", n=0)           # whole, not cut
    assert label.width == ui.font(control.size).size(control.label)[0]
    for _value, box in control.boxes:
        assert not box.colliderect(label) and not box.colliderect(control.title)
        assert dice.contains(box)
    assert dice.contains(label)
    assert card_body_top(dice, composer.fs(13)) + control.row >= label.bottom  # the fight and dice start below it


@pytest.mark.parametrize("lang, size", [("fr", (1024, 700)), ("en", (1280, 800))])
def test_the_menu_is_a_button_on_the_table(lang, size) -> None:
    """The pause menu (rules, note, save and quit) was reachable only by Esc, which nothing on the
    table said: a Menu button in the top bar opens it, with a tooltip naming the keys."""
    app = make_app(lang, size)
    app.settings.animation_speed = 50.0
    table = start(app)
    hit = table.find("menu")
    assert hit is not None and ("Esc" in hit.tip or "Échap" in hit.tip)
    assert hit.rect.right <= size[0] - 10 and hit.rect.top >= 0
    click(app, hit.rect.center)
    assert top_name(app) == "PauseMenu"


def test_fight_questions_name_what_they_are_about(app, monkeypatch) -> None:
    """"Quel monstre ce mage affronte-t-il ?" did not name the mage, nor the element's question
    the monster or mage attacked: a player picked for the wrong fight. The bar's title names them."""
    table = start(app)
    cards = table.view["cards"]
    mid = next(iter(cards["mages"]))
    qid = next(q for q in cards["quests"] if cards["quests"][q]["monsters"])
    mage, monster = table.card_name(mid), table.tx(cards["quests"][qid]["monsters"][0]["name"])
    assign = {"kind": "assign", "key": "guildes.prompt.assign", "options": ["monster:0"], "context": {"mage": mid}}
    assert table.prompt_title(assign).startswith(mage)
    element = {"kind": "element", "key": "guildes.prompt.element", "options": ["fire"],
               "context": {"dice": {}, "target": {"quest": qid, "monster": 0}}}
    assert table.prompt_title(element).endswith(monster)
    duel = dict(element, context={"dice": {}, "target": {"seat": 1, "mage": mid}})
    assert mage in table.prompt_title(duel)
    leader = dict(element, context={"dice": {}, "target": {"seat": 1, "mage": "leader"}})
    assert table.prompt_title(leader) == app.tr("guildes.prompt.element_against",
                                                target=app.tr("guildes.ui.leader_of", seat=table.seat_name(1)))
    # the prompt bar draws it as its title
    from tests.ui_helpers import texts_drawn

    drawn = texts_drawn(monkeypatch)
    table.view = dict(table.view, prompt=dict(assign, seats=[table.me]))
    table.layer = None
    app.render()
    assert app.tr("guildes.prompt.assign_named", mage=mage) in drawn


def test_recruit_and_leader_buttons_describe_the_whole_card(app) -> None:
    """The recruit button's tooltip was "Forgeron runique — 3 · 0 · HP 4" (numbers unnamed, "HP" in
    French), the leader's only its power: both now give the card as the tiles do."""
    table = start(app)
    cards = table.view["cards"]
    mid = next(iter(cards["mages"]))
    lid = next(iter(cards["leaders"]))
    tip = table.option_tip("recruit", mid)
    assert tip == table.mage_tip(mid) and table.card_name(mid) in tip and "rubies" in tip
    leader = table.option_tip("leader", lid)
    assert table.tx(cards["leaders"][lid]["power"]) in leader and "Atk" in leader and "work +" in leader


def test_action_card_buttons_say_what_the_card_does_and_its_x2_bonus(app) -> None:
    """The action cards' buttons (Work, Trade, …, X2) had no tooltip, though every card has a text
    and an X2 bonus in actions.yaml: a new player could not tell what a card does before playing it."""
    table = start(app)
    actions = table.view["cards"]["actions"]
    work = table.option_tip("first_action", "work")
    assert table.tx(actions["work"]["text"]) in work and table.tx(actions["work"]["x2"]) in work
    assert table.option_tip("second_action", "x2") == table.tx(actions["x2"]["text"])
    for option in actions:
        assert table.option_tip("first_action", option)


def test_the_final_scores_are_opaque_and_their_columns_explained(app) -> None:
    """The end's score table let the tiles under it show through, and "Jetons", "Soins" were not
    explained: it is drawn opaque over a zone that takes the pointer, each column with its tooltip."""
    table = start(app)
    parts = ("quests", "mages", "items", "leader", "tokens", "healing", "objectives", "total")
    seats = range(len(table.view["guilds"]))
    outcome = {"scores": [0 for _ in seats], "winners": [0], "ranking": list(seats),
               "breakdown": {s: dict.fromkeys(parts, 0) for s in seats}}
    table.view = dict(table.view, outcome=outcome)
    layer, hits = Composer(table, (1024, 700)).run()
    block = next(h for h in hits if h.kind == "block")
    tips = {h.tip for h in hits if h.kind == "tip" and block.rect.contains(h.rect)}
    assert {app.tr(f"guildes.score.tip.{p}") for p in parts} <= tips
    r, g, b, *_ = layer.get_at((block.rect.left + 6, block.rect.bottom - 8))
    assert (r, g, b) == ui.INK[:3] or max(r, g, b) < 60  # nothing of the table shows through


def test_an_auction_offers_every_amount_a_person_may_bid(app) -> None:
    """The bid buttons were the engine's few listed steps (1, 2, 3, 5): a player with 6 rubies
    could not bid 4 or 6, though any amount from the minimum to the purse is a bid."""
    import random

    table = start(app, kinds=("human", "human"), seed=11)
    rng = random.Random(1)
    for _ in range(400):
        p = table.view["prompt"]
        if p and p["kind"] == "bid" and table.view["guilds"][table.me]["rubies"] >= 4:
            break
        click_action(app, table, rng.choice(table.session.legal_actions(table.me)))
        reach_table(app, table)
    else:
        pytest.skip("no auction with 4 rubies or more in this game")
    listed = [a.amount for a in table.session.legal_actions(table.me) if isinstance(a, Bid)]
    purse = table.view["guilds"][table.me]["rubies"]
    offered = sorted(h.data for h in table.hits if h.kind == "bid")
    assert offered[:len(range(min(listed), purse + 1))][:10] == list(range(min(listed), purse + 1))[:10]
    unlisted = next((n for n in offered if n not in listed), None)
    if unlisted is not None:
        click_hit(app, table, "bid", unlisted)
        assert any(e["key"] == "guildes.log.bid" for e in table.session.state.log[-3:])


def test_a_drawn_mage_the_guild_may_not_hire_is_shown_greyed_with_the_reason(app) -> None:
    """"Engagez l'un des deux mages, ou aucun" showed one button when the other mage needed an
    alignment the guild lacked: both show, the refused one greyed, its tooltip saying why, and a
    click on it does nothing."""
    table = start(app)
    cards = table.view["cards"]["mages"]
    me = table.view["guilds"][table.me]
    picky = next(m for m, c in cards.items() if c.get("requires") and c["requires"].get("side")
                 and not (c["requires"]["side"] == "light" and me["alignment"] > 0)
                 and not (c["requires"]["side"] == "dark" and me["alignment"] < 0))
    cheap = next(m for m, c in cards.items() if not c.get("requires") and c["price"] <= me["rubies"])
    prompt = {"kind": "recruit", "key": "guildes.prompt.recruit", "seats": [table.me],
              "options": [cheap, "none"], "context": {"drawn": [cheap, picky]}}
    table.view = dict(table.view, prompt=prompt)
    table.layer = None
    app.render()
    refused = table.find("refused", picky)
    assert refused is not None and not refused.enabled and table.card_name(picky) in refused.tip
    assert table.find("option", cheap) is not None and table.find("option", picky) is None
    log = len(table.session.state.log)
    click(app, refused.rect.center)
    assert len(table.session.state.log) == log


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_dice_panel_greys_and_names_an_earlier_fights_roll(lang, monkeypatch) -> None:
    """A new fight showed the last fight's dice as its own: a roll of another fight than the one
    under way is labelled "previous fight" (greyed); a roll of this fight reads as before."""
    from tests.ui_helpers import texts_drawn

    app = make_app(lang)
    table = start(app)
    why = {"key": "guildes.why.quest_attack", "params": {"monster": {"text": {"fr": "Basilic", "en": "Basilisk"}},
                                                         "element": {"key": "guildes.element.water"}}}
    roll = {"dice": [2, 1, 0, 2], "forced": [False] * 4, "why": why, "total": 5, "fight": 1}
    fight = {"kind": "quest", "seat": 0, "quest": next(iter(table.view["cards"]["quests"])), "party": [],
             "groups": {}, "number": 2}
    drawn = texts_drawn(monkeypatch)
    table.view = dict(table.view, fight=fight, dice=[roll])
    table.layer = None
    app.render()
    shown = table.render(why)
    earlier = app.tr("guildes.ui.roll_earlier", why=shown, total=5)
    assert earlier in drawn and app.tr("guildes.ui.roll", why=shown, total=5) not in drawn
    assert ("Combat précédent" if lang == "fr" else "Previous fight") in earlier
    drawn.clear()
    table.view = dict(table.view, fight=dict(fight, number=1))
    table.layer = None
    app.render()
    assert app.tr("guildes.ui.roll", why=shown, total=5) in drawn and earlier not in drawn


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_dice_panel_greys_and_names_a_past_exchanges_roll_and_a_finished_fights(lang, monkeypatch) -> None:
    """A new duel (or attack, or counter-attack) of a fight showed the last duel's dice as its own,
    and so did the table once the fight was over (a new round's Work, say): a roll of an earlier
    exchange of the fight under way reads "previous roll", one of a finished fight "previous fight",
    both greyed; the exchange's own roll reads as before."""
    from tests.ui_helpers import texts_drawn

    app = make_app(lang)
    table = start(app)
    why = {"key": "guildes.why.quest_attack", "params": {"monster": {"text": {"fr": "Basilic", "en": "Basilisk"}},
                                                         "element": {"key": "guildes.element.water"}}}
    roll = {"dice": [2, 1, 0, 2], "forced": [False] * 4, "why": why, "total": 5, "fight": 3, "strike": 1}
    fight = {"kind": "quest", "seat": 0, "quest": next(iter(table.view["cards"]["quests"])), "party": [],
             "groups": {}, "number": 3, "strike": 2}
    shown = table.render(why)
    labels = {k: app.tr(k, why=shown, total=5) for k in ("guildes.ui.roll", "guildes.ui.roll_previous",
                                                          "guildes.ui.roll_earlier")}
    for now, expected in ((fight, "guildes.ui.roll_previous"), (None, "guildes.ui.roll_earlier"),
                          (dict(fight, strike=1), "guildes.ui.roll")):
        drawn = texts_drawn(monkeypatch)
        table.view = dict(table.view, fight=now, dice=[roll])
        table.layer = None
        app.render()
        assert [k for k, label in labels.items() if label in drawn] == [expected], (now, drawn)
    assert ("Jet précédent" if lang == "fr" else "Previous roll") in labels["guildes.ui.roll_previous"]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_element_buttons_count_the_dice_a_combat_spell_in_hand_adds(lang) -> None:
    """"Feu : aucun dé" and then a spell gave 3 dice: each element's button says the dice a combat
    spell in hand would give (the engine's count, from the view), its tooltip names the spell; in a
    duel the tooltip says the defender may take dice away."""
    from tests.guildes.test_combat import _spell_quest

    app = make_app(lang)
    table = start(app)
    st = _spell_quest()
    table.view = st.view(0)
    table.layer = None
    app.render()
    fire = table.find("option", "fire")
    assert fire is not None
    word = {"fr": "avec un sort", "en": "with a spell"}[lang]
    assert fire.tip and table.card_name("boule_feu") in fire.tip
    labels = {data: label for kind, data, label, _tip, _on in table.buttons() if kind == "option"}
    assert word in labels["fire"] and "7" in labels["fire"] and "3" in labels["fire"]
    assert "4" in labels["air"] and word in labels["earth"]
    # another seat's view of the same prompt says nothing of the spells
    other = st.view(1)
    assert "spell_dice" not in other["prompt"]["context"]
    # a duel: the defender may cast a defence spell
    duel = dict(table.view["prompt"], context=dict(table.view["prompt"]["context"], target={"seat": 1, "mage": "eleve"}))
    table.view = dict(table.view, prompt=duel)
    assert app.tr("guildes.ui.element_guard_tip") in table.option_tip("element", "water")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_x2_market_shows_a_card_the_guild_cannot_afford_greyed_with_the_reason(lang) -> None:
    """Work X2's market looked at two cards and showed one: the card too dear for the purse shows
    greyed, its tooltip giving its price and the guild's rubies, and a click on it does nothing."""
    from tests.guildes.helpers import choose, program, started

    st = started(2)
    st.face_up_item, st.item_deck[:0] = "egide", ["crane_maudit"]          # 6 rubies and 1 ruby
    program(st, {0: "work", 1: "trade"}, {0: "x2", 1: "x2"})
    st.guilds[0].rubies = 0                           # after its first Work: the X2 one brings a few
    while not (st.prompt.kind == "buy" and st.prompt.seats == (0,)):
        choose(st, st.prompt.seats[0], st.prompt.options[st.prompt.seats[0]][-1])     # seat 1 passes
    rubies = st.guilds[0].rubies
    assert 1 <= rubies < 6 and st.prompt.options[0] == ("crane_maudit", "none")
    app = make_app(lang)
    table = start(app)
    table.view = st.view(0)
    table.layer = None
    app.render()
    refused = table.find("refused", "egide")
    assert refused is not None and not refused.enabled
    assert refused.tip == app.tr("guildes.ui.refused_price", name=table.card_name("egide"), price=6, rubies=rubies)
    assert table.find("option", "crane_maudit") is not None and table.find("option", "egide") is None
    assert any(label.startswith(table.card_name("egide")) for kind, _d, label, _t, _o in table.buttons()
               if kind == "refused")


@pytest.mark.parametrize("lang, size", [("fr", (1024, 700)), ("en", (1280, 800))])
@pytest.mark.parametrize("values", [(2, 2, 2, 2), (-10, -10, -9, 0), (10, 9, 10, 10), (1, 2, 1, 2)])
def test_every_seats_marker_shows_on_the_alignment_track_with_its_tooltip(lang, size, values) -> None:
    """Seats at the same alignment hid one another's markers: each marker has its own place on the
    track (none overlaps another), inside the track, with a tooltip naming the seat and its value."""
    app = make_app(lang, size)
    table = start(app, kinds=("human", "human", "greedy", "greedy"))
    guilds = [dict(g, alignment=v) for g, v in zip(table.view["guilds"], values, strict=True)]
    table.view = dict(table.view, guilds=guilds)
    composer = Composer(table, size)
    _, hits = composer.run()
    track = composer.zones()["track"]
    marks = []
    for g in guilds:
        tip = app.tr("guildes.ui.track_tip", name=table.seat_name(g["seat"]), n=g["alignment"])
        found = [h.rect for h in hits if h.kind == "tip" and h.tip == tip]
        assert len(found) == 1, tip
        marks.append(found[0])
    for i, a in enumerate(marks):
        assert track.contains(a)
        assert all(not a.colliderect(b) for b in marks[i + 1:]), marks
    order = sorted(range(len(values)), key=lambda i: (values[i], i))
    assert [marks[i].centerx for i in order] == sorted(m.centerx for m in marks)   # still in the values' order


@pytest.mark.parametrize("lang, size", [("fr", (1024, 700)), ("en", (1280, 800)), ("fr", (1280, 800)),
                                        ("en", (1024, 700))])
def test_the_bot_banner_leaves_the_header_and_track_readable(lang, size, monkeypatch) -> None:
    """"Hugo réfléchit…" was drawn over the header (round, phase, first player) and the track while
    a bot played: it sits in the prompt bar, which then only says whom the table waits for."""
    from tests.ui_helpers import drawn_panels

    app = make_app(lang, size)
    table = start(app, kinds=("human", "human", "greedy"))
    table.view = dict(table.view, prompt=None, to_act=[2])
    table.layer = None
    panels = drawn_panels(monkeypatch)
    table.pending_bot = 2
    table.draw(app.screen)                  # as a frame draws it (app.render would let the bot play)
    banner = panels[-1]
    zones = Composer(table, size).zones()
    assert not banner.colliderect(zones["top_bar"]) and not banner.colliderect(zones["track"])
    assert zones["prompt"].contains(banner)
    waiting = app.tr("guildes.ui.waiting", name=table.seat_name(2))
    line = pygame.Rect(zones["prompt"].left, zones["prompt"].top, ui.font(20).size(waiting)[0] + 30, 40)
    assert not banner.colliderect(line)                                 # nor the bar's own first line


def _five_seat_table(app, seed: int, kind: str) -> GuildesTable:
    """A 5-seat table (people at every seat, greedy bots playing for them) stopped at the first
    `kind` prompt from round 2."""
    seats = [SeatInfo(n, i, "human") for i, n in enumerate(("Ana", "Bo", "Cy", "Dee", "Élodie"))]
    session = Session(rules.engine("guildes"), app.content("guildes"), "test", seats, seed, {})
    session.store = None
    bots = [session.engine.bot("greedy", seed + s) for s in range(5)]
    for _ in range(3000):
        st = session.state
        if st.is_over() or (st.round >= 2 and st.prompt is not None and st.prompt.kind == kind):
            break
        seat = st.to_act()[0]
        session.apply(seat, bots[seat].choose(st.view(seat), st.legal_actions(seat)))
    table = GuildesTable(app, session)
    app.stack.push(table)
    settle(app)
    return table


def _covered(app, value: str, tip: str) -> bool:
    """Whether `tip` gives the whole of the cut text `value` (a tile row may be drawn with the
    alignment abbreviated: its tooltip spells it out)."""
    for part in value.split(" · "):
        short = next((n for n in range(-10, 11) if part == app.tr("guildes.ui.alignment_short", n=n)), None)
        if part not in tip and (short is None or app.tr("guildes.ui.alignment", n=short) not in tip):
            return False
    return True


@pytest.mark.parametrize("lang, size", [("fr", (1024, 700)), ("en", (1024, 700)), ("en", (1280, 800))])
def test_names_in_the_market_auction_and_five_seat_tiles_are_whole_or_tooltipped(lang, size, monkeypatch) -> None:
    """A playtest found names cut in the market and auction panels and in 5-seat tiles at 1024x700:
    a market or auction row is never cut where a smaller font or a second line holds it, a tile row
    tries the alignment abbreviated and the objectives left to its tooltip first, and whatever is
    still cut has a tooltip giving it whole."""
    app = make_app(lang, size)
    real = ui.ellipsize
    for seed, kind in ((1, "recruit"), (1, "bid"), (2, "recruit"), (3, "bid")):
        table = _five_seat_table(app, seed, kind)
        cuts: list[str] = []

        def recording(value, *a, cuts=cuts, **k):
            out = real(value, *a, **k)
            if out != value:
                cuts.append(value)
            return out

        monkeypatch.setattr(ui, "ellipsize", recording)
        composer = Composer(table, size)
        _, hits = composer.run()
        monkeypatch.setattr(ui, "ellipsize", real)
        market = composer.centre_panels(composer.zones()["centre"])["market"]
        drawn = [m for m in table.view.get("drawn_mages") or []]
        names = [table.card_name(m) for m in drawn]
        for value in cuts:
            assert not any(n in value for n in names), (value, "a drawn mage's name is cut in the market")
            assert any(_covered(app, value, h.tip) for h in hits if h.tip), (seed, kind, value)
        assert market.height >= composer.market_need(composer.zones()["centre"].width) or not drawn
        app.stack.pop()


@pytest.mark.parametrize("lang, size", [("fr", (1024, 700)), ("en", (1280, 800))])
def test_the_hand_off_stays_in_the_prompt_bar_inside_the_window(lang, size) -> None:
    """A person's own action draws cards and hands over to the other person: "Your turn is over —
    Pass to Bo" sits in the prompt bar under its first line, wholly inside the window (the
    stacked box ran off the foot at 1024x700, its button cut in half), clear of the panels."""
    import random

    app = make_app(lang, size)
    session = Session(rules.engine("guildes"), app.content("guildes"), "test",
                      [SeatInfo("Ana", 0, "human"), SeatInfo("Bo", 1, "human")], 5, {})
    table = GuildesTable(app, session)
    app.stack.push(table)
    settle(app)
    rng = random.Random(3)
    for _ in range(400):
        if top_name(app) == "CurtainScene":
            click(app, (size[0] // 2, size[1] // 2))
            continue
        if table.since:
            click(app, (5, 5))
            continue
        if table.handoff is not None:
            break
        past_turn_guard(table)
        table.try_act(rng.choice(session.state.legal_actions(table.unveiled)))
        settle(app)
    assert table.handoff is not None and app.stack.top is table
    app.render()
    box, zones = table.handoff_panel, table.zone_rects
    assert pygame.Rect(0, 0, *size).contains(box), box
    assert zones["prompt"].contains(box), (box, zones["prompt"])
    for name in ("top_bar", "track", "main", "log"):
        assert not box.colliderect(zones[name]), (name, box)
    key(app, pygame.K_RETURN)
    assert top_name(app) == "CurtainScene"


def test_a_click_just_after_the_bots_played_is_held_as_in_anludim(app, monkeypatch) -> None:
    """The shared turn guard (scenes/table.py): one person and two bots; once the bots have played
    and the game comes back to the person, a click within TURN_GUARD_S applies nothing and says
    why; the same click a moment later applies."""
    import scenes.table as T

    now = [1000.0]
    monkeypatch.setattr(T, "clock", lambda: now[0])
    table = start(app, kinds=("human", "greedy", "greedy"))
    policy = table.session.engine.bot("greedy", 1)
    came_back = False
    for _ in range(60):
        action = policy.choose(table.view, table.session.legal_actions(table.me))
        click_action(app, table, action)
        for _ in range(300):  # the bots play; the clock stands still
            if table.session.state.is_over() or (table.pending_bot is None and table.my_turn()):
                break
            settle(app, 2)
        came_back = table.just_came_back() and not isinstance(
            policy.choose(table.view, table.session.legal_actions(table.me)), Place)
        if came_back or table.session.state.is_over():
            break
        now[0] += T.TURN_GUARD_S  # a person's pace: the next turn starts with the guard passed
    assert came_back and {s for s, _ in table.session.actions[-2:]} <= {1, 2}
    actions = len(table.session.actions)
    action = policy.choose(table.view, table.session.legal_actions(table.me))
    click_action(app, table, action)  # meant for the table before it changed
    assert len(table.session.actions) == actions
    assert app.tr("table.turn_back") in app.toasts.texts()
    now[0] += T.TURN_GUARD_S + 0.1
    click_action(app, table, action)
    assert len(table.session.actions) > actions and table.session.actions[actions] == (table.me, action)


@pytest.mark.parametrize("lang, size", [("fr", (1024, 700)), ("en", (1280, 800))])
def test_a_person_laying_a_line_sees_the_mages_already_laid_in_order(lang, size, monkeypatch) -> None:
    """Laying a duel line face down, mage after mage, a player saw only "next mage" and the mages
    left: which one went first (and so meets the first attacker) was nowhere. The laid mages come
    first in the bar, numbered and greyed (not a choice), for that seat alone."""
    from tests.ui_helpers import texts_drawn

    app = make_app(lang, size)
    seats = [SeatInfo(n, i, "human") for i, n in enumerate(("Ana", "Bo", "Cy"))]
    session = Session(rules.engine("guildes"), app.content("guildes"), "test", seats, 1, {})
    session.store = None
    bots = [session.engine.bot("master", 1 + s) for s in range(3)]
    for _ in range(3000):
        st = session.state
        if st.prompt is not None and st.prompt.kind == "line" and st.prompt.private.get("laid"):
            break
        seat = st.to_act()[0]
        session.apply(seat, bots[seat].choose(st.view(seat), st.legal_actions(seat)))
    seat, laid = session.state.prompt.seats[0], list(session.state.prompt.private["laid"])
    table = GuildesTable(app, session)
    app.stack.push(table)
    settle(app)
    reach_table(app, table)
    assert table.me == seat
    drawn = texts_drawn(monkeypatch)
    table.layer = None
    app.render()
    names = [f"{i}. {table.card_name(mid)}" for i, mid in enumerate(laid, start=1)]
    assert all(name in drawn for name in names)
    greyed = [h for h in table.hits if h.kind == "laid"]
    assert [h.data for h in greyed] == laid and not any(h.enabled for h in greyed)
    assert greyed[0].tip == app.tr("guildes.ui.laid_tip", n=1)
    options = [h for h in table.hits if h.kind == "option"]
    assert options and all(h.rect.left > greyed[-1].rect.left or h.rect.top > greyed[-1].rect.top for h in options)
    assert not set(laid) & {h.data for h in options}
    # nobody else's view carries the laid mages
    for other in (None, *(s for s in range(3) if s != seat)):
        assert "laid" not in json.dumps(session.view(other)["prompt"])


@pytest.mark.parametrize("lang, size", [("fr", (1024, 700)), ("en", (1024, 700)), ("en", (1280, 800))])
def test_the_bot_banner_leaves_the_unveiled_seats_buttons_clear(lang, size, monkeypatch) -> None:
    """While a bot thought (a dark power), the person on screen was asked their second card: at
    1024x700 "Robot 4 réfléchit…" lay over the middle of their buttons. It goes where no button is."""
    app = make_app(lang, size)
    table = start(app, kinds=("human", "human", "greedy"))
    assert table.my_turn()
    cards = [c for c in table.view["cards"]["actions"] if c != "x2"]
    second = {"seats": [table.me], "kind": "second_action", "key": "guildes.prompt.second_action",
              "options": [*cards, "x2"], "context": {}}
    table.view = dict(table.view, prompt=second)
    table.layer = None
    panels = []
    real = ui.panel
    monkeypatch.setattr(ui, "panel", lambda surface, rect, *a, **k: panels.append(pygame.Rect(rect)) or real(
        surface, rect, *a, **k))
    table.pending_bot = 2
    table.draw(app.screen)
    banner = panels[-1]
    buttons = [h.rect for h in table.hits if h.kind in ("option", "bid", "toggle", "confirm", "refused")]
    assert buttons and not any(banner.colliderect(r) for r in buttons)
    assert app.screen.get_rect().contains(banner)


@pytest.mark.parametrize("lang, size", [("fr", (1024, 700)), ("en", (1280, 800))])
def test_placing_with_quest_and_combat_says_the_first_takes_every_active_mage(lang, size, monkeypatch) -> None:
    """A player with Quest then Combat set two mages active, sent one against the monster and lost
    the Combat to "no active mage": the placement says, under its buttons, that the first of the
    two takes every active mage."""
    from tests.ui_helpers import texts_drawn

    app = make_app(lang, size)
    table = start(app)
    me = table.me
    guilds = [dict(g) for g in table.view["guilds"]]
    placing = {"seats": [me], "kind": "placement", "key": "guildes.prompt.placement", "options": [], "context": {}}
    note = app.tr("guildes.ui.place_once_quest", first=app.tr("guildes.card.quest"),
                  second=app.tr("guildes.card.combat"))
    for first, second, shown in (("quest", "combat", True), ("work", "combat", False), ("quest", "x2", False)):
        guilds[me] = dict(guilds[me], first=first, second=second)
        table.view = dict(table.view, guilds=guilds, prompt=placing)
        table.layer = None
        drawn = texts_drawn(monkeypatch)
        table.draw(app.screen)
        text = " ".join(drawn)
        assert (note.split(":")[0] in text) is shown, (first, second)
        assert (table.prompt_note(placing) == note) is shown
        monkeypatch.undo()
    bar = table.zone_rects["prompt"]
    guilds[me] = dict(guilds[me], first="quest", second="combat")
    table.view = dict(table.view, guilds=guilds, prompt=placing)
    table.layer = None
    sizes = drawn_with_sizes(monkeypatch, ui)
    table.draw(app.screen)
    lines = [r for t, _, r in sizes if t and t in note]
    assert lines and all(bar.contains(r) for r in lines)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_bid_question_names_the_mage_for_sale_and_the_offer_to_beat(lang, monkeypatch) -> None:
    """"Bid on the mage for sale" left a player looking for which mage it was: the question names
    it, and the best offer so far with its bidder."""
    from tests.ui_helpers import texts_drawn

    app = make_app(lang, (1024, 700))
    table = start(app)
    mid = next(iter(table.view["cards"]["mages"]))
    name = table.card_name(mid)
    bid = {"seats": [table.me], "kind": "bid", "key": "guildes.prompt.bid", "options": [], "context": {}}
    table.view = dict(table.view, prompt=bid, lot={"mage": mid, "high": None, "bidder": None, "out": []})
    assert table.prompt_title(bid) == app.tr("guildes.prompt.bid_named", mage=name)
    other = 1 - table.me if table.me in (0, 1) else 0
    table.view = dict(table.view, lot={"mage": mid, "high": 3, "bidder": other, "out": []})
    title = table.prompt_title(bid)
    assert name in title and "3" in title and table.seat_name(other) in title
    drawn = texts_drawn(monkeypatch)
    table.layer = None
    table.draw(app.screen)
    assert any(name in t for t in drawn if t.startswith(title[:12]))


@pytest.mark.parametrize("lang, size", [("fr", (1024, 700)), ("en", (1280, 800))])
def test_placement_buttons_are_check_boxes_ticked_for_the_active_mages(lang, size, monkeypatch) -> None:
    """The selected mage's button was only a shade lighter than the others: a player could not
    tell which mages they had set active. Each mage's button carries a box, ticked when active."""
    app = make_app(lang, size)
    table = start(app)
    me = table.me
    mine = [m["id"] for m in table.view["guilds"][me]["mages"] if not m["centre"]]
    placing = {"seats": [me], "kind": "placement", "key": "guildes.prompt.placement", "options": [], "context": {}}
    table.view = dict(table.view, prompt=placing)
    table.place_sel = {mine[0]}
    table.layer = None
    ticks = []
    real = pygame.draw.lines
    monkeypatch.setattr(pygame.draw, "lines", lambda surface, colour, closed, points, *a, **k: ticks.append(
        points) or real(surface, colour, closed, points, *a, **k))
    table.draw(app.screen)
    toggles = {h.data: h.rect for h in table.hits if h.kind == "toggle"}
    assert set(toggles) == set(mine)
    inside = [mid for mid, r in toggles.items() if any(all(r.collidepoint(p) for p in pts) for pts in ticks)]
    assert inside == [mine[0]]


def test_the_since_box_tells_a_person_what_the_others_did_not_their_own_doings(app, monkeypatch) -> None:
    """A person's first "since the game began" box listed their own set-up ("Ana takes Master
    Bazaar as leader", the guild and mages they were dealt): noise. It now tells what the others
    did and were dealt; each seat's own lines still show in the others' boxes."""
    from tests.ui_helpers import texts_drawn

    table = start(app, kinds=("human", "human", "human"))
    boxes: dict[int, list[list[dict]]] = {0: [], 1: [], 2: []}
    for _ in range(60):
        if top_name(app) == "CurtainScene":
            click(app, (640, 300))
            boxes[table.unveiled].append(list(table.since))
            if table.since:
                drawn = texts_drawn(monkeypatch)
                table.draw_since(pygame.Surface(app.size))
                shown = " ".join(drawn)  # the box's rows, long entries wrapped at spaces
                assert table.render(table.since[-1]).split()[-1] in shown  # (the rows are there)
                for e in table.session.state.log:
                    if e["params"].get("seat") == {"seat": table.me} and e["key"] in ("guildes.log.leader",
                                                                                       "guildes.log.dealt"):
                        assert " ".join(table.render(e).split()) not in shown, table.render(e)
                click(app, (5, 5))
        elif table.my_turn() and table.view["prompt"]["kind"] in ("leader", "first_action"):
            if table.view["prompt"]["kind"] == "first_action" and all(boxes.values()):
                break
            past_turn_guard(table)
            click_hit(app, table, "option", table.view["prompt"]["options"][0])
        else:
            settle(app, 2)

    def keys(box, seat):
        return [e["key"] for e in box if e["params"].get("seat") == {"seat": seat}]

    first_of = {seat: next(b for b in got if b) for seat, got in boxes.items() if any(got)}
    assert keys(first_of[1], 1) == [] and keys(first_of[1], 0) == ["guildes.log.dealt"]  # Bo: Ana's deal, not his
    assert keys(first_of[1], 2) == ["guildes.log.dealt"]
    assert "guildes.log.leader" not in keys(first_of[0], 0)  # Ana's first turn: the others' leaders only
    assert "guildes.log.leader" in keys(first_of[0], 1) and "guildes.log.leader" in keys(first_of[0], 2)
    assert "guildes.log.income" in keys(first_of[0], 0)  # what happened to her guild still shows
