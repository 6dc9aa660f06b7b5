"""What every game takes besides its play: the table's money (buy-ins, rebuys, cash-outs) and its
seats (a late player joining, a seat sitting out and back in). `Game.apply` hands the events of
`table_events` here before it looks for a deal, so they work between hands and in every game.

Money moves between `BANK` (the cash the host holds) and a seat's account, both double entry, so a
seat's balance is its stack: buy-ins + rebuys + net from play - cash-outs. A seat that never buys in
keeps today's meaning: its balance is what it won or lost. How settle-up reads these accounts is in
docs/dashboard.md ("Money: buy-ins, cash-outs and settle-up").

Seats change from the next deal on: `Game.start_deal` deals every seat at the table that does not
sit out (a deal in progress keeps its order), so no game needs its own code for them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from .ledger import Transfer, balances, seat_account
from .money import ZERO, fmt
from .options import Option
from .table_events import BuyIn, CashOut, SatIn, SatOut, SeatJoined
from .work import Refusal, Work

if TYPE_CHECKING:
    from .game import Game
    from .state import State

BANK = "bank"                    # the cash the host holds for the chips on the table
MONEY_RULES = ("buy-in", "rebuy", "cash-out")


@dataclass(frozen=True)
class SeatMoney:
    """A seat's money for the night: what it brought, what it took away, and what is left."""
    seat: int
    buy_ins: Decimal = ZERO          # the buy-in and every rebuy together
    rebuys: int = 0
    cash_outs: Decimal = ZERO
    balance: Decimal = ZERO          # its account now: the stack, or (never bought in) its net

    @property
    def net(self) -> Decimal:
        """Won (+) or lost (-) tonight: what it took away and still holds, less what it brought."""
        return self.balance + self.cash_outs - self.buy_ins


def seat_money(transfers: Iterable[Transfer], seats: Iterable[int]) -> dict[int, SeatMoney]:
    """Each seat's buy-ins, rebuys, cash-outs and balance from the ledger's transfers (reversals
    included: a reversed buy-in nets out)."""
    transfers = tuple(transfers)
    net = balances(transfers)
    brought: dict[str, Decimal] = {}
    taken: dict[str, Decimal] = {}
    rebuys: dict[str, int] = {}
    for t in transfers:
        if t.rule in ("buy-in", "rebuy"):
            sign = 1 if t.payer == BANK else -1      # a reversal runs the other way
            account = t.payee if sign > 0 else t.payer
            brought[account] = brought.get(account, ZERO) + sign * t.amount
            if t.rule == "rebuy":
                rebuys[account] = rebuys.get(account, 0) + sign
        elif t.rule == "cash-out":
            sign = 1 if t.payee == BANK else -1
            account = t.payer if sign > 0 else t.payee
            taken[account] = taken.get(account, ZERO) + sign * t.amount
    out = {}
    for seat in seats:
        a = seat_account(seat)
        out[seat] = SeatMoney(seat, brought.get(a, ZERO), rebuys.get(a, 0), taken.get(a, ZERO), net.get(a, ZERO))
    return out


def stack(state: "State", seat: int) -> Decimal:
    """The seat's chips as the ledger says: buy-ins + rebuys + net from play - cash-outs."""
    return balances(state.transfer_list()).get(seat_account(seat), ZERO)


# ------------------------------------------------------------------------------- handlers
def _at_table(w: Work, seat: int) -> None:
    if seat not in w.state.seats:
        raise Refusal(f"seat {seat} is not at this table")


def _not_playing(w: Work, seat: int, what: str) -> None:
    """Money comes and goes between deals: a seat in a deal in progress waits for its end."""
    hand = w.hand
    if hand is not None and hand.phase != "over" and seat in hand.order:
        raise Refusal(f"seat {seat} is playing hand {hand.number}: {what} once it is over")


def buy_in(game: "Game", w: Work, event: BuyIn) -> None:
    _at_table(w, event.seat)
    _not_playing(w, event.seat, "buy in (or rebuy)")
    account = seat_account(event.seat)
    before = seat_money(w.state.transfer_list(), (event.seat,))[event.seat]
    rule = "rebuy" if before.buy_ins > ZERO else "buy-in"
    w.pay(BANK, account, event.amount, rule=rule, memo=event.memo or rule)
    what = "rebuys" if rule == "rebuy" else "buys in"
    w.say(f"Seat {event.seat} {what} for {fmt(event.amount)}: stack {fmt(before.balance + event.amount)}.",
          rule="buy-in", seats=(event.seat,), amount=event.amount)   # the rule card covers rebuys too


def cash_out(game: "Game", w: Work, event: CashOut) -> None:
    _at_table(w, event.seat)
    _not_playing(w, event.seat, "cash out")
    expected = stack(w.state, event.seat)
    counted = event.amount
    if counted == ZERO and expected == ZERO:
        raise Refusal(f"seat {event.seat} has nothing to cash out (its stack is {fmt(ZERO)})")
    if counted > ZERO:
        w.pay(seat_account(event.seat), BANK, counted, rule="cash-out", memo=event.memo or "cash-out")
    text = f"Seat {event.seat} cashes out {fmt(counted)}"
    if counted != expected:
        gap = counted - expected
        text += (f": counted {fmt(counted)}, the ledger expected {fmt(expected)} ({fmt(abs(gap))} "
                 f"{'over' if gap > 0 else 'short'}). Recorded as counted; the difference stays on seat "
                 f"{event.seat}'s account for settle-up")
    w.state.sitting_out = w.state.sitting_out | {event.seat}
    w.say(text + ", and sits out.", rule="cash-out", seats=(event.seat,), amount=counted)


def seat_joined(game: "Game", w: Work, event: SeatJoined) -> None:
    st = w.state
    if event.seat in st.seats:
        raise Refusal(f"seat {event.seat} is already at the table")
    most = game.max_seats(st.settings)
    if len(st.seats) >= most:
        raise Refusal(f"{game.name} seats at most {most}: the table is full")
    st.seats = tuple(sorted(st.seats + (event.seat,)))
    who = f" ({event.name})" if event.name else ""
    w.say(f"Seat {event.seat}{who} joins the table: dealt in from the next deal.", rule="sit-out",
          seats=(event.seat,))


def sat_out(game: "Game", w: Work, event: SatOut) -> None:
    _at_table(w, event.seat)
    if event.seat in w.state.sitting_out:
        raise Refusal(f"seat {event.seat} already sits out")
    w.state.sitting_out = w.state.sitting_out | {event.seat}
    hand = w.hand
    still = f" (it still plays hand {hand.number})" if hand is not None and hand.phase != "over" \
        and event.seat in hand.order else ""
    w.say(f"Seat {event.seat} sits out from the next deal{still}.", rule="sit-out", seats=(event.seat,))


def sat_in(game: "Game", w: Work, event: SatIn) -> None:
    _at_table(w, event.seat)
    if event.seat not in w.state.sitting_out:
        raise Refusal(f"seat {event.seat} does not sit out")
    w.state.sitting_out = w.state.sitting_out - {event.seat}
    w.say(f"Seat {event.seat} is dealt in again from the next deal.", rule="sit-out", seats=(event.seat,))


HANDLERS = {BuyIn: buy_in, CashOut: cash_out, SeatJoined: seat_joined, SatOut: sat_out, SatIn: sat_in}


def host_options(state: "State") -> list[Option]:
    """Between deals the host may sit any seat out, or back in (money needs an amount typed in:
    the dashboard's money endpoints take it, checked)."""
    return [Option("sit_in", None, f"Seat {s} sits in again", SatIn(s), rule="sit-out")
            if s in state.sitting_out else
            Option("sit_out", None, f"Seat {s} sits out", SatOut(s), rule="sit-out")
            for s in state.seats]
