"""Phase 1: Captain Crown's ghost walks the island (d6 direction, d6 hexes, bouncing off the sea)."""

from __future__ import annotations

from typing import Any


def move_crown(st: Any, seat: int) -> None:
    """`seat` rolls the ghost's direction and distance; he walks, bouncing off the sea."""
    direction = st.roll(seat, "d6", "gorges.roll.crown_direction")
    steps = st.roll(seat, "d6", "gorges.roll.crown_steps")
    start = st.crown
    st.crown, path = st.content.island.crown_walk(start, direction, steps)
    st.say_flat("gorges.log.crown", seat, start, st.crown, tuple(path), direction, steps)
