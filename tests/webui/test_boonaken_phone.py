"""A Boonaken deal played from four phones in Debian's Chromium (390x844): Ben bids 30 with the
number picker while the others pass, discards four cards and names trump, declares 20 roem;
Cleo challenges with an equal 20; both name their highest roem card; once the first trick is
complete every phone shows the ruling. The host starts the night from the console's game picker
(its settings explained), and the sheet with "who buys the drinks" reaches every phone.
Screenshots go to artefacts/browser/ (docs/screenshots_boonaken.py makes the docs' pictures)."""

from __future__ import annotations

import pytest

from boonaken_kit import HANDS, NAMES, first_deal_events, play_deal_out, start_option, submit
from browser_kit import PHONE, host_console, phone_for, playwright_api, pytestmark, shot  # noqa: F401
from dashboard_kit import PIN


@pytest.fixture
def app(tmp_path):
    from webui.app import create_app
    return create_app({"DB": str(tmp_path / "boonaken.db"), "PIN": PIN, "KEEPALIVE": 5})


def press(page, action):
    page.locator(f"#bets button[data-action='{action}']").tap()


def test_a_roem_challenge_played_from_the_phones(app):
    expect = playwright_api.expect
    night = app.extensions["croupier"]
    with host_console(app) as (browser, host, base, errors):
        # the host picks Boonaken: its settings are explained in the form, then the night opens
        host.select_option("#night-game", "boonaken")
        host.locator("#night-form details summary").click()
        expect(host.locator("#night-settings [data-name=scoring]")).to_contain_text("How the loser is found")
        expect(host.locator("#night-settings [data-name=scoring] select option").first).to_contain_text("plus and minus marks")
        for seat, name in NAMES.items():
            host.fill(f"#night-seats input[data-seat='{seat}']", name)
        host.locator("#night-form button[type=submit]").click()
        expect(host.locator("#bk-host")).to_be_visible()
        expect(host.locator("#bk-host-sheet")).to_contain_text("Game 1 · plus and minus marks")   # empty until the first deal
        host.select_option("#hand-dealer", "1")
        host.locator("#hand-form button").click()
        expect(host.locator("#bk-host-deal")).to_contain_text("Deal 1 (game 1): Ann deals, Dev cuts")
        expect(host.locator("#bk-host-sheet th[data-seat='3']")).to_contain_text("Cleo")
        # the host enters a first round of cards and a face-up centre card on the console, the rest in-process
        firsts = {seat: hand.split()[0] for seat, hand in HANDS.items()}
        for seat, code in firsts.items():
            host.fill(f"#street-cards input[data-seat='{seat}']", code)
        host.locator("#street-form button[type=submit]").click()
        expect(host.locator("#bk-host-deal")).to_contain_text("Cleo: Q♦")
        host.select_option("#card-option", label="Centre card face up")
        host.fill("#card-code", "TS")
        host.locator("#card-form button[type=submit]").click()
        expect(host.locator("#bk-host-deal")).to_contain_text("10♠")
        for e in first_deal_events():
            if e.card.code not in (*firsts.values(), "TS"):
                submit(night, e)
        tokens = {p["seat"]: p["token"] for p in night.players()}
        phones = {s: phone_for(browser, base, tokens[s], errors) for s in NAMES}
        ben, cleo = phones[2], phones[3]
        expect(ben.locator("#my-cards")).to_contain_text("A♥")
        expect(ben.locator("#bk-me-deal")).to_contain_text("Now: Ben to bid")
        expect(ben.locator("#money-line")).to_be_hidden()
        assert ben.locator("#bets select.bk-number option").count() > 20          # one select, not 80 buttons
        ben.select_option("#bets select.bk-number", "30")
        press(ben, "bid-number")
        for seat in (3, 4, 1):
            expect(phones[seat].locator("#bets button[data-action='bid-pass']")).to_be_visible()
            press(phones[seat], "bid-pass")
        expect(ben.locator("#bk-me-deal")).to_contain_text("Ben plays 30")
        for code in ("JH", "7H", "9D", "9C"):
            press(ben, f"discard-{code}")
            expect(ben.locator(f"#bets button[data-action='discard-{code}']")).to_have_count(0)
        press(ben, "trump-S")
        expect(cleo.locator("#bk-me-deal")).to_contain_text("Ben plays 30, trump ♠ spades")
        press(ben, "roem-20")
        expect(cleo.locator("#bk-roem")).to_contain_text("Ben declared 20 roem")
        press(cleo, "challenge-20")
        expect(ben.locator("#bk-roem")).to_contain_text("Cleo challenges with 20 roem")
        press(ben, "roem_card-AH")
        press(cleo, "roem_card-QD")
        expect(cleo.locator("#bk-roem")).to_contain_text("Cleo names the Q♦")
        shot(cleo, "boonaken-1-roem-challenge")
        for seat, code in ((2, "AH"), (3, "AC"), (4, "JC"), (1, "9H")):
            expect(phones[seat].locator(f"#bets button[data-action='play-{code}']")).to_be_visible()
            press(phones[seat], f"play-{code}")
        for page in phones.values():
            expect(page.locator("#bk-ruling")).to_have_text("Ben's 20 roem stands")
        table = browser.new_context(**PHONE).new_page()
        table.goto(f"{base}/")
        expect(table.locator("#bk-ruling")).to_have_text("Ben's 20 roem stands")
        expect(table.locator("#money")).to_be_hidden()
        shot(ben, "boonaken-2-ruling")
        shot(table, "boonaken-2-table")
        for page in (ben, table, host):                       # nothing pushes a phone's page sideways
            assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), page.url
        # nobody's page names another seat's cards in hand: Ann's page, after the first trick
        ann_text = phones[1].locator("main").inner_text()
        assert not [c for c in ("K♥", "Q♥", "J♦", "10♦", "9♠", "J♠") if c in ann_text]


def test_the_sheet_and_the_drinks_on_every_phone(app):
    expect = playwright_api.expect
    night = app.extensions["croupier"]
    night.start("boonaken", [1, 2, 3, 4], NAMES, {}, "drinks night")
    submit(night, start_option(night, dealer=1))
    play_deal_out(night, declarer=3, start=False)
    with host_console(app) as (browser, host, base, errors):
        tokens = {p["seat"]: p["token"] for p in night.players()}
        dev = phone_for(browser, base, tokens[4], errors)
        expect(dev.locator("#bk-me-sheet th[data-seat='3']")).to_contain_text("Cleo")
        expect(dev.locator("#bk-me-sheet .bk-marks").nth(2)).to_have_text("−")
        play_deal_out(night, declarer=3)
        expect(dev.locator("#bk-drinks")).to_contain_text("Seat 3 (Cleo) buys the drinks")   # live, by the stream
        expect(host.locator("#bk-drinks")).to_contain_text("Seat 3 (Cleo) buys the drinks")
        expect(host.locator("#hand-form")).to_be_visible()                  # the next game's deal, its dealer offered
        shot(dev, "boonaken-3-sheet")
