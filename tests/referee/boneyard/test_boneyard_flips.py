"""Drawing bones (Copycats, Meet Cute, Polycule, Scheme, Lucky Penny) and the round's trump:
decisions 1, 3, 4, 15."""

import pytest

from referee.cards import JOKER, Card
from referee.games.boneyard.flips import bones_after_discard, carry_after_redeal, make_round, resolve, round_trump
from referee.games.boneyard.order import PARTNER
from referee.games.boneyard.ranking import Play, trick_winner
from referee.games.boneyard.settings import BoneyardSettings

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
