"""Anludim's refusals with real clicks: they leave with a new selection and never cover the hand."""

from __future__ import annotations

from tests.anludim.test_scene import app, click_zone, select, start  # noqa: F401 (fixture)


def _refuse(app, table) -> str:  # noqa: F811
    cid = table.view["hand"][0]["id"]
    select(app, table, [(cid, 0)])
    click_zone(app, table, "professor", "alchimiste")
    reason = app.tr("anludim.illegal.not_a_combination", kind=app.tr("anludim.kind.suite"))
    assert reason in app.toasts.texts()
    return reason


def test_a_refused_combination_leaves_with_the_next_selection(app) -> None:  # noqa: F811
    table = start(app)
    reason = _refuse(app, table)
    other = table.view["hand"][1]["id"]
    click_zone(app, table, "card", other)
    assert reason not in app.toasts.texts()


def test_a_refusal_covers_neither_the_hand_nor_the_buttons(app) -> None:  # noqa: F811
    for size in ((1024, 700), (1280, 800), (1600, 1000)):
        app.set_window_size(size)
        table = start(app)
        _refuse(app, table)
        boxes = [r for _t, r, _l in app.toasts.layout(app.size, app.message_anchor())]
        table._ensure()
        kept_clear = [h for h in table.hits if h.kind in ("card", "flip", "button")]
        assert kept_clear
        for box in boxes:
            for hit in kept_clear:
                assert not box.colliderect(hit.rect), (size, hit.kind, hit.data)
        app.stack.clear_to(app.stack.scenes[0])
