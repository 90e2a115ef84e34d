"""Both kinds of combat with forced dice: quests (groups, no-group, two monsters, counter-attack,
failure consequences, X2) and guild duels (lines, leader, rear line, counter-attack, loot, X2)."""

import pytest

from rules.core import IllegalAction
from rules.guildes.actions import ForceNextRoll, Place
from rules.guildes.records import Mage
from tests.guildes.helpers import (
    CONTENT,
    answer,
    finish_round,
    force,
    kind,
    last_log,
    new,
    program,
    started,
    until,
)


def _quest_setup(quests, mages0, mages1=("eleve",), first1="trade"):
    st = started(2, mages=[list(mages0), list(mages1)])
    st.quests = list(quests)
    for g in st.guilds:
        g.rubies = 10
    program(st, {0: "quest", 1: first1}, {0: "work", 1: "x2"}, {0: tuple(mages0)})
    return st


def test_group_attack_sums_the_element_and_every_roll_is_logged_with_its_purpose():
    st = _quest_setup(["rats_egouts", "brigands"], ["apprentie_flamme", "mercenaire"])
    answer(st, [("attempt", "go")])
    assert st.prompt.context["dice"]["fire"] == 7                 # 3 + 4 against a fire defence of 0
    force(st, *[0] * 6, 3)
    answer(st, [("element", "fire")])
    roll = last_log(st, "guildes.log.roll")
    assert roll["params"]["dice"] == "0 0 0 0 0 0 3" and roll["params"]["why"]["key"] == "guildes.why.quest_attack"
    assert roll["params"]["forced"]["key"] == "guildes.word.forced"
    assert st.quest_damage["rats_egouts"] == [3] and st.quests[0] == "rats_egouts"   # 3 < 5 hp: failed
    answer(st, [("damage_one", "apprentie_flamme")])
    assert st.guilds[0].mage("apprentie_flamme").damage == 1                         # failure: 1 damage on one mage
    assert st.guilds[0].mage("apprentie_flamme").centre


def test_failure_leaves_rubies_on_the_card_and_the_next_winner_takes_them():
    st = _quest_setup(["troll_pont", "brigands"], ["eleve"], ["gardien_cime", "druide"], first1="quest")
    st.guilds[1].mages[0].active = st.guilds[1].mages[1].active = True
    force(st, 1, 1, 1, 0)                       # the troll strikes back: 4 dice, 3 damage
    answer(st, [("attempt", "go"), ("element", "fire")])
    assert st.quest_damage["troll_pont"] == [0] and st.quest_loot["troll_pont"]["rubies"] == 3
    assert st.guilds[0].rubies == 7 and st.guilds[0].mage("eleve") is None     # 3 + 2 damage > 2 hp: dead
    assert last_log(st, "guildes.log.died") is not None
    assert kind(st) == "attempt" and st.prompt.seats == (1,)
    assert st.prompt.seats == (1,)
    answer(st, [("attempt", "go")])
    assert st.prompt.context["dice"]["earth"] == 5
    force(st, 3, 3, 2, 0, 0)                    # exactly 8 = the troll's hp: dead ("égal ou supérieur")
    answer(st, [("element", "earth")])
    g = st.guilds[1]
    assert g.quests == ["troll_pont"] and g.rubies == 13 and st.quests == ["brigands"]
    assert last_log(st, "guildes.log.quest_loot") is not None


def test_no_group_attack_sends_a_single_champion():
    st = _quest_setup(["golem_fou"], ["apprentie_flamme", "tailleur_pierre"])
    answer(st, [("attempt", "go"), ("champion", "tailleur_pierre")])
    assert st.prompt.context["dice"]["earth"] == 0 and st.prompt.context["dice"]["fire"] == 0


def test_two_monsters_each_mage_faces_one():
    st = _quest_setup(["feu_follet"], ["marin", "porteur_eau"])
    answer(st, [("attempt", "go"), ("assign", "monster:0"), ("assign", "monster:1")])
    force(st, 3, 1, 0, 3, 1, 0)                  # water 3 - 0 = 3 dice on each wisp
    answer(st, [("element", "water"), ("element", "water")])
    assert st.guilds[0].quests == ["feu_follet"] and st.last_quest_done
    assert st.guilds[0].rubies == 10 + 2          # reward: 2 rubies


def test_counter_attack_hits_the_chosen_mage():
    st = _quest_setup(["harpies", "rats_egouts"], ["vagabond", "herboriste"])
    force(st, 0, 0, 0, 0, 2, 1)                 # earth: 2 + 2 - 0 = 4 dice, all blank
    answer(st, [("attempt", "go"), ("element", "earth"), ("counter_target", "vagabond")])
    # the harpy's air attack 4 - the vagabond's air defence 2 = 2 dice: 2 + 1
    assert last_log(st, "guildes.log.roll")["params"]["why"]["key"] == "guildes.why.counter_attack"
    answer(st, [("damage_one", "herboriste")])
    assert st.guilds[0].mage("vagabond").damage == 3 and st.guilds[0].mage("herboriste").damage == 1


def test_requirements_and_giving_up():
    st = _quest_setup(["spectres", "rats_egouts"], ["apprentie_flamme"])
    assert last_log(st, "guildes.log.quest_refused") is not None       # Light side needed
    st = _quest_setup(["rats_egouts"], ["apprentie_flamme"])
    answer(st, [("attempt", "give_up")])
    assert last_log(st, "guildes.log.quest_given_up") is not None and st.quests == ["rats_egouts"]


def test_quest_x2_swaps_the_top_two_and_plays_the_second_without_backing_out():
    st = started(2, mages=[["apprentie_flamme", "mercenaire"], ["eleve"]])
    st.quests = ["kraken", "rats_egouts", "brigands"]
    program(st, {0: "quest", 1: "trade"}, {0: "x2", 1: "x2"}, {0: ("apprentie_flamme", "mercenaire")})
    answer(st, [("attempt", "give_up")])
    until(st, "element")
    assert st.quests[:2] == ["rats_egouts", "kraken"] and last_log(st, "guildes.log.quests_swapped")


# -- guild duels ---------------------------------------------------------------------------------

def _duel_setup(att, dfd, alignments=(2, -3), second0="work"):
    st = started(2, alignments=alignments, mages=[list(att), list(dfd)])
    st.guilds[1].leader = "marchand"
    st.guilds[1].rubies, st.guilds[1].hand = 9, ["trident"]
    program(st, {0: "combat", 1: "trade"}, {0: second0, 1: "x2"}, {0: tuple(att)})
    return st


def test_duel_kills_the_defender_and_loots_half_the_rubies_and_a_card():
    st = _duel_setup(["mercenaire"], ["eleve"])
    assert kind(st) == "element" and st.prompt.context["dice"]["fire"] == 3
    force(st, 3, 3, 3)
    answer(st, [("element", "fire")])
    a, d = st.guilds
    assert d.mage("eleve") is None and d.rubies == 5 and d.hand == []
    assert a.hand == ["trident"] and a.alignment == 4             # other camp: 2 steps further from 0
    assert last_log(st, "guildes.log.loot") is not None


def test_leader_joins_the_line_the_rear_line_strikes_again_and_the_defender_counter_attacks():
    st = _duel_setup(["mercenaire", "apprentie_flamme", "tailleur_pierre"], ["gardien_cime"])
    answer(st, [("line", "tailleur_pierre"), ("line", "mercenaire")])
    assert st.fight["d_line"] == ["gardien_cime", "leader"]
    assert st.fight["a_line"] == ["tailleur_pierre", "mercenaire", "apprentie_flamme"]
    force(st, *[0] * 30)
    answer(st, [("element", "earth"), ("element", "fire"), ("element", "fire"), ("counter", "yes"), ("element", "earth")])
    assert last_log(st, "guildes.log.duel_rear")["params"]["target"]["id"] == "gardien_cime"
    assert last_log(st, "guildes.log.counter") is not None
    assert last_log(st, "guildes.log.loot") is not None           # 3 standing against 1


def test_a_tie_after_the_counter_attack_goes_to_the_defender_and_no_counter_means_defeat():
    st = _duel_setup(["mercenaire"], ["gardien_cime"])
    force(st, *[0] * 20)
    answer(st, [("element", "fire"), ("counter", "yes"), ("element", "earth")])
    assert last_log(st, "guildes.log.defended") is not None and st.guilds[1].rubies == 9
    st = _duel_setup(["mercenaire"], ["gardien_cime"], alignments=(2, 3))
    force(st, *[0] * 20)
    answer(st, [("element", "fire"), ("counter", "no")])
    assert st.guilds[1].rubies == 5 and st.guilds[0].alignment == 0    # same camp: 2 steps towards 0


def test_defender_line_is_hidden_until_both_lines_are_laid():
    st = started(2, mages=[["mercenaire", "apprentie_flamme"], ["gardien_cime", "eleve"]])
    program(st, {0: "combat", 1: "trade"}, {0: "work", 1: "x2"}, {0: ("mercenaire", "apprentie_flamme")})
    assert kind(st) == "line" and st.prompt.seats == (1,)
    v0 = st.view(0)
    assert v0["prompt"]["context"] == {} and v0["prompt"]["options"] == []
    answer(st, [("line", "eleve")])
    v0 = st.view(0)
    assert kind(st) == "line" and st.prompt.seats == (0,)
    assert v0["fight"]["d_line"] is None and v0["fight"]["d_count"] == 2
    assert "eleve" not in str(v0["fight"]) and "eleve" not in str(v0["log"][-3:])
    answer(st, [("line", "mercenaire")])
    assert st.view(0)["fight"]["d_line"] == ["eleve", "gardien_cime"]


def test_combat_x2_places_the_mages_again_before_the_second_attack():
    st = _duel_setup(["mercenaire"], ["eleve"], second0="x2")
    force(st, 0, 0, 0)
    answer(st, [("element", "fire"), ("counter", "no")])
    until(st, "placement")
    st.apply(0, Place(()))
    assert last_log(st, "guildes.log.no_attackers") is not None


def test_forcing_dice_needs_designer_mode_and_a_real_face():
    st = new(2, designer=False)
    with pytest.raises(IllegalAction) as err:
        st.apply(0, ForceNextRoll(2))
    assert err.value.key == "guildes.illegal.designer_mode_off"
    st = new(2)
    with pytest.raises(IllegalAction):
        st.apply(0, ForceNextRoll(4))
    st.apply(1, ForceNextRoll(3))
    assert st.forced == [3] and last_log(st, "guildes.log.forced")["params"]["value"] == 3


def test_item_bonuses_are_tied_to_mages():
    st = _quest_setup(["rats_egouts"], ["apprentie_flamme"])
    st.guilds[0].hand = ["baton_braise", "couronne_flammes"]          # +2 and +3 fire: one mage carries one
    answer(st, [("attempt", "go")])
    assert st.view(0)["prompt"]["context"]["dice"]["fire"] == 3 + 3


def test_the_element_prompt_shows_the_others_the_dice_of_the_printed_cards_only():
    """The items are in the secret hand: the dice the attacker's items add were in the public part
    of the element prompt (and in the fight's `options`), so every seat learnt that it held a
    fire item; now only the asked seat sees them (as it alone sees what a spell would add)."""
    st = _quest_setup(["rats_egouts"], ["apprentie_flamme"])
    st.guilds[0].hand = ["couronne_flammes"]                          # +3 fire
    answer(st, [("attempt", "go")])
    printed = {"fire": 3, "water": 0, "air": 1, "earth": 0}           # flame apprentice against the rats
    assert st.view(0)["prompt"]["context"]["dice"] == {**printed, "fire": 3 + 3}
    for view in (st.view(1), st.view(None)):
        assert view["prompt"]["context"]["dice"] == printed
        assert view["fight"]["options"] == printed
    force(st, *[1] * 6)
    answer(st, [("element", "fire")])
    assert last_log(st, "guildes.log.roll")["params"]["dice"] == "1 1 1 1 1 1"     # the 6 dice it told its player


def test_mage_dies_only_past_its_hit_points():
    st = started(2)
    g = st.guilds[0]
    m = Mage("eleve", damage=2)
    assert not st.dead(g, m)
    m.damage = 3
    assert st.dead(g, m)
    assert CONTENT.rules.mage_dies == "more_than" and CONTENT.rules.monster_dies == "at_least"


# -- the healing centre after a fight (rules.yaml `healing_centre_after`) -------------------------

@pytest.fixture(params=["fight_damage", "any_damage"])
def centre_rule(request, monkeypatch):
    """The content with `healing_centre_after` set to each value (the shipped default first)."""
    import dataclasses

    from tests.guildes import helpers

    content = dataclasses.replace(CONTENT, rules=CONTENT.rules.model_copy(update={"healing_centre_after": request.param}))
    monkeypatch.setattr(helpers, "CONTENT", content)
    return request.param


def test_the_shipped_reading_sends_to_the_centre_only_mages_hurt_in_the_fight():
    """"Tout mage qui a subi des dégâts est envoyé directement après l'attaque au centre de soins":
    the damage of that attack (content README, "Healing centre")."""
    assert CONTENT.rules.healing_centre_after == "fight_damage"


def test_a_quest_sends_a_mage_hurt_in_it_and_old_damage_only_with_any_damage(centre_rule):
    st = started(2, mages=[["apprentie_flamme", "mercenaire"], ["eleve"]])
    st.quests = ["rats_egouts", "brigands"]
    st.guilds[0].mage("mercenaire").damage = 2          # taken out of the centre early, 2 of 4 hp
    program(st, {0: "quest", 1: "trade"}, {0: "work", 1: "x2"}, {0: ("apprentie_flamme", "mercenaire")})
    force(st, *[0] * 6, 3)                               # 3 < 5 hp: failed, 1 damage on a mage
    answer(st, [("attempt", "go"), ("element", "fire"), ("damage_one", "apprentie_flamme")])
    g = st.guilds[0]
    assert g.mage("apprentie_flamme").centre                          # hurt in this fight: both readings
    assert g.mage("mercenaire").damage == 2
    assert g.mage("mercenaire").centre == (centre_rule == "any_damage")   # old damage only


def test_a_duel_sends_an_unhurt_mage_with_old_damage_only_with_any_damage(centre_rule):
    st = started(2, alignments=(2, -3), mages=[["mercenaire"], ["gardien_cime"]])
    st.guilds[1].leader = "marchand"
    st.guilds[0].mage("mercenaire").damage = 2
    st.guilds[1].mage("gardien_cime").damage = 1
    program(st, {0: "combat", 1: "trade"}, {0: "work", 1: "x2"}, {0: ("mercenaire",)})
    force(st, *[0] * 20)                                 # every die blank: nobody is hurt
    answer(st, [("element", "fire"), ("counter", "yes"), ("element", "earth")])
    a, d = st.guilds
    assert a.mage("mercenaire").damage == 2 and d.mage("gardien_cime").damage == 1
    assert a.mage("mercenaire").centre == d.mage("gardien_cime").centre == (centre_rule == "any_damage")


def test_each_roll_carries_the_number_of_the_fight_it_was_rolled_in():
    """The table tells an earlier fight's last roll from this fight's by these numbers."""
    st = _quest_setup(["rats_egouts", "brigands"], ["apprentie_flamme", "mercenaire"], ["marin"], first1="quest")
    st.guilds[1].mages[0].active = True
    answer(st, [("attempt", "go")])
    first = st.view(0)["fight"]["number"]
    force(st, *[0] * 7)
    answer(st, [("element", "fire"), ("damage_one", "mercenaire")])
    assert st.view(0)["dice"][-1]["fight"] == first
    until(st, "attempt", seat=1)                       # the next guild's quest: a new fight, no roll yet
    answer(st, [("attempt", "go")])
    view = st.view(1)
    assert view["fight"]["number"] == first + 1 and view["dice"][-1]["fight"] == first


def _spell_quest():
    """Rats (defence fire 0, water 1, air 0, earth 1) against the flame apprentice (attack 3, 0, 1, 0)
    whose guild holds Fireball (+4 fire) and Battle fury (+3 in any element)."""
    st = _quest_setup(["rats_egouts", "brigands"], ["apprentie_flamme"])
    st.guilds[0].hand = ["boule_feu", "rage_guerriere"]
    answer(st, [("attempt", "go")])
    return st


def test_the_element_prompt_tells_its_player_alone_the_dice_a_combat_spell_gives():
    st = _spell_quest()
    mine = st.view(0)["prompt"]["context"]
    assert mine["dice"] == {"fire": 3, "water": 0, "air": 1, "earth": 0}
    assert mine["spell_dice"] == {"fire": {"dice": 7, "spell": "boule_feu"}, "water": {"dice": 2, "spell": "rage_guerriere"},
                                  "air": {"dice": 4, "spell": "rage_guerriere"},
                                  "earth": {"dice": 2, "spell": "rage_guerriere"}}
    assert "spell_dice" not in st.view(1)["prompt"]["context"] and "spell_dice" not in str(st.view(None))
    force(st, *[1] * 7)
    answer(st, [("element", "fire"), ("combat_spell", "boule_feu")])
    assert last_log(st, "guildes.log.roll")["params"]["dice"] == "1 1 1 1 1 1 1"    # the 7 dice it said


def test_a_spell_that_adds_no_die_is_not_offered_as_more_dice():
    st = _quest_setup(["golem_fou"], ["apprentie_flamme"])    # stone golem: defences too high for +3
    st.guilds[0].hand = ["peau_pierre"]                        # a defence spell adds no attack
    answer(st, [("attempt", "go")])
    assert "spell_dice" not in st.view(0)["prompt"]["context"]


def test_each_roll_carries_the_exchange_of_the_fight_it_was_rolled_in():
    """A new duel (or attack, or counter-attack) of the same fight showed the last exchange's dice as
    its own: the fight counts its exchanges (`strike`) and each roll carries the one it belongs to."""
    st = _duel_setup(["mercenaire", "apprentie_flamme", "tailleur_pierre"], ["gardien_cime"])
    answer(st, [("line", "tailleur_pierre"), ("line", "mercenaire")])
    force(st, *[0] * 30)
    assert kind(st) == "element" and st.view(1)["fight"]["strike"] == 1
    answer(st, [("element", "earth")])
    view = st.view(1)                                  # the second duel's element: the first duel's roll
    assert kind(st) == "element" and view["fight"]["strike"] == 2 and view["dice"][-1]["strike"] == 1
    answer(st, [("element", "fire"), ("element", "fire")])
    view = st.view(1)                                  # the counter-attack question: the last duel's roll
    assert kind(st) == "counter" and view["dice"][-1]["strike"] == view["fight"]["strike"] == 3
    answer(st, [("counter", "yes")])
    view = st.view(1)
    assert view["fight"]["strike"] == 4 and view["dice"][-1]["strike"] == 3


def test_a_monsters_counter_attack_is_an_exchange_of_its_own():
    st = _quest_setup(["harpies", "rats_egouts"], ["vagabond", "herboriste"])
    force(st, 0, 0, 0, 0, 2, 1)
    answer(st, [("attempt", "go"), ("element", "earth")])
    view = st.view(0)                                  # whom the harpy strikes: the party's roll is past
    assert kind(st) == "counter_target" and view["fight"]["strike"] == 2 and view["dice"][-1]["strike"] == 1
    answer(st, [("counter_target", "vagabond")])
    view = st.view(0)                                  # the failure's damage: the counter-attack's roll
    assert kind(st) == "damage_one" and view["dice"][-1]["strike"] == view["fight"]["strike"] == 2


# -- which active mages a quest uses (rules.yaml `quest_uses`) ------------------------------------

@pytest.fixture(params=["fighters", "party"])
def quest_rule(request, monkeypatch):
    """The content with `quest_uses` set to each value (the shipped default first)."""
    import dataclasses

    from tests.guildes import helpers

    content = dataclasses.replace(CONTENT, rules=CONTENT.rules.model_copy(update={"quest_uses": request.param}))
    monkeypatch.setattr(helpers, "CONTENT", content)
    return request.param


def test_a_no_group_quest_leaves_the_mage_that_does_not_fight_free_for_combat(quest_rule):
    """"Il peut attaquer en groupe ... Sauf s'il est spécifié : « Pas d'attaque groupée »" and "les
    mages ne pouvant accomplir qu'un seul type d'action par tour": the mage left out of a no-group
    quest did no action, so it may still attack (content README, "Quest fights"); it takes none of
    the failure's damage. `quest_uses: party` keeps the old reading: every active mage is used."""
    assert CONTENT.rules.quest_uses == "fighters"
    st = started(2, alignments=(2, -3), mages=[["apprentie_flamme", "tailleur_pierre"], ["gardien_cime"]])
    st.quests = ["golem_fou", "brigands"]
    st.guilds[1].leader = "marchand"
    program(st, {0: "quest", 1: "trade"}, {0: "combat", 1: "x2"}, {0: ("apprentie_flamme", "tailleur_pierre")})
    force(st, *[0] * 20)
    answer(st, [("attempt", "go"), ("champion", "tailleur_pierre"), ("element", "earth")])
    g = st.guilds[0]
    if quest_rule == "fighters":                     # the failure's 2 damage: on the champion, unasked
        assert g.mage("tailleur_pierre").damage == 2 and g.mage("apprentie_flamme").damage == 0
        assert g.mage("apprentie_flamme").used is None
        until(st, "element")                           # seat 0's Combat: the flame apprentice attacks
        assert st.fight["kind"] == "duel" and st.fight["a_line"] == ["apprentie_flamme"]
    else:
        assert kind(st) == "damage_one" and sorted(st.prompt.options[0]) == ["apprentie_flamme", "tailleur_pierre"]
        assert g.mage("apprentie_flamme").used == "quest"
        answer(st, [("damage_one", "tailleur_pierre")])
        finish_round(st)
        assert last_log(st, "guildes.log.no_attackers")["params"]["seat"] == {"seat": 0}
