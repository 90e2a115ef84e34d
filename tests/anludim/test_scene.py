"""The Anludim table scene with real pygame events (SDL dummy driver): selecting, flipping, laying,
refusals, drawing, hidden hands, and whole 3-seat games (2 people + 1 bot) clicked to the end."""

from __future__ import annotations

import json

import pygame
import pytest

from game.session import SeatInfo, Session
from rules.anludim import actions as A
from scenes.anludim.table import AnludimTable
from scenes.table import TURN_GUARD_S
from tests.ui_helpers import click, drawn_with_sizes, key, make_app, past_turn_guard, settle


@pytest.fixture
def app():
    app = make_app("en")
    app.settings.animation_speed = 50.0  # bots still play step by step, only faster
    return app


def start(app, kinds=("human", "human", "greedy"), seed=5, expert=False) -> AnludimTable:
    seats = [SeatInfo(name, i, kind) for i, (name, kind) in enumerate(zip(("Ana", "Bo", "Cy"), kinds, strict=False))]
    import rules

    session = Session(rules.engine("anludim"), app.content("anludim"), "test", seats, seed, {"expert": expert})
    table = AnludimTable(app, session)
    app.stack.push(table)
    settle(app)
    reach_table(app, table)
    return table


def top_name(app) -> str:
    return type(app.stack.top).__name__


def reach_table(app, table: AnludimTable, limit: int = 400) -> None:
    """Lift curtains, close the "since your last turn" box and let bots play until a person must act."""
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


def point(table: AnludimTable, hit) -> tuple[int, int]:
    """A point of `hit` that is not covered by another zone."""
    r = hit.rect
    for fx in (0.5, 0.7, 0.3, 0.85, 0.15):
        for fy in (0.3, 0.5, 0.7, 0.15, 0.85):
            p = (int(r.left + r.width * fx), int(r.top + r.height * fy))
            found = table.hit_at(p, click=True)
            if found is not None and found.kind == hit.kind and found.data == hit.data:
                return p
    raise AssertionError(f"no free point on {hit.kind} {hit.data}")


def click_zone(app, table, kind, data=None) -> None:
    hit = table.find(kind, data)
    assert hit is not None, (kind, data)
    click(app, point(table, hit))


def select(app, table, cards) -> None:
    """Flip each card to its half and click it, as a person would."""
    for cid, half in cards:
        if table.half_of(cid) != half:
            click_zone(app, table, "flip", cid)
        click_zone(app, table, "card", cid)


def a_lay(table, size=None) -> A.Lay:
    lays = [a for a in table.session.state.legal_actions(table.me) if isinstance(a, A.Lay) and a.onto == -1
            and all(cid in {c["id"] for c in table.view["hand"]} for cid, _ in a.cards)]
    if size is not None:
        lays = [a for a in lays if len(a.cards) == size] or lays
    assert lays
    return sorted(lays, key=lambda a: len(a.cards))[0]


def test_clicking_a_card_selects_it_and_the_label_follows(app) -> None:
    table = start(app)
    hint = list(table.label)
    lay = a_lay(table)
    first = lay.cards[0]
    select(app, table, [first])
    assert table.sel.ids() == [first[0]]
    assert table.label != hint and table.label == [app.tr("anludim.ui.no_combination")]
    select(app, table, lay.cards[1:])
    assert [c for c, _ in table.sel.cards] == [c for c, _ in lay.cards]
    prof = table.prof(lay.professor)
    expected = app.tr("anludim.ui.beats", kind=table.kind_name(prof["kind"]), professor=table.tx(prof["name"]))
    holder = prof["seat"]
    if holder is not None and holder != table.me:
        expected = app.tr("anludim.ui.beats_from", kind=table.kind_name(prof["kind"]),
                          professor=table.tx(prof["name"]), seat=table.seat_name(holder))
    assert expected in table.label
    click_zone(app, table, "card", first[0])  # a second click takes it out again
    assert first[0] not in table.sel.ids()


def test_the_flip_control_flips_the_half(app) -> None:
    table = start(app)
    cid = table.view["hand"][0]["id"]
    assert table.half_of(cid) == 0
    click_zone(app, table, "flip", cid)
    assert table.half_of(cid) == 1
    click_zone(app, table, "card", cid)
    assert table.sel.cards == [(cid, 1)]
    pos = point(table, table.find("card", cid))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": 3}))  # right click flips
    settle(app, 2)
    assert table.half_of(cid) == 0 and table.sel.cards == [(cid, 0)]


def test_laying_by_clicks_applies_the_engine_lay(app) -> None:
    table = start(app)
    seat = table.me
    lay = a_lay(table)
    select(app, table, lay.cards)
    click_zone(app, table, "professor", lay.professor)
    public = table.session.view(None)
    laid = public["seats"][seat]["combos"]
    assert laid and [(c["id"], c["half"]) for c in laid[-1]["cards"]] == list(lay.cards)
    assert next(p for p in public["professors"] if p["id"] == lay.professor)["seat"] == seat
    assert table.session.actions[-1][1] == lay or isinstance(table.session.actions[-1][1], A.EndTurn | A.Lay)


def test_the_call_button_lays_too(app) -> None:
    table = start(app, seed=8)
    lay = a_lay(table)
    select(app, table, lay.cards)
    click_zone(app, table, "button", ("lay", lay.professor))
    assert any(isinstance(a, A.Lay) for _, a in table.session.actions)


def test_an_illegal_lay_shows_the_reason(app) -> None:
    table = start(app)
    cid = table.view["hand"][0]["id"]
    select(app, table, [(cid, 0)])
    before = len(table.session.actions)
    click_zone(app, table, "professor", "alchimiste")
    assert len(table.session.actions) == before
    reason = app.tr("anludim.illegal.not_a_combination", kind=app.tr("anludim.kind.suite"))
    assert reason in app.toasts.texts()


def test_the_refusal_is_in_the_players_language(app) -> None:
    app.set_language("fr")
    table = start(app)
    cid = table.view["hand"][0]["id"]
    select(app, table, [(cid, 0)])
    click_zone(app, table, "professor", "elementaliste")
    assert "Ces cartes ne forment pas une combinaison Assemblée." in app.toasts.texts()


def test_the_draw_button_draws_two(app) -> None:
    table = start(app)
    seat = table.me
    before = table.session.view(None)["seats"][seat]["hand_size"]
    click_zone(app, table, "button", ("draw",))
    assert isinstance(table.session.actions[-1][1], A.Draw) or isinstance(table.session.actions[-2][1], A.Draw)
    assert table.session.view(None)["seats"][seat]["hand_size"] == before + 2


def test_taking_a_face_up_card(app) -> None:
    table = start(app)
    card = table.view["face_up"][1]["id"]
    click_zone(app, table, "face_up", 1)
    assert card in table.session.state.table.seats[0].hand


def test_optional_discard_then_end_turn(app) -> None:
    table = start(app, kinds=("human", "human", "human"), seed=11)
    # seat 2 starts with a parchment (last seat in round 1): play to its turn
    for _ in range(2):
        click_zone(app, table, "button", ("draw",))
        reach_table(app, table)
    assert table.me == 2 and table.view["seats"][2]["parchments"] == 1
    click_zone(app, table, "button", ("draw",))
    assert table.view["phase"] == "after_main"
    click_zone(app, table, "my_parchment")
    hand = table.view["seats"][2]["hand_size"]
    click_zone(app, table, "button", ("discard_parchment",))
    public = table.session.view(None)
    assert public["seats"][2]["parchments"] == 0 and public["seats"][2]["hand_size"] == hand + 1
    assert public["current"] == 0  # the optional action after the main one ends the turn


def test_take_back_at_the_start_of_the_turn(app) -> None:
    table = start(app, kinds=("human", "human", "human"), seed=5)
    lay = a_lay(table)
    select(app, table, lay.cards)
    click_zone(app, table, "professor", lay.professor)
    reach_table(app, table)
    if table.view["phase"] == "after_main":
        click_zone(app, table, "button", ("end_turn",))
        reach_table(app, table)
    for _ in range(2):  # the two other seats draw
        click_zone(app, table, "button", ("draw",))
        reach_table(app, table)
        if table.view["phase"] == "after_main":
            click_zone(app, table, "button", ("end_turn",))
            reach_table(app, table)
    assert table.me == 0 and table.view["phase"] == "start"
    combos = len(table.view["seats"][0]["combos"])
    assert combos >= 1
    click_zone(app, table, "button", ("take_back", 0))
    assert len(table.session.view(None)["seats"][0]["combos"]) == combos - 1


def test_an_unveiled_view_never_holds_another_hand(app) -> None:
    table = start(app)
    state = table.session.state
    for _ in range(30):
        if state.is_over():
            break
        view = table.view
        assert view["seat"] == table.unveiled
        text = json.dumps(view)
        for other, s in enumerate(state.table.seats):
            if other != view["seat"]:
                assert not any(f'"{cid}"' in text for cid in s.hand if not _visible(view, cid))
        drive_one(app, table)


def _visible(view, cid) -> bool:
    """A card id may appear only if it is public (face-up, laid, discard top)."""
    public = [c for c in view["face_up"] if c] + ([view["discard_top"]] if view["discard_top"] else [])
    public += [c for s in view["seats"] for combo in s["combos"] for c in combo["cards"]]
    return any(c["id"] == cid for c in public)


def lay_by_clicks(app, table: AnludimTable, lay: A.Lay) -> None:
    """Pick the target combination (expert `onto`), flip and click each card (hand or laid), call."""
    hand = {c["id"] for c in table.view["hand"]}
    if lay.onto != -1:
        click_zone(app, table, "onto", lay.onto)
    for cid, half in lay.cards:
        kind = "card" if cid in hand else "laid"
        if table.half_of(cid) != half:
            pos = point(table, table.find(kind, cid))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": 3}))
            settle(app, 2)
        click_zone(app, table, kind, cid)
    click_zone(app, table, "professor", lay.professor)


def drive_one(app, table: AnludimTable) -> None:
    """The person to act chooses like the greedy bot would, and does it by clicking."""
    reach_table(app, table)
    if table.session.state.is_over():
        return
    seat = table.me
    bot = table.session.engine.bot("greedy", 100 + len(table.session.actions))
    action = bot.choose(table.view, table.session.state.legal_actions(seat))
    before = len(table.session.actions)
    if isinstance(action, A.Lay):
        lay_by_clicks(app, table, action)
    elif isinstance(action, A.Draw):
        click_zone(app, table, "button", ("draw",))
    elif isinstance(action, A.TakeFaceUp):
        click_zone(app, table, "face_up", action.slot)
    elif isinstance(action, A.EndTurn):
        click_zone(app, table, "button", ("end_turn",))
    elif isinstance(action, A.PassTurn):
        click_zone(app, table, "button", ("pass",))
    elif isinstance(action, A.TakeBack):  # the adept (`greedy` in old saves) takes back orphans
        click_zone(app, table, "button", ("take_back", action.combo))
    elif isinstance(action, A.Keep):
        for cid in action.cards:
            click_zone(app, table, "card", cid)
        click_zone(app, table, "button", ("keep",))
    else:
        raise AssertionError(action)
    assert len(table.session.actions) > before, (action, app.toasts.texts())


@pytest.mark.parametrize("expert", [False, True])
def test_a_whole_three_seat_game_by_clicks(app, expert) -> None:
    table = start(app, seed=3 if expert else 2, expert=expert)
    for _ in range(600):
        if table.session.state.is_over():
            break
        drive_one(app, table)
    settle(app)
    assert table.session.state.is_over()
    assert top_name(app) == "AnludimEnd"
    assert table.session.state.results and table.view["winner"] is not None
    humans = {seat for seat, _ in table.session.actions if seat in (0, 1)}
    assert humans == {0, 1} and any(seat == 2 for seat, _ in table.session.actions)


def test_expert_moves_laid_cards_into_a_higher_kind_by_clicks(app) -> None:
    import rules

    seats = [SeatInfo("Ana", 0), SeatInfo("Bo", 1), SeatInfo("Cy", 2, "greedy")]
    session = Session(rules.engine("anludim"), app.content("anludim"), "test", seats, 1, {"expert": True})
    bots = [session.engine.bot("greedy", 7 + i) for i in range(3)]
    move = None
    for _ in range(300):
        state = session.state
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        hand = set(state.table.seats[seat].hand)
        moves = [a for a in legal if isinstance(a, A.Lay) and any(c not in hand for c, _ in a.cards)]
        if state.phase == "start" and seat in (0, 1) and moves:
            move = moves[0]
            break
        session.apply(seat, bots[seat].choose(state.view(seat), legal))
    assert move is not None
    table = AnludimTable(app, session)
    app.stack.push(table)
    settle(app)
    reach_table(app, table)
    seat = table.me
    hand = {c["id"] for c in table.view["hand"]}
    for cid, half in move.cards:
        kind = "card" if cid in hand else "laid"
        if table.half_of(cid) != half:
            pos = point(table, table.find(kind, cid))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": 3}))
            settle(app, 2)
        click_zone(app, table, kind, cid)
    assert sorted(table.sel.cards) == sorted(move.cards)
    assert any(app.tr("anludim.kind.brelans") in text for text in table.label) or table.label
    click_zone(app, table, "professor", move.professor)
    public = table.session.view(None)
    assert next(p for p in public["professors"] if p["id"] == move.professor)["seat"] == seat
    laid = {c["id"] for combo in public["seats"][seat]["combos"] for c in combo["cards"]}
    assert {cid for cid, _ in move.cards} <= laid


def test_frames_reuse_the_composed_layer_until_something_changes(app, monkeypatch) -> None:
    from scenes.anludim import compose as compose_module

    table = start(app)
    layer = table.layer
    assert layer is not None
    app.render()
    hit = table.find("card", table.view["hand"][0]["id"])
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": point(table, hit), "rel": (0, 0),
                                                              "buttons": (0, 0, 0)}))
    settle(app, 2)
    assert table.layer is layer and table.hover is not None and table.hover.tip  # hover: tooltip, same layer
    composed = []
    original = compose_module.compose

    def counting(*args, **kwargs):
        composed.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(compose_module, "compose", counting)
    click_zone(app, table, "card", table.view["hand"][0]["id"])
    assert composed  # the selection changed: composed again (into the same surface, no second layer)


def test_every_zone_fits_the_smallest_window(app) -> None:
    table = start(app)
    app.set_window_size((1024, 700))
    settle(app, 2)
    assert table.layer.get_size() == (1024, 700)
    screen = pygame.Rect(0, 0, 1024, 700)
    assert all(screen.contains(h.rect) for h in table.hits)
    assert table.find("button", ("draw",)) is not None


def test_expert_adds_to_a_laid_combination_picked_by_its_label(app) -> None:
    from rules.anludim import combos
    from scenes.anludim import table as T

    seats = [SeatInfo("Ana", 0), SeatInfo("Bo", 1), SeatInfo("Cy", 2, "greedy")]
    import rules

    session = Session(rules.engine("anludim"), app.content("anludim"), "test", seats, 1, {"expert": True})
    found = []

    def stop(s) -> bool:
        if s.phase != "start" or s.current not in (0, 1):
            return False
        me = s.table.seats[s.current]
        for i, c in enumerate(me.combos):
            if c.professor is not None or c.kind != "couleur":
                continue
            colour = s.table.halves(c.cards)[0][1]
            others = [s.table.halves(o.cards) for ss, j, o in s.table.combos_of("couleur") if (ss, j) != (s.current, i)]
            for cid in me.hand:
                for h, half in enumerate(s.content.cards[cid]):
                    if half[1] == colour and combos.beats("couleur", s.table.halves(c.cards) + [half], others):
                        found.append((i, cid, h))
                        return True
        return False

    T._play(session, 1, stop)
    assert found
    table = AnludimTable(app, session)
    app.stack.push(table)
    settle(app)
    reach_table(app, table)
    index, cid, half = found[0]
    click_zone(app, table, "onto", index)
    assert table.sel.onto == index
    select(app, table, [(cid, half)])
    assert table.label[0] == app.tr("anludim.ui.onto_label", kind=app.tr("anludim.kind.couleur"))
    click_zone(app, table, "button", ("lay", "arcaniste"))
    seat, action = next((s, a) for s, a in reversed(table.session.actions) if isinstance(a, A.Lay))
    assert action == A.Lay("arcaniste", ((cid, half),), index)


def test_discarding_an_item_before_the_main_action(app) -> None:
    table = start(app, kinds=("human", "human", "human"), seed=5)
    lay = a_lay(table)
    select(app, table, lay.cards)
    click_zone(app, table, "professor", lay.professor)
    for _ in range(3):
        reach_table(app, table)
        if table.me == 0 and table.view["phase"] == "start":
            break
        if table.view["phase"] == "after_main":
            click_zone(app, table, "button", ("end_turn",))
        else:
            click_zone(app, table, "button", ("draw",))
    reach_table(app, table)
    assert table.me == 0 and table.view["phase"] == "start"
    item = table.view["seats"][0]["items"][0]
    hand = len(table.view["hand"])
    click_zone(app, table, "my_item", (item["item"], item["value"]))
    assert table.sel.item == (item["item"], item["value"])
    click_zone(app, table, "button", ("discard_item",))
    assert table.view["phase"] == "main" and len(table.view["hand"]) == hand + 1
    assert len(table.view["seats"][0]["items"]) == 0
    assert table.find("button", ("discard_item",)) is None  # once per turn


def test_a_name_cut_on_a_narrow_table_is_given_whole_under_the_pointer() -> None:
    import rules

    app = make_app("fr", (1024, 700))
    names = ("Ana", "Marie-Christine Fontaine", "Bo", "Cy", "Dé")
    seats = [SeatInfo(n, i, "human" if i == 0 else "greedy") for i, n in enumerate(names)]
    table = AnludimTable(app, Session(rules.engine("anludim"), app.content("anludim"), "test", seats, 5, {}))
    app.stack.push(table)
    settle(app)
    reach_table(app, table)
    app.render()
    whole = table.seat_name(1)  # (a bot's name comes with its mark)
    assert names[1] in whole
    tip = next((h for h in table.hits if h.kind == "tip" and h.tip == whole), None)
    assert tip is not None
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": tip.rect.center, "rel": (0, 0), "buttons": (0, 0, 0)}))
    settle(app)
    assert table.hover is not None and table.hover.tip == whole


def _two_combinations(table) -> list[tuple[str, int]]:
    """Hand cards (with halves) that make two combinations at once (a run in one colour)."""
    import itertools

    from rules.anludim.view import proposal

    hand = [c["id"] for c in table.hand()]
    for ids in itertools.combinations(hand, 2):
        for halves in itertools.product((0, 1), repeat=2):
            cards = list(zip(ids, halves, strict=True))
            if sum(p["valid"] for p in proposal(table.view, cards)) >= 2:
                return cards
    raise AssertionError("no two-combination selection in this hand")


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("size", [(1024, 700), (1280, 800)])
def test_the_bars_combination_hints_share_one_size(lang, size, monkeypatch) -> None:
    """A selection that makes two combinations shows one hint for each ("Run: takes …", "Colour:
    takes …"): both in the same size and on as many lines, never the first full size and the
    second shrunk onto two small lines; nothing of them is cut, and they stay left of the buttons."""
    from scenes.anludim import compose

    app = make_app(lang, size)
    app.settings.animation_speed = 50.0
    table = start(app, seed=5)
    select(app, table, _two_combinations(table))
    assert len(table.label) == 2, table.label
    drawn = drawn_with_sizes(monkeypatch, compose, "rich")
    table.layer = None
    app.render()
    words = {w for text in table.label for w in text.split()}
    bar = [(v, s, r) for v, s, r in drawn if v and set(v.split()) <= words]
    assert " ".join(v for v, _, _ in bar).split() == " ".join(table.label).split(), bar  # whole, in order
    assert len({s for _, s, _ in bar}) == 1, bar
    buttons = [h.rect for h in table.hits if h.kind == "button"]
    assert all(r.right <= min(b.left for b in buttons) for _, _, r in bar), (bar, buttons)


@pytest.mark.parametrize("size", [12, 13, 16])
def test_a_hint_on_two_lines_is_split_evenly_never_inside_a_name(size) -> None:
    """Two hints too long for one line each go on two lines as even as they can be, names whole
    ("Run: takes The Alchemist / from Player 1"), not cut at their share of the bar ("Colour: takes
    The / Arcanist" beside 100 px left empty)."""
    from scenes import ui
    from scenes.anludim.compose import NBSP, Composer, _two_lines

    texts = [f"Run: takes The{NBSP}Alchemist from Player{NBSP}1", f"Colour: takes The{NBSP}Arcanist from Player{NBSP}2"]
    for text in texts:
        width, lines = _two_lines(text, size)
        full = ui.font(size, True).size(text)[0]
        assert len(lines) == 2 and " ".join(lines) == text and width < 0.7 * full, (lines, width, full)
    room = sum(_two_lines(t, size)[0] for t in texts) + 18 + 4  # two lines fit, one line does not
    fs, shown = Composer.bar_lines(None, texts, room, 18, 4 * ui.font(size, True).get_linesize(), size)  # type: ignore[arg-type]
    assert fs == size and all(len(lines) == 2 for lines in shown), shown
    assert not [line for lines in shown for line in lines if line.endswith("The") or line.startswith("Arcanist")]


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("size", [(1024, 700), (1280, 800), (1366, 768), (1600, 900)])
def test_the_professors_combination_hints_share_one_size(lang, size, monkeypatch) -> None:
    """Each professor's board says which combination calls it ("At least 2 cards of consecutive
    values"…): the five hints in one size, whole, even where the longer two (pairs, threes of a
    kind) would fit only a size smaller than the others (they were drawn smaller, e.g. at 1366x768)."""
    from scenes import ui

    app = make_app(lang, size)
    app.settings.animation_speed = 50.0
    table = start(app, seed=5)
    hints = {app.tr(f"anludim.kind_hint.{p['kind']}") for p in table.view["professors"] if not p.get("cards")}
    assert len(hints) == 5
    drawn: list[tuple[str, int, tuple]] = []
    real = ui.render_line

    def spy(value, size, colour=ui.PARCHMENT, *args, **kwargs):
        drawn.append((value, size, tuple(colour)))
        return real(value, size, colour, *args, **kwargs)

    monkeypatch.setattr(ui, "render_line", spy)
    table.layer = None
    app.render()
    lines = [(v, s) for v, s, c in drawn if c == tuple(ui.GREY) and any(v.rstrip("…") in h for h in hints)]
    assert {w for v, _ in lines for w in v.split()} == {w for h in hints for w in h.split()}, lines  # whole
    assert not any(v.endswith("…") for v, _ in lines), lines
    assert len({s for _, s in lines}) == 1, lines


def test_a_cards_tooltip_names_its_colours_as_words_of_a_sentence() -> None:
    """The hand card's tooltip is running text: "Carte 7 rouge / 3 vert, jouée en 7 rouge", not
    "7 Rouge" (the content names colours with a capital, as a label would)."""
    app = make_app("fr")
    table = start(app)
    card = table.view["hand"][0]
    tip = table.find("card", card["id"]).tip
    names = {c["id"]: c["name"]["fr"] for c in table.view["content"]["colours"]}
    for value, colour in card["halves"]:
        assert f"{value} {names[colour].lower()}" in tip and f"{value} {names[colour]}" not in tip, tip


def test_a_selected_cards_order_badge_stays_clear_of_the_next_raised_card(monkeypatch) -> None:
    """In a full hand the cards overlap: the order badge of a selected card sits in the part of
    it that the next card leaves visible, clear of that card's glow when it is selected too
    (before, the glow covered the badge's right edge)."""
    from scenes.anludim import compose as compose_module

    app = make_app("fr", (1024, 700))
    app.settings.animation_speed = 50.0
    table = start(app)
    st = table.session.state
    hand = st.table.seats[table.me].hand
    while len(hand) < 10:
        hand.append(st.table.deck.pop())
    table.refresh()
    settle(app, 4)
    ids = [c["id"] for c in table.view["hand"]]
    first, second = ids[3], ids[4]
    click_zone(app, table, "card", first)
    click_zone(app, table, "card", second)
    assert table.sel.ids() == [first, second]
    dots: list[pygame.Rect] = []
    real_ellipse = compose_module.pygame.draw.ellipse

    def spy(surf, colour, rect, *rest):
        dots.append(pygame.Rect(rect))
        return real_ellipse(surf, colour, rect, *rest)

    monkeypatch.setattr(compose_module.pygame.draw, "ellipse", spy)
    table.layer = None  # composed again, with the spy
    app.render()
    one, two = table.find("card", first).rect, table.find("card", second).rect
    badge = min((r for r in dots if r.width == r.height and one.left <= r.centerx < two.left), key=lambda r: r.x)
    assert one.left <= badge.left and badge.right <= two.left - 2, (badge, one, two)  # the glow: 2 px at least


def test_a_professors_tooltip_says_whether_the_selection_can_call_it(app) -> None:
    """With cards selected, the professor they can take says "click to lay"; the others say the
    selection cannot call them (before, every professor invited a click that could only be refused)."""
    table = start(app)
    lay = a_lay(table)
    select(app, table, lay.cards)
    callable_ = {p["professor"] for p in table.live() if p["beats"]}
    assert lay.professor in callable_
    for prof in table.view["professors"]:
        tip = table.find("professor", prof["id"]).tip
        if prof["id"] in callable_:
            assert app.tr("anludim.ui.tip.click_to_lay") in tip, tip
        else:
            assert app.tr("anludim.ui.tip.cannot_call") in tip and app.tr("anludim.ui.tip.click_to_lay") not in tip, tip


def test_the_five_professors_names_share_one_size(monkeypatch) -> None:
    """At 1024×700 "La Nécromancienne" needs a smaller size than the others: all five names take
    the size that fits every board (one name a size smaller looked like a mistake)."""
    from scenes import ui as ui_module

    app = make_app("fr", (1024, 700))
    app.settings.animation_speed = 50.0
    table = start(app)
    names = {table.tx(p["name"]) for p in table.view["professors"]}
    drawn = drawn_with_sizes(monkeypatch, ui_module)
    table.layer = None
    app.render()
    sizes = {value: size for value, size, _rect in drawn if value in names}
    assert set(sizes) == names and len(set(sizes.values())) == 1, sizes


# -- a turn that ends by itself (playtest: the next click drew 2 cards) ------------------------------

def test_a_click_just_after_the_bots_played_applies_nothing(app, monkeypatch) -> None:
    """One person and two bots: the first turn's draw ends the turn (nothing optional left); the
    bots play; a click on the action bar within TURN_GUARD_S of the turn coming back applies
    nothing and says why; the same click a moment later draws."""
    import scenes.table as T

    now = [1000.0]
    monkeypatch.setattr(T, "clock", lambda: now[0])
    table = start(app, kinds=("human", "greedy", "greedy"))
    assert not table.view["seats"][0]["items"] and not table.view["seats"][0]["parchments"]
    click_zone(app, table, "button", ("draw",))
    assert table.session.actions[0] == (0, A.Draw())
    for _ in range(100):
        if table.my_turn():
            break
        settle(app, 2)
    assert table.my_turn() and table.just_came_back()
    assert {s for s, _ in table.session.actions[1:]} == {1, 2}  # the draw ended the turn: the bots played
    actions, hand = len(table.session.actions), len(table.view["hand"])
    click_zone(app, table, "button", ("draw",))  # meant for the previous turn's "End turn"
    assert len(table.session.actions) == actions and len(table.view["hand"]) == hand
    assert app.tr("table.turn_back") in app.toasts.texts()
    click_zone(app, table, "draw_pile")
    assert len(table.session.actions) == actions  # the pile waits too
    now[0] += TURN_GUARD_S + 0.1
    click_zone(app, table, "button", ("draw",))
    assert len(table.view["hand"]) == hand + 2


def test_the_bar_says_when_a_turn_ended_by_itself(app) -> None:
    table = start(app, kinds=("human", "greedy", "greedy"))
    app.settings.animation_speed = 4.0  # the bots' pauses last long enough to look at the bar
    click_zone(app, table, "button", ("draw",))
    assert table.pending_bot is not None and table.ended_by_itself
    table._ensure()
    assert table.label[0] == app.tr("anludim.ui.turn_ended")
    reach_table(app, table)
    table._ensure()
    assert app.tr("anludim.ui.turn_ended") not in table.label and not table.ended_by_itself


def test_ending_the_turn_by_its_button_is_not_called_ending_by_itself(app) -> None:
    table = start(app, kinds=("human", "human", "human"), seed=11)
    for _ in range(2):
        click_zone(app, table, "button", ("draw",))
        reach_table(app, table)
    click_zone(app, table, "button", ("draw",))
    assert table.view["phase"] == "after_main"
    table._ensure()
    assert "(" in table.label[0] and table.label[0] == app.tr("anludim.ui.hint.after_main")
    click_zone(app, table, "button", ("end_turn",))
    assert not table.ended_by_itself


def test_the_after_main_hint_says_the_optional_action_ends_the_turn() -> None:
    from game.i18n import Strings

    fr, en = Strings("fr"), Strings("en")
    assert "votre tour finit alors" in fr.tr("anludim.ui.hint.after_main")
    assert "that ends your turn" in en.tr("anludim.ui.hint.after_main")


def test_after_a_right_click_flip_the_tooltip_names_the_half_shown(app, monkeypatch) -> None:
    """Playtest fr-lag-2: the card showed 7 yellow, its tooltip still said "played as 5 green"."""
    from scenes import ui

    table = start(app)
    cid = table.view["hand"][0]["id"]
    pos = point(table, table.find("card", cid))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}))
    settle(app, 2)
    tips: list[str] = []
    real = ui.pointer_tip
    monkeypatch.setattr(ui, "pointer_tip", lambda surface, value, *a, **k: (tips.append(value), real(surface, value, *a, **k)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": 3}))
    settle(app, 3)
    assert table.half_of(cid) == 1
    app.draw()
    card = next(c for c in table.view["hand"] if c["id"] == cid)
    value, colour = card["halves"][1]
    name = table.colour_name(colour)
    assert tips and f"{value} {name[:1].lower() + name[1:]}" in tips[-1].split(",")[1]


@pytest.mark.parametrize("lang,size", [("fr", (1024, 700)), ("en", (1024, 700)), ("en", (1280, 800))])
def test_the_discard_and_the_parchment_supply_never_run_together(lang, size, monkeypatch) -> None:
    """Playtest fr-r-9: "Défausse (31)Parchemins en réserve : 0" at 1024x700."""
    from scenes import ui
    from scenes.anludim.compose import compose

    app = make_app(lang, size)
    table = start(app)
    state = table.session.state
    while len(state.table.discard) < 31:
        state.table.discard.append(state.table.deck.pop())
    table.refresh()
    drawn = drawn_with_sizes(monkeypatch, ui)
    compose(table, size)
    discard = next(r for text, _, r in drawn if text == app.tr("anludim.ui.discard", count=31))
    supply = next(r for text, _, r in drawn if text.startswith(app.tr("anludim.ui.parchment_supply", count=0)[:-1]))
    assert not discard.inflate(8, 0).colliderect(supply)


# -- the hand-off box (playtest: at 1024x700 it covered the top of the opponents' panels) ----------

@pytest.mark.parametrize("lang, size", [("fr", (1024, 700)), ("en", (1280, 800)), ("en", (1024, 700))])
def test_the_hand_off_covers_neither_the_opponents_nor_your_panel_nor_the_cards(lang, size) -> None:
    """Ana's first draw ends her turn (nothing optional is left) and drew cards she has not seen:
    "Your turn is over — Pass to Bo" shows over the action bar, which says the same; the
    opponents' panels, her own panel, the hand's label and the cards stay in sight."""
    from scenes.anludim.compose import main_rects

    app = make_app(lang, size)
    app.settings.animation_speed = 50.0
    table = start(app, kinds=("human", "human", "human"))
    click_zone(app, table, "button", ("draw",))
    assert table.handoff == 1 and app.stack.top is table
    app.render()
    box = table.handoff_panel
    opp, profs, mine, bar, hand = main_rects(size)
    assert pygame.Rect(0, 0, *size).contains(box), box
    for needed in (opp, profs, mine):
        assert not box.colliderect(needed), (box, needed)
    label = pygame.Rect(hand.left, hand.top, hand.width, 20)
    assert not box.colliderect(label), (box, label)
    cards = [h.rect for h in table.hits if h.kind in ("card", "flip")]
    assert cards and not any(box.colliderect(c) for c in cards), box
    assert box.contains(table.handoff_rect)
    click(app, table.handoff_rect.center)
    assert top_name(app) == "CurtainScene"


@pytest.mark.parametrize("lang, size", [("fr", (1024, 700)), ("en", (1280, 800))])
def test_the_bot_banner_sits_in_the_action_bar_not_over_the_opponents(lang, size, monkeypatch) -> None:
    """"Cy réfléchit…" covered the opponents' panels, where that bot's play shows: it sits in the
    action bar (which only waits while a bot plays), clear of your panel and your hand."""
    from scenes.anludim.compose import main_rects
    from tests.ui_helpers import drawn_panels

    app = make_app(lang, size)
    table = start(app, kinds=("human", "human", "greedy"))
    table.layer = None
    panels = drawn_panels(monkeypatch)
    table.pending_bot = 2
    table.draw(app.screen)  # as a frame draws it (app.render would let the bot play)
    banner = panels[-1]
    opp, profs, mine, bar, hand = main_rects(size)
    assert not banner.colliderect(opp) and not banner.colliderect(profs)
    assert not banner.colliderect(mine) and not banner.colliderect(hand)
    assert bar.colliderect(banner)


def test_the_curtains_log_and_the_tables_begin_with_an_entrys_first_row(app, monkeypatch) -> None:
    """The curtain's log began with the tail of an entry alone ("l'Arcaniste."): both of
    Anludim's log panels (its curtain's and its table's) begin with an entry's first row."""
    from scenes import ui
    from scenes.anludim import compose

    table = start(app)
    long = "Ana lays Colour (12, 9, 3, 10) and calls the Arcanist, who walks over to the new coven at once"
    monkeypatch.setattr(table, "render", lambda e: f"{long} ({e['params']['round']}).")
    log = [{"key": "notes.export.round", "params": {"round": n}} for n in range(1, 15)]
    firsts = {n: ui.wrap(f"{long} ({n}).", 400 - 36, 16)[0] for n in range(1, 15)}
    assert all(len(ui.wrap(f"{long} ({n}).", 400 - 36, 16)) in (2, 3) for n in range(1, 15))
    drawn: list[str] = []
    real = compose.rich
    monkeypatch.setattr(compose, "rich", lambda surf, text, *a, **k: drawn.append(text) or real(surf, text, *a, **k))
    view = dict(table.session.state.view(None), log=log)
    for height in (23 * 5 + 56, 23 * 6 + 56, 23 * 7 + 56):
        drawn.clear()
        compose.draw_public(table, pygame.Surface((820, 400)), pygame.Rect(0, 0, 820, height), view)
        assert drawn and drawn[0] in firsts.values(), (height, drawn[:2])
    table.view = dict(table.view, log=log)
    table.layer = None
    drawn.clear()
    app.render()
    rows = [t for t in drawn if long[:20] in t or t.rstrip(".").rstrip(")").split("(")[-1].isdigit()]
    assert rows and rows[0].startswith(long.split()[0]), rows[:2]


def test_a_long_summary_box_stays_in_the_window_and_counts_the_older_lines(monkeypatch) -> None:
    """Anludim's own "since your last turn" box drew every line: a long absence (bots' turns, a
    round's end) ran off the window. It shows the newest lines that fit and counts the rest."""
    from scenes import ui
    from scenes.anludim import table as table_module  # noqa: F401  (the scene's own draw_since)

    app = make_app("fr", (1024, 700))
    app.settings.animation_speed = 50.0
    table = start(app)
    table.since = [{"key": "notes.export.round", "params": {"round": n}} for n in range(1, 41)]
    table.since_first = False
    drawn: list[tuple[str, int]] = []
    from scenes.anludim import compose

    real = compose.rich
    monkeypatch.setattr(compose, "rich", lambda surf, text, pos, *a, **k: drawn.append((text, pos[1]))
                        or real(surf, text, pos, *a, **k))
    texts: list[str] = []
    real_text = ui.text
    monkeypatch.setattr(ui, "text", lambda surf, value, *a, **k: texts.append(value) or real_text(surf, value, *a, **k))
    table.draw_since(pygame.Surface((1024, 700)))
    rows = [t for t, _ in drawn if t.startswith("• ")]
    assert rows and rows[-1].endswith(" 40") and len(rows) < 40
    assert all(0 <= y <= 700 - 26 for _, y in drawn)
    assert any(t == app.tr("table.since_older", count=40 - len(rows)) for t, _ in drawn)
    assert app.tr("table.since_title") in texts
