"""Every modifier that changes ranking or legality, differentially: the same cards with the modifier
on and off give a different effective rank, legal set or trick winner."""

from dataclasses import replace

import pytest

from referee.cards import JOKER, Card
from referee.games.boneyard.ranking import (ANY_SUIT, NO_SUIT, Play, Round, effective, legal_fools_gold,
                                            legal_plays, trick_winner)
from referee.games.boneyard.settings import DEFAULT

C = Card.parse
PARTNER = {0: 2, 2: 0, 1: 3, 3: 1}


def cards(text):
    return tuple(C(t) for t in text.split())


def plays(text, first_seat=0):
    return [Play((first_seat + i) % 4, C(t)) for i, t in enumerate(text.split())]


def rnd(trump, *active, copied=None, **settings):
    return Round(trump, frozenset(active), C(copied) if copied else None, replace(DEFAULT, **settings))


def winner(text, r, first_seat=0):
    return trick_winner(plays(text, first_seat), r, PARTNER)


# ------------------------------------------------------------------ Golf Club, Square Deal
def test_golf_club_reverses_each_suit_but_not_bowers_or_benny():
    assert winner("AS 9S KS QS", rnd("H")).index == 0
    on = winner("AS 9S KS QS", rnd("H", "golf-club"))
    assert on.index == 1 and on.why == ("golf-club",) and "Golf Club" in on.text
    # Trumps reverse too: the 9 of trumps beats the ace of trumps, the bowers and benny stay on top.
    assert winner("AH 9H KS QS", rnd("H", "golf-club")).index == 1
    assert winner("9H JD JH JK", rnd("H", "golf-club")).index == 3
    assert winner("9H JD KS QS", rnd("H", "golf-club")).index == 1


def test_square_deal_swaps_aces_and_nines():
    assert winner("AS 9S KS QS", rnd("H")).index == 0
    on = winner("AS 9S KS QS", rnd("H", "square-deal"))
    assert on.index == 1 and on.why == ("square-deal",)


def test_golf_club_with_square_deal_commute_ace_high_nine_low_middle_reversed():
    r = rnd("H", "golf-club", "square-deal")
    order = [effective(C(t), r).rank for t in "AS TS JS QS KS 9S".split()]
    assert order == sorted(order, reverse=True)
    ruling = winner("KS TS 9S QS", r)
    # Golf Club alone: the 9♠ wins; Square Deal alone: the K♠. Both decided it.
    assert ruling.index == 1 and ruling.why == ("golf-club", "square-deal")


# ------------------------------------------------------------------ Copycats (decision 6)
def test_copycats_ten_is_a_full_copy_of_the_flipped_card():
    r = rnd("H", "copycats", copied="AS")
    assert effective(C("TD"), r).suit == "S"
    assert winner("KS TD QS 9S", rnd("H")).index == 0
    on = winner("KS TD QS 9S", r)
    assert on.index == 1 and on.why == ("copycats",)


def test_copycats_ten_follows_the_copied_suit():
    r = rnd("H", "copycats", copied="AS")
    assert legal_plays(cards("TD AD"), cards("KS"), r) == (C("TD"),)
    assert legal_plays(cards("TD AD"), cards("KS"), rnd("H")) == cards("TD AD")


def test_copycats_rank_only_keeps_the_ten_suit():
    r = rnd("H", "copycats", copied="AS", copycats_copy="rank")
    assert effective(C("TD"), r).suit == "D"
    assert winner("KD TD QD 9D", r).index == 1
    assert winner("KS TD QS 9S", r).index == 0


def test_equal_cards_first_played_wins_or_last():
    r = rnd("H", "copycats", copied="AS")
    assert winner("AS TD QS TC", r).index == 0
    assert winner("AS TD QS TC", replace(r, settings=replace(DEFAULT, equal_cards="last"))).index == 3


def test_copycats_copying_a_jack_makes_every_ten_a_bower():
    r = rnd("H", "copycats", copied="JD")
    assert effective(C("TS"), r).suit == "H"
    assert winner("AH TS KH QH", r).index == 1
    assert winner("AH TS KH QH", rnd("H")).index == 0


def test_copycats_copying_the_joker_makes_tens_bennies():
    r = rnd("S", "copycats", copied="JK")
    assert effective(C("TD"), r) == replace(effective(JOKER, r), why=("copycats",))
    assert winner("JS TD AS KS", r).index == 1


def test_copycats_copying_a_ten_changes_nothing_and_no_copy_changes_nothing():
    assert effective(C("TD"), rnd("H", "copycats", copied="TS")) == effective(C("TD"), rnd("H"))
    assert effective(C("TD"), rnd("H", "copycats")) == effective(C("TD"), rnd("H"))


# ------------------------------------------------------------------ Soul Mate
def test_soul_mate_off_suit_ace_is_ace_and_a_half_of_trumps():
    r = rnd("H", "soul-mate")
    assert effective(C("AD"), r).suit == "H"
    assert effective(C("AH"), r).rank < effective(C("AD"), r).rank < effective(C("JD"), r).rank
    assert winner("AH AD KH QH", r).index == 1
    assert winner("AH AD KH QH", rnd("H")).index == 0
    assert legal_plays(cards("AD KS"), cards("9H"), r) == (C("AD"),)


# ------------------------------------------------------------------ Fight Club (decision 7)
def test_fight_club_has_no_trump_so_a_nine_of_the_would_be_trump_cannot_win():
    assert winner("AS 9H KS QS", rnd("H")).index == 1
    assert winner("AS 9H KS QS", rnd(None, "fight-club")).index == 0
    with pytest.raises(ValueError, match="Fight Club"):
        rnd("H", "fight-club")


def test_fight_club_jacks_plain_or_high():
    assert winner("AS JS KS QS", rnd(None, "fight-club")).index == 0
    assert winner("AS JS KS QS", rnd(None, "fight-club", fight_club_jacks="high")).index == 1
    # a high jack is bower-like, so Golf Club does not send it to the bottom
    assert winner("9S JS KS QS", rnd(None, "fight-club", "golf-club", fight_club_jacks="high")).index == 1
    assert winner("9S JS KS QS", rnd(None, "fight-club", "golf-club")).index == 0
    # no left bower: the jack of the other colour follows its own suit
    assert legal_plays(cards("JD KS"), cards("AD"), rnd(None, "fight-club")) == (C("JD"),)


def test_fight_club_benny_highest_of_any_suit_or_dead():
    fc = rnd(None, "fight-club")
    assert effective(JOKER, fc).suit == ANY_SUIT
    assert winner("AS KS JK QS", fc).index == 2
    assert legal_plays((JOKER, C("AD")), cards("KS"), fc) == (JOKER,)   # a card of every suit
    dead = rnd(None, "fight-club", fight_club_benny="dead")
    assert effective(JOKER, dead).suit == NO_SUIT
    assert winner("AS KS JK QS", dead).index == 0
    assert legal_plays((JOKER, C("AD")), cards("KS"), dead) == (JOKER, C("AD"))


def test_benny_led_under_fight_club_lets_the_next_card_set_the_suit():
    fc = rnd(None, "fight-club")
    assert legal_plays(cards("AD KS"), [JOKER], fc) == cards("AD KS")
    assert legal_plays(cards("AD KS"), [JOKER, C("9S")], fc) == (C("KS"),)
    assert winner("JK 9S AS AD", fc).index == 0
    assert winner("JK 9S AS AD", rnd(None, "fight-club", fight_club_benny="dead")).index == 2


# ------------------------------------------------------------------ Assassin (decision 8)
def test_assassin_benny_is_the_lowest_trump():
    r = rnd("H", "assassin")
    assert effective(JOKER, r).rank < effective(C("9H"), r).rank
    assert winner("9H JK KS QS", rnd("H")).index == 1
    on = winner("9H JK KS QS", r)
    assert on.index == 0 and on.why == ("assassin",)
    assert winner("AS JK KS QS", r).index == 1                # still trumps a plain card
    assert legal_plays((JOKER, C("AS")), cards("9H"), r) == (JOKER,)


def test_assassin_lowest_card_cannot_win_or_follow():
    r = rnd("H", "assassin", assassin_benny="lowest_card")
    assert winner("AS JK KS QS", r).index == 0
    assert legal_plays((JOKER, C("AS")), cards("9H"), r) == (JOKER, C("AS"))


# ------------------------------------------------------------------ Heartbreaker, Lucky Penny (decision 10)
def test_heartbreaker_no_need_to_follow():
    assert legal_plays(cards("AS KD"), cards("9S"), rnd("H")) == (C("AS"),)
    assert legal_plays(cards("AS KD"), cards("9S"), rnd("H", "heartbreaker")) == cards("AS KD")


def test_lucky_penny_unseen_card_may_go_to_any_trick():
    hand = cards("AS KD 9C")
    assert legal_plays(hand, cards("9S"), rnd("H"), unseen=C("9C")) == (C("AS"),)
    assert legal_plays(hand, cards("9S"), rnd("H", "lucky-penny"), unseen=C("9C")) == cards("AS 9C")
    follows = rnd("H", "lucky-penny", lucky_penny_follows=True)
    assert legal_plays(hand, cards("9S"), follows, unseen=C("9C")) == (C("AS"),)


def test_lucky_penny_does_not_make_its_holder_able_to_follow():
    hand = cards("KD 9S")
    # The only spade is the unseen one: its holder may play anything.
    assert legal_plays(hand, cards("AS"), rnd("H", "lucky-penny"), unseen=C("9S")) == hand
    assert legal_plays(hand, cards("AS"), rnd("H"), unseen=C("9S")) == (C("9S"),)
    with pytest.raises(ValueError, match="not in the hand"):
        legal_plays(hand, cards("AS"), rnd("H", "lucky-penny"), unseen=C("AC"))


# ------------------------------------------------------------------ Fool's Gold (decision 12)
def test_fools_gold_beats_the_real_card_of_the_led_suit():
    r = rnd("S", "fools-gold")
    trick = [Play(1, C("9H")), Play(2, C("TH")), Play(3, C("TC"), fools_gold=True), Play(0, C("KD"))]
    ruling = trick_winner(trick, r, PARTNER)
    assert ruling.index == 2 and ruling.why == ("fools-gold",)
    plain = [Play(p.seat, p.card) for p in trick]
    assert trick_winner(plain, r, PARTNER).index == 1


def test_fools_gold_counts_as_following_or_only_when_void():
    hand = cards("TH 9C")
    assert legal_fools_gold(hand, cards("9H"), rnd("S", "fools-gold")) == hand
    assert legal_fools_gold(hand, cards("9H"), rnd("S", "fools-gold", fools_gold_follows=False)) == ()
    assert legal_fools_gold(cards("9C"), cards("9H"), rnd("S", "fools-gold", fools_gold_follows=False)) \
        == cards("9C")
    assert legal_fools_gold(hand, (), rnd("S", "fools-gold")) == ()
    assert legal_fools_gold(hand, cards("9H"), rnd("S")) == ()
    assert legal_fools_gold((JOKER,), cards("9H"), rnd("S", "fools-gold")) == ()


def test_fools_gold_flag_refused_without_the_modifier_or_on_a_lead():
    with pytest.raises(ValueError, match="not active"):
        trick_winner([Play(0, C("9H")), Play(1, C("TC"), fools_gold=True)], rnd("S"), PARTNER)
    with pytest.raises(ValueError, match="no suit has been led"):
        trick_winner([Play(0, C("9H"), fools_gold=True)], rnd("S", "fools-gold"), PARTNER)


def test_fools_gold_on_a_trump_lead_is_just_above_its_own_trump_rank():
    r = rnd("S", "fools-gold")
    trick = [Play(0, C("QS")), Play(1, C("KS")), Play(2, C("QH"), fools_gold=True), Play(3, C("9S"))]
    assert trick_winner(trick, r, PARTNER).index == 1         # Q-and-a-half is below the king
    trick[2] = Play(2, C("KH"), fools_gold=True)
    assert trick_winner(trick, r, PARTNER).index == 2


# ------------------------------------------------------------------ Club Sandwich, Mad Genius
def test_club_sandwich_partners_pair_second_card_is_ace_and_a_half_of_trumps():
    # seats 0 and 2 are partners: 9S then 9D
    assert winner("9S AH 9D KS", rnd("H")).index == 1
    on = winner("9S AH 9D KS", rnd("H", "club-sandwich"))
    assert on.index == 2 and on.why == ("club-sandwich",)
    # a pair between opponents is no sandwich
    assert winner("9S 9D AH KS", rnd("H", "club-sandwich")).index == 2


def test_club_sandwich_never_lowers_a_bower():
    assert winner("JH AH JD KH", rnd("H", "club-sandwich", "soul-mate")).index == 0


def test_mad_genius_partners_nine_and_ten_nine_is_benny_and_a_half():
    assert winner("TS JK 9D KS", rnd("H")).index == 1
    on = winner("TS JK 9D KS", rnd("H", "mad-genius"))
    assert on.index == 2 and on.why == ("mad-genius",)


def test_mad_genius_under_fight_club_is_of_the_led_suit():
    assert winner("TS AS 9D KS", rnd(None, "fight-club", "mad-genius")).index == 2


def test_mad_genius_with_assassin_top_or_follows():
    top = rnd("H", "assassin", "mad-genius")
    assert winner("TS AH 9D KS", top).index == 2
    follows = rnd("H", "assassin", "mad-genius", mad_genius_with_assassin="follows")
    assert winner("TS AH 9D KS", follows).index == 1
    assert winner("TS KS 9D QS", follows).index == 2          # still a trump


def test_ruling_names_only_the_modifiers_that_changed_the_winner():
    r = rnd("H", "golf-club", "heartbreaker", "strip-club")
    ruling = winner("AS 9S KS QS", r)
    assert ruling.why == ("golf-club",)
    assert "Golf Club" in ruling.text and "Heartbreaker" not in ruling.text


# ------------------------------------------------------------------ decision 5: stacks
def test_fight_club_switches_soul_mate_off():
    assert effective(C("AD"), rnd(None, "fight-club", "soul-mate")).suit == "D"
    assert winner("KD AD 9H QD", rnd(None, "fight-club", "soul-mate")).index == 1
    assert winner("KH AD 9H QD", rnd("H", "soul-mate")).index == 1
    assert winner("KH AD 9H QD", rnd(None, "fight-club", "soul-mate")).index == 0


def test_club_sandwich_under_fight_club_is_ace_and_a_half_of_the_led_suit():
    fc = rnd(None, "fight-club", "club-sandwich")
    assert winner("9S AS 9D KS", fc).index == 2
    assert winner("9S AS 9D KS", rnd(None, "fight-club")).index == 1


def test_copycats_with_golf_club_copies_the_reversed_rank():
    r = rnd("H", "copycats", "golf-club", copied="9S")
    assert (effective(C("TD"), r).suit, effective(C("TD"), r).rank) == (effective(C("9S"), r).suit,
                                                                      effective(C("9S"), r).rank)
    assert winner("AS TD KS QS", r).index == 1
    ruling = winner("AS TD KS QS", r)
    assert set(ruling.why) == {"copycats", "golf-club"}


def test_ruling_words_say_what_a_changed_card_plays_as():
    fools = [Play(1, C("9H")), Play(2, C("TH")), Play(3, C("TC"), fools_gold=True), Play(0, C("KD"))]
    assert trick_winner(fools, rnd("S", "fools-gold"), PARTNER).text == (
        "seat 3 wins the trick: 10♣ (Fool's Gold: the 10-and-a-half of ♥) is the highest card of the led "
        "suit, ♥; decided by Fool's Gold")
    assert winner("KS TD QS 9S", rnd("H", "copycats", copied="AS")).text == (
        "seat 1 wins the trick: 10♦ (a copy of the A♠) is the highest card of the led suit, ♠; decided by Copycats")
    assert winner("9S AH 9D KS", rnd("H", "club-sandwich")).text == (
        "seat 2 wins the trick: 9♦ (the Ace-and-a-half of trumps) trumps the trick; decided by Club Sandwich")
    assert winner("9H JD KS QS", rnd("H")).text == "seat 1 wins the trick: J♦ (the left bower) is the highest trump"
