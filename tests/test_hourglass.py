"""The sand-timer sprite: sand moves from the top bulb to the bottom one, mm:ss, urgency, no state."""

from __future__ import annotations

import pygame
import pytest

from sprites.hourglass import SAND, Hourglass, is_urgent, mmss


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()


def sand_pixels(surface: pygame.Surface, rect: pygame.Rect, red: bool = False) -> int:
    """Pixels in `rect` that look like sand (gold, or red when urgent)."""
    count = 0
    for x in range(rect.left, rect.right, 2):
        for y in range(rect.top, rect.bottom, 2):
            r, g, b, _ = surface.get_at((x, y))
            if red and r > 180 and g < 150 and b < 120:
                count += 1
            elif not red and abs(r - SAND[0]) < 20 and abs(g - SAND[1]) < 20 and abs(b - SAND[2]) < 20:
                count += 1
    return count


def render(remaining: float, total: float = 300, phase: float = 0.0) -> tuple[pygame.Surface, Hourglass]:
    glass = Hourglass((120, 220))
    surface = pygame.Surface((120, 220), pygame.SRCALPHA)
    surface.fill((0, 0, 0, 255))
    glass.draw(surface, (0, 0), remaining, total, phase)
    return surface, glass


def bulbs(glass: Hourglass) -> tuple[pygame.Rect, pygame.Rect]:
    cx, top, neck, bottom, width = glass.geometry()
    return (pygame.Rect(cx - width // 2, top, width, neck - top - 4),
            pygame.Rect(cx - width // 2, neck + 4, width, bottom - neck - 4))


def test_sand_flows_from_the_top_bulb_to_the_bottom_one() -> None:
    full, glass = render(300)
    top, bottom = bulbs(glass)
    half, _ = render(150)
    empty, _ = render(0.0, phase=0)
    assert sand_pixels(full, top) > 100 and sand_pixels(full, bottom) == 0
    assert sand_pixels(full, top) > sand_pixels(half, top) > 0
    assert 0 < sand_pixels(half, bottom)
    assert sand_pixels(empty, top) == 0


def test_bottom_fills_as_time_passes() -> None:
    amounts = []
    for remaining in (250, 180, 90, 40):
        surface, glass = render(remaining)
        amounts.append(sand_pixels(surface, bulbs(glass)[1]))
    assert amounts == sorted(amounts) and amounts[0] < amounts[-1]


def test_urgent_in_the_last_thirty_seconds_turns_red() -> None:
    assert not is_urgent(31, 300) and is_urgent(30, 300) and is_urgent(5, 300)
    calm, glass = render(120)
    urgent, _ = render(20, phase=0.1)
    top = bulbs(glass)[0]
    assert sand_pixels(calm, top, red=True) == 0
    assert sand_pixels(urgent, top, red=True) > 0


def test_urgent_pulses_with_the_phase() -> None:
    a, _ = render(20, phase=0.0)
    b, _ = render(20, phase=0.17)
    assert pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")


def test_remaining_time_is_written_mm_ss() -> None:
    assert mmss(300) == "05:00" and mmss(61.2) == "01:02" and mmss(0.4) == "00:01" and mmss(0) == "00:00"
    assert mmss(-3) == "00:00"


def test_it_holds_no_state_same_input_same_picture() -> None:
    a, _ = render(100, phase=0.5)
    render(10, phase=2.0)
    b, _ = render(100, phase=0.5)
    assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")
