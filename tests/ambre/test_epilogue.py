"""The epilogue (fates told from least to most enviable, motivations revealed) and the story export."""

from game.i18n import Strings
from rules.ambre import actions as A
from rules.ambre import epilogue
from rules.ambre.story import markdown
from tests.ambre.helpers import CONTENT, name_all, new, play


def at_epilogue(asides):
    state = new(3, seed=2)
    name_all(state)
    state.bidding = None
    state.aside = [list(a) for a in asides]
    epilogue.start(state)
    return state


def test_fates_and_the_telling_order():
    state = at_epilogue([["epee-1", "baton-2", "baton-3", "coupe-4"], ["coupe-1"], ["epee-5", "epee-6", "epee-7"]])
    fates = state.epilogue["fates"]
    assert [f["difference"] for f in fates] == [2, 1, 3]
    assert [f["majority"] for f in fates] == ["baton", "coupe", "epee"]
    assert state.epilogue["order"] == [1, 0, 2] and state.to_act() == [1]
    assert fates[2]["band"]["min_difference"] == 2
    assert fates[2]["band"]["title"] == CONTENT.band("epee", 3).title.model_dump()
    state.apply(1, A.TellEpilogue())
    state.apply(0, A.TellEpilogue())
    state.apply(2, A.TellEpilogue())
    assert state.is_over()
    out = state.outcome()
    assert out["scores"] == [2, 1, 3] and out["ranking"] == [2, 0, 1] and out["winners"] == [2]


def test_equal_differences_tell_fewer_cards_first_and_nothing_aside_uses_the_none_table():
    state = at_epilogue([["epee-1", "baton-2", "coupe-3", "coupe-4"], [], ["denier-2"]])
    assert state.epilogue["order"] == [1, 2, 0]
    assert state.epilogue["fates"][1]["majority"] is None
    assert state.epilogue["fates"][1]["band"]["text"] == CONTENT.epilogue["none"][0].text.model_dump()


def test_motivations_are_revealed_at_the_epilogue_only():
    state = new(3, seed=2)
    name_all(state)
    assert state.view(0)["motivations"] == ["Je veux Ann", None, None]
    assert state.view(None)["motivations"] == [None, None, None]
    state.bidding = None
    epilogue.start(state)
    assert state.view(None)["motivations"] == ["Je veux Ann", "Je veux Bert", "Je veux Cleo"]


def test_the_story_export_in_both_languages():
    state, _ = play(3, 3)
    view = state.view(None)
    for lang, words in (("fr", ("# Une histoire d'Ambre", "## Premier acte", "## Second acte", "## Épilogue")),
                        ("en", ("# A tale of Amber", "## First act", "## Second act", "## Epilogue"))):
        text = markdown(view, Strings(lang))
        for word in words:
            assert word in text, (lang, word)
        for name in view["names"]:
            assert name in text
        for c in view["conflicts"]:
            assert Strings(lang).text(c["theme"]) in text
        assert text.count("### ") == 3 + 6 + 3  # conflicts, scenes, fates
        assert "{" not in text and "ambre." not in text
    assert markdown(view, Strings("fr")) == markdown(state.view(None), Strings("fr"))  # pure
