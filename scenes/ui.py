"""The shared look: palette, fonts, backgrounds, panels and wrapped text, all drawn by code and cached.

Every scene draws with these helpers so the app looks like one thing: dark warm ink, parchment
text, gold accents. Fonts are the Noto Sans faces shipped with pygame-gui (full French accents),
so text drawn by hand matches the widgets. Cached surfaces are keyed by size and reused.
"""

from __future__ import annotations

import functools
import os
import re
from dataclasses import dataclass
from typing import Any

import pygame

INK = (27, 20, 14)
INK_LIGHT = (48, 36, 25)
INK_PANEL = (40, 30, 21)
PARCHMENT = (236, 224, 196)
PARCHMENT_DIM = (184, 166, 132)
GOLD = (214, 168, 76)
GOLD_DARK = (140, 104, 44)
RED = (214, 84, 62)
GREEN = (120, 176, 96)
GREY = (120, 110, 96)

THEME_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "theme.json")
def _pygame_gui_data() -> str:
    """pygame-gui's data folder (its Noto Sans fonts), found without importing pygame-gui: the
    menu's first frame needs no widget toolkit."""
    import importlib.util

    spec = importlib.util.find_spec("pygame_gui")
    origin = spec.origin if spec is not None and spec.origin else ""
    return os.path.join(os.path.dirname(origin), "data")


_FONT_DIR = _pygame_gui_data()


@functools.lru_cache(maxsize=64)
def font(size: int, bold: bool = False, italic: bool = False) -> pygame.font.Font:
    """Noto Sans at `size` pixels (cached)."""
    if not pygame.font.get_init():
        pygame.font.init()
    name = "NotoSans-" + ("Bold" if bold else "") + ("Italic" if italic else "")
    if name == "NotoSans-":
        name = "NotoSans-Regular"
    path = os.path.join(_FONT_DIR, name + ".ttf")
    return pygame.font.Font(path if os.path.exists(path) else None, size)


def text(surface: pygame.Surface, value: str, pos: tuple[int, int], size: int = 20,
         colour: tuple[int, int, int] = PARCHMENT, bold: bool = False, anchor: str = "topleft",
         italic: bool = False) -> pygame.Rect:
    """Draw one line of text; `anchor` is a pygame.Rect attribute name ("center", "midtop", ...)."""
    img = render_line(value, size, colour, bold, italic)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


#: Symbols the games put in text (colour-blind marks) that Noto Sans lacks: drawn as shapes.
GLYPH_SHAPES = {"▲": "triangle", "●": "circle", "■": "square", "◆": "diamond", "✚": "cross",
                "★": "star", "♣": "club", "♦": "diamond", "✦": "star", "⚙": "robot",
                "♥": "heart", "♠": "spade"}
#: Card suits among them, drawn larger than the colour marks: a suit's shape is its meaning.
CARD_SUITS = "♣♦♥♠"
#: The mark before a bot seat's name (drawn as a small robot head by `text`/`render_line`).
BOT_MARK = "⚙"


def render_line(value: str, size: int, colour: tuple[int, int, int], bold: bool = False,
                italic: bool = False) -> pygame.Surface:
    """One line of text as a surface; symbols of GLYPH_SHAPES are drawn as shapes in `colour`."""
    f = font(size, bold, italic)
    if not any(ch in GLYPH_SHAPES for ch in value):
        return f.render(value, True, colour)
    parts: list[str] = []
    for ch in value:
        if ch in GLYPH_SHAPES or not parts or parts[-1] in GLYPH_SHAPES:
            parts.append(ch)
        else:
            parts[-1] += ch
    sym_w = max(8, int(size * 0.8))
    suit_w = max(10, int(size * 1.05))  # a card suit as tall as a capital (a club read as a spade)

    def room(part: str) -> int:
        return suit_w if part in CARD_SUITS else sym_w

    width = sum(room(p) if p in GLYPH_SHAPES else f.size(p)[0] for p in parts)
    out = pygame.Surface((max(1, width), f.get_linesize()), pygame.SRCALPHA)
    x = 0
    for part in parts:
        if part in GLYPH_SHAPES:
            centre = (x + room(part) // 2, out.get_height() // 2 + 1)
            r = max(4, -(-size * 2 // 5)) if part in CARD_SUITS else max(3, int(size * 0.3))
            seat_symbol(out, GLYPH_SHAPES[part], centre, r, colour, colour)
            x += room(part)
        else:
            out.blit(f.render(part, True, colour), (x, 0))
            x += f.size(part)[0]
    return out


def fitted(value: str, width: int, size: int, bold: bool = False, smallest: int | None = None) -> tuple[str, int]:
    """`value` and the largest font size from `size` down to `smallest` (default 3/4 of it) at
    which it fits `width`; cut with an ellipsis only when even the smallest does not fit."""
    smallest = smallest or max(9, int(size * 0.75))
    for s in range(size, smallest - 1, -1) if len(value) <= width else ():  # no glyph is under a pixel
        if font(s, bold).size(value)[0] <= width:
            return value, s
    return fit(value, width, smallest, bold), smallest


def _longest_fitting(f: pygame.font.Font, value: str, width: int, suffix: str = "") -> int:
    """How many leading characters of `value` (plus `suffix`) fit in `width` pixels: a bisection
    over a prefix capped by the width, so a 1 MB name costs a few measurements, not a million."""
    lo, hi = 0, min(len(value), max(1, width))  # no glyph is narrower than a pixel
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.size(value[:mid] + suffix)[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return lo


def fit(value: str, width: int, size: int, bold: bool = False, italic: bool = False) -> str:
    """`value` cut with an ellipsis to fit `width` pixels."""
    f = font(size, bold, italic)
    if len(value) <= width and f.size(value)[0] <= width:
        return value
    return value[:_longest_fitting(f, value, width, "…")] + "…"


@dataclass
class Hit:
    """A clickable or hoverable zone of a composed (hand-drawn) table."""

    rect: pygame.Rect
    kind: str
    data: Any = None
    tip: str = ""
    enabled: bool = True


def wrap(value: str, width: int, size: int = 20, bold: bool = False) -> list[str]:
    """Split `value` into lines no wider than `width` pixels (paragraphs kept)."""
    f = font(size, bold)
    lines: list[str] = []
    for para in value[:MAX_WRAPPED].split("\n"):
        words = _units(para.split(" "))
        line = ""
        for word in words:
            while len(word) > 1 and f.size(word[:width + 1])[0] > width:  # a word wider than a line
                cut = max(1, _longest_fitting(f, word, width))
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:cut])
                word = word[cut:]
            probe = f"{line} {word}" if line else word
            if f.size(probe)[0] <= width or not line:
                line = probe
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


MAX_WRAPPED = 20_000  # characters wrapped at most (no screen shows more)

#: Words that never start a line: a short number ending a name ("Robot 4."), French spaced
#: punctuation (" :", " ?", " »"); they stay with the word before.
_GLUED = re.compile(r"^(\d{1,3}[.,;:!?)»%]*|[:;!?»%]+[.,]?)$")  # "25 %": French spaces before % too


def _units(words: list[str]) -> list[str]:
    """`words` with each glued word joined to the one before, and "«" to the one after."""
    out: list[str] = []
    for word in words:
        if out and (_GLUED.match(word) or out[-1] == "«"):
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
    return out


def ellipsize(value: str, width: int, size: int = 20, bold: bool = False) -> str:
    """`value` cut with "…" so that it fits in `width` pixels."""
    f = font(size, bold)
    if len(value) <= width and f.size(value)[0] <= width:
        return value
    return value[:_longest_fitting(f, value, width, "…")].rstrip() + "…"


def middle_cut(value: str, width: int, size: int = 20) -> str:
    """`value` (a file path) with its middle replaced by "…" until it fits in `width` pixels, so
    both its start and its file name stay readable."""
    if font(size).size(value)[0] <= width:
        return value
    keep = len(value) - 1
    while keep > 8:
        cut = value[: keep // 2] + "…" + value[len(value) - keep // 2:]
        if font(size).size(cut)[0] <= width:
            return cut
        keep -= 2
    return value[:4] + "…" + value[-4:]


def text_block(surface: pygame.Surface, value: str, rect: pygame.Rect, size: int = 20,
               colour: tuple[int, int, int] = PARCHMENT, bold: bool = False,
               spacing: float = 1.25, align: str = "left", min_size: int | None = None) -> int:
    """Draw wrapped text inside `rect` (clipped); returns the height used.

    With `min_size`, every line stays inside `rect`: the text shrinks (down to `min_size`) until
    all of it fits, and when even that is too big its last visible line ends with "…"."""
    lines: list[str] | None = None
    if min_size is not None:
        size, lines = _fitting_size(value, rect, size, min_size, bold, spacing)
    f = font(size, bold)
    step = int(f.get_linesize() * spacing / 1.2)
    y = rect.top
    if lines is None:
        lines = wrap(value, rect.width, size, bold)
    for line in lines:
        if y + step > rect.bottom + step // 2:
            break
        img = render_line(line, size, colour, bold)
        x = rect.left if align == "left" else rect.centerx - img.get_width() // 2
        surface.blit(img, (x, y))
        y += step
    return y - rect.top


def block_size(value: str, rect: pygame.Rect, size: int, min_size: int, bold: bool = False,
               spacing: float = 1.25) -> int:
    """The size `text_block(..., min_size=min_size)` draws `value` at in `rect` (to draw several
    blocks alike: the smallest of theirs)."""
    return _fitting_size(value, rect, size, min_size, bold, spacing)[0]


def _fitting_size(value: str, rect: pygame.Rect, size: int, min_size: int, bold: bool,
                  spacing: float) -> tuple[int, list[str]]:
    """The largest size from `size` down to `min_size` at which `value` wrapped in `rect` fits
    whole (each line's full height inside), with its lines; at `min_size`, the lines that fit,
    the last one cut with "…" when some are left out."""
    for s in range(size, min_size - 1, -1):
        f = font(s, bold)
        step = int(f.get_linesize() * spacing / 1.2)
        lines = wrap(value, rect.width, s, bold)
        room = max(0, (rect.height - f.get_height()) // step + 1) if rect.height >= f.get_height() else 0
        if len(lines) <= room:
            return s, lines
    kept = lines[:room]
    if kept:  # what is left, cut to one line (through `ellipsize`, so the cut is seen as one)
        kept[-1] = ellipsize(" ".join(lines[room - 1:]), rect.width, min_size, bold)
    return min_size, kept


def release_drawings() -> None:
    """Empty the shared caches of panels and shades (window-sized ones among them); called when
    a table leaves, so one game's panels do not stay while the next game draws its own."""
    _panel.cache_clear()
    _shade.cache_clear()
    suit_shape.cache_clear()


@functools.lru_cache(maxsize=8)
def background(size: tuple[int, int]) -> pygame.Surface:
    """The app's backdrop at `size`: warm vertical gradient, soft vignette and a thin gold frame."""
    w, h = size
    top, bottom = (46, 34, 24), (18, 13, 9)
    column = pygame.Surface((1, 64))
    for y in range(64):
        t = y / 63
        column.set_at((0, y), [int(top[i] + (bottom[i] - top[i]) * t) for i in range(3)])
    surf = pygame.transform.smoothscale(column, size)
    surf.blit(pygame.transform.smoothscale(_vignette(), size), (0, 0))
    frame = pygame.Rect(12, 12, w - 24, h - 24)
    pygame.draw.rect(surf, GOLD_DARK, frame, 1, border_radius=6)
    pygame.draw.rect(surf, (70, 54, 30), frame.inflate(-8, -8), 1, border_radius=4)
    for cx, cy in (frame.topleft, frame.topright, frame.bottomleft, frame.bottomright):
        _diamond(surf, (cx, cy), 6, GOLD)
    return surf.convert() if pygame.display.get_surface() else surf


@functools.lru_cache(maxsize=1)
def _vignette() -> pygame.Surface:
    """A small transparent-to-dark frame, scaled up over the backdrop."""
    small = pygame.Surface((32, 20), pygame.SRCALPHA)
    for x in range(32):
        for y in range(20):
            d = max(abs(x - 15.5) / 16, abs(y - 9.5) / 10)
            if d > 0.6:
                small.set_at((x, y), (0, 0, 0, int(110 * (d - 0.6) / 0.4)))
    return small


def _diamond(surf: pygame.Surface, centre: tuple[int, int], r: int, colour: Any) -> None:
    x, y = centre
    pygame.draw.polygon(surf, colour, [(x, y - r), (x + r, y), (x, y + r), (x - r, y)])


def ornament(surface: pygame.Surface, centre: tuple[int, int], width: int) -> None:
    """A gold rule with a diamond in the middle, under titles."""
    x, y = centre
    pygame.draw.line(surface, GOLD_DARK, (x - width // 2, y), (x - 12, y), 2)
    pygame.draw.line(surface, GOLD_DARK, (x + 12, y), (x + width // 2, y), 2)
    _diamond(surface, (x, y), 6, GOLD)


@functools.lru_cache(maxsize=32)
def _panel(size: tuple[int, int], alpha: int, border: tuple[int, int, int]) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, (*INK_PANEL, alpha), rect, border_radius=10)
    pygame.draw.rect(surf, border, rect, 2, border_radius=10)
    return surf


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 235,
          border: tuple[int, int, int] = GOLD_DARK) -> None:
    """A rounded dark panel with a gold border (cached per size)."""
    surface.blit(_panel((rect.width, rect.height), alpha, border), rect.topleft)


def pointer_tip(surface: pygame.Surface, value: str, pointer: tuple[int, int], width: int = 340) -> None:
    """A small box of wrapped text by the pointer (below right, or flipped to stay on screen);
    a newline in `value` starts a new paragraph."""
    w, h = surface.get_size()
    rows = [row for para in value.split("\n") for row in wrap(para, width, 15)]
    box = pygame.Rect(0, 0, max(font(15).size(r)[0] for r in rows) + 24, 14 + 21 * len(rows))
    box.topleft = (pointer[0] + 18, pointer[1] + 18)
    if box.right > w - 8:
        box.right = pointer[0] - 12
    if box.bottom > h - 8:
        box.bottom = pointer[1] - 12
    panel(surface, box, 245, GOLD)
    for i, row in enumerate(rows):
        text(surface, row, (box.left + 12, box.top + 7 + 21 * i), 15, PARCHMENT)


def scroll_mark(surface: pygame.Surface, bar: pygame.Rect, offset: int, maximum: int, shown: int, total: int) -> None:
    """A thin track with its thumb: where a list scrolled by `offset` of `maximum` stands (no
    handle to drag: the wheel moves such a list, as the tables' log panels)."""
    pygame.draw.rect(surface, GOLD_DARK, bar, border_radius=2)
    pygame.draw.rect(surface, GOLD, ScrollBar.thumb(bar, offset, maximum, shown, total), border_radius=2)


class ScrollBar:
    """A vertical scrollbar on `bar` for a list scrolled by `offset` out of `maximum` (in any unit:
    rows, pixels), `shown` of its `total` visible: its thumb, a drag of the thumb, a click on the
    track (a page towards it), drawn the same in every list."""

    WIDTH = 14

    def __init__(self) -> None:
        self.grab: int | None = None  # while the thumb is dragged: where it was grabbed (px)

    @staticmethod
    def thumb(bar: pygame.Rect, offset: int, maximum: int, shown: int, total: int) -> pygame.Rect:
        height = max(28, bar.height * shown // max(1, total))
        return pygame.Rect(bar.left, bar.top + (bar.height - height) * offset // max(1, maximum), bar.width, height)

    def press(self, pos: tuple[int, int], bar: pygame.Rect, offset: int, maximum: int, shown: int, total: int,
              page: int) -> int | None:
        """A click at `pos`: on the thumb, a drag starts (the offset stays); on the track, the offset
        a page towards it; elsewhere None."""
        if not bar.inflate(8, 0).collidepoint(pos):
            return None
        thumb = self.thumb(bar, offset, maximum, shown, total)
        if thumb.top <= pos[1] < thumb.bottom:
            self.grab = pos[1] - thumb.top
            return offset
        return offset + (page if pos[1] >= thumb.bottom else -page)

    def drag(self, y: int, bar: pygame.Rect, maximum: int, shown: int, total: int) -> int:
        """The offset that puts the dragged thumb under the pointer's `y`."""
        room = max(1, bar.height - self.thumb(bar, 0, maximum, shown, total).height)
        return round((y - (self.grab or 0) - bar.top) * maximum / room)

    def draw(self, surface: pygame.Surface, bar: pygame.Rect, offset: int, maximum: int, shown: int,
             total: int) -> None:
        radius = bar.width // 2
        pygame.draw.rect(surface, INK_LIGHT, bar, border_radius=radius)
        pygame.draw.rect(surface, GOLD_DARK, bar, 1, border_radius=radius)
        pygame.draw.rect(surface, GOLD if self.grab is not None else GOLD_DARK,
                         self.thumb(bar, offset, maximum, shown, total), border_radius=radius)


def dim(surface: pygame.Surface, alpha: int = 170) -> None:
    """Darken everything already drawn (under overlays)."""
    shade = _shade(surface.get_size(), alpha)
    surface.blit(shade, (0, 0))


@functools.lru_cache(maxsize=4)
def _shade(size: tuple[int, int], alpha: int) -> pygame.Surface:
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((8, 5, 3, alpha))
    return shade


def title(surface: pygame.Surface, value: str, y: int = 48, size: int = 44) -> None:
    """A scene title, centred, with an ornament under it."""
    w = surface.get_width()
    rect = text(surface, value, (w // 2, y), size, GOLD, bold=True, anchor="midtop")
    ornament(surface, (w // 2, rect.bottom + 10), min(520, rect.width + 160))


SUIT_SHAPES = ("heart", "spade", "club")
_SUPER = 4  # suit shapes are drawn this many times larger, then scaled down smoothly


@functools.lru_cache(maxsize=256)
def suit_shape(shape: str, r: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A heart, spade or club `2r` high, antialiased (drawn large, then scaled down): at text
    size the old pixel shapes made a club look like a spade (three dots and a stem). A club has
    three round leaves and a round top, a spade a pointed top; both a flared stem."""
    side = 2 * r + 2
    big = pygame.Surface((side * _SUPER, side * _SUPER), pygame.SRCALPHA)
    u, c = r * _SUPER, side * _SUPER / 2

    def at(dx: float, dy: float) -> tuple[float, float]:
        return c + dx * u, c + dy * u

    def disc(dx: float, dy: float, radius: float) -> None:
        pygame.draw.circle(big, colour, at(dx, dy), radius * u)

    if shape == "heart":
        disc(-0.47, -0.4, 0.5)
        disc(0.47, -0.4, 0.5)
        pygame.draw.polygon(big, colour, [at(-0.95, -0.25), at(0.95, -0.25), at(0, 0.95)])
    elif shape == "spade":  # a pointed top over two round lobes
        disc(-0.44, 0.12, 0.45)
        disc(0.44, 0.12, 0.45)
        pygame.draw.polygon(big, colour, [at(-0.88, 0.0), at(0.88, 0.0), at(0, -1.0)])
        pygame.draw.polygon(big, colour, [at(-0.08, 0.1), at(0.08, 0.1), at(0.32, 1.0), at(-0.32, 1.0)])
    else:  # club: three round leaves
        disc(0, -0.52, 0.44)
        disc(-0.5, 0.08, 0.44)
        disc(0.5, 0.08, 0.44)
        disc(0, -0.08, 0.3)
        pygame.draw.polygon(big, colour, [at(-0.08, 0.0), at(0.08, 0.0), at(0.32, 1.0), at(-0.32, 1.0)])
    return pygame.transform.smoothscale(big, (side, side))


def seat_symbol(surface: pygame.Surface, symbol: str, centre: tuple[int, int], r: int,
                colour: tuple[int, int, int], outline: tuple[int, int, int] = INK) -> None:
    """Draw a seat colour's symbol (circle, square, triangle, diamond, star, cross) filled in colour."""
    x, y = centre
    if symbol == "robot":  # a bot's mark: a head with two eyes and an antenna
        head = pygame.Rect(0, 0, int(r * 2.2), int(r * 1.7))
        head.center = (x, y + r // 4)
        pygame.draw.line(surface, colour, (x, head.top), (x, head.top - max(2, r // 2)), max(1, r // 4))
        pygame.draw.circle(surface, colour, (x, head.top - max(2, r // 2)), max(1, r // 4))
        pygame.draw.rect(surface, colour, head, border_radius=max(1, r // 3))
        eye = max(1, r // 3)
        for dx in (-r // 2, r // 2):
            pygame.draw.circle(surface, INK, (x + dx, head.centery - eye // 2), eye)
        return
    if symbol == "circle":
        pygame.draw.circle(surface, colour, centre, r)
        pygame.draw.circle(surface, outline, centre, r, 2)
        return
    if symbol == "square":
        rect = pygame.Rect(0, 0, int(r * 1.7), int(r * 1.7))
        rect.center = centre
        pygame.draw.rect(surface, colour, rect)
        pygame.draw.rect(surface, outline, rect, 2)
        return
    if symbol == "triangle":
        pts = [(x, y - r), (x + r, y + int(r * 0.8)), (x - r, y + int(r * 0.8))]
    elif symbol == "diamond":
        pts = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    elif symbol == "star":
        import math
        pts = []
        for i in range(10):
            rad = r if i % 2 == 0 else r * 0.45
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((x + rad * math.cos(a), y + rad * math.sin(a)))
    elif symbol in SUIT_SHAPES:
        img = suit_shape(symbol, r, colour)
        surface.blit(img, img.get_rect(center=centre))
        return
    else:  # cross
        k = max(2, r // 3)
        pts = [(x - k, y - r), (x + k, y - r), (x + k, y - k), (x + r, y - k), (x + r, y + k),
               (x + k, y + k), (x + k, y + r), (x - k, y + r), (x - k, y + k), (x - r, y + k),
               (x - r, y - k), (x - k, y - k)]
    pygame.draw.polygon(surface, colour, pts)
    pygame.draw.polygon(surface, outline, pts, 2)


def check_box(surface: pygame.Surface, box: pygame.Rect, on: bool) -> None:
    """A drawn check box (no font has to hold a box glyph), ticked when `on` — as Guildes' placement
    toggles draw theirs."""
    pygame.draw.rect(surface, INK, box, border_radius=3)
    pygame.draw.rect(surface, GOLD if on else PARCHMENT_DIM, box, 2, border_radius=3)
    if on:
        points = [(box.left + box.width * 0.22, box.top + box.height * 0.52),
                  (box.left + box.width * 0.43, box.top + box.height * 0.74),
                  (box.left + box.width * 0.8, box.top + box.height * 0.28)]
        pygame.draw.lines(surface, GOLD, False, points, max(2, box.width // 6))
