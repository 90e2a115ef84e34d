"""What the scene console offers now: a prompt and buttons, from the view and the legal actions.

Pure functions of the table's view, its legal actions (of the unveiled seat) and its pick (a
card chosen for a two-step play). A button is `(label, data, style)` with `data` one of
`("act", action, seat)`, `("curtain", seat)`, `("cancel",)`, `("export",)`, `("menu",)`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.ambre import actions as A
from rules.ambre import cards
from rules.ambre.story import motivation_text

Button = tuple  # (label, data, style), then shorter labels for a crowded console, longest first


def card_text(view: dict[str, Any], card: str | None, tr: Callable[..., str]) -> str:
    """'7 ♥' for a pip, the numeral for a major, 'face-down card' for None."""
    if card is None:
        return tr("ambre.ui.face_down")
    if cards.is_major(card):
        from sprites.ambre.cards import roman

        return roman(cards.number(card))
    symbol = next(s["symbol"] for s in view["content"]["suits"] if s["id"] == cards.suit(card))
    return f"{cards.value(card)} {symbol}"


def characteristic(view: dict[str, Any], suit: str, text: Callable[[Any], str]) -> str:
    c = next(c for c in view["content"]["characteristics"] if c["suit"] == suit)
    return text(c["name"])


class Console:
    """Prompt and buttons for the unveiled seat (see the module docstring)."""

    def __init__(self, table: Any) -> None:
        self.t = table
        self.view = table.view
        self.me = table.view.get("seat")
        self.legal = table.legal()
        self.tr, self.tx, self.name = table.app.tr, table.tx, table.char_name

    def of(self, *kinds: type) -> list[A.Action]:
        return [a for a in self.legal if isinstance(a, kinds)]

    def act(self, label: str, action: A.Action, style: str = "primary", seat: int | None = None) -> Button:
        return (label, ("act", action, self.me if seat is None else seat), style)

    def build(self) -> tuple[list[str], list[Button]]:
        """(prompt lines, buttons)."""
        v = self.view
        phase = v["phase"]
        if phase == "childhood":
            return self._childhood()
        if phase == "bids":
            return self._bids()
        if phase == "elements":
            return self._elements()
        if phase in ("act1", "act2"):
            return self._scene() if v["scene"] else self._acts()
        return self._epilogue()

    # -- phases -------------------------------------------------------------------------------

    def _waiting(self) -> tuple[list[str], list[Button]]:
        names = ", ".join(self.name(s) for s in self.view["to_act"])
        return [self.tr("ambre.prompt.waiting", names=names)], []

    def _childhood(self):
        if self.me is None or self.me not in self.view["to_act"]:
            return self._waiting()
        return [self.tr("ambre.prompt.childhood")], [self.act(self.tr("ambre.button.confirm_character"),
                                                              A.Character("", ""), "primary")]

    def _bids(self):
        b = self.view["bidding"]
        char = characteristic(self.view, b["suit"], self.tx)
        if self.me is None or self.me not in self.view["to_act"]:
            return self._waiting()
        if b["stage"] == "lay":
            return [self.tr("ambre.prompt.bid", characteristic=char)], []
        if b["stage"] == "tie":
            return [self.tr("ambre.prompt.tie", characteristic=char)], []
        if b["stage"] == "raise":
            return [self._raise_prompt(b)], [self.act(self.tr("ambre.button.pass_raise"), A.PassRaise(), "choice")]
        return ([self.tr("ambre.prompt.stake", total=sum(cards.value(c) for c in b["bids"].get(str(self.me), [])))],
                [self.act(self.tr("ambre.button.stake", conflict=self.tx(self.view["conflicts"][a.conflict]["name"])), a)
                 for a in self.of(A.Stake)])

    def _raise_prompt(self, b: dict[str, Any]) -> str:
        """What a raise needs, said plainly: the lowest card that reaches the best bid, any card,
        none, or an equal total that ranks second ("your total of 11 must reach at least 11" when
        leading; nothing said that no card of the hand could do it)."""
        total, best = b["totals"].get(str(self.me), 0), b["best"]
        leader = b.get("leader")
        if total >= best and leader not in (None, self.me):  # equal totals: the other ranks first
            return self.tr("ambre.prompt.raise_tied", total=total, name=self.name(leader))
        if total >= best:
            return self.tr("ambre.prompt.raise_lead", total=total)
        if not self.of(A.RaiseBid):
            return self.tr("ambre.prompt.raise_none", total=total, best=best)
        need = best - total
        key = "ambre.prompt.raise_any" if need <= 1 else "ambre.prompt.raise"
        return self.tr(key, total=total, best=best, need=need)

    def _elements(self):
        if self.me not in self.view["to_act"]:
            return self._waiting()
        pick = self.t.pick
        if pick and pick.get("from") == "conflict":
            options = [a for a in self.of(A.Element) if a.card == pick["card"]]
            return ([self.tr("ambre.prompt.element_where", card=card_text(self.view, pick["card"], self.tr))],
                    [self.act(self.tr("ambre.button.element_for", conflict=self.tx(self.view["conflicts"][a.conflict]["name"])), a)
                     for a in options] + [(self.tr("ambre.button.cancel"), ("cancel",), "choice")])
        return [self.tr("ambre.prompt.element")], []

    def _acts(self):
        if self.me not in self.view["to_act"]:
            return self._waiting()
        key = "ambre.prompt.initiate1" if self.view["act"] == 1 else "ambre.prompt.initiate2"
        return ([self.tr(key)],
                [self.act(self.tr("ambre.button.initiate", conflict=self.tx(self.view["conflicts"][a.conflict]["name"])), a)
                 for a in self.of(A.Initiate)])

    def _epilogue(self):
        ep = self.view["epilogue"]
        buttons = [(self.tr("ambre.button.export"), ("export",), "choice")]
        if self.view["phase"] == "over" or ep is None:
            return [self.tr("ambre.prompt.over")], buttons
        teller = ep["order"][ep["told"]]
        lines = [self.tr("ambre.prompt.epilogue", name=self.name(teller))]
        if self.me == teller:
            buttons.insert(0, self.act(self.tr("ambre.button.told"), A.TellEpilogue()))
        return lines, buttons

    # -- a scene ------------------------------------------------------------------------------

    def _scene(self):
        sc = self.view["scene"]
        step = sc["step"]
        if step == "narration":
            return self._narration(sc)
        if self.me is None or self.me not in self.view["to_act"]:
            return self._waiting()
        if step == "setup_choice":
            buttons = [self.act(self.tr("ambre.button.setup_self") if a.seats == (self.me,) else
                                self.tr("ambre.button.setup_others"), a) for a in self.of(A.ChooseSetup)]
            return [self.tr("ambre.prompt.setup_choice")], buttons
        if step == "setup":
            lines = [self.tr("ambre.prompt.setup")]
            motivation = motivation_text(self.view["motivations"][self.me], self.t.app.strings)
            if motivation:
                lines.append(self.tr("ambre.prompt.your_motivation", motivation=motivation))
            return lines, [self.act(self.tr("ambre.button.setup_done"), A.SetupDone())]
        if step == "narrator_choice":
            return ([self.tr("ambre.prompt.narrator_choice")],
                    [self.act(self.name(a.seat), a, "choice") for a in self.of(A.ChooseNarrator)])
        if step == "announce":
            values = self.view["conflicts"][sc["conflict"]]["majority"]
            chars = ", ".join(characteristic(self.view, s, self.tx) for s in values) or self.tr("ambre.ui.no_characteristic")
            return ([self.tr("ambre.prompt.announce", characteristic=chars)],
                    [self.act(self.tr("ambre.button.announce"), A.Announce())])
        if step == "closing":
            return self._closing()
        if step == "conclude":
            key = "ambre.prompt.conclude_winner" if sc["winner"] is not None else "ambre.prompt.conclude_tie"
            return [self.tr(key)], [self.act(self.tr("ambre.button.conclude"), A.Conclude())]
        return self._consequence(sc)

    def _narration(self, sc):
        v, me = self.view, self.me
        narrator = sc["narrator"]
        lines: list[str] = []
        buttons: list[Button] = []
        if sc["request"] is not None:
            lines.append(self.tr("ambre.prompt.request_pending", name=self.name(sc["request"]["seat"])))
        if me == narrator:
            if sc["request"] is not None:
                buttons.append(self.act(self.tr("ambre.button.yield"), A.YieldFloor()))
            elif not sc["first_sentence"]:
                lines.append(self.tr("ambre.prompt.narrate"))
                buttons.append(self.act(self.tr("ambre.button.first_sentence"), A.FirstSentence()))
            else:
                lines.append(self.tr("ambre.prompt.narrating"))
                buttons.append(self.act(self.tr("ambre.button.end_narration"), A.EndNarration()))
        elif me is not None and self.of(A.RequestFloor) and self.t.requesting == me:
            lines.append(self.tr("ambre.prompt.request_card"))
            buttons.append((self.tr("ambre.button.cancel"), ("cancel",), "choice"))
            return lines, buttons
        else:
            lines.append(self.tr("ambre.prompt.listening", name=self.name(narrator)))
        if sc["request"] is None and sc["first_sentence"] and sc["couper"] is None:
            for s in sc["couper_seats"]:
                if self.t.is_human(s):
                    buttons.append(self.act(self.tr("ambre.button.couper", name=self.name(s)), A.Couper(), "danger", s))
        if sc["request"] is None and sc["couper"] is None:
            askers = [s for s in range(len(v["seats"]))
                      if s != narrator and v["seats"][s]["hand_size"] and self.t.is_human(s)]
            if askers:
                lines.append(self.tr("ambre.prompt.ask_floor"))
            for s in askers:  # each button names its person and what it does (a bare name read as a vote)
                buttons.append((self.tr("ambre.button.ask_floor", name=self.name(s)), ("curtain", s), "choice",
                                self.tr("ambre.button.ask_floor_short", name=self.name(s)), self.name(s)))
        if sc["couper"] is not None:
            lines.append(self.tr("ambre.prompt.after_couper", name=self.name(sc["couper"])))
        return lines, buttons

    def _closing(self):
        pick = self.t.pick
        buttons = [self.act(self.tr("ambre.button.close_pass"), A.ClosePass(), "choice")]
        if not pick:
            return [self.tr("ambre.prompt.closing")], buttons
        kind = A.CloseFromHand if pick["from"] == "hand" else A.CloseFromAside
        options = [a for a in self.of(kind) if a.card == pick["card"]]
        if pick.get("to") is None:
            targets = sorted({a.to for a in self.t.all_gifts(kind, pick["card"])})
            buttons = [(self.tr("ambre.button.give_to", name=self.name(s)), ("give_to", s), "primary") for s in targets]
            return ([self.tr("ambre.prompt.closing_to", card=card_text(self.view, pick["card"], self.tr))],
                    buttons + [(self.tr("ambre.button.cancel"), ("cancel",), "choice")])
        key = "ambre.prompt.closing_flip_up" if kind is A.CloseFromHand else "ambre.prompt.closing_flip_down"
        del options
        return [self.tr(key)], [(self.tr("ambre.button.cancel"), ("cancel",), "choice")]

    def _consequence(self, sc):
        kind = sc["queue"][0][0] if sc["queue"] else ""
        if kind == "take_aside":
            return [self.tr("ambre.prompt.take_aside")], []
        if kind == "take_hand":
            return [self.tr("ambre.prompt.take_hand")], []
        if kind == "offer_gage":
            return [self.tr("ambre.prompt.offer_gage")], [self.act(self.tr("ambre.button.no_gage"), A.NoGage(), "choice")]
        if kind == "answer_gage":
            gage = card_text(self.view, sc["gage"], self.tr)
            return ([self.tr("ambre.prompt.answer_gage", card=gage)],
                    [self.act(self.tr("ambre.button.give_back_gage"), A.AcceptGage(sc["gage"])),
                     self.act(self.tr("ambre.button.refuse_gage"), A.RefuseGage(), "choice")])
        pick = self.t.pick
        if pick and pick.get("from") == "conflict":
            return ([self.tr("ambre.prompt.give_to", card=card_text(self.view, pick["card"], self.tr))],
                    [self.act(self.tr("ambre.button.give_to", name=self.name(a.to)), a)
                     for a in self.of(A.Give) if a.card == pick["card"]]
                    + [(self.tr("ambre.button.cancel"), ("cancel",), "choice")])
        return [self.tr("ambre.prompt.give")], []
