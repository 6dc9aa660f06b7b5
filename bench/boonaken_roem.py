"""Benchmark the Boonaken roem calculator against a naive reading of the rules (not a test):

    python bench/boonaken_roem.py [--profiles default|all] [--limit N] [--chunk N]

Every six-card hand of the 32-card pack (C(32,6) = 906,192) with each of the 4 trump suits
(3,624,768 evaluations) goes through `roem.best_roem` and `roem.declarable_totals` and through
the naive enumerator of `bench/boonaken_roem_naive.py`, written from the rule text alone. Per hand
and trump both the best total and the set of declarable totals must agree; the bench prints the
number of disagreements (the first few in full) and evaluations per second of each side.

`--profiles all` adds `roem_shared_with_run=False` and `six_run_points=100` to the default
profile. `--limit N` takes N hands spread evenly over the whole enumeration (a quick run).
Hands go in chunks: the calculator does a chunk, then the naive one the same chunk, each timed
on its own (process CPU time, steadier on a shared machine; wall time printed too).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass, field
from itertools import combinations, islice
from math import comb

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.boonaken_roem_naive import naive_totals  # noqa: E402
from referee.games.boonaken.cards import pack  # noqa: E402
from referee.games.boonaken.roem import best_roem, declarable_totals  # noqa: E402
from referee.games.boonaken.settings import BoonakenSettings  # noqa: E402

ALL_HANDS = comb(32, 6)
TRUMPS = "SHDC"
PROFILES = {
    "default": BoonakenSettings(),
    "roem_shared_with_run=False": BoonakenSettings(roem_shared_with_run=False),
    "six_run_points=100": BoonakenSettings(six_run_points=100),
}
SHOWN_DISAGREEMENTS = 5


@dataclass
class Tally:
    evaluations: int = 0
    best_disagreements: int = 0
    totals_disagreements: int = 0
    disagreements: int = 0          # evaluations where the best total, the totals or both disagree
    examples: list = field(default_factory=list)
    calculator_cpu: float = 0.0
    calculator_wall: float = 0.0
    naive_cpu: float = 0.0
    naive_wall: float = 0.0


def hands(limit: int | None):
    """Every six-card hand, or `limit` of them taken at an even stride over all of them."""
    every = combinations(pack(), 6)
    if limit is None or limit >= ALL_HANDS:
        return every
    if limit == 0:
        return iter(())
    return islice(islice(every, 0, None, ALL_HANDS // limit), limit)


def _timed(fn, chunk):
    wall, cpu = time.perf_counter(), time.process_time()
    out = fn(chunk)
    return out, time.process_time() - cpu, time.perf_counter() - wall


def compare(settings: BoonakenSettings, hand_source, chunk_size: int = 20000) -> Tally:
    """Every hand of `hand_source` (six-card tuples) with each trump, through both sides."""
    def calculator(chunk):
        return [(best_roem(h, t, settings), declarable_totals(h, t, settings)) for h in chunk for t in TRUMPS]

    def naive(chunk):
        return [naive_totals(h, t, settings.six_run_points, settings.roem_shared_with_run)
                for h in chunk for t in TRUMPS]

    tally = Tally()
    hand_source = iter(hand_source)
    while chunk := list(islice(hand_source, chunk_size)):
        ours, cpu, wall = _timed(calculator, chunk)
        tally.calculator_cpu += cpu
        tally.calculator_wall += wall
        theirs, cpu, wall = _timed(naive, chunk)
        tally.naive_cpu += cpu
        tally.naive_wall += wall
        keys = [(h, t) for h in chunk for t in TRUMPS]
        for (hand, trump), (best, totals), expected in zip(keys, ours, theirs):
            best_wrong, totals_wrong = best != max(expected), totals != tuple(sorted(expected))
            tally.best_disagreements += best_wrong
            tally.totals_disagreements += totals_wrong
            if best_wrong or totals_wrong:
                tally.disagreements += 1
                if len(tally.examples) < SHOWN_DISAGREEMENTS:
                    tally.examples.append((hand, trump, best, totals, sorted(expected)))
        tally.evaluations += len(keys)
    return tally


def _rate(count: int, seconds: float) -> str:
    return f"{count / seconds:,.0f} evaluations/s" if seconds > 0 else "n/a evaluations/s"


def report(name: str, tally: Tally) -> None:
    hands_done = tally.evaluations // len(TRUMPS)
    print(f"profile {name}: {tally.evaluations:,} evaluations ({hands_done:,} hands x {len(TRUMPS)} trumps)")
    print(f"  disagreements: {tally.disagreements} (best total {tally.best_disagreements}, "
          f"declarable totals {tally.totals_disagreements})")
    for hand, trump, best, totals, expected in tally.examples:
        print(f"    {' '.join(c.code for c in hand)} trump {trump}: calculator best {best} totals {list(totals)}, "
              f"naive {expected}")
    print(f"  calculator: {tally.calculator_cpu:.1f} s CPU ({tally.calculator_wall:.1f} s wall), "
          f"{_rate(tally.evaluations, tally.calculator_cpu)}")
    print(f"  naive:      {tally.naive_cpu:.1f} s CPU ({tally.naive_wall:.1f} s wall), "
          f"{_rate(tally.evaluations, tally.naive_cpu)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profiles", choices=("default", "all"), default="default")
    parser.add_argument("--limit", type=int, default=None, help="hands to check (default: all 906,192)")
    parser.add_argument("--chunk", type=int, default=20000, help="hands per timed chunk")
    args = parser.parse_args(argv)
    if args.limit is not None and args.limit < 0:
        parser.error("--limit: a number of hands, 0 or more")
    if args.chunk < 1:
        parser.error("--chunk: at least 1 hand")
    names = list(PROFILES) if args.profiles == "all" else ["default"]
    disagreements = 0
    for name in names:
        tally = compare(PROFILES[name], hands(args.limit), args.chunk)
        report(name, tally)
        sys.stdout.flush()      # one profile takes minutes: show each as it ends
        disagreements += tally.disagreements
    print(f"total disagreements: {disagreements}")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
