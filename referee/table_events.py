"""The table's own events, taken in every game: money brought to and taken from the table (buy-ins,
rebuys, cash-outs) and seats coming and going (a late player, sitting out a hand, back in).

They sit beside the play in the night's log, so undo and replay treat them like any other event.
Money moves between ``"bank"`` (the cash the host holds) and the seat's account, whose balance is
then the seat's stack: buy-ins + rebuys + net from play - cash-outs (see referee/seating.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import ClassVar

from .events import Event


def _amount_positive(amount: Decimal, what: str) -> None:
    if amount <= 0:
        raise ValueError(f"{what} must be more than zero, got {amount}")


def _seat_number(seat: int) -> None:
    if seat < 1:
        raise ValueError(f"seat numbers start at 1, got {seat}")


@dataclass(frozen=True)
class BuyIn(Event):
    """A player hands the host cash for chips: the first one is the buy-in, later ones rebuys."""
    type: ClassVar[str] = "buy_in"
    seat: int
    amount: Decimal
    memo: str = ""

    def __post_init__(self) -> None:
        _seat_number(self.seat)
        _amount_positive(self.amount, "a buy-in")


@dataclass(frozen=True)
class CashOut(Event):
    """A player leaves (or the night ends) and the chips are counted: `amount` is what was counted
    and what the host pays out, whatever the ledger expected (a difference is announced)."""
    type: ClassVar[str] = "cash_out"
    seat: int
    amount: Decimal
    memo: str = ""

    def __post_init__(self) -> None:
        _seat_number(self.seat)
        if self.amount < 0:
            raise ValueError(f"a cash-out counts the chips: it cannot be below zero, got {self.amount}")


@dataclass(frozen=True)
class SeatJoined(Event):
    """A late player takes a new seat; dealt in from the next deal."""
    type: ClassVar[str] = "seat_joined"
    seat: int
    name: str = ""

    def __post_init__(self) -> None:
        _seat_number(self.seat)


@dataclass(frozen=True)
class SatOut(Event):
    """A seat sits out from the next deal on (it stays at the table, with its money)."""
    type: ClassVar[str] = "sat_out"
    seat: int


@dataclass(frozen=True)
class SatIn(Event):
    """A seat that sat out is dealt in again from the next deal."""
    type: ClassVar[str] = "sat_in"
    seat: int


TABLE_EVENTS = (BuyIn, CashOut, SeatJoined, SatOut, SatIn)
