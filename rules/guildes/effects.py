"""The closed vocabulary of effects carried by leaders, items, spells and quests, validated by pydantic.

Every effect is a mapping with a `type` from the list below (a discriminated union): a typo in a type
or a field is a located content error. `rules.guildes.powers.apply_effect` gives each type its
meaning; content/guildes/README.md describes them for designers.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from rules.core.content import Model

ELEMENTS = ("fire", "water", "air", "earth")
Element = Literal["fire", "water", "air", "earth"]
AnyElement = Literal["fire", "water", "air", "earth", "any"]
Side = Literal["light", "dark"]


class GainRubies(Model):
    """The guild takes `amount` rubies from the bank."""
    type: Literal["gain_rubies"]
    amount: int = Field(ge=1)


class StealRubies(Model):
    """The guild takes up to `amount` rubies from a rival guild it chooses."""
    type: Literal["steal_rubies"]
    amount: int = Field(ge=1)


class ShiftAlignment(Model):
    """Move the guild's alignment `amount` steps towards `toward` (`chosen`: the player picks)."""
    type: Literal["shift_alignment"]
    amount: int = Field(ge=1)
    toward: Literal["light", "dark", "chosen"] = "chosen"


class Heal(Model):
    """Remove up to `amount` damage from the guild's mages (least damaged first)."""
    type: Literal["heal"]
    amount: int = Field(ge=1)


class DrawItem(Model):
    """Take the top `count` cards of the item/spell deck for free."""
    type: Literal["draw_item"]
    count: int = Field(default=1, ge=1)


class DrawMage(Model):
    """The top card of the mage deck joins the guild for free, whatever its requirement."""
    type: Literal["draw_mage"]


class GainVp(Model):
    """Victory points kept until the end (a token on the guild)."""
    type: Literal["gain_vp"]
    amount: int = Field(ge=1)


class PeekQuests(Model):
    """Look at the next quest card(s) under the visible one (only the guild sees them)."""
    type: Literal["peek_quests"]
    count: int = Field(default=1, ge=1)


class AttackBonus(Model):
    """In combat, the bearer (item) or the attacking side (spell) adds `amount` to its attack in `element`."""
    type: Literal["attack_bonus"]
    amount: int = Field(ge=1)
    element: AnyElement = "any"


class DefenceBonus(Model):
    """In combat, the bearer (item) or the defending mage (spell) adds `amount` to its defence in `element`."""
    type: Literal["defence_bonus"]
    amount: int = Field(ge=1)
    element: AnyElement = "any"


class HpBonus(Model):
    """The bearer of this item has `amount` more hit points."""
    type: Literal["hp_bonus"]
    amount: int = Field(ge=1)


class DamageOne(Model):
    """Quest failure: `amount` damage on one mage of the party, chosen by its player."""
    type: Literal["damage_one"]
    amount: int = Field(ge=1)


class DamageSpread(Model):
    """Quest failure: `amount` damage spread one by one over the party, as its player chooses."""
    type: Literal["damage_spread"]
    amount: int = Field(ge=1)


class LeaveRubies(Model):
    """Quest failure: up to `amount` rubies are left on the quest card for whoever succeeds."""
    type: Literal["leave_rubies"]
    amount: int = Field(ge=1)


class LeaveItem(Model):
    """Quest failure: an item or spell (chosen by its owner) is left on the quest card."""
    type: Literal["leave_item"]


class LoseAlignment(Model):
    """Quest failure or cost: alignment moves `amount` steps towards 0."""
    type: Literal["lose_alignment"]
    amount: int = Field(ge=1)


Effect = Annotated[
    GainRubies | StealRubies | ShiftAlignment | Heal | DrawItem | DrawMage | GainVp | PeekQuests
    | AttackBonus | DefenceBonus | HpBonus | DamageOne | DamageSpread | LeaveRubies | LeaveItem
    | LoseAlignment,
    Field(discriminator="type"),
]

#: Which effect types each kind of card may carry (checked by `content.build`).
ALLOWED = {
    "leaders": {"gain_rubies", "steal_rubies", "shift_alignment", "heal", "draw_item", "draw_mage",
                "gain_vp", "peek_quests"},
    "items": {"attack_bonus", "defence_bonus", "hp_bonus", "gain_rubies"},
    "spells": {"attack_bonus", "defence_bonus", "gain_rubies", "steal_rubies", "shift_alignment", "heal",
               "draw_item", "peek_quests"},
    "failure": {"damage_one", "damage_spread", "leave_rubies", "leave_item", "lose_alignment"},
    "reward": {"gain_rubies", "shift_alignment", "draw_item", "gain_vp"},
}
COMBAT = {"attack_bonus", "defence_bonus", "hp_bonus"}
