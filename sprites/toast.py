"""Short messages shown over everything for a few seconds (illegal-click reasons, reloads, errors).

The layer holds only the messages, their age and, for messages about a situation, their owner
(the scene that said them). A message fades in, stays about three seconds (longer for long
texts) and fades out; at most three show at once, the newest nearest the anchor. A message with
an owner also leaves as soon as the owner says the situation changed (`clear(owner)`: a new
selection, an action applied, the next seat unveiled) or the owner leaves the stack.

Messages are drawn from the anchor the top scene gives (`message_anchor(size)`: the midtop point
and optionally the widest box, `(x, y[, width])`; by default centred just under the top edge),
downwards, so a table keeps its hand and buttons uncovered. An anchor made by `rising(area)` is
the midbottom point of a free area instead: the newest message sits at its foot and older ones
rise above it, so a screen whose free room lies low (over the foot of a list or a panel) keeps
its title and its button row uncovered.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from scenes import ui

COLOURS = {"info": ui.GOLD, "error": ui.RED, "ok": ui.GREEN}
SIZE = 19
LINE = 28
#: A message longer than two lines is set smaller, its box no taller than it needs.
SMALL, SMALL_LINE = 17, 24
#: A message is never wrapped narrower than this, even in a narrow anchor box (a table's log
#: column): wrapped at 220 px, "cannot undo…" was a tall narrow box of five big lines.
MIN_WRAP = 320
PAD_X = 40  # the box's width beyond its longest line (the coloured edge and both margins)
MARGIN = 8  # from the window's edges


@dataclass
class Toast:
    text: str
    kind: str
    owner: Any = field(default=None, compare=False)
    age: float = 0.0

    @property
    def life(self) -> float:
        return 2.8 + min(3.0, len(self.text) / 40)


def default_anchor(size: tuple[int, int]) -> tuple[int, int]:
    """Midtop point of the first message: centred, under the top edge and a table's bot banner."""
    return size[0] // 2, 70


RISE = "rise"  # the fourth item of an anchor whose point is the messages' midbottom


def rising(area: pygame.Rect, margin: int = 8) -> tuple[int, int, int, str, int]:
    """An anchor for messages in the free `area` of a screen: the newest at its foot, centred,
    older ones above it, no wider than the area (but never wrapped under `MIN_WRAP`). Messages
    that do not all fit one above the other stand side by side in it (`ToastLayer.layout`)."""
    return area.centerx, area.bottom - margin, area.width - 2 * margin, RISE, area.top + margin


class ToastLayer:
    """The messages currently shown."""

    def __init__(self) -> None:
        self.items: list[Toast] = []
        self.dirty = False

    FADE_IN = 0.15
    FADE_OUT = 0.4

    @property
    def active(self) -> bool:
        """True while a message fades in or out (frames are needed); a steady message needs none."""
        return any(t.age < self.FADE_IN or t.age > t.life - self.FADE_OUT for t in self.items)

    def next_change(self) -> float | None:
        """Seconds until a shown message starts fading out (for the idle loop's wake-up), or None."""
        waits = [t.life - self.FADE_OUT - t.age for t in self.items if t.age <= t.life - self.FADE_OUT]
        return max(0.0, min(waits)) if waits else None

    def add(self, text: str, kind: str = "info", owner: Any = None) -> None:
        """Show `text`; the same text again restarts its clock instead of stacking."""
        for item in self.items:
            if item.text == text:
                item.age = 0.0
                item.owner = owner
                self.dirty = True
                return
        self.items.append(Toast(text, kind if kind in COLOURS else "info", owner))
        self.items = self.items[-3:]
        self.dirty = True

    def clear(self, owner: Any) -> None:
        """The situation `owner`'s messages spoke of changed: they leave at once."""
        kept = [t for t in self.items if t.owner is not owner]
        if len(kept) != len(self.items):
            self.items = kept
            self.dirty = True

    def drop(self, text: str | None) -> None:
        """The message `text`, if shown, leaves at once (what it said is out of date)."""
        kept = [t for t in self.items if t.text != text]
        if len(kept) != len(self.items):
            self.items = kept
            self.dirty = True

    def texts(self) -> list[str]:
        """Texts currently shown (for tests)."""
        return [t.text for t in self.items]

    def alpha(self, item: Toast) -> int:
        """Opacity 0-255 of a message now (fading in, steady, fading out)."""
        fade = min(1.0, item.age / self.FADE_IN, max(0.0, (item.life - item.age) / self.FADE_OUT))
        return int(255 * fade)

    def update(self, dt: float, alive: list[Any] | None = None) -> None:
        """Age the messages by `dt` seconds; drop those past their life or whose owner left `alive`."""
        if not self.items:
            return
        for item in self.items:
            item.age += dt
        before = len(self.items)
        self.items = [t for t in self.items if t.age < t.life
                      and (alive is None or t.owner is None or any(t.owner is s for s in alive))]
        if self.active or len(self.items) != before:
            self.dirty = True

    def layout(self, size: tuple[int, int],
               anchor: tuple[int, ...] | None = None) -> list[tuple[Toast, pygame.Rect, list[str]]]:
        """Each message with its box and lines, newest nearest the anchor (midtop, optionally with
        a widest box: `(x, y, width)`), going down; from a `rising` anchor (midbottom), going up."""
        return [(item, rect, lines) for item, rect, lines, _size in self._boxes(size, anchor)]

    def _boxes(self, size: tuple[int, int],
               anchor: tuple[int, ...] | None) -> list[tuple[Toast, pygame.Rect, list[str], int]]:
        """`layout` with each message's font size: wrapped at the anchor's width (never under
        `MIN_WRAP`), smaller when that takes more than two lines; each box as wide as its longest
        line, kept inside the window. In a `rising` area too low for them all one above the other
        (beside the settings' Back button: the second message rose over the screen's last hint),
        they stand side by side in columns, the oldest on the left; when even that cannot hold
        them, the newest that fit show (the others show again when those leave)."""
        w, h = size
        x, y, *rest = anchor or default_anchor(size)
        up = len(rest) >= 2 and rest[1] == RISE
        top = rest[2] if up and len(rest) > 2 else None
        widest = rest[:1]
        limit = min(760, w - 120, *(v - PAD_X for v in widest))
        limit = max(limit, min(MIN_WRAP, w - 2 * MARGIN - PAD_X))
        window = pygame.Rect(MARGIN, 0, w - 2 * MARGIN, h)
        items = list(reversed(self.items))
        out = self._column(items, x, y, limit, up, window)
        if top is None or len(items) < 2 or all(rect.top >= top for _i, rect, _l, _s in out):
            return out
        area = pygame.Rect(x - widest[0] // 2, top, widest[0], y - top)
        for shown in range(len(items), 0, -1):  # all the messages if they fit, else the newest that do
            for count in range(1, shown + 1):  # in columns, as few as hold them in the area
                col_w = (area.width - 8 * (count - 1)) // count
                per = -(-shown // count)
                boxes = []
                for c in range(count):  # the newest in the right column
                    cx = area.right - col_w // 2 - c * (col_w + 8)
                    wrap = limit if count == 1 else col_w - PAD_X
                    boxes += self._column(items[c * per:min(shown, (c + 1) * per)], cx, y, wrap, True, window)
                if all(area.contains(rect) for _i, rect, _l, _s in boxes):
                    return boxes
        return out[:1]

    @staticmethod
    def _column(items: list[Toast], x: int, y: int, limit: int, up: bool,
                window: pygame.Rect) -> list[tuple[Toast, pygame.Rect, list[str], int]]:
        """`items` (newest first) one under (or above) the other from the point (x, y)."""
        out = []
        for item in items:
            text_size, step = SIZE, LINE
            lines = ui.wrap(item.text, limit, SIZE)
            if len(lines) > 2:
                text_size, step = SMALL, SMALL_LINE
                lines = ui.wrap(item.text, limit, SMALL)
            width = max(ui.font(text_size).size(line)[0] for line in lines) + PAD_X
            rect = pygame.Rect(0, 0, width, 20 + step * len(lines))
            if up:
                rect.midbottom = (x, y)
            else:
                rect.midtop = (x, y)
            rect.clamp_ip(window)
            out.append((item, rect, lines, text_size))
            y = rect.top - 8 if up else rect.bottom + 8
        return out

    def draw(self, surface: pygame.Surface, anchor: tuple[int, ...] | None = None) -> None:
        """Draw the messages from `anchor` down (fading in and out)."""
        for item, rect, lines, text_size in self._boxes(surface.get_size(), anchor):
            step = LINE if text_size == SIZE else SMALL_LINE
            box = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(box, (24, 17, 11, 240), box.get_rect(), border_radius=10)
            pygame.draw.rect(box, COLOURS[item.kind], box.get_rect(), 2, border_radius=10)
            pygame.draw.rect(box, COLOURS[item.kind], (0, 0, 8, rect.height),
                             border_top_left_radius=10, border_bottom_left_radius=10)
            for i, line in enumerate(lines):
                ui.text(box, line, (rect.width // 2 + 4, 10 + step * i), text_size, ui.PARCHMENT, anchor="midtop")
            box.set_alpha(self.alpha(item))
            surface.blit(box, rect)
        self.dirty = False
