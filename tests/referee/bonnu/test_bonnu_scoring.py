"""Bonnu scores: the cards left at face value (-1 as -1, 21 as 21, the winner 0), the simple game to
10 round wins, Bonnu 100 (at least the target at the end of a round, the lowest wins, decision 10
for a tie), and the penalties, each one card (decision 7 for taking back and a wrong Cut)."""

import dataclasses

import pytest

from referee.games.bonnu.deck import cards
from referee.games.bonnu.scoring import (PENALTY_DRAW, add_round, bonnu100_end, game_end, penalties, penalty,
                                         round_scores, simple_end)
from referee.games.bonnu.settings import DEFAULT

B100 = dataclasses.replace(DEFAULT, scoring="bonnu100")


def test_a_round_scores_the_cards_left_at_face_value_and_the_winner_nothing():
    hands = {0: (), 1: cards("red:21 blue:3"), 2: cards("white:-1"), 3: cards("black:-1 red:0 red:4")}
    assert round_scores(hands, winner=0) == {0: 0, 1: 24, 2: -1, 3: 3}
    # a winner holding a penalty card (missed_bonnu "wins") still scores 0
    assert round_scores({0: cards("red:9"), 1: cards("red:1")}, winner=0) == {0: 0, 1: 1}
    with pytest.raises(ValueError, match="seat 5, is not at the table"):
        round_scores(hands, winner=5)


def test_totals_add_up_and_a_minus_one_lowers_one():
    assert add_round({0: 40, 1: 12}, {0: -1, 1: 0}) == {0: 39, 1: 12}
    with pytest.raises(ValueError, match="same seats"):
        add_round({0: 40, 1: 12}, {0: 3})


def test_the_simple_game_ends_at_10_round_wins():
    assert simple_end({0: 9, 1: 9}) is None
    end = simple_end({0: 10, 1: 9})
    assert end.over and end.masters == (0,) and end.text == "seat 0 has won 10 rounds: Bonnu Master"
    assert simple_end({0: 3}, dataclasses.replace(DEFAULT, rounds_to_win=3)).masters == (0,)
    with pytest.raises(ValueError, match="one round has one winner"):
        simple_end({0: 10, 1: 10})


def test_bonnu_100_ends_at_100_or_more_and_the_lowest_total_wins():
    assert bonnu100_end({0: 99, 1: 12}, B100) is None
    end = bonnu100_end({0: 100, 1: 12, 2: 30}, B100)
    assert end.over and end.masters == (1,)
    assert end.text == "seat 0 reached 100; seat 1 has the lowest total, 12: Bonnu Master"
    assert bonnu100_end({0: 131, 1: 104, 2: 64}, B100).text == \
        "seat 0 and seat 1 reached 100; seat 2 has the lowest total, 64: Bonnu Master"


def test_decision_10_a_tie_for_lowest_plays_on_or_is_shared():
    end = bonnu100_end({0: 120, 1: 40, 2: 40}, B100)
    assert not end.over and end.masters == (1, 2)
    assert end.text == "seat 0 reached 100; seat 1 and seat 2 tie for the lowest total, 40: another round"
    shared = bonnu100_end({0: 120, 1: 40, 2: 40}, dataclasses.replace(B100, tie_for_lowest="shared"))
    assert shared.over and shared.masters == (1, 2) and shared.text.endswith("share the lowest total, 40: Bonnu Masters")


def test_game_end_follows_the_scoring_mode():
    wins, totals = {0: 10, 1: 0}, {0: 20, 1: 100}
    assert game_end(DEFAULT, wins, totals).masters == (0,)
    assert game_end(B100, wins, totals).masters == (0,) and "reached 100" in game_end(B100, wins, totals).text
    assert game_end(B100, wins, {0: 20, 1: 99}) is None


def test_the_sheets_four_penalties_and_decision_7_each_draw_one():
    assert PENALTY_DRAW == 1
    assert [(p.id, p.line, p.takes_back) for p in penalties(DEFAULT)] == [
        ("wrong-card", 44, True), ("missed-reach", 45, False), ("missed-bonnu", 46, False),
        ("wrong-bonnu", 47, True), ("wrong-cut", 0, True)]
    assert all(p.draws == 1 for p in penalties(DEFAULT))
    keep = dataclasses.replace(DEFAULT, take_back=False, wrong_cut_penalty=False)
    assert [(p.id, p.takes_back) for p in penalties(keep)] == [
        ("wrong-card", False), ("missed-reach", False), ("missed-bonnu", False), ("wrong-bonnu", False)]
    assert penalty("wrong-cut", keep) is None and penalty("wrong-cut").draws == 1
    with pytest.raises(KeyError, match="no Bonnu penalty 'slow-play'"):
        penalty("slow-play")
