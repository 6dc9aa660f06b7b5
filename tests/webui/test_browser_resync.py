"""A phone whose stream cannot be told what it missed gets a small `snapshot` nudge and fetches the
feed itself (issue 19, defect 4: the feed no longer travels on the stream). Debian's Chromium."""

from __future__ import annotations

import pytest

from browser_kit import PHONE, host_console
from dashboard_kit import PIN, Phone, start_night


@pytest.fixture
def short_backlog(tmp_path):
    from webui.app import create_app
    app = create_app({"DB": str(tmp_path / "night.db"), "PIN": PIN, "KEEPALIVE": 0.2, "BACKLOG": 3})
    yield app
    app.extensions["croupier"].close()


def pay(host, n):
    for i in range(n):
        r = host.post("/api/host/event", {"event": {"type": "payment", "seat": 1, "amount": "0.01",
                                                   "memo": f"resync {i}"}})
        assert r.status_code == 200, r.get_json()


def test_a_phone_that_fell_behind_the_backlog_fetches_the_feed(short_backlog):
    host = Phone(short_backlog)
    assert host.login().status_code == 200
    start_night(host, seats=(1, 2, 3))
    assert host.post("/api/host/event", {"event": {"type": "hand_started", "hand": 1, "dealer": 3}}).status_code == 200
    with host_console(short_backlog) as (browser, _, base, errors):
        phone = browser.new_context(**PHONE).new_page()
        phone.on("pageerror", lambda e: errors.append(str(e)))
        phone.goto(f"{base}/feed")
        phone.wait_for_function("() => document.getElementById('live').textContent === 'live'")
        before = phone.evaluate("() => P.feed.size")
        phone.evaluate("() => C.live.source.close()")             # asleep: the stream is gone
        pay(host, 8)                                         # more than the backlog of 3 holds
        want = len(host.get("/api/feed").get_json())
        assert want >= before + 8
        phone.evaluate("() => C.live.connect()")                   # awake: ?last= an id the backlog lost
        phone.wait_for_function(f"() => P.feed.size >= {want}")
        assert "resync 7" in phone.inner_text("#feed")
        assert not errors, errors
