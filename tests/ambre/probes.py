"""Test-only probe bots for Ambre (never offered to players): one trick each, the kind a person
might settle on, to check that the strongest level does not fall to it. Importing this module
registers them in `rules.ambre.bots.PROBES`. Each plays the adept except for its trick.

- `maxbid`: always bids its highest card, and raises with its highest card whenever it may.
- `allin`: at set-up lays every card of its hand.
- `noconcede`: never passes at closing (gives its highest card, turning what it can) and always
  accepts a gage, giving its highest card.
- `highest`: wherever it chooses a card (bid, raise, lay, closing gift, take, give), the highest.
"""

from __future__ import annotations

from rules.ambre import actions as A
from rules.ambre import cards
from rules.ambre.bots import PROBES, Adept


def _v(card: str) -> int:
    return cards.value(card) if cards.is_minor(card) else 0


class MaxBidProbe(Adept):
    def _bid(self, k, legal, w) -> A.Action:
        return max(legal, key=lambda a: _v(a.card))

    def _pass_raise(self, k, legal, w) -> A.Action:
        raises = [a for a in legal if isinstance(a, A.RaiseBid)]
        return max(raises, key=lambda a: _v(a.card)) if raises else A.PassRaise()


class AllInProbe(Adept):
    def _setup_done(self, k, legal, w) -> A.Action:
        lays = [a for a in legal if isinstance(a, A.Lay) and cards.is_minor(a.card)]
        return max(lays, key=lambda a: _v(a.card)) if lays else A.SetupDone()


class NoConcedeProbe(Adept):
    def _close_pass(self, k, legal, w) -> A.Action:
        gifts = [a for a in legal if not isinstance(a, A.ClosePass)]
        return max(gifts, key=lambda a: (_v(a.card), isinstance(a, A.CloseFromHand))) if gifts else A.ClosePass()

    def _refuse_gage(self, k, legal, w) -> A.Action:
        gives = [a for a in legal if isinstance(a, A.AcceptGage)]
        return max(gives, key=lambda a: _v(a.give)) if gives else A.RefuseGage()


class HighestProbe(MaxBidProbe):
    def _setup_done(self, k, legal, w) -> A.Action:
        return AllInProbe._setup_done(self, k, legal, w) if k.view["scene"]["initiator"] == k.me \
            else A.SetupDone()

    def _close_pass(self, k, legal, w) -> A.Action:
        return NoConcedeProbe._close_pass(self, k, legal, w)

    def _take_aside(self, k, legal, w) -> A.Action:
        return max(legal, key=lambda a: _v(a.card))

    def _take_hand(self, k, legal, w) -> A.Action:
        return max(legal, key=lambda a: _v(a.card))

    def _give(self, k, legal, w) -> A.Action:
        return max(legal, key=lambda a: _v(a.card))


def register() -> None:
    PROBES.setdefault("maxbid", MaxBidProbe)
    PROBES.setdefault("allin", AllInProbe)
    PROBES.setdefault("noconcede", NoConcedeProbe)
    PROBES.setdefault("highest", HighestProbe)


register()
