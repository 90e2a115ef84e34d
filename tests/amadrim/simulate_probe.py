"""`python -m tests.amadrim.simulate_probe simulate amadrim --seats spam,greedy ...`: the
`simulate` command with the test-only probe bots registered (see probes.py)."""

from __future__ import annotations

import sys

import tests.amadrim.probes  # noqa: F401  (registers the probes)
from main import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
