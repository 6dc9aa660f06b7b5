"""Drawing bones (Copycats, Meet Cute, Polycule, Scheme, Lucky Penny), the round's trump and the
seat-order helpers: decisions 1, 3, 4, 9, 11, 15, 16."""

from dataclasses import replace

import pytest

from referee.cards import JOKER, Card
from referee.games.boneyard.flips import bones_after_discard, carry_after_redeal, make_round, resolve, round_trump
from referee.games.boneyard.order import (PARTNER, grave_robber_tricks, next_dealer, next_leaders, play_order,
                                          revealers)
from referee.games.boneyard.ranking import Round, trick_winner, Play
from referee.games.boneyard.settings import DEFAULT, BoneyardSettings

C = Card.parse


def bones(text):
    return [C(t) for t in text.split()]


def test_plain_taken_card_adds_only_its_modifier():
    m = resolve(C("AC"), bones("9H KS JH 9S"))
    assert m.active == ("spiked-club",) and m.flips == () and m.bones_left == tuple(bones("9H KS JH 9S"))


def test_meet_cute_and_polycule_read_the_same_two_flips_both_added():
    for taken in ("9H", "JH"):
        m = resolve(C(taken), bones("AC QH 9D KD"))
        assert m.active[1:] == ("spiked-club", "heartbreaker")
        assert m.bones_left == tuple(bones("9D KD"))


def test_copycats_flips_the_copy_and_lucky_penny_the_partner_card():
    m = resolve(C("9S"), bones("AC QH"))
    assert m.active == ("copycats",) and m.copied == C("AC") and m.bones_left == (C("QH"),)
    p = resolve(C("TD"), bones("AC QH"))
    assert p.penny == C("AC") and p.active == ("lucky-penny",)


def test_scheme_carries_its_flip_into_the_next_round():
    m = resolve(C("KS"), bones("QC 9H"))
    assert m.active == ("scheme", "fight-club") and m.carry == ("fight-club",)
    nxt = resolve(C("AD"), bones("9C TC JS"), carried=m.carry)
    assert nxt.active == ("high-stakes", "fight-club")


def test_decision_4_chain_or_ignore_a_flipped_flipper():
    chain = resolve(C("9H"), bones("KS AC QH 9D"))
    assert chain.active == ("meet-cute", "scheme", "spiked-club", "heartbreaker")
    assert chain.carry == ("heartbreaker",)
    ignored = resolve(C("9H"), bones("KS AC QH 9D"), BoneyardSettings(chain_flips=False))
    assert ignored.active == ("meet-cute", "spiked-club") and ignored.carry == ()


def test_decision_4_running_out_of_bones_does_nothing_more():
    m = resolve(C("9H"), bones("JH 9S QD"))       # meet cute -> polycule, copycats; polycule needs 2 more
    assert m.active == ("meet-cute", "polycule", "copycats", "square-deal")
    assert m.copied is None and m.bones_left == ()
    assert m.short == ("Polycule: no bone left to flip", "Copycats: no bone left to flip")
    with pytest.raises(ValueError, match="taken card"):
        resolve(C("9H"), bones("9H JH"))


def test_decision_3_the_discard_rejoins_the_bones_only_with_the_setting():
    left = bones("9S QH KD AC")
    assert bones_after_discard(left, C("9D")) == tuple(left)
    assert bones_after_discard(left, C("9D"), BoneyardSettings(discard_to_boneyard=True))[-1] == C("9D")
    m = resolve(C("JH"), bones_after_discard(bones("KS"), C("AC"), BoneyardSettings(discard_to_boneyard=True)),
                BoneyardSettings(discard_to_boneyard=True))
    assert "spiked-club" in m.active
    assert "spiked-club" not in resolve(C("JH"), bones_after_discard(bones("KS"), C("AC"))).active


def test_decision_1_joker_taken_maker_names_trump_or_no_trump():
    assert round_trump(JOKER, ("dummy",), named="C") == "C"
    with pytest.raises(ValueError, match="names trump"):
        round_trump(JOKER, ("dummy",))
    assert round_trump(JOKER, ("dummy",), settings=BoneyardSettings(joker_trump="no_trump")) is None
    assert round_trump(C("QC"), ("fight-club",)) is None
    assert round_trump(C("9S"), ("copycats",)) == "S"
    r = make_round(JOKER, resolve(JOKER, bones("9C")), named="C")
    # the Joker taken is the benny of the named trump: it wins over the right bower
    assert trick_winner([Play(0, JOKER), Play(1, C("JC"))], r, PARTNER).index == 0


def test_decision_15_scheme_through_a_redeal_carries_or_is_lost():
    assert carry_after_redeal(("fusion",)) == ("fusion",)
    assert carry_after_redeal(("fusion",), BoneyardSettings(scheme_redeal="lost")) == ()


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
