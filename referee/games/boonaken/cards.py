"""Boonaken's cards: the 32-card pack, the two rank orders and the card points.

Rank functions are pure functions of (card, trump, led suit), OpenSpiel style, so play, roem and
any search share one definition. `trump` is a suit letter, or None when the deal has no trump
(misère, zwabber). Ranks use `referee.cards.Card`: 14 ace, 13 king, 12 queen, 11 jack, 10..7.
"""

from __future__ import annotations

from typing import Iterable, Optional

from ...cards import Card, deck32
from .settings import DEFAULT, BoonakenSettings

ACE, KING, QUEEN, JACK, TEN, NINE = 14, 13, 12, 11, 10, 9

# High to low. Runs (roem) always use the plain order; see boonaken-fa.txt line 20.
PLAIN_ORDER = (ACE, KING, QUEEN, JACK, TEN, NINE, 8, 7)
TRUMP_ORDER = (JACK, NINE, ACE, KING, QUEEN, TEN, 8, 7)            # boonaken-fa.txt line 14
KLAVERJAS_TRUMP_ORDER = (JACK, NINE, ACE, TEN, KING, QUEEN, 8, 7)  # setting klaverjas_trump_order

PLAIN_POINTS = {ACE: 11, KING: 3, QUEEN: 2, JACK: 1, TEN: 10, NINE: 0, 8: 0, 7: 0}
TRUMP_POINTS = {JACK: 20, NINE: 14, ACE: 11, KING: 3, QUEEN: 2, TEN: 10, 8: 0, 7: 0}
PACK_POINTS = 141                                                   # boonaken-fa.txt line 16

Trump = Optional[str]


def pack() -> tuple[Card, ...]:
    """The 32 cards: A K Q J 10 9 8 7 in each suit."""
    return deck32()


def card_points(card: Card, trump: Trump) -> int:
    """What the card is worth in a trick won; with no trump every suit scores as plain."""
    return (TRUMP_POINTS if card.suit == trump else PLAIN_POINTS)[card.rank]


def points(cards: Iterable[Card], trump: Trump) -> int:
    return sum(card_points(c, trump) for c in cards)


def trump_order(settings: BoonakenSettings = DEFAULT) -> tuple[int, ...]:
    return KLAVERJAS_TRUMP_ORDER if settings.klaverjas_trump_order else TRUMP_ORDER


def plain_rank(card: Card) -> int:
    """0 (the 7) to 7 (the ace): the card's place in the plain order, which is also the run order."""
    return 7 - PLAIN_ORDER.index(card.rank)


def trump_rank(card: Card, settings: BoonakenSettings = DEFAULT) -> int:
    """0 (the 7) to 7 (the jack): the card's place among trumps."""
    return 7 - trump_order(settings).index(card.rank)


def trick_rank(card: Card, trump: Trump, led: str, settings: BoonakenSettings = DEFAULT) -> int:
    """How strongly the card plays in a trick led in `led`: the highest rank wins the trick.
    Trumps rank 9..16 above the led suit's 1..8; any other suit is 0 and cannot win."""
    if card.suit == trump:
        return 9 + trump_rank(card, settings)
    if card.suit == led:
        return 1 + plain_rank(card)
    return 0
