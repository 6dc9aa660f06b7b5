"""The dashboard in a real browser: Debian's Chromium driven by Playwright, phone viewport.

A player joins by their seat link, sees the Black Jack announcement arrive live, presses pay and
sees the pot change; the host undoes it from the host console and the phone shows the pot back.
A phone that sleeps (visibilitychange) reconnects and gets what it missed. Screenshots go to
artefacts/browser/ (gitignored). Chromium comes from `make test` (apt) -- never `playwright install`.
"""

from __future__ import annotations

import threading

import pytest

from browser_kit import (CHROMIUM, FLAGS, PHONE, host_console, playwright_api,  # noqa: F401
                         pytestmark, server_threads, shot)
from dashboard_kit import BLACK_JACK_DEAL, PIN


@pytest.fixture
def server(tmp_path):
    from waitress import create_server

    from referee.events import from_json
    from webui.app import create_app
    app = create_app({"DB": str(tmp_path / "browser.db"), "PIN": PIN, "KEEPALIVE": 5})
    night = app.extensions["croupier"]
    night.start("bonedoneskis", [1, 2, 3], {1: "Ann", 2: "Ben", 3: "Cleo"}, {}, "browser test night")
    for i, e in enumerate(BLACK_JACK_DEAL[:-1]):      # everything but seat 1's J♠
        night.submit(from_json(e), f"setup-{i}", "host")
    import warnings
    with warnings.catch_warnings():       # waitress 3: send_bytes is deprecated, but streaming needs it
        warnings.simplefilter("ignore", DeprecationWarning)
        srv = create_server(app, host="127.0.0.1", port=0, threads=server_threads(app), send_bytes=1)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    yield app, f"http://127.0.0.1:{srv.effective_port}"
    night.close()
    srv.close()


def test_join_watch_pay_undo_on_a_phone(server):
    from referee.events import from_json
    app, base = server
    night = app.extensions["croupier"]
    token = {p["seat"]: p["token"] for p in night.players()}[1]
    expect = playwright_api.expect
    with playwright_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            errors: list[str] = []
            phone = browser.new_context(**PHONE).new_page()
            phone.on("pageerror", lambda e: errors.append(str(e)))
            phone.set_default_timeout(10_000)
            phone.goto(f"{base}/join/{token}")
            assert phone.url.endswith("/me")
            expect(phone.locator("#me-title")).to_contain_text("Ann")
            expect(phone.locator("#live")).to_have_text("live")
            expect(phone.locator("#me-pot")).to_have_text("$1.50")

            # the camera (here: the host) sees the J♠ land face up in front of seat 1
            night.submit(from_json(BLACK_JACK_DEAL[-1]), "deal-js", "host")
            expect(phone.locator("#latest")).to_contain_text("Ann: pay $2.50 or fold")   # names, not seats
            pay = phone.locator("#decisions button[data-action=pay]")
            expect(pay).to_have_text("Pay $2.50 and stay in (the Jack turns wild)")   # the referee's option
            assert phone.locator("#decisions button").all_inner_texts() == \
                [o["text"] for o in night.seat_state(1)["options"]]        # one button per option
            shot(phone, "1-announcement-arrived")

            pay.tap()
            expect(phone.locator("#me-pot")).to_have_text("$4.00")
            expect(phone.locator("#balance")).to_have_text("-$3.00")
            expect(phone.locator("#decisions")).to_contain_text("Nothing asked of you")
            shot(phone, "2-paid")

            host = browser.new_context(**PHONE).new_page()
            host.set_default_timeout(10_000)
            host.goto(f"{base}/host")
            host.fill("#pin", PIN)
            host.click("#login button")
            latest = host.locator("#undo-list li").first          # the newest event first: seat 1's payment
            expect(latest).to_have_attribute("data-target", str(night.undo_target()[0]))
            assert night.undo_target()[1].type == "decision"
            host.fill("#undo-reason", "paid by mistake")
            paid = latest.get_attribute("data-target")
            latest.locator("button").click()
            expect(host.locator("#undo-list li").first).not_to_have_attribute("data-target", paid)
            assert night.undo_target()[1].type == "card_dealt"
            shot(host, "3-host-undid")

            expect(phone.locator("#me-pot")).to_have_text("$1.50")
            expect(phone.locator("#latest")).to_contain_text("Reason: paid by mistake")
            expect(phone.locator("#decisions button[data-action=pay]")).to_be_visible()
            shot(phone, "4-undone-on-phone")

            # the phone sleeps, something happens, the phone wakes: it reconnects and catches up
            phone.evaluate("""() => { Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});
                                      document.dispatchEvent(new Event('visibilitychange')); }""")
            expect(phone.locator("#live")).to_have_text("offline")
            pending = night.table.state.pending()[0].id
            night.submit(from_json({"type": "decision", "seat": 1, "rule": "black-jack", "choice": "pay",
                                    "decision": pending}), "paid-at-the-table", "host")
            phone.evaluate("""() => { Object.defineProperty(document, 'visibilityState', {value: 'visible', configurable: true});
                                      document.dispatchEvent(new Event('visibilitychange')); }""")
            expect(phone.locator("#live")).to_have_text("live")
            expect(phone.locator("#me-pot")).to_have_text("$4.00")
            shot(phone, "5-woke-up-caught-up")

            table = browser.new_context(**PHONE).new_page()
            table.goto(f"{base}/")
            expect(table.locator("#pot")).to_have_text("$4.00")
            expect(table.locator("[data-seat='1'] .playing").first).to_be_visible()
            assert "K♥" not in table.locator("#seats").inner_text()     # hole cards stay private
            shot(table, "6-table")
            assert not errors, errors
        finally:
            browser.close()


def test_host_starts_a_night_and_deals_by_hand(tmp_path):
    from webui.app import create_app
    app = create_app({"DB": str(tmp_path / "host.db"), "PIN": PIN, "KEEPALIVE": 5})
    expect = playwright_api.expect
    with host_console(app) as (browser, host, base, errors):
        expect(host.locator("#host-night")).to_contain_text("No night yet")
        expect(host.locator("#camera")).to_contain_text("no camera — enter cards by hand")
        assert host.locator("#camera-view").is_hidden()
        host.fill("#night-seats input[data-seat='1']", "Zoe")
        host.fill("#night-name", "Friday")
        host.click("#night-form button[type=submit]")
        expect(host.locator("#host-night")).to_contain_text("Friday")
        expect(host.locator("#players .player-row")).to_have_count(4)      # seats 1-4 by default
        expect(host.locator("#players")).to_contain_text("Seat 1: Zoe")
        expect(host.locator("#players img.qr")).to_have_count(0)     # one seat's QR code at a time, on tap
        host.click("#players button[data-action=show-qr-2]")
        expect(host.locator("#players img.qr")).to_have_count(1)
        expect(host.locator("#players img.qr")).to_have_attribute("alt", "QR code to join seat 2")
        host.click("#hand-form button")
        expect(host.locator("#host-night")).to_contain_text("hand 1")
        # the deals on offer are the referee's options: the first street's cards, face down, with names
        host.select_option("#card-option", "Deal Player 2 a card, face down (name it if you know it)")
        host.fill("#card-code", "9S")
        host.click("#card-form button")
        expect(host.locator("#host-night")).to_contain_text("9♠")       # the host sees every card
        shot(host, "7-host-started-a-night")
        table = browser.new_context(**PHONE).new_page()
        table.on("pageerror", lambda e: errors.append(str(e)))
        table.goto(f"{base}/")
        expect(table.locator("#pot")).to_have_text("$2.00")
        expect(table.locator("[data-seat='2'] .playing.down")).to_have_count(1)
        assert "9♠" not in table.locator("#seats").inner_text()       # a hole card stays its owner's


def test_host_confirms_a_camera_reading(tmp_path):
    """The camera panel: status line, the picture with its overlay, and a doubtful J♠ confirmed with
    one tap (a fake camera and scripted reads: see camera_kit.py)."""
    from camera_kit import DOUBTFUL_JACK, make_camera
    from referee.events import from_json
    from webui.app import create_app
    cam = make_camera(DOUBTFUL_JACK)
    app = create_app({"DB": str(tmp_path / "cam.db"), "PIN": PIN, "KEEPALIVE": 5}, camera=cam)
    night = app.extensions["croupier"]
    night.start("bonedoneskis", [1, 2, 3], {1: "Ann", 2: "Ben", 3: "Cleo"}, {}, "camera night")
    for i, e in enumerate(BLACK_JACK_DEAL[:-1]):
        night.submit(from_json(e), f"setup-{i}", "host")
    cam.start()
    assert cam.join(30)
    expect = playwright_api.expect
    try:
        with host_console(app) as (browser, host, base, errors):
            expect(host.locator("#camera")).to_contain_text("1 reading(s) to check")
            snapshot = host.locator("#camera-snapshot")
            expect(snapshot).to_be_visible()
            host.wait_for_function("() => document.getElementById('camera-snapshot').naturalWidth === 320")
            confirm = host.locator("#camera-readings .reading[data-reading='1'] button[data-action=confirm]")
            expect(confirm).to_have_text("Confirm J♠")
            expect(host.locator("#camera-readings")).to_contain_text("It is J♣")
            shot(host, "8-host-camera-reading")
            confirm.click()
            expect(host.locator("#camera-readings")).to_contain_text("None")
            expect(host.locator("#host-pending")).to_contain_text("Ann: pay $2.50 or fold")     # names, said once
            expect(host.locator("#camera")).not_to_contain_text("to check")
            shot(host, "9-host-camera-confirmed")
    finally:
        cam.stop()
