"""Phase 9: battles. For each accepted challenge the app briefs both sides, the players report
the result, and the app rolls war spoils, the shameful defeat, the beaten army's fate and a
wound for each slain legendary hero.
"""

from __future__ import annotations

from typing import Any

from rules.core import Action, IllegalAction, seat_ref
from rules.gorges import armies as moves
from rules.gorges.actions import BattleResult
from rules.gorges.content import plain
from rules.gorges.prompts import Prompt
from rules.gorges.records import Army
from rules.gorges.resolve import apply_effects, wound


def battles_phase(st: Any):
    """Fight each accepted challenge in the order they were made."""
    st.phase = "battles"
    for ch in st.challenges:
        if ch["status"] != "accepted":
            continue
        att, dfd = st.armies[ch["army"]], st.armies[ch["defender_army"]]
        if not (att.on_map and dfd.on_map):
            ch["status"] = "cancelled"
            st.say("gorges.log.battle_cancelled", territory=ch["territory"])
            continue
        st.active = ch["challenger"]
        st.battle = briefing(st, ch)
        result = yield Prompt(ch["challenger"], "battle_result", any_seat=True,
                              context={"battle": st.battle},
                              legal_fn=lambda s, ch=ch: legal(s, ch),
                              check_fn=lambda s, a, ch=ch: check(s, ch, a))
        yield from resolve(st, ch, result)
        ch["status"] = "fought"
        st.battle = None


def applicable(st: Any, army: Army, opponent: Army) -> list[dict[str, Any]]:
    """The notes of an army and its general that count in a battle against `opponent`."""
    if not army.notes and not st.generals[army.seat].notes:  # (most armies: nothing to look at)
        return []
    race = st.generals[opponent.seat].race
    wanted = {"any", f"seat:{opponent.seat}", f"race:{race}"}
    return [n for n in army.notes + st.generals[army.seat].notes if n["against"] in wanted]


def _side(st: Any, army: Army, opponent: Army, tid: str) -> dict[str, Any]:
    g = st.generals[army.seat]
    reminders = []
    lizard = st.ability(army.seat, "battle_reminder")
    if lizard is not None and (lizard.where == "anywhere" or (
            st.owner[tid] == army.seat and st.building[tid] in ("fortress", "city"))):
        reminders.append(plain(st.race(army.seat).text))
    return {"seat": army.seat, "army": army.id, "race": g.race,
            "extra_points": army.extra_points + g.extra_points,
            "notes": applicable(st, army, opponent), "reminders": reminders,
            "hero_present": army.hero.available() and not army.hero.misses_next_battle,
            "hero_profile_next_battle": _next_profile(army.hero)}


def _next_profile(hero: Any) -> dict[str, int]:
    """The hero's profile changes for his next battle (lasting ones and this battle's only)."""
    lasting, once = hero.profile, hero.next_battle_profile
    if not lasting and not once:
        return {}
    return {k: lasting.get(k, 0) + once.get(k, 0) for k in set(lasting) | set(once)}


def briefing(st: Any, ch: dict[str, Any]) -> dict[str, Any]:
    """Who fights whom, where, with what: everything the table needs before the battle."""
    att, dfd = st.armies[ch["army"]], st.armies[ch["defender_army"]]
    season = st.content.seasons[st.season]
    storm = st.season_effect("storm_relics")
    return {"challenger": ch["challenger"], "defender": ch["target"], "territory": ch["territory"],
            "sides": [_side(st, att, dfd, ch["territory"]), _side(st, dfd, att, ch["territory"])],
            "allies": [list(ch.get("allies", ())), list(ch.get("defender_allies", ()))],
            "heroes": _slain_options(st, ch),
            "points_cap_percent": st.options["points_cap_percent"],
            "season": {"name": plain(season.name), "text": plain(season.text)},
            "storm_of_magic_relics": None if storm is None else
            {"participants": storm.participants, "winner": storm.winner}}


def _fighting(ch: dict[str, Any]) -> list[str]:
    """The leading armies, then the allied armies fighting alongside."""
    return [ch["army"], ch["defender_army"], *ch.get("allies", ()), *ch.get("defender_allies", ())]


def _slain_options(st: Any, ch: dict[str, Any]) -> list[str]:
    return [a for a in _fighting(ch) if a in st.armies
            if st.armies[a].slot != "R" and st.armies[a].hero.available()
            and not st.armies[a].hero.misses_next_battle]


def legal(st: Any, ch: dict[str, Any]) -> list[Action]:
    """Winner × slain heroes (points not recorded), and Storm of Magic when the season rewards it."""
    return list(_results(ch["challenger"], ch["target"], tuple(_slain_options(st, ch)[:2]),
                         st.season_effect("storm_relics") is not None))


_RESULTS: dict[tuple[int, int, tuple[str, ...], bool], tuple[BattleResult, ...]] = {}


def _results(challenger: int, target: int, heroes: tuple[str, ...], storm: bool) -> tuple[BattleResult, ...]:
    """`legal`'s reports for these fighters, heroes and season (made once, as every listed action)."""
    key = (challenger, target, heroes, storm)
    if key not in _RESULTS:
        if len(_RESULTS) > 10_000:
            _RESULTS.clear()
        subsets = [()] + [(h,) for h in heroes] + ([heroes] if len(heroes) == 2 else [])
        storms = (False, True) if storm else (False,)
        _RESULTS[key] = tuple([BattleResult(w, (0, 0), s, m) for w in (challenger, target)
                               for s in subsets for m in storms] + [BattleResult(-1, (0, 0), (), False, True)])
    return _RESULTS[key]


def check(st: Any, ch: dict[str, Any], action: Action) -> None:
    """Raise IllegalAction unless `action` is a valid report of this battle."""
    if not isinstance(action, BattleResult):
        raise IllegalAction("gorges.illegal.expected_battle_result")
    if action.draw and action.winner != -1:
        raise IllegalAction("gorges.illegal.draw_has_no_winner")
    if not action.draw and action.winner not in (ch["challenger"], ch["target"]):
        raise IllegalAction("gorges.illegal.not_a_fighter", seat=action.winner)
    a, b = action.points
    if a < 0 or b < 0:
        raise IllegalAction("gorges.illegal.negative_points")
    cap = st.options["points_cap_percent"]
    if a and b and max(a, b) * 100 > min(a, b) * (100 + cap):  # 0 %: equal points
        raise IllegalAction("gorges.illegal.points_cap", cap=cap, points=[a, b])
    if action.storm_of_magic and st.season_effect("storm_relics") is None:
        raise IllegalAction("gorges.illegal.no_storm_this_season")
    heroes = _slain_options(st, ch)
    if len(set(action.slain)) != len(action.slain) or any(h not in heroes for h in action.slain):
        raise IllegalAction("gorges.illegal.not_a_slain_hero", heroes=list(action.slain))


def _consume(st: Any, army: Army, opponent: Army) -> None:
    used = applicable(st, army, opponent)
    army.notes = [n for n in army.notes if n not in used]
    g = st.generals[army.seat]
    g.notes = [n for n in g.notes if n not in used]
    army.extra_points = g.extra_points = 0
    army.hero.next_battle_profile = {}
    army.hero.misses_next_battle = False


def _points(st: Any, ch: dict[str, Any], result: BattleResult) -> None:
    a, b = result.points
    if a or b:
        st.say("gorges.log.points", seat=seat_ref(ch["challenger"]), points=a,
               other=seat_ref(ch["target"]), other_points=b)


def draw(st: Any, ch: dict[str, Any], result: BattleResult):
    """A draw: nobody is beaten. The territory stays whose it was, no spoils, no shameful defeat,
    no fate roll; next-battle notes are used; slain heroes roll their wounds; Storm of Magic gives
    both the participants' relic points."""
    att, dfd = st.armies[ch["army"]], st.armies[ch["defender_army"]]
    st.say("gorges.log.battle_draw", seat=seat_ref(ch["challenger"]), other=seat_ref(ch["target"]),
           territory=ch["territory"])
    _points(st, ch, result)
    st.history.append({"turn": st.turn, "season": st.season, "territory": ch["territory"],
                       "winner": None, "loser": None, "armies": [att.id, dfd.id],
                       "allies": _fighting(ch)[2:], "points": list(result.points),
                       "slain": list(result.slain), "storm_of_magic": result.storm_of_magic})
    _consume(st, att, dfd)
    _consume(st, dfd, att)
    effect = st.season_effect("storm_relics")
    if result.storm_of_magic and effect is not None:
        for seat in (ch["challenger"], ch["target"]):
            st.generals[seat].relics += effect.participants
        st.say("gorges.log.storm_draw", seat=seat_ref(ch["challenger"]), other=seat_ref(ch["target"]),
               n=effect.participants)
    side_a = {att.id, *ch.get("allies", ())}
    for aid in result.slain:
        other = dfd if aid in side_a else att
        yield from wound(st, st.armies[aid], other.seat, other)


def resolve(st: Any, ch: dict[str, Any], result: BattleResult):
    """Record the result and roll everything that follows a battle."""
    if result.draw:
        yield from draw(st, ch, result)
        return
    winner = result.winner
    loser = ch["target"] if winner == ch["challenger"] else ch["challenger"]
    by_seat = {ch["challenger"]: st.armies[ch["army"]], ch["target"]: st.armies[ch["defender_army"]]}
    wa, la = by_seat[winner], by_seat[loser]
    st.say_flat("gorges.log.battle", winner, loser, ch["territory"], tuple(result.points), result.storm_of_magic)
    _points(st, ch, result)
    st.history.append({"turn": st.turn, "season": st.season, "territory": ch["territory"],
                       "winner": winner, "loser": loser, "armies": [wa.id, la.id],
                       "allies": [a for a in _fighting(ch)[2:]],
                       "points": list(result.points), "slain": list(result.slain),
                       "storm_of_magic": result.storm_of_magic})
    wa.wins += 1
    la.losses += 1
    st.generals[winner].won_this_turn = True
    _consume(st, wa, la)
    _consume(st, la, wa)
    _storm(st, winner, loser, result.storm_of_magic)
    _, spoils = st.roll_table(winner, "war_spoils")
    yield from apply_effects(st, winner, spoils, {"army": wa, "opponent": la, "enemy": loser})
    _, shame = st.roll_table(loser, "defeats")
    yield from apply_effects(st, loser, shame, {"army": la, "opponent": wa, "enemy": winner})
    if st.owner[ch["territory"]] in (None, loser):
        # The stake is the two generals' own land: a third general's territory stays his.
        moves.claim(st, winner, ch["territory"], "battle")
    _, fate = st.roll_table(winner, "fate")
    yield from apply_effects(st, winner, fate, {"beaten": la})
    winners = {wa.id, *(ch.get("allies", ()) if wa.id == ch["army"] else ch.get("defender_allies", ()))}
    for aid in result.slain:
        hero_army = st.armies[aid]
        other = la if aid in winners else wa
        yield from wound(st, hero_army, other.seat, other)
    yield from _siege(st, winner, loser)
    moves.enforce_home(st, winner)
    moves.enforce_home(st, loser)


def _storm(st: Any, winner: int, loser: int, storm: bool) -> None:
    effect = st.season_effect("storm_relics")
    if not storm or effect is None:
        return
    st.generals[winner].relics += effect.winner
    st.generals[loser].relics += effect.participants
    st.say("gorges.log.storm", winner=seat_ref(winner), loser=seat_ref(loser),
           won=effect.winner, lost=effect.participants)


def _siege(st: Any, winner: int, loser: int):
    event = st.event_effect(winner, "capture_after_victory")
    if event is None or "siege" in st.generals[winner].used:
        return
    capitals = st.capitals()
    options = [t for t in st.territories_of(loser) if t not in capitals]
    choice = yield from st.ask(winner, "territory", options,
                               why=st.content.events[st.generals[winner].event])
    if choice is not None:
        st.generals[winner].used.add("siege")
        moves.claim(st, winner, choice, "siege")
