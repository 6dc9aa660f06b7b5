"""Pots: the main pot, side pots, named extra pots, and how a pot is shared out.

Pure: no I/O, no clock, no randomness.  Amounts are `Decimal` dollars with cents (see `money`).

Building side pots
------------------
`compute_pots` takes each seat's *total* contribution this hand (blinds, antes, bets, and any
fee paid into the pot -- a fee counts as a contribution of the seat that paid it) and cuts the
money into layers at every all-in seat's contribution:

* layer k holds, from every seat, the part of its contribution between level k-1 and level k;
* a seat is eligible for a layer when it has not folded and put in at least that layer's level;
* folded seats' money stays in the layers it reaches, but they are eligible for nothing.

The first layer is "main", later ones "side 1", "side 2", ...  Empty layers are dropped (two
seats all-in for the same amount make one level, not two).  A layer with exactly one eligible
seat is an uncalled bet: awarding it hands it back to that seat, which is what the rules say.
Dead money above every live seat's contribution (a seat folded after out-betting everyone, or
the dealer's ante when all but a checking seat folded) is added to the last pot that has a live
seat -- or makes the main pot for all live seats -- rather than being left unowned.

Named extra pots (a side game's "war" pot, a bounty, a high-hand jackpot) are simply `Pot`s with
their own name and eligible seats; `award` and `split` treat them like any other pot.

Odd cents
---------
A pot split between tied winners is shared in whole cents.  Each winner gets the floor of
amount / number-of-winners; the cents left over (fewer than the number of winners) go **one
each to the winners in `order`**, and callers pass `order` as the seats clockwise starting from
the seat to the left of the dealer.  That is the usual card-room rule ("odd chip to the first
winner left of the button") applied cent by cent, so the split is deterministic, never loses or
invents a cent, and no winner gets more than one cent more than another.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from referee.money import CENT, ZERO, money

MAIN = "main"


@dataclass(frozen=True, slots=True)
class Pot:
    """A pot: its name ("main", "side 1", "war"...), its amount and the seats that can win it."""

    name: str
    amount: Decimal
    eligible: tuple[int, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise ValueError(f"a pot needs a name, got {self.name!r}")
        amount = money(self.amount)
        if amount < 0:
            raise ValueError(f"pot {self.name!r} cannot hold a negative amount ({amount})")
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "eligible", tuple(self.eligible))


def side_pot_name(k: int) -> str:
    """Name of the k-th pot built by `compute_pots`: 0 -> "main", 1 -> "side 1", ..."""
    return MAIN if k == 0 else f"side {k}"


def compute_pots(
    contributions: Mapping[int, Decimal],
    folded: Collection[int] = (),
    all_in: Collection[int] = (),
) -> list[Pot]:
    """Cut the hand's contributions into the main pot and side pots (see the module docstring).

    `contributions` maps seat -> total put in this hand (fees into the pot included).  Seats in
    `folded` or `all_in` that put nothing in are harmless.  The pots' amounts always add up to
    the sum of the contributions.  Raises ValueError for negative amounts or when money is in
    but every contributing seat has folded (somebody must be left to win it).
    """
    contrib: dict[int, Decimal] = {}
    for seat, amount in contributions.items():
        value = money(amount)
        if value < 0:
            raise ValueError(f"seat {seat} cannot contribute a negative amount ({value})")
        contrib[seat] = value
    folded_set = set(folded)
    live = [s for s in contrib if s not in folded_set]
    total = sum(contrib.values(), ZERO)
    if total == 0:
        return []
    if not live:
        raise ValueError("every seat that put money in has folded: nobody is left to win the pot")

    # Levels: each live all-in seat's contribution, then everything above the highest of them.
    # A folded seat cannot be all-in for the purpose of the cut: it has no claim to protect.
    levels = sorted({contrib[s] for s in all_in if s in contrib and s not in folded_set and contrib[s] > 0})
    top = max(contrib.values())
    if not levels or levels[-1] < top:
        levels.append(top)

    layers: list[tuple[Decimal, tuple[int, ...]]] = []
    previous = ZERO
    for level in levels:
        amount = sum((min(c, level) - min(c, previous) for c in contrib.values()), ZERO)
        eligible = tuple(sorted(s for s in live if contrib[s] >= level))
        previous = level
        if amount == 0:
            continue
        if not eligible:
            # Dead money nobody live reached: it belongs to the last contested layer, or, when
            # the live seats put in nothing at all (a dealer-ante game where everyone but a
            # checker folded), to every live seat.
            if layers:
                last_amount, last_eligible = layers[-1]
                layers[-1] = (last_amount + amount, last_eligible)
            else:
                layers.append((amount, tuple(sorted(live))))
            continue
        layers.append((amount, eligible))

    return [Pot(side_pot_name(k), amount, eligible) for k, (amount, eligible) in enumerate(layers)]


def split(amount: Decimal, winners: Sequence[int], order: Sequence[int]) -> dict[int, Decimal]:
    """Share `amount` between `winners` in whole cents; odd cents one each in `order`.

    `order` is the seats clockwise starting left of the dealer; it may name more seats than the
    winners (only the winners' positions matter) but must name every winner.  The result has an
    entry for every winner (possibly $0.00 when the pot is smaller than a cent each) and its
    values add up exactly to `amount`.
    """
    amount = money(amount)
    if amount < 0:
        raise ValueError(f"cannot split a negative amount ({amount})")
    if not winners:
        raise ValueError("cannot split a pot between no winners")
    if len(set(winners)) != len(winners):
        raise ValueError(f"a winner is listed twice: {list(winners)}")
    winner_set = set(winners)
    ordered = [s for s in dict.fromkeys(order) if s in winner_set]
    missing = winner_set.difference(ordered)
    if missing:
        raise ValueError(f"seats {sorted(missing)} won but are not in the seating order {list(order)}")

    cents = int(amount / CENT)
    share, odd = divmod(cents, len(ordered))
    result: dict[int, Decimal] = {}
    for i, seat in enumerate(ordered):
        result[seat] = (Decimal(share + (1 if i < odd else 0)) * CENT).quantize(CENT)
    return result


Ranking = Mapping[int, Any] | Callable[[int], Any]


def _key(ranking: Ranking, seat: int) -> Any:
    """The hand key of `seat`, or None when the seat is not in the showdown."""
    if callable(ranking) and not isinstance(ranking, Mapping):
        return ranking(seat)
    return ranking.get(seat)


def award(
    pots: Sequence[Pot],
    ranking: Ranking,
    order: Sequence[int] | None = None,
) -> dict[str, dict[int, Decimal]]:
    """Decide who wins each pot: {pot name: {seat: amount won}}.

    `ranking` is a mapping or function seat -> comparable hand key (higher is better) for the
    seats still in; an eligible seat missing from the mapping (or for which the function returns
    None) has mucked and cannot win.  Ties are shared with `split`, so pass `order` = seats
    clockwise from the left of the dealer; without it, ascending seat numbers are used.
    Each pot's winnings add up exactly to its amount.  An empty pot awards nothing.
    """
    names = [p.name for p in pots]
    if len(set(names)) != len(names):
        raise ValueError(f"pot names must be unique, got {names}")
    result: dict[str, dict[int, Decimal]] = {}
    for pot in pots:
        if pot.amount == 0:
            result[pot.name] = {}
            continue
        keys = {s: _key(ranking, s) for s in pot.eligible}
        contenders = {s: k for s, k in keys.items() if k is not None}
        if not contenders:
            raise ValueError(f"nobody eligible for pot {pot.name!r} (seats {list(pot.eligible)}) has a hand")
        best = max(contenders.values())
        winners = [s for s, k in contenders.items() if k == best]
        seat_order = list(order) if order is not None else sorted(pot.eligible)
        result[pot.name] = split(pot.amount, winners, seat_order)
    return result


def total_winnings(awards: Mapping[str, Mapping[int, Decimal]]) -> dict[int, Decimal]:
    """Add up `award`'s per-pot results into seat -> total won this hand."""
    totals: dict[int, Decimal] = {}
    for per_seat in awards.values():
        for seat, amount in per_seat.items():
            totals[seat] = totals.get(seat, ZERO) + amount
    return totals
