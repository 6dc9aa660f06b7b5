"""Who plays, leads, reveals, robs and deals: Party Crasher, Fusion, Therapy Club, Grave Robber and
the redeal (decisions 9, 11, 16)."""

from dataclasses import replace

from referee.games.boneyard.order import grave_robber_tricks, next_dealer, next_leaders, play_order, revealers
from referee.games.boneyard.ranking import Round
from referee.games.boneyard.settings import DEFAULT, BoneyardSettings


def test_decision_16_redeal_same_dealer_or_next():
    assert next_dealer(2, redeal=True) == 2
    assert next_dealer(2, redeal=True, settings=BoneyardSettings(redeal_dealer="next")) == 3
    assert next_dealer(3, redeal=False) == 0


def test_party_crasher_leader_partner_plays_last():
    assert play_order(1, Round("H")) == (1, 2, 3, 0)
    assert play_order(1, Round("H", frozenset({"party-crasher"}))) == (1, 2, 0, 3)


def test_fusion_partner_may_lead_instead():
    assert next_leaders(1, Round("H")) == (1,)
    assert next_leaders(1, Round("H", frozenset({"fusion"}))) == (1, 3)


def test_decision_9_therapy_club_defenders_or_all_three():
    assert revealers(0, Round("H")) == ()
    assert revealers(0, Round("H", frozenset({"therapy-club"}))) == (1, 3)
    all_three = Round("H", frozenset({"therapy-club"}), None, BoneyardSettings(therapy_club="all_three"))
    assert revealers(0, all_three) == (1, 2, 3)


def test_decision_11_grave_robber_just_scored_trick_or_any():
    on = Round("H", frozenset({"grave-robber"}))
    assert grave_robber_tricks(3, Round("H")) == ()
    assert grave_robber_tricks(0, on) == ()
    assert grave_robber_tricks(3, on) == (2,)
    anyt = replace(on, settings=replace(DEFAULT, grave_robber_trick="any"))
    assert grave_robber_tricks(3, anyt) == (0, 1, 2)
