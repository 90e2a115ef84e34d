"""`python -m tests.simulate_probe simulate GAME --seats master,takeback ...`: the `simulate`
command with every game's test-only probe bots registered (tests/<game>/probes.py)."""

from __future__ import annotations

import importlib
import sys

from main import main

for _game in ("amadrim", "anludim", "guildes", "ambre"):
    try:
        importlib.import_module(f"tests.{_game}.probes")
    except ModuleNotFoundError:
        pass

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
