"""Benchmark Boonaken's legal plays and trick winners against a brute-force oracle (not a test):

    python bench/boonaken_legal.py [--limit N] [--seed S]

For each settings profile (default, no_undertrump, klaverjas_trump_order, both) the same N random
positions (default 100,000; seeded, so repeatable) go through `play.legal_plays` and
`play.trick_winner` and through `bench/boonaken_legal_oracle.py`, written from the rule text
alone. A position is a hand of 1-8 cards, a partial trick of 0-6 other cards and a trump suit or
None (misère, zwabber). Checked: the legal cards (in hand order), and the winner of the trick with
each legal card added to it. Prints disagreements per profile (the first few in full) and
positions per second of each side (process CPU time).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from dataclasses import dataclass, field

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench import boonaken_legal_oracle as oracle  # noqa: E402
from referee.games.boonaken.cards import pack  # noqa: E402
from referee.games.boonaken.play import legal_plays, trick_winner  # noqa: E402
from referee.games.boonaken.settings import BoonakenSettings  # noqa: E402

PROFILES = {
    "default": BoonakenSettings(),
    "no_undertrump": BoonakenSettings(no_undertrump=True),
    "klaverjas_trump_order": BoonakenSettings(klaverjas_trump_order=True),
    "both": BoonakenSettings(no_undertrump=True, klaverjas_trump_order=True),
}
TRUMP_CHOICES = (None, "S", "H", "D", "C")
SHOWN_DISAGREEMENTS = 5


@dataclass
class Tally:
    positions: int = 0
    winners_checked: int = 0
    legal_disagreements: int = 0
    winner_disagreements: int = 0
    examples: list = field(default_factory=list)
    play_cpu: float = 0.0
    oracle_cpu: float = 0.0


def positions(count: int, seed: int) -> list:
    """`count` random (hand, trick, trump) positions; the same seed gives the same positions."""
    rng = random.Random(seed)
    cards = pack()
    out = []
    for _ in range(count):
        hand_size, trick_size = rng.randint(1, 8), rng.randint(0, 6)
        drawn = rng.sample(cards, hand_size + trick_size)
        out.append((tuple(drawn[:hand_size]), tuple(drawn[hand_size:]), rng.choice(TRUMP_CHOICES)))
    return out


def _timed(fn, items):
    start = time.process_time()
    out = [fn(*item) for item in items]
    return out, time.process_time() - start


def compare(settings: BoonakenSettings, cases: list) -> Tally:
    def ours(hand, trick, trump):
        allowed = legal_plays(hand, trick, trump, settings)
        return allowed, [trick_winner(trick + (c,), trump, settings) for c in allowed]

    def theirs(hand, trick, trump):
        allowed = oracle.legal(hand, trick, trump, settings.no_undertrump, settings.klaverjas_trump_order)
        return allowed, [oracle.winner(trick + (c,), trump, settings.klaverjas_trump_order) for c in allowed]

    tally = Tally(positions=len(cases))
    our_answers, tally.play_cpu = _timed(ours, cases)
    oracle_answers, tally.oracle_cpu = _timed(theirs, cases)
    for (hand, trick, trump), (allowed, winners), (expected, expected_winners) in zip(cases, our_answers,
                                                                                        oracle_answers):
        legal_wrong = allowed != expected
        # Winners are compared card by card where both sides allow the card.
        ours_by_card = dict(zip(allowed, winners))
        wrong_winners = [c for c, w in zip(expected, expected_winners) if c in ours_by_card and ours_by_card[c] != w]
        tally.winners_checked += len(expected_winners)
        tally.legal_disagreements += legal_wrong
        tally.winner_disagreements += len(wrong_winners)
        if (legal_wrong or wrong_winners) and len(tally.examples) < SHOWN_DISAGREEMENTS:
            tally.examples.append((hand, trick, trump, allowed, expected, wrong_winners))
    return tally


def _codes(cards) -> str:
    return " ".join(c.code for c in cards) or "-"


def report(name: str, tally: Tally) -> None:
    print(f"profile {name}: {tally.positions:,} positions, {tally.winners_checked:,} trick winners")
    print(f"  disagreements: {tally.legal_disagreements + tally.winner_disagreements} "
          f"(legal plays {tally.legal_disagreements}, trick winners {tally.winner_disagreements})")
    for hand, trick, trump, allowed, expected, wrong_winners in tally.examples:
        print(f"    hand {_codes(hand)} trick {_codes(trick)} trump {trump}: play.py {_codes(allowed)}, "
              f"oracle {_codes(expected)}; winner differs after {_codes(wrong_winners)}")
    for side, cpu in (("play.py", tally.play_cpu), ("oracle", tally.oracle_cpu)):
        rate = f"{tally.positions / cpu:,.0f} positions/s" if cpu > 0 else "n/a positions/s"
        print(f"  {side + ':':9} {cpu:.2f} s CPU, {rate}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=100_000, help="positions per profile (default 100,000)")
    parser.add_argument("--seed", type=int, default=20)
    args = parser.parse_args(argv)
    if args.limit < 0:
        parser.error("--limit: a number of positions, 0 or more")
    cases = positions(args.limit, args.seed)
    disagreements = 0
    for name, settings in PROFILES.items():
        tally = compare(settings, cases)
        report(name, tally)
        disagreements += tally.legal_disagreements + tally.winner_disagreements
    print(f"total disagreements: {disagreements}")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
