"""The money pages on a phone (Debian's Chromium at 390x844): the host ticks a settle-up transfer
paid on /summary and a seat's phone sees the tick; a seat's /history shows its own hole cards and
no other seat's; neither page is wider than the phone. Screenshots in artefacts/browser/."""

from __future__ import annotations

from browser_kit import PHONE, host_console, shot
from dashboard_kit import Phone
from test_money import play_hand, post_ok, stud_night


def test_summary_ticks_and_history_on_a_phone(dash, dash_host):
    tokens = stud_night(dash_host)
    for seat in (1, 2, 3):
        post_ok(dash_host, "/api/host/buy-in", {"seat": seat, "amount": "20"})
    play_hand(dash_host)
    post_ok(dash_host, "/api/host/cash-out", {"seat": 1, "amount": "21.50"})
    with host_console(dash) as (browser, host, base, errors):
        host.wait_for_selector("body[data-page=host]", state="attached")   # logged in: the page reloaded
        host.goto(f"{base}/summary")
        box = host.locator("#settle input[type=checkbox]").first
        box.wait_for()
        assert host.locator("#players tr").count() == 4
        box.check()
        host.wait_for_selector("#settle li.paid")
        assert host.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]
        shot(host, "money-summary-host")
        assert [m["paid"] for m in Phone(dash).get("/api/summary").get_json()["settle"]][0] is True

        ben = browser.new_context(**PHONE).new_page()
        ben.on("pageerror", lambda e: errors.append(str(e)))
        ben.goto(f"{base}/join/{tokens[2]}")
        ben.goto(f"{base}/summary")
        ben.wait_for_selector("#settle li.paid")
        assert ben.locator("#settle input").count() == 0          # a seat sees the tick, cannot tick
        ben.goto(f"{base}/history")
        ben.wait_for_selector("#hand-1")
        text = ben.inner_text("#hands")
        assert "5♠" in text and "5♣" in text                      # Ben's own hole cards
        assert not any(c in text for c in ("K♥", "Q♦", "A♥", "9♣"))  # nobody else's
        assert ben.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]
        shot(ben, "money-history-seat2")
        ben.goto(f"{base}/ledger")
        ben.click("text=Hand history")
        ben.wait_for_selector("#hand-1")


def test_the_hosts_money_desk_buys_in_cashes_out_and_seats_a_late_player(dash, dash_host):
    stud_night(dash_host)
    with host_console(dash) as (browser, host, base, errors):
        host.wait_for_selector("body[data-page=host]", state="attached")   # logged in: the page reloaded
        host.goto(f"{base}/summary")
        host.wait_for_selector("#money-seat option", state="attached")
        host.select_option("#money-seat", "2")
        host.fill("#money-amount", "25")
        host.click("button[data-do=buy-in]")
        host.wait_for_selector("#players td:has-text('$25.00')")
        host.fill("#money-amount", "abc")
        host.click("button[data-do=cash-out]")
        host.wait_for_selector("#toast.show.bad")
        assert "not an amount of money" in host.inner_text("#toast")
        host.fill("#late-name", "Dee")
        host.click("#late-form button")
        host.wait_for_selector("#late-join img.qr")
        assert "Dee: seat 4" in host.inner_text("#late-join")
        host.locator("#money-seat option").nth(3).wait_for(state="attached")
        assert host.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]
        shot(host, "money-desk-host")
        ledger = Phone(dash).get("/api/ledger").get_json()["rows"]
        assert [(r["payer"], r["payee"], r["amount"], r["rule"]) for r in ledger] == [("bank", "seat:2", "25.00", "buy-in")]
