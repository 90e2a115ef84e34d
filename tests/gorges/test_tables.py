"""One test per table entry that acts on the campaign: spoils, defeats, wounds, mines, fate,
two armies without a challenge; and the whole after-battle sequence."""

import pytest

from rules.gorges.actions import BattleResult
from rules.gorges.phases.battles import battles_phase
from rules.gorges.phases.conquest import conquest_phase
from rules.gorges.phases.production import mines_phase
from rules.gorges.records import Regiment
from rules.gorges.resolve import apply_effects, wound
from tests.gorges.helpers import CONTENT, answer, arrange, finish, force, scenario, set_up, step


def run_entry(table: str, face: int, seat: int = 0, st=None, **ctx):
    st = st or set_up(("empire", "skaven"))
    army, opponent = st.armies[f"{seat}.G"], st.armies[f"{1 - seat}.G"]
    base = {"army": army, "opponent": opponent, "enemy": 1 - seat, "beaten": opponent}
    base.update(ctx)
    scenario(st, apply_effects(st, seat, CONTENT.entry(table, face), base))
    return st


# -- war spoils -------------------------------------------------------------------------------

def test_spoils_1_infamy_gives_the_opponent_hatred_against_us():
    st = run_entry("war_spoils", 1)
    assert st.armies["1.G"].notes[0]["against"] == "seat:0"


def test_spoils_2_elite_army_is_a_note_on_the_army():
    st = run_entry("war_spoils", 2)
    assert st.armies["0.G"].notes[0]["against"] == "any"


def test_spoils_3_recruits_add_1d6x50_points():
    st = set_up()
    force(st, "d6", 4)
    run_entry("war_spoils", 3, st=st)
    assert st.armies["0.G"].extra_points == 200


def test_spoils_4_proud_banner_makes_a_renown_regiment_with_a_standard():
    st = set_up()
    force(st, "d6", 6)
    run_entry("war_spoils", 4, st=st)
    assert [g["value"] for g in st.armies["0.G"].regiments[0].gifts] == [60]


def test_spoils_5_feats_of_arms_rolls_a_rule_and_rerolls_one_already_held():
    st = set_up()
    army = st.armies["0.L1"]
    army.regiments = [Regiment(1, [{"kind": "rule", "rule": {"fr": "Tenace", "en": "Stubborn"}}]),
                      Regiment(2)]
    army.next_regiment = 3
    force(st, "d6", 5, 2)  # stubborn again -> re-rolled: armour piercing
    run_entry("war_spoils", 5, st=st, army=army)
    answer(st, "1")  # the Lieutenant's army is full (2): choose who gets it
    rules = [g["rule"]["en"] for g in army.regiments[0].gifts]
    assert rules == ["Stubborn", "Armour Piercing"] and len(army.regiments) == 2


def test_spoils_6_lure_of_gold_gives_a_relic_and_an_item():
    st = set_up()
    force(st, "d6", 3)
    run_entry("war_spoils", 6, st=st)
    assert st.generals[0].relics == 1 and st.armies["0.G"].hero.items[0]["value"] == 30


def test_the_general_army_holds_three_renown_regiments():
    st = set_up()
    force(st, "d6", 1, 1, 1)
    for _ in range(3):
        run_entry("war_spoils", 4, st=st)
    assert len(st.armies["0.G"].regiments) == 3
    force(st, "d6", 2)
    run_entry("war_spoils", 4, st=st)
    assert st.prompt.kind == "regiment" and st.prompt.options == ("1", "2", "3")


# -- defeats ----------------------------------------------------------------------------------

def test_defeat_1_fear_of_this_opponent():
    st = run_entry("defeats", 1)
    assert st.armies["0.G"].notes[0]["against"] == "seat:1"


@pytest.mark.parametrize("face", [2, 3, 4])
def test_defeats_2_to_4_are_notes_for_the_next_battle(face):
    st = run_entry("defeats", face)
    assert st.armies["0.G"].notes[0]["name"] == CONTENT.entry("defeats", face).name.model_dump()


def test_defeat_5_loses_a_renown_regiment_or_applies_4():
    st = run_entry("defeats", 5)
    assert st.armies["0.G"].notes[0]["name"]["en"] == "Green officers"
    st = set_up()
    st.armies["0.G"].regiments = [Regiment(1), Regiment(2)]
    run_entry("defeats", 5, st=st)
    assert len(st.armies["0.G"].regiments) == 1 and not st.armies["0.G"].notes


def test_defeat_6_vengeance_against_the_same_race():
    st = run_entry("defeats", 6)
    assert st.armies["0.G"].notes[0]["against"] == "race:skaven"


# -- wounds -----------------------------------------------------------------------------------

def wounded(*dice, races=("empire", "skaven"), enemy=1, army="0.G"):
    st = set_up(races)
    force(st, "d6", *dice)
    opponent = st.armies[f"{enemy}.G"] if enemy is not None else None
    scenario(st, wound(st, st.armies[army], enemy, opponent))
    return st


@pytest.mark.parametrize("sub, changes", [(2, {"M": -1}), (3, {"WS": -1, "BS": -1}), (4, {"S": -1}),
                                          (5, {"T": -1}), (6, {"A": -1})])
def test_wound_1_grievous_changes_the_profile_for_good(sub, changes):
    st = wounded(1, sub)
    assert st.armies["0.G"].hero.profile == changes


def test_wound_1_grievous_death_gives_a_new_hero():
    st = wounded(5, 1)  # lose item? no: first give an item
    st = set_up()
    st.armies["0.G"].hero.items.append({"value": 30, "kind": "item", "source": {}})
    force(st, "d6", 1, 1)
    scenario(st, wound(st, st.armies["0.G"], 1, st.armies["1.G"]))
    hero = st.armies["0.G"].hero
    assert hero.deaths == 1 and hero.items == [] and hero.profile == {}


def test_wound_2_captured_by_the_enemy():
    st = wounded(2)
    assert st.armies["0.G"].hero.captive_of == 1 and st.generals[1].hostages == ["0.G"]


def test_wound_2_with_no_enemy_misses_the_next_battle():
    st = wounded(2, enemy=None)
    assert st.armies["0.G"].hero.misses_next_battle and st.armies["0.G"].hero.captive_of is None


def test_wound_3_light_wound_lasts_one_battle():
    st = wounded(3, 4)
    hero = st.armies["0.G"].hero
    assert hero.profile == {} and hero.next_battle_profile == {"S": -1}
    st = wounded(3, 1)
    assert st.armies["0.G"].hero.misses_next_battle and st.armies["0.G"].hero.deaths == 0


@pytest.mark.parametrize("sub, rule", [(1, "Fear of the foe"), (2, "Fear of the foe"), (3, "Frenzy"),
                                       (4, "Frenzy"), (5, "Stupidity"), (6, "Immune to Psychology")])
def test_wound_4_scarred_mind(sub, rule):
    st = wounded(4, sub)
    assert [r["en"] for r in st.armies["0.G"].hero.rules] == [rule]


def test_wound_4_rerolls_a_rule_already_held():
    st = set_up()
    st.armies["0.G"].hero.rules.append({"fr": "Frénésie", "en": "Frenzy"})
    force(st, "d6", 4, 3, 5)
    scenario(st, wound(st, st.armies["0.G"], 1, st.armies["1.G"]))
    assert [r["en"] for r in st.armies["0.G"].hero.rules] == ["Frenzy", "Stupidity"]


def test_wound_5_item_lost_and_stolen_on_a_six():
    st = set_up()
    st.armies["0.G"].hero.items.append({"value": 40, "kind": "item", "source": {}})
    force(st, "d6", 5, 6)
    scenario(st, wound(st, st.armies["0.G"], 1, st.armies["1.L1"]))
    assert st.armies["0.G"].hero.items == [] and st.armies["1.L1"].hero.items[0]["value"] == 40


def test_wound_5_an_item_stolen_by_a_reinforcement_goes_to_the_enemy_general():
    from rules.gorges.records import REINFORCEMENT, Army
    st = set_up()
    st.armies["1.R"] = Army("1.R", 1, REINFORCEMENT, st.generals[1].capital)
    st.armies["0.G"].hero.items.append({"value": 40, "kind": "item", "source": {}})
    force(st, "d6", 5, 6)
    scenario(st, wound(st, st.armies["0.G"], 1, st.armies["1.R"]))
    assert st.armies["1.R"].hero.items == [] and st.armies["1.G"].hero.items[0]["value"] == 40


def test_wound_5_item_lost_for_good_below_six():
    st = set_up()
    st.armies["0.G"].hero.items.append({"value": 40, "kind": "item", "source": {}})
    force(st, "d6", 5, 5)
    scenario(st, wound(st, st.armies["0.G"], 1, st.armies["1.L1"]))
    assert st.armies["0.G"].hero.items == [] and st.armies["1.L1"].hero.items == []


def test_wound_5_without_items_applies_3():
    st = wounded(5, 6)
    assert st.armies["0.G"].hero.next_battle_profile == {"A": -1}


@pytest.mark.parametrize("sub, changes", [(1, {"WS": 1, "BS": 1}), (2, {"S": 1}), (3, {"T": 1}),
                                          (4, {"I": 1}), (5, {"A": 1}), (6, {"W": 1})])
def test_wound_6_lesson(sub, changes):
    st = wounded(6, sub)
    assert st.armies["0.G"].hero.profile == changes


# -- mines ------------------------------------------------------------------------------------

def mines(*dice, races=("empire", "skaven")):
    st = set_up(races)
    arrange(st, owner={"gue-rouge": 0}, building={"gue-rouge": "mine"})
    st.order = [0]
    force(st, "d6", *dice)
    scenario(st, mines_phase(st))
    return st


def test_mine_1_caves_in():
    st = mines(1)
    assert st.building["gue-rouge"] is None


@pytest.mark.parametrize("face", [2, 3, 4])
def test_mine_2_to_4_gold_and_iron(face):
    st = mines(face, 3)
    assert st.generals[0].extra_points == 150 and st.building["gue-rouge"] == "mine"


@pytest.mark.parametrize("face", [5, 6])
def test_mine_5_6_hoard_gives_a_chosen_hero_an_item(face):
    st = mines(face, 2)
    assert st.prompt.kind == "hero"
    answer(st, "0.L1")
    assert st.armies["0.L1"].hero.items[0]["value"] == 20


def test_neutral_mines_produce_nothing():
    st = set_up()
    arrange(st, building={"vieux-phare": "mine"})
    n = len(st.log)
    scenario(st, mines_phase(st))
    assert not [e for e in st.log[n:] if e["key"] == "gorges.log.table"]


# -- battles: fate of the beaten army and the whole sequence ---------------------------------

def battle(st, winner: int, slain=(), storm=False):
    st.challenges = [{"challenger": 0, "target": 1, "army": "0.G", "territory": "roches-hurlantes",
                      "status": "accepted", "defender_army": "1.G"}]
    scenario(st, battles_phase(st))
    assert st.prompt.kind == "battle_result" and st.to_act() == [0, 1] and st.waiting_on() == [0]
    st.apply(1, BattleResult(winner, (1000, 1100), tuple(slain), storm))


def _arena():
    st = set_up(("empire", "skaven"))
    arrange(st, owner={"roches-hurlantes": 1, "marais-puant": 1},
            armies={"0.G": "roches-hurlantes", "1.G": "roches-hurlantes"})
    return st


@pytest.mark.parametrize("face", [1, 2, 3])
def test_fate_1_3_beaten_army_retreats(face):
    st = _arena()
    force(st, "d6", 2, 2, face)  # spoils: elite army; defeat: wounded; fate
    battle(st, 0)
    assert st.owner["roches-hurlantes"] == 0
    assert st.armies["1.G"].location in ("marais-puant", "plaine-des-os")


@pytest.mark.parametrize("face", [4, 5, 6])
def test_fate_4_6_beaten_army_leaves_until_next_season(face):
    st = _arena()
    force(st, "d6", 2, 2, face)
    battle(st, 0)
    assert st.armies["1.G"].location is None and st.armies["1.G"].returns == "season"


def test_after_battle_sequence_spoils_defeat_fate_wounds():
    st = _arena()
    st.armies["0.G"].notes.append({"name": {}, "text": {}, "value": None, "against": "seat:1", "origin": 0})
    st.armies["0.G"].notes.append({"name": {}, "text": {}, "value": None, "against": "seat:5", "origin": 0})
    st.generals[1].extra_points = 150
    force(st, "d6", 3, 4, 4, 6, 2)  # recruits 4x50; green officers; fate: rout; wound: captured
    battle(st, 1, slain=("0.G",))
    assert st.owner["roches-hurlantes"] == 1
    assert st.armies["1.G"].extra_points == 200 and st.generals[1].extra_points == 0
    assert st.armies["0.G"].location is None
    assert st.armies["0.G"].hero.captive_of == 1
    assert [n["against"] for n in st.armies["0.G"].notes] == ["seat:5", "any"]  # used one consumed
    tables = [e["params"]["table"]["text"]["en"] for e in st.log if e["key"] == "gorges.log.table"][-4:]
    assert tables == ["War spoils", "Shameful defeats", "Fate of the beaten army", "Character wounds"]
    assert st.armies["1.G"].wins == 1 and st.armies["0.G"].losses == 1


def test_battle_briefing_lists_bonuses_and_the_cap():
    st = _arena()
    st.armies["0.G"].extra_points = 100
    st.generals[0].notes.append({"name": {"fr": "x", "en": "x"}, "text": {}, "value": None,
                                 "against": "any", "origin": 0})
    st.challenges = [{"challenger": 0, "target": 1, "army": "0.G", "territory": "roches-hurlantes",
                      "status": "accepted", "defender_army": "1.G"}]
    scenario(st, battles_phase(st))
    brief = st.view(None)["battle"]
    assert brief["points_cap_percent"] == 25 and brief["territory"] == "roches-hurlantes"
    assert brief["sides"][0]["extra_points"] == 100 and len(brief["sides"][0]["notes"]) == 1
    assert brief["season"]["name"]["en"] == "Spring"


def test_battle_result_checks_the_points_cap_and_fighters():
    from rules.core import IllegalAction
    st = _arena()
    st.challenges = [{"challenger": 0, "target": 1, "army": "0.G", "territory": "roches-hurlantes",
                      "status": "accepted", "defender_army": "1.G"}]
    scenario(st, battles_phase(st))
    for bad, key in [(BattleResult(0, (1000, 1300)), "gorges.illegal.points_cap"),
                     (BattleResult(2), "gorges.illegal.not_a_fighter"),
                     (BattleResult(0, slain=("0.L1",)), "gorges.illegal.not_a_slain_hero"),
                     (BattleResult(0, (-1, 5)), "gorges.illegal.negative_points")]:
        with pytest.raises(IllegalAction) as exc:
            st.apply(0, bad)
        assert exc.value.key == key
    st.apply(1, BattleResult(0, (1000, 1250)))  # exactly 25% more is allowed


# -- two armies, no challenge -----------------------------------------------------------------

def crowded(face):
    st = set_up(("empire", "skaven"))
    st.order = [0, 1]
    arrange(st, owner={"roches-hurlantes": 1}, armies={"0.G": "roches-hurlantes", "1.G": "roches-hurlantes"})
    force(st, "d6", face)
    scenario(st, conquest_phase(st))
    finish(st)
    return st


def test_no_challenge_1_a_wiped_out():
    st = crowded(1)
    assert st.armies["0.G"].location is None and st.armies["1.G"].location == "roches-hurlantes"


@pytest.mark.parametrize("face", [2, 3])
def test_no_challenge_2_3_a_driven_off(face):
    st = crowded(face)
    assert st.armies["0.G"].location == "lande-grise" and st.armies["1.G"].location == "roches-hurlantes"


@pytest.mark.parametrize("face", [4, 5])
def test_no_challenge_4_5_b_driven_off(face):
    st = crowded(face)
    assert st.armies["0.G"].location == "roches-hurlantes"
    assert st.armies["1.G"].location in ("plaine-des-os", "marais-puant")


def test_no_challenge_6_b_wiped_out():
    st = crowded(6)
    assert st.armies["1.G"].location is None and st.armies["0.G"].location == "roches-hurlantes"


def test_no_roll_when_a_challenge_was_made_there():
    st = set_up(("empire", "skaven"))
    st.order = [0, 1]
    arrange(st, owner={"roches-hurlantes": 1}, armies={"0.G": "roches-hurlantes", "1.G": "roches-hurlantes"})
    st.challenges = [{"challenger": 0, "target": 1, "army": "0.G", "territory": "roches-hurlantes",
                      "status": "accepted", "defender_army": "1.G"}]
    n = len(st.log)
    scenario(st, conquest_phase(st))
    assert not [e for e in st.log[n:] if e["key"] == "gorges.log.no_challenge"]


def test_step_helper_is_used():
    st = set_up()
    step(st)


@pytest.mark.parametrize("table", sorted(CONTENT.tables))
def test_every_entry_of_every_table_applies_cleanly(table):
    for face in range(1, 7):
        st = set_up(("vampire_counts", "dwarfs"))
        st.armies["0.G"].hero.items.append({"value": 10, "kind": "item", "source": {}})
        arrange(st, owner={"gue-rouge": 0}, building={"gue-rouge": "mine"}, armies={"1.G": "gue-rouge"})
        run_entry(table, face, st=st, mine="gue-rouge", a=st.armies["0.G"], b=st.armies["1.G"])
        finish(st)
        assert st.prompt is None


@pytest.mark.parametrize("roll", sorted(CONTENT.events))
def test_every_event_applies_cleanly_with_passive_answers(roll):
    from rules.gorges.phases.events import events_phase
    st = set_up(("orcs_goblins", "empire", "skaven"))
    st.order = [0, 1, 2]
    arrange(st, owner={"gue-rouge": 0, "roches-hurlantes": 1, "marais-puant": 1},
            building={"marais-puant": "mine", "roches-hurlantes": "fortress"})
    force(st, "d66", roll, 26, 26)
    scenario(st, events_phase(st))
    finish(st)
    assert st.generals[0].event == roll


def test_a_known_profile_shows_the_current_values_and_caps_wounds_at_ten():
    from rules.gorges.actions import SetProfile
    st = set_up()
    st.apply(0, SetProfile("0.G", (("M", 4), ("WS", 6), ("BS", 0), ("W", 10), ("A", 3))))
    force(st, "d6", 1, 3, 6)  # grievous: -1 WS/BS, but BS is 0: re-rolled to -1 A
    scenario(st, wound(st, st.armies["0.G"], 1, st.armies["1.G"]))
    hero = st.view(None)["armies"]["0.G"]["hero"]
    assert hero["current_profile"] == {"M": 4, "WS": 6, "BS": 0, "W": 10, "A": 2}
    force(st, "d6", 6, 6)  # lesson: +1 W, but 10 is the most
    scenario(st, wound(st, st.armies["0.G"], 1, st.armies["1.G"]))
    assert st.armies["0.G"].hero.current("W") == 10


def test_a_profile_must_be_well_formed_and_the_owners():
    from rules.core import IllegalAction
    from rules.gorges.actions import SetProfile
    st = set_up()
    for who, action in [(0, SetProfile("0.G", (("Q", 4),))), (0, SetProfile("0.G", (("M", 11),))),
                        (0, SetProfile("0.G", (("M", 4), ("M", 5)))), (1, SetProfile("0.G", (("M", 4),)))]:
        with pytest.raises(IllegalAction):
            st.apply(who, action)
