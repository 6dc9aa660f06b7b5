"""One fixture per variant of the original and per setting the issue names, each built to show
where the setting changes the deal. Each docstring is the hand check."""

from __future__ import annotations

from deal_builder import A_DEAL, A_TRICKS, R_DEAL, REVOKE_TRICKS, Table, r_tricks
from fixtures_contracts import ZWABBER

PASS3 = "2:pass 3:pass 4:pass"
# The "K" deal: seat 1 keeps 7♦ to lead into seats 2 and 3, both void in diamonds and both holding
# trumps. Seat 1 takes A♠ A♣ 7♣ 8♣ and discards 7♣ 8♣ 8♦ 9♣. Tricks 1-3 are seat 1's: J♥ 7♥ 8♥
# Q♦ = 22, A♠ K♠ 8♠ 10♦ = 24, A♣ K♣ 9♠ J♦ = 15: 61.
K_DEAL = dict(up="AS AC", down="7C 8C", exchange=((1, "7C 8C 8D 9C"),), trump="H")
K_OPENING = ((1, "JH 7H 8H QD"), (1, "AS KS 8S TD"), (1, "AC KC 9S JD"))


def klaverjas_order() -> Table:
    """Trumps J 9 A 10 K Q 8 7. Trick 4: 7♦ led, seat 2 trumps with 10♥, seat 3 with K♥: in the
    klaverjas order the 10 is higher, so seat 2 wins 0+10+3+0 = 13 (by default K♥ would win it for
    seat 3). Seat 2 leads 7♠: 10♠, K♦, seat 1's 9♥ = 27; seat 1 leads A♥: Q♣ Q♥ A♦ = 26. Seat 1:
    61 + 27 + 26 = 114 >= 110, made, + . Check: 114 + 13 + aside Q♠ J♠ 10♣ J♣ 14 = 141."""
    tricks = K_OPENING + ((1, "7D TH KH 9D"), (2, "7S TS KD 9H"), (1, "AH QC QH AD"))
    return Table("klaverjas-order", klaverjas_trump_order=True).deal(4, bids="1:110 " + PASS3, tricks=tricks, **K_DEAL)


def no_undertrump() -> Table:
    """No under-trumping. Trick 4: 7♦ led, seat 2 trumps with K♥ and seat 3, void in diamonds but
    holding 10♠, plays the lower 10♥: a revoke, seen at once (the hands are named). An opponent's
    revoke: seat 1 wins the 120 although it takes 114 (61 + 9♥ trick 27 + A♥ trick 26), + ."""
    tricks = K_OPENING + ((1, "7D KH TH 9D"), (2, "7S TS KD 9H"), (1, "AH QC QH AD"))
    return Table("no-undertrump", no_undertrump=True).deal(4, bids="1:120 " + PASS3, tricks=tricks, **K_DEAL)


def six_run_100() -> Table:
    """A run of six scores 100: A K Q J 10 9 of hearts are 100 + stuk 20 = 120, short of the
    boonaak 200 bid (by default 220 would hold it). Every trick is seat 1's, the roem is not
    there: lost, − ."""
    return Table("six-run-100", six_run_points=100).deal(
        4, bids="1:boonaak_200 " + PASS3, up="9H AC", down="KC QC", exchange=((1, "AC KC QC 7C"),), trump="H",
        tricks=((1, "JH 8H 7H AS"), (1, "9H 7S 7D KS"), (1, "AH 8S 8D QS"), (1, "KH 9S 9D AD"),
                (1, "QH TS TD KD"), (1, "TH JS JD QD")))


def roem_not_shared() -> Table:
    """Sharing off (decision 1): four aces with the trump K and Q are 100 + stuk 20 = 120; the A-K-Q
    run would need the A♥ a second time. Deal 1: seat 1 bids 150 and declares 140, the sharing
    total. Tricks: A♥ 7♥ 8♥ 10♥ = 21 (seat 1); K♥ J♥ 9♥ K♠ = 3+20+14+3 = 40 to seat 2; 7♠ 7♦ Q♠
    A♠ = 13; A♦ 8♠ 8♦ J♠ = 12; A♣ 9♠ 9♦ K♣ = 14; Q♥ 10♠ 10♦ Q♣ = 24: seat 1 84. Once played, 140
    is not in seat 1's cards: false roem, the bid is lost, − . Check: 84 + 40 + discards K♦ Q♦ J♦
    9♣ 6 + aside 7♣ 8♣ 10♣ J♣ 11 = 141.
    Deal 2 (seat 1 deals; seat 1 bids last): the same cards, bid 125, declared 120: it holds, 84 +
    120 = 204 >= 125, made: seat 1 −+ , wip."""
    deal = dict(up="AD AC", down="KD QD", exchange=((1, "KD QD JD 9C"),), trump="H")
    rest = ((1, "KH JH 9H KS"), (2, "7S 7D QS AS"), (1, "AD 8S 8D JS"), (1, "AC 9S 9D KC"), (1, "QH TS TD QC"))
    return (Table("roem-not-shared", roem_shared_with_run=False)
            .deal(4, bids="1:150 " + PASS3, tricks=((1, "R140 AH 7H 8H TH"),) + rest, **deal)
            .deal(1, bids="2:pass 3:pass 4:pass 1:125", tricks=((1, "R120 AH 7H 8H TH"),) + rest, **deal))


def minimum_bid_25() -> Table:
    """Minimum 25: seat 1 opens 25, seat 2 30, 3 and 4 pass, seat 1 35, seat 2 passes. Deal A's
    cards: 104 >= 35, made, + ."""
    return Table("minimum-bid-25", minimum_bid=25).deal(4, bids="1:25 2:30 3:pass 4:pass 1:35 2:pass",
                                                       tricks=A_TRICKS, **A_DEAL)


def misere_100_zwabber_125() -> Table:
    """Misère just above 100, zwabber just above 125 (line 141): seat 1 95, seat 2 misère (above
    95), seat 3 105 (overcalls the lone misère), seat 4 zwabber (above 105 and below 130), all pass.
    Seat 4 plays the zwabber deal's cards (seats turned one to the right): every trick, + ."""
    tricks = tuple((4, t) for _, t in ZWABBER) + ((4, "AC 7S 7H QC"),)
    return Table("misere-100-zwabber-125", misere_slot=100, zwabber_slot=125).deal(
        4, bids="1:95 2:misere 3:105 4:zwabber 1:pass 2:pass 3:pass", up="9D 8D", down="7D 9C",
        exchange=((4, "9D 8D 7D 9C"),), tricks=tricks)


def zwabber_with_roem() -> Table:
    """Zwabber 50 (variant: with roem, just above zwabber): A K Q J of spades are a run of 50; no
    trump, so no stuk. Seat 1 takes every trick (the four spades, A♥, A♦) and holds the 50: won, + ."""
    return Table("zwabber-with-roem", zwabber_with_roem=True).deal(
        4, bids="1:zwabber_50 " + PASS3, up="9D 8D", down="7D 9C", exchange=((1, "9D 8D 7D 9C"),),
        tricks=((1, "AS 7S 7H QD"), (1, "KS 8S 8H JD"), (1, "QS 9S 9H TD"), (1, "JS TS TH KC"),
                (1, "AH QH JH QC"), (1, "AD KH KD JC")))


def lone_misere_trump() -> Table:
    """Lone misère names trump for the deal (variant, read as for the deal): seat 1 names spades.
    Trick 1: 7♦ led, seat 2 (no diamonds) trumps with 7♠ and takes it; without trump the 7♦ would
    have won it for seat 1. Trick 2: seat 3, void in hearts, trumps with the 9♠ (the nel, second
    in trump), and seat 3's spades take the rest. Seat 1 took no trick: + ."""
    return Table("lone-misere-trump", lone_misere_trump=True).deal(
        4, bids="1:misere " + PASS3, up="AD KD", down="QD JD", exchange=((1, "AD KD QD JD"),), trump="S",
        tricks=((1, "7D 7S 9H 9C"), (2, "AH 9S TC 7H"), (3, "AS JC 8H 8S"), (3, "KS QC 7C TS"),
                (3, "QS KC 8C KH"), (3, "JS AC 8D QH")))


def centre_one_down() -> Table:
    """Two to four players: one card down in the centre (line 133): 1 down, 2 up, 5 aside. Seat 1
    takes A♠ A♣ 7♣ and discards 7♣ 7♦ 8♦; deal A's tricks, 104 >= 60, + . Aside Q♠ J♠ 10♣ J♣ 8♣:
    104 + 23 + 14 = 141."""
    return Table("centre-one-down", centre_one_down=True).deal(
        4, bids="1:60 " + PASS3, up="AS AC", down="7C", exchange=((1, "7C 7D 8D"),), trump="H", tricks=A_TRICKS)


def six_players() -> Table:
    """Six players (line 135): 5 cards each, 2 up, nothing aside. Seat 1 bids 100, takes A♠ A♣,
    discards 10♣ J♣ (11 points, never won). Tricks: J♥ 7♥ K♥ 10♥ A♦ 9♦ = 44; 9♥ 8♥ Q♥ K♠ K♦ 8♦ =
    22; A♥ 7♠ 9♠ Q♠ Q♦ 7♦ = 15; A♠ 8♠ 10♠ J♠ J♦ K♣ = 26; A♣ 7♣ 8♣ 9♣ 10♦ Q♣ = 23: 130 >= 100,
    + . 130 + 11 = 141."""
    return Table("six-players", seats=range(1, 7), six_seven_players=True).deal(
        6, bids="1:100 2:pass 3:pass 4:pass 5:pass 6:pass", up="AS AC", exchange=((1, "TC JC"),), trump="H",
        hand_size=5, tricks=((1, "JH 7H KH TH AD 9D"), (1, "9H 8H QH KS KD 8D"), (1, "AH 7S 9S QS QD 7D"),
                             (1, "AS 8S TS JS JD KC"), (1, "AC 7C 8C 9C TD QC")))


def seven_players() -> Table:
    """Seven players (line 135): 4 each, 2 up and 2 down, nothing aside. Seat 1 bids 110, takes A♠
    A♥ 7♣ 8♣, discards 7♣ 8♣ 9♣ 10♣ (10). Tricks: J♥ 7♥ K♥ 10♥ A♦ 10♦ A♣ = 65; 9♥ 8♥ Q♥ K♠ K♦
    9♦ K♣ = 25; A♥ 7♠ 9♠ Q♠ Q♦ 8♦ Q♣ = 17; A♠ 8♠ 10♠ J♠ J♦ 7♦ J♣ = 24: 131 >= 110, + . 131 + 10 = 141."""
    return Table("seven-players", seats=range(1, 8), six_seven_players=True).deal(
        7, bids="1:110 2:pass 3:pass 4:pass 5:pass 6:pass 7:pass", up="AS AH", down="7C 8C",
        exchange=((1, "7C 8C 9C TC"),), trump="H", hand_size=4,
        tricks=((1, "JH 7H KH TH AD TD AC"), (1, "9H 8H QH KS KD 9D KC"), (1, "AH 7S 9S QS QD 8D QC"),
                (1, "AS 8S TS JS JD 7D JC")))


FIVE_CARD = dict(misere=False, zwabber=False, minimum_bid=25, open_boonaak=True, five_cards=True, scoring="points")


def five_card_version() -> Table:
    """The five-card version (lines 159-165): 5 each, 2 up, 10 aside, scored in points from 5.
    Deal 1: seat 1 bids 50, takes A♠ A♣ and discards 7♣ 8♣; J♥ 7♥ 8♥ Q♦ 22, 9♥ 10♥ Q♥ K♦ 29, A♥ 7♠
    K♥ 9♦ 14, A♠ K♠ 8♠ 10♦ 24, A♣ K♣ 9♠ J♦ 15: 104 >= 50, a 50 is worth two: 5 - 2 = 3.
    Deal 2 (seat 1 deals, seat 2 bids first): open boonaak, the highest bid; no centre cards
    (line 163). Seat 2 names spades and takes all five tricks with J 9 A K Q of spades: open boonaak
    is worth 10, 5 - 10 = -5: out, a winner."""
    return (Table("five-card-version", **FIVE_CARD)
            .deal(4, bids="1:50 " + PASS3, up="AS AC", exchange=((1, "7C 8C"),), trump="H", hand_size=5,
                  tricks=A_TRICKS[:5])
            .deal(1, bids="2:open_boonaak 3:pass 4:pass 1:pass", up="9H 8H", trump="S", hand_size=5,
                  tricks=((2, "JS 7S AD AC"), (2, "9S 8S KD KC"), (2, "AS TS QD QC"), (2, "KS AH JD JC"),
                          (2, "QS KH TD TC"))))


def points_scoring() -> Table:
    """Points instead of marks (line 155): deal A, 60 made; 50 to 75 is worth two: 5 - 2 = 3."""
    return Table("points-scoring", scoring="points").deal(4, bids="1:60 " + PASS3, tricks=A_TRICKS, **A_DEAL)


TWO_MISERES = ((1, "7S 9S KS JS"), (3, "QS TS AS 7C"), (1, "7H AH KH JH"), (2, "9H QH TH 8H"),
               (3, "KD AD 7D 9D"), (4, "AC 8S 8D QD"))


def two_erin_first(two_erin: str = "first") -> Table:
    """Two erin in one deal, setting "first". Deal 1: seats 1 and 2 bid misère; seat 1 takes trick
    2 with A♠ (following spades), seat 2 trick 3 with A♥: both − . Deal 2 (seat 1 deals): seat 2
    bids misère first, seat 1 joins; the same cards, both take a trick again: both erin, and the
    first in the chain, seat 2, is the loser."""
    second = ((2, "9S KS JS 7S"), (3, "QS TS AS 7C"), (1, "7H AH KH JH"), (2, "9H QH TH 8H"),
              (3, "KD AD 7D 9D"), (4, "AC 8S 8D QD"))
    return (Table(f"two-erin-{two_erin}", two_erin=two_erin)
            .deal(4, bids="1:misere 2:misere 3:pass 4:pass", up="KC QC", down="JC TC",
                  exchange=((1, "KC QC JC TC"), (2, "KC QC JC TC")), tricks=TWO_MISERES)
            .deal(1, bids="2:misere 3:pass 4:pass 1:misere", up="KC QC", down="JC TC",
                  exchange=((2, "KC QC JC TC"), (1, "KC QC JC TC")), tricks=second))


def dealer_rotation_declarer() -> Table:
    """The previous declarer deals (line 131): seat 3 deals, seat 1 plays 60 on deal A's cards and
    makes it; the next deal is dealt by seat 1 (passing left it would be seat 4's)."""
    return (Table("dealer-rotation-declarer", dealer_rotation="declarer")
            .deal(3, bids="4:pass 1:60 2:pass 3:pass", tricks=A_TRICKS, **A_DEAL)
            .deal(1, bids="2:pass", up="AD 8S", down="TC QH"))


def illegal_card_take_back() -> Table:
    """illegal_card "take_back": a card seen to be illegal as it lands goes back, but the camera
    table cannot see seat 2's trump on trick 1; proven by its 10♥ on trick 2, the revoke is a
    penalty: seat 1 wins the 110, + ."""
    return Table("illegal-card-take-back", illegal_card="take_back").deal(
        4, bids="1:110 " + PASS3, tricks=REVOKE_TRICKS, seen=False, **A_DEAL)


def illegal_card_announce() -> Table:
    """illegal_card "announce": seat 2's revoke on trick 1 is announced and the deal goes on as
    played: 104 < 110, seat 1 went down, − ."""
    return Table("illegal-card-announce", illegal_card="announce").deal(
        4, bids="1:110 " + PASS3, tricks=REVOKE_TRICKS, **A_DEAL)


def stop_when_certain() -> Table:
    """stop_when_certain: deal A, bid 60: after trick 3 seat 1 has 22 + 29 + 14 = 65 >= 60 and
    nothing can take it away, so the deal ends there, + ."""
    hold = {1: "AS AC 9C", 2: "KS KC QC", 3: "8S 9S TS", 4: "TD JD AD"}
    return Table("stop-when-certain", stop_when_certain=True).deal(
        4, bids="1:60 " + PASS3, tricks=A_TRICKS[:3], hold=hold, **A_DEAL)


def roem_tie_trick_order() -> Table:
    """roem_tie_order "trick" (decision 5's setting): deal 05's cards, 50 declared, seat 2's equal 50
    challenge. In trick order the highest card of K Q J 10 of trumps is the J♥ (the boer), and a
    trump is above every plain card: J♥ against A♦, the 50 stands (by the natural order seat 1 names
    K♥ and the A♦ cancels it, fixture 05). 108 + 50 = 158 >= 120, made, + ."""
    tricks = r_tricks("R50 JH 7S C2=50 9H 7H", later=((1, "N1=JH N2=AD KH 8S AH 8H"),))
    return Table("roem-tie-trick-order", roem_tie_order="trick").deal(4, bids="1:120 " + PASS3, tricks=tricks,
                                                                      **R_DEAL)


def lone_misere_overcall_above() -> Table:
    """lone_misere_overcall "above" (decision 2, the text's "more than 75"): over seat 1's lone
    misère seat 2 bids 80 (75 would not overcall), 3 and 4 pass, seat 1 bids 85, seat 2 passes. Deal
    A's cards: 104 >= 85, made, + ."""
    return Table("lone-misere-overcall-above", lone_misere_overcall="above").deal(
        4, bids="1:misere 2:80 3:pass 4:pass 1:85 2:pass", tricks=A_TRICKS, **A_DEAL)


def two_erin_both() -> Table:
    """Two erin in one deal, the default "both" (decision 9): fixture 43's two deals; seats 2 and 1
    both reach two − in deal 2 and both lose, sharing the drinks."""
    return two_erin_first(two_erin="both")


VARIANTS = {
    "30-klaverjas-order": klaverjas_order,
    "31-no-undertrump": no_undertrump,
    "32-six-run-100": six_run_100,
    "33-roem-not-shared": roem_not_shared,
    "34-minimum-bid-25": minimum_bid_25,
    "35-misere-100-zwabber-125": misere_100_zwabber_125,
    "36-zwabber-with-roem": zwabber_with_roem,
    "37-lone-misere-trump": lone_misere_trump,
    "38-centre-one-down": centre_one_down,
    "39-six-players": six_players,
    "40-seven-players": seven_players,
    "41-five-card-version": five_card_version,
    "42-points-scoring": points_scoring,
    "43-two-erin-first": two_erin_first,
    "44-dealer-rotation-declarer": dealer_rotation_declarer,
    "45-illegal-card-take-back": illegal_card_take_back,
    "46-illegal-card-announce": illegal_card_announce,
    "47-stop-when-certain": stop_when_certain,
    "48-roem-tie-trick-order": roem_tie_trick_order,
    "49-lone-misere-overcall-above": lone_misere_overcall_above,
    "51-two-erin-both": two_erin_both,
}
