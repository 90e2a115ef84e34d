"""The application shell: window, main loop, settings, strings, content cache and messages.

`App` is passed to every scene (`scene.app`); there is no global. The loop gives each event to the
top scene, updates it, and draws only when a visible scene is dirty or animating, so an idle table
costs no CPU (`pygame.event.wait` with a timeout). Scenes are imported lazily: the menu imports
nothing of rules/, and content (pydantic) is loaded when a game is first opened.

Global keys: F5 reloads the content of the games in use, or of every implemented game from the
menu (errors go to an overlay, the last good content stays), F11 toggles fullscreen. An exception raised by a scene is written with its
traceback to the rotating support log (game.logs, in the user log directory) and shown to the player
as a short message, never a traceback. The log's header (versions, OS) is written at the first idle
moment after the first frame, so start-up to the menu pays nothing for it. The window carries the
app's drawn icon (sprites.icon) and its title names the game being played.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.i18n import Strings
from game.scene import Scene, SceneStack

MIN_SIZE = (1024, 700)
DEFAULT_SIZE = (1280, 800)
EXIT_AFTER_FIRST_FRAME = "GUILDHALL_EXIT_AFTER_FIRST_FRAME"
WM_CLASS = "guildhall"  # the desktop entry's StartupWMClass (game/desktop.py)
FRAME_S = 1 / 60

log = logging.getLogger("guildhall")


class FallbackSettings:
    """Used only when game.settings cannot be imported: same attributes, saves nothing."""

    def __init__(self) -> None:
        self.language = "fr"
        self.window_size = DEFAULT_SIZE
        self.fullscreen = False
        self.sand_timer_s = 0
        self.animation_speed = 1.0
        self.designer_mode = False
        self.player_names: list[str] = []
        self.lab_game = ""

    def save(self) -> None:
        """Nothing to save to."""


def load_settings() -> Any:
    """The player's settings (game.settings), or defaults when that module is unavailable."""
    try:
        from game.settings import load_settings as load
    except ImportError:
        return FallbackSettings()
    try:
        return load()
    except Exception:  # a broken settings file must not stop the app
        try:
            from game import logs

            logs.attach(user_log_dir())
        except OSError:
            pass
        log.exception("settings could not be read; using defaults")
        return FallbackSettings()


def user_log_dir() -> Path:
    """Where tracebacks go: game.paths.log_dir() (GUILDHALL_HOME/logs in tests)."""
    try:
        from game.paths import log_dir
    except ImportError:
        import platformdirs

        return Path(platformdirs.user_log_dir("guildhall", appauthor=False))
    return log_dir()


class App:
    """Holds what every scene shares and runs the main loop."""

    def __init__(self, settings: Any = None, content_root: str | Path | None = None,
                 log_dir: str | Path | None = None, content_folder: str | Path | None = None) -> None:
        self.settings = settings if settings is not None else load_settings()
        self._settings_at_start = self._settings_snapshot()
        self.strings = Strings(getattr(self.settings, "language", "fr"))
        self.stack = SceneStack()
        self.content_root = content_root
        self._reload_said: str | None = None  # the message of the last F5 (the next one replaces it)
        # the folder a designer gave with --content when it is one game's (`content_root` is then
        # a temporary root pointing that game to it): the menu shows and opens it, not the root
        self.content_folder = content_folder
        self.log_dir = Path(log_dir) if log_dir else None
        self.screen: pygame.Surface | None = None
        self.running = False
        self.first_frame_hook: Callable[[App], Any] | None = None
        self.frames_drawn = 0
        self.bots_in_background = False  # run(): bots decide in a thread (game/thinking.py); tests step them
        self.idle_timeout_ms = 1000
        # a curtain ignores clicks and keys this long after it fell (scenes/curtain.py): they are the
        # last person's, and would show the next person's secrets to them
        self.curtain_guard_s = 0.6
        self.errors_logged = 0
        self.caption = ""
        self._started_at = time.perf_counter()
        self.first_frame_at: float | None = None
        self._startup_logged = False
        self._failed_updates = 0
        self._content: dict[str, Any] = {}
        self._last = time.perf_counter()
        from sprites.toast import ToastLayer

        self.toasts = ToastLayer()

    # -- text ---------------------------------------------------------------------------------

    def tr(self, key: str, /, **params: Any) -> str:
        """Catalog text of `key` in the current language."""
        return self.strings.tr(key, **params)

    def set_language(self, lang: str) -> None:
        """Switch language at once: every scene on the stack rebuilds its texts."""
        self.strings.set_language(lang)
        self.settings.language = self.strings.lang
        for scene in self.stack.scenes:
            hook = getattr(scene, "language_changed", None)
            if hook:
                hook()
            scene.dirty = True

    def toast(self, text: str, kind: str = "info", owner: Any = None) -> None:
        """A short message over everything ("info", "error" or "ok"). Its `owner` (by default the
        top scene when that scene sets `scoped_messages`, as tables and the curtain do) takes it
        away when the situation changes (`toasts.clear(owner)`) or when it leaves the stack."""
        if owner is None and getattr(self.stack.top, "scoped_messages", False):
            owner = self.stack.top
        self.toasts.add(text, kind, owner)

    # -- content ------------------------------------------------------------------------------

    def content(self, game_id: str) -> Any:
        """The game's validated content, loaded once (raises ContentError on first failure)."""
        if game_id not in self._content:
            from game import content as loader

            self._content[game_id] = loader.load(game_id, self.content_root)
        return self._content[game_id]

    def release_content(self, game_id: str, leaving: Any = None) -> None:
        """Forget a game's content when no scene but `leaving` plays it (loaded again when the
        game is next opened), then collect the cycles the game's scenes leave behind."""
        if any(getattr(s, "game_id", None) == game_id and s is not leaving for s in self.stack.scenes):
            return
        self._content.pop(game_id, None)
        import gc

        gc.collect()

    def reload_content(self, game_id: str, show: bool = True) -> list[Any]:
        """Read the game's YAML again; on errors keep the old content and return the problems
        (shown, with `show`; else the caller shows them)."""
        from game import content as loader

        try:
            fresh = loader.load(game_id, self.content_root)
        except loader.ContentError as exc:
            if show:
                self.show_problems(game_id, exc.problems)
            return list(exc.problems)
        self._content[game_id] = fresh
        for scene in self.stack.scenes:
            hook = getattr(scene, "content_reloaded", None)
            if hook:
                hook(game_id, fresh)
        if show:
            self.toast(self.tr("content.reloaded", game=self.tr(f"game.{game_id}.title")), "ok")
        return []

    def reload_all(self) -> list[Any]:
        """F5: read again the YAML of the games being played, or of every game from the menus
        (a game still broken since the last F5 is read again too), then one message for what
        was reloaded and one overlay listing every problem of every game (replacing the one an
        earlier F5 showed: a held or repeated F5 never stacks overlays). Returns the problems."""
        from game import catalog

        playing = [gid for gid in self.games_in_use()
                   if any(getattr(s, "game_id", None) == gid for s in self.stack.scenes)]
        games = playing or list(catalog.implemented())
        problems: list[Any] = []
        found_by_game = {gid: self.reload_content(gid, show=False) for gid in games}
        broken = [gid for gid, found in found_by_game.items() if found]
        for gid in broken:  # several games' lists in one: each file named with its game's folder
            problems += found_by_game[gid] if len(broken) == 1 else [
                dataclasses.replace(p, file=f"{gid}/{p.file}") if "/" not in p.file else p
                for p in found_by_game[gid]]
        fine = [self.tr(f"game.{gid}.title") for gid in games if gid not in broken]
        said = None
        if len(fine) == 1:
            said = self.tr("content.reloaded", game=fine[0])
        elif fine and len(fine) == len(catalog.implemented()):
            said = self.tr("content.reloaded_all", count=len(fine))
        elif fine:
            said = self.tr("content.reloaded_many", games=", ".join(fine))
        self.toasts.drop(self._reload_said)  # an earlier F5's word, now out of date
        self._reload_said = None
        if problems:  # what was reloaded is said in the list's box (a message would sit on it)
            self.show_problems(broken[0] if len(broken) == 1 else None, problems, said)
        else:
            self._close_problems()
            if said:
                self.toast(said, "ok")
                self._reload_said = said
        return problems

    def show_problems(self, game_id: str | None, problems: list[Any], reloaded: str | None = None) -> None:
        """Show the content-errors overlay listing every located problem (instead of the one
        shown on top, if any); `reloaded`: what F5 read again without a problem."""
        from scenes.errors import ErrorsOverlay

        self._close_problems()
        self.stack.push(ErrorsOverlay(self, problems, game_id, reloaded))

    def _close_problems(self) -> None:
        """Take away the content-errors overlays on top of the stack (the problems were fixed, or
        a newer list replaces them)."""
        while type(self.stack.top).__name__ == "ErrorsOverlay":
            self.stack.pop()

    def games_in_use(self) -> list[str]:
        """Games whose content is cached, plus the game of any scene on the stack."""
        ids = list(self._content)
        for scene in self.stack.scenes:
            gid = getattr(scene, "game_id", None)
            if gid and gid not in ids:
                ids.append(gid)
        return ids

    # -- window -------------------------------------------------------------------------------

    def open_window(self) -> pygame.Surface:
        """Create the window (display and font only: the mixer is never initialised)."""
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        # desktops match the window to its entry by class (`import pygame` set it to the script's name)
        os.environ["SDL_VIDEO_X11_WMCLASS"] = os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] = WM_CLASS
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(400, 40)
        from sprites.icon import icon

        pygame.display.set_icon(icon(64))  # before set_mode: some systems ignore a later change
        self.update_caption()
        if getattr(self.settings, "fullscreen", False):
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.screen = pygame.display.set_mode(self._window_size(), pygame.RESIZABLE)
        self._set_minimum_size()
        return self.screen

    @staticmethod
    def _set_minimum_size() -> None:
        """Let the window manager refuse sizes under 1024×700 (VIDEORESIZE also clamps)."""
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            try:
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
            except (AttributeError, pygame.error):
                pass

    def _window_size(self) -> tuple[int, int]:
        """The remembered size (at least 1024×700), but never larger than the screen it opens on:
        a laptop of 1024×768 gets a window it can see whole, not the default 1280×800 cut off."""
        w, h = getattr(self.settings, "window_size", DEFAULT_SIZE) or DEFAULT_SIZE
        w, h = max(MIN_SIZE[0], int(w)), max(MIN_SIZE[1], int(h))
        desk = self._desktop_size()
        if desk:
            w, h = min(w, max(desk[0], 1)), min(h, max(desk[1], 1))
        return w, h

    @staticmethod
    def _desktop_size() -> tuple[int, int] | None:
        """The size of the first screen, or None headless (dummy/offscreen drivers have no screen)."""
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return None
        try:
            sizes = pygame.display.get_desktop_sizes()
        except (AttributeError, pygame.error):
            return None
        return tuple(sizes[0]) if sizes and sizes[0][0] > 0 and sizes[0][1] > 0 else None

    def set_window_size(self, size: tuple[int, int]) -> None:
        """Resize the window (at least 1024×700) and let every scene lay itself out again."""
        size = (max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1])))
        self.settings.window_size = size
        if not getattr(self.settings, "fullscreen", False):
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._resized()

    def toggle_fullscreen(self) -> None:
        """F11 or the settings screen."""
        self.settings.fullscreen = not getattr(self.settings, "fullscreen", False)
        if self.settings.fullscreen:
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.screen = pygame.display.set_mode(self._window_size(), pygame.RESIZABLE)
        self._resized()

    def _resized(self) -> None:
        self.screen = pygame.display.get_surface()
        self.stack.resize(self.screen.get_size())
        self.toasts.dirty = True

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size() if self.screen else DEFAULT_SIZE

    # -- loop ---------------------------------------------------------------------------------

    def start(self) -> None:
        """Open the window and push the main menu if nothing is on the stack."""
        if self.screen is None:
            self.open_window()
        if not self.stack.scenes:
            from scenes.menu import MainMenu

            self.stack.push(MainMenu(self))

    def run(self) -> int:
        """Run until the window closes or the last scene is gone; returns an exit code."""
        self.start()
        self.running = True
        self.bots_in_background = True
        exit_early = os.environ.get(EXIT_AFTER_FIRST_FRAME) == "1"
        self._last = time.perf_counter()
        while self.running and self.stack.scenes:
            drawn = self.step()
            if drawn and self.frames_drawn == 1 and exit_early:
                break
            if self.frames_drawn and not self._startup_logged:
                self.log_startup()
        save = getattr(self.settings, "save", None)
        if save and self._settings_snapshot() != self._settings_at_start:
            try:
                save()
            except Exception:
                self.log_exception("settings.save")
        return 0

    def _settings_snapshot(self) -> Any:
        """What would be written: exiting writes the settings only when they changed."""
        to_json = getattr(self.settings, "to_json", None)
        return to_json() if to_json else None

    def busy(self) -> bool:
        """True when something animates or waits to be drawn (no sleeping then)."""
        return self.stack.needs_redraw() or self.toasts.active

    def step(self) -> bool:
        """One loop iteration: events, update, draw when needed. Returns True if a frame was flipped."""
        longest = 0.1  # a stalled frame must not make animations jump
        if self.busy():
            events = pygame.event.get()
        else:
            timeout = self.idle_timeout_ms
            for wake in (self.toasts.next_change(), getattr(self.stack.top, "wake_after", None)):
                if wake is not None:
                    timeout = max(1, min(timeout, int(wake * 1000) + 1))
            first = pygame.event.wait(timeout)
            events = [first] if first.type != pygame.NOEVENT else []
            events += pygame.event.get()
            longest = max(longest, timeout / 1000 + 0.05)  # an idle sleep counts in full: timers wake on time
        now = time.perf_counter()
        dt, self._last = min(longest, now - self._last), now
        for event in events:
            self.dispatch(event)
        if not self._guard("update", self.stack.update, dt):
            self._failed_updates += 1
            if self._failed_updates >= 3 and len(self.stack) > 1:  # a scene that fails every frame goes
                self.stack.pop()
                self._failed_updates = 0
        else:
            self._failed_updates = 0
        self.toasts.update(dt, self.stack.scenes)
        drawn = False
        if self.screen is not None and (self.stack.needs_redraw() or self.toasts.dirty):
            drawn = self.draw()
        if self.busy():
            spare = FRAME_S - (time.perf_counter() - now)
            if spare > 0:
                pygame.time.wait(int(spare * 1000))
        return drawn

    def dispatch(self, event: pygame.event.Event) -> None:
        """Global keys and window events first, then the top scene."""
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE:
            current = pygame.display.get_surface()
            if event.w < MIN_SIZE[0] or event.h < MIN_SIZE[1] or (
                    current is not None and current.get_size() != (event.w, event.h)
                    and not getattr(self.settings, "fullscreen", False)):
                self.set_window_size((event.w, event.h))  # clamp, or follow where SDL did not
            else:
                if not getattr(self.settings, "fullscreen", False):
                    self.settings.window_size = (event.w, event.h)
                self._resized()
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED):
            for scene in self.stack.visible():
                scene.dirty = True
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F5:
            self._guard("reload", self.reload_all)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        self._guard("handle", self.stack.handle, event)

    def draw(self) -> bool:
        """Draw the visible scenes and the messages, then flip."""
        assert self.screen is not None
        if not self._guard("draw", self.stack.draw, self.screen):
            if len(self.stack) > 1:
                self.stack.pop()
            self.screen.fill((27, 20, 14))
        self.toasts.draw(self.screen, self.message_anchor())
        self.update_caption()
        pygame.display.flip()
        self.frames_drawn += 1
        if self.frames_drawn == 1:
            self.first_frame_at = time.perf_counter()
            release_freed_surfaces()
        if self.frames_drawn == 1 and self.first_frame_hook:
            self.first_frame_hook(self)
        return True

    def message_anchor(self) -> tuple[int, ...] | None:
        """Where the top scene wants messages (midtop point[, widest box]), or None for the default."""
        anchor = getattr(self.stack.top, "message_anchor", None)
        return anchor(self.size) if anchor else None

    def caption_text(self) -> str:
        """"Guildhall", or "Guildhall — <game>" while a game's scene is on the stack."""
        game_id = next((g for g in (getattr(s, "game_id", None) for s in reversed(self.stack.scenes))
                        if isinstance(g, str) and g), None)
        if game_id is None:
            return self.tr("app.title")
        return self.tr("app.title.game", game=self.tr(f"game.{game_id}.title"))

    def update_caption(self) -> None:
        """Set the window title when it changed (a game opened or closed, another language)."""
        text = self.caption_text()
        if text != self.caption:
            self.caption = text
            pygame.display.set_caption(text)

    def _guard(self, where: str, fn: Callable[..., Any], *args: Any) -> bool:
        """Call `fn`; on an exception log the traceback and tell the player in a short message."""
        try:
            fn(*args)
            return True
        except Exception:
            self.log_exception(where)
            self.toast(self.tr("app.error"), "error")
            return False

    def log_exception(self, where: str) -> Path | None:
        """Write the current traceback to the support log (guildhall.log); returns its path."""
        self.errors_logged += 1
        try:
            path = self.attach_log()
        except OSError:
            return None
        log.error("caught in %s", where, exc_info=True)
        return path

    def log_file(self) -> Path:
        """Where the support log is (shown in Settings)."""
        from game.logs import FILE_NAME

        return (self.log_dir or user_log_dir()) / FILE_NAME

    def attach_log(self) -> Path:
        """Send the "guildhall" logger to the rotating log file of this app; returns its path."""
        from game import logs

        return logs.attach(self.log_dir or user_log_dir())

    def log_startup(self) -> None:
        """Versions, OS and time to the first frame, once, when the first frame is on screen."""
        self._startup_logged = True
        try:
            self.attach_log()
            from game import logs
            from game.saves import APP_VERSION

            for line in logs.startup_lines(APP_VERSION):
                log.info("%s", line)
            ms = ((self.first_frame_at or self._started_at) - self._started_at) * 1000
            log.info("content: %s; first frame %.0f ms after the app was created",
                     self.content_root or "shipped", ms)
        except Exception:  # the log is for support: it must never stop the game
            self.errors_logged += 1

    # -- helpers for tools and tests ------------------------------------------------------------

    def push(self, scene: Scene) -> Scene:
        """Push a scene on the stack."""
        return self.stack.push(scene)

    def render(self) -> pygame.Surface:
        """Draw the stack now (for screenshots and bench) and return the screen surface."""
        if self.screen is None:
            self.open_window()
        for scene in self.stack.visible():
            scene.dirty = True
        self.stack.update(0.0)
        self.draw()
        assert self.screen is not None
        return self.screen


def release_freed_surfaces() -> bool:
    """Make glibc give the memory of freed big buffers (window-sized layers, card faces) back to
    the system at once. By default its mmap threshold grows after each big free, so the layers
    of a closed table were later carved out of the heap, which never shrinks: each table opened
    and closed left ~8 MB behind (153 MB peak after five games; 139 MB with this). Called once,
    after the first frame so start-up does not pay for ctypes; True when applied (glibc only)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None)
        return bool(libc.mallopt(-3, 128 * 1024))  # M_MMAP_THRESHOLD, fixed at glibc's default
    except (OSError, AttributeError):  # musl, or no mallopt: nothing to tune
        return False


def run_app(content_root: str | Path | None = None, content_folder: str | Path | None = None) -> int:
    """Build the app, open the window on the main menu and run it; returns the exit code.
    A bundle plays (and designers edit) its copy of the content in the user's data folder.
    `content_folder`: one game's folder given with --content (see `App.content_folder`).
    An error no scene caught (no display, a broken install) goes to the support log with its
    traceback; the terminal, if any, gets one sentence and exit code 1."""
    from game import bundle

    try:
        if content_root is None and bundle.frozen():
            content_root = bundle.prepare_user_content()
        return App(content_root=content_root, content_folder=content_folder).run()
    except KeyboardInterrupt:
        return 130
    except Exception:
        return _crashed()
    finally:
        pygame.display.quit()


def _crashed() -> int:
    """Log the exception being handled; say in one sentence where the details are."""

    from game import logs

    try:
        path: Path | None = logs.attach(user_log_dir())
    except OSError:
        path = None
    log.critical("Guildhall stopped on an unexpected error", exc_info=True)
    print(f"Guildhall stopped on an unexpected error; the details are in {path or 'the log'}.", file=sys.stderr)
    return 1
