"""The engine protocol: options, actions and their JSON, refusals, purity of rules/gorges."""

import ast
import json
import pathlib

import pytest
import yaml

import rules
from rules.core import IllegalAction, InvalidAction
from rules.gorges import ENGINE
from rules.gorges.actions import (
    Ally,
    Answer,
    BattleResult,
    Build,
    Challenge,
    Choose,
    DesignerMode,
    Done,
    ForceNextRoll,
    Move,
    MoveCapital,
    Note,
    OfferRelics,
    Rename,
    RerollMovement,
    SetProfile,
    SwapArmies,
)
from tests.gorges.helpers import CONTENT, new_game, set_up

PACKAGE = pathlib.Path(__file__).resolve().parents[2] / "rules" / "gorges"
STRINGS = yaml.safe_load((PACKAGE.parents[1] / "game" / "strings" / "gorges.yaml").read_text(encoding="utf-8"))

EXAMPLES = [Choose("empire"), Move("0.G", "gue-rouge"), Move("1.L1", "cap-du-pendu", "raid"),
            RerollMovement("0.L2"), SwapArmies("0.G", "0.L1"), MoveCapital("gue-rouge"),
            Build("0.G", "fortress"), Challenge(1, "0.G", "gue-rouge"), Answer(True, "1.L1"),
            Answer(False), OfferRelics(2), BattleResult(1, (1000, 1200), ("0.G",), True), Done(),
            ForceNextRoll("d66", 35), Rename("0.G", "regiment:2", "Les Gueules Noires"),
            SetProfile("0.L1", (("M", 4), ("WS", 6), ("W", 3))), Ally(2), Ally(1, False), Note("0.L1", "Tient le gué", "general"),
            Rename("1.G", "item:0", "Épée de puissance"), ForceNextRoll("d6", 6, "crown_direction"),
            DesignerMode(True),
            Challenge(1, "0.G", "gue-rouge", ("2.L1",)), Answer(True, "1.L1", ("3.G", "3.L2"))]


def test_engine_identity():
    assert ENGINE.id == "gorges" and ENGINE.seats == range(2, 7)
    assert ENGINE.bots == ("random", "captain") and ENGINE.hidden_information is False
    assert "gorges" in rules.IMPLEMENTED and rules.ENGINES["gorges"] is ENGINE


def test_every_action_kind_round_trips_through_json():
    assert {a.type for a in EXAMPLES} == set(ENGINE.codec.classes)
    for a in EXAMPLES:
        text = json.dumps(a.to_json())
        assert ENGINE.action_from_json(json.loads(text)) == a


@pytest.mark.parametrize("data", [
    None, 3, "done", [], {}, {"type": 7}, {"type": "fly"}, {"type": "choose"},
    {"type": "choose", "value": 3}, {"type": "move", "army": "0.G"},
    {"type": "done", "extra": 1}, {"type": "battle_result", "winner": "0"},
    {"type": "battle_result", "winner": 0, "points": [1, 2, 3]},
    {"type": "answer", "accept": "yes"}, {"type": "force_next_roll", "die": "d6", "value": 2.5},
])
def test_malformed_json_is_invalid(data):
    with pytest.raises(InvalidAction):
        ENGINE.action_from_json(data)


def test_options_offered_and_checked():
    opts = {o["id"]: o for o in ENGINE.options(CONTENT)}
    assert set(opts) == {"turns_per_season", "points_cap_percent", "relic_edge_points", "second_challenge", "capitals_protected", "auto_roll",
                         "designer_mode"}
    assert opts["turns_per_season"]["default"] == 3 and opts["points_cap_percent"]["default"] == 25
    assert opts["designer_mode"]["default"] is False
    for o in opts.values():
        assert o["label"] in STRINGS
    with pytest.raises(ValueError):
        ENGINE.new_game(CONTENT, 2, 0, {"turns_per_season": 9})
    with pytest.raises(ValueError):
        ENGINE.new_game(CONTENT, 2, 0, {"nope": 1})
    with pytest.raises(ValueError):
        ENGINE.new_game(CONTENT, 7, 0)


def test_refusals_carry_translatable_keys_and_change_nothing():
    st = set_up()
    seat = st.to_act()[0]
    before = json.dumps(st.view(None), sort_keys=True)
    log = len(st.log)
    tries = [(1 - seat, Done()), (seat, Build("0.G", "city")), (seat, Move("0.G", "vieux-phare")),
             (seat, Choose("x")), (seat, Move("9.G", "gue-rouge")), (7, Done()),
             (seat, Move("0.G", "gue-rouge", "teleport"))]
    for who, action in tries:
        with pytest.raises(IllegalAction) as exc:
            st.apply(who, action)
        assert exc.value.key in STRINGS, exc.value.key
    assert json.dumps(st.view(None), sort_keys=True) == before and len(st.log) == log


def test_designer_mode_is_checked_and_logged():
    st = new_game(designer_mode=False)
    with pytest.raises(IllegalAction) as exc:
        st.apply(0, ForceNextRoll("d6", 3))
    assert exc.value.key == "gorges.illegal.designer_mode_off"
    st = new_game()
    for die, value in [("d6", 7), ("d3", 0), ("d66", 17), ("d66", 70), ("d8", 1)]:
        with pytest.raises(IllegalAction) as exc:
            st.apply(1, ForceNextRoll(die, value))
        assert exc.value.key in STRINGS
    st.apply(1, ForceNextRoll("d66", 34))
    assert st.log[-1]["key"] == "gorges.log.forced" and st.view(None)["forced"]["d66"] == [34]


def test_strings_cover_every_key_the_rules_use():
    used = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and node.value.startswith("gorges.") and not node.value.endswith("."):
                used.add(node.value)
    missing = sorted(k for k in used if k not in STRINGS)
    assert not missing
    for key, value in STRINGS.items():
        assert key.startswith("gorges.") and set(value) == {"fr", "en"}, key
    for phase in ("setup", "crown", "events", "search", "mines", "movement", "construction",
                  "challenges", "conquest", "battles", "over"):
        assert f"gorges.phase.{phase}" in STRINGS


def test_rules_summary_is_about_forty_lines_in_both_languages():
    text = STRINGS["gorges.rules.text"]
    assert 25 <= len(text["fr"].splitlines()) <= 50 and 25 <= len(text["en"].splitlines()) <= 50


def test_rules_summary_tells_the_capital_ruling_the_engine_plays():
    """The README's ruling (capitals may be challenged for and taken; the `capitals_protected`
    variant forbids it) against a summary that said "an enemy capital is never at stake"."""
    text = STRINGS["gorges.rules.text"]
    assert "jamais l'enjeu" not in text["fr"] and "never at stake" not in text["en"]
    assert "capitale peut être l'enjeu" in text["fr"] and "capital may be at stake" in text["en"]
    assert "capitales intouchables" in STRINGS["gorges.option.capitals_protected"]["fr"].lower()


def test_rules_gorges_is_pure():
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                for name in names:
                    assert not name.startswith(("pygame", "time", "datetime")), (path, name)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                    and node.value.id == "random" and node.attr != "Random":
                raise AssertionError(f"module-level random.{node.attr} in {path}")


def test_view_is_json_and_carries_to_act():
    st = set_up()
    v = st.view(None)
    assert json.loads(json.dumps(v)) == v
    assert v["to_act"] == st.to_act() and v["prompt"]["seat"] == st.to_act()[0]
    assert st.view(0) == st.view(1) == v


def test_generals_name_their_armies_heroes_and_regiments_at_any_time():
    from rules.gorges.records import Regiment
    st = set_up()
    st.armies["0.L1"].regiments.append(Regiment(1))
    st.apply(0, Rename("0.L1", "army", "Garde du Gibet"))
    st.apply(0, Rename("0.L1", "hero", "Baron Krieg"))
    st.apply(0, Rename("0.L1", "regiment:1", "Lames Grises"))
    sheet = st.view(None)["armies"]["0.L1"]
    assert (sheet["name"], sheet["hero"]["name"], sheet["regiments"][0]["name"]) == \
        ("Garde du Gibet", "Baron Krieg", "Lames Grises")
    for who, action, key in [(1, Rename("0.G", "army", "x"), "gorges.illegal.no_such_army"),
                             (0, Rename("0.G", "regiment:4", "x"), "gorges.illegal.no_such_target"),
                             (0, Rename("0.G", "hero", "x" * 41), "gorges.illegal.name_too_long")]:
        with pytest.raises(IllegalAction) as exc:
            st.apply(who, action)
        assert exc.value.key == key


def test_every_log_entry_of_a_campaign_renders_in_both_languages():
    from game.i18n import Strings
    from tests.gorges.test_random_play import play
    st, _ = play(19, 4, {"turns_per_season": 1}, check=False)
    names = ["Ana", "Bert", "Cléo", "Dan"]
    for lang in ("fr", "en"):
        strings = Strings(lang)
        for item in st.log:
            text = strings.render(item, names)
            assert text != item["key"] and "{" not in text, (item, text)


def test_refused_actions_never_half_apply_during_a_campaign():
    from rules.gorges.actions import Rename
    st = ENGINE.new_game(CONTENT, 3, 5, {"turns_per_season": 1})
    bots = [ENGINE.bot("random", i) for i in range(3)]
    probes = [a for a in EXAMPLES if not isinstance(a, ForceNextRoll | Rename | SetProfile | Ally | Note | DesignerMode)]
    steps = 0
    while not st.is_over():
        seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        if steps % 3 == 0:
            before, log = json.dumps(st.view(None), sort_keys=True), len(st.log)
            for probe in probes:
                for who in (seat, (seat + 1) % 3):
                    if who == seat and probe in legal or st.prompt.kind == probe.type:
                        continue  # an answer of the right kind may be legal without being listed
                    try:
                        st.apply(who, probe)
                    except IllegalAction as exc:
                        assert exc.key in STRINGS
                        continue
                    raise AssertionError(f"{probe} was accepted from seat {who}")
            assert json.dumps(st.view(None), sort_keys=True) == before and len(st.log) == log
        st.apply(seat, bots[seat].choose(st.view(seat), legal))
        steps += 1
