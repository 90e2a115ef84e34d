"""The records the campaign keeps: generals, armies, legendary heroes and renown regiments.

Everything the players need at the battle table lives here and goes to the view as plain JSON
(`to_json`). Texts from content are kept as {"fr", "en"} dicts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SLOTS = ("G", "L1", "L2")
STATS = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")
STAT_MAX = 10
REINFORCEMENT = "R"


@dataclass
class Hero:
    """A legendary hero: profile changes as deltas from his army book profile."""

    profile: dict[str, int] = field(default_factory=dict)
    next_battle_profile: dict[str, int] = field(default_factory=dict)
    rules: list[dict[str, str]] = field(default_factory=list)
    items: list[dict[str, Any]] = field(default_factory=list)
    captive_of: int | None = None
    misses_next_battle: bool = False
    deaths: int = 0
    name: str = ""
    base: dict[str, int] | None = None

    def current(self, stat: str) -> int | None:
        """The characteristic now (book value plus changes), or None when the book value is unknown."""
        if self.base is None or stat not in self.base:
            return None
        return self.base[stat] + self.profile.get(stat, 0)

    def available(self) -> bool:
        """True when the hero can be wounded, rewarded or fight (not held hostage)."""
        return self.captive_of is None

    def to_json(self) -> dict[str, Any]:
        current = None if self.base is None else {k: self.current(k) for k in self.base}
        return {"name": self.name, "base_profile": None if self.base is None else dict(self.base),
                "current_profile": current, "profile": dict(self.profile), "next_battle_profile": dict(self.next_battle_profile),
                "rules": list(self.rules), "items": [dict(i) for i in self.items],
                "captive_of": self.captive_of, "misses_next_battle": self.misses_next_battle,
                "deaths": self.deaths}


@dataclass
class Regiment:
    """A renown regiment and what it won (standards, special rules)."""

    number: int
    gifts: list[dict[str, Any]] = field(default_factory=list)
    name: str = ""

    def has_rule(self, name: dict[str, str]) -> bool:
        return any(g.get("rule") == name for g in self.gifts)

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "name": self.name, "gifts": [dict(g) for g in self.gifts]}


@dataclass
class Army:
    """One army: where it is, its hero, renown regiments and notes for its next battle."""

    id: str
    seat: int
    slot: str
    location: str | None
    hero: Hero = field(default_factory=Hero)
    regiments: list[Regiment] = field(default_factory=list)
    notes: list[dict[str, Any]] = field(default_factory=list)
    extra_points: int = 0
    returns: str | None = None  # "season" or "turn" while off the map
    destroyed: bool = False
    built: bool = False
    moved: bool = False
    allowance: int = 0
    rerolled: bool = False
    wins: int = 0
    losses: int = 0
    next_regiment: int = 1
    name: str = ""
    memo: str = ""  # the general's free notes on this army

    @property
    def on_map(self) -> bool:
        return self.location is not None

    def to_json(self, cap: int) -> dict[str, Any]:
        return {
            "id": self.id, "name": self.name, "seat": self.seat, "slot": self.slot, "location": self.location,
            "on_map": self.on_map, "returns": self.returns, "destroyed": self.destroyed,
            "hero": self.hero.to_json(), "regiments": [r.to_json() for r in self.regiments],
            "regiment_cap": cap, "notes": [dict(n) for n in self.notes],
            "extra_points": self.extra_points, "built": self.built, "moved": self.moved,
            "allowance": self.allowance, "rerolled": self.rerolled, "wins": self.wins,
            "losses": self.losses, "memo": self.memo,
        }


@dataclass
class General:
    """A player: race, capital, relic points, current event and what he may still do this turn."""

    seat: int
    race: str | None = None
    capital: str | None = None
    relics: int = 0
    event: int | None = None
    notes: list[dict[str, Any]] = field(default_factory=list)
    extra_points: int = 0
    built_this_season: bool = False
    used: set[str] = field(default_factory=set)
    won_this_turn: bool = False
    won_last_turn: bool = False
    accepted: int = 0
    second_agreed: bool = False  # the table agreed this turn that he may take up a second challenge
    challenged: bool = False
    hostages: list[str] = field(default_factory=list)
    memo: str = ""  # free notes of the general

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "race": self.race, "capital": self.capital,
                "relic_points": self.relics, "event": self.event,
                "notes": [dict(n) for n in self.notes], "extra_points": self.extra_points,
                "built_this_season": self.built_this_season, "used": sorted(self.used),
                "won_this_turn": self.won_this_turn, "won_last_turn": self.won_last_turn,
                "accepted_challenges": self.accepted, "second_agreed": self.second_agreed,
                "challenged": self.challenged,
                "hostages": list(self.hostages), "memo": self.memo}
