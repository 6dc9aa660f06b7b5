"""Phone claims that arrive before the camera has the card (vision/phone_events.py): a Cut tapped
while the camera still confirms the card it cuts waits (not ruled against the card under it), then
goes in with its own stamp once the card is in; one the card never makes possible goes to the host
after WAIT_MS; a double tap is one claim; a claim that fits goes straight in."""

from pathlib import Path

from referee.engine import replay
from referee.events import loads_jsonl
from vision.phone_events import WAIT_MS, PhoneClaims, early, pile_top, referee_submit, waits
from vision.pipeline import Referee

ROUND = Path(__file__).with_name("bonnu_round.jsonl")
BEFORE_CARD = 22  # the log up to seat 1's blue 3, which seat 2 cuts with two 3s (event 23)


def log():
    return loads_jsonl(ROUND.read_text(encoding="utf-8"), str(ROUND))


def table():
    """(the referee just before the blue 3 goes in, the waiting claims, the camera's card, the phone's Cut)."""
    events = log()
    state, _ = replay(events[:BEFORE_CARD])
    referee = Referee(state)
    said: list = []
    claims = PhoneClaims(referee_submit(referee, said), lambda: pile_top(referee.state))
    return referee, claims, events[BEFORE_CARD], events[BEFORE_CARD + 1], said


def test_a_cut_before_the_cameras_card_waits_then_goes_in_with_its_own_stamp():
    referee, claims, card, cut, said = table()
    assert cut.type == "cut_laid" and card.type == "card_laid" and card.card.value == 3
    assert claims.offer(cut, now_ms=5350) == "waits"  # the referee still has the blue 7 on top
    assert referee.events == [] and referee.refused == [] and len(claims.waiting) == 1  # no wrong Cut
    assert claims.due(5350 + WAIT_MS - 1) == []  # not yet the host's
    referee.submit(card)  # the camera confirms the blue 3
    assert claims.card_in() == [cut]
    assert [e.type for e in referee.events] == ["card_laid", "cut_laid"]
    assert referee.events[-1].at_ms == 5300 and referee.events[-1].latency_ms == 80  # its own stamp
    assert claims.waiting == [] and claims.to_host == [] and said  # ruled, in words


def test_a_claim_the_card_never_makes_possible_goes_to_the_host_after_the_wait():
    referee, claims, card, cut, _ = table()
    claims.offer(cut, now_ms=5350)
    assert claims.card_in() == []  # offered again (some other card went in): still refused, waits on
    (late,) = claims.due(5350 + WAIT_MS)
    assert late.event == cut and claims.waiting == [] and claims.to_host == [late]
    words = claims.question(late)
    assert "seat 2's phone" in words and "3 s later" in words and "by hand" in words
    assert referee.events == [] and referee.refused == []  # not lost: the host has it


def test_a_double_tap_while_waiting_is_one_claim():
    referee, claims, card, cut, _ = table()
    assert claims.offer(cut, now_ms=5350) == "waits"
    again = type(cut)(cut.seat, cut.cards, at_ms=cut.at_ms + 120, latency_ms=cut.latency_ms)
    assert claims.offer(again, now_ms=5470) == "same claim"  # the same seat's same claim: one
    referee.submit(card)
    assert claims.card_in() == [cut]  # at its first tap's stamp
    assert [e.type for e in referee.events] == ["card_laid", "cut_laid"] and claims.waiting == []


def test_a_claim_that_fits_the_top_card_goes_straight_in_and_other_events_are_not_held():
    referee, claims, card, cut, said = table()
    assert waits(cut) and not waits(card) and early(cut, pile_top(referee.state))
    assert claims.offer(card, now_ms=5100) is None  # (the camera's card, or any event that is no claim)
    assert not early(cut, pile_top(referee.state))
    assert claims.offer(cut, now_ms=5350) is None and claims.waiting == []
    assert [e.type for e in referee.events] == ["card_laid", "cut_laid"] and said


def test_a_double_tap_posted_while_the_first_tap_is_being_offered_is_one_claim():
    """A web request posts while the pipeline's thread offers the first tap (taken from the inbox,
    not yet waiting): the second is the same claim, not queued again."""
    referee, claims, card, cut, _ = table()
    assert claims.post(cut, "seat 2") == "waits"
    again = type(cut)(cut.seat, cut.cards, at_ms=cut.at_ms + 120, latency_ms=cut.latency_ms)
    seen = []
    top = claims.top

    def top_while_offering():  # the referee is asked about the first tap: the second arrives now
        seen.append(claims.post(again, "seat 2"))
        return top()
    claims.top = top_while_offering
    claims.take_posted(5350)
    assert seen == ["same claim"] and list(claims.inbox) == [] and len(claims.waiting) == 1


def test_when_the_camera_stops_every_waiting_claim_is_the_hosts_and_later_ones_go_to_the_referee():
    referee, claims, card, cut, _ = table()
    claims.offer(cut, now_ms=5350)
    took, late = claims.after_frame(5400, camera_in=False, final=True)  # the video ends 50 ms later
    assert took == [] and [w.event for w in late] == [cut] and claims.to_host == late
    assert claims.post(cut, "seat 2") == "closed"  # (the endpoint then gives it to the referee itself)


def test_a_claim_that_waited_goes_in_as_the_seats_not_the_cameras():
    referee, claims, card, cut, _ = table()
    actors = []
    submit = referee.submit
    referee.submit = lambda event, evidence=None, actor="camera": (actors.append(actor), submit(event))[1]
    claims.post(cut, "seat 2")
    claims.take_posted(5350)
    referee.submit(card)  # the camera's card
    assert claims.card_in() == [cut] and actors == ["camera", "seat 2"]  # the camera's card, then the Cut
