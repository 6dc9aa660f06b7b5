"""Host endpoints: log in with the PIN, start a night, enter events by hand, undo, end the night,
and the seats' QR codes."""

from __future__ import annotations

import io
import time

import segno
from flask import Blueprint, Response, current_app, jsonify, request, session

from referee import registry
from referee.events import CardDealt, Decision, from_json

from ..security import (ApiError, bad, body, check_pin, field, host_required, idempotent, key_for_store)
from .api import card_field, night
from .camera import camera_status

bp = Blueprint("host", __name__)

MAX_FAILURES, WINDOW = 5, 60.0


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
    logins = current_app.extensions["croupier_logins"]
    now = time.monotonic()
    with logins["lock"]:
        logins["failures"] = [t for t in logins["failures"] if now - t < WINDOW]
        if len(logins["failures"]) >= MAX_FAILURES:
            raise ApiError(429, "too many wrong PINs: wait a minute and try again")
    data = body()
    pin = field(data, "pin", "str", max_len=32)
    if not check_pin(pin):
        with logins["lock"]:
            logins["failures"].append(now)
        raise ApiError(401, "wrong PIN")
    session["host"] = True
    session["host_epoch"] = current_app.config["HOST_EPOCH"]
    return jsonify({"host": True})


@bp.post("/api/host/logout")
def logout():
    session.pop("host", None)
    session.pop("host_epoch", None)
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
    return jsonify(night().undo(reason, key_for_store(), target))


@bp.post("/api/host/end")
@host_required
@idempotent
def end_night():
    return jsonify(night().end())
