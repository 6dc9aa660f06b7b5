"""Helpers and fixtures for the dashboard tests (test_app*, test_fuzz*, test_browser*): an app on a temporary store, and clients that carry their CSRF
token and send an Idempotency-Key with every POST."""

from __future__ import annotations

import itertools
import json
import re

import pytest

PIN = "4321"
_keys = itertools.count(1)


class Phone:
    """A Flask test client that behaves like one browser: cookies, CSRF token, fresh keys."""

    def __init__(self, app) -> None:
        self.app = app
        self.c = app.test_client()
        html = self.c.get("/").get_data(as_text=True)
        self.csrf = re.search(r'name="csrf-token" content="([^"]+)"', html).group(1)

    def get(self, url, **kw):
        return self.c.get(url, **kw)

    def post(self, url, body=None, key=None, csrf=True, headers=None, **kw):
        h = {"Idempotency-Key": key or f"key-{next(_keys)}"}
        if csrf:
            h["X-CSRF-Token"] = self.csrf
        h.update(headers or {})
        if key is False:
            h.pop("Idempotency-Key")
        return self.c.post(url, json=body if body is not None else {}, headers=h, **kw)

    def login(self, pin=PIN):
        return self.post("/api/host/login", {"pin": pin})

    def join(self, token):
        r = self.c.get(f"/join/{token}")
        html = self.c.get("/me").get_data(as_text=True)
        self.csrf = re.search(r'name="csrf-token" content="([^"]+)"', html).group(1)
        return r


@pytest.fixture
def dash(tmp_path):
    from webui.app import create_app
    app = create_app({"DB": str(tmp_path / "night.db"), "PIN": PIN, "KEEPALIVE": 0.2, "TESTING": True})
    yield app
    app.extensions["croupier"].close()


@pytest.fixture
def dash_host(dash):
    h = Phone(dash)
    assert h.login().status_code == 200
    return h


def start_night(host, seats=(1, 2, 3), names=None, **extra):
    body = {"game": "bonedoneskis", "seats": list(seats),
            "names": names or {str(s): n for s, n in zip(seats, ("Ann", "Ben", "Cleo", "Dev"))}, **extra}
    r = host.post("/api/host/night", body)
    assert r.status_code == 200, r.get_json()
    return {p["seat"]: p["token"] for p in host.get("/api/host/state").get_json()["players"]}


# hand 1 up to seat 1's Black Jack: seat 1 must pay $2.50 or fold
BLACK_JACK_DEAL = [
    {"type": "hand_started", "hand": 1, "dealer": 3},
    *[{"type": "card_dealt", "seat": s, "card": c, "up": False}
      for s, c in ((1, "KH"), (2, "5S"), (3, "AH"), (1, "QD"), (2, "5C"), (3, "9C"))],
    {"type": "card_dealt", "seat": 2, "card": "TC", "up": True},
    {"type": "card_dealt", "seat": 3, "card": "KD", "up": True},
    {"type": "card_dealt", "seat": 1, "card": "JS", "up": True},
]


def deal(host, events=BLACK_JACK_DEAL):
    for e in events:
        r = host.post("/api/host/event", {"event": e})
        assert r.status_code == 200, (e, r.get_json())


def frames(chunks, n):
    """The first n SSE frames (comments included) as dicts: {"id", "event", "data", "comment"}.
    A frame may come in several writes (webui/sse.py keeps each under 8 KB): bytes are joined
    until a blank line ends the frame."""
    out, pending = [], b""
    for chunk in chunks:
        pending += chunk
        *blocks, pending = pending.split(b"\n\n")
        for block in blocks:
            if not block.strip():
                continue
            f = {}
            for line in block.decode().split("\n"):
                if line.startswith(":"):
                    f["comment"] = line[1:].strip()
                elif ": " in line:
                    k, v = line.split(": ", 1)
                    f[k] = json.loads(v) if k == "data" else v
            out.append(f)
            if len(out) >= n:
                return out
    return out
    return out


def phones_for(dash, tokens) -> dict[int, Phone]:
    """One joined phone per seat."""
    phones = {}
    for seat, token in tokens.items():
        phones[seat] = Phone(dash)
        phones[seat].join(token)
    return phones
