"""The table of L'Île des Gorges Tranchées: the island, the phase bar, dice, log, standings and orders.

Layout (scales with the window): a top bar with the season banner and the phase bar; the hex
island on the left (flags with the owner's symbol, buildings, army tokens marked G/1/2/R for their
hero, the Crown's ghost and its walk this turn, crossed swords for this turn's challenges); on the
right the standings (turn order, relic points, lands, events, army-sheet buttons), the orders
panel of the general who must act, the dice tray and the campaign log. Set-up (races), the
battle-result form and the aftermath of a battle open as panels over the island; the army sheet
(`scenes.gorges.sheet`) opens over everything.

Orders: click an army (token or button), then a lit hex (move, or the territory at stake for a
challenge); when two kinds of move or two generals fit one hex, buttons ask which. Everything
else the engine offers is a button of the orders panel (paged when long). Right click clears.

The scene reads only `self.view` (everything is public: no curtain), the engine's enumeration
of the acting seat's legal actions (to highlight where an army may go, what may be built, whom
one may challenge) and the public log (`state.log`, part of the engine protocol, for the dice
and the journal). Clicks become the engine's actions through `try_act`; a refused click shows
the engine's reason. No rule is computed here.

Drawing: the island's static map (sea, terrain, coast, names) is one cached surface in
`sprites.gorges.map.Island`; everything that changes only with the view, the selection or the
language is composed into one cached layer; a frame blits that layer and draws the hover mark,
the tooltip and the rolling dice (which animate briefly, then the loop idles).

Following the rolls (issue 11): the rolls an action sets off (phases 1-4, saves, raids, two
armies) are shown one by one over the island (`overlays.step`: the die, who rolled it and for
what, its meaning, what followed) until "Continue"; meanwhile the orders panel, the journal, the
dice tray and the map (ghost, flags, buildings, army tokens) stay where the organiser has got to.
The option `auto_roll` (or the step panel's toggle) shows everything at once. After a battle every line is
shown, paged, before the turn goes on. The journal scrolls by rows and enlarges over the island.

Alliances and the Daemons' swaps at any time are in the "Alliances" overlay (top bar, next to
"Menu"); allied armies may join a challenge or a defence from the orders panel.

Designer mode (the app setting, or the campaign's option; the setting switches the running
campaign on with a logged action): a button on the dice tray opens a picker to choose which roll
("Crown: direction", "Event d66", "Save 6+"...) and the face it gives (the engine's
`force_next_roll` with `what`, logged); d66 and table faces show what they select.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pygame

from rules.gorges import actions as A
from scenes import ui
from scenes.gorges import log_text, overlays, panels
from scenes.table import BOT_PAUSE_S, TableScene
from sprites.gorges import map as gm

ROLL_S = 0.7
THROUGH_PACING = ("menu", "journal_big", "sheet")  # clickable under the paced dice and the aftermath
# session.extras key: the log length the organiser had followed (every roll stepped through, the
# after-battle screen closed) when the game was last saved; a resumed game shows the rest step by step
SHOWN_EXTRA = "gorges.shown"
RESUME_MAX = 400  # log entries at most stepped through again on resume
ROLL_KEYS = ("gorges.log.roll", "gorges.log.table", "gorges.log.search")
# log entries (or rolls "for" these) that end a battle's aftermath: the turn moves on
AFTERMATH_STOP = {"gorges.roll.order", "gorges.roll.crown_direction", "gorges.log.turn", "gorges.log.season",
                  "gorges.log.hostage", "gorges.log.reinforcement_leaves", "gorges.log.over", "gorges.log.returns",
                  "gorges.log.battle_cancelled"}


# log entries that announce the roll after them (shown above it in its step)
ANNOUNCES = {"gorges.log.save_modifiers", "gorges.log.no_challenge", "gorges.log.wound"}
# rolls not shown one by one (routine, or shown by the after-battle screen)
NOT_STEPPED = {"gorges.roll.movement", "gorges.roll.order"}


# log entries that put an army somewhere (or take it off the map)
ARMY_PLACES = {"gorges.log.moved", "gorges.log.pushed_back", "gorges.log.home_rule", "gorges.log.returns",
               "gorges.log.recalled", "gorges.log.destroyed", "gorges.log.withdrawn", "gorges.log.raid_lost",
               "gorges.log.summer_return", "gorges.log.swap", "gorges.log.reinforcement",
               "gorges.log.reinforcement_leaves"}


# log entries that set a general's capital (`capital` or `to`)
CAPITALS = frozenset({"gorges.log.setup", "gorges.log.capital_moved", "gorges.log.capital_lost",
                      "gorges.log.capital_new"})
CAPITALS_SET_UP = frozenset({"gorges.log.setup"})


def _armies_in(entry: dict[str, Any]) -> list[str]:
    """The ids of the armies an entry names (`army`, or a swap's `first` and `second`)."""
    p = entry.get("params") or {}
    return [ref["army"] for name in ("army", "first", "second")
            if isinstance(ref := p.get(name), dict) and isinstance(ref.get("army"), str)]


def _where(place: Any) -> Any:
    """A log's territory parameter as its id ({"text", "territory"} or a plain id)."""
    return place.get("territory") if isinstance(place, dict) else place


def _what(entry: dict[str, Any]) -> str | None:
    """The key of what a logged roll was for (None for other entries)."""
    what = (entry.get("params") or {}).get("what")
    return what.get("key") if isinstance(what, dict) else None


Hit = ui.Hit  # a clickable zone (scenes/ui.py)


@dataclass
class BattleForm:
    """What the players enter after a battle fought on the real table."""

    winner: int | None = None
    draw: bool = False
    points: list[int] = field(default_factory=lambda: [0, 0])
    editing: int | None = None  # the side whose points the keyboard types
    slain: list[str] = field(default_factory=list)
    storm: bool = False


class Layout:
    """Rectangles of the table for a window size."""

    def __init__(self, size: tuple[int, int], generals: int) -> None:
        w, h = size
        pad = 10
        self.size = size
        self.top = pygame.Rect(pad, pad, w - 2 * pad, 54)
        body = self.top.bottom + 6
        right_w = max(380, int(w * 0.34))
        self.right = pygame.Rect(w - pad - right_w, body, right_w, h - body - pad)
        self.map = pygame.Rect(pad, body, self.right.left - 2 * pad, h - body - pad)
        self.compact = h < 760 and generals > 3
        self.row = 32 if self.compact else 36  # two lines: the name (13 px), the race and event (12 px)
        self.standings = pygame.Rect(self.right.left, body, right_w, 32 + generals * self.row)
        dice_h = 88 if self.compact else 104
        rest = self.right.bottom - self.standings.bottom - dice_h - 24
        prompt_h = max(180, int(rest * 0.62))
        self.prompt = pygame.Rect(self.right.left, self.standings.bottom + 8, right_w, prompt_h)
        self.dice = pygame.Rect(self.right.left, self.prompt.bottom + 8, right_w, dice_h)
        self.log = pygame.Rect(self.right.left, self.dice.bottom + 8, right_w,
                               self.right.bottom - self.dice.bottom - 8)
        self.overlay = self.map.inflate(-24, -24)
        # the race picker (set-up): the map and the panels beside it, for texts at a readable size
        self.picker = pygame.Rect(pad + 12, body + 12, w - 2 * pad - 24, h - body - pad - 24)


class GorgesTable(TableScene):
    """The campaign table (see the module docstring)."""

    def __init__(self, app: Any, session: Any) -> None:
        self.hits: list[Hit] = []
        self.layer: pygame.Surface | None = None
        self.island: gm.Island | None = None
        self.lay: Layout | None = None
        self.hover: Hit | None = None
        self.mouse = (0, 0)
        self.legal: list[Any] = []
        self.sel_army: str | None = None
        self.pending: list[tuple[str, Any]] = []  # extra choices after a map click (mode, target)
        self.page = 0
        self.form = BattleForm()
        self.form_key: Any = None
        self.aftermath: list[dict[str, Any]] = []
        self.aftermath_live = False
        self.after_page = 0
        self.after_end = 0  # log index of the aftermath's last line
        self.dice: list[dict[str, Any]] = []
        self.log_seen: int | None = None
        shown = session.extras.get(SHOWN_EXTRA)
        self._resume_from = shown if isinstance(shown, int) and not isinstance(shown, bool) else None
        self.clock = 0.0
        self.roll_until = 0.0
        self.log_scroll = 0  # rows scrolled back from the newest
        self.log_max = 0  # how far back the journal can scroll (set when drawn)
        self.designer_open = False
        self.designer_die = "d6"
        self.designer_aim = "crown_direction"  # which roll the designer chooses the result of
        self.capital_mode = False  # Ogres: the next hex clicked receives the capital
        self.show_legend = False
        self.diplomacy_open = False
        self.free_room: pygame.Rect | None = None  # room for messages the orders panel leaves (`panels.orders`)
        self.form_shown = False  # the battle form is drawn over the map
        self.steps: list[list[dict[str, Any]]] = []  # rolls waiting for "Continue", each with what followed
        self.step_end: list[int] = []  # log index of each step's last entry
        self.step_at: list[int] = []  # log index of each step's roll
        self.step_pre: list[list[dict[str, Any]]] = []  # what was said just before each step's roll
        self._announce: list[dict[str, Any]] = []
        self._tray_later: list[dict[str, Any]] = []  # routine rolls waiting for the stepped ones
        self._at = 0
        self.auto_roll = bool(session.options.get("auto_roll")) if hasattr(session, "options") else False
        self.journal_big = False
        self.ally_pick: list[str] = []  # allied armies joining the challenge or the defence
        self._was_rolling = False
        super().__init__(app, session)

    # -- view helpers ------------------------------------------------------------------------------

    def tx(self, value: Any) -> str:
        """Bilingual content text in the current language."""
        return self.app.strings.text(value)

    def tr(self, key: str, /, **params: Any) -> str:
        return self.app.tr(key, **params)

    @property
    def log(self) -> list[dict[str, Any]]:
        """The public log (the engine protocol's `state.log`)."""
        return self.session.log

    @property
    def prompt(self) -> dict[str, Any] | None:
        return self.view.get("prompt")

    def acting(self) -> int | None:
        to_act = self.view.get("to_act") or []
        return to_act[0] if to_act else None

    def my_turn(self) -> bool:
        seat = self.acting()
        return seat is not None and seat == self.unveiled and self.session.is_human(seat)

    def place(self, tid: str | None) -> str:
        if not tid:
            return "—"
        return self.tx(self.view["map"][tid]["name"])

    def race_name(self, race: str | None) -> str:
        races = self.session.content.races
        return self.tx(races[race].name) if race in races else "—"

    def army_name(self, aid: str, short: bool = False, capital: bool = True) -> str:
        """An army as people call it ("The General's army of Ana"), with the name its general gave it."""
        army = self.view["armies"].get(aid)
        if army is None:
            return aid
        if short:
            text = self.tr(f"gorges.ui.slot.{army['slot']}")
        else:
            text = self.tr(f"gorges.army.{army['slot']}", seat=self.seat_name(army["seat"]))
            text = text[:1].upper() + text[1:] if capital else text
        if army.get("name"):
            text += f" « {army['name']} »"
        return text

    def army_label(self, aid: str, own: bool = False) -> str:
        """Whose army and where: "Armée du Général de Morgane « Les Gueux » · Vieux Phare"; `own`
        (a general's orders to their own armies): without the general's name."""
        army = self.view["armies"].get(aid)
        if army is None:
            return aid
        if own:
            text = self.tr(f"gorges.ui.slot.{army['slot']}")
        else:
            text = self.tr(f"gorges.ui.army_of.{army['slot']}", seat=self.seat_name(army["seat"]))
        if army.get("name"):
            text += f" « {army['name']} »"
        where = self.place(army["location"]) if army["location"] else self.tr("gorges.ui.off_map")
        return f"{text} · {where}"

    def army_in_sentence(self, aid: str) -> str:
        """An army inside a sentence, with where it stands: "l'armée du Général de Morgane « Les
        Gueux » (Vieux Phare)" (the button's "Armée du…" capitalised mid-sentence read wrong)."""
        army = self.view["armies"].get(aid)
        if army is None:
            return aid
        where = self.place(army["location"]) if army["location"] else self.tr("gorges.ui.off_map")
        return f"{self.army_name(aid, capital=False)} ({where})"

    def end_score_text(self, seat: int, score: int) -> str:
        """The end screen's score: relic points, not "pts" (read as army points at this table)."""
        return self.tr("gorges.ui.end_relics", n=score)

    def end_note(self, seat: int) -> str:
        """Under a general's name on the end screen: his edge in the final battle, what the relics
        were gathered for (« plus son armée sera avantagée lors de la bataille finale »)."""
        edge = (self.session.outcome() or {}).get("final_battle_advantage") or {}
        extra = edge.get("extra_points") or []
        return self.tr("gorges.ui.end_edge", n=extra[seat]) if seat < len(extra) and extra[seat] else ""

    def hero_label(self, aid: str) -> str:
        """The hero of an army by the name his general gave him, else by his army."""
        army = self.view["armies"].get(aid) or {}
        name = (army.get("hero") or {}).get("name")
        who = self.tr(f"gorges.ui.hero_of.{army.get('slot', 'G')}", seat=self.seat_name(army.get("seat", 0)))
        return f"{name} ({who})" if name else who

    def raid_label(self, action: Any) -> str:
        """"Raid on X: the army is lost on 1 on the d6 (risk: 1 in 6)", from the race's ability."""
        seat = self.view["armies"][action.army]["seat"]
        race = self.session.content.races.get(self.view["generals"][seat]["race"] or "")
        raid = next((a for a in race.abilities if a.type == "raid"), None) if race else None
        lost = list(raid.lost) if raid else []
        return self.tr("gorges.ui.raid_move", to=self.place(action.to), lost="-".join(map(str, lost)) or "—",
                       n=len(lost))

    def why_text(self, ref: Any) -> str:
        """The full text of the event, race or table entry a prompt's "why" is, by its `ref`
        ("event:56"; see `Content.ref`): never by its name, which two events may share."""
        text = self.session.content.text_of(ref)
        return self.tx(text) if text is not None else ""

    def colour_of(self, seat: int | None) -> tuple[tuple[int, int, int], str]:
        if seat is None:
            return (150, 150, 150), "circle"
        c = self.seat_colour(seat)
        return c.rgb, c.symbol

    def designer(self) -> bool:
        """Designer controls are shown when the campaign allows forced dice or the setting asks."""
        return bool(self.view.get("options", {}).get("designer_mode")
                    or getattr(self.app.settings, "designer_mode", False))

    # -- log rendering ---------------------------------------------------------------------------

    def render(self, item: dict[str, Any], short: bool = False) -> str:
        """A log entry in the current language, with the engine's raw values made readable
        (`scenes.gorges.log_text`, which `export-log` writes with too); `short` (the dice tray,
        whose dice show die and result): a roll says only who and what for."""
        params = dict(item.get("params") or {})
        if item.get("key") == "gorges.illegal.not_an_option" and params.get("value") in self.view["map"]:
            params["value"] = self.place(params["value"])  # a territory by its name, never its id
            item = dict(item, params=params)
        return log_text.entry_text(self.app.strings, item, self.names, short)

    def profile_text(self, changes: dict[str, int]) -> str:
        return log_text.profile_text(self.app.strings, changes)

    # -- lifecycle -------------------------------------------------------------------------------

    def view_changed(self) -> None:
        """New view: legal actions of the acting person, dice from the new log entries, layer again."""
        seat = self.acting()
        self.legal = []
        if seat is not None and self.session.is_human(seat) and not self.session.is_over():
            try:
                self.legal = list(self.session.legal_actions(seat))
            except Exception:
                self.app.log_exception("gorges.legal")
        kind = (self.prompt or {}).get("kind")
        if self.sel_army is not None and not any(getattr(a, "army", None) == self.sel_army for a in self.legal):
            self.sel_army = None
        if kind not in ("movement", "challenge", "construction"):
            self.sel_army = None
        offered = set((self.prompt or {}).get("context", {}).get("ally_armies") or [])
        self.ally_pick = [a for a in self.ally_pick if a in offered]
        self.pending = []
        self.page = 0
        battle = self.view.get("battle")
        key = (battle or {}).get("territory"), self.view.get("turn")
        if kind == "battle_result" and key != self.form_key:
            self.form, self.form_key = BattleForm(), key
        self._take_log()
        self.layer = None
        self.hover = None
        self.dirty = True

    def _take_log(self) -> None:
        log = self.log
        first = self.log_seen is None
        start = max(0, len(log) - 40) if first else min(self.log_seen or 0, len(log))
        resume, self._resume_from = self._resume_from, None
        if first and resume is not None and 0 <= resume < len(log) and len(log) - resume <= RESUME_MAX:
            first, start = False, resume  # saved before its last rolls were shown: shown now
            self.dice = [self._die_of(e) for e in log[:resume] if e.get("key") in ROLL_KEYS][-4:]
        if self.log_seen is not None and len(log) < self.log_seen:  # undo or replay
            start, first = max(0, len(log) - 40), True
            self.aftermath = []
        if first:  # nothing stale to step through after an undo, a replay or a reload
            self.steps, self.step_end, self.step_pre, self._announce = [], [], [], []
            self.step_at = []
        fresh = log[start:]
        self.log_seen = len(log)
        self._fresh_start = start
        rolls = [e for e in fresh if e.get("key") in ROLL_KEYS  # stepped rolls join the tray when seen
                 and (first or self.auto_roll or _what(e) in NOT_STEPPED)]
        if first:
            self.dice = (self.dice + [self._die_of(e) for e in rolls])[-4:]
            self._mark_shown()
            return
        self._tray_later.extend(rolls)  # shown once the rolls before them have been followed
        for k, e in enumerate(fresh):
            self._at = start + k
            key = e.get("key")
            if key == "gorges.log.battle":
                self.aftermath, self.aftermath_live, self.after_page = [], True, 0
            elif key in AFTERMATH_STOP or _what(e) in AFTERMATH_STOP:
                self.aftermath_live = False
            if self.aftermath_live:
                self.aftermath.append(e)
                self.after_end = self._at
            else:
                self._step_entry(e)
        if fresh:
            self.log_scroll = 0
        if not self.steps:
            self._flush_tray()
        self._mark_shown()

    def _mark_shown(self) -> None:
        """Remember (in the save's extras, written at once) that the organiser has followed the log
        this far: quitting right after following a roll does not show it again on resume."""
        if not self.steps and not self.aftermath and self.log_seen is not None \
                and self.session.extras.get(SHOWN_EXTRA) != self.log_seen:
            self.session.extras[SHOWN_EXTRA] = self.log_seen
            self.session.autosave(extras_only=True)

    def _flush_tray(self) -> None:
        """The routine rolls (movement, turn order) reach the tray after the stepped ones."""
        if self._tray_later:
            self.dice = (self.dice + [self._die_of(e) for e in self._tray_later])[-4:]
            self._tray_later = []
            self.roll_until = self.clock + ROLL_S / self.speed()
            self.animating = True

    def _step_entry(self, e: dict[str, Any]) -> None:
        """Phases 1-4 (and saves, raids, two armies): each roll becomes a step with what follows it."""
        if self.auto_roll:
            return
        if e.get("key") in ANNOUNCES:  # said before its roll: shown above it
            self._announce.append(e)
            return
        if e.get("key") in ROLL_KEYS and _what(e) not in NOT_STEPPED:
            self.steps.append([e])
            self.step_pre.append(self._announce)
            self._announce = []
            self.step_end.append(self._at)
            self.step_at.append(self._at)
            if len(self.steps) == 1:
                self.step_started()
        elif self.steps and e.get("key") not in ROLL_KEYS and e.get("key") != "gorges.log.turn":
            self.steps[-1].append(e)
            self.step_end[-1] = self._at

    def shown_log(self) -> list[dict[str, Any]]:
        """The log as far as the organiser has followed it (up to the roll shown now)."""
        if self.aftermath:
            return self.log[:self.after_end + 1]
        return self.log[:self.step_end[0] + 1] if self.steps else self.log

    def step_started(self) -> None:
        """The step shown now: its die tumbles for a moment."""
        self.roll_until = self.clock + ROLL_S / self.speed()
        self.animating = True

    def shown_map(self) -> tuple[dict[str, Any], str]:
        """Flags, buildings and the ghost as the organiser has followed them: while rolls wait for
        "Continue", what they did is taken back from the map (read backwards from the log)."""
        v = self.view
        cut = len(self.shown_log())
        if cut >= len(self.log):
            return v["territories"], v["crown"]
        terr = {tid: dict(t) for tid, t in v["territories"].items()}
        crown = v["crown"]
        for e in reversed(self.log[cut:]):
            p = e.get("params") or {}
            where = (p.get("territory") or {}).get("territory") if isinstance(p.get("territory"), dict) else None
            key = e.get("key")
            if key == "gorges.log.flag" and where in terr:
                before = p.get("before")
                terr[where]["owner"] = before.get("seat") if isinstance(before, dict) else None
            elif key == "gorges.log.built" and where in terr:
                kind = (p.get("building") or {}).get("key", "")
                terr[where]["building"] = "fortress" if kind.endswith(".city") else None
            elif key == "gorges.log.razed" and where in terr:
                terr[where]["building"] = (p.get("building") or {}).get("key", "").rsplit(".", 1)[-1] or None
            elif key == "gorges.log.crown":
                crown = (p.get("start") or {}).get("territory", crown)
        for tid, aids in self._army_places(cut).items():
            terr[tid]["armies"] = aids
        return terr, crown

    def _army_places(self, cut: int) -> dict[str, list[str]]:
        """The armies on each territory as the log stood at `cut` (the roll shown now): an army the
        waiting rolls moved, pushed back, destroyed or brought stands where it stood then."""
        v, log = self.view, self.log
        out = {tid: list(t["armies"]) for tid, t in v["territories"].items()}
        later = [(i, e) for i, e in enumerate(log[cut:], cut) if e.get("key") in ARMY_PLACES]
        touched = {aid for _, e in later for aid in _armies_in(e)}
        for aid in touched:
            if aid not in v["armies"]:
                continue  # out of play now (reinforcements gone): no token to draw
            now, then = v["armies"][aid]["location"], self._place_at(aid, cut)
            if now == then:
                continue
            if now in out and aid in out[now]:
                out[now].remove(aid)
            if then in out:
                out[then].append(aid)
        return out

    def _place_at(self, aid: str, cut: int, depth: int = 0) -> str | None:
        """Where army `aid` stood when the log was `cut` entries long, read from the log: the
        `before` of its next move, else where the last entry about it left it (its general's
        capital before any)."""
        log = self.log
        for e in log[cut:]:
            if e.get("key") in ARMY_PLACES and aid in _armies_in(e):
                if e["key"] == "gorges.log.moved":
                    return _where((e.get("params") or {}).get("before"))
                if e["key"] in ("gorges.log.reinforcement", "gorges.log.returns"):
                    return None  # not in play yet, or off the map until then
                break
        for j in range(cut - 1, -1, -1):
            e = log[j]
            key = e.get("key")
            if key not in ARMY_PLACES or aid not in _armies_in(e):
                continue
            p = e.get("params") or {}
            if key == "gorges.log.swap":
                other = next((a for a in _armies_in(e) if a != aid), None)
                return self._place_at(other, j, depth + 1) if other and depth < 8 else None
            # an enemy's army moved off its general's lands is sent home before the move is logged
            # (`phases.movement._do_move`): home is where it stands
            if key == "gorges.log.moved" and j and log[j - 1].get("key") == "gorges.log.home_rule" \
                    and aid in _armies_in(log[j - 1]):
                return _where((log[j - 1].get("params") or {}).get("to"))
            if "to" in p:
                return _where(p["to"])
            if key in ("gorges.log.reinforcement", "gorges.log.summer_return"):
                return self._capital_at(aid, j)  # at their general's capital then
            return None  # destroyed, withdrawn, lost, gone
        return self._capital_at(aid, cut, CAPITALS_SET_UP)  # where the set-up put it

    def _capital_at(self, aid: str, cut: int, keys: frozenset[str] = CAPITALS) -> str | None:
        """The capital of army `aid`'s general when the log was `cut` entries long (`keys`: the
        entries that set it; `CAPITALS_SET_UP`: the one chosen at set-up)."""
        seat = (self.view["armies"].get(aid) or {}).get("seat")
        for e in reversed(self.log[:cut]):
            p = e.get("params") or {}
            if e.get("key") in keys and (p.get("seat") or {}).get("seat") == seat:
                return _where(p.get("capital") or p.get("to"))
        gens = self.view["generals"]
        return gens[seat]["capital"] if isinstance(seat, int) and 0 <= seat < len(gens) else None

    def shown_generals(self) -> list[dict[str, Any]]:
        """The generals as the organiser has followed the rolls: relic points, lands and events that
        rolls still waiting for "Continue" brought are taken back (read backwards from the log), so
        the standings never tell a result before its die is shown."""
        v = self.view
        log = self.log
        cut = len(self.shown_log())
        if cut >= len(log):
            return v["generals"]
        gens = [dict(g) for g in v["generals"]]
        terr, _ = self.shown_map()
        for g in gens:  # lands: the flags the waiting rolls planted or took away, taken back too
            seat = g["seat"]
            now = sum(1 for t in v["territories"].values() if t.get("owner") == seat)
            then = sum(1 for t in terr.values() if t.get("owner") == seat)
            g["territories"] = g["territories"] - now + then
        events: set[int] = set()

        def give(ref: Any, amount: Any) -> None:  # take back relic points `ref` was given
            if isinstance(ref, dict) and isinstance(ref.get("seat"), int) and isinstance(amount, int):
                gens[ref["seat"]]["relic_points"] -= amount

        for e in log[cut:]:
            key, p = e.get("key"), e.get("params") or {}
            if key == "gorges.log.search":
                give(p.get("seat"), p.get("found"))
            elif key == "gorges.log.relics":
                give(p.get("seat"), p.get("amount"))
            elif key == "gorges.log.offer_accepted":
                give(p.get("seat"), p.get("points"))
                give(p.get("giver"), -p["points"] if isinstance(p.get("points"), int) else None)
            elif key == "gorges.log.hostage":
                give(p.get("captor"), 1)
            elif key == "gorges.log.storm":
                give(p.get("winner"), p.get("won"))
                give(p.get("loser"), p.get("lost"))
            elif key == "gorges.log.storm_draw":
                give(p.get("seat"), p.get("n"))
                give(p.get("other"), p.get("n"))
            elif key == "gorges.log.event" and isinstance(p.get("seat"), dict):
                events.add(p["seat"].get("seat"))
        self._armies_then(gens, log[cut:])
        for seat in events:  # the event each had before (it lasts until his next event phase)
            if not isinstance(seat, int) or not 0 <= seat < len(gens):
                continue
            gens[seat]["event"] = None
            for e in reversed(log[:cut]):
                p = e.get("params") or {}
                if e.get("key") == "gorges.log.event" and (p.get("seat") or {}).get("seat") == seat:
                    gens[seat]["event"] = {"roll": p.get("roll"), "name": (p.get("entry") or {}).get("text", ""),
                                           "text": (p.get("detail") or {}).get("text", "")}
                    break
        return gens

    def shown_season(self) -> tuple[dict[str, Any], int]:
        """The season (the view's dict) and the campaign's turn as the organiser has followed the
        log: the battles of a turn followed after the next turn has begun read that turn's banner."""
        v = self.view
        later = self.log[len(self.shown_log()):]
        back = sum(1 for e in later if e.get("key") == "gorges.log.turn")
        if not back:
            return v["season"], v["turn"]
        season = dict(v["season"])
        index, turn = season["index"], season["turn"]
        for _ in range(back):
            turn -= 1
            if turn < 1:
                index, turn = max(0, index - 1), season["turns"]
        if index != season["index"]:
            s = self.session.content.seasons[index]
            season.update(index=index, id=s.id, name=s.name.model_dump(), text=s.text.model_dump())
        season["turn"] = turn
        return season, max(1, v["turn"] - back)

    def _armies_then(self, gens: list[dict[str, Any]], later: list[dict[str, Any]]) -> None:
        """Each general's armies and how many are on the map (`on_map`) before the `later` entries:
        reinforcements that joined are taken out, armies that left or came back are put back."""
        armies = self.view["armies"]
        on = {g["seat"]: {a for a in g["armies"] if armies.get(a, {}).get("on_map")} for g in gens}
        for g in gens:
            g["armies"] = list(g["armies"])
        for e in reversed(later):
            p = e.get("params") or {}
            ref = p.get("army")
            aid = ref.get("army") if isinstance(ref, dict) else None
            seat = armies.get(aid, {}).get("seat") if aid else None
            if seat not in on:
                continue
            key = e.get("key")
            if key in ("gorges.log.withdrawn", "gorges.log.destroyed", "gorges.log.raid_lost"):
                on[seat].add(aid)
            elif key in ("gorges.log.returns", "gorges.log.recalled", "gorges.log.summer_return"):
                on[seat].discard(aid)
            elif key == "gorges.log.reinforcement" and aid in gens[seat]["armies"]:
                gens[seat]["armies"].remove(aid)
                on[seat].discard(aid)
        for g in gens:
            g["on_map"] = len(on[g["seat"]] & set(g["armies"]))

    def shown_phase(self) -> str:
        """The phase of the roll shown now, else the campaign's phase."""
        if self.aftermath:
            return "battles"
        if self.steps:
            phase = overlays.step_phase(self, self.steps[0][0], self.step_at[0])
            if phase:
                return phase
        return self.view["phase"]

    def next_step(self, all_of_them: bool = False) -> None:
        """Continue: the next roll (or every one left); the dice tray keeps the rolls seen."""
        seen = self.steps if all_of_them else self.steps[:1]
        self.dice = (self.dice + [self._die_of(s[0]) for s in seen])[-4:]
        self.steps = [] if all_of_them else self.steps[1:]
        if not self.steps:
            self._flush_tray()
        self.step_end = [] if all_of_them else self.step_end[1:]
        self.step_pre = [] if all_of_them else self.step_pre[1:]
        self.step_at = [] if all_of_them else self.step_at[1:]
        if self.steps:
            self.step_started()
        self._mark_shown()
        self._changed()

    def _die_of(self, entry: dict[str, Any]) -> dict[str, Any]:
        p = entry.get("params") or {}
        if entry["key"] == "gorges.log.search":
            values = list(p.get("dice") or [])
            return {"die": "d6", "values": values[:8], "entry": entry, "forced": False}
        return {"die": p.get("die", "d6"), "values": [p.get("natural", p.get("result", 1))],
                "entry": entry, "forced": bool(p.get("forced"))}

    def speed(self) -> float:
        return max(0.1, float(getattr(self.app.settings, "animation_speed", 1.0)))

    def language_changed(self) -> None:
        super().language_changed()
        self.island = None
        self.layer = None

    def content_reloaded(self, game_id: str, content: Any) -> None:
        """F5: the designer may have redrawn the island; the replayed campaign is drawn afresh."""
        self.island, self.layer, self.log_seen = None, None, None
        self.aftermath, self.aftermath_live, self.dice = [], False, []
        super().content_reloaded(game_id, content)
        self.island, self.layer = None, None

    def resize(self, size: tuple[int, int]) -> None:
        self.island = None
        self.lay = None
        super().resize(size)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt
        rolling = self.clock < self.roll_until
        if rolling or self._was_rolling:
            self.dirty = True
        if self._was_rolling and not rolling and self.steps:
            self.layer = None  # the step's die lands: the panel shows its face
        self._was_rolling = rolling
        self.animating = self.pending_bot is not None or rolling

    def rolling(self) -> bool:
        return self.clock < self.roll_until

    # -- acting ----------------------------------------------------------------------------------

    def _end_when_followed(self) -> None:
        """The campaign over and its last rolls followed: the end screen comes now."""
        if self.session.state.is_over() and not self.ended and not self.aftermath and not self.steps:
            self.advance()

    def advance(self) -> None:
        """As the shell's (the end screen waiting until the last battle's aftermath is read), except on a prompt any seat may answer for the table (a battle's
        result, agreeing to a second challenge): `to_act()` then lists every seat, and the screen
        goes to the seat the campaign asks (`waiting_on()`); only a bot sitting there answers by
        itself. Everything is public, so there is never a curtain."""
        state = self.session.state
        if state.is_over() and not self.ended:
            self.pending_bot, self.animating = None, False
            self.refresh()
            if self.aftermath or self.steps:  # the last battle's spoils are read before the end screen
                return
        asked = [] if state.is_over() else state.waiting_on()
        if not asked or asked == state.to_act():
            super().advance()
            return
        seat = asked[0]
        if not self.session.is_human(seat):
            self.pending_bot = seat
            self.bot_timer = BOT_PAUSE_S / max(0.1, float(getattr(self.app.settings, "animation_speed", 1.0)))
            self.wake_after = self.bot_timer
        else:
            self.pending_bot = None
            self.unveiled = seat
        self.refresh()

    def act(self, action: Any, seat: int | None = None) -> bool:
        """Apply through the shell (a refusal becomes a toast in the player's language)."""
        if seat is None and self.unveiled is None:
            seat = self.acting()
        ok = self.try_act(action, seat)
        self.layer = None
        self.dirty = True
        return ok

    def force_die(self, die: str, value: int) -> bool:
        """Designer mode: the next roll for the aim chosen gives `value` (logged by the engine). With
        designer mode on in the settings, the running campaign is switched to it first."""
        seat = self.unveiled if self.unveiled is not None else (self.acting() or 0)
        if not self.view.get("options", {}).get("designer_mode") and getattr(self.app.settings, "designer_mode", False):
            self.act(A.DesignerMode(True), seat)
        what = self.designer_aim if A.AIMS.get(self.designer_aim) == die or self.designer_aim in (
            "relics", "points", "item", "standard") else ""
        ok = self.act(A.ForceNextRoll(die, value, what), seat)
        if ok:
            self.designer_open = False
        return ok

    def legal_of(self, cls: type) -> list[Any]:
        return [a for a in self.legal if isinstance(a, cls)]

    def moves_of(self, aid: str) -> dict[str, list[str]]:
        """Legal destinations of army `aid` with the kinds of move that reach each."""
        out: dict[str, list[str]] = {}
        for a in self.legal_of(A.Move):
            if a.army == aid:
                out.setdefault(a.to, []).append(a.mode)
        return out

    def stakes_of(self, aid: str) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {}
        for a in self.legal_of(A.Challenge):
            if a.army == aid:
                out.setdefault(a.territory, []).append(a.target)
        return out

    def selectable_armies(self) -> list[str]:
        """Armies a click may pick now (to move, to challenge with, to build with, or as a choice)."""
        kind = (self.prompt or {}).get("kind")
        if not self.my_turn():
            return []
        if kind == "movement":
            return sorted({a.army for a in self.legal if isinstance(a, A.Move | A.RerollMovement)})
        if kind == "challenge":
            return sorted({a.army for a in self.legal_of(A.Challenge)})
        if kind == "construction":
            return sorted({a.army for a in self.legal_of(A.Build)})
        if kind in ("army", "hero"):
            return [o for o in (self.prompt or {}).get("options", []) if o in self.view["armies"]]
        return []

    def highlights(self) -> set[str]:
        """Territories to highlight: where the selected army may go or challenge, or the options."""
        p = self.prompt or {}
        if not self.my_turn():
            return set()
        kind = p.get("kind")
        if kind in ("capital", "territory"):
            return set(p.get("options", []))
        challenge = (p.get("context") or {}).get("challenge")
        if kind == "answer" and challenge:
            return {challenge["territory"]}
        if kind == "movement" and self.sel_army:
            return set(self.moves_of(self.sel_army))
        if kind == "movement" and self.sel_army is None and self.capital_mode:
            return {a.to for a in self.legal_of(A.MoveCapital)}
        if kind == "challenge" and self.sel_army:
            return set(self.stakes_of(self.sel_army))
        return set()

    def not_a_choice(self, p: dict[str, Any], tid: str) -> str:
        """Why a territory clicked is not one of the prompt's choices, by its name."""
        name = self.place(tid)
        if p.get("kind") == "capital":
            whose = next((g["seat"] for g in self.view["generals"] if g.get("capital") == tid), None)
            if whose is not None:
                return self.tr("gorges.ui.capital_taken", name=name, seat=self.seat_name(whose))
            return self.tr("gorges.ui.not_a_capital", name=name)
        why = (p.get("context") or {}).get("why")
        if isinstance(why, dict):
            return self.tr("gorges.ui.not_for_why", name=name, why=self.tx(why))
        return self.tr("gorges.ui.not_lit", name=name)

    def click_army(self, aid: str) -> None:
        kind = (self.prompt or {}).get("kind")
        if kind in ("army", "hero"):
            self.act(A.Choose(aid))
            return
        self.sel_army = None if self.sel_army == aid else aid
        self.capital_mode = False
        self.pending = []
        self.page = 0
        self._changed()

    def click_territory(self, tid: str) -> None:
        """A click on a hex: choose it, or send the selected army there (the engine judges)."""
        p = self.prompt or {}
        kind = p.get("kind")
        if not self.my_turn():
            return
        if kind in ("capital", "territory"):
            if tid not in p.get("options", []):
                self.app.toast(self.not_a_choice(p, tid), "error")
                self.dirty = True
                return
            self.act(A.Choose(tid))
            return
        if kind == "movement" and self.capital_mode:
            self.capital_mode = False
            self.act(A.MoveCapital(tid))
            return
        if kind == "movement" and self.sel_army:
            modes = self.moves_of(self.sel_army).get(tid, [])
            if len(modes) > 1:
                self.pending = [("move", A.Move(self.sel_army, tid, m)) for m in modes]
                self._changed()
                return
            mode = modes[0] if modes else "normal"
            if mode == "raid":  # a raid risks the army: say so before it sails (or digs)
                self.pending = [("move", A.Move(self.sel_army, tid, "raid"))]
                self._changed()
                return
            self.act(A.Move(self.sel_army, tid, mode))
            return
        if kind == "challenge" and self.sel_army:
            targets = self.stakes_of(self.sel_army).get(tid, [])
            if len(targets) > 1:
                self.pending = [("challenge", self.with_allies(A.Challenge(t, self.sel_army, tid))) for t in targets]
                self._changed()
                return
            owner = self.view["territories"][tid]["owner"]
            target = targets[0] if targets else (owner if owner is not None else -1)
            self.act(self.with_allies(A.Challenge(target, self.sel_army, tid)))
            return
        here = [a for a in self.view["territories"][tid]["armies"] if a in self.selectable_armies()]
        if here:
            self.click_army(here[0])

    def with_allies(self, action: Any) -> Any:
        """The challenge or acceptance with the allied armies picked to join (none of the foe's)."""
        if not self.ally_pick:
            return action
        foe = action.target if isinstance(action, A.Challenge) else \
            ((self.prompt or {}).get("context") or {}).get("challenge", {}).get("challenger")
        allies = tuple(a for a in self.ally_pick if self.view["armies"][a]["seat"] != foe)
        if isinstance(action, A.Challenge):
            return A.Challenge(action.target, action.army, action.territory, allies)
        if isinstance(action, A.Answer) and action.accept:
            return A.Answer(True, action.army, allies)
        return action

    def _changed(self) -> None:
        self.layer = None
        self.dirty = True

    # -- events ----------------------------------------------------------------------------------

    def hit_at(self, pos: tuple[int, int], click: bool = False) -> Hit | None:
        """The topmost zone under `pos` (tooltip-only zones let a click through). The dice shown
        one by one and a battle's aftermath hold the whole window, except the buttons that change
        nothing in the campaign (`THROUGH_PACING`: the menu, the journal, an army sheet)."""
        held: Hit | None = None
        for hit in reversed(self.hits):
            if not hit.rect.collidepoint(pos) or (click and hit.kind == "tip"):
                continue
            if hit.kind == "hex" and self.island is not None and self.island.at(pos) != hit.data:
                continue
            if held is not None:
                return hit if hit.kind in THROUGH_PACING else held
            if hit.kind == "block" and hit.data in ("steps", "aftermath"):
                held = hit
                continue
            return hit
        return held

    def find(self, kind: str, data: Any = None) -> Hit | None:
        """The zone of that kind (and data), for tests and tools."""
        self.ensure_layer()
        for hit in reversed(self.hits):
            if hit.kind == kind and (data is None or hit.data == data):
                return hit
        return None

    def handle_table(self, event: pygame.event.Event, view: dict[str, Any]) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.track_hover(event.pos)
            return False
        if event.type == pygame.MOUSEWHEEL:
            if self.lay and (self.lay.log.collidepoint(self.mouse) or self.journal_big):
                self.log_scroll = max(0, min(self.log_max, self.log_scroll + 2 * event.y))
                self._changed()
                return True
            return False
        if event.type == pygame.KEYDOWN and self.form.editing is not None and self.type_points(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and (
                self.designer_open or self.pending or self.diplomacy_open):
            self.designer_open, self.pending, self.diplomacy_open = False, [], False
            self._changed()
            return True
        if event.type != pygame.MOUSEBUTTONDOWN or event.button not in (1, 3):
            return False
        self.mouse = event.pos
        self.ensure_layer()
        if event.button == 3:
            self.sel_army, self.pending, self.capital_mode = None, [], False
            self._changed()
            return True
        hit = self.hit_at(event.pos, click=True)
        if hit is None or not hit.enabled:
            if self.designer_open:
                self.designer_open = False
                self._changed()
            return hit is not None
        self.on_hit(hit)
        return True

    def on_hit(self, hit: Hit) -> None:
        """A click on a zone."""
        kind, data = hit.kind, hit.data
        if kind == "act":
            self.pending = []
            self.act(self.with_allies(data) if isinstance(data, A.Challenge | A.Answer) else data)
        elif kind == "act_as":  # an action of another general than the one asked (alliances, swaps)
            action, seat = data
            self.act(action, seat)
        elif kind == "step_next":
            self.next_step()
            self._end_when_followed()
        elif kind == "step_all":
            self.next_step(all_of_them=True)
            self._end_when_followed()
        elif kind == "auto_roll":
            self.auto_roll = not self.auto_roll
            if self.auto_roll:
                self.next_step(all_of_them=True)
            self._changed()
        elif kind == "journal_big":
            self.journal_big = not self.journal_big
            self._changed()
        elif kind == "after_page":
            self.after_page = max(0, self.after_page + data)
            self._changed()
        elif kind == "diplomacy":
            self.diplomacy_open = not self.diplomacy_open
            self._changed()
        elif kind == "menu":
            from scenes.pause import PauseMenu

            self.stack.push(PauseMenu(self.app, self))
        elif kind == "ally_toggle":
            self.ally_pick.remove(data) if data in self.ally_pick else self.ally_pick.append(data)
            self._changed()
        elif kind == "army":
            self.click_army(data)
        elif kind == "hex":
            self.click_territory(data)
        elif kind == "sheet":
            self.open_sheet(data)
        elif kind == "page":
            self.page += data
            self._changed()
        elif kind == "capital_mode":
            self.capital_mode, self.sel_army = not self.capital_mode, None
            self._changed()
        elif kind == "legend":
            self.show_legend = not self.show_legend
            self._changed()
        elif kind == "designer":
            self.designer_open = not self.designer_open
            self._changed()
        elif kind == "designer_die":
            self.designer_die = data
            self._changed()
        elif kind == "designer_aim":
            self.designer_aim = data
            self._changed()
        elif kind == "force":
            self.force_die(*data)
        elif kind == "aftermath_close":
            self.aftermath, self.aftermath_live = [], False
            self._mark_shown()
            if self.steps:
                self.step_started()
            self._changed()
            self._end_when_followed()
        elif kind == "form":
            self.on_form(*data)
        elif kind == "cancel":
            self.pending, self.sel_army, self.capital_mode = [], None, False
            self._changed()

    def captures_keys(self) -> bool:
        form = getattr(self, "form", None)
        return form is not None and form.editing is not None

    def type_points(self, event: pygame.event.Event) -> bool:
        """Digits typed into the points box being edited (Backspace erases, Enter/Tab/Esc leave)."""
        f = self.form
        side = f.editing
        assert side is not None
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
            f.editing = None if event.key != pygame.K_TAB else 1 - side
        elif event.key == pygame.K_BACKSPACE:
            f.points[side] //= 10
        elif event.unicode and event.unicode.isdigit():
            f.points[side] = min(99999, f.points[side] * 10 + int(event.unicode))
        else:
            return False
        self._changed()
        return True

    def on_form(self, what: str, arg: Any = None) -> None:
        """The battle-result form: winner, points, slain heroes, Storm of Magic, then record."""
        f = self.form
        if what == "winner":
            f.winner, f.draw = arg, False
        elif what == "draw":
            f.winner, f.draw = None, not f.draw
        elif what == "points":
            side, delta = arg
            f.points[side] = max(0, min(99999, f.points[side] + delta))
            f.editing = None
        elif what == "edit":
            f.editing = None if f.editing == arg else arg
        elif what == "slain":
            f.slain.remove(arg) if arg in f.slain else f.slain.append(arg)
        elif what == "storm":
            f.storm = not f.storm
        elif what == "submit":
            if f.winner is None and not f.draw and self.my_turn():  # the form is not filled in yet
                self.app.toast(self.tr("gorges.ui.pick_winner"), "error")
                return
            battle = self.view.get("battle") or {}
            winner = f.winner if f.winner is not None else -1
            order = [s["army"] for s in battle.get("sides", [])] + [a for side in battle.get("allies", []) for a in side]
            slain = tuple(a for a in order if a in f.slain)
            if self.act(A.BattleResult(winner, (f.points[0], f.points[1]), slain, f.storm, f.draw)):
                self.form = BattleForm()
            return
        self._changed()

    def open_sheet(self, seat: int) -> None:
        from scenes.gorges.sheet import ArmySheet

        self.stack.push(ArmySheet(self.app, self, seat))

    # -- drawing ---------------------------------------------------------------------------------

    def message_anchor(self, size: tuple[int, int]) -> tuple[int, ...] | None:
        """Messages over the top of the map, clear of the side panel and its buttons; while the
        battle form covers the map (its title at the top), they rise in the free room of the
        orders panel beside it (`free_room`, under "Enter the battle's result")."""
        if self.lay is None or self.lay.size != size:
            return None
        if self.free_room is not None and self.form_shown:
            from sprites.toast import rising

            return rising(self.free_room)
        r = self.lay.map
        return r.centerx, r.top + 16, r.width - 40

    def ensure_layer(self) -> None:
        size = self.app.size
        if self.lay is None or self.lay.size != size:
            self.lay = Layout(size, len(self.view["generals"]))
            self.island = None
            self.layer = None
        if self.island is None:
            self.island = gm.Island(self.view["map"], self.lay.map)
        if self.layer is None:
            self.compose(size)

    def compose(self, size: tuple[int, int]) -> None:
        """Everything that changes with the view or the selection, into one cached layer."""
        layer = pygame.Surface(size)
        layer.blit(ui.background(size), (0, 0))
        self.hits = []
        self.free_room = None
        self.form_shown = False
        lay = self.lay
        assert lay is not None and self.island is not None
        panels.top_bar(self, layer, lay.top)
        panels.island(self, layer, lay.map)
        panels.standings(self, layer, lay.standings)
        panels.orders(self, layer, lay.prompt)
        panels.journal(self, layer, lay.log)
        kind = (self.prompt or {}).get("kind")
        picking = self.picking_race()
        if self.journal_big:
            panels.journal(self, layer, lay.map.inflate(-16, -16), big=True)
        elif self.diplomacy_open:
            overlays.diplomacy(self, layer, lay.overlay)
        elif picking:
            pass  # over the panels too: drawn after them
        elif self.aftermath:  # read the last battle's outcome before the next form
            panels.aftermath(self, layer, lay.overlay)
        elif self.steps:
            overlays.step(self, layer, lay.overlay)
        elif kind == "battle_result" and self.view.get("battle"):
            panels.battle_form(self, layer, lay.overlay)
            self.form_shown = True
        if picking:  # over the panels (the dice tray's designer button comes along)
            panels.race_picker(self, layer, lay.picker)
        else:
            panels.dice_tray(self, layer, lay.dice)
        if self.designer_open:
            panels.designer_picker(self, layer, lay)
        self.layer = layer.convert() if pygame.display.get_surface() else layer
        self.hover = self.hit_at(self.mouse)  # zones moved: hover what is under the pointer now

    def picking_race(self) -> bool:
        """The race picker is up (set-up): it covers the map and the panels beside it."""
        kind = (self.prompt or {}).get("kind")
        return kind == "race" and self.my_turn() and not self.journal_big and not self.diplomacy_open

    def draw_table(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        self.ensure_layer()
        assert self.layer is not None and self.lay is not None
        surface.blit(self.layer, (0, 0))
        if self.rolling() and not self.picking_race():
            panels.dice_tray(self, surface, self.lay.dice, frame=True)
            if self.steps and not self.aftermath and not self.journal_big and not self.diplomacy_open:
                overlays.step_die(self, surface, self.lay.overlay)
        hover = self.hover
        if hover is not None and hover.enabled and hover.kind not in ("tip", "hex", "block"):
            pygame.draw.rect(surface, ui.GOLD, hover.rect.inflate(4, 4), 2, border_radius=6)
        if hover is not None and hover.kind == "army" and self.lay is not None:
            for hit in self.hits:  # a button names an army: ring its token on the island too
                if hit.kind == "army" and hit.data == hover.data and self.lay.map.contains(hit.rect):
                    pygame.draw.circle(surface, (255, 255, 255), hit.rect.center, hit.rect.width // 2 + 7, 2)
        if hover is not None and hover.kind == "hex" and self.island is not None:
            pygame.draw.polygon(surface, (255, 240, 190), self.island.corners(self.island.centres[hover.data], 0.97), 3)
        if hover is not None and hover.tip:
            panels.tooltip(surface, hover.tip, self.mouse)

    # -- end of campaign -------------------------------------------------------------------------

    def score_history(self, view: dict[str, Any]) -> list[list[float]]:
        """Relic points after each turn (the view's `relics_by_turn`), from zero, for the end chart."""
        rows = [list(map(float, r)) for r in view.get("relics_by_turn") or []]
        return [[0.0] * len(view["generals"])] + rows


# -- screenshots ---------------------------------------------------------------------------------

def _bot_session(app: Any, seed: int, stop: Any, seats: int = 4) -> Any:
    from game.session import SeatInfo
    from scenes import saves_bridge

    names = ("Camille", "Yanis", "Léa", "Hugo", "Inès", "Malo")
    infos = [SeatInfo(names[i], i) for i in range(seats)]
    session = saves_bridge.new_session(app, "gorges", infos, seed, {"designer_mode": True})
    session.store = None  # a screenshot leaves no autosave behind
    bots = [session.engine.bot("random", seed * 31 + s) for s in range(seats)]
    rng = random.Random(seed)
    for _ in range(3000):
        state = session.state
        if state.is_over() or stop(state):
            break
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if state.phase == "setup":
            action = rng.choice(legal)
        else:
            action = bots[seat].choose(state.view(seat), legal)
        session.apply(seat, action)
    return session


def _open(app: Any, session: Any) -> GorgesTable:
    from scenes import saves_bridge
    from scenes.shots import _with_menu

    _with_menu(app)
    saves_bridge.open_table(app, session)
    table = app.stack.top
    assert isinstance(table, GorgesTable)
    table.roll_until = 0.0
    return table


def _mid_campaign(state: Any) -> bool:
    """Summer, movement phase, a human general to move, with buildings and a busy map."""
    if state.phase != "movement" or state.season < 1:
        return False
    built = sum(1 for b in state.building.values() if b)
    return built >= 3 and state.prompt is not None and state.prompt.kind == "movement"


def shot_table(app: Any, game: str | None, seed: int) -> GorgesTable:
    """Mid-campaign: flags, buildings, armies and the Crown; an army selected with its moves lit."""
    session = _bot_session(app, seed or 3, _mid_campaign)
    table = _open(app, session)
    armies = table.selectable_armies()
    if armies:
        best = max(armies, key=lambda a: len(table.moves_of(a)))
        table.click_army(best)
    return table


def shot_sheet(app: Any, game: str | None, seed: int) -> Any:
    """The army sheet of the general with the richest records, late in the campaign."""
    session = _bot_session(app, seed or 3, lambda s: s.season >= 3 and s.turn_in_season >= 2 and s.phase == "movement")
    table = _open(app, session)

    def richness(seat: int) -> int:
        armies = [a for a in table.view["armies"].values() if a["seat"] == seat]
        return sum(len(a["regiments"]) * 3 + len(a["hero"]["items"]) * 2 + len(a["notes"]) for a in armies)

    seat = max(range(len(session.seats)), key=richness)
    names = {"G": ("Ost de la Dent Noire", "Brakk"), "L1": ("Chiens du Gué", "Orla"), "L2": ("Gueux du Cap", "Vask")}
    for army in session.state.armies_of(seat, on_map=False):
        if army.slot in names:  # sample names a general would give at the table
            session.apply(seat, A.Rename(army.id, "army", names[army.slot][0]))
            session.apply(seat, A.Rename(army.id, "hero", names[army.slot][1]))
        for reg in army.regiments[:1]:
            session.apply(seat, A.Rename(army.id, f"regiment:{reg.number}", "Lanciers"))
    table.refresh()
    table.open_sheet(seat)
    return app.stack.top


SHOTS: dict[str, Any] = {"gorges_table": shot_table, "gorges_army_sheet": shot_sheet}
