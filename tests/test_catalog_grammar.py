"""Grammar from the catalog: plural forms from counts (never "(s)") and French elision before
names ("Au tour d'Alice", "d'Hélène"), checked on every string of every catalog file."""

from __future__ import annotations

import re

import pytest

from game.i18n import PLURAL, STRINGS_DIR, Listed, Strings, _branches, elides, plurals

FILES = sorted(p.stem for p in STRINGS_DIR.glob("*.yaml"))
PLACEHOLDER = re.compile(r"\{(\w+)\}")
BAD_ELISION = re.compile(r"(?i)\b(de|le|la|que) ({name})")


def entries(area: str):
    for key, entry in Strings("fr").table(area).items():
        for lang in ("fr", "en"):
            text = entry.get(lang) if isinstance(entry, dict) else None
            if isinstance(text, str):
                yield key, lang, text


def plural_names(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+),\s*plural,", text))


@pytest.mark.parametrize("area", FILES)
def test_no_catalog_string_writes_a_plural_in_brackets(area):
    bad = [(key, lang, text) for key, lang, text in entries(area)
           if re.search(r"\w\((s|es|x|e|e\)\(s)\)", text)]
    assert not bad, bad[:10]


@pytest.mark.parametrize("area", FILES)
def test_every_plural_block_has_one_and_other(area):
    for key, lang, text in entries(area):
        for m in PLURAL.finditer(text):
            branches, _end = _branches(text, m.end())
            assert {"one", "other"} <= set(branches), (key, lang, branches)


@pytest.mark.parametrize("name", ["Alice", "Hélène", "Inès", "Ugo", "Yves", "Émile"])
@pytest.mark.parametrize("area", FILES)
def test_french_elides_before_a_vowel_initial_seat_name(area, name):
    strings = Strings("fr")
    bad = []
    for key, lang, text in entries(area):
        if lang != "fr":
            continue
        counts = plural_names(text)
        names = set(PLACEHOLDER.findall(text)) - counts
        if not names:
            continue
        for n in (1, 3):
            params = {p: name for p in names} | {c: n for c in counts}
            shown = strings.fill(text, params)
            if BAD_ELISION.search(shown.replace("{name}", name)) or re.search(
                    rf"(?i)\b(de|le|la|que) {re.escape(name)}\b", shown):
                bad.append((key, shown))
    assert not bad, bad[:10]


def test_names_that_keep_de():
    assert not elides("Yanis") and not elides("Bruno") and elides("Yves") and elides("Hugo")
    assert Strings("fr").fill("Au tour de {name}", {"name": "Yanis"}) == "Au tour de Yanis"
    assert Strings("fr").fill("Au tour de {name}", {"name": "Alice"}) == "Au tour d'Alice"
    assert Strings("fr").fill("De {name} : {n}", {"name": "Inès", "n": 2}) == "D'Inès : 2"


@pytest.mark.parametrize("lang, template, name, shown", [
    ("fr", "Appeler {p, article}", "L'Alchimiste", "Appeler l'Alchimiste"),
    ("fr", "{kind} : prend {p, article}", "La Voyante", "Suite : prend la Voyante"),
    ("fr", "{p, article} est déjà sur cette combinaison.", "La Voyante", "La Voyante est déjà sur cette combinaison."),
    ("fr", "Le pouvoir de {p, article}.", "Le Mat", "Le pouvoir du Mat."),
    ("fr", "Il parle à {p, article}.", "Le Mat", "Il parle au Mat."),
    ("fr", "Le camp de {p, article}.", "Les Veilleurs du Chêne", "Le camp des Veilleurs du Chêne."),
    ("fr", "Gloire à {p, article} !", "Les Veilleurs du Chêne", "Gloire aux Veilleurs du Chêne !"),
    ("fr", "De {p, article} vient tout.", "Le Mat", "Du Mat vient tout."),
    ("fr", "Fin. À {p, article} de jouer.", "Le Mat", "Fin. Au Mat de jouer."),
    ("fr", "La carte de {p, article}", "L'Étoile", "La carte de l'Étoile"),
    ("fr", "de {p, article}", "Les brigands du col", "de Les brigands du col"),  # a description, not a name
    ("fr", "de {p, article}", "Alice", "d'Alice"),
    ("fr", "prend {p, article}", "La\u00a0Nécromancienne", "prend la\u00a0Nécromancienne"),  # kept on one line
    ("en", "{kind}: takes {p, article}", "The Alchemist", "Run: takes the Alchemist"),
    ("en", "{p, article} is already there.", "The Seer", "The Seer is already there."),
    ("en", "Gives {p, article}.", "Theodore", "Gives Theodore."),
    # Only where the catalog asks: a player's name, a quotation, a name in apposition stay as written.
    ("fr", "Au tour de {p}.", "Le Goff", "Au tour de Le Goff."),
    ("fr", "Votre motivation : « {p} »", "La Licorne doit tomber.", "Votre motivation : « La Licorne doit tomber. »"),
    ("fr", "Mise sur le conflit {p}.", "La Papesse", "Mise sur le conflit La Papesse."),
    ("en", "Pass the computer to {p}", "The Rock", "Pass the computer to The Rock"),
])
def test_a_name_with_its_article_is_written_as_running_text_wants(lang, template, name, shown):
    """"Appeler L'Alchimiste", "de Le Mat", "takes The Seer" read wrong: where the catalog marks a
    content name `{name, article}`, mid-sentence its article is lower case and in French joins
    "de" and "à" (du, des, au, aux); nowhere else is a text changed."""
    kind = "Suite" if lang == "fr" else "Run"
    assert Strings(lang).fill(template, {"p": name, "kind": kind}) == shown


def test_each_name_of_a_list_is_written_the_same_way():
    """A list marked `{mages, article}`: every item as running text wants, the first joined to "de"."""
    fr = Strings("fr")
    mages = Listed(["Le Noyeur", "Liche", "L'Oracle Sélène"])
    assert fr.fill("{seat} pioche {mages, article}.", {"seat": "Bruno", "mages": mages}) \
        == "Bruno pioche le Noyeur, Liche, l'Oracle Sélène."
    assert fr.fill("La liste de {mages, article}.", {"mages": mages}) == "La liste du Noyeur, Liche, l'Oracle Sélène."


def test_a_professors_call_button_and_log_read_as_french():
    """The real catalog and content: the Anludim button and log lines with a professor's name;
    a player named "Le Goff" keeps his name as written."""
    fr = Strings("fr")
    assert fr.tr("anludim.ui.call", professor="L'Alchimiste") == "Appeler l'Alchimiste"
    voyante = {"text": {"fr": "La Voyante", "en": "The Seer"}}
    assert fr.render({"key": "anludim.log.professor_taken",
                      "params": {"seat": {"seat": 0}, "other": {"seat": 1}, "professor": voyante}},
                     ["Alice", "Le Goff"]) == "Alice prend la Voyante à Le Goff."
    assert Strings("en").render({"key": "anludim.log.professor_taken",
                                 "params": {"seat": {"seat": 1}, "other": {"seat": 0}, "professor": voyante}},
                                ["Alice", "The Rock"]) == "The Rock takes the Seer from Alice."


@pytest.mark.parametrize("lang, n, text", [
    ("fr", 0, "0 carte"), ("fr", 1, "1 carte"), ("fr", 2, "2 cartes"),
    ("en", 0, "0 cards"), ("en", 1, "1 card"), ("en", 2, "2 cards"),
])
def test_plural_branches_follow_each_language(lang, n, text):
    template = "{count, plural, one {# carte} other {# cartes}}" if lang == "fr" else \
        "{count, plural, one {# card} other {# cards}}"
    assert plurals(template, {"count": n}, lang) == text


def test_exact_branch_and_placeholders_inside_a_branch():
    t = "{n, plural, =0 {aucune carte pour {who}} one {# carte pour {who}} other {# cartes pour {who}}}"
    s = Strings("fr")
    assert s.fill(t, {"n": 0, "who": "Ana"}) == "aucune carte pour Ana"
    assert s.fill(t, {"n": 5, "who": "Ana"}) == "5 cartes pour Ana"



@pytest.mark.parametrize("lang, got", [("fr", "Ébène ×2, Or"), ("en", "Ebony ×2, Gold")])
def test_a_tally_counts_the_repeated_items_of_a_list_and_only_there(lang, got):
    s = Strings(lang)
    s.table("core").update({"t.tally": {"fr": "reçoit : {r, tally}.", "en": "gets: {r, tally}."},
                            "t.both": {"fr": "{r} / {r, tally}", "en": "{r} / {r, tally}"}})
    ebony, gold = {"text": {"fr": "Ébène", "en": "Ebony"}}, {"text": {"fr": "Or", "en": "Gold"}}
    resources = [ebony, gold, ebony]
    said = "reçoit : " if lang == "fr" else "gets: "
    assert s.render({"key": "t.tally", "params": {"r": resources}}) == f"{said}{got}."
    assert s.fill("{r, tally}", {"r": [s.text(v["text"]) for v in resources]}) == got
    every = "Ébène, Or, Ébène" if lang == "fr" else "Ebony, Gold, Ebony"
    assert s.render({"key": "t.both", "params": {"r": resources}}) == f"{every} / {got}"
    assert s.render({"key": "t.both", "params": {"r": [3, 5, 3]}}) == "3, 5, 3 / 3 ×2, 5"
    assert s.render({"key": "t.both", "params": {"r": [gold]}}) == f"{s.text(gold['text'])} / {s.text(gold['text'])}"
    assert s.fill("{r, tally}", {}) == "{r, tally}"

def _tofu_free(text: str, fonts, shapes) -> set[str]:
    import pygame

    def look(f, ch):
        img = f.render(ch, True, (255, 255, 255))
        return img.get_size(), pygame.image.tobytes(img, "RGBA")

    missing = set()
    for ch in {c for c in text if ord(c) > 127 and c not in shapes and not c.isspace()}:
        if any(look(f, ch) == look(f, "\ue000") for f in fonts):
            missing.add(ch)
    return missing


@pytest.mark.parametrize("area", FILES)
def test_every_symbol_of_the_catalog_exists_in_the_font(area):
    """No empty boxes: the rules reference goes through pygame-gui (no drawn shapes), other texts
    through ui.text, which draws the colour-blind marks of GLYPH_SHAPES itself."""
    import pygame

    pygame.font.init()
    from scenes import ui

    fonts = [ui.font(18, b, i) for b in (False, True) for i in (False, True)]
    bad = {}
    for key, lang, text in entries(area):
        shapes = () if key.endswith(".rules.text") else ui.GLYPH_SHAPES
        missing = _tofu_free(text, fonts, shapes)
        if missing:
            bad[(key, lang)] = sorted(missing)
    assert not bad, bad


@pytest.mark.parametrize("key, params, shown", [
    ("guildes.log.quest_refused", {"seat": "Alice", "quest": "Le comte du manoir"},
     "Alice ne remplit pas les conditions de la quête « Le comte du manoir »."),
    ("guildes.log.lot_destroyed", {"mage": "Druide du bosquet"},
     "Personne ne veut de la carte Druide du bosquet : elle est détruite."),
    ("guildes.log.loot", {"seat": "Alice", "target": "Bruno", "rubies": "aucun rubis", "cards": "aucune carte"},
     "Alice l'emporte sur Bruno ; butin : aucun rubis, aucune carte."),
    ("guildes.ui.reward", {"vp": 3, "income": 1}, "Récompense : 3 points, revenu +1"),
])
def test_guildes_lines_a_playtest_found_ungrammatical(key, params, shown):
    """"pille aucun rubis" (no "ne"), "de Le comte du manoir", "ne veut de Druide" and "3 PV" for
    victory points beside "PV 4" for hit points, in French as a player read them."""
    assert Strings("fr").tr(key, **params) == shown
