"""A phone Cuts before the camera has the card, in Debian's Chromium (390x844). The camera runs
(its pipeline's claim queue alone, bonnu_kit.PhoneQueueCamera, driven here as its frames would
be): Cleo's phone shows Cut! while she holds cards, before any card is on the pile (and no Bonnu!:
no card's number is her hand's total). Ann lays the red 5; Cleo sees it land, ticks her white 5
and black 5 and taps Cut! (a double tap: one claim); the phone says it waits for the camera's card;
the camera's red 5 goes in, stamped before her tap, and her Cut with it; every phone shows the
ruling naming both times. A card her hand does not hold is refused in words, nothing waiting."""

from __future__ import annotations

import time

import pytest

from bonnu_kit import NAMES, PhoneQueueCamera, cuts, deal_round, lead
from browser_kit import host_console, phone_for, playwright_api, pytestmark, shot  # noqa: F401
from dashboard_kit import PIN
from referee.games.bonnu.round_state import seconds

CAMERA_BEFORE_TAP_MS = 150          # the camera's first frame of the red 5, this long before Cleo's tap


@pytest.fixture
def app(tmp_path):
    from webui.app import create_app
    return create_app({"DB": str(tmp_path / "claims.db"), "PIN": PIN, "KEEPALIVE": 5})


def posted(queue, timeout_s=10.0):
    """The claim the phone posted, once it is in the pipeline's inbox."""
    end = time.monotonic() + timeout_s
    while not queue.inbox:
        assert time.monotonic() < end, "the phone's claim never reached the camera's queue"
        time.sleep(0.02)
    return queue.inbox[0][0]


def test_a_phone_cuts_before_the_cameras_card_and_the_ruling_names_both_times(app):
    expect = playwright_api.expect
    night = app.extensions["croupier"]
    night.start("bonnu", list(NAMES), NAMES, {}, "camera night")
    tokens = deal_round(night)
    camera = PhoneQueueCamera(night)
    app.extensions["croupier_camera"] = camera
    queue = camera.pipeline.phone
    with host_console(app) as (browser, host, base, errors):
        cleo, ben = (phone_for(browser, base, tokens[seat], errors) for seat in (3, 2))
        for page in (cleo, ben):
            expect(page.locator("#bn-top")).to_contain_text("none yet")
        claims = cleo.locator("#bn-claims")
        expect(claims.locator("button[data-action='claim-cut']")).to_have_text("Cut!")
        expect(claims.locator("button[data-action='claim-bonnu']")).to_have_count(0)   # 31: no card makes it a Bonnu
        expect(claims.locator(".bn-hand-boxes input")).to_have_count(2)          # the cards with a partner: her 5s
        for code in ("white:5", "black:5"):
            claims.locator(f"input[value='{code}']").check()
        # a card not in her hand (a page gone stale, or a tampered one): refused in words, nothing waits
        cleo.evaluate("""() => { document.querySelector("#bn-claims input[value='black:5']").value = "blue:5";
                                 document.querySelector("#bn-claims button[data-action='claim-cut']").click(); }""")
        expect(cleo.locator("#bn-claim-status")).to_have_text("Not taken: your hand does not hold blue 5")
        assert not queue.inbox and not queue.waiting
        # Ann lays the red 5 at the table; Cleo, her 5s still ticked, double-taps Cut! before the camera has it
        expect(claims.locator("input[value='black:5']")).to_be_checked()        # the page drawn again, the ticks kept
        assert cleo.evaluate("""() => { const b = document.querySelector("#bn-claims button[data-action='claim-cut']");
                                        b.click(); b.click(); return b.disabled; }""")
        expect(cleo.locator("#bn-claim-status")).to_have_text("Cut: waiting for the camera's card…")
        shot(cleo, "bonnu-claim-waiting")
        tap = posted(queue)
        assert [e for e, _ in queue.inbox] == [tap] and sorted(c.code for c in tap.cards) == ["black:5", "white:5"]
        lead(night, at_ms=tap.at_ms - CAMERA_BEFORE_TAP_MS)       # the camera's red 5, then its next frame
        assert queue.take_posted(now_ms=tap.at_ms + 200) == [tap]
        ruling = (f"Cut by Cleo at {seconds(tap.at_ms - tap.latency_ms)} on red:5 (laid at "
                  f"{seconds(tap.at_ms - CAMERA_BEFORE_TAP_MS)}): in time")      # the tap less its latency
        for page in (cleo, ben, host):
            expect(page.locator("#bn-rulings li").first).to_have_text(ruling)
        expect(cleo.locator("#bn-claim-status")).to_be_hidden()          # the ruling came: nothing waits
        expect(cleo.locator("#my-cards .bn-card")).to_have_count(5)
        expect(ben.locator("#bets button[data-action='cut']")).to_have_count(0)   # no option-key Cut on a phone
        expect(ben.locator("#bets button[data-action='claim-cut']")).to_be_visible()
        shot(cleo, "bonnu-claim-ruled")
        assert cuts(night) == [tap] and queue.waiting == [] and queue.to_host == []


def test_two_like_cards_in_a_hand_keep_a_tick_each_across_redraws(app):
    """Cleo's hand is named with the white 5 twice (no face shows which copy): each of the two has its
    own box, ticking one ticks only it through the page's redraws, and the Cut lays what was ticked."""
    expect = playwright_api.expect
    night = app.extensions["croupier"]
    night.start("bonnu", list(NAMES), NAMES, {}, "like cards")
    hands = {1: "red:5 red:1 blue:2 yellow:4 white:6 black:7 blue:0",
             3: "white:5 white:5 black:5 blue:7 yellow:1 red:3 black:2"}
    tokens = deal_round(night, hands)
    with host_console(app) as (browser, host, base, errors):
        cleo = phone_for(browser, base, tokens[3], errors)
        boxes = cleo.locator("#bn-claims .bn-hand-boxes input")
        expect(boxes).to_have_count(3)                                   # white 5, white 5, black 5
        boxes.nth(0).check()
        cleo.locator("#bn-claims input[value='black:5']").check()
        lead(night)                                                      # the red 5: the page is drawn again
        expect(cleo.locator("#bn-top")).to_contain_text("5")
        expect(boxes.nth(0)).to_be_checked()
        expect(boxes.nth(1)).not_to_be_checked()
        cleo.locator("#bn-claims button[data-action='claim-cut']").click()
        expect(cleo.locator("#my-cards .bn-card")).to_have_count(5)
        assert [sorted(c.code.split("#")[0] for c in e.cards) for e in cuts(night)] == [["black:5", "white:5"]]
