"""`TableScene`: what every game's table shares — turn flow, curtain, bots, undo, pause menu, messages.

A game's table subclasses it and implements two hooks; it reads only `self.view`
(`session.view(unveiled_seat)`, or the public view when nobody is unveiled) and acts only through
`self.try_act(action)`:

    class AnludimTable(TableScene):
        def draw_table(self, surface, view): ...          # draw everything from the view
        def handle_table(self, event, view) -> bool: ...  # clicks -> self.try_act(action)

Optional hooks: `draw_public(surface, rect, public_view)` (what the curtain may show; default: seats
and the public log tail), `view_changed()` (the view was refreshed: rebuild cached layers),
`score_history(view)` for the end-of-game chart (default: `view["score_history"]`, a list of
per-turn lists of scores).

After every applied action `advance()` decides what comes next (DESIGN.md, hot-seat): the game is
over → the end-of-game summary; a bot must act → it plays after a short visible pause (scaled by
the animation speed), one action at a time; a human other than the unveiled seat must act in a
game with hidden information → the curtain; then the revealed seat sees a "since your last turn"
summary of the public log. When the curtain would fall right after a person's own action drew
cards they have not seen into their own hidden hand (the session noted it in `drew`: a draw whose
cards that person's view shows and the public one does not; a quest or a row turned face up is
no such draw), the table first stays on that person's
view with "Your turn is over — Pass to <name>" (`handoff`): they see their new hand, then pass
(the button, Enter or Space); the curtain stays public. Ctrl+Z undoes when the session allows it; Esc opens the pause menu;
N opens the note box (a remark pinned to the current action; `log_with_notes` marks notes in a log).

When the game comes back to the seat on screen without a curtain (the others, bots or people at a
public table, played meanwhile), an action that seat asks within TURN_GUARD_S of that moment is
not applied and a message says the table just changed (`just_came_back`): a click meant for the
previous turn's "End turn" fell on the new turn's "Draw 2 cards" and drew them (Anludim's
playtest). The game "comes back" when the seat enters the seats the game waits on
(`state.waiting_on()` when the game has it, else `to_act()`).
"""

from __future__ import annotations

import time
from typing import Any

import pygame

from game import catalog
from game.scene import Scene
from scenes import ui

BOT_PAUSE_S = 0.8
THINK_POLL_S = 0.05  # how often the loop looks whether a bot that thinks beyond its pause is done
TURN_GUARD_S = 1.0  # after the others played, the seat on screen's actions wait this long
clock = time.monotonic  # tests move it


class TableScene(Scene):
    """Base of the game tables."""

    scoped_messages = True  # its messages (refusals, hints) leave when the situation changes
    log_scroll = 0  # wrapped rows the log panel is scrolled back from its newest (the wheel over it)
    log_max = 0  # how far back it can go
    log_rect: pygame.Rect | None = None  # where `draw_log` last drew it
    pointer = (0, 0)  # the pointer's last position (a wheel event has none)

    def __init__(self, app: Any, session: Any) -> None:
        super().__init__(app)
        self.session = session
        self.game_id: str = session.engine.id
        self.unveiled: int | None = None
        self.view: dict[str, Any] = session.view(None)
        self.pending_bot: int | None = None
        self.bot_timer = 0.0
        self.thought: Any = None  # the pending bot's decision running beside the loop (game/thinking.py)
        self.since: list[dict[str, Any]] = []
        self.since_first = False  # the seat unveiled had never been at the table: the box says "since the game began"
        self.ended = False
        self.curtain: Any = None
        self.wake_after: float | None = None  # seconds until update() must run even without events
        self.handoff: int | None = None  # the seat to pass to while the actor looks at their result
        self.handoff_rect: pygame.Rect | None = None  # the "Pass to" button, as last drawn
        self.handoff_panel: pygame.Rect | None = None  # the whole hand-off box, as last drawn
        self._on_screen: int | None = None  # the seat whose view is drawn
        self._left_screen: tuple[int, int] | None = None  # (seat, actions applied) when its view left
        self._handed_off = -1  # the number of actions at the last hand-off (one per action)
        self.turn_back_at: float | None = None  # when the game came back to the seat on screen
        self._watched: tuple[int | None, bool] = (None, False)  # (seat on screen, waited on) at the last refresh

    # -- the seats --------------------------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        """Seat names as shown, in seat order (for `strings.render`): default names follow the
        language, bots carry the bot mark; capped at 40 characters."""
        labels = [catalog.seat_label(self.app.strings, s, i) for i, s in enumerate(self.session.seats)]
        return [n if len(n) <= 40 else n[:39] + "…" for n in labels]

    def seat_name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"#{seat + 1}"

    def seat_colour(self, seat: int) -> catalog.SeatColour:
        """The seat's colour (rgb, symbol, name key)."""
        return catalog.colour(self.session.seats[seat].colour)

    def render(self, item: dict[str, Any]) -> str:
        """A log entry or refusal `{"key", "params"}` in the current language with seat names."""
        return self.app.strings.render(item, self.names)

    # -- lifecycle ---------------------------------------------------------------------------------

    def enter(self) -> None:
        self.advance()

    def exit(self) -> None:
        """The table leaves for good: let go of its game's cached drawings (card faces, labels,
        tokens) and, when no other scene plays it, of its content, so the next game played in
        this session does not pile its own on top (memory while playing, see game/bench.py)."""
        super().exit()
        release_drawings(self.game_id)
        release = getattr(self.app, "release_content", None)
        if release is not None:
            release(self.game_id, self)

    def pause(self) -> None:
        """Another scene covers the table (the pause menu, a box, the curtain): the pointer has
        left it, so no hover mark nor tooltip stays drawn under that scene (the Menu button's tip
        over the Pause dialog); the next move over the table brings them back."""
        super().pause()
        away = pygame.event.Event(pygame.MOUSEMOTION, {"pos": (-1, -1), "rel": (0, 0), "buttons": (0, 0, 0)})
        try:
            self.handle_table(away, self.view)  # each table's own hover tracking, told the pointer left
        except Exception:  # a table that cannot take it keeps its hover: never a failure here
            self.app.log_exception("table.pause")
        self.dirty = True

    def resume(self) -> None:
        super().resume()
        self.refresh()

    def language_changed(self) -> None:
        self.refresh()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.view_changed()

    def content_reloaded(self, game_id: str, content: Any) -> None:
        """F5 during a game (see `game.replay`): the game keeps the content it started with; an edit
        of texts only is replayed at once under the same save, any other edit is offered as
        "replay this game on the new content", into a new save."""
        if game_id != self.game_id:
            return
        from game import replay

        kind = replay.classify(self.session.content, content)
        if kind == "same":
            return
        if kind == "texts" and self._replay_texts(content):
            return
        from scenes.confirm import ConfirmOverlay

        self.stack.push(ConfirmOverlay(
            self.app, self.app.tr("replay.ask_title"), self.app.tr("replay.ask"),
            lambda: self.replay_on_new_content(content), yes=self.app.tr("replay.yes"),
            no=self.app.tr("replay.keep")))

    def _replay_texts(self, content: Any) -> bool:
        """Only texts changed: the same game on the new texts, under the same save. True when done."""
        from game import content as loader
        from game.saves import SaveError

        try:
            digest = loader.digest(self.game_id, self.app.content_root)
            fresh = type(self.session).from_save(
                dict(self.session.to_save(), content_digest=digest), self.session.engine, content, digest,
                store=getattr(self.session, "store", None), save_name=getattr(self.session, "save_name", None))
        except (SaveError, Exception):
            self.app.log_exception("table.replay_texts")
            return False
        if len(fresh.actions) != len(self.session.actions):
            return False
        fresh.seats = list(self.session.seats)
        self.session = fresh
        self.session.autosave()
        self.app.toast(self.app.tr("replay.texts_live"), "ok")
        self.refresh()
        return True

    def replay_on_new_content(self, content: Any) -> None:
        """The player chose to replay this game on the new content: a new save, a report of where it diverged."""
        from datetime import UTC, datetime

        from game import content as loader
        from game import replay
        from game.saves import make_name

        try:
            digest = loader.digest(self.game_id, self.app.content_root)
            name = make_name(self.game_id, datetime.now(UTC))
            fresh, divergence = replay.replay_on(self.session, content, digest,
                                                 getattr(self.session, "store", None), name)
        except Exception:
            self.app.log_exception("table.replay")
            self.app.toast(self.app.tr("table.content_next_game"), "error")
            return
        self.session = fresh
        self.ended = False
        self.divergence = divergence
        self.app.toast(self.render(divergence.message()), "error" if divergence.stopped else "ok")
        if self.stack.top is self:
            self.advance()
        else:
            self.refresh()

    # -- flow --------------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Take the view of the unveiled seat (public view when nobody is unveiled)."""
        if self.unveiled is None and self._on_screen is not None:
            self._left_screen = (self._on_screen, len(self.session.actions))
        self._on_screen = self.unveiled
        self._watch_turn()
        self.view = self.session.view(self.unveiled)
        self.dirty = True
        self.log_scroll = 0  # something happened: the log shows its newest lines again
        self.view_changed()

    def waited_on(self) -> list[int]:
        """The seats the game waits on now (`waiting_on()` when the state has it, else `to_act()`)."""
        state = self.session.state
        if state.is_over():
            return []
        waiting = getattr(state, "waiting_on", None)
        return list(waiting() if callable(waiting) else state.to_act())

    def _watch_turn(self) -> None:
        """Note when the game comes back to the seat on screen (see `just_came_back`); another
        seat on screen, or none (a curtain), forgets it."""
        seat = self.unveiled
        asked = seat is not None and seat in self.waited_on()
        was_seat, was_asked = self._watched
        if seat is None or seat != was_seat:
            self.turn_back_at = None
        elif asked and not was_asked:
            self.turn_back_at = clock()
        self._watched = (seat, asked)

    def just_came_back(self) -> bool:
        """True within TURN_GUARD_S of the game coming back to the seat on screen after others played."""
        return self.turn_back_at is not None and 0 <= clock() - self.turn_back_at < TURN_GUARD_S

    def scroll_log(self, rows: int) -> bool:
        """Scroll the log panel `rows` back (negative: towards the newest); whether it moved."""
        scroll = max(0, min(self.log_max, self.log_scroll + rows))
        if scroll == self.log_scroll:
            return False
        self.log_scroll = scroll
        self.log_moved()
        self.dirty = True
        return True

    def log_moved(self) -> None:
        """The log panel must be drawn again (a table that keeps it in a layer drops the layer)."""
        if getattr(self, "layer", None) is not None:
            self.layer = None

    def advance(self) -> None:
        """Decide what comes next: end, a bot's move, a curtain, or the unveiled seat plays on."""
        from game import hotseat

        self.handoff = None
        state = self.session.state
        if state.is_over():
            self.pending_bot = None
            self.animating = False
            self.refresh()
            if not self.ended:
                self.ended = True
                from scenes.end import EndScene

                self.stack.push(EndScene(self.app, self))
            return
        bot = self.session.bot_to_act()
        if bot is not None:
            self.pending_bot = bot
            self.bot_timer = BOT_PAUSE_S / max(0.1, float(getattr(self.app.settings, "animation_speed", 1.0)))
            self.wake_after = self.bot_timer  # the loop sleeps until the bot is due (no frames meanwhile)
            self.refresh()
            return
        self.pending_bot = None
        self.animating = False
        nxt = hotseat.next_unveil(self.session, self.unveiled)
        if nxt.curtain and nxt.seat is not None:
            self.unveiled = None
            self.refresh()
            self.show_curtain(nxt.seat)
            return
        if nxt.seat is not None:
            self.unveiled = nxt.seat
        self.refresh()

    def clear_messages(self) -> None:
        """The situation changed (a new click, an action applied, another seat): this table's
        refusals and hints leave the screen."""
        self.app.toasts.clear(self)

    def show_curtain(self, seat: int) -> None:
        """Hide the table and ask to pass the computer to `seat` (first, when the person who just
        left the screen drew cards they have not seen, their table with "Pass to <name>")."""
        from game import hotseat
        from scenes.curtain import CurtainScene

        if self._hand_off_first(seat):
            return
        self.handoff = None
        self.clear_messages()
        self.since = []
        self.curtain = CurtainScene(self.app, self, seat, hotseat.curtain_view(self.session))
        self.stack.push(self.curtain)

    def _hand_off_first(self, seat: int) -> bool:
        """Keep the table on the seat whose view just left the screen, with "Pass to <seat>", when
        its own last action (made while it was unveiled; only bots played since) drew cards into
        its hidden hand that it has not seen yet (`session.drew`). True when the hand-off is shown (once per action)."""
        session, count = self.session, len(self.session.actions)
        left = self._left_screen
        if left is None or left[1] != count or left[0] == seat or self._handed_off == count:
            return False
        actor = left[0]
        mine = [i for i, (s, _) in enumerate(session.actions) if s == actor]
        if not session.is_human(actor) or not mine:
            return False
        last = mine[-1]
        unveiled_at = max((n for n, s in getattr(session, "reveals", []) if s == actor), default=0)
        if last < unveiled_at or any(session.is_human(s) for s, _ in session.actions[last + 1:]):
            return False
        if last not in getattr(session, "drew", ()):
            return False
        self._handed_off, self.handoff, self.unveiled = count, seat, actor
        self.refresh()
        return True

    def pass_hand(self) -> None:
        """The actor has seen their result: on to the curtain for the seat waiting."""
        seat = self.handoff
        if seat is None:
            return
        self.handoff = None
        self.unveiled = None
        self.refresh()
        self.show_curtain(seat)

    def reveal(self, seat: int) -> None:
        """The curtain was lifted for `seat` (called by the curtain)."""
        from game import hotseat

        acted = hotseat.others_acted_since(self.session, seat)  # nothing since: no box to close
        self.since = hotseat.summary_for(self.session, seat) if acted else []
        # a seat at the table for the first time had no "last turn" to speak of
        self.since_first = not any(s == seat for s, _ in self.session.actions) and not any(
            s == seat for _, s in self.session.reveals)
        self.session.note_reveal(seat)
        self.clear_messages()
        self.unveiled = seat
        self.curtain = None
        self.refresh()

    def try_act(self, action: Any, seat: int | None = None) -> bool:
        """Apply `action` for the unveiled seat; a refusal becomes a message, and so does an action
        asked just after the game came back to that seat (`just_came_back`). True when applied."""
        from rules.core import ActionError

        seat = self.unveiled if seat is None else seat
        if seat is None:
            return False
        if seat == self.unveiled and self.just_came_back():  # a click meant for the table before it changed
            self.app.toast(self.app.tr("table.turn_back"), "info")
            self.dirty = True
            return False
        self.clear_messages()
        try:
            self.session.apply(seat, action)
        except ActionError as err:
            self.app.toast(self.render(err.to_json()), "error")
            self.dirty = True
            return False
        self.since = []
        self.after_apply()
        return True

    def after_apply(self) -> None:
        """An action was applied: earlier messages leave, a failed autosave is told, then go on."""
        self.clear_messages()
        error = getattr(self.session, "last_save_error", None)
        if error is not None and hasattr(error, "to_json"):
            self.app.toast(self.render(error.to_json()), "error")
        self.advance()

    def update(self, dt: float) -> None:
        if self.pending_bot is None:
            return
        seat = self.pending_bot
        background = bool(getattr(self.app, "bots_in_background", False))
        if background and not self._start_thinking(seat):
            self.wake_after = THINK_POLL_S  # an abandoned decision is still running: wait for it
            return
        self.bot_timer -= dt
        if self.bot_timer > 0:
            self.wake_after = self.bot_timer
            return
        thought = self.thought
        if thought is not None and not thought.done():
            self.wake_after = THINK_POLL_S  # the pause is over but the bot still thinks
            return
        self.wake_after = None
        self.pending_bot, self.thought = None, None
        try:
            if thought is None:
                action = self.session.bot_action(seat)
            else:
                action = thought.result()
            self.session.apply(seat, action)
        except Exception:  # a broken bot: say so and leave the table usable (Esc: save and quit)
            self.animating = False
            self.dirty = True
            self.app.log_exception("bot")
            self.app.toast(self.app.tr("table.bot_failed", name=self.seat_name(seat)), "error")
            return
        self.after_apply()

    def _start_thinking(self, seat: int) -> bool:
        """Make sure a decision about the current situation runs beside the loop (it starts with
        the bot's pause, so most decisions are ready when the pause ends). False while a decision
        about an earlier situation (before an undo) is still running: a bot thinks once at a time."""
        from game.thinking import BotThought, thought_key

        thought = self.thought
        if thought is not None and thought.key == thought_key(self.session, seat):
            return True
        if thought is not None and not thought.done():
            return False
        self.thought = BotThought(self.session, seat)
        return True

    def undo(self) -> None:
        """Ctrl+Z: take back the last human action when the session allows it."""
        refusal = self.session.undo_refusal() if hasattr(self.session, "undo_refusal") else None
        if refusal is not None or not self.session.can_undo():
            item = refusal.to_json() if refusal is not None else {"key": "table.cannot_undo"}
            self.app.toast(self.render(item), "error")
            return
        self.session.undo()
        self.since = []
        self.handoff = None
        self.app.toast(self.app.tr("table.undone"), "ok")
        self.advance()
        self.turn_back_at = None  # the person asked for this change: their next click is meant for it

    # -- notes pinned to the log (game/notes.py) ---------------------------------------------------

    def open_note(self, opened_by: str | None = None) -> None:
        """Key N (`opened_by` "n": the text that key types next is not the note's) or the pause
        menu's Note: the box that pins a note to the current action."""
        from scenes.note import NoteScene

        self.stack.push(NoteScene(self.app, self, opened_by))

    def log_with_notes(self, entries: list[dict[str, Any]], length: int | None = None) -> list[dict[str, Any]]:
        """`entries` (the last entries of the public log, or of its first `length` entries) with
        this game's notes where they were written; a note renders like a log entry (`self.render`)."""
        from game.notes import interleave, notes_of

        notes = notes_of(self.session.extras)
        total = len(self.session.log) if length is None else length
        return interleave(list(entries), notes, total) if notes else list(entries)

    # -- events ----------------------------------------------------------------------------------

    def track_hover(self, pos: tuple[int, int]) -> None:
        """The pointer moved over a hand-composed table (subclasses give `hit_at(pos)` and keep
        `hover`): remember the zone under it; redraw when it changes or its tooltip follows."""
        self.mouse = pos
        hit = self.hit_at(pos)
        if hit is not getattr(self, "hover", None):
            self.hover = hit
            self.dirty = True
        elif hit is not None and hit.tip:
            self.dirty = True

    def handle_pointer(self, event: pygame.event.Event, buttons: tuple[int, ...] = (1,)) -> bool:
        """The pointer half of `handle_table` for a hand-composed table (subclasses give
        `hit_at(pos, click)` and `on_hit(hit, button)`): a move tracks the hover; a press of one of
        `buttons` on a zone calls `on_hit` and is consumed."""
        if event.type == pygame.MOUSEMOTION:
            self.track_hover(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in buttons:
            self.mouse = event.pos
            hit = self.hit_at(event.pos, click=True)
            if hit is not None:
                self.on_hit(hit, event.button)
                return True
        return False

    def captures_keys(self) -> bool:
        """True while the table is typing into a field of its own: keys (Esc included) go there first."""
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        elif event.type == pygame.MOUSEWHEEL and self.log_rect is not None and self.log_rect.collidepoint(self.pointer):
            self.scroll_log(3 * event.y)  # the wheel up reads back
            return True
        if event.type == pygame.KEYDOWN and self.captures_keys() and self.handle_table(event, self.view):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                from scenes.pause import PauseMenu

                self.stack.push(PauseMenu(self.app, self))
                return True
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.undo()
                return True
            if event.key == pygame.K_n and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
                self.open_note("n")
                return True
        if self.handoff is not None and self._handle_handoff(event):
            return True
        if self.since and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.since = []
            self.dirty = True
            return True
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            if self.pending_bot is not None and event.type != pygame.MOUSEMOTION:
                return True  # a bot is about to play: clicks wait
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.clear_messages()  # a new selection: the message about the previous one leaves
        return bool(self.handle_table(event, self.view))

    def _handle_handoff(self, event: pygame.event.Event) -> bool:
        """During a hand-off the table only looks: the button (or Enter, Space) passes, every other
        click or key is held back; the pointer still shows tooltips."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.pass_hand()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1 and self.handoff_rect is not None and self.handoff_rect.collidepoint(event.pos):
                self.pass_hand()
            return True
        return event.type == pygame.MOUSEBUTTONUP

    # -- drawing ---------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_table(surface, self.view)
        if self.handoff is not None:
            self.draw_handoff(surface, self.handoff)
        if self.pending_bot is not None:
            self.draw_bot_banner(surface, self.pending_bot)
        if self.since:
            self.draw_since(surface)

    def draw_bot_banner(self, surface: pygame.Surface, seat: int) -> None:
        """"<name> is thinking..." while a bot's pause runs, where `bot_banner_box` puts it."""
        c = self.seat_colour(seat)
        label = self.app.tr("table.bot_thinking", name=self.seat_name(seat))
        img = ui.render_line(label, 20, ui.PARCHMENT, bold=True)  # draws the bot mark
        box = self.bot_banner_box(surface, img.get_rect().inflate(64, 18))
        ui.panel(surface, box, 235, c.rgb)
        ui.seat_symbol(surface, c.symbol, (box.left + 20, box.centery), 9, c.rgb)
        surface.blit(img, img.get_rect(center=(box.centerx + 8, box.centery)))

    def draw_handoff(self, surface: pygame.Surface, seat: int) -> None:
        """"Your turn is over" and the "Pass to <name>" button, where `handoff_box` puts them: the
        text over the button, or beside it (a slimmer button) when the table chose a low box."""
        c = self.seat_colour(seat)
        title = ui.render_line(self.app.tr("table.turn_over"), 18, ui.PARCHMENT, bold=True)
        label = ui.render_line(self.app.tr("table.handoff", name=self.seat_name(seat)), 20, (255, 246, 222), bold=True)
        button = label.get_rect().inflate(64, 20)
        stacked = pygame.Rect(0, 0, max(title.get_width() + 40, button.width + 24), title.get_height() + button.height + 34)
        slim = label.get_rect().inflate(48, 12)
        in_row = pygame.Rect(0, 0, title.get_width() + slim.width + 48, slim.height + 10)
        box = self.handoff_box(surface, stacked, in_row)
        self.handoff_panel = box
        ui.panel(surface, box, 255, ui.GOLD)  # opaque: what it lies over does not show through its text
        if box.height < stacked.height:  # one row: the text on the left, the button on the right
            surface.blit(title, title.get_rect(midleft=(box.left + 20, box.centery)))
            button = slim
            button.midright = (box.right - 6, box.centery)
        else:
            surface.blit(title, title.get_rect(midtop=(box.centerx, box.top + 10)))
            button.midbottom = (box.centerx, box.bottom - 12)
        pygame.draw.rect(surface, (138, 100, 36), button, border_radius=8)
        pygame.draw.rect(surface, ui.GOLD, button, 2, border_radius=8)
        ui.seat_symbol(surface, c.symbol, (button.left + 22, button.centery), 8, c.rgb)
        surface.blit(label, label.get_rect(center=(button.centerx + 10, button.centery)))
        self.handoff_rect = button

    def handoff_box(self, surface: pygame.Surface, stacked: pygame.Rect, in_row: pygame.Rect) -> pygame.Rect:
        """Where the hand-off panel goes: `stacked` (the text over the button) or `in_row` (beside
        it: lower, wider; it may be widened) moved to its place; by default the stacked one where
        the bot banner goes. A table overrides it to keep what its players read uncovered."""
        return self.bot_banner_box(surface, stacked)

    def bot_banner_box(self, surface: pygame.Surface, box: pygame.Rect) -> pygame.Rect:
        """Where the bot banner (`box`, its size) goes: at the top by default; a table whose header
        lies there puts it elsewhere (override)."""
        return box.move_to(midtop=(surface.get_width() // 2, 22 - 9))

    def since_rows(self, width: int, height: int) -> list[str]:
        """The "since your last turn" box's rows for a box `width` wide in a window `height` high:
        the newest entries that fit, and first a line counting those left out."""
        room = max(3, (height - 80 - 96) // 26)  # rows the window can hold
        rows: list[str] = []
        older = len(self.since)  # entries left out at the top (the oldest), if the window is full
        for entry in reversed(self.since):  # the newest first, until the box would leave the window
            wrapped = ui.wrap("• " + self.render(entry), width - 40, 18)
            if len(rows) + len(wrapped) > room - (older > 1):
                break
            rows[:0] = wrapped
            older -= 1
        if older:
            rows.insert(0, self.app.tr("table.since_older", count=older))
        return rows

    def draw_since(self, surface: pygame.Surface) -> None:
        """The "since your last turn" box (any click or key closes it)."""
        w, h = surface.get_size()
        width = min(640, w - 80)
        rows = self.since_rows(width, h)
        box = pygame.Rect(0, 0, width, 96 + 26 * max(1, len(rows)))
        box.center = (w // 2, h // 2)
        ui.dim(surface, 110)
        ui.panel(surface, box, 245, ui.GOLD)
        title = "table.since_title_first" if self.since_first else "table.since_title"
        ui.text(surface, self.app.tr(title), (box.centerx, box.top + 14), 22, ui.GOLD,
                bold=True, anchor="midtop")
        y = box.top + 52
        for row in rows or [self.app.tr("table.since_nothing")]:
            ui.text(surface, row, (box.left + 20, y), 18, ui.PARCHMENT)
            y += 26
        ui.text(surface, self.app.tr("table.since_close"), (box.centerx, box.bottom - 28), 15,
                ui.PARCHMENT_DIM, anchor="midtop", italic=True)

    def draw_log(self, surface: pygame.Surface, rect: pygame.Rect, entries: list[dict[str, Any]] | None = None,
                 size: int = 16, title: bool = True) -> None:
        """The turn-log panel: the newest entries of `view["log"]` that fit, newest at the bottom,
        or older ones as the wheel over it scrolled it back (the last LOG_BACK entries)."""
        entries = self.view.get("log", []) if entries is None else entries
        self.log_rect = pygame.Rect(rect)
        self.log_max = draw_log_panel(surface, rect, [self.render(e) for e in self.log_with_notes(entries)[-LOG_BACK:]],
                                      self.app.tr("table.log") if title else None, size, self.log_scroll)
        self.log_scroll = min(self.log_scroll, self.log_max)

    # -- hooks for subclasses ---------------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """Draw the whole table from `view` (override)."""
        surface.blit(ui.background(surface.get_size()), (0, 0))
        self.draw_log(surface, pygame.Rect(surface.get_width() - 380, 40, 340, surface.get_height() - 80))

    def handle_table(self, event: pygame.event.Event, view: dict[str, Any]) -> bool:
        """React to an event with `self.try_act(...)` (override); True when consumed."""
        return False

    def draw_public(self, surface: pygame.Surface, rect: pygame.Rect, public_view: dict[str, Any]) -> None:
        """What the curtain shows: seats and the public log tail (override for a richer picture)."""
        draw_public_default(self.app, surface, rect, public_view, self.session.seats)

    def view_changed(self) -> None:
        """The view was refreshed (rebuild cached layers here)."""

    def score_history(self, view: dict[str, Any]) -> list[list[float]]:
        """Per-turn scores for the end-of-game chart: a list of per-seat score lists."""
        history = view.get("score_history") or []
        return [list(row) for row in history if isinstance(row, list | tuple)]


def release_drawings(game_id: str) -> None:
    """Empty every `functools` cache of the game's sprite and scene modules (surfaces kept for
    speed while its table is open)."""
    import sys

    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith((f"sprites.{game_id}", f"scenes.{game_id}")):
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", None) == name:
                clear()
    ui.release_drawings()


LOG_BACK = 150  # log entries a table's log panel can be scrolled back through


def whole_entry_start(entries: list[int], start: int, end: int) -> int:
    """Where a log panel showing wrapped rows `start:end` begins drawing (`entries`: each row's
    entry number): `start`, or, when that row continues an entry begun above the panel, the first
    row of the next entry, the rows skipped left blank (a curtain's log began with an entry's tail
    alone, "l'Arcaniste.", "conflits."); `start` when one entry fills the whole panel."""
    first = start
    while 0 < first < end and entries[first] == entries[first - 1]:
        first += 1
    return start if first >= end else first


def draw_log_panel(surface: pygame.Surface, rect: pygame.Rect, lines: list[str], title: str | None,
                   size: int = 16, scroll: int = 0, rows_out: list[tuple[pygame.Rect, int]] | None = None) -> int:
    """A panel with a title and wrapped lines, the newest at the bottom, older ones cut at the top;
    `scroll` rows back from the newest (a thin bar then says where the panel stands). The most
    it can be scrolled back (0: every line fits). `rows_out`, when given, receives each row drawn:
    (its band, the index of its line in `lines`), for a table that answers the pointer over a line."""
    ui.panel(surface, rect, 220)
    top = rect.top + 10
    if title:
        ui.text(surface, title, (rect.left + 14, top), size + 2, ui.GOLD, bold=True)
        top += size + 16
    step = int(size * 1.45)
    rows: list[tuple[str, int]] = []  # each wrapped row with the number of its entry
    for n, line in enumerate(lines):
        rows.extend((row, n) for row in ui.wrap(line, rect.width - 28, size))
    fit = max(0, (rect.bottom - 10 - top) // step)
    maximum = max(0, len(rows) - fit)
    scroll = max(0, min(scroll, maximum))
    start, end = max(0, len(rows) - fit - scroll), len(rows) - scroll
    first = whole_entry_start([n for _, n in rows], start, end) if fit else end
    for i, (row, n) in enumerate(rows[first:end] if fit else []):  # the last three entries bright, each alike
        fade = ui.PARCHMENT if n >= len(lines) - 3 else ui.PARCHMENT_DIM
        y = top + (first - start + i) * step
        ui.text(surface, row, (rect.left + 14, y), size, fade)
        if rows_out is not None:
            rows_out.append((pygame.Rect(rect.left + 8, y - 2, rect.width - 16, step), n))
    if scroll:  # read back: where the panel stands in the log
        ui.scroll_mark(surface, pygame.Rect(rect.right - 9, top, 4, fit * step), maximum - scroll, maximum, fit, len(rows))
    return maximum


def draw_public_default(app: Any, surface: pygame.Surface, rect: pygame.Rect, view: dict[str, Any],
                        seats: list[Any], characters: list[str | None] | None = None) -> None:
    """Seats (with who must act) on the left, the public log tail on the right. `characters`: the
    public name each seat plays under (None until it has one); the log then names them as the
    table does, and each seat row gives the character with its player after it."""
    to_act = set(view.get("to_act") or [])
    half = rect.width // 2 - 10
    ui.panel(surface, pygame.Rect(rect.left, rect.top, half, rect.height), 200)
    ui.text(surface, app.tr("curtain.seats"), (rect.left + 16, rect.top + 12), 18, ui.GOLD, bold=True)
    # rows closer together (and a smaller name) when every seat would not fit: five or six seats
    # under a game's own box at 1024x700 ran out of the panel
    step = max(18, min(34, (rect.height - 60) // max(1, len(seats))))
    size = 18 if step >= 30 else 15
    for i, seat in enumerate(seats):
        c = catalog.colour(seat.colour)
        y = rect.top + 50 + i * step
        ui.seat_symbol(surface, c.symbol, (rect.left + 28, y + size // 2 + 2), 9 if size == 18 else 7, c.rgb)
        room = half - 62 - (ui.font(15).size(app.tr("curtain.to_act"))[0] + 8 if i in to_act else 0)
        player = catalog.seat_label(app.strings, seat, i)
        character = characters[i] if characters and i < len(characters) else None
        if character:  # "Aldric" as at the table, then who plays it: "Ana" is the name on the curtain
            shown = ui.text(surface, ui.fit(character, room * 2 // 3, size, True), (rect.left + 46, y), size,
                            ui.PARCHMENT, bold=True)
            ui.text(surface, ui.fit(player, room - shown.width - 10, size - 2), (shown.right + 10, y + 2), size - 2,
                    ui.PARCHMENT_DIM)
        else:
            ui.text(surface, ui.fit(player, room, size), (rect.left + 46, y), size, ui.PARCHMENT)
        if i in to_act:
            ui.text(surface, app.tr("curtain.to_act"), (rect.left + half - 16, y + 2), 15, ui.GOLD, anchor="topright")
    names = [catalog.seat_label(app.strings, s, i) for i, s in enumerate(seats)]
    if characters:
        names = [characters[i] if i < len(characters) and characters[i] else n for i, n in enumerate(names)]
    log = [app.strings.render(e, names) for e in (view.get("log") or [])[-12:]]
    draw_log_panel(surface, pygame.Rect(rect.left + half + 20, rect.top, half, rect.height), log,
                   app.tr("table.log"), 16)


class ComposedTable(TableScene):
    """A table drawn as one composed layer with its zones (`ui.Hit`): Anludim, Guildes, Ambre.

    A subclass makes `self.layer` and `self.hits` in `_ensure(size)` (when the layer is None or
    of another size) and sets `self.layer = None` when something drawn changes. This base finds
    the zone under the pointer, draws the layer with the hovered zone outlined and its tooltip.
    """

    TIP_WIDTH = 340  # the tooltip's wrapping width
    UNOUTLINED: tuple[str, ...] = ("tip",)  # hovered zones of these kinds get no gold outline
    UNTIPPED: tuple[str, ...] = ()  # nor a tooltip (a button already shows its label)

    layer: pygame.Surface | None = None
    hits: list[Any] = []
    hover: Any = None

    def _ensure(self, size: tuple[int, int] | None = None) -> None:
        """Compose `self.layer` and `self.hits` at `size` (the window's) when needed (override)."""
        raise NotImplementedError

    def hit_at(self, pos: tuple[int, int], click: bool = False) -> Any:
        """The topmost zone under `pos` (for a click, tooltip-only zones let it through)."""
        self._ensure()
        for hit in reversed(self.hits):
            if hit.rect.collidepoint(pos) and not (click and hit.kind == "tip"):
                return hit
        return None

    def find(self, kind: str, data: Any = None) -> Any:
        """The first zone of that kind (and data): for tests and tools."""
        self._ensure()
        return next((h for h in self.hits if h.kind == kind and (data is None or h.data == data)), None)

    def draw_table(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        self._ensure(surface.get_size())
        if self.hover is not None and not any(h is self.hover for h in self.hits):
            # the layer was composed again under a still pointer (a right-click flip): the zone
            # there now, with its new tooltip, not the old one's ("played as 5 green" on a 7 yellow)
            self.hover = self.hit_at(getattr(self, "mouse", self.pointer))
        surface.blit(self.layer, (0, 0))
        hover = self.hover if self.stack.top is self else None  # under a menu or a box: no hover, no tip
        if hover is not None and hover.enabled and hover.kind not in self.UNOUTLINED:
            pygame.draw.rect(surface, ui.GOLD, hover.rect.inflate(4, 4), 2, border_radius=8)
        if hover is not None and hover.tip and hover.kind not in self.UNTIPPED:
            ui.pointer_tip(surface, hover.tip, self.mouse, self.TIP_WIDTH)
