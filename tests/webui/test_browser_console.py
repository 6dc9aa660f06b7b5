"""The host console at a phone's size (390x844, Debian's Chromium), from its buttons only: the war
of Dueling Snowmen dealt and an 8 Ball target picked, a whole round entered in one form, a card
corrected, and three undos in a row. Screenshots in artefacts/browser/console-*.png."""

from __future__ import annotations

from browser_kit import host_console, playwright_api, shot
from console_kit import Console
from dashboard_kit import PIN, Phone, start_night

expect = playwright_api.expect if playwright_api else None


def _app(tmp_path):
    from webui.app import create_app
    return create_app({"DB": str(tmp_path / "console.db"), "PIN": PIN, "KEEPALIVE": 5})


def _seat_cards(night, seat):
    return [s.card.code if s.card else None for s in night.table.state.hand.boards[seat].slots]


def test_the_war_is_dealt_and_an_eight_ball_target_picked_from_buttons(tmp_path):
    app = _app(tmp_path)
    night = app.extensions["croupier"]
    api = Phone(app)
    api.login()
    start_night(api)
    with host_console(app) as (browser, host, base, errors):
        expect(host.locator("#hand-form")).to_be_visible()
        host.select_option("#hand-dealer", "3")
        host.click("#hand-form button")
        expect(host.locator("#host-night")).to_contain_text("hand 1")
        # a whole round in one form: a field per seat, in deal order from the dealer's left
        expect(host.locator("#street-cards input")).to_have_count(3)
        assert host.locator("#street-cards input").evaluate_all("xs => xs.map(x => x.dataset.seat)") == ["1", "2", "3"]
        for seat, card in ((1, "KH"), (2, "5S"), (3, "AH")):
            host.fill(f"#street-cards input[data-seat='{seat}']", card)
        shot(host, "console-1-a-round-in-one-form")
        host.click("#street-form button[type=submit]")
        expect(host.locator("#host-night")).to_contain_text("A♥")
        for seat, card in ((1, "QD"), (2, "5C"), (3, "9C")):
            host.fill(f"#street-cards input[data-seat='{seat}']", card)
        host.click("#street-form button[type=submit]")
        expect(host.locator("#host-night")).to_contain_text("9♣")
        # one card at a time: the picker moves on to the next seat in deal order, face up now
        assert "Ann" in host.locator("#card-option option:checked").inner_text()          # names, not seats
        assert "face up" in host.locator("#card-option option:checked").inner_text()
        host.fill("#card-code", "8C")
        host.click("#card-form button")
        expect(host.locator("#host-night")).to_contain_text("8♣")
        assert "Ben" in host.locator("#card-option option:checked").inner_text()
        host.fill("#card-code", "8S")
        host.click("#card-form button")
        # two 8s up one after the other: the war, dealt from the buttons the decision shows
        war = host.locator("#host-pending .decision", has_text="deal the war")
        expect(war).to_be_visible()
        shot(host, "console-2-war-to-deal")
        for seat, card in ((1, "KC"), (2, "QC"), (1, "JC"), (2, "TH")):    # one card each per battle
            button = war.locator(f"button[data-action='deal-{seat}']")
            expect(button).to_be_enabled()
            war.locator("input").fill(card)
            button.click()
        expect(host.locator("#host-pending")).not_to_contain_text("deal the war")
        assert [x[2].code for x in night.table.state.hand.side_cards] == ["KC", "QC", "JC", "TH"]
        host.fill("#card-code", "KD")
        host.click("#card-form button")
        expect(host.locator("#host-night")).to_contain_text("K♦")
        # seat 2's 8 Ball, taken for a player without a phone: the picker lists the option's targets only
        eight = host.locator("#host-pending .decision", has_text="8♠")
        picks = eight.locator("button[data-action^='trade-']")
        expect(picks).to_have_count(2)
        assert sorted(picks.evaluate_all("bs => bs.map(b => b.dataset.action)")) == ["trade-8C", "trade-KD"]
        shot(host, "console-3-eight-ball-targets")
        eight.locator("button[data-action='trade-KD']").click()
        expect(host.locator("#host-pending")).not_to_contain_text("8♠ for any face-up card")
        assert _seat_cards(night, 2)[-1] == "KD" and _seat_cards(night, 3)[-1] == "8S"
        said = [a.text for a in night.table.announcements]
        assert any("wins the war" in t for t in said) and any(t.startswith("8 Ball: seat 2 pays $2.50") for t in said)
        shot(host, "console-4-eight-ball-traded")
        types = [e.type for e in night.table.state.log.to_tuple()]
        assert types.count("card_dealt") == 13 and "decision" in types       # all from the buttons


def test_undo_three_times_in_a_row_and_correct_a_card(tmp_path):
    app = _app(tmp_path)
    night = app.extensions["croupier"]
    api = Phone(app)
    api.login()
    start_night(api)
    console = Console(api)
    console.press("Start hand 1", dealer=3)
    console.street((1, "KH"), (2, "5S"), (3, "AH"))
    console.street((1, "QD"), (2, "5C"), (3, "9C"))
    console.street((1, "8C"), (2, "TC"), (3, "KD"))
    with host_console(app) as (browser, host, base, errors):
        items = host.locator("#undo-list li")
        expect(items).to_have_count(5)
        # correct this card: tap the 10♣ on the board, say what it is and why
        host.locator("#host-night button.fix-card[data-card='TC']").click()
        assert host.locator("#correct-card").input_value() == "2:TC"
        host.fill("#correct-to", "TD")
        host.fill("#correct-reason", "misread the suit")
        host.click("#correct-form button[type=submit]")
        expect(host.locator("#host-night")).to_contain_text("10♦")
        shot(host, "console-5-card-corrected")
        assert night.table.announcements[-1].rule == "correction"
        host.fill("#undo-reason", "entered by mistake")
        for n in range(3):
            newest = items.first
            target = newest.get_attribute("data-target")
            newest.locator("button").click()
            expect(items.first).not_to_have_attribute("data-target", target)
            shot(host, f"console-{6 + n}-undone-{n + 1}")
        log = night.table.state.log.to_tuple()
        assert [e.type for e in log[-3:]] == ["undo"] * 3
        assert sorted(night.table.state.undone) == sorted(e.target for e in log[-3:])
        assert _seat_cards(night, 2) == ["5S", "5C"] and _seat_cards(night, 3) == ["AH", "9C"]
        assert _seat_cards(night, 1) == ["KH", "QD", "8C"]     # the correction of the 10♣ was undone first
