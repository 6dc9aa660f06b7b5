import pytest

from referee.cards import (JOKER, BonnuCard, Card, CardError, bonnu_deck, deck25, deck32, deck52, deck53,
                           parse_card, parse_cards, with_article)


@pytest.mark.parametrize("text,rank,suit", [
    ("9D", 9, "D"), ("9♦", 9, "D"), ("10S", 10, "S"), ("TS", 10, "S"), ("10♠", 10, "S"), ("ah", 14, "H"),
    ("Q♣", 12, "C"), ("2♡", 2, "H"), (" KC ", 13, "C"),
])
def test_text_forms(text, rank, suit):
    assert parse_card(text) == Card(rank, suit)


@pytest.mark.parametrize("text", ["JK", "joker", "Joker"])
def test_joker(text):
    assert parse_card(text) == JOKER and JOKER.is_joker and JOKER.code == "JK"


@pytest.mark.parametrize("text", ["", "X", "1", "11S", "9X", "ZZ", "10", "♠"])
def test_bad_cards_say_what_is_wrong(text):
    with pytest.raises(CardError, match="cannot read card"):
        parse_card(text)


def test_codes_round_trip_and_pretty():
    for card in deck53():
        assert parse_card(card.code) == card
        assert parse_card(card.pretty if not card.is_joker else "JK") == card
    assert Card(10, "S").pretty == "10♠" and Card(9, "D").code == "9D"


def test_parse_cards_accepts_dashes_and_commas():
    assert parse_cards("J♥-9♥-5♠, 9♦ 2♣") == [Card(11, "H"), Card(9, "H"), Card(5, "S"), Card(9, "D"), Card(2, "C")]


def test_decks():
    assert len(deck52()) == len(set(deck52())) == 52
    assert len(deck53()) == 53 and JOKER in deck53()
    assert len(deck32()) == 32 and min(c.rank for c in deck32()) == 7
    d25 = deck25()
    assert len(d25) == 25 and JOKER in d25 and {c.rank for c in d25 if not c.is_joker} == {9, 10, 11, 12, 13, 14}


def test_colours():
    assert parse_card("6H").is_red and parse_card("6D").is_red and parse_card("JC").is_black


def test_bonnu_deck_has_110_distinct_cards():
    deck = bonnu_deck()
    assert len(deck) == 110 == len(set(deck))
    assert sum(1 for c in deck if c.value == 21) == 5 and sum(1 for c in deck if c.value == -1) == 5
    assert BonnuCard.parse("red:7") == BonnuCard("red", 7) and BonnuCard.parse("blue:-1#0").value == -1


@pytest.mark.parametrize("text", ["green:3", "red:10", "red", "red:x", "red:21#1"])
def test_bad_bonnu_cards(text):
    with pytest.raises(CardError):
        BonnuCard.parse(text)


@pytest.mark.parametrize("name, said", [("A♦", "an A♦"), ("8♣", "an 8♣"), ("Ace", "an Ace"), ("ace", "an ace"),
                                        ("eight", "an eight"), ("7♦", "a 7♦"), ("10♠", "a 10♠"), ("K♥", "a K♥"),
                                        ("4", "a 4"), ("Joker", "a Joker")])
def test_a_card_name_takes_the_right_article(name, said):
    assert with_article(name) == said
