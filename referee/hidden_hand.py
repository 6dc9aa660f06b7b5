"""What the referee knows of a hand it cannot see, and how later plays prove an earlier card illegal.

At a camera table the referee rarely sees a hand before its cards are played; phones or a script
may name some of them. So a seat's hand is kept as `HiddenHand`: how many cards it holds (every card
dealt, drawn, passed or taken in, less every card played or given up, seen or not) and which of
them have been named. Every card of a pack is a different value, so the named cards are a set
(Boonaken, Boneyard euchre).

Bonnu's deck has two look-alike copies of each 0..9 per colour. `BonnuCard.copy` tells them apart
when a deck is accounted for, but no face shows it: a phone or the host names "red:7" for either
copy, so one card may be named twice in a hand. Its hand is a `HiddenCopies`: the same count and
named cards, the named ones a bag kept in the order named (the owner's phone lists them so).

A card played against the rules may only be provable later: every card of a hand is played in the
end, so when a seat plays, the cards it is known to have held at an earlier play are the ones named
for it and still held, and every card it played after that one (`held_then`). A card that breaks
the rules even against that part of the hand broke them against the whole hand.
`proven_by_later_plays` walks a seat's plays and asks the game's own reason for each earlier one
(Boonaken and Boneyard euchre: follow suit, trump, no under-trumping; each says why in its words).

    hand = HiddenHand(5)                  # five cards dealt unseen
    hand = hand.name(Card.parse("AS"))    # the phone names one
    hand = hand.give_up(Card.parse("AS")) # and it is played: four left, none named
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Optional, Sequence

from .cards import BonnuCard, Card

# A seat's play as the proof reads it: (trick number, place in the trick (0: led), card).
SeatPlay = tuple[int, int, Card]


@dataclass(frozen=True)
class HiddenHand:
    """One seat's hand as the referee knows it: `count` cards, of which `named` are known."""

    count: int = 0
    named: frozenset = frozenset()

    @property
    def fully_known(self) -> bool:
        return len(self.named) == self.count

    def receive(self, card: Optional[Card] = None) -> "HiddenHand":
        """A card comes into the hand (dealt, drawn, passed, taken), named or not (None)."""
        return HiddenHand(self.count + 1, self.named if card is None else self.named | {card})

    def name(self, *cards: Card) -> "HiddenHand":
        """Cards already in the hand are named (told by a phone, laid face up, or played)."""
        return self if self.named.issuperset(cards) else HiddenHand(self.count, self.named.union(cards))

    def give_up(self, card: Optional[Card] = None, sure: Iterable[Card] = ()) -> "HiddenHand":
        """A card leaves the hand. Unseen (None), it may have been any card the hand held, so only
        the `sure` cards (those lying face up, still seen in the hand) stay named."""
        named = self.named & frozenset(sure) if card is None else self.named - {card}
        return HiddenHand(self.count - 1, named)


@dataclass(frozen=True)
class HiddenCopies:
    """A hand from a deck with look-alike copies (Bonnu): `count` cards, of which `named` are known,
    in the order named, the same card as often as it was named."""

    count: int = 0
    named: tuple = ()

    @property
    def fully_known(self) -> bool:
        return len(self.named) == self.count

    def receive(self, card: Optional[BonnuCard] = None) -> "HiddenCopies":
        """A card comes into the hand (dealt or drawn), named or not (None)."""
        return HiddenCopies(self.count + 1, self.named if card is None else self.named + (card,))

    def give_up(self, cards: Sequence[BonnuCard]) -> "HiddenCopies":
        """Cards leave the hand face up (laid on the pile), each named one once less named. A card
        laid that was never named came from the unnamed part, so the other named cards stay; when
        they outnumber the cards left (a hand named in full laid a card not named in it), some were
        named wrong and only as many as the hand holds stay named, the first named."""
        left = list(self.named)
        for card in cards:
            if card in left:
                left.remove(card)
        count = self.count - len(cards)
        return HiddenCopies(count, tuple(left[:count]))


def held_then(named_now: Iterable[Card], later: Iterable[Card], not_yet: Iterable[Card] = ()) -> frozenset:
    """The cards a seat is known to have held at an earlier play: those named for it and still
    held, and every card it played after it, less `not_yet` (cards that came in only after that
    play, such as one taken back from a trick)."""
    return (frozenset(named_now) | frozenset(later)) - frozenset(not_yet)


def proven_by_later_plays(plays: Sequence[SeatPlay], done: Iterable[int],
                          why: Callable[[int, int, Card, tuple[Card, ...]], Optional[str]]
                          ) -> Iterator[tuple[int, Card, str]]:
    """The seat's earlier plays that its later cards prove illegal, one at a time as they are found
    (so the game can announce each before the next is looked at): (trick number, card, reason).

    `plays` are the seat's plays in the order made; `done` the trick numbers already ruled a
    revoke for this seat; `why(trick, place, card, later)` is the game's reason that `card` was not
    allowed to a hand holding at least `held_then(..., later)`, or None. A lead is never a revoke,
    and a play with no later card has nothing to prove it."""
    done = frozenset(done)
    cards = [card for _, _, card in plays]
    for k, (trick, place, card) in enumerate(plays):
        if place == 0 or trick in done or k + 1 == len(plays):
            continue
        reason = why(trick, place, card, tuple(cards[k + 1:]))
        if reason:
            yield trick, card, reason
