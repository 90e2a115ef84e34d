"""The main menu: the five games (title, seats, one-line pitch) and Continue, Load, Settings, Rules, Quit.

Imports nothing of rules/: availability comes from `game.catalog` (find_spec, no import). A game
that is not available yet stays clickable and answers with a message instead of opening.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game import catalog
from scenes import ui
from scenes.base import UIScene
from scenes.drawn import DrawnButton


class MainMenu(UIScene):
    """The first scene. Its buttons are drawn by hand (scenes/drawn.py): no pygame-gui manager
    to build before the first frame."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.cards: dict[str, pygame.Rect] = {}
        self.latest_save: Any = None
        self.saves_checked = False  # looked up after the first frame, so start-up shows the menu sooner
        self.pressed: DrawnButton | None = None
        self.mouse: tuple[int, int] = (-1, -1)
        self.scale = 1.0  # grows with big windows (up to 1.3 at 1664×1040 and more)

    # -- hand-drawn buttons instead of a pygame-gui manager ----------------------------------------

    def enter(self) -> None:
        self.rebuild()

    def resize(self, size: tuple[int, int]) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        self.buttons = {}
        self.build()
        self._hover(self.mouse)
        self.invalidate()

    def exit(self) -> None:
        self.buttons = {}

    def button(self, name: str, rect: Any, text: str, class_id: str | None = None,
               enabled: bool = True, tooltip: str | None = None) -> Any:
        self.buttons[name] = DrawnButton(pygame.Rect(rect), text, class_id, enabled, tooltip, self.scale)
        return self.buttons[name]

    def _at(self, pos: tuple[int, int]) -> DrawnButton | None:
        return next((b for b in self.buttons.values() if b.rect.collidepoint(pos)), None)

    def _hover(self, pos: tuple[int, int]) -> None:
        self.mouse = pos
        for b in self.buttons.values():
            hovered = b.rect.collidepoint(pos)
            if hovered != b.hovered:
                b.hovered = hovered
                self.dirty = True

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self._at(event.pos)
            return self.pressed is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            target, self.pressed = self._at(event.pos), None
            if target is not None and target.is_enabled:
                self.on_button(target)
            return target is not None
        if event.type == pygame.KEYDOWN:
            return self.handle_key(event)
        return False

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)  # backdrop and titles (cached), then the cards' emblems and pitches
        tip = next((b for b in self.buttons.values() if b.hovered and b.tooltip), None)
        if tip is not None:
            img = ui.render_line(tip.tooltip, 16, ui.PARCHMENT)
            box = img.get_rect(midtop=(tip.rect.centerx, tip.rect.bottom + 8)).inflate(20, 12)
            pygame.draw.rect(surface, ui.INK, box, border_radius=6)
            pygame.draw.rect(surface, ui.GOLD_DARK, box, 1, border_radius=6)
            surface.blit(img, img.get_rect(center=box.center))

    def build(self) -> None:
        w, h = self.app.size
        if self.saves_checked:
            from scenes import saves_bridge

            self.latest_save = saves_bridge.latest(self.app)
        k = self.scale = max(1.0, min(1.3, w / 1280, h / 800))
        col_w = min(int(720 * k), int(w * 0.56))
        side_w = int(280 * k)
        gap = int(48 * k)
        left = (w - col_w - side_w - gap) // 2
        top = int(150 * k) if h >= 760 else 142
        gap_y = int(12 * k) if h >= 760 else 7
        bottom = 54 if getattr(self.app.settings, "designer_mode", False) else 30  # room for the designer line
        card_h = min(int(104 * k), (h - top - bottom) // 5 - gap_y)
        self.cards = {}
        for i, info in enumerate(catalog.GAMES):
            rect = pygame.Rect(left, top + i * (card_h + gap_y), col_w, card_h)
            self.cards[info.id] = rect
            cls = "@game_button" if catalog.available(info.id) else "@game_button_off"
            self.button(f"game_{info.id}", rect, self.tr(info.title_key), cls)
        x = left + col_w + gap
        y = top
        step, tall = int(68 * k), int(50 * k)
        self.button("continue", (x, y, side_w, int(56 * k)), self.tr("menu.continue"), "@primary",
                    enabled=self.latest_save is not None,
                    tooltip=self._continue_tip())
        for name in ("load", "settings", "rules"):
            y += step
            self.button(name, (x, y, side_w, tall), self.tr(f"menu.{name}"))
        if getattr(self.app.settings, "designer_mode", False):  # the designer's lab (scenes/lab.py)
            y += step
            self.button("lab", (x, y, side_w, tall), self.tr("lab.title"))
        y += step
        self.button("quit", (x, y, side_w, tall), self.tr("menu.quit"), "@danger")
        y += int(90 * k)
        half = (side_w - 12) // 2
        self.button("lang_fr", (x, y, half, int(40 * k)), self.tr("language.fr"),
                    "@selected" if self.app.strings.lang == "fr" else "@choice")
        self.button("lang_en", (x + half + 12, y, half, int(40 * k)), self.tr("language.en"),
                    "@selected" if self.app.strings.lang == "en" else "@choice")
        if getattr(self.app.settings, "designer_mode", False):
            self.button("open_content", (x, y + int(56 * k), side_w, int(44 * k)), self.tr("menu.open_content"))

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.saves_checked and self.app.frames_drawn > 0:
            self.saves_checked = True
            self.rebuild()

    def resume(self) -> None:
        super().resume()
        self.rebuild()  # a game may have been saved, a language chosen, a save deleted

    def _continue_tip(self) -> str | None:
        if self.latest_save is None:
            return self.tr("menu.continue.none")
        return None

    def on_button(self, element: Any) -> None:
        name = self.name_of(element) or ""
        if name.startswith("game_"):
            self.open_game(name[5:])
        elif name == "continue":
            from scenes import saves_bridge

            saves_bridge.resume(self.app, self.latest_save)
        elif name == "load":
            from scenes.load import LoadScene

            self.stack.push(LoadScene(self.app))
        elif name == "settings":
            from scenes.settings import SettingsScene

            self.stack.push(SettingsScene(self.app))
        elif name == "rules":
            from scenes.rules_ref import RulesScene

            self.stack.push(RulesScene(self.app))
        elif name == "lab":
            from scenes.lab import LabScene

            self.stack.push(LabScene(self.app))
        elif name == "quit":
            self.app.running = False
        elif name in ("lang_fr", "lang_en"):
            self.app.set_language(name[5:])
        elif name == "open_content":
            self.open_content()

    def content_folder(self) -> Path:
        """The content in use: --content, a bundle's copy in the user data folder, or content/."""
        shipped = Path(__file__).resolve().parent.parent / "content"  # game.content.CONTENT_ROOT
        given = getattr(self.app, "content_folder", None)  # one game's folder given with --content
        return Path(given or self.app.content_root or shipped)

    def open_content(self) -> None:
        """Show the content folder in the file manager (designers edit the YAML there)."""
        from game import bundle

        folder = self.content_folder()
        if not bundle.open_folder(folder):
            self.app.toast(self.tr("menu.open_content.failed", path=str(folder)), "error")

    def open_game(self, game_id: str) -> None:
        """Open the new-game screen, or say why not."""
        title = self.tr(f"game.{game_id}.title")
        if not catalog.available(game_id):
            self.app.toast(self.tr("menu.unavailable", game=title))
            return
        from scenes.new_game import NewGameScene

        scene = NewGameScene.open(self.app, game_id)
        if scene is not None:
            self.stack.push(scene)

    def handle_key(self, event: pygame.event.Event) -> bool:
        return False

    def draw_scene(self, surface: pygame.Surface) -> None:
        w, _ = surface.get_size()
        k = self.scale
        ui.text(surface, self.tr("app.title"), (w // 2, int(30 * k)), int(54 * k), ui.GOLD, bold=True,
                anchor="midtop")
        ui.ornament(surface, (w // 2, int(104 * k)), int(460 * k))
        ui.text(surface, self.tr("menu.subtitle"), (w // 2, int(114 * k)), int(18 * k), ui.PARCHMENT_DIM,
                anchor="midtop", italic=True)
        if getattr(self.app.settings, "designer_mode", False) and self.cards:
            self._draw_designer_line(surface)

    def message_anchor(self, size: tuple[int, int]) -> tuple[int, int, int] | None:
        """Messages (what F5 reloaded, a game that cannot open) at the foot of the games' column,
        over the designer's line that says F5 reloads, not over the title."""
        if not self.cards:
            return None
        left = min(r.left for r in self.cards.values())
        right = max(r.right for r in self.cards.values())
        return (left + right) // 2, max(r.bottom for r in self.cards.values()) + 4, right - left

    def _draw_designer_line(self, surface: pygame.Surface) -> None:
        """Under the games' column (the side buttons reach the bottom): the content in use, its
        path cut in the middle when the column is too narrow for it."""
        column = pygame.Rect(min(r.left for r in self.cards.values()), 0,
                             max(r.right for r in self.cards.values()) - min(r.left for r in self.cards.values()), 1)
        frame = self.tr("menu.designer", path="")
        room = column.width - ui.font(15).size(frame)[0]
        line = self.tr("menu.designer", path=ui.middle_cut(str(self.content_folder()), room, 15))
        ui.text(surface, line, (column.centerx, surface.get_height() - 40), 15, ui.GOLD, anchor="midbottom")

    def draw_over(self, surface: pygame.Surface) -> None:
        for info in catalog.GAMES:
            self._draw_card(surface, info, self.cards.get(info.id))

    def draw_widgets(self, surface: pygame.Surface) -> None:
        for b in self.buttons.values():
            b.draw(surface)

    def _draw_card(self, surface: pygame.Surface, info: catalog.GameInfo, rect: pygame.Rect | None) -> None:
        """Emblem, seat range and pitch over a game's button."""
        if rect is None:
            return
        ok = catalog.available(info.id)
        k = self.scale
        emblem(surface, info.id, (rect.left + int(40 * k), rect.centery), min(int(28 * k), rect.height // 2 - 8), ok)
        ink = ui.PARCHMENT_DIM if ok else ui.GREY
        seats = self.tr("menu.seats", range=info.seat_range_text())
        size, line_h, text_x, text_y = int(16 * k), int(21 * k), int(78 * k), int(46 * k)
        ui.text(surface, seats, (rect.right - int(16 * k), rect.top + int(16 * k)), size,
                ui.GOLD if ok else ui.GREY, anchor="topright")
        pitch = ui.wrap(self.tr(info.pitch_key), rect.width - text_x - 22, size)
        room = max(1, min(2, (rect.height - text_y) // line_h))
        if len(pitch) > room:  # a short window: cut the pitch with an ellipsis
            pitch = pitch[: room - 1] + [ui.ellipsize(" ".join(pitch[room - 1:]), rect.width - text_x - 22, size)]
        for i, line in enumerate(pitch):
            ui.text(surface, line, (rect.left + text_x, rect.top + text_y + i * line_h), size, ink)
        if not ok:
            badge = self.tr("menu.soon")
            img = ui.font(int(14 * k), bold=True).render(badge, True, ui.INK)
            title_w = ui.font(int(20 * k), bold=True).size(self.tr(info.title_key))[0]
            box = img.get_rect(midleft=(rect.left + text_x + title_w + int(24 * k), rect.top + int(30 * k))
                               ).inflate(14, 6)
            pygame.draw.rect(surface, ui.PARCHMENT_DIM, box, border_radius=9)
            surface.blit(img, img.get_rect(center=box.center))


def emblem(surface: pygame.Surface, game_id: str, centre: tuple[int, int], r: int, lit: bool = True) -> None:
    """A round gold medallion with a small motif for each game, drawn by code."""
    gold = ui.GOLD if lit else ui.GREY
    x, y = centre
    pygame.draw.circle(surface, ui.INK, centre, r)
    pygame.draw.circle(surface, gold, centre, r, 3)
    pygame.draw.circle(surface, ui.GOLD_DARK if lit else (80, 72, 62), centre, r - 6, 1)
    k = r // 2
    if game_id == "amadrim":  # an hourglass
        pygame.draw.polygon(surface, gold, [(x - k, y - k), (x + k, y - k), (x, y), (x + k, y + k), (x - k, y + k), (x, y)], 2)
    elif game_id == "anludim":  # a star of the university
        ui.seat_symbol(surface, "star", centre, k + 2, gold, gold)
    elif game_id == "guildes":  # crossed wands
        pygame.draw.line(surface, gold, (x - k, y + k), (x + k, y - k), 3)
        pygame.draw.line(surface, gold, (x - k, y - k), (x + k, y + k), 3)
        pygame.draw.circle(surface, gold, (x, y), 3)
    elif game_id == "ambre":  # a tarot card
        card = pygame.Rect(0, 0, k + 4, int(k * 1.7))
        card.center = centre
        pygame.draw.rect(surface, gold, card, 2, border_radius=3)
        ui.seat_symbol(surface, "diamond", centre, k // 2, gold, gold)
    else:  # an island
        pygame.draw.ellipse(surface, gold, (x - k, y - k // 2, 2 * k, k + 2), 2)
        pygame.draw.polygon(surface, gold, [(x - k // 2, y), (x, y - k), (x + k // 2, y)])
