"""The pictures of docs/dashboard.md's "Playing Boonaken": a Boonaken night in Debian's Chromium
against the real app (the host on a 1280x800 laptop, the players on 390x844 phones), saved as
small JPEGs in docs/img/ by docs/screenshots.py's `save`.

    .venv/bin/python docs/screenshots_boonaken.py

A dev tool, not a test (tests/webui/test_boonaken_phone.py plays the same deal and checks it).
The host opens the night from the console's game picker; deal 1 is the one of
tests/webui/boonaken_kit.py (Ben declares 20 roem, Cleo challenges with an equal 20); the moves a
picture does not show go in-process from the referee's options, the pictured ones are pressed in
the browser. Then two deals that Cleo bids 100 and loses make her erin: she buys the drinks."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "webui"), str(ROOT / "docs")]

from boonaken_kit import BEN_DISCARDS, NAMES, first_deal_events, play_deal_out, submit  # noqa: E402
from browser_kit import CHROMIUM, PHONE  # noqa: E402
from playwright.sync_api import expect  # noqa: E402
from screenshots import IMG, LAPTOP, PIN, save, still, with_app  # noqa: E402


def seat_move(night, seat: int, action: str, **match) -> None:
    """Seat `seat`'s option of `action` whose event fields match, taken in-process."""
    from referee import engine
    option = next(o for o in engine.options(night.table.state, seat) if o.action == action
                  and all(getattr(o.event, k) == v or getattr(getattr(o.event, k), "code", None) == v
                          for k, v in match.items()))
    submit(night, option.event, f"seat {seat}")


def phone(browser, base: str, token: str):
    page = browser.new_context(**PHONE).new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{base}/join/{token}")
    return page


def height_to(page, selector: str) -> int:
    """The page's height down to the bottom of `selector` (and a margin)."""
    return int(page.evaluate(f"() => document.querySelector({selector!r}).getBoundingClientRect().bottom")) + 12


def top_of(page, height: int) -> bytes:
    return page.screenshot(clip={"x": 0, "y": 0, "width": PHONE["viewport"]["width"], "height": height})


def night(browser, base: str, app) -> None:
    n = app.extensions["croupier"]
    host = browser.new_context(**LAPTOP).new_page()
    host.set_default_timeout(10_000)
    host.goto(f"{base}/host")
    host.fill("#pin", PIN)
    host.click("#login button")
    host.select_option("#night-game", "boonaken")
    for seat, name in NAMES.items():
        host.fill(f"#night-seats input[data-seat='{seat}']", name)
    host.fill("#night-name", "Boonaken at Cleo's")
    host.locator("#night-form details summary").click()
    form = host.locator("#night-form")
    form.scroll_into_view_if_needed()
    still(host)
    save(form.screenshot(), "boonaken-host-start")
    host.locator("#night-form button[type=submit]").click()
    expect(host.locator("#bk-host")).to_be_visible()
    host.select_option("#hand-dealer", "1")
    host.locator("#hand-form button").click()
    expect(host.locator("#bk-host-deal")).to_contain_text("Ann deals")
    for e in first_deal_events():
        submit(n, e)
    tokens = {p["seat"]: p["token"] for p in n.players()}
    seat_move(n, 2, "bid", bid="30")
    for seat in (3, 4, 1):
        seat_move(n, seat, "bid", bid="pass")
    for code in BEN_DISCARDS:
        seat_move(n, 2, "discard", card=code)
    seat_move(n, 2, "trump", suit="S")
    ben, cleo = phone(browser, base, tokens[2]), phone(browser, base, tokens[3])
    ben.locator("#bets button[data-action='roem-20']").tap()
    expect(cleo.locator("#bk-roem")).to_contain_text("Ben declared 20 roem")
    expect(cleo.locator("#bets button[data-action='challenge-20']")).to_be_visible()
    still(cleo)
    save(top_of(cleo, height_to(cleo, "#bk-roem")), "boonaken-roem-challenge")
    cleo.locator("#bets button[data-action='challenge-20']").tap()
    expect(ben.locator("#bets button[data-action='roem_card-AH']")).to_be_visible()
    seat_move(n, 2, "roem_card", card="AH")
    seat_move(n, 3, "roem_card", card="QD")
    for seat, code in ((2, "AH"), (3, "AC"), (4, "JC"), (1, "9H")):
        seat_move(n, seat, "play", card=code)
    expect(ben.locator("#bk-ruling")).to_have_text("Ben's 20 roem stands")
    play_deal_out(n, declarer=2, start=False)      # Ben's 30 played out from here
    play_deal_out(n, declarer=3)
    play_deal_out(n, declarer=3)
    dev = phone(browser, base, tokens[4])
    expect(dev.locator("#bk-drinks")).to_be_visible()
    still(dev)
    save([top_of(dev, height_to(dev, "#bk-contract")), dev.locator("#bk-me-sheet").screenshot()], "boonaken-sheet")
    expect(host.locator("#bk-drinks")).to_be_visible()
    panel = host.locator("#bk-host")
    still(host)
    save(panel.screenshot(), "boonaken-host-sheet")


def main() -> None:
    IMG.mkdir(parents=True, exist_ok=True)
    with_app({"PUBLIC_URL": "http://192.168.1.20:8000"}, night)


if __name__ == "__main__":
    if CHROMIUM is None:
        sys.exit("Debian's chromium is needed: apt-get install chromium")
    main()
