"""Run by tests/safety/test_kill_autosave.py: play Anludim with autosave after every action, resuming
save NAME from FOLDER when it exists, and print the number of applied actions after each one (so
every printed number is an action the player saw applied). The parent kills it with SIGKILL."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def main() -> None:
    folder, name, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
    import rules
    from game import content as loader
    from game.saves import SaveError, SaveStore
    from game.session import SeatInfo, Session

    engine, content = rules.engine("anludim"), loader.load("anludim")
    digest = loader.digest("anludim")
    store = SaveStore(folder)
    try:
        session = Session.from_save(store.read(name), engine, content, digest, store=store, save_name=name)
    except SaveError:
        session = Session(engine, content, digest, [SeatInfo("A", 0), SeatInfo("B", 1), SeatInfo("C", 2)], seed,
                          store=store, save_name=name)
    bot = engine.bot("random", seed + len(session.actions))
    print(f"start {len(session.actions)}", flush=True)
    while not session.is_over():
        seat = session.to_act()[0]
        session.apply(seat, bot.choose(session.view(seat), session.legal_actions(seat)))
        if session.last_save_error is not None:
            print(f"error {session.last_save_error}", flush=True)
            return
        print(len(session.actions), flush=True)
    print("over", flush=True)


if __name__ == "__main__":
    main()
