"""The new-game screen: seats (count, names, colours, human or bot, optional PIN), options and seed.

What the game offers comes from its engine: `engine.seats`, `engine.bots` (only when the
catalog says the game offers bots: Gorges keeps its bots for `simulate`, battles being fought by
people) and `engine.options(content)` (a list of `{"id", "label": key, "choices": [...], "default"?,
"choice_labels"?: [key, ...]}` or `{"id", "label": key, "default": bool}`). Start builds a `game.session.Session` and opens the table.
"""

from __future__ import annotations

import random
from typing import Any

import pygame
import pygame_gui

from game import catalog
from scenes import ui
from scenes.base import UIScene, oid

HUMAN = "human"
MAX_NAME = 24  # "Marie-Hélène Dupont" whole; longer names are fitted where they are shown


class NewGameScene(UIScene):
    """Choose seats and options, then start."""

    scoped_messages = True  # a wrong code or a refused start leaves with this screen

    def __init__(self, app: Any, game_id: str, engine: Any, content: Any, seed: int | None = None) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.engine = engine
        self.content = content
        self.info = catalog.get(game_id)
        seats = getattr(engine, "seats", self.info.seats)
        self.seat_range = range(seats.start, seats.stop)
        self.bots = list(getattr(engine, "bots", ()) or ()) if self.info.bots else []
        try:
            self.option_defs = list(engine.options(content) or [])
        except Exception:
            app.log_exception("engine.options")
            self.option_defs = []
        self.options = {o["id"]: self._default(o) for o in self.option_defs}
        self.count = self.seat_range.start
        self.seats = [self._seat(i) for i in range(max(self.seat_range))]
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1, 1_000_000)
        self.entries: dict[Any, pygame_gui.elements.UITextEntryLine] = {}
        self.colour_rects: dict[int, pygame.Rect] = {}
        self.option_label_pos: list[tuple[str, tuple[int, int]]] = []
        self.option_lines: list[tuple[list[str], tuple[int, int]]] = []  # wrapped option labels, drawn

    @classmethod
    def open(cls, app: Any, game_id: str, seed: int | None = None) -> NewGameScene | None:
        """Load the engine and content; show the content errors and return None when they fail."""
        from game.content import ContentError

        try:
            import rules

            engine = rules.engine(game_id)
            content = app.content(game_id)
        except ContentError as exc:
            app.show_problems(game_id, exc.problems)
            return None
        except Exception:
            app.log_exception("new_game.open")
            app.toast(app.tr("newgame.cannot_open"), "error")
            return None
        return cls(app, game_id, engine, content, seed)

    def _default(self, option: dict[str, Any]) -> Any:
        if option["id"] == "designer_mode":  # the setting turns on the game's designer tools
            return bool(getattr(self.app.settings, "designer_mode", False))
        if "choices" in option and option["choices"]:
            return option.get("default", option["choices"][0])
        return bool(option.get("default", False))

    def _seat(self, i: int) -> dict[str, Any]:
        """Seat `i` as last time: the name typed at the previous new game, else the default name."""
        remembered = list(getattr(self.app.settings, "player_names", None) or [])
        name = remembered[i] if i < len(remembered) and remembered[i] else catalog.default_name(self.app.strings, i)
        return {"name": name, "colour": i, "kind": HUMAN, "pin": ""}

    # -- layout --------------------------------------------------------------------------------------

    def build(self) -> None:
        w, h = self.app.size
        self.entries = {}
        left = max(40, (w - 1160) // 2)
        seats_w = self._seats_width(w)
        y = 132
        self._label(self.tr("newgame.seats"), (left, y, 200, 36), "@heading")
        for i, n in enumerate(self.seat_range):
            cls = "@selected" if n == self.count else "@choice"
            self.button(f"count_{n}", (left + 210 + i * 52, y, 44, 36), str(n), cls)
        y += 56
        row_h = min(56, (h - y - 120) // max(1, max(self.seat_range)))
        self.colour_rects = {}
        for i in range(self.count):
            self._seat_row(i, left, y + i * row_h, seats_w)
        rows_end = y + self.count * row_h + 16
        self.bots_box = pygame.Rect(left, rows_end, seats_w, max(0, h - 110 - rows_end - 12)) if self.bots else None
        opt_x = left + seats_w + 40
        opt_w = w - opt_x - left
        options_end = self._options(opt_x, 132, opt_w)
        box = self.bots_box
        if box is not None and self._bots_height(box.width) > box.height:  # many seats: under the options
            right = pygame.Rect(opt_x, options_end + 16, opt_w, max(0, h - 110 - options_end - 28))
            if right.height > box.height:
                self.bots_box = right
        self.message_area = self._free_room(left, seats_w, rows_end, options_end)
        bottom = h - 84
        self.button("back", (left, bottom, 180, 50), self.tr("common.back"))
        self.button("start", (w - left - 240, bottom, 240, 54), self.tr("newgame.start"), "@primary")
        self._seed_row(left + 180 + 24, bottom - 2, w - 2 * left - 180 - 240 - 48)

    def _free_room(self, left: int, seats_w: int, rows_end: int, options_end: int) -> pygame.Rect:
        """The taller of the two panels' empty feet (under the seats, or under the options, each
        with the bots' descriptions when they are there): where messages go, clear of the title,
        the seats they speak of and the buttons."""
        w, h = self.app.size
        feet = []
        for panel, used in ((pygame.Rect(left - 16, 120, seats_w + 24, h - 230), rows_end),
                            (pygame.Rect(left + seats_w + 24, 120, w - 2 * left - seats_w - 8, h - 230), options_end)):
            box = self.bots_box
            if box is not None and panel.contains(box):
                used = box.top + min(box.height, self._bots_height(box.width))
            feet.append(pygame.Rect(panel.left, used, panel.width, max(0, panel.bottom - used)))
        return max(feet, key=lambda r: r.height)

    def _seed_row(self, x: int, y: int, width: int) -> None:
        """The game number between Back and Start, whatever the options' height: its title, the
        number, "Random", and under them what the number is for."""
        title = self.tr("newgame.seed")
        title_w = ui.font(self.SEED_FONT, bold=True).size(title)[0] + 14
        self.seed_title = (title, (x, y + (40 - ui.font(self.SEED_FONT, bold=True).get_linesize()) // 2))
        entry_w = max(90, width - title_w - self.VALUE_W - 10)
        seed = pygame_gui.elements.UITextEntryLine(pygame.Rect(x + title_w, y, min(entry_w, 160), 40), self.ui,
                                                   object_id=oid(None, "#seed"))
        seed.set_allowed_characters("numbers")
        seed.set_text_length_limit(9)
        seed.set_text(str(self.seed))
        self.entries[("seed", 0)] = seed
        self.button("reseed", (x + title_w + min(entry_w, 160) + 10, y, self.VALUE_W, 40), self.tr("newgame.reseed"),
                    "@choice", tooltip=self.tr("newgame.reseed_tip"))
        self.seed_note = pygame.Rect(x, y + 46, width, self.app.size[1] - (y + 46) - 16)  # above the frame

    @staticmethod
    def _seats_width(w: int) -> int:
        """The seats panel's width: half the window (at most 700); the options take the rest."""
        return min(700, int(w * 0.5))

    def _label(self, text: str, rect: tuple[int, int, int, int], cls: str | None = None) -> Any:
        return pygame_gui.elements.UILabel(pygame.Rect(rect), text, self.ui, object_id=oid(cls))

    def _seat_row(self, i: int, x: int, y: int, width: int) -> None:
        """Colour swatch, name, human/bot, PIN: widths shared out of the row's width."""
        seat = self.seats[i]
        self.colour_rects[i] = pygame.Rect(x, y, 44, 44)
        self.button(f"colour_{i}", (x, y, 44, 44), "", "@choice",
                    tooltip=self.tr(catalog.colour(seat["colour"]).name_key))
        rest = width - 54 - 20
        name_w, kind_w = int(rest * 0.36), int(rest * 0.30)
        pin_w = rest - name_w - kind_w
        name = pygame_gui.elements.UITextEntryLine(pygame.Rect(x + 54, y + 2, name_w, 40), self.ui,
                                                   object_id=oid(None, f"#name_{i}"))
        name.set_text_length_limit(MAX_NAME)
        name.set_text(seat["name"])
        self.entries[("name", i)] = name
        kx = x + 54 + name_w + 10
        coded = seat["kind"] == HUMAN and self.info.hidden_information
        if not coded:  # no code for a bot, nor in a game without secrets (no curtain): its kind takes the room
            kind_w = rest - name_w
        self.button(f"kind_{i}", (kx, y, kind_w, 44), self._kind_label(seat["kind"]), "@choice",
                    enabled=bool(self.bots) or seat["kind"] != HUMAN,
                    tooltip=None if seat["kind"] == HUMAN else self._bot_about(seat["kind"]))
        if coded:
            pin = self.hint(pygame_gui.elements.UITextEntryLine(pygame.Rect(kx + kind_w + 10, y + 2, pin_w, 40),
                                                                self.ui, object_id=oid(None, f"#pin_{i}")),
                            self.tr("newgame.pin"))
            pin.set_text_length_limit(4)
            pin.set_allowed_characters("numbers")
            pin.set_text_hidden(True)
            pin.set_text(seat["pin"])
            self.entries[("pin", i)] = pin

    def _kind_label(self, kind: str) -> str:
        if kind == HUMAN:
            return self.tr("newgame.human")
        return self.tr("newgame.bot", name=self._bot_name(kind))

    def _bot_name(self, kind: str) -> str:
        key = f"bot.{kind}"
        return self.tr(key) if self.app.strings.has(key) else kind

    def _bot_about(self, kind: str) -> str | None:
        """What a bot does: the game's own words (`<game>.bot.<kind>.about`) first, else the shell's."""
        for key in (f"{self.game_id}.bot.{kind}.about", f"bot.{kind}.about"):
            if self.app.strings.has(key):
                return self.tr(key)
        return None

    OPTION_FONT = 16
    SEED_FONT = 18
    VALUE_W = 120

    def _bots_height(self, width: int) -> int:
        """Pixels the bots' descriptions take at `width` (as `draw_over` draws them)."""
        about = [a for a in (self._bot_about(k) for k in self.bots) if a]
        if not about:
            return 0
        def step(size: int, bold: bool = False) -> int:  # `ui.text_block`'s line step
            return int(ui.font(size, bold).get_linesize() * 1.25 / 1.2)

        height = step(16, True) * len(ui.wrap(self.tr("newgame.bots_title"), width, 16, True)) + 4
        return height + sum(step(15) * len(ui.wrap(a, width, 15)) + 4 for a in about)

    def _options(self, x: int, y: int, width: int) -> int:
        """One row per option: its label wrapped on the left (drawn, never cut), its value button
        on the right. Returns where the options end."""
        self.option_label_pos = []
        self.option_lines = []
        self._label(self.tr("newgame.options"), (x, y, width, 36), "@heading")
        y += 48
        if not self.option_defs:
            self._label(self.tr("newgame.no_options"), (x, y, width, 30))
            y += 44
        line_h = ui.font(self.OPTION_FONT).get_linesize()
        for option in self.option_defs:
            value = self.options[option["id"]]
            text = self._choice_text(option, value) if "choices" in option else self.tr(
                "common.yes" if value else "common.no")
            value_w = max(self.VALUE_W, self._widest_value(option) + 28)
            label = self._text_of(option.get("label", option["id"]))
            if value_w > width // 2:  # long values ("The 8 cells around"): the label above, the button under it
                lines = ui.wrap(label, width, self.OPTION_FONT)
                self.option_lines.append((lines, (x, y)))
                y += line_h * len(lines) + 2
                self.button(f"opt_{option['id']}", (x, y, width, 36), text, "@choice")
                y += 36 + 8
                continue
            lines = ui.wrap(label, width - value_w - 14, self.OPTION_FONT)
            row_h = max(38, line_h * len(lines) + 2)
            self.option_lines.append((lines, (x, y + (row_h - line_h * len(lines)) // 2)))
            self.button(f"opt_{option['id']}", (x + width - value_w, y + (row_h - 36) // 2, value_w, 36),
                        text, "@choice")
            y += row_h + 6
        return y
    def seed_help_key(self) -> str:
        """What the game number fixes, in the game's own words (`<game>.newgame.seed_help`: cards,
        dice or neither), else the shell's."""
        key = f"{self.game_id}.newgame.seed_help"
        return key if self.app.strings.has(key) else "newgame.seed_help"

    def _widest_value(self, option: dict[str, Any]) -> int:
        """Pixel width of the option's longest value text (the value button's font)."""
        if "choices" in option:
            texts = [self._choice_text(option, c) for c in option["choices"]]
        else:
            texts = [self.tr("common.yes"), self.tr("common.no")]
        return max((ui.font(18).size(t)[0] for t in texts), default=0)

    def _text_of(self, value: Any) -> str:
        if isinstance(value, dict):
            return self.app.strings.text(value)
        text = str(value)
        return self.tr(text) if self.app.strings.has(text) else text

    def _choice_text(self, option: dict[str, Any], value: Any) -> str:
        """A choice's label: `choice_labels[i]` (a key or {fr, en}), else the key `<label>.<value>`, else the value."""
        choices = list(option.get("choices") or [])
        labels = list(option.get("choice_labels") or [])
        if value in choices and choices.index(value) < len(labels):
            return self._text_of(labels[choices.index(value)])
        key = f"{option.get('label', '')}.{value}"
        if isinstance(option.get("label"), str) and self.app.strings.has(key):
            return self.tr(key)
        return self._text_of(value)

    # -- events ----------------------------------------------------------------------------------------

    def on_ui_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_TEXT_ENTRY_CHANGED:
            return
        for (kind, i), entry in self.entries.items():
            if entry is event.ui_element:
                if kind == "seed":
                    self.seed = int(entry.get_text() or 0)
                else:
                    self.seats[i][kind] = entry.get_text()

    def on_button(self, element: Any) -> None:
        name = self.name_of(element) or ""
        kind, _, arg = name.partition("_")
        if kind == "count":
            self.count = int(arg)
            self.rebuild()
        elif kind == "colour":
            self._next_colour(int(arg))
            self.rebuild()
        elif kind == "kind":
            self._next_kind(int(arg))
            self.rebuild()
        elif kind == "opt":
            self._next_option(arg)
            self.rebuild()
        elif name == "reseed":
            self.seed = random.SystemRandom().randrange(1, 1_000_000)
            self.rebuild()
        elif name == "back":
            self.stack.pop()
        elif name == "start":
            self.start()

    def _next_colour(self, i: int) -> None:
        used = {self.seats[j]["colour"] for j in range(self.count) if j != i}
        c = self.seats[i]["colour"]
        for _ in range(len(catalog.SEAT_COLOURS)):
            c = (c + 1) % len(catalog.SEAT_COLOURS)
            if c not in used:
                break
        self.seats[i]["colour"] = c

    def _next_kind(self, i: int) -> None:
        kinds = [HUMAN, *self.bots]
        current = self.seats[i]["kind"]
        new = kinds[(kinds.index(current) + 1) % len(kinds)] if current in kinds else HUMAN
        self.seats[i]["kind"] = new
        name = self.seats[i]["name"].strip()
        if not name or catalog.is_default_name(self.app.strings, name, i):  # "Joueur 3" becomes "Robot 3"
            self.seats[i]["name"] = catalog.default_name(self.app.strings, i, new)

    def _next_option(self, option_id: str) -> None:
        option = next(o for o in self.option_defs if o["id"] == option_id)
        value = self.options[option_id]
        if "choices" in option:
            choices = list(option["choices"])
            self.options[option_id] = choices[(choices.index(value) + 1) % len(choices)] if value in choices else choices[0]
        else:
            self.options[option_id] = not value

    # -- start ------------------------------------------------------------------------------------------

    def seat_infos(self) -> list[Any] | None:
        """The chosen seats as `game.session.SeatInfo`, or None (with a message) when a PIN is malformed."""
        from game.hotseat import hash_pin
        from game.session import SeatInfo

        out = []
        for i in range(self.count):
            seat = self.seats[i]
            name = seat["name"].strip() or catalog.default_name(self.app.strings, i, seat["kind"])
            pin = seat["pin"].strip() if seat["kind"] == HUMAN else ""
            if pin and (len(pin) != 4 or not pin.isdigit()):
                self.app.toast(self.tr("newgame.pin_invalid", name=name), "error")
                return None
            out.append(SeatInfo(name, seat["colour"], seat["kind"], hash_pin(pin) if pin else None))
        if len({s.colour for s in out}) < len(out):
            self.app.toast(self.tr("newgame.same_colour"), "error")
            return None
        return out

    def remember_names(self) -> None:
        """Keep the names typed (not the default ones) for the next new game."""
        names = []
        for i, seat in enumerate(self.seats[: max(self.count, len(self.seats))]):
            name = seat["name"].strip()
            typed = seat["kind"] == HUMAN and name and not catalog.is_default_name(self.app.strings, name, i)
            names.append(name if typed else "")
        while names and not names[-1]:
            names.pop()
        self.app.settings.player_names = names

    def start(self) -> None:
        """Build the session and open the game's table."""
        seats = self.seat_infos()
        if seats is None:
            return
        from scenes import saves_bridge

        self.remember_names()
        try:
            session = saves_bridge.new_session(self.app, self.game_id, seats, int(self.seed),
                                               dict(self.options))
            # saved at once (seats, names, codes, options): a game left before its first action
            # is resumed by "Continuer", which otherwise opened the game played before it
            session.autosave()
            saves_bridge.open_table(self.app, session)
        except Exception:
            self.app.log_exception("new_game.start")
            self.app.toast(self.tr("newgame.cannot_start"), "error")

    # -- drawing ----------------------------------------------------------------------------------------

    def draw_scene(self, surface: pygame.Surface) -> None:
        ui.title(surface, self.tr("newgame.title", game=self.tr(self.info.title_key)), y=36, size=38)
        w, h = surface.get_size()
        left = max(40, (w - 1160) // 2)
        seats_w = self._seats_width(w)
        panel = pygame.Rect(left - 16, 120, seats_w + 24, h - 230)
        ui.panel(surface, panel, 150)
        ui.panel(surface, pygame.Rect(left + seats_w + 24, 120, w - left - seats_w - 24 - left + 16, h - 230), 150)

    def draw_over(self, surface: pygame.Surface) -> None:
        for lines, (x, y) in self.option_lines:
            for line in lines:
                ui.text(surface, line, (x, y), self.OPTION_FONT, ui.PARCHMENT)
                y += ui.font(self.OPTION_FONT).get_linesize()
        title = getattr(self, "seed_title", None)
        if title is not None:
            ui.text(surface, title[0], title[1], self.SEED_FONT, ui.GOLD, bold=True)
        note = getattr(self, "seed_note", None)
        if note is not None:
            ui.text_block(surface, self.tr(self.seed_help_key()), note, 14, ui.PARCHMENT_DIM)
        about = [self._bot_about(k) for k in self.bots]
        box = getattr(self, "bots_box", None)
        if box is not None and any(about):
            y = box.top + ui.text_block(surface, self.tr("newgame.bots_title"), box, 16, ui.GOLD, bold=True) + 4
            for line in filter(None, about):
                y += ui.text_block(surface, line, pygame.Rect(box.left, y, box.width, box.bottom - y), 15,
                                   ui.PARCHMENT_DIM) + 4
        for i, rect in self.colour_rects.items():
            c = catalog.colour(self.seats[i]["colour"])
            ui.seat_symbol(surface, c.symbol, rect.center, 14, c.rgb)
