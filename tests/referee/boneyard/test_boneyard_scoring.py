"""The scoring table (sheet line 9), the scoring modifiers on and off, Strip Club's queen point and
the game end (decisions 2, 13, 14)."""

from dataclasses import replace

import pytest

from referee.cards import Card
from referee.games.boneyard.ranking import Play, Round
from referee.games.boneyard.scoring import game_winner, queen_point, round_points
from referee.games.boneyard.settings import DEFAULT, BoneyardSettings

C = Card.parse


def rnd(*active, copied=None, **settings):
    return Round("H", frozenset(active), C(copied) if copied else None, replace(DEFAULT, **settings))


@pytest.mark.parametrize("tricks, makers, defenders", [
    (5, 2, 0), (4, 1, 0), (3, 1, 0), (2, 0, 2), (1, 0, 2), (0, 0, 2)])
def test_plain_scoring_table(tricks, makers, defenders):
    p = round_points(tricks, rnd())
    assert (p.makers, p.defenders, p.why) == (makers, defenders, ())


def test_decision_2_four_tricks_score_one_or_two():
    assert round_points(4, rnd()).makers == 1
    assert round_points(4, rnd(four_tricks_points=2)).makers == 2


def test_shoot_the_moon_makers_score_two_for_no_tricks_replacing_the_defenders():
    assert (round_points(0, rnd()).makers, round_points(0, rnd()).defenders) == (0, 2)
    p = round_points(0, rnd("shoot-the-moon"))
    assert (p.makers, p.defenders, p.why) == (2, 0, ("shoot-the-moon",))
    assert "Shoot The Moon" in p.text
    both = round_points(0, rnd("shoot-the-moon", shoot_the_moon="both"))
    assert (both.makers, both.defenders) == (2, 2)
    assert round_points(1, rnd("shoot-the-moon")).makers == 0     # one trick is no moon


def test_spiked_club_defenders_one_fewer():
    assert round_points(2, rnd("spiked-club")).defenders == 1
    assert round_points(3, rnd("spiked-club")).makers == 1
    both = round_points(0, rnd("shoot-the-moon", "spiked-club", shoot_the_moon="both"))
    assert (both.makers, both.defenders) == (2, 1)
    assert round_points(0, rnd("shoot-the-moon", "spiked-club")).defenders == 0


def test_high_stakes_makers_one_more_when_they_win():
    assert [round_points(t, rnd("high-stakes")).makers for t in (5, 4, 3, 2)] == [3, 2, 2, 0]
    assert round_points(0, rnd("high-stakes", "shoot-the-moon")).makers == 2


def test_round_points_refuses_bad_counts():
    for bad in (-1, 6, 2.5, True, "3"):
        with pytest.raises(ValueError, match="0 to 5"):
            round_points(bad, rnd())


def test_strip_club_queen_point():
    assert queen_point(Play(0, C("QS")), rnd("strip-club")) == 1
    assert queen_point(Play(0, C("QS")), rnd()) == 0
    assert queen_point(Play(0, C("KS")), rnd("strip-club")) == 0
    assert queen_point(Play(0, C("TS")), rnd("strip-club", "copycats", copied="QD")) == 1


def test_game_end_at_ten_the_higher_team_wins():
    assert game_winner((9, 8)) is None
    assert game_winner((10, 8)) == 0
    assert game_winner((11, 12)) == 1        # both past 10 (a Strip Club point): the higher wins


def test_decision_14_tie_at_ten_plays_on_or_the_makers_win():
    assert game_winner((10, 10)) is None
    makers = BoneyardSettings(tie_at_ten="makers")
    assert game_winner((10, 10), makers, last_makers=1) == 1
    with pytest.raises(ValueError, match="last round"):
        game_winner((10, 10), makers)
    with pytest.raises(ValueError, match="two team scores"):
        game_winner((10,))
