"""Benchmark croupier's Boneyard euchre core against OpenSpiel's euchre (not a test):

    python bench/euchre.py [--positions N] [--seed S] [--seconds T]

1. Agreement. Random OpenSpiel euchre games (seeded; 24 cards, no joker, bidding and going alone
   as OpenSpiel plays them) give at least N card-play positions (default 100,000): the current
   player's hand, the trick so far and the trump. At each one croupier's `legal_plays`, with no
   modifier active and the same trump, must allow exactly pyspiel's `legal_actions()`; at each
   trick's end croupier's `trick_winner` must name the seat OpenSpiel lets lead next (after the
   fifth trick, the trick's `winner()`). Prints the disagreements (the first few in full) and
   positions per second of both sides.
2. Speed. Croupier's random rounds per second (bench/euchre_rounds.py: 25 cards, a table with
   the setting modifiers off), OpenSpiel's random deals (whole games) per second, T seconds each in
   the same run (taking turns in tenths), and their ratio. Croupier's rounds go through the referee
   as at a table (every card an event to `engine.apply`, which answers with the state and its
   announcements); the rounds of its pure core alone (legal plays, trick winners, points, no state
   or words) are timed too, T seconds more, and given as a second ratio.

Both sides draw their random moves the same way (`euchre_rounds.pick`). Times are process CPU time.
Needs `pyspiel` (the `dev` extra installs open-spiel). Exit status 1 when any position disagrees.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass, field

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench import euchre_rounds  # noqa: E402
from bench import euchre_spiel as spiel  # noqa: E402
from referee.games.boneyard.order import PARTNER  # noqa: E402
from referee.games.boneyard.ranking import Play, legal_plays, plain_round, trick_winner  # noqa: E402

SHOWN_DISAGREEMENTS = 5
SPEED_SLICES = 10
CARDS = tuple(spiel.spiel_card(a) for a in range(spiel.CARD_COUNT))
ROUNDS = {suit: plain_round(spiel.spiel_suit(suit)) for suit in range(4)}  # by OpenSpiel trump number


@dataclass
class Tally:
    positions: int = 0
    tricks: int = 0
    games: int = 0
    legal_disagreements: int = 0
    winner_disagreements: int = 0
    examples: list = field(default_factory=list)
    spiel_cpu: float = 0.0      # playing the OpenSpiel games that give the positions
    croupier_cpu: float = 0.0   # croupier's legal plays and trick winners on them

    @property
    def disagreements(self) -> int:
        return self.legal_disagreements + self.winner_disagreements


def _codes(actions) -> str:
    return " ".join(CARDS[a].code for a in actions) or "-"


def _plays(plays) -> str:
    return " ".join(f"{seat}:{CARDS[a].code}" for seat, a in plays) or "-"


def compare(count: int, seed: int) -> Tally:
    """Croupier against OpenSpiel on the positions of random games seeded by `seed`."""
    start = time.process_time()
    positions, ends, games = spiel.play_positions(count, seed)
    tally = Tally(positions=len(positions), tricks=len(ends), games=games,
                  spiel_cpu=time.process_time() - start)

    start = time.process_time()
    allowed = [legal_plays([CARDS[a] for a in p.hand], [CARDS[a] for _, a in p.trick], ROUNDS[p.trump])
               for p in positions]
    winners = [plays[trick_winner(plays, ROUNDS[end.trump], PARTNER).index].seat
               for end in ends for plays in [[Play(seat, CARDS[a]) for seat, a in end.plays]]]
    tally.croupier_cpu = time.process_time() - start

    for position, ours in zip(positions, allowed):
        theirs = {CARDS[a] for a in position.legal}
        if set(ours) != theirs:
            tally.legal_disagreements += 1
            _example(tally, f"legal plays: seat {position.seat} hand {_codes(position.hand)} trick "
                            f"{_plays(position.trick)} trump {spiel.spiel_suit(position.trump)}: croupier "
                            f"{' '.join(c.code for c in ours)}, OpenSpiel {_codes(sorted(position.legal))}")
    for end, ours in zip(ends, winners):
        if ours != end.next_leader:
            tally.winner_disagreements += 1
            _example(tally, f"trick winner: {_plays(end.plays)} trump {spiel.spiel_suit(end.trump)}: "
                            f"croupier seat {ours}, OpenSpiel seat {end.next_leader}")
    return tally


def _example(tally: Tally, text: str) -> None:
    if len(tally.examples) < SHOWN_DISAGREEMENTS:
        tally.examples.append(text)


def _rate(count: int, cpu: float, unit: str) -> str:
    return f"{count / cpu:,.0f} {unit}/s" if cpu > 0 else f"n/a {unit}/s"


def report_agreement(tally: Tally) -> None:
    print(f"agreement: {tally.positions:,} play positions and {tally.tricks:,} tricks "
          f"from {tally.games:,} random OpenSpiel euchre games")
    print(f"  disagreements: {tally.disagreements} (legal plays {tally.legal_disagreements}, "
          f"trick winners {tally.winner_disagreements})")
    for text in tally.examples:
        print(f"    {text}")
    print(f"  croupier:  {tally.croupier_cpu:.2f} s CPU, "
          f"{_rate(tally.positions, tally.croupier_cpu, 'positions')} (legal plays, and trick winners at trick ends)")
    print(f"  OpenSpiel: {tally.spiel_cpu:.2f} s CPU, "
          f"{_rate(tally.positions, tally.spiel_cpu, 'positions')} (playing the games that give them)")


def report_speed(seconds: float, seed: int) -> None:
    # The sides take turns in short slices, so a change in the machine's load (other processes
    # on shared cores) weighs on all alike and the ratios stay steady.
    sides = {"table": euchre_rounds.table_rounds_per_second, "core": euchre_rounds.rounds_per_second,
             "spiel": spiel.random_deals_per_second}
    done = {side: [0, 0.0] for side in sides}
    for slice_seed in range(seed, seed + SPEED_SLICES):
        for side, run in sides.items():
            count, cpu = run(seconds / SPEED_SLICES, slice_seed)
            done[side][0] += count
            done[side][1] += cpu
    rate = {side: count / cpu for side, (count, cpu) in done.items()}
    print("speed: random play, modifiers off")
    print(f"  croupier:  {done['table'][0]:,} rounds in {done['table'][1]:.2f} s CPU, {rate['table']:,.0f} rounds/s "
          f"(25 cards; through the referee: events -> state + announcements)")
    print(f"  OpenSpiel: {done['spiel'][0]:,} deals in {done['spiel'][1]:.2f} s CPU, {rate['spiel']:,.0f} deals/s "
          f"(24 cards)")
    print(f"  ratio croupier / OpenSpiel: {rate['table'] / rate['spiel']:.3f}")
    print(f"  croupier's pure core alone: {done['core'][0]:,} rounds in {done['core'][1]:.2f} s CPU, "
          f"{rate['core']:,.0f} rounds/s (legal plays, trick winners, points; no state, no announcements)")
    print(f"  ratio core / OpenSpiel: {rate['core'] / rate['spiel']:.3f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100_000, help="play positions (default 100,000)")
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--seconds", type=float, default=5.0,
                        help="CPU seconds for each side of the speed test (default 5; 0 skips it)")
    args = parser.parse_args(argv)
    if args.positions < 1:
        parser.error("--positions: a number of positions, 1 or more")
    if args.seconds < 0:
        parser.error("--seconds: 0 or more")
    tally = compare(args.positions, args.seed)
    report_agreement(tally)
    if args.seconds:
        report_speed(args.seconds, args.seed)
    return 1 if tally.disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
