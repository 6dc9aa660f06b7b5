"""A Boneyard euchre round's state: what the referee knows of the cards, Take It or Leave It, the
round's modifiers as they are resolved bone by bone, the tricks, and the team scores carried from
round to round (with any Scheme modifiers carried into the next round).

Seats are the table's seats; the pure core numbers them 0-3 clockwise (`index`), partners opposite,
so team 1 is the first and third seat of the table, team 2 the second and fourth. The referee need
not know a hidden card: a seat's hand (`referee.hidden_hand.HiddenHand`: how many cards, which named)
is checked against the cards named for it and those it plays.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from ...cards import Card
from ...hidden_hand import HiddenHand
from ...state import Deal
from ...work import Refusal
from .cards import PACK
from .order import play_order
from .ranking import Round

HAND_SIZE = 5
BONES = 5
NO_HAND = HiddenHand()          # a seat not dealt in


PACK_CARDS = frozenset(PACK)        # looked up on every card named: a set, not a scan of the pack


def check_pack(card) -> None:
    if card not in PACK_CARDS:
        raise Refusal(f"{card.pretty} is not in the Boneyard euchre pack (9 to ace and one Joker)")


@dataclass(frozen=True)
class Trick:
    leader: int
    plays: tuple[tuple[int, Card, str], ...]    # (seat, card, how: "" | "fools_gold" | "penny")
    winner: int
    text: str                                   # the ruling in words
    why: tuple[str, ...]                        # the modifiers that decided it


@dataclass(kw_only=True)
class BoneyardRound(Deal):
    table: tuple[int, ...] = ()                 # the four seats clockwise (core index = position)
    game_no: int = 1
    scores: tuple[int, int] = (0, 0)            # team 1, team 2: carried from round to round
    winner: Optional[int] = None                # 0 or 1 once this round ended the game
    carried: tuple[str, ...] = ()               # Scheme modifiers carried into this round
    redeal: bool = False
    # The deal: counts per place ("hand:N", "up", "down"), cards named.
    dealt: dict[str, int] = field(default_factory=dict)
    hands: dict[int, HiddenHand] = field(default_factory=dict)    # each seat's cards now: count and named
    up_bone: Optional[Card] = None
    bones: tuple[Card, ...] = ()                # face-down bones named when dealt
    bones_left: int = 0                         # face-down bones still in the middle
    # Take It or Leave It.
    bids: tuple[tuple[int, str], ...] = ()
    maker: Optional[int] = None
    taken: Optional[Card] = None
    named_trump: Optional[str] = None
    discard: Optional[Card] = None
    discarded: bool = False
    # The modifiers, resolved first in first out (flips.resolve, one bone at a time).
    queue: tuple[str, ...] = ()
    active: tuple[str, ...] = ()
    drawing: Optional[tuple[str, int]] = None   # (modifier, bones it still draws)
    flips: tuple[tuple[Card, str, Optional[str]], ...] = ()       # (card, drawn by, adds)
    copied: Optional[Card] = None
    short: tuple[str, ...] = ()
    carry_next: tuple[str, ...] = ()
    rnd: Optional[Round] = None                 # set once every modifier is resolved
    # Before the first lead.
    penny_placed: bool = False
    penny: Optional[Card] = None                # named, or seen once played
    penny_played: bool = False
    passes: tuple[tuple[int, int, Optional[Card]], ...] = ()      # (from, to, card) Collect Call / Sweet Nothings
    revealed: dict[int, Card] = field(default_factory=dict)       # Therapy Club
    shown: bool = False                         # Dummy: the partner's hand is face up
    # Play.
    leader: Optional[int] = None
    trick: tuple[tuple[int, Card, str], ...] = ()
    tricks: tuple[Trick, ...] = ()
    fools_gold_used: bool = False
    robbed: bool = False
    robbed_card: Optional[tuple[int, Card]] = None   # Grave Robber: (tricks scored then, the card)
    declined: bool = False                      # Fusion: the leader came from a decline
    revokes: tuple[tuple[int, int, Card, str], ...] = ()          # (seat, trick, card, reason)
    points: tuple[int, int] = (0, 0)            # this round's points, once scored (Strip Club's too)

    def clone(self) -> "BoneyardRound":
        new = super().clone()
        for name in ("dealt", "hands", "revealed"):
            setattr(new, name, dict(getattr(self, name)))
        return new

    # ---------------------------------------------------------------- seats and teams
    def index(self, seat: int) -> int:
        return self.table.index(seat)

    def seat_at(self, index: int) -> int:
        return self.table[index % 4]

    def partner(self, seat: int) -> int:
        return self.seat_at(self.index(seat) + 2)

    def team(self, seat: int) -> int:
        return self.index(seat) % 2

    @property
    def maker_team(self) -> Optional[int]:
        return None if self.maker is None else self.team(self.maker)

    @property
    def partner_index(self) -> dict[int, int]:
        return {i: (i + 2) % 4 for i in range(4)}

    def on(self, modifier: str) -> bool:
        return modifier in self.active

    # ---------------------------------------------------------------------- cards
    def hand_of(self, seat: int) -> HiddenHand:
        return self.hands.get(seat, NO_HAND)

    def holding(self, seat: int) -> int:
        return self.hand_of(seat).count

    def known_holding(self, seat: int) -> frozenset:
        return self.hand_of(seat).named

    def fully_known(self, seat: int) -> bool:
        return self.hand_of(seat).fully_known

    def name(self, seat: int, *cards: Card) -> None:
        """Cards of the seat's hand are named (told, laid face up, or played)."""
        self.hands[seat] = self.hand_of(seat).name(*cards)

    def played(self, seat: int) -> tuple[Card, ...]:
        cards = [c for t in self.tricks for s, c, _ in t.plays if s == seat]
        return tuple(cards + [c for s, c, _ in self.trick if s == seat])

    def receive(self, seat: int, card: Optional[Card]) -> None:
        self.hands[seat] = self.hand_of(seat).receive(card)

    def give_up(self, seat: int, card: Optional[Card]) -> None:
        """A card leaves the seat. Unseen, it may have been any card the seat held: only the cards
        that lie face up (the taken card, a revealed card) are still sure to be there."""
        sure = (self.taken if seat == self.maker else None, self.revealed.get(seat)) if card is None else ()
        self.hands[seat] = self.hand_of(seat).give_up(card, sure)

    def where(self, card: Card) -> Optional[str]:
        """Where a named card already is, in words, or None if the referee has not placed it."""
        if self.tricks or self.trick:           # asked for every card dealt, before any is played
            played = [c for t in self.tricks for _, c, _ in t.plays] + [c for _, c, _ in self.trick]
            if card in played:
                return "played"
        for seat, hand in self.hands.items():
            if card in hand.named:
                return f"in seat {seat}'s hand"
        if card == self.discard:
            return "the Maker's discard"
        if card == self.up_bone and self.maker is None:
            return "the face-up bone"
        if self.flips and any(card == c for c, _, _ in self.flips):
            return "a flipped bone"
        if card == self.penny and not self.penny_played:
            return "the Lucky Penny"
        if card in self.bones:
            return "a face-down bone"
        return None

    def may_be_bone(self, card: Card, settings) -> Optional[str]:
        """Why `card` cannot be a face-down bone turned now (None: it may be)."""
        if any(card == c for c, _, _ in self.flips):
            return "it is a flipped bone"
        if card == self.penny and self.penny_placed and not self.penny_played:
            return "it is the Lucky Penny"
        if card in self.bones or card == self.discard and settings.discard_to_boneyard:
            return None
        where = self.where(card)
        if where is not None:
            return f"it is {where}"
        if len(self.bones) == BONES - 1:
            return "the face-down bones were named when dealt, and it is not one of them"
        return None

    def to_play(self) -> Optional[int]:
        if self.phase != "play" or self.rnd is None or len(self.tricks) == 5:
            return None
        order = play_order(self.index(self.leader), self.rnd)
        return self.seat_at(order[len(self.trick)])

    def maker_tricks(self) -> int:
        return sum(1 for t in self.tricks if self.team(t.winner) == self.maker_team)
