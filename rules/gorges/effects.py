"""The closed vocabulary of effects that content entries carry, validated by pydantic.

Every table entry, event, season and race ability lists `effects`: mappings with a `type` from the
list below (a discriminated union), so a designer's typo in a type or a field is a located error.
The rules (`rules.gorges.apply_effects`) give each type its meaning; see content/gorges/README.md.

Dice expressions are strings: "d3", "d6", "d3+1", "d6x50", "d6x10".
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import Field, field_validator

from rules.core.content import ContentValueError, Model, msg, shown

DICE_RE = re.compile(r"^d(3|6)(?:\+(\d+))?(?:x(\d+))?$")


def parse_dice(expr: str) -> tuple[int, int, int]:
    """(sides, plus, times) of a dice expression like "d6x50" or "d3+1"."""
    m = DICE_RE.match(expr)
    if m is None:
        raise ContentValueError(msg("gorges.content.dice_expression", got=shown(expr)))
    return int(m.group(1)), int(m.group(2) or 0), int(m.group(3) or 1)


class _Dice(Model):
    @field_validator("dice", check_fields=False)
    @classmethod
    def _check_dice(cls, value: str | None) -> str | None:
        if value is not None:
            parse_dice(value)
        return value


Whose = Literal["own", "enemy"]
Building = Literal["mine", "fortress", "city"]


class RelicPoints(_Dice):
    """Gain relic points: `amount`, or a roll of `dice`."""
    type: Literal["relic_points"]
    amount: int = Field(default=0, ge=0)
    dice: str | None = None


class RemoveArmy(Model):
    """One of your armies (chosen) leaves the map until the next season."""
    type: Literal["remove_army"]


class MovementDice(Model):
    """This turn your movement dice are 2d3, keeping the lowest or highest."""
    type: Literal["movement_dice"]
    keep: Literal["lowest", "highest"]


class SaveModifier(Model):
    """This turn your conquest saves get `value`; `when: fortified` only if a fortification counts."""
    type: Literal["save_modifier"]
    value: int
    when: Literal["always", "fortified"] = "always"


class WoundRoll(Model):
    """A legendary hero (yours or an enemy's, chosen) rolls on the wound table now."""
    type: Literal["wound_roll"]
    hero: Whose


class RemoveFlag(Model):
    """A territory (yours or an enemy's, never a capital) becomes neutral."""
    type: Literal["remove_flag"]
    whose: Whose


class RemoveBuilding(Model):
    """A building of one of `kinds` (yours or an enemy's, chosen) is removed; the flag stays."""
    type: Literal["remove_building"]
    whose: Whose
    kinds: tuple[Building, ...] = Field(min_length=1)


class TakeTerritory(Model):
    """Put your flag on a chosen territory: neutral, or an enemy's (not a capital) matching `need`."""
    type: Literal["take_territory"]
    source: Literal["neutral", "enemy"]
    need: Literal["any", "no_building", "mine"] = "any"


class SearchTarget(Model):
    """This turn a search die succeeds on `value` or more."""
    type: Literal["search_target"]
    value: int = Field(ge=1, le=6)


class MoveCrown(Model):
    """Captain Crown's ghost moves again, as in phase 1."""
    type: Literal["move_crown"]


class ExtraMove(Model):
    """This turn one of your armies may move a second time (a new movement roll)."""
    type: Literal["extra_move"]


class MoveEnemyArmy(Model):
    """This turn you move one enemy army (you roll 1d3 for it)."""
    type: Literal["move_enemy_army"]


class Spoil(Model):
    """One of your armies (chosen) gains war spoils entry `entry`, or rolls the table if null."""
    type: Literal["spoil"]
    entry: int | None = Field(default=None, ge=1, le=6)


class NextBattle(_Dice):
    """A note stored for a next battle; `dice` rolled now, `table` rolled now (its entry kept).

    `target`: on whom it is stored (`self` = this general/army, `opponent` = the beaten or winning
    opponent's army). `against`: which next battle: any, this opponent, or any army of the same race.
    """
    type: Literal["next_battle"]
    dice: str | None = None
    table: Literal["feats"] | None = None
    target: Literal["self", "opponent"] = "self"
    against: Literal["any", "this_opponent", "same_race"] = "any"


class CaptureAfterVictory(Model):
    """If you win a battle this turn you take a territory of the beaten general (not a capital)."""
    type: Literal["capture_after_victory"]


class MineReroll(Model):
    """This turn the first mine die showing a collapse is rolled again."""
    type: Literal["mine_reroll"]


class ForbidChallenge(Model):
    """You name an opponent who may not challenge you this turn."""
    type: Literal["forbid_challenge"]


class DictateChallenge(Model):
    """You name an opponent and the only general he may challenge this turn."""
    type: Literal["dictate_challenge"]


class ChallengeAnyone(Model):
    """This turn you may challenge any opponent wherever his lands are."""
    type: Literal["challenge_anyone"]


class PlaceMine(Model):
    """Put a mine on any territory without a building (it serves whoever owns the land)."""
    type: Literal["place_mine"]


class SmallestEmpire(Model):
    """Until the end of the turn you count as the smallest empire (you play first)."""
    type: Literal["smallest_empire"]


class Reinforcement(Model):
    """You gain a fourth army at your capital until the end of the season."""
    type: Literal["reinforcement"]


class ExtraPoints(_Dice):
    """Extra army points (`dice`) for the next battle (of this army, or of the general)."""
    type: Literal["extra_points"]
    dice: str


class MagicItem(_Dice):
    """A legendary hero gains a magic item worth at most `dice` points."""
    type: Literal["magic_item"]
    dice: str


class Renown(_Dice):
    """A unit of the army becomes a renown regiment with a magic standard or a special rule."""
    type: Literal["renown"]
    gift: Literal["standard", "special_rule"]
    dice: str | None = None


class RemoveMine(Model):
    """The mine that was rolled for is removed."""
    type: Literal["remove_mine"]


class LoseRenown(Model):
    """A random renown regiment loses its renown; with none, apply entry `fallback`.

    `scope`: `general` (the rulebook: any of the general's regiments) or `army` (only the beaten army's).
    """
    type: Literal["lose_renown"]
    fallback: int = Field(ge=1, le=6)
    scope: Literal["general", "army"] = "general"


class PushBack(Model):
    """The army (`who`) is pushed back to the nearest territory of its general."""
    type: Literal["push_back"]
    who: Literal["beaten", "a", "b"] = "beaten"


class Destroy(Model):
    """The army (`who`) leaves the map until the next season."""
    type: Literal["destroy"]
    who: Literal["beaten", "a", "b"] = "beaten"


class HeroDeath(Model):
    """The legendary hero dies; the army gets a new one with a blank record."""
    type: Literal["hero_death"]


class Profile(Model):
    """The hero's profile changes: {M: -1, WS: -1, ...}; `temporary` only for the next battle."""
    type: Literal["profile"]
    changes: dict[Literal["M", "WS", "BS", "S", "T", "W", "I", "A", "Ld"], int]


class RollTable(Model):
    """Roll on a sub-table now and apply its entry; `temporary` keeps it for the next battle only."""
    type: Literal["roll_table"]
    table: Literal["serious_wound", "psychology", "lesson", "feats"]
    temporary: bool = False


class HeroRule(Model):
    """The hero gains this entry's special rule (re-rolled if he already has it)."""
    type: Literal["hero_rule"]


class UnitRule(Model):
    """The chosen renown regiment gains this entry's special rule (re-rolled if it has it)."""
    type: Literal["unit_rule"]


class Captured(Model):
    """The hero is held by the enemy; the captor counts a relic point per hostage each season end."""
    type: Literal["captured"]


class LoseItem(Model):
    """A random magic item of the hero is lost; the enemy steals it on `steal_on`; none: `fallback`."""
    type: Literal["lose_item"]
    steal_on: int = Field(ge=1, le=6)
    fallback: int = Field(ge=1, le=6)


class ReturnDestroyed(Model):
    """(Season) armies destroyed in this season come back at once to their capital."""
    type: Literal["return_destroyed"]


class StormRelics(Model):
    """(Season) a Storm of Magic battle gives relic points to both sides, more to the winner."""
    type: Literal["storm_relics"]
    participants: int = Field(ge=0)
    winner: int = Field(ge=0)


class Reminder(Model):
    """Nothing for the app to do: the text is shown to the players when it matters."""
    type: Literal["reminder"]


Effect = Annotated[
    RelicPoints | RemoveArmy | MovementDice | SaveModifier | WoundRoll | RemoveFlag | RemoveBuilding
    | TakeTerritory | SearchTarget | MoveCrown | ExtraMove | MoveEnemyArmy | Spoil | NextBattle
    | CaptureAfterVictory | MineReroll | ForbidChallenge | DictateChallenge | ChallengeAnyone
    | PlaceMine | SmallestEmpire | Reinforcement | ExtraPoints | MagicItem | Renown | RemoveMine
    | LoseRenown | PushBack | Destroy | HeroDeath | Profile | RollTable | HeroRule | UnitRule
    | Captured | LoseItem | ReturnDestroyed | StormRelics | Reminder,
    Field(discriminator="type"),
]


# -- race abilities ----------------------------------------------------------------------------

class MovementBonus(Model):
    """Movement dice get `value` added (Bretonnia: 1d3+1)."""
    type: Literal["movement_bonus"]
    value: int


class MovementReroll(Model):
    """An army may re-roll its movement die once; the second result stands."""
    type: Literal["movement_reroll"]


class WoundChoice(Model):
    """Roll twice on the wound table and choose the result."""
    type: Literal["wound_choice"]


class SwapArmies(Model):
    """Swap the positions of two of your armies: `any_time` (the rulebook: « à tout moment », as often
    as wished, even after a challenge) or, false, once a turn during movement and challenges."""
    type: Literal["swap_armies"]
    any_time: bool = True


class SlaveMines(Model):
    """After a victory in the previous turn, one mine's roll gets `bonus`: the general `choose`s which
    (the rulebook), or, false, the first mine rolled."""
    type: Literal["slave_mines"]
    bonus: int
    choose: bool = True


class Raid(Model):
    """Once a turn an army attacks a territory far away instead of moving.

    `reach`: coast (any land next to the sea) or anywhere; never a fortress or a city. The d6
    decides: `lost` faces (the army leaves the map until next season), `mine` faces (it arrives
    and a mine is created there), other faces it arrives normally.
    """
    type: Literal["raid"]
    reach: Literal["coast", "anywhere"]
    lost: tuple[int, ...]
    mine: tuple[int, ...] = ()


class ForestTravel(Model):
    """Once a turn one army standing on `terrain` (forest) moves to any other hex of that terrain."""
    type: Literal["forest_travel"]
    terrain: str = "forest"


class TerrainFortress(Model):
    """Your territories of this terrain protect like a fortress for saves."""
    type: Literal["terrain_fortress"]
    terrain: str


class NoCities(Model):
    """You may not raise cities."""
    type: Literal["no_cities"]


class FortificationBonus(Model):
    """Your fortresses and cities give these save bonuses instead of the usual ones."""
    type: Literal["fortification_bonus"]
    fortress: int
    city: int


class EnemySaveModifier(Model):
    """Saves against your conquests get `value`."""
    type: Literal["enemy_save_modifier"]
    value: int


class MineFortress(Model):
    """Your mines protect like a fortress for saves."""
    type: Literal["mine_fortress"]


class QuickReturn(Model):
    """A destroyed army comes back to your capital at the start of the next turn."""
    type: Literal["quick_return"]


class Burrow(Model):
    """Once a turn move one army to any of your territories."""
    type: Literal["burrow"]


class HomeExempt(Model):
    """You need not keep an army on your lands; `recall`: when challenged with none there, you bring
    one home (the rulebook: « du moment qu'ils en rapatrient une s'ils se font attaquer »)."""
    type: Literal["home_exempt"]
    recall: bool = True


class NomadCapital(Model):
    """Once a turn move your capital one hex, onto a territory of yours or a neutral one."""
    type: Literal["nomad_capital"]


class BattleReminder(Model):
    """Shown in the battle briefing when it applies (`where`: anywhere or your fortified lands)."""
    type: Literal["battle_reminder"]
    where: Literal["anywhere", "fortified"] = "anywhere"


Ability = Annotated[
    MovementBonus | MovementReroll | WoundChoice | SwapArmies | SlaveMines | Raid | ForestTravel
    | TerrainFortress | NoCities | FortificationBonus | EnemySaveModifier | MineFortress
    | QuickReturn | Burrow | HomeExempt | NomadCapital | BattleReminder,
    Field(discriminator="type"),
]
