"""Issue 11: rule bugs and departures from the rulebook, as scenario tests."""

import pytest

from rules.core import IllegalAction
from rules.gorges.actions import BattleResult
from rules.gorges.phases.battles import battles_phase
from rules.gorges.phases.events import events_phase
from tests.gorges.helpers import arrange, finish, force, scenario, set_up

# -- 1. rule bugs -------------------------------------------------------------------------------


def test_a_battle_on_a_third_generals_land_leaves_it_to_him():
    """« Le vainqueur … gagne ou conserve son territoire »: the stake is the challengers' land."""
    st = set_up(("empire", "skaven", "dwarfs"))
    arrange(st, owner={"roches-hurlantes": 2}, armies={"0.G": "roches-hurlantes", "1.G": "roches-hurlantes"})
    st.challenges = [{"challenger": 0, "target": 1, "army": "0.G", "territory": "roches-hurlantes",
                      "status": "accepted", "defender_army": "1.G"}]
    force(st, "d6", 2, 2, 1)  # elite army; wounded; fate: pushed back
    scenario(st, battles_phase(st))
    st.apply(0, BattleResult(0))
    finish(st)
    assert st.owner["roches-hurlantes"] == 2
    assert not [e for e in st.log if e["key"] == "gorges.log.flag"]


def test_a_battle_on_the_losers_land_hands_it_over():
    st = set_up(("empire", "skaven"))
    arrange(st, owner={"roches-hurlantes": 1}, armies={"0.G": "roches-hurlantes", "1.G": "roches-hurlantes"})
    st.challenges = [{"challenger": 0, "target": 1, "army": "0.G", "territory": "roches-hurlantes",
                      "status": "accepted", "defender_army": "1.G"}]
    force(st, "d6", 2, 2, 1)
    scenario(st, battles_phase(st))
    st.apply(0, BattleResult(0))
    finish(st)
    assert st.owner["roches-hurlantes"] == 0


def test_next_battle_events_end_at_the_generals_next_event_phase():
    """« Cet événement durera jusqu'à leurs prochaines phases d'événement. »"""
    st = set_up(("empire", "skaven"))
    st.order = [0]
    force(st, "d66", 42)  # Attaque à l'aube
    scenario(st, events_phase(st))
    finish(st)
    assert [n["name"]["fr"] for n in st.generals[0].notes] == ["Attaque à l'aube"]
    force(st, "d66", 44)  # Piège, next turn: the dawn attack is over, unused
    scenario(st, events_phase(st))
    finish(st)
    assert [n["name"]["fr"] for n in st.generals[0].notes] == ["Piège"]
    assert any(e["key"] == "gorges.log.note_expired" for e in st.log)


def test_war_spoils_notes_are_not_ended_by_the_event_phase():
    st = set_up(("empire", "skaven"))
    st.order = [0]
    st.armies["0.G"].notes.append({"name": {"fr": "Armée d'élite", "en": "Elite army"}, "text": {},
                                   "value": None, "against": "any", "origin": 0})
    force(st, "d66", 63, )
    force(st, "d3", 1)
    scenario(st, events_phase(st))
    finish(st)
    assert len(st.armies["0.G"].notes) == 1


def test_points_cap_zero_means_equal_points():
    st = set_up(("empire", "skaven"), points_cap_percent=0)
    arrange(st, owner={"roches-hurlantes": 1}, armies={"0.G": "roches-hurlantes", "1.G": "roches-hurlantes"})
    st.challenges = [{"challenger": 0, "target": 1, "army": "0.G", "territory": "roches-hurlantes",
                      "status": "accepted", "defender_army": "1.G"}]
    scenario(st, battles_phase(st))
    with pytest.raises(IllegalAction) as exc:
        st.apply(0, BattleResult(0, (2000, 1000)))
    assert exc.value.key == "gorges.illegal.points_cap"
    force(st, "d6", 2, 2, 1)
    st.apply(0, BattleResult(0, (1000, 1000)))


# -- 2. departures: the rulebook's reading by default, today's behaviour an option ----------------

def _variant(**changes):
    """CONTENT with some races' abilities, a table entry or the save rules replaced."""
    import dataclasses

    from tests.gorges.helpers import CONTENT
    return dataclasses.replace(CONTENT, **changes)


def _with_ability(race: str, kind: str, **fields):
    from tests.gorges.helpers import CONTENT
    r = CONTENT.races[race]
    abilities = tuple(a.model_copy(update=fields) if a.type == kind else a for a in r.abilities)
    return _variant(races={**CONTENT.races, race: r.model_copy(update={"abilities": abilities})})


def _on(content, races, **options):
    from rules.gorges import ENGINE
    from rules.gorges.actions import Choose
    from tests.gorges.helpers import CONTENT
    options.setdefault("designer_mode", True)
    st = ENGINE.new_game(content, len(races), 0, options)
    for seat, race in enumerate(races):
        st.apply(seat, Choose(race))
        st.apply(seat, Choose(CONTENT.capitals[seat]))
    return st


def test_a_capital_may_be_at_stake_and_taken():
    """Condition 2 has no exception (event 21's « autre que sa capitale » implies it)."""
    from rules.gorges.phases import challenges
    from rules.gorges.phases.conquest import conquest_phase
    st = set_up()
    arrange(st, owner={"marais-puant": 1}, armies={"0.G": "plaine-des-os"})
    assert "plaine-des-os" in challenges.stakes(st, 0, 1, st.armies["0.G"])
    st.order = [0, 1]
    st.challenges = [{"challenger": 0, "target": 1, "army": "0.G", "territory": "plaine-des-os",
                      "status": "refused", "defender_army": None}]
    force(st, "d6", 1)  # the save fails
    scenario(st, conquest_phase(st))
    finish(st)
    assert st.owner["plaine-des-os"] == 0
    assert st.generals[1].capital == "marais-puant"  # the nearest territory left becomes the capital
    assert any(e["key"] == "gorges.log.capital_lost" for e in st.log)


def test_protected_capitals_option_keeps_todays_behaviour():
    from rules.gorges import armies as moves
    st = set_up(capitals_protected=True)
    moves.claim(st, 0, "plaine-des-os", "battle")
    assert st.owner["plaine-des-os"] == 1 and st.generals[1].capital == "plaine-des-os"


def test_defeat_5_strikes_a_regiment_of_any_of_the_generals_armies():
    from rules.gorges.records import Regiment
    from rules.gorges.resolve import apply_effects
    from tests.gorges.helpers import CONTENT
    st = set_up()
    st.armies["0.L2"].regiments = [Regiment(1)]  # the beaten army (0.G) has none
    scenario(st, apply_effects(st, 0, CONTENT.entry("defeats", 5),
                               {"army": st.armies["0.G"], "opponent": st.armies["1.G"], "enemy": 1}))
    finish(st)
    assert st.armies["0.L2"].regiments == [] and st.armies["0.G"].notes == []


def test_defeat_5_scope_army_looks_only_at_the_beaten_army():
    from rules.gorges.records import Regiment
    from rules.gorges.resolve import apply_effects
    from tests.gorges.helpers import CONTENT
    entry = CONTENT.entry("defeats", 5)
    effects = tuple(e.model_copy(update={"scope": "army"}) for e in entry.effects)
    entry = entry.model_copy(update={"effects": effects})
    st = set_up()
    st.armies["0.L2"].regiments = [Regiment(1)]
    scenario(st, apply_effects(st, 0, entry, {"army": st.armies["0.G"], "opponent": st.armies["1.G"], "enemy": 1}))
    finish(st)
    assert len(st.armies["0.L2"].regiments) == 1
    assert st.armies["0.G"].notes[0]["name"]["en"] == "Green officers"  # result 4 instead


def _refused_save(st, relics):
    from rules.gorges.phases.conquest import conquest_phase
    st.order = [0, 1]
    arrange(st, owner={"roches-hurlantes": 1}, armies={"0.G": "roches-hurlantes"})
    st.challenges = [{"challenger": 0, "target": 1, "army": "0.G", "territory": "roches-hurlantes",
                      "status": "refused", "defender_army": None}]
    st.generals[1].relics = relics
    scenario(st, conquest_phase(st))


def test_relic_points_offered_for_a_save_have_no_limit():
    from rules.gorges.actions import OfferRelics
    st = set_up()
    _refused_save(st, 8)
    assert st.prompt.context["max"] == 8
    assert OfferRelics(8) in st.legal_actions(1)


def test_a_designer_may_cap_the_relic_points_offered():
    st = _on(_variant(save=__import__("tests.gorges.helpers", fromlist=["CONTENT"]).CONTENT.save.model_copy(
        update={"max_relic_points": 5})), ("empire", "skaven"))
    _refused_save(st, 8)
    assert st.prompt.context["max"] == 5


def test_daemons_swap_after_a_challenge_and_the_army_now_there_fights():
    from rules.gorges.actions import Answer, Challenge, SwapArmies
    from rules.gorges.phases import challenges
    st = set_up(("daemons", "empire"))
    arrange(st, owner={"roches-hurlantes": 1}, armies={"0.G": "roches-hurlantes", "0.L1": "gue-rouge"})
    st.order = [0, 1]
    for g in st.generals:
        g.event = 26
    scenario(st, challenges.challenges_phase(st))
    st.apply(0, Challenge(1, "0.G", "roches-hurlantes"))
    st.apply(1, Answer(True, "1.G"))
    st.apply(0, SwapArmies("0.G", "0.L1"))  # « même après avoir lancé un défi »
    assert st.armies["0.L1"].location == "roches-hurlantes"
    assert st.challenges[0]["army"] == "0.L1"


def test_daemons_once_a_turn_option():
    from rules.gorges.actions import SwapArmies
    from rules.gorges.phases import movement
    st = _on(_with_ability("daemons", "swap_armies", any_time=False), ("daemons", "empire"))
    st.order = [0]
    st.generals[0].event = 26
    st.armies["0.L1"].location = "gue-rouge"
    scenario(st, movement.movement_phase(st))
    st.apply(0, SwapArmies("0.G", "0.L1"))
    assert not [a for a in st.legal_actions(0) if isinstance(a, SwapArmies)]


def test_tomb_kings_bring_an_army_home_when_challenged():
    from rules.gorges.actions import Challenge, Choose
    from rules.gorges.phases import challenges
    st = set_up(("empire", "tomb_kings"))
    arrange(st, owner={"roches-hurlantes": 1},
            armies={"0.G": "roches-hurlantes", "1.G": "gue-rouge", "1.L1": "gue-rouge", "1.L2": "val-du-rhum"})
    st.order = [0, 1]
    for g in st.generals:
        g.event = 26
    scenario(st, challenges.challenges_phase(st))
    st.apply(0, Challenge(1, "0.G", "roches-hurlantes"))
    assert st.prompt.kind == "army" and st.to_act() == [1] and st.prompt.context["recall"] == "roches-hurlantes"
    st.apply(1, Choose("1.L2"))
    assert st.armies["1.L2"].location == "roches-hurlantes"
    assert st.prompt.kind == "answer"


def test_dark_elves_first_mine_option():
    from rules.gorges.phases.production import mines_phase
    st = _on(_with_ability("dark_elves", "slave_mines", choose=False), ("dark_elves", "skaven"))
    arrange(st, owner={"gue-rouge": 0, "pic-du-corbeau": 0},
            building={"gue-rouge": "mine", "pic-du-corbeau": "mine"})
    st.generals[0].won_last_turn = True
    st.order = [0]
    st.generals[0].event = 26
    force(st, "d6", 1, 3, 1)  # first mine: 1+1 = gold (3x50); the second caves in
    scenario(st, mines_phase(st))
    finish(st)
    assert st.building["gue-rouge"] == "mine" and st.building["pic-du-corbeau"] is None


# -- alliances -------------------------------------------------------------------------------------

def test_an_alliance_needs_both_generals():
    from rules.gorges.actions import Ally
    st = set_up(("empire", "skaven", "dwarfs"))
    st.apply(0, Ally(2))
    assert not st.allied(0, 2) and st.view()["alliance_offers"] == [[0, 2]]
    st.apply(2, Ally(0))
    assert st.allied(0, 2) and st.view()["alliances"] == [[0, 2]]
    st.apply(2, Ally(0, False))
    assert not st.allied(0, 2)
    with pytest.raises(IllegalAction):
        st.apply(1, Ally(1))


def test_allied_armies_sharing_a_territory_do_not_roll_and_may_not_challenge_each_other():
    from rules.gorges.actions import Ally
    from rules.gorges.phases import challenges
    from rules.gorges.phases.conquest import conquest_phase
    st = set_up(("empire", "skaven"))
    st.apply(0, Ally(1))
    st.apply(1, Ally(0))
    st.order = [0, 1]
    arrange(st, owner={"roches-hurlantes": 1}, armies={"0.G": "roches-hurlantes", "1.G": "roches-hurlantes"})
    assert not challenges.may_target(st, 0, 1)
    n = len(st.log)
    scenario(st, conquest_phase(st))
    finish(st)
    assert not [e for e in st.log[n:] if e["key"] == "gorges.log.no_challenge"]


def test_allies_launch_and_accept_a_challenge_together():
    from rules.gorges.actions import Ally, Answer, Challenge
    from rules.gorges.phases import challenges
    st = set_up(("empire", "skaven", "dwarfs", "orcs_goblins"))
    for a, b in ((0, 2), (1, 3)):
        st.apply(a, Ally(b))
        st.apply(b, Ally(a))
    arrange(st, owner={"roches-hurlantes": 1}, armies={"0.G": "roches-hurlantes"})
    st.order = [0, 1, 2, 3]
    for g in st.generals:
        g.event = 26
    scenario(st, challenges.challenges_phase(st))
    with pytest.raises(IllegalAction):
        st.apply(0, Challenge(1, "0.G", "roches-hurlantes", ("1.L1",)))  # not an ally's army
    st.apply(0, Challenge(1, "0.G", "roches-hurlantes", ("2.L1",)))
    st.apply(1, Answer(True, "1.G", ("3.G",)))
    assert challenges.engaged(st) == {"0.G", "1.G", "2.L1", "3.G"}
    from rules.gorges.phases.battles import battles_phase
    st.challenges = [c for c in st.challenges if c["status"] == "accepted"]
    scenario(st, battles_phase(st))
    assert st.view()["battle"]["allies"] == [["2.L1"], ["3.G"]]
    force(st, "d6", 2, 2, 1, 6, 2)  # spoils, defeat, fate; the allied hero's wound: lesson (+1 …)
    st.apply(0, BattleResult(0, (0, 0), ("2.L1",)))
    finish(st)
    assert any(e["key"] == "gorges.log.wound" and e["params"]["army"]["army"] == "2.L1" for e in st.log)


# -- 6. battles as people fight them ---------------------------------------------------------------

def _arena_battle(st):
    arrange(st, owner={"roches-hurlantes": 1}, armies={"0.G": "roches-hurlantes", "1.G": "roches-hurlantes"})
    st.challenges = [{"challenger": 0, "target": 1, "army": "0.G", "territory": "roches-hurlantes",
                      "status": "accepted", "defender_army": "1.G"}]
    scenario(st, battles_phase(st))


def test_a_draw_beats_nobody_and_keeps_the_territory():
    st = set_up(("empire", "skaven"))
    _arena_battle(st)
    with pytest.raises(IllegalAction):
        st.apply(0, BattleResult(0, draw=True))
    n = len(st.log)
    st.apply(0, BattleResult(-1, (1500, 1500), draw=True))
    finish(st)
    keys = [e["key"] for e in st.log[n:]]
    assert "gorges.log.battle_draw" in keys and "gorges.log.table" not in keys
    assert st.owner["roches-hurlantes"] == 1
    assert st.armies["0.G"].location == st.armies["1.G"].location == "roches-hurlantes"
    assert st.history[-1]["winner"] is None and st.armies["0.G"].wins == 0


def test_points_played_are_written_to_the_log():
    st = set_up(("empire", "skaven"))
    _arena_battle(st)
    force(st, "d6", 2, 2, 1)
    st.apply(0, BattleResult(0, (2000, 1900)))
    entry = next(e for e in st.log if e["key"] == "gorges.log.points")
    assert entry["params"]["points"] == 2000 and entry["params"]["other_points"] == 1900


def test_the_save_shows_its_territory_and_modifiers_before_relics_and_logs_each():
    from rules.gorges.actions import OfferRelics
    st = set_up()
    _refused_save(st, 2)
    st.building["marais-puant"] = "fortress"
    ctx = st.prompt.context
    assert ctx["territory"] == "roches-hurlantes" and ctx["target"] == 6
    st.apply(1, OfferRelics(0))
    finish(st) if st.prompt is not None else None
    logged = next(e for e in st.log if e["key"] == "gorges.log.save_modifiers")
    keys = [m["key"] for m in logged["params"]["modifiers"]]
    assert keys and all(k.startswith("gorges.save_mod.") for k in keys)


def test_save_modifiers_have_reasons():
    st = set_up()
    st.order = [0, 1]
    arrange(st, owner={"roches-hurlantes": 1, "marais-puant": 1, "val-du-rhum": 0},
            building={"marais-puant": "fortress"}, armies={"0.G": "roches-hurlantes"})
    st.challenges = [{"challenger": 0, "target": 1, "army": "0.G", "territory": "roches-hurlantes",
                      "status": "refused", "defender_army": None}]
    st.generals[1].relics = 1
    from rules.gorges.phases.conquest import conquest_phase
    scenario(st, conquest_phase(st))
    assert {m["key"] for m in st.prompt.context["modifiers"]} == {"adjacent", "fortress"}
    from game.i18n import Strings
    texts = [Strings("en").render(m) for m in st.prompt.context["modifier_texts"]]
    assert "−1: next to one of the attacker's territories" in texts


# -- 7. paper tools ---------------------------------------------------------------------------------

def test_free_notes_per_general_and_army_are_kept_with_the_campaign():
    import json

    from rules.gorges import ENGINE
    from rules.gorges.actions import Note
    from tests.gorges.helpers import CONTENT
    st = set_up()
    st.apply(0, Note("0.L1", "Tient le gué jusqu'à l'hiver"))
    st.apply(0, Note("0.G", "Promis à Bo : pas d'attaque au printemps", "general"))
    with pytest.raises(IllegalAction):
        st.apply(1, Note("0.G", "pas à moi"))
    view = st.view()
    assert view["armies"]["0.L1"]["memo"] == "Tient le gué jusqu'à l'hiver"
    assert view["generals"][0]["memo"].startswith("Promis à Bo")
    saved = json.dumps([a.to_json() for a in (Note("0.L1", "Tient le gué jusqu'à l'hiver"),)])
    again = ENGINE.action_from_json(json.loads(saved)[0])
    assert again == Note("0.L1", "Tient le gué jusqu'à l'hiver") and CONTENT is not None


def test_the_magic_item_chosen_is_recorded_on_the_sheet():
    from rules.gorges.actions import Rename
    from rules.gorges.records import Regiment
    st = set_up()
    st.armies["0.G"].hero.items.append({"value": 40, "kind": "item", "source": {"fr": "x", "en": "x"}})
    st.armies["0.G"].regiments.append(Regiment(1, [{"kind": "standard", "value": 30, "source": {}}]))
    st.apply(0, Rename("0.G", "item:0", "Épée de puissance"))
    st.apply(0, Rename("0.G", "gift:1:0", "Bannière de guerre"))
    army = st.view()["armies"]["0.G"]
    assert army["hero"]["items"][0]["name"] == "Épée de puissance"
    assert army["regiments"][0]["gifts"][0]["name"] == "Bannière de guerre"
    for bad in ("item:3", "item:-1", "gift:2:0", "item:x"):
        with pytest.raises(IllegalAction):
            st.apply(0, Rename("0.G", bad, "?"))
