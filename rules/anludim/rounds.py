"""Round end, rewards and the next round.

A round ends at once when `empty_piles_end` item piles are empty (highest total of items and
parchments wins, ties to the seat nearest the trigger in turn order, the trigger itself first)
or when a seat holds every kind of item (a professor stands in for an empty pile). The winner
turns gold, or wins the game if already gold; the best losers get parchments for next round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core import entry, seat_ref

if TYPE_CHECKING:
    from rules.anludim.state import AnludimState


def order_from(state: AnludimState, seat: int) -> list[int]:
    """Every seat in turn order starting with `seat`."""
    return [(seat + k) % state.n for k in range(state.n)]


def check_end(state: AnludimState, trigger: int) -> bool:
    """End the round if a condition holds (the five items take precedence); whether it ended."""
    table = state.table
    n, seats = state.n, table.seats
    needed = len(state.content.items)
    for k in range(n):  # in turn order from the trigger
        s = (trigger + k) % n
        seat = seats[s]
        # has_all_items, asked only of a seat with enough items and professors to hold every kind
        if len(seat.items) + len(seat.combos) >= needed and table.has_all_items(s):
            end_round(state, trigger, s, "five_items")
            return True
    empty = 0
    for pile in table.piles.values():
        if not pile:
            empty += 1
    if empty >= state.content.rules.empty_piles_end:
        end_round(state, trigger, max(order_from(state, trigger), key=table.total), "piles")
        return True
    return False


def rewards(state: AnludimState, totals: list[int], winner: int, trigger: int) -> dict[int, int]:
    """Parchments for next round: the best losers by total, ties to the seat nearest the trigger."""
    rules = state.content.rules
    if state.n < rules.rewards_min_seats:
        return {}
    losers = [s for s in order_from(state, trigger) if s != winner]
    losers.sort(key=lambda s: -totals[s])  # stable: ties keep turn order from the trigger
    return {s: count for s, count in zip(losers, rules.rewards) if count > 0}


def end_round(state: AnludimState, trigger: int, winner: int, reason: str) -> None:
    """Score the round, flip the blazon or end the game, and open the keep phase."""
    table = state.table
    totals = [table.total(s) for s in range(state.n)]
    seat = table.seats[winner]
    seat.rounds_won += 1
    game_won, seat.gold = seat.gold, True
    given = {} if game_won else rewards(state, totals, winner, trigger)
    state.results.append({
        "round": state.round, "reason": reason, "trigger": trigger, "winner": winner,
        "totals": totals, "rewards": [given.get(s, 0) for s in range(state.n)], "game_won": game_won,
    })
    state.log.append(entry(f"anludim.log.round_won_{reason}", seat=seat_ref(winner),
                           total=totals[winner], trigger=seat_ref(trigger)))
    if game_won:
        state.phase, state.winner = "game_over", winner
        state.log.append(entry("anludim.log.game_won", seat=seat_ref(winner)))
        return
    state.log.append(entry("anludim.log.blazon_gold", seat=seat_ref(winner)))
    for s, count in given.items():
        state.log.append(entry("anludim.log.reward", seat=seat_ref(s), count=count))
    state.pending = given
    state.first = (trigger + 1) % state.n
    state.phase = "round_over"
    state.keep_queue = order_from(state, state.first)


def clear_table(state: AnludimState) -> None:
    """Thrown hand cards and laid cards to the discard; items, professors and parchments back."""
    table = state.table
    table.discard += table.thrown  # the hands thrown while seats chose their keeps
    table.thrown = []
    for seat in table.seats:
        for combo in seat.combos:
            table.discard += [cid for cid, _ in combo.cards]
        seat.combos, seat.items, seat.parchments = [], [], 0
    table.reset_items()
    table.parchments = state.content.parchments.count


def start_round(state: AnludimState, parchments: dict[int, int]) -> None:
    """Give parchments, deal every hand up to its blazon's size from the first seat, open the turn."""
    table = state.table
    clear_table(state)
    for s, count in sorted(parchments.items()):
        given = min(count, table.parchments)
        table.seats[s].parchments += given
        table.parchments -= given
    state.round += 1
    state.log.append(entry("anludim.log.round_start", round=state.round, seat=seat_ref(state.first)))
    for s in order_from(state, state.first):
        seat = table.seats[s]
        while len(seat.hand) < state.content.blazon(seat.gold).hand:
            card, reshuffled = table.draw_card()
            state.note_reshuffle(reshuffled)
            if card is None:
                break
            seat.hand.append(card)
    state.note_reshuffle(table.refill_face_up())
    state.current, state.pending = state.first, {}
    state.start_turn()
