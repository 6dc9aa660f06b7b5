"""Bonnu rule objects for the deck, the start of a round and ordinary play: the opening draw, the
deal, the free first lead, matching, drawing, the empty draw pile, the Reach and Bonnu shouts and
winning the round. What matches is `deck.py`; the shout timing `claims.shout_ruling`."""

from __future__ import annotations

from .rulesheet import rule

DECK = rule(
    "deck", "The Bonnu deck", line=9, also=(7, 8),
    keywords=("deck", "110 cards", "colours", "colors", "red", "blue", "yellow", "white", "black", "-1", "21"),
    text="110 cards in five colours, red, blue, yellow, white and black. Each colour has two of each number "
         "0 to 9, one -1 and one 21.",
    trigger="Always.",
    effect="60 faces, two copies of each 0-9 face.",
    examples=("The red 7 exists twice; the red 21 and the red -1 once each.",))

OPENING_DRAW = rule(
    "opening-draw", "Who plays first", line=12,
    keywords=("first player", "draw a card", "highest", "start", "tie"), settings=("opening_tie",),
    text="Each player draws a card at random; the player who draws the highest number plays first.",
    trigger="A game begins.",
    effect="One seat leads the first round.",
    interpretation="Decision 9: numbers rank -1 lowest, then 0 to 9, then 21 highest; colour does not count. "
                   "Players tied for highest draw again among themselves until one is highest "
                   "(opening_tie 'redraw'); 'first_clockwise' gives it to the tied player first clockwise "
                   "from the host's seat, for tables that do not want to wait.",
    examples=("Seat 0 draws a 9, seat 1 a 21, seat 2 a -1: seat 1 plays first.",
              "Seats 1 and 3 both draw an 8: they draw again."))

LATER_ROUNDS = rule(
    "later-rounds", "Who leads later rounds", line=12, kind="info",
    keywords=("next round", "who starts", "leads", "winner"), settings=("later_rounds",),
    text="After the first round, the winner of the last round leads the next.",
    trigger="A round after the first begins.",
    effect="That seat leads any card.",
    interpretation="Decision 9: the sheet sets only the first player of the game. The winner leading keeps "
                   "the table moving without a new draw and gives the free lead to the player who earned it "
                   "(later_rounds 'winner'); 'next' passes the lead clockwise, 'draw' repeats the opening draw.",
    examples=("Seat 2 won round 3: seat 2 leads round 4.",))

DEAL = rule(
    "deal", "The deal and the draw pile", line=13, also=(12,),
    keywords=("deal", "seven cards", "7 cards", "draw pile", "shuffle", "players"),
    text="The cards are shuffled and each player is dealt 7. The rest go face down in the centre as the draw "
         "pile. No card is turned up.",
    trigger="A round begins.",
    effect="Each player holds 7 cards; 110 - 7 x players wait in the draw pile.",
    interpretation="Decision 9: 2 to 10 players. Ten hold 70 cards and leave 40 to draw; more would leave "
                   "too few to draw from for long (these are limits, not a table setting).",
    examples=("Four players: 28 cards dealt, 82 in the draw pile.",))

FREE_LEAD = rule(
    "first-lead", "The first card is free", line=17,
    kind="option", keywords=("lead", "first card", "any card", "turned up"),
    text="The player who plays first in a round lays down any card of their choice.",
    trigger="The play pile is empty.",
    effect="Any card may be laid; the next player must match it.",
    interpretation="No card is turned up from the draw pile (issue 22), so the first card is the leader's "
                   "own and nothing needs matching.",
    examples=("Seat 1 leads the white 21; seat 2 must lay a white card or a 21.",))

CLOCKWISE = rule(
    "clockwise", "Play goes clockwise", line=16,
    keywords=("clockwise", "turn", "order", "one card at a time"),
    text="Play proceeds clockwise, each player laying down one card at a time.",
    trigger="A player has played or drawn.",
    effect="The next player clockwise is on turn.",
    examples=("Seat 3 of 4 plays: seat 0 is on turn.",))

MATCH = rule(
    "match", "Match the colour or the number", line=17, kind="obligation",
    keywords=("match", "colour", "color", "number", "same", "legal play"),
    text="The card laid must match the colour or the number of the card just played, and goes on top of it.",
    trigger="A player on turn lays a card.",
    effect="A card of neither the colour nor the number is a penalty (wrong-card).",
    interpretation="-1 and 21 are numbers like any other: a -1 matches a -1, not a 1; a 21 matches a 21, "
                   "not a 2 or a 1.",
    examples=("On the red 9: any red card, or any 9.", "On the blue -1: a blue card or a -1."))

DRAW = rule(
    "draw", "No match: draw one", line=18, kind="obligation",
    keywords=("draw", "no match", "take a card", "cannot play", "pass"), settings=("play_drawn", "draw_when_able"),
    text="A player with no card that matches the colour or number of the card just played takes one card "
         "from the top of the draw pile.",
    trigger="The player on turn has no matching card.",
    effect="Their hand grows by one; the turn passes.",
    interpretation="Decision 5: the sheet lets a player lay down a card or take one, nothing more, so the "
                   "draw is the turn and the drawn card waits for the next one (play_drawn off; on: a "
                   "drawn card that matches may be laid at once, as in UNO, or kept: the turn then passes; "
                   "a drawn card not named, at a camera table, may be laid if it matches). A player who "
                   "can match must (draw_when_able off), as the sheet gives the draw only to a player with no match; since "
                   "hands are hidden a draw with a match in hand is caught only when the hand is seen.",
    examples=("Top card the red 9, seat 2 holds the blue 3 and the white 5: seat 2 draws one and seat 3 "
              "is on turn.",))

EMPTY_PILE = rule(
    "empty-pile", "The draw pile runs out", line=18, also=(13,),
    keywords=("empty", "draw pile", "reshuffle", "no cards left", "blocked", "everyone passed"),
    settings=("empty_pile", "blocked_round"),
    text="When a player must draw and the draw pile is empty, the play pile except its top card is shuffled "
         "to make a new draw pile.",
    trigger="A draw (or a penalty) from an empty draw pile.",
    effect="The draw goes ahead from the new pile; the top card stays.",
    interpretation="Decision 9: the sheet does not say. Reshuffling everything but the top card keeps all 110 "
                   "cards in play and the card to match unchanged (empty_pile 'reshuffle'); 'pass' has the "
                   "player pass instead. If even the play pile has no card under its top, the player passes. "
                   "Once every player with cards has passed in a row the round is blocked: nobody can play "
                   "or draw again, so it ends and the fewest cards win, a tie going to the first of them "
                   "clockwise from the player on turn (blocked_round 'fewest_cards': the counts are known "
                   "without seeing a hand); 'reshuffle' makes a new draw pile after all.",
    examples=("The pile is empty and seat 1 must draw: the 30 cards under the top are shuffled face down.",
              "empty_pile pass, nothing left to draw: seats 1, 2 and 3 pass in turn with 9, 4 and 6 cards: "
              "the round is blocked and seat 2 wins."))

REACH = rule(
    "reach", "Reach!", line=19, kind="obligation",
    keywords=("reach", "one card", "last card", "shout", "uno"), settings=(),
    text="A player who has only one card left must shout \"Reach!\".",
    trigger="A hand goes down to one card, however that happens (a Cut included).",
    effect="A missed Reach draws one card (missed-reach).",
    interpretation="Card counts follow from the events (cards dealt, drawn and laid), so a missed Reach is "
                   "caught without seeing the hand. The time allowed is the rule 'shouts'.",
    examples=("Seat 0 holds 2, lays one and taps Reach: in time.",))

WIN_ROUND = rule(
    "round-won", "Bonnu!: the first out wins", line=20, kind="obligation",
    keywords=("bonnu", "win", "last card", "round", "out"),
    text="The first player to lay down all of their cards wins the round; they must shout \"Bonnu!\" after "
         "laying down their last card.",
    trigger="A player lays their last card.",
    effect="The round ends and is scored (simple-game or bonnu-100).",
    examples=("Seat 2 lays their last card, the blue 4, on the blue 9 and taps Bonnu: seat 2 wins.",))

SHOUTS = rule(
    "shouts", "How late a shout may come", line=19, also=(20, 45, 46),
    keywords=("shout", "late", "grace", "missed", "reach", "bonnu"), settings=("shout_grace_ms", "missed_bonnu"),
    text="A Reach or Bonnu shout counts when it is made within 2 seconds of the card that made it due, before "
         "or after.",
    trigger="A hand goes down to one card or to none.",
    effect="No shout within the time: the penalty card.",
    interpretation="Decision 6: 'at the moment' they have one card left allows no time at all, which no phone "
                   "tap can meet. 2 seconds either side of the card's corrected time (shout_grace_ms 2000) "
                   "covers a tap made as the card goes down and a slow one after. A missed Bonnu is a penalty "
                   "card (line 46), and a player holding a card has not laid down all their cards, so the "
                   "round goes on (missed_bonnu 'play_on'); 'wins' lets the round stand and the penalty card "
                   "count for nothing.",
    examples=("Seat 1's last-but-one card lands at 40.10 s, Reach at 41.60 s: in time.",
              "Seat 1 lays their last card and shouts nothing for 2 s: they draw one and play goes on."))

RULES = (DECK, OPENING_DRAW, DEAL, LATER_ROUNDS, FREE_LEAD, CLOCKWISE, MATCH, DRAW, EMPTY_PILE, REACH, WIN_ROUND,
         SHOUTS)
