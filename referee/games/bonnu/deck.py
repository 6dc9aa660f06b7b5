"""The Bonnu deck and what may be played on what: 110 cards (referee.cards.bonnu_deck), a card
matches the last card by colour or by number, a card is worth its number (-1 as -1, 21 as 21), and
a hand is worth the sum of its cards. The opening draw ranks cards by number, -1 lowest, 21 highest."""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Mapping

from ...cards import BONNU_COLOURS, BONNU_VALUES, BonnuCard, bonnu_deck

DECK: tuple[BonnuCard, ...] = bonnu_deck()
DECK_SIZE = 110
HAND_SIZE = 7
assert len(DECK) == DECK_SIZE and len(set(DECK)) == DECK_SIZE

__all__ = ["BONNU_COLOURS", "BONNU_VALUES", "BonnuCard", "DECK", "DECK_SIZE", "HAND_SIZE", "card",
           "cards", "matches", "playable", "value", "hand_total", "opening_leaders", "missing_or_extra"]


def card(code: str | BonnuCard) -> BonnuCard:
    """A card from its code ("red:7", "blue:-1", "white:3#1") or the card itself."""
    return code if isinstance(code, BonnuCard) else BonnuCard.parse(code)


def cards(codes: Iterable[str | BonnuCard] | str) -> tuple[BonnuCard, ...]:
    """Cards from codes, or from one string of codes separated by spaces or commas."""
    if isinstance(codes, str):
        codes = codes.replace(",", " ").split()
    return tuple(card(c) for c in codes)


def matches(played: BonnuCard, top: BonnuCard | None) -> bool:
    """May `played` go on `top`? Same colour or same number; anything leads an empty pile (the
    first player of a round leads any card: no card is turned up)."""
    return top is None or played.colour == top.colour or played.value == top.value


def playable(hand: Iterable[BonnuCard], top: BonnuCard | None) -> tuple[BonnuCard, ...]:
    """The cards of `hand` that may be laid on `top`, in hand order; empty means the player draws."""
    return tuple(c for c in hand if matches(c, top))


def value(c: BonnuCard) -> int:
    """What a card counts for in a Bonnu total and in Bonnu 100: its number (-1 as -1, 21 as 21)."""
    return c.value


def hand_total(hand: Iterable[BonnuCard]) -> int:
    """The total value of a hand: the sum of its numbers (`value`, read straight off each card: the
    referee's options add up every known hand at every step)."""
    return sum(c.value for c in hand)


def opening_leaders(draws: Mapping[int, BonnuCard]) -> tuple[int, ...]:
    """The seats that drew the highest number in an opening draw (seat -> card), in seat order.
    One seat: it plays first. More: a tie, settled by the `opening_tie` setting."""
    if not draws:
        raise ValueError("an opening draw needs at least one card drawn")
    best = max(value(c) for c in draws.values())
    return tuple(sorted(seat for seat, c in draws.items() if value(c) == best))


def missing_or_extra(seen: Iterable[BonnuCard]) -> str | None:
    """Check a count of every card at the table against the deck: None when the 110 cards are there
    once each, else what is missing or doubled, in words (for the simulator's invariant)."""
    counts = Counter(seen)
    missing = [c.code for c in DECK if counts[c] == 0]
    doubled = [f"{c.code} x{n}" for c, n in counts.items() if n > 1]
    strange = [str(c) for c in counts if not isinstance(c, BonnuCard)]
    if not (missing or doubled or strange):
        return None
    parts = []
    if missing:
        parts.append(f"{len(missing)} missing ({', '.join(missing[:5])}{'...' if len(missing) > 5 else ''})")
    if doubled:
        parts.append(f"doubled: {', '.join(doubled[:5])}")
    if strange:
        parts.append(f"not Bonnu cards: {', '.join(strange[:5])}")
    return "; ".join(parts)
