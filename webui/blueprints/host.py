"""Host endpoints: log in with the PIN, start a night, enter events by hand, undo, end the night,
and the seats' QR codes."""

from __future__ import annotations

import io
import time

import segno
from flask import Blueprint, Response, current_app, g, jsonify, request, session

from referee import registry
from referee.engine import HOST, Refusal
from referee.events import CardDealt, Decision, from_json

from .. import bonnu_views, console
from ..night import Conflict
from ..playing import Secrecy, playing_seat
from ..security import (ApiError, bad, body, card_field, check_pin, field, host_epoch, host_required, idempotent,
                        key_for_store, login_client)
from .api import night
from .camera import camera_status

bp = Blueprint("host", __name__)

def public_url() -> str:
    return (current_app.config.get("PUBLIC_URL") or request.host_url).rstrip("/")


def join_url(token: str) -> str:
    return f"{public_url()}/join/{token}"


def qr_svg(text: str) -> bytes:
    """A standalone SVG (with its namespace, so it works as an <img>) of a QR code for `text`."""
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=5, border=2, dark="#111", light="#fff")
    return out.getvalue()


# ------------------------------------------------------------------------- login
@bp.post("/api/host/login")
def login():
    """The PIN, counted per client: five wrong ones in a minute make that client (its device and
    its address) wait, not the host on another (webui/host_sessions.py)."""
    hosts = current_app.extensions["croupier_hosts"]
    client = login_client()
    wait = hosts.wait_seconds(client)
    if wait:
        raise ApiError(429, f"too many wrong PINs from this device: wait {wait} s and try again "
                            "(or, on the laptop, run `croupier host-reset`)")
    data = body()
    pin = field(data, "pin", "str", max_len=32)
    if not check_pin(pin):
        hosts.failed(client)
        raise ApiError(401, "wrong PIN")
    hosts.clear_failures(client)
    hosts.revoke(session.get("host_sid"))      # a fresh session id at each login
    session["host"] = True
    session["host_epoch"] = host_epoch()
    session["host_sid"] = hosts.open()
    g.pop("is_host", None)
    return jsonify({"host": True})


@bp.post("/api/host/logout")
def logout():
    """Revoked server-side: a copy of this cookie taken before is refused from now on."""
    current_app.extensions["croupier_hosts"].revoke(session.get("host_sid"))
    for name in ("host", "host_epoch", "host_sid"):
        session.pop(name, None)
    g.pop("is_host", None)
    return jsonify({"host": False})


# ------------------------------------------------------------------------- reading
@bp.get("/api/host/state")
@host_required
def host_state():
    view = night().host_state()
    for p in view["players"]:
        p["join_url"] = join_url(p["token"])
        p["claim"] = night().seat_claim(p["seat"])     # which seats a phone holds, since when
    view["url"] = public_url()
    view["camera"] = camera_status()      # outside the night's lock: the camera's lock comes first
    return jsonify(view)


@bp.get("/qr/seat/<int:seat>.svg")
@host_required
def seat_qr(seat: int):
    player = next((p for p in night().players() if p["seat"] == seat), None)
    if player is None:
        raise ApiError(404, f"nobody sits at seat {seat} tonight")
    return Response(qr_svg(join_url(player["token"])), mimetype="image/svg+xml",
                    headers={"Cache-Control": "no-store"})


@bp.get("/qr/table.svg")
def table_qr():
    return Response(qr_svg(public_url() + "/"), mimetype="image/svg+xml")


# ------------------------------------------------------------------------- changing
@bp.post("/api/host/night")
@host_required
@idempotent
def start_night():
    data = body()
    game = field(data, "game", "str", choices=tuple(registry.games()))
    seats = field(data, "seats", "list")
    if not 2 <= len(seats) <= 12:
        raise bad("field 'seats' must list 2 to 12 seat numbers")
    if any(isinstance(s, bool) or not isinstance(s, int) or not 1 <= s <= 99 for s in seats):
        raise bad("field 'seats' must hold whole seat numbers from 1 to 99")
    if len(set(seats)) != len(seats):
        raise bad("field 'seats' lists a seat twice")
    raw_names = field(data, "names", "dict", required=False, default={})
    names: dict[int, str] = {}
    for k, v in raw_names.items():
        if not (isinstance(k, str) and k.isdigit() and int(k) in seats):
            raise bad(f"field 'names': {k!r} is not one of the seats")
        names[int(k)] = field({"name": v}, "name", "str", max_len=40)
    settings = field(data, "settings", "dict", required=False, default={})
    if len(settings) > 40 or any(not isinstance(v, (str, int, float, bool)) for v in settings.values()):
        raise bad("field 'settings' must map setting names to plain values")
    name = field(data, "name", "str", required=False, default="", max_len=60) or time.strftime("night of %Y-%m-%d")
    try:
        result = night().start(game, sorted(seats), names, settings, name)
    except ValueError as exc:        # Refusal, SettingsError: bad settings in words
        raise bad(f"cannot start the night: {exc}") from None
    return jsonify(result)


@bp.post("/api/host/event")
@host_required
@idempotent
def enter_event():
    """Any event, as the referee's JSON (`{"event": {"type": "card_dealt", ...}}`): the host's way
    to correct or enter what the camera did not see, bets for a seat, or a host decision."""
    data = body()
    raw = field(data, "event", "dict")
    event = from_json(raw)             # EventError -> 400 with what is wrong
    return jsonify(night().submit(event, key_for_store(), "host"))


def _table():
    table = night().table
    if table is None:
        raise ApiError(409, "no night is running yet: the host starts one on the host page")
    return table


@bp.post("/api/host/option")
@host_required
@idempotent
def take_option():
    """One of the referee's options, by the key the console was given (`{"seat": null or N,
    "option": key}`) and what it needs: `target_seat`/`card` for a pick, `card` for a deal,
    `cards`, `amount`, `dealer` for a hand started from another seat. No event JSON."""
    data = body()
    state = _table().state
    seat = field(data, "seat", "int", required=False, choices=state.seats)
    option = console.find_option(state, seat, field(data, "option", "str", max_len=40))
    playing = playing_seat(night())
    refused = Secrecy(state, HOST if playing is None else playing).refuses(option)
    if refused:
        raise ApiError(409, refused)
    event = console.fill(option, data, state.seats)
    if state.game == bonnu_views.GAME:      # the host's entry is stamped as it is received, nothing to take off
        event = night().clock.stamp(event, None)
    return jsonify(night().submit(event, key_for_store(), "host" if seat is None else f"host for seat {seat}"))


@bp.post("/api/host/street")
@host_required
@idempotent
def deal_street():
    """A whole round of cards in one form: `{"cards": [{"seat": N, "card": "9D" or null}, ...]}` in
    deal order, each dealt as its own event through the deal the referee offers that seat. It stops
    at the first one refused (a 409 with its words); the ones before it stay dealt."""
    data = body()
    rows = field(data, "cards", "list")
    if not 1 <= len(rows) <= 12 or not all(isinstance(r, dict) for r in rows):
        raise bad("field 'cards' must list 1 to 12 objects like {\"seat\": 1, \"card\": \"9D\"}")
    seats = _table().state.seats
    for row in rows:                          # every row well formed before the first card is dealt
        field(row, "seat", "int", choices=seats)
        card_field(row, "card", required=False)
    done = []
    for i, row in enumerate(rows):
        table, seat = _table(), row["seat"]
        key = f"{key_for_store()}:{i}"
        if table.recorded(f"web:{key}"):       # dealt by this same request before (a retry after a restart)
            done.append({"seat": seat, "recorded": False})
            continue
        option = console.deal_option(table.state, seat)
        try:
            if option is None:
                raise ApiError(409, f"seat {seat} is not due a card now")
            result = night().submit(console.fill(option, row, seats), key, "host")
        except (ApiError, Refusal, Conflict) as exc:
            words = exc.message if isinstance(exc, ApiError) else f"refused: {exc}" if isinstance(exc, Refusal) \
                else str(exc)
            dealt = f" ({len(done)} dealt before it stay dealt)" if done else ""
            resp = jsonify({"error": f"card {i + 1} (seat {seat}): {words}{dealt}", "status": 409,
                            "dealt": done, "stopped_at": i})
            resp.status_code = 409
            return resp
        done.append({"seat": seat, **result})
    return jsonify({"dealt": done, "announcements": [a for d in done for a in d.get("announcements", ())]})


@bp.post("/api/host/correct")
@host_required
@idempotent
def correct_card():
    """"Correct this card": `{"seat", "card" (null: an unnamed face-down card), "what": identity
    (with "to") | turn_up | turn_down | move (with "to_seat") | swap (with "to_seat", "with_card") |
    discard, "reason"}`, announced to everyone with its reason (rule "correction")."""
    data = body()
    event = console.correction(data, _table().state.seats)
    return jsonify(night().submit(event, key_for_store(), "host"))


@bp.post("/api/host/card")
@host_required
@idempotent
def enter_card():
    data = body()
    seats = night().table.state.seats if night().table else ()
    seat = field(data, "seat", "int", choices=seats)
    card = card_field(data, "card")
    up = field(data, "up", "bool", required=False, default=True)
    street = field(data, "street", "int", required=False, lo=1, hi=12)
    return jsonify(night().submit(CardDealt(seat, card, up, street), key_for_store(), "host"))


@bp.post("/api/host/decision")
@host_required
@idempotent
def host_decision():
    """Answer a decision the referee asks of the host (seat None), or of a seat on its behalf."""
    data = body()
    decision_id = field(data, "decision", "int", lo=1, hi=10**9)
    table = night().table
    pending = next((p for p in (table.state.pending() if table else ()) if p.id == decision_id), None)
    if pending is None:
        raise ApiError(409, f"decision #{decision_id} is not open any more (answered or lapsed)")
    choice = field(data, "choice", "str", max_len=40, choices=pending.choices or None)
    if not pending.choices:
        raise bad(f"decision #{decision_id} has no buttons: it is settled by the cards themselves")
    target = field(data, "target_seat", "int", required=False, lo=1, hi=99)
    card = card_field(data, "card", required=False)
    event = Decision(pending.seat, pending.rule, choice, target, card, decision_id)
    return jsonify(night().submit(event, key_for_store(), "host"))


@bp.post("/api/host/undo")
@host_required
@idempotent
def undo():
    data = body()
    reason = field(data, "reason", "str", max_len=200)
    if not reason:
        raise bad("say why (field 'reason'): it goes in the ledger next to the reversing entry")
    target = field(data, "target", "int", required=False, lo=1, hi=10**9)
    latest = field(data, "latest", "bool", required=False, default=False)
    if target is None and not latest:
        raise bad("say which event to undo: field 'target' (its number in the undo list), "
                  "or 'latest': true for whatever is latest when this lands")
    return jsonify(night().undo(reason, key_for_store(), target, latest=latest))


@bp.post("/api/host/end")
@host_required
@idempotent
def end_night():
    return jsonify(night().end())
