"""Host endpoints for the camera: its status, the latest picture with the zones and cards drawn on
it, and the readings the camera was not sure of, which the host confirms, corrects or rejects.

Without a camera (`create_app` got none) the status says so, the list is empty, the picture is a
404 and answering a reading is a 409: the host enters cards by hand (`/api/host/card`).
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify

from ..camera import NO_CAMERA, no_camera_status
from ..night import Conflict
from ..security import ApiError, body, field, host_required, idempotent, key_for_store
from .api import card_field, night

bp = Blueprint("camera", __name__)


def camera():
    return current_app.extensions.get("croupier_camera")


def camera_status() -> dict:
    cam = camera()
    return cam.status() if cam is not None else no_camera_status()


@bp.get("/api/host/camera")
@host_required
def status():
    return jsonify(camera_status())


@bp.get("/api/host/camera/snapshot.jpg")
@host_required
def snapshot():
    cam = camera()
    if cam is None:
        raise ApiError(404, NO_CAMERA)
    data = cam.snapshot()
    if data is None:
        raise ApiError(404, "no picture from the camera yet")
    return Response(data, mimetype="image/jpeg", headers={"Cache-Control": "no-store"})


@bp.get("/api/host/camera/readings")
@host_required
def readings():
    cam = camera()
    return jsonify({"camera": cam is not None, "readings": cam.readings() if cam is not None else []})


def _answer(action: str):
    data = body()
    reading = field(data, "reading", "int", lo=1, hi=10**9)
    card = seat = None
    if action == "correct":
        card = card_field(data, "card").code
        seats = night().table.state.seats if night().table else ()
        seat = field(data, "seat", "int", required=False, choices=seats)
    elif action == "reject":
        field(data, "reason", "str", required=False, max_len=200)   # for the host's own words; checked only
    cam = camera()
    if cam is None:
        raise Conflict(f"{NO_CAMERA}: there are no camera readings to answer")
    if night().table is None or night().ended:
        raise Conflict("no night is running: start one before answering camera readings")
    return jsonify(cam.resolve(reading, action, key_for_store(), card=card, seat=seat))


@bp.post("/api/host/camera/confirm")
@host_required
@idempotent
def confirm():
    """The card as the camera read it (its best guess) is right."""
    return _answer("confirm")


@bp.post("/api/host/camera/correct")
@host_required
@idempotent
def correct():
    """The right card (`card`), and optionally whose it is (`seat`) when the camera could not tell."""
    return _answer("correct")


@bp.post("/api/host/camera/reject")
@host_required
@idempotent
def reject():
    """Nothing happened there (a reflection, a chip): the reading is dropped, nothing is recorded."""
    return _answer("reject")
