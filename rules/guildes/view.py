"""What one seat may see: a JSON-able, redacted dict for scenes and bots.

Keys: `game`, `seat` (the viewer, None for the table), `round`, `step` (1-7, 0 at set-up and at the
end), `phase`, `phase_key` (catalog key), `first` (first player), `current` (seat resolving an
action), `to_act`, `prompt` (kind, key, options and context for the viewer only; the element prompt's
`spell_dice`, what the attacker's combat spells would give, only for the attacker), `guilds` (one per
seat, below), `quest` (the visible quest: `id`, `damage` per monster, `loot` {rubies, cards}),
`quests_left`, `peeked` (quest ids only the viewer has seen), `face_up_item`, `face_up_mage`,
`decks` (card counts: mages, items, leaders), `auction` (mage ids waiting), `drawn_mages` (the two mages a recruiter
has just drawn, public), `lot` (the mage on
sale, `high` bid, `bidder`, `out` seats), `fight` (the quest fight or duel under way; duel lines
appear once both are laid; `number` counts the fights of the game, `strike` the exchanges of this
one: duels, attacks on a monster, counter-attacks), `dice` (the last roll: dice, forced, why,
total, `fight` and `strike`: the numbers of the fight and exchange it was rolled in), `options`, `forced`
(designer-forced results waiting), `cards` (static card data: guilds, leaders, mages, items,
spells, quests, elements, damage die, `rules` (rules.yaml),
`bots` (bots.yaml: the bot levels' weights)), `log` (public entries), `outcome` (at the end), `score_history` (every seat's
score after each round's recovery, counted without the secret hands, then the final scores, for the
end chart).

Each guild: `seat`, `guild` (tile id), `leader` (id, None until chosen), `leader_chosen`, `offered_leaders` (viewer
only), `rubies`, `alignment`, `start_alignment`, `mages` (id, damage, centre, active - None while
the placement is secret -, used), `hand` (item/spell ids; viewer only, else None), `hand_count`,
`quests`, `vp_tokens`, `first` and `second` (action cards; None until revealed unless the
viewer's), `first_chosen`, `second_chosen`, `placed`.
"""

from __future__ import annotations

from typing import Any

from rules.core.lazyview import LazyView
from rules.guildes.effects import ELEMENTS


def static_cards(st) -> dict[str, Any]:
    """What never changes in a game: every card's data (cached on the content: games share it)."""
    cached = getattr(st.content, "_static_cards", None)
    if cached is None:
        c = st.content
        cached = {
            "guilds": {k: v.model_dump(mode="json") for k, v in c.guilds.items()},
            "leaders": {k: v.model_dump(mode="json") for k, v in c.leaders.items()},
            "mages": {k: v.model_dump(mode="json") for k, v in c.mages.items()},
            "items": {k: v.model_dump(mode="json") for k, v in c.items.items()},
            "spells": {k: v.model_dump(mode="json") for k, v in c.spells.items()},
            "quests": {k: v.model_dump(mode="json") for k, v in c.quests.items()},
            "actions": {k: v.model_dump(mode="json") for k, v in c.cards.items()},
            "elements": list(ELEMENTS),
            "damage_die": list(st.rules.damage_die),
            "alignment": [st.rules.alignment_min, st.rules.alignment_max],
            "rules": st.rules.model_dump(mode="json"),
            "bots": c.bots.model_dump(mode="json") if c.bots is not None else {},
        }
        object.__setattr__(st.content, "_static_cards", cached)  # a frozen dataclass: a cache, not a change
    return cached


def _guild(st, g, seat: int | None) -> dict[str, Any]:
    mine = seat == g.seat
    known = mine or g.placed
    return {
        "seat": g.seat, "guild": g.guild, "leader": g.leader if (mine or st.phase != "leaders") else None,
        "leader_chosen": g.leader is not None,
        "offered_leaders": list(g.offered_leaders) if mine else [],
        "rubies": g.rubies, "alignment": g.alignment, "start_alignment": g.start_alignment,
        "mages": [{"id": m.id, "damage": m.damage, "centre": m.centre, "active": m.active if known else None,
                   "used": m.used} for m in g.mages],  # Mage.public, inlined (views are built at every action)
        "hand": list(g.hand) if mine else None, "hand_count": len(g.hand),
        "quests": list(g.quests), "vp_tokens": g.vp_tokens,
        "first": g.first if (mine or g.first_revealed) else None,
        "second": g.second if (mine or g.second_revealed) else None,
        "first_chosen": g.first is not None, "second_chosen": g.second is not None, "placed": g.placed,
    }


def _fight(st) -> dict[str, Any] | None:
    f = st.fight
    if f is None:
        return None
    return {k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v) for k, v in f.items()}


def _prompt(st, seat: int | None) -> dict[str, Any] | None:
    return None if st.prompt is None else st.prompt.to_json(seat)


def _quest(st) -> dict[str, Any] | None:
    top = st.quests[0] if st.quests else None
    if top is None:
        return None
    loot = st.quest_loot.get(top, {})
    return {"id": top, "damage": list(st.quest_damage.get(top, [0] * len(st.content.quests[top].monsters))),
            "loot": {"rubies": loot.get("rubies", 0), "cards": list(loot.get("cards", []))}}


def _lot(st) -> dict[str, Any] | None:
    return None if st.lot is None else {k: (list(v) if isinstance(v, list) else v) for k, v in st.lot.items()}


# The keys `lazy_view` makes on their own (what the bots read; any other key builds the whole view).
_ITEMS = {
    "seat": lambda st, seat, view: seat,
    "prompt": lambda st, seat, view: _prompt(st, seat),
    "guilds": lambda st, seat, view: [_guild(st, g, seat) for g in st.guilds],
    "quest": lambda st, seat, view: _quest(st),
    "lot": lambda st, seat, view: _lot(st),
    "cards": lambda st, seat, view: static_cards(st),
}


def lazy_view(st, seat: int | None) -> LazyView:
    """`build_view(st, seat)` made key by key as it is read (`GuildesState.lazy_view`)."""
    return LazyView(st, seat, _ITEMS, build_view)


def build_view(st, seat: int | None) -> dict[str, Any]:
    me = st.guilds[seat] if seat is not None and seat < len(st.guilds) else None
    return {
        "game": "guildes", "seat": seat, "round": st.round, "step": st.step, "phase": st.phase,
        "phase_key": f"guildes.phase.{st.phase}", "first": st.first, "current": st.current,
        "to_act": st.to_act(),
        "prompt": _prompt(st, seat),
        "guilds": [_guild(st, g, seat) for g in st.guilds],
        "quest": _quest(st),
        "quests_left": len(st.quests),
        "peeked": list(me.peeked) if me is not None else [],
        "face_up_item": st.face_up_item, "face_up_mage": st.face_up_mage,
        "decks": {"mages": len(st.mage_deck), "items": len(st.item_deck), "leaders": len(st.leader_deck)},
        "auction": list(st.auction), "drawn_mages": list(st.drawn["mages"]),
        "lot": _lot(st),
        "fight": _fight(st),
        "dice": [dict(d, dice=list(d["dice"]), forced=list(d["forced"])) for d in st.dice],
        "options": dict(st.options), "forced": len(st.forced),
        "cards": static_cards(st),
        "log": list(st.log),
        "outcome": st.outcome() if st.over else None,
        "score_history": [list(row) for row in st.history] + ([st.outcome()["scores"]] if st.over else []),
    }
