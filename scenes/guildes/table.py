"""The Guildes table: a `ComposedTable` drawn from `view(seat)` only (layout in `compose.py`).

Every choice the engine asks for is a button of the prompt bar (an action card, an element with
its dice, a mage, a card, a seat, a bid...); placing mages is done by clicking the mage chips of
your guild tile (or their buttons) to make them active, then "Confirm". Tooltips give the stats
of mages, the text of items and spells, and the leaders' powers. The whole table is composed into
one cached surface whenever the view, the placement selection or the size changes; a frame is a
blit of it plus the hover outline and tooltip.
"""

from __future__ import annotations

from typing import Any

import pygame

from rules.guildes.actions import Bid, Choose, ForceNextRoll, Place
from scenes import ui
from scenes.table import ComposedTable

Rect = pygame.Rect
Hit = ui.Hit

#: Prompt kinds whose options are mage ids, card ids, leader ids or seats.
MAGE_KINDS = {"take_out", "recruit", "champion", "counter_target", "damage_one", "damage_spread", "line"}
CARD_KINDS = {"buy", "sell", "leave_item", "turn_spell", "combat_spell"}
BID_BUTTONS = 10  # bid amounts offered one by one from the minimum (the engine's listed steps beyond)
CARD_WORDS = {"first_action", "second_action", "dark_power", "light_power"}


class GuildesTable(ComposedTable):
    """Guildes' table scene (see the module docstring)."""

    def __init__(self, app: Any, session: Any) -> None:
        self.layer: pygame.Surface | None = None
        self.hits: list[Hit] = []
        self.hover: Hit | None = None
        self.mouse = (0, 0)
        self.place_sel: set[str] = set()
        self.zone_rects: dict[str, Rect] = {}
        self._prompt_seen: Any = None
        super().__init__(app, session)

    # -- view helpers ------------------------------------------------------------------------------

    @property
    def me(self) -> int | None:
        return self.view.get("seat")

    def my_turn(self) -> bool:
        p = self.view.get("prompt")
        return self.me is not None and p is not None and self.me in p["seats"]

    def placing(self) -> bool:
        return self.my_turn() and self.view["prompt"]["kind"] == "placement"

    def view_changed(self) -> None:
        p = self.view.get("prompt")
        key = (self.me, p and p["kind"], self.view.get("round"), len(self.view.get("log", [])))
        if key != self._prompt_seen:
            self._prompt_seen = key
            self.place_sel = set()
        self.layer = None
        self.hover = None
        self.dirty = True

    # -- the buttons of the prompt bar -----------------------------------------------------------

    def buttons(self) -> list[tuple[str, Any, str, str, bool]]:
        """(kind, data, label, tooltip, highlighted) for each choice the unveiled seat has now."""
        if not self.my_turn():
            return []
        p = self.view["prompt"]
        if p["kind"] == "placement":
            mine = [m for m in self.view["guilds"][self.me]["mages"] if not m["centre"]]
            out = [("toggle", m["id"], self.label("recruit", m["id"]), "", m["id"] in self.place_sel) for m in mine]
            return out + [("confirm", None, self.tr("guildes.ui.confirm"), "", True)]
        if p["kind"] == "bid":
            legal = self.session.legal_actions(self.me)
            listed = [a.amount for a in legal if isinstance(a, Bid)]
            # any amount from the minimum to the purse is a bid (the engine lists a few steps, for
            # the bots): a person gets each of them, the first BID_BUTTONS and the listed ones above
            purse = self.view["guilds"][self.me]["rubies"]
            every = list(range(min(listed), purse + 1))[:BID_BUTTONS] if listed else []
            bids = sorted({*every, *listed})
            return [("bid", n, self.tr("guildes.ui.bid", n=n), "", False) for n in bids] + [
                ("option", "pass", self.tr("guildes.choice.pass"), "", False)]
        out = [("option", o, self.label(p["kind"], o), self.option_tip(p["kind"], o), False) for o in p["options"]]
        return self.laid(p) + self.refused(p) + out

    def laid(self, p: dict[str, Any]) -> list[tuple[str, Any, str, str, bool]]:
        """The mages already laid face down in the unveiled seat's line, in order, greyed before the
        choices: laying a line of three, a player could not see which mage went first and so which
        attacker or defender it would meet."""
        if p["kind"] != "line":
            return []
        laid = (p.get("context") or {}).get("laid") or []
        return [("laid", mid, f"{i}. {self.card_name(mid)}", self.tr("guildes.ui.laid_tip", n=i), False)
                for i, mid in enumerate(laid, start=1)]

    def refused(self, p: dict[str, Any]) -> list[tuple[str, Any, str, str, bool]]:
        """The choices the rules leave out, shown greyed with the reason (a drawn mage the guild's
        alignment or purse does not allow, the face-up mage it cannot buy, a market card it cannot
        pay for): a player saw "hire one of the two mages" and one button, and could not tell why."""
        ctx = p.get("context") or {}
        if p["kind"] == "recruit":
            return [("refused", mid, self.label("recruit", mid), self.why_not(mid), False)
                    for mid in ctx.get("drawn") or [] if mid not in p["options"] and self.why_not(mid)]
        if p["kind"] == "face_up_mage" and "buy" not in p["options"] and ctx.get("mage") and self.why_not(ctx["mage"]):
            return [("refused", "buy", self.label("face_up_mage", "buy"), self.why_not(ctx["mage"]), False)]
        if p["kind"] == "buy":  # the market (Trade, Work X2): a card seen but too dear for the purse
            rubies = self.view["guilds"][self.me]["rubies"]
            prices = ctx.get("prices") or {}
            return [("refused", cid, self.label("buy", cid),
                     self.tr("guildes.ui.refused_price", name=self.card_name(cid), price=prices[cid], rubies=rubies), False)
                    for cid in ctx.get("offer") or [] if cid not in p["options"] and cid in prices]
        return []

    def prompt_note(self, p: dict[str, Any]) -> str:
        """A line under the buttons when the choice has a consequence nobody could guess: placing
        mages with Quest and Combat both to play, the first of them takes every active mage (a mage
        serves one action a round; a quest with no group attack only its champion) and the second
        finds only those left. A player set two mages active, sent
        one against the monster, and lost the Combat with 'no active mage' and no idea why."""
        if p["kind"] != "placement":
            return ""
        me = self.view["guilds"][self.me]
        cards = [me.get("first"), me.get("second")]
        if sorted(c for c in cards if c) != ["combat", "quest"]:
            return ""
        if cards[0] == "quest":  # a no-group quest takes only its champion (rules.yaml `quest_uses`)
            key = "guildes.ui.place_once_quest" if self.view["cards"]["rules"].get("quest_uses") == "fighters" \
                else "guildes.ui.place_once"
            return self.tr(key, first=self.tr("guildes.card.quest"), second=self.tr("guildes.card.combat"))
        return self.tr("guildes.ui.place_once", first=self.tr(f"guildes.card.{cards[0]}"),
                       second=self.tr(f"guildes.card.{cards[1]}"))

    def why_not(self, mid: str) -> str:
        """Why the unveiled guild may not take mage `mid` ('' when it may): its alignment, its rubies."""
        from rules.guildes.content import Requirement

        if mid not in self.view["cards"]["mages"]:
            return ""
        m, g = self.view["cards"]["mages"][mid], self.view["guilds"][self.me]
        req = m.get("requires")
        if req and not Requirement(**req).allows(g["alignment"]):
            words = [self.tr(f"guildes.ui.req_{req['side']}")] if req.get("side") else []
            if req.get("at_least") is not None:
                words.append(self.tr("guildes.ui.req_at_least", n=req["at_least"]))
            if req.get("at_most") is not None:
                words.append(self.tr("guildes.ui.req_at_most", n=req["at_most"]))
            return self.tr("guildes.ui.refused_alignment", name=self.card_name(mid), need=", ".join(words),
                           alignment=g["alignment"])
        if m["price"] > g["rubies"]:
            return self.tr("guildes.ui.refused_price", name=self.card_name(mid), price=m["price"], rubies=g["rubies"])
        return ""

    def tr(self, key: str, **p: Any) -> str:
        return self.app.tr(key, **p)

    def tx(self, value: Any) -> str:
        return self.app.strings.text(value)

    def card_name(self, cid: str) -> str:
        cards = self.view["cards"]
        for table in ("mages", "items", "spells", "leaders", "quests"):
            if cid in cards[table]:
                return self.tx(cards[table][cid]["name"])
        return cid

    def prompt_title(self, p: dict[str, Any]) -> str:
        """The prompt's question, naming what it is about where the rules say it: the mage to
        send against a monster, the monster or mage an attack's element is chosen against (the
        bare questions left a player unsure which fight a click was for)."""
        ctx = p.get("context") or {}
        lot = self.view.get("lot") or {}
        if p["kind"] == "bid" and lot.get("mage"):  # "the mage for sale" left a player looking for it
            if lot.get("high") is not None and lot.get("bidder") is not None:
                return self.app.tr("guildes.prompt.bid_over", mage=self.card_name(lot["mage"]), high=lot["high"],
                                   bidder=self.seat_name(lot["bidder"]))
            return self.app.tr("guildes.prompt.bid_named", mage=self.card_name(lot["mage"]))
        if p["kind"] == "assign" and ctx.get("mage"):
            return self.app.tr("guildes.prompt.assign_named", mage=self.card_name(ctx["mage"]))
        target = ctx.get("target") if p["kind"] == "element" else None
        if isinstance(target, dict):
            if "quest" in target and "monster" in target:
                quest = self.view["cards"]["quests"].get(target["quest"])
                if quest is not None and 0 <= target["monster"] < len(quest["monsters"]):
                    name = self.tx(quest["monsters"][target["monster"]]["name"])
                    return self.app.tr("guildes.prompt.element_against", target=name)
            elif "mage" in target:
                mid = target["mage"]
                if mid == "leader":
                    name = self.app.tr("guildes.ui.leader_of", seat=self.seat_name(target.get("seat", 0)))
                elif mid is None:
                    name = self.app.tr("guildes.ui.hidden_mage", seat=self.seat_name(target.get("seat", 0)))
                else:
                    name = self.card_name(mid)
                return self.app.tr("guildes.prompt.element_against", target=name)
        return self.app.tr(p["key"])

    def label(self, kind: str, option: str) -> str:
        """A button's text for `option` of a prompt of `kind`."""
        ctx = (self.view.get("prompt") or {}).get("context") or {}
        if kind in CARD_WORDS and option != "keep" or kind == "x2":
            return self.tr(f"guildes.card.{option}")
        if kind == "element":  # the dice, and those a combat spell in hand would give (the engine's count)
            name = self.tr(f"guildes.element.{option}")
            text = self.tr("guildes.ui.dice_for", element=name, n=ctx.get("dice", {}).get(option, 0))
            spell = (ctx.get("spell_dice") or {}).get(option)
            if spell:
                text = self.tr("guildes.ui.dice_with_spell", label=text, n=spell["dice"])
            return text[:1].upper() + text[1:]
        if kind in ("target", "steal_target") and option.isdigit():
            return self.seat_name(int(option))
        if kind == "assign" and option.startswith("monster:"):
            quest = self.view.get("quest")
            if quest:
                mon = self.view["cards"]["quests"][quest["id"]]["monsters"][int(option.split(":")[1])]
                return self.tr("guildes.ui.monster_option", monster=self.tx(mon["name"]))
        if kind in ("align", "leader_x2") and ":" in option:
            side, n = option.split(":")
            return self.tr("guildes.ui.shift", side=self.tr(f"guildes.choice.{side}"), n=n)
        if kind == "heal" and option.isdigit():
            return self.tr("guildes.ui.heal_option", n=int(option))
        if kind == "buy" and option != "none":
            price = ctx.get("prices", {}).get(option)
            return f"{self.card_name(option)} ({price})" if price is not None else self.card_name(option)
        if option in self.view["cards"]["mages"] or option in self.view["cards"]["leaders"] or (
                option in self.view["cards"]["items"] or option in self.view["cards"]["spells"]):
            return self.card_name(option)
        key = f"guildes.choice.{option}"
        return self.tr(key) if self.app.strings.has(key) else option

    def mage_tip(self, mid: str) -> str:
        """A mage's card in words: name, attack and defence per element, hit points, price, points."""
        m = self.view["cards"]["mages"][mid]
        a, d = m["attack"], m["defence"]
        stats = self.tr("guildes.ui.stats", **a, dfire=d["fire"], dwater=d["water"], dair=d["air"], dearth=d["earth"],
                        hp=m["hp"])
        return self.tr("guildes.ui.mage_tip", name=self.tx(m["name"]), stats=stats, price=m["price"], vp=m["vp"])

    def leader_tip(self, lid: str) -> str:
        """A leader's card in words: its power, then attack and defence, work income and points."""
        card = self.view["cards"]["leaders"][lid]
        a, d = card["attack"], card["defence"]
        return self.tr("guildes.ui.leader_tip", power=self.tx(card["power"]), income=card["work_income"],
                       vp=card["vp"], **a, dfire=d["fire"], dwater=d["water"], dair=d["air"], dearth=d["earth"])

    def element_tip(self, option: str) -> str:
        """An element button's tooltip: the dice with and without the best combat spell in hand, and,
        in a duel, that the defender may take dice away with a spell of its own."""
        ctx = (self.view.get("prompt") or {}).get("context") or {}
        parts = []
        spell = (ctx.get("spell_dice") or {}).get(option)
        if spell:
            text = self.tr("guildes.ui.element_spell_tip", element=self.tr(f"guildes.element.{option}"),
                           n=ctx.get("dice", {}).get(option, 0), m=spell["dice"], spell=self.card_name(spell["spell"]))
            parts.append(text[:1].upper() + text[1:])
        if "seat" in (ctx.get("target") or {}):
            parts.append(self.tr("guildes.ui.element_guard_tip"))
        return " ".join(parts)

    def option_tip(self, kind: str, option: str) -> str:
        if kind == "element":
            return self.element_tip(option)
        cards = self.view["cards"]
        if option in cards["mages"]:
            return self.mage_tip(option)  # the recruit's buttons: the whole card, as on the tiles
        if option in cards["items"] or option in cards["spells"]:
            c = cards["items"].get(option) or cards["spells"][option]
            return self.tx(c["text"])
        if option in cards["leaders"]:
            return self.leader_tip(option)
        action = cards.get("actions", {}).get(option) if kind in CARD_WORDS or kind == "x2" else None
        if action is not None:  # an action card: what it does, and its bonus when doubled by X2
            x2 = self.tx(action["x2"]).strip(" —-") if action.get("x2") else ""
            if not x2:  # the X2 card itself ("—")
                return self.tx(action["text"])
            return self.tr("guildes.ui.action_tip", text=self.tx(action["text"]), x2=self.tx(action["x2"]))
        return ""

    # -- events ------------------------------------------------------------------------------------

    def handle_table(self, event: pygame.event.Event, view: dict[str, Any]) -> bool:
        return self.handle_pointer(event)

    def on_hit(self, hit: Hit, button: int = 1) -> None:
        if hit.kind == "menu":
            from scenes.pause import PauseMenu

            self.stack.push(PauseMenu(self.app, self))
        elif hit.kind == "option":
            self.try_act(Choose(hit.data))
        elif hit.kind == "bid":
            self.try_act(Bid(hit.data))
        elif hit.kind == "force":
            self.force(hit.data)
        elif hit.kind == "toggle":
            self.place_sel ^= {hit.data}
            self.layer = None
            self.dirty = True
        elif hit.kind == "confirm":
            mine = [m["id"] for m in self.view["guilds"][self.me]["mages"] if not m["centre"]]
            if self.try_act(Place(tuple(m for m in mine if m in self.place_sel))):
                self.place_sel = set()

    def force(self, value: int) -> None:
        """Designer mode: the next damage die shows `value` (any seat may queue it; logged)."""
        self.try_act(ForceNextRoll(value))

    # -- drawing -----------------------------------------------------------------------------------

    def _ensure(self, size: tuple[int, int] | None = None) -> None:
        size = size or self.app.size
        if self.layer is None or self.layer.get_size() != size:
            from scenes.guildes.compose import Composer

            composer = Composer(self, size)
            self.layer, self.hits = composer.run()
            self.zone_rects = composer.zones()

    def bot_banner_box(self, surface: pygame.Surface, box: pygame.Rect) -> pygame.Rect:
        """The bot banner sits in the prompt bar (which only says whom the table waits for while a
        bot plays), under its first line: at the top it covered the round, phase and first player."""
        self._ensure(surface.get_size())
        bar = self.zone_rects["prompt"]
        box = box.move_to(center=(bar.centerx, max(bar.centery + 8, bar.top + box.height // 2 + 40)))
        # the seat on screen may be asked meanwhile (the second card while a bot uses its dark
        # power): at 1024x700 the banner lay over the middle of that seat's buttons
        taken = [h.rect for h in self.hits if bar.contains(h.rect)]
        if not any(box.colliderect(r) for r in taken):
            return box
        below = max(r.bottom for r in taken) + 6
        if below + box.height <= bar.bottom - 2:
            return box.move_to(midtop=(bar.centerx, below))
        last = max(taken, key=lambda r: (r.top, r.right))  # the last button of the last row
        if bar.right - 12 - last.right >= box.width:
            return box.move_to(midright=(bar.right - 12, last.centery))
        return box.move_to(midbottom=(bar.centerx, bar.top - 4))  # above the bar, on the table's foot

    def handoff_box(self, surface: pygame.Surface, stacked: pygame.Rect, in_row: pygame.Rect) -> pygame.Rect:
        """The hand-off in one row where the bot banner goes, under the prompt's first line: the
        stacked box there ran off the window's foot at 1024×700 (its button cut in half)."""
        return self.bot_banner_box(surface, in_row).clamp(surface.get_rect())



# -- screenshots (python main.py screenshot guildes_table) ------------------------------------------

SHOTS: dict[str, Any] = {}


def _shot_session(app: Any, seed: int) -> Any:
    from game.session import SeatInfo
    from scenes import saves_bridge

    seats = [SeatInfo("Camille", 0), SeatInfo("Yanis", 1), SeatInfo("Hugo", 4, "greedy"), SeatInfo("Inès", 3, "random")]
    session = saves_bridge.new_session(app, "guildes", seats, seed, {})
    session.store = None  # a screenshot leaves no autosave behind
    return session


def _play(session: Any, seed: int, stop: Any) -> None:
    bots = [session.engine.bot("greedy", seed * 31 + s) for s in range(len(session.seats))]
    for _ in range(3000):
        state = session.state
        if state.is_over() or stop(state):
            return
        acting = state.to_act()
        seat = next((x for x in acting if not session.is_human(x)), acting[0])  # bots answer first
        session.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))


def _open(app: Any, session: Any) -> Any:
    from scenes.shots import open_unveiled

    return open_unveiled(app, session)


def _shot_table(app: Any, game: str | None, seed: int) -> Any:
    """Mid-game: a person chooses the element of a quest attack (dice shown per element)."""
    seed = seed or 1
    session = _shot_session(app, seed)

    def busy(state: Any) -> bool:
        p = state.prompt
        return (p is not None and state.round >= 3 and session.is_human(p.seats[0]) and p.kind == "element")

    _play(session, seed, busy)
    return _open(app, session)


def _shot_choice(app: Any, game: str | None, seed: int) -> Any:
    """The secret choice of the first action card."""
    seed = seed or 1
    session = _shot_session(app, seed)
    _play(session, seed, lambda s: s.round >= 2 and s.prompt is not None and s.prompt.kind == "first_action"
          and all(session.is_human(x) for x in s.to_act()))
    return _open(app, session)


def _shot_end(app: Any, game: str | None, seed: int) -> Any:
    """The final count over the table."""
    seed = seed or 1
    session = _shot_session(app, seed)
    _play(session, seed, lambda s: False)
    table = _open(app, session)
    if app.stack.top is not table and isinstance(table, GuildesTable) is False:
        return app.stack.top
    return table


SHOTS["guildes_table"] = _shot_table
SHOTS["guildes_choice"] = _shot_choice
SHOTS["guildes_end"] = _shot_end
