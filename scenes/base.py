"""`UIScene`: a scene with its own pygame-gui manager (one theme for all) and a drawn backdrop.

Subclasses implement `build()` (create widgets for the current size and language into
`self.ui`), `on_button(element)` for button presses and `draw_scene(surface)` for what is drawn
by hand under the widgets. A screen whose title and button row must stay uncovered sets
`self.message_area` in `build()` (free room, e.g. the foot of its list): messages rise there. Widgets are rebuilt on resize and on a language switch. Button texts
and every other text come from the string catalog (`self.tr`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.scene import Scene
from scenes import ui

if TYPE_CHECKING:
    import pygame_gui
    from pygame_gui.core import ObjectID

_INPUT_EVENTS = {
    pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL,
    pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.TEXTEDITING,
}


def oid(class_id: str | None = None, object_id: str | None = None) -> ObjectID:
    """A pygame-gui ObjectID for the theme ("@primary", "#quit")."""
    from pygame_gui.core import ObjectID

    return ObjectID(class_id=class_id, object_id=object_id)


class UIScene(Scene):
    """A scene built of themed widgets over the app's backdrop."""

    title_key = ""
    #: where this screen's messages go (set by `build()` for the current size): free room they may
    #: cover, their newest at its foot (`sprites.toast.rising`); None: under the top edge
    message_area: pygame.Rect | None = None
    #: fonts that rich text (<b>) needs, e.g. ({"name": "noto_sans", "point_size": 18, "style": "bold"},)
    preload: tuple[dict[str, Any], ...] = ()

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.ui: pygame_gui.UIManager | None = None
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.hints: list[tuple[Any, str]] = []  # (text field, hint shown dimmed while it is empty)
        self.wake_after: float | None = None  # seconds until update() must run even without events
        self._under: pygame.Surface | None = None  # backdrop + draw_scene, cached
        self._over: pygame.Surface | None = None   # draw_over, cached

    # -- lifecycle --------------------------------------------------------------------------------

    def enter(self) -> None:
        import pygame_gui  # imported by the first scene with widgets, not before the menu's first frame

        self.ui = pygame_gui.UIManager(self.app.size, ui.THEME_PATH, enable_live_theme_updates=False)
        if self.preload:
            self.ui.preload_fonts([dict(f, antialiased="1") for f in self.preload])
        self.rebuild()

    def resize(self, size: tuple[int, int]) -> None:
        if self.ui is not None:
            self.ui.set_window_resolution(size)
        self.rebuild()

    def pause(self) -> None:
        """Covered by another scene: let go of the two window-sized cached layers (8 MB at
        1280×800) until it shows again; `draw` composes them anew."""
        if not self.overlay:
            self._under = self._over = None
        self.drop_tooltips()

    def drop_tooltips(self) -> None:
        """Take away a shown tooltip (a scene now covers this one: it must not stay over that
        scene); hovering the button again shows it again."""
        for b in self.buttons.values():
            if getattr(b, "tool_tip", None) is not None:
                b.tool_tip.kill()
                b.tool_tip = None
                b.hover_time = 0.0

    def language_changed(self) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        """Drop every widget and build again (size or language changed)."""
        if self.ui is None:
            return
        self.ui.clear_and_reset()
        self.buttons = {}
        self.hints = []
        self.build()
        self.ui.update(0.0)  # widgets get their images now, even if an overlay covers us before our first update
        self.invalidate()

    def invalidate(self) -> None:
        """What `draw_scene`/`draw_over` show changed: compose the cached layers again."""
        self._under = self._over = None
        self.dirty = True

    def exit(self) -> None:
        if self.ui is not None:
            self.ui.clear_and_reset()

    # -- to override ------------------------------------------------------------------------------

    def build(self) -> None:
        """Create the widgets."""

    def on_button(self, element: Any) -> None:
        """A button was pressed."""

    def on_ui_event(self, event: pygame.event.Event) -> None:
        """Any other pygame-gui event (text changed, list selection, slider moved...)."""

    def handle_key(self, event: pygame.event.Event) -> bool:
        """A key the widgets did not take; Esc goes back by default."""
        if event.key == pygame.K_ESCAPE and len(self.stack) > 1:
            self.stack.pop()
            return True
        return False

    def draw_scene(self, surface: pygame.Surface) -> None:
        """Hand-drawn content under the widgets (title by default); cached until `invalidate()`."""
        if self.title_key:
            ui.title(surface, self.tr(self.title_key))

    def draw_over(self, surface: pygame.Surface) -> None:
        """Hand-drawn content over the widgets (a transparent layer); cached until `invalidate()`."""

    def draw_widgets(self, surface: pygame.Surface) -> None:
        """The widgets, between the two cached layers (pygame-gui's by default)."""
        if self.ui is not None:
            self.ui.draw_ui(surface)
            self.draw_hints(surface)

    def draw_hints(self, surface: pygame.Surface) -> None:
        """Each empty, unfocused field's hint, dimmed and in italics (pygame-gui writes a
        placeholder like a value: "the current content" read as a folder typed in)."""
        for entry, text in self.hints:
            if entry.alive() and not entry.get_text() and not entry.is_focused:
                r = entry.rect
                room = r.width - 20
                if r.height > 60:  # a box: the first line
                    ui.text(surface, ui.fit(text, room, 17), (r.left + 10, r.top + 8), 17,
                            ui.PARCHMENT_DIM, italic=True)
                else:
                    ui.text(surface, ui.fit(text, room, 17), (r.left + 10, r.centery), 17,
                            ui.PARCHMENT_DIM, italic=True, anchor="midleft")

    def hint(self, entry: Any, text: str) -> Any:
        """Show `text` in the field `entry` while it is empty (see `draw_hints`); returns `entry`."""
        self.hints.append((entry, text))
        return entry

    def message_anchor(self, size: tuple[int, int]) -> tuple[int, ...] | None:
        """Messages rise from the foot of `message_area` (clear of the title and the buttons)."""
        if self.message_area is None:
            return None
        from sprites.toast import rising

        return rising(self.message_area)

    # -- helpers ----------------------------------------------------------------------------------

    def tr(self, key: str, /, **params: Any) -> str:
        return self.app.tr(key, **params)

    def button(self, name: str, rect: pygame.Rect | tuple[int, int, int, int], text: str,
               class_id: str | None = None, enabled: bool = True,
               tooltip: str | None = None) -> pygame_gui.elements.UIButton:
        """A themed button registered under `name` in `self.buttons`."""
        import pygame_gui

        b = pygame_gui.elements.UIButton(pygame.Rect(rect), text, self.ui, object_id=oid(class_id, f"#{name}"))
        if tooltip:
            b.set_tooltip(tooltip, wrap_width=self.tip_width(tooltip))
        if not enabled:
            b.disable()
        self.buttons[name] = b
        return b

    #: A tooltip's widest box: pygame-gui's default (170 px) wrapped a sentence one or two words
    #: to a line, a tall column over what the button's neighbours say.
    TIP_MAX = 380

    def tip_width(self, tip: str) -> int:
        """The width of `tip`'s box: its text on one line when that fits in `TIP_MAX` (or a
        third of the window), else wrapped at that width; the theme's tooltip text is 18 px with
        14 px of padding and a 2 px border on each side."""
        widest = min(self.TIP_MAX, max(200, self.app.size[0] // 3))
        longest = max(ui.font(18).size(line)[0] for line in tip.split("\n"))
        return min(widest, longest + 2 * (14 + 2) + 4)

    def name_of(self, element: Any) -> str | None:
        """The registered name of a button."""
        for name, b in self.buttons.items():
            if b is element:
                return name
        return None

    # -- loop ------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if self.ui is None:
            return False
        import pygame_gui

        if event.type in _INPUT_EVENTS or event.type >= pygame.USEREVENT:
            self.dirty = True
        if pygame_gui.UI_BUTTON_PRESSED <= event.type <= pygame_gui.UI_BUTTON_PRESSED + 40 \
                and hasattr(event, "ui_element"):
            if getattr(event.ui_element, "ui_manager", None) is not self.ui:
                return True  # a late event from widgets of a scene that is gone
            if event.type == pygame_gui.UI_BUTTON_PRESSED:
                self.on_button(event.ui_element)
            else:
                self.on_ui_event(event)
            return True
        consumed = self.ui.process_events(event)
        if not consumed and event.type == pygame.KEYDOWN:
            return self.handle_key(event)
        return consumed

    def update(self, dt: float) -> None:
        if self.ui is None:
            return
        import pygame_gui

        before = len(self.ui.get_sprite_group().sprites())
        self.ui.update(dt)
        if len(self.ui.get_sprite_group().sprites()) != before:  # a tooltip appeared or went
            self.dirty = True
        focused = self.ui.get_focus_set()
        typing = any(isinstance(e, pygame_gui.elements.UITextEntryLine) for e in (focused or ()))
        if typing:  # the text cursor blinks: a frame a few times a second, not sixty
            self.dirty = True
        self.wake_after = 0.25 if typing else None

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if self._under is None or self._under.get_size() != size:
            self._under = pygame.Surface(size).convert()
            self._under.blit(ui.background(size), (0, 0))
            self.draw_scene(self._under)
            self._over = None
            if type(self).draw_over is not UIScene.draw_over:  # a window-sized layer only when used
                self._over = pygame.Surface(size, pygame.SRCALPHA).convert_alpha()
                self.draw_over(self._over)
        surface.blit(self._under, (0, 0))
        self.draw_widgets(surface)
        if self._over is not None:
            surface.blit(self._over, (0, 0))
