"""Hex geometry of the island: axial coordinates, neighbours, distances, coasts, the Crown's walk.

Directions are numbered 1..6 (the d6 face) clockwise from east: 1 E, 2 SE, 3 SW, 4 W, 5 NW, 6 NE.
Any hex that holds no territory is sea.
"""

from __future__ import annotations

from collections import deque

_NONE: frozenset[str] = frozenset()
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Distance in hexes between two axial coordinates."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


class Island:
    """The land hexes, each one territory, with precomputed adjacency."""

    def __init__(self, coords: dict[str, tuple[int, int]]) -> None:
        self.coords = dict(coords)
        self.at = {c: tid for tid, c in self.coords.items()}
        self.ids = tuple(sorted(self.coords))
        self.neighbours: dict[str, tuple[str, ...]] = {
            tid: tuple(self.at[n] for n in self._around(c) if n in self.at)
            for tid, c in self.coords.items()
        }
        self.around = {tid: frozenset(ns) for tid, ns in self.neighbours.items()}  # `neighbours`, as sets
        self.coast = frozenset(tid for tid, c in self.coords.items()
                               if any(n not in self.at for n in self._around(c)))
        self.coast_ids = tuple(sorted(self.coast))  # (in order)
        self._reach: dict[tuple[str, int, frozenset[str]], dict[str, int]] = {}
        self._targets: dict[tuple[str, int, frozenset[str]], tuple[str, ...]] = {}
        self._near: dict[tuple[str, int], frozenset[str]] = {}
        self._nearest: dict[str, tuple[str, ...]] = {}
        # Answers that depend only on the island, kept by their callers for every game (the
        # movement's lists of orders, see rules.gorges.phases.movement._orders_of). Caches are
        # private attributes: the content's fingerprint (game.fingerprint) leaves them out.
        self._memo: dict[tuple[object, ...], object] = {}

    @property
    def memo(self) -> dict[tuple[object, ...], object]:
        """The callers' cache (see above)."""
        return self._memo

    @staticmethod
    def _around(c: tuple[int, int]) -> list[tuple[int, int]]:
        return [(c[0] + dq, c[1] + dr) for dq, dr in DIRECTIONS]

    def step(self, tid: str, direction: int) -> str | None:
        """The territory one hex away in `direction` (1..6), or None if that hex is sea."""
        q, r = self.coords[tid]
        dq, dr = DIRECTIONS[direction - 1]
        return self.at.get((q + dq, r + dr))

    def distance(self, a: str, b: str) -> int:
        """Hex distance between two territories."""
        return hex_distance(self.coords[a], self.coords[b])

    def nearest_first(self, tid: str) -> tuple[str, ...]:
        """Every other territory, nearest to `tid` first (ties by id): the first of them that
        passes a test is the `min` by (distance, id) of those that pass it (made once each)."""
        found = self._nearest.get(tid)
        if found is None:
            found = self._nearest[tid] = tuple(sorted((t for t in self.ids if t != tid),
                                                      key=lambda t: (self.distance(tid, t), t)))
        return found

    def adjacent(self, a: str, b: str) -> bool:
        """True when the two territories share an edge."""
        return b in self.neighbours[a]

    def connected(self) -> bool:
        """True when every land hex can be reached from every other over land."""
        if not self.ids:
            return True
        return len(self.reachable(self.ids[0], len(self.ids))) == len(self.ids)

    def reachable(self, start: str, steps: int, stop: frozenset[str] = frozenset()) -> dict[str, int]:
        """Territories within `steps` moves over land, with their distance; `stop` ends a path.
        The island never changes, so answers are remembered (a copy is returned)."""
        key = self._key(start, steps, stop)
        if key not in self._reach:
            if len(self._reach) > 20_000:
                self._reach.clear()
            self._reach[key] = self._search(start, steps, stop)
        return dict(self._reach[key])

    def targets(self, start: str, steps: int, stop: frozenset[str] = frozenset()) -> tuple[str, ...]:
        """The territories `reachable` names, `start` excepted, sorted (remembered too)."""
        near = self._near.get((start, steps))
        if near is not None and near.isdisjoint(stop):  # no army nearby: the common case
            key = (start, steps, _NONE)
        else:
            key = self._key(start, steps, stop)
        found = self._targets.get(key)
        if found is None:
            if len(self._targets) > 20_000:
                self._targets.clear()
            found = self._targets[key] = self._within(start, steps, key[2])
        return found

    def _within(self, start: str, steps: int, stop: frozenset[str]) -> tuple[str, ...]:
        """`targets` worked out: a search ring by ring (no move goes on from a stop), sorted."""
        neighbours = self.neighbours
        seen = {start}
        ring = [start]
        for _ in range(steps):
            ahead = []
            for here in ring:
                if here in stop and here != start:
                    continue
                for n in neighbours[here]:
                    if n not in seen:
                        seen.add(n)
                        ahead.append(n)
            if not ahead:
                break
            ring = ahead
        seen.discard(start)
        return tuple(sorted(seen))

    def _key(self, start: str, steps: int, stop: frozenset[str]) -> tuple[str, int, frozenset[str]]:
        """What a search depends on: only the stops less than `steps` moves from `start` (by land,
        ignoring stops) can end a path early; a farther one is reached with no move left anyway.
        So the answers for every placement of far armies are one and the same, remembered once."""
        return start, steps, stop & self.near(start, steps)

    def near(self, start: str, steps: int) -> frozenset[str]:
        """The territories less than `steps` moves from `start` (`start` excepted): the only
        places where an army can end a path of `steps` moves from `start` early."""
        near = self._near.get((start, steps))
        if near is None:
            near = frozenset(t for t in self._search(start, steps - 1, frozenset()) if t != start)
            self._near[(start, steps)] = near
        return near

    def _search(self, start: str, steps: int, stop: frozenset[str]) -> dict[str, int]:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if seen[here] >= steps or (here in stop and here != start):
                continue
            for n in self.neighbours[here]:
                if n not in seen:
                    seen[n] = seen[here] + 1
                    queue.append(n)
        return seen

    def crown_walk(self, start: str, direction: int, steps: int) -> tuple[str, list[str]]:
        """Walk `steps` hexes in `direction`, bouncing off the sea: (end, path).

        When the next hex is sea the ghost turns back (the opposite direction) and goes on; if
        that hex is sea too (a one-hex neck of land) he stays put for that step.
        """
        here, path = start, []
        for _ in range(steps):
            nxt = self.step(here, direction)
            if nxt is None:
                direction = (direction + 2) % 6 + 1
                nxt = self.step(here, direction)
            if nxt is not None:
                here = nxt
            path.append(here)
        return here, path
