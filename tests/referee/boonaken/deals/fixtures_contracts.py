"""Fixtures of the contracts other than a plain number: boonaak (with roem held and not held, won
and lost), zwabber won and lost, misère alone, in a chain and overbid, and everyone passing.
Each docstring is the hand check. Dealer 4 at four seats, so seat 1 bids first."""

from __future__ import annotations

from deal_builder import A_DEAL, A_TRICKS, Table

PASS3 = "2:pass 3:pass 4:pass"


def boonaak_roem_held() -> Table:
    """Boonaak 220, the most without sharing (A K Q J 10 9 of trumps: run of six 200 + stuk 20).
    Seat 1 takes 9♥ A♣ K♣ Q♣ from the centre, keeps the 9♥, discards the clubs with its 7♣. Trumps
    hearts; the other trumps 8♥ 7♥ fall to the J♥ lead. Seat 1 takes all six tricks and holds the
    220: won, + ."""
    return Table("boonaak-roem-held").deal(
        4, bids="1:boonaak_220 " + PASS3, up="9H AC", down="KC QC", exchange=((1, "AC KC QC 7C"),), trump="H",
        tricks=((1, "JH 8H 7H AS"), (1, "9H 7S 7D KS"), (1, "AH 8S 8D QS"), (1, "KH 9S 9D AD"),
                (1, "QH TS TD KD"), (1, "TH JS JD QD")))


NOT_HELD = ((1, "JH 8H QH AD"), (1, "9H 7S TH KD"), (1, "AH 8S 7D QD"), (1, "KH 9S 8D JD"),
            (1, "7H TS 9D KS"), (1, "AS JS TD QS"))


def boonaak_roem_not_held() -> Table:
    """Boonaak 50 with J 9 A K 7 of hearts and A♠: no run (A K, then 9, 7), no stuk (no Q♥), no four.
    Every trick is seat 1's: J♥, 9♥ (seat 3 follows 10♥), A♥, K♥, 7♥ (no trumps left out), A♠.
    All six tricks, but the 50 roem is not there: the bid is lost (line 93), − ."""
    return Table("boonaak-roem-not-held").deal(
        4, bids="1:boonaak_50 " + PASS3, up="AC KC", down="QC JC", exchange=((1, "AC KC QC JC"),), trump="H",
        tricks=NOT_HELD)


def boonaak_won() -> Table:
    """The same cards as plain boonaak: every trick, won, + ."""
    return Table("boonaak-won").deal(
        4, bids="1:boonaak " + PASS3, up="AC KC", down="QC JC", exchange=((1, "AC KC QC JC"),), trump="H",
        tricks=NOT_HELD)


def boonaak_lost() -> Table:
    """Boonaak with 7♣ for the A♠; seat 4 holds K♣. Trick 5: 7♣ led, seats 2 and 3 have no club,
    seat 4's K♣ wins: boonaak lost (certain at once). Seat 4 leads Q♠ to trick 6, seat 1 trumps with
    7♥ (no spade). − ."""
    return Table("boonaak-lost").deal(
        4, bids="1:boonaak " + PASS3, up="AC AS", down="QC JC", exchange=((1, "AC AS QC JC"),), trump="H",
        tricks=((1, "JH 8H QH AD"), (1, "9H 7S TH KD"), (1, "AH 8S 7D QD"), (1, "KH 9S 8D JD"),
                (1, "7C TS 9D KC"), (4, "QS 7H JS TD")))


ZWABBER = ((1, "AS QS QH KD"), (1, "KS JS JH QD"), (1, "AH TS TH JD"), (1, "KH 9S 9H TD"), (1, "AD 8S 8H KC"))


def zwabber_won() -> Table:
    """Zwabber (no trump, every trick): seat 1 holds A K of spades and hearts, A♦ A♣; the highest
    card of the suit led wins. Seat 2 holds the other spades, seat 3 the other hearts, seat 4 four
    diamonds and K♣ Q♣. Every lead is the top card left in its suit: six tricks, won, + ."""
    return Table("zwabber-won").deal(
        4, bids="1:zwabber " + PASS3, up="9D 8D", down="7D 9C", exchange=((1, "9D 8D 7D 9C"),),
        tricks=ZWABBER + ((1, "AC 7S 7H QC"),))


def zwabber_lost() -> Table:
    """Zwabber with 7♣ for the A♣: trick 6, 7♣ led, seat 4 follows Q♣ and wins it: lost, − ."""
    return Table("zwabber-lost").deal(
        4, bids="1:zwabber " + PASS3, up="9D 8D", down="7D 9C", exchange=((1, "9D 8D 7D 9C"),),
        tricks=ZWABBER + ((1, "7C 7S 7H QC"),))


def misere_single() -> Table:
    """Seat 1 bids misère alone, takes 8♦ 9♦ 10♦ J♦ from the centre and discards them. No trump.
    Seat 1 plays 7♠ 8♠ 7♥ 8♥ 7♦ 7♣, always under another card of the suit or off-suit: seat 2 takes
    every trick (A♠, K♠, A♥, K♥, Q♥, Q♠). Seat 1 took no trick: misère won, + ."""
    return Table("misere-single").deal(
        4, bids="1:misere " + PASS3, up="8D 9D", down="TD JD", exchange=((1, "8D 9D TD JD"),),
        tricks=((1, "7S AS JS AD"), (2, "KS TS KD 8S"), (2, "AH JH QD 7H"), (2, "KH TH AC 8H"),
                (2, "QH 9H KC 7D"), (2, "QS 9S QC 7C")))


def misere_chain() -> Table:
    """Seats 1 and 2 bid misère, seat 3 passes (only joining or passing is left), seat 4 joins: the
    chain 1, 2, 4. Seat 1 takes the four centre cards and discards them; seat 2 takes those, keeps
    8♣ and discards 7♣ in its place; seat 4 takes those four, keeps K♦ and discards J♦. Seat 1, the
    first misère bidder, leads. Seat 3 takes tricks 1-5 (A♠ K♠ A♥ K♥ A♦); trick 6, K♣ led: seat 2's
    A♣ wins it. Seats 1 and 4 took none: + each; seat 2 took one: − ."""
    return Table("misere-chain").deal(
        4, bids="1:misere 2:misere 3:pass 4:misere", up="KD QC", down="JC 8C",
        exchange=((1, "KD QC JC 8C"), (2, "KD QC JC 7C"), (4, "JD QC JC 7C")),
        tricks=((1, "7S 9S AS QS"), (3, "KS JS 8S 9H"), (3, "AH QH 7H 9D"), (3, "KH JH 8H 8C"),
                (3, "AD QD 7D TC"), (3, "KC KD 8D AC")))


def misere_overbid() -> Table:
    """Seat 1 bids misère, seat 2 overbids with 75 (75 overcalls a lone misère, decision 2), 3 and 4
    pass, seat 1 bids 80 (misère is gone for this deal), seat 2 passes. Seat 1 plays deal A's cards:
    104 card points >= 80, made, + ."""
    return Table("misere-overbid").deal(4, bids="1:misere 2:75 3:pass 4:pass 1:80 2:pass", tricks=A_TRICKS,
                                        **A_DEAL)


def all_pass_redeal() -> Table:
    """Everyone passes: the deal is void, no mark, and the cards are dealt again by the next dealer
    to the left (seat 1), where seat 2 bids first."""
    return (Table("all-pass-redeal").deal(4, bids="1:pass 2:pass 3:pass 4:pass", up="JD 7C", down="KS 9H")
            .deal(1, bids="2:pass", up="AD 8S", down="TC QH"))


CONTRACTS = {
    "11-boonaak-roem-held": boonaak_roem_held,
    "12-boonaak-roem-not-held": boonaak_roem_not_held,
    "13-boonaak-won": boonaak_won,
    "14-boonaak-lost": boonaak_lost,
    "15-zwabber-won": zwabber_won,
    "16-zwabber-lost": zwabber_lost,
    "17-misere-single": misere_single,
    "18-misere-chain": misere_chain,
    "19-misere-overbid": misere_overbid,
    "20-all-pass-redeal": all_pass_redeal,
}
