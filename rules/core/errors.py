"""The two ways an action can be refused, each carrying a translatable reason.

`InvalidAction` means the input is malformed (unknown type, missing field, wrong type): it never
came from a legal click. `IllegalAction` means the action is well formed but not allowed in this
position. Both carry a string-catalog key and its parameters, so the UI can say why in the
player's language; `str()` gives a readable English-ish fallback for logs and tests.
"""

from __future__ import annotations

from typing import Any


class ActionError(Exception):
    """Base of both refusals: a catalog key plus parameters."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        detail = ", ".join(f"{k}={v!r}" for k, v in sorted(params.items()))
        super().__init__(f"{key}({detail})" if detail else key)

    def to_json(self) -> dict[str, Any]:
        """The reason as a log-style entry: {"key", "params"}."""
        return {"key": self.key, "params": dict(self.params)}


class InvalidAction(ActionError):
    """The action is malformed: it cannot be understood at all."""


class IllegalAction(ActionError):
    """The action is well formed but not allowed now; `key` says why."""
