"""One test per d66 random event that acts on the campaign (forced with designer mode)."""

from rules.gorges.actions import Challenge, Done, Move
from rules.gorges.phases import challenges, movement
from rules.gorges.phases.conquest import save_modifiers
from rules.gorges.phases.events import events_phase
from rules.gorges.phases.production import mines_phase, search_phase
from rules.gorges.seasons import end_season
from tests.gorges.helpers import answer, arrange, force, scenario, set_up

QUIET = 26  # Rich pickings: only changes the search target


def event(roll: int, races=("empire", "skaven"), before=None, other: int = QUIET):
    """Seat 0 draws `roll`, seat 1 draws a quiet event; stops at the first choice."""
    st = set_up(races)
    st.order = [0, 1]
    if before:
        before(st)
    force(st, "d66", roll, other)
    scenario(st, events_phase(st))
    return st


def test_event_is_logged_with_its_text_and_kept_until_next_event():
    st = event(63)
    entries = [e for e in st.log if e["key"] == "gorges.log.event"]
    assert entries[-2]["params"]["roll"] == 63 and entries[-2]["params"]["entry"]["text"]["fr"]
    assert st.generals[0].event == 63 and st.view(None)["generals"][0]["event"]["roll"] == 63


def test_11_an_army_leaves_until_next_season():
    st = event(11)
    assert st.prompt.kind == "army" and st.to_act() == [0]
    answer(st, "0.L1")
    assert st.armies["0.L1"].location is None and st.armies["0.L1"].returns == "season"


def _allowances(st, seat=0):
    st.order = [seat]
    scenario(st, movement.movement_phase(st))
    return {a.id: a.allowance for a in st.armies_of(seat)}


def test_12_fog_keeps_the_lowest_of_2d3():
    st = event(12)
    force(st, "d3", 3, 1, 2, 2, 1, 3)
    assert _allowances(st) == {"0.G": 1, "0.L1": 2, "0.L2": 1}


def test_33_swift_riders_keep_the_highest_of_2d3():
    st = event(33)
    force(st, "d3", 3, 1, 2, 2, 1, 3)
    assert _allowances(st) == {"0.G": 3, "0.L1": 2, "0.L2": 3}


def test_13_traitors_give_minus_one_to_fortification_saves_only():
    # "Toutes vos sauvegardes de fortification subissent un malus de -1": only saves a
    # fortification helps (like 65), not a bare territory's save.
    st = event(13)
    arrange(st, owner={"gue-rouge": 0, "cap-du-pendu": 0})
    assert all(m["key"] != "event" for m in save_modifiers(st, 0, 1, "cap-du-pendu"))
    st.building["lande-grise"] = "fortress"  # next to cap-du-pendu
    mods = save_modifiers(st, 0, 1, "cap-du-pendu")
    assert {"key": "event", "value": -1} in mods and {"key": "fortress", "value": 2} in mods


def test_65_strong_walls_add_one_only_when_fortified():
    st = event(65)
    arrange(st, owner={"gue-rouge": 0, "cap-du-pendu": 0})
    assert all(m["key"] != "event" for m in save_modifiers(st, 0, 1, "cap-du-pendu"))
    st.building["lande-grise"] = "fortress"  # next to cap-du-pendu
    mods = save_modifiers(st, 0, 1, "cap-du-pendu")
    assert {"key": "event", "value": 1} in mods and {"key": "fortress", "value": 2} in mods  # Empire


def test_14_an_own_hero_rolls_on_the_wounds_table():
    st = event(14)
    assert st.prompt.kind == "hero" and set(st.prompt.options) == {"0.G", "0.L1", "0.L2"}
    force(st, "d6", 4, 3)  # scarred mind, frenzy
    answer(st, "0.L2")
    assert st.armies["0.L2"].hero.rules == [{"fr": "Frénésie", "en": "Frenzy"}]


def test_56_an_enemy_hero_rolls_and_can_be_captured_by_us():
    st = event(56)
    assert set(st.prompt.options) == {"1.G", "1.L1", "1.L2"}
    force(st, "d6", 2)  # captured
    answer(st, "1.G")
    assert st.armies["1.G"].hero.captive_of == 0 and st.generals[0].hostages == ["1.G"]
    end_season(st)
    assert st.generals[0].relics == 1 and st.armies["1.G"].hero.captive_of is None


def test_15_deserters_take_the_flag_off_an_own_territory_not_the_capital():
    st = event(15, before=lambda s: arrange(s, owner={"gue-rouge": 0}))
    assert st.owner["gue-rouge"] is None and st.owner[st.generals[0].capital] == 0


def test_16_plague_razes_an_own_building_but_keeps_the_flag():
    st = event(16, before=lambda s: arrange(s, owner={"gue-rouge": 0}, building={"gue-rouge": "mine"}))
    assert st.building["gue-rouge"] is None and st.owner["gue-rouge"] == 0


def test_21_uprising_frees_an_enemy_territory_not_a_capital():
    st = event(21, before=lambda s: arrange(s, owner={"roches-hurlantes": 1}))
    assert st.owner["roches-hurlantes"] is None and st.owner["plaine-des-os"] == 1


def test_22_settlers_plant_a_flag_on_neutral_land():
    st = event(22)
    assert st.prompt.kind == "territory" and "vieux-phare" in st.prompt.options
    assert "lande-grise" not in st.prompt.options
    answer(st, "vieux-phare")
    assert st.owner["vieux-phare"] == 0


def test_23_raiders_take_enemy_land_without_buildings():
    def before(s):
        arrange(s, owner={"roches-hurlantes": 1, "marais-puant": 1}, building={"marais-puant": "mine"})
    st = event(23, before=before)
    assert st.owner["roches-hurlantes"] == 0 and st.owner["marais-puant"] == 1


def test_24_sappers_tear_down_an_enemy_fortification():
    st = event(24, before=lambda s: arrange(s, owner={"roches-hurlantes": 1},
                                            building={"roches-hurlantes": "city"}))
    assert st.building["roches-hurlantes"] is None and st.owner["roches-hurlantes"] == 1


def test_25_gold_rush_takes_an_enemy_mine():
    st = event(25, before=lambda s: arrange(s, owner={"marais-puant": 1}, building={"marais-puant": "mine"}))
    assert st.owner["marais-puant"] == 0 and st.building["marais-puant"] == "mine"


def test_26_rich_pickings_find_relics_on_five():
    st = event(26, other=12)
    arrange(st, owner={"gue-rouge": 0, "cap-du-pendu": 0})
    st.crown = "vieux-phare"
    st.order = [0]
    force(st, "d6", 5, 4, 6)  # cap-du-pendu, gue-rouge, lande-grise (sorted)
    search_phase(st)
    assert st.generals[0].relics == 2


def test_31_the_ghost_moves_again():
    st = set_up()
    st.order = [0, 1]
    st.crown = "clairiere-maudite"
    force(st, "d66", 31, QUIET)
    force(st, "d6", 1, 1)  # east, one hex
    scenario(st, events_phase(st))
    assert st.crown == "terres-brulees"


def test_32_forced_march_lets_one_army_move_twice():
    st = event(32)
    st.order = [0]
    force(st, "d3", 1, 1, 1, 2)  # three armies, then the second move
    scenario(st, movement.movement_phase(st))
    st.apply(0, Move("0.G", "gue-rouge"))
    assert Move("0.G", "val-du-rhum", "second") in st.legal_actions(0)
    st.apply(0, Move("0.G", "val-du-rhum", "second"))
    assert st.armies["0.G"].location == "val-du-rhum"
    assert not any(a.mode == "second" for a in st.legal_actions(0) if isinstance(a, Move))


def test_34_deception_moves_an_enemy_army():
    st = event(34)
    st.order = [0]
    force(st, "d3", 1, 1, 1, 1)
    scenario(st, movement.movement_phase(st))
    st.apply(0, Move("1.G", "baie-des-epaves", "enemy"))
    assert st.armies["1.G"].location == "baie-des-epaves"


def test_35_raise_the_colours_gives_a_proud_banner():
    st = event(35)
    force(st, "d6", 4)
    answer(st, "0.G")
    reg = st.armies["0.G"].regiments
    assert len(reg) == 1 and reg[0].gifts[0]["kind"] == "standard" and reg[0].gifts[0]["value"] == 40


def test_36_veterans_give_feats_of_arms():
    st = event(36)
    force(st, "d6", 5)  # stubborn
    answer(st, "0.L1")
    assert st.armies["0.L1"].regiments[0].gifts[0]["rule"]["en"] == "Stubborn"


def test_41_to_45_store_a_note_for_the_next_battle():
    for roll in (41, 42, 44, 45):
        st = event(roll)
        notes = st.generals[0].notes
        assert len(notes) == 1 and notes[0]["name"] == st.content.events[roll].name.model_dump()


def test_43_scouts_roll_their_redeployments_now():
    st = set_up()
    st.order = [0, 1]
    force(st, "d66", 43, QUIET)
    force(st, "d3", 2)
    scenario(st, events_phase(st))
    assert st.generals[0].notes[0]["value"] == 3


def test_46_drill_rolls_a_feat_now():
    st = set_up()
    st.order = [0, 1]
    force(st, "d66", 46, QUIET)
    force(st, "d6", 6)
    scenario(st, events_phase(st))
    assert st.generals[0].notes[0]["value"]["en"] == "Fear"


def test_52_slaves_roll_a_cave_in_again():
    st = event(52)
    arrange(st, owner={"gue-rouge": 0}, building={"gue-rouge": "mine"})
    st.order = [0]
    force(st, "d6", 1, 3, 2)  # cave-in, re-rolled to gold and iron, 2x50 points
    scenario(st, mines_phase(st))
    assert st.building["gue-rouge"] == "mine" and st.generals[0].extra_points == 100


def test_53_diplomacy_bars_a_challenger():
    st = event(53)
    arrange(st, owner={"gue-rouge": 1}, armies={"1.G": "lande-grise"})
    assert (1, 0) in st.forbidden
    assert challenges.legal(st, 1) == [Done()]


def test_54_agent_at_court_names_the_only_target():
    st = set_up(("empire", "skaven", "dwarfs"))
    st.order = [0, 1, 2]
    force(st, "d66", 54, QUIET, QUIET)
    scenario(st, events_phase(st))
    answer(st, "1")
    answer(st, "0")
    assert st.dictated == {1: 0}
    assert not challenges.may_target(st, 1, 2) and challenges.may_target(st, 1, 0)


def test_55_tunnel_challenges_anyone_anywhere():
    st = event(55, before=lambda s: arrange(s, owner={"roches-hurlantes": 1}))
    legal = challenges.legal(st, 0)
    assert Challenge(1, "0.G", "roches-hurlantes") in legal
    st.generals[0].event = QUIET
    assert Challenge(1, "0.G", "roches-hurlantes") not in challenges.legal(st, 0)


def test_61_treasure_map_gives_a_relic_and_a_mine():
    st = event(61)
    answer(st, "vieux-phare")
    assert st.generals[0].relics == 1 and st.building["vieux-phare"] == "mine"


def test_62_unexpected_victory_rolls_war_spoils():
    st = event(62)
    force(st, "d6", 3, 5)  # recruits: 5x50
    answer(st, "0.L2")
    assert st.armies["0.L2"].extra_points == 250


def test_62_unexpected_victory_keeps_infamy_for_the_armys_next_battle():
    st = event(62)
    force(st, "d6", 1)  # Infamy: no opponent yet, the next one gets Hatred
    answer(st, "0.L2")
    notes = st.armies["0.L2"].notes
    assert [n["name"]["en"] for n in notes] == ["Infamy"] and notes[0]["against"] == "any"


def test_63_treasure_chest_gives_1d3_relics():
    st = set_up()
    st.order = [0, 1]
    force(st, "d66", 63, QUIET)
    force(st, "d3", 3)
    scenario(st, events_phase(st))
    assert st.generals[0].relics == 3


def test_64_cunning_leader_plays_first():
    st = set_up()
    st.order = [0, 1]
    force(st, "d66", QUIET, 64)
    scenario(st, events_phase(st))
    assert st.order == [1, 0]


def test_66_reinforcements_join_until_the_season_ends():
    st = event(66)
    assert st.armies["0.R"].location == st.generals[0].capital
    end_season(st)
    assert "0.R" not in st.armies


def test_51_siege_train_takes_a_territory_after_a_won_battle():
    from rules.gorges.actions import BattleResult
    from rules.gorges.phases.battles import battles_phase
    st = event(51, before=lambda s: arrange(s, owner={"roches-hurlantes": 1, "marais-puant": 1,
                                                       "baie-des-epaves": 1}))
    arrange(st, armies={"0.G": "roches-hurlantes", "1.G": "roches-hurlantes"})
    st.challenges = [{"challenger": 0, "target": 1, "army": "0.G", "territory": "roches-hurlantes",
                      "status": "accepted", "defender_army": "1.G"}]
    scenario(st, battles_phase(st))
    force(st, "d6", 2, 2, 1)  # elite army; wounded; the beaten army retreats
    st.apply(0, BattleResult(0))
    assert st.prompt.kind == "territory" and set(st.prompt.options) == {"marais-puant", "baie-des-epaves"}
    answer(st, "baie-des-epaves")
    assert st.owner["baie-des-epaves"] == 0 and st.owner["roches-hurlantes"] == 0
