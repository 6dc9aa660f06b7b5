"""The HTML pages. Each is a shell the page's script fills from `/state` and the live stream."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, session

from ..seats import in_use
from ..security import csrf_token, current_seat, device_id, is_host, seat_turned_away
from .api import night

bp = Blueprint("pages", __name__)


def page(template: str, name: str, **extra):
    return render_template(template, page=name, csrf=csrf_token(), host=is_host(), seat=current_seat(), **extra)


@bp.get("/")
def table():
    return page("table.html", "table")


@bp.get("/me")
def me():
    refused = seat_turned_away()
    if refused:
        return turned_away(refused)
    return page("me.html", "me")


def turned_away(sentence: str):
    return page("message.html", "me", title="Seat taken", message=sentence[0].upper() + sentence[1:] + "."), 403


@bp.get("/feed")
def feed():
    return page("feed.html", "feed")


@bp.get("/rules")
def rules():
    return page("rules.html", "rules")


@bp.get("/ledger")
def ledger():
    return page("ledger.html", "ledger")


@bp.get("/host")
def host():
    if not is_host():
        return page("login.html", "login")
    return page("host.html", "host")


@bp.get("/join/<token>")
def join(token: str):
    seat = night().seat_of_token(token)
    if seat is None:
        return page("message.html", "join", title="Not tonight's table",
                    message="This join link is not for tonight's table. Ask the host for a fresh QR code."), 404
    if not night().claim_seat(seat, device_id()):
        return turned_away(in_use(seat))
    session["seat_token"] = token
    session.permanent = True       # kept when the browser closes: the seat stays with this phone
    csrf_token()
    return redirect("/me", code=303)


@bp.get("/favicon.ico")
def favicon():
    return "", 204
