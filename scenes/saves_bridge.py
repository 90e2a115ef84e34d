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


def entries(app: Any) -> list[Any]:
    """Every save, newest first; damaged ones flagged (never raises)."""
    folder = store(app)
    if folder is None:
        return []
    try:
        return folder.list()
    except Exception:
        app.log_exception("saves.list")
        return []


def latest(app: Any) -> Any:
    """The save Continue resumes (the newest readable unfinished game whose table exists), or None."""
    for entry in entries(app):
        if not entry.corrupt and not entry.over and entry.game and catalog.available(entry.game):
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
        _explain(app, exc)
        return False
    if session is not None:
        open_table(app, session)
    return True


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
        raise SaveError("load.unavailable", game=app.tr(f"game.{game_id}.title"))
    engine = rules.engine(game_id)
    content = app.content(game_id)
    digest = loader.digest(game_id, app.content_root)
    kwargs = {"store": folder, "save_name": entry.name}
    if save.get("content_digest") == digest:
        return Session.from_save(save, engine, content, digest, **kwargs)

    def replay() -> None:
        try:
            session, report = Session.replay(save, engine, content, digest, tolerant=True, **kwargs)
        except Exception as exc:
            _explain(app, exc)
            return
        if report is not None:
            app.toast(app.strings.render(report.message(), [catalog.seat_label(app.strings, s, i)
                                                           for i, s in enumerate(session.seats)]), "error")
        else:
            app.toast(app.tr("load.content_changed_ok"), "ok")
        open_table(app, session)

    from scenes.confirm import ConfirmOverlay

    app.stack.push(ConfirmOverlay(app, app.tr("load.content_changed_title"), app.tr("load.content_changed_ask"),
                                  replay, yes=app.tr("load.replay")))
    return None


def _explain(app: Any, exc: Exception) -> None:
    from game import content as loader

    if isinstance(exc, loader.ContentError):
        app.show_problems(None, exc.problems)
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
