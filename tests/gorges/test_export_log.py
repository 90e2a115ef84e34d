"""`export-log` writes Gorges' log as its table's journal does: the reinforcements of event 66 as a
plural, one die as "dé", a hero's profile changes as "E −1", how long a destroyed army is away."""

from __future__ import annotations

import pytest

from game.i18n import Strings
from game.notes import export_markdown
from rules.gorges import ENGINE
from tests.gorges.helpers import CONTENT


def _save(seed: int = 3, seats: int = 3, limit: int = 400) -> dict:
    """A campaign played by the random bot (seed 3: event 66's reinforcements move, fall back and
    leave; heroes' profiles change; armies are destroyed until next season)."""
    st = ENGINE.new_game(CONTENT, seats, seed, {})
    bot = ENGINE.bot("random", seed)
    actions = []
    for _ in range(limit):
        if st.is_over() or not st.to_act():
            break
        seat = st.to_act()[0]
        action = bot.choose(st.view(seat), st.legal_actions(seat))
        st.apply(seat, action)
        actions.append([seat, action.to_json()])
    names = ("Ana", "Bo", "Chloé")[:seats]
    return {"game": "gorges", "seed": seed, "seats": [{"name": n, "kind": "random"} for n in names],
            "options": {}, "actions": actions}


@pytest.fixture(scope="module")
def save() -> dict:
    return _save()


def _lines(save: dict, lang: str) -> list[str]:
    text = export_markdown(save, "isle", ENGINE, CONTENT, Strings(lang))
    return [line.split("** ", 1)[-1].lstrip(" -") for line in text.splitlines()]


def test_the_export_writes_the_reinforcements_as_a_plural_in_french(save):
    lines = _lines(save, "fr")
    theirs = [line for line in lines if "renforts de Chloé" in line]
    assert len(theirs) >= 4, theirs
    assert "Les renforts de Chloé vont de Crique Sombre à Col du Vent" in lines
    assert "Les renforts de Chloé se replient sur Terres Brûlées" in lines
    assert "Chloé lance d3 : 3 — déplacement des renforts de Chloé" in lines
    assert not [line for line in lines if "de les renforts" in line]
    assert not [line for line in lines if line.startswith("Les renforts de") and
                any(f" {verb} " in line for verb in ("va", "se replie", "est", "revient", "part"))]


def test_the_export_writes_the_reinforcements_as_a_plural_in_english(save):
    lines = _lines(save, "en")
    assert "Chloé's reinforcements go from Dark Creek to Windy Pass" in lines
    assert "Chloé rolls d3: 3 — movement of Chloé's reinforcements" in lines
    assert not [line for line in lines if "reinforcements goes" in line or "of the reinforcements of" in line]


@pytest.mark.parametrize("lang, one_die, profile", [("fr", "Chloé fouille ses terres (dé : 2) : 0 point de relique",
                                                     "Le profil du héros de l'armée du 2e Lieutenant d'Ana change : E −1"),
                                                    ("en", "Chloé searches their lands (die: 2): 0 relic points",
                                                     "The profile of Ana's second Lieutenant's army's hero changes: T −1")])
def test_the_export_counts_the_dice_and_writes_the_profiles(save, lang, one_die, profile):
    """The search's plural is chosen from its dice ("dés : 2" for one die before), a profile change
    is written as on the army sheet ("{'T': -1}" before), a destroyed army says for how long."""
    lines = _lines(save, lang)
    assert one_die in lines
    assert profile in lines
    assert not [line for line in lines if "{'" in line]
    until = "jusqu'à la saison suivante" if lang == "fr" else "until next season"
    assert [line for line in lines if until in line and ("détruite" in line or "destroyed" in line)]
