"""The Guildes card set: the rulebook's counts and categories, effects as data, and located errors
for a designer's mistake in a copy of each file."""

import re
import shutil

import pytest

import game.content
from game.i18n import Strings
from rules.guildes.content import COUNTS
from rules.guildes.effects import ALLOWED
from tests.guildes.helpers import CONTENT


def test_counts_match_the_rulebook():
    assert {k: len(getattr(CONTENT, k)) for k in COUNTS} == {
        "guilds": 10, "leaders": 10, "mages": 30, "items": 20, "spells": 10, "quests": 30}
    assert sorted(CONTENT.cards) == sorted(["work", "trade", "recruit", "leader", "quest", "combat", "x2"])


def test_three_mage_categories_of_ten():
    by = {c: [m for m in CONTENT.mages.values() if m.category == c] for c in ("free", "side", "numeric")}
    assert [len(v) for v in by.values()] == [10, 10, 10]
    assert all(m.requires is None and m.vp == 0 for m in by["free"])
    assert {m.requires.side for m in by["side"]} == {"light", "dark"}
    assert min(m.vp for m in by["numeric"]) > max(m.vp for m in by["side"]) - 1
    assert all(m.vp >= 1 for m in by["side"])


def test_every_card_is_bilingual_and_has_effects_in_the_vocabulary():
    for kind, allowed in (("leaders", "leaders"), ("items", "items"), ("spells", "spells")):
        for card in getattr(CONTENT, kind).values():
            assert card.name.fr and card.name.en
            assert card.effects and all(e.type in ALLOWED[allowed] for e in card.effects), card.id
    for q in CONTENT.quests.values():
        assert q.name.fr and q.name.en and 1 <= len(q.monsters) <= 2
        assert all(e.type in ALLOWED["failure"] for e in q.failure)
    assert set(CONTENT.rules.damage_die) <= {0, 1, 2, 3} and min(CONTENT.rules.damage_die) == 0
    assert max(CONTENT.rules.damage_die) == 3 and CONTENT.rules.starting_rubies == 5
    # guild tiles: starting alignments on both sides, objectives among the five kinds
    assert {g.alignment > 0 for g in CONTENT.guilds.values()} == {True, False}


@pytest.fixture
def copy(tmp_path):
    shutil.copytree(game.content.content_dir("guildes"), tmp_path / "guildes")
    return tmp_path


def _problems(root, name, old, new):
    path = root / "guildes" / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(game.content.ContentError) as exc:
        game.content.load("guildes", root)
    return exc.value.problems


LOCATED = re.compile(r"^[a-z]+\.yaml:\d+:\d+: ")

MUTATIONS = [
    ("guilds.yaml", "objectives: [quests, alignment]", "objectives: [quests, alinement]", "guilds[aube].objectives[1]"),
    ("leaders.yaml", "effects: [{type: draw_mage}]", "effects: [{type: draw_mages}]", "leaders[archimage].effects[0]"),
    ("mages.yaml", "category: free, price: 2", "category: side, price: 2", "mages[apprentie_flamme].category"),
    ("items.yaml", "{type: attack_bonus, amount: 2, element: fire}", "{type: attack_bonus, amount: 2, element: fier}",
     "items[baton_braise].effects[0]"),
    ("spells.yaml", "price: 2, when: combat", "price: 2, when: combta", "spells[boule_feu].when"),
    ("quests.yaml", "failure: [{type: damage_one, amount: 1}]", "failure: [{type: gain_rubies, amount: 1}]",
     "quests[rats_egouts].failure[0].type"),
    ("actions.yaml", "  - id: x2", "  - id: x3", "cards["),
    ("rules.yaml", "damage_die: [0, 1, 1, 2, 2, 3]", "damage_die: [0, 1, 1, 2, 2, 4]", "damage_die"),
    ("rules.yaml", "healing_centre_after: fight_damage", "healing_centre_after: fight", "healing_centre_after"),
    ("bots.yaml", "{model: points, noise: 0.0", "{model: points, nosie: 0.0", "adept.nosie"),
    ("bots.yaml", "ruby_use: 0.45, attack: 1.0", "ruby_use: 0.45, attack: -1.0", "master.attack"),
]


@pytest.mark.parametrize("name,old,new,path", MUTATIONS, ids=[m[0] for m in MUTATIONS])
def test_a_mutated_copy_of_each_file_gives_located_errors(copy, name, old, new, path):
    problems = _problems(copy, name, old, new)
    assert problems
    hit = [p for p in problems if p.path.startswith(path)]
    assert hit, [str(p) for p in problems]
    assert all(LOCATED.match(str(p)) for p in problems)
    assert str(hit[0]).startswith(f"{name}:") and hit[0].text(Strings("fr")) != ""


def test_a_deleted_card_breaks_the_rulebook_count(copy):
    path = copy / "guildes" / "spells.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if "id: divination" in line)
    path.write_text("\n".join(lines[:start]) + "\n", encoding="utf-8")
    with pytest.raises(game.content.ContentError) as exc:
        game.content.load("guildes", copy)
    assert any("expected 10 cards" in str(p) for p in exc.value.problems)


def test_duplicate_ids_and_misplaced_effects(copy):
    problems = _problems(copy, "items.yaml", "id: trident", "id: baton_braise")
    assert any("duplicate id" in str(p) or "expected unique ids" in str(p) for p in problems)
    problems = _problems(copy, "leaders.yaml", "effects: [{type: heal, amount: 4}]",
                         "effects: [{type: damage_one, amount: 4}]")
    assert any("leaders[guerisseur].effects[0].type" in str(p) and "damage_one" in str(p) for p in problems)


def test_a_misspelt_monster_gives_its_own_error_only(copy):
    """pydantic also reports the monsters list as too short when its one monster failed (it
    counts only the items that passed): that false "at least 1 item, got 0" is left out."""
    problems = _problems(copy, "quests.yaml", "element: earth, attack: 3,", "element: terre, attack: 3,")
    assert [p.path for p in problems] == ["quests[rats_egouts].monsters[0].element"]
    # 'terre' is the earth element's French name: the hint gives its id ('water' was the closest spelling)
    assert str(problems[0]).endswith("got 'terre' (did you mean 'earth'?)")
    assert "earth" in problems[0].text(Strings("fr")) and "water ?" not in problems[0].text(Strings("fr"))
    again = copy / "again"
    shutil.copytree(game.content.content_dir("guildes"), again / "guildes")
    text = (again / "guildes" / "quests.yaml").read_text(encoding="utf-8")
    start = text.index("    monsters:\n", text.index("id: rats_egouts"))
    end = text.index("    vp: 2", start)
    (again / "guildes" / "quests.yaml").write_text(text[:start] + "    monsters: []\n" + text[end:], encoding="utf-8")
    with pytest.raises(game.content.ContentError) as exc:
        game.content.load("guildes", again)
    shown = [str(p) for p in exc.value.problems]
    assert any("quests[rats_egouts].monsters: expected at least 1 item, got 0" in p for p in shown), shown


def test_a_healed_mage_reads_right_whatever_its_gender():
    """"Ondine lumineuse (Bruno) est guéri" read wrong (the cards carry no gender): the French line
    says it without a participle to agree."""
    import rules

    engine = rules.engine("guildes")
    state = engine.new_game(CONTENT, 3, 7)
    bots = [engine.bot("master", 7 + s) for s in range(3)]
    while not state.is_over() and not any(e["key"] == "guildes.log.healed" for e in state.log):
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    entry = next(e for e in state.log if e["key"] == "guildes.log.healed")
    text = Strings("fr").render(entry, ["Ana", "Bo", "Cy"])
    assert "guéri" not in text and text.endswith("n'a plus aucun dégât et rentre à la guilde.")
    assert Strings("en").render(entry, ["Ana", "Bo", "Cy"]).endswith("is healed and goes home.")


def test_revealed_action_cards_read_as_the_seats_own_in_english():
    """"Player 1 reveals a first action: Trade" read as if any card: each seat reveals its own."""
    import rules

    engine = rules.engine("guildes")
    state = engine.new_game(CONTENT, 3, 3)
    bots = [engine.bot("adept", 3 + s) for s in range(3)]
    keys = {"guildes.log.first_revealed", "guildes.log.second_revealed", "guildes.log.seconds_chosen"}
    while not state.is_over() and not keys <= {e["key"] for e in state.log}:
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    en = Strings("en")
    for entry in (e for e in state.log if e["key"] in keys):
        text = en.render(entry, ["Ana", "Bo", "Cy"])
        assert " their " in text and " a first " not in text and " a second " not in text, text
