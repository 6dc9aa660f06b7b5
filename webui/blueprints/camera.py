"""Host endpoints for the camera: its status, the latest picture with the zones and cards drawn on
it, the readings the camera was not sure of, which the host confirms, corrects or rejects, and the
observations the referee has not taken yet (held), which the host applies now or discards. And
for everyone: the picture behind an announcement the camera caused, as its viewer may see it.

Without a camera (`create_app` got none) the status says so, the list is empty, the picture is a
404 and answering a reading is a 409: the host enters cards by hand (`/api/host/card`).
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify

from referee.engine import HOST

from .. import evidence
from ..camera import NO_CAMERA, no_camera_status
from ..night import Conflict
from ..security import (ApiError, body, card_field, current_seat, field, host_required, idempotent, is_host,
                        key_for_store)
from .api import night

bp = Blueprint("camera", __name__)


def camera():
    return current_app.extensions.get("croupier_camera")


def camera_lock():
    """The camera's lock, which ranks above the night's: answering a reading takes it first."""
    cam = camera()
    return cam.lock if cam is not None else None


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
@idempotent(first=camera_lock)
def confirm():
    """The card as the camera read it (its best guess) is right."""
    return _answer("confirm")


@bp.post("/api/host/camera/correct")
@host_required
@idempotent(first=camera_lock)
def correct():
    """The right card (`card`), and optionally whose it is (`seat`) when the camera could not tell."""
    return _answer("correct")


@bp.post("/api/host/camera/reject")
@host_required
@idempotent(first=camera_lock)
def reject():
    """Nothing happened there (a reflection, a chip): the reading is dropped, nothing is recorded."""
    return _answer("reject")


# ------------------------------------------------------------------- held observations
@bp.get("/api/host/camera/refused")
@host_required
def held():
    """Every observation the referee has not taken yet, oldest first, each with its refusal."""
    cam = camera()
    return jsonify({"camera": cam is not None, "held": cam.held() if cam is not None else [],
                    "refusals": cam.status()["refusals"] if cam is not None else 0})


def _answer_held(held_id: int, action: str):
    body()                                   # checked like every POST body (a JSON object)
    cam = camera()
    if cam is None:
        raise Conflict(f"{NO_CAMERA}: nothing is held")
    if night().table is None or night().ended:
        raise Conflict("no night is running: start one before answering what the camera saw")
    return jsonify(cam.answer_held(held_id, action))


@bp.post("/api/host/camera/refused/<int:held_id>/apply")
@host_required
@idempotent(first=camera_lock)
def apply_held(held_id: int):
    """Offer this held observation to the referee now, ahead of those before it."""
    return _answer_held(held_id, "apply")


@bp.post("/api/host/camera/refused/<int:held_id>/discard")
@host_required
@idempotent(first=camera_lock)
def discard_held(held_id: int):
    """Drop it (nothing is recorded); what waited behind it is offered again."""
    return _answer_held(held_id, "discard")


# ---------------------------------------------------------------------------- evidence
@bp.get("/api/evidence/<int:announcement_id>.jpg")
def evidence_picture(announcement_id: int):
    """The crop of the frame behind announcement #id, for a viewer allowed to see its card."""
    n = night()
    with n.lock:
        row = evidence.for_announcement(n, announcement_id)
        if row is None:
            raise ApiError(404, f"no camera picture behind announcement #{announcement_id}")
        if not evidence.may_see(n, row, HOST if is_host() else current_seat()):
            raise ApiError(403, "this picture shows a face-down card: only its player and the host see it "
                                "until it is shown")
    return Response(row["jpeg"], mimetype="image/jpeg", headers={"Cache-Control": "private, no-store"})
