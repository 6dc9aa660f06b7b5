"""Legal plays and trick winners (boonaken-fa.txt lines 77-85, variant line 147)."""

from referee.cards import parse_card, parse_cards
from referee.games.boonaken.play import deal_has_trump, legal_plays, trick_winner, trump_for_deal
from referee.games.boonaken.settings import BoonakenSettings

NO_UNDERTRUMP = BoonakenSettings(no_undertrump=True)


def legal(hand, trick, trump, settings=BoonakenSettings()):
    return " ".join(c.code for c in legal_plays(parse_cards(hand), parse_cards(trick), trump, settings))


def test_leading_any_card():
    assert legal("7H JS AD", "", "S") == "7H JS AD"


def test_trump_led_must_follow_with_trump():
    # line 79: others must follow with a trump
    assert legal("7S 9S AH", "AS", "S") == "7S 9S"


def test_trump_led_jack_alone_need_not_follow():
    # line 79: a player whose only trump is the jack (the Boer) may play anything
    assert legal("JS AH 7D", "7S", "S") == "JS AH 7D"


def test_trump_led_jack_with_another_trump_must_follow():
    assert legal("JS 8S AH", "7S", "S") == "JS 8S"


def test_trump_led_no_trump_any_card():
    assert legal("AH 7D", "7S", "S") == "AH 7D"


def test_plain_led_follow_or_trump_even_when_able_to_follow():
    # line 81: trumping is allowed even when holding the led suit
    assert legal("7H 8S AD", "AH", "S") == "7H 8S"


def test_plain_led_void_any_card():
    # line 81: no card of the led suit: any card (trumping allowed, not required)
    assert legal("8S AD 7C", "AH", "S") == "8S AD 7C"


def test_no_trump_follow_suit_else_anything():
    # line 85: misère and zwabber have no trump
    assert legal("7H 8S", "AH", None) == "7H"
    assert legal("8S AD", "AH", None) == "8S AD"


def test_no_undertrump_after_a_plain_lead_was_trumped():
    # line 147: a lower trump may not be played once a plain lead has been trumped
    assert legal("7S AS AD", "AH 9S", "S", NO_UNDERTRUMP) == "AD"
    assert legal("7S JS 7H", "AH 9S", "S", NO_UNDERTRUMP) == "JS 7H"


def test_no_undertrump_unless_only_trumps_held():
    assert legal("7S 8S", "AH 9S", "S", NO_UNDERTRUMP) == "7S 8S"


def test_no_undertrump_off_by_default_and_not_on_untrumped_tricks():
    assert legal("7S AD", "AH 9S", "S") == "7S AD"
    assert legal("7S AD", "AH KH", "S", NO_UNDERTRUMP) == "7S AD"


def test_trick_winner_highest_trump():
    # line 79 / 81: the highest trump wins; the 9 (Nel) beats the ace
    assert trick_winner(parse_cards("AH 9S AS 7H"), "S") == 1
    assert trick_winner(parse_cards("7S JS 9S"), "S") == 1


def test_trick_winner_highest_of_led_suit_without_trump():
    assert trick_winner(parse_cards("9H AD TH 7H"), "S") == 2
    # line 85: no trump: the jack of spades is just a spade
    assert trick_winner(parse_cards("9H JS 7H"), None) == 0


def test_klaverjas_ten_beats_king():
    klaverjas = BoonakenSettings(klaverjas_trump_order=True)
    assert trick_winner(parse_cards("KS TS"), "S") == 0
    assert trick_winner(parse_cards("KS TS"), "S", klaverjas) == 1


def test_trump_set_by_first_lead_when_not_named():
    # line 77: leading without naming trump makes the led suit trump; naming it aloud wins
    assert trump_for_deal(None, parse_card("7D")) == "D"
    assert trump_for_deal("S", parse_card("7D")) == "S"


def test_which_deals_have_a_trump():
    assert deal_has_trump("number", 0) and deal_has_trump("boonaak", 0)
    assert not deal_has_trump("zwabber", 0) and not deal_has_trump("misere", 1)
    lone = BoonakenSettings(lone_misere_trump=True)
    assert deal_has_trump("misere", 1, lone) and not deal_has_trump("misere", 2, lone)   # line 149
