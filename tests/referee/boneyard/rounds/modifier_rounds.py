"""Round fixtures of the modifiers that change who plays what and when (Lucky Penny, Party Crasher)
and of three that change a card's standing in a trick (Fight Club, Copycats, Club Sandwich): one
function per fixture, its docstring the working checked by hand. `make_rounds.py` writes them."""

from __future__ import annotations

from round_builder import Table


def lucky_penny() -> Table:
    """Seat 2 takes the 10♦ (Lucky Penny, diamonds trump) and discards the J♣; the top bone goes face
    down, unseen, in front of seat 4. 1: K♠ led; seat 4 holds the 9♠ and 10♠ but plays the penny
    (decision 10: it may go to any trick): the J♥, the left bower, trumps (seat 4). 2: A♠ (seat 2).
    3: the A♦ of trumps (seat 4). 4: the benny (seat 4). 5: J♠ (seat 2). Makers 5: 2 points; seat 4's
    K♣ is left over."""
    return Table("lucky-penny").round(
        4, bids="1:leave 2:take", discard="JC", before="penny:4",
        hands={1: "9H TH KD 9C TC", 2: "JS AS KS JC 9D", 3: "AH KH QD QH QC", 4: "JK 9S TS AD KC"},
        up="TD", bones="JH QS JD AC",
        tricks="2:KS 3:QC 4:JH/penny 1:9H  4:9S 1:9C 2:AS 3:AH  2:TD 3:QD 4:AD 1:KD  4:JK 1:TH 2:9D 3:KH  "
               "4:TS 1:TC 2:JS 3:QH")


def party_crasher() -> Table:
    """Seat 2 takes the J♠ (Party Crasher, spades trump); the leader's partner plays last. 1: seats 2,
    3, 1, 4: J♠ (seat 2). 2: J♣ left bower (seat 2). 3: A♠, the benny last (seat 4). 4: seats 4, 1,
    3, 2: A♦ led, the K♠ trumps last (seat 2). 5: Q♠ (seat 2). Makers 5: 2 points."""
    return Table("party-crasher").round(
        4, bids="1:leave 2:take", discard="9D",
        hands={1: "9H TH KD 9C TC", 2: "QS AS KS JC 9D", 3: "AH KH QD TD QC", 4: "JK 9S TS AD KC"},
        up="JS", bones="JH QH JD AC",
        tricks="2:JS 3:QC 1:9C 4:9S  2:JC 3:TD 1:TC 4:TS  2:AS 3:QD 1:KD 4:JK  4:AD 1:9H 3:AH 2:KS  "
               "2:QS 3:KH 1:TH 4:KC")


def fight_club() -> Table:
    """Seat 2 takes the Q♣ (Fight Club): no trump (decision 7: plain jacks, the benny the highest
    card of every suit); discards the 9♦. 1: A♠ (seat 2); 2: K♠ (seat 2); 3: J♠ led, the benny (seat
    4); 4: A♦ (seat 4); 5: K♣ over the Q♣ (seat 4). Makers 5: 2 points."""
    return Table("fight-club").round(
        4, bids="1:leave 2:take", discard="9D",
        hands={1: "9H TH KD 9C TC", 2: "JS AS KS JC 9D", 3: "AH KH QD TD QS", 4: "JK 9S TS AD KC"},
        up="QC", bones="JH QH JD AC",
        tricks="2:AS 3:QS 4:9S 1:9C  2:KS 3:TD 4:TS 1:TC  2:JS 3:QD 4:JK 1:KD  4:AD 1:9H 2:JC 3:AH  "
               "4:KC 1:TH 2:QC 3:KH")


def copycats() -> Table:
    """Seat 2 takes the 9♠ (Copycats, spades trump) and discards the K♠; Copycats flips the A♣: every
    10 is an A♣ this round (decision 6, full copy). 1: J♠ (seat 2). 2: J♣ led, the benny (seat 4).
    3: K♣ led; seat 1 must follow clubs and its 10♥ is an A♣: seat 1. 4: seat 1 leads the 10♣ (an
    A♣), seat 4 must follow with its 10♠ (an A♣ too), the 9♠ trumps (seat 2). 5: A♠ (seat 2).
    Makers 4: 1 point."""
    return Table("copycats").round(
        4, bids="1:leave 2:take", discard="KS", before="flip",
        hands={1: "9H TH KD 9C TC", 2: "JS AS KS JC 9D", 3: "AH KH QD TD QC", 4: "JK QS TS AD KC"},
        up="9S", bones="AC JH QH JD",
        tricks="2:JS 3:QC 4:QS 1:9C  2:JC 3:TD 4:JK 1:KD  4:KC 1:TH 2:9D 3:QD  1:TC 2:9S 3:AH 4:TS  "
               "2:AS 3:KH 4:AD 1:9H")


def club_sandwich() -> Table:
    """Seat 2 takes the K♣ (Club Sandwich, clubs trump) and discards the J♠. 1: A♠ led, seat 3 trumps
    with the Q♣, then seat 4, the leader's partner and void of spades, plays the A♦: a matching pair
    of aces, so the A♦ is the Ace-and-a-half of trumps, above the Q♣ (seat 4). 2: 10♦ led, K♦ (seat
    1). 3: 10♠ led, K♠ (seat 2; seat 3 keeps its 10♥ away from seat 1's tens, which would pair). 4:
    J♣ led, the benny (seat 4). 5: Q♦ led, the 10♣ trumps, the K♣ over-trumps (seat 2). Makers 4: 1
    point."""
    return Table("club-sandwich").round(
        4, bids="1:leave 2:take", discard="JS",
        hands={1: "9C TC 9S TS KD", 2: "AS KS JC 9D JS", 3: "QC AH KH TH JD", 4: "JK AD QD TD 9H"},
        up="KC", bones="QS JH QH AC",
        tricks="2:AS 3:QC 4:AD 1:9S  4:TD 1:KD 2:9D 3:JD  1:TS 2:KS 3:KH 4:9H  2:JC 3:TH 4:JK 1:9C  "
               "4:QD 1:TC 2:KC 3:AH")
