"""The night's ledger: double-entry transfers between accounts, balances, and settling up.

Pure: no I/O, no clock, no randomness (CSV is produced as text; writing it is the caller's job).

Accounts are plain strings so that any game can add its own without a schema change:
``"seat:3"`` for a player seat, ``"pot:main"``, ``"pot:side 1"``, ``"pot:war"`` for pots, and
``"house"`` (not used by default) for a rake or a kitty.  Every movement of money is one
`Transfer` from a payer to a payee, so the balances of all accounts always add up to zero --
a quick, total check that no cent was created or lost.

Sign convention: `balances` gives payee plus, payer minus.  At the end of the night a seat with
a negative balance lost money and pays; a positive balance won money and is paid.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal

from referee.money import CENT, ZERO, money

HOUSE = "house"
EXACT_LIMIT = 12  # accounts with a non-zero balance up to which settle_up is provably minimal


def seat_account(seat: int) -> str:
    """`seat_account(3)` -> ``"seat:3"``."""
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise TypeError(f"a seat is an int, got {seat!r}")
    return f"seat:{seat}"


def pot_account(name: str) -> str:
    """`pot_account("main")` -> ``"pot:main"``."""
    if not isinstance(name, str) or not name:
        raise ValueError(f"a pot needs a name, got {name!r}")
    return f"pot:{name}"


def account_seat(account: str) -> int | None:
    """The seat number of a ``"seat:N"`` account, else None."""
    kind, _, rest = account.partition(":")
    if kind == "seat" and rest.lstrip("-").isdigit():
        return int(rest)
    return None


@dataclass(frozen=True, slots=True)
class Transfer:
    """One movement of money: `amount` (> 0) from `payer` to `payee`.

    `rule` names the house rule that caused it ("ante", "bounty", "war"...), `memo` is free text
    for people, `hand` the hand number and `because` the sequence numbers of the events that
    justify it, so every cent in the ledger can be traced back to what happened at the table.
    """

    payer: str
    payee: str
    amount: Decimal
    rule: str = ""
    memo: str = ""
    hand: int | None = None
    because: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        payer, payee, hand, because = self.payer, self.payee, self.hand, self.because
        if type(payer) is str and type(payee) is str and payer and payee and payer != payee \
                and (hand is None or type(hand) is int) and type(because) is tuple \
                and all(type(b) is int for b in because):
            # The referee's own transfers, already in shape: only the amount to check.
            amount = money(self.amount)
            if amount > 0:
                object.__setattr__(self, "amount", amount)
                return
        for side in ("payer", "payee"):
            value = getattr(self, side)
            if not isinstance(value, str) or not value:
                raise ValueError(f"transfer {side} must be an account name, got {value!r}")
        if self.payer == self.payee:
            raise ValueError(f"a transfer from {self.payer} to itself is meaningless")
        amount = money(self.amount)
        if amount <= 0:
            raise ValueError(f"a transfer must move a positive amount, got {amount} "
                             f"({self.payer} -> {self.payee}); swap payer and payee instead")
        object.__setattr__(self, "amount", amount)
        if self.hand is not None and (isinstance(self.hand, bool) or not isinstance(self.hand, int)):
            raise TypeError(f"hand must be an int or None, got {self.hand!r}")
        object.__setattr__(self, "because", tuple(int(b) for b in self.because))

    def reversed(self, memo: str = "") -> "Transfer":
        """The transfer that undoes this one (payer and payee swapped)."""
        return Transfer(self.payee, self.payer, self.amount, self.rule, memo or self.memo, self.hand, self.because)


def balances(transfers: Iterable[Transfer]) -> dict[str, Decimal]:
    """Net per account (payee plus, payer minus).  Double entry: the values always sum to 0."""
    net: dict[str, Decimal] = {}
    for t in transfers:
        net[t.payer] = net.get(t.payer, ZERO) - t.amount
        net[t.payee] = net.get(t.payee, ZERO) + t.amount
    return net


# ------------------------------------------------------------------------------ settling up
def settle_up(net: Mapping[str, Decimal], exact_limit: int = EXACT_LIMIT) -> list[tuple[str, str, Decimal]]:
    """The fewest (payer, payee, amount) payments that bring every balance in `net` to zero.

    Why it is hard: any set of payments forms a graph; each connected component must have
    balances summing to zero, and a component of k people needs at least k - 1 payments.  So
    with n non-zero balances the minimum is n - g, where g is the largest number of groups the
    people can be partitioned into such that every group sums to zero.  Finding g is a
    partition problem (NP-hard in general: subset-sum reduces to it).

    How it is done:

    * Up to `exact_limit` (default 12) non-zero balances: exact.  A DP over bitmasks of the
      people computes, for every subset S, dp[S] = the most zero-sum groups a removal order of
      S passes through: dp[S] = max over i in S of dp[S - i], plus one if S itself sums to
      zero.  dp[everyone] = g (the classic "optimal account balancing" DP, O(2^n * n)).
      Walking back the choices gives the nested zero-sum subsets and so the groups.  Within
      each group the largest debtor pays the largest creditor as much as one of them needs;
      every payment clears at least one person, and the last payment clears two, so a group
      of k takes at most k - 1 payments: n - g in total, which is the minimum.
    * Above the limit (2^n grows too fast for a table assistant): first pair exact opposite
      balances (each pair is a zero-sum group of two, one payment), then the same greedy on
      the rest.  Always correct and settles every cent, but not guaranteed minimal.

    The result is deterministic (ties broken by account name).  Raises ValueError when the
    balances do not add up to zero: such a ledger cannot be settled and indicates a bug.
    """
    cents: dict[str, int] = {}
    for account, amount in net.items():
        value = int(money(amount) / CENT)
        if value:
            cents[account] = value
    if sum(cents.values()) != 0:
        total = sum(money(a) for a in net.values())
        raise ValueError(f"balances do not add up to zero (off by {total}); the ledger cannot be settled")
    accounts = sorted(cents)
    if not accounts:
        return []
    if len(accounts) <= exact_limit:
        groups = _zero_sum_groups([cents[a] for a in accounts])
        payments: list[tuple[str, str, int]] = []
        for group in groups:
            payments.extend(_greedy({accounts[i]: cents[accounts[i]] for i in group}))
    else:
        payments = _pair_opposites_then_greedy(cents)
    return [(payer, payee, (Decimal(c) * CENT).quantize(CENT)) for payer, payee, c in payments]


def _zero_sum_groups(values: list[int]) -> list[list[int]]:
    """Partition indices of `values` (summing to 0) into the most zero-sum groups (bitmask DP)."""
    n = len(values)
    full = (1 << n) - 1
    total = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = mask & -mask
        total[mask] = total[mask ^ low] + values[low.bit_length() - 1]
    dp = [0] * (1 << n)
    choice = [0] * (1 << n)  # the element removed from mask on the best path
    for mask in range(1, 1 << n):
        best, best_i = -1, -1
        m = mask
        while m:
            low = m & -m
            i = low.bit_length() - 1
            if dp[mask ^ low] > best:
                best, best_i = dp[mask ^ low], i
            m ^= low
        dp[mask] = best + (1 if total[mask] == 0 else 0)
        choice[mask] = best_i
    # Walk back: the zero-sum masks met on the path are nested; consecutive ones differ by a group.
    groups: list[list[int]] = []
    mask, group_top = full, full
    while mask:
        mask ^= 1 << choice[mask]
        if total[mask] == 0:
            group = group_top ^ mask
            groups.append([i for i in range(n) if group >> i & 1])
            group_top = mask
    return groups


def _greedy(balance: dict[str, int]) -> list[tuple[str, str, int]]:
    """Largest debtor pays largest creditor until all are zero (k - 1 payments for a zero-sum group)."""
    balance = {a: v for a, v in balance.items() if v}
    payments: list[tuple[str, str, int]] = []
    while balance:
        debtor = min(balance, key=lambda a: (balance[a], a))     # most negative
        creditor = max(balance, key=lambda a: (balance[a], a))   # most positive
        amount = min(-balance[debtor], balance[creditor])
        payments.append((debtor, creditor, amount))
        for account, delta in ((debtor, amount), (creditor, -amount)):
            balance[account] += delta
            if balance[account] == 0:
                del balance[account]
    return payments


def _pair_opposites_then_greedy(cents: dict[str, int]) -> list[tuple[str, str, int]]:
    """Fallback for many accounts: settle exact opposite pairs first, then greedy."""
    payments: list[tuple[str, str, int]] = []
    rest = dict(cents)
    creditors_by_amount: dict[int, list[str]] = {}
    for account in sorted(rest):
        if rest[account] > 0:
            creditors_by_amount.setdefault(rest[account], []).append(account)
    for debtor in sorted(a for a, v in cents.items() if v < 0):
        value = rest[debtor]
        if creditors_by_amount.get(-value):
            creditor = creditors_by_amount[-value].pop(0)
            payments.append((debtor, creditor, -value))
            del rest[debtor], rest[creditor]
    payments.extend(_greedy(rest))
    return payments


# ------------------------------------------------------------------------------ CSV export
def _cell(text: str) -> str:
    """Neutralise spreadsheet formulas in free text (a player called "=1+1" stays text)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def ledger_csv(transfers: Iterable[Transfer]) -> str:
    """The transfers as CSV text: payer, payee, amount, rule, memo, hand, because (space separated)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["payer", "payee", "amount", "rule", "memo", "hand", "because"])
    for t in transfers:
        writer.writerow([_cell(t.payer), _cell(t.payee), f"{t.amount:.2f}", _cell(t.rule), _cell(t.memo),
                         "" if t.hand is None else t.hand, " ".join(str(b) for b in t.because)])
    return out.getvalue()


def balances_csv(net: Mapping[str, Decimal], names: Mapping[str | int, str] | None = None) -> str:
    """Balances as CSV text: account, name, net (in the order of `net`).

    `names` maps an account (``"seat:3"``) or a seat number (3) to a display name.
    """
    names = names or {}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["account", "name", "net"])
    for account, amount in net.items():
        seat = account_seat(account)
        name = names.get(account, names.get(seat, "") if seat is not None else "")
        writer.writerow([_cell(account), _cell(name), f"{money(amount):.2f}"])
    return out.getvalue()
