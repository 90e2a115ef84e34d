"""The story as Markdown: a pure function of the public view at the end of the game.

`markdown(view, strings)` → text. `strings` is any object with `tr(key, **params)` (catalog
text) and `text({fr, en})` (content text), e.g. `game.i18n.Strings`; the rules stay free of the
app. The scene that offers "export story" writes the returned text to a file.
"""

from __future__ import annotations

from typing import Any

from rules.ambre import cards


def _name(view: dict[str, Any], seat: int | None) -> str:
    if seat is None:
        return "—"
    return view["names"][seat] or f"#{seat + 1}"


def _card(view: dict[str, Any], strings: Any, card: str | None) -> str:
    if card is None:
        return strings.tr("ambre.ui.face_down")
    if cards.is_major(card):
        return str(cards.number(card))
    suit = next(s for s in view["content"]["suits"] if s["id"] == cards.suit(card))
    return f"{cards.value(card)} {suit['symbol']}"


def _characteristic(view: dict[str, Any], strings: Any, suit: str) -> str:
    c = next(c for c in view["content"]["characteristics"] if c["suit"] == suit)
    return strings.text(c["name"])


def _characters(view: dict[str, Any], strings: Any) -> list[str]:
    out = [f"## {strings.tr('ambre.story.characters')}", ""]
    for seat in view["seats"]:
        s = seat["seat"]
        motivation = view["motivations"][s] or "—"
        ranks = ", ".join(
            f"{_characteristic(view, strings, suit)} : {strings.text(_figure(view, rank))}"
            if strings.lang == "fr" else f"{_characteristic(view, strings, suit)}: {strings.text(_figure(view, rank))}"
            for suit, rank in sorted(seat["ranks"].items(), key=lambda kv: -kv[1]))
        out.append(f"- **{_name(view, s)}** — *{motivation}*")
        out.append(f"  - {strings.tr('ambre.story.ranks')} {ranks or strings.tr('ambre.story.unranked')}")
    return out + [""]


def _figure(view: dict[str, Any], rank: int) -> dict[str, str]:
    return next(f["name"] for f in view["content"]["figures"] if f["rank"] == rank)


def _conflicts(view: dict[str, Any], strings: Any) -> list[str]:
    out = [f"## {strings.tr('ambre.story.conflicts')}", ""]
    for c in view["conflicts"]:
        a, b = c["seats"]
        level = strings.tr(f"ambre.level.{c['level']}") if c["level"] else "—"
        out.append(f"### {strings.text(c['name'])} — {strings.text(c['theme'])}")
        out.append(strings.tr("ambre.story.between", a=_name(view, a), b=_name(view, b), level=level))
        for e in c["elements"]:
            out.append(f"- {strings.tr('ambre.element_kind.' + e['kind'])} : {strings.text(e['text'])}"
                       if strings.lang == "fr" else
                       f"- {strings.tr('ambre.element_kind.' + e['kind'])}: {strings.text(e['text'])}")
        out.append("")
    return out


def _scene(view: dict[str, Any], strings: Any, number: int, sc: dict[str, Any]) -> list[str]:
    conflict = view["conflicts"][sc["conflict"]]
    out = [f"### {strings.tr('ambre.story.scene', number=number, name=_name(view, sc['initiator']))} "
           f"— {strings.text(conflict['name'])}"]
    narrators = ", ".join(_name(view, s) for s in sc["narrators"])
    out.append(f"- {strings.tr('ambre.story.narrators')} {narrators or '—'}")
    chars = [", ".join(_characteristic(view, strings, s) for s in group) or "—" for group in sc["characteristics"]]
    out.append(f"- {strings.tr('ambre.story.characteristics')} {' → '.join(chars) or '—'}")
    for r in sc["requests"]:
        out.append(f"- {strings.tr('ambre.story.request', name=_name(view, r['seat']), card=_card(view, strings, r['card']))}")
    if sc["couper"] is not None:
        out.append(f"- {strings.tr('ambre.story.couper', name=_name(view, sc['couper']))}")
    values = ", ".join(f"{_characteristic(view, strings, s)} {v}" for s, v in sorted(sc["values"].items()))
    out.append(f"- {strings.tr('ambre.story.values')} {values or '—'}")
    if sc["winner"] is None:
        out.append(f"- **{strings.tr('ambre.story.no_winner')}**")
    else:
        out.append(f"- **{strings.tr('ambre.story.winner', name=_name(view, sc['winner']))}**")
    for m in sc["moves"]:
        if "card" in m:
            out.append(f"  - {strings.tr('ambre.story.move.' + m['kind'], name=_name(view, m['seat']), card=_card(view, strings, m['card']), to=_name(view, m.get('to')))}")
    return out + [""]


def _epilogue(view: dict[str, Any], strings: Any) -> list[str]:
    ep = view.get("epilogue")
    if not ep:
        return []
    out = [f"## {strings.tr('ambre.story.epilogue')}", ""]
    fates = {f["seat"]: f for f in ep["fates"]}
    for seat in ep["order"]:
        f = fates[seat]
        out.append(f"### {_name(view, seat)} — {strings.text(f['band']['title'])}")
        out.append(strings.tr("ambre.story.fate", war=f["war"], cups=f["cups"], difference=f["difference"]))
        out.append("")
        out.append(f"> {strings.text(f['band']['text'])}")
        out.append("")
    return out


def markdown(view: dict[str, Any], strings: Any) -> str:
    """The whole story (characters, conflicts, both acts' scenes, epilogue) as Markdown."""
    lines = [f"# {strings.tr('ambre.story.title')}", ""]
    lines += _characters(view, strings)
    lines += _conflicts(view, strings)
    for act in (1, 2):
        scenes = [s for s in view["scenes"] if s["act"] == act]
        if scenes:
            lines += [f"## {strings.tr(f'ambre.story.act{act}')}", ""]
            for i, sc in enumerate(scenes, 1):
                lines += _scene(view, strings, i, sc)
    lines += _epilogue(view, strings)
    return "\n".join(lines).rstrip() + "\n"
