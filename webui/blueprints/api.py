"""Public and seat endpoints: the live stream, the state snapshot, rules, ledger, and a seat's own
actions (answer its pending decisions, bet, turn up or show its own cards)."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, g, jsonify, request

from referee.cards import CardError
from referee.events import (AllIn, Bet, BringIn, Call, CardExposed, Check, Complete, Decision, Fold, HandShown,
                            Raise, parse_any_card)
from referee.lookup import find_rules, rule_by_id, rule_card
from referee.ledger import balances_csv, ledger_csv
from referee.money import MoneyError, money

from .. import views
from ..security import ApiError, bad, body, field, idempotent, key_for_store, seat_required
from ..sse import TooManyStreams, parse_last_id

bp = Blueprint("api", __name__)

BETS = {"bring_in": BringIn, "complete": Complete, "check": Check, "bet": Bet, "call": Call, "raise": Raise,
        "fold": Fold}


def night():
    return current_app.extensions["croupier"]


def card_field(data: dict, name: str, required: bool = True):
    text = field(data, name, "str", required=required, max_len=12)
    if text is None:
        return None
    try:
        return parse_any_card(text)
    except (CardError, ValueError) as exc:
        raise bad(f"field {name!r}: {exc}") from None


# ------------------------------------------------------------------------- reading
@bp.get("/state")
def state():
    return jsonify(night().public_state())


@bp.get("/events")
def events():
    n = night()
    last = parse_last_id(request.headers.get("Last-Event-ID"), request.args.get("last"))
    try:
        stream = n.broadcaster.stream(last, n.snapshot_message, keepalive=float(current_app.config["KEEPALIVE"]))
    except TooManyStreams as exc:
        resp = jsonify({"error": f"too many live connections: {exc}", "status": 503})
        resp.status_code, resp.headers["Retry-After"] = 503, "5"
        return resp
    resp = Response(stream, mimetype="text/event-stream")   # no request context needed inside
    resp.headers["Cache-Control"] = "no-cache, no-transform"
    resp.headers["X-Accel-Buffering"] = "no"
    return resp


@bp.get("/api/feed")
def feed():
    return jsonify(views.feed(night(), limit=500))


@bp.get("/api/me")
@seat_required
def me():
    return jsonify(night().seat_state(g.seat))


@bp.get("/api/rules")
def rules():
    q = request.args.get("q", "")
    if len(q) > 100:
        raise bad("the search is too long (at most 100 characters)")
    game = request.args.get("game") or None
    found = find_rules(q, game=game) if q.strip() else _all_rules(game)
    return jsonify([rule_card(r) for r in found])


def _all_rules(game):
    from referee.lookup import all_rules
    return all_rules(game)


@bp.get("/api/rules/<rule_id>")
def rule(rule_id: str):
    r = rule_by_id(rule_id)
    if r is None:
        raise ApiError(404, f"no rule {rule_id!r}")
    return jsonify(rule_card(r))


@bp.get("/api/why/<int:announcement_id>")
def why(announcement_id: int):
    found = night().why(announcement_id)
    if found is None:
        raise ApiError(404, f"no announcement #{announcement_id} this night")
    return jsonify(found)


@bp.get("/api/ledger")
def ledger():
    return jsonify(night().ledger())


@bp.get("/ledger.csv")
def ledger_download():
    n = night()
    transfers = n.store.transfers(n.session_id) if n.session_id else []
    return Response(ledger_csv(transfers), mimetype="text/csv",
                    headers={"Content-Disposition": "attachment; filename=croupier-ledger.csv"})


@bp.get("/balances.csv")
def balances_download():
    n = night()
    data = n.ledger()
    net = {b["account"]: money(b["amount"]) for b in data["balances"] if b["account"].startswith("seat:")}
    names = {p["seat"]: p["name"] for p in n.players()}
    return Response(balances_csv(net, names), mimetype="text/csv",
                    headers={"Content-Disposition": "attachment; filename=croupier-balances.csv"})


@bp.get("/api/games")
def games():
    return jsonify(views.games())


# ------------------------------------------------------------------------- a seat acts
def _pending_for(decision_id: int, seat: int):
    table = night().table
    pending = next((p for p in (table.state.pending() if table else ()) if p.id == decision_id), None)
    if pending is None:
        raise ApiError(409, f"decision #{decision_id} is not open any more (answered or lapsed)")
    if pending.seat != seat:
        who = "the host" if pending.seat is None else f"seat {pending.seat}"
        raise ApiError(403, f"decision #{decision_id} is for {who}, not for you (seat {seat})")
    return pending


@bp.post("/api/seat/decision")
@seat_required
@idempotent
def decide():
    data = body()
    decision_id = field(data, "decision", "int", lo=1, hi=10**9)
    pending = _pending_for(decision_id, g.seat)
    choice = field(data, "choice", "str", max_len=40, choices=pending.choices or None)
    if not pending.choices:
        raise bad(f"decision #{decision_id} has no buttons: it is settled by the cards themselves")
    target = field(data, "target_seat", "int", required=False, lo=1, hi=99)
    card = card_field(data, "card", required=False)
    event = Decision(g.seat, pending.rule, choice, target, card, decision_id)
    return jsonify(night().submit(event, key_for_store(), f"seat {g.seat}"))


@bp.post("/api/seat/bet")
@seat_required
@idempotent
def bet():
    data = body()
    action = field(data, "action", "str", max_len=20, choices=tuple(BETS) + ("all_in",))
    mine = night().seat_state(g.seat)
    open_now = [b["action"] for b in mine["bets"]]
    if action != "all_in" and action not in open_now:
        if mine["bets_wait"]:
            raise ApiError(409, mine["bets_wait"])
        if not open_now:
            raise ApiError(409, "it is not your turn to bet")
        raise ApiError(409, f"you cannot {action} now; you may: {', '.join(open_now)}")
    if action == "all_in":
        try:
            amount = money(field(data, "amount", "str", max_len=12))
        except MoneyError as exc:
            raise bad(f"field 'amount': {exc}") from None
        if amount <= 0:
            raise bad("field 'amount' must be more than zero")
        event = AllIn(g.seat, amount)
    else:
        event = BETS[action](g.seat)
    return jsonify(night().submit(event, key_for_store(), f"seat {g.seat}"))


@bp.post("/api/seat/card")
@seat_required
@idempotent
def own_card():
    """Turn one of my hole cards up (Queen of Hearts, King's Men), or show my hole cards at showdown."""
    data = body()
    action = field(data, "action", "str", choices=("expose", "show"))
    mine = night().seat_state(g.seat)
    down = [c["code"] for c in mine["my_down"]]
    if action == "expose":
        card = card_field(data, "card")
        if card.code not in down:
            raise bad(f"you have no face-down {getattr(card, 'pretty', card.code)}")
        event = CardExposed(g.seat, card)
    else:
        if not down:
            raise ApiError(409, "the referee does not know your hole cards: the host enters them")
        event = HandShown(g.seat, tuple(parse_any_card(c) for c in down))
    return jsonify(night().submit(event, key_for_store(), f"seat {g.seat}"))
