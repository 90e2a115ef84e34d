"""Sessions: exact replay, autosave, undo (and its curtain rule), tolerant replay on changed content."""

import random

import pytest

from game.i18n import Strings
from game.saves import SaveError, SaveStore
from game.session import ReplayReport, SeatInfo, Session
from rules.core import IllegalAction, InvalidAction
from tests.toygame import ENGINE, Draw, Play, ToyEngine, ToyState

HUMANS = [SeatInfo("Ana", 0), SeatInfo("Bo", 1), SeatInfo("Cy", 2)]
WITH_BOT = [SeatInfo("Ana", 0), SeatInfo("Robot", 1, "random")]


class ShiftedToy(ToyEngine):
    """The toy game whose deal depends on its content: {"shift": n} moves the seed."""

    def new_game(self, content, seats, seed, options=None):
        return ToyState(seats if isinstance(seats, int) else len(seats), seed + content["shift"])


def all_views(session):
    return [session.view(s) for s in [None, *range(len(session.seats))]]


def play(session, steps, seed=1, burn=False):
    """Advance with a seeded random chooser, optionally burning the global RNG between steps."""
    chooser = random.Random(seed)
    views = []
    for _ in range(steps):
        if session.state.is_over():
            break
        if burn:
            random.seed(chooser.random())
            [random.random() for _ in range(chooser.randrange(5))]
        seat = session.state.to_act()[0]
        session.apply(seat, chooser.choice(session.state.legal_actions(seat)))
        views.append(all_views(session))
    return views


# -- determinism ---------------------------------------------------------------------------------

def test_same_seed_and_actions_give_same_views_even_when_global_random_is_burned():
    first = Session(ENGINE, None, "d", HUMANS, seed=42)
    views = play(first, 25, burn=True)
    second = Session(ENGINE, None, "d", HUMANS, seed=42)
    for (seat, action), expected in zip(first.actions, views):
        random.random()
        random.seed(random.random())
        second.apply(seat, action)
        assert all_views(second) == expected


def test_reloading_a_save_gives_the_same_game():
    live = Session(ENGINE, None, "d", HUMANS, seed=5)
    play(live, 12, burn=True)
    live.note_reveal(live.state.to_act()[0])
    live.extras["timer"] = {"duration": 300.0, "elapsed": 12.5, "running": False}
    random.seed(999)
    loaded = Session.from_save(live.to_save(), ENGINE, None, "d")
    assert all_views(loaded) == all_views(live)
    assert loaded.actions == live.actions and loaded.reveals == live.reveals
    assert loaded.log_marks == live.log_marks and loaded.extras == live.extras
    assert loaded.to_save() == live.to_save()


def test_different_seeds_deal_differently():
    assert Session(ENGINE, None, "d", HUMANS, 1).view(0) != Session(ENGINE, None, "d", HUMANS, 2).view(0)


# -- applying and autosaving ------------------------------------------------------------------------

def test_illegal_action_records_nothing_and_saves_nothing(tmp_path):
    store = SaveStore(tmp_path)
    session = Session(ENGINE, None, "d", HUMANS, 3, store=store, save_name="auto")
    before = all_views(session)
    with pytest.raises(IllegalAction):
        session.apply(1, Draw())  # not seat 1's turn
    with pytest.raises(IllegalAction):
        session.apply(0, Play(99))
    assert session.actions == [] and all_views(session) == before
    assert store.list() == []


def test_autosave_after_every_action(tmp_path):
    store = SaveStore(tmp_path)
    session = Session(ENGINE, None, "d", HUMANS, 3, store=store, save_name="auto")
    for n in range(1, 4):
        play(session, 1, seed=n)
        assert len(store.read("auto")["actions"]) == n
    assert session.last_save_error is None
    assert store.list()[0].game == "toy"


def test_failed_autosave_does_not_stop_play(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    session = Session(ENGINE, None, "d", HUMANS, 3, store=SaveStore(blocker), save_name="auto")
    play(session, 2)
    assert len(session.actions) == 2
    assert session.last_save_error.key == "session.saves.write_failed"


def test_bots_choose_from_their_view():
    session = Session(ENGINE, None, "d", WITH_BOT, 8)
    play(session, 1)
    assert session.bot_to_act() == 1
    action = session.bot_action(1)
    assert action in session.state.legal_actions(1)
    session.apply(1, action)
    assert session.bot_to_act() is None


# -- undo ----------------------------------------------------------------------------------------

def test_undo_goes_back_exactly_one_human_action():
    session = Session(ENGINE, None, "d", HUMANS, 11)
    play(session, 4)
    before_last = Session(ENGINE, None, "d", HUMANS, 11)
    for seat, action in session.actions[:-1]:
        before_last.apply(seat, action)
    assert session.can_undo()
    assert session.undo() == 1
    assert all_views(session) == all_views(before_last)
    assert len(session.actions) == 3


def test_undo_takes_back_the_bot_moves_after_the_last_human_one(tmp_path):
    store = SaveStore(tmp_path)
    session = Session(ENGINE, None, "d", WITH_BOT, 4, store=store, save_name="auto")
    play(session, 1)          # Ana
    session.apply(1, session.bot_action(1))  # the bot answers
    play(session, 1, seed=2)  # Ana again
    session.apply(1, session.bot_action(1))
    assert session.undo() == 2
    assert len(session.actions) == 2 and session.state.to_act() == [0]
    assert len(store.read("auto")["actions"]) == 2  # the undo is saved too


def test_nothing_to_undo():
    session = Session(ENGINE, None, "d", WITH_BOT, 4)
    assert not session.can_undo() and session.undo_refusal().key == "session.undo.nothing"
    with pytest.raises(SaveError):
        session.undo()
    bots_only = Session(ENGINE, None, "d", [SeatInfo("R1", 0, "random"), SeatInfo("R2", 1, "random")], 4)
    bots_only.apply(0, bots_only.bot_action(0))
    assert not bots_only.can_undo()


def test_undo_refused_after_a_curtain_lifted_for_another_seat():
    session = Session(ENGINE, None, "d", HUMANS, 6)
    session.note_reveal(0)
    play(session, 1)              # Ana plays
    session.note_reveal(0)        # Ana again: still fine
    assert session.can_undo()
    session.note_reveal(1)        # Bo has seen his hand
    assert not session.can_undo()
    assert session.undo_refusal().key == "session.undo.curtain"
    with pytest.raises(SaveError):
        session.undo()
    reloaded = Session.from_save(session.to_save(), ENGINE, None, "d")
    assert not reloaded.can_undo()  # the rule survives a reload
    play(reloaded, 1)             # Bo plays: Bo may take his own move back
    assert reloaded.can_undo()
    reloaded.undo()
    assert not reloaded.can_undo()  # ... but not Ana's, which Bo's curtain followed


def test_undo_before_any_reveal_since_is_allowed_and_keeps_older_reveals():
    session = Session(ENGINE, None, "d", HUMANS, 6)
    session.note_reveal(0)
    play(session, 1)
    session.note_reveal(1)
    play(session, 1, seed=3)
    session.undo()
    assert session.reveals == [(0, 0), (1, 1)]


# -- loading problems and tolerant replay -----------------------------------------------------------

def test_changed_content_is_detected():
    session = Session(ENGINE, None, "old", HUMANS, 6)
    play(session, 3)
    with pytest.raises(SaveError) as err:
        Session.from_save(session.to_save(), ENGINE, None, "new")
    assert err.value.key == "session.saves.content_changed"


def test_wrong_game_is_refused():
    save = Session(ENGINE, None, "d", HUMANS, 6).to_save()
    save["game"] = "anludim"
    with pytest.raises(SaveError) as err:
        Session.from_save(save, ENGINE, None, "d")
    assert err.value.key == "session.saves.wrong_game"


def test_same_content_but_an_illegal_action_is_a_damaged_save():
    session = Session(ENGINE, None, "d", HUMANS, 6)
    play(session, 5)
    save = session.to_save()
    save["actions"][3] = [save["actions"][3][0], {"type": "play", "card": 99}]
    with pytest.raises(SaveError) as err:
        Session.from_save(save, ENGINE, None, "d")
    assert err.value.key == "session.saves.bad_action" and err.value.params["number"] == 4
    assert err.value.params["reason"]["key"] == "toy.illegal.not_in_hand"


def first_failure(engine, content, save):
    """Where a replay must stop, found independently: index of the first refused action."""
    state = engine.new_game(content, len(save["seats"]), save["seed"])
    for index, (seat, data) in enumerate(save["actions"]):
        try:
            state.apply(seat, engine.action_from_json(data))
        except (IllegalAction, InvalidAction):
            return index
    return None


def test_tolerant_replay_stops_at_the_first_action_no_longer_legal():
    engine = ShiftedToy()
    session = Session(engine, {"shift": 0}, "v1", HUMANS, 10)
    play(session, 20)
    save = session.to_save()
    expected = first_failure(engine, {"shift": 1}, save)
    assert expected is not None
    replayed, report = Session.replay(save, engine, {"shift": 1}, "v2", tolerant=True)
    assert isinstance(report, ReplayReport)
    assert report.index == expected and report.number == expected + 1
    assert report.action == save["actions"][expected][1]
    assert report.reason["key"].startswith("toy.illegal.")
    assert len(replayed.actions) == expected and replayed.content_digest == "v2"
    text = Strings("en").render(report.message())
    assert text.startswith(f"Game replayed up to action {expected + 1}, which is no longer possible")


def test_tolerant_replay_of_unchanged_content_reports_nothing():
    session = Session(ENGINE, None, "d", HUMANS, 10)
    play(session, 8)
    replayed, report = Session.replay(session.to_save(), ENGINE, None, "d2")
    assert report is None and replayed.actions == session.actions


def test_tolerant_replay_stops_at_an_action_that_no_longer_parses():
    session = Session(ENGINE, None, "d", HUMANS, 10)
    play(session, 6)
    save = session.to_save()
    save["actions"][2][1] = {"type": "discard", "card": 3}
    replayed, report = Session.replay(save, ENGINE, None, "d2")
    assert report.index == 2 and report.reason["key"] == "core.invalid.unknown_action"
    assert len(replayed.actions) == 2


def test_tolerant_replay_drops_reveals_after_the_stop():
    engine = ShiftedToy()
    session = Session(engine, {"shift": 0}, "v1", HUMANS, 10)
    for _ in range(20):
        if session.state.is_over():
            break
        session.note_reveal(session.state.to_act()[0])
        play(session, 1, seed=len(session.actions))
    save = session.to_save()
    replayed, report = Session.replay(save, engine, {"shift": 1}, "v2")
    assert report is not None
    assert all(count <= report.index for count, _ in replayed.reveals)
    assert len(replayed.reveals) == report.index + 1


def test_engine_that_cannot_start_on_new_content():
    save = Session(ShiftedToy(), {"shift": 0}, "v1", HUMANS, 10).to_save()
    with pytest.raises(SaveError) as err:
        Session.replay(save, ShiftedToy(), {}, "v2")
    assert err.value.key == "session.saves.cannot_start"


def test_engine_for_a_save():
    from game.session import engine_for

    save = Session(ENGINE, None, "d", HUMANS, 6).to_save()
    assert engine_for(save, {"toy": ENGINE}) is ENGINE
    with pytest.raises(SaveError) as err:
        engine_for(save, {"anludim": object()})
    assert err.value.key == "session.saves.unknown_game" and err.value.params == {"game": "toy"}


class CrashingToy(ToyEngine):
    """A toy whose (buggy or changed) engine crashes on drawing: not a refusal, an exception."""

    def new_game(self, content, seats, seed, options=None):
        state = super().new_game(content, seats, seed, options)
        real = state.apply

        def apply(seat, act):
            if isinstance(act, Draw) and content == "broken":
                raise KeyError("card 'x'")
            real(seat, act)

        state.apply = apply
        return state


def test_engine_crash_during_replay_is_reported_not_raised_raw():
    session = Session(CrashingToy(), "ok", "d", HUMANS, 10)
    session.apply(0, Draw())
    play(session, 3)
    save = session.to_save()
    replayed, report = Session.replay(save, CrashingToy(), "broken", "d2")
    assert report.index == 0 and report.reason["key"] == "session.replay.engine_error"
    assert replayed.actions == []
    save["content_digest"] = "d2"
    with pytest.raises(SaveError) as err:
        Session.from_save(save, CrashingToy(), "broken", "d2")
    assert err.value.key == "session.saves.engine_error"
