"""Writes the Boneyard euchre round fixtures: `python tests/referee/boneyard/rounds/make_rounds.py [--expected] [NAME...]`.

One function per fixture builds its rounds with `round_builder.Table`; its docstring is the hand
check (trick by trick, the points), worked out from the sheet (boneyard-euchre.txt) and
docs/boneyard-decisions.md, not from the referee. `--expected` also writes each `.expected.json`
from `croupier replay --game boneyard-euchre FILE --json`, to be checked against the docstring.
Card codes: rank (A K Q J T 9) then suit (S H D C); JK the Joker. Seats 1-4: 1 & 3 against 2 & 4.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path[:0] = [str(HERE), str(HERE.parents[3])]     # the builder, and this checkout's referee and tests

from tests.referee.fixture_writer import FixtureWriter  # noqa: E402
from round_builder import Table  # noqa: E402
import differential_rounds  # noqa: E402
from modifier_rounds import club_sandwich, copycats, fight_club, lucky_penny, party_crasher  # noqa: E402

# Deal A: dealer 4, the Q♠ turned up (Shoot The Moon, spades trump), bones J♥ Q♥ J♦ A♣ below it.
A = dict(hands={1: "9H TH KD 9C TC", 2: "JS AS KS JC 9D", 3: "AH KH QD TD QC", 4: "JK 9S TS AD KC"},
         up="QS", bones="JH QH JD AC")
A_BIDS = "1:leave 2:take"
A_MARCH = ("2:JS 3:QC 4:9S 1:9C  2:JC 3:TD 4:TS 1:TC  2:AS 3:QD 4:JK 1:KD  "
           "4:AD 1:9H 2:KS 3:AH  2:QS 3:KH 4:KC 1:TH")


def march() -> Table:
    """Seat 2 takes the Q♠ (spades trump, Shoot The Moon) and discards the 9♦; the makers take all 5.
    1: J♠ (right bower) led, Q♣ 9♠ 9♣: seat 2. 2: J♣ (left bower, a trump) led, 10♦ 10♠ 10♣: seat 2,
    the left bower above the 10♠. 3: A♠ led, Q♦, the benny follows trump, K♦: seat 4, the benny the
    highest trump. 4: A♦ led, 9♥, K♠ trumps, A♥: seat 2. 5: Q♠ (the taken card) led, K♥ K♣ 10♥:
    seat 2. Makers (team 2) 5 tricks: 2 points; Shoot The Moon changes nothing (they took tricks)."""
    return Table("march").round(4, bids=A_BIDS, discard="9D", tricks=A_MARCH, **A)


def redeal() -> Table:
    """All four leave the Q♠: round 1 is void and, by decision 16 (redeal_dealer "same"), seat 4 deals
    again; round 2 is deal A's march: team 2 scores 2."""
    return (Table("redeal").round(4, bids="1:leave 2:leave 3:leave 4:leave", **A)
            .round(4, bids=A_BIDS, discard="9D", tricks=A_MARCH, **A))


# Deal S: dealer 4, seat 1 takes the 9♥ (Meet Cute, hearts trump) and discards the A♣. Meet Cute
# flips the first two bones: the Q♦ (Square Deal) and Q♠ (Shoot The Moon), or, with the Q♦ third,
# the Q♠ and 10♥ (Sweet Nothings, not used): the same cards with Square Deal on or off.
S = dict(hands={1: "AH KH KC AS AC", 2: "JK JH 9S 9D TD", 3: "JD QH QC JC TC", 4: "KS JS KD AD 9C"}, up="9H")
S_TRICKS = "1:AH 2:JK 3:QH 4:9C  2:JH 3:JD 4:KD 1:KH  2:9D 3:QC 4:AD 1:9H  1:KC 2:TD 3:JC 4:JS  1:AS 2:9S 3:TC 4:KS"


def square_deal_off() -> Table:
    """Meet Cute flips Q♠ and 10♥: Shoot The Moon and Sweet Nothings. 1: A♥ J♠-benny wins (seat 2);
    2: J♥ right bower (seat 2) over the left bower J♦; 3: 9♦ led, seat 1 trumps with the 9♥ (seat 1);
    4: K♣ above J♣ (seat 1); 5: A♠ above K♠ and 9♠ (seat 1). Makers (team 1) take 3: 1 point."""
    return Table("square-deal-off").round(4, bids="1:take", discard="AC", before="flip flip", bones="QS TH QD TS",
                                          tricks=S_TRICKS, **S)


def square_deal_on() -> Table:
    """The same cards; Meet Cute flips Q♦ (Square Deal) and Q♠. Tricks 1-4 as without it (the benny,
    the right bower, the only trump, K♣ over J♣: no ace meets a 9 of its suit). Trick 5: the 9♠ plays
    as the ace, above K♠ and the A♠ (now a 9): seat 2. Makers take 2: defenders (team 2) score 2."""
    return Table("square-deal-on").round(4, bids="1:take", discard="AC", before="flip flip", bones="QD QS TH TS",
                                         tricks=S_TRICKS, **S)


def modifiers_off() -> Table:
    """Fixture 03's cards at a table playing plain rounds (modifiers off, decision 17): the 9♥ taken
    sets hearts trump and nothing else, so Meet Cute flips no bone and Square Deal never comes.
    Tricks 1-4 as in fixture 02: seats 2, 2, 1, 1. Trick 5: the A♠ is the ace again, above the K♠
    and the 9♠: seat 1. Makers (team 1) take 3: 1 point (fixture 03, modifiers on: defenders 2)."""
    return Table("modifiers-off", modifiers="off").round(4, bids="1:take", discard="AC", bones="QD QS TH TS",
                                                         tricks=S_TRICKS, **S)


# Deal J: deal A with the Joker turned up instead of the Q♠ (seat 4 holds the Q♠).
J = dict(hands={1: "9H TH KD 9C TC", 2: "JS AS KS JC 9D", 3: "AH KH QD TD QC", 4: "QS 9S TS AD KC"},
         up="JK", bones="JH QH JD AC")


def joker_taken() -> Table:
    """Seat 2 takes the Joker (Dummy) and names spades (decision 1); discards the 9♦. Seat 4 lays the
    hand face up and seat 2 plays it. 1: J♠ Q♣ 9♠ 9♣ (seat 2); 2: J♣ left bower (seat 2); 3: A♠ over
    the Q♠ (seat 2); 4: K♠ led, A♥, A♦, 9♥ (seat 2); 5: the benny (seat 2). Makers 5: 2 points."""
    return Table("joker-taken").round(
        4, bids="1:leave 2:take", discard="9D", before="trump:2:S show:4:QS,9S,TS,AD,KC",
        tricks="2:JS 3:QC 4:9S 1:9C  2:JC 3:TD 4:TS 1:TC  2:AS 3:QD 4:QS 1:KD  2:KS 3:AH 4:AD 1:9H  "
               "2:JK 3:KH 4:KC 1:TH", **J)


# Deal B: dealer 1, the Q♠ turned up again (spades trump, Shoot The Moon); seat 2 takes it.
B = dict(hands={2: "JK AS KS 9H KH", 3: "JC 9D TD QD KD", 4: "JS TS AD KC QC", 1: "9S AH TH QH JH"},
         up="QS", bones="JD 9C TC AC")


def makers_four() -> Table:
    """Seat 2 takes the Q♠ and discards the K♥. 1: the benny led; seat 3 follows trump with the J♣,
    the left bower (a trump), 10♠, 9♠: seat 2. 2: A♠ led, 9♦, the J♠ (right bower) over it, 10♥: seat 4.
    3: A♦ led, J♥, seat 2 trumps with the K♠, 10♦: seat 2. 4: Q♠ led, Q♦, K♣, Q♥: seat 2. 5: 9♥ led,
    K♦, Q♣, A♥: seat 1, the defenders' only trick. Makers (team 2) take 4: 1 point (decision 2)."""
    return Table("makers-four").round(1, bids="2:take", discard="KH", tricks=(
        "2:JK 3:JC 4:TS 1:9S  2:AS 3:9D 4:JS 1:TH  4:AD 1:JH 2:KS 3:TD  2:QS 3:QD 4:KC 1:QH  2:9H 3:KD 4:QC 1:AH"), **B)


# Deal S with the A♠ and Q♦ swapped: the A♠ is the bone Meet Cute may flip (Assassin).
ASN = dict(hands={1: "AH KH KC QD AC", 2: "JK JH 9S 9D TD", 3: "JD QH QC JC TC", 4: "KS JS KD AD 9C"}, up="9H")


ASN_TRICKS = "2:9D 3:QC 4:AD 1:QD  4:KS 1:KC 2:9S 3:TC  4:JS 1:9H 2:TD 3:JC"


def assassin_off() -> Table:
    """Meet Cute flips Q♠ and 10♥. 1: A♥ led, the benny wins (seat 2). 2: J♥ right bower over the
    J♦ (seat 2). 3: 9♦, Q♣, A♦, seat 1 follows with the Q♦: the A♦ (seat 4). 4: K♠ led, K♣, 9♠, 10♣
    (seat 4). 5: J♠ led, seat 1 trumps with the 9♥ (seat 1). Makers take 1: defenders score 2."""
    return Table("assassin-off").round(4, bids="1:take", discard="AC", before="flip flip", bones="QS TH AS TS",
                                       tricks="1:AH 2:JK 3:QH 4:9C  2:JH 3:JD 4:KD 1:KH  " + ASN_TRICKS, **ASN)


def assassin_on() -> Table:
    """Meet Cute flips A♠ (Assassin) and Q♠. 1: A♥ led, the benny is now the lowest trump (decision
    8), so the A♥ wins (seat 1). 2: seat 1 leads the K♥, the J♥ right bower wins (seat 2). Tricks 3-5
    as without Assassin (seats 4, 4, 1). Makers take 2: defenders score 2; trick 1 changed hands."""
    return Table("assassin-on").round(4, bids="1:take", discard="AC", before="flip flip", bones="AS QS TH TS",
                                      tricks="1:AH 2:JK 3:QH 4:9C  1:KH 2:JH 3:JD 4:KD  " + ASN_TRICKS, **ASN)


def camera_square_deal_on() -> Table:
    """Fixture 03 at a camera table: no hand card is named when dealt and the discard is unseen;
    the referee sees the bones turned up and every card played. The same rulings and points."""
    return Table("camera-square-deal-on").round(4, bids="1:take", discard="AC", before="flip flip",
                                                bones="QD QS TH TS", tricks=S_TRICKS, seen=False, **S)


# Deal K: deal A with the K♠ turned up (Scheme) and the Q♠ in seat 2's hand.
K = dict(hands={1: "9H TH KD 9C TC", 2: "JS AS QS JC 9D", 3: "AH KH QD TD QC", 4: "JK 9S TS AD KC"},
         up="KS", bones="QH JH JD AC")


K_TRICKS = ("2:JS 3:QC 4:9S 1:9C  2:JC 3:TD 4:TS 1:TC  2:AS 3:QD 4:JK 1:KD  4:AD 1:9H 2:QS 3:AH  "
            "2:KS 3:KH 4:KC 1:TH")
A_HEARTBREAK = ("2:JS 3:QC 4:KC 1:9C  2:JC 3:TD 4:TS 1:TC  2:AS 3:QD 4:JK 1:KD  4:AD 1:9H 2:KS 3:AH  "
                "2:QS 3:KH 4:9S 1:TH")


def _scheme_night(title: str, bones: str, seen: bool) -> Table:
    return (Table(title).round(4, bids="1:leave 2:take", discard="9D", before="flip", tricks=K_TRICKS, seen=seen,
                               **dict(K, bones=bones))
            .round(1, bids="2:take", discard="9D", tricks=A_HEARTBREAK, seen=seen, **A))


def heartbreaker_carried_camera() -> Table:
    """Fixture 10 at a camera table: Scheme flips the Q♥, so Heartbreaker holds in round 2 too and
    seat 4's K♣ to the J♠ lead breaks no rule. No revoke; team 2 has 4."""
    return _scheme_night("heartbreaker-carried-camera", "QH JH JD AC", seen=False)


def heartbreaker_not_carried_camera() -> Table:
    """The same cards with the A♣ on top of the bones: Scheme flips Spiked Club (nothing to take off:
    the makers win both rounds), no Heartbreaker. Round 2: seat 4 threw the K♣ to the trump lead and
    the 10♠ it plays to trick 2 proves it held a trump: a revoke, settle it by hand. Team 2 has 4."""
    return _scheme_night("heartbreaker-not-carried-camera", "AC JH JD QH", seen=False)


def scheme_carried() -> Table:
    """Round 1: seat 2 takes the K♠ (Scheme, spades trump); Scheme flips the Q♥: Heartbreaker this
    round and the next (line 26). Deal A's march with Q♠ and K♠ swapped: makers 5 tricks, 2 points.
    Round 2 (seat 1 deals, decision 16 not in play): deal A, the Q♠ taken by seat 2; Heartbreaker
    is carried in, so seat 4 may play the K♣ to the J♠ lead though holding three trumps. 1: J♠ (seat
    2); 2: J♣ left bower (seat 2); 3: the benny (seat 4); 4: K♠ trumps (seat 2); 5: Q♠ over the 9♠
    (seat 2). Makers 5 again: team 2 has 4."""
    return _scheme_night("scheme-carried", K["bones"], seen=True)


def polycule_bones_run_out() -> Table:
    """Seat 2 takes the J♥ (Polycule, hearts trump) and discards the 9♠. Polycule flips K♠ (Scheme)
    and 9♥ (Meet Cute), which chain (decision 4, chain_flips): Scheme flips A♣ (Spiked Club, this
    round and the next), Meet Cute flips A♦ (High Stakes) and finds no fourth bone. Seat 2 takes all
    five with the benny, the right bower, the left bower, A♥ and K♥: 2 points + 1 (High Stakes) = 3."""
    return Table("polycule-bones-run-out", ).round(
        1, bids="2:take", discard="9S", before="flip flip flip flip", bones="KS 9H AC AD",
        hands={2: "JK JD AH KH 9S", 3: "QH TH QS TS 9D", 4: "AS JS 9C TC QD", 1: "JC QC KC TD KD"}, up="JH",
        tricks="2:JK 3:TH 4:9C 1:TD  2:JH 3:QH 4:TC 1:KD  2:JD 3:QS 4:QD 1:JC  2:AH 3:TS 4:JS 1:QC  "
               "2:KH 3:9D 4:AS 1:KC")


# Deal C: deal A with the J♣ turned up (Strip Club, clubs trump) and the Q♠ in seat 2's hand.
C = dict(hands={1: "9H TH KD 9C TC", 2: "JS AS KS QS 9D", 3: "AH KH QD TD QC", 4: "JK 9S TS AD KC"},
         up="JC", bones="JH QH JD AC")
C_TRICKS = "2:JC 3:QC 4:KC 1:9C  2:AS 3:QD 4:9S 1:9H  2:KS 3:TD 4:TS 1:TH  2:QS 3:KH 4:AD 1:KD  2:JS 3:AH 4:JK 1:TC"


def game_to_ten() -> Table:
    """Round 1 (seat 4 deals): seat 2 takes the J♣ (Strip Club, clubs trump), discards the 9♦. 1: J♣
    right bower (seat 2); 2: A♠ (seat 2, seat 1 throws the 9♥ rather than trump); 3: K♠ (seat 2);
    4: Q♠ led, nobody follows or trumps: the queen wins, Strip Club scores team 2 a point at once;
    5: the J♠, the left bower, led, the benny wins (seat 4). Makers 5: 2 + 1 = 3. Rounds 2-4 (seats
    1, 2, 3 deal) are deal A's march, 2 points each: 9. Round 5 (seat 4 deals): the march again, 11:
    team 2 wins the game 11 to 0 (line 9, checked only at the end of the round)."""
    table = Table("game-to-ten").round(4, bids="1:leave 2:take", discard="9D", tricks=C_TRICKS, **C)
    for dealer, bids in ((1, "2:take"), (2, "3:leave 4:leave 1:leave 2:take"), (3, "4:leave 1:leave 2:take"),
                         (4, A_BIDS)):
        table.round(dealer, bids=bids, discard="9D", tricks=A_MARCH, **A)
    return table


# Deal S with one card swapped with the Q♦, so that card is the bone Meet Cute may flip.
HS = dict(S, hands={**S["hands"], 4: "KS JS KD QD 9C"})
HS_TRICKS = S_TRICKS.replace("4:AD", "4:QD")


def high_stakes_off() -> Table:
    """Deal S with the A♦ and Q♦ swapped; Meet Cute flips Q♠ and 10♥. The tricks of fixture 02 (seat
    4 follows the 9♦ with the Q♦): seats 2, 2, 1, 1, 1. Makers take 3: 1 point."""
    return Table("high-stakes-off").round(4, bids="1:take", discard="AC", before="flip flip", bones="QS TH AD TS",
                                          tricks=HS_TRICKS, **HS)


def high_stakes_on() -> Table:
    """The same cards; Meet Cute flips A♦ (High Stakes) and Q♠. The same tricks; the makers won, so
    they get 1 more: 2 points."""
    return Table("high-stakes-on").round(4, bids="1:take", discard="AC", before="flip flip", bones="AD QS TH TS",
                                         tricks=HS_TRICKS, **HS)


GC = dict(S, hands={**S["hands"], 4: "KS JS KD AD QD"})
GC_TRICKS = S_TRICKS.replace("4:9C", "4:QD")


def golf_club_off() -> Table:
    """Deal S with the 9♣ and Q♦ swapped; Meet Cute flips Q♠ and 10♥. Fixture 02's tricks (seat 4
    throws the Q♦ to trick 1): seats 2, 2, 1, 1 (K♣ over J♣), 1 (A♠). Makers 3: 1 point."""
    return Table("golf-club-off").round(4, bids="1:take", discard="AC", before="flip flip", bones="QS TH 9C TS",
                                        tricks=GC_TRICKS, **GC)


def golf_club_on() -> Table:
    """The same cards; Meet Cute flips 9♣ (Golf Club) and Q♠. Tricks 1-3 as without it (the benny,
    the right bower, the only trump). 4: the clubs run backwards, so the J♣ beats the K♣: seat 3.
    5: seat 3 leads the 10♣ and nobody follows or trumps: seat 3. Makers 3: 1 point, other winners."""
    return Table("golf-club-on").round(4, bids="1:take", discard="AC", before="flip flip", bones="9C QS TH TS",
                                       tricks=GC_TRICKS.replace("1:AS 2:9S 3:TC 4:KS", "3:TC 4:KS 1:AS 2:9S"), **GC)


SP = dict(ASN, hands={**ASN["hands"], 1: "AH KH KC QD AS"})
SP_TRICKS = "1:AH 2:JK 3:QH 4:9C  2:JH 3:JD 4:KD 1:KH  " + ASN_TRICKS


def spiked_club_off() -> Table:
    """Deal 07 with the A♣ and A♠ swapped (seat 1 discards the A♠); Meet Cute flips Q♠ and 10♥.
    Fixture 07's tricks: seats 2, 2, 4, 4, 1. Makers take 1: the defenders score 2."""
    return Table("spiked-club-off").round(4, bids="1:take", discard="AS", before="flip flip", bones="QS TH AC TS",
                                          tricks=SP_TRICKS, **SP)


def spiked_club_on() -> Table:
    """The same cards; Meet Cute flips A♣ (Spiked Club) and Q♠. The same tricks; the defenders won,
    so they get 1 fewer: 1 point."""
    return Table("spiked-club-on").round(4, bids="1:take", discard="AS", before="flip flip", bones="AC QS TH TS",
                                         tricks=SP_TRICKS, **SP)


# Deal M: dealer 4, seat 1 takes the 9♥ (Meet Cute, hearts trump) with no strength; the defenders hold it all.
M = dict(hands={1: "9S JS TD QD 9C", 2: "JK JH AH KH AS", 3: "TC JC QC KC AC", 4: "JD QH AD KD KS"}, up="9H")
M_TRICKS = "1:9H 2:JK 3:TC 4:QH  2:JH 3:JC 4:JD 1:9S  2:AH 3:QC 4:KS 1:TD  2:KH 3:KC 4:KD 1:QD  2:AS 3:AC 4:AD 1:JS"


def shoot_the_moon_off() -> Table:
    """Seat 1 discards the 9♣; Meet Cute flips 10♥ (Sweet Nothings, not used) and 10♠ (Grave Robber,
    not used). 1: the 9♥ led under the benny (seat 2); 2: the right bower (seat 2); 3: A♥ (seat 2);
    4: K♥ (seat 2); 5: A♠ over the J♠ (seat 2). Makers take none: the defenders score 2."""
    return Table("shoot-the-moon-off").round(4, bids="1:take", discard="9C", before="flip flip", bones="TH TS QS 9D",
                                             tricks=M_TRICKS, **M)


def shoot_the_moon_on() -> Table:
    """The same cards; Meet Cute flips Q♠ (Shoot The Moon) and 10♥. The same tricks: the makers lose
    all five, so they score 2 and, by decision 13 (shoot_the_moon "replace"), the defenders nothing."""
    return Table("shoot-the-moon-on").round(4, bids="1:take", discard="9C", before="flip flip", bones="QS TH TS 9D",
                                            tricks=M_TRICKS, **M)


MG = dict(S, hands={**S["hands"], 4: "KS JS QD AD 9C"})
MG_TRICKS = "1:AH 2:JK 3:QH 4:JS  2:JH 3:JD 4:QD 1:KH  2:9D 3:QC 4:AD 1:9H  1:KC 2:TD 3:JC 4:9C  "


def mad_genius_off() -> Table:
    """Deal S with the K♦ and Q♦ swapped; Meet Cute flips Q♠ and 10♥. 1: the benny (seat 2); 2: the
    right bower (seat 2); 3: the 9♥ trumps (seat 1); 4: K♣ led, 10♦, J♣, seat 4 follows with the 9♣:
    the K♣ (seat 1); 5: A♠ (seat 1). Makers take 3: 1 point."""
    return Table("mad-genius-off").round(4, bids="1:take", discard="AC", before="flip flip", bones="QS TH KD TS",
                                         tricks=MG_TRICKS + "1:AS 2:9S 3:TC 4:KS", **MG)


def mad_genius_on() -> Table:
    """The same cards; Meet Cute flips K♦ (Mad Genius) and Q♠. Trick 4: seats 2 and 4, partners, play
    the 10♦ and the 9♣, so the 9♣ is the Benny-and-a-half of trumps: seat 4. 5: seat 4 leads the K♠,
    the A♠ wins (seat 1). Makers take 2: the defenders score 2."""
    return Table("mad-genius-on").round(4, bids="1:take", discard="AC", before="flip flip", bones="KD QS TH TS",
                                        tricks=MG_TRICKS + "4:KS 1:AS 2:9S 3:TC", **MG)


SOUL = dict(S, hands={**S["hands"], 1: "AH TH KC AS AC"})
SOUL_TRICKS = "1:AH 2:JK 3:QH 4:9C  2:JH 3:JD 4:KD 1:TH  2:9D 3:QC 4:AD 1:9H  "


def soul_mate_off() -> Table:
    """At a camera table. Deal S with the K♥ and 10♥ swapped; Meet Cute flips Q♠ and 10♠ (Grave
    Robber, not used). 1: the benny (seat 2); 2: the right bower (seat 2), seat 4 void of trumps
    throws the K♦; 3: 9♦ led, A♦ followed, the 9♥ trumps (seat 1); 4: K♣ (seat 1); 5: A♠ (seat 1).
    Makers 3: 1 point; no revoke."""
    return Table("soul-mate-off").round(4, bids="1:take", discard="AC", before="flip flip", bones="QS TS KH QD",
                                        tricks=SOUL_TRICKS + "1:KC 2:TD 3:JC 4:JS  1:AS 2:9S 3:TC 4:KS", seen=False,
                                        **SOUL)


def soul_mate_on() -> Table:
    """The same cards and table; Meet Cute flips K♥ (Soul Mate) and Q♠. The A♦ is now the
    Ace-and-a-half of trumps: seat 4 held a trump when it threw the 9♣ to trick 1 and the K♦ to
    trick 2, which the A♦ played to trick 3 proves (two revokes: settle them by hand); and the A♦
    wins trick 3 over the 9♥ (seat 4). 4: K♠ led, the A♠ wins (seat 1); 5: K♣ (seat 1). Makers 2: the defenders score 2."""
    return Table("soul-mate-on").round(4, bids="1:take", discard="AC", before="flip flip", bones="KH QS TS QD",
                                       tricks=SOUL_TRICKS + "4:KS 1:AS 2:9S 3:JC  1:KC 2:TD 3:TC 4:JS", seen=False,
                                       **SOUL)


def grave_robber_takes_the_benny() -> Table:
    """Fixture 19's cards: Meet Cute flips 10♥ (Sweet Nothings) and 10♠ (Grave Robber). Trick 1 as
    there (the benny wins for seat 2); then seat 3, the Maker's partner, takes the benny from it into
    the hand (decision 11: from the trick just scored). 2: J♥ led, seat 3 must follow trump and plays
    the benny: seat 3. 3: A♣ led, seat 2 trumps with the A♥ (seat 2); 4: K♥ (seat 2); 5: A♠ (seat 2).
    Makers 1 trick: the defenders score 2; seat 3's J♣ is left over at the end, as decided."""
    return Table("grave-robber-takes-the-benny").round(
        4, bids="1:take", discard="9C", before="flip flip", bones="TH TS QS 9D",
        tricks="1:9H 2:JK 3:TC 4:QH  rob:3:JK  2:JH 3:JK 4:JD 1:9S  3:AC 4:KS 1:TD 2:AH  2:KH 3:KC 4:KD 1:QD  "
               "2:AS 3:QC 4:AD 1:JS", **M)


def collect_call_and_sweet_nothings() -> Table:
    """Deal M; Meet Cute flips 9♦ (Collect Call) and 10♥ (Sweet Nothings). Collect Call: the Maker
    takes the A♠ from seat 2, the A♣ from seat 3 and the K♠ from seat 4, then gives each the card
    back. Sweet Nothings: the Maker hands the Q♦ to seat 3, seat 3 the A♣ back. Tricks: 1 the benny
    (seat 2); 2 the right bower (seat 2); 3 A♥ (seat 2); 4 K♥, seat 1 throws the A♣ (seat 2); 5 A♠
    over the J♠, seat 3 throws the Q♦ (seat 2). Makers take none: the defenders score 2."""
    return Table("collect-call-and-sweet-nothings").round(
        4, bids="1:take", discard="9C", bones="9D TH QS TS",
        before="flip flip pass:2>1:AS pass:3>1:AC pass:4>1:KS pass:1>2:AS pass:1>3:AC pass:1>4:KS "
               "pass:1>3:QD pass:3>1:AC",
        tricks="1:9H 2:JK 3:TC 4:QH  2:JH 3:JC 4:JD 1:9S  2:AH 3:QC 4:KS 1:TD  2:KH 3:KC 4:KD 1:AC  "
               "2:AS 3:QD 4:AD 1:JS", **M)


def fools_gold() -> Table:
    """Deal A with the J♦ turned up (Fool's Gold, diamonds trump); seat 2 takes it, discards the J♣.
    1: K♠ led, Q♣; seat 4, the Maker's partner, plays the K♣ as Fool's Gold, the King-and-a-half of
    the led suit, above the real K♠ (seat 4). 2: 9♠ led, A♠ (seat 2). 3: the J♦ right bower (seat 2).
    4: 9♦ led, the benny (seat 4). 5: 10♠ led, J♠, a plain spade, wins (seat 2). Makers 5: 2 points."""
    return Table("fools-gold").round(
        4, bids="1:leave 2:take", discard="JC",
        hands={1: "9H TH KD 9C TC", 2: "JS AS KS JC 9D", 3: "AH KH QD TD QC", 4: "JK 9S TS AD KC"},
        up="JD", bones="JH QH QS AC",
        tricks="2:KS 3:QC 4:KC/gold 1:9H  4:9S 1:9C 2:AS 3:AH  2:JD 3:TD 4:AD 1:KD  2:9D 3:QD 4:JK 1:TH  "
               "4:TS 1:TC 2:JS 3:KH")


def therapy_club() -> Table:
    """Seat 2 takes the 10♣ (Therapy Club, clubs trump) and discards the 9♦; the defenders, seats 3
    and 1 (decision 9), lay the benny and the 9♥ face up. 1: J♣ led, the benny (seat 3). 2: A♥ led,
    seat 1 follows with the revealed 9♥, seat 2 trumps with the J♠, the left bower (seat 2). 3: A♠ led,
    seat 1 trumps with the Q♣ (seat 1). 4: K♥ led, the 10♣ trumps (seat 2). 5: K♠ (seat 2). Makers 3:
    1 point."""
    return Table("therapy-club").round(
        4, bids="1:leave 2:take", discard="9D", before="reveal:3:JK reveal:1:9H",
        hands={1: "9H KH KD 9C QC", 2: "JS AS KS JC 9D", 3: "AH TH QD TD JK", 4: "QS 9S TS AD KC"},
        up="TC", bones="JH QH JD AC",
        tricks="2:JC 3:JK 4:KC 1:9C  3:AH 4:AD 1:9H 2:JS  2:AS 3:TH 4:QS 1:QC  1:KH 2:TC 3:QD 4:9S  "
               "2:KS 3:TD 4:TS 1:KD")


def fusion() -> Table:
    """Seat 2 takes the A♥ (Fusion, hearts trump) and discards the 9♦. 1: J♠ (a plain spade) over the
    9♠ (seat 2), who declines to lead: seat 4 leads. 2: 10♠, A♠ (seat 2), who declines again. 3: A♦
    (seat 4). 4: K♣ led, seat 1 trumps with the 9♥, seat 3 over-trumps with the Q♥ (seat 3). 5: K♥
    led, the benny (seat 4). Makers 4: 1 point."""
    return Table("fusion").round(
        4, bids="1:leave 2:take", discard="9D",
        hands={1: "9H TH KD 9C TC", 2: "JS AS KS JC 9D", 3: "QH KH QD TD QC", 4: "JK 9S TS AD KC"},
        up="AH", bones="JH QS JD AC",
        tricks="2:JS 3:QC 4:9S 1:9C  decline:2  4:TS 1:TC 2:AS 3:TD  decline:2  4:AD 1:KD 2:KS 3:QD  "
               "4:KC 1:9H 2:JC 3:QH  3:KH 4:JK 1:TH 2:AH")


FIXTURES = {"01-march": march, "02-square-deal-off": square_deal_off, "03-square-deal-on": square_deal_on,
            "04-redeal": redeal, "05-joker-taken": joker_taken, "06-makers-four": makers_four,
            "07-assassin-off": assassin_off, "08-assassin-on": assassin_on,
            "09-camera-square-deal-on": camera_square_deal_on, "10-scheme-carried": scheme_carried,
            "11-polycule-bones-run-out": polycule_bones_run_out, "12-game-to-ten": game_to_ten,
            "13-high-stakes-off": high_stakes_off, "14-high-stakes-on": high_stakes_on,
            "15-golf-club-off": golf_club_off, "16-golf-club-on": golf_club_on,
            "17-spiked-club-off": spiked_club_off, "18-spiked-club-on": spiked_club_on,
            "19-shoot-the-moon-off": shoot_the_moon_off, "20-shoot-the-moon-on": shoot_the_moon_on,
            "21-mad-genius-off": mad_genius_off, "22-mad-genius-on": mad_genius_on,
            "23-soul-mate-off": soul_mate_off, "24-soul-mate-on": soul_mate_on,
            "25-grave-robber-takes-the-benny": grave_robber_takes_the_benny,
            "26-collect-call-and-sweet-nothings": collect_call_and_sweet_nothings, "27-fools-gold": fools_gold,
            "28-therapy-club": therapy_club, "29-fusion": fusion,
            "30-heartbreaker-carried-camera": heartbreaker_carried_camera,
            "31-heartbreaker-not-carried-camera": heartbreaker_not_carried_camera,
            "32-lucky-penny": lucky_penny, "33-party-crasher": party_crasher, "34-fight-club": fight_club,
            "35-copycats": copycats, "36-club-sandwich": club_sandwich, **differential_rounds.FIXTURES,
            "67-modifiers-off": modifiers_off}


WRITER = FixtureWriter("boneyard-euchre", HERE, FIXTURES,
                       table_keys=("scores", "maker", "maker_tricks", "points", "winner", "modifiers", "tricks",
                                   "revokes", "redeal", "carried", "carry_next"))


if __name__ == "__main__":
    WRITER.main(sys.argv[1:])
