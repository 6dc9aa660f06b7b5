"""A phone's latency, measured for Bonnu's timed taps (webui/bonnu_timing.py): the phone times a few
round trips of `GET /api/seat/ping` on join (and again now and then), then sends them to
`POST /api/seat/latency`; half their median is the latency taken off each tap it makes. The host
console shows each phone's latency."""

from __future__ import annotations

from flask import Blueprint, g, jsonify

from ..security import bad, body, seat_required
from ..sse import Message
from .api import night

NOTICEABLE_MS = 5          # a latency that moved less than this is not news for the host console
MAX_RTT_MS = 5000          # a round trip longer than this is no measurement: the phone was asleep
MAX_SAMPLES = 10


def round_trips(data: dict) -> list[int]:
    """The `rtt_ms` list a phone sends, checked: 1 to 10 round trips, each 0 to 5000 ms."""
    samples = data.get("rtt_ms")
    if not isinstance(samples, list) or not 1 <= len(samples) <= MAX_SAMPLES or \
            any(isinstance(x, bool) or not isinstance(x, (int, float)) or not 0 <= x <= MAX_RTT_MS for x in samples):
        raise bad(f"field 'rtt_ms' must list 1 to {MAX_SAMPLES} round trips in milliseconds, each 0 to {MAX_RTT_MS}")
    return [round(x) for x in samples]

bp = Blueprint("timing", __name__)


@bp.get("/api/seat/ping")
@seat_required
def ping():
    """As little work as the server can do: the round trip is the network's, not ours."""
    resp = jsonify({"server_ms": night().clock.now_ms()})
    resp.headers["Cache-Control"] = "no-store"
    return resp


@bp.post("/api/seat/latency")
@seat_required
def latency():
    """`{"rtt_ms": [12, 15, 11]}`: this phone's round trips. Sent again it simply measures again
    (nothing is recorded in the log), so it needs no replay of its answer."""
    samples = round_trips(body())
    n = night()
    before = n.clock.latencies().get(g.seat)
    latency = n.clock.measured(g.seat, samples)
    if before is None or abs(before["latency_ms"] - latency) >= NOTICEABLE_MS:
        # the console shows it: the same nudge as a seat changing phones (no table state in it)
        n.broadcaster.publish(Message(None, "seats", {"seat": g.seat, "latency": True}))
    return jsonify({"seat": g.seat, "latency_ms": latency})
