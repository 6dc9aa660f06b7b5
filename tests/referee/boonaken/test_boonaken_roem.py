"""Roem (boonaken-fa.txt lines 18-32, 63, 87-97) and decisions 1, 5 and 6."""

import pytest

from referee.cards import parse_card, parse_cards
from referee.games.boonaken.roem import (best_declarable, best_roem, cancelling_challenge, challenge_cancels,
                                         check_claim, declarable_totals, highest_roem_card, holds_roem,
                                         may_challenge, may_declare, max_roem, melds, total)
from referee.games.boonaken.settings import BoonakenSettings

NO_SHARING = BoonakenSettings(roem_shared_with_run=False)
TRICK_ORDER = BoonakenSettings(roem_tie_order="trick")


def roem(hand, trump="S", settings=BoonakenSettings()):
    return best_roem(parse_cards(hand), trump, settings)


@pytest.mark.parametrize("hand, points", [
    ("AH KH QH 7S 8D 9C", 20),      # line 22: run of three
    ("AH KH QH JH 8D 9C", 50),      # line 23: run of four
    ("AH KH QH JH TH 9C", 100),     # line 24: run of five
    ("AH KH QH JH TH 9H", 200),     # line 25: run of six
    ("JS JH JD JC 7H 9D", 200),     # line 26: four jacks
    ("QS QH QD QC 7H 9D", 100),     # line 27
    ("KS KH KD KC 7H 9D", 100),     # line 28
    ("AS AH AD AC 7H 9D", 100),     # line 29
    ("KS QS 7H 9D 8C AD", 20),      # line 30: stuk, the trump K and Q
])
def test_roem_values(hand, points):
    assert roem(hand) == points


def test_four_tens_nines_eights_sevens_score_nothing():
    for rank in "T987":
        assert roem(" ".join(rank + s for s in "SHDC") + " AH QD") == 0


def test_run_uses_the_plain_order_not_the_trump_order():
    # line 20: Q-J-10-9 of trumps is a run of four; J-9-A-K is no run at all
    assert roem("QS JS TS 9S 7H 7D", "H") == 50
    assert roem("JS 9S AS KS 7H 7D", "H") == 0


def test_king_queen_of_a_plain_suit_is_no_stuk():
    assert roem("KH QH 7S 9D 8C AD", "S") == 0


def test_no_stuk_without_trump():
    # decision 3: with no trump (misère, zwabber) runs and fours count, stuk does not
    assert roem("KS QS JS 7H 9D 8C", None) == 20


def test_six_run_setting_100():
    assert roem("AH KH QH JH TH 9H", "S", BoonakenSettings(six_run_points=100)) == 100


def test_run_and_stuk_share_a_card_seventy():
    # line 32 and line 87: K-Q-J-10 of trumps is 50 + 20 = 70
    assert roem("KS QS JS TS 7H 7D") == 70


def test_a_card_is_in_one_run_only():
    # line 32: a six-run may be shown as two three-runs (40) but never as both
    totals = declarable_totals(parse_cards("AH KH QH JH TH 9H"), "S")
    assert 40 in totals and 60 not in totals and max(totals) == 200


def test_four_aces_with_trump_king_queen_is_140():
    # line 32, decision 1 default: the trump ace counts in the four aces and in the A-K-Q run
    assert roem("AS AH AD AC KS QS") == 140


def test_four_aces_with_trump_king_queen_is_120_without_sharing():
    assert roem("AS AH AD AC KS QS", "S", NO_SHARING) == 120


def test_stuk_shares_with_four_of_a_kind_even_without_sharing():
    assert roem("KS KH KD KC QS 7D", "S", NO_SHARING) == 120


def test_the_maximum_240_and_220():
    # decision 1: four jacks with the trump K and Q: 200 + K-Q-J run 20 + stuk 20 = 240; 220 without sharing
    assert roem("JS JH JD JC KS QS") == 240 == max_roem(True)
    assert roem("JS JH JD JC KS QS", "S", NO_SHARING) == 220 == max_roem(True, NO_SHARING)
    # line 63: boonaak 220 from A-K-Q-J-10-9 of the trump suit, 200 run + 20 stuk
    assert roem("AS KS QS JS TS 9S") == 220


def test_maximum_without_trump():
    assert roem("JS JH JD JC QS TS", None) == 220 == max_roem(False)
    assert roem("JS JH JD JC QS TS", None, NO_SHARING) == 200 == max_roem(False, NO_SHARING)


def test_bid_95_with_five_run_declares_50():
    # line 89: bid 95, Q-J-10-9-8 of trumps after the discard: only 50 may be declared
    hand = parse_cards("QS JS TS 9S 8S 7H")
    assert best_roem(hand, "S") == 100
    assert best_declarable(hand, "S", 95) == 50
    assert may_declare(hand, "S", 50, 95) and not may_declare(hand, "S", 100, 95)
    assert may_declare(hand, "S", 20, 95)            # a partial total is allowed


def test_four_aces_not_declarable_on_100_or_less():
    # line 89: four aces with a bid of 100 or less may not be declared
    hand = parse_cards("AS AH AD AC 7D 8C")
    assert best_declarable(hand, "S", 100) == 0
    assert not may_declare(hand, "S", 100, 100)
    assert best_declarable(hand, "S", 105) == 100


def test_declaring_roem_not_held_or_nothing():
    hand = parse_cards("AS AH AD AC 7D 8C")
    assert not may_declare(hand, "S", 50, 200)
    assert not may_declare(hand, "S", 0, 200)


def test_melds_lists_overlapping_ones():
    kinds = sorted(m.kind for m in melds(parse_cards("KS QS JS TS 7H 7D"), "S"))
    assert kinds == ["run", "run", "run", "stuk"]     # K-Q-J, Q-J-10, K-Q-J-10


def test_boonaak_with_roem_must_hold_it():
    # line 93: boonaak 50 needs at least 50 roem in hand
    assert holds_roem(parse_cards("KS QS JS TS 7H 7D"), "S", 50)
    assert not holds_roem(parse_cards("KS QS JS 7H 7D 8C"), "S", 50)


def test_challenge_only_with_at_least_as_much_and_only_against_a_declaration():
    # line 91 and line 97
    assert may_challenge(20, 20) and may_challenge(20, 50)
    assert not may_challenge(50, 20) and not may_challenge(0, 50)


def test_higher_challenge_cancels():
    assert challenge_cancels(20, parse_card("KS"), 50, parse_card("7H"), "S")


def test_equal_challenge_highest_roem_card_natural_order():
    # line 91: equal roem: the higher top card cancels; decision 5: A K Q J 10 9 8 7, trump above plain
    jack_of_trumps, queen_of_hearts = parse_card("JS"), parse_card("QH")
    assert challenge_cancels(20, jack_of_trumps, 20, queen_of_hearts, "S")
    assert not challenge_cancels(20, queen_of_hearts, 20, jack_of_trumps, "S")
    assert challenge_cancels(20, parse_card("AH"), 20, parse_card("AS"), "S")


def test_equal_challenge_trick_order_setting():
    assert not challenge_cancels(20, parse_card("JS"), 20, parse_card("QH"), "S", TRICK_ORDER)
    assert challenge_cancels(20, parse_card("QS"), 20, parse_card("9S"), "S", TRICK_ORDER)


def test_equal_challenge_tie_of_cards_the_declarer_stands():
    # decision 5: two plain aces: the opponent's is not higher, so the declarer's roem stands (line 91)
    assert not challenge_cancels(20, parse_card("AH"), 20, parse_card("AD"), "S")


def test_several_challengers_first_that_cancels_in_order():
    # decision 6: heard clockwise from the declarer's left; lower or losing challenges do not count
    challenges = [(20, parse_card("AH")), (20, parse_card("KH")), (50, parse_card("7D")), (100, parse_card("AC"))]
    assert cancelling_challenge(20, parse_card("QS"), challenges, "S") == 0
    assert cancelling_challenge(50, parse_card("AS"), challenges, "S") == 3
    assert cancelling_challenge(200, parse_card("AS"), challenges, "S") is None


def test_claim_checked_against_the_cards_played():
    played = parse_cards("KS QS JS TS 7H 8D")
    proof = check_claim(played, "S", 70)
    assert proof is not None and total(proof) == 70
    assert check_claim(played, "S", 100) is None                     # a false claim
    assert check_claim(played, "S", 20, parse_card("QS")) is not None  # Q-J-10 with the queen on top
    assert check_claim(played, "S", 20, parse_card("7H")) is None


def test_highest_roem_card_for_a_total():
    played = parse_cards("KS QS JS TS 7H 8D")
    assert highest_roem_card(played, "S", 20) == parse_card("KS")
    assert highest_roem_card(played, "S", 50) == parse_card("KS")
    assert highest_roem_card(played, "S", 100) is None
