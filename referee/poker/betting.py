"""Fixed-limit betting rounds for stud games: whose turn it is, what they may do, what it costs.

Functions here take and return `Betting` values (frozen); the game applies the money.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from ..events import AllIn, Bet, BetAction, BringIn, Call, Check, Complete, Fold, Raise
from ..money import ZERO, fmt
from ..state import evolve


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


# The action names `options` gives, and the event each is.
EVENTS = {"bring_in": BringIn, "complete": Complete, "check": Check, "bet": Bet, "call": Call, "raise": Raise,
          "fold": Fold}


class BettingError(ValueError):
    """A betting action that is not allowed now, with the reason."""


def start_round(street: int, size: Decimal, first: int, *, bring_in: bool = False) -> Betting:
    return Betting(street=street, size=size, to_act=first, bring_in=bring_in)


def options(b: Betting, seat: int, max_raises: int) -> list[str]:
    """The action names open to `seat` now (for buttons and for the random simulator)."""
    if b.to_act != seat:
        return []
    owed = b.level - b.put_by(seat)
    if b.bring_in and b.level == ZERO:
        return ["bring_in", "complete"]
    out = ["fold"]
    if owed == ZERO:
        out.append("check")
        if b.level == ZERO:
            out.append("bet")
        elif b.raises < max_raises + 1:
            out.append("raise")
    else:
        out.append("call")
        if b.bring_in and not b.completed:
            out.append("complete")
        elif b.raises < max_raises + 1:
            out.append("raise")
    return out


def cost(b: Betting, action: BetAction, bring_in_amount: Decimal, max_raises: int) -> tuple[Decimal, Betting]:
    """What `action` puts in and the round after it; raises BettingError in words if not allowed."""
    seat = action.seat
    if b.to_act is None:
        raise BettingError(f"the betting on street {b.street} is over")
    if b.to_act != seat:
        raise BettingError(f"it is seat {b.to_act}'s turn to act, not seat {seat}'s")
    put = b.put_by(seat)
    owed = b.level - put
    cap = max_raises + 1
    if b.bring_in and b.level == ZERO and not isinstance(action, (BringIn, Complete, AllIn)):
        raise BettingError(f"seat {seat} has the lowest card and must bring in ({fmt(bring_in_amount)}) "
                           f"or complete to {fmt(b.size)}")
    if isinstance(action, BringIn):
        if not (b.bring_in and b.level == ZERO):
            raise BettingError("the bring-in is only the first action on third street")
        return bring_in_amount, _after(b, seat, bring_in_amount, level=bring_in_amount)
    if isinstance(action, Complete):
        if not b.bring_in or b.completed:
            raise BettingError("there is no bring-in to complete")
        return b.size - put, _after(b, seat, b.size - put, level=b.size, raises=1, completed=True)
    if isinstance(action, Check):
        if owed > ZERO:
            raise BettingError(f"seat {seat} cannot check: {fmt(owed)} to call")
        return ZERO, _after(b, seat, ZERO)
    if isinstance(action, Bet):
        if b.level > ZERO:
            raise BettingError(f"there is already a bet of {fmt(b.level)}: call, raise or fold")
        _check_size(action.amount, b.size, "bet")
        return b.size, _after(b, seat, b.size, level=b.size, raises=1)
    if isinstance(action, Call):
        if owed == ZERO:
            raise BettingError(f"seat {seat} has nothing to call: check or bet")
        return owed, _after(b, seat, owed)
    if isinstance(action, Raise):
        if b.level == ZERO:
            raise BettingError("nothing to raise: bet instead")
        if b.bring_in and not b.completed:
            raise BettingError(f"the bring-in must be completed to {fmt(b.size)} before anyone raises")
        if b.raises >= cap:
            raise BettingError(f"the betting is capped at a bet and {max_raises} raises")
        _check_size(action.amount, b.size, "raise")
        level = b.level + b.size
        return level - put, _after(b, seat, level - put, level=level, raises=b.raises + 1)
    if isinstance(action, Fold):
        return ZERO, _after(b, seat, ZERO, fold=True)
    if isinstance(action, AllIn):
        level = max(b.level, put + action.amount)
        return action.amount, _after(b, seat, action.amount, level=level)
    raise BettingError(f"{action.type} is not a betting action")


def _check_size(amount: Decimal | None, size: Decimal, what: str) -> None:
    if amount is not None and amount != size:
        raise BettingError(f"this is fixed limit: a {what} is {fmt(size)} on this street, not {fmt(amount)}")


def _after(b: Betting, seat: int, paid: Decimal, *, level: Decimal | None = None, raises: int | None = None,
           completed: bool | None = None, fold: bool = False) -> Betting:
    put = dict(b.put)
    put[seat] = put.get(seat, ZERO) + paid
    new_level = b.level if level is None else level
    reopened = new_level > b.level
    # A raise re-opens the action: everyone else must act again.
    acted = frozenset({seat}) if reopened else b.acted | {seat}
    return evolve(b, put=tuple(sorted(put.items())), level=new_level,
                   raises=b.raises if raises is None else raises, acted=acted,
                   completed=b.completed if completed is None else completed)


def advance(b: Betting, order: tuple[int, ...], live: set[int], all_in: set[int]) -> Betting:
    """Move the turn to the next seat that still has to act; to_act None when the round is done."""
    can_act = [s for s in order if s in live and s not in all_in]
    if len(live) <= 1:
        return evolve(b, to_act=None)
    pending = [s for s in can_act if s not in b.acted or b.put_by(s) < b.level]
    if not pending or (len(can_act) == 1 and b.put_by(can_act[0]) >= b.level):
        return evolve(b, to_act=None)
    start = order.index(b.to_act) if b.to_act in order else -1
    for step in range(1, len(order) + 1):
        seat = order[(start + step) % len(order)]
        if seat in pending:
            return evolve(b, to_act=seat)
    return evolve(b, to_act=None)
