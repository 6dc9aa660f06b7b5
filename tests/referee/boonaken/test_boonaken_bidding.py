"""The bid ladder (boonaken-fa.txt lines 46-63, variants lines 139-143, 162-163), decisions 2, 3, 4, 7."""

import pytest

from referee.games.boonaken.bidding import (MISERE, PASS, Bid, auction, ladder, legal_bids, next_bidder, outcome,
                                            rank)
from referee.games.boonaken.settings import BoonakenSettings

SEATS = ("A", "B", "C", "D")          # A sits left of the dealer and bids first (line 48)


def n(amount):
    return Bid("number", amount)


def hist(*moves):
    """'A 50', 'B pass', 'C misere', 'D boonaak 20' -> history."""
    out = []
    for move in moves:
        seat, kind, *amount = move.split()
        bid = n(int(kind)) if kind.isdigit() else Bid(kind, int(amount[0]) if amount else 0)
        out.append((seat, bid))
    return out


def legal(*moves, seat, seats=SEATS, settings=BoonakenSettings()):
    return legal_bids(seats, hist(*moves), seat, settings)


def numbers(bids):
    return [b.amount for b in bids if b.kind == "number"]


def test_opening_bids_default():
    bids = legal(seat="A")
    assert bids[0] == PASS
    assert numbers(bids) == list(range(5, 381, 5))      # decision 4: minimum 5; top 141 + 240 roem
    assert MISERE in bids and Bid("zwabber") in bids and Bid("boonaak") in bids
    assert Bid("boonaak", 20) in bids and Bid("boonaak", 240) in bids and Bid("boonaak", 250) not in bids
    assert Bid("zwabber", 20) not in bids and Bid("open_boonaak") not in bids


def test_minimum_bid_25_variant():
    # line 139: some play with a minimum bid of 25
    assert numbers(legal(seat="A", settings=BoonakenSettings(minimum_bid=25)))[0] == 25


def test_only_the_seat_to_bid_may_bid():
    assert legal("A 50", seat="C") == ()
    assert next_bidder(SEATS, hist("A 50")) == "B"


def test_each_bid_higher_than_the_last():
    # line 55: higher than the previous bid, or pass
    assert numbers(legal("A 50", seat="B"))[0] == 55


def test_pass_is_final():
    # line 55: a player who passed may not bid again
    h = hist("A pass", "B 50", "C pass", "D 55")
    assert next_bidder(SEATS, h) == "B"
    assert next_bidder(SEATS, h + hist("B pass")) is None
    assert outcome(SEATS, h + hist("B pass")).declarer == "D"


def test_last_player_after_all_passed_may_take_the_minimum():
    # line 57: if all but one pass, the last one takes it at the lowest bid
    h = hist("A pass", "B pass", "C pass")
    assert numbers(legal(*["A pass", "B pass", "C pass"], seat="D"))[0] == 5
    result = outcome(SEATS, h + hist("D 5"))
    assert (result.redeal, result.declarer, result.bid) == (False, "D", n(5))


def test_all_pass_redeal():
    # line 57: everyone passes: redeal
    assert outcome(SEATS, hist("A pass", "B pass", "C pass", "D pass")).redeal


def test_outcome_only_when_over():
    with pytest.raises(ValueError):
        outcome(SEATS, hist("A 50"))


def test_misere_ranks_between_70_and_75():
    # line 51: misère between 70 and 75; line 61: opening at 75 blocks misère
    assert MISERE in legal("A 70", seat="B")
    assert MISERE not in legal("A 75", seat="B")
    assert rank(n(70)) < rank(MISERE) < rank(n(75))


def test_lone_misere_overcalled_by_75_by_default():
    # decision 2, slot reading
    assert numbers(legal("A misere", seat="B"))[0] == 75


def test_lone_misere_overcall_text_reading():
    # decision 2, setting: "more than 75" (line 61)
    above = BoonakenSettings(lone_misere_overcall="above")
    assert numbers(legal("A misere", seat="B", settings=above))[0] == 80
    assert numbers(legal("A 60", seat="B", settings=above))[0] == 65   # no lone misère: the ladder as usual


def test_overbid_lone_misere_is_gone_for_the_deal():
    # line 61: the higher bid cancels the misère and nobody may bid it again
    h = hist("A misere", "B 75")
    assert auction(h).misere_bidders == ()
    assert MISERE not in legal("A misere", "B 75", seat="C")
    assert MISERE not in legal("A misere", "B 75", "C pass", "D pass", seat="A")
    assert numbers(legal("A misere", "B 75", "C pass", "D pass", seat="A"))[0] == 80


def test_lone_misere_others_pass():
    result = outcome(SEATS, hist("A misere", "B pass", "C pass", "D pass"))
    assert (result.declarer, result.bid, result.misere_bidders) == ("A", MISERE, ("A",))


def test_two_misere_cap_the_bidding():
    # line 59: once two misères are bid, only joining or passing
    assert legal("A misere", "B misere", seat="C") == (PASS, MISERE)
    assert legal("A 50", "B misere", "C misere", "D pass", seat="A") == (PASS, MISERE)


def test_misere_chain_order_and_first_bidder_leads():
    # line 71 and line 75: the chain in bidding order; the first misère bidder leads
    h = hist("A 50", "B misere", "C misere", "D pass", "A misere")
    assert next_bidder(SEATS, h) is None
    result = outcome(SEATS, h)
    assert (result.declarer, result.bid, result.misere_bidders) == ("B", MISERE, ("B", "C", "A"))


def test_five_misere_bidders_at_five_seats():
    # decision 7: every seat still in may join; off: at most four (the source's own count, line 71)
    seats = ("A", "B", "C", "D", "E")
    four = ("A misere", "B misere", "C misere", "D misere")
    assert legal(*four, seat="E", seats=seats) == (PASS, MISERE)
    assert legal(*four, seat="E", seats=seats, settings=BoonakenSettings(misere_everyone=False)) == (PASS,)
    assert outcome(seats, hist(*four, "E misere")).misere_bidders == tuple(seats)


def test_zwabber_slot_default_above_100():
    # line 52 and decision 3: zwabber beats 100 and loses to 105
    assert Bid("zwabber") in legal("A 100", seat="B")
    assert Bid("zwabber") not in legal("A 105", seat="B")
    assert numbers(legal("A zwabber", seat="B"))[0] == 105


@pytest.mark.parametrize("slot", [125, 145])
def test_zwabber_slot_setting(slot):
    settings = BoonakenSettings(zwabber_slot=slot)
    assert numbers(legal("A zwabber", seat="B", settings=settings))[0] == slot + 5


def test_zwabber_with_roem_just_above_zwabber():
    # line 143: zwabber with roem ranks after zwabber; decision 3: above it, still below the next number
    settings = BoonakenSettings(zwabber_with_roem=True)
    bids = legal("A zwabber", seat="B", settings=settings)
    assert Bid("zwabber", 20) in bids and Bid("zwabber", 220) in bids and Bid("zwabber", 230) not in bids
    assert rank(Bid("zwabber"), settings) < rank(Bid("zwabber", 20), settings) < rank(n(105), settings)


def test_misere_and_zwabber_slots_for_four_or_more_players():
    # line 141: misère between 100 and 105, zwabber between 125 and 130
    settings = BoonakenSettings(misere_slot=100, zwabber_slot=125)
    assert MISERE in legal("A 100", seat="B", settings=settings)
    assert numbers(legal("A misere", seat="B", settings=settings))[0] == 105
    above = BoonakenSettings(misere_slot=100, zwabber_slot=125, lone_misere_overcall="above")
    assert numbers(legal("A misere", seat="B", settings=above))[0] == 110


def test_boonaak_above_every_number_and_more_roem_above_less():
    # line 53 and line 63: boonaak is highest; with roem beats without; more roem beats less
    assert Bid("boonaak") in legal("A 380", seat="B")
    assert numbers(legal("A boonaak", seat="B")) == []
    bids = legal("A boonaak 50", seat="B")
    assert Bid("boonaak", 50) not in bids and Bid("boonaak", 60) in bids
    assert legal("A boonaak 240", seat="B") == (PASS,)


def test_boonaak_roem_top_without_sharing():
    bids = legal(seat="A", settings=BoonakenSettings(roem_shared_with_run=False))
    assert Bid("boonaak", 220) in bids and Bid("boonaak", 230) not in bids and numbers(bids)[-1] == 360


def test_five_card_version():
    # lines 162-163: no misère or zwabber; minimum 25; open boonaak on top, not for a number bidder
    settings = BoonakenSettings.five_card_version()
    bids = legal(seat="A", settings=settings)
    assert numbers(bids)[0] == 25 and MISERE not in bids and Bid("zwabber") not in bids
    assert bids[-1] == Bid("open_boonaak")
    assert Bid("open_boonaak") not in legal("A 25", "B 30", "C pass", "D pass", seat="A", settings=settings)
    assert Bid("open_boonaak") in legal("A 25", "B 30", seat="C", settings=settings)


def test_ladder_is_strictly_rising():
    for settings in (BoonakenSettings(), BoonakenSettings(zwabber_with_roem=True, open_boonaak=True),
                     BoonakenSettings(misere_slot=100, zwabber_slot=125)):
        keys = [rank(b, settings) for b in ladder(settings)]
        assert keys == sorted(set(keys))


def test_bid_names():
    assert [str(b) for b in (n(75), MISERE, Bid("zwabber", 20), Bid("boonaak"), Bid("open_boonaak"), PASS)] == \
        ["75", "misère", "zwabber 20", "boonaak", "open boonaak", "pass"]
