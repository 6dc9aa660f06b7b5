"""Host endpoints of "Teach it your deck" (webui/enrol_desk.py): the state (the frames taken, each
found card with its pre-filled read, the last fit's before/after), a card's picture, and the
host's moves: take a frame, start over, confirm the cards with the fixes. Host only: a phone
gets a 401 and changes nothing. Without a camera the state says so and the moves are 409s.
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify

from vision.enrol_confirm import ConfirmError

from ..enrol_desk import NO_DESK
from ..night import Conflict
from ..security import ApiError, body, host_required

bp = Blueprint("enrol", __name__)


def desk():
    d = current_app.extensions.get("croupier_enrol")
    if d is None:
        raise Conflict(NO_DESK)
    return d


def _answer(move):
    try:
        return jsonify(move())
    except ConfirmError as exc:  # the host's input or the frame must change: nothing was lost
        raise ApiError(400, str(exc)) from None


@bp.get("/api/host/enrol")
@host_required
def state():
    d = current_app.extensions.get("croupier_enrol")
    if d is None:
        return jsonify({"available": False, "message": NO_DESK})
    return jsonify(d.state())


@bp.get("/api/host/enrol/card/<int:number>.jpg")
@host_required
def card_picture(number: int):
    try:
        data = desk().crop_jpeg(number)
    except LookupError as exc:
        raise ApiError(404, str(exc)) from None
    return Response(data, mimetype="image/jpeg", headers={"Cache-Control": "private, no-store"})


@bp.post("/api/host/enrol/take")
@host_required
def take():
    body()
    return _answer(desk().take)


@bp.post("/api/host/enrol/clear")
@host_required
def clear():
    body()
    return _answer(desk().clear)


@bp.post("/api/host/enrol/confirm")
@host_required
def confirm():
    data = body()
    return _answer(lambda: desk().confirm(data.get("fixes", {})))
