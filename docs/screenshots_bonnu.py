"""The pictures of docs/dashboard.md's "Playing Bonnu": the play of tests/webui/test_bonnu_phone.py
(two phones Cut inside one window, the host's call, the ruling naming both times) in Debian's
Chromium against the real app (the host on a 1280x800 laptop, the players on 390x844 phones),
saved as small JPEGs in docs/img/ by docs/screenshots.py's `save`.

    .venv/bin/python docs/screenshots_bonnu.py

A dev tool, not a test: the test plays the same and checks it."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "webui"), str(ROOT / "docs")]

from browser_kit import CHROMIUM  # noqa: E402
from screenshots import IMG, LAPTOP, PIN, save, still, with_app  # noqa: E402
from screenshots_boonaken import height_to, top_of  # noqa: E402
from test_bonnu_phone import two_cuts_from_the_phones  # noqa: E402

# each picture: the top of the phone's page down to this part (the host's: this part alone)
CROP = {"bonnu-1-cut-buttons": "#bn-window", "bonnu-2-timed-ruling": "#bn-rulings", "bonnu-3-host-latency": "#bn-host"}


def picture(page, name: str) -> None:
    still(page)
    if name == "bonnu-3-host-latency":
        save(page.locator(CROP[name]).screenshot(), name)
    else:
        save(top_of(page, height_to(page, CROP[name])), name)


def night(browser, base: str, app) -> None:
    host = browser.new_context(**LAPTOP).new_page()
    host.set_default_timeout(10_000)
    host.goto(f"{base}/host")
    host.fill("#pin", PIN)
    host.click("#login button")
    errors: list[str] = []
    two_cuts_from_the_phones(browser, host, base, app.extensions["croupier"], errors, picture)
    assert not errors, errors


def main() -> None:
    IMG.mkdir(parents=True, exist_ok=True)
    with_app({"PUBLIC_URL": "http://192.168.1.20:8000"}, night)


if __name__ == "__main__":
    if CHROMIUM is None:
        sys.exit("Debian's chromium is needed: apt-get install chromium")
    main()
