"""Anludim bots: three levels offered to people, weakest first (`LEVELS`), plus the old names.

- `apprentice` (Apprenti): plays plausible moves (lays when it can, else draws) with a lot of
  hesitation (noise) in which one.
- `adept` (Adepte): a tuned heuristic (weights in content/anludim/bots.yaml): lays for the best
  item, takes back its combinations that lost their professor, aims for the five kinds.
- `master` (Maître): a determinized search (`master.py`): it deals the cards it cannot see
  again, consistently with its view, several times; on each deal it plays its best few moves
  (ranked by its own heuristic) out to the end of the round with the Adept's heuristic for every
  seat, and plays the move that won the round most often.

The heuristics live in `heuristic.py`. Every bot sees only its view and the legal actions, and
draws randomness only from its own `random.Random(seed)`.

Old names stay valid for saves: `random` (uniform over the legal actions, also used by tests) and
`greedy` (issue 3's heuristic, kept as the base of the test-only probes).
"""

from __future__ import annotations

from typing import Any

from rules.anludim.heuristic import BASE, DEFAULTS, Adept, Apprentice, GreedyBot, PersonaBot, RandomBot
from rules.anludim.master import Master

__all__ = ["ALIASES", "BASE", "BOTS", "DEFAULTS", "LEVELS", "PROBES", "Adept", "Apprentice", "GreedyBot",
           "Master", "PersonaBot", "RandomBot"]

LEVELS = ("apprentice", "adept", "master")
BOTS: dict[str, Any] = {"apprentice": Apprentice, "adept": Adept, "master": Master, "random": RandomBot}
ALIASES = {"greedy": "adept"}  # old saves name `greedy`
PROBES: dict[str, Any] = {}   # test-only bots (tests/anludim/probes.py registers them)
