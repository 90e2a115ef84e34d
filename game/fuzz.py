"""`python main.py fuzz GAME --games N`: seeded random games with the protocol's invariants checked
after every action (OpenSpiel's random_sim_test, RLCard's determinism test).

After every action of every game:

- the game is not over → some seat must act, and every seat that must act has legal actions;
- the chosen listed action applies; every few actions, *every* listed action (up to 24) applies to
  a copy of the state and round-trips through JSON (`engine.action_from_json(a.to_json()) == a`);
- every view (each seat and the public one) is JSON-able;
- redaction: the game's secrets that a seat may not see are reshuffled (`SCRAMBLERS`) in a copy and
  that seat's view must not change (nor the public view when every seat's secrets are reshuffled);
- the game's own invariants hold (`INVARIANTS`: cards and items conserved, owners in range, ...).

At the end the game is replayed from its seed, with the module-level `random` burnt differently,
and must give the same views and outcome. A game that does not end within `MAX_ACTIONS` fails.
Adding a game: a scrambler when it has hidden information, and an invariant function if it can.
"""

from __future__ import annotations

import copy
import json
import random
import time
import traceback
from collections import Counter
from collections.abc import Callable
from typing import Any

MAX_ACTIONS = 20_000


class FuzzFailure(AssertionError):
    """One invariant broken: what, in which game (seed) and after how many actions."""


def _check(ok: Any, what: str) -> None:
    if not ok:
        raise FuzzFailure(what)


# -- redaction: reshuffle what a seat may not see ----------------------------------------------------

def _scramble_anludim(state: Any, keep: int | None, rng: random.Random) -> None:
    """Deal the face-down pile and the hands of every seat but `keep` again, sizes unchanged."""
    table = state.table
    others = [s for s in range(len(table.seats)) if s != keep]
    pool = list(table.deck) + [c for s in others for c in table.seats[s].hand]
    rng.shuffle(pool)
    table.deck[:] = pool[: len(table.deck)]
    pool = pool[len(table.deck):]
    for s in others:
        size = len(table.seats[s].hand)
        table.seats[s].hand[:] = pool[:size]
        pool = pool[size:]


def _scramble_amadrim(state: Any, keep: int | None, rng: random.Random) -> None:
    """Redistribute the unrevealed programming of every seat but `keep` (same number of cubes)."""
    for s in range(state.seats):
        if s == keep or state.revealed[s]:
            continue
        total = sum(state.programming[s])
        cubes = [0] * len(state.programming[s])
        for _ in range(total):
            cubes[rng.randrange(len(cubes))] += 1
        state.programming[s] = cubes


def _scramble_guildes(state: Any, keep: int | None, rng: random.Random) -> None:
    """Shuffle the face-down decks (their order is nobody's to see)."""
    for deck in (state.mage_deck, state.item_deck, state.leader_deck):
        rng.shuffle(deck)


def _scramble_ambre(state: Any, keep: int | None, rng: random.Random) -> None:
    """Deal the boxed cards and the hands of every seat but `keep` again, sizes unchanged."""
    others = [s for s in range(len(state.hands)) if s != keep]
    pool = list(state.boxed) + [c for s in others for c in state.hands[s]]
    rng.shuffle(pool)
    state.boxed[:] = pool[: len(state.boxed)]
    pool = pool[len(state.boxed):]
    for s in others:
        size = len(state.hands[s])
        state.hands[s][:] = pool[:size]
        pool = pool[size:]


SCRAMBLERS: dict[str, Callable[[Any, int | None, random.Random], None]] = {
    "anludim": _scramble_anludim,
    "amadrim": _scramble_amadrim,
    "guildes": _scramble_guildes,
    "ambre": _scramble_ambre,
}


# -- each game's own invariants ------------------------------------------------------------------

def _anludim_invariants(state: Any) -> None:
    content, table = state.content, state.table
    _check(sorted(table.all_cards()) == sorted(content.cards), "anludim: cards lost or duplicated")
    items = Counter((item, v) for item, it in content.items.items() for v in it.values)
    _check(Counter(table.all_items()) == items, "anludim: items lost or duplicated")
    parchments = sum(s.parchments for s in table.seats) + table.parchments
    _check(parchments == content.parchments.count, "anludim: parchments not conserved")


def _amadrim_invariants(state: Any) -> None:
    _check(all(v >= 0 for row in state.stock for v in row), "amadrim: negative stock")
    _check(all(v >= 0 for row in state.programming for v in row), "amadrim: negative programming")
    _check(state.phase in ("setup", "programming", "actions", "over"), f"amadrim: phase {state.phase!r}")


def _gorges_invariants(state: Any) -> None:
    n = state.n
    _check(all(o is None or 0 <= o < n for o in state.owner.values()), "gorges: owner out of range")
    _check(all(g.relics >= 0 for g in state.generals), "gorges: negative relics")
    _check(state.crown in state.content.island.coords, "gorges: crown off the island")
    for g in state.generals:  # a general who lost every territory keeps his old capital as rallying point
        _check(g.capital is None or state.owner[g.capital] == g.seat or not state.territories_of(g.seat),
               "gorges: capital owned by another while the general still holds land")


INVARIANTS: dict[str, Callable[[Any], None]] = {
    "anludim": _anludim_invariants,
    "amadrim": _amadrim_invariants,
    "gorges": _gorges_invariants,
}


# -- one game -----------------------------------------------------------------------------------------

_SHARED: list[tuple[Any, dict[int, Any]]] = []  # the last content and its memo (one entry)


def _shared(content: Any) -> dict[int, Any]:
    """A deepcopy memo sharing every object reachable from the (immutable) content; the same
    for every game of a run (walking the content took longer than some games)."""
    if _SHARED and _SHARED[0][0] is content:
        return _SHARED[0][1]
    memo: dict[int, Any] = {}
    stack = [content]
    while stack:
        obj = stack.pop()
        if id(obj) in memo or isinstance(obj, str | int | float | bool | type(None)):
            continue
        memo[id(obj)] = obj
        if isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, list | tuple | set | frozenset):
            stack.extend(obj)
        elif hasattr(obj, "__dict__"):
            stack.extend(vars(obj).values())
    _SHARED[:] = [(content, memo)]
    return memo


class _Game:
    """One fuzzed game: the state, its actions, and copies of it for the checks."""

    def __init__(self, engine: Any, content: Any, seed: int, seats: int, options: Any) -> None:
        self.engine, self.content, self.seed, self.seats, self.options = engine, content, seed, seats, options
        self.state = engine.new_game(content, seats, seed, options)
        self.actions: list[tuple[int, Any]] = []
        self.memo = _shared(content)

    def copy(self) -> Any:
        """A copy of the state: a deep copy sharing content and log entries (a state may define
        `__deepcopy__`), else a replay."""
        memo = dict(self.memo)
        for item in getattr(self.state, "log", ()):
            memo[id(item)] = item  # log entries are never changed once written
        try:
            return copy.deepcopy(self.state, memo)
        except (TypeError, copy.Error):  # a state holding a generator or a lock
            again = self.engine.new_game(self.content, self.seats, self.seed, self.options)
            for seat, action in self.actions:
                again.apply(seat, action)
            return again


def _views(state: Any, seats: int) -> list[str]:
    return [json.dumps(state.view(s), sort_keys=True, allow_nan=False) for s in [None, *range(seats)]]


def play_one(engine: Any, content: Any, seed: int, seats: int, options: dict[str, Any] | None = None,
             check_every: int = 0, full: bool = True) -> int:
    """Play one random game with every check; returns the number of actions; raises `FuzzFailure`.

    After every action: someone must act and has legal actions, the chosen one applies and
    round-trips through JSON, the game's invariants hold. The full battery (every view JSON-able,
    redaction, every listed action applies to a copy and round-trips) runs after every
    `check_every`-th action, or, with 0, after 6 actions drawn at random per game and at the end.
    """
    rng = random.Random(seed * 7919 + 1)
    scramble = SCRAMBLERS.get(engine.id)
    invariant = INVARIANTS.get(engine.id, lambda state: None)
    game = _Game(engine, content, seed, seats, options)
    state, actions = game.state, game.actions
    random.seed(seed)  # burn the module-level random one way here, another way in the replay
    points = {rng.randrange(300) for _ in range(2)} if full and not check_every else set()
    while not state.is_over():
        _check(len(actions) < MAX_ACTIONS, f"no end after {MAX_ACTIONS} actions")
        to_act = state.to_act()
        _check(to_act, "not over, yet nobody must act")
        legal = {s: state.legal_actions(s) for s in to_act}
        _check(all(legal.values()), f"a seat that must act has no legal action ({to_act})")
        seat = rng.choice(to_act)
        battery = len(actions) in points or bool(full and check_every and len(actions) % check_every == 0)
        if battery:
            _every_listed_action_applies(game, seat, legal[seat], rng)
        action = rng.choice(legal[seat])
        _check(engine.action_from_json(json.loads(json.dumps(action.to_json()))) == action,
               f"JSON round trip of {action!r}")
        state.apply(seat, action)
        actions.append((seat, action))
        random.random()
        invariant(state)
        if battery:
            _redaction(game, scramble, _views(state, seats), rng)
    views = _views(state, seats)
    if full:
        _redaction(game, scramble, views, rng)
    _check(state.outcome().get("ranking") is not None, "outcome without a ranking")
    _replay(game, views)
    return len(actions)


def _every_listed_action_applies(game: _Game, seat: int, legal: list[Any], rng: random.Random) -> None:
    for option in rng.sample(legal, min(len(legal), 6)):
        _check(game.engine.action_from_json(json.loads(json.dumps(option.to_json()))) == option,
               f"JSON round trip of {option!r}")
        try:
            game.copy().apply(seat, option)
        except Exception as exc:
            raise FuzzFailure(f"listed action {option!r} of seat {seat} does not apply: {exc}") from exc


def _redaction(game: _Game, scramble: Callable[..., None] | None, views: list[str], rng: random.Random) -> None:
    if scramble is None:
        return
    for keep in [None, *range(game.seats)]:
        other = game.copy()
        scramble(other, keep, rng)
        index = 0 if keep is None else keep + 1
        seen = json.dumps(other.view(keep), sort_keys=True, allow_nan=False)
        _check(seen == views[index], f"view of {'the table' if keep is None else f'seat {keep}'} "
                                     "changed when others' secrets were reshuffled")


def _replay(game: _Game, views: list[str]) -> None:
    random.seed(game.seed + 12345)
    again = game.engine.new_game(game.content, game.seats, game.seed, game.options)
    for seat, action in game.actions:
        random.random()
        again.apply(seat, action)
    _check(_views(again, game.seats) == views, "replay from the seed gave other views")
    _check(json.dumps(again.outcome(), sort_keys=True) == json.dumps(game.state.outcome(), sort_keys=True),
           "replay from the seed gave another outcome")


def _one(engine: Any, content: Any, index: int, seed: int, options: dict[str, Any] | None, check_every: int,
         full_every: int) -> tuple[int, dict[str, Any] | None]:
    """Game number `index` of a run from `seed`: (its actions, None) or (0, what failed)."""
    counts = list(engine.seats)
    game_seed, seats = seed + index, counts[index % len(counts)]
    try:
        return play_one(engine, content, game_seed, seats, options, check_every, index % full_every == 0), None
    except Exception as exc:  # FuzzFailure or an engine error: both are findings
        return 0, {"seed": game_seed, "seats": seats, "error": f"{type(exc).__name__}: {exc}"[:300],
                   "where": traceback.format_exc(limit=-3)[-600:]}


_WORKER: dict[str, Any] = {}


def _worker_init(game_id: str, content_root: str | None) -> None:
    from game.simulate import batch_gc

    if _WORKER.get("key") != (game_id, content_root):  # else forked from the parent, which loaded them
        import rules
        from game.content import load

        _WORKER.update(key=(game_id, content_root), engine=rules.engine(game_id),
                       content=load(game_id, content_root))
    batch_gc()


def _worker_chunk(indices: list[int], seed: int, options: dict[str, Any] | None, check_every: int,
                  full_every: int) -> list[tuple[int, int, dict[str, Any] | None]]:
    engine, content = _WORKER["engine"], _WORKER["content"]
    return [(i, *_one(engine, content, i, seed, options, check_every, full_every)) for i in indices]


def run(engine: Any, content: Any, games: int, seed: int = 1, options: dict[str, Any] | None = None,
        progress: Callable[[int], None] | None = None, check_every: int = 0, full_every: int = 1,
        workers: int = 1, content_root: str | None = None) -> dict[str, Any]:
    """`games` random games from `seed` on (seat counts cycle through the engine's range); the full
    battery of checks runs in one game out of `full_every` (see `play_one`). With `workers` > 1 the
    games are spread over processes (which load `engine.id` from `content_root` unless forked from
    this one); the result is the same whatever the number of workers, times apart."""
    start, cpu = time.perf_counter(), time.process_time()
    results: dict[int, tuple[int, dict[str, Any] | None]] = {}
    workers = max(1, min(workers, games))
    if workers == 1:
        for i in range(games):
            results[i] = _one(engine, content, i, seed, options, check_every, full_every)
            if progress is not None:
                progress(i + 1)
    else:
        from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

        from game.simulate import _context

        context = _context()
        if context.get_start_method() == "fork":
            _WORKER.update(key=(engine.id, content_root), engine=engine, content=content)
        size = max(1, min(20, games // (workers * 8)))
        with ProcessPoolExecutor(workers, mp_context=context, initializer=_worker_init,
                                 initargs=(engine.id, content_root)) as pool:
            pending = {pool.submit(_worker_chunk, list(range(i, min(i + size, games))), seed, options,
                                   check_every, full_every) for i in range(0, games, size)}
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    results.update((i, (n, failure)) for i, n, failure in future.result())
                if progress is not None:
                    progress(len(results))
    failures = [results[i][1] for i in range(games) if results[i][1] is not None]
    total = sum(results[i][0] for i in range(games))
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {"game": engine.id, "games": games, "seed": seed, "check_every": check_every, "full_every": full_every,
            "failures": len(failures),
            "failure_samples": failures[:10], "actions": total,
            "mean_actions": total / max(1, games - len(failures)), "seconds": round(seconds, 2),
            "cpu_seconds": round(cpu, 2), "workers": workers,
            "games_per_second": round(games / seconds, 1) if seconds else None}
