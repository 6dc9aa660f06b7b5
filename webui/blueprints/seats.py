"""Host endpoints for the seats and the host's own place at the table: hand a seat over to
another phone (`webui/seats.py`), and playing-host mode (`webui/playing.py`), whose last net
hides, in every JSON answer of `/api/host/...`, the hole cards the playing host may not see."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify, request

from referee.engine import HOST

from ..night import Conflict
from ..playing import Secrecy, playing_seat, set_playing
from ..security import ApiError, body, field, host_required, idempotent
from .api import night

bp = Blueprint("seats", __name__)


def _seats() -> tuple[int, ...]:
    n = night()
    if n.table is None:
        raise Conflict("no night is running yet: the host starts one on the host page")
    return tuple(p["seat"] for p in n.players())


@bp.post("/api/host/seat/reset")
@host_required
@idempotent
def reset_seat():
    """Free a seat for the next phone that joins (a player changed phones, or the wrong phone took
    it); its old phone loses it. Freeing a free seat is the same answer."""
    seat = field(body(), "seat", "int", choices=_seats())
    return jsonify(night().reset_seat(seat))


@bp.post("/api/host/playing")
@host_required
@idempotent
def playing():
    """The host plays at `seat` (the console hides the hole cards that seat may not see), or, with
    `seat: null`, does not play (the console shows every card)."""
    data = body()
    seats = _seats()
    seat = field(data, "seat", "int", required=False, choices=seats)
    if "seat" not in data:
        raise ApiError(400, "missing field 'seat': the seat you play at, or null when you do not play")
    n = night()
    with n.lock:
        set_playing(n, seat)
    return jsonify({"playing": seat})


@bp.after_app_request
def hide_hole_cards(resp):
    """The host console is sent no card its view hides: a playing host's, none its seat would not
    see; any host's, none the HOST view leaves out (Bonnu's hands). Every JSON answer under
    /api/host/ is scrubbed (views.host_state has cut its cards already)."""
    if not request.path.startswith("/api/host/") or resp.direct_passthrough or not resp.is_json:
        return resp
    n = current_app.extensions["croupier"]
    with n.lock:
        if n.table is None:
            return resp
        seat = playing_seat(n)
        secrecy = Secrecy(n.table.state, HOST if seat is None else seat)
    if not secrecy.hidden:
        return resp
    data = resp.get_json(silent=True)
    if data is not None:
        resp.set_data(current_app.json.dumps(secrecy.scrub(data)))
    return resp
