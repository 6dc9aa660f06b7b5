"""The host console on a 390x844 phone (Debian's Chromium) with a night running, a hand dealt and
no camera: nothing wider than the screen, the new-night form's settings opened included; "Waiting
for" says who once, by name; the settings in words with a select of their allowed values; a
button's toast names the player; no event dump anywhere on the page; a setting chosen from its
select starts the next night. Also the Ledger page's rows
by name and the Rules page's hint at the base-game queries. Screenshots: artefacts/browser/words-*.png."""

from __future__ import annotations

import re

from browser_kit import PHONE, host_console, playwright_api, pytestmark, shot  # noqa: F401
from dashboard_kit import BLACK_JACK_DEAL
from test_browser_layout import WIDTH, app_with_a_night, submit

expect = playwright_api.expect


def no_overflow(page, what: str) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= WIDTH, f"{what}: the page is {width} px wide on a {WIDTH} px phone"


def no_dumps(text: str, what: str) -> None:
    assert "(seat=" not in text and not re.search(r"\bseat:\d", text), f"{what} shows raw words: {text}"


def test_the_host_console_fits_a_phone_and_says_everything_in_words(tmp_path):
    app, night = app_with_a_night(tmp_path, "words.db")
    submit(night, BLACK_JACK_DEAL, "deal")                   # the J♠ to Ann: she pays or folds
    with host_console(app) as (browser, host, base, errors):
        decision = host.locator("#host-pending .decision").first
        expect(decision).to_contain_text("Ann: pay $2.50 or fold")
        said = decision.locator("p").inner_text()
        assert said.startswith("Ann: pay") and "seat 1" not in said.lower(), said      # who, once, by name
        expect(host.locator("#camera")).to_contain_text("no camera")
        expect(host.locator("#camera-view")).to_be_hidden()
        no_overflow(host, "the host console mid-hand")
        shot(host, "words-1-host-console")

        host.locator("#night-form details summary").click()    # the new night's settings, in words
        eights = host.locator("#night-settings label[data-name=snowmen_eights]")
        expect(eights).to_contain_text("Dueling Snowmen: which 8s start a war")
        assert eights.locator("select option").all_inner_texts() == ["any two 8s", "only the two red 8s"]
        assert eights.locator("select").input_value() == "any"
        expect(host.locator("#night-settings label[data-name=fee]")).to_contain_text("Fee for Black Jack")
        expect(host.locator("#night-settings label[data-name=cards]")).to_contain_text("a whole number from 5 to")
        assert "snowmen_eights" not in host.locator("#night-settings").inner_text()
        no_overflow(host, "the host console with the settings open")
        shot(host, "words-2-night-settings")

        decision.locator("button[data-action=pay]").click()     # the toast names the player
        expect(host.locator("#toast")).to_contain_text("Ann pays $2.50")
        assert "Seat 1" not in host.locator("#toast").inner_text()
        no_dumps(host.locator("main").inner_text(), "the host console")
        no_overflow(host, "the host console after a payment")

        phone = browser.new_context(**PHONE).new_page()
        phone.on("pageerror", lambda e: errors.append(str(e)))
        phone.goto(f"{base}/ledger")
        expect(phone.locator("#history tr")).not_to_have_count(0)
        history = phone.locator("#history").inner_text()
        assert "Ann" in history and "the main pot" in history, history
        no_dumps(history, "the ledger")
        shot(phone, "words-3-ledger")
        phone.goto(f"{base}/rules")
        hint = phone.locator("#rule-hint")
        for query in ("ante", "bring in", "why was I charged"):
            expect(hint).to_contain_text(query)
        assert "ante" in phone.get_attribute("#q", "placeholder")
        phone.locator("#rule-hint a", has_text="bring in").click()
        expect(phone.locator("#rules")).to_contain_text("Bring")
        no_overflow(phone, "the rules page")
        shot(phone, "words-4-rules-hint")

        # a setting chosen from its select goes into the new night as its value
        eights.locator("select").select_option("red")
        host.once("dialog", lambda d: d.accept())                  # "Start a new night?"
        host.click("#night-form button[type=submit]")
        expect(host.locator("#host-night")).to_contain_text("between hands")
        assert night.table.state.settings.snowmen_eights == "red"
