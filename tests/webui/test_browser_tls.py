"""Issue 19, defect 9, in Chromium at a phone's size: the host console over `serve --tls` (the
self-signed certificate accepted, as a phone does after its warning) logs in, runs its scripts and
its live stream, and shows the certificate's fingerprint under the table's QR code."""

from __future__ import annotations

import pytest
from browser_kit import CHROMIUM, FLAGS, PHONE, playwright_api, shot
from tls_kit import PIN, Served

pytest.importorskip("cryptography")


def test_host_console_over_https_shows_the_fingerprint(tmp_path):
    server = Served(tmp_path / "night.db")
    errors: list[str] = []
    try:
        with playwright_api.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            try:
                host = browser.new_context(**PHONE, ignore_https_errors=True).new_page()
                host.on("pageerror", lambda e: errors.append(str(e)))
                host.set_default_timeout(10_000)
                host.goto(f"https://127.0.0.1:{server.port}/host")
                host.fill("#pin", PIN)
                host.click("#login button")
                host.wait_for_selector("#tls-fingerprint")
                assert server.fingerprint in host.inner_text("#tls-fingerprint")
                assert host.evaluate("location.protocol") == "https:"
                host.wait_for_function("() => document.querySelector('#host-night').innerText.indexOf('Loading') < 0")
                shot(host, "tls-host-fingerprint")
            finally:
                browser.close()
    finally:
        server.stop()
    assert not errors, errors
