"""Boonaken rule objects for the result: how a deal is won, the marks sheet, who buys the drinks,
points instead of marks, and decision 9 (two results in one deal). The sheets are `marks.py` and
`points.py`."""

from __future__ import annotations

from .rulesheet import rule

SCORING = rule(
    "scoring", "How a deal is won", line=103, also=(101, 104, 108, 109, 111),
    keywords=("scoring", "score", "won", "lost", "made", "card points", "tricks", "roem"),
    text="Number bid: the card points of the tricks the declarer won plus the declared roem that was not "
         "cancelled; at least the bid wins the deal, less loses it. Misère: each misère bidder who takes no "
         "trick wins, each who takes one or more loses. Zwabber or boonaak: the declarer wins by taking "
         "every trick and otherwise loses.",
    trigger="The last trick of the deal is played.",
    effect="The declarer, or each misère bidder, has won or lost the deal; the marks (or points) follow.",
    interpretation="Discards score nothing (centre-cards). Boonaak with roem is won with every trick and the "
                   "roem held (line 93); open boonaak with every trick, the hand shown. Only the declarer or "
                   "the misère bidders win or lose; the other players are neither and get nothing on the "
                   "sheet.",
    examples=("Bid 80: tricks 62 + roem 20 not cancelled = 82, won.",
              "Bid 80: tricks 62 and the roem 20 cancelled = 62, lost.",
              "Misère by seats 1 and 3; seat 3 takes the fourth trick: seat 1 wins, seat 3 loses."))

MARKS = rule(
    "marks", "Marks: plus, minus, eruit, erin, wip", line=113, also=(117, 118, 119, 121),
    keywords=("marks", "plus", "minus", "eruit", "erin", "wip", "sheet", "out", "see-saw"),
    text="The sheet has a column per player. Only the declarer gets a mark: + for a deal won, − for a deal "
         "lost; with several misère bidders each gets one of their own. Two + marks: the player is eruit "
         "(out), a winner, sitting out until the loser is found. Two − marks: the player is erin, the loser. "
         "Marks do not cancel: one + and one − is wip, and that player's next deal as declarer decides it.",
    trigger="A deal has been won or lost (rule scoring).",
    effect="A + or − in the column of the declarer (each misère bidder); eruit and erin are announced.",
    interpretation="Wip needs no rule of its own: marks never cancel, so the next mark makes two + (eruit) "
                   "or two − (erin). A redeal leaves the sheet as it was; a deal that would put every player "
                   "still in eruit is refused (someone takes the tricks). Two results in one deal: decision 9 "
                   "(marks-two-results). Points instead of marks: points-scoring.",
    examples=("+ then −: wip; then +: eruit.", "− then −: erin, the loser."))

LOSER = rule(
    "loser", "Who buys the drinks", line=119, also=(9, 115, 118, 123),
    keywords=("loser", "drinks", "buys", "erin", "last one in", "next game", "round"),
    text="The game is played to find one loser, who buys a round of drinks: the first player erin (two −), "
         "or, if all but one are eruit, the last one still in. For another game with the same group the "
         "player on the loser's right deals, so the loser bids first.",
    trigger="A player goes erin, or all players but one are eruit.",
    effect="The game is over: the loser is announced, and the next game's dealer is the seat right of the "
           "loser.",
    interpretation="The game ends as soon as there is a loser; eruit players sit out until then. With two "
                   "losers at once (decision 9, default) they share the round, and the next game is dealt by "
                   "the seat right of the first of them in the misère chain.",
    examples=("Five players: four go eruit before anyone is erin; the fifth buys the drinks.",
              "Seat 3 loses: seat 2 deals the next game and seat 3 bids first."))

POINTS_SCORING = rule(
    "points-scoring", "Points instead of marks", line=155, also=(164, 165),
    keywords=("points", "points instead of marks", "zero", "11", "five-card table", "score sheet"),
    settings=("scoring",),
    text="Variant: everyone starts at 5 points and aims for 0. A bid won under 50 takes off 1 point, 50 to "
         "75 takes off 2, above 75 takes off 3; a bid lost adds as many. Reaching 0 is out, a winner; 11 or "
         "more loses; if nobody reaches 11, the last player left when the others have reached or passed 0 "
         "loses. The five-card version: start at 5, below 1 is out, 10 or more loses (or the last one "
         "left); 25-45 is worth 1, 50-70 2, 75-95 3, 100-120 5, 125 and up 6, boonaak 5, open boonaak 10.",
    trigger="A deal has been won or lost, with scoring = points.",
    effect="The declarer's (each misère bidder's) points go down on a win and up on a loss; out and the "
           "loser are announced.",
    interpretation="Bids are multiples of 5, so the base bands are 5-45, 50-75 and 80 up; 0 or below is out "
                   "in both tables. Line 165's 'plus or minus' is the size of the change, taken off on "
                   "success and added on failure as in line 155. The original gives no value to misère, "
                   "zwabber or boonaak under points: a bid counts as its place on the ladder, the number it "
                   "ranks just above (misère 2, or 3 at the line 141 slot; zwabber and boonaak 3); in the "
                   "five-card table boonaak (with or without roem) is 5 and open boonaak 10, which decides "
                   "winner or loser from any score. Only the declarer or each misère bidder scores; a redeal "
                   "scores nothing; two losers in one deal as decision 9.",
    examples=("Bid 60 won: 5 → 3.", "Bid 85 lost: 5 → 8.",
              "Five-card version, open boonaak won from 9: out; lost from 1: the loser."))

MARKS_TWO_RESULTS = rule(
    "marks-two-results", "Two results in one deal (decision 9)", line=118, also=(113, 117, 123),
    keywords=("erin", "eruit", "two erin", "misère", "loser", "marks"),
    settings=("two_erin",),
    text="A deal with several misère bidders can give two players their second −, or one a second − and "
         "another a second +.",
    trigger="One deal's marks make two players erin, or one erin and one eruit.",
    effect="Both lose (default) or the first of them in the misère chain; erin with eruit: the erin player "
           "loses.",
    interpretation="Default both: two erin both lose and share the round (line 118 makes each of them 'the "
                   "loser'; nothing in the text prefers one). Setting first: the first of them in the misère "
                   "chain loses. Erin with eruit: the game ends and the erin player loses; the eruit one is "
                   "a winner anyway (no setting: lines 117 and 118 agree). The next game is dealt by the seat "
                   "right of the first loser in the chain.",
    examples=("Misère by seats 2 and 4, both on one −, both take a trick: both erin, both buy (default).",
              "Misère by seats 2 and 4: seat 2 (+ before) takes none, seat 4 (− before) takes one: seat 2 "
              "eruit, seat 4 erin and the loser."))

RULES = (SCORING, MARKS, LOSER, POINTS_SCORING, MARKS_TWO_RESULTS)
