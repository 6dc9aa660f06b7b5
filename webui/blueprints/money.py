"""Money and seats at the table, and the pages that look back on the night: the host records
buy-ins, rebuys and cash-outs, seats a late player (with a join link and QR like the others) and
sits a seat out or back in; anyone reads the hand history (as its own viewer may see it) and the
night's summary (JSON, a printable page and CSV); the host ticks each settle-up transfer paid.

Every change to the table is a referee event through `Night.submit` (refused in words, idempotent,
in the night's log: undo and replay treat it like a card), and its money goes through the ledger.
"""

from __future__ import annotations

from decimal import Decimal

from flask import Blueprint, Response, current_app, jsonify

from referee.engine import HOST
from referee.money import MoneyError, money
from referee.table_events import BuyIn, CashOut, SatIn, SatOut, SeatJoined

from .. import money_views
from ..security import ApiError, bad, body, current_seat, field, host_required, idempotent, is_host, key_for_store
from ..settle import PaidBook
from .api import night
from .host import join_url
from .pages import page

bp = Blueprint("money", __name__)
MOST = Decimal("100000.00")          # a home game's buy-in, with room: anything more is a typo


def paid_book() -> PaidBook:
    return current_app.extensions["croupier_paid"]      # made with the app (see create_app)


def _amount(data: dict, *, zero_ok: bool) -> Decimal:
    """The field 'amount' in dollars and cents: "20", "20.50", 20 or 20.5; a 400 in words otherwise."""
    value = data.get("amount")
    if value is None:
        raise bad("missing field 'amount' (in dollars, e.g. \"20\" or \"20.50\")")
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise bad("field 'amount' must be an amount of money such as \"20.50\"")
    try:
        amount = money(repr(value) if isinstance(value, float) else value)
    except MoneyError as exc:
        raise bad(f"field 'amount': {exc}") from None
    if amount < 0 or (amount == 0 and not zero_ok):
        raise bad(f"field 'amount' must be more than zero{' (or zero)' if zero_ok else ''}, got {amount}")
    if amount > MOST:
        raise bad(f"field 'amount' is more than {MOST}: is that a typo?")
    return amount


def _seat(data: dict) -> int:
    table = night().table
    return field(data, "seat", "int", choices=table.state.seats if table else ())


def _viewer():
    seat = current_seat()
    return seat if seat is not None else HOST if is_host() else None


# ------------------------------------------------------------------------- money in and out
def _money_moved(kind, *, zero_ok: bool):
    """Money to or from the bank for a seat (`kind`: BuyIn or CashOut), from `{seat, amount, memo?}`."""
    data = body()
    memo = field(data, "memo", "str", required=False, default="", max_len=80)
    event = kind(_seat(data), _amount(data, zero_ok=zero_ok), memo)
    return jsonify(night().submit(event, key_for_store(), "host"))


@bp.post("/api/host/buy-in")
@host_required
@idempotent
def buy_in():
    """A buy-in (or, for a seat that bought in already, a rebuy): `{seat, amount, memo?}`."""
    return _money_moved(BuyIn, zero_ok=False)


@bp.post("/api/host/cash-out")
@host_required
@idempotent
def cash_out():
    """The chips counted: `{seat, amount}`; a count other than the stack is announced and recorded."""
    return _money_moved(CashOut, zero_ok=True)


# ------------------------------------------------------------------------- seats
@bp.post("/api/host/seat/join")
@host_required
@idempotent
def join_late():
    """A late player: `{name, seat?}` (default: the lowest free seat). Dealt in from the next deal;
    the answer carries the seat's join link and QR like the seats of the start."""
    n = night()
    data = body()
    name = field(data, "name", "str", max_len=40) or ""
    seats = n.table.state.seats if n.table else ()
    seat = field(data, "seat", "int", required=False, lo=1, hi=99)
    if seat is None:
        seat = next(s for s in range(1, 100) if s not in seats)
    result = n.submit(SeatJoined(seat, name), key_for_store(), "host")
    player = next((p for p in n.players() if p["seat"] == seat), None)
    if player is None:        # a seat joined, undone and joined again keeps its first join link
        n.store.add_player(n.session_id, seat, name or f"Seat {seat}")
        player = next(p for p in n.players() if p["seat"] == seat)
    return jsonify({**result, "seat": seat, "name": player["name"], "join_url": join_url(player["token"]),
                    "qr": f"/qr/seat/{seat}.svg"})


@bp.post("/api/host/seat/out")
@host_required
@idempotent
def sit_out():
    return jsonify(night().submit(SatOut(_seat(body())), key_for_store(), "host"))


@bp.post("/api/host/seat/in")
@host_required
@idempotent
def sit_in():
    return jsonify(night().submit(SatIn(_seat(body())), key_for_store(), "host"))


# ------------------------------------------------------------------------- looking back
@bp.get("/api/history")
def history():
    n = night()
    with n.lock:
        return jsonify(money_views.history(n, _viewer()))


@bp.get("/history")
def history_page():
    return page("history.html", "history")


def _summary() -> dict:
    n = night()
    with n.lock:
        return money_views.summary(n, paid_book())


@bp.get("/api/summary")
def summary():
    return jsonify(_summary())


@bp.get("/summary")
def summary_page():
    return page("summary.html", "summary")


@bp.get("/summary.csv")
def summary_csv():
    return Response(money_views.summary_csv(_summary()), mimetype="text/csv",
                    headers={"Content-Disposition": "attachment; filename=croupier-summary.csv"})


@bp.post("/api/host/settle/paid")
@host_required
@idempotent
def settle_paid():
    """Tick one settle-up transfer paid (`paid: false` unticks it), named by `{from, to, amount}` or
    by its `index` in the settle-up as shown. Ticking it again changes nothing."""
    data = body()
    settle = _summary()["settle"]
    if not settle:
        raise ApiError(409, "there is nothing to settle now (nobody owes anybody, or money is still in a pot)")
    if data.get("index") is not None:
        index = field(data, "index", "int", lo=0, hi=len(settle) - 1)
        move = settle[index]
    else:
        payer, payee = field(data, "from", "str", max_len=40), field(data, "to", "str", max_len=40)
        amount = _amount(data, zero_ok=False)
        move = next((m for m in settle if (m["from"], m["to"], money(m["amount"])) == (payer, payee, amount)), None)
        if move is None:
            raise ApiError(409, f"no settle-up transfer of {amount} from {payer} to {payee} now")
    paid = field(data, "paid", "bool", required=False, default=True)
    n = night()
    changed = paid_book().mark(n.session_id, move["from"], move["to"], money(move["amount"]), paid)
    return jsonify({"index": move["index"], "from": move["from"], "to": move["to"], "amount": move["amount"],
                    "paid": paid, "recorded": changed})
