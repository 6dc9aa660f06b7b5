"""A phone's latency, measured for Bonnu's timed taps (webui/bonnu_timing.py): the phone times a few
round trips of `GET /api/seat/ping` on join (and again now and then), then sends them to
`POST /api/seat/latency`; half their median is the latency taken off each tap it makes. The host
console shows each phone's latency.

`POST /api/seat/claim` is a Cut! or Bonnu! named by its cards (not by an option key: the key a
phone holds names the top card it saw, and the card the player claims on may not have reached the
referee yet). Stamped on receipt. With the camera running and the claim's cards not fitting the
referee's top card, the camera has not confirmed the card yet: the claim waits for it
(vision/phone_events.py), a 202, and goes in with its own stamp once the card is in, or to the host
after WAIT_MS; otherwise it goes to the referee now (a 409 in its words when refused). A seat claims
with its own cards only: what its hand is known to hold is checked first (`not_held`), a 409 before
anything is stamped or waits."""

from __future__ import annotations

from collections import Counter

from flask import Blueprint, current_app, g, jsonify

from referee.cards import BonnuCard, CardError
from referee.engine import view
from referee.games.bonnu.events import BonnuClaimed, CutLaid
from vision.phone_events import early

from ..night import Conflict
from ..security import bad, body, field, idempotent, key_for_store, seat_required
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


CLAIMS = {"cut": CutLaid, "bonnu": BonnuClaimed}


def _face(card: BonnuCard) -> tuple[str, int]:
    return card.colour, card.value


def not_held(kind: str, cards: tuple[BonnuCard, ...], mine: dict | None) -> str | None:
    """Why this seat cannot lay `cards` from the hand it is known to hold, or None. `mine` is the
    seat's row of its own Bonnu view: `cards`, how many it holds, and `hand`, the ones named so far.
    A card beyond the named ones must fit in the hand's unnamed cards; a Bonnu lays every named
    card. Only the seat's own hand is consulted: a refusal never tells a phone what another seat
    holds (with the hand unnamed, any cards may be named, and the referee or the host rules them)."""
    if mine is None or not mine["cards"]:
        return "this seat holds no cards in this round"
    if len(cards) > mine["cards"]:
        return f"your hand holds {mine['cards']} card(s), not {len(cards)}"
    # by face, not copy: no face shows which copy a 0..9 is, so a phone may name "red:7" for the
    # one the claim calls "red:7#1" (a hand named in part was refused the cards it holds)
    named = Counter(_face(BonnuCard.parse(c)) for c in mine.get("hand", ()))
    claimed = Counter(_face(c) for c in cards)
    beyond = claimed - named
    unnamed = mine["cards"] - sum(named.values())
    if sum(beyond.values()) > unnamed:
        missing = [c for c in cards if beyond[_face(c)]]
        return f"your hand does not hold {', '.join(dict.fromkeys(c.pretty for c in missing))}"
    if kind == "bonnu" and (named - claimed or len(cards) != mine["cards"]):
        return f"a Bonnu lays the whole hand: all {mine['cards']} of your cards"
    return None


@bp.post("/api/seat/claim")
@seat_required
@idempotent
def claim():
    """`{"claim": "cut" | "bonnu", "cards": ["yellow:3", "white:3"]}`: this seat's claim, stamped now.
    200: the referee has it (its answer); 202: it waits for the camera's card (`waits`, in words)."""
    data = body()
    kind = field(data, "claim", "str", choices=tuple(CLAIMS))
    named = field(data, "cards", "list")
    if not 1 <= len(named) <= 12:
        raise bad("field 'cards' must name 1 to 12 cards")
    try:
        cards = tuple(BonnuCard.parse(c) for c in named)
    except (CardError, AttributeError, TypeError) as exc:
        raise bad(f"field 'cards' must name Bonnu cards like red:7: {exc}") from None
    n = night()
    if n.table is None or n.table.state.game != "bonnu":
        raise Conflict("a Cut or Bonnu claim is made at a Bonnu table: none is running")
    seen = view(n.table.state, g.seat).get("bonnu") or {}
    refused = not_held(kind, cards, next((s for s in seen.get("seats", ()) if s["seat"] == g.seat), None))
    if refused:
        raise Conflict(refused)
    event = n.clock.stamp(CLAIMS[kind](g.seat, cards), g.seat)
    camera = current_app.extensions.get("croupier_camera")
    pipeline = getattr(camera, "pipeline", None)
    top = BonnuCard.parse(seen["top"]) if seen.get("top") else None  # (the seat's view shows the top card)
    if pipeline is not None and camera.running() and early(event, top):
        got = pipeline.phone.post(event, f"seat {g.seat}")
        if got != "closed":  # (closed: the camera stopped as this came in: the referee rules it now)
            return jsonify({"waits": True, "same_claim": got == "same claim",
                            "words": "that claim is one made already (a double tap)" if got == "same claim" else
                            "waiting for the camera to confirm the card it is about"}), 202
    return jsonify(n.submit(event, key_for_store(), f"seat {g.seat}"))
