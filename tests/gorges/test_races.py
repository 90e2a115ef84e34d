"""Each race ability the rules apply."""

from rules.gorges.actions import Build, Choose, Move, MoveCapital, RerollMovement, SwapArmies
from rules.gorges.armies import destroy, enforce_home
from rules.gorges.phases import challenges, construction, movement
from rules.gorges.phases.battles import battles_phase
from rules.gorges.phases.conquest import save_modifiers
from rules.gorges.phases.production import mines_phase
from rules.gorges.resolve import wound
from rules.gorges.seasons import start_turn
from tests.gorges.helpers import arrange, force, scenario, set_up


def moving(race, d3=(1, 1, 1)):
    st = set_up((race, "empire"))
    st.order = [0]
    st.generals[0].event = 26
    force(st, "d3", *d3)
    scenario(st, movement.movement_phase(st))
    return st


def test_bretonnia_moves_1d3_plus_1():
    st = moving("bretonnia", (1, 2, 3))
    assert [a.allowance for a in st.armies_of(0)] == [2, 3, 4]


def test_high_elves_reroll_movement_and_keep_the_second():
    st = moving("high_elves", (3, 1, 1, 1))
    st.apply(0, RerollMovement("0.G"))
    assert st.armies["0.G"].allowance == 1
    assert RerollMovement("0.G") not in st.legal_actions(0)


def test_high_elves_and_dark_elves_raid_a_coast_and_may_be_lost():
    for race in ("high_elves", "dark_elves"):
        st = moving(race)
        targets = {a.to for a in st.legal_actions(0) if isinstance(a, Move) and a.mode == "raid"}
        assert "vieux-phare" in targets and "clairiere-maudite" not in targets  # inland
        st.building["vieux-phare"] = None
        force(st, "d6", 2)
        st.apply(0, Move("0.L1", "vieux-phare", "raid"))
        assert st.armies["0.L1"].location == "vieux-phare"
        assert not [a for a in st.legal_actions(0) if isinstance(a, Move) and a.mode == "raid"]
        st = moving(race)
        force(st, "d6", 1)
        st.apply(0, Move("0.L1", "vieux-phare", "raid"))
        assert st.armies["0.L1"].location is None


def test_raids_never_hit_a_fortress_or_a_city():
    st = set_up(("skaven", "empire"))
    st.building["vieux-phare"] = "fortress"
    st.building["mont-crown"] = "city"
    st.order = [0]
    st.generals[0].event = 26
    scenario(st, movement.movement_phase(st))
    targets = {a.to for a in st.legal_actions(0) if isinstance(a, Move) and a.mode == "raid"}
    assert "vieux-phare" not in targets and "mont-crown" not in targets and "clairiere-maudite" in targets


def test_skaven_tunnels_anywhere_lost_on_1_2_mine_on_5_6():
    for face, where, mine in ((2, None, None), (3, "clairiere-maudite", None), (6, "clairiere-maudite", "mine")):
        st = moving("skaven")
        force(st, "d6", face)
        st.apply(0, Move("0.G", "clairiere-maudite", "raid"))
        assert st.armies["0.G"].location == where and st.building["clairiere-maudite"] == mine


def test_wood_elves_forest_paths_forest_fortress_and_no_cities():
    st = set_up(("wood_elves", "empire"))
    st.armies["0.G"].location = "bois-des-noyes"
    st.order = [0]
    st.generals[0].event = 26
    scenario(st, movement.movement_phase(st))
    forest = {a.to for a in st.legal_actions(0) if isinstance(a, Move) and a.mode == "forest"}
    assert forest == {"bois-du-pendu", "bosquet-du-pirate", "clairiere-maudite", "foret-noire",
                      "futaie-sombre", "grand-chene", "sylve-ancienne", "taillis-epineux"}
    arrange(st, owner={"bois-des-noyes": 0, "cap-du-pendu": 0})
    assert {"key": "fortress", "value": 1} in save_modifiers(st, 0, 1, "cap-du-pendu")
    st.building["lande-grise"] = "fortress"
    assert construction.options(st, 0, "lande-grise") == []


def test_empire_fortifications_give_plus_2_and_plus_3():
    st = set_up(("empire", "skaven"))
    arrange(st, owner={"gue-rouge": 0, "pic-du-corbeau": 0}, building={"lande-grise": "fortress",
                                                                     "pic-du-corbeau": "city"})
    mods = save_modifiers(st, 0, 1, "gue-rouge")
    assert {"key": "fortress", "value": 2} in mods and {"key": "city", "value": 3} in mods


def test_warriors_and_beastmen_give_minus_1_to_saves_and_build_no_cities():
    for race in ("warriors_of_chaos", "beastmen"):
        st = set_up((race, "empire"))
        arrange(st, owner={"vieux-phare": 1})
        assert {"key": "race", "value": -1} in save_modifiers(st, 1, 0, "vieux-phare")
        st.building["lande-grise"] = "fortress"
        assert construction.legal(st, 0) == construction.legal(st, 0)[:1]
        from rules.core import IllegalAction
        try:
            construction.check(st, 0, Build("0.G", "city"))
            raise AssertionError("a city was allowed")
        except IllegalAction as exc:
            assert exc.key == "gorges.illegal.no_cities"


def test_dwarf_mines_protect_like_a_fortress():
    st = set_up(("dwarfs", "skaven"))
    arrange(st, owner={"gue-rouge": 0}, building={"lande-grise": "mine"})
    assert {"key": "fortress", "value": 1} in save_modifiers(st, 0, 1, "gue-rouge")


def test_dark_elf_slaves_go_to_the_mine_the_general_chooses_after_a_victory():
    st = set_up(("dark_elves", "skaven"))
    arrange(st, owner={"gue-rouge": 0, "pic-du-corbeau": 0},
            building={"gue-rouge": "mine", "pic-du-corbeau": "mine"})
    st.generals[0].won_last_turn = True
    st.order = [0]
    st.generals[0].event = 26
    force(st, "d6", 1, 1, 3)  # gue-rouge caves in (no slaves); pic-du-corbeau: 1+1 = gold (3x50)
    scenario(st, mines_phase(st))
    assert st.prompt.kind == "territory" and st.prompt.context["slaves"]
    st.apply(0, Choose("pic-du-corbeau"))
    assert st.building["pic-du-corbeau"] == "mine" and st.generals[0].extra_points == 150
    assert st.building["gue-rouge"] is None


def test_vampire_counts_roll_two_wounds_and_choose():
    st = set_up(("vampire_counts", "empire"))
    force(st, "d6", 1, 6, 4)  # grievous or lesson; keep the lesson: +1 I
    scenario(st, wound(st, st.armies["0.G"], 1, st.armies["1.G"]))
    assert st.prompt.kind == "wound_choice" and st.prompt.options == ("1", "6")
    st.apply(0, Choose("6"))
    assert st.armies["0.G"].hero.profile == {"I": 1}


def test_daemons_swap_armies_at_any_time_as_often_as_they_like():
    st = moving("daemons")
    st.armies["0.L1"].location = "gue-rouge"
    st.apply(0, SwapArmies("0.G", "0.L1"))
    assert st.armies["0.G"].location == "gue-rouge" and st.armies["0.L1"].location == "lande-grise"
    assert [a for a in st.legal_actions(0) if isinstance(a, SwapArmies)]
    st.apply(0, SwapArmies("0.G", "0.L1"))  # a second time: no once-a-turn limit
    assert st.armies["0.G"].location == "lande-grise"
    arrange(st, owner={"pic-du-corbeau": 1})
    assert any(isinstance(a, SwapArmies) for a in challenges.legal(st, 0))


def test_orcs_come_back_at_the_start_of_the_next_turn():
    st = set_up(("orcs_goblins", "empire"))
    st.armies["0.G"].location = "gue-rouge"
    destroy(st, st.armies["0.G"])
    assert st.armies["0.G"].returns == "turn"
    start_turn(st)
    assert st.armies["0.G"].location == st.generals[0].capital


def test_tomb_kings_burrow_and_need_no_army_at_home():
    st = set_up(("tomb_kings", "empire"))
    arrange(st, owner={"vieux-phare": 0}, armies={"0.G": "clairiere-maudite", "0.L1": "clairiere-maudite",
                                                  "0.L2": "clairiere-maudite"})
    enforce_home(st, 0)
    assert all(a.location == "clairiere-maudite" for a in st.armies_of(0))
    st.order = [0]
    st.generals[0].event = 26
    scenario(st, movement.movement_phase(st))
    burrow = {a.to for a in st.legal_actions(0) if isinstance(a, Move) and a.mode == "burrow"}
    assert burrow == {"lande-grise", "vieux-phare"}
    st.apply(0, Move("0.G", "vieux-phare", "burrow"))
    assert not [a for a in st.legal_actions(0) if isinstance(a, Move) and a.mode == "burrow"]


def test_ogres_move_their_capital_one_hex():
    st = moving("ogre_kingdoms")
    options = {a.to for a in st.legal_actions(0) if isinstance(a, MoveCapital)}
    assert options == {"colline-du-gibet", "gue-rouge", "pic-du-corbeau", "bois-des-noyes", "cap-du-pendu"}
    st.apply(0, MoveCapital("gue-rouge"))
    assert st.generals[0].capital == "gue-rouge" and st.owner["gue-rouge"] == 0
    assert st.owner["lande-grise"] == 0
    assert not [a for a in st.legal_actions(0) if isinstance(a, MoveCapital)]


def test_lizardmen_wizards_reminder_on_their_fortified_land():
    st = set_up(("lizardmen", "empire"))
    arrange(st, owner={"gue-rouge": 0}, building={"gue-rouge": "fortress"},
            armies={"0.G": "gue-rouge", "1.G": "gue-rouge"})
    st.challenges = [{"challenger": 1, "target": 0, "army": "1.G", "territory": "gue-rouge",
                      "status": "accepted", "defender_army": "0.G"}]
    scenario(st, battles_phase(st))
    sides = st.view(None)["battle"]["sides"]
    assert sides[1]["reminders"] and not sides[0]["reminders"]


def test_wood_elves_forest_protects_like_a_fortress_even_under_a_captured_city():
    st = set_up(("wood_elves", "skaven"))
    arrange(st, owner={"bois-des-noyes": 0}, building={"bois-des-noyes": "city"})
    mods = save_modifiers(st, 0, 1, "bois-des-noyes")
    assert {"key": "fortress", "value": 1} in mods and {"key": "city", "value": 2} in mods
