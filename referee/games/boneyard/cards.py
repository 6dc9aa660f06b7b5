"""Boneyard euchre's pack: 9 10 J Q K A of the four suits and the joker, the benny (sheet line 3),
and the colour pairs that make the left bower (line 8). Card values are `referee.cards.Card`."""

from __future__ import annotations

from ...cards import JOKER, Card, deck25

NINE, TEN, JACK, QUEEN, KING, ACE = 9, 10, 11, 12, 13, 14
FACES = (NINE, TEN, JACK, QUEEN, KING, ACE)

PACK: tuple[Card, ...] = deck25()          # the 24 suited cards, then the joker
assert len(PACK) == 25 and PACK[-1] == JOKER

# The other suit of the same colour: the left bower is the jack of this suit (line 8).
LEFT_BOWER_SUIT = {"S": "C", "C": "S", "H": "D", "D": "H"}


def same_colour(suit: str) -> str:
    """The other suit of `suit`'s colour: spades <-> clubs, hearts <-> diamonds."""
    try:
        return LEFT_BOWER_SUIT[suit]
    except KeyError:
        raise ValueError(f"no suit {suit!r} (use S, H, D or C)") from None


def right_bower(trump: str) -> Card:
    return Card(JACK, trump)


def left_bower(trump: str) -> Card:
    return Card(JACK, same_colour(trump))


__all__ = ["PACK", "JOKER", "LEFT_BOWER_SUIT", "same_colour", "right_bower", "left_bower", "FACES",
           "NINE", "TEN", "JACK", "QUEEN", "KING", "ACE"]
