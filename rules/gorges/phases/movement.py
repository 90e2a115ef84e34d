"""Phase 5: each general moves his armies (1d3 territories each, race and event modifiers).

At the start of a general's movement every army on the map rolls its allowance. Orders:
`move` (mode normal; or second for a forced march, enemy for a deception, forest, burrow, raid),
`reroll_movement` (High Elves), `swap_armies` (Daemons), `move_capital` (Ogres), then `done`.
An army entering a territory held by another general's army stops there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core import Action, IllegalAction, seat_ref
from rules.gorges import armies as moves
from rules.gorges.actions import DONE, Done, Move, MoveCapital, RerollMovement, SwapArmies, made
from rules.gorges.prompts import Prompt
from rules.gorges.records import Army


def movement_phase(st: Any):
    """Each general in order rolls his allowances and gives orders until `done`.

    The flow makes each list of orders as it asks (`st.listed`): after a normal move or a
    re-roll only the span of the army that moved changes (see `_Orders.after`), so the list is
    not rebuilt from every army at each of the general's orders (the hot path of self-play)."""
    st.phase = "movement"
    for seat in st.order:
        st.active = seat
        _start(st, seat)
        powers = _Powers(st, seat)
        prompt = Prompt(seat, "movement", legal_fn=lambda s, seat=seat, p=powers: legal(s, seat, p),
                        check_fn=lambda s, a, seat=seat: check(s, seat, a))  # the same until `done`
        listing = _Orders(st, seat, powers)
        while True:
            action = yield st.listed(prompt, listing.actions)
            if isinstance(action, Done):
                break
            do(st, seat, action)
            listing = listing.after(st, action)
        moves.enforce_home(st, seat)
    st.moves = {}


def _start(st: Any, seat: int) -> None:
    dice = _dice(st, seat)
    for army in st.armies_of(seat):
        army.allowance = allowance(st, seat, army.id, dice)
        army.moved = army.rerolled = False
    st.moves = {"second": 0, "enemy": 0}
    if st.event_effect(seat, "extra_move") is not None:
        st.moves["second"] = allowance(st, seat, "second")
    if st.event_effect(seat, "move_enemy_army") is not None:
        st.moves["enemy"] = st.roll(seat, "d3", "gorges.roll.movement", army="enemy")


def _dice(st: Any, seat: int) -> tuple[str, Any, int]:
    """How `seat` rolls his allowances: the die, the event's keep rule (or None), the race bonus."""
    bonus = st.ability(seat, "movement_bonus")
    return (f"d{st.content.campaign.movement_die}", st.event_effect(seat, "movement_dice"),
            bonus.value if bonus is not None else 0)


def allowance(st: Any, seat: int, what: str, dice: tuple[str, Any, int] | None = None) -> int:
    """Roll one movement allowance: 1d3 (events: 2d3 keep lowest/highest), plus race bonus
    (`dice`: `_dice(st, seat)`, when the caller has it)."""
    sides, keep, bonus = dice if dice is not None else _dice(st, seat)
    value = st.roll(seat, sides, "gorges.roll.movement", army=what)
    if keep is not None:
        other = st.roll(seat, sides, "gorges.roll.movement", army=what)
        value = min(value, other) if keep.keep == "lowest" else max(value, other)
    return value + bonus


def _stops(st: Any, seat: int) -> frozenset[str]:
    return frozenset([a.location for a in st.armies.values() if a.seat != seat and a.location is not None])


def destinations(st: Any, army: Army, steps: int, stops: frozenset[str] | None = None) -> tuple[str, ...]:
    """Where `army` may go with `steps` moves over land (stopping at foreign armies; `stops`:
    their territories when already known), sorted."""
    if stops is None:
        stops = _stops(st, army.seat)
    return st.content.island.targets(army.location, steps, stops)


def _orders_of(st: Any, army: Army, mode: str, steps: int, stops: frozenset[str]) -> list[Move]:
    """`orders(army.id, mode, destinations(...))` for a normal or second move of `steps`, the
    foreign armies standing on `stops` (the hot path of random self-play). The lists are kept
    on the island for every game: only the foreign armies standing `island.near` can cut a
    path short, so a list is found again by those stops alone; under the key without them, the
    list that no foreign army cuts short (the common case: one look). Not to be changed."""
    island = st.content.island
    here = army.location
    key = (army.id, mode, here, steps)
    memo = island.memo
    found = memo.get(key)
    if found is not None:  # (near, orders)
        near = found[0]
        if near.isdisjoint(stops):
            return found[1]
    else:
        near = island.near(here, steps)
    cut = stops & near
    if not cut:
        listed = memo[key] = (near, orders(army.id, mode, island.targets(here, steps, stops)))
        return listed[1]
    cut_key = (key, cut)
    listed = memo.get(cut_key)
    if listed is None:
        if len(memo) > 50_000:  # (each placement of near armies: kept within bounds, as the island's)
            memo.clear()
        listed = memo[cut_key] = orders(army.id, mode, island.targets(here, steps, stops))
    return listed


def _special_targets(st: Any, seat: int, army: Army, mode: str, pool: list[str] | None = None) -> list[str]:
    """Where a special move takes `army` (`pool`: `_special_pool` when the caller has it)."""
    here = army.location
    if mode == "forest" and st.content.territories[here].terrain != st.ability(seat, "forest_travel").terrain:
        return []
    if pool is None:
        pool = _special_pool(st, seat, mode)
    targets = list(pool)
    if here in targets:  # (once at most: cheaper than filtering every territory)
        targets.remove(here)
    return targets


def _special_pool(st: Any, seat: int, mode: str) -> list[str]:
    """The destinations of a special move for any army of `seat` (its own place excepted later)."""
    island = st.content.island
    if mode == "forest":
        terrain = st.ability(seat, "forest_travel").terrain
        return [t for t in island.ids if st.content.territories[t].terrain == terrain]
    if mode == "burrow":
        return sorted(st.territories_of(seat))
    raid = st.ability(seat, "raid")
    pool = island.ids if raid.reach == "anywhere" else island.coast_ids
    owner, building = st.owner, st.building
    return [t for t in pool if owner[t] != seat and building[t] not in ("fortress", "city")]


SPECIAL = {"forest": "forest_travel", "burrow": "burrow", "raid": "raid"}


def _move_targets(st: Any, seat: int, army: Army, mode: str,
                  stops: frozenset[str] | None = None) -> Sequence[str]:
    """Legal destinations of `army` for a move of `mode` now ([] if that move is not allowed);
    `stops`: the territories of the armies foreign to `army`, when the caller computed them."""
    if not army.on_map:
        return []
    if mode == "enemy":
        return destinations(st, army, st.moves["enemy"]) if army.seat != seat and st.moves["enemy"] else []
    if army.seat != seat:
        return []
    if mode == "normal":
        return [] if army.moved else destinations(st, army, army.allowance, stops)
    if mode == "second":
        return destinations(st, army, st.moves["second"], stops) if army.moved and st.moves["second"] else []
    if mode in SPECIAL:
        if army.moved or mode in st.generals[seat].used or st.ability(seat, SPECIAL[mode]) is None:
            return []
        return _special_targets(st, seat, army, mode)
    return []


def _swaps(st: Any, seat: int) -> list[SwapArmies]:
    ability = st.ability(seat, "swap_armies")
    if ability is None or ("swap" in st.generals[seat].used and not ability.any_time):
        return []
    mine = st.armies_of(seat)
    if not any(a.built for a in mine):  # `_swap_brings_builder` needs an army that built
        return [made(SwapArmies, a.id, b.id) for i, a in enumerate(mine) for b in mine[i + 1:]
                if a.location != b.location]
    return [made(SwapArmies, a.id, b.id) for i, a in enumerate(mine) for b in mine[i + 1:]
            if a.location != b.location and not st._swap_brings_builder(a, b)]


def _capital_targets(st: Any, seat: int) -> list[str]:
    g = st.generals[seat]
    if st.ability(seat, "nomad_capital") is None or "capital" in g.used:
        return []
    capitals = st.capitals()
    return [t for t in st.content.island.neighbours[g.capital]
            if t not in capitals and st.owner[t] in (None, seat)]


def orders(army: str, mode: str, targets: Sequence[str]) -> list[Move]:
    """The `Move`s of `army` to each of `targets`, in that order. Actions are immutable values,
    so the same ones serve every state and every game: each is made once (at most one per army
    id, mode and territory of the island; listing moves is the hot path of random self-play)."""
    one = _MOVES.get((army, mode))
    if one is None:
        one = _MOVES[(army, mode)] = {}  # destination -> Move of this army and mode
    try:
        return [one[t] for t in targets]
    except KeyError:
        for t in targets:
            if t not in one:
                one[t] = Move(army, t, mode)
        return [one[t] for t in targets]


_MOVES: dict[tuple[str, str], dict[str, Move]] = {}


class _Powers:
    """What `seat`'s race allows him during one general's movement: looked up once for every
    list of his orders (again if his race changes, as a test or a designer may make it), with
    the destinations of his special moves, kept while the flags and buildings they read stay."""

    __slots__ = ("race", "specials", "reroll", "swap", "nomad", "_pools", "_flags", "_special")

    def __init__(self, st: Any, seat: int) -> None:
        ability = st.ability
        self.race = st.generals[seat].race
        self.specials = tuple([m for m, ab in SPECIAL.items() if ability(seat, ab) is not None])
        self.reroll = ability(seat, "movement_reroll") is not None
        self.swap = ability(seat, "swap_armies") is not None
        self.nomad = ability(seat, "nomad_capital") is not None
        self._pools: dict[str, list[str]] = {}  # mode -> `_special_pool`
        self._flags: tuple[Any, ...] | None = None  # the flags and buildings the pools were made for
        self._special: dict[tuple[str, str], tuple[str, list[Move]]] = {}  # (mode, army) -> (place, moves)

    def check_pools(self, st: Any) -> None:
        """Forget the special moves' destinations if the flags or buildings changed since they
        were made (once per list of orders: a normal move or a re-roll changes neither)."""
        flags = (tuple(st.owner.values()), tuple(st.building.values()))
        if flags != self._flags:
            self._flags = flags
            forest = self._pools.get("forest")  # (the forest's stands for good)
            self._pools = {} if forest is None else {"forest": forest}
            self._special = {k: v for k, v in self._special.items() if k[0] == "forest"}

    def special_orders(self, st: Any, seat: int, army: Army, mode: str) -> list[Move]:
        """`orders(army.id, mode, _special_targets(...))`, kept while the pools stand (see
        `check_pools`) and the army stays where it is. Not to be changed."""
        key = (mode, army.id)
        here = army.location
        found = self._special.get(key)
        if found is not None and found[0] == here:
            return found[1]
        pool = self._pools.get(mode)
        if pool is None:
            pool = self._pools[mode] = _special_pool(st, seat, mode)
        if mode == "forest":
            listed = orders(army.id, mode, _special_targets(st, seat, army, mode, pool))
        else:  # `_special_targets`: the pool but where it stands, made into moves in one pass
            one = _MOVES.get((army.id, mode))
            try:
                listed = [one[t] for t in pool if t != here]  # type: ignore[index]
            except (KeyError, TypeError):
                listed = orders(army.id, mode, [t for t in pool if t != here])
        self._special[key] = (here, listed)
        return listed


def legal(st: Any, seat: int, powers: _Powers | None = None) -> list[Action]:
    """Every order the general may give now (`powers`: `_Powers(st, seat)`, when kept)."""
    return _Orders(st, seat, powers).actions


class _Orders:
    """The orders a general may give now (`actions`, the list `legal` gives): `done`, each of his
    armies' moves (normal, the race's special moves, a re-roll, or a second march once moved)
    in a span of its own, then the tail: the moves of an enemy army, the swaps and the
    capital's moves.

    `after` gives the list that follows one of his orders, redoing only what the order changed
    when it is a normal move or a re-roll (then the foreign armies, the flags, the buildings and
    the special moves used stay as they were: the other armies' spans are the same, and so is
    the tail but after a move when an enemy army may be moved: its moves stop where his armies
    stand); any other order makes the whole list again, and so does any move of a general who
    may swap (a swap may have moved his armies at any time since the list was made)."""

    __slots__ = ("seat", "powers", "actions", "mine", "ids", "bounds", "stops", "specials")

    def __init__(self, st: Any, seat: int, powers: _Powers | None = None) -> None:
        if powers is None or powers.race != st.generals[seat].race:
            powers = _Powers(st, seat)
        self.seat, self.powers = seat, powers
        out: list[Action] = [DONE]
        mine = self.mine = []  # his armies on the map, in order
        foreign = []  # where the others stand: the same stops for each of his armies
        for a in st.armies.values():
            here = a.location
            if here is not None:
                if a.seat == seat:
                    mine.append(a)
                else:
                    foreign.append(here)
        self.ids = [a.id for a in mine]
        self.stops = stops = frozenset(foreign)
        specials = powers.specials
        if specials:
            used = st.generals[seat].used
            specials = tuple([m for m in specials if m not in used])
            if specials:
                powers.check_pools(st)
        self.specials = specials
        second = st.moves.get("second")
        reroll = powers.reroll
        memo = st.content.island.memo
        bounds = self.bounds = []  # where each of his armies' span starts, then where the tail does
        for army in mine:
            bounds.append(len(out))
            # The modes in order: normal, the race's special moves, then a second (forced) march.
            if army.moved:
                if second:
                    out.extend(_orders_of(st, army, "second", second, stops))
            else:
                found = memo.get((army.id, "normal", army.location, army.allowance))  # `_orders_of`'s first look
                out.extend(found[1] if found is not None and found[0].isdisjoint(stops)
                           else _orders_of(st, army, "normal", army.allowance, stops))
                for mode in specials:
                    out.extend(powers.special_orders(st, seat, army, mode))
                if reroll and not army.rerolled:
                    out.append(made(RerollMovement, army.id))
        bounds.append(len(out))
        self._tail(st, out)
        self.actions = out

    def _tail(self, st: Any, out: list[Action]) -> None:
        """Append the moves of an enemy army, the swaps and the capital's moves to `out`."""
        seat, powers = self.seat, self.powers
        if st.moves.get("enemy"):
            for army in st.armies.values():
                out.extend(orders(army.id, "enemy", _move_targets(st, seat, army, "enemy")))
        if powers.swap:
            out.extend(_swaps(st, seat))
        if powers.nomad:
            out.extend(made(MoveCapital, t) for t in _capital_targets(st, seat))

    def after(self, st: Any, action: Action) -> _Orders:
        """The orders once `action` (one of these, just done) is carried out: after a normal
        move, its army's span and, when an enemy army may be moved, the tail are made again;
        after a re-roll, its army's span; after anything else, everything."""
        kind = type(action)
        if kind is Move:
            if action.mode != "normal" or self.powers.swap:
                return _Orders(st, self.seat, self.powers)
        elif kind is not RerollMovement:
            return _Orders(st, self.seat, self.powers)
        try:
            i = self.ids.index(action.army)
        except ValueError:
            return _Orders(st, self.seat, self.powers)
        army = self.mine[i]
        if army.location is None or army.seat != self.seat:
            return _Orders(st, self.seat, self.powers)
        span = self._span(st, army)
        old, bounds = self.actions, self.bounds
        start, end = bounds[i], bounds[i + 1]
        new = _Orders.__new__(_Orders)
        new.seat, new.powers, new.stops, new.specials = self.seat, self.powers, self.stops, self.specials
        new.mine, new.ids = self.mine, self.ids
        if kind is Move and st.moves.get("enemy"):
            new.actions = old[:start] + span + old[end:bounds[-1]]
            new._tail(st, new.actions)
        else:
            new.actions = old[:start] + span + old[end:]
        shift = len(span) - (end - start)
        new.bounds = bounds[:i + 1] + [b + shift for b in bounds[i + 1:]] if shift else bounds
        return new

    def _span(self, st: Any, army: Army) -> list[Action]:
        """The orders of one of his armies (its span of `actions`)."""
        if army.moved:
            second = st.moves.get("second")
            return list(_orders_of(st, army, "second", second, self.stops)) if second else []
        out = list(_orders_of(st, army, "normal", army.allowance, self.stops))
        seat, powers = self.seat, self.powers
        for mode in self.specials:
            out.extend(powers.special_orders(st, seat, army, mode))
        if powers.reroll and not army.rerolled:
            out.append(made(RerollMovement, army.id))
        return out


def _can_reroll(st: Any, seat: int, army: Army) -> bool:
    return (army.on_map and not army.moved and not army.rerolled
            and st.ability(seat, "movement_reroll") is not None)


def check(st: Any, seat: int, action: Action) -> None:
    """Raise IllegalAction unless `action` is a movement order `seat` may give now."""
    if isinstance(action, Done):
        return
    if isinstance(action, Move):
        army = st.armies.get(action.army)
        if army is None:
            raise IllegalAction("gorges.illegal.no_such_army", army=action.army)
        if action.mode not in ("normal", "second", "enemy", "forest", "burrow", "raid"):
            raise IllegalAction("gorges.illegal.bad_mode", mode=action.mode)
        if action.to not in _move_targets(st, seat, army, action.mode):
            raise IllegalAction("gorges.illegal.cannot_reach", army=action.army, to=action.to,
                                mode=action.mode)
        return
    if isinstance(action, RerollMovement):
        army = st.armies.get(action.army)
        if army is None or army.seat != seat or not _can_reroll(st, seat, army):
            raise IllegalAction("gorges.illegal.cannot_reroll", army=action.army)
        return
    if isinstance(action, SwapArmies):
        if action not in _swaps(st, seat) and SwapArmies(action.second, action.first) not in _swaps(st, seat):
            raise IllegalAction("gorges.illegal.cannot_swap", first=action.first, second=action.second)
        return
    if isinstance(action, MoveCapital):
        if action.to not in _capital_targets(st, seat):
            raise IllegalAction("gorges.illegal.cannot_move_capital", to=action.to)
        return
    raise IllegalAction("gorges.illegal.wrong_phase", phase="movement", action=action.type)


def do(st: Any, seat: int, action: Action) -> None:
    """Carry out a checked movement order."""
    if isinstance(action, Move):
        _do_move(st, seat, st.armies[action.army], action.to, action.mode)
    elif isinstance(action, RerollMovement):
        army = st.armies[action.army]
        army.allowance = allowance(st, seat, army.id)
        army.rerolled = True
    elif isinstance(action, SwapArmies):
        swap(st, seat, st.armies[action.first], st.armies[action.second])
    elif isinstance(action, MoveCapital):
        move_capital(st, seat, action.to)


def swap(st: Any, seat: int, a: Army, b: Army) -> None:
    """Daemons: two armies exchange places. In a challenge made or taken up, the army now standing
    where the other stood takes its place (« même après avoir relevé ou lancé un défi »)."""
    a.location, b.location = b.location, a.location
    other = {a.id: b.id, b.id: a.id}
    for ch in st.challenges:
        if ch["status"] in ("pending", "accepted"):
            for key in ("army", "defender_army"):
                ch[key] = other.get(ch[key], ch[key])
    st.generals[seat].used.add("swap")
    st.say_flat("gorges.log.swap", seat, a.id, b.id)


def move_capital(st: Any, seat: int, to: str) -> None:
    """Ogres: the capital moves one hex; a neutral hex is annexed."""
    g = st.generals[seat]
    before, g.capital = g.capital, to
    st.owner[to] = seat
    g.used.add("capital")
    st.say_flat("gorges.log.capital_moved", seat, before, to)


def _do_move(st: Any, seat: int, army: Army, to: str, mode: str) -> None:
    before = army.location
    if mode == "second":
        st.moves["second"] = 0
    elif mode == "enemy":
        st.moves["enemy"] = 0
    else:
        army.moved = True
    if mode in SPECIAL:
        st.generals[seat].used.add(mode)
    if mode == "raid" and not _raid_lands(st, seat, army, to):
        return
    army.location = to
    if mode == "enemy":
        moves.enforce_home(st, army.seat)
    st.say_flat("gorges.log.moved", seat, army.id, before, to, mode)  # `say`, kept flat


def _raid_lands(st: Any, seat: int, army: Army, to: str) -> bool:
    raid = st.ability(seat, "raid")
    value = st.roll(seat, "d6", "gorges.roll.raid", army=army.id, to=to)
    if value in raid.lost:
        st.say("gorges.log.raid_lost", seat=seat_ref(seat), army=army.id)
        moves.destroy(st, army)
        return False
    if value in raid.mine and st.building[to] is None:
        st.building[to] = "mine"
        st.say_flat("gorges.log.built", to, "mine", seat)
    return True
