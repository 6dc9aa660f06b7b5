"""Every page on a 390x844 phone in Debian's Chromium: nothing wider than the screen (the tab bar
shows all six tabs, Host included; the ledger's tables scroll in their own box), the war pot on
the Table and My seat pages while a war is on, the alerts when a decision or the turn comes to a
seat (vibrate, the optional beep, read-aloud), and cards said as words. Screenshots of every page
go to artefacts/browser/layout-*.png."""

from __future__ import annotations

import json

from browser_kit import PHONE, host_console, playwright_api, pytestmark, shot  # noqa: F401
from dashboard_kit import BLACK_JACK_DEAL, PIN
from hands_kit import fixture

WIDTH = PHONE["viewport"]["width"]
PAGES = ("/", "/me", "/feed", "/rules?q=snowmen", "/ledger", "/host")
# Record what the alerts do: the browser's vibrate, WebAudio and speech, replaced before the page loads.
SPY = """
window.__alerts = { vibrate: [], beeps: 0, said: [] };
navigator.vibrate = (p) => { window.__alerts.vibrate.push(p); return true; };
class FakeAudio {
  constructor() { this.currentTime = 0; this.destination = {}; }
  resume() {}
  createGain() { return { gain: {}, connect() {} }; }
  createOscillator() { return { frequency: {}, connect() {}, start() { window.__alerts.beeps += 1; }, stop() {} }; }
}
window.AudioContext = FakeAudio;
window.speechSynthesis.speak = (u) => window.__alerts.said.push(u.text);
"""


def app_with_a_night(tmp_path, name="layout.db"):
    from webui.app import create_app
    app = create_app({"DB": str(tmp_path / name), "PIN": PIN, "KEEPALIVE": 5})
    night = app.extensions["croupier"]
    night.start("bonedoneskis", [1, 2, 3], {1: "Ann", 2: "Ben", 3: "Cleopatra Longname-Smythe"}, {}, "layout night")
    return app, night


def submit(night, events, prefix):
    from referee.events import from_json
    for i, e in enumerate(events):
        night.submit(from_json(e), f"{prefix}-{i}", "host")


def fits(page) -> None:
    """No horizontal overflow, and every tab (Host last) inside the screen."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= WIDTH, f"{page.url}: the page is {width} px wide"
    right = page.evaluate("Math.max(...[...document.querySelectorAll('.tabs a')].map((a) => a.getBoundingClientRect().right))")
    assert right <= WIDTH, f"{page.url}: the tab bar reaches {right} px"
    bar = page.evaluate("(() => { const t = document.querySelector('.tabs'); return [t.scrollWidth, t.clientWidth]; })()")
    assert bar[0] <= bar[1], f"{page.url}: the tab bar is {bar[0]} px in {bar[1]} px"


def test_every_page_fits_a_390_px_phone(tmp_path):
    app, night = app_with_a_night(tmp_path)
    submit(night, BLACK_JACK_DEAL, "deal")
    pending = night.table.state.pending()[0].id
    submit(night, [{"type": "decision", "seat": 1, "rule": "black-jack", "choice": "pay", "decision": pending},
                   {"type": "payment", "seat": 3, "amount": "12.25", "to": "seat:2", "rule": "",
                    "memo": "a side bet on the last hand of the night, settled between the two of them at the table"}],
              "money")
    token = {p["seat"]: p["token"] for p in night.players()}[1]
    with host_console(app) as (browser, host, base, errors):
        playwright_api.expect(host.locator("#host-night")).to_contain_text("layout night")
        fits(host)
        shot(host, "layout-host")
        phone = browser.new_context(**PHONE).new_page()
        phone.on("pageerror", lambda e: errors.append(str(e)))
        phone.goto(f"{base}/join/{token}")
        for path in PAGES[:-1]:
            phone.goto(base + path)
            phone.wait_for_load_state("networkidle")
            fits(phone)
            shot(phone, "layout" + (path.split("?")[0].replace("/", "-") if path != "/" else "-table"))
        phone.goto(f"{base}/ledger")
        playwright_api.expect(phone.locator("#history tr")).not_to_have_count(0)
        box = phone.evaluate("(() => { const b = document.querySelector('#history').parentElement; "
                             "return [b.className, b.clientWidth]; })()")
        assert box[0] == "scroll" and box[1] <= WIDTH
        phone.goto(f"{base}/")
        playwright_api.expect(phone.locator("#settings li[data-setting=snowmen_eights]")).to_contain_text(
            "Dueling Snowmen: which 8s start a war: any two 8s")
        phone.goto(f"{base}/rules?q=snowmen")
        playwright_api.expect(phone.locator(".rule-settings li[data-setting=snowmen_eights]")).to_contain_text(
            "which 8s start a war: any two 8s (tonight)")


def test_the_war_pot_shows_on_the_table_and_the_phone(tmp_path):
    from webui.app import create_app
    app = create_app({"DB": str(tmp_path / "war.db"), "PIN": PIN, "KEEPALIVE": 5})
    night = app.extensions["croupier"]
    events = fixture("02-dueling-snowmen")
    night.start("bonedoneskis", events[0]["seats"], {1: "Ann", 2: "Ben", 3: "Cleo", 4: "Dev"}, {}, "war night")
    for i, e in enumerate(events[1:]):
        submit(night, [e], f"war-{i}")
        if getattr(night.table.state.hand, "war", None):
            break
    token = {p["seat"]: p["token"] for p in night.players()}[2]
    with host_console(app) as (browser, host, base, errors):
        phone = browser.new_context(**PHONE).new_page()
        phone.goto(f"{base}/")
        war = phone.locator("#war")
        playwright_api.expect(war).to_contain_text("War on: Ben against Cleo, war pot $5.00")
        fits(phone)
        shot(phone, "layout-war-table")
        phone.goto(f"{base}/join/{token}")
        playwright_api.expect(phone.locator("#me-war")).to_contain_text("war pot $5.00")
        fits(phone)
        shot(phone, "layout-war-me")


def test_a_decision_and_the_turn_alert_the_seat_and_cards_are_said_as_words(tmp_path):
    app, night = app_with_a_night(tmp_path, "alerts.db")
    submit(night, BLACK_JACK_DEAL[:-1], "deal")
    tokens = {p["seat"]: p["token"] for p in night.players()}
    with host_console(app) as (browser, host, base, errors):
        phones = {}
        for seat in (1, 2):
            context = browser.new_context(**PHONE)
            context.add_init_script(SPY)
            phones[seat] = context.new_page()
            phones[seat].on("pageerror", lambda e: errors.append(str(e)))
            phones[seat].goto(f"{base}/join/{tokens[seat]}")
            playwright_api.expect(phones[seat].locator("#live")).to_have_text("live")
            phones[seat].check("#sound")                   # the tap that lets audio start: one beep
            phones[seat].check("#speak")
        ann, ben = phones[1], phones[2]
        words = ann.evaluate("['9S', '9♠', 'TH', '10♥', 'QH', 'AS', 'JC'].map(C.cardWords)")
        assert words == ["nine of spades", "nine of spades", "ten of hearts", "ten of hearts", "queen of hearts",
                         "ace of spades", "jack of clubs"]
        assert ann.evaluate("C.spoken('Ann: pay $2.50 or fold (Black Jack J♠); 10♦ and 2♣.')") == \
            "Ann: pay $2.50 or fold (Black Jack jack of spades); ten of diamonds and two of clubs."
        assert ann.evaluate("window.__alerts") == {"vibrate": [], "beeps": 1, "said": []}

        submit(night, BLACK_JACK_DEAL[-1:], "js")                # the J♠ to Ann: pay or fold
        playwright_api.expect(ann.locator("#decisions button[data-action=pay]")).to_be_visible()
        ann.wait_for_function("() => window.__alerts.vibrate.length === 1")
        alerts = ann.evaluate("window.__alerts")
        assert alerts["beeps"] == 2 and any("jack of spades" in s for s in alerts["said"]), alerts
        assert not any("J♠" in s for s in alerts["said"])
        assert ben.evaluate("window.__alerts.vibrate") == []      # not Ben's to answer
        shot(ann, "layout-alert-decision")

        ann.locator("#decisions button[data-action=pay]").tap()  # then Ben has the lowest card: his turn
        playwright_api.expect(ben.locator("#bets button[data-action=bring_in]")).to_be_visible()
        ben.wait_for_function("() => window.__alerts.vibrate.length === 1")
        said = ben.evaluate("window.__alerts.said")
        assert any(s.startswith("Your turn: Bring in for $0.50") for s in said), said
        assert ann.evaluate("window.__alerts.vibrate.length") == 1          # Ann's was once only
        shot(ben, "layout-alert-turn")
        assert json.dumps(errors) == "[]"
