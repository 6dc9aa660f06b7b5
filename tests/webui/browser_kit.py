"""Shared pieces of the browser tests: Debian's Chromium driven by Playwright at a phone's size
(390x844), the app served by waitress on a free port, the host console logged in, and screenshots
kept under artefacts/browser/ (gitignored). Never `playwright install`: `make test` installs
Debian's chromium with apt, and without it these tests are skipped."""

from __future__ import annotations

import os
import shutil
import sys
import threading
from contextlib import contextmanager
from pathlib import Path

import pytest

from dashboard_kit import PIN

playwright_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = os.environ.get("CROUPIER_CHROMIUM") or shutil.which("chromium") or (
    "/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed "
                                "(make test installs it with apt-get install chromium)")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
ARTEFACTS = Path(__file__).resolve().parents[2] / "artefacts" / "browser"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


def phone_for(browser, base, token, errors):
    """A phone's page (390 x 844, touch) joined by its seat's token; its page errors go to `errors`."""
    page = browser.new_context(**PHONE).new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(10_000)
    page.goto(f"{base}/join/{token}")
    return page


def server_threads(app) -> int:
    """As `croupier serve` sizes its pool: a thread for every stream the app allows, and some left
    for requests. A page navigated away from holds its stream's thread until the next keepalive
    finds it gone, so a test that opens many pages fast must not run short of threads."""
    return int(app.config["MAX_STREAMS"]) + 8


def shot(page, name):
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / f"{name}.png"), full_page=True)


def docs_picture(page, name: str, top: str, bottom: str) -> None:
    """The page to artefacts/browser/; with CROUPIER_DOCS_IMG=1 also the part from the top
    of `top` to the bottom of `bottom` as docs/img/<name>.jpg (docs/screenshots.py's small JPEG)."""
    shot(page, name)
    if os.environ.get("CROUPIER_DOCS_IMG") == "1":
        sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "docs"))
        from screenshots import save, still
        still(page)
        where = "() => document.querySelector({!r}).getBoundingClientRect().{} + window.scrollY"
        y0, y1 = (page.evaluate(where.format(sel, edge)) for sel, edge in ((top, "top"), (bottom, "bottom")))
        save(page.screenshot(full_page=True, clip={"x": 0, "y": max(0, y0 - 8), "width": PHONE["viewport"]["width"],
                                                   "height": y1 - y0 + 20}), name)


@contextmanager
def host_console(app):
    """The app served on a free port, a Chromium, and the host console logged in with the PIN:
    yields (browser, host page, base url, page errors); no page may raise an error."""
    import warnings

    from waitress import create_server
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        srv = create_server(app, host="127.0.0.1", port=0, threads=server_threads(app), send_bytes=1)
    stopping = threading.Event()

    def serve():
        try:
            srv.run()
        except (OSError, ValueError):  # select() on the socket closed below, as the test ends
            if not stopping.is_set():
                raise

    server = threading.Thread(target=serve, daemon=True)
    server.start()
    base, errors = f"http://127.0.0.1:{srv.effective_port}", []
    try:
        with playwright_api.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            try:
                host = browser.new_context(**PHONE).new_page()
                host.on("pageerror", lambda e: errors.append(str(e)))
                host.set_default_timeout(10_000)
                host.goto(f"{base}/host")
                host.fill("#pin", PIN)
                host.click("#login button")
                yield browser, host, base, errors
            finally:
                browser.close()
    finally:
        app.extensions["croupier"].close()
        stopping.set()
        srv.close()
        server.join(timeout=1)
    assert not errors, errors


