"""Side pots, splits and awards."""

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.money import MoneyError, money
from referee.poker.pots import Pot, award, compute_pots, split, total_winnings

D = money


def c(**seats: str) -> dict[int, Decimal]:
    """c(s1="10", s2="20") -> {1: 10.00, 2: 20.00}"""
    return {int(k[1:]): D(v) for k, v in seats.items()}


# ------------------------------------------------------------------ compute_pots
def test_no_all_in_is_one_main_pot():
    pots = compute_pots(c(s1="10", s2="10", s3="10"), folded=(), all_in=())
    assert pots == [Pot("main", D("30"), (1, 2, 3))]


def test_one_all_in_makes_a_side_pot():
    # Seat 1 all-in for 5; seats 2 and 3 go on to 20 each.
    pots = compute_pots(c(s1="5", s2="20", s3="20"), folded=(), all_in={1})
    assert pots == [Pot("main", D("15"), (1, 2, 3)), Pot("side 1", D("30"), (2, 3))]


def test_two_all_ins_make_two_side_pots():
    pots = compute_pots(c(s1="5", s2="12", s3="30", s4="30"), folded=(), all_in={1, 2})
    assert [p.name for p in pots] == ["main", "side 1", "side 2"]
    assert pots[0] == Pot("main", D("20"), (1, 2, 3, 4))        # 4 x 5
    assert pots[1] == Pot("side 1", D("21"), (2, 3, 4))         # 3 x 7
    assert pots[2] == Pot("side 2", D("36"), (3, 4))            # 2 x 18


def test_all_ins_at_the_same_level_make_one_pot():
    pots = compute_pots(c(s1="8", s2="8", s3="20", s4="20"), folded=(), all_in={1, 2})
    assert pots == [Pot("main", D("32"), (1, 2, 3, 4)), Pot("side 1", D("24"), (3, 4))]


def test_folded_money_stays_in_but_folder_is_not_eligible():
    # Seat 4 called 3 then folded; seat 1 all-in for 5.
    pots = compute_pots(c(s1="5", s2="20", s3="20", s4="3"), folded={4}, all_in={1})
    assert pots == [Pot("main", D("18"), (1, 2, 3)), Pot("side 1", D("30"), (2, 3))]


def test_folder_who_put_in_more_than_the_all_in_feeds_the_side_pot():
    pots = compute_pots(c(s1="5", s2="20", s3="20", s4="12"), folded={4}, all_in={1})
    assert pots == [Pot("main", D("20"), (1, 2, 3)), Pot("side 1", D("37"), (2, 3))]


def test_uncalled_bet_is_a_pot_for_the_bettor_alone():
    # Seat 2 bet 50, seat 1 could only call 10 all-in: 40 goes back to seat 2.
    pots = compute_pots(c(s1="10", s2="50"), folded=(), all_in={1})
    assert pots == [Pot("main", D("20"), (1, 2)), Pot("side 1", D("40"), (2,))]
    assert total_winnings(award(pots, {1: 9, 2: 1})) == {1: D("20"), 2: D("40")}


def test_all_in_seat_that_is_also_the_biggest_stack():
    pots = compute_pots(c(s1="30", s2="20", s3="20"), folded=(), all_in={1, 2})
    assert pots == [Pot("main", D("60"), (1, 2, 3)), Pot("side 1", D("10"), (1,))]


def test_dead_money_above_every_live_seat_joins_the_last_pot():
    # Inconsistent but possible input: the folder put in more than any live seat.
    pots = compute_pots(c(s1="5", s2="5", s3="9"), folded={3}, all_in={1, 2})
    assert pots == [Pot("main", D("19"), (1, 2))]


def test_dead_money_with_no_live_contribution_goes_to_the_live_seats():
    # Dealer-ante game: the dealer put in 1, everyone folded except seat 2, who had only checked.
    pots = compute_pots(c(s1="1", s2="0", s3="0"), folded={1, 3}, all_in=())
    assert pots == [Pot("main", D("1"), (2,))]


def test_fees_count_as_contributions():
    # A 0.50 fee paid into the pot by seat 2 is just part of seat 2's contribution.
    pots = compute_pots(c(s1="5", s2="10.50", s3="10"), folded=(), all_in={1})
    assert sum(p.amount for p in pots) == D("25.50")
    assert pots[0] == Pot("main", D("15"), (1, 2, 3))


def test_empty_and_invalid_inputs():
    assert compute_pots({}, (), ()) == []
    assert compute_pots(c(s1="0", s2="0"), (), ()) == []
    with pytest.raises(ValueError, match="negative"):
        compute_pots({1: D("-1")}, (), ())
    with pytest.raises(ValueError, match="nobody"):
        compute_pots(c(s1="5", s2="5"), folded={1, 2}, all_in=())
    with pytest.raises(MoneyError):
        compute_pots({1: 1.5}, (), ())  # floats refused


# ------------------------------------------------------------------ split
def test_split_even():
    assert split(D("9"), [1, 2, 3], order=[1, 2, 3]) == {1: D("3"), 2: D("3"), 3: D("3")}


def test_odd_cents_go_one_each_in_order_from_left_of_dealer():
    # Dealer is seat 3, so the order starts at seat 4 and wraps round.
    order = [4, 5, 1, 2, 3]
    result = split(D("10.00"), [1, 3, 5], order)
    assert result == {5: D("3.34"), 1: D("3.33"), 3: D("3.33")}
    result = split(D("10.01"), [1, 3, 5], order)
    assert result == {5: D("3.34"), 1: D("3.34"), 3: D("3.33")}
    assert sum(result.values()) == D("10.01")


def test_split_smaller_than_a_cent_each():
    assert split(D("0.01"), [2, 1], order=[1, 2]) == {1: D("0.01"), 2: D("0.00")}


def test_split_refuses_bad_input():
    with pytest.raises(ValueError, match="no winners"):
        split(D("1"), [], [1])
    with pytest.raises(ValueError, match="not in the seating order"):
        split(D("1"), [1, 2], [1])
    with pytest.raises(ValueError, match="twice"):
        split(D("1"), [1, 1], [1])


# ------------------------------------------------------------------ award
def test_award_main_and_side_pots_to_different_winners():
    pots = compute_pots(c(s1="5", s2="20", s3="20"), folded=(), all_in={1})
    result = award(pots, {1: 100, 2: 50, 3: 10}, order=[2, 3, 1])
    assert result == {"main": {1: D("15")}, "side 1": {2: D("30")}}


def test_award_tie_splits_with_odd_cent_and_accepts_a_function():
    pots = [Pot("main", D("0.05"), (1, 2, 3))]
    keys = {1: (2, 14), 2: (2, 14), 3: (1, 9)}
    result = award(pots, keys.__getitem__, order=[2, 3, 1])
    assert result == {"main": {2: D("0.03"), 1: D("0.02")}}


def test_award_skips_mucked_seats_and_named_pots():
    pots = [Pot("main", D("30"), (1, 2, 3)), Pot("war", D("4"), (2, 3))]
    result = award(pots, {2: 1, 3: 7}, order=[1, 2, 3])  # seat 1 mucked
    assert result == {"main": {3: D("30")}, "war": {3: D("4")}}
    with pytest.raises(ValueError, match="has a hand"):
        award([Pot("war", D("4"), (1,))], {2: 1})
    with pytest.raises(ValueError, match="unique"):
        award([Pot("war", D("4"), (1,)), Pot("war", D("1"), (1,))], {1: 1})


# ------------------------------------------------------------------ properties
cents = st.integers(min_value=0, max_value=50_000).map(lambda n: (Decimal(n) / 100).quantize(Decimal("0.01")))


@st.composite
def hands(draw):
    seats = draw(st.lists(st.integers(1, 10), min_size=2, max_size=9, unique=True))
    contributions = {s: draw(cents) for s in seats}
    folded = draw(st.sets(st.sampled_from(seats), max_size=len(seats) - 1))
    all_in = draw(st.sets(st.sampled_from(seats)))
    return contributions, folded, all_in


@settings(max_examples=300, deadline=None)
@given(hands(), st.randoms(use_true_random=False))
def test_pots_add_up_and_awards_add_up(hand, rnd):
    contributions, folded, all_in = hand
    pots = compute_pots(contributions, folded, all_in)
    assert sum((p.amount for p in pots), Decimal(0)) == sum(contributions.values(), Decimal(0))
    for pot in pots:
        assert pot.amount > 0 and pot.eligible
        assert not set(pot.eligible) & set(folded)
    ranking = {s: rnd.randint(0, 3) for s in contributions if s not in folded}  # ties on purpose
    order = sorted(contributions)
    rnd.shuffle(order)
    result = award(pots, ranking, order)
    for pot in pots:
        assert sum(result[pot.name].values(), Decimal(0)) == pot.amount
        shares = list(result[pot.name].values())
        assert max(shares) - min(shares) <= Decimal("0.01")
    assert sum(total_winnings(result).values(), Decimal(0)) == sum(contributions.values(), Decimal(0))


@given(cents, st.lists(st.integers(1, 10), min_size=1, max_size=10, unique=True), st.randoms(use_true_random=False))
def test_split_always_adds_up(amount, winners, rnd):
    order = list(range(1, 11))
    rnd.shuffle(order)
    result = split(amount, winners, order)
    assert sum(result.values(), Decimal(0)) == amount
    ranked = [result[s] for s in order if s in result]
    assert ranked == sorted(ranked, reverse=True)  # odd cents go to the earliest seats in order
