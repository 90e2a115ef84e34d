"""`python -m tests.ambre.headsup A B --games 200`: bot A against bot B at Ambre, which needs at
least three seats, so "heads-up" is played as one A against two B, seats rotated (A sits at each
of the three places in turn; game i uses seed `seed + i`, as `simulate --rotate` does, and the
games are the same as `python main.py simulate ambre --seats A,B,B --rotate`).

Two figures, each with its 95 % Wilson interval:

- **head-to-head**: in each game A is compared with each B seat — 1 when A's fate (the score:
  the epilogue difference) is higher, 1/2 when equal, 0 when lower —, averaged over the two
  comparisons. The interval treats each game as one trial (k = the sum of these per-game
  shares, n = games), which is cautious: the two comparisons of a game are not independent.
  This is the win rate of a heads-up match, with a third seat at the table.
- **outright**: the share of games A wins alone (the best score, not shared); fair share 1/3.

Probes (tests/ambre/probes.py) are registered, so A or B may be one.
"""

from __future__ import annotations

import argparse
import json
import sys

import tests.ambre.probes  # noqa: F401  (registers the probes)
from game.labstats import wilson
from game.simulate import Plan, play_records


def headsup(a: str, b: str, games: int, seed: int = 1, workers: int | None = 1,
            content_root: str | None = None) -> dict:
    plan = Plan(engine="ambre", seats=(a, b, b), games=games, seed=seed, rotate=True, content_root=content_root)
    records = play_records(plan, workers=workers)
    share = 0.0
    alone = ties = errors = 0
    for r in records:
        if "error" in r:
            errors += 1
            continue
        me = r["lineup"].index(a)
        mine = r["scores"][me]
        others = [s for i, s in enumerate(r["scores"]) if i != me]
        share += sum(1.0 if mine > o else 0.5 if mine == o else 0.0 for o in others) / len(others)
        ties += sum(mine == o for o in others)
        alone += r["winners"] == [me]
    n = len(records) - errors
    lo, hi = wilson(round(share), n)
    alo, ahi = wilson(alone, n)
    return {"a": a, "b": b, "games": n, "errors": errors, "seed": seed,
            "head_to_head": round(share / n, 4), "head_to_head_interval": [round(lo, 4), round(hi, 4)],
            "tied_comparisons": ties, "outright": round(alone / n, 4),
            "outright_interval": [round(alo, 4), round(ahi, 4)]}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.ambre.headsup")
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--content", help="content root (a copy of content/ with other personas)")
    args = parser.parse_args(argv)
    print(json.dumps(headsup(args.a, args.b, args.games, args.seed, args.workers, args.content)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
