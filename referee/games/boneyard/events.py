"""Boneyard euchre's own events, beside the core's `hand_started`, `card_dealt`, `bid`,
`card_discarded`, `card_played`, `hand_shown` and Boonaken's `trump_named` (the Maker names trump
when the Joker is taken, decision 1).

How the core's events read in Boneyard euchre:
* `card_dealt` seat N: a card into N's hand (`card` null when nobody saw it); seat null, up true:
  the dealer's face-up bone; seat null, up false, deck "boneyard": a face-down bone;
* `bid` "take" / "leave": Take It or Leave It, in turn from the dealer's left;
* `card_discarded` seat N: the Maker's face-down discard;
* `card_played` seat N: a card to the trick (under Dummy the seat is the dummy's; the Maker plays it);
* `hand_shown` seat N: Dummy, the Maker's partner lays the hand face up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...events import AnyCard, Event


@dataclass(frozen=True)
class BoneFlipped(Event):
    """The dealer turns a bone face up for Copycats, Meet Cute, Polycule or Scheme; the camera sees it."""
    type: ClassVar[str] = "bone_flipped"
    card: AnyCard


@dataclass(frozen=True)
class PennyPlaced(Event):
    """Lucky Penny: a bone goes face down in front of the Maker's partner, unseen (card null) or named."""
    type: ClassVar[str] = "penny_placed"
    seat: int
    card: AnyCard | None


@dataclass(frozen=True)
class PennyPlayed(Event):
    """Lucky Penny: the Maker's partner plays the face-down bone to a trick; it is seen as it lands."""
    type: ClassVar[str] = "penny_played"
    seat: int
    card: AnyCard


@dataclass(frozen=True)
class FoolsGoldPlayed(Event):
    """Fool's Gold: the Maker's partner plays a card as itself-and-a-half of the led suit."""
    type: ClassVar[str] = "fools_gold_played"
    seat: int
    card: AnyCard


@dataclass(frozen=True)
class LeadDeclined(Event):
    """Fusion: the trick's winner declines to lead the next trick; their partner leads instead."""
    type: ClassVar[str] = "lead_declined"
    seat: int


@dataclass(frozen=True)
class CardPassed(Event):
    """Collect Call or Sweet Nothings: a card handed face down from `seat` to `to_seat` (card null:
    nobody named it)."""
    type: ClassVar[str] = "card_passed"
    seat: int
    to_seat: int
    card: AnyCard | None


@dataclass(frozen=True)
class CardRevealed(Event):
    """Therapy Club: a non-maker lays one card of their choice face up; it stays in the hand."""
    type: ClassVar[str] = "card_revealed"
    seat: int
    card: AnyCard


@dataclass(frozen=True)
class GraveRobbed(Event):
    """Grave Robber: the Maker's partner takes a card from a trick just scored into their hand."""
    type: ClassVar[str] = "grave_robbed"
    seat: int
    card: AnyCard
