"""Cut and out-of-turn Bonnu, checked in words, and the timing: claims ordered by corrected time,
the grace window, the tie margin (the host decides), double taps once, both times in every ruling."""

import dataclasses

import pytest

from referee.games.bonnu.claims import (CardTime, Claim, bonnu_refusal, cut_refusal, cutter_refusal,
                                        drop_double_taps, shout_overdue, shout_ruling, window_ruling)
from referee.games.bonnu.deck import card, cards
from referee.games.bonnu.settings import DEFAULT

S = DEFAULT


def with_(**changes):
    return dataclasses.replace(DEFAULT, **changes)


# ------------------------------------------------------------------------------- Bonnu sums
@pytest.mark.parametrize("top, hand", [
    ("red:9", "blue:4 yellow:3 white:2"),                                    # sheet example 1: 4+3+2 = 9
    ("red:5", "blue:7 yellow:-1 black:-1"),                                  # sheet example 2: 7-1-1 = 5
    ("red:0", "blue:7 red:8 white:6 blue:4 black:3 yellow:3 red:-1"),       # sheet example 3: 30 on a 0
    ("blue:0", "red:1 white:-1"),                                           # 0 on a 0: equal (and a multiple)
    ("blue:0", "red:21 white:9 black:-1 blue:1"),                           # 30 on a 0
    ("blue:21", "red:21"),                                                  # one card equal to the 21
    ("blue:-1", "red:-1"),
])
def test_a_bonnu_stands_when_the_hand_totals_the_number_or_a_multiple_of_10_on_a_0(top, hand):
    assert bonnu_refusal(cards(hand), card(top), S) is None


def test_the_sheet_examples_fail_on_any_other_card():
    assert bonnu_refusal(cards("blue:4 yellow:3 white:2"), card("red:8"), S) == \
        "the hand totals 9 (4+3+2), not 8: a Bonnu needs the total of the number just played"
    assert bonnu_refusal(cards("blue:7 yellow:-1 black:-1"), card("red:6"), S) == \
        "the hand totals 5 (7+(-1)+(-1)), not 6: a Bonnu needs the total of the number just played"
    # 30 is a multiple of 10 only on a 0: on a 3 the total must be 3
    assert bonnu_refusal(cards("blue:7 red:8 white:6 blue:4 black:3 yellow:3 red:-1"), card("red:3"), S) == \
        "the hand totals 30 (7+8+6+4+3+3+(-1)), not 3: a Bonnu needs the total of the number just played"


def test_a_wrong_total_on_a_0_says_what_a_0_needs_and_nothing_or_an_empty_hand_is_refused():
    assert bonnu_refusal(cards("red:4 blue:3"), card("red:0"), S) == \
        "the hand totals 7 (4+3): on a 0 a Bonnu needs a total of 0 or a multiple of 10"
    assert "nothing has been played" in bonnu_refusal(cards("red:4"), None, S)
    assert "empty" in bonnu_refusal((), card("red:4"), S)


# ------------------------------------------------------------------------------- Cut
def test_a_cut_is_two_or_more_of_the_number_just_played():
    top = card("red:7")
    assert cut_refusal(cards("blue:7 white:7 red:1"), cards("blue:7 white:7"), top, S) is None
    assert cut_refusal(None, cards("blue:7 white:7 black:7"), top, S) is None       # hidden hand: cards shown
    assert cut_refusal(None, cards("blue:7"), top, S) == "a Cut lays two or more 7s at once; one card is not a Cut"
    assert cut_refusal(None, cards("blue:7 white:1"), top, S) == \
        "white 1 is not 7: a Cut lays cards of the number just played (red 7)"
    assert cut_refusal(None, cards("blue:7 white:7"), None, S).startswith("nothing has been played")


def test_a_cut_needs_the_cards_held_counting_copies():
    top = card("red:7")
    assert cut_refusal(cards("blue:7 red:2"), cards("blue:7 blue:7"), top, S) == "the hand does not hold blue 7"
    assert cut_refusal(cards("blue:7 blue:7#1"), cards("blue:7 blue:7#1"), top, S) is None


def test_decision_2_any_two_or_more_by_default_every_one_held_with_cut_cards_all():
    hand, top = cards("blue:7 white:7 black:7 red:2"), card("red:7")
    assert cut_refusal(hand, cards("blue:7 white:7"), top, S) is None
    assert cut_refusal(hand, cards("blue:7 white:7"), top, with_(cut_cards="all")) == \
        "a Cut lays every 7 held (cut_cards: all): black 7 still in hand"
    assert cut_refusal(hand, cards("blue:7 white:7 black:7"), top, with_(cut_cards="all")) is None


def test_decision_3_a_cut_may_empty_the_hand_unless_cut_out_is_not_allowed():
    hand, top = cards("blue:7 white:7"), card("red:7")
    assert cut_refusal(hand, hand, top, S) is None
    assert cut_refusal(hand, hand, top, with_(cut_out="not_allowed")) == \
        "a Cut may not lay the last cards of a hand (cut_out: not_allowed)"
    # a hidden hand: the count the events give is enough
    assert cut_refusal(None, hand, top, with_(cut_out="not_allowed"), holding=2) == \
        "a Cut may not lay the last cards of a hand (cut_out: not_allowed)"
    assert cut_refusal(None, hand, top, with_(cut_out="not_allowed"), holding=3) is None
    assert cut_refusal(None, hand, top, S, holding=1) == "the hand holds 1 card, not 2"


def test_decision_2_who_may_cut():
    # seat 2 laid the top card, seat 3 is on turn
    assert cutter_refusal(0, on_turn=3, last_player=2, top_is_cut=False, settings=S) is None
    assert cutter_refusal(3, 3, 2, False, S) is None                        # on turn: allowed by default
    assert cutter_refusal(3, 3, 2, False, with_(cut_on_turn=False)) == \
        "seat 3 is on turn and plays a card instead of Cutting (cut_on_turn off)"
    assert cutter_refusal(2, 3, 2, False, S) == "seat 2 laid the card on top and may not Cut it (cut_own_card off)"
    assert cutter_refusal(2, 3, 2, False, with_(cut_own_card=True)) is None
    assert cutter_refusal(0, 3, 2, True, S) is None                         # chains allowed
    assert cutter_refusal(0, 3, 2, True, with_(cut_chains=False)) == "a Cut cannot be Cut (cut_chains off)"


# ------------------------------------------------------------------------------- timing
def test_the_ruling_states_both_times_in_the_issues_words():
    (r,) = window_ruling([Claim(3, "cut", 12.41)], CardTime(1, 12.58), S)
    assert r.verdict == "in_time" and r.text == "Cut by seat 3 at 12.41 s, seat 1's card at 12.58 s: in time"
    (r,) = window_ruling([Claim(3, "cut", 12.70)], CardTime(1, 12.58), S)
    assert r.verdict == "late" and r.text == "Cut by seat 3 at 12.70 s, seat 1's card at 12.58 s: too late"


def test_latencies_are_subtracted_so_arrival_order_does_not_decide():
    # The tap reached the server after the card's frame, but the phone is 250 ms slow and the camera
    # confirmed the card 3 frames (300 ms) after it was first seen.
    (r,) = window_ruling([Claim(3, "cut", 12.80, latency=0.25)], CardTime(1, 12.90, latency=0.30), S)
    assert r.verdict == "in_time"
    assert r.text == "Cut by seat 3 at 12.55 s, seat 1's card at 12.60 s: in time"


def test_a_cut_one_camera_frame_after_the_card_is_too_late():
    # 10 fps: the card first seen at 20.00 s and confirmed 2 frames later; the Cut made 100 ms after
    frame = 0.1
    card_seen = CardTime(1, 20.0 + 2 * frame, latency=2 * frame)
    (r,) = window_ruling([Claim(0, "cut", 20.0 + frame + 0.12, latency=0.12)], card_seen, S)
    assert r.verdict == "late" and r.text == "Cut by seat 0 at 20.10 s, seat 1's card at 20.00 s: too late"
    (r,) = window_ruling([Claim(0, "cut", 20.0 - frame + 0.12, latency=0.12)], card_seen, S)
    assert r.verdict == "in_time" and r.text == "Cut by seat 0 at 19.90 s, seat 1's card at 20.00 s: in time"


def test_the_tie_margin_sends_claims_too_close_to_the_card_to_the_host():
    card_at = CardTime(1, 10.00)
    (r,) = window_ruling([Claim(2, "bonnu", 9.97)], card_at, S)                 # 30 ms before, margin 50
    assert r.verdict == "ask_host" and r.needs_host and r.counts
    assert r.text == "Bonnu by seat 2 at 9.97 s, seat 1's card at 10.00 s: too close to call (0.030 s apart), " \
                     "the host decides"
    assert window_ruling([Claim(2, "bonnu", 9.95)], card_at, S)[0].verdict == "in_time"    # exactly the margin
    assert window_ruling([Claim(2, "bonnu", 10.05)], card_at, S)[0].verdict == "late"
    assert window_ruling([Claim(2, "bonnu", 9.999)], card_at, with_(tie_margin_ms=0))[0].verdict == "in_time"
    assert window_ruling([Claim(2, "bonnu", 10.0)], card_at, with_(tie_margin_ms=0))[0].verdict == "late"


def test_the_grace_window_lets_a_claim_just_after_the_card_count():
    s = with_(grace_ms=100, tie_margin_ms=20)
    (r,) = window_ruling([Claim(3, "cut", 12.64)], CardTime(1, 12.58), s)
    assert r.verdict == "in_time"
    assert r.text == "Cut by seat 3 at 12.64 s, seat 1's card at 12.58 s: in time (within the 0.100 s grace)"
    assert window_ruling([Claim(3, "cut", 12.67)], CardTime(1, 12.58), s)[0].verdict == "ask_host"
    assert window_ruling([Claim(3, "cut", 12.70)], CardTime(1, 12.58), s)[0].verdict == "late"


def test_three_decimals_where_two_would_make_different_times_look_equal():
    (r,) = window_ruling([Claim(3, "cut", 12.406)], CardTime(1, 12.414), with_(tie_margin_ms=0))
    assert r.text == "Cut by seat 3 at 12.406 s, seat 1's card at 12.414 s: in time"
    (r,) = window_ruling([Claim(3, "cut", 12.404)], CardTime(1, 12.409), with_(tie_margin_ms=0))
    assert r.text == "Cut by seat 3 at 12.40 s, seat 1's card at 12.41 s: in time"


def test_no_card_yet_means_every_claim_is_in_time_and_reach_is_not_a_window_claim():
    (r,) = window_ruling([Claim(3, "cut", 4.2)], None, S)
    assert r.verdict == "in_time" and r.text == "Cut by seat 3 at 4.20 s, no card laid since: in time"
    with pytest.raises(ValueError, match="Reach is a shout"):
        window_ruling([Claim(3, "reach", 4.2)], None, S)


def test_decision_8_earliest_first_or_bonnu_first():
    claims = [Claim(2, "bonnu", 12.30), Claim(0, "cut", 12.10)]
    assert [r.claim.seat for r in window_ruling(claims, CardTime(1, 13.0), S)] == [0, 2]
    assert [r.claim.seat for r in window_ruling(claims, CardTime(1, 13.0), with_(claim_order="bonnu_first"))] == [2, 0]


def test_two_claims_inside_the_tie_margin_are_ordered_by_the_host_naming_both():
    claims = [Claim(0, "cut", 12.42), Claim(2, "cut", 12.40), Claim(3, "cut", 12.20)]
    rulings = window_ruling(claims, CardTime(1, 12.58), S)
    assert [(r.claim.seat, r.tied_with) for r in rulings] == [(3, ()), (2, (0,)), (0, (2,))]
    assert rulings[1].text == ("Cut by seat 2 at 12.40 s, seat 1's card at 12.58 s: in time; too close to seat 0 "
                               "to say who was first: the host decides the order")
    assert rulings[1].needs_host and not rulings[0].needs_host
    # a late claim is never tied: only the claims that count are ordered
    rulings = window_ruling([Claim(0, "cut", 12.70), Claim(2, "cut", 12.72)], CardTime(1, 12.58), S)
    assert [r.verdict for r in rulings] == ["late", "late"] and all(not r.tied_with for r in rulings)


def test_under_bonnu_first_a_bonnu_and_a_cut_are_never_tied():
    claims = [Claim(0, "cut", 12.40), Claim(2, "bonnu", 12.42)]
    rulings = window_ruling(claims, CardTime(1, 13.0), with_(claim_order="bonnu_first"))
    assert [(r.claim.seat, r.tied_with) for r in rulings] == [(2, ()), (0, ())]


def test_a_double_tap_counts_once_and_says_so():
    taps = [Claim(3, "cut", 12.41), Claim(3, "cut", 12.60), Claim(3, "cut", 12.95), Claim(3, "cut", 13.50)]
    kept, repeats = drop_double_taps(taps, S)
    assert [c.observed for c in kept] == [12.41, 13.50]      # a burst is one claim; 550 ms later is a new one
    assert repeats[0].text == "Cut by seat 3 again at 12.60 s, 0.190 s after the last tap: one claim, the one at 12.41 s"
    rulings = window_ruling(taps[:2] + [Claim(1, "cut", 12.45), Claim(3, "bonnu", 12.5)], CardTime(0, 14.0), S)
    assert [(r.claim.seat, r.claim.kind, r.verdict) for r in rulings] == [
        (3, "cut", "in_time"), (1, "cut", "in_time"), (3, "bonnu", "in_time"), (3, "cut", "repeat")]


def test_claims_refuse_unknown_kinds_and_negative_latencies():
    with pytest.raises(ValueError, match="no claim 'uno'"):
        Claim(1, "uno", 3.0)
    with pytest.raises(ValueError, match="latency cannot be negative"):
        CardTime(1, 3.0, -0.1)


def test_shouts_count_within_the_shout_grace_of_the_card_either_side():
    due = CardTime(2, 20.0, 0.1)                 # seat 2 went down to one card at 19.90 s
    r = shout_ruling("reach", due, [Claim(2, "reach", 21.5, 0.2)], S)
    assert r.verdict == "in_time" and r.text == "Reach by seat 2 at 21.30 s, their card at 19.90 s: in time"
    assert shout_ruling("reach", due, [Claim(2, "reach", 19.5)], S).verdict == "in_time"   # said as it went down
    r = shout_ruling("reach", due, [Claim(2, "reach", 22.5), Claim(1, "reach", 20.0), Claim(2, "bonnu", 20.0)], S)
    assert r.verdict == "missed" and r.claim is None
    assert r.text == "no Reach from seat 2 within 2.000 s of their card at 19.90 s: missed, draw one"
    assert shout_ruling("bonnu", due, [Claim(2, "bonnu", 20.0)], with_(shout_grace_ms=0)).verdict == "missed"
    with pytest.raises(ValueError, match="not a shout"):
        shout_ruling("cut", due, [], S)


def test_a_later_stamp_tells_the_referee_the_shout_is_overdue():
    due = CardTime(2, 20.0, 0.1)
    assert not shout_overdue(due, 21.9, S)
    assert shout_overdue(due, 21.91, S)
