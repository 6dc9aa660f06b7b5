"""A Boneyard euchre round in Debian's Chromium (390x844 phones): the host starts the night from
the console (the game picker, its settings explained with the rules each changes, the teams with
partners opposite, the first dealer); Ben takes the J♦ (Fool's Gold) and discards from his phone;
Dev, his partner, plays the A♦ as Fool's Gold from his. On each phone the buttons are exactly the
seat's options; every phone shows the active modifiers with their text, the effective ranking and
the trick's ruling (the Table page too). Ann's and Cleo's moves go in-process. Screenshots go to artefacts/browser/,
and with CROUPIER_DOCS_IMG=1 also to docs/img/boneyard-*.jpg (docs/dashboard.md)."""

from __future__ import annotations

import pytest

from boneyard_kit import NAMES, deal_cards, open_night, play_game, seat_move, with_up
from browser_kit import PHONE, docs_picture, host_console, phone_for, playwright_api, pytestmark  # noqa: F401
from dashboard_kit import PIN


@pytest.fixture
def app(tmp_path):
    from webui.app import create_app
    return create_app({"DB": str(tmp_path / "boneyard.db"), "PIN": PIN, "KEEPALIVE": 5})


def buttons_are_the_options(page) -> list[str]:
    """The phone's move buttons, checked against the seat's options as /api/me gives them: one
    button per option (a card's button shows the card), nothing more."""
    expect = playwright_api.expect
    mine = page.evaluate("() => fetch('/api/me').then((r) => r.json())")
    wanted = [o["card"]["pretty"] if o.get("card") else o["text"] for o in mine["options"]]
    expect(page.locator("#bets button")).to_have_count(len(wanted))
    assert page.locator("#bets button").all_inner_texts() == wanted
    return wanted


def test_a_round_from_the_console_and_two_phones(app):
    expect = playwright_api.expect
    night = app.extensions["croupier"]
    with host_console(app) as (browser, host, base, errors):
        host.select_option("#night-game", "boneyard-euchre")
        expect(host.locator("#night-about")).to_contain_text("partners opposite")
        host.locator("#night-form details summary").click()
        penny = host.locator("#night-settings [data-name=lucky_penny_follows]")
        expect(penny).to_contain_text("Lucky Penny: the unseen card counts for following suit")
        expect(penny.locator(".setting-rules")).to_contain_text("Lucky Penny")
        expect(host.locator("#night-settings [data-name=tie_at_ten] select option").first).to_contain_text(
            "play another round")
        expect(host.locator("#night-seats input[data-seat='5']")).to_be_hidden()      # four seats only
        for seat, name in NAMES.items():
            host.fill(f"#night-seats input[data-seat='{seat}']", name)
        expect(host.locator("#night-teams-words")).to_contain_text(
            "Team 1: Ann (seat 1) & Cleo (seat 3) · Team 2: Ben (seat 2) & Dev (seat 4)")
        host.select_option("#night-dealer", "4")
        docs_picture(host, "boneyard-host-start", "#night-form", "#night-settings [data-name=chain_flips]")
        host.locator("#night-form button[type=submit]").click()
        expect(host.locator("#by-host-round")).to_contain_text("Round 1 (game 1): Dev deals")
        expect(host.locator("#by-scores")).to_contain_text("Ann & Cleo 0, Ben & Dev 0 · first to 10")
        hands, up, bones = with_up("JD")
        deal_cards(night, hands, up, bones)
        seat_move(night, 1, "bid", bid="leave")
        tokens = {p["seat"]: p["token"] for p in night.players()}
        ben, dev = (phone_for(browser, base, tokens[s], errors) for s in (2, 4))
        expect(ben.locator("#by-me-round")).to_contain_text("Now: Ben to Take It or Leave It")
        assert buttons_are_the_options(ben) == ["Take It (J♦)", "Leave It"]
        ben.locator("#bets button[data-action='bid-take']").tap()
        expect(ben.locator("#by-me-round")).to_contain_text("Now: Ben to discard")
        assert buttons_are_the_options(ben) == ["A♠", "K♠", "J♠", "9♦", "J♣"]        # the taken J♦ stays
        ben.locator("#bets button[data-action='discard-9D']").tap()
        for page in (ben, dev, host):
            expect(page.locator("#by-modifiers li[data-modifier=fools-gold]")).to_contain_text(
                "Fool's Gold: ")
            expect(page.locator("#by-ranking li[data-ranking=trump]")).to_contain_text(
                "Trump ♦ diamonds, highest first: Joker > J♦ > J♥ > A♦")
        expect(host.locator("#by-host-hidden")).to_contain_text("Discard: 9♦")
        assert "9♦" not in dev.locator("main").inner_text().split("Trump ♦")[0]     # Ben's discard: his only
        ben.locator("#bets button[data-action='play-JS']").tap()
        expect(ben.locator("#by-trick")).to_contain_text("Ben J♠")
        seat_move(night, 3, "play", card="QC")
        expect(dev.locator("#by-trick")).to_contain_text("Cleo Q♣")
        expect(dev.locator("#by-ranking li[data-ranking=led]")).to_contain_text("Led ♠ spades, highest first: A♠")
        assert buttons_are_the_options(dev) == ["10♠", "9♠", "10♠", "9♠", "A♦", "K♣"]
        expect(dev.locator(".by-move-words").nth(1)).to_have_text("Play as Fool's Gold:")
        docs_picture(dev, "boneyard-phone-fools-gold", "main", "#by-trick")
        dev.locator("#bets button[data-action='fools_gold-AD']").tap()
        expect(dev.locator("#by-trick")).to_contain_text("Dev A♦")
        seat_move(night, 1, "play", card="9H")
        for page in (ben, dev):
            expect(page.locator("#by-explained li[data-trick='1']")).to_contain_text(
                "Dev wins the trick: A♦ (Fool's Gold: the Ace-and-a-half of ♠) is the highest card of the led suit")
        expect(dev.locator("#by-me-round")).to_contain_text("Now: Dev to play")
        docs_picture(ben, "boneyard-phone-trick", "#by-me", "#by-tricks")
        expect(host.locator("#by-host-round #by-explained")).to_contain_text("Dev wins the trick")
        docs_picture(host, "boneyard-host-round", "#by-host", "#by-host")
        table = browser.new_context(**PHONE).new_page()
        table.on("pageerror", lambda e: errors.append(str(e)))
        table.goto(f"{base}/")
        expect(table.locator("#by-explained li[data-trick='1']")).to_contain_text("Dev wins the trick")
        expect(table.locator("#by-sheet-card")).to_contain_text("First team to 10 at the end of a round wins")
        expect(table.locator("#money")).to_be_hidden()
        for page in (ben, dev, host, table):                         # nothing pushes a phone's page sideways
            assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), page.url


def test_the_score_sheet_and_the_winner_on_a_phone(app):
    expect = playwright_api.expect
    night = app.extensions["croupier"]
    tokens = open_night(night)
    rounds = play_game(night)
    with host_console(app) as (browser, host, base, errors):
        cleo = phone_for(browser, base, tokens[3], errors)
        expect(cleo.locator("#by-sheet tr[data-round]")).to_have_count(rounds)
        expect(cleo.locator("#by-result")).to_contain_text("win the game")
        expect(cleo.locator("#by-sheet tr[data-round='1']")).to_contain_text("Ann took the Q♠ (Shoot The Moon)")
        expect(host.locator("#by-host-sheet #by-sheet tr[data-round]")).to_have_count(rounds)
        docs_picture(cleo, "boneyard-phone-sheet", "#by-me-sheet", "#by-me-sheet")
        assert cleo.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
