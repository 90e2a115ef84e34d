"""The straightforward combination search that `rules/anludim/search.py` replaced (kept as the
reference the fast one must match exactly: the listed lays, hence every seeded game, depend on it)."""
from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from rules.anludim.combos import Half

Card = tuple[str, tuple[Half, Half]]   # (card id, (half 0, half 1))
Played = tuple[tuple[str, int], ...]    # ((card id, half index), ...)
Scored = tuple[tuple[int, tuple[int, ...]], Played]  # (strength, played)


def _by_value(cards: Sequence[Card]) -> dict[int, list[tuple[str, str, int]]]:
    """value -> [(colour, card id, half index)], in hand order."""
    out: dict[int, list[tuple[str, str, int]]] = {}
    for cid, halves in cards:
        for h, (value, colour) in enumerate(halves):
            out.setdefault(value, []).append((colour, cid, h))
    return out


def _by_colour(cards: Sequence[Card]) -> dict[str, list[tuple[int, str, int]]]:
    """colour -> [(value, card id, half index)], highest value first."""
    out: dict[str, list[tuple[int, str, int]]] = {}
    for cid, halves in cards:
        for h, (value, colour) in enumerate(halves):
            out.setdefault(colour, []).append((value, cid, h))
    for entries in out.values():
        entries.sort(key=lambda e: (-e[0], e[1]))
    return out


def _suites(by_value: dict[int, list[tuple[str, str, int]]]) -> list[Scored]:
    """Every run lo..hi (length >= 2) that distinct cards can cover, via augmenting paths."""
    out: list[Scored] = []
    for lo in sorted(by_value):
        owner: dict[str, int] = {}
        assign: dict[int, tuple[str, int]] = {}
        hi = lo
        while hi in by_value and _augment(hi, by_value, owner, assign, set()):
            if hi > lo:
                out.append(((hi - lo + 1, tuple(range(hi, lo - 1, -1))), tuple(assign[v] for v in range(lo, hi + 1))))
            hi += 1
    return out


def _augment(value: int, by_value, owner: dict[str, int], assign: dict, seen: set[str]) -> bool:
    for _colour, cid, h in by_value[value]:
        if cid in seen:
            continue
        seen.add(cid)
        if cid not in owner or _augment(owner[cid], by_value, owner, assign, seen):
            owner[cid] = value
            assign[value] = (cid, h)
            return True
    return False


def _couleurs(by_colour: dict[str, list[tuple[int, str, int]]]) -> list[Scored]:
    """Per colour: the k highest and the k lowest cards of that colour, for every k >= 2."""
    out: list[Scored] = []
    for entries in by_colour.values():
        played = [(cid, h) for _v, cid, h in entries]
        values = tuple(v for v, _cid, _h in entries)
        for k in range(2, len(played) + 1):
            out.append(((k, values[:k]), tuple(played[:k])))
            if k < len(played):
                out.append(((k, values[-k:]), tuple(played[-k:])))
    return out


def _group(entries: list[tuple[str, str, int]], size: int, used: set[str]) -> list[tuple[str, int]] | None:
    """`size` unused cards of `entries` in different colours, or None."""
    chosen: list[tuple[str, int]] = []
    colours: set[str] = set()
    for colour, cid, h in entries:
        if colour not in colours and cid not in used:
            chosen.append((cid, h))
            colours.add(colour)
            if len(chosen) == size:
                return chosen
    return None


def _sets(by_value: dict[int, list[tuple[str, str, int]]], size: int) -> list[Scored]:
    """Paires (size 2) or brelans (size 3): each single group, greedy unions from the top, and
    the strongest union (`_best_union`: the greedy one misses it when a card is needed by two values)."""
    out: list[Scored] = []
    union: list[tuple[str, int]] = []
    values: tuple[int, ...] = ()
    used: set[str] = set()
    singles: list[int] = []
    for value in sorted(by_value, reverse=True):
        single = _group(by_value[value], size, set())
        if single is None:
            continue
        singles.append(value)
        out.append(((size, (value,) * size), tuple(single)))
        group = _group(by_value[value], size, used)
        if group is not None:
            union += group
            values += (value,) * size
            used.update(cid for cid, _ in group)
            if len(union) > size:
                out.append(((len(union), values), tuple(union)))
    if len(values) == size * len(singles):
        # The greedy union took a group of every value: no union can be stronger, so the exact
        # search could add nothing (its best is at most this union, which is already listed).
        return out
    best = _best_union(by_value, size, singles)
    if best is not None and len(best[1]) > size and all(sp[0] < best[0] for sp in out):
        out.append(best)
    return out


SEARCH_NODES = 4000  # bound on the exact search of `_best_union` (huge hands only)


def _groups_of(entries: list[tuple[str, str, int]], size: int) -> list[tuple[tuple[str, int], ...]]:
    """Every set of `size` cards of `entries` in different colours (one per set of cards)."""
    out, seen = [], set()
    for combo in combinations(entries, size):
        if len({c for c, _cid, _h in combo}) < size or len({cid for _c, cid, _h in combo}) < size:
            continue
        key = frozenset(cid for _c, cid, _h in combo)
        if key not in seen:
            seen.add(key)
            out.append(tuple((cid, h) for _c, cid, h in combo))
    return out


def _best_union(by_value: dict[int, list[tuple[str, str, int]]], size: int,
                values: list[int] | None = None) -> Scored | None:
    """The strongest union of groups of different values (most groups, then highest values):
    a depth-first branch and bound over the values, highest first (`values`: those that have
    a group, highest first). Cards are bits of an int, so "shares no card" is one `&`."""
    if values is None:
        values = [v for v in sorted(by_value, reverse=True) if _group(by_value[v], size, set()) is not None]
    bits: dict[str, int] = {}
    groups = []
    for v in values:
        mine = []
        for group in _groups_of(by_value[v], size):
            mask = 0
            for cid, _h in group:
                mask |= 1 << bits.setdefault(cid, len(bits))
            mine.append((mask, group))
        groups.append(mine)
    count = len(values)
    suffix = [tuple(values[i:]) for i in range(count + 1)]
    best: list = [(), ()]  # (group values, played)
    nodes = [0]

    def better(chosen: tuple[int, ...], rest: int) -> bool:
        size_bound, size_best = len(chosen) + count - rest, len(best[0])
        if size_bound != size_best:
            return size_bound > size_best
        return chosen + suffix[rest] > best[0]

    def dfs(i: int, chosen: tuple[int, ...], played: tuple, used: int) -> None:
        nodes[0] += 1
        if len(chosen) > len(best[0]) or (len(chosen) == len(best[0]) and chosen > best[0]):
            best[0], best[1] = chosen, played
        if i == count or nodes[0] > SEARCH_NODES or not better(chosen, i):
            return
        value = values[i]
        for mask, group in groups[i]:
            if not used & mask:
                dfs(i + 1, chosen + (value,), played + group, used | mask)
        if better(chosen, i + 1):
            dfs(i + 1, chosen, played, used)

    dfs(0, (), (), 0)
    if not best[0]:
        return None
    counts = tuple(v for v in best[0] for _ in range(size))
    return (len(counts), counts), best[1]


def _assemblees(by_value: dict[int, list[tuple[str, str, int]]]) -> list[Scored]:
    """Per value: the first k cards with that value, for every k >= 4."""
    out: list[Scored] = []
    for value, entries in by_value.items():
        played = [(cid, h) for _c, cid, h in entries]
        out += [((k, (value,) * k), tuple(played[:k])) for k in range(4, len(played) + 1)]
    return out


class Pool:
    """The candidate combinations of one set of cards, per kind, computed on demand."""

    def __init__(self, cards: Sequence[Card]) -> None:
        self.cards = cards
        self.by_value = _by_value(cards)
        self._cache: dict[str, list[Scored]] = {}

    def get(self, kind: str) -> list[Scored]:
        """(strength, played) pairs of valid `kind` combinations."""
        if kind not in self._cache:
            self._cache[kind] = _make(kind, self)
        return self._cache[kind]


def _make(kind: str, pool: Pool) -> list[Scored]:
    if kind == "suite":
        return _suites(pool.by_value)
    if kind == "couleur":
        return _couleurs(_by_colour(pool.cards))
    if kind == "paires":
        return _sets(pool.by_value, 2)
    if kind == "brelans":
        return _sets(pool.by_value, 3)
    if kind == "assemblee":
        return _assemblees(pool.by_value)
    raise ValueError(kind)


def candidates(kind: str, cards: Sequence[Card]) -> list[Played]:
    """A bounded pool of valid `kind` combinations the cards can form."""
    return [played for _s, played in Pool(cards).get(kind)]


def pick(pool: list[Scored], best: tuple | None, count: int) -> list[Played]:
    """Up to `count` combinations of `pool` stronger than `best`: strongest, weakest, middle."""
    scored = pool if best is None else [sp for sp in pool if sp[0] > best]
    if not scored:
        return []
    scored = sorted(scored)
    order = [len(scored) - 1, 0, len(scored) // 2, 1, len(scored) - 2]
    out: list[Played] = []
    for i in order:
        if 0 <= i < len(scored) and scored[i][1] not in out:
            out.append(scored[i][1])
        if len(out) == count:
            break
    return out
