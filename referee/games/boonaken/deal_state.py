"""A Boonaken deal's state: what the referee knows of the cards, the bidding, the exchange, the
tricks and the roem, plus the game's marks sheet, which each deal carries on to the next.

The referee need not know the hidden cards. At a camera table it sees the face-up centre cards
and every card played; phones or a script may also name the cards in a hand (each seat's
`referee.hidden_hand.HiddenHand`: how many cards, which named). A seat's hand after the exchange is
exactly the cards it plays, so claims and revokes are checked against what each seat played
(`hidden_hand.held_then`), and with fully known hands at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from ...cards import Card
from ...hidden_hand import HiddenHand
from ...state import Deal
from .bidding import Bid
from .deal import Layout


NO_HAND = HiddenHand()          # a seat not dealt in


@dataclass(frozen=True)
class Trick:
    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int


@dataclass(frozen=True)
class Revoke:
    seat: int
    trick: int                    # 1-based
    card: Card
    reason: str                   # why the card was not allowed, with the cards that prove it


@dataclass(kw_only=True)
class BoonakenDeal(Deal):
    # The game (a run of deals to one loser) and its sheet: carried from deal to deal.
    game_no: int = 1
    sheet: object = None                        # marks.Sheet, or points.PointsSheet
    losers: tuple = ()                          # set when this deal ended the game
    past: tuple = ()                            # the night's finished games: ((game_no, losers), ...)
    first_of_game: bool = True
    shown: bool = False                         # open boonaak: the declarer's hand is on the table
    layout: Layout = None
    cutter: int = 0
    # Cards: what was named where (a card None was dealt unseen).
    hands: dict[int, HiddenHand] = field(default_factory=dict)    # each seat's cards now: count and named
    dealt: dict[str, int] = field(default_factory=dict)           # "up", "down", "aside" -> count
    centre_up: tuple[Card, ...] = ()
    centre_down: tuple[Card, ...] = ()          # the named ones only
    aside: tuple[Card, ...] = ()                # the named ones only
    # Bidding.
    bids: tuple[tuple[int, Bid], ...] = ()
    contract: Optional[Bid] = None
    declarer: Optional[int] = None
    chain: tuple[int, ...] = ()                 # the misère bidders, in bidding order
    # The exchange: who takes the pile and discards now, and the discards so far.
    takers: tuple[int, ...] = ()
    taker: int = 0                              # index into takers
    discards: dict[int, tuple] = field(default_factory=dict)       # seat -> cards (None: unseen)
    # Play.
    trump: Optional[str] = None
    trump_named: bool = False
    leader: Optional[int] = None
    trick: tuple[tuple[int, Card], ...] = ()
    tricks: tuple[Trick, ...] = ()
    played: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    revokes: tuple[Revoke, ...] = ()
    certain: tuple[int, ...] = ()               # seats whose result was announced as certain
    # Roem (number bids): the declared total, the challenges, the tie-break cards.
    declared: int = 0
    challenges: tuple[tuple[int, int], ...] = ()
    named: dict[int, Card] = field(default_factory=dict)
    roem_open: bool = False                     # the first trick's window
    roem_settled: bool = False
    roem_cancelled_by: Optional[int] = None
    # The result, once over: (seat, won) per marked seat, and the reasons in words.
    results: tuple[tuple[int, bool], ...] = ()
    redeal: bool = False

    def clone(self) -> "BoonakenDeal":
        new = super().clone()
        for name in ("hands", "dealt", "discards", "played", "named"):
            setattr(new, name, dict(getattr(self, name)))
        return new

    # ------------------------------------------------------------------ derived facts
    @property
    def centre_size(self) -> int:
        return self.layout.centre_up + self.layout.centre_down

    @property
    def bidders(self) -> tuple[int, ...]:
        """The seats that get a mark: each misère bidder, else the declarer."""
        if self.contract is None:
            return ()
        return self.chain if self.contract.kind == "misere" else (self.declarer,)

    def hand_of(self, seat: int) -> HiddenHand:
        return self.hands.get(seat, NO_HAND)

    def holding(self, seat: int) -> int:
        """How many cards the seat holds now."""
        return self.hand_of(seat).count

    def received(self, seat: int) -> int:
        """How many cards the seat was dealt and took from the centre (or a misère discard)."""
        return self.holding(seat) + len(self.discards.get(seat, ())) + len(self.played.get(seat, ()))

    def known_holding(self, seat: int) -> frozenset:
        """The named cards the seat still holds."""
        return self.hand_of(seat).named

    def after_exchange(self, seat: int) -> frozenset:
        """The named cards of the seat's hand since the exchange: those still held and those played."""
        return self.known_holding(seat) | frozenset(self.played.get(seat, ()))

    def fully_known(self, seat: int) -> bool:
        return len(self.known_holding(seat)) == self.holding(seat)

    def next_seat(self, seat: int) -> int:
        return self.order[(self.order.index(seat) + 1) % len(self.order)]

    def to_play(self) -> Optional[int]:
        if self.phase != "play":
            return None
        if not self.trick:
            return self.leader
        return self.next_seat(self.trick[-1][0])

    def tricks_won(self, seat: int) -> int:
        return sum(1 for t in self.tricks if t.winner == seat)

    @property
    def centre_taken(self) -> bool:
        """Whether the centre cards went into a hand: once the bidding is over, but never in the
        five-card version's boonaak, where they stay in the centre."""
        return self.phase != "bidding" and bool(self.takers)

    def discarder(self) -> Optional[int]:
        return self.takers[self.taker] if self.phase == "exchange" else None

    def where(self, card: Card) -> Optional[str]:
        """Where a named card already is, in words, or None if the referee has not placed it."""
        for seat, cards in self.played.items():
            if card in cards:
                return f"played by seat {seat}"
        for seat, held in self.hands.items():
            if card in held.named:
                return f"in seat {seat}'s hand"
        passed_on = self.takers[:self.taker]          # discards the next misère bidder took up
        if any(card in cards for seat, cards in self.discards.items() if seat not in passed_on):
            return "discarded"
        if card in self.aside:
            return "set aside"
        if (card in self.centre_up or card in self.centre_down) and not self.centre_taken:
            return "in the centre"
        return None
