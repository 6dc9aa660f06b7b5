"""Writes the Bonnu round fixtures: `python tests/referee/bonnu/rounds/make_bonnu_rounds.py [--expected] [NAME...]`.

One function per fixture builds its rounds with `bonnu_builder.Table`; its docstring is the hand
check, worked out from the sheet (bonnu.txt) and the default settings (docs/bonnu-decisions.md:
shout grace 2 s, claim grace 0, tie margin 50 ms), not from the referee. `--expected` also writes
each `.expected.json` from `croupier replay --game bonnu FILE --json`, to be checked against the
docstring. Cards: colour:value, "#1" the second copy. Three seats unless said; seat 1 leads.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path[:0] = [str(HERE), str(HERE.parents[3])]     # the builder, and this checkout's referee and tests

from tests.referee.fixture_writer import FixtureWriter  # noqa: E402
from bonnu_builder import Table  # noqa: E402

OPEN = "1:red:21 2:blue:3 3:white:8"
# Deal A (seat 1 first). Seat 3 holds two 3s and two 6s, seat 2 two 3s.
A = {1: "red:3 red:7 blue:7 yellow:2 white:9 black:4 red:0",
     2: "blue:3 yellow:3 yellow:7 white:1 black:8 red:5 yellow:0",
     3: "white:3 black:3 white:6 black:6 blue:1 red:-1 red:8"}
# Deal B, two seats: seat 1 sheds six reds and keeps the blue 9; seat 2 five reds, then the blue 6,
# and keeps the yellow 9.
B = {1: "red:1 red:2 red:3 red:4 red:5 red:6 blue:9",
     2: "red:7 red:8 red:9 red:0 red:1#1 blue:6 yellow:9"}
B_DOWN = ("1:red:1@1 2:red:7@2 1:red:2@3 2:red:8@4 1:red:3@5 2:red:9@6 1:red:4@7 2:red:0@8 1:red:5@9 "
          "2:red:1#1@10 1:red:6@11")
SEVEN_THREES = "white:3 black:3 yellow:3#1 blue:3#1 white:3#1 black:3#1 red:3#1"
THIRTY = "red:7 blue:8 white:6 black:4 yellow:3 red:3 black:-1"          # the sheet's example 3: 30


def free_first_lead_and_draw() -> Table:
    """The opening draw: 21, 3, 8: seat 1 leads. No card is turned up: seat 1 leads the yellow 2
    (any card). Seat 2 follows the colour with the yellow 7; seat 3 holds no yellow and no 7 and
    draws (blue 4: 8 cards); the draw ends the turn. Seat 1 lays the blue 7 on the 7, seat 2 the blue
    3 on the colour, seat 3 the blue 1 on the colour."""
    return Table("free-first-lead-and-draw").round(1, A, "1:yellow:2@1.0 2:yellow:7@2.0 3+blue:4@3.0 "
                                                     "1:blue:7@4.0 2:blue:3@5.0 3:blue:1@6.0", opening=OPEN)


def reach_said_and_missed() -> Table:
    """Two seats, deal B. Seat 1 lays its sixth card (red 6) at 11 s: one left, and shouts Reach! at
    11.3 s (in time: 2 s grace). Seat 2 lays the blue 6 on the 6 at 12 s (one left, the yellow 9) and
    says nothing; the clock passes 14.5 s: seat 2's Reach is missed (due by 14 s): a penalty card,
    drawn at 15 s (2 in hand). Seat 1 on turn."""
    return Table("reach-said-and-missed", seats=(1, 2)).round(
        1, B, B_DOWN + " 1!reach@11.3 2:blue:6@12 tick@14.5 2+black:7@15", opening="1:red:9 2:red:8")


def bonnu_said() -> Table:
    """Two seats, deal B. Seat 1 is down to the blue 9 (Reach! at 11.3 s). Seat 2 lays the blue 6
    (one left: the yellow 9, Reach! at 12.2 s). Seat 1 lays the blue 9 on the blue 6 at 13 s, its last
    card, and shouts Bonnu! at 13.4 s: seat 1 wins the round (simple game: 1 round won)."""
    return Table("bonnu-said", seats=(1, 2)).round(
        1, B, B_DOWN + " 1!reach@11.3 2:blue:6@12 2!reach@12.2 1:blue:9@13 1!bonnu@13.4",
        opening="1:red:9 2:red:8")


def bonnu_missed() -> Table:
    """As bonnu_said, but seat 1 does not shout Bonnu! after the blue 9 at 13 s. Until the grace
    passes (15 s) the round waits; the clock passes 15.5 s: missed Bonnu, a penalty card (white 2,
    drawn at 16 s) and the round goes on with seat 2 on turn: the yellow 9 on the blue 9, its last
    card, and Bonnu! at 17.3 s: seat 2 wins."""
    return Table("bonnu-missed", seats=(1, 2)).round(
        1, B, B_DOWN + " 1!reach@11.3 2:blue:6@12 2!reach@12.2 1:blue:9@13 tick@15.5 1+white:2@16 "
                       "2:yellow:9@17 2!bonnu@17.3", opening="1:red:9 2:red:8")


def wrong_card_and_wrong_cut() -> Table:
    """Deal A. Seat 1 leads the red 3. Seat 2 lays the yellow 7 on it: neither red nor 3, a penalty:
    the card goes back (take_back) and seat 2 draws one (black 2), still on turn; it then lays the
    blue 3. Seat 3 "Cuts" with the white 6 alone: one card, not a 3: a wrong Cut, the card goes back,
    a penalty card (yellow 4). Seat 3, on turn, lays the white 3."""
    return Table("wrong-card-and-wrong-cut").round(
        1, A, "1:red:3@1.0 2:yellow:7@2.0 2+black:2@2.5 2:blue:3@3.0 3/cut:white:6@3.2 3+yellow:4@3.5 "
              "3:white:3@4.0", opening=OPEN)


def cut_in_time() -> Table:
    """Deal A. Seat 1 leads the red 3 at 12.0 s; seat 2 lays the red 5 at 12.58 s. Seat 3's Cut
    (white 3, black 3) arrives after it but is stamped 12.53 s less 120 ms of phone latency: 12.41 s,
    before the red 5: in time. The red 5 goes back to seat 2; the black 3 is on top, seat 1 (after
    the cutter) to play; seat 3 holds 5."""
    return Table("cut-in-time").round(1, A, "1:red:3@12.0 2:red:5@12.58 3/cut:white:3,black:3@12.53~120 "
                                            "1:black:4@13.5", opening=OPEN)


def cut_one_frame_late() -> Table:
    """Deal A, tie margin 20 ms. The red 5 is seen at 12.58 s; seat 3's Cut is at 12.613 s, one camera
    frame (33 ms) after it: too late, the cards stay in the hand; seat 3 is on turn after seat 2."""
    return Table("cut-one-frame-late", tie_margin_ms=20).round(
        1, A, "1:red:3@12.0 2:red:5@12.58 3/cut:white:3,black:3@12.613 3:red:8@13.5", opening=OPEN)


def cut_chain() -> Table:
    """Deal A. Seat 1 leads the red 3; seat 3 Cuts (white 3, black 3) at 1.3 s; seat 2 Cuts the Cut
    (blue 3, yellow 3) at 1.6 s (cut_chains). The yellow 3 is on top; seat 3 (after seat 2) to play,
    with no yellow and no 3: it draws."""
    return Table("cut-chain").round(1, A, "1:red:3@1.0 3/cut:white:3,black:3@1.3 2/cut:blue:3,yellow:3@1.6 "
                                          "3+blue:2@2.5", opening=OPEN)


def cut_leaves_one() -> Table:
    """Seat 3 holds six 3s and the red 8. Seat 1 leads the red 3; seat 3 Cuts all six at 1.4 s: one
    card left, Reach! owed, shouted at 1.9 s: in time. Seat 1 (after the cutter) to play on the red
    3#1."""
    hands = {**A, 3: "white:3 black:3 yellow:3#1 blue:3#1 white:3#1 black:3#1 red:8"}
    return Table("cut-leaves-one").round(
        1, hands, "1:red:3@1.0 3/cut:white:3,black:3,yellow:3#1,blue:3#1,white:3#1,black:3#1@1.4 3!reach@1.9",
        opening=OPEN)


def cut_empties_the_hand() -> Table:
    """Seat 3 holds seven 3s. Seat 1 leads the red 3; seat 3 Cuts all seven at 1.4 s: no card left;
    with cut_out "wins_with_shout" Bonnu! is owed and shouted at 1.8 s: seat 3 wins the round."""
    hands = {**A, 3: SEVEN_THREES}
    return Table("cut-empties-the-hand").round(
        1, hands, f"1:red:3@1.0 3/cut:{SEVEN_THREES.replace(' ', ',')}@1.4 3!bonnu@1.8", opening=OPEN)


def bonnu_by_equality() -> Table:
    """The sheet's example 1, 9 <- 4+3+2: seat 3 holds four 5s and red 4, blue 3, white 2. Seat 1
    leads the red 5; seat 3 Cuts the four 5s (three left); seat 1, after the cutter, lays the black
    9 on the black 5; seat 3 lays its hand, 4+3+2 = 9, out of turn at 2.3 s: Bonnu, seat 3 wins."""
    hands = {1: "red:5 black:9 blue:7 yellow:2 white:9 black:4 red:0", 2: A[2],
             3: "blue:5 yellow:5 white:5 black:5 red:4 blue:3 white:2"}
    return Table("bonnu-by-equality").round(
        1, hands, "1:red:5@1.0 3/cut:blue:5,yellow:5,white:5,black:5@1.3 1:black:9@2.0 "
                  "3/bonnu:red:4,blue:3,white:2@2.3", opening=OPEN)


def bonnu_with_minus_ones() -> Table:
    """The sheet's example 2, 5 <- 7+(-1)+(-1): seat 3 Cuts four 8s on the red 8, seat 1 lays the
    black 5 on the black 8, and seat 3 lays red 7, red -1, blue -1 = 5: Bonnu, seat 3 wins."""
    hands = {1: "red:8 black:5 blue:7 yellow:2 white:9 black:4 red:0", 2: A[2],
             3: "blue:8 yellow:8 white:8 black:8 red:7 red:-1 blue:-1"}
    return Table("bonnu-with-minus-ones").round(
        1, hands, "1:red:8@1.0 3/cut:blue:8,yellow:8,white:8,black:8@1.3 1:black:5@2.0 "
                  "3/bonnu:red:7,red:-1,blue:-1@2.3", opening=OPEN)


def bonnu_ten_on_a_zero() -> Table:
    """The sheet's example 3: seat 1 leads the white 0; seat 3's whole hand, 7+8+6+4+3+3+(-1) = 30,
    a multiple of 10 on a 0: Bonnu out of turn at 1.4 s, seat 3 wins."""
    hands = {1: "white:0 red:1 blue:7 yellow:2 white:9 black:4 red:0", 2: A[2], 3: THIRTY}
    return Table("bonnu-ten-on-a-zero").round(1, hands, f"1:white:0@1.0 3/bonnu:{THIRTY.replace(' ', ',')}@1.4",
                                              opening=OPEN)


def bonnu_wrong_total() -> Table:
    """Seat 3 claims a Bonnu on the white 0 with a hand of 31 (the red 3 is a red 4): not 0 and not a
    multiple of 10: a penalty, the cards go back and seat 3 draws one (black 9). Seat 2 plays on."""
    wrong = THIRTY.replace("red:3", "red:4")
    hands = {1: "white:0 red:1 blue:7 yellow:2 white:9 black:4 red:0", 2: A[2], 3: wrong}
    return Table("bonnu-wrong-total").round(
        1, hands, f"1:white:0@1.0 3/bonnu:{wrong.replace(' ', ',')}@1.4 3+black:9@1.8 2:yellow:0@2.5", opening=OPEN)


def cut_and_bonnu_race() -> Table:
    """Seat 1 leads the red 9 at 5.0 s. Seat 2 Cuts (blue 9, yellow 9) stamped 5.40 s, and it arrives
    first; seat 3's Bonnu (1+1+2+2+0+0+3 = 9) arrives after it, stamped 5.50 s less 200 ms latency:
    5.30 s, before the Cut: the Bonnu goes first, the Cut is taken back, seat 3 wins and the Cut
    comes too late."""
    hands = {1: "red:9 black:9 blue:7 yellow:2 white:9 black:4 red:0",
             2: "blue:9 yellow:9 yellow:7 white:1 black:8 red:5 yellow:0",
             3: "red:1 blue:1 red:2 blue:2 red:0#1 blue:0 white:3"}
    return Table("cut-and-bonnu-race").round(
        1, hands, "1:red:9@5.0 2/cut:blue:9,yellow:9@5.40 3/bonnu:red:1,blue:1,red:2,blue:2,red:0#1,blue:0,white:3@5.50~200",
        opening=OPEN)


def two_cuts_in_the_tie_margin() -> Table:
    """Deal A. Seat 1 leads the red 3. Seat 3's Cut at 1.40 s arrives first, seat 2's at 1.42 s:
    20 ms apart, inside the 50 ms tie margin: the host is asked who was first and says seat 2. Seat
    3's Cut is taken back, seat 2's laid (yellow 3 on top), then seat 3's again as a Cut of it
    (black 3 on top); seat 1, after seat 3, to play."""
    return Table("two-cuts-in-the-tie-margin").round(
        1, A, "1:red:3@1.0 3/cut:white:3,black:3@1.40 2/cut:blue:3,yellow:3@1.42 host:claim-race=seat_2",
        opening=OPEN)


def simple_game() -> Table:
    """A simple game to 2 rounds won, at a camera table (hands unseen; claims laid face up). Round 1:
    seat 1 leads the red 3, seat 3 Cuts seven 3s and shouts Bonnu!: seat 3 1. Round 2 (the winner
    leads): seat 3 leads the blue 0, seat 2's hand totals 30: Bonnu, seat 2 1. Round 3: seat 2 leads
    the red 9; seat 3's hand totals 9: Bonnu, seat 3 2: Bonnu Master."""
    hidden = {1: None, 2: None, 3: None}
    nine = "red:1,blue:1,red:2,blue:2,red:0#1,blue:0,white:3"
    return (Table("simple-game", rounds_to_win=2)
            .round(1, hidden, f"1:red:3@1.0 3/cut:{SEVEN_THREES.replace(' ', ',')}@1.4 3!bonnu@1.8", opening=OPEN)
            .round(3, hidden, f"3:blue:0@1.0 2/bonnu:{THIRTY.replace(' ', ',')}@1.5")
            .round(2, hidden, f"2:red:9@1.0 3/bonnu:{nine}@1.6"))


def bonnu_100_game() -> Table:
    """Bonnu 100 to a target of 30. Round 1: seat 3 Cuts seven 3s on seat 1's red 3 and shouts
    Bonnu!; seat 1 shows 1+2+4+5+6+0 = 18, seat 2 2+2+5+1+4+0+1 = 15; seat 3 0. Round 2 (seat 3
    leads the white 0; its other six cards 31): seat 2's 30 is a Bonnu; seat 1 shows five -1s and
    two 0s: -5, which lowers its total to 13. Totals 13, 15, 31: seat 3 reached 30, seat 1 has the
    lowest total: Bonnu Master."""
    r1 = {1: "red:3 yellow:1 yellow:2 blue:4 blue:5 red:6 yellow:0",
          2: "red:2 blue:2 white:5 black:1 yellow:4 blue:0 red:1", 3: SEVEN_THREES}
    r2 = {1: "red:-1 blue:-1 yellow:-1 white:-1 black:-1 red:0 blue:0", 2: THIRTY,
          3: "white:0 white:9 white:8 white:7 white:4 white:2 white:1"}
    return (Table("bonnu-100-game", scoring="bonnu100", target=30)
            .round(1, r1, f"1:red:3@1.0 3/cut:{SEVEN_THREES.replace(' ', ',')}@1.4 3!bonnu@1.8 "
                          f"1=show:yellow:1,yellow:2,blue:4,blue:5,red:6,yellow:0 "
                          f"2=show:red:2,blue:2,white:5,black:1,yellow:4,blue:0,red:1", opening=OPEN)
            .round(3, r2, f"3:white:0@1.0 2/bonnu:{THIRTY.replace(' ', ',')}@1.5 "
                          f"1=show:red:-1,blue:-1,yellow:-1,white:-1,black:-1,red:0,blue:0 "
                          f"3=show:white:9,white:8,white:7,white:4,white:2,white:1"))


def play_drawn() -> Table:
    """Deal A, play_drawn on. Seat 1 leads the yellow 2, seat 2 the yellow 7. Seat 3 holds no yellow
    and no 7 and draws the yellow 5: it matches, so seat 3 may lay it at once and does (yellow 5 on
    top, 7 in hand). Seat 1 holds no yellow and no 5 (red 3 red 7 blue 7 white 9 black 4 red 0) and
    draws the white 5: it matches the 5, and seat 1 keeps it (draw_kept): 7 in hand, seat 2 to play.
    Seat 2 lays the yellow 0 on the yellow; seat 3 holds no yellow and no 0 and draws the blue 8,
    which matches neither: the draw ends the turn (8 in hand), seat 1 to play."""
    return Table("play-drawn", play_drawn=True).round(
        1, A, "1:yellow:2@1.0 2:yellow:7@2.0 3+yellow:5@3.0 3:yellow:5@3.5 1+white:5@4.0 1-keep@4.5 "
              "2:yellow:0@5.0 3+blue:8@6.0", opening=OPEN)


FIXTURES = {"01-free-first-lead-and-draw": free_first_lead_and_draw, "02-reach-said-and-missed": reach_said_and_missed,
            "03-bonnu-said": bonnu_said, "04-bonnu-missed": bonnu_missed,
            "05-wrong-card-and-wrong-cut": wrong_card_and_wrong_cut, "06-cut-in-time": cut_in_time,
            "07-cut-one-frame-late": cut_one_frame_late, "08-cut-chain": cut_chain,
            "09-cut-leaves-one": cut_leaves_one, "10-cut-empties-the-hand": cut_empties_the_hand,
            "11-bonnu-by-equality": bonnu_by_equality, "12-bonnu-with-minus-ones": bonnu_with_minus_ones,
            "13-bonnu-ten-on-a-zero": bonnu_ten_on_a_zero, "14-bonnu-wrong-total": bonnu_wrong_total,
            "15-cut-and-bonnu-race": cut_and_bonnu_race, "16-two-cuts-in-the-tie-margin": two_cuts_in_the_tie_margin,
            "17-simple-game": simple_game, "18-bonnu-100-game": bonnu_100_game, "19-play-drawn": play_drawn}


WRITER = FixtureWriter("bonnu", HERE, FIXTURES, suffix=".bonnu",     # every Bonnu fixture's name holds "bonnu"
                       table_keys=("phase", "top", "to_play", "seats", "rulings", "penalties", "winner", "points",
                                   "scores", "master"))


if __name__ == "__main__":
    WRITER.main(sys.argv[1:])
