"""The Ambre table: the card-keeper and scene console. People tell the story; the app keeps order.

Zones (scaled from 1280x800): a header with the phase and the step; the conflicts as post-its
(arcanum, theme big enough to read aloud, level, elements, cards face up or down, the suit values)
in the main area, or the epilogue's fates at the end; the seats (ranks, bids, cards) and the log on
the right; the console at the bottom (prompt, buttons, the unveiled seat's hand, joker and
put-aside cards; the name and motivation fields in childhood).

Clicks: a hand card plays it when the step takes a card (bid, raise, set-up, floor request,
closing gift, a gage answer); a card on a conflict is picked for an element or a consequence; a
post-it opens a scene on it or stakes a bid on it; buttons do the rest. Someone else asking for
the floor presses "<name> asks for the floor": the curtain passes the computer to them, they lay
their card face down in private, and the curtain goes back to the narrator. Couper is a button per
eligible person, usable while the narrator is unveiled (nothing secret in it).

Bots only play what they must: during narration the scene waits on the narrator alone (a bot never
asks for the floor). The scene reads only `self.view` and acts only through `try_act`.
"""

from __future__ import annotations

import os
from collections import Counter
from datetime import UTC, datetime
from typing import Any

import pygame

from rules.ambre import actions as A
from scenes import ui
from scenes.ambre.console import Console
from scenes.table import ComposedTable

Hit = ui.Hit


class AmbreTable(ComposedTable):
    """Ambre's table scene (see the module docstring)."""

    UNOUTLINED = ("tip", "field", "postit")  # a text field and a post-it show their own state
    UNTIPPED = ("button",)  # a button shows its label already

    def __init__(self, app: Any, session: Any) -> None:
        self.hits: list[Hit] = []
        self.layer: pygame.Surface | None = None
        self.hover: Hit | None = None
        self.mouse = (0, 0)
        self.pick: dict[str, Any] | None = None
        self.requesting: int | None = None
        self.fields = {"name": "", "motivation": ""}
        self.focus = "name"
        self.selected = False  # the focused field's whole text is selected (Ctrl+A)
        self.slots: list[str | None] | None = None  # the hand as laid out, a played card's place empty
        self.slots_seat: int | None = None
        self.hand_zone: pygame.Rect | None = None  # where the hand is drawn (set by the composer)
        self.exported: str | None = None
        self._seat_seen: int | None = None
        super().__init__(app, session)

    # -- helpers -------------------------------------------------------------------------------

    def tx(self, value: Any) -> str:
        return self.app.strings.text(value)

    def char_name(self, seat: int) -> str:
        """The character's name once typed, else the player's."""
        names = self.view.get("names") or []
        name = names[seat] if 0 <= seat < len(names) else None
        return name or self.seat_name(seat)

    def render(self, item: dict[str, Any]) -> str:
        """Log entries and refusals name the characters once they are named."""
        return self.app.strings.render(item, [self.char_name(i) for i in range(len(self.session.seats))])

    def is_human(self, seat: int) -> bool:
        return self.session.is_human(seat)

    @property
    def me(self) -> int | None:
        return self.view.get("seat")

    def legal(self) -> list[A.Action]:
        """The unveiled seat's legal actions (empty when it may not act)."""
        if self.me is None or self.me not in (self.view.get("to_act") or []):
            return []
        return list(self.session.legal_actions(self.me))

    def all_gifts(self, kind: type, card: str) -> list[A.Action]:
        """Closing gifts of `card` to every recipient and flip the rules offer (from the listed ones)."""
        legal = [a for a in self.legal() if isinstance(a, kind)]
        return [kind(card, to, flip) for to in sorted({a.to for a in legal}) for flip in sorted({a.flip for a in legal})]

    # -- flow ----------------------------------------------------------------------------------

    def view_changed(self) -> None:
        seat = self.view.get("seat")
        if seat != self._seat_seen:
            self.pick, self._seat_seen = None, seat
            self.fields = {"name": "", "motivation": ""}
            self.focus = "name"
            self.selected = False
        self.layer = None
        self.hover = None
        self.dirty = True

    def advance(self) -> None:
        """As the shell's, but the game waits only on the seats it needs: during narration the
        narrator alone (the others may ask for the floor through the console)."""
        state = self.session.state
        if state.is_over():
            super().advance()
            return
        waiting = state.waiting_on()
        bot = next((s for s in waiting if not self.is_human(s)), None)
        if bot is not None:
            self.pending_bot = bot
            self.bot_timer = 0.8 / max(0.1, float(getattr(self.app.settings, "animation_speed", 1.0)))
            self.wake_after = self.bot_timer
            self.refresh()
            return
        self.pending_bot = None
        self.animating = False
        self.requesting = None if self.requesting not in state.to_act() else self.requesting
        humans = [s for s in waiting if self.is_human(s)]
        if self.requesting is not None and self.unveiled == self.requesting:
            self.refresh()
            return
        if self.unveiled in humans or not humans:
            self.refresh()
            return
        seat = humans[0]
        several = sum(1 for s in self.session.seats if s.is_human) > 1
        if several:
            self.unveiled = None
            self.refresh()
            self.show_curtain(seat)
            return
        self.unveiled = seat
        self.refresh()

    REVEALS = ("ambre.log.bid_revealed", "ambre.log.abstain")

    def act(self, action: A.Action, seat: int | None = None) -> bool:
        """Apply `action`. When it revealed the bids and the same person plays on (the last to lay
        lays again in a tie-break, or raises first), the "since your last turn" box tells what was
        revealed: the screen changed under their hand with nothing said, and a second click laid
        a second card unseen."""
        actor = self.unveiled if seat is None else seat
        logged = len(self.session.state.log)
        ok = self.try_act(action, seat)
        new = self.session.state.log[logged:]
        if ok and self.unveiled == actor is not None and any(e["key"] in self.REVEALS for e in new):
            self.since = new[1:]  # what followed their own "lays a card face down"
        if ok:
            self.pick = None
        self.layer = None
        self.dirty = True
        return ok

    def ask_floor(self, seat: int) -> None:
        """Someone asks for the floor: pass the computer to them behind the curtain."""
        self.requesting = seat
        self.pick = None
        if seat == self.unveiled:
            self.refresh()
            return
        if sum(1 for s in self.session.seats if s.is_human) > 1:
            self.unveiled = None
            self.refresh()
            self.show_curtain(seat)
        else:
            self.unveiled = seat
            self.refresh()

    def cancel(self) -> None:
        if self.requesting is not None and self.pick is None:
            self.requesting = None
            self.advance()
            return
        self.pick = None
        self.layer = None
        self.dirty = True

    def export_story(self) -> str | None:
        """Write the story as Markdown in the user's data folder; the path, or None on failure."""
        from game import paths
        from rules.ambre.story import markdown

        try:
            folder = os.path.join(str(paths.data_dir()), "stories")
            os.makedirs(folder, exist_ok=True)
            stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
            path = os.path.join(folder, f"ambre-{stamp}-{self.app.strings.lang}.md")
            with open(path, "w", encoding="utf-8") as f:
                f.write(markdown(self.session.view(None), self.app.strings))
        except OSError:
            self.app.log_exception("ambre.export")
            self.app.toast(self.app.tr("ambre.toast.export_failed"), "error")
            return None
        self.exported = path
        self.app.toast(self.app.tr("ambre.toast.exported", path=path), "ok")
        return path

    # -- clicks --------------------------------------------------------------------------------

    def on_hit(self, hit: Hit, button: int = 1) -> None:
        if not hit.enabled:
            return
        kind, data = hit.kind, hit.data
        if kind == "button":
            self.on_button(data)
        elif kind == "field":
            self.set_focus(data)
            self.layer = None
            self.dirty = True
        elif kind == "hand":
            self.on_hand(data)
        elif kind == "aside":
            self.on_aside(data)
        elif kind == "ccard":
            self.on_conflict_card(*data)
        elif kind == "postit":
            self.on_postit(data)

    def on_button(self, data: tuple) -> None:
        what = data[0]
        if what == "act":
            action, seat = data[1], data[2]
            if isinstance(action, A.Character):
                action = self.character()
            self.act(action, seat)
        elif what == "curtain":
            self.ask_floor(data[1])
        elif what == "cancel":
            self.cancel()
        elif what == "export":
            self.export_story()
        elif what == "give_to" and self.pick:
            self.pick["to"] = data[1]
            self._try_gift()
        elif what == "menu":
            from scenes.pause import PauseMenu

            self.stack.push(PauseMenu(self.app, self))

    def _single(self, actions: list[A.Action]) -> bool:
        if len(actions) == 1:
            self.act(actions[0])
            return True
        return False

    def on_hand(self, card: str) -> None:
        legal = self.legal()
        for kind in (A.Bid, A.RaiseBid, A.Lay, A.RequestFloor):
            if A.Bid is kind and A.Bid(card) in legal:
                self.act(A.Bid(card))
                return
            if kind is not A.Bid and kind(card) in legal:
                self.act(kind(card))
                return
        if A.AcceptGage(card) in legal:
            self.act(A.AcceptGage(card))
            return
        if card in (self.view.get("hand") or []) and any(isinstance(a, (A.Bid, A.PassRaise)) for a in legal):
            # a bid or raise card the rules refuse: their reason ("your total must reach at least 14",
            # "a value different from every one shown") says more than "that card cannot be used"
            self.act(A.RaiseBid(card) if A.PassRaise() in legal else A.Bid(card))
            return
        if any(isinstance(a, A.CloseFromHand) for a in legal):
            self.pick = {"from": "hand", "card": card, "to": None}
            self._changed()
            return
        self.app.toast(self.app.tr("ambre.toast.not_this_card"), "error")

    def on_aside(self, card: str) -> None:
        if any(isinstance(a, A.CloseFromAside) for a in self.legal()):
            self.pick = {"from": "aside", "card": card, "to": None}
            self._changed()

    def on_conflict_card(self, conflict: int, index: int) -> None:
        view_card = self.view["conflicts"][conflict]["cards"][index]
        card = view_card["card"]
        legal = self.legal()
        pick = self.pick
        if pick and pick.get("to") is not None and pick["from"] in ("hand", "aside"):
            kind = A.CloseFromHand if pick["from"] == "hand" else A.CloseFromAside
            self.act(kind(pick["card"], pick["to"], index))
            return
        if card is None:
            return
        elements = [a for a in legal if isinstance(a, A.Element) and a.card == card]
        if elements:
            if not self._single(elements):
                self.pick = {"from": "conflict", "card": card}
                self._changed()
            return
        for kind in (A.TakeAside, A.TakeHand, A.OfferGage):
            if kind(card) in legal:
                self.act(kind(card))
                return
        gives = [a for a in legal if isinstance(a, A.Give) and a.card == card]
        if gives and not self._single(gives):
            self.pick = {"from": "conflict", "card": card}
            self._changed()

    def on_postit(self, conflict: int) -> None:
        legal = self.legal()
        for action in (A.Initiate(conflict), A.Stake(conflict)):
            if action in legal:
                self.act(action)
                return

    def _try_gift(self) -> None:
        pick = self.pick
        kind = A.CloseFromHand if pick["from"] == "hand" else A.CloseFromAside
        flips = sorted({a.flip for a in self.all_gifts(kind, pick["card"])})
        if flips == [-1]:
            self.act(kind(pick["card"], pick["to"], -1))
        else:
            self._changed()

    def _changed(self) -> None:
        self.layer = None
        self.dirty = True

    # -- keys and typing -------------------------------------------------------------------------

    def set_focus(self, field: str) -> None:
        """Type into `field`; an empty motivation starts with "Je veux " already written (the
        rulebook's opening: shown as a hint only, it vanished at the first key and a playtester's
        motivation lost it)."""
        self.focus = field
        self.selected = False
        if field == "motivation" and not self.fields["motivation"]:
            self.fields["motivation"] = self.app.strings.tr("ambre.ui.motivation_start")

    def hand_slots(self) -> list[str | None]:
        """The unveiled hand in its places. A card that left it (played, laid, given) leaves its
        place empty, the others unmoved, while the pointer stays over the hand: the hand reflowed
        at once, and a quick second click landed on the card that slid under the pointer. It
        closes up when the pointer leaves the hand, or for a new hand (another seat, cards dealt)."""
        v = self.view
        if v.get("hand") is None:
            self.slots = None
            return []
        now = list(v["hand"]) + ([v["joker"]] if v.get("joker") else [])
        old, held = self.slots, None
        pointer_in = self.hand_zone is not None and self.hand_zone.collidepoint(self.mouse)
        if old is not None and self.slots_seat == self.me and pointer_in:
            left = Counter(now)
            held = []
            for card in old:
                if card is not None and left[card] > 0:
                    left[card] -= 1
                    held.append(card)
                else:
                    held.append(None)
            if +left:  # a card came into the hand: lay it out afresh
                held = None
        self.slots, self.slots_seat = (held if held is not None else now), self.me
        return list(self.slots)

    def character(self) -> A.Character:
        """The typed character; a motivation whose opening was typed again over the written one
        ("Je veux Je veux la couronne") keeps one."""
        start = self.app.strings.tr("ambre.ui.motivation_start").strip()
        motivation = self.fields["motivation"].strip()
        if motivation.lower().startswith(f"{start} {start}".lower()):
            motivation = motivation[len(start) + 1:]
        elif motivation == start:
            motivation = ""  # nothing more was written: refused as empty, as before
        return A.Character(self.fields["name"], motivation)

    def typing(self) -> bool:
        return self.view.get("phase") == "childhood" and self.me is not None and self.me in self.view.get("to_act", [])

    def captures_keys(self) -> bool:
        return self.typing()

    #: keys that leave a Ctrl+A selection (a letter's or Shift's KEYDOWN keeps it for the text that follows)
    LEAVE_SELECTION = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_HOME, pygame.K_END)

    def _type(self, event: pygame.event.Event) -> bool:
        """A key or typed text for the focused field. Ctrl+A selects its whole text, as in every
        other field of the app: typing then replaces it, Backspace or Delete clears it, and any
        other key (or a click) leaves the selection."""
        limit = self.view["content"]["rules"]["name_max" if self.focus == "name" else "motivation_max"]
        selected = self.selected
        if event.type == pygame.TEXTINPUT:  # (its key's KEYDOWN came first and kept the selection)
            self.selected = False
            kept = "" if selected else self.fields[self.focus]
            self.fields[self.focus] = (kept + event.text)[:limit]
        elif event.key == pygame.K_a and event.mod & pygame.KMOD_CTRL:
            self.selected = bool(self.fields[self.focus])
        elif event.key in (pygame.K_BACKSPACE, pygame.K_DELETE) and selected:
            self.selected = False
            self.fields[self.focus] = ""
        elif event.key == pygame.K_BACKSPACE:
            self.fields[self.focus] = self.fields[self.focus][:-1]
        elif event.key == pygame.K_TAB:
            self.set_focus("motivation" if self.focus == "name" else "name")
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.focus == "name":
                self.set_focus("motivation")
            else:
                self.act(self.character())
                return True
        elif event.key == pygame.K_ESCAPE:
            return False
        else:
            if selected and event.key in self.LEAVE_SELECTION:  # the selection goes, the text stays
                self.selected = False
                self._changed()
            return event.type == pygame.KEYDOWN and bool(event.unicode)
        self._changed()
        return True

    def handle_table(self, event: pygame.event.Event, view: dict[str, Any]) -> bool:
        if (event.type == pygame.MOUSEMOTION and self.slots is not None and None in self.slots
                and self.hand_zone is not None and not self.hand_zone.collidepoint(event.pos)):
            self.mouse = event.pos  # the pointer left the hand: it closes up
            self._changed()
        if event.type == pygame.TEXTINPUT and self.typing():
            return self._type(event)
        if event.type == pygame.KEYDOWN and self.typing():
            return self._type(event)
        return self.handle_pointer(event)

    def find(self, kind: str, data: Any = None, label: str | None = None) -> Hit | None:
        """The zone of that kind and data (buttons: matched on their label with `label`)."""
        self._ensure()
        for hit in self.hits:
            if hit.kind != kind:
                continue
            if label is not None and hit.tip != label:
                continue
            if data is None or hit.data == data:
                return hit
        return None

    def buttons_now(self) -> list[Hit]:
        self._ensure()
        return [h for h in self.hits if h.kind == "button"]

    # -- drawing ---------------------------------------------------------------------------------

    def _ensure(self, size: tuple[int, int] | None = None) -> None:
        size = size or self.app.size
        if self.layer is None or self.layer.get_size() != size:
            from scenes.ambre.compose import compose

            self.layer, self.hits = compose(self, Console(self), size)

    def draw_public(self, surface: pygame.Surface, rect: pygame.Rect, public_view: dict[str, Any]) -> None:
        from scenes.ambre.compose import draw_public

        draw_public(self, surface, rect, public_view)

    def score_history(self, view: dict[str, Any]) -> list[list[float]]:
        """Each character's fate (the epilogue difference) after each scene, rebuilt from the
        scene records: closing gifts and consequences are the only ways cards are put aside."""
        from rules.ambre import cards, scoring

        n = len(view["seats"])
        aside: list[list[str]] = [[] for _ in range(n)]
        rows = [[0.0] * n]
        for sc in view.get("scenes") or []:
            for play in sc["closing"]:
                if play["kind"] == "aside" and play["card"] in aside[play["seat"]]:
                    aside[play["seat"]].remove(play["card"])
                if play["kind"] in ("hand", "aside"):
                    aside[play["to"]].append(play["card"])
            for move in sc["moves"]:
                if move["kind"] == "take_aside":
                    aside[move["seat"]].append(move["card"])
                elif move["kind"] in ("give", "accept_gage"):
                    aside[move["to"]].append(move["card"])
            rows.append([float(scoring.fate(cards.pair(c) for c in pile if cards.is_minor(c))["difference"])
                         for pile in aside])
        return rows


def label_card(view: dict[str, Any], card: str | None, tr: Any) -> str:
    from scenes.ambre.console import card_text

    return card_text(view, card, tr)


SHOTS: dict[str, Any] = {}


def _session(app: Any, seed: int, kinds: tuple[str, ...] = ("human", "human", "human")) -> Any:
    from game.session import SeatInfo
    from scenes import saves_bridge

    names = ("Camille", "Yanis", "Léa", "Hugo", "Inès")
    seats = [SeatInfo(names[i], i, kind) for i, kind in enumerate(kinds)]
    session = saves_bridge.new_session(app, "ambre", seats, seed, {})
    session.store = None
    return session


def _play(session: Any, seed: int, stop: Any) -> None:
    """Steady moves for every seat until `stop(state)`."""
    bots = [session.engine.bot("steady", seed * 31 + s) for s in range(len(session.seats))]
    for _ in range(3000):
        state = session.state
        if stop(state) or state.is_over():
            return
        seat = state.waiting_on()[0]
        session.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))


def _open(app: Any, session: Any) -> Any:
    from scenes.shots import open_unveiled

    return open_unveiled(app, session)


def _shot(stop: Any) -> Any:
    def factory(app: Any, game: str | None, seed: int) -> Any:
        seed = seed or 2
        session = _session(app, seed)
        _play(session, seed, stop)
        return _open(app, session)

    return factory


SHOTS["ambre_table"] = _shot(lambda s: s.scene is not None and s.scene.step == "narration" and s.act == 1)
SHOTS["ambre_childhood"] = _shot(lambda s: True)
SHOTS["ambre_bids"] = _shot(lambda s: s.phase == "bids" and s.bidding.stage == "raise")
SHOTS["ambre_elements"] = _shot(lambda s: s.phase == "elements" and any(c.elements for c in s.conflicts))
SHOTS["ambre_closing"] = _shot(lambda s: s.scene is not None and s.scene.step == "closing" and s.act == 2)
SHOTS["ambre_setup"] = _shot(lambda s: s.scene is not None and s.scene.step == "setup")
SHOTS["ambre_epilogue"] = _shot(lambda s: s.phase == "epilogue" and s.epilogue["told"] == 1)
