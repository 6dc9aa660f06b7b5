"""Legal plays and trick winners (boonaken-fa.txt lines 77-85, variant line 147).

A trick is the cards played to it so far, in order; its first card is the lead. `trump` is the
deal's trump suit, or None for misère and zwabber (no trump: follow suit, highest of the led suit).
"""

from __future__ import annotations

from typing import Optional, Sequence

from ...cards import Card
from .cards import JACK, Trump, trick_rank, trump_rank
from .settings import DEFAULT, BoonakenSettings


def trump_for_deal(named: Optional[str], first_lead: Card) -> str:
    """A declarer who leads without naming trump makes the led suit trump (line 77)."""
    return named if named is not None else first_lead.suit


def deal_has_trump(contract: str, misere_bidders: int, settings: BoonakenSettings = DEFAULT) -> bool:
    """Number bids and boonaak have a trump; misère and zwabber none (line 85), except a lone
    misère bidder's named trump under the variant (line 149), which we read as for the deal."""
    if contract == "misere":
        return settings.lone_misere_trump and misere_bidders == 1
    return contract != "zwabber"


def legal_plays(hand: Sequence[Card], trick: Sequence[Card], trump: Trump,
                settings: BoonakenSettings = DEFAULT) -> tuple[Card, ...]:
    """The cards of `hand` that may be played to `trick` now, in hand order."""
    hand = tuple(hand)
    if not trick:
        return hand
    led = trick[0].suit
    following = tuple(c for c in hand if c.suit == led)
    if trump is None:
        return following or hand
    trumps = tuple(c for c in hand if c.suit == trump)
    if led == trump:
        # Line 79: follow with a trump, unless the only trump held is the jack (the Boer).
        only_the_jack = len(trumps) == 1 and trumps[0].rank == JACK
        return trumps if trumps and not only_the_jack else hand
    # Line 81: a plain lead may be followed or trumped; a player void in it may play anything.
    allowed = following + trumps if following else hand
    if settings.no_undertrump and len(trumps) < len(hand):
        best = max((trump_rank(c, settings) for c in trick if c.suit == trump), default=None)
        if best is not None:
            allowed = tuple(c for c in allowed if c.suit != trump or trump_rank(c, settings) > best)
    return tuple(c for c in hand if c in allowed)


def trick_winner(trick: Sequence[Card], trump: Trump, settings: BoonakenSettings = DEFAULT) -> int:
    """The index in `trick` of the card that wins it: the highest trump, else the highest of the led suit."""
    led = trick[0].suit
    return max(range(len(trick)), key=lambda i: trick_rank(trick[i], trump, led, settings))
