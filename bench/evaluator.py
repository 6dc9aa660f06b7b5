"""Benchmark referee.poker.evaluator (not a test): `python bench/evaluator.py [--n N] [--seed S]`.

(a) random 7-card hands, no wilds: ours vs treys (`Evaluator().evaluate`; goal ratio >= 1).
(b) 7-card hands with 1-4 wild cards: ours vs brute force over treys, which tries every legal
    set of substitutes (under No Copies: distinct cards the hand does not hold naturally) and
    keeps the best (goal ratio >= 50). The brute force is slow, so it is timed on a small sample;
    its answers are also checked against ours.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from treys import Card as TCard  # noqa: E402
from treys import Evaluator  # noqa: E402

from referee.cards import deck52  # noqa: E402
from referee.poker.evaluator import evaluate, wild  # noqa: E402

DECK = list(deck52())
TREYS = Evaluator()
TINT = {c: TCard.new(c.code[0] + c.suit.lower()) for c in DECK}


def timed(fn, items, min_time=0.3):
    """Calls per second of fn over items (repeating the list until min_time has passed)."""
    done, start = 0, time.perf_counter()
    while True:
        for it in items:
            fn(it)
        done += len(items)
        spent = time.perf_counter() - start
        if spent >= min_time:
            return done / spent


def treys7(ints):
    return TREYS.evaluate(ints[:2], ints[2:])


def brute_force(hand_ints, k):
    """Best treys score over every set of k distinct substitutes not held naturally."""
    held = set(hand_ints)
    free = [t for t in TINT.values() if t not in held]
    best = 10 ** 9
    for subs in itertools.combinations(free, k):
        cards = hand_ints + list(subs)
        s = TREYS.evaluate(cards[:2], cards[2:])
        if s < best:
            best = s
    return best


def ours_as_treys(value):
    return TREYS.evaluate([], [TCard.new(p.code[0] + p.suit.lower()) for p in value.cards])


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=20000, help="hands per timing run (default 20000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--brute", type=int, default=60, help="brute-force sample for one wild (fewer for more wilds)")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    rows = []

    hands = [rng.sample(DECK, 7) for _ in range(args.n)]
    ints = [[TINT[c] for c in h] for h in hands]
    ours = timed(evaluate, hands)
    theirs = timed(treys7, ints)
    rows.append(("(a) 7 cards, no wilds", "treys", ours, theirs))

    ok = True
    for k in (1, 2, 3, 4):
        whands = []
        for h in hands[: max(200, args.n // 4)]:
            whands.append([wild(c) for c in h[:k]] + h[k:])
        ours = timed(evaluate, whands)
        sample = max(1, args.brute // (1, 4, 20, 60)[k - 1])
        start = time.perf_counter()
        for h in hands[:sample]:
            best = brute_force([TINT[c] for c in h[k:]], k)
            ok &= best == ours_as_treys(evaluate([wild(c) for c in h[:k]] + h[k:]))
        brute = sample / (time.perf_counter() - start)
        rows.append((f"(b) 7 cards, {k} wild{'s' if k > 1 else ''}", f"brute force ({sample} hand{'s' if sample > 1 else ''})", ours, brute))

    print(f"{'hands':<24}{'ours /s':>12}  {'vs':<26}{'theirs /s':>12}{'ratio':>10}")
    for name, vs, a, b in rows:
        print(f"{name:<24}{a:>12,.0f}  {vs:<26}{b:>12,.1f}{a / b:>10,.1f}")
    plain = rows[0][2] / rows[0][3]
    wild_min = min(a / b for _, _, a, b in rows[1:])
    print()
    print(f"no-wild ratio vs treys: {plain:.2f} (goal >= 1.0) {'OK' if plain >= 1 else 'BELOW GOAL'}")
    print(f"wild ratio vs brute force, worst of 1-4 wilds: {wild_min:,.0f} (goal >= 50) "
          f"{'OK' if wild_min >= 50 else 'BELOW GOAL'}")
    print(f"brute force and ours agree on every sampled hand: {'yes' if ok else 'NO'}")


if __name__ == "__main__":
    main()
