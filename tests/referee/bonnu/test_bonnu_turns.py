"""Turns where the sheet leaves them open: after a Cut (decision 1), the window (4), drawing (5),
the opening tie, the next leader and the empty draw pile (9)."""

import dataclasses

import pytest

from referee.games.bonnu.deck import card, cards
from referee.games.bonnu.settings import DEFAULT
from referee.games.bonnu.turns import (blocked_winner, closes_window, draw_refusal, first_leader, may_play_drawn,
                                       next_leader, next_seat, refill, round_blocked, top_after_cut, turn_after_cut)


def with_(**changes):
    return dataclasses.replace(DEFAULT, **changes)


def test_decision_1_after_a_cut_the_seat_after_the_cutter_plays_and_the_last_cut_card_is_on_top():
    # seat 1 played, seat 2 is on turn, seat 3 of 4 cuts
    assert turn_after_cut(3, on_turn=2, players=4) == 0
    assert turn_after_cut(3, on_turn=2, players=4, settings=with_(next_after_cut="on_turn")) == 2
    assert top_after_cut(cards("blue:7 white:7")) == card("white:7")
    assert next_seat(3, 4) == 0 and next_seat(0, 2) == 1
    with pytest.raises(ValueError, match="none were given"):
        top_after_cut(())


def test_decision_4_a_card_closes_the_window_a_draw_only_with_the_setting():
    assert closes_window("play") and not closes_window("draw")
    assert closes_window("draw", with_(window_closes_on_draw=True))
    with pytest.raises(ValueError, match="not 'cut'"):
        closes_window("cut")


def test_decision_5_draw_only_without_a_match_and_the_drawn_card_waits():
    top = card("red:9")
    assert draw_refusal(cards("blue:3 white:5"), top) is None
    assert draw_refusal(cards("blue:9 red:1 white:5"), top) == "2 cards in hand match the red 9: play one"
    assert draw_refusal(cards("blue:9"), top, with_(draw_when_able=True)) is None
    assert draw_refusal(None, top) is None
    assert draw_refusal(cards("blue:3"), None) == "the first card of a round is free: lead any card"
    assert not may_play_drawn(card("red:2"), top)
    assert may_play_drawn(card("red:2"), top, with_(play_drawn=True))
    assert not may_play_drawn(card("blue:2"), top, with_(play_drawn=True))


def test_decision_9_the_opening_tie_the_next_leader_and_the_empty_pile():
    draws = {0: card("red:3"), 1: card("blue:21"), 2: card("red:21")}
    assert first_leader(draws) == (1, 2)                                           # they draw again
    assert first_leader(draws, with_(opening_tie="first_clockwise"), host_seat=2) == (2,)
    assert first_leader(draws, with_(opening_tie="first_clockwise"), host_seat=0) == (1,)
    assert first_leader({0: card("red:3"), 1: card("blue:4")}) == (1,)
    assert next_leader(last_winner=2, last_leader=0, players=4) == 2
    assert next_leader(2, 3, 4, with_(later_rounds="next")) == 0
    assert next_leader(2, 3, 4, with_(later_rounds="draw")) is None
    pile = cards("red:1 red:2 blue:2")
    assert refill(pile) == (cards("red:1 red:2"), cards("blue:2"))
    assert refill(pile, with_(empty_pile="pass")) is None
    assert refill(cards("blue:2")) is None


def test_decision_9_a_blocked_round_every_seat_with_cards_passed_the_fewest_cards_win():
    counts = {1: 5, 2: 0, 3: 4, 4: 4}
    assert round_blocked((1, 3, 4), counts.get, (1, 2, 3, 4))            # seat 2 holds nothing: no turn
    assert not round_blocked((3, 4), counts.get, (1, 2, 3, 4))
    assert blocked_winner(4, counts.get, (1, 2, 3, 4)) == 2             # no card at all is fewest
    assert blocked_winner(4, {1: 5, 2: 6, 3: 4, 4: 4}.get, (1, 2, 3, 4)) == 4
    assert blocked_winner(1, {1: 5, 2: 6, 3: 4, 4: 4}.get, (1, 2, 3, 4)) == 3
    pile = cards("red:1 blue:1")
    assert refill(pile, with_(empty_pile="pass")) is None
    assert refill(pile, with_(empty_pile="pass", blocked_round="reshuffle"), blocked=True) == (
        cards("red:1"), cards("blue:1"))
