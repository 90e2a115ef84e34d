"""A tiny card game used to test the shell (sessions, saves, curtain, table scene) without a real game.

Each seat holds a hidden hand dealt from a seeded 20-card deck (values 1..10 twice). On its turn a
seat plays one card face up (scoring its value) or draws one. The game ends when every hand and
the deck are empty, or after 30 actions; the highest score wins.
"""

from __future__ import annotations

from typing import Any

from rules.core import (
    Action,
    ActionCodec,
    Engine,
    IllegalAction,
    action,
    entry,
    new_rng,
    seat_count,
    seat_ref,
)


@action("play")
class Play(Action):
    card: int


@action("draw")
class Draw(Action):
    pass


class ToyState:
    def __init__(self, seats: int, seed: int) -> None:
        self.rng = new_rng(seed)
        self.deck = [v for v in range(1, 11)] * 2
        self.rng.shuffle(self.deck)
        self.hands = [[self.deck.pop() for _ in range(3)] for _ in range(seats)]
        self.scores = [0] * seats
        self.current = 0
        self.actions = 0
        self.log: list[dict[str, Any]] = [entry("toy.log.start", seats=seats)]

    def to_act(self) -> list[int]:
        return [] if self.is_over() else [self.current]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        moves: list[Action] = [Play(c) for c in sorted(set(self.hands[seat]))]
        if self.deck:
            moves.append(Draw())
        return moves

    def apply(self, seat: int, act: Action) -> None:
        if seat not in self.to_act():
            raise IllegalAction("toy.illegal.not_your_turn", seat=seat)
        if isinstance(act, Play):
            if act.card not in self.hands[seat]:
                raise IllegalAction("toy.illegal.not_in_hand", card=act.card)
            self.hands[seat].remove(act.card)
            self.scores[seat] += act.card
            self.log.append(entry("toy.log.play", seat=seat_ref(seat), card=act.card))
        elif isinstance(act, Draw):
            if not self.deck:
                raise IllegalAction("toy.illegal.empty_deck")
            self.hands[seat].append(self.deck.pop())
            self.log.append(entry("toy.log.draw", seat=seat_ref(seat)))
        else:
            raise IllegalAction("toy.illegal.unknown")
        self.actions += 1
        self._advance()

    def _advance(self) -> None:
        n = len(self.hands)
        for step in range(1, n + 1):
            nxt = (self.current + step) % n
            if self.hands[nxt] or self.deck:
                self.current = nxt
                return

    def is_over(self) -> bool:
        return self.actions >= 30 or (not self.deck and not any(self.hands))

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "to_act": self.to_act(),
            "current": self.current,
            "scores": list(self.scores),
            "hand_sizes": [len(h) for h in self.hands],
            "hand": list(self.hands[seat]) if seat is not None else None,
            "deck": len(self.deck),
            "log": list(self.log[-200:]),
            "over": self.is_over(),
        }

    def outcome(self) -> dict[str, Any]:
        best = max(self.scores)
        ranking = sorted(range(len(self.scores)), key=lambda s: -self.scores[s])
        return {"scores": list(self.scores), "ranking": ranking,
                "winners": [s for s, v in enumerate(self.scores) if v == best]}


class RandomBot:
    def __init__(self, seed: int) -> None:
        import random

        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return self.rng.choice(legal)


class ToyEngine(Engine):
    id = "toy"
    seats = range(2, 5)
    codec = ActionCodec(Play, Draw)
    bots = ("random",)
    hidden_information = True

    def new_game(self, content: Any, seats: Any, seed: int, options: dict | None = None) -> ToyState:
        return ToyState(seat_count(seats), seed)

    def bot(self, name: str, seed: int) -> RandomBot:
        if name != "random":
            raise KeyError(name)
        return RandomBot(seed)


ENGINE = ToyEngine()
