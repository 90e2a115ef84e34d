"""Guildes content: the YAML schema (`FILES`) and `build`, which checks cross-references and counts.

`game.content.load("guildes")` validates each file of `FILES` with its model, then calls
`build(files, report)`, which returns a frozen `GuildesContent` the engine plays with. The meaning
of every field is in content/guildes/README.md.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from rules.core.content import Model, Report, Text, msg, one_of, shown
from rules.guildes.effects import ALLOWED, ELEMENTS, Effect, Element

Objective = Literal["rubies", "items", "quests", "mages", "alignment"]
ACTION_IDS = ("work", "trade", "recruit", "leader", "quest", "combat")


class Stats(Model):
    """A value per element."""
    fire: int = Field(ge=0)
    water: int = Field(ge=0)
    air: int = Field(ge=0)
    earth: int = Field(ge=0)

    def of(self, element: str) -> int:
        return getattr(self, element)


class GuildModel(Model):
    id: str
    name: Text
    alignment: int
    income: int = Field(ge=0)
    objectives: tuple[Objective, ...] = Field(min_length=1, max_length=3)


class GuildsFile(Model):
    guilds: tuple[GuildModel, ...] = Field(min_length=2)


class LeaderModel(Model):
    id: str
    name: Text
    power: Text
    work_income: int = Field(ge=0)
    effects: tuple[Effect, ...] = Field(min_length=1)
    attack: Stats
    defence: Stats
    vp: int


class LeadersFile(Model):
    leaders: tuple[LeaderModel, ...] = Field(min_length=2)


class Requirement(Model):
    """A mage's or quest's alignment requirement: a side, or a bound on the number."""
    side: Literal["light", "dark"] | None = None
    at_least: int | None = None
    at_most: int | None = None

    def allows(self, alignment: int) -> bool:
        if self.side == "light" and alignment <= 0:
            return False
        if self.side == "dark" and alignment >= 0:
            return False
        if self.at_least is not None and alignment < self.at_least:
            return False
        return self.at_most is None or alignment <= self.at_most


class MageModel(Model):
    id: str
    name: Text
    category: Literal["free", "side", "numeric"]
    requires: Requirement | None = None
    price: int = Field(ge=0)
    vp: int = Field(ge=0)
    attack: Stats
    defence: Stats
    hp: int = Field(ge=1)


class MagesFile(Model):
    mages: tuple[MageModel, ...] = Field(min_length=1)


class ItemModel(Model):
    id: str
    name: Text
    text: Text
    price: int = Field(ge=0)
    vp: int = 0
    effects: tuple[Effect, ...] = Field(min_length=1)


class ItemsFile(Model):
    items: tuple[ItemModel, ...] = Field(min_length=1)


class SpellModel(Model):
    id: str
    name: Text
    text: Text
    price: int = Field(ge=0)
    when: Literal["combat", "turn"]
    effects: tuple[Effect, ...] = Field(min_length=1)


class SpellsFile(Model):
    spells: tuple[SpellModel, ...] = Field(min_length=1)


class MonsterModel(Model):
    name: Text
    element: Element
    attack: int = Field(ge=0)
    defence: Stats
    hp: int = Field(ge=1)
    counter_attack: bool = False
    no_group: bool = False


class QuestRequirement(Requirement):
    mages: int = Field(default=1, ge=1)


class QuestModel(Model):
    id: str
    name: Text
    requires: QuestRequirement = QuestRequirement()
    monsters: tuple[MonsterModel, ...] = Field(min_length=1, max_length=2)
    vp: int = Field(ge=0)
    income: int = Field(ge=0)
    reward: tuple[Effect, ...] = ()
    failure: tuple[Effect, ...] = ()


class QuestsFile(Model):
    quests: tuple[QuestModel, ...] = Field(min_length=1)


class ActionCardModel(Model):
    id: Literal["work", "trade", "recruit", "leader", "quest", "combat", "x2"]
    name: Text
    text: Text
    x2: Text


class ActionsFile(Model):
    cards: tuple[ActionCardModel, ...] = Field(min_length=7, max_length=7)


class ObjectiveRule(Model):
    per: int = Field(ge=1)


class RulesFile(Model):
    starting_rubies: int = Field(ge=0)
    leaders_dealt: int = Field(ge=1)
    mages_dealt: int = Field(ge=0)
    damage_die: tuple[int, ...] = Field(min_length=2)
    alignment_min: int = Field(le=-1)
    alignment_max: int = Field(ge=1)
    healing_rate: int = Field(ge=1)
    healing_penalty: int = Field(ge=0)
    quests_in_play: dict[int, int]
    max_rounds: int = Field(ge=1)
    monster_dies: Literal["at_least", "more_than"]
    mage_dies: Literal["at_least", "more_than"]
    sell_price: int = Field(ge=0)
    alignment_step_cost: int = Field(ge=0)
    heal_cost: int = Field(ge=0)
    trade_discount: int = Field(ge=0)
    leader_change_cost: int = Field(ge=0)
    x2_alignment_steps: int = Field(ge=1)
    duel_alignment_shift: int = Field(ge=0)
    loot_ruby_divisor: int = Field(ge=1)
    auction_opening: int = Field(ge=0)
    auction_steps: tuple[int, ...] = Field(min_length=1)
    objective_owner_points: int = Field(ge=0)
    objective_other_points: int = Field(ge=0)
    objectives: dict[Objective, ObjectiveRule]
    power_ties: Literal["nobody", "first_player_order"]
    first_player_rotates: Literal["income", "recovery"]
    healing_centre_after: Literal["fight_damage", "any_damage"] = "fight_damage"
    quest_uses: Literal["fighters", "party"] = "fighters"


class BotWeightsModel(Model):
    """One bot level's weights (content/guildes/bots.yaml; README "Bots" explains each)."""

    model: Literal["simple", "points"] = "simple"
    noise: float = Field(default=0.0, ge=0, le=100)
    quest: float = Field(default=9.0, ge=0, le=100)
    quest_odds: float = Field(default=0.4, ge=0, le=10)
    recruit: float = Field(default=4.0, ge=0, le=100)
    trade: float = Field(default=3.5, ge=0, le=100)
    work: float = Field(default=3.0, ge=0, le=100)
    objective_bonus: float = Field(default=2.0, ge=0, le=100)
    bid: float = Field(default=1.0, ge=0, le=10)
    ruby_use: float = Field(default=0.4, ge=0, le=10)
    attack: float = Field(default=0.0, ge=0, le=10)
    guard: bool = False
    ruby_risk: float = Field(default=0.0, ge=0, le=0.95)
    take_out: bool = False
    rethink: bool = False


class BotsFile(Model):
    apprentice: BotWeightsModel
    adept: BotWeightsModel
    master: BotWeightsModel


FILES = {
    "guilds.yaml": GuildsFile,
    "leaders.yaml": LeadersFile,
    "mages.yaml": MagesFile,
    "items.yaml": ItemsFile,
    "spells.yaml": SpellsFile,
    "quests.yaml": QuestsFile,
    "actions.yaml": ActionsFile,
    "rules.yaml": RulesFile,
    "bots.yaml": BotsFile,
}

#: The rulebook's counts, checked so that a designer's deleted card is noticed.
COUNTS = {"guilds": 10, "leaders": 10, "mages": 30, "items": 20, "spells": 10, "quests": 30}


@dataclass(frozen=True)
class GuildesContent:
    """Validated content: lookups by id plus the raw rule numbers."""

    guilds: dict[str, GuildModel]
    leaders: dict[str, LeaderModel]
    mages: dict[str, MageModel]
    items: dict[str, ItemModel]
    spells: dict[str, SpellModel]
    quests: dict[str, QuestModel]
    cards: dict[str, ActionCardModel]
    rules: RulesFile
    bots: BotsFile | None = None

    def card(self, cid: str) -> ItemModel | SpellModel:
        """An item or a spell by id."""
        return self.items[cid] if cid in self.items else self.spells[cid]


def _unique(file: str, key: str, ids: list[str], report: Report) -> None:
    for name, count in Counter(ids).items():
        if count > 1:
            report(file, (key, ids.index(name), "id"), msg("guildes.content.unique_ids", id=shown(name), count=count))


def _effects(file: str, where: tuple, effects: tuple, kind: str, report: Report) -> None:
    for j, eff in enumerate(effects):
        if eff.type not in ALLOWED[kind]:
            report(file, where + (j, "type"),
                   msg("guildes.content.effect_kind", got=shown(eff.type), allowed=one_of(sorted(ALLOWED[kind]))))


def _check_mages(files: dict, report: Report) -> None:
    for i, m in enumerate(files["mages.yaml"].mages):
        req = m.requires
        ok = {"free": req is None and m.vp == 0,
              "side": req is not None and req.side is not None and req.at_least is None and req.at_most is None,
              "numeric": req is not None and (req.at_least is not None or req.at_most is not None)}[m.category]
        if not ok:
            report("mages.yaml", ("mages", i, "category"), msg("guildes.content.category", got=shown(m.category)))


def _check_counts(files: dict, report: Report) -> None:
    for key, n in COUNTS.items():
        got = len(getattr(files[f"{key}.yaml"], key))
        if got != n:
            report(f"{key}.yaml", (key,), msg("guildes.content.count", expected=n, got=got))
    cards = [c.id for c in files["actions.yaml"].cards]
    if sorted(cards) != sorted(ACTION_IDS + ("x2",)):
        report("actions.yaml", ("cards",), msg("guildes.content.action_cards", got=shown(cards)))


def _check_rules(files: dict, report: Report) -> None:
    rules = files["rules.yaml"]
    if any(not 0 <= f <= 3 for f in rules.damage_die):
        report("rules.yaml", ("damage_die",), msg("guildes.content.die_faces", got=shown(rules.damage_die)))
    for seats in range(2, 6):
        got = rules.quests_in_play.get(seats)
        if got is None or not 1 <= got <= len(files["quests.yaml"].quests):
            report("rules.yaml", ("quests_in_play",) + ((seats,) if got is not None else ()),
                   msg("guildes.content.quests_in_play", seats=seats, got=shown(got), max=len(files["quests.yaml"].quests)))
    lo, hi = rules.alignment_min, rules.alignment_max
    for i, g in enumerate(files["guilds.yaml"].guilds):
        if not lo <= g.alignment <= hi:
            report("guilds.yaml", ("guilds", i, "alignment"), msg("guildes.content.range", min=lo, max=hi, got=g.alignment))


def build(files: dict, report: Report) -> GuildesContent | None:
    """Assemble the validated files, reporting duplicate ids, wrong counts and misplaced effects."""
    for name, key in (("guilds.yaml", "guilds"), ("leaders.yaml", "leaders"), ("mages.yaml", "mages"),
                      ("items.yaml", "items"), ("spells.yaml", "spells"), ("quests.yaml", "quests")):
        _unique(name, key, [x.id for x in getattr(files[name], key)], report)
    _unique("items.yaml", "items", [x.id for x in files["items.yaml"].items] + [x.id for x in files["spells.yaml"].spells], report)
    for i, x in enumerate(files["leaders.yaml"].leaders):
        _effects("leaders.yaml", ("leaders", i, "effects"), x.effects, "leaders", report)
    for i, x in enumerate(files["items.yaml"].items):
        _effects("items.yaml", ("items", i, "effects"), x.effects, "items", report)
    for i, x in enumerate(files["spells.yaml"].spells):
        _effects("spells.yaml", ("spells", i, "effects"), x.effects, "spells", report)
    for i, q in enumerate(files["quests.yaml"].quests):
        _effects("quests.yaml", ("quests", i, "reward"), q.reward, "reward", report)
        _effects("quests.yaml", ("quests", i, "failure"), q.failure, "failure", report)
    _check_mages(files, report)
    _check_counts(files, report)
    _check_rules(files, report)
    return GuildesContent(
        guilds={g.id: g for g in files["guilds.yaml"].guilds},
        leaders={x.id: x for x in files["leaders.yaml"].leaders},
        mages={x.id: x for x in files["mages.yaml"].mages},
        items={x.id: x for x in files["items.yaml"].items},
        spells={x.id: x for x in files["spells.yaml"].spells},
        quests={x.id: x for x in files["quests.yaml"].quests},
        cards={c.id: c for c in files["actions.yaml"].cards},
        rules=files["rules.yaml"],
        bots=files.get("bots.yaml"),
    )


__all__ = ["ELEMENTS", "FILES", "GuildesContent", "build"]
