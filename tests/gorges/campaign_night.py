"""A campaign night in a real window: three generals through a season (three turns), driven by a
robot organiser that clicks the table's zones with real pygame events (issue 11's "done when").

Run it under X (Xvfb) with SDL's x11 driver; it saves a screenshot at each milestone in OUTDIR and
prints one line `stats {...}` (battles, saves rolled, alliance, rolls followed step by step):

    DISPLAY=:77 SDL_VIDEODRIVER=x11 python -m tests.gorges.campaign_night fr 1280x800 /tmp/night
"""

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, os.getcwd())
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.app import App, FallbackSettings  # noqa: E402
from game.session import SeatInfo  # noqa: E402
from rules.gorges import actions as A  # noqa: E402

lang, size, out = sys.argv[1], tuple(int(x) for x in sys.argv[2].split("x")), Path(sys.argv[3])
out.mkdir(parents=True, exist_ok=True)
settings = FallbackSettings()
settings.language = lang
settings.window_size = size
settings.animation_speed = 4.0
app = App(settings=settings)
app.idle_timeout_ms = 5
app.open_window()
app.start()
for _ in range(3):
    app.step()
assert pygame.display.get_driver() != "dummy", pygame.display.get_driver()

from scenes import saves_bridge  # noqa: E402

names = ["Morgane", "Élodie", "Bertrand"]
seats = [SeatInfo(n, i) for i, n in enumerate(names)]
session = saves_bridge.new_session(app, "gorges", seats, 11, {"turns_per_season": 3, "auto_roll": False})
session.store = None
saves_bridge.open_table(app, session)
table = app.stack.top
shots = 0
stats = {"battles": 0, "saves": 0, "alliance": False, "steps": 0, "aftermath_pages": 0}


def step(n=2):
    for _ in range(n):
        app.step()


def shot(name):
    global shots
    step(3)
    app.render()
    shots += 1
    path = out / f"{shots:02d}-{name}.png"
    pygame.image.save(app.screen, str(path))
    print("shot", path)


def point(hit):
    r = hit.rect
    for fx in (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8):
        for fy in (0.5, 0.35, 0.65, 0.25, 0.75):
            p = (int(r.left + r.width * fx), int(r.top + r.height * fy))
            found = table.hit_at(p, click=True)
            if found is not None and found.kind == hit.kind and found.data == hit.data:
                return p
    raise AssertionError(f"no free point on {hit.kind} {hit.data}")


def click(kind, data=None):
    table.ensure_layer()
    hit = table.find(kind, data)
    for _ in range(6):  # a long list of orders is paged
        if hit is not None or kind not in ("act", "army") or table.find("page", 1) is None \
                or not table.find("page", 1).enabled:
            break
        click("page", 1)
        hit = table.find(kind, data)
    assert hit is not None and hit.enabled, (kind, data)
    p = point(hit)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": p, "rel": (0, 0), "buttons": (0, 0, 0)}))
    step(1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": p, "button": 1}))
    step(1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, {"pos": p, "button": 1}))
    step(2)


def type_digits(text):
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.key.key_code(ch), "mod": 0,
                                                               "unicode": ch, "scancode": 0}))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, {"text": ch}))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_RETURN, "mod": 0, "unicode": "\r",
                                                           "scancode": 0}))
    step(2)


def dist(a, b):
    return session.content.island.distance(a, b)


def enemies_land(seat):
    return [t for t, o in table.view["territories"].items() if o["owner"] not in (None, seat)]


answered = {}


def decide():
    """One click of the organiser for whatever the table shows now."""
    v = table.view
    p = v.get("prompt")
    if table.aftermath:
        from scenes.gorges.panels import aftermath_pages
        _, pages = aftermath_pages(table, table.lay.overlay)
        if table.after_page == 0:
            shot("aftermath")
        if table.after_page < len(pages) - 1:
            stats["aftermath_pages"] += 1
            click("after_page", 1)
            shot("aftermath-next")
        else:
            click("aftermath_close")
        return
    if table.steps:
        stats["steps"] += 1
        if stats["steps"] in (1, 2, 3, 5, 8) or table.steps[0][0]["params"].get("what", {}).get("key") == "gorges.roll.save":
            shot("step")
        click("step_next")
        return
    kind = p["kind"]
    seat = p["seat"]
    if kind == "race":
        click("act", A.Choose(["empire", "dark_elves", "skaven"][seat]))
        return
    if kind == "capital":
        click("hex", p["options"][0])
        return
    if kind == "movement":
        if v["turn"] == 1 and seat == 0 and not stats["alliance"]:
            click("diplomacy")
            click("act_as", (A.Ally(1), 0))
            click("act_as", (A.Ally(0), 1))
            shot("alliance-offer-accepted")
            click("diplomacy")
            stats["alliance"] = bool(table.view["alliances"])
            shot("alliance-on-map")
        armies = [a for a in table.selectable_armies() if table.view["armies"][a]["seat"] == seat
                  and table.moves_of(a) and not table.view["armies"][a]["moved"]]
        targets = enemies_land(seat) or [t for t, o in v["territories"].items() if o["owner"] is None]
        for aid in armies[:2]:
            moves = table.moves_of(aid)
            best = min(moves, key=lambda t: (min(dist(t, e) for e in targets), t))
            click("army", aid)
            if stats["steps"] and aid == armies[0] and v["turn"] == 1 and seat == v["order"][0]:
                shot("movement-lit")
            click("hex", best)
            if table.pending:
                if table.pending[0][1].mode == "raid":
                    shot("raid-warning")
                click("act", table.pending[0][1])
            return
        click("act", A.Done())
        return
    if kind == "construction":
        click("act", A.Done())
        return
    if kind == "challenge":
        legal = [a for a in table.legal if isinstance(a, A.Challenge)]
        if legal:
            ch = legal[0]
            click("army", ch.army)
            shot("challenge-lit")
            if table.find("act", ch) is not None:
                click("act", ch)
            else:
                click("hex", ch.territory)
                if table.pending:
                    click("act", table.pending[0][1])
            return
        click("act", A.Done())
        return
    if kind == "answer":
        n = answered.get(seat, 0)
        answered[seat] = n + 1
        shot("answer")
        accepts = [a for a in table.legal if isinstance(a, A.Answer) and a.accept]
        if accepts and (stats["battles"] < 2 or stats["saves"] >= 1) and not (stats["battles"] == 1 and stats["saves"] == 0
                                                                              and answered[seat] > 1):
            click("act", accepts[0])
        else:
            click("act", A.Answer(False))
        return
    if kind == "offer_relics":
        stats["saves"] += 1
        shot("offer-relics")
        click("act", A.OfferRelics(min(1, p["context"]["max"])))
        return
    if kind == "accept_offer":
        shot("accept-offer")
        click("act", A.Answer(True))
        return
    if kind == "battle_result":
        shot("battle-form")
        b = v["battle"]
        click("form", ("winner", b["challenger"]))
        click("form", ("edit", 0))
        type_digits("2000")
        click("form", ("edit", 1))
        type_digits("2000")
        if b.get("heroes"):
            click("form", ("slain", b["heroes"][-1]))
        shot("battle-form-filled")
        click("form", ("submit",))
        stats["battles"] += 1
        return
    if kind == "second_challenge":
        click("act", A.Choose("yes"))
        return
    options = p.get("options") or []
    shot(f"choice-{kind}")
    if kind in ("capital", "territory"):
        click("hex", options[0]) if table.find("hex", options[0]) else click("act", A.Choose(options[0]))
    else:
        click("act", A.Choose(options[0]))


shot("start")
for i in range(3000):
    v = table.view
    if v["turn"] > 3 or session.is_over():
        break
    before = (len(session.actions), len(table.steps), len(table.aftermath), table.after_page)
    decide()
    after = (len(session.actions), len(table.steps), len(table.aftermath), table.after_page)
    if before == after and not table.aftermath and not table.steps:
        # a refused click: show what the toast says and stop
        shot("stuck")
        print("stuck at", v["prompt"], [t.text for t in app.toasts.items][-3:])
        break
    if i % 40 == 0 and not table.steps and not table.aftermath:
        shot(f"turn{v['turn']}-{v['phase']}")
# a save roll without relics offered shows in the log: count every save rolled
stats["saves_rolled"] = sum(1 for e in session.log if e["key"] == "gorges.log.save")
stats["battles_logged"] = sum(1 for e in session.log if e["key"] in ("gorges.log.battle", "gorges.log.battle_draw"))
while table.steps:
    click("step_next")
while table.aftermath:
    decide()
click("journal_big")
shot("journal-big")
click("journal_big")
click("sheet", 0)
shot("sheet")
print("stats", json.dumps(stats))
