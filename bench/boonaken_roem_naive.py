"""A naive roem enumerator written from the rule text alone (boonaken.md "Roem", boonaken-fa.txt
lines 18-32, decision 1), for `bench/boonaken_roem.py` to check `referee.games.boonaken.roem`
against. It shares no code with roem.py: it looks at every subset of the hand for runs, and at
every subset of the melds found for what may be scored together.

The text read literally:
- a run is 3, 4, 5 or 6 cards of one suit, consecutive in the plain order A K Q J 10 9 8 7
  (also for trumps): 20, 50, 100, or `six_run_points` for six;
- four jacks 200; four queens, kings or aces 100 each; four 10s, 9s, 8s or 7s nothing;
- stuk, the trump king and queen, 20 (no trump, no stuk);
- a card is in one run at most; stuk shares cards with anything; a four of a kind shares a card
  with a run only under `roem_shared_with_run`;
- any set of melds that obeys those rules may be declared (a partial declaration is allowed).
"""

from __future__ import annotations

from itertools import combinations
from typing import Optional

from referee.cards import Card

PLAIN_ORDER_HIGH_TO_LOW = [14, 13, 12, 11, 10, 9, 8, 7]      # A K Q J 10 9 8 7
FOUR_OF_A_KIND_POINTS = {11: 200, 12: 100, 13: 100, 14: 100}  # J, Q, K, A
STUK_POINTS = 20
KING, QUEEN = 13, 12


def _is_run(cards: tuple[Card, ...]) -> bool:
    if len({c.suit for c in cards}) != 1:
        return False
    places = sorted(PLAIN_ORDER_HIGH_TO_LOW.index(c.rank) for c in cards)
    return all(b == a + 1 for a, b in zip(places, places[1:]))


def naive_melds(hand: tuple[Card, ...], trump: Optional[str], six_run_points: int) -> list[tuple[str, frozenset, int]]:
    """Every meld in the hand as (kind, cards, points), overlapping ones included."""
    run_points = {3: 20, 4: 50, 5: 100, 6: six_run_points}
    found = []
    for size in (3, 4, 5, 6):
        for subset in combinations(hand, size):
            if _is_run(subset):
                found.append(("run", frozenset(subset), run_points[size]))
    for rank, points in FOUR_OF_A_KIND_POINTS.items():
        four = frozenset(c for c in hand if c.rank == rank)
        if len(four) == 4:
            found.append(("four", four, points))
    if trump is not None and Card(KING, trump) in hand and Card(QUEEN, trump) in hand:
        found.append(("stuk", frozenset((Card(KING, trump), Card(QUEEN, trump))), STUK_POINTS))
    return found


def _may_share(a: tuple[str, frozenset, int], b: tuple[str, frozenset, int], shared_with_run: bool) -> bool:
    if not a[1] & b[1]:
        return True
    kinds = {a[0], b[0]}
    if "stuk" in kinds:
        return True
    if kinds == {"run", "four"}:
        return shared_with_run
    return False        # two runs (or two fours, which cannot overlap anyway)


def naive_totals(hand: tuple[Card, ...], trump: Optional[str], six_run_points: int = 200,
                 shared_with_run: bool = True) -> set[int]:
    """Every total the hand may declare, 0 (nothing) included: all subsets of its melds tried."""
    found = naive_melds(hand, trump, six_run_points)
    totals = set()
    for chosen_mask in range(1 << len(found)):
        chosen = [m for i, m in enumerate(found) if chosen_mask >> i & 1]
        if all(_may_share(a, b, shared_with_run) for a, b in combinations(chosen, 2)):
            totals.add(sum(m[2] for m in chosen))
    return totals
