"""Every Bonedoneskis rule in one ordered list.

The order is the order in which rules are asked about each moment of the hand, and so the order
in which a seat hears its decisions when one card sets off several rules: a Bonedoneskis ends
the hand before anything else, a war stops the deal, fees are asked before trades, and trades
before cards are turned over.
"""

from __future__ import annotations

from . import card_powers, fees, trades, turns, war
from .common import rule

EXTENSION = rule(
    "extension", "Seven- and eight-card stud", kind="info", cards=("JH", "JD", "QS"),
    keywords=("extension", "7-card", "8-card", "red jack"), source="README.md",
    heading="What the Bonedoneskis document leaves out",
    text="A red Jack or the Q♠ dealt face up on fifth street turns the hand into 7-card stud (sixth card up with a "
         "betting round, seventh down); one face up on sixth street makes it 8-card stud.",
    trigger="A red Jack or the Q♠ is dealt face up on fifth or sixth street.",
    effect="One more street: the next card comes face up and the river stays face down.",
    settings=(("extension", True, "street extension on"), ("max_cards", 8, "the most cards a hand can reach")))

REPLACEMENT = rule(
    "replacement", "Replacement card", kind="obligation", keywords=("replacement",), source="README.md",
    heading="(croupier)", text="A seat owed a card (after selling a 3) gets the next card dealt to it in place.",
    trigger="A card was sold.", effect="Betting waits until the replacement is dealt.")

SHOWDOWN = rule(
    "showdown", "Showdown", kind="obligation", keywords=("showdown", "show"), source="README.md",
    heading="(croupier)", text="At showdown every hand still in shows its hole cards; best five cards wins.",
    trigger="The last betting round ends with two or more players in.",
    effect="Each seat shows its face-down cards; hands are judged with every card power; pots are awarded.")

HOUSE_RULES = (fees.BONEDONESKIS, war.DUELING_SNOWMEN, fees.BLACK_JACK, fees.FISH_HOOK, fees.THREES,
               fees.I_GOT_THE_NINE, fees.GAMBLERS_LAST_DOLLAR, trades.TRADE_CARDS, trades.NO_RETRADE,
               trades.EIGHT_BALL, trades.TWO_HOG, trades.STRAIGHT_UP, turns.QUEEN_OF_HEARTS, turns.KINGS_MEN,
               turns.FOUR_TICIAN, turns.RIVER_KING, *card_powers.RULES)

RULES = HOUSE_RULES[:16] + (turns.TURN_UP,) + HOUSE_RULES[16:] + (EXTENSION, REPLACEMENT, SHOWDOWN)
RULES_BY_ID = {r.id: r for r in RULES}

assert len(HOUSE_RULES) == 26 and len(RULES_BY_ID) == len(RULES)
