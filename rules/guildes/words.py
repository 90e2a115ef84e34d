"""Log parameters with their grammar: counts ("aucun rubis", "1 rubis", "3 rubis") and optional words."""

from __future__ import annotations

from typing import Any


def counted(kind: str, n: int) -> dict[str, Any]:
    """A number of things as a log parameter, with its grammar: "aucun rubis", "1 rubis", "3 rubis"."""
    form = "zero" if n == 0 else "one" if n == 1 else "many"
    return {"key": f"guildes.count.{kind}.{form}", "params": {"n": n}}


def flag(key: str, on: bool) -> dict[str, Any] | str:
    """An optional word of a log line (e.g. "forced"): the word when `on`, else nothing."""
    return {"key": key, "params": {}} if on else ""
