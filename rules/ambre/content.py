"""Ambre content: the YAML schema (`FILES`) and `build`, which checks the tables are complete.

`game.content.load("ambre")` validates each file of `FILES` with its model, then calls
`build(files, report)`, which returns a frozen `AmbreContent` the engine plays with.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from rules.ambre.cards import SUITS, VALUES
from rules.core.content import Model, Report, Text, msg, shown

Suit = Literal["coupe", "denier", "epee", "baton"]
ElementKind = Literal["object", "character", "place", "organisation"]


class SuitModel(Model):
    id: Suit
    name: Text                 # Coupe
    of_name: Text              # "de Coupe", "d'Épée": the name after a figure (Roi d'Épée)
    symbol: str                # a glyph printed next to every value (colour-blind players)
    rgb: tuple[int, int, int]


class FigureModel(Model):
    id: Literal["valet", "cavalier", "reine", "roi"]
    name: Text
    rank: int = Field(ge=1, le=4)


class ArcanumModel(Model):
    number: int = Field(ge=0, le=21)
    name: Text
    theme: Text
    prompts: tuple[Text, ...] = Field(min_length=2, max_length=3)


class TarotFile(Model):
    suits: tuple[SuitModel, ...] = Field(min_length=4, max_length=4)
    figures: tuple[FigureModel, ...] = Field(min_length=4, max_length=4)
    majors: tuple[ArcanumModel, ...] = Field(min_length=22, max_length=22)


class CharacteristicModel(Model):
    suit: Suit
    name: Text
    description: Text


class CharacteristicsFile(Model):
    characteristics: tuple[CharacteristicModel, ...] = Field(min_length=4, max_length=4)


class ElementModel(Model):
    value: int = Field(ge=1, le=10)
    kind: ElementKind
    text: Text


class ElementsFile(Model):
    coupe: tuple[ElementModel, ...]
    denier: tuple[ElementModel, ...]
    epee: tuple[ElementModel, ...]
    baton: tuple[ElementModel, ...]


class BandModel(Model):
    min_difference: int = Field(ge=0)
    title: Text
    text: Text


class EpilogueFile(Model):
    coupe: tuple[BandModel, ...] = Field(min_length=1)
    denier: tuple[BandModel, ...] = Field(min_length=1)
    epee: tuple[BandModel, ...] = Field(min_length=1)
    baton: tuple[BandModel, ...] = Field(min_length=1)
    none: tuple[BandModel, ...] = Field(min_length=1)


class RulesFile(Model):
    name_max: int = Field(ge=1, le=80)
    motivation_max: int = Field(ge=8, le=400)
    leftover: Literal["box", "deal"]
    raise_tie: Literal["earlier", "later"]
    tie_break_joker: bool
    close_give_self: bool
    consequence_cards: Literal["face_up", "any"]
    elements_per_conflict: int = Field(ge=0, le=4)
    bot_names: tuple[str, ...] = Field(min_length=5)
    bot_motivations: tuple[Text, ...] = Field(min_length=5)


class BotWeightsModel(Model):
    """One bot persona's weights (content/ambre/bots.yaml; README "Bots" explains each)."""

    noise: float = Field(default=0.0, ge=0, le=100)
    lead: float = Field(default=0.5, ge=0, le=5)
    rest: float = Field(default=0.5, ge=0, le=5)
    card_cost: float = Field(default=0.1, ge=0, le=5)
    spare: float = Field(default=1.0, ge=0, le=5)
    final: float = Field(default=0.0, ge=0, le=10)
    rank: float = Field(default=0.1, ge=0, le=5)
    bid_cost: float = Field(default=0.05, ge=0, le=5)
    raise_max: int = Field(default=0, ge=0, le=10)
    scene: float = Field(default=1.0, ge=0, le=10)
    setup_max: int = Field(default=3, ge=0, le=20)
    setup: Literal["self", "others", "auto"] = "self"
    closing: bool = True
    gage: bool = True
    samples: int = Field(default=0, ge=0, le=64)
    replies: bool = False


class BotsFile(Model):
    apprentice: BotWeightsModel
    adept: BotWeightsModel
    master: BotWeightsModel


FILES = {
    "tarot.yaml": TarotFile,
    "characteristics.yaml": CharacteristicsFile,
    "elements.yaml": ElementsFile,
    "epilogue.yaml": EpilogueFile,
    "rules.yaml": RulesFile,
    "bots.yaml": BotsFile,
}


@dataclass(frozen=True)
class AmbreContent:
    """Validated content: lookups by suit and number plus the rule options."""

    suits: dict[str, SuitModel]
    figures: dict[int, FigureModel]
    majors: dict[int, ArcanumModel]
    characteristics: dict[str, CharacteristicModel]
    elements: dict[str, dict[int, ElementModel]]
    epilogue: dict[str, tuple[BandModel, ...]]
    rules: RulesFile
    bots: BotsFile | None = None

    def band(self, suit: str | None, difference: int) -> BandModel:
        """The epilogue entry of a majority suit (None: no card put aside) for a difference."""
        bands = self.epilogue[suit or "none"]
        return max((b for b in bands if b.min_difference <= difference), key=lambda b: b.min_difference)


def _check_unique(file: str, key: str, items: tuple, field: str, report: Report) -> None:
    seen: set = set()
    for i, item in enumerate(items):
        value = getattr(item, field)
        if value in seen:
            report(file, (key, i, field), msg("ambre.content.duplicate", value=shown(value)))
        seen.add(value)


def _check_elements(files: dict, report: Report) -> None:
    table = files["elements.yaml"]
    for suit in SUITS:
        entries = getattr(table, suit)
        _check_unique("elements.yaml", suit, entries, "value", report)
        missing = sorted(set(VALUES) - {e.value for e in entries})
        if missing:
            report("elements.yaml", (suit,), msg("ambre.content.missing_values", values=shown(missing)))


def _check_epilogue(files: dict, report: Report) -> None:
    table = files["epilogue.yaml"]
    for suit in (*SUITS, "none"):
        bands = getattr(table, suit)
        if bands[0].min_difference != 0:
            report("epilogue.yaml", (suit, 0, "min_difference"),
                   msg("ambre.content.first_band", got=bands[0].min_difference))
        for i in range(1, len(bands)):
            if bands[i].min_difference <= bands[i - 1].min_difference:
                report("epilogue.yaml", (suit, i, "min_difference"),
                       msg("ambre.content.band_order", got=bands[i].min_difference,
                           previous=bands[i - 1].min_difference))


def build(files: dict, report: Report) -> AmbreContent | None:
    """Assemble the validated files, reporting duplicates, gaps and misordered bands."""
    tarot = files["tarot.yaml"]
    _check_unique("tarot.yaml", "suits", tarot.suits, "id", report)
    _check_unique("tarot.yaml", "figures", tarot.figures, "rank", report)
    _check_unique("tarot.yaml", "majors", tarot.majors, "number", report)
    chars = files["characteristics.yaml"].characteristics
    _check_unique("characteristics.yaml", "characteristics", chars, "suit", report)
    _check_elements(files, report)
    _check_epilogue(files, report)
    elements = files["elements.yaml"]
    epilogue = files["epilogue.yaml"]
    return AmbreContent(
        suits={s.id: s for s in tarot.suits},
        figures={f.rank: f for f in tarot.figures},
        majors={m.number: m for m in tarot.majors},
        characteristics={c.suit: c for c in chars},
        elements={s: {e.value: e for e in getattr(elements, s)} for s in SUITS},
        epilogue={s: getattr(epilogue, s) for s in (*SUITS, "none")},
        rules=files["rules.yaml"],
        bots=files.get("bots.yaml"),
    )
