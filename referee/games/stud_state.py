"""A stud hand: each seat's row of cards (up or down, in deal order), the street, the betting
round (`poker.betting.Betting`) and the money put in. `Hand` is stud's own deal type on the shared `state.Deal`."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Iterator

from ..events import AnyCard
from ..money import ZERO
from ..poker.betting import Betting
from ..state import Deal, evolve


@dataclass(frozen=True)
class Slot:
    """One card in front of a seat. `card` None: a face-down card nobody has seen yet."""

    card: AnyCard | None
    up: bool
    street: int
    order: int                       # position in the hand's deal order (1, 2, ...)
    tags: frozenset[str] = frozenset()  # rule marks: "activated", "was_down", "traded", ...

    def tagged(self, *tags: str) -> "Slot":
        return evolve(self, tags=self.tags | frozenset(tags))

    def untagged(self, *tags: str) -> "Slot":
        return evolve(self, tags=self.tags - frozenset(tags))


@dataclass(frozen=True)
class SeatHand:
    seat: int
    slots: tuple[Slot, ...] = ()
    folded: bool = False
    all_in: bool = False

    @property
    def up_slots(self) -> tuple[Slot, ...]:
        return tuple(s for s in self.slots if s.up)

    @property
    def down_slots(self) -> tuple[Slot, ...]:
        return tuple(s for s in self.slots if not s.up)

    @property
    def up_cards(self) -> tuple[AnyCard, ...]:
        return tuple(s.card for s in self.slots if s.up)

    def index_of(self, card: AnyCard | None, *, up: bool | None = None) -> int | None:
        """Where `card` lies in this seat's slots (None card: the first unseen face-down card)."""
        for i, s in enumerate(self.slots):
            if s.card == card and (up is None or s.up == up):
                return i
        return None

    def with_slot(self, index: int, slot: Slot) -> "SeatHand":
        slots = list(self.slots)
        slots[index] = slot
        return evolve(self, slots=tuple(slots))

    def without(self, index: int) -> "SeatHand":
        return evolve(self, slots=self.slots[:index] + self.slots[index + 1:])

    def adding(self, slot: Slot) -> "SeatHand":
        return evolve(self, slots=self.slots + (slot,))


@dataclass(kw_only=True)
class Hand(Deal):
    boards: dict[int, SeatHand]
    final_street: int
    street: int = 3
    phase: str = "dealing"                  # dealing | betting | showdown | over
    dealt: int = 0                          # main-deck cards dealt so far this hand
    received: tuple[tuple[int, int], ...] = ()  # (seat, cards dealt to it), for "has its cards"
    replacement_owed: tuple[tuple[int, int, int], ...] = ()  # (seat, slot index, street) owed a card
    community_owed: bool = False            # the last card comes as one community card
    unbet_round: bool = False               # a round nobody could bet in: options last to the next card
    contributions: dict[int, Decimal] = field(default_factory=dict)  # antes and bets, per seat
    fees: Decimal = ZERO                    # house-rule fees paid to the pot: part of the main pot
    betting: Betting | None = None
    discards: tuple[AnyCard, ...] = ()
    side_cards: tuple[tuple[str, int, AnyCard], ...] = ()  # (deck, seat, card) from other decks
    up_deals: tuple[tuple[int, int, AnyCard, int], ...] = ()  # (order, seat, card, street) face-up deals
    community: tuple[AnyCard, ...] = ()     # cards dealt face up in the centre, part of every hand

    def clone(self) -> "Hand":
        new = super().clone()
        new.boards, new.contributions = dict(self.boards), dict(self.contributions)
        return new

    def pot_total(self) -> Decimal:
        return sum(self.contributions.values(), self.fees)

    @property
    def live(self) -> tuple[int, ...]:
        """Seats still in the hand, in deal order."""
        boards = self.boards
        return tuple([s for s in self.order if not boards[s].folded])

    def cards_in_play(self) -> Iterator[AnyCard]:
        for board in self.boards.values():
            for slot in board.slots:
                if slot.card is not None:
                    yield slot.card
        yield from self.discards
        yield from self.community

    def next_seat(self, seat: int, *, live_only: bool = True) -> int:
        seats = self.live if live_only else self.order
        if seat in seats:
            return seats[(seats.index(seat) + 1) % len(seats)]
        i = self.order.index(seat)
        for step in range(1, len(self.order) + 1):
            cand = self.order[(i + step) % len(self.order)]
            if cand in seats:
                return cand
        raise ValueError("no seat left in the hand")

    def prev_seat(self, seat: int, *, live_only: bool = True) -> int:
        seats = self.live if live_only else self.order
        i = self.order.index(seat)
        for step in range(1, len(self.order) + 1):
            cand = self.order[(i - step) % len(self.order)]
            if cand in seats:
                return cand
        raise ValueError("no seat left in the hand")
