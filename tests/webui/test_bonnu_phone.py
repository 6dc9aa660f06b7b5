"""Two phones Cut inside one window, in Debian's Chromium (390x844). The host starts a Bonnu night
from the console's game picker (Bonnu 100, the grace window and the tie margin explained), the
phones measure their latency with pings on join and the host sees it; Ann leads the red 5; Cleo
and Ben each tick their two 5s and tap Cut! on their phone (a claim with its cards), Cleo's a
double tap that counts once (the button is disabled after a tap). The tie margin is set wide
(2 s) so that the two taps, some hundred ms apart in a test browser, are too close to call: the
host is asked which came first, both times in the question, and every phone shows the ruling
naming both times. Screenshots go to
artefacts/browser/ (docs/screenshots_bonnu.py makes the docs' pictures with the same play)."""

from __future__ import annotations

import re

import pytest

from bonnu_kit import NAMES, cuts, deal_round, lead
from browser_kit import PHONE, host_console, phone_for, playwright_api, pytestmark, shot  # noqa: F401
from dashboard_kit import PIN

BOTH_TIMES = re.compile(r"The host rules Cut by Ben at \d+\.\d+ s: after Cleo's Cut at \d+\.\d+ s")


@pytest.fixture
def app(tmp_path):
    from webui.app import create_app
    return create_app({"DB": str(tmp_path / "bonnu.db"), "PIN": PIN, "KEEPALIVE": 5})


def two_cuts_from_the_phones(browser, host, base, night, errors, picture) -> None:
    """The whole play; `picture(page, name)` is called where the docs show it."""
    expect = playwright_api.expect
    host.select_option("#night-game", "bonnu")
    host.locator("#night-form details summary").click()
    expect(host.locator("#night-settings [data-name=grace_ms]")).to_contain_text("still counts")
    expect(host.locator("#night-settings [data-name=tie_margin_ms]")).to_contain_text("Two times closer than this")
    host.select_option("#night-settings [data-name=scoring] select", "bonnu100")
    host.fill("#night-settings [data-setting=tie_margin_ms]", "2000")
    for seat, name in NAMES.items():
        host.fill(f"#night-seats input[data-seat='{seat}']", name)
    host.locator("#night-form button[type=submit]").click()
    expect(host.locator("#bn-host")).to_be_visible()
    deal_round(night)                      # the opening draw and the hands, as the host enters them
    lead(night)                            # Ann leads the red 5
    tokens = {p["seat"]: p["token"] for p in night.players()}
    ben, cleo = (phone_for(browser, base, tokens[s], errors) for s in (2, 3))
    for page in (ben, cleo):
        expect(page.locator("#my-cards .bn-card")).to_have_count(7)
        expect(page.locator("#bn-top")).to_contain_text("5")
        expect(page.locator("#bn-scores")).to_contain_text("Totals: Ann 0, Ben 0, Cleo 0, Dev 0")
    expect(host.locator("#bn-phones li[data-seat='2']")).to_contain_text(re.compile(r"Ben: \d+ ms"))
    expect(host.locator("#bn-phones li[data-seat='3']")).to_contain_text(re.compile(r"Cleo: \d+ ms"))
    for page, fives in ((ben, ("blue:5", "yellow:5")), (cleo, ("white:5", "black:5"))):   # each ticks their 5s
        for code in fives:
            page.locator(f"#bn-claims input[value='{code}']").check()
    expect(ben.locator("#bets button[data-action='claim-cut']")).to_have_text("Cut!")
    expect(ben.locator("#bets button[data-action='lay-blue:5']")).to_be_visible()
    expect(ben.locator("#bets button[data-action='cut']")).to_have_count(0)     # the claim replaces the option's
    picture(ben, "bonnu-1-cut-buttons")
    # Cleo taps twice at once: the first tap disables the button, the second sends nothing
    assert cleo.evaluate("""() => { const b = document.querySelector("#bets button[data-action='claim-cut']");
                                    b.click(); b.click(); return b.disabled; }""")
    ben.locator("#bets button[data-action='claim-cut']").tap()
    expect(host.locator("#host-pending")).to_contain_text(re.compile(
        r"Cut by Ben at \d+\.\d+ s, Cleo's Cut at \d+\.\d+ s: too close to say who was first"))
    host.locator("#host-pending button[data-action='seat 3']").click()
    for page in (ben, cleo, host):
        expect(page.locator("#bn-rulings li").last).to_have_text(BOTH_TIMES)
    laid = cuts(night)
    assert [e.seat for e in laid] == [3, 2] and all(e.at_ms is not None for e in laid)    # one claim each
    expect(cleo.locator("#bn-scores")).to_be_visible()
    picture(cleo, "bonnu-2-timed-ruling")
    picture(host, "bonnu-3-host-latency")
    for page in (ben, cleo, host):                       # nothing pushes a phone's page sideways
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), page.url
    page_source = cleo.content()                         # Ben's hand never reaches Cleo's phone
    assert not [c for c in ("red:2", "white:3", "black:8", "yellow:9", "red:9") if c in page_source]


def test_two_phones_cut_inside_one_window_and_the_ruling_names_both_times(app):
    night = app.extensions["croupier"]
    with host_console(app) as (browser, host, base, errors):
        two_cuts_from_the_phones(browser, host, base, night, errors, shot)


def test_the_console_deals_unnamed_hands_and_the_phones_lay_and_cut_with_pickers(app):
    """The host starts the round on the console (Start hand, the opening draw's cards typed, the 14
    cards dealt face down, nobody naming them); Ann's phone lays by choosing the card from the 60,
    Ben's Cuts by choosing the number 5 and ticking two of its cards; the Table page shows the top
    card and the counts."""
    expect = playwright_api.expect
    night = app.extensions["croupier"]
    night.start("bonnu", [1, 2], {1: "Ann", 2: "Ben"}, {}, "unnamed hands")
    with host_console(app) as (browser, host, base, errors):
        expect(host.locator("#bn-host")).to_be_visible()
        host.locator("#hand-form button").click()
        for code in ("blue:3", "white:21"):                         # Ben draws first in the list, then Ann
            draw = host.locator("#host-options .option").filter(has=host.locator("input")).first
            draw.locator("input").fill(code)
            draw.locator("button").click()
            expect(host.locator("#host-options")).not_to_contain_text("draws for the lead" if code == "white:21" else "Ben draws")
        for dealt in range(14):
            expect(host.locator("#card-option")).to_contain_text("Deal a card to")
            host.locator("#card-form button").click()
            expect(host.locator("#bn-host .bn-count")).to_have_text([str((dealt + 2) // 2), str((dealt + 1) // 2)])
        expect(host.locator("#bn-host")).to_contain_text("Ann to play (any card leads)")
        tokens = {p["seat"]: p["token"] for p in night.players()}
        ann, ben = (phone_for(browser, base, tokens[s], errors) for s in (1, 2))
        ann.select_option("#bets .option.bn-picker select", "red:5")        # the lay's picker, not the Cut's
        ann.locator("#bets button[data-action='lay']").tap()
        expect(ben.locator("#bn-top")).to_contain_text("5")
        claims = ben.locator("#bn-claims")
        expect(claims.locator("button[data-action='claim-bonnu']")).to_have_text("Bonnu! (these cards)")
        expect(claims.locator("select[aria-label^='Bonnu: card']")).to_have_count(7)   # one per card he holds
        claims.locator("button[data-action='claim-cut']").tap()      # nothing ticked: said, nothing sent
        expect(ben.locator("#toast")).to_contain_text("Tick two or more cards of one number to Cut")
        claims.locator("select[aria-label='Cut: the number']").select_option("5")
        for code in ("blue:5", "yellow:5"):
            claims.locator(f"input[value='{code}']").check()
        claims.locator("button[data-action='claim-cut']").tap()
        expect(ben.locator("#bn-rulings li").first).to_have_text(re.compile(
            r"Cut by Ben at \d+\.\d+ s on red:5 \(laid at \d+\.\d+ s\): in time"))
        table = browser.new_context(**PHONE).new_page()
        table.goto(f"{base}/")
        expect(table.locator("#bn-top .bn-card")).to_have_text("5")
        expect(table.locator("#bn-round .bn-count")).to_have_text(["6", "5"])
        expect(table.locator("#money")).to_be_hidden()
        for seat, name in ((1, "Ann"), (2, "Ben")):                 # the phones' pings are done: nothing in flight
            expect(host.locator(f"#bn-phones li[data-seat='{seat}']")).to_contain_text(re.compile(name + r": \d+ ms"))
