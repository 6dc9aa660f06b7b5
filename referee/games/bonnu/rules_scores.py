"""Bonnu rule objects for the penalties (each draws one card) and the two ways to win the game.
The penalties themselves are `scoring.penalties`; the scores and the game end `scoring.py`."""

from __future__ import annotations

from .rulesheet import rule

WRONG_CARD = rule(
    "wrong-card", "Penalty: a card that does not match", line=44, kind="fee",
    keywords=("penalty", "wrong card", "does not match", "misplay", "draw one"),
    text="A player who lays a card that matches neither the colour nor the number of the card just played "
         "draws one card from the draw pile.",
    trigger="A card laid on the wrong card.",
    effect="One penalty card; the card goes back to the hand (take-back).",
    examples=("Red 9 on top, seat 1 lays the blue 3: seat 1 takes the blue 3 back and draws one.",))

MISSED_REACH = rule(
    "missed-reach", "Penalty: no Reach!", line=45, kind="fee",
    keywords=("penalty", "reach", "missed", "forgot", "one card"),
    text="A player who fails to shout \"Reach!\" when they have one card left draws one card.",
    trigger="The shout time (shouts) passes with one card in a hand and no Reach.",
    effect="One penalty card: the hand holds two again.",
    examples=("Seat 0 goes down to one card and says nothing for 2 s: seat 0 draws one.",))

MISSED_BONNU = rule(
    "missed-bonnu", "Penalty: no Bonnu!", line=46, kind="fee",
    keywords=("penalty", "bonnu", "missed", "forgot", "last card"), settings=("missed_bonnu",),
    text="A player who fails to shout \"Bonnu!\" on laying their last card draws one card.",
    trigger="The shout time (shouts) passes after a last card with no Bonnu.",
    effect="One penalty card; by default the round goes on (shouts, decision 6).",
    examples=("Seat 2 lays their last card and forgets: seat 2 draws one, and seat 3 is on turn.",))

WRONG_BONNU = rule(
    "wrong-bonnu", "Penalty: a wrong Bonnu", line=47, kind="fee",
    keywords=("penalty", "bonnu", "wrong total", "false bonnu"),
    text="A player who plays a Bonnu whose total does not equal the number required draws one card.",
    trigger="A Bonnu laid face up whose total fails bonnu-equal and bonnu-ten.",
    effect="One penalty card; the cards go back to the hand (take-back), the round goes on.",
    examples=("On a 9, seat 3 lays 4 + 3 + 1 = 8: seat 3 takes them back and draws one.",))

TAKE_BACK = rule(
    "take-back", "After a wrong card or a wrong Bonnu", line=44, also=(47,), kind="fee",
    keywords=("take back", "penalty", "return", "misplay"), settings=("take_back",),
    text="A card that does not match and the cards of a wrong Bonnu go back to the player's hand, and the "
         "penalty card is drawn.",
    trigger="A wrong card or a wrong Bonnu.",
    effect="The pile's top card is the card it was; the player's hand is as it was plus one card.",
    interpretation="Decision 7: the sheet gives the penalty card and nothing more. A wrong card left on the "
                   "pile would change the card everyone must match, and a wrong Bonnu's hand is face up on "
                   "the table, so both go back (take_back on); off, a wrong card stays as the new top card.",
    examples=("Red 9 on top, seat 1 lays the blue 3: the blue 3 goes back, seat 1 draws one.",))

WRONG_CUT = rule(
    "wrong-cut", "Penalty: a wrong Cut", line=23, also=(44,), kind="fee",
    keywords=("wrong cut", "penalty", "cut", "one card", "different number"), settings=("wrong_cut_penalty",),
    text="A Cut with cards not of the number just played, or with one card only, goes back to the hand and "
         "draws one card.",
    trigger="A Cut that fails the cut rule.",
    effect="The cards go back; one penalty card.",
    interpretation="Decision 7: the sheet names no penalty for a wrong Cut. It lays cards that do not match "
                   "the number, as a wrong card does, so it is treated like one and draws one "
                   "(wrong_cut_penalty on); off, the cards only go back.",
    examples=("Seat 2 'cuts' the red 7 with the blue 7 and the blue 1: both go back, seat 2 draws one.",))

SIMPLE_GAME = rule(
    "simple-game", "Simple Bonnu Game", line=50, kind="info",
    keywords=("simple", "10 rounds", "ten rounds", "bonnu master", "winner", "game"),
    settings=("scoring", "rounds_to_win"),
    text="The first player to win 10 rounds wins the game and is named the Bonnu Master.",
    trigger="A round is won.",
    effect="The tenth win ends the game.",
    interpretation="The sheet offers two ways to decide the winner; the table chooses (scoring 'simple', listed "
                   "first on the sheet, or 'bonnu100'). Only one seat wins each round, so nobody can tie.",
    examples=("Seat 1 wins their tenth round: seat 1 is Bonnu Master.",))

BONNU_100 = rule(
    "bonnu-100", "Bonnu 100 Game", line=52, kind="info",
    keywords=("bonnu 100", "100", "score", "points", "lowest", "bonnu master", "total"),
    settings=("target", "tie_for_lowest"),
    text="At the end of each round every player scores the total of the cards left in their hand (the winner "
         "scores 0), added up round by round. When a player's total reaches 100, the player with the lowest "
         "total wins the game and is named the Bonnu Master.",
    trigger="A round ends in a Bonnu 100 game.",
    effect="Scores added; the game may end.",
    interpretation="Decision 10: 'reaches 100' is a total of 100 or more, looked at once the round is scored "
                   "(target 100). -1 left in hand scores -1 and lowers a total; 21 scores 21. Two or more "
                   "players tied for the lowest total play another round until one is lowest "
                   "(tie_for_lowest 'play_on'), as the sheet names one Bonnu Master; 'shared' names them all.",
    examples=("Totals 104, 38, 61: seat 1 (38) is Bonnu Master.",
              "Totals 120, 40, 40: seats 1 and 2 tie, so another round is played."))

RULES = (WRONG_CARD, MISSED_REACH, MISSED_BONNU, WRONG_BONNU, TAKE_BACK, WRONG_CUT, SIMPLE_GAME, BONNU_100)
