"""A synthetic two-seat game whose outcome probability is known: seat 1 wins with probability
`content["p"]` (one seeded draw), after `content.get("length", 3)` pass actions. Used to test the
lab's statistics and verdicts against known truths."""

from __future__ import annotations

from typing import Any

from rules.core import Action, ActionCodec, Engine, action, new_rng


@action("pass")
class Pass(Action):
    pass


class CoinState:
    def __init__(self, content: dict[str, Any], seed: int) -> None:
        rng = new_rng(seed)
        self.winner = 0 if rng.random() < content["p"] else 1
        self.left = content.get("length", 3)
        self.log: list[dict[str, Any]] = []

    def to_act(self) -> list[int]:
        return [] if self.left <= 0 else [self.left % 2]

    def legal_actions(self, seat: int) -> list[Action]:
        return [Pass()] if seat in self.to_act() else []

    def apply(self, seat: int, act: Action) -> None:
        self.left -= 1

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"to_act": self.to_act()}

    def is_over(self) -> bool:
        return self.left <= 0

    def outcome(self) -> dict[str, Any]:
        scores = [1 if s == self.winner else 0 for s in range(2)]
        return {"scores": scores, "ranking": [self.winner, 1 - self.winner], "winners": [self.winner]}


class Bot:
    def __init__(self, seed: int) -> None:
        pass

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return legal[0]


class CoinEngine(Engine):
    id = "coin"
    seats = range(2, 3)
    codec = ActionCodec(Pass)
    bots = ("pass",)
    hidden_information = False

    def new_game(self, content: Any, seats: Any, seed: int, options: dict | None = None) -> CoinState:
        return CoinState(content, seed)

    def bot(self, name: str, seed: int) -> Bot:
        return Bot(seed)

    def lab_facts(self, state: CoinState) -> dict[str, Any]:
        return {"entries": [["coin:heads"] if state.winner == 0 else [], []],
                "entry_labels": {"coin:heads": {"text": {"fr": "Face", "en": "Heads"}}}}


ENGINE = CoinEngine()
