"""The Anludim table: hand of double cards, professors and item piles, seats, face-up row, log.

Zones (scaled from 1280x800): opponents along the top, the five professors with their item piles
in the centre, your blazon/items/parchments and laid combinations under them, the action bar
(live label + buttons) and your hand at the bottom; the round, draw pile, face-up row and the turn
log in the right column. The scene reads only `self.view` and acts only through `try_act`: the
live label comes from `rules.anludim.view.proposal` and `rules.anludim.combos` (pure helpers on
the view); clicks become the engine's actions.

Clicks: a hand card selects it for a combination (or, between rounds, for keeping); the arrows on
its middle (or a right click) flip it to its other half; a professor, or a "Call" button, lays the
selection for that professor; a face-up card or the draw pile is taken/drawn; your item or
parchment is picked, then discarded to draw with its button. Base game: "Take back" under your
combinations at the start of your turn. Expert: your laid cards can be selected (moved into a
higher kind) and a combination's label picks it as the one to add to (`onto`).

A turn that ends by itself (the main action with nothing optional left, or the optional action
after the main one) is said on the bar ("Your turn is over", `ended_by_itself`) while the others
play; when the turn comes back to the same person without a curtain, the shared table holds an
action asked within `scenes.table.TURN_GUARD_S` of that moment (`just_came_back`): the click
meant for the previous turn's "End turn" fell on the new turn's "Draw 2 cards" and drew them.

Drawing: the whole table is composed into one cached surface whenever the view, the selection or
the size changes (pieces come from `sprites.anludim.pieces`, each cached per value and size);
a frame is a blit of that layer plus the hover outline and tooltip.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from rules.anludim import actions as A
from rules.anludim import combos
from rules.anludim.view import proposal
from scenes import ui
from scenes.table import ComposedTable
from sprites.anludim import pieces as P

Rect = pygame.Rect


Hit = ui.Hit  # a clickable zone (scenes/ui.py)


@dataclass
class Selection:
    """What the unveiled seat is building: cards (id, half) in click order, flips, picks."""

    cards: list[tuple[str, int]] = field(default_factory=list)
    flips: dict[str, int] = field(default_factory=dict)
    keep: list[str] = field(default_factory=list)
    onto: int = -1
    item: tuple[str, int] | None = None
    parchment: bool = False

    def ids(self) -> list[str]:
        return [cid for cid, _ in self.cards]


class AnludimTable(ComposedTable):
    """Anludim's table scene (see the module docstring)."""

    TIP_WIDTH = 320

    def __init__(self, app: Any, session: Any) -> None:
        self.sel = Selection()
        self.hits: list[Hit] = []
        self.label: list[str] = []  # the live label's texts, as last drawn
        self.layer: pygame.Surface | None = None
        self.hover: Hit | None = None
        self.mouse = (0, 0)
        self._seat_seen: int | None = None
        self._was_my_turn = False
        self.ended_by_itself = False  # the unveiled seat's own action ended its turn (no "End turn")
        super().__init__(app, session)

    # -- view helpers ------------------------------------------------------------------------------

    def tx(self, value: Any) -> str:
        """Bilingual content text in the current language."""
        return self.app.strings.text(value)

    @property
    def me(self) -> int | None:
        return self.view.get("seat")

    def my_turn(self) -> bool:
        return self.me is not None and self.me in (self.view.get("to_act") or [])

    def paints(self) -> dict[str, P.Paint]:
        return {c["id"]: (tuple(c["rgb"]), c["shape"]) for c in self.view["content"]["colours"]}

    def symbols(self) -> dict[str, P.Paint]:
        return {c["symbol"]: (tuple(c["rgb"]), c["shape"]) for c in self.view["content"]["colours"]}

    def colour_name(self, colour: str) -> str:
        for c in self.view["content"]["colours"]:
            if c["id"] == colour:
                return self.tx(c["name"])
        return colour

    def prof(self, pid: str) -> dict[str, Any]:
        return next(p for p in self.view["professors"] if p["id"] == pid)

    def prof_of_kind(self, kind: str) -> dict[str, Any] | None:
        return next((p for p in self.view["professors"] if p["kind"] == kind), None)

    def pile(self, item: str) -> dict[str, Any] | None:
        return next((p for p in self.view["piles"] if p["item"] == item), None)

    def item_name(self, item: str, plural: bool = False) -> str:
        pile = self.pile(item)
        return self.tx(pile["plural" if plural else "name"]) if pile else item

    def kind_name(self, kind: str) -> str:
        return self.app.tr(f"anludim.kind.{kind}")

    def hand(self) -> list[dict[str, Any]]:
        return self.view.get("hand") or []

    def own_laid(self) -> dict[str, dict[str, Any]]:
        """Expert: my laid cards by id (they may move into a higher kind)."""
        if self.me is None:
            return {}
        return {c["id"]: c for combo in self.view["seats"][self.me]["combos"] for c in combo["cards"]}

    def half_of(self, cid: str) -> int:
        if cid in self.sel.flips:
            return self.sel.flips[cid]
        laid = self.own_laid().get(cid)
        return laid["half"] if laid else 0

    def card_text(self, halves: list[list[Any]]) -> str:
        """A card's halves in running text: "7 rouge / 3 vert" (a colour's name begins lower
        case there, as the word does in a sentence: "Carte 7 rouge…", not "7 Rouge")."""
        def named(colour: str) -> str:
            name = self.colour_name(colour)
            return name[:1].lower() + name[1:]
        return " / ".join(f"{v} {named(c)}" for v, c in halves)

    # -- lifecycle -------------------------------------------------------------------------------

    def view_changed(self) -> None:
        """Keep the selection that still makes sense; the layer is composed again."""
        seat = self.view.get("seat")
        mine = self.my_turn()
        if mine or seat != self._seat_seen:
            self.ended_by_itself = False
        self._was_my_turn = mine
        if seat != self._seat_seen:
            self.sel = Selection()
            self._seat_seen = seat
        else:
            self._prune()
        self.layer = None
        self.hover = None
        self.dirty = True

    def _prune(self) -> None:
        sel = self.sel
        hand = {c["id"] for c in self.hand()}
        laid = set(self.own_laid()) if self.view.get("expert") else set()
        playing = self.view.get("phase") in ("start", "main")
        sel.cards = [(c, h) for c, h in sel.cards if playing and (c in hand or c in laid)]
        sel.keep = [c for c in sel.keep if c in hand] if self.view.get("phase") == "round_over" else []
        mine = self.view["seats"][self.me] if self.me is not None else None
        if mine is None or not 0 <= sel.onto < len(mine["combos"]) or not playing:
            sel.onto = -1
        items = {(i["item"], i["value"]) for i in mine["items"]} if mine else set()
        if sel.item not in items:
            sel.item = None
        if not mine or not mine["parchments"]:
            sel.parchment = False

    def language_changed(self) -> None:
        super().language_changed()
        self.layer = None

    # -- acting ------------------------------------------------------------------------------------

    def act(self, action: Any) -> bool:
        """Apply through the shell (refusals become a toast in the player's language; an action
        asked just after the others played is held there, see the module docstring)."""
        ok = self.try_act(action)
        if ok and self.me is not None and not self.my_turn() and not isinstance(action, A.EndTurn | A.Keep) \
                and self.view.get("phase") not in ("round_over", "game_over"):
            self.ended_by_itself = True
        if ok:
            self.sel.item, self.sel.parchment = None, False
        self.layer = None
        self.dirty = True
        return ok

    def lay(self, pid: str) -> bool:
        """Lay the selected cards for professor `pid` (onto the picked combination in expert)."""
        cards = tuple((cid, int(h)) for cid, h in self.sel.cards)
        ok = self.act(A.Lay(pid, cards, self.sel.onto))
        if ok:
            self.sel.cards, self.sel.onto = [], -1
        return ok

    def toggle_card(self, cid: str) -> None:
        if self.view.get("phase") == "round_over":
            keep = self.sel.keep
            keep.remove(cid) if cid in keep else keep.append(cid)
        elif cid in self.sel.ids():
            self.sel.cards = [(c, h) for c, h in self.sel.cards if c != cid]
        else:
            self.sel.cards.append((cid, self.half_of(cid)))
        self._changed()

    def flip(self, cid: str) -> None:
        half = 1 - self.half_of(cid)
        self.sel.flips[cid] = half
        self.sel.cards = [(c, half if c == cid else h) for c, h in self.sel.cards]
        self._changed()

    def _changed(self) -> None:
        self.layer = None
        self.dirty = True

    def on_hit(self, hit: Hit, button: int) -> None:
        """A click on a zone of the table."""
        kind, data = hit.kind, hit.data
        if button == 3:
            if kind in ("card", "flip", "laid"):
                self.flip(data)
            return
        if not hit.enabled:
            return
        if kind in ("card", "laid"):
            self.toggle_card(data)
        elif kind == "flip":
            self.flip(data)
        elif kind == "professor" and self.sel.cards:
            self.lay(data)
        elif kind == "face_up":
            self.act(A.TakeFaceUp(data))
        elif kind == "draw_pile":
            self.act(A.Draw())
        elif kind == "my_item":
            self.sel.item = None if self.sel.item == data else data
            self.sel.parchment = False
            self._changed()
        elif kind == "my_parchment":
            self.sel.parchment = not self.sel.parchment
            self.sel.item = None
            self._changed()
        elif kind == "onto":
            self.sel.onto = -1 if self.sel.onto == data else data
            self._changed()
        elif kind == "button":
            self.on_button(*data)

    def on_button(self, name: str, arg: Any = None) -> None:
        if name == "menu":
            from scenes.pause import PauseMenu

            self.stack.push(PauseMenu(self.app, self))
        elif name == "lay":
            self.lay(arg)
        elif name == "clear":
            self.sel.cards, self.sel.onto, self.sel.keep = [], -1, []
            self._changed()
        elif name == "draw":
            self.act(A.Draw())
        elif name == "pass":
            self.act(A.PassTurn())
        elif name == "end_turn":
            self.act(A.EndTurn())
        elif name == "discard_item" and self.sel.item:
            self.act(A.DiscardItem(*self.sel.item))
        elif name == "discard_parchment":
            self.act(A.DiscardParchment())
        elif name == "take_back":
            self.act(A.TakeBack(arg))
        elif name == "keep":
            if self.act(A.Keep(tuple(self.sel.keep))):
                self.sel.keep = []

    # -- events ------------------------------------------------------------------------------------

    def handle_table(self, event: pygame.event.Event, view: dict[str, Any]) -> bool:
        if self.handle_pointer(event, buttons=(1, 3)):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if view.get("phase") == "after_main" and self.my_turn():
                self.act(A.EndTurn())
                return True
        return False

    # -- drawing -----------------------------------------------------------------------------------

    def _ensure(self, size: tuple[int, int] | None = None) -> None:
        size = size or self.app.size
        if self.layer is None or self.layer.get_size() != size:
            from scenes.anludim.compose import compose

            spare, self._spare = getattr(self, "_spare", None), None
            self.layer, self.hits, self.label = compose(self, size, spare)
            self._spare = self.layer  # drawn over next time: no second window-sized surface

    def message_anchor(self, size: tuple[int, int]) -> tuple[int, int, int]:
        """Messages ("Robot 5 is thinking…", a refusal) over the log's oldest lines: at the top of
        the window they hid the opponents' panels."""
        from scenes.anludim.compose import side_rects

        log = side_rects(size)[1]
        return log.centerx, log.top + 34, log.width - 16

    def handoff_box(self, surface: pygame.Surface, stacked: Rect, in_row: Rect) -> Rect:
        """The hand-off ("Your turn is over — Pass to <name>") in one row over the whole action
        bar, which says the same while it shows and whose buttons wait: at the top it covered the
        opponents' panels; your panel, the hand's label and the cards just drawn stay in sight.
        A name too long for the bar: the stacked box, its foot on the cards' top edge."""
        from scenes.anludim.compose import hand_top, main_rects

        size = surface.get_size()
        _opp, _profs, _mine, _bar, hand = main_rects(size)
        strip = self._action_strip(size)
        if in_row.width <= strip.width:
            return Rect(strip.left, 0, strip.width, in_row.height).move_to(centery=strip.centery)
        cards = hand_top(hand, min(size[0] / 1280, size[1] / 800))
        return stacked.move_to(midbottom=(strip.centerx, cards)).clamp(surface.get_rect())

    def bot_banner_box(self, surface: pygame.Surface, box: Rect) -> Rect:
        """"<bot> réfléchit…" in the middle of the action bar, which only waits while a bot plays:
        at the top it covered the opponents' panels, where that bot's play shows."""
        strip = self._action_strip(surface.get_size())
        if box.width > strip.width:
            return super().bot_banner_box(surface, box)
        return box.move_to(center=strip.center)

    @staticmethod
    def _action_strip(size: tuple[int, int]) -> Rect:
        """The band of the action bar, between your panel and your hand."""
        from scenes.anludim.compose import main_rects

        _opp, _profs, mine, bar, hand = main_rects(size)
        return Rect(bar.left, mine.bottom + 1, bar.width, hand.top - mine.bottom - 2)

    def draw_since(self, surface: pygame.Surface) -> None:
        """The shell's "since your last turn" box, with the colour symbols of card labels drawn."""
        from scenes.anludim.compose import rich

        w, h = surface.get_size()
        width = min(680, w - 80)
        rows = self.since_rows(width, h)  # the newest that fit the window (a long absence overflowed it)
        box = Rect(0, 0, width, 96 + 26 * max(1, len(rows)))
        box.center = (w // 2, h // 2)
        ui.dim(surface, 110)
        ui.panel(surface, box, 245, ui.GOLD)
        title = "table.since_title_first" if self.since_first else "table.since_title"
        ui.text(surface, self.app.tr(title), (box.centerx, box.top + 14), 22, ui.GOLD, bold=True,
                anchor="midtop")
        symbols = self.symbols()
        for i, row in enumerate(rows or [self.app.tr("table.since_nothing")]):
            rich(surface, row, (box.left + 20, box.top + 52 + 26 * i), 18, ui.PARCHMENT, symbols)
        ui.text(surface, self.app.tr("table.since_close"), (box.centerx, box.bottom - 28), 15, ui.PARCHMENT_DIM,
                anchor="midtop", italic=True)

    def draw_public(self, surface: pygame.Surface, rect: pygame.Rect, public_view: dict[str, Any]) -> None:
        """The curtain: covens, professors held and the log, from the public view only."""
        from scenes.anludim.compose import draw_public

        draw_public(self, surface, rect, public_view)

    # -- end ---------------------------------------------------------------------------------------

    def advance(self) -> None:
        """As the shell's, but the end of the game opens Anludim's own summary (rounds and totals)."""
        if self.session.is_over() and not self.ended:
            self.pending_bot = None
            self.animating = False
            self.refresh()
            self.ended = True
            from scenes.anludim.end import AnludimEnd

            self.stack.push(AnludimEnd(self.app, self))
            return
        super().advance()

    def score_history(self, view: dict[str, Any]) -> list[list[float]]:
        """Rounds won after each round (for charts)."""
        n = len(view["seats"])
        won = [0] * n
        rows = [list(won)]
        for result in view.get("round_results") or []:
            won[result["winner"]] += 1
            rows.append(list(won))
        return rows

    # -- live label ----------------------------------------------------------------------------------

    def live(self) -> list[dict[str, Any]]:
        """Per professor the selection can call: {professor, kind, valid, beats, holder}."""
        sel = self.sel
        if not sel.cards:
            return []
        if sel.onto < 0:
            return [p for p in proposal(self.view, sel.cards) if p["valid"]]
        return self._onto_live()

    def _onto_live(self) -> list[dict[str, Any]]:
        """Expert, adding to one of my combinations: its kind only (combos.is_valid / beats)."""
        me = self.view["seats"][self.me]
        target = me["combos"][self.sel.onto]
        halves = self._halves(self.sel.cards)
        if halves is None:
            return []
        kind = target["kind"]
        cards = [(c["value"], c["colour"]) for c in target["cards"]] + halves
        prof = self.prof_of_kind(kind)
        if prof is None or not combos.is_valid(kind, cards):
            return []
        others = [[(c["value"], c["colour"]) for c in combo["cards"]]
                  for s in self.view["seats"] for combo in s["combos"]
                  if combo["kind"] == kind and not (s["seat"] == self.me and combo["index"] == self.sel.onto)]
        return [{"professor": prof["id"], "kind": kind, "valid": True,
                 "beats": combos.beats(kind, cards, others), "holder": prof["seat"]}]

    def _halves(self, cards: list[tuple[str, int]]) -> list[tuple[int, str]] | None:
        known = {c["id"]: c["halves"] for c in self.hand()}
        known.update({cid: c["halves"] for cid, c in self.own_laid().items()})
        try:
            return [tuple(known[cid][h]) for cid, h in cards]  # type: ignore[misc]
        except (KeyError, IndexError):
            return None


SHOTS: dict[str, Any] = {}


def _shot_session(app: Any, seed: int, expert: bool = False) -> Any:
    from game.session import SeatInfo
    from scenes import saves_bridge

    seats = [SeatInfo("Camille", 0), SeatInfo("Yanis", 1), SeatInfo("Hugo", 4, "greedy")]
    session = saves_bridge.new_session(app, "anludim", seats, seed, {"expert": expert})
    session.store = None  # a screenshot leaves no autosave behind
    return session


def _play(session: Any, seed: int, stop: Any, hoard: bool = False) -> None:
    """Play greedy moves for every seat until `stop(state)` (bounded); with `hoard`, the human
    seats draw while their hand is small, so the picture shows a full hand."""
    bots = [session.engine.bot("greedy", seed * 31 + s) for s in range(len(session.seats))]
    for _ in range(400):
        state = session.state
        if stop(state) or state.is_over():
            return
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.view(seat), legal)
        if hoard and session.is_human(seat) and len(state.table.seats[seat].hand) < 7 and A.Draw() in legal:
            action = A.Draw()
        session.apply(seat, action)


def _open(app: Any, session: Any) -> Any:
    from scenes.shots import open_unveiled

    return open_unveiled(app, session)


def _shot_table(app: Any, game: str | None, seed: int) -> Any:
    """Mid-game: laid combinations, held professors, items; the seat to play has a lay selected."""
    seed = seed or 1
    session = _shot_session(app, seed)

    def busy(state: Any) -> bool:
        seats = state.table.seats
        laid = sum(len(s.combos) for s in seats)
        items = sum(len(s.items) for s in seats)
        return (state.phase == "start" and session.is_human(state.current) and laid >= 3 and items >= 4
                and len(seats[state.current].hand) >= 7
                and any(isinstance(a, A.Lay) for a in state.legal_actions(state.current)))

    _play(session, seed, busy, hoard=True)
    table = _open(app, session)
    if isinstance(table, AnludimTable) and table.me is not None:
        lays = sorted((a for a in session.legal_actions(table.me) if isinstance(a, A.Lay)),
                      key=lambda a: (abs(len(a.cards) - 3), a.professor))
        if lays:
            table.sel.cards = list(lays[0].cards)
            table.sel.flips = {cid: h for cid, h in lays[0].cards}
            table.layer = None
    return table


def _shot_round_end(app: Any, game: str | None, seed: int) -> Any:
    """The end of a round: results over the table, the first human choosing the cards to keep."""
    seed = seed or 1
    session = _shot_session(app, seed)
    _play(session, seed, lambda s: s.phase == "round_over" and session.is_human(s.to_act()[0]))
    table = _open(app, session)
    if isinstance(table, AnludimTable) and table.view.get("hand"):
        limit = table.view["seats"][table.me]["keep_limit"]
        table.sel.keep = [c["id"] for c in table.view["hand"][:limit]]
        table.layer = None
    return table


SHOTS["anludim_table"] = _shot_table
SHOTS["anludim_round_end"] = _shot_round_end
