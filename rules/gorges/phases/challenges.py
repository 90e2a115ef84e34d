"""Phase 7: challenges. Each general in order may challenge one opponent, who accepts or refuses.

A challenge names the target general, the challenging army and the territory at stake. One of
the rulebook's four conditions must hold (or the Tunnel event): the army stands on the target's
territory; it shares a territory with a target's army; a target's army stands on the challenger's
territory; or the territory is the target's and touches one of the challenger's. An enemy capital
is never at stake. A general accepts one challenge a turn; an army fights once a turn; an army
that built this turn can neither challenge nor defend.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from typing import Any

from rules.core import Action, IllegalAction, seat_ref
from rules.gorges import armies as moves
from rules.gorges.actions import DONE, Answer, Challenge, Choose, Done, SwapArmies, made
from rules.gorges.phases import movement
from rules.gorges.prompts import Prompt


def challenges_phase(st: Any):
    """Each general in order issues at most one challenge; the target answers at once."""
    st.phase = "challenges"
    for seat in st.order:
        st.active = seat
        while True:
            listed = legal(st, seat)
            if len(listed) == 1:  # only `done` left: nothing to ask
                break
            action = yield st.listed(Prompt(seat, "challenge", context={"ally_armies": ally_armies(st, seat, -1)},
                                            legal_fn=lambda s, seat=seat: legal(s, seat),
                                            check_fn=lambda s, a, seat=seat: check(s, seat, a)), listed)
            if isinstance(action, SwapArmies):
                movement.swap(st, seat, st.armies[action.first], st.armies[action.second])
                continue
            if isinstance(action, Challenge):
                yield from issue(st, seat, action)
            break


def engaged(st: Any) -> set[str]:
    """Armies already bound to fight this turn."""
    out: set[str] = set()
    for ch in st.challenges:
        if ch["status"] == "accepted":
            out.update((ch["army"], ch["defender_army"], *ch.get("allies", ()), *ch.get("defender_allies", ())))
    return out


def _armies(st: Any, seat: int) -> list[Any]:
    busy = engaged(st)
    return [a for a in st.armies_of(seat) if not a.built and a.id not in busy]


def stakes(st: Any, seat: int, target: int, army: Any) -> list[str]:
    """Territories `army` of `seat` may challenge `target` over."""
    here = army.location
    theirs = {a.location for a in st.armies_of(target)}
    out = _remote_stakes(st, seat, target, theirs, _border(st, seat))
    if st.owner[here] == target or here in theirs:
        out.add(here)
    capitals = moves.protected(st)
    return sorted(t for t in out if capitals.get(t, seat) == seat)


def _border(st: Any, seat: int) -> dict[int | None, set[str]]:
    """The territories next to one of `seat`'s (his own included when they touch each other),
    by owner (None: the neutral ones). Shared: not to be changed."""
    return st.lands().border(seat)


def _remote_stakes(st: Any, seat: int, target: int, theirs: set[str],
                   border: dict[int | None, set[str]]) -> set[str]:
    """Stakes open to any army: the target's armies on my land (`theirs`: where they stand), his
    land next to mine (`border`: `_border(st, seat)`), or any of his land with the Tunnel."""
    owner = st.owner
    out = {tid for tid in theirs if owner[tid] == seat}
    if st.event_effect(seat, "challenge_anyone") is not None:
        out.update(st.lands().of.get(target, ()))
    else:
        out.update(border.get(target, ()))
    return out


def may_target(st: Any, seat: int, target: int) -> bool:
    """Diplomacy and agents at court can bar a target."""
    if target == seat or not 0 <= target < st.n or (seat, target) in st.forbidden:
        return False
    if st.allied(seat, target):
        return False
    return st.dictated.get(seat, target) == target


def legal(st: Any, seat: int) -> list[Action]:
    """`done`, every challenge `seat` may issue, and the Daemons' swaps."""
    out: list[Action] = [DONE]
    _challenges(st, seat, out)
    if len(out) > 1:
        out.extend(movement._swaps(st, seat))
    return out


def _challenges(st: Any, seat: int, out: list[Action]) -> None:
    """Append every challenge `seat` may issue now to `out`, by target, army, then territory
    (`_armies`, `may_target`, `_border` and `_remote_stakes` in one pass: the hot path)."""
    if st.generals[seat].challenged:
        return
    busy = engaged(st) if st.challenges else ()
    mine = []  # `_armies(st, seat)`
    where: dict[int, set[str]] = {}  # each other general's armies on the map: where they stand
    for a in st.armies.values():
        here = a.location
        if here is None:
            continue
        if a.seat == seat:
            if not a.built and a.id not in busy:
                mine.append(a)
            continue
        found = where.get(a.seat)
        if found is None:
            where[a.seat] = {here}
        else:
            found.add(here)
    if not mine:
        return
    capitals = moves.protected(st)
    owner = st.owner
    lands = st.lands()
    held = lands.of
    anyone = st.event_effect(seat, "challenge_anyone") is not None
    around, mine_land = st.content.island.around, set(held.get(seat, ()))
    forbidden, dictated = st.forbidden, st.dictated
    made_for = _CHALLENGES
    nobody: set[str] = set()
    for target in range(st.n):
        if target == seat or (seat, target) in forbidden or st.allied(seat, target) \
                or dictated.get(seat, target) != target:  # `may_target`
            continue
        theirs = where.get(target, nobody)
        # `_remote_stakes`: his land next to mine (`_border`, asked of his territories only: a
        # few looks, where the border by owner looks at every territory next to mine), or any of
        # it with the Tunnel; and his armies on my land.
        remote = [t for t in held.get(target, ()) if anyone or not around[t].isdisjoint(mine_land)]
        remote.extend([t for t in theirs if owner[t] == seat])
        # Every army's stakes: the remote ones, and where it stands when that is his or his armies'.
        shared = sorted(remote)
        if capitals:  # protected capitals are never at stake
            shared = [t for t in shared if capitals.get(t, seat) == seat]
        for army in mine:
            here = army.location
            at_stake = shared
            if here not in remote and (owner[here] == target or here in theirs) \
                    and capitals.get(here, seat) == seat:
                at_stake = list(shared)
                insort(at_stake, here)
            one = made_for.get((target, army.id))  # `_orders`, inline
            try:
                out.extend([one[t] for t in at_stake])  # type: ignore[index]
            except (KeyError, TypeError):
                out.extend(_orders(target, army.id, at_stake))


_CHALLENGES: dict[tuple[int, str], dict[str, Challenge]] = {}  # (target, army) -> territory -> Challenge


def _orders(target: int, army: str, territories: Sequence[str]) -> list[Challenge]:
    """The challenges of `army` to `target` over each of `territories`, in that order. Each is
    made once (as moves): the same objects serve every state and every game, at most one per
    target, army and territory of the island."""
    one = _CHALLENGES.get((target, army))
    if one is None:
        one = _CHALLENGES[(target, army)] = {}
    try:
        return [one[t] for t in territories]
    except KeyError:
        for t in territories:
            if t not in one:
                one[t] = Challenge(target, army, t)
        return [one[t] for t in territories]


def check(st: Any, seat: int, action: Action) -> None:
    """Raise IllegalAction unless `action` is a challenge (or swap) `seat` may make now."""
    if isinstance(action, Done):
        return
    if isinstance(action, SwapArmies):
        movement.check(st, seat, action)
        return
    if not isinstance(action, Challenge):
        raise IllegalAction("gorges.illegal.wrong_phase", phase="challenges", action=action.type)
    if not may_target(st, seat, action.target):
        raise IllegalAction("gorges.illegal.cannot_challenge", target=action.target)
    army = next((a for a in _armies(st, seat) if a.id == action.army), None)
    if army is None:
        raise IllegalAction("gorges.illegal.army_unavailable", army=action.army)
    if action.territory not in stakes(st, seat, action.target, army):
        raise IllegalAction("gorges.illegal.no_challenge_condition", territory=action.territory)
    check_allies(st, seat, action.target, action.allies)


def ally_armies(st: Any, seat: int, foe: int) -> list[str]:
    """Armies of `seat`'s allies (not `foe`) free to fight alongside him this turn."""
    if not st.alliances:
        return []
    return [a.id for s in range(st.n) if s not in (seat, foe) and st.allied(seat, s)
            for a in _armies(st, s)]


def check_allies(st: Any, seat: int, foe: int, allies: tuple[str, ...]) -> None:
    """Each army joining must belong to an ally of `seat` and be free to fight."""
    free = ally_armies(st, seat, foe)
    if len(set(allies)) != len(allies) or any(a not in free for a in allies):
        raise IllegalAction("gorges.illegal.not_an_ally_army", armies=list(allies))


def issue(st: Any, seat: int, action: Challenge):
    """Record the challenge and ask the target to accept (naming his army) or refuse."""
    st.generals[seat].challenged = True
    ch = {"challenger": seat, "target": action.target, "army": action.army,
          "territory": action.territory, "status": "pending", "defender_army": None,
          "allies": list(action.allies), "defender_allies": []}
    st.challenges.append(ch)
    st.say_flat("gorges.log.challenge", seat, action.target, action.army, action.territory)
    for aid in action.allies:
        st.say("gorges.log.ally_joins", army=aid)
    if st.ability(action.target, "home_exempt") is not None:  # (`recall`'s first look)
        yield from recall(st, action.target, action.territory)
    if st.generals[action.target].accepted == 1:  # (`second_challenge`'s first look)
        yield from second_challenge(st, action.target, ch)
    listed = answers(st, action.target)
    if len(listed) == 1:  # no army to defend with: refused
        answer = listed[0]
    else:
        answer = yield st.listed(Prompt(action.target, "answer",
                                        context={"challenge": dict(ch),
                                                 "ally_armies": ally_armies(st, action.target, seat)},
                                        legal_fn=lambda s, t=action.target: answers(s, t),
                                        check_fn=lambda s, a, t=action.target: check_answer(s, t, a)), listed)
    ch["status"] = "accepted" if answer.accept else "refused"
    ch["defender_army"] = answer.army
    ch["defender_allies"] = list(answer.allies)
    if answer.accept:
        st.generals[action.target].accepted += 1
    word = "gorges.word.accepted" if answer.accept else "gorges.word.refused"
    st.say_flat("gorges.log.answer", action.target, word, answer.army)
    for aid in answer.allies:
        st.say("gorges.log.ally_joins", army=aid)


def recall(st: Any, seat: int, tid: str):
    """Tomb Kings attacked with no army on their lands bring one home: to the territory at stake
    when it is theirs, else to their capital."""
    ability = st.ability(seat, "home_exempt")
    if ability is None or not ability.recall:
        return
    armies = st.armies_of(seat)
    if not armies or any(st.owner[a.location] == seat for a in armies):
        return
    dest = tid if st.owner[tid] == seat else st.generals[seat].capital
    choice = yield from st.ask(seat, "army", [a.id for a in armies], why=st.race(seat),
                               recall=dest)
    st.armies[choice].location = dest
    st.say("gorges.log.recalled", army=choice, to=dest)


def second_challenge(st: Any, target: int, ch: dict[str, Any]):
    """« sauf si l'ensemble des joueurs est d'accord »: asked of the table when it happens."""
    g = st.generals[target]
    if g.accepted != 1 or g.second_agreed or st.options.get("second_challenge") or not _armies(st, target):
        return
    agreed = yield Prompt(target, "second_challenge", ("yes", "no"), {"challenge": dict(ch)}, any_seat=True)
    g.second_agreed = isinstance(agreed, Choose) and agreed.value == "yes"
    word = "gorges.word.agreed" if g.second_agreed else "gorges.word.not_agreed"
    st.say("gorges.log.second_challenge", seat=seat_ref(target), agreed={"key": word, "params": {}})


def defenders(st: Any, target: int) -> list[str]:
    """Armies `target` may send to a battle (none once he has accepted a challenge this turn)."""
    g = st.generals[target]
    if g.accepted >= (2 if st.options.get("second_challenge") or g.second_agreed else 1):
        return []
    busy = engaged(st) if st.challenges else ()  # `_armies(st, target)`, in one pass
    return [a.id for a in st.armies.values()
            if a.seat == target and a.location is not None and not a.built and a.id not in busy]


def answers(st: Any, target: int) -> list[Action]:
    armies = tuple(defenders(st, target))
    found = _ANSWERS.get(armies)
    if found is None:  # made once for these armies, as every listed action
        found = _ANSWERS[armies] = [made(Answer, False)] + [made(Answer, True, a) for a in armies]
    return list(found)


_ANSWERS: dict[tuple[str, ...], list[Action]] = {}  # defending armies -> their answers (a few army ids)


def check_answer(st: Any, target: int, action: Action) -> None:
    if not isinstance(action, Answer):
        raise IllegalAction("gorges.illegal.expected_answer")
    if action.accept and action.army not in defenders(st, target):
        raise IllegalAction("gorges.illegal.army_unavailable", army=action.army)
    if not action.accept and (action.army is not None or action.allies):
        raise IllegalAction("gorges.illegal.refuse_without_army")
    challenger = next(ch["challenger"] for ch in reversed(st.challenges) if ch["status"] == "pending")
    check_allies(st, target, challenger, action.allies)
