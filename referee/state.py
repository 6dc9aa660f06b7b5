"""The referee's state: the table, the hand in progress, pending decisions, and the night's money.

States are values. `engine.apply` never changes the state it is given: it clones, works on the
clone and returns it. Containers inside are either immutable (tuples, frozen dataclasses, chains)
or copied by `clone()` before anything touches them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any, Iterator

from .announcements import Pending
from .chain import EMPTY, Chain
from .events import AnyCard
from .ledger import Transfer
from .money import ZERO


def evolve(value, **changes):
    """`dataclasses.replace` for the frozen values below (none has a __post_init__ to re-run): a
    copy with some fields changed. `replace` calls __init__ again, the referee's hottest cost.
    Memos kept on a value (names starting "_", see SeatHand) are not copied: they were about it."""
    new = object.__new__(type(value))
    fields = new.__dict__
    fields.update(value.__dict__)
    fields.pop("_values", None)
    fields.update(changes)
    return new


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


@dataclass(frozen=True)
class Betting:
    """One fixed-limit betting round."""

    street: int
    size: Decimal                    # the bet/raise unit this round
    to_act: int | None               # seat whose turn it is; None when the round is over
    level: Decimal = ZERO            # what each seat must have put in this round to stay
    put: tuple[tuple[int, Decimal], ...] = ()  # per seat, this round
    raises: int = 0                  # bets and raises so far (the bring-in is not one)
    acted: frozenset[int] = frozenset()
    bring_in: bool = False           # third street: the first action must be the bring-in
    completed: bool = False          # the bring-in has been completed to a full bet

    def put_by(self, seat: int) -> Decimal:
        for s, amount in self.put:
            if s == seat:
                return amount
        return ZERO


@dataclass
class Hand:
    number: int
    dealer: int
    order: tuple[int, ...]                  # seats dealt in, clockwise from the dealer's left
    boards: dict[int, SeatHand]
    final_street: int
    street: int = 3
    phase: str = "dealing"                  # dealing | betting | showdown | over
    dealt: int = 0                          # main-deck cards dealt so far this hand
    contributions: dict[int, Decimal] = field(default_factory=dict)  # antes and bets, per seat
    fees: Decimal = ZERO                    # house-rule fees paid to the pot: part of the main pot
    betting: Betting | None = None
    pending: tuple[Pending, ...] = ()
    discards: tuple[AnyCard, ...] = ()
    side_cards: tuple[tuple[str, int, AnyCard], ...] = ()  # (deck, seat, card) from other decks
    marks: dict[str, Any] = field(default_factory=dict)     # rule bookkeeping; values immutable
    up_deals: tuple[tuple[int, int, AnyCard, int], ...] = ()  # (order, seat, card, street) face-up deals
    community: tuple[AnyCard, ...] = ()     # cards dealt face up in the centre, part of every hand
    result: tuple[tuple[str, Any], ...] = ()

    def clone(self) -> "Hand":
        # A shallow copy by hand: `dataclasses.replace` re-runs __init__ and costs more than a hand.
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.boards, new.contributions, new.marks = dict(self.boards), dict(self.contributions), dict(self.marks)
        return new

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


@dataclass
class State:
    game: str = ""
    settings: dict = field(default_factory=dict)
    seats: tuple[int, ...] = ()
    log: Chain = EMPTY                  # every event recorded, in order; seq n is log[n-1]
    undone: frozenset[int] = frozenset()
    transfers: Chain = EMPTY            # the night's money, double entry
    next_announcement: int = 1
    next_decision: int = 1
    hands_played: int = 0
    hand: Hand | None = None
    # Points for games scored in points or marks rather than money (Boonaken's +/- marks,
    # euchre team points, Bonnu 100): account -> score, kept across deals.
    scores: dict[str, int] = field(default_factory=dict)

    @property
    def seq(self) -> int:
        return len(self.log)

    def clone(self) -> "State":
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.hand = self.hand.clone() if self.hand is not None else None
        new.scores = dict(self.scores)
        return new

    def pending(self) -> tuple[Pending, ...]:
        return self.hand.pending if self.hand is not None else ()

    def pot_total(self) -> Decimal:
        if self.hand is None:
            return ZERO
        return sum(self.hand.contributions.values(), self.hand.fees)

    def transfer_list(self) -> tuple[Transfer, ...]:
        return self.transfers.to_tuple()
