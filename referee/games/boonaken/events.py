"""Boonaken's own events, beside the core's `bid`, `card_dealt`, `card_discarded` and `card_played`.

Roem is declared and challenged by its total only (boonaken-fa.txt lines 87-97); a tie of totals is
settled by each side naming its highest roem card. The declarer names trump aloud, or leads
without naming and the led suit becomes trump (line 77).

How the core's card events read in Boonaken:
* `card_dealt` seat N, up false: a card into N's hand (`card` null when nobody saw it);
* `card_dealt` seat null, up true: a face-up centre card; up false: a face-down centre card;
  `deck` "aside": a card set aside unseen (4, 10 or 16 of them);
* `card_discarded` seat N: the declarer (or the misère bidder on turn in the chain) puts one card
  face down, after taking the centre cards (or the previous misère bidder's discards);
* `card_played` seat N: a card to the trick.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...events import AnyCard, Event

SUIT_LETTERS = "SHDC"


@dataclass(frozen=True)
class TrumpNamed(Event):
    """The declarer names trump (a lone misère bidder too, under the lone_misere_trump variant)."""
    type: ClassVar[str] = "trump_named"
    seat: int
    suit: str

    def __post_init__(self) -> None:
        if self.suit not in SUIT_LETTERS:
            raise ValueError(f"trump is one of S, H, D, C, not {self.suit!r}")


@dataclass(frozen=True)
class RoemDeclared(Event):
    """The number-bid declarer states a roem total during the first trick."""
    type: ClassVar[str] = "roem_declared"
    seat: int
    amount: int

    def __post_init__(self) -> None:
        if self.amount <= 0 or self.amount % 10:
            raise ValueError(f"roem is a multiple of 10 above 0, not {self.amount}")


@dataclass(frozen=True)
class RoemChallenged(Event):
    """An opponent states a roem total at least the declared one, during the first trick."""
    type: ClassVar[str] = "roem_challenged"
    seat: int
    amount: int

    def __post_init__(self) -> None:
        if self.amount <= 0 or self.amount % 10:
            raise ValueError(f"roem is a multiple of 10 above 0, not {self.amount}")


@dataclass(frozen=True)
class RoemCardNamed(Event):
    """Equal totals: the declarer and the challenger each name their highest roem card."""
    type: ClassVar[str] = "roem_card_named"
    seat: int
    card: AnyCard
