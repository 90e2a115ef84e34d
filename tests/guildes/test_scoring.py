"""End-of-game scoring: quests, mages, items, leader, tokens, healing-centre penalty and the personal
objectives ("2 points per unit for the owner, 1 for the others on the same kinds")."""

from rules.guildes.records import Mage
from rules.guildes.scoring import breakdown, outcome, units
from tests.guildes.helpers import CONTENT, started


def _scored():
    st = started(2)
    a, b = st.guilds
    a.guild, a.start_alignment, a.alignment = "aube", 3, 6          # objectives: quests, alignment
    a.quests = ["rats_egouts", "loup_garou"]                        # 2 + 3 VP
    a.mages = [Mage("seraphin", damage=1, centre=True)]              # 4 VP, in the centre: -2
    a.hand = ["calice", "dague_ombre", "boule_feu"]                  # 3 - 1 VP; the spell counts nothing
    a.leader, a.vp_tokens, a.rubies = "tresoriere", 1, 12            # leader 1 VP
    b.guild, b.start_alignment, b.alignment = "cendre", -1, -1       # objective: rubies
    b.quests, b.mages, b.hand, b.leader, b.rubies = [], [Mage("eleve")], [], "archimage", 11
    return st


def test_units_per_objective_kind():
    st = _scored()
    # rubies per 10, mages and alignment steps per 2, items and quests per 1 (rules.yaml)
    assert units(st, 0) == {"rubies": 1, "items": 2, "quests": 2, "mages": 0, "alignment": 1}
    assert units(st, 1) == {"rubies": 1, "items": 0, "quests": 0, "mages": 0, "alignment": 0}
    assert CONTENT.rules.objectives["rubies"].per == 10


def test_breakdown_by_part():
    st = _scored()
    a, b = breakdown(st)
    assert (a["quests"], a["mages"], a["items"], a["leader"], a["tokens"], a["healing"]) == (5, 4, 2, 1, 1, -2)
    # own objectives: 2 quests x2 + 1 unit of steps x2 = 6; Cendre's "rubies" gives the others 1 per unit: 1
    assert a["objectives"] == 7 and a["total"] == 18
    # own: 1 unit of rubies x2 = 2; Aube's quests and alignment give nothing to Cendre here
    assert b["objectives"] == 2 and b["total"] == 2


def test_outcome_ranking_and_ties_on_rubies():
    st = _scored()
    out = outcome(st)
    assert out["winners"] == [0] and out["ranking"] == [0, 1] and out["scores"] == [18, 2]
    st.guilds[1].vp_tokens = 16
    assert outcome(st)["winners"] == [0]              # 18 each: more rubies left wins
    st.guilds[1].rubies = 12
    assert outcome(st)["winners"] == [0, 1]
