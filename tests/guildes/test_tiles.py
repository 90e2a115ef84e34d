"""The guild tiles and the hand panel of the Guildes table hold everything they count (SDL dummy
driver): every mage on its seat's tile, each with its tooltip, in one font size per tile; every
card of the unveiled seat's hand, or a "+N" whose tooltip names the rest."""

from __future__ import annotations

import pytest

import rules
from game.session import SeatInfo, Session
from rules.guildes.records import Mage
from scenes import ui
from scenes.guildes.compose import Composer
from scenes.guildes.table import GuildesTable
from tests.guildes.test_scene import reach_table
from tests.ui_helpers import drawn_with_sizes, make_app, settle

NAMES = ("Ana", "Bo", "Cy", "Dee", "Eve")


def table_with(lang: str, size: tuple[int, int], seats: int, mages: int = 2, hand: int = 0) -> GuildesTable:
    """A Guildes table (first person unveiled) whose every guild holds `mages` mages, the longest
    names first, and `hand` cards, the longest names first (the engine's state set by hand)."""
    app = make_app(lang, size)
    app.settings.animation_speed = 50.0
    kinds = ["human", "human"] + ["greedy"] * (seats - 2)
    seat_infos = [SeatInfo(NAMES[i], i, k) for i, k in enumerate(kinds)]
    session = Session(rules.engine("guildes"), app.content("guildes"), "test", seat_infos, 5, {})
    table = GuildesTable(app, session)
    app.stack.push(table)
    settle(app)
    reach_table(app, table)
    state = session.state
    text = app.strings.text
    by_length = sorted(state.content.mages, key=lambda m: -len(text(state.content.mages[m].name)))
    cards = {**state.content.items, **state.content.spells}
    longest_cards = sorted(cards, key=lambda c: -len(text(cards[c].name)))
    for g in state.guilds:
        g.mages = [Mage(m) for m in by_length[g.seat * mages:(g.seat + 1) * mages]]
        g.mages[0].damage = 1
        if mages > 2:
            g.mages[2].centre = True
        g.hand = longest_cards[:hand]
    table.refresh()
    table._ensure()
    return table


def mage_hits(table: GuildesTable) -> dict[str, ui.Hit]:
    """The hover zone of each mage chip, by mage id (found by its tooltip)."""
    composer = Composer(table, table.app.size)
    out = {}
    for g in table.view["guilds"]:
        for m in g["mages"]:
            tip = composer.stats_tip(m["id"])
            found = [h for h in table.hits if h.tip == tip or h.tip.startswith(tip + " · ")]
            if found:
                out[m["id"]] = found[0]
    return out


SIZES = [(1024, 700), (1280, 800)]


@pytest.mark.parametrize("seats", [3, 4, 5])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("mages", [5, 6])
def test_every_mage_of_a_guild_has_its_chip_and_tooltip(lang, size, seats, mages):
    """A guild with 5 or 6 mages shows them all (the 5th was never drawn): each chip hoverable,
    inside the guilds' zone, none over another nor over the tile's text."""
    table = table_with(lang, size, seats, mages)
    hits = mage_hits(table)
    every = [m["id"] for g in table.view["guilds"] for m in g["mages"]]
    assert sorted(hits) == sorted(every), set(every) - set(hits)
    zone = Composer(table, size).zones()["guilds"]
    rects = [h.rect for h in hits.values()]
    for i, r in enumerate(rects):
        assert zone.contains(r), r
        assert r.collidelist(rects[i + 1:]) == -1, r
    texts = [h.rect for h in table.hits if h.kind == "tip" and h.rect not in rects and zone.contains(h.rect)]
    for r in rects:  # the leader's and objectives' lines
        assert r.collidelist(texts) == -1, r


@pytest.mark.parametrize("seats", [3, 4, 5])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_chips_of_a_tile_share_one_size_on_one_line(lang, size, seats, monkeypatch):
    """The mage names of one tile are drawn in one font size, each on one line ("Chevalier des
    nuées" and "Mercenaire de feu" were a size smaller or on two lines), whole."""
    table = table_with(lang, size, seats, 4)
    drawn = drawn_with_sizes(monkeypatch, ui)
    table.layer = None
    table._ensure()
    text = table.app.strings.text
    mages = table.view["cards"]["mages"]
    for g in table.view["guilds"]:
        names = {text(mages[m["id"]]["name"]) for m in g["mages"]}
        sizes = {s for value, s, _ in drawn if value in names}
        shown = {value for value, _, _ in drawn if value in names}
        assert shown == names, names - shown           # whole, one line each (no half of a name drawn)
        assert len(sizes) == 1, (g["seat"], sizes)


def hand_hits(table: GuildesTable) -> tuple[dict[str, ui.Hit], ui.Hit | None]:
    """The hover zone of each card shown in the hand panel (by card id), and the "+N" one."""
    composer = Composer(table, table.app.size)
    hand = table.view["guilds"][table.me]["hand"]
    tips = {composer.card_tip(cid): cid for cid in hand}
    shown = {tips[h.tip]: h for h in table.hits if h.tip in tips}
    more = [h for h in table.hits if h.tip and h.tip.split("\n")[0] in tips and "\n" in h.tip]
    return shown, (more[0] if more else None)


@pytest.mark.parametrize("seats", [3, 4, 5])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("cards", [4, 5])
def test_every_card_of_the_hand_shows_in_its_panel(lang, size, seats, cards):
    """"main : 4" and four cards drawn (two showed at 1024x700, four of five at 1280x800): each
    hoverable, inside the hand panel, none over another; the quest shown whole above."""
    table = table_with(lang, size, seats, 2, cards)
    shown, more = hand_hits(table)
    assert more is None and len(shown) == cards, sorted(shown)
    composer = Composer(table, size)
    panels = composer.centre_panels(composer.zones()["centre"])
    rects = [h.rect for h in shown.values()]
    for i, r in enumerate(rects):
        assert panels["hand"].contains(r), (r, panels["hand"])
        assert r.collidelist(rects[i + 1:]) == -1, r
    assert panels["quest"].height >= composer.quest_need(panels["quest"].width)
    assert panels["dice"].height >= composer.dice_need(panels["dice"].width)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_hand_too_big_for_its_panel_ends_with_a_count_of_the_rest(lang, monkeypatch):
    """Thirty cards at 5 seats, 1024x700: those that fit, then "+N" whose tooltip names every
    other card (at 1280x800 in English all thirty fit)."""
    size = (1024, 700)
    drawn: list[str] = []
    real = ui.text
    monkeypatch.setattr(ui, "text", lambda surface, value, *a, **k: drawn.append(value) or real(surface, value, *a, **k))
    table = table_with(lang, size, 5, 2, 30)
    shown, more = hand_hits(table)
    hand = table.view["guilds"][table.me]["hand"]
    assert more is not None and len(shown) < len(hand)
    composer = Composer(table, size)
    assert more.tip.split("\n") == [composer.card_tip(cid) for cid in hand[len(shown):]]
    assert f"+{len(hand) - len(shown)}" in drawn
    assert list(shown) == hand[:len(shown)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", [3, 5])
def test_a_guild_of_eleven_mages_shows_each_or_names_it_under_a_count(size, seats, monkeypatch):
    """The most mages a guild held in 40 bot games (11): each has its chip, or, past the room of a
    small tile, is named in the tooltip of the "+N" chip that ends its tile."""
    table = table_with("fr", size, seats, 2)
    state = table.session.state
    text = table.app.strings.text
    names = sorted(state.content.mages, key=lambda m: -len(text(state.content.mages[m].name)))
    others = {m.id for g in state.guilds[1:] for m in g.mages}
    state.guilds[0].mages = [Mage(m) for m in names if m not in others][:11]
    table.refresh()
    table._ensure()
    hits = mage_hits(table)
    composer = Composer(table, size)
    mine = [m for m in table.view["guilds"][0]["mages"]]
    missing = [m for m in mine if m["id"] not in hits]
    assert len(mine) == 11 and len(missing) <= 6
    if missing:
        more = [h for h in table.hits if h.tip.startswith(composer.chip_tip(missing[0]) + "\n")]
        assert more and more[0].tip.split("\n") == [composer.chip_tip(m) for m in missing]
        assert missing == mine[len(mine) - len(missing):]  # the first ones shown, in order


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("mages", [2, 4, 6])
def test_a_long_leader_name_and_the_counts_are_whole_on_five_seat_tiles(lang, size, mages, monkeypatch):
    """5 seats, the longest leader names, two-digit counts: a tile's leader row ended cut ("Morvath le
    Sépulcral · 23 rubis · Align. -10 · …", whole only in its tooltip); now the leader, the rubies,
    the alignment, the quests and the points are drawn whole at the tile's own size (the rows
    wrap), and every mage still has its chip."""
    table = table_with(lang, size, 5, mages, 3)
    state = table.session.state
    text = table.app.strings.text
    leaders = sorted(state.content.leaders, key=lambda lid: -len(text(state.content.leaders[lid].name)))
    for g in state.guilds:
        g.leader = leaders[g.seat]
        g.rubies, g.alignment, g.vp_tokens, g.quests = 23, g.seat - 10, 12, list(state.quests[:3])
        g.first, g.second, g.first_revealed, g.second_revealed = "leader", "recruit", True, True
    state.phase = "placement"  # the leaders public (the view hides them while they are chosen)
    table.refresh()
    drawn = drawn_with_sizes(monkeypatch, ui)
    table.layer = None
    table._ensure()
    composer = Composer(table, size)
    zone, f = composer.zones()["guilds"], composer.fs(14)
    rows = [(value, s) for value, s, rect in drawn if zone.contains(rect)]
    app = table.app
    for g in table.view["guilds"]:
        pieces = [text(state.content.leaders[g["leader"]].name), app.tr("guildes.ui.rubies", n=23),
                  app.tr("guildes.ui.quests_done", n=3), app.tr("guildes.ui.vp_tokens", n=12)]
        aligned = {app.tr(f"guildes.ui.{w}", n=g["alignment"]) for w in ("alignment", "alignment_short")}
        for piece in pieces:
            found = [s for value, s in rows if piece in value.split(" · ")]
            assert found and min(found) == f, (g["seat"], piece, found, [v for v, _ in rows])
        assert any(aligned & set(value.split(" · ")) for value, s in rows if s == f), g["seat"]
    hits = mage_hits(table)
    assert sorted(hits) == sorted(m["id"] for g in table.view["guilds"] for m in g["mages"])



@pytest.mark.parametrize("seats", [3, 5])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_long_monster_title_is_drawn_whole_in_the_quest_panel(lang, size, seats, monkeypatch):
    """"Champion du tournoi (contre-attaque, pas d'attaque groupée)" ended cut, whole only in its
    tooltip: a monster's title that one line does not hold takes two, a point smaller (as the
    market's names), and the quest panel is as tall as they need, for every quest of the content."""
    table = table_with(lang, size, seats, 2, 5)
    state, app = table.session.state, table.app
    cuts: list[str] = []
    real = ui.ellipsize

    def ellipsize(value, *a, **k):
        out = real(value, *a, **k)
        if out != value:
            cuts.append(value)
        return out

    monkeypatch.setattr(ui, "ellipsize", ellipsize)
    drawn = drawn_with_sizes(monkeypatch, ui)
    for qid in state.content.quests:
        state.quests = [qid] + [q for q in state.quests if q != qid]
        table.refresh()
        drawn.clear()
        cuts.clear()
        table.layer = None
        table._ensure()
        values = [value for value, _, _ in drawn]
        pairs = {f"{a} {b}" for a, b in zip(values, values[1:], strict=False)}  # two lines, or three:
        pairs |= {f"{a} {b} {c}" for a, b, c in zip(values, values[1:], values[2:], strict=False)}
        for mon in table.view["cards"]["quests"][qid]["monsters"]:
            flags = [app.tr(f"guildes.ui.{k}") for k in ("counter_attack", "no_group") if mon[k]]
            title = app.strings.text(mon["name"]) + (f" ({', '.join(flags)})" if flags else "")
            assert title in values or title in pairs, (qid, title, values[:12])
            assert title not in cuts, (qid, title)
        composer = Composer(table, size)
        panels = composer.centre_panels(composer.zones()["centre"])
        assert panels["quest"].height >= composer.quest_need(panels["quest"].width), qid


def table_of(lang: str, size: tuple[int, int], counts: list[int], busy: bool = False) -> GuildesTable:
    """A table of len(counts) seats whose guilds hold counts[i] mages, the longest names first
    (`busy`: with two-digit rubies, quests done, victory tokens and the longest leader's name too)."""
    table = table_with(lang, size, len(counts), 1)
    state = table.session.state
    text = table.app.strings.text
    by_length = sorted(state.content.mages, key=lambda m: -len(text(state.content.mages[m].name)))
    leader = max(state.content.leaders, key=lambda x: len(text(state.content.leaders[x].name)))
    for g, n in zip(state.guilds, counts, strict=True):
        if busy:
            g.leader, g.rubies, g.vp_tokens, g.quests = leader, 12, 3, list(state.content.quests)[:2]
        g.mages, by_length = [Mage(m) for m in by_length[:n]], by_length[n:]
        g.mages[0].damage = 1
        g.mages[2].centre = True
    table.refresh()
    table.layer = None
    table._ensure()
    return table


@pytest.mark.parametrize("counts", [[6, 10, 6, 4, 4], [8, 6, 6, 5, 5], [9, 8, 7, 6], [10, 10, 10], [6, 6, 6, 6, 6]])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("busy", [False, True])
def test_a_tile_of_many_mages_shows_each_whole(lang, size, counts, busy, monkeypatch):
    """A guild of 8 mages or more ended with "+N", and the longest names of a 6-mage tile were cut
    (whole only in tooltips): each row of tiles now takes the height its fullest tile needs (a lone
    last tile the whole width), so every mage has its chip, its name drawn whole on one line, at
    12 px at least (only the longest French names of 4-5 crowded seats at 1024x700 are cut)."""
    table = table_of(lang, size, counts, busy)
    drawn = drawn_with_sizes(monkeypatch, ui)
    table.layer = None
    table._ensure()
    hits = mage_hits(table)
    every = [m["id"] for g in table.view["guilds"] for m in g["mages"]]
    assert sorted(hits) == sorted(every), set(every) - set(hits)  # each its own chip: no "+N"
    zone = Composer(table, size).zones()["guilds"]
    rects = [h.rect for h in hits.values()]
    for i, r in enumerate(rects):
        assert zone.contains(r), r
        assert r.collidelist(rects[i + 1:]) == -1, r
    text = table.app.strings.text
    mages = table.view["cards"]["mages"]
    names = {text(mages[m]["name"]): m for m in every}
    chip_texts = [(value, size_) for value, size_, r in drawn if any(c.contains(r) for c in rects)]
    assert chip_texts and min(size_ for _, size_ in chip_texts) >= 12  # 12 px at least (they were at 10)
    shown = {value for value, _ in chip_texts if value in names}
    # whole: no name cut with an ellipsis, but for the longest French names of a 5-seat table at
    # 1024x700 (4 seats of 6 to 9 mages too), where 12 px leaves no room: cut, whole in the tooltip
    for name in set(names) - shown:
        assert (lang, size) == ("fr", (1024, 700)) and len(counts) >= 4, name
        assert hits[names[name]].tip.startswith(Composer(table, size).stats_tip(names[name])), name
        assert name in hits[names[name]].tip


@pytest.mark.parametrize("lang,words", [("fr", "leader à choisir"), ("en", "leader to choose")])
def test_a_leader_not_yet_chosen_is_said_so_on_the_tile(monkeypatch, lang, words):
    """At set-up, before the guilds keep a leader, each tile said only "?"."""
    table = table_with(lang, (1024, 700), 3)
    assert table.view["phase"] == "leaders"
    drawn = drawn_with_sizes(monkeypatch, ui)
    table.layer = None
    table._ensure()
    texts = [t for t, _s, _r in drawn]
    pending = [g for g in table.view["guilds"] if not g["leader"] and not g.get("leader_chosen")]
    assert pending and sum(words in t for t in texts) == len(pending), texts
    assert "?" not in texts


@pytest.mark.parametrize("lang,size", [("fr", (1024, 700)), ("en", (1280, 800))])
def test_the_prompt_names_the_seat_it_asks(monkeypatch, lang, size):
    """At a shared screen the prompt bar said only "Choose your leader": it now starts with the
    name of the seat asked, then the whole question, on one line in the prompt bar."""
    table = table_with(lang, size, 3)
    drawn = drawn_with_sizes(monkeypatch, ui)
    table.layer = None
    table._ensure()
    bar = Composer(table, size).zones()["prompt"]
    rows = [(value, rect) for value, _s, rect in drawn if bar.contains(rect)]
    question = table.app.tr("guildes.prompt.leader")
    name = next(r for v, r in rows if v == "Ana")
    asked = next(r for v, r in rows if v == question)
    assert name.right < asked.left and abs(name.top - asked.top) <= 2


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("counts", [[6, 6, 6, 6, 6], [3, 3, 3, 3, 3], [6, 10, 6, 4, 4]])
def test_every_text_of_a_five_seat_table_at_1024x700_is_12_px_or_more(lang, counts, monkeypatch):
    """Five seats at 1024x700 drew mage chips, the alignment scale's numbers, a monster's hit points,
    the tile titles and the auction's line at 10 or 11 px: every text is now 12 px or more (a name
    that does not fit is cut, whole in its tooltip), a fight's dice panel and the end scores too."""
    table = table_of(lang, (1024, 700), counts, busy=True)
    state = table.session.state
    d_mages = [m.id for m in state.guilds[1].mages]
    state.start_fight({"kind": "duel", "attacker": 0, "defender": 1, "d_line": d_mages[:2],
                       "a_line": [m.id for m in state.guilds[0].mages][:2], "d_count": 2, "a_count": 2, "result": None})
    state.roll(5, {"key": "guildes.why.duel", "params": {"mage": state.name("mage", d_mages[0]),
                                                           "target": state.name("mage", d_mages[1]),
                                                           "element": {"key": "guildes.element.fire"}}})
    state.fight = None  # the fight is over: its roll reads "previous fight"
    state.quest_damage[state.quests[0]] = [3, 0]
    table.refresh()
    drawn = drawn_with_sizes(monkeypatch, ui)
    table.layer = None
    table._ensure()
    table.draw(table.app.screen)
    small = sorted({(value, size_) for value, size_, _ in drawn if value.strip() and size_ < 12})
    assert not small, small


def test_duel_lines_cut_in_the_dice_panel_are_whole_in_their_tooltip():
    """At 12 px the two duel lines of long French names no longer fit the dice panel of a 5-seat
    table at 1024x700: cut, they are whole in a tooltip."""
    table = table_of("fr", (1024, 700), [4, 4, 4, 4, 4])
    state = table.session.state
    a, d = ([m.id for m in g.mages] for g in state.guilds[:2])
    state.start_fight({"kind": "duel", "attacker": 0, "defender": 1, "d_line": d[:2], "a_line": a[:2],
                       "d_count": 2, "a_count": 2, "result": None})
    table.refresh()
    table.layer = None
    table._ensure()
    lines = Composer(table, (1024, 700)).duel_lines(table.view["fight"])
    assert any(h.tip == lines for h in table.hits), lines
