"""Every action card with and without its X2 bonus: Work, Trade, Recruit, Leader (Quest and Combat in
test_combat.py)."""

from rules.guildes.records import Mage
from tests.guildes.helpers import CONTENT, answer, kind, last_log, program, started, until


def _ready(st, leader="tresoriere", rubies=10):
    for g in st.guilds:
        g.leader, g.rubies = leader, rubies
    st.guilds[0].quests = ["brigands"]


def test_work_pays_tile_leader_and_quests():
    st = started(2)
    _ready(st)
    program(st, {0: "work", 1: "leader"}, {0: "leader", 1: "x2"})
    g = st.guilds[0]
    expected = CONTENT.guilds[g.guild].income + CONTENT.leaders["tresoriere"].work_income + CONTENT.quests["brigands"].income
    assert g.rubies == 10 + expected + 4            # then the second action: Lady Goldsmith's +4
    assert last_log(st, "guildes.log.work")["params"]["amount"]["params"]["n"] == expected


def test_work_x2_pays_twice_then_visits_the_market():
    st = started(2)
    _ready(st)
    st.face_up_item, st.item_deck = None, ["baton_braise", "egide", "calice"]
    program(st, {0: "work", 1: "leader"}, {0: "x2", 1: "x2"})
    income = 2 + 2 + CONTENT.guilds[st.guilds[0].guild].income
    # seat 1's leader power resolves in between (no prompt); then seat 0's X2 Work
    assert kind(st) == "buy" and st.prompt.options[0] == ("baton_braise", "egide", "none")
    assert st.guilds[0].rubies == 10 + 2 * income
    answer(st, [("buy", "baton_braise")])
    g = st.guilds[0]
    assert g.hand == ["baton_braise"] and g.rubies == 10 + 2 * income - 3 and st.face_up_item == "egide"
    assert st.view(1)["guilds"][0]["hand"] is None and st.view(1)["guilds"][0]["hand_count"] == 1


def _trade_first(st, seconds=None):
    _ready(st)
    program(st, {0: "trade", 1: "trade"}, seconds or {0: "work", 1: "x2"})   # seat 1's trade stops the flow
    assert kind(st) == "trade" and st.prompt.seats == (0,)


def test_trade_buy_takes_one_of_face_up_and_top_and_leaves_the_other_face_up():
    st = started(2)
    st.face_up_item, st.item_deck = "trident", ["calice", "egide"]
    _trade_first(st)
    answer(st, [("trade", "buy"), ("buy", "calice")])
    assert st.guilds[0].hand == ["calice"] and st.guilds[0].rubies == 5 and st.face_up_item == "trident"
    assert st.item_deck == ["egide"]


def test_trade_sell_for_two():
    st = started(2)
    st.guilds[0].hand = ["trident"]
    _trade_first(st)
    answer(st, [("trade", "sell")])      # a single card: sold at once
    assert st.guilds[0].rubies == 12 and st.guilds[0].hand == [] and st.item_deck[-1] == "trident"


def test_trade_alignment_one_ruby_a_step():
    st = started(2)
    _trade_first(st)
    answer(st, [("trade", "align"), ("align", "dark:3")])
    assert st.guilds[0].alignment == -3 and st.guilds[0].rubies == 7


def test_trade_heal_one_ruby_a_damage():
    st = started(2)
    st.guilds[0].mages = [Mage("druide", damage=3, centre=True)]
    _trade_first(st)
    answer(st, [("trade", "heal"), ("heal", "2")])
    m = st.guilds[0].mages[0]
    assert m.damage == 1 and m.centre and st.guilds[0].rubies == 8


def test_trade_x2_gives_a_two_ruby_discount_on_each_trade():
    st = started(2)
    st.face_up_item, st.item_deck = None, ["baton_braise", "egide", "trident", "calice"]
    _trade_first(st, {0: "x2", 1: "x2"})
    answer(st, [("trade", "buy"), ("buy", "baton_braise")])          # 3 - 2
    assert st.guilds[0].rubies == 9
    until(st, "trade")
    answer(st, [("trade", "align"), ("align", "light:3")])            # 3 - 2
    assert st.guilds[0].rubies == 8 and st.guilds[0].alignment == 3


def test_recruit_draws_two_takes_one_leaves_the_other_face_up_then_the_next_recruiter():
    st = started(2)
    _ready(st)
    st.guilds[1].alignment = 5
    st.mage_deck = ["mercenaire", "seraphin", "eleve", "marin"]
    program(st, {0: "recruit", 1: "recruit"}, {0: "work", 1: "x2"})
    assert kind(st) == "recruit" and st.prompt.options[0] == ("mercenaire", "none")   # seraphin needs 5+
    answer(st, [("recruit", "mercenaire")])
    assert st.guilds[0].mage("mercenaire") and st.guilds[0].rubies == 6 and st.face_up_mage == "seraphin"
    assert kind(st) == "face_up_mage" and st.prompt.seats == (1,)
    answer(st, [("face_up_mage", "buy")])
    assert st.guilds[1].mage("seraphin") and st.guilds[1].rubies == 4 and st.face_up_mage is None


def test_recruit_sending_the_face_up_mage_to_auction_then_drawing_two():
    st = started(2)
    _ready(st)
    st.face_up_mage, st.mage_deck = "mercenaire", ["eleve", "marin", "vagabond"]
    program(st, {0: "recruit", 1: "work"}, {0: "work", 1: "x2"})
    answer(st, [("face_up_mage", "auction"), ("recruit", "none")])
    assert st.auction == ["mercenaire", "marin"] and st.face_up_mage == "eleve"


def test_recruit_x2_changes_the_leader_for_five_rubies():
    st = started(2)
    _ready(st, leader="marchand")
    st.mage_deck = ["eleve", "marin", "vagabond", "herboriste"]
    st.leader_deck = ["oracle", "paladin"]
    program(st, {0: "recruit", 1: "work"}, {0: "x2", 1: "x2"})
    answer(st, [("recruit", "none")])
    until(st, "recruit_x2")
    rubies = st.guilds[0].rubies
    answer(st, [("recruit_x2", "leader"), ("new_leader", "oracle")])
    assert st.guilds[0].leader == "oracle" and st.guilds[0].rubies == rubies - 5
    assert st.leader_deck == ["marchand", "paladin"]


def test_recruit_x2_without_leader_change():
    st = started(2)
    _ready(st)
    st.mage_deck = ["eleve", "marin", "vagabond", "herboriste"]
    program(st, {0: "recruit", 1: "work"}, {0: "x2", 1: "x2"})
    answer(st, [("recruit", "eleve")])
    until(st, "recruit_x2")
    answer(st, [("recruit_x2", "mages"), ("face_up_mage", "buy")])
    assert st.guilds[0].mage("marin") is not None


def test_leader_power_and_its_x2_alignment_shift():
    st = started(2)
    _ready(st)
    program(st, {0: "leader", 1: "trade"}, {0: "x2", 1: "x2"})
    assert st.guilds[0].rubies == 14                # Lady Goldsmith: +4
    until(st, "leader_x2")
    assert st.guilds[0].rubies == 18
    answer(st, [("leader_x2", "dark:2")])
    assert st.guilds[0].alignment == -2


def test_leader_powers_that_ask_a_question():
    st = started(3)
    _ready(st, leader="voleuse")
    st.guilds[2].rubies = 2
    program(st, {0: "leader", 1: "trade", 2: "work"}, {0: "work", 1: "x2", 2: "x2"})
    answer(st, [("steal_target", "2")])
    assert st.guilds[0].rubies == 12 and st.guilds[2].rubies == 0


def test_turn_spells_are_offered_before_an_action():
    st = started(2)
    _ready(st)
    st.guilds[0].hand = ["transmutation"]
    program(st, {0: "work", 1: "work"}, {0: "x2", 1: "x2"})
    assert kind(st) == "turn_spell"
    answer(st, [("turn_spell", "transmutation")])
    assert st.guilds[0].hand == [] and last_log(st, "guildes.log.spell") is not None
