"""Anludim content: the YAML schema (`FILES`) and `build`, which checks cross-references.

`game.content.load("anludim")` validates each file of `FILES` with its model, then calls
`build(files, report)`, which returns a frozen `AnludimContent` the engine plays with.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal

from pydantic import Field

from rules.core.content import Byte, Model, Report, Small, Text, msg, shown, unknown

KINDS = ("suite", "couleur", "paires", "brelans", "assemblee")
Kind = Literal["suite", "couleur", "paires", "brelans", "assemblee"]


class ColourModel(Model):
    id: str
    name: Text
    symbol: str
    shape: str
    rgb: tuple[Byte, Byte, Byte]


class ColoursFile(Model):
    colours: tuple[ColourModel, ...] = Field(min_length=2)


class CardModel(Model):
    id: str
    halves: tuple[tuple[Small, str], tuple[Small, str]]


class CardsFile(Model):
    cards: tuple[CardModel, ...] = Field(min_length=1)


class ProfessorModel(Model):
    id: str
    name: Text
    kind: Kind
    item: str


class ProfessorsFile(Model):
    professors: tuple[ProfessorModel, ...] = Field(min_length=1)


class ItemModel(Model):
    id: str
    name: Text
    plural: Text
    values: tuple[Small, ...] = Field(min_length=1, max_length=100)


class ParchmentsModel(Model):
    count: int = Field(ge=0, le=100)
    points: int = Field(ge=0, le=100)
    name: Text


class RemovedItemModel(Model):
    item: str
    value: Small


class RemovedModel(Model):
    seats: int = Field(ge=2, le=6)
    items: tuple[RemovedItemModel, ...]


class ItemsFile(Model):
    items: tuple[ItemModel, ...] = Field(min_length=1)
    parchments: ParchmentsModel
    removed: tuple[RemovedModel, ...] = ()


class BlazonModel(Model):
    name: Text
    hand: int = Field(ge=0, le=30)
    keep: int = Field(ge=0, le=30)


class BlazonsModel(Model):
    silver: BlazonModel
    gold: BlazonModel


class ValuesModel(Model):
    min: int = Field(ge=0, le=99)
    max: int = Field(ge=0, le=99)


class RulesFile(Model):
    blazons: BlazonsModel
    values: ValuesModel
    face_up: int = Field(ge=0, le=20)
    draw: int = Field(ge=1, le=20)
    optional_draw: int = Field(ge=0, le=20)
    first_round_parchments: int = Field(ge=0, le=20)
    first_round_parchments_min_seats: int = Field(default=3, ge=2, le=6)
    empty_piles_end: int = Field(ge=1, le=20)
    round_end_check: Literal["each_item", "end_of_turn"] = "each_item"
    rewards: tuple[Small, ...] = Field(max_length=10)
    rewards_min_seats: int = Field(ge=2, le=6)


class BotWeightsModel(Model):
    """One bot persona's weights (content/anludim/bots.yaml; README "Bots" explains each)."""

    item: float = Field(default=1.0, ge=0, le=20)
    steal: float = Field(default=1.0, ge=-20, le=20)
    steal_leader: float = Field(default=1.0, ge=-20, le=20)
    new_kind: float = Field(default=0.0, ge=-20, le=20)
    card_cost: float = Field(default=0.25, ge=-20, le=20)
    lose_professor: float = Field(default=3.0, ge=-20, le=20)
    strength: float = Field(default=0.0, ge=-20, le=20)
    take_back_orphans: bool = False
    face_up_min_matches: int = Field(default=2, ge=0, le=20)
    discard_item_max: int = Field(default=0, ge=0, le=99)
    discard_hand_max: int = Field(default=2, ge=0, le=30)
    noise: float = Field(default=0.0, ge=0, le=100)
    round_end: float = Field(default=0.0, ge=-100, le=100)
    threat: float = Field(default=0.0, ge=-100, le=100)
    scarce: float = Field(default=0.0, ge=0, le=20)
    samples: int = Field(default=0, ge=0, le=200)
    candidates: int = Field(default=4, ge=1, le=30)
    depth: int = Field(default=12, ge=1, le=200)
    playout: Literal["apprentice", "adept", "master"] = "adept"


class BotsFile(Model):
    apprentice: BotWeightsModel
    adept: BotWeightsModel
    master: BotWeightsModel


FILES = {
    "colours.yaml": ColoursFile,
    "cards.yaml": CardsFile,
    "professors.yaml": ProfessorsFile,
    "items.yaml": ItemsFile,
    "rules.yaml": RulesFile,
    "bots.yaml": BotsFile,
}


@dataclass(frozen=True)
class AnludimContent:
    """Validated content: lookups by id plus the raw rule numbers."""

    colours: tuple[ColourModel, ...]
    cards: dict[str, tuple[tuple[int, str], tuple[int, str]]]
    professors: tuple[ProfessorModel, ...]
    items: dict[str, ItemModel]
    parchments: ParchmentsModel
    removed: dict[int, tuple[tuple[str, int], ...]]
    rules: RulesFile
    bots: BotsFile | None = None

    @cached_property
    def hierarchy(self) -> tuple[str, ...]:
        """Combination kinds from lowest to highest (the expert hierarchy; made once)."""
        return tuple(p.kind for p in self.professors)

    @cached_property
    def professors_by_id(self) -> dict[str, ProfessorModel]:
        """Professor id -> professor (built once: the rules look professors up on every turn)."""
        return {p.id: p for p in self.professors}

    @cached_property
    def symbols(self) -> dict[str, str]:
        """Colour id -> the symbol printed next to its values."""
        return {c.id: c.symbol for c in self.colours}

    @cached_property
    def view_content(self) -> dict[str, Any]:
        """The content part of every view (JSON-able), built once and shared by every view (read-only)."""
        rules = self.rules
        return {
            "colours": [{"id": c.id, "name": c.name.model_dump(), "symbol": c.symbol, "shape": c.shape,
                         "rgb": list(c.rgb)} for c in self.colours],
            "kinds": list(self.hierarchy),
            "rules": {"face_up": rules.face_up, "draw": rules.draw, "empty_piles_end": rules.empty_piles_end,
                      "parchment_points": self.parchments.points, "optional_draw": rules.optional_draw,
                      "round_end_check": rules.round_end_check, "rewards": list(rules.rewards),
                      "rewards_min_seats": rules.rewards_min_seats,
                      "blazons": {b: {"hand": self.blazon(b == "gold").hand, "keep": self.blazon(b == "gold").keep}
                                  for b in ("silver", "gold")}},
            "deck": [[list(h) for h in halves] for halves in self.cards.values()],
            "bots": self.bots.model_dump() if self.bots is not None else {},
        }

    def professor(self, professor_id: str | None) -> ProfessorModel | None:
        """The professor with this id, or None."""
        return self.professors_by_id.get(professor_id) if professor_id is not None else None

    def blazon(self, gold: bool) -> BlazonModel:
        """The silver or gold blazon's numbers."""
        return self.rules.blazons.gold if gold else self.rules.blazons.silver


def _unique(ids: list[str], file: str, key: str, report: Report) -> None:
    for name, count in Counter(ids).items():
        if count > 1:
            report(file, (key, ids.index(name), "id"),
                   msg("anludim.content.unique_ids", id=shown(name), count=count))


def _check_cards(files: dict, report: Report) -> None:
    colours = [c.id for c in files["colours.yaml"].colours]
    rules = files["rules.yaml"]
    for i, card in enumerate(files["cards.yaml"].cards):
        for h, (value, colour) in enumerate(card.halves):
            if colour not in colours:
                report("cards.yaml", ("cards", i, "halves", h, 1), unknown("anludim.content.what.colour", colour, colours))
            if not rules.values.min <= value <= rules.values.max:
                report("cards.yaml", ("cards", i, "halves", h, 0),
                       msg("anludim.content.value_range", min=rules.values.min, max=rules.values.max, got=value))


def _check_professors(files: dict, report: Report) -> None:
    items = [it.id for it in files["items.yaml"].items]
    professors = files["professors.yaml"].professors
    for i, prof in enumerate(professors):
        if prof.item not in items:
            report("professors.yaml", ("professors", i, "item"), unknown("anludim.content.what.item", prof.item, items))
    kinds = [p.kind for p in professors]
    for i, kind in enumerate(kinds):
        if kinds.index(kind) != i:
            report("professors.yaml", ("professors", i, "kind"),
                   msg("anludim.content.professor_per_kind", kind=shown(kind)))


def _check_removed(files: dict, report: Report) -> None:
    items = {it.id: Counter(it.values) for it in files["items.yaml"].items}
    for i, rem in enumerate(files["items.yaml"].removed):
        taken: Counter = Counter()
        for j, r in enumerate(rem.items):
            where = ("removed", i, "items", j)
            if r.item not in items:
                report("items.yaml", where + ("item",), unknown("anludim.content.what.item", r.item, items))
                continue
            taken[(r.item, r.value)] += 1
            if taken[(r.item, r.value)] > items[r.item][r.value]:
                report("items.yaml", where + ("value",),
                       msg("anludim.content.removed_too_often", item=r.item, value=r.value))


def build(files: dict, report: Report) -> AnludimContent | None:
    """Assemble the validated files, reporting every broken cross-reference."""
    _unique([c.id for c in files["colours.yaml"].colours], "colours.yaml", "colours", report)
    _unique([c.id for c in files["cards.yaml"].cards], "cards.yaml", "cards", report)
    _unique([p.id for p in files["professors.yaml"].professors], "professors.yaml", "professors", report)
    _unique([it.id for it in files["items.yaml"].items], "items.yaml", "items", report)
    _check_cards(files, report)
    _check_professors(files, report)
    _check_removed(files, report)
    items = files["items.yaml"]
    return AnludimContent(
        colours=files["colours.yaml"].colours,
        cards={c.id: c.halves for c in files["cards.yaml"].cards},
        professors=files["professors.yaml"].professors,
        items={it.id: it for it in items.items},
        parchments=items.parchments,
        removed={r.seats: tuple((x.item, x.value) for x in r.items) for r in items.removed},
        rules=files["rules.yaml"],
        bots=files.get("bots.yaml"),
    )
