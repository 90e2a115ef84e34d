"""Finding good combinations in a hand without enumerating every subset.

`candidates(kind, cards)` returns a bounded pool of valid combinations of `kind` that the
given cards can form, each a tuple of (card id, half). The pool always contains, for each kind,
the strongest combinations the cards can make (for multi-pair/brelan sets an exact search,
`_best_union`, bounded for huge hands) and short, weak ones, so `legal_actions` can offer
"the strongest few that take the professor" plus a cheap one. `pick` chooses the few to offer
among those that beat the table.

How it stays fast (the legal list is computed before every action, so this is the engine's
hot loop). The hand is indexed once per `Pool`: by value (`value -> [(colour, card, half)]`,
in hand order), and by colour only when colours are asked for. Every kind is then generated
straight from that index:

- runs (`_suites`) grow one value at a time from each low end that has a neighbour, with an
  augmenting-path matching of values to distinct cards (a card's two halves may both fall in a
  run); the matching only searches when the first card of the new value is already in use;
- colours (`_couleurs`) are the k highest and the k lowest halves of each colour;
- pairs and three-of-a-kinds (`_sets`) take each value's first group, then a greedy union from
  the highest value down; only when the greedy union skipped a value does the exact search run,
  and when its whole tree is below `SEARCH_NODES` (every hand but huge ones) it starts from the
  greedy union as the best so far, which cuts most of the tree without changing its answer;
- gatherings (`_assemblees`) are the first k halves of one value.

`Pool.above(kind, best)` gives only the combinations stronger than the table's best of the kind,
and uses that best to save work: a kind whose `ceiling` (a bound from counts: the biggest colour,
a group of every value, ...) cannot beat it is skipped; runs skip the low ends whose stretch of
present values cannot beat it; colours shorter than it are not listed; the exact union search
starts from it (or does not run when even a group of every value could not beat it).

The pool of each kind is a list of (strength, played); its order does not matter (`pick` sorts
it), only its contents do: they are exactly what `tests/anludim/reference_search.py` (the
straightforward version this one replaced) gives, which `tests/anludim/test_anludim_search.py`
and `test_anludim_search_reference.py` check on many random hands (`above`: the reference pool
filtered by the best, for bests taken from other hands).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from rules.anludim.combos import Half

Card = tuple[str, tuple[Half, Half]]   # (card id, (half 0, half 1))
Played = tuple[tuple[str, int], ...]    # ((card id, half index), ...)
Scored = tuple[tuple[int, tuple[int, ...]], Played]  # (strength, played)
Entry = tuple[str, str, int]            # (colour, card id, half index)


def _by_value(cards: Sequence[Card]) -> dict[int, list[Entry]]:
    """value -> [(colour, card id, half index)], in hand order."""
    out: dict[int, list[Entry]] = {}
    for cid, ((v0, c0), (v1, c1)) in cards:
        if v0 in out:
            out[v0].append((c0, cid, 0))
        else:
            out[v0] = [(c0, cid, 0)]
        if v1 in out:
            out[v1].append((c1, cid, 1))
        else:
            out[v1] = [(c1, cid, 1)]
    return out


# -- runs ------------------------------------------------------------------------------------

def _suites(by_value: dict[int, list[Entry]], best: tuple | None = None) -> Iterator[Scored]:
    """Every run lo..hi (length >= 2) that distinct cards can cover; with `best` (a table's
    strength), the low ends whose whole stretch of present values could not beat it are skipped.

    For each low end `lo`, values lo, lo+1, ... are matched to distinct cards one at a time
    (Kuhn's augmenting paths, each value's halves tried in hand order); the run stops at the
    first value that is missing or cannot get a card of its own. A value whose first half's
    card is free simply takes it (that is what the augmenting path would do); only otherwise
    does `_augment` search."""
    present = sorted(by_value)
    if best is not None:
        ends: dict[int, int] = {}  # value -> the top of its stretch of consecutive present values
        top = None
        for value in reversed(present):
            if top is None or value + 1 not in by_value:
                top = value
            ends[value] = top
    for lo in present:
        if lo + 1 not in by_value:
            continue  # no run of two starts here
        if best is not None:
            hi = ends[lo]
            length = hi - lo + 1
            if length < best[0] or (length == best[0] and not (length, tuple(range(hi, lo - 1, -1))) > best):
                continue  # even the run lo..top of the stretch would not beat the table
        owner: dict[str, int] = {}
        assign: dict[int, tuple[str, int]] = {}
        _c, cid, h = by_value[lo][0]
        owner[cid], assign[lo] = lo, (cid, h)
        played = [(cid, h)]
        values: tuple[int, ...] = (lo,)
        hi = lo + 1
        while hi in by_value:
            _c, cid, h = by_value[hi][0]
            if cid not in owner:
                owner[cid], assign[hi] = hi, (cid, h)
                played.append((cid, h))
            elif _augment(hi, by_value, owner, assign, set()):
                played = [assign[v] for v in range(lo, hi + 1)]  # the path may have moved earlier values
            else:
                break
            values = (hi,) + values
            yield (hi - lo + 1, values), tuple(played)
            hi += 1


def _augment(value: int, by_value, owner: dict[str, int], assign: dict, seen: set[str]) -> bool:
    """Kuhn's augmenting path: give `value` a card, moving other values to other cards if needed."""
    for _colour, cid, h in by_value[value]:
        if cid in seen:
            continue
        seen.add(cid)
        if cid not in owner or _augment(owner[cid], by_value, owner, assign, seen):
            owner[cid] = value
            assign[value] = (cid, h)
            return True
    return False


# -- colours ---------------------------------------------------------------------------------

def _couleurs(cards: Sequence[Card], shortest: int = 2) -> Iterator[Scored]:
    """Per colour: the k highest and the k lowest halves of that colour, for every k >= 2
    (halves sorted by value high to low, then card id); only k >= `shortest` is listed (a
    table's combination of `shortest` cards beats every shorter one)."""
    return _couleurs_of(_by_colour(cards), shortest)


def _by_colour(cards: Sequence[Card]) -> dict[str, list[tuple[int, str, int]]]:
    """colour -> [(-value, card id, half index)], in hand order."""
    by_colour: dict[str, list[tuple[int, str, int]]] = {}
    for cid, ((v0, c0), (v1, c1)) in cards:
        if c0 in by_colour:
            by_colour[c0].append((-v0, cid, 0))
        else:
            by_colour[c0] = [(-v0, cid, 0)]
        if c1 in by_colour:
            by_colour[c1].append((-v1, cid, 1))
        else:
            by_colour[c1] = [(-v1, cid, 1)]
    return by_colour


def _couleurs_of(by_colour: dict[str, list[tuple[int, str, int]]], shortest: int) -> Iterator[Scored]:
    """`_couleurs` from the colour index (its lists are sorted in place)."""
    shortest = max(2, shortest)
    for entries in by_colour.values():
        n = len(entries)
        if n < shortest:
            continue
        entries.sort()
        played = tuple((cid, h) for _v, cid, h in entries)
        values = tuple(-v for v, _cid, _h in entries)
        for k in range(shortest, n):
            yield (k, values[:k]), played[:k]
            yield (k, values[-k:]), played[-k:]
        yield (n, values), played


def _count_couleurs(by_colour: dict[str, list[tuple[int, str, int]]], best: tuple | None, cap: int) -> int:
    """How many of `_couleurs_of`'s combinations beat `best`, up to `cap`, from each colour's
    number of halves: a colour of n halves gives two combinations of each length from the
    shortest listed to n - 1, and all n; those longer than `best` beat it, and only those as
    long as `best` need their values compared."""
    length = best[0] if best is not None else 0
    shortest = max(2, length)
    found = 0
    for entries in by_colour.values():
        n = len(entries)
        if n < shortest:
            continue
        if n > length:
            found += 2 * (n - max(shortest, length + 1)) + 1
        if shortest == length and found < cap:  # the combinations exactly as long as `best`
            entries.sort()
            values = tuple(-v for v, _cid, _h in entries)
            if n == length:
                found += (n, values) > best
            else:
                found += ((length, values[:length]) > best) + ((length, values[-length:]) > best)
        if found >= cap:
            return cap
    return found


# -- pairs and three-of-a-kinds --------------------------------------------------------------

def _group(entries: list[Entry], size: int, used: set[str] | frozenset[str]) -> list[tuple[str, int]] | None:
    """`size` unused cards of `entries` in different colours (the first of each colour), or None."""
    chosen: list[tuple[str, int]] = []
    colours: set[str] = set()
    for colour, cid, h in entries:
        if colour not in colours and cid not in used:
            chosen.append((cid, h))
            colours.add(colour)
            if len(chosen) == size:
                return chosen
    return None


_NONE: frozenset[str] = frozenset()


def _sets(by_value: dict[int, list[Entry]], size: int, best: tuple | None = None) -> Iterator[Scored]:
    """Paires (size 2) or brelans (size 3): each single group, greedy unions from the top, and
    the strongest union (`_best_union`: the greedy one misses it when a card is needed by two values).
    With `best` (a table's strength), the strongest union is left out when it cannot beat `best`.
    Singles and greedy unions come first (a count that needs only a few stops before the search)."""
    top: tuple = (0, ())  # the strongest combination given so far
    union: list[tuple[str, int]] = []
    values: tuple[int, ...] = ()
    used: set[str] = set()
    singles: list[int] = []
    for value in sorted(by_value, reverse=True):
        entries = by_value[value]
        if len(entries) < size:
            continue
        single: list[tuple[str, int]] = []  # `_group(entries, size, _NONE)`, inline
        colours: list[str] = []
        for colour, cid, h in entries:
            if colour not in colours:
                single.append((cid, h))
                colours.append(colour)
                if len(single) == size:
                    break
        else:
            continue  # fewer than `size` colours
        singles.append(value)
        strength = (size, (value,) * size)
        if strength > top:
            top = strength
        yield strength, tuple(single)
        # With none of its cards used, the first group is also the first unused one.
        group = single if not used or not any(cid in used for cid, _h in single) else _group(entries, size, used)
        if group is not None:
            union += group
            values += (value,) * size
            used.update([cid for cid, _ in group])
            if len(union) > size:
                strength = (len(union), values)
                if strength > top:
                    top = strength
                yield strength, tuple(union)
    if len(values) == size * len(singles):
        # The greedy union took a group of every value: no union can be stronger, so the exact
        # search could add nothing (its best is at most this union, which is already listed).
        return
    taken = values[::size]  # the greedy union's values, high to low
    if max(v for v in singles if v not in taken) < taken[-1]:
        # Every value it skipped is below every value it took: a union of as many groups is at
        # best as high (its first value above the greedy one's would be a skipped value above a
        # taken one). If no union can have more groups either (each takes `size` of the cards),
        # none is stronger and the search could add nothing.
        cards = {cid for v in singles for _c, cid, _h in by_value[v]}
        if len(cards) // size <= len(taken):
            return
    start = (len(values), values)
    if best is not None:
        every = tuple(v for v in singles for _ in range(size))
        if not (len(every), every) > best:
            return  # even a group of every value could not beat the table
        if best > start and _is_union(best, size):
            start = best  # the search only looks for unions stronger than the table's
    union = _best_union(by_value, size, singles, start)
    if union is not None and len(union[1]) > size and top < union[0]:
        yield union


def _is_union(strength: tuple, size: int) -> bool:
    """Whether `strength` is that of groups of `size` equal values, the values all different."""
    count, values = strength
    if count != len(values) or not count or count % size:
        return False
    tops = values[::size]
    return (all(values[i] == tops[i // size] for i in range(count))
            and all(a > b for a, b in zip(tops, tops[1:])))


SEARCH_NODES = 4000  # bound on the exact search of `_best_union` (huge hands only)


def _groups_of(entries: list[Entry], size: int) -> list[tuple[tuple[str, int], ...]]:
    """Every set of `size` halves of `entries` in different colours and on different cards, in
    `combinations` order, one per set of cards."""
    if len(entries) < size:
        return []
    if size == 2 and len({cid for _c, cid, _h in entries}) == len(entries):
        # The usual case, without the general dedup: distinct cards give distinct sets.
        out = []
        for i, (ci, idi, hi) in enumerate(entries):
            for cj, idj, hj in entries[i + 1:]:
                if ci != cj:
                    out.append(((idi, hi), (idj, hj)))
        return out
    out, seen = [], set()
    for combo in combinations(entries, size):
        if len({c for c, _cid, _h in combo}) < size or len({cid for _c, cid, _h in combo}) < size:
            continue
        key = frozenset(cid for _c, cid, _h in combo)
        if key not in seen:
            seen.add(key)
            out.append(tuple((cid, h) for _c, cid, h in combo))
    return out


def _best_union(by_value: dict[int, list[Entry]], size: int,
                values: list[int] | None = None, greedy: tuple | None = None) -> Scored | None:
    """The strongest union of groups of different values (most groups, then highest values):
    a depth-first branch and bound over the values, highest first (`values`: those that have
    a group, highest first), each value's groups in `_groups_of` order, "skip this value" last.
    The result is the first union of the greatest strength in that order. Cards are bits of an
    int, so "shares no card" is one `&`.

    The search stops after SEARCH_NODES nodes (huge hands). When the whole tree is smaller than
    that, the node count cannot matter, and a tighter bound prunes more (it never prunes the
    first best union, so the result is the same): a value counts toward the bound only if one
    of its groups is still free of used cards. With `greedy` (the greedy union's strength, or
    the table's best when stronger: values repeated `size` times) that tight search also starts
    from "beat it", and gives None when nothing can."""
    if values is None:
        values = [v for v in sorted(by_value, reverse=True) if _group(by_value[v], size, set()) is not None]
    bits: dict[str, int] = {}  # card -> its bit
    groups: list[list[tuple[int, tuple[tuple[str, int], ...]]]] = []
    tree, width = 1, 1
    for v in values:
        mine = []
        for group in _groups_of(by_value[v], size):
            mask = 0
            for cid, _h in group:
                if cid in bits:
                    mask |= bits[cid]
                else:
                    bit = bits[cid] = 1 << len(bits)
                    mask |= bit
            mine.append((mask, group))
        groups.append(mine)
        width *= len(mine) + 1
        tree += width
    if tree <= SEARCH_NODES:  # the node limit cannot be reached: start from the greedy union
        return _union_search(values, groups, size, greedy[1][::size] if greedy else (), None)
    return _union_search(values, groups, size, (), SEARCH_NODES)


def _union_search(values: list[int], groups: list, size: int, start: tuple[int, ...],
                  limit: int | None) -> Scored | None:
    """The depth-first branch and bound of `_best_union`: level i includes one of value i's
    groups that shares no card with those chosen (in order), or skips value i. A node that
    beats the best so far (`start`: group values, one per group) becomes the best; a subtree
    is cut when even every value left could not beat it. With `limit`, the search stops
    descending after that many nodes (children already asked for still compare themselves
    with the best, as they always did). None when nothing beat `start`."""
    count = len(values)
    suffix = [tuple(values[i:]) for i in range(count + 1)] if limit is not None else []
    best_chosen, best_played = start, None
    best_n = len(start)  # len(best_chosen)
    nodes = 0

    masks = [[mask for mask, _group in mine] for mine in groups] if limit is None else []

    def fast(free: list[int], chosen: tuple[int, ...], n: int, played: tuple, used: int) -> None:
        """`dfs` without the node limit (the usual case), with a tighter bound: only the values
        left that still have a group free of used cards (`free`, their indices) can add one. A
        bound that holds never cuts the first best union (every node above it can still beat
        what was found before it), so the answer is the same; the tree is much smaller. The
        values before free[0] have no free group: skipping them changes nothing."""
        nonlocal best_chosen, best_played, best_n
        if n > best_n or (n == best_n and chosen > best_chosen):
            best_chosen, best_played, best_n = chosen, played, n
        if not free:
            return
        reach = n + len(free)
        if reach < best_n or (reach == best_n and not chosen + tuple([values[j] for j in free]) > best_chosen):
            return
        i, rest = free[0], free[1:]
        more = chosen + (values[i],)
        for mask, group in groups[i]:
            if not used & mask:
                now = used | mask
                left = []
                for j in rest:
                    for other in masks[j]:
                        if not now & other:
                            left.append(j)
                            break
                fast(left, more, n + 1, played + group, now)
        fast(rest, chosen, n, played, used)  # skip value i: the rest stay free

    def dfs(i: int, chosen: tuple[int, ...], n: int, played: tuple, used: int) -> None:
        """The search with the node limit (and the looser bound: the limit counts its nodes)."""
        nonlocal best_chosen, best_played, best_n, nodes
        if n > best_n or (n == best_n and chosen > best_chosen):
            best_chosen, best_played, best_n = chosen, played, n
        nodes += 1
        if nodes > limit:
            return
        if i == count:
            return
        reach = n + count - i  # every value left adds a group, at best
        if reach < best_n or (reach == best_n and not chosen + suffix[i] > best_chosen):
            return
        more = chosen + (values[i],)
        for mask, group in groups[i]:
            if not used & mask:
                dfs(i + 1, more, n + 1, played + group, used | mask)
        reach -= 1
        if reach > best_n or (reach == best_n and chosen + suffix[i + 1] > best_chosen):
            dfs(i + 1, chosen, n, played, used)

    if limit is None:
        fast([j for j in range(count) if masks[j]], (), 0, (), 0)
    else:
        dfs(0, (), 0, (), 0)
    # The two searches call themselves through their cells: emptied, the closures and what they
    # hold are freed now instead of waiting, as cyclic garbage, for the collector (7 objects
    # per action of random self-play were; the collector's young passes cost 3 % of its time)
    fast = dfs = None  # type: ignore[assignment]
    if best_played is None or not best_chosen:
        return None
    counts = tuple(v for v in best_chosen for _ in range(size))
    return (len(counts), counts), best_played


# -- gatherings ------------------------------------------------------------------------------

def _assemblees(by_value: dict[int, list[Entry]]) -> Iterator[Scored]:
    """Per value: the first k halves with that value, for every k >= 4."""
    for value, entries in by_value.items():
        if len(entries) < 4:
            continue
        played = [(cid, h) for _c, cid, h in entries]
        for k in range(4, len(played) + 1):
            yield (k, (value,) * k), tuple(played[:k])


class Pool:
    """The candidate combinations of one set of cards, per kind, computed on demand."""

    def __init__(self, cards: Sequence[Card]) -> None:
        self.cards = cards
        self.by_value = _by_value(cards)
        self._cache: dict[str, list[Scored]] = {}
        # kind -> (best, the combinations made so far, the generator that makes the rest): where
        # `count_above` stopped, so that `above` goes on from there instead of starting again
        self._started: dict[str, tuple[tuple | None, list[Scored], Iterator[Scored]]] = {}
        self._by_colour: dict[str, list[tuple[int, str, int]]] | None = None

    @property
    def by_colour(self) -> dict[str, list[tuple[int, str, int]]]:
        """colour -> [(-value, card id, half index)] (made on first use: ceiling and colours share it)."""
        if self._by_colour is None:
            self._by_colour = _by_colour(self.cards)
        return self._by_colour

    def get(self, kind: str) -> list[Scored]:
        """(strength, played) pairs of valid `kind` combinations."""
        if kind not in self._cache:
            self._cache[kind] = self._finish(kind, None) or list(_make(kind, self))
        return self._cache[kind]

    def _finish(self, kind: str, best: tuple | None) -> list[Scored] | None:
        """The combinations `_make(kind, self, best)` makes, if `count_above` started making them."""
        started = self._started.get(kind)
        if started is None or started[0] != best:
            return None
        del self._started[kind]
        made, rest = started[1], started[2]
        made += rest
        return made

    def above(self, kind: str, best: tuple | None) -> list[Scored]:
        """The (strength, played) pairs of `get(kind)` stronger than `best` (all of them when
        `best` is None), in no particular order. Knowing `best` saves work without changing the
        answer: a kind whose `ceiling` cannot beat it is skipped, and the generators leave out
        (or never search for) combinations that cannot beat it. A pool computed this way is
        not kept (it may lack weaker combinations); one computed by `get` is filtered."""
        if best is None:
            return self.get(kind)
        made = self._cache.get(kind)
        if made is None:
            made = self._finish(kind, best)
        if made is None:
            if kind != "suite" and not ceiling(kind, self) > best:  # `_suites` bounds each run's stretch itself
                return []
            made = _make(kind, self, best)
        return [sp for sp in made if sp[0] > best]

    def count_above(self, kind: str, best: tuple | None, cap: int) -> int:
        """`min(cap, len(self.above(kind, best)))`, found with less work: the combinations are
        made in the generators' order and counted until `cap` of them beat `best` (the costly
        searches, such as the strongest union of pairs, come last and are often not needed)."""
        made = self._cache.get(kind)
        if made is None and kind == "couleur":
            return _count_couleurs(self.by_colour, best, cap)
        if made is None and best is not None and kind != "suite" and not ceiling(kind, self) > best:
            return 0
        if made is not None:
            return min(cap, sum(1 for strength, _played in made if best is None or strength > best))
        found, seen, making = 0, [], _make(kind, self, best)
        self._started[kind] = (best, seen, making)
        for sp in making:
            seen.append(sp)
            if best is None or sp[0] > best:
                found += 1
                if found == cap:
                    break
        return found


def ceiling(kind: str, pool: Pool) -> tuple[int, tuple[int, ...]]:
    """A strength no `kind` combination of the pool's cards can exceed (cheap, from counts):
    runs: the longest stretch of consecutive values present (the highest of equal ones);
    colours: the most halves of one colour, each as high as that colour's highest;
    pairs/three-of-a-kinds: a group of every value with enough halves; gatherings: the value
    with the most halves. (0, ()) when the cards cannot form the kind at all."""
    by_value = pool.by_value
    if kind == "suite":
        length = high = 0  # the best stretch: (length, highest value)
        run = 0
        prev = None
        for value in sorted(by_value):
            run = run + 1 if value - 1 == prev else 1
            prev = value
            if run >= length:  # a stretch as long as the best so far is higher
                length, high = run, value
        return (length, tuple(range(high, high - length, -1))) if length >= 2 else (0, ())
    if kind == "couleur":
        return max(((len(e), (-min(e)[0],) * len(e)) for e in pool.by_colour.values() if len(e) >= 2),
                   default=(0, ()))
    if kind == "paires" or kind == "brelans":
        size = 2 if kind == "paires" else 3
        values = [v for v in sorted(by_value, reverse=True) if len(by_value[v]) >= size] * size
        values.sort(reverse=True)  # each value `size` times, high to low
        return (len(values), tuple(values)) if values else (0, ())
    if kind == "assemblee":
        return max(((len(e), (v,) * len(e)) for v, e in by_value.items() if len(e) >= 4), default=(0, ()))
    raise ValueError(kind)


def _make(kind: str, pool: Pool, best: tuple | None = None) -> Iterator[Scored]:
    """The pool of `kind`, one by one; with `best`, combinations not stronger than `best` may be left out."""
    if kind == "suite":
        return _suites(pool.by_value, best)
    if kind == "couleur":
        return _couleurs_of(pool.by_colour, best[0] if best is not None else 2)
    if kind == "paires":
        return _sets(pool.by_value, 2, best)
    if kind == "brelans":
        return _sets(pool.by_value, 3, best)
    if kind == "assemblee":
        return _assemblees(pool.by_value)
    raise ValueError(kind)


def candidates(kind: str, cards: Sequence[Card]) -> list[Played]:
    """A bounded pool of valid `kind` combinations the cards can form."""
    return [played for _s, played in Pool(cards).get(kind)]


def pick(pool: list[Scored], best: tuple | None, count: int) -> list[Played]:
    """Up to `count` combinations of `pool` stronger than `best`: strongest, weakest, middle."""
    scored = pool if best is None else [sp for sp in pool if sp[0] > best]
    n = len(scored)
    if n <= 1:
        return [scored[0][1]] if scored else []
    scored = sorted(scored)
    out: list[Played] = [scored[-1][1]]
    if count == 1:
        return out
    for i in (0, n // 2, 1, n - 2):  # after the strongest: weakest, middle, then their neighbours
        played = scored[i][1]
        if played not in out:
            out.append(played)
            if len(out) == count:
                break
    return out
