"""Public and seat endpoints: the live stream, the state snapshot, rules, ledger, and a seat's own
actions (answer its pending decisions, bet, turn up or show its own cards).

What a request is shown is what its viewer may see: the phone's seat (its seat cookie), else the
public. A seat acts only through its options (`engine.options`): each endpoint finds the option
the phone pressed, fills in what the option needs, and sends its event through the referee."""

from __future__ import annotations

import dataclasses

from flask import Blueprint, Response, current_app, g, jsonify, request

from referee import engine
from referee.events import Decision
from referee.poker import betting
from referee.lookup import find_rules, rule_by_id, rule_card
from referee.ledger import balances_csv, ledger_csv
from referee.money import money

from .. import console, money_views, views
from .. import bonnu_views, boneyard_views, boonaken_views
from ..security import (ApiError, bad, body, card_field, current_seat, field, idempotent, key_for_store, seat_required,
                        stake_field)
from ..sse import TooManyStreams, parse_last_id

bp = Blueprint("api", __name__)

BETS = betting.EVENTS


def night():
    return current_app.extensions["croupier"]



# ------------------------------------------------------------------------- reading
@bp.get("/state")
def state():
    return jsonify(night().table_view(current_seat()))


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
    cards = [rule_card(r) for r in found]
    if money_views.is_charge_question(q):   # "why was I charged": this seat's charges first
        with night().lock:
            cards = money_views.charges(night(), current_seat()) + cards
    return jsonify(cards)


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
    found = night().why(announcement_id, current_seat())
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
def _offered(seat: int, match):
    """The first of the seat's options now that `match` accepts, or None."""
    table = night().table
    return next((o for o in engine.options(table.state, seat) if match(o)), None) if table else None


def _not_offered(event, fallback: str) -> ApiError:
    """A 409 in the referee's words when it would refuse `event`, else in ours."""
    table = night().table
    return ApiError(409, (table and engine.verify(table.state, event)) or fallback)


def _pending_for(decision_id: int, seat: int):
    table = night().table
    pending = next((p for p in (table.state.pending() if table else ()) if p.id == decision_id), None)
    if pending is None:
        raise ApiError(409, f"decision #{decision_id} is not open any more (answered or lapsed)")
    if not pending.answerable_by(seat):
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
    option = _offered(g.seat, lambda o: o.action == "decide" and o.decision == decision_id and o.event.choice == choice)
    if option is None:
        raise _not_offered(Decision(g.seat, pending.rule, choice, decision=decision_id), f"you cannot {choice} now")
    event = option.event
    if "target" in option.needs:
        # The referee judges the pick, in its words; a hole card the player may not see is named
        # by its seat only (card left out), as the pickers offer it.
        event = dataclasses.replace(event, target_seat=field(data, "target_seat", "int", lo=1, hi=99),
                                    card=card_field(data, "card", required=False))
    return jsonify(night().submit(event, key_for_store(), f"seat {g.seat}"))


@bp.post("/api/seat/bet")
@seat_required
@idempotent
def bet():
    data = body()
    action = field(data, "action", "str", max_len=20, choices=tuple(BETS) + ("all_in",))
    option = _offered(g.seat, lambda o: o.action == action)
    if option is None and action == "all_in":
        raise ApiError(409, "you cannot go all in now")
    if option is None:
        raise _not_offered(BETS[action](g.seat), "it is not your turn to bet")
    event = option.event
    if "amount" in option.needs:
        event = option.fill(amount=stake_field(data))
    return jsonify(night().submit(event, key_for_store(), f"seat {g.seat}"))


@bp.post("/api/seat/option")
@seat_required
@idempotent
def take_option():
    """One of this seat's own options by the key its page was given (`{"seat": N, "option": key}`,
    and `card` where the option needs one): Boonaken's bids, discards, trump, plays, roem and
    challenges; Boneyard euchre's Take It / Leave It, discard, trump, plays and modifier moves. The seat is the phone's own (its cookie): naming another seat, or the key of a
    move another seat is offered, is a 403 in words; a key no longer offered is a 409."""
    data = body()
    named_seat = field(data, "seat", "int", required=False, lo=1, hi=99)
    if named_seat is not None and named_seat != g.seat:
        raise ApiError(403, f"this phone is seat {g.seat}: seat {named_seat}'s moves are made on seat "
                            f"{named_seat}'s phone (or by the host)")
    key = field(data, "option", "str", max_len=40)
    table = night().table
    if table is None:
        raise ApiError(409, "no night is running yet: the host starts one on the host page")
    state = table.state
    mine = next((o for o in engine.options(state, g.seat) if console.option_key(o) == key), None)
    if mine is None:
        other = next((s for s in state.seats if s != g.seat
                      for o in engine.options(state, s) if console.option_key(o) == key), None)
        if other is not None:
            raise ApiError(403, f"that move is seat {other}'s, not yours (seat {g.seat}): "
                                f"a phone makes only its own seat's moves")
        mine = console.find_option(state, g.seat, key)    # raises: not a key (400), or no longer offered (409)
    if mine.action not in views.seat_actions(state.game):
        raise ApiError(409, f"{mine.label}: made at the table, not from the phone")
    bonnu = state.game == bonnu_views.GAME
    if set(mine.needs) - (bonnu_views.SEAT_NEEDS if bonnu else {"card"}):
        raise ApiError(409, f"{mine.label}: the host enters this one")
    if "card" in mine.needs and not (mine.action == "discard" and data.get("card") in (None, "")):
        card = card_field(data, "card")
        if bonnu:
            bonnu_views.check_card(card)
        elif state.game == boneyard_views.GAME:
            if card.code not in boneyard_views.PACK:
                raise bad(f"the {card.pretty} is not in the Boneyard pack (9 to ace and the joker): "
                          f"choose another card")
        elif card.code not in boonaken_views.PACK:
            raise bad(f"the {card.pretty} is not in the Boonaken pack (7 to ace): choose another card")
    event = console.fill(mine, data, state.seats)
    if bonnu:      # stamped as it is received, the phone's latency to take off (webui/bonnu_timing.py)
        event = night().clock.stamp(event, g.seat)
    return jsonify(night().submit(event, key_for_store(), f"seat {g.seat}"))


@bp.post("/api/seat/card")
@seat_required
@idempotent
def own_card():
    """Turn one of my hole cards up (Queen of Hearts, King's Men), or show my hole cards (at showdown,
    or after winning a hand nobody saw)."""
    data = body()
    action = field(data, "action", "str", choices=("expose", "show"))
    if action == "expose":
        card = card_field(data, "card")
        option = _offered(g.seat, lambda o: o.action == "expose" and o.event.card == card) or \
            _offered(g.seat, lambda o: o.action == "expose" and "card" in o.needs)
        if option is None:
            raise ApiError(409, f"you are not asked to turn up the {getattr(card, 'pretty', card.code)}")
        event = option.fill(card=card) if "card" in option.needs else option.event
    else:
        option = _offered(g.seat, lambda o: o.action == "show")
        if option is None:
            raise ApiError(409, "you have nothing to show now")
        event = option.event
        if "cards" in option.needs:
            named = field(data, "cards", "list")
            if not 1 <= len(named) <= 12:
                raise bad("field 'cards' must name 1 to 12 cards")
            event = option.fill(cards=tuple(card_field({"card": c}, "card") for c in named))
    return jsonify(night().submit(event, key_for_store(), f"seat {g.seat}"))
