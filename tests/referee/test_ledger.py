"""Transfers, balances, settling up, CSV."""

import csv
import io
from decimal import Decimal
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.ledger import (
    Transfer,
    account_seat,
    balances,
    balances_csv,
    ledger_csv,
    pot_account,
    seat_account,
    settle_up,
)
from referee.money import MoneyError, money

D = money


# ------------------------------------------------------------------ transfers and balances
def test_accounts():
    assert seat_account(3) == "seat:3"
    assert pot_account("war") == "pot:war"
    assert account_seat("seat:3") == 3 and account_seat("pot:main") is None
    with pytest.raises(TypeError):
        seat_account("3")


def test_transfer_validates_and_normalises():
    t = Transfer("seat:1", "pot:main", "2.5", rule="ante", because=[4, 5])
    assert t.amount == D("2.50") and t.because == (4, 5)
    for bad in ("0", "-1"):
        with pytest.raises(ValueError, match="positive"):
            Transfer("seat:1", "pot:main", bad)
    with pytest.raises(MoneyError):
        Transfer("seat:1", "pot:main", 0.1)
    with pytest.raises(MoneyError):
        Transfer("seat:1", "pot:main", "0.001")
    with pytest.raises(ValueError, match="itself"):
        Transfer("seat:1", "seat:1", "1")
    with pytest.raises(ValueError):
        Transfer("", "seat:1", "1")


def test_balances_double_entry():
    ts = [
        Transfer(seat_account(1), pot_account("main"), D("5")),
        Transfer(seat_account(2), pot_account("main"), D("5")),
        Transfer(seat_account(3), pot_account("war"), D("1")),
        Transfer(pot_account("main"), seat_account(2), D("10")),
        Transfer(pot_account("war"), seat_account(1), D("1")),
    ]
    net = balances(ts)
    assert net == {"seat:1": D("-4"), "pot:main": D("0"), "seat:2": D("5"), "seat:3": D("-1"), "pot:war": D("0")}
    assert sum(net.values()) == 0


def test_reversed_transfer_nets_out():
    t = Transfer("seat:1", "seat:2", "3.00", rule="bounty")
    assert set(balances([t, t.reversed("undo")]).values()) == {D("0")}


# ------------------------------------------------------------------ settle_up: minimality on hand-made cases
def check_settles(net, payments):
    after = {a: money(v) for a, v in net.items()}
    for payer, payee, amount in payments:
        assert amount > 0
        after[payer] += amount
        after[payee] -= amount
    assert all(v == 0 for v in after.values()), after


@pytest.mark.parametrize(
    "net, expected_count",
    [
        ({}, 0),
        ({"a": "0", "b": "0"}, 0),
        ({"a": "-5", "b": "5"}, 1),
        # One debtor, three creditors: 3 payments are needed and enough.
        ({"a": "-30", "b": "10", "c": "10", "d": "10"}, 3),
        # Zero-sum groups {b,c} and {a,d,e}: 2 + 1 = 3 payments.
        ({"a": "-10", "b": "-7", "c": "7", "d": "3", "e": "7"}, 3),
        # Groups {a,b,c} and {d,e}: 2 + 1 = 3.  Plain largest-first greedy makes 4 here.
        ({"a": "-6", "b": "4", "c": "2", "d": "-5", "e": "5"}, 3),
        # Three groups hidden in six people: {a,d} {b,e} {c,f} -> 3 payments.
        ({"a": "-6", "b": "-5", "c": "-4", "d": "6", "e": "5", "f": "4"}, 3),
        # {a,b,c} and {d,e,f} each sum to 0 but no pair does: 2 + 2 = 4.
        ({"a": "-5", "b": "2", "c": "3", "d": "-4", "e": "1.50", "f": "2.50"}, 4),
        # Nobody's balance cancels anybody else's until all five are together: 4.
        ({"a": "-7", "b": "-4", "c": "2", "d": "3", "e": "6"}, 4),
    ],
)
def test_settle_up_minimal_examples(net, expected_count):
    payments = settle_up({k: D(v) for k, v in net.items()})
    check_settles(net, payments)
    assert len(payments) == expected_count


def naive_greedy(net):
    """Largest debtor pays largest creditor, no grouping: the baseline settle_up must beat."""
    bal = {a: money(v) for a, v in net.items() if money(v)}
    n = 0
    while bal:
        d = min(bal, key=bal.get)
        c = max(bal, key=bal.get)
        x = min(-bal[d], bal[c])
        bal[d] += x
        bal[c] -= x
        n += 1
        bal = {a: v for a, v in bal.items() if v}
    return n


def test_settle_up_beats_plain_greedy():
    net = {"a": D("-6"), "b": D("4"), "c": D("2"), "d": D("-5"), "e": D("5")}
    assert naive_greedy(net) == 4
    assert len(settle_up(net)) == 3


def test_settle_up_refuses_unbalanced():
    with pytest.raises(ValueError, match="add up to zero"):
        settle_up({"a": D("-5"), "b": D("4.99")})


def test_settle_up_is_deterministic():
    net = {"seat:1": D("-10"), "seat:2": D("-10"), "seat:3": D("10"), "seat:4": D("10")}
    assert settle_up(net) == settle_up(dict(reversed(list(net.items()))))


def test_settle_up_falls_back_to_greedy_for_many_accounts():
    net = {f"seat:{i}": D(i - 10) for i in range(1, 20)}  # -9..+9, sums to 0
    payments = settle_up(net)
    check_settles(net, payments)
    assert len(payments) == 9  # the opposite pairs are matched first (perfect here)


# ------------------------------------------------------------------ settle_up: properties
def max_zero_sum_groups(values):
    """Brute force over set partitions: the most blocks that each sum to zero."""
    values = list(values)
    if not values:
        return 0
    first, rest = values[0], list(range(1, len(values)))
    best = 0
    for k in range(len(rest) + 1):
        for chosen in combinations(rest, k):
            if first + sum(values[i] for i in chosen) == 0:
                remaining = [values[i] for i in rest if i not in chosen]
                best = max(best, 1 + max_zero_sum_groups(remaining))
    return best


@st.composite
def nights(draw, max_people=7):
    n = draw(st.integers(1, max_people))
    # Small amounts so zero-sum groups actually happen.
    raw = draw(st.lists(st.integers(-6, 6), min_size=n, max_size=n))
    raw.append(-sum(raw))
    return {f"p{i}": Decimal(v) / 2 for i, v in enumerate(raw)}


@settings(max_examples=200, deadline=None)
@given(nights())
def test_settle_up_is_minimal_against_brute_force(net):
    payments = settle_up(net)
    check_settles(net, payments)
    nonzero = [int(v * 100) for v in net.values() if v]
    assert len(payments) == len(nonzero) - max_zero_sum_groups(nonzero)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-100_000, 100_000), min_size=0, max_size=25))
def test_settle_up_always_settles_exactly(raw):
    raw = raw + [-sum(raw)]
    net = {f"seat:{i}": (Decimal(v) / 100).quantize(Decimal("0.01")) for i, v in enumerate(raw)}
    payments = settle_up(net)
    check_settles(net, payments)
    nonzero = sum(1 for v in net.values() if v)
    assert len(payments) <= max(nonzero - 1, 0)
    for payer, payee, _ in payments:
        assert net[payer] < 0 < net[payee]


# ------------------------------------------------------------------ CSV
def test_ledger_csv():
    text = ledger_csv([
        Transfer("seat:1", "pot:main", D("2.5"), rule="ante", memo='said "hi", paid', hand=3, because=(7, 8)),
        Transfer("pot:main", "seat:2", D("2.5"), memo="=HYPERLINK(1)"),
    ])
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["payer", "payee", "amount", "rule", "memo", "hand", "because"]
    assert rows[1] == ["seat:1", "pot:main", "2.50", "ante", 'said "hi", paid', "3", "7 8"]
    assert rows[2][4] == "'=HYPERLINK(1)"  # formulas neutralised
    assert rows[2][5] == ""


def test_balances_csv_names_by_account_or_seat():
    text = balances_csv({"seat:1": D("-4"), "seat:2": D("4"), "pot:main": D("0")}, {"seat:1": "Ann", 2: "Bo"})
    rows = list(csv.reader(io.StringIO(text)))
    assert rows == [["account", "name", "net"], ["seat:1", "Ann", "-4.00"], ["seat:2", "Bo", "4.00"],
                    ["pot:main", "", "0.00"]]
