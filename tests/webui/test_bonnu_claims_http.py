"""A Cut named by its cards on a web phone (`POST /api/seat/claim`, webui/blueprints/timing.py) while
the camera runs and has not confirmed the card it cuts: a 202, the claim waits in the camera
pipeline's queue (vision/phone_events.py) and goes in with its receive stamp once the card is in,
or goes to the host after WAIT_MS; a double tap is one claim; without a camera it goes straight to
the referee; a seat claims with its own cards only (refused before anything waits). The camera here
is its pipeline's queue alone, driven as the pipeline's frames would (bonnu_kit.PhoneQueueCamera)."""

from __future__ import annotations

import pytest

from bonnu_kit import NAMES, PhoneQueueCamera, cuts, deal_round, lead, timed_night
from dashboard_kit import Phone
from vision.phone_events import WAIT_MS

CUT = {"claim": "cut", "cards": ["white:5", "black:5"]}  # Cleo's two 5s, on Ann's red:5


@pytest.fixture
def table(dash, dash_host, monkeypatch):
    night, phones, clock = timed_night(dash)
    camera = PhoneQueueCamera(night)
    monkeypatch.setitem(dash.extensions, "croupier_camera", camera)
    return night, phones, clock, camera.pipeline.phone


def test_a_cut_before_the_cameras_card_waits_then_goes_in_with_its_receive_stamp(table):
    night, phones, clock, queue = table
    clock.advance(12_000)
    r = phones[3].post("/api/seat/claim", CUT, key="tap-1")       # Ann's red 5 is landing: not in yet
    assert r.status_code == 202 and r.get_json()["waits"] is True, r.get_json()
    assert phones[3].post("/api/seat/claim", CUT, key="tap-1").get_json() == r.get_json()  # the same request
    assert cuts(night) == [] and queue.take_posted(now_ms=0) == [] and len(queue.waiting) == 1
    lead(night, at_ms=11_900)                                     # the camera confirms the red 5
    (went_in,) = queue.card_in()
    assert cuts(night) == [went_in] and went_in.at_ms == 12_000    # stamped when the server received it
    said = [a.text for a in night.table.announcements]
    assert any("Cut by seat 3 at 12.00 s on red:5 (laid at 11.90 s): in time" in s for s in said), said
    assert queue.waiting == [] and queue.to_host == []


def test_a_double_tap_while_waiting_is_one_claim(table):
    night, phones, clock, queue = table
    first = phones[3].post("/api/seat/claim", CUT, key="tap-1")
    clock.advance(120)
    again = phones[3].post("/api/seat/claim", CUT, key="tap-2")   # a second tap, its own key
    assert first.status_code == again.status_code == 202 and again.get_json()["same_claim"] is True
    queue.take_posted(now_ms=0)
    lead(night)
    assert len(queue.card_in()) == 1 and len(cuts(night)) == 1


def test_a_claim_the_camera_never_makes_possible_goes_to_the_host(table):
    night, phones, clock, queue = table
    assert phones[3].post("/api/seat/claim", CUT).status_code == 202
    queue.take_posted(now_ms=1_000)
    assert queue.due(1_000 + WAIT_MS - 1) == []
    (late,) = queue.due(1_000 + WAIT_MS)
    assert queue.to_host == [late] and "seat 3's phone" in queue.question(late) and cuts(night) == []


def test_a_claim_that_fits_or_without_a_camera_goes_straight_to_the_referee(table, dash, monkeypatch):
    night, phones, clock, queue = table
    lead(night)
    r = phones[3].post("/api/seat/claim", CUT)                    # fits the red 5: no waiting
    assert r.status_code == 200 and len(cuts(night)) == 1 and not queue.inbox
    monkeypatch.setitem(dash.extensions, "croupier_camera", None)
    other = phones[2].post("/api/seat/claim", {"claim": "cut", "cards": ["blue:5", "yellow:5"]})
    assert other.status_code == 200 and len(cuts(night)) == 2     # Ben cuts Cleo's 5s: straight in
    bad = phones[2].post("/api/seat/claim", {"claim": "cut", "cards": ["KH"]})
    assert bad.status_code == 400 and "Bonnu cards" in bad.get_json()["error"]


def test_a_seat_claims_with_its_own_cards_only_and_is_told_so_in_words(table):
    """Cleo's hand is known: Ben's 5s, a third 5 she does not hold, or a Bonnu of part of her hand
    are refused before anything waits or is stamped, in words that name only her own hand."""
    night, phones, clock, queue = table
    bens = phones[3].post("/api/seat/claim", {"claim": "cut", "cards": ["blue:5", "yellow:5"]})
    assert bens.status_code == 409 and bens.get_json()["error"] == "your hand does not hold blue 5, yellow 5"
    third = phones[3].post("/api/seat/claim", {"claim": "cut", "cards": ["white:5", "black:5", "red:5#1"]})
    assert third.status_code == 409 and "red 5" in third.get_json()["error"]
    part = phones[3].post("/api/seat/claim", {"claim": "bonnu", "cards": ["white:5", "black:5"]})
    assert part.status_code == 409 and "all 7 of your cards" in part.get_json()["error"]
    assert not queue.inbox and not queue.waiting and cuts(night) == []
    assert phones[3].post("/api/seat/claim", CUT).status_code == 202          # her own 5s: they wait


def test_an_unnamed_hand_may_name_any_cards_but_not_more_than_it_holds(dash, dash_host):
    """Where nobody named Cleo's hand the referee (or the camera, or the host) rules what she lays:
    the endpoint checks only the count, so a refusal never tells her what another seat holds."""
    night = dash.extensions["croupier"]
    night.start("bonnu", list(NAMES), NAMES, {}, "unnamed Cleo")
    tokens = deal_round(night, {1: "red:5 red:1 blue:2 yellow:4 white:6 black:7 blue:0"})
    cleo = Phone(dash)
    cleo.join(tokens[3])
    lead(night)
    eight = ["blue:5", "yellow:5", "white:5#1", "red:5#1", "white:5", "black:5", "blue:5#1", "yellow:5#1"]
    too_many = cleo.post("/api/seat/claim", {"claim": "cut", "cards": eight})
    assert too_many.status_code == 409 and too_many.get_json()["error"] == "your hand holds 7 card(s), not 8"
    r = cleo.post("/api/seat/claim", {"claim": "cut", "cards": ["blue:5", "yellow:5"]})    # Ben's? nobody knows
    assert r.status_code == 200 and len(cuts(night)) == 1, r.get_json()


def test_a_hand_named_in_part_is_checked_by_face_not_by_copy():
    """No face shows which copy of a 0..9 a card is: a phone names "red:7" for either, so a claim of
    red:7 and red:7#1 by a seat whose hand is named red:7, red:7 (or in part) is its own cards."""
    from referee.cards import BonnuCard
    from webui.blueprints.timing import not_held

    def cards(*codes):
        return tuple(BonnuCard.parse(c) for c in codes)
    assert not_held("bonnu", cards("red:7", "red:7#1", "blue:3"), {"cards": 3, "hand": ["red:7", "red:7"]}) is None
    assert not_held("cut", cards("red:7#1", "blue:7"), {"cards": 2, "hand": ["red:7"]}) is None
    assert not_held("cut", cards("red:7", "blue:7"), {"cards": 2, "hand": ["red:7#1"]}) is None
    # three red 7s where the hand is named with one and holds one more card: not hers
    assert not_held("cut", cards("red:7", "red:7#1", "blue:7"), {"cards": 2, "hand": ["red:7"]}) \
        == "your hand holds 2 card(s), not 3"
    assert not_held("cut", cards("red:7", "red:7#1"), {"cards": 3, "hand": ["red:7", "blue:7"]}) is None
    assert not_held("cut", cards("blue:7", "blue:7#1"), {"cards": 2, "hand": ["red:7"]}) \
        == "your hand does not hold blue 7"
