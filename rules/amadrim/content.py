"""Amadrim content: the schema of content/amadrim/*.yaml and the assembled `Content`.

`FILES` maps each file to its pydantic model; `build(files, report)` checks cross-references
(colour ids, map sizes, costs, options) and returns a `Content` the rules read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import Field

from rules.core.content import Model, Positive, Report, Small, Text, msg, one_of, shown, unknown

SCORE_LINES = ("business", "kills", "town", "magic")


class ColourModel(Model):
    id: str
    level: int = Field(ge=1, le=20)
    letter: str = Field(min_length=1, max_length=1)
    symbol: str = Field(min_length=1)
    hex: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    name: Text
    resource: Text


class ColoursFile(Model):
    colours: tuple[ColourModel, ...] = Field(min_length=1)


class Size(Model):
    width: int = Field(ge=3, le=20)
    height: int = Field(ge=3, le=20)


class Layout(Model):
    across: int = Field(ge=1, le=4)
    down: int = Field(ge=1, le=4)


class MapFile(Model):
    quadrant: Size
    quadrants: Layout
    columns: tuple[str, ...]
    rows: tuple[str, ...]
    regions: tuple[str, ...]
    neutral_cities: dict[int, tuple[tuple[int, int], ...]] = {}


class TablesFile(Model):
    cities_per_seat: int = Field(ge=1, le=10)
    action_cubes: tuple[Small, ...] = Field(min_length=1, max_length=20)
    take_city: dict[str, Small]
    level_up: dict[Positive, dict[str, Small]]
    market_values: tuple[Small, ...] = Field(min_length=1, max_length=20)
    winning_total: int = Field(ge=1, le=1000)
    sand_timer_s: int = Field(ge=1, le=3600)
    supply: dict[str, Small] | None  # required, even when null: a truncated file is an error
    tie_break: tuple[str, ...]
    pawns: int | None = Field(ge=1, le=100)  # required too (null: unlimited)
    unplayed_cubes: Literal["binding", "forfeit"]
    monopoly: Literal["as_majority", "extra_step"]


class ChoiceOption(Model):
    default: str
    choices: tuple[str, ...] = Field(min_length=1)


class BoolOption(Model):
    default: bool


class IntChoiceOption(Model):
    default: int = Field(ge=1, le=100)
    choices: tuple[Positive, ...] = Field(min_length=1)


class OptionsFile(Model):
    attack_reach: ChoiceOption
    city_defence: ChoiceOption
    neutral_cities: BoolOption
    max_turns: IntChoiceOption


class BotWeightsModel(Model):
    """One bot level's weights (content/amadrim/bots.yaml; README "Bots" explains each)."""

    merchants: int = Field(default=3, ge=0, le=20)
    creates: int = Field(default=3, ge=0, le=20)
    attacks: int = Field(default=2, ge=0, le=20)
    spells: int = Field(default=3, ge=0, le=20)
    take: float = Field(default=100.0, ge=-1000, le=1000)
    attack: float = Field(default=80.0, ge=-1000, le=1000)
    attack_level: float = Field(default=5.0, ge=-100, le=100)
    spell: float = Field(default=50.0, ge=-1000, le=1000)
    spell_max_cost: int = Field(default=6, ge=0, le=100)
    create: float = Field(default=35.0, ge=-1000, le=1000)
    create_other: float = Field(default=20.0, ge=-1000, le=1000)
    harvest: float = Field(default=8.0, ge=-100, le=100)
    need: float = Field(default=6.0, ge=-100, le=100)
    missing: float = Field(default=4.0, ge=-100, le=100)
    approach: float = Field(default=4.0, ge=-100, le=100)
    step_cost: float = Field(default=1.0, ge=-100, le=100)
    danger: float = Field(default=25.0, ge=-1000, le=1000)
    guard: float = Field(default=0.0, ge=-1000, le=1000)
    leave_post: float = Field(default=0.0, ge=-1000, le=1000)
    lookahead: bool = False
    fear: int = Field(default=0, ge=0, le=20)
    sample_moves: int = Field(default=0, ge=0, le=1000)
    moves_max: int = Field(default=99, ge=0, le=99)
    noise: float = Field(default=0.1, ge=0, le=1000)


class BotsFile(Model):
    apprentice: BotWeightsModel
    adept: BotWeightsModel
    master: BotWeightsModel


FILES = {
    "colours.yaml": ColoursFile,
    "map.yaml": MapFile,
    "tables.yaml": TablesFile,
    "options.yaml": OptionsFile,
    "bots.yaml": BotsFile,
}

#: Readings the rules know for each choice option (content may offer a subset).
KNOWN_CHOICES = {"attack_reach": ("eight", "four"), "city_defence": ("owner", "any_guild")}
#: Readings set in tables.yaml (not offered at new game; `new_game(options=...)` may override).
RULE_CHOICES = {"unplayed_cubes": ("binding", "forfeit"), "monopoly": ("as_majority", "extra_step")}

Cell = tuple[int, int]


@dataclass(frozen=True)
class Content:
    """Everything the Amadrim rules read, assembled and checked."""

    colours: tuple[ColourModel, ...]          # in level order: index = level - 1
    width: int
    height: int
    quadrant_width: int
    quadrant_height: int
    column_colour: tuple[int, ...]            # colour index of each map column
    row_colour: tuple[int, ...]               # colour index of each map row
    region: tuple[tuple[int, ...], ...]       # region[y][x] = colour index
    neutral_cities: dict[int, tuple[Cell, ...]]
    cities_per_seat: int
    action_cubes: tuple[int, ...]
    take_city: tuple[int, ...]                # cost by colour index
    level_up: dict[int, tuple[int, ...]]      # new level -> cost by colour index
    market_values: tuple[int, ...]
    winning_total: int
    sand_timer_s: int
    supply: tuple[int, ...] | None
    tie_break: tuple[str, ...]
    options: OptionsFile
    pawns: int | None = None                  # pawns per guild (None = unlimited)
    unplayed_cubes: str = "binding"           # binding | forfeit (see README, ruling 7)
    monopoly: str = "as_majority"             # as_majority | extra_step (ruling 15)
    bots: BotsFile | None = None              # the bot levels' weights (bots.yaml)

    @property
    def colour_ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.colours)

    @property
    def max_level(self) -> int:
        return len(self.colours)

    def cubes_for(self, cities: int) -> int:
        """Action cubes for a guild holding `cities` cities."""
        return self.action_cubes[min(cities, len(self.action_cubes) - 1)]


def build(files: dict[str, Any], report: Report) -> Content:
    """Assemble the validated files into `Content`, reporting every cross-reference problem."""
    colours = _colours(files["colours.yaml"], report)
    ids = [c.id for c in colours]
    grid = _grid(files["map.yaml"], ids, colours, report)
    tables: TablesFile = files["tables.yaml"]
    options: OptionsFile = files["options.yaml"]
    quadrants = files["map.yaml"].quadrants.across * files["map.yaml"].quadrants.down
    if tables.cities_per_seat > quadrants:
        report("tables.yaml", ("cities_per_seat",),
               msg("amadrim.content.cities_per_seat", max=quadrants, got=tables.cities_per_seat))
    _check_options(options, report)
    return Content(
        colours=colours, **grid,
        cities_per_seat=tables.cities_per_seat,
        action_cubes=tables.action_cubes,
        take_city=_cost(tables.take_city, ids, ("take_city",), report),
        level_up=_level_up(tables.level_up, ids, report),
        market_values=tables.market_values,
        winning_total=tables.winning_total,
        sand_timer_s=tables.sand_timer_s,
        supply=None if tables.supply is None else _cost(tables.supply, ids, ("supply",), report),
        tie_break=_tie_break(tables.tie_break, report),
        options=options,
        pawns=tables.pawns,
        unplayed_cubes=tables.unplayed_cubes,
        monopoly=tables.monopoly,
        bots=files.get("bots.yaml"),
    )


def _colours(model: ColoursFile, report: Report) -> tuple[ColourModel, ...]:
    seen: dict[str, int] = {}
    for i, colour in enumerate(model.colours):
        value = colour.letter  # duplicate ids: game.content checks every list with ids
        if value in seen:
            report("colours.yaml", ("colours", i, "letter"),
                   msg("amadrim.content.duplicate_letter", value=shown(value)))
        seen[value] = i
    ordered = tuple(sorted(model.colours, key=lambda c: c.level))
    if [c.level for c in ordered] != list(range(1, len(ordered) + 1)):
        report("colours.yaml", ("colours",),
               msg("amadrim.content.levels_once", got=str([c.level for c in model.colours])))
    return ordered


def _colour_index(value: str, ids: list[str], file: str, path: tuple[Any, ...], report: Report) -> int:
    if value in ids:
        return ids.index(value)
    report(file, path, unknown("amadrim.content.what.colour", value, ids))
    return 0


def _grid(model: MapFile, ids: list[str], colours: tuple[ColourModel, ...],
          report: Report) -> dict[str, Any]:
    qw, qh = model.quadrant.width, model.quadrant.height
    width, height = qw * model.quadrants.across, qh * model.quadrants.down
    for key, line, size in (("columns", model.columns, qw), ("rows", model.rows, qh)):
        if len(line) != size:
            report("map.yaml", (key,), msg("amadrim.content.column_colours" if key == "columns"
                                            else "amadrim.content.row_colours", n=size, got=len(line)))
    cols = [_colour_index(v, ids, "map.yaml", ("columns", i), report) for i, v in enumerate(model.columns)]
    rows = [_colour_index(v, ids, "map.yaml", ("rows", i), report) for i, v in enumerate(model.rows)]
    return {
        "width": width, "height": height, "quadrant_width": qw, "quadrant_height": qh,
        "column_colour": tuple(cols[x % qw] if len(cols) == qw else 0 for x in range(width)),
        "row_colour": tuple(rows[y % qh] if len(rows) == qh else 0 for y in range(height)),
        "region": _regions(model.regions, width, height, colours, report),
        "neutral_cities": _neutral(model.neutral_cities, width, height, report),
    }


def _regions(lines: tuple[str, ...], width: int, height: int, colours: tuple[ColourModel, ...],
             report: Report) -> tuple[tuple[int, ...], ...]:
    letters = {c.letter: i for i, c in enumerate(colours)}
    if len(lines) != height:
        report("map.yaml", ("regions",), msg("amadrim.content.region_rows", n=height, got=len(lines)))
    out = []
    for y in range(height):
        line = lines[y] if y < len(lines) else ""
        if y < len(lines) and len(line) != width:
            report("map.yaml", ("regions", y), msg("amadrim.content.region_cells", n=width, got=len(line)))
        for ch in set(line) - set(letters):
            report("map.yaml", ("regions", y), unknown("amadrim.content.what.colour_letter", ch, letters))
        out.append(tuple(letters.get(line[x], 0) if x < len(line) else 0 for x in range(width)))
    return tuple(out)


def _neutral(sites: dict[int, tuple[Cell, ...]], width: int, height: int,
             report: Report) -> dict[int, tuple[Cell, ...]]:
    for count, cells in sites.items():
        if len(set(cells)) != len(cells):
            report("map.yaml", ("neutral_cities", count), msg("amadrim.content.neutral_repeat"))
        for i, (x, y) in enumerate(cells):
            if not (0 < x < width - 1 and 0 < y < height - 1):
                report("map.yaml", ("neutral_cities", count, i),
                       msg("amadrim.content.neutral_edge", x=x, y=y))
    return dict(sites)


def _cost(cost: dict[str, int], ids: list[str], path: tuple[Any, ...], report: Report) -> tuple[int, ...]:
    out = [0] * len(ids)
    for colour, amount in cost.items():
        if amount < 0:
            report("tables.yaml", path + (colour,), msg("amadrim.content.negative_cost", got=amount))
        out[_colour_index(colour, ids, "tables.yaml", path + (colour,), report)] = amount
    return tuple(out)


def _level_up(table: dict[int, dict[str, int]], ids: list[str], report: Report) -> dict[int, tuple[int, ...]]:
    expected = set(range(2, len(ids) + 1))
    if set(table) != expected:
        report("tables.yaml", ("level_up",), msg("amadrim.content.level_up_levels",
                                                 expected=str(sorted(expected)), got=str(sorted(table))))
    return {level: _cost(cost, ids, ("level_up", level), report) for level, cost in table.items()}


def _tie_break(lines: tuple[str, ...], report: Report) -> tuple[str, ...]:
    for i, line in enumerate(lines):
        if line not in SCORE_LINES:
            report("tables.yaml", ("tie_break", i), unknown("amadrim.content.what.score_line", line, SCORE_LINES))
    return lines


def _check_options(options: OptionsFile, report: Report) -> None:
    for name, known in KNOWN_CHOICES.items():
        option: ChoiceOption = getattr(options, name)
        for i, choice in enumerate(option.choices):
            if choice not in known:
                report("options.yaml", (name, "choices", i), unknown("amadrim.content.what.reading", choice, known))
        if option.default not in option.choices:
            report("options.yaml", (name, "default"), unknown("amadrim.content.what.choice", option.default,
                                                              option.choices))
    if options.max_turns.default not in options.max_turns.choices:
        report("options.yaml", ("max_turns", "default"),
               msg("amadrim.content.max_turns_default", choices=one_of(options.max_turns.choices),
                   got=options.max_turns.default))
