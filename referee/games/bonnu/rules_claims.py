"""Bonnu rule objects for the plays out of turn: the Cut (what it lays, who may, chains, who plays
next, a Cut that empties the hand), the out-of-turn Bonnu (by equality, by a multiple of 10 on a 0),
and the window they share: when it closes, how claims are timed, and two claims in one window.
The checks are `claims.cut_refusal`, `claims.cutter_refusal`, `claims.bonnu_refusal`; the timing
`claims.window_ruling`."""

from __future__ import annotations

from .rulesheet import rule

CUT = rule(
    "cut", "Cut!", line=23, kind="power",
    keywords=("cut", "out of turn", "same number", "two or more", "jump in", "chain"),
    settings=("cut_cards", "cut_on_turn", "cut_own_card", "cut_chains"),
    text="A player holding two or more cards of the number just played may shout \"Cut!\" and lay them down "
         "even when it is not their turn, before the player on turn lays a card.",
    trigger="A card has been played and the player on turn has not laid the next.",
    effect="The cut cards go on the pile; play goes on from the Cut (cut-next).",
    interpretation="Decision 2: 'those cards' are the cards laid, so any two or more of that number make a "
                   "Cut and the cutter may keep others (cut_cards 'two_or_more'); the referee can check that "
                   "from the cards laid, while 'all' needs the hand seen. 'Even if it is not your turn' "
                   "includes the player on turn (cut_on_turn on); the player whose card is on top has had "
                   "their turn and may not Cut it (cut_own_card off). A Cut's cards are of the number just "
                   "played, so another player holding two or more of it may Cut the Cut (cut_chains on): "
                   "the chain ends when the player on turn lays a card. Cards not of that number, or only "
                   "one card, are a wrong Cut (wrong-cut).",
    examples=("The red 7 is played; seat 3 lays the blue 7 and the white 7 out of turn: a Cut.",
              "Seat 0 then lays the black 7 and the black 7: a Cut of the Cut."))

CUT_NEXT = rule(
    "cut-next", "Who plays after a Cut", line=23, kind="info",
    keywords=("cut", "next player", "turn", "jump in", "top card"), settings=("next_after_cut",),
    text="After a Cut, play goes on from the cutter: the player after the cutter is on turn and must match the "
         "cut card on top. The cutter lays the cut cards one after the other; the last one laid is on top.",
    trigger="A Cut stands.",
    effect="The turn moves to the seat after the cutter; the card to match is the last cut card.",
    interpretation="Decision 1: as after an UNO jump-in the cutter has in effect played, so the turn passes "
                   "on from them (next_after_cut 'after_cutter'); 'on_turn' keeps the turn with the player "
                   "who was on turn. All cut cards share the number, so only the top card's colour differs: "
                   "the cutter chooses it by laying it last, and the camera (or the host) reads the top "
                   "card as for any play.",
    examples=("Seat 1 plays the red 7, seat 2 is on turn, seat 3 cuts with the blue 7 then the white 7: "
              "seat 0 is on turn and must lay a white card or a 7.",))

CUT_OUT = rule(
    "cut-out", "A Cut with the last cards", line=23, also=(19, 20), kind="info",
    keywords=("cut", "last cards", "empty hand", "win", "bonnu", "reach"), settings=("cut_out",),
    text="A Cut that lays the last cards of a hand wins the round, and \"Bonnu!\" must be shouted as for any "
         "last card. A Cut that leaves one card needs a \"Reach!\".",
    trigger="A Cut empties the cutter's hand, or leaves one card.",
    effect="The round ends, or a Reach is due.",
    interpretation="Decision 3: line 20 makes the first player to lay down all their cards the winner and "
                   "asks for the shout after the last card, however it was laid (cut_out "
                   "'wins_with_shout'); 'wins' needs no shout, 'not_allowed' refuses a Cut of the last cards.",
    examples=("Seat 3 holds the blue 7 and the white 7 and cuts the red 7: seat 3 wins if they shout Bonnu.",))

CLAIM_WINDOW = rule(
    "claim-window", "When the window closes", line=23, also=(27,), kind="info",
    keywords=("window", "too late", "before", "lays down a card", "draw"), settings=("window_closes_on_draw",),
    text="A Cut or an out-of-turn Bonnu must come before the player whose turn it is lays down a card. Until "
         "then the window stays open.",
    trigger="A card has been played.",
    effect="A claim after the next card is too late and does nothing.",
    interpretation="Decision 4: the sheet says only that laying a card closes it; a draw leaves the card "
                   "just played on top, so a claim on it still answers 'the card just played' "
                   "(window_closes_on_draw off). Tables that want a draw to end it turn the setting on.",
    examples=("Seat 2 cannot match and draws; seat 0 then cuts the 7 on top: in time.",))

CLAIM_TIMING = rule(
    "claim-timing", "Timing a claim against the next card", line=None, also=(23, 27), kind="info",
    keywords=("time", "timing", "latency", "grace", "tie", "margin", "double tap", "host"),
    settings=("grace_ms", "tie_margin_ms", "double_tap_ms"),
    text="Claims are ordered by when they were made, not by when they arrived: each phone's measured latency "
         "is taken off its tap's arrival time, and the camera's latency off the time a card was first seen. A "
         "claim counts if it was made before the next card; a claim within the tie margin of the card is the "
         "host's call. A second tap of the same claim by the same seat soon after the first is one claim.",
    trigger="A Cut or out-of-turn Bonnu is claimed.",
    effect="The ruling says in time, too late, or asks the host, and states both times.",
    interpretation="The sheet's 'before' is the rule; the grace window lets a claim just after the card count "
                   "and is 0 by default because both measurement errors the bench measures make claims look "
                   "early, not late (bench/bonnu_timing.py; docs/bonnu-decisions.md). A 50 ms tie margin "
                   "sends the closest calls to the host; taps within 400 ms are one claim.",
    examples=("\"Cut by seat 3 at 12.41 s, seat 1's card at 12.58 s: in time\".",
              "A Bonnu at 9.97 s against a card at 10.00 s: 30 ms apart, inside the 50 ms margin: the host decides."))

CLAIM_RACE = rule(
    "claim-race", "Two claims in one window", line=None, also=(23, 27), kind="info",
    keywords=("race", "two claims", "first", "tie", "cut and bonnu", "host"), settings=("claim_order", "tie_margin_ms"),
    text="When two claims come in one window, the earlier goes first. Claims by two seats closer together than "
         "the tie margin are ordered by the host.",
    trigger="Two or more claims stand on one card.",
    effect="They take effect in order: a Cut lays its cards (its number is still the number on top, so a Bonnu "
           "after it is checked against the same number); the first good Bonnu wins the round.",
    interpretation="Decision 8: the sheet puts both claims under the same timing, so time decides "
                   "(claim_order 'earliest'); 'bonnu_first' lets any Bonnu in the window go before any Cut. "
                   "Inside the tie margin nobody can say who was first, so the host does.",
    examples=("Cut by seat 0 at 12.10 s and Bonnu by seat 2 at 12.30 s, the next card at 13.00 s: the Cut, "
              "then the Bonnu on the cut 7 wins.",
              "Cuts by seats 0 and 2 at 12.42 s and 12.40 s: 20 ms apart, the host says which came first."))

BONNU_EQUAL = rule(
    "bonnu-equal", "Bonnu out of turn: the total", line=27, also=(28, 29, 30, 31, 32, 33, 34, 35), kind="power",
    keywords=("bonnu", "out of turn", "total", "equals", "sum", "whole hand"),
    text="A player whose whole hand totals the number of the card just played may shout \"Bonnu!\", lay down "
         "all their cards face up and win the round, even when it is not their turn, before the player on turn "
         "lays a card. A Bonnu always lays the whole hand.",
    trigger="A card has been played and the player on turn has not laid the next.",
    effect="The hand is laid face up; the camera or the host reads it and the referee checks the total before "
           "the round is awarded. A wrong total is a penalty (wrong-bonnu).",
    interpretation="-1 counts as -1 and 21 as 21 in the total. A total of 0 on a 0 is a Bonnu by equality.",
    examples=("On a 9: 4 + 3 + 2 = 9, Bonnu.", "On a 5: 7 + (-1) + (-1) = 5, Bonnu.",
              "On a 0: 1 + (-1) = 0, Bonnu."))

BONNU_TEN = rule(
    "bonnu-ten", "Bonnu on a 0: a multiple of 10", line=37, also=(38, 39, 40, 41), kind="power",
    keywords=("bonnu", "zero", "0", "multiple of 10", "ten", "twenty", "thirty"),
    text="When a 0 was just played, a hand totalling a multiple of 10 (10, 20, 30, ...) may be laid down as a "
         "Bonnu, out of turn, in the same window.",
    trigger="A 0 has been played and the player on turn has not laid the next.",
    effect="As for bonnu-equal.",
    interpretation="0 is a multiple of 10 as well as equal to the 0, so both readings agree on a total of 0.",
    examples=("On a 0: 7 + 8 + 6 + 4 + 3 + 3 + (-1) = 30, Bonnu.", "On a 0: 21 + 9 + (-1) + 1 = 30, Bonnu."))

RULES = (CUT, CUT_NEXT, CUT_OUT, CLAIM_WINDOW, CLAIM_TIMING, CLAIM_RACE, BONNU_EQUAL, BONNU_TEN)
