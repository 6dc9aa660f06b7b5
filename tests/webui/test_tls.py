"""Issue 19, defect 9: `croupier serve --tls` answers over HTTPS with the self-signed certificate it
made at its first start (kept next to the store, the same one after a restart), shows its
fingerprint on the host page, sets Secure cookies, streams, and keeps the real client address
(the wrong-PIN lockout is per address behind the TLS front), and tells plain HTTP to use HTTPS."""

from __future__ import annotations

import hashlib
import http.client
import json

import pytest
from tls_kit import PIN, Browser, Served

pytest.importorskip("cryptography")      # serve --tls makes its certificate with it


@pytest.fixture
def served(tmp_path):
    server = Served(tmp_path / "night.db")
    yield server
    server.stop()


def test_serve_tls_answers_over_https_with_the_certificate_it_made(served, tmp_path):
    conn = served.connect()
    conn.request("GET", "/state")
    resp = conn.getresponse()
    assert resp.status == 200 and json.loads(resp.read())
    der = conn.sock.getpeercert(binary_form=True)
    conn.close()
    shown = ":".join(f"{b:02X}" for b in hashlib.sha256(der).digest())
    assert shown == served.fingerprint                 # the printed fingerprint is the served certificate's
    key = served.cert.with_name("night.db-tls-key.pem")
    assert key.stat().st_mode & 0o077 == 0             # the key is the owner's alone
    assert "https://127.0.0.1:" in served.printed


def test_the_host_page_shows_the_fingerprint_and_cookies_are_secure(served):
    host = Browser(served)
    resp, _ = host.post("/api/host/login", {"pin": PIN})
    assert resp.status == 200
    assert "Secure" in resp.getheader("Set-Cookie") and "HttpOnly" in resp.getheader("Set-Cookie")
    resp, html = host.get("/host")
    assert resp.status == 200 and served.fingerprint.encode() in html
    resp, _ = host.get("/state", headers={"Host": "rebound.example"})
    assert resp.status == 400                           # the Host check holds behind the TLS front too


def test_a_live_stream_flows_through_the_tls_front(served):
    conn = served.connect()
    conn.request("GET", "/events")
    resp = conn.getresponse()
    assert resp.status == 200 and resp.getheader("Content-Type").startswith("text/event-stream")
    first = resp.readline()                 # the first frame, through the chunked encoding
    assert first.startswith((b"retry:", b"id:", b"event:", b"data:", b":"))
    conn.close()


def test_plain_http_on_the_tls_port_is_told_to_use_https(served):
    conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=5)
    conn.request("GET", "/state")
    resp = conn.getresponse()
    assert resp.status == 400 and "speaks HTTPS" in resp.read().decode()
    conn.close()


def test_wrong_pins_count_per_real_address_behind_the_front(served):
    phone = Browser(served, source="127.0.0.2")        # another address on the loopback range
    for _ in range(5):
        assert phone.post("/api/host/login", {"pin": "0000"})[0].status == 401
    assert phone.post("/api/host/login", {"pin": PIN})[0].status == 429
    laptop = Browser(served)                           # 127.0.0.1: not locked out by the phone
    assert laptop.post("/api/host/login", {"pin": PIN})[0].status == 200


def test_the_certificate_is_reused_after_a_restart(tmp_path):
    first = Served(tmp_path / "night.db")
    made = first.fingerprint
    first.stop()
    again = Served(tmp_path / "night.db")
    try:
        assert again.fingerprint == made
        assert again.request("GET", "/state")[0].status == 200
    finally:
        again.stop()
