"""Glue between the scenes and game.session / game.saves: start, list, resume and delete games.

Everything here is imported lazily by the menu so start-up stays light. Problems reach the player
as messages (`strings.render` of a SaveError); nothing here raises to a scene.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from game import catalog


def store(app: Any) -> Any:
    """The app's save folder (`game.saves.SaveStore`), made once; None when saves are unavailable."""
    if getattr(app, "save_store", None) is None:
        try:
            from game.saves import SaveStore
        except ImportError:
            return None
        app.save_store = SaveStore()
    return app.save_store


def game_title(app: Any, game_id: Any) -> str:
    """A game's title for people; an unknown id is quoted (never a raw catalog key)."""
    if isinstance(game_id, str) and game_id in catalog.BY_ID:
        return app.tr(f"game.{game_id}.title")
    return app.tr("load.unknown_game_name", game=_quoted(game_id))


def _quoted(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 30 else text[:29] + "…"


def entries(app: Any) -> list[Any]:
    """Every save, newest first; damaged ones (and games this version lacks) flagged; never raises."""
    import dataclasses

    from game.saves import SaveError

    folder = store(app)
    if folder is None:
        return []
    try:
        found = folder.list()
    except Exception:
        app.log_exception("saves.list")
        return []
    out = []
    for entry in found:
        if entry.game is not None and entry.game not in catalog.BY_ID:
            error = SaveError("session.saves.unknown_game", game=_quoted(entry.game))
            entry = dataclasses.replace(entry, error=error, prev_ok=False)
        out.append(entry)
    return out


def latest(app: Any) -> Any:
    """The save Continue resumes (the newest readable unfinished game whose table exists, through its
    previous version when the newest one is damaged), or None."""
    for entry in entries(app):
        usable = not entry.corrupt or entry.prev_ok  # a damaged newest version: its previous one
        if usable and not entry.over and entry.game and catalog.available(entry.game):
            return entry
    return None


def new_session(app: Any, game_id: str, seats: list[Any], seed: int, options: dict[str, Any]) -> Any:
    """A fresh session that autosaves under a new name."""
    import rules
    from game import content as loader
    from game.saves import make_name
    from game.session import Session

    engine = rules.engine(game_id)
    content = app.content(game_id)
    digest = loader.digest(game_id, app.content_root)
    folder = store(app)
    name = make_name(game_id, datetime.now(UTC))
    while folder is not None and (folder.path(name).exists() or folder.path(name, previous=True).exists()):
        name = make_name(game_id, datetime.now(UTC))
    return Session(engine, content, digest, seats, seed, options or None,
                   store=store(app), save_name=name)


def resume(app: Any, entry: Any) -> bool:
    """Load a save and open its table. When the content changed since the save, ask first, then
    replay as far as today's content allows (DESIGN.md: how designers replay a game on tweaked cards)."""
    if entry is None:
        return False
    try:
        session = _load(app, entry)
    except Exception as exc:  # SaveError, ContentError or an engine problem
        _explain(app, exc, getattr(entry, "game", None))
        return False
    if session is not None:
        if entry.corrupt and getattr(entry, "prev_ok", False):
            app.toast(app.tr("load.previous_used"), "info")
        seat_known_bots(app, session, lambda: open_table(app, session))
    return True


def seat_known_bots(app: Any, session: Any, then: Any) -> None:
    """A seat played by a bot this version lacks: ask whether a known bot or a person takes it,
    one seat after the other, then go on with `then()`."""
    import dataclasses

    from game.session import HUMAN

    bots = list(getattr(session.engine, "bots", ()) or ())
    for seat, info in enumerate(session.seats):
        if info.kind == HUMAN or info.kind in bots:
            continue

        def choose(kind: str, seat: int = seat) -> None:
            session.seats[seat] = dataclasses.replace(session.seats[seat], kind=kind)
            seat_known_bots(app, session, then)

        from scenes.confirm import ConfirmOverlay

        message = app.strings.render({"key": "session.saves.unknown_bot",
                                      "params": {"name": _quoted(info.name), "kind": _quoted(info.kind)}})
        message += " " + app.tr("load.unknown_bot_ask")
        if bots:
            strongest = bots[-1]
            app.stack.push(ConfirmOverlay(
                app, app.tr("load.unknown_bot_title"), message, lambda strongest=strongest: choose(strongest),
                yes=app.tr("load.unknown_bot_seat_bot", bot=_bot_name(app, strongest)), no=app.tr("load.unknown_bot_seat_person"),
                on_no=lambda: choose(HUMAN)))
        else:
            app.stack.push(ConfirmOverlay(app, app.tr("load.unknown_bot_title"), message,
                                          lambda: choose(HUMAN), yes=app.tr("load.unknown_bot_seat_person")))
        return
    then()


def _load(app: Any, entry: Any) -> Any:
    """The resumed session, or None when the player is being asked about changed content."""
    import rules
    from game import content as loader
    from game.saves import SaveError
    from game.session import Session

    folder = store(app)
    save = folder.read(entry.name, previous=bool(getattr(entry, "prev_ok", False)))
    game_id = save["game"]
    if not catalog.available(game_id):
        raise SaveError("load.unavailable", game=game_title(app, game_id))
    engine = rules.engine(game_id)
    content = app.content(game_id)
    digest = loader.digest(game_id, app.content_root)
    kwargs = {"store": folder, "save_name": entry.name}
    if save.get("content_digest") == digest:
        return Session.from_save(save, engine, content, digest, **kwargs)
    tweaked = _replayed_content(app, save, game_id)
    if tweaked is not None:  # a designer's replay on a content folder: it goes on on that folder
        app.toast(app.tr("load.opened_on_folder", folder=tweaked[2]), "ok")
        return Session.from_save(save, engine, tweaked[0], tweaked[1], **kwargs)
    same_rules = _same_rules(app, save, content, engine, digest, kwargs)
    if same_rules is not None:
        return same_rules

    def replay() -> None:  # into a new save: the original, made on other content, stays as it is
        from game.saves import make_name

        fresh_kwargs = dict(kwargs, save_name=make_name(game_id, datetime.now(UTC)))
        try:
            session, report = Session.replay(save, engine, content, digest, tolerant=True, **fresh_kwargs)
            session.autosave()
        except Exception as exc:
            _explain(app, exc)
            return
        if report is not None:
            app.toast(app.strings.render(report.message(), [catalog.seat_label(app.strings, s, i)
                                                           for i, s in enumerate(session.seats)]), "error")
        else:
            app.toast(app.tr("load.content_changed_ok"), "ok")
        seat_known_bots(app, session, lambda: open_table(app, session))

    from scenes.confirm import ConfirmOverlay

    app.stack.push(ConfirmOverlay(app, app.tr("load.content_changed_title"), app.tr("load.content_changed_ask"),
                                  replay, yes=app.tr("load.replay")))
    return None


def _replayed_content(app: Any, save: dict[str, Any], game_id: str) -> tuple[Any, str, str] | None:
    """(content, digest, folder) of the folder a designer's replay was played on, while it still
    holds that content (`game.replay_tweaked.replayed_root`); else None (then the save is treated
    as any save made on other content)."""
    from game import content as loader
    from game.replay_tweaked import replayed_root

    found = replayed_root(save)
    if found is None:
        return None
    try:
        return loader.load(game_id, found[0]), save["content_digest"], found[1]
    except loader.ContentError:  # it broke since: the usual question follows
        return None


def _same_rules(app: Any, save: dict[str, Any], content: Any, engine: Any, digest: str,
                kwargs: dict[str, Any]) -> Any:
    """The saved game on today's content, under the same save, when only names, texts or the
    bots' weights changed since it was saved (its `rules_digest` is today's: README, "edits of names and texts apply
    live"); None otherwise (an older save without the digest, or a rule changed: ask)."""
    from game.fingerprint import rules_digests
    from game.saves import SaveError
    from game.session import Session

    if save.get("rules_digest") not in rules_digests(content):
        return None
    try:  # nothing is written: the save takes today's digest with its next action
        session = Session.from_save(dict(save, content_digest=digest), engine, content, digest, **kwargs)
    except SaveError:
        app.log_exception("saves.same_rules")
        return None
    app.toast(app.tr("load.texts_changed"), "ok")
    return session


def _explain(app: Any, exc: Exception, game_id: str | None = None) -> None:
    import logging

    from game import content as loader

    if isinstance(exc, loader.ContentError) or hasattr(exc, "to_json"):  # told to the player; logged for support
        logging.getLogger("guildhall.saves").warning("%s shown to the player", type(exc).__name__, exc_info=exc)
    if isinstance(exc, loader.ContentError):
        app.show_problems(game_id if game_id in catalog.BY_ID else None, exc.problems)  # titled with its game
        return
    if hasattr(exc, "to_json"):
        app.toast(app.strings.render(exc.to_json()), "error")
        return
    app.log_exception("saves.resume")
    app.toast(app.tr("load.failed"), "error")


def open_table(app: Any, session: Any) -> None:
    """Replace everything above the menu by the game's table."""
    cls = catalog.table_class(session.engine.id)
    table = cls(app, session)
    while len(app.stack) > 1:
        app.stack.pop()
    app.stack.push(table)


def delete(app: Any, entry: Any) -> bool:
    """Remove a save (and its previous generation)."""
    folder = store(app)
    try:
        folder.delete(entry.name)
        return True
    except Exception as exc:
        _explain(app, exc)
        return False


def _bot_name(app: Any, kind: str) -> str:
    key = f"bot.{kind}"
    return app.tr(key) if app.strings.has(key) else kind
