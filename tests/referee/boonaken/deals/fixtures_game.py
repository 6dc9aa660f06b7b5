"""A whole five-player game to its loser (boonaken-fa.txt lines 113-123): two misère chains, an
eruit player whose deal is skipped, the table shrinking to four and three players, a wip decided
by the next mark, and the loser going erin. The docstring is the hand check."""

from __future__ import annotations

from deal_builder import A_DEAL, A_TRICKS, Table

# Misère deals at five: the low hand leads 7♠ and never wins; the big hand (A K of spades and
# hearts, A♦ K♣) takes five tricks; the A♣ hand wins trick 6 when K♣ is led. 9♣ 10♣ are the
# centre, taken and discarded by each misère bidder in turn.
LOW, BIG, CLUB = "7S 8S 7H 8H 7D 8D", "AS KS AH KH AD KC", "9S 7C 9H 9D 8C AC"
QUEENS, TENS = "QS JS QH JH QD JD", "TS KD TH JC TD QC"


def misere_tricks(low: int, big: int, club: int, queens: int, tens: int, order) -> tuple:
    """The six tricks, each written in play order from its leader; each hand above is written in
    the order it plays, so trick n takes every hand's n-th card."""
    cards = {low: LOW.split(), big: BIG.split(), club: CLUB.split(), queens: QUEENS.split(), tens: TENS.split()}
    out = []
    for number in range(6):
        leader = low if number == 0 else big
        seats = order[order.index(leader):] + order[:order.index(leader)]
        out.append((leader, " ".join(cards[s][number] for s in seats)))
    return tuple(out)


def three_player_loss() -> dict:
    """Deal 5's cards: seat 4 bids 100 at three (1, 4, 5 still in) with J♥ 9♥ A♥ and A♠ A♣ from
    the centre: J♥ 7♥ 8♥ = 20, 9♥ 10♥ Q♥ = 26, A♥ 7♠ K♥ = 14, A♠ K♠ 8♠ = 14, A♣ K♣ 9♠ = 14, then
    9♣ Q♣ 10♠ = 12 to seat 5: 88 < 100."""
    return dict(up="AS AC", down="7C 8C", exchange=((4, "7C 8C 7D 8D"),), trump="H",
                tricks=((4, "JH 7H 8H"), (4, "9H TH QH"), (4, "AH 7S KH"), (4, "AS KS 8S"), (4, "AC KC 9S"),
                        (4, "9C QC TS")))


def five_player_game() -> Table:
    """Deal 1 (seat 5 deals): seats 2 and 3 bid misère. Seat 2 (the low hand) leads 7♠, seat 1
    takes tricks 1-5 (A♠ K♠ A♥ K♥ A♦), seat 3 wins trick 6 with A♣ over K♣: 2 + , 3 − .
    Deal 2 (seat 1 deals): seats 2 and 4 bid misère, seat 4 holds the A♣ hand: 2 + again (eruit,
    out), 4 − .
    Deal 3: the deal would pass to seat 2, who is out: seat 3 deals; four players (1, 3, 4, 5),
    so 2 down, 2 up, 4 aside. Seat 3 bids 60 on deal A's cards (104, made): 3 −+ , wip.
    Deal 4 (seat 4 deals): seat 3 again, 60 made: + , its second: eruit (the wip decided).
    Deal 5 (seat 5 deals, three players in): seat 4 bids 100 and takes 88: − , its second:
    erin. Seat 4 is the loser and buys the drinks."""
    seats = (1, 2, 3, 4, 5)
    table = Table("five-player-game", seats=seats)
    table.deal(5, bids="1:pass 2:misere 3:misere 4:pass 5:pass", up="TC 9C",
               exchange=((2, "TC 9C"), (3, "TC 9C")), tricks=misere_tricks(2, 1, 3, 4, 5, (1, 2, 3, 4, 5)))
    table.deal(1, bids="2:misere 3:pass 4:misere 5:pass 1:pass", up="TC 9C",
               exchange=((2, "TC 9C"), (4, "TC 9C")), tricks=misere_tricks(2, 1, 4, 3, 5, (2, 3, 4, 5, 1)))
    in_four = (1, 3, 4, 5)
    a_for_3 = tuple((3, t) for _, t in A_TRICKS)
    a_deal = dict(A_DEAL, exchange=((3, "7C 8C 7D 8D"),))
    table.deal(3, bids="4:pass 5:pass 1:pass 3:60", seats_in=in_four, tricks=a_for_3, **a_deal)
    table.deal(4, bids="5:pass 1:pass 3:60 4:pass", seats_in=in_four, tricks=a_for_3, **a_deal)
    table.deal(5, bids="1:pass 4:100 5:pass", seats_in=(1, 4, 5), **three_player_loss())
    return table


GAME = {"50-five-player-game": five_player_game}
