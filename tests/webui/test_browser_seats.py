"""Seats and privacy in a real browser (Debian's Chromium, 390x844): a hand won without a showdown
shows no hole card to any other phone nor on the public `/state`; a second phone on a held seat is
turned away, the host hands the seat over from the console and the second phone joins; a playing
host's console hides the others' hole cards. Screenshots in artefacts/browser/."""

from __future__ import annotations

import pytest

from browser_kit import PHONE, host_console, playwright_api, pytestmark, shot  # noqa: F401
from dashboard_kit import BLACK_JACK_DEAL, PIN, Phone
from hands_kit import Table, secrets

expect = playwright_api.expect if playwright_api else None


def app_at(tmp_path):
    from webui.app import create_app
    return create_app({"DB": str(tmp_path / "seats.db"), "PIN": PIN, "KEEPALIVE": 5})


def phone_page(browser, base, errors, cookie: str | None = None):
    """A phone of its own (a browser context is a device); with `cookie`, the very phone a test
    client joined with (the same signed session: its seat, its device id)."""
    ctx = browser.new_context(**PHONE)
    if cookie:
        ctx.add_cookies([{"name": "croupier", "value": cookie, "url": base}])
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(10_000)
    return page


def names_hidden_from(state, seat) -> set[str]:
    """The names people read of the cards `seat` may not see (secrets() also gives JSON codes)."""
    return {s for s in secrets(state, seat) if not s.startswith('"')}


def no_hidden(text: str, hidden: set[str], what: str) -> None:
    leaked = sorted(h for h in hidden if h in text)
    assert not leaked, f"{what} shows {leaked}"


@pytest.mark.parametrize("name, winner", [("01-bonedoneskis", 1), ("12-killer-bluff", 4)])
def test_a_hand_won_without_a_showdown_shows_no_hole_card_to_another_phone(tmp_path, name, winner):
    app = app_at(tmp_path)
    host_client = Phone(app)
    host_client.login()
    table = Table(app, host_client, name)      # the night, and a phone joined to every seat
    cookies = {s: p.c.get_cookie("croupier").value for s, p in table.phones.items()}
    with host_console(app) as (browser, host, base, errors):
        watching = phone_page(browser, base, errors, cookies[winner])   # the winner's phone, live all hand
        watching.goto(f"{base}/me")
        public = phone_page(browser, base, errors)                       # a phone that joined no seat
        public.goto(f"{base}/")
        for _ in table.play():
            pass
        state = table.state
        assert state.hand.phase == "over" and not any("shown" in sl.tags for b in state.hand.boards.values()
                                                      for sl in b.slots if not sl.up)
        expect(public.locator("#street")).to_contain_text("over")
        no_hidden(public.locator("main").inner_text(), names_hidden_from(state, None), "the public table")
        raw = public.request.get(f"{base}/state").text()
        codes = {c for c in secrets(state, None) if c.startswith('"')}
        assert codes and not [c for c in codes if c in raw], "the public /state names a hole card"
        shot(public, f"seats-{name}-public-hand-over")
        assert all(names_hidden_from(state, s) for s in table.seats if s != winner), "the winner's are named"
        for seat in table.seats:                 # every phone, its own table and its own seat page
            page = watching if seat == winner else phone_page(browser, base, errors, cookies[seat])
            hidden = names_hidden_from(state, seat)
            for path in ("/me", "/"):
                page.goto(f"{base}{path}")
                expect(page.locator("#live")).to_have_text("live")
                if path == "/me":
                    expect(page.locator("#me-title")).to_contain_text(f"seat {seat}")
                no_hidden(page.locator("main").inner_text(), hidden, f"seat {seat}'s {path}")
            if seat == table.seats[-1]:
                shot(page, f"seats-{name}-seat{seat}-table")
            if page is not watching:
                page.context.close()
        # the winner chooses to show: now everyone sees those cards
        watching.goto(f"{base}/me")
        watching.locator("#bets button[data-action=show]").tap()
        shown = [sl.card.pretty for sl in table.state.hand.boards[winner].slots if not sl.up]
        for card in shown:
            expect(public.locator(f"#seats [data-seat='{winner}']")).to_contain_text(card)
        shot(public, f"seats-{name}-winner-showed")


def test_a_second_phone_is_turned_away_until_the_host_hands_the_seat_over(tmp_path):
    app = app_at(tmp_path)
    night = app.extensions["croupier"]
    night.start("bonedoneskis", [1, 2, 3], {1: "Ann", 2: "Ben", 3: "Cleo"}, {}, "seats night")
    link = f"/join/{next(p['token'] for p in night.players() if p['seat'] == 1)}"
    with host_console(app) as (browser, host, base, errors):
        host.on("dialog", lambda d: d.accept())          # "Free seat 1 ...?"
        row = host.locator("#players .player-row[data-seat='1']")
        expect(row).to_contain_text("free: no phone yet")
        host.click("#players button[data-action=show-qr-1]")
        expect(host.locator("#players img.qr")).to_have_count(1)       # only seat 1's code is on screen
        shot(host, "seats-host-shows-one-qr")

        first = phone_page(browser, base, errors)
        first.goto(base + link)
        expect(first.locator("#me-title")).to_contain_text("Ann")
        expect(first.locator("#live")).to_have_text("live")
        expect(row).to_contain_text("on a phone since")

        second = phone_page(browser, base, errors)
        second.goto(base + link)
        expect(second.locator("main")).to_contain_text("Seat 1 is in use on another phone: ask the host.")
        assert second.locator("#me-title").count() == 0
        shot(second, "seats-second-phone-turned-away")
        expect(row).to_contain_text("another phone was turned away")          # the host is told, live
        shot(host, "seats-host-told")

        row.locator("button[data-action=reset-1]").click()
        expect(row).to_contain_text("free: no phone yet")
        # the first phone hears it lost the seat
        expect(first.locator("main")).to_contain_text("Seat 1 was handed over by the host")
        second.goto(base + link)
        expect(second.locator("#me-title")).to_contain_text("Ann")
        expect(row).to_contain_text("on a phone since")
        shot(second, "seats-second-phone-joined")
        first.goto(base + link)                                   # and now the first one is the other phone
        expect(first.locator("main")).to_contain_text("Seat 1 is in use on another phone: ask the host.")


def test_a_playing_host_console_hides_the_others_hole_cards(tmp_path):
    from referee.events import from_json
    app = app_at(tmp_path)
    night = app.extensions["croupier"]
    night.start("bonedoneskis", [1, 2, 3], {1: "Ann", 2: "Ben", 3: "Cleo"}, {}, "playing night")
    for i, e in enumerate(BLACK_JACK_DEAL):
        night.submit(from_json(e), f"setup-{i}", "host")
    with host_console(app) as (browser, host, base, errors):
        board = host.locator("#host-night")
        expect(board).to_contain_text("K♥")                      # not playing: every card
        host.select_option("#playing-seat", "2")
        expect(host.locator("#playing-note")).to_contain_text("You play at seat 2")
        expect(board).not_to_contain_text("K♥")
        for card in ("Q♦", "A♥", "9♣"):                           # seat 1's and seat 3's hole cards
            assert card not in board.inner_text()
        assert "5♠" in board.inner_text() and "5♣" in board.inner_text()   # the host's own
        expect(host.locator("#host-pending")).to_contain_text("pay $2.50 or fold")  # every decision still
        shot(host, "seats-playing-host")
        host.select_option("#playing-seat", "")
        expect(board).to_contain_text("K♥")
