"""Step 3: the mages left unbought last turn are auctioned one by one (open ascending bids).

Ruling (content/guildes/README.md): bidding goes round the table from the first player; each seat
in turn raises (at least `auction_opening`, then at least one more than the high bid, up to its
rubies) or passes and drops out of this lot. A seat whose alignment does not meet the mage's
requirement, or who cannot pay the next bid, drops out at once, and the log says so (people and
bots alike: "Bot 2 ne peut pas enchérir", with the reason), so the table can tell it did not simply
stay silent. The last bidder standing pays its bid and takes the mage; a lot nobody bids on is destroyed.
"""

from __future__ import annotations

from functools import lru_cache

from rules.core import IllegalAction
from rules.guildes.actions import Bid, Choose
from rules.guildes.prompts import Prompt
from rules.guildes.words import counted, seat_ref


def minimum(st) -> int:
    lot = st.lot
    return st.rules.auction_opening if lot["high"] is None else lot["high"] + 1


def legal(st, seat: int) -> list:
    low, purse = minimum(st), st.guilds[seat].rubies
    bids = sorted({low + s for s in st.rules.auction_steps if low + s <= purse})
    return [_bid(b) for b in bids] + [_PASS]


_PASS = Choose("pass")


@lru_cache(maxsize=256)
def _bid(amount: int) -> Bid:
    """`Bid(amount)`, shared (actions are immutable; the same few amounts come back at every lot)."""
    return Bid(amount)


def check(st, seat: int, action) -> None:
    if isinstance(action, Choose) and action.value == "pass":
        return
    if not isinstance(action, Bid):
        raise IllegalAction("guildes.illegal.expected_bid")
    if action.amount < minimum(st):
        raise IllegalAction("guildes.illegal.bid_too_low", minimum=minimum(st))
    if action.amount > st.guilds[seat].rubies:
        raise IllegalAction("guildes.illegal.not_enough_rubies", price=action.amount)


def allowed(st, seat: int, mid: str) -> bool:
    req = st.content.mages[mid].requires
    return req is None or req.allows(st.guilds[seat].alignment)


def auction(st):
    """Sell every mage of the auction pile separately."""
    while st.auction:
        mid = st.auction.pop(0)
        st.lot = {"mage": mid, "high": None, "bidder": None, "out": []}
        yield from _sell(st, mid)
    st.lot = None


def _sell(st, mid: str):
    lot = st.lot
    st.say("guildes.log.lot", mage=st.name("mage", mid))
    lot["out"] = [s for s in range(st.n) if not allowed(st, s, mid)]
    for seat in st.order():
        if seat in lot["out"]:
            st.say("guildes.log.cannot_bid_alignment", seat=seat_ref(seat))
    while True:
        bidders = [s for s in st.order() if s not in lot["out"]]
        if not bidders or (bidders == [lot["bidder"]]):
            break
        for seat in bidders:
            if seat in lot["out"] or seat == lot["bidder"]:
                continue
            if [s for s in range(st.n) if s not in lot["out"]] == [lot["bidder"]]:
                break
            if st.guilds[seat].rubies < minimum(st):
                lot["out"].append(seat)
                st.say("guildes.log.cannot_bid_rubies", seat=seat_ref(seat),
                       amount=counted("rubies", minimum(st)))
                continue
            _, action = yield Prompt((seat,), "bid", {}, {"mage": mid, "minimum": minimum(st)}, False,
                                     legal, check)
            if isinstance(action, Bid):
                lot["high"], lot["bidder"] = action.amount, seat
                st.say("guildes.log.bid", seat=seat_ref(seat), amount=counted("rubies", action.amount))
            else:
                lot["out"].append(seat)
                st.say("guildes.log.bid_pass", seat=seat_ref(seat))
    winner = lot["bidder"]
    if winner is None:
        st.graveyard.append(mid)
        st.say("guildes.log.lot_destroyed", mage=st.name("mage", mid))
        return
    g = st.guilds[winner]
    g.rubies -= lot["high"]
    from rules.guildes.records import Mage
    g.mages.append(Mage(mid))
    st.say("guildes.log.lot_sold", seat=seat_ref(winner), mage=st.name("mage", mid), amount=counted("rubies", lot["high"]))
