"""The Ambre table with real pygame events (SDL dummy driver): typing names (TEXTINPUT), bids,
stakes, elements, a scene with a floor request behind the curtain, Couper, closing gifts,
consequences, the epilogue and the story export — and whole 3-person games clicked to the end."""

from __future__ import annotations

import os

import pygame
import pytest

import rules
from game.session import SeatInfo, Session
from rules.ambre import actions as A
from scenes.ambre.table import AmbreTable
from tests.ui_helpers import click, make_app, settle


@pytest.fixture
def app():
    app = make_app("fr")
    app.settings.animation_speed = 50.0
    return app


def start(app, kinds=("human", "human", "human"), seed=3) -> AmbreTable:
    names = ("Ana", "Bo", "Cy", "Di", "Ed")
    seats = [SeatInfo(names[i], i, kind) for i, kind in enumerate(kinds)]
    session = Session(rules.engine("ambre"), app.content("ambre"), "test", seats, seed, {})
    table = AmbreTable(app, session)
    app.stack.push(table)
    settle(app)
    return table


def top_name(app) -> str:
    return type(app.stack.top).__name__


def lift_curtain(app) -> None:
    """Click the curtain's reveal button, then close the "since your last turn" box."""
    curtain = app.stack.top
    table = curtain.table
    click(app, curtain.buttons["reveal"].rect.center)
    if table.since:
        click(app, (5, 5))


def point(table, hit) -> tuple[int, int]:
    r = hit.rect
    for fx in (0.5, 0.3, 0.7, 0.15, 0.85):
        for fy in (0.5, 0.3, 0.7, 0.15, 0.85):
            p = (int(r.left + r.width * fx), int(r.top + r.height * fy))
            found = table.hit_at(p, click=True)
            if found is not None and found.kind == hit.kind and found.data == hit.data:
                return p
    raise AssertionError(f"no free point on {hit.kind} {hit.data}")


def click_hit(app, table, hit) -> None:
    assert hit is not None
    click(app, point(table, hit))


def button(table, kind_or_label) -> object:
    """A console button by the action type it applies, or by its label."""
    for hit in table.buttons_now():
        data = hit.data
        if data[0] == "act" and isinstance(kind_or_label, type) and isinstance(data[1], kind_or_label):
            return hit
        if isinstance(kind_or_label, str) and (hit.tip == kind_or_label or data[0] == kind_or_label):
            return hit
    return None


def type_text(app, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, {"text": text}))
    settle(app, 2)


def key(app, k) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": k, "mod": 0, "unicode": "", "scancode": 0}))
    settle(app, 2)


def ready(app, table, limit=50) -> None:
    """Lift curtains, close the summary box, let bots play, until a person acts at the table."""
    for _ in range(limit):
        if table.session.state.is_over() or top_name(app) == "EndScene":
            return
        if top_name(app) == "CurtainScene":
            lift_curtain(app)
        elif table.since:
            click(app, (5, 5))
        elif table.pending_bot is not None:
            settle(app, 3)
        else:
            return


def bots_play_until(app, table, stop) -> None:
    """The "steady" bots play every seat until `stop(state)`, then the table catches up (a curtain
    still up is lifted first: two stacked curtains unveiled the first seat, not the one to play)."""
    ready(app, table)
    session = table.session
    bots = [session.engine.bot("steady", i) for i in range(len(session.seats))]
    while not stop(session.state):
        st = session.state
        seat = st.waiting_on()[0]
        session.apply(seat, bots[seat].choose(st.view(seat), st.legal_actions(seat)))
    table.advance()
    ready(app, table)


def name_characters(app, table) -> None:
    for i in range(len(table.session.seats)):
        ready(app, table)
        assert table.typing()
        type_text(app, f"Perso{i}")
        key(app, pygame.K_TAB)
        type_text(app, "Je veux ")
        type_text(app, f"le trône {i}")
        click_hit(app, table, button(table, A.Character))


def test_names_and_motivations_are_typed_behind_the_curtain(app):
    table = start(app)
    ready(app, table)
    assert table.unveiled == 0 and table.typing()
    type_text(app, "Ali")
    key(app, pygame.K_BACKSPACE)
    type_text(app, "ix")
    assert table.fields["name"] == "Alix"
    key(app, pygame.K_RETURN)  # to the motivation field
    type_text(app, "Je veux la couronne")
    key(app, pygame.K_RETURN)  # confirms
    state = table.session.state
    assert state.names[0] == "Alix" and state.motivations[0] == "Je veux la couronne"
    assert top_name(app) == "CurtainScene"
    lift_curtain(app)
    assert table.unveiled == 1 and table.fields == {"name": "", "motivation": ""}
    click_hit(app, table, button(table, A.Character))  # nothing typed: refused with a message
    assert state.names[1] is None and app.toasts.items and app.toasts.items[-1].kind == "error"


def test_bids_by_clicking_hand_cards_and_the_joker(app):
    table = start(app)
    name_characters(app, table)
    state = table.session.state
    seen = []
    for _ in range(3):
        ready(app, table)
        seat = table.unveiled
        seen.append(seat)
        assert seat in state.to_act()
        card = state.jokers[seat] if seat == 1 else state.hands[seat][0]
        click_hit(app, table, table.find("hand", card))
    assert seen[0] == 2  # the last one to type its name bids first: no needless curtain
    assert sorted(seen) == [0, 1, 2] and state.bidding.stage != "lay" and 1 in state.bidding.abstained


def test_a_floor_request_goes_behind_the_curtain_and_couper_is_a_button(app):
    table = start(app)
    session = table.session
    bots_play_until(app, table, lambda st: st.scene is not None and st.scene.step == "narration")
    sc = session.state.scene
    narrator = sc.narrator
    assert table.unveiled == narrator
    other = next(s for s in range(3) if s != narrator)
    click_hit(app, table, next(h for h in table.buttons_now() if h.data == ("curtain", other)))
    assert top_name(app) == "CurtainScene"
    lift_curtain(app)
    assert table.unveiled == other and table.requesting == other
    card = session.state.hands[other][0]
    click_hit(app, table, table.find("hand", card))
    assert sc.request == (other, card)
    assert top_name(app) == "CurtainScene"  # back to the narrator
    lift_curtain(app)
    assert table.unveiled == narrator and card not in str(table.view)
    click_hit(app, table, button(table, A.YieldFloor))
    assert sc.narrator == other
    ready(app, table)
    click_hit(app, table, button(table, A.FirstSentence))
    cutters = sc.couper_seats()
    if cutters:
        click_hit(app, table, button(table, A.Couper))
        assert sc.couper == cutters[0]
        assert button(table, "curtain") is None  # nobody may ask any more
    click_hit(app, table, button(table, A.EndNarration))
    assert sc.step == "closing"


def drive(app, table, gifts=True, limit=3000) -> set[str]:
    """Play by clicks until the end: buttons first, then playable cards; returns the action kinds."""
    state = table.session.state
    done: set[str] = set()
    for _ in range(limit):
        ready(app, table)
        if state.is_over() or top_name(app) == "EndScene":
            return done
        before = len(table.session.actions)
        _one_step(app, table, gifts)
        if len(table.session.actions) > before:
            done.add(table.session.actions[-1][1].type)
    raise AssertionError("the game did not end")


def _one_step(app, table, gifts) -> None:
    """One person's step by clicks and keys: a character typed and confirmed while one is asked
    for, else `_one_click`."""
    if table.typing():
        type_text(app, f"Héros {table.unveiled}")
        key(app, pygame.K_TAB)
        type_text(app, "Je veux tout")
        click_hit(app, table, button(table, A.Character))
    else:
        _one_click(app, table, gifts)


def _one_click(app, table, gifts: bool) -> None:
    legal = table.legal()
    sc = table.view["scene"]
    kinds = {type(a) for a in legal}
    if table.pick and table.pick.get("to") is not None:  # a closing gift: the card to turn
        hit = next(h for h in table.hits if h.kind == "ccard" and h.data[0] == sc["conflict"]
                   and (table.view["conflicts"][sc["conflict"]]["cards"][h.data[1]]["up"] == (table.pick["from"] == "aside")))
        click_hit(app, table, hit)
        return
    if table.pick:
        hit = next(h for h in table.buttons_now() if h.data[0] in ("give_to", "act"))
        click_hit(app, table, hit)
        return
    if gifts and A.CloseFromHand in kinds and len(table.view["hand"]) > 3:
        click_hit(app, table, table.find("hand", table.view["hand"][0]))
        return
    if A.AcceptGage in kinds and table.view["hand"]:
        click_hit(app, table, table.find("hand", table.view["hand"][-1]))
        return
    for kind in (A.Bid, A.RaiseBid, A.Lay):
        if kind in kinds and (kind is A.Bid or len(table.view["hand"]) > 9):
            card = next(a.card for a in legal if isinstance(a, kind))
            click_hit(app, table, table.find("hand", card))
            return
    for kind in (A.Element, A.TakeAside, A.TakeHand, A.OfferGage, A.Give):
        if kind in kinds:
            card = next(a.card for a in legal if isinstance(a, kind))
            hit = next(h for h in table.hits if h.kind == "ccard" and h.tip and
                       table.view["conflicts"][h.data[0]]["cards"][h.data[1]]["card"] == card)
            click_hit(app, table, hit)
            return
    hit = next((h for h in table.buttons_now() if h.data[0] == "act"), None)
    assert hit is not None, (table.view["phase"], sc and sc["step"], legal[:3])
    click_hit(app, table, hit)


def test_a_whole_game_of_three_people_by_clicks_and_the_story_export(app):
    table = start(app, seed=5)
    kinds = drive(app, table)
    state = table.session.state
    assert state.is_over() and len(state.scenes) == 6
    assert {"character", "bid", "stake", "element", "initiate", "choose_setup", "choose_narrator", "announce",
            "first_sentence", "end_narration", "close_from_hand", "conclude", "tell_epilogue"} <= kinds
    assert top_name(app) == "EndScene"
    path = table.export_story()
    assert path and os.path.exists(path)
    text = open(path, encoding="utf-8").read()
    assert text.startswith("# Une histoire d'Ambre") and "Héros 0" in text and "## Épilogue" in text


def test_a_game_with_a_bot_seat_in_english(app):
    app.settings.language = "en"
    app.strings.set_language("en")
    table = start(app, kinds=("human", "steady", "human"), seed=8)
    drive(app, table, gifts=False)
    state = table.session.state
    assert state.is_over() and state.names[1] in state.rules.bot_names
    assert all(s["narrators"] for s in state.scenes)


def test_a_game_with_master_and_apprentice_seats(app):
    """The master lets the others set up its scenes: the table passes that set-up to the people."""
    table = start(app, kinds=("human", "master", "apprentice"), seed=3)
    drive(app, table, gifts=False)
    state = table.session.state
    assert state.is_over()
    opened = next(s for s in state.scenes if s["initiator"] == 1)
    assert opened["setup"] == [0, 2]


def test_export_button_in_the_epilogue(app, monkeypatch, tmp_path):
    from game import paths

    monkeypatch.setattr(paths, "data_dir", lambda: tmp_path)
    table = start(app, seed=4)
    bots_play_until(app, table, lambda st: st.phase == "epilogue")
    click_hit(app, table, button(table, "export"))
    files = list((tmp_path / "stories").glob("ambre-*.md"))
    assert len(files) == 1 and "# Une histoire d'Ambre" in files[0].read_text(encoding="utf-8")


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800)])
def test_every_step_draws_at_both_sizes(size):
    app = make_app("en", size=size)
    table = start(app, seed=6)
    session = table.session
    bots = [session.engine.bot("random", i) for i in range(3)]
    steps = set()
    while not session.state.is_over():
        st = session.state
        seat = st.waiting_on()[0]
        session.apply(seat, bots[seat].choose(st.view(seat), st.legal_actions(seat)))
        key_ = (st.phase, st.scene.step if st.scene else None)
        if key_ in steps:
            continue
        steps.add(key_)
        table.unveiled = st.to_act()[0] if st.to_act() else None
        table.refresh()
        app.screen.fill((0, 0, 0))
        table.draw(app.screen)
        for hit in table.hits:
            assert hit.rect.right <= size[0] and hit.rect.bottom <= size[1], (key_, hit.kind, hit.rect)
    assert len(steps) >= 10


def test_the_end_chart_follows_the_fates_scene_by_scene(app):
    table = start(app, seed=9)
    session = table.session
    bots = [session.engine.bot("random", i) for i in range(3)]
    while not session.state.is_over():
        st = session.state
        seat = st.waiting_on()[0]
        session.apply(seat, bots[seat].choose(st.view(seat), st.legal_actions(seat)))
    rows = table.score_history(session.view(None))
    assert len(rows) == 1 + len(session.state.scenes)
    assert rows[-1] == [float(s) for s in session.outcome()["scores"]]


def _to_step(table, stop, seed=1):
    """Steady moves (applied through the session) until `stop(state)`; then the table catches up."""
    session = table.session
    bots = [session.engine.bot("steady", seed * 7 + i) for i in range(len(session.seats))]
    for _ in range(3000):
        st = session.state
        if stop(st):
            break
        seat = st.waiting_on()[0]
        session.apply(seat, bots[seat].choose(st.view(seat), st.legal_actions(seat)))
    while type(table.stack.top).__name__ == "CurtainScene":  # the first curtain, now stale
        table.stack.pop()
    table.unveiled = None
    table.advance()


def test_closing_from_the_put_aside_cards_by_clicks(app):
    table = start(app, seed=7)
    _to_step(table, lambda s: s.scene is not None and s.scene.step == "closing"
             and any(s.aside[x] for x in range(3)) and s.aside[s.scene.closing_queue[0]])
    ready(app, table)
    st = table.session.state
    seat = st.scene.closing_queue[0]
    assert table.unveiled == seat
    card = st.aside[seat][0]
    click_hit(app, table, table.find("aside", card))
    assert table.pick == {"from": "aside", "card": card, "to": None}
    give = next(h for h in table.buttons_now() if h.data[0] == "give_to")
    to = give.data[1]
    click_hit(app, table, give)
    conflict = st.conflicts[st.scene.conflict]
    ups = [i for i, (_, up) in enumerate(conflict.cards) if up]
    if ups:  # click the face-up card to turn down
        click_hit(app, table, table.find("ccard", (st.scene.conflict, ups[0])))
        assert conflict.cards[ups[0]][1] is False
    assert card in st.aside[to] and card not in st.aside[seat]


def test_no_gage_and_a_refused_gage_are_buttons(app):
    table = start(app, seed=11)
    _to_step(table, lambda s: s.scene is not None and s.scene.step == "consequences"
             and s.scene.queue and s.scene.queue[0][0] == "offer_gage")
    ready(app, table)
    sc = table.session.state.scene
    if len(table.view["conflicts"][sc.conflict]["cards"]) and table.legal() and any(
            isinstance(a, A.OfferGage) for a in table.legal()):
        card = next(a.card for a in table.legal() if isinstance(a, A.OfferGage))
        hit = next(h for h in table.hits if h.kind == "ccard" and
                   table.view["conflicts"][h.data[0]]["cards"][h.data[1]]["card"] == card)
        click_hit(app, table, hit)
        ready(app, table)
        assert sc.queue[0][0] == "answer_gage"
        click_hit(app, table, button(table, A.RefuseGage))
        assert sc.moves[-1]["kind"] == "refuse_gage" and card in table.session.state.conflicts[sc.conflict].face_up()
    else:
        click_hit(app, table, button(table, A.NoGage))
        assert sc.moves[-1]["kind"] == "no_gage"


def test_the_others_set_up_and_a_pick_can_be_cancelled(app):
    table = start(app, seed=12)
    _to_step(table, lambda s: s.scene is not None and s.scene.step == "setup_choice")
    ready(app, table)
    sc = table.session.state.scene
    click_hit(app, table, button(table, app.tr("ambre.button.setup_others")))
    assert sc.setup == [s for s in range(3) if s != sc.initiator]
    assert table.session.state.to_act() == sc.setup


@pytest.mark.parametrize("lang,size", [("fr", (1024, 700)), ("en", (1024, 700)), ("en", (1280, 800))])
def test_the_confirm_character_button_is_always_on_screen(lang, size):
    """At 1024x700 in French the button below the two fields fell outside the console and was not
    drawn: a new player could confirm only with Enter, which nothing said. Where there is no room
    below the fields it stands beside the motivation field ("Valider"); a click confirms."""
    app = make_app(lang, size=size)
    app.settings.animation_speed = 50.0
    table = start(app)
    ready(app, table)
    confirm = button(table, A.Character)
    assert confirm is not None
    fields = [h for h in table.hits if h.kind == "field"]
    assert len(fields) == 2 and confirm.rect.bottom <= size[1] - 20  # inside the console panel
    motivation = next(f for f in fields if f.data == "motivation")
    beside = confirm.rect.top == motivation.rect.top and confirm.rect.left > motivation.rect.right
    assert beside or confirm.rect.top > motivation.rect.bottom
    # at 1024x700 the prompt takes a third line beside the hand column (as wide as for the rest of
    # the game, a hand of 14 there): the button stands beside the motivation field
    assert beside == (size == (1024, 700))
    assert not any(confirm.rect.colliderect(f.rect) for f in fields)
    type_text(app, "Alix")
    key(app, pygame.K_TAB)
    type_text(app, "Je veux la couronne")
    click_hit(app, table, confirm)
    assert table.session.state.names[0] == "Alix"


def test_ones_own_motivation_shows_at_the_table_and_the_players_name_beside_the_character(app):
    """A playtest never saw its own secret motivation after typing it (the README: shown to its
    seat "at any time"), and could not tell that Ana on the curtain plays Corwin at the table."""
    table = start(app, kinds=("human", "human", "random"))
    for name in ("Corwin", "Fiona"):
        ready(app, table)
        type_text(app, name)
        key(app, pygame.K_TAB)
        type_text(app, f"Je veux que {name} règne")
        key(app, pygame.K_RETURN)
    ready(app, table)
    me = table.unveiled
    mine = [h for h in table.hits if h.kind == "motivation"]
    assert [h.data for h in mine] == [me]
    assert f"Je veux que {('Corwin', 'Fiona')[me]} règne" in mine[0].tip  # the whole text, in the tooltip
    other = ("Corwin", "Fiona")[1 - me]
    assert not any(other + " règne" in (h.tip or "") for h in table.hits)  # never another seat's
    seats = {h.data: h.tip for h in table.hits if h.kind == "seat"}
    assert seats[0] == "Ana joue Corwin" and seats[1] == "Bo joue Fiona"


def test_every_card_put_aside_shows_in_ones_own_row(app):
    """Seven cards put aside showed six at 1024x700 (the row dropped what did not fit)."""
    app = make_app("fr", size=(1024, 700))
    app.settings.animation_speed = 50.0
    table = start(app)
    ready(app, table)
    state = table.session.state
    me = table.unveiled
    state.aside[me] += [state.hands[me].pop() for _ in range(12)]
    table.refresh()
    settle(app, 2)
    shown = sorted((h for h in table.hits if h.kind == "aside"), key=lambda h: h.rect.left)
    assert len(shown) == 12 and all(app.screen.get_rect().contains(h.rect) for h in shown)
    assert shown[1].rect.left - shown[0].rect.left < shown[-1].rect.width + 4  # overlapping: side by side, some would not fit


def test_the_motivation_starts_with_i_want_already_written(app):
    """"Je veux…" was a hint that vanished at the first key: a playtester's motivation lost it."""
    table = start(app)
    ready(app, table)
    type_text(app, "Alix")
    key(app, pygame.K_TAB)
    assert table.fields["motivation"] == "Je veux "
    type_text(app, "la couronne")
    key(app, pygame.K_RETURN)
    assert table.session.state.motivations[0] == "Je veux la couronne"
    lift_curtain(app)
    type_text(app, "Bran")
    key(app, pygame.K_RETURN)
    type_text(app, "Je veux le trône")  # the opening typed again over the written one: kept once
    key(app, pygame.K_RETURN)
    assert table.session.state.motivations[1] == "Je veux le trône"


def ctrl_a(app) -> None:
    """A real Ctrl+A: Ctrl's key down, then A's down and up with Ctrl held (SDL sends no text for it)."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_LCTRL, "mod": pygame.KMOD_LCTRL,
                                                          "unicode": "", "scancode": 224}))
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, {"key": pygame.K_a, "mod": pygame.KMOD_LCTRL,
                                                    "unicode": "\x01", "scancode": 4}))
    settle(app, 2)


def press_and_type(app, text: str) -> None:
    """Typing as a keyboard does: each character's key down (Shift's first for a capital), then
    its text (the key down came first and cleared the selection: "Alix", Ctrl+A, "Bran" gave
    "AlixBran" in a real window)."""
    for ch in text:
        if ch.isupper():
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_LSHIFT, "mod": pygame.KMOD_LSHIFT,
                                                                  "unicode": "", "scancode": 225}))
        k = pygame.key.key_code(ch.lower()) if ch.isalpha() else pygame.K_SPACE
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": k, "mod": 0, "unicode": ch, "scancode": 0}))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, {"text": ch}))
    settle(app, 2)


def field_colours(app, table, name) -> set:
    box = table.find("field", name).rect
    shot = app.screen.subsurface(box.inflate(-6, -6)).copy()
    return {tuple(shot.get_at((x, y)))[:3] for x in range(shot.get_width()) for y in range(shot.get_height())}


def test_ctrl_a_selects_a_fields_whole_text_as_everywhere_else(app):
    """Ctrl+A in the name and motivation fields did nothing (a playtester's "select all, retype"
    appended to the old text). It selects the whole text, drawn highlighted: typing replaces it,
    Backspace clears it, another key leaves the selection and the text."""
    table = start(app)
    ready(app, table)
    assert table.typing()
    type_text(app, "Alix")
    plain = field_colours(app, table, "name")
    ctrl_a(app)
    highlight = field_colours(app, table, "name") - plain
    assert len(highlight) >= 1  # the selection's colour behind the text
    press_and_type(app, "Bran")
    assert table.fields["name"] == "Bran"
    assert not highlight & field_colours(app, table, "name")
    ctrl_a(app)
    key(app, pygame.K_LEFT)  # leaves the selection, keeps the text
    type_text(app, "d")
    assert table.fields["name"] == "Brand"
    key(app, pygame.K_TAB)
    type_text(app, "la couronne")
    assert table.fields["motivation"] == "Je veux la couronne"
    ctrl_a(app)
    assert highlight & field_colours(app, table, "motivation")
    key(app, pygame.K_BACKSPACE)
    assert table.fields["motivation"] == ""
    type_text(app, "Je veux la paix")
    ctrl_a(app)
    press_and_type(app, "Je veux la paix")  # typed over the selection: once
    key(app, pygame.K_RETURN)
    state = table.session.state
    assert state.names[0] == "Brand" and state.motivations[0] == "Je veux la paix"


def test_the_curtain_titles_the_conflicts_and_every_seat_fits_its_panel(monkeypatch):
    """The curtain's box of arcana had no title (a playtester could not tell they were the
    conflicts); with five seats at 1024x700 the last two names ran out of the seats' panel."""
    from scenes import ui
    from tests.ui_helpers import drawn_with_sizes

    app = make_app("fr", size=(1024, 700))
    drawn = drawn_with_sizes(monkeypatch, ui)
    start(app, kinds=("human",) * 5)
    assert top_name(app) == "CurtainScene"
    app.render()
    texts = {value: rect for value, _size, rect in drawn}
    assert "Les conflits en jeu" in texts
    title = texts["À la table"]
    button = app.stack.top.buttons["reveal"].rect
    for name in ("Ana", "Bo", "Cy", "Di", "Ed"):
        rect = texts[name]
        assert title.bottom < rect.top and rect.bottom <= button.top - 30, name  # inside the panel, clear of the button


def test_five_people_at_1024_each_get_a_floor_request_button_that_says_so():
    """With five people at 1024x700 the console dropped every button past two rows: three of the
    four floor requests were not drawn. Each request now names its person and what it does, and
    a crowded console uses lower buttons with the short label (the tooltip keeps the whole)."""
    app = make_app("fr", size=(1024, 700))
    app.settings.animation_speed = 50.0
    table = start(app, kinds=("human",) * 5)
    session = table.session
    bots_play_until(app, table, lambda st: st.scene is not None and st.scene.step == "narration")
    click_hit(app, table, button(table, A.FirstSentence))
    narrator = session.state.scene.narrator
    asks = {h.data[1]: h for h in table.buttons_now() if h.data[0] == "curtain"}
    others = [s for s in range(5) if s != narrator and session.state.hands[s]]
    assert sorted(asks) == others and len(others) >= 3
    for s, hit in asks.items():
        assert hit.tip == f"{table.char_name(s)} demande la parole"
        assert app.screen.get_rect().contains(hit.rect)
    end = button(table, A.EndNarration)
    assert all(hit.rect.top > end.rect.bottom for hit in asks.values())  # a row of their own


def test_small_post_its_never_draw_text_over_text_and_their_tooltip_gives_the_elements(monkeypatch):
    """With five conflicts at 1024x700 an element's second line was drawn over the values line
    ("Majesté 9 Résilience 6" across "• Personnage : …"): it stops above it, cut with "…", and the
    post-it's tooltip gives every element."""
    from scenes import ui
    from tests.ui_helpers import drawn_with_sizes

    app = make_app("fr", size=(1024, 700))
    app.settings.animation_speed = 50.0
    table = start(app, kinds=("human",) * 5)
    session = table.session
    bots_play_until(app, table, lambda st: st.scene is not None and st.scene.step == "narration")
    drawn = drawn_with_sizes(monkeypatch, ui)
    table.layer = None
    table.buttons_now()
    postits = [h for h in table.hits if h.kind == "postit"]
    assert len(postits) == 5
    for hit in postits:
        inside = [rect for _v, _s, rect in drawn if hit.rect.contains(rect)]
        assert len(inside) >= 5
        for i, a in enumerate(inside):
            assert not any(a.colliderect(b) for b in inside[i + 1:]), hit.data
        conflict = session.state.view(None)["conflicts"][hit.data]
        for e in conflict["elements"]:
            assert e["text"]["fr"] in hit.tip


def test_a_picked_hand_card_stays_below_the_hand_title(monkeypatch):
    """A picked card is raised; it covered the "Main : …" title above the hand."""
    from scenes import ui
    from tests.ui_helpers import drawn_with_sizes

    app = make_app("fr", size=(1024, 700))
    table = start(app)
    ready(app, table)
    card = table.session.state.hands[table.unveiled][0]
    table.pick = {"card": card, "from": "hand"}
    drawn = drawn_with_sizes(monkeypatch, ui)
    table.layer = None
    table.buttons_now()
    title = next(rect for value, _s, rect in drawn if value.startswith("Main : "))
    raised = table.find("hand", card)
    assert raised.rect.top >= title.bottom


def test_the_curtain_names_the_characters_as_the_table_does(monkeypatch):
    """The curtain's log said "Ana pose une carte face cachée." while the table's said "Perso2 …":
    it names the characters now (public, the post-it's name side), and each seat row gives the
    character and who plays it; no secret (motivation, face-down card) is drawn."""
    from scenes import ui
    from tests.ui_helpers import drawn_with_sizes

    app = make_app("fr", size=(1024, 700))
    app.settings.animation_speed = 50.0
    table = start(app)
    name_characters(app, table)
    ready(app, table)
    seat = table.unveiled
    card = table.session.state.hands[seat][0]
    click_hit(app, table, table.find("hand", card))
    assert top_name(app) == "CurtainScene"
    drawn = drawn_with_sizes(monkeypatch, ui)
    curtain = app.stack.top
    curtain._under = None  # drawn once when it came up: again, under the spy
    app.render()
    texts = [value for value, _size, _rect in drawn]
    assert f"Perso{seat} pose une carte face cachée." in texts
    assert not any(("Ana", "Bo", "Cy")[seat] + " pose" in t for t in texts)
    rows = {value: rect for value, _size, rect in drawn}
    for i, player in enumerate(("Ana", "Bo", "Cy")):  # "Perso0  Ana": the character, then its player
        assert rows[f"Perso{i}"].right < rows[player].left and abs(rows[f"Perso{i}"].top - rows[player].top) <= 3
    assert not any("le trône" in t for t in texts)  # motivations stay secret
    assert not any(card.split("-")[-1] in t for t in texts if "pose" in t)  # nor the face-down card


@pytest.mark.parametrize("lang,size", [("fr", (1024, 700)), ("en", (1280, 800))])
def test_the_hand_column_keeps_its_width_as_the_hand_changes(lang, size):
    """The hand column followed the hand's size (and the step's prompt): as cards were played the
    cards, the prompt and the buttons moved. It keeps one width through a whole game clicked to the
    end; every hand card stays whole, inside the console and over no other."""
    app = make_app(lang, size=size)
    app.settings.animation_speed = 50.0
    table = start(app)
    state = table.session.state
    lefts: dict[int, set[int]] = {}
    for _ in range(3000):
        ready(app, table)
        if state.is_over() or top_name(app) == "EndScene":
            break
        hand = [h for h in table.hits if h.kind == "hand"]
        if hand:
            lefts.setdefault(len(hand), set()).add(min(h.rect.left for h in hand))
            for i, h in enumerate(hand):
                assert app.screen.get_rect().contains(h.rect)
                assert h.rect.width >= 28 and h.rect.height >= 42, h.rect
                assert not any(h.rect.colliderect(o.rect) for o in hand[i + 1:])
        _one_step(app, table, True)
    assert state.is_over()
    assert len(lefts) >= 8  # hands of many sizes were seen
    assert len(set().union(*lefts.values())) == 1, lefts


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800)])
def test_a_conflict_holding_many_cards_lays_them_in_rows_each_readable_and_clickable(size):
    """Seventeen cards staked on one conflict lay in one row of 11-pixel slivers: no value could
    be read and a card to give an element was a guess. They lay in rows, each card showing at least
    seven tenths of its width (value and suit), and a click on one in the top row picks it."""
    from tests.ambre.helpers import put

    app = make_app("fr", size=size)
    app.settings.animation_speed = 50.0
    table = start(app, seed=3)
    _to_step(table, lambda s: s.phase == "elements")
    st = table.session.state
    seat = st.to_act()[0]
    target = next(i for i, c in enumerate(st.conflicts) if len(c.cards) < 17)
    spare = [card for pile in (st.boxed, *st.hands) for card in pile if not card.startswith("M")]
    for card in spare[: 17 - len(st.conflicts[target].cards)]:
        put(st, target, card, up=True)
    assert len(st.conflicts[target].cards) == 17
    table.refresh()
    ready(app, table)
    assert table.unveiled == seat
    hits = [h for h in table.hits if h.kind == "ccard" and h.data[0] == target]
    assert len(hits) == 17
    card_w = max(h.rect.width for h in hits)
    assert all(h.rect.width >= card_w * 0.7 for h in hits), sorted(h.rect.width for h in hits)
    assert len({h.rect.top for h in hits}) >= 2  # rows
    first = hits[0]
    card = st.conflicts[target].cards[0][0]
    assert any(isinstance(a, A.Element) and a.card == card for a in st.legal_actions(seat))
    click_hit(app, table, first)
    assert not any(c == card and up for c, up in st.conflicts[target].cards)  # given an element: turned down


def test_ones_motivation_is_no_longer_called_secret_once_the_epilogue_revealed_it(app):
    """At the epilogue every motivation is read out and written in the log, yet the side panel
    still said "Votre motivation (secrète)": it says "(révélée)" from then on."""
    table = start(app, seed=3)
    _to_step(table, lambda s: s.phase == "act1")
    ready(app, table)
    hit = next(h for h in table.hits if h.kind == "motivation")
    assert hit.tip.startswith("Votre motivation (secrète)")
    _to_step(table, lambda s: s.phase == "epilogue")
    ready(app, table)
    hit = next(h for h in table.hits if h.kind == "motivation")
    from scenes.ambre.compose import motivation_text

    motivation = motivation_text(table.view["motivations"][hit.data], app.strings)
    assert hit.tip == app.tr("ambre.prompt.your_motivation_revealed", motivation=motivation)
    assert hit.tip.startswith("Votre motivation (révélée)")


def test_the_curtain_marks_to_play_only_the_seats_the_scene_waits_on(monkeypatch):
    """During narration anyone may ask for the floor, so the rules list every seat as able to act:
    the curtain said "doit jouer" beside all three, the bot that never asks included. It marks the
    narrator, and the person the curtain calls."""
    from tests.ui_helpers import texts_drawn

    app = make_app("fr", size=(1024, 700))
    app.settings.animation_speed = 50.0
    table = start(app, kinds=("human", "human", "steady"), seed=3)
    _to_step(table, lambda s: s.scene is not None and s.scene.step == "narration")
    st = table.session.state
    assert len(st.to_act()) == 3 and len(st.waiting_on()) == 1
    public = table.session.state.view(None)
    drawn = texts_drawn(monkeypatch)
    table.curtain = None
    table.draw_public(pygame.Surface((1024, 700)), pygame.Rect(80, 230, 864, 300), public)
    assert drawn.count(app.tr("curtain.to_act")) == 1


def move_to(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}))
    settle(app, 2)


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800)])
def test_a_played_cards_place_stays_empty_so_a_quick_second_click_plays_nothing(size):
    """The hand reflowed as soon as a card left it: at a scene's set-up (several cards laid one
    after the other) a quick double click laid the card that slid under the pointer too. The card's
    place stays empty while the pointer is over the hand, the others unmoved: the second click lays
    nothing. Once the pointer leaves the hand, it closes up."""
    app = make_app("fr", size=size)
    app.settings.animation_speed = 50.0
    table = start(app, seed=3)
    _to_step(table, lambda s: any(isinstance(a, A.Lay) for seat in s.to_act() for a in s.legal_actions(seat)))
    ready(app, table)
    st = table.session.state
    seat = table.unveiled
    hand = [h for h in table.hits if h.kind == "hand"]
    layable = {a.card for a in st.legal_actions(seat) if isinstance(a, A.Lay)}
    first = next(h for h in hand[:-1] if h.data in layable)  # a card with another after it
    places = {h.data: h.rect.copy() for h in hand}
    conflict = st.scene.conflict
    before = len(st.conflicts[conflict].cards)
    spot = point(table, first)
    click(app, spot)
    click(app, spot)  # the double click's second press, on the same spot
    assert table.unveiled == seat and len(st.conflicts[conflict].cards) == before + 1
    assert st.conflicts[conflict].cards[-1][0] == first.data
    assert table.hit_at(spot, click=True) is None
    now = {h.data: h.rect for h in table.hits if h.kind == "hand"}
    assert first.data not in now and all(now[c] == places[c] for c in now)  # the others unmoved
    move_to(app, (5, size[1] // 2))  # the pointer leaves the hand: it closes up
    closed = [h for h in table.hits if h.kind == "hand"]
    assert [h.data for h in closed] == [h.data for h in hand if h.data != first.data]
    assert closed[hand.index(first)].rect.topleft == places[first.data].topleft


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800)])
@pytest.mark.parametrize("count", [15, 17, 24])
def test_five_people_read_each_card_of_a_crowded_conflict(size, count, monkeypatch):
    """Five people, 15 cards or more on one conflict: its post-it is a fifth of the table and the
    cards were drawn 19x30 in slivers 12 pixels wide, no value readable. Each card is a tag, its
    value and suit side by side, at least 24x16, none over another nor under any text, all inside
    the post-it; a click on one picks it."""
    from scenes import ui
    from tests.ambre.helpers import put
    from tests.ui_helpers import drawn_with_sizes

    app = make_app("fr", size=size)
    app.settings.animation_speed = 50.0
    table = start(app, kinds=("human",) * 5, seed=3)
    _to_step(table, lambda s: s.phase == "elements")
    st = table.session.state
    seat = st.to_act()[0]
    target = 0
    spare = [card for pile in (st.boxed, *st.hands) for card in pile if not card.startswith("M")]
    for i, card in enumerate(spare[: count - len(st.conflicts[target].cards)]):
        put(st, target, card, up=i % 4 != 1)
    assert len(st.conflicts[target].cards) == count
    table.refresh()
    ready(app, table)
    assert table.unveiled == seat
    drawn = drawn_with_sizes(monkeypatch, ui)
    table.layer = None
    table._ensure()
    postit = table.find("postit", target).rect
    hits = [h for h in table.hits if h.kind == "ccard" and h.data[0] == target]
    assert len(hits) == count
    for i, h in enumerate(hits):
        assert h.rect.width >= 24 and h.rect.height >= 16, h.rect
        assert postit.contains(h.rect), (h.rect, postit)
        assert not any(h.rect.colliderect(o.rect) for o in hits[i + 1:])
        for text, _size, rect in drawn:
            if postit.contains(rect):
                assert not rect.colliderect(h.rect), (text, rect, h.rect)
    first = next(i for i, (card, up) in enumerate(st.conflicts[target].cards)
                 if up and any(isinstance(a, A.Element) and a.card == card for a in st.legal_actions(seat)))
    card = st.conflicts[target].cards[first][0]
    click_hit(app, table, hits[first])
    assert not any(c == card and up for c, up in st.conflicts[target].cards)  # given an element: turned down


@pytest.mark.parametrize("lang, says", [("fr", "la parole"), ("en", "the floor")])
def test_three_people_at_1024_floor_requests_say_what_they_do(monkeypatch, lang, says):
    """Playtest: with three people at 1024x700 the narration console (end of narration, Couper, two
    floor requests) fell back to the short labels, and a floor request's short label was the bare
    name: two buttons "Brand" and "Corwin" under "Corwin : « Couper ! »", read as a vote. The short
    label now says what the button does; the bare name is kept for a console that cannot hold it."""
    from scenes import ui
    from tests.ui_helpers import drawn_with_sizes

    app = make_app(lang, size=(1024, 700))
    app.settings.animation_speed = 50.0
    table = start(app)
    session = table.session
    bots_play_until(app, table, lambda st: st.scene is not None and st.scene.step == "narration")
    click_hit(app, table, button(table, A.FirstSentence))
    drawn = drawn_with_sizes(monkeypatch, ui)
    table.layer = None
    asks = [h for h in table.buttons_now() if h.data[0] == "curtain"]
    narrator = session.state.scene.narrator
    assert sorted(h.data[1] for h in asks) == [s for s in range(3) if s != narrator]
    for hit in asks:
        labels = [value for value, _size, rect in drawn if hit.rect.contains(rect)]
        assert labels == [f"{table.char_name(hit.data[1])}{' :' if lang == 'fr' else ':'} {says}"], labels
        assert app.screen.get_rect().contains(hit.rect)
    click_hit(app, table, asks[0])  # and it still asks for the floor: the curtain passes to that person
    assert top_name(app) == "CurtainScene" and app.stack.top.seat == asks[0].data[1]


def _giving(st) -> bool:
    sc = st.view(None)["scene"]
    return bool(sc and sc["step"] == "consequences" and sc["queue"] and sc["queue"][0][0] == "give"
                and len(sc["involved"]) == 3)  # two losers: the winner chooses who gets the card


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_second_act_winner_sees_which_card_it_is_giving(lang):
    """Playtest: in the second act the winner clicks a card of the conflict, then "To which
    loser?" — nothing said which card was picked (every card it may give has the same gold frame,
    and the tooltip goes with the pointer). The prompt names the card and the card is framed apart."""
    from scenes.ambre.compose import PICKED
    from scenes.ambre.console import Console, card_text

    app = make_app(lang, size=(1024, 700))
    app.settings.animation_speed = 50.0
    table = start(app, seed=1)
    bots_play_until(app, table, _giving)
    winner = table.session.state.view(None)["scene"]["queue"][0][1]
    assert table.unveiled == winner
    gives = [a for a in table.legal() if isinstance(a, A.Give)]
    give = next(a for a in gives if sum(b.card == a.card for b in gives) == 2)
    table.buttons_now()
    hit = next(h for h in table.hits if h.kind == "ccard"
               and table.view["conflicts"][h.data[0]]["cards"][h.data[1]]["card"] == give.card)
    click_hit(app, table, hit)
    assert table.pick == {"from": "conflict", "card": give.card}
    lines, buttons = Console(table).build()
    named = card_text(table.view, give.card, app.tr)
    assert lines == [app.tr("ambre.prompt.give_to", card=named)] and named in lines[0]
    assert {b[1][1].to for b in buttons if b[1][0] == "act"} >= {give.to}
    table.buttons_now()
    picked = next(h for h in table.hits if h.kind == "ccard" and h.data == hit.data)
    app.render()
    frame = picked.rect.inflate(10, 10)
    red = sum(tuple(app.screen.get_at((x, y)))[:3] == PICKED
              for x in range(frame.left, frame.right) for y in range(frame.top, frame.bottom))
    assert red >= picked.rect.width  # its frame, drawn apart from the others' gold


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_floor_request_lies_face_down_under_its_seat(monkeypatch, lang):
    """Playtest: once someone asked for the floor, the narrator's table said "… asks for the floor:
    finish your sentence and yield it" and the log told it, but nothing lay in front of the one
    asking (the rulebook: a card laid face down before them). The seat's row now shows the card,
    face down to the table and face up to its owner, and says what it is."""
    from scenes import ui
    from sprites.ambre import cards as S
    from tests.ui_helpers import drawn_with_sizes

    app = make_app(lang, size=(1024, 700))
    app.settings.animation_speed = 50.0
    table = start(app)
    session = table.session
    bots_play_until(app, table, lambda st: st.scene is not None and st.scene.step == "narration")
    narrator = session.state.scene.narrator
    other = next(s for s in range(3) if s != narrator)
    drawn_cards: list[tuple[str | None, bool]] = []
    real_card = S.card

    def spy(card_, size, colours, up=True, *args, **kwargs):
        drawn_cards.append((card_, up))
        return real_card(card_, size, colours, up, *args, **kwargs)

    monkeypatch.setattr(S, "card", spy)
    table.layer = None
    table.buttons_now()
    backs_before = drawn_cards.count((None, False))  # the conflicts' face-down cards
    click_hit(app, table, next(h for h in table.buttons_now() if h.data == ("curtain", other)))
    lift_curtain(app)
    card = session.state.hands[other][0]
    drawn = drawn_with_sizes(monkeypatch, ui)
    click_hit(app, table, table.find("hand", card))
    lift_curtain(app)  # back to the narrator
    assert table.unveiled == narrator
    drawn.clear()
    drawn_cards.clear()
    table.layer = None
    table.buttons_now()
    side = table.hits and max(h.rect.right for h in table.hits if h.kind == "ccard")
    said = [rect for value, _size, rect in drawn if value == app.tr("ambre.ui.asks_floor")]
    assert len(said) == 1 and said[0].left > side  # in the seats' panel, beside the conflicts
    assert drawn_cards.count((None, False)) == backs_before + 1  # and one more card lies face down
    assert card not in str(table.view)  # which the narrator cannot see


@pytest.mark.parametrize("lang, size", [("fr", (1024, 700)), ("en", (1280, 800))])
def test_the_name_and_motivation_labels_sit_whole_above_their_fields(monkeypatch, lang, size):
    """Playtest: the box of each field started two pixels under the size of its label's font, so
    it cut the descenders of "Nom du personnage" (p, g). Each label now ends above its box, and
    the fields and the confirm button still fit the console."""
    from scenes import ui
    from tests.ui_helpers import drawn_with_sizes

    app = make_app(lang, size=size)
    table = start(app)
    ready(app, table)
    assert table.typing()
    drawn = drawn_with_sizes(monkeypatch, ui)
    table.layer = None
    table.buttons_now()
    for key, label in (("name", "ambre.ui.name"), ("motivation", "ambre.ui.motivation")):
        text = next(rect for value, _s, rect in drawn if value == app.tr(label))
        box = table.find("field", key).rect
        assert text.bottom <= box.top + 1 and text.left >= box.left - 1, (key, text, box)
    confirm = button(table, A.Character)
    console = max((h.rect for h in table.hits if h.kind == "field"), key=lambda r: r.bottom)
    assert confirm is not None and app.screen.get_rect().contains(confirm.rect)
    assert console.bottom < size[1] - 12
