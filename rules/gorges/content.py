"""The schema of content/gorges/*.yaml and the assembled, cross-checked `Content`.

`game.content.load("gorges")` validates each file of `FILES` with its model, then calls
`build(files, report)`, which checks what one file cannot check alone (every die face covered
exactly once, the 36 d66 events, ids that exist, a connected island) and assembles `Content`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import Field

from rules.core.content import Model, Report, Small, Text, msg, one_of, shown, unknown
from rules.core.dice import d66_values
from rules.gorges.effects import Ability, Effect
from rules.gorges.island import Island

TABLES = ("war_spoils", "defeats", "wounds", "serious_wound", "psychology", "lesson", "feats",
          "mines", "fate", "no_challenge")


class Entry(Model):
    """One line of a d6 table: the faces that select it, its text and its effects."""

    rolls: tuple[int, ...] = Field(min_length=1, max_length=6)
    name: Text
    text: Text
    effects: tuple[Effect, ...] = ()


class Table(Model):
    """A d6 table."""

    name: Text
    entries: tuple[Entry, ...] = Field(min_length=1)


class SaveRules(Model):
    """The conquest save roll: target and the standard modifiers."""

    target: int = Field(ge=2, le=7)
    adjacent_to_attacker: int = Field(ge=-6, le=6)
    fortress: int = Field(ge=-6, le=6)
    city: int = Field(ge=-6, le=6)
    per_relic_point: int = Field(ge=-6, le=6)
    max_relic_points: int | None = Field(default=None, ge=0, le=100)  # None: no limit (the rulebook)


class TablesFile(Model):
    war_spoils: Table
    defeats: Table
    wounds: Table
    serious_wound: Table
    psychology: Table
    lesson: Table
    feats: Table
    mines: Table
    fate: Table
    no_challenge: Table
    save: SaveRules


class Event(Model):
    """A d66 random event."""

    roll: int = Field(ge=0, le=99)
    name: Text
    text: Text
    effects: tuple[Effect, ...] = ()


class EventsFile(Model):
    events: tuple[Event, ...] = Field(min_length=1)


class Season(Model):
    id: str
    name: Text
    text: Text
    effects: tuple[Effect, ...] = ()


class SeasonsFile(Model):
    seasons: tuple[Season, ...] = Field(min_length=1)


class Race(Model):
    id: str
    name: Text
    text: Text
    abilities: tuple[Ability, ...] = ()


class RacesFile(Model):
    races: tuple[Race, ...] = Field(min_length=1)


class Terrain(Model):
    id: str
    name: Text


class Territory(Model):
    id: str
    name: Text
    q: int = Field(ge=-50, le=50)
    r: int = Field(ge=-50, le=50)
    terrain: str


class IslandFile(Model):
    terrains: tuple[Terrain, ...] = Field(min_length=1)
    territories: tuple[Territory, ...] = Field(min_length=2)
    capitals: tuple[str, ...] = Field(min_length=6)
    crown_start: str


class OptionChoice(Model):
    default: Small
    choices: tuple[Small, ...] = Field(min_length=1, max_length=10)


class CampaignFile(Model):
    """Defaults of the options offered at new game."""

    turns_per_season: OptionChoice
    points_cap_percent: OptionChoice
    relic_edge_points: OptionChoice
    regiments_general: int = Field(ge=0, le=20)
    regiments_lieutenant: int = Field(ge=0, le=20)
    movement_die: int = Field(ge=1, le=6)
    # A neutral territory at stake in an accepted challenge: false (the ruling), only the battle's
    # winner annexes it; true, phase 8 annexes it first, to the first general in turn order.
    annex_before_battle: bool = False


class CaptainWeights(Model):
    """The campaign bot's weights (content/gorges/bots.yaml; README "Bots" explains each)."""

    annex: float = Field(ge=-100, le=100)
    attack: float = Field(ge=-100, le=100)
    leader: float = Field(ge=-100, le=100)
    building_stake: float = Field(ge=-100, le=100)
    open_land: float = Field(ge=-100, le=100)
    approach: float = Field(ge=-100, le=100)
    crowded: float = Field(ge=-100, le=100)
    raid_risk: float = Field(ge=0, le=1)
    fortress: float = Field(ge=-100, le=100)
    city: float = Field(ge=-100, le=100)
    mine: float = Field(ge=-100, le=100)
    frontier: float = Field(ge=-100, le=100)
    challenge_min: float = Field(ge=-100, le=100)
    stake: float = Field(ge=-100, le=100)
    remote: float = Field(ge=-100, le=100)
    battle_risk: float = Field(ge=-100, le=100)
    accept_below_save: float = Field(ge=0, le=1)
    accept_for_land: bool
    offer_relics: int = Field(ge=0, le=100)
    draw: float = Field(ge=0, le=1)
    slain: float = Field(ge=0, le=1)
    storm_of_magic: bool
    points_edge: float = Field(ge=0, le=1)
    races: tuple[str, ...] = Field(default=(), max_length=50)
    wound_preference: tuple[int, ...] = Field(default=(6, 3, 4, 5, 2, 1), max_length=6)


class BotsFile(Model):
    captain: CaptainWeights


FILES = {
    "tables.yaml": TablesFile,
    "events.yaml": EventsFile,
    "seasons.yaml": SeasonsFile,
    "races.yaml": RacesFile,
    "island.yaml": IslandFile,
    "campaign.yaml": CampaignFile,
    "bots.yaml": BotsFile,
}


@dataclass(frozen=True)
class Content:
    """Everything the rules read, assembled and checked."""

    tables: dict[str, Table]
    save: SaveRules
    events: dict[int, Event]
    seasons: tuple[Season, ...]
    races: dict[str, Race]
    island: Island
    territories: dict[str, Territory]
    terrains: dict[str, Terrain]
    capitals: tuple[str, ...]
    crown_start: str
    campaign: CampaignFile
    faces: dict[str, dict[int, int]] = field(default_factory=dict)
    bots: dict[str, dict[str, Any]] = field(default_factory=dict)  # bots.yaml as plain data, for views

    def entry(self, table: str, roll: int) -> Entry:
        """The entry of `table` selected by `roll`."""
        t = self.tables[table]
        return t.entries[self.faces[table][roll]]

    def ref(self, item: Any) -> str | None:
        """Which event, table entry or race `item` is, as "event:56", "table:wounds:2" or
        "race:skavens" (names are not unique: events 14 and 56 are both "Assassin !"). Found by
        identity; None for anything else. See `text_of`."""
        for roll, event in self.events.items():
            if event is item:
                return f"event:{roll}"
        for tid, table in self.tables.items():
            for i, entry in enumerate(table.entries):
                if entry is item:
                    return f"table:{tid}:{i}"
        for rid, race in self.races.items():
            if race is item:
                return f"race:{rid}"
        return None

    def text_of(self, ref: Any) -> Text | None:
        """The text of the event, table entry or race `ref` names (see `ref`), or None."""
        if not isinstance(ref, str):
            return None
        kind, _, rest = ref.partition(":")
        try:
            if kind == "event":
                return self.events[int(rest)].text
            if kind == "table":
                tid, _, index = rest.rpartition(":")
                return self.tables[tid].entries[int(index)].text
            if kind == "race":
                return self.races[rest].text
        except (KeyError, ValueError, IndexError):
            return None
        return None


def plain(text: Text) -> dict[str, str]:
    """`text.model_dump()`, made directly (the same dict, a fraction of the cost)."""
    return {"fr": text.fr, "en": text.en}


def _check_table(name: str, table: Table, report: Report) -> dict[int, int]:
    faces: dict[int, int] = {}
    for i, e in enumerate(table.entries):
        for j, face in enumerate(e.rolls):
            if not 1 <= face <= 6:
                report("tables.yaml", (name, "entries", i, "rolls", j), msg("gorges.content.face_range", got=face))
            elif face in faces:
                report("tables.yaml", (name, "entries", i, "rolls", j), msg("gorges.content.face_used", face=face))
            faces[face] = i
    missing = sorted(set(range(1, 7)) - set(faces))
    if missing:
        report("tables.yaml", (name, "entries"), msg("gorges.content.faces_missing", missing=str(missing)))
    return faces


def _check_events(events: EventsFile, report: Report) -> dict[int, Event]:
    out: dict[int, Event] = {}
    for i, e in enumerate(events.events):
        if e.roll not in d66_values():
            report("events.yaml", ("events", i, "roll"), msg("gorges.content.d66_range", got=e.roll))
        elif e.roll in out:
            report("events.yaml", ("events", i, "roll"), msg("gorges.content.roll_used", roll=e.roll))
        out[e.roll] = e
    missing = [v for v in d66_values() if v not in out]
    if missing:
        report("events.yaml", ("events",), msg("gorges.content.d66_missing", missing=str(missing)))
    return out


def _check_island(f: IslandFile, report: Report) -> tuple[Island, dict[str, Territory]]:
    terrains = {t.id for t in f.terrains}
    territories: dict[str, Territory] = {}
    coords: dict[tuple[int, int], str] = {}
    for i, t in enumerate(f.territories):
        if (t.q, t.r) in coords:
            report("island.yaml", ("territories", i),
                   msg("gorges.content.hex_taken", q=t.q, r=t.r, other=shown(coords[(t.q, t.r)])))
        if t.terrain not in terrains:
            report("island.yaml", ("territories", i, "terrain"), unknown("gorges.content.what.terrain", t.terrain, terrains))
        territories[t.id] = t
        coords[(t.q, t.r)] = t.id
    island = Island({tid: (t.q, t.r) for tid, t in territories.items()})
    if territories and not island.connected():
        report("island.yaml", ("territories",), msg("gorges.content.island_pieces"))
    seen: set[str] = set()
    for i, c in enumerate(f.capitals):
        if c not in territories:
            report("island.yaml", ("capitals", i), unknown("gorges.content.what.territory", c, territories))
        elif c in seen:
            report("island.yaml", ("capitals", i), msg("gorges.content.capital_twice", id=shown(c)))
        seen.add(c)
    if f.crown_start not in territories:
        report("island.yaml", ("crown_start",), unknown("gorges.content.what.territory", f.crown_start, territories))
    return island, territories


def _check_refs(files: dict[str, Any], terrains: set[str], report: Report) -> None:
    for i, race in enumerate(files["races.yaml"].races):
        for j, ab in enumerate(race.abilities):
            if ab.type in ("terrain_fortress", "forest_travel") and ab.terrain not in terrains:
                report("races.yaml", ("races", i, "abilities", j, "terrain"),
                       unknown("gorges.content.what.terrain", ab.terrain, terrains))
    camp = files["campaign.yaml"]
    for name in ("turns_per_season", "points_cap_percent", "relic_edge_points"):
        opt = getattr(camp, name)
        if opt.default not in opt.choices:
            report("campaign.yaml", (name, "default"),
                   msg("gorges.content.default_choice", choices=one_of(opt.choices), got=opt.default))
    if min(camp.turns_per_season.choices) < 1:
        report("campaign.yaml", ("turns_per_season", "choices"), msg("gorges.content.turns_min"))
    _check_bots(files, report)


def _check_bots(files: dict[str, Any], report: Report) -> None:
    """The bot's preferred races exist; its wound faces are faces of a d6, each once."""
    bots: BotsFile | None = files.get("bots.yaml")
    if bots is None:
        return
    races = {r.id for r in files["races.yaml"].races}
    for i, race in enumerate(bots.captain.races):
        if race not in races:
            report("bots.yaml", ("captain", "races", i), unknown("gorges.content.what.race", race, races))
    seen: set[int] = set()
    for i, face in enumerate(bots.captain.wound_preference):
        if not 1 <= face <= 6:
            report("bots.yaml", ("captain", "wound_preference", i), msg("gorges.content.face_range", got=face))
        elif face in seen:
            report("bots.yaml", ("captain", "wound_preference", i), msg("gorges.content.face_used", face=face))
        seen.add(face)


def build(files: dict[str, Any], report: Report) -> Content | None:
    """Cross-check the validated files and assemble the content."""
    tf: TablesFile = files["tables.yaml"]
    faces = {name: _check_table(name, getattr(tf, name), report) for name in TABLES}
    events = _check_events(files["events.yaml"], report)
    island, territories = _check_island(files["island.yaml"], report)
    terrains = {t.id: t for t in files["island.yaml"].terrains}
    _check_refs(files, set(terrains), report)
    seasons = files["seasons.yaml"].seasons
    return Content(
        tables={name: getattr(tf, name) for name in TABLES}, save=tf.save, events=events,
        seasons=seasons, races={r.id: r for r in files["races.yaml"].races}, island=island,
        territories=territories, terrains=terrains, capitals=files["island.yaml"].capitals,
        crown_start=files["island.yaml"].crown_start,
        campaign=files["campaign.yaml"], faces=faces,
        bots=files["bots.yaml"].model_dump(mode="json") if "bots.yaml" in files else {},
    )
