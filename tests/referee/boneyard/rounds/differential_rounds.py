"""Differential round fixtures, one on/off pair per modifier not paired in make_rounds.py: the same
cards with the modifier in play or not. Most use deal S (make_rounds.S: seat 1 takes the 9♥, Meet
Cute, hearts trump, the A♣ discarded), one hand card swapped with a bone so that the modifier's card
is one of the two bones Meet Cute flips ("on") or lies lower in the bones ("off", where Meet Cute
flips the Q♠ and another card that changes nothing here). Meet Cute and Polycule themselves are
switched off by turning up the 10♥ (Sweet Nothings, not used) in place of the 9♥ or J♥; Strip Club by
turning up the A♣ (Spiked Club, nothing to take off) in place of the J♣.

Where a modifier adds events of its own (a pass, a rob, a reveal, the dummy shown, a penny, a
decline, a Fool's Gold play), the "off" round cannot replay them: there the difference is the result
of the modifier's own effect, as each docstring says. Copycats and Fool's Gold are played at a camera
table, where a play that breaks the follow rule is recorded as a revoke rather than refused: the same
plays are a revoke with the modifier and none without it (Copycats), or the other way round.
"""

from __future__ import annotations

from round_builder import Table

S = dict(hands={1: "AH KH KC AS AC", 2: "JK JH 9S 9D TD", 3: "JD QH QC JC TC", 4: "KS JS KD AD 9C"}, up="9H")
S_TRICKS = "1:AH 2:JK 3:QH 4:9C  2:JH 3:JD 4:KD 1:KH  2:9D 3:QC 4:AD 1:9H  1:KC 2:TD 3:JC 4:JS  1:AS 2:9S 3:TC 4:KS"


def _s_round(title: str, bones: str, tricks: str, before: str = "", seen: bool = True, **deal) -> Table:
    deal = {**S, **deal}
    return Table(title).round(4, bids="1:take", discard="AC", before=("flip flip " + before).strip(), bones=bones,
                              tricks=tricks, seen=seen, **deal)


def grave_robber_on() -> Table:
    """Fixture 02's cards; Meet Cute flips 10♠ (Grave Robber) and Q♠. 1: A♥ led, the benny (seat 2);
    seat 3, the Maker's partner, takes the benny from that trick (decision 11). 2: J♥ led, seat 3
    follows trump with the benny (seat 3). 3: Q♣ led, A♦ thrown, K♣, 9♦: seat 1. 4: 9♥ led, 9♠, seat 3
    must follow with the J♦, the left bower, J♠: seat 3. 5: J♣ led, K♠, A♠, 10♦: seat 3. Makers 4: 1
    point (as off), but tricks 2, 4, 5 change hands. Seat 3's 10♣ is left over. Off: fixture 02."""
    return _s_round("grave-robber-on", "TS QS TH QD",
                    "1:AH 2:JK 3:QH 4:9C  rob:3:JK  2:JH 3:JK 4:KD 1:KH  3:QC 4:AD 1:KC 2:9D  "
                    "1:9H 2:9S 3:JD 4:JS  3:JC 4:KS 1:AS 2:TD")


CC = dict(hands={**S["hands"], 2: "JK JH 9S QD TD"})
CC_TRICKS = S_TRICKS.replace("2:9D", "2:QD")


def collect_call_off() -> Table:
    """Deal S with the 9♦ and Q♦ swapped; Meet Cute flips Q♠ and 10♥ (Sweet Nothings, not used).
    Fixture 02's tricks (seat 2 leads the Q♦ to trick 3): seats 2, 2, 1, 1, 1. Makers 3: 1 point."""
    return _s_round("collect-call-off", "QS TH 9D TS", CC_TRICKS, **CC)


def collect_call_on() -> Table:
    """The same cards; Meet Cute flips 9♦ (Collect Call) and Q♠. The Maker takes the J♥ from seat 2,
    the Q♣ from seat 3 and the K♠ from seat 4, and gives seat 2 the A♠, seat 3 the Q♣ back, seat 4
    the K♠ back: the right bower changes hands. 1: the benny (seat 2). 2: A♠ led, 10♣, K♠, seat 1
    trumps with the J♥ (seat 1). 3: K♣ led, 9♠, Q♣, J♠: seat 1. 4: K♥ led, Q♦, seat 3 follows with the
    J♦, the left bower, K♦: seat 3. 5: J♣ led, A♦, the 9♥ trumps, 10♦: seat 1. Makers 4: 1 point;
    tricks 2 and 4 change hands."""
    return _s_round("collect-call-on", "9D QS TH TS",
                    "1:AH 2:JK 3:QH 4:9C  2:AS 3:TC 4:KS 1:JH  1:KC 2:9S 3:QC 4:JS  1:KH 2:QD 3:JD 4:KD  "
                    "3:JC 4:AD 1:9H 2:TD",
                    before="pass:2>1:JH pass:3>1:QC pass:4>1:KS pass:1>2:AS pass:1>3:QC pass:1>4:KS", **CC)


def sweet_nothings_off() -> Table:
    """Fixture 02's cards with the 10♥ and 10♠ swapped in the bones: Meet Cute flips Q♠ and 10♠
    (Grave Robber, not used). Fixture 02's tricks: seats 2, 2, 1, 1, 1 (the A♠ takes trick 5)."""
    return _s_round("sweet-nothings-off", "QS TS TH QD", S_TRICKS)


def sweet_nothings_on() -> Table:
    """Fixture 02 (Meet Cute flips Q♠ and 10♥, Sweet Nothings): the Maker hands the A♠ to seat 3, and
    seat 3 the J♦, the left bower, to the Maker. 1: the benny (seat 2); 2: J♥ led, seat 3 void of
    trumps throws the 10♣ (seat 2); 3: 9♦ led, Q♣, A♦, the 9♥ trumps (seat 1); 4: K♣ (seat 1); 5: the
    Maker leads the J♦, a trump now in the Maker's hand, over 9♠, A♠, K♠ (seat 1). Makers 3: 1 point;
    the hands played differ and trick 5 falls to the left bower, not the A♠."""
    return _s_round("sweet-nothings-on", "QS TH QD TS",
                    "1:AH 2:JK 3:QH 4:9C  2:JH 3:TC 4:KD 1:KH  2:9D 3:QC 4:AD 1:9H  1:KC 2:TD 3:JC 4:JS  "
                    "1:JD 2:9S 3:AS 4:KS", before="pass:1>3:AS pass:3>1:JD")


PC = dict(hands={**S["hands"], 4: "KS QD KD AD 9C"})


def party_crasher_off() -> Table:
    """Deal S with the J♠ and Q♦ swapped; Meet Cute flips Q♠ and 10♥ (not used). Fixture 02's tricks,
    each played leader, left, partner, right: seats 2, 2, 1, 1, 1. Makers 3: 1 point."""
    return _s_round("party-crasher-off", "QS TH JS TS", S_TRICKS.replace("4:JS", "4:QD"), **PC)


def party_crasher_on() -> Table:
    """The same cards; Meet Cute flips J♠ (Party Crasher) and Q♠: in every trick the leader's partner
    plays last (leader, left, right, partner). The same cards to each trick, the same winners; the
    order of play differs (trick 1: A♥, the benny, then seat 4's 9♣ before seat 3's Q♥), as the
    modifier says: seat 3 playing third would be out of turn."""
    return _s_round("party-crasher-on", "JS QS TH TS",
                    "1:AH 2:JK 4:9C 3:QH  2:JH 3:JD 1:KH 4:KD  2:9D 3:QC 1:9H 4:AD  1:KC 2:TD 4:QD 3:JC  "
                    "1:AS 2:9S 4:KS 3:TC", **PC)


FU = dict(hands={**S["hands"], 1: "TS KH KC AS AC"})


def fusion_off() -> Table:
    """Deal S with the A♥ and 10♠ swapped; Meet Cute flips Q♠ and 10♥ (not used). 1: K♥ led, the
    benny (seat 2); 2: J♥ led, seat 1 follows with the 9♥ (seat 2); 3: 9♦ led, A♦ (seat 4); 4: K♠ led,
    the A♠ (seat 1); 5: K♣ (seat 1). Makers 2: the defenders score 2."""
    return _s_round("fusion-off", "QS TH AH QD",
                    "1:KH 2:JK 3:QH 4:9C  2:JH 3:JD 4:KD 1:9H  2:9D 3:QC 4:AD 1:TS  4:KS 1:AS 2:9S 3:TC  "
                    "1:KC 2:TD 3:JC 4:JS", **FU)


def fusion_on() -> Table:
    """The same cards; Meet Cute flips A♥ (Fusion) and Q♠. 1: the benny (seat 2), who declines to
    lead: seat 4 leads. 2: K♦ led, the 9♥ trumps (seat 1). 3: A♠ (seat 1). 4: K♣ (seat 1). 5: 10♠
    led, the J♥ trumps (seat 2). Makers 3: 1 point; the leader of trick 2 and the score differ."""
    return _s_round("fusion-on", "AH QS TH QD",
                    "1:KH 2:JK 3:QH 4:9C  decline:2  4:KD 1:9H 2:9D 3:QC  1:AS 2:9S 3:TC 4:KS  "
                    "1:KC 2:TD 3:JC 4:JS  1:TS 2:JH 3:JD 4:AD", **FU)


FC = dict(hands={**S["hands"], 3: "JD QH QD JC TC"})


def fight_club_off() -> Table:
    """Deal S with the Q♣ and Q♦ swapped; Meet Cute flips Q♠ and 10♥ (not used). Fixture 02's tricks
    (seat 3 follows the 9♦ with the Q♦): seats 2, 2, 1, 1, 1. Makers 3: 1 point."""
    return _s_round("fight-club-off", "QS TH QC TS", S_TRICKS.replace("3:QC", "3:QD"), **FC)


def fight_club_on() -> Table:
    """The same cards; Meet Cute flips Q♣ (Fight Club) and Q♠: no trump, plain jacks, the benny the
    highest of every suit (decision 7). 1: the benny (seat 2). 2: J♥ led, now a plain heart: J♦, K♦,
    the K♥ wins (seat 1). 3: A♠ (seat 1). 4: K♣ (seat 1). 5: the 9♥, the only heart (seat 1). Makers 4:
    1 point; trick 2 changes hands."""
    return _s_round("fight-club-on", "QC QS TH TS",
                    "1:AH 2:JK 3:QH 4:9C  2:JH 3:JD 4:KD 1:KH  1:AS 2:9S 3:TC 4:KS  1:KC 2:9D 3:JC 4:AD  "
                    "1:9H 2:TD 3:QD 4:JS", **FC)


TC = dict(hands={**S["hands"], 3: "JD QH QC JC TS"})
TC_TRICKS = S_TRICKS.replace("3:TC", "3:TS")


def therapy_club_off() -> Table:
    """Deal S with the 10♣ and 10♠ swapped; Meet Cute flips Q♠ and 10♥ (not used). Fixture 02's
    tricks (seat 3 follows the A♠ with the 10♠): seats 2, 2, 1, 1, 1. No card is face up."""
    return _s_round("therapy-club-off", "QS TH TC QD", TC_TRICKS, **TC)


def therapy_club_on() -> Table:
    """The same cards and tricks; Meet Cute flips 10♣ (Therapy Club) and Q♠: the defenders, seats 2
    and 4 (decision 9), lay the benny and the K♠ face up. The difference is the modifier's own effect:
    two hands shown to the table; the tricks and points are as without it."""
    return _s_round("therapy-club-on", "TC QS TH QD", TC_TRICKS, before="reveal:2:JK reveal:4:KS", **TC)


LP = dict(hands={**S["hands"], 2: "JK JH 9S 9D TS"})
LP_TRICKS = S_TRICKS.replace("2:TD", "2:TS")


def lucky_penny_off() -> Table:
    """Deal S with the 10♦ and 10♠ swapped; Meet Cute flips Q♠ and 10♥ (not used). Fixture 02's
    tricks (seat 2 throws the 10♠ to trick 4): seats 2, 2, 1, 1, 1. Seat 3 plays its own five cards."""
    return _s_round("lucky-penny-off", "QS TH TD QD", LP_TRICKS, **LP)


def lucky_penny_on() -> Table:
    """The same cards; Meet Cute flips 10♦ (Lucky Penny) and Q♠; the next bone, the 10♥, goes face
    down before seat 3, the Maker's partner. 3: 9♦ led; seat 3, void of diamonds, plays the penny:
    the 10♥ trumps, A♦, and seat 1's 9♥ is lower (seat 3). 4: seat 3 leads the J♣, J♠, K♣, 10♠: seat
    1. 5: A♠ (seat 1). Makers 3: 1 point; trick 3 falls to the penny, not the 9♥, and seat 3 keeps
    the Q♣ left over."""
    return _s_round("lucky-penny-on", "TD QS TH QD",
                    "1:AH 2:JK 3:QH 4:9C  2:JH 3:JD 4:KD 1:KH  2:9D 3:TH/penny 4:AD 1:9H  3:JC 4:JS 1:KC 2:TS  "
                    "1:AS 2:9S 3:TC 4:KS", before="penny:3", **LP)


DU = dict(hands={**S["hands"], 2: "TS JH 9S 9D TD"})
DU_TRICKS = ("1:AH 2:JH 3:QH 4:9C  2:TS 3:TC 4:KS 1:AS  1:KH 2:9S 3:JD 4:KD  3:QC 4:JS 1:KC 2:9D  "
             "1:9H 2:TD 3:JC 4:AD")


def dummy_off() -> Table:
    """Deal S with the benny and 10♠ swapped; Meet Cute flips Q♠ and 10♥ (not used). 1: A♥ led, the
    J♥ right bower (seat 2); 2: 10♠ led, the A♠ (seat 1); 3: K♥ led, seat 3's J♦, the left bower
    (seat 3); 4: Q♣ led, the K♣ (seat 1); 5: the 9♥ (seat 1). Makers 4: 1 point; seat 3's hand unseen."""
    return _s_round("dummy-off", "QS TH JK QD", DU_TRICKS, **DU)


def dummy_on() -> Table:
    """The same cards and tricks; Meet Cute flips the Joker (Dummy) and Q♠: seat 3, the Maker's
    partner, lays the hand face up and the Maker plays it. The difference is the modifier's own effect:
    seat 3's hand face up (the tricks and points are as without it)."""
    return _s_round("dummy-on", "JK QS TH QD", DU_TRICKS, before="show:3:JD,QH,QC,JC,TC", **DU)


MC_OFF = dict(S, up="TH")


def meet_cute_off() -> Table:
    """Fixture 03's cards with the 9♥ and 10♥ swapped: seat 1 takes the 10♥ (Sweet Nothings, not used,
    hearts trump) and nothing is flipped. 03's tricks with the 10♥ for the 9♥: seats 2, 2, 1, 1, and
    5: the A♠ (seat 1), as no Square Deal was flipped. Makers 3: 1 point. On: fixture 03."""
    return Table("meet-cute-off").round(4, bids="1:take", discard="AC", bones="QD QS 9H TS",
                                        tricks=S_TRICKS.replace("1:9H", "1:TH"), **MC_OFF)


SC = dict(hands={**S["hands"], 4: "TS JS KD AD 9C"})
SC_TRICKS = S_TRICKS.replace("4:KS", "4:TS")


def scheme_off() -> Table:
    """Deal S with the K♠ and 10♠ swapped; Meet Cute flips Q♠ and 10♥ (not used). Fixture 02's tricks
    (seat 4 follows the A♠ with the 10♠): seats 2, 2, 1, 1, 1. Makers 3: 1 point."""
    return _s_round("scheme-off", "QS TH KS QD", SC_TRICKS, **SC)


def scheme_on() -> Table:
    """The same cards; Meet Cute flips K♠ (Scheme) and Q♠, then Scheme flips the Q♦: Square Deal, this
    round and the next (decision 4: first in, first out). Tricks 1-4 as without it (no ace meets a 9
    of its suit but in trick 3, where the 9♥ trumps); 5: the 9♠ plays as an ace over the A♠ (seat 2).
    Makers 2: the defenders score 2."""
    return _s_round("scheme-on", "KS QS QD TH", SC_TRICKS, before="flip", **SC)


FG = dict(hands={**S["hands"], 3: "QD QH QC JC TC"})
FG_TRICKS = "1:AH 2:JK 3:QH 4:9C  2:JH 3:TC 4:KD 1:KH  2:9D 3:QC{} 4:AD 1:9H  1:KC 2:TD 3:JC 4:JS  1:AS 2:9S 3:QD 4:KS"


def fools_gold_off() -> Table:
    """At a camera table. Deal S with the J♦ and Q♦ swapped; Meet Cute flips Q♠ and 10♥ (not used).
    1: the benny (seat 2); 2: the right bower (seat 2); 3: 9♦ led, seat 3 throws the Q♣, A♦, the 9♥
    trumps (seat 1); 4: K♣ (seat 1); 5: A♠ (seat 1), seat 3 plays the Q♦, which proves it held a
    diamond at trick 3: a revoke. Makers 3: 1 point."""
    return _s_round("fools-gold-off", "QS TH JD TS", FG_TRICKS.format(""), seen=False, **FG)


def fools_gold_on() -> Table:
    """The same cards, plays and table; Meet Cute flips J♦ (Fool's Gold) and Q♠: seat 3, the Maker's
    partner, plays the Q♣ to trick 3 as Fool's Gold, the Queen-and-a-half of ♦, which counts as
    following (decision 12): no revoke. The same winners; the legality ruling differs."""
    return _s_round("fools-gold-on", "JD QS TH TS", FG_TRICKS.format("/gold"), seen=False, **FG)


CO = dict(hands={**S["hands"], 2: "JK JH TS 9D TD"})
CO_TRICKS = S_TRICKS.replace("2:9S", "2:TS")


def copycats_off() -> Table:
    """At a camera table. Deal S with the 9♠ and 10♠ swapped; Meet Cute flips Q♠ and 10♥ (not used).
    Fixture 02's tricks (seat 2 plays the 10♠ to trick 5): seats 2, 2, 1, 1, 1. Seat 3 throws the Q♣
    to the 9♦ lead, void of diamonds: no revoke. Makers 3: 1 point."""
    return _s_round("copycats-off", "QS TH QD 9S", CO_TRICKS, seen=False, **CO)


def copycats_on() -> Table:
    """The same cards, plays and table; Meet Cute flips 9♠ (Copycats) and Q♠, and Copycats flips the
    Q♦: every 10 is a Q♦ this round (decision 6, a full copy). Seat 3's 10♣ is a diamond, so the Q♣
    thrown to the 9♦ lead of trick 3 is a revoke, proved when the 10♣ is played to trick 5. The same
    winners (the copies are never high enough); the legality ruling differs."""
    return _s_round("copycats-on", "9S QS QD TH", CO_TRICKS, before="flip", seen=False, **CO)


PO = dict(hands={**S["hands"], 2: "JK 9H 9S 9D TD"})
PO_TRICKS = ("1:AH 2:JK 3:QH 4:9C  2:9H 3:JD 4:KD 1:KH  3:QC 4:AD 1:KC 2:9D  1:{} 2:9S 3:JC 4:JS  "
             "1:AS 2:TD 3:TC 4:KS")


def polycule_off() -> Table:
    """Deal S with the 9♥ in seat 2's hand for the J♥, which lies in the bones, and the 10♥ turned up:
    seat 1 takes it (Sweet Nothings, not used) and nothing is flipped. 1: the benny (seat 2); 2: 9♥
    led, the J♦ left bower (seat 3); 3: Q♣ led, the K♣ (seat 1); 4: the 10♥ led (seat 1); 5: A♠ (seat
    1). Makers 4: 1 point."""
    return Table("polycule-off").round(4, bids="1:take", discard="AC", bones="QD QS JH TS",
                                       tricks=PO_TRICKS.format("TH"), **dict(PO, up="TH"))


def polycule_on() -> Table:
    """The same cards with the J♥ turned up instead of the 10♥: seat 1 takes it (Polycule) and flips
    Q♦ (Square Deal) and Q♠ (decision 4: as Meet Cute). Tricks 1-4 as without it (the benny; the
    left bower over the 9♥, now ace-valued; K♣; the J♥, the right bower, led); 5: the A♠ now has the
    9's value and the K♠ wins (seat 4). Makers 3: 1 point; trick 5 changes hands."""
    return Table("polycule-on").round(4, bids="1:take", discard="AC", before="flip flip", bones="QD QS TH TS",
                                      tricks=PO_TRICKS.format("JH"), **dict(PO, up="JH"))


CS = dict(hands={**S["hands"], 1: "AH KH QD AS AC"})
CS_TRICKS = "1:AH 2:JK 3:QH 4:KD  2:JH 3:JD 4:AD 1:KH  2:9D 3:TC 4:9C "


def club_sandwich_off() -> Table:
    """Deal S with the K♣ and Q♦ swapped; Meet Cute flips Q♠ and 10♥ (not used). 1: the benny (seat
    2); 2: the right bower (seat 2); 3: 9♦ led, 10♣, 9♣, seat 1 follows with the Q♦ (seat 1); 4: A♠
    (seat 1); 5: the 9♥ (seat 1). Makers 3: 1 point."""
    return _s_round("club-sandwich-off", "QS TH KC TS",
                    CS_TRICKS + "1:QD  1:AS 2:9S 3:QC 4:KS  1:9H 2:TD 3:JC 4:JS", **CS)


def club_sandwich_on() -> Table:
    """The same cards; Meet Cute flips K♣ (Club Sandwich) and Q♠. Trick 3: seats 2 and 4, partners,
    play the 9♦ and the 9♣, a matching pair, so the 9♣ is the Ace-and-a-half of trumps, above the
    Q♦ (seat 4). 4: K♠ led, the A♠ (seat 1); 5: the 9♥ (seat 1). No other allied pair (seat 3 throws
    the 10♣, not the Q♣, to trick 3, away from seat 1's Q♦). Makers 2: the defenders score 2."""
    return _s_round("club-sandwich-on", "KC QS TH TS",
                    CS_TRICKS + "1:QD  4:KS 1:AS 2:9S 3:QC  1:9H 2:TD 3:JC 4:JS", **CS)


C = dict(hands={1: "9H TH KD 9C TC", 2: "JS AS KS QS 9D", 3: "AH KH QD TD QC", 4: "JK 9S TS AD KC"})
C_TRICKS = "2:{} 3:QC 4:KC 1:9C  2:AS 3:QD 4:9S 1:9H  2:KS 3:TD 4:TS 1:TH  2:QS 3:KH 4:AD 1:KD  2:JS 3:AH 4:JK 1:TC"


def strip_club_off() -> Table:
    """Fixture 12's first round with the A♣ turned up instead of the J♣: seat 2 takes it (Spiked
    Club, nothing to take off; clubs trump), discards the 9♦. 1: A♣, the highest trump in play (seat
    2); 2: A♠ (seat 2); 3: K♠ (seat 2); 4: Q♠ led, nobody follows or trumps (seat 2); 5: the J♠, the
    left bower, led, the benny (seat 4). Makers 5: 2 points."""
    return Table("strip-club-off").round(4, bids="1:leave 2:take", discard="9D", up="AC", bones="JH QH JD JC",
                                         tricks=C_TRICKS.format("AC"), **C)


def strip_club_on() -> Table:
    """Fixture 12's first round: seat 2 takes the J♣ (Strip Club). The same tricks with the J♣ led to
    the first; the Q♠ wins trick 4 and team 2 scores 1 point at once. Makers 5: 2 + 1 = 3."""
    return Table("strip-club-on").round(4, bids="1:leave 2:take", discard="9D", up="JC", bones="JH QH JD AC",
                                        tricks=C_TRICKS.format("JC"), **C)


FIXTURES = {"37-grave-robber-on": grave_robber_on, "38-collect-call-off": collect_call_off,
            "39-collect-call-on": collect_call_on, "40-sweet-nothings-off": sweet_nothings_off,
            "41-sweet-nothings-on": sweet_nothings_on, "42-party-crasher-off": party_crasher_off,
            "43-party-crasher-on": party_crasher_on, "44-fusion-off": fusion_off, "45-fusion-on": fusion_on,
            "46-fight-club-off": fight_club_off, "47-fight-club-on": fight_club_on,
            "48-therapy-club-off": therapy_club_off, "49-therapy-club-on": therapy_club_on,
            "50-lucky-penny-off": lucky_penny_off, "51-lucky-penny-on": lucky_penny_on, "52-dummy-off": dummy_off,
            "53-dummy-on": dummy_on, "54-meet-cute-off": meet_cute_off, "55-scheme-off": scheme_off,
            "56-scheme-on": scheme_on, "57-fools-gold-off": fools_gold_off, "58-fools-gold-on": fools_gold_on,
            "59-copycats-off": copycats_off, "60-copycats-on": copycats_on, "61-polycule-off": polycule_off,
            "62-polycule-on": polycule_on, "63-club-sandwich-off": club_sandwich_off,
            "64-club-sandwich-on": club_sandwich_on, "65-strip-club-off": strip_club_off,
            "66-strip-club-on": strip_club_on}
