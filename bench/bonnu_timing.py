"""Timing-race accuracy of the Bonnu referee's claim rulings (not a test):

    python bench/bonnu_timing.py [--races N] [--seed S] [--fps F] [--spread-ms MS]

Each race is one card laid by the player on turn at a known true time and one or two out-of-turn
claims (Cut or Bonnu) by other seats at known true times, up to --spread-ms (300) either side of it, so the
ground truth is known: a claim is in time when it was made before the card, and in time claims take
effect in the order they were made. What the referee sees is simulated:

- a phone's tap reaches the server after its one-way delay: a base of 20-300 ms for that phone plus
  network jitter (exponential, a tenth of the base on average); its latency is estimated at join as
  half the median of 5 pings, and the path is not symmetric (the way up is 40-60 % of the round
  trip), so the estimate is off by tens of ms for a slow phone;
- the camera captures frames at the pipeline's rate (10 fps, as vision/dealscript.py and
  vision/doctor.py assume) with a random phase and 5 % jitter in frame intervals; a card is first seen
  in the first frame after it lands (it is confirmed some frames later, which does not change its
  stamp); the table stamps it as vision/adapter_bonnu.py does: `at_ms` = that first frame's capture
  time, `latency_ms` = half the frame period (it landed on average half a frame before);
- a fifth of the claims are double-tapped 60-250 ms after the first tap.

Printed: the measurement errors; under the default settings, the races with one claim and with two
apart, with why the host was asked; then for each tie margin and grace window, the share of races ruled as the ground truth (every claim in
time or late as it was, and in the true order), sent to the host (some ruling needs the host), and
ruled wrongly. Seeded: the same seed prints the same.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import statistics
import sys
from dataclasses import dataclass

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from referee.games.bonnu.claims import CardTime, Claim, window_ruling  # noqa: E402
from referee.games.bonnu.settings import DEFAULT  # noqa: E402

PIPELINE_FPS = 10.0          # the frame rate the camera pipeline runs at (vision/dealscript.py default)
SPREAD_MS = 300             # by default claims fall within this many ms either side of the card
GRACES_MS = (0, 20, 50, 100, 150, 200)
MARGINS_MS = (0, 25, 50, 100)
PINGS = 5


@dataclass(frozen=True)
class Race:
    """One race: what truly happened and what the referee is given."""

    card_true: float
    claims_true: tuple[tuple[int, float], ...]    # (seat, true time) per claimant
    card: CardTime                                # as stamped by the camera path
    claims: tuple[Claim, ...]                     # as stamped by the server (double taps included)


def _delay(rng: random.Random, base: float) -> float:
    return base + rng.expovariate(1 / (0.1 * base))


def _phone(rng: random.Random) -> tuple[float, float, float]:
    """A phone: (its base one-way delay, the share of a round trip that is the way up, the latency
    estimated from PINGS pings as half the median round trip)."""
    base = rng.uniform(0.020, 0.300)
    up_share = rng.uniform(0.4, 0.6)
    trips = sorted(_delay(rng, 2 * base) for _ in range(PINGS))
    return base, up_share, statistics.median(trips) / 2


def _camera(rng: random.Random, landed: float, fps: float) -> tuple[float, float]:
    """(stamp, latency) for a card landing at `landed`: the capture time of the first frame after
    it, which sees it, and half the nominal frame interval (the camera path's convention)."""
    interval = 1 / fps
    t = landed - rng.uniform(0, interval)          # the last frame before it landed
    while t < landed:
        t += interval * rng.uniform(0.95, 1.05)
    return t, interval / 2


def make_races(count: int, seed: int, fps: float = PIPELINE_FPS, spread_ms: int = SPREAD_MS) -> list[Race]:
    rng = random.Random(seed)
    races = []
    for _ in range(count):
        card_true = rng.uniform(5.0, 600.0)
        seats = rng.sample((0, 2, 3), 1 if rng.random() < 0.6 else 2)    # seat 1 lays the card
        truth, claims = [], []
        for seat in seats:
            kind = rng.choice(("cut", "bonnu"))
            made = card_true + rng.uniform(-spread_ms, spread_ms) / 1000
            base, up_share, estimate = _phone(rng)
            taps = [made] + ([made + rng.uniform(0.060, 0.250)] if rng.random() < 0.2 else [])
            for tap in taps:
                arrival = tap + up_share * _delay(rng, 2 * base)
                claims.append(Claim(seat, kind, arrival, estimate))
            truth.append((seat, made))
        stamp, latency = _camera(rng, card_true, fps)
        races.append(Race(card_true, tuple(truth), CardTime(1, stamp, latency), tuple(claims)))
    return races


def judge(race: Race, settings) -> str:
    """'right', 'host' or 'wrong' for one race under `settings`."""
    rulings = window_ruling(race.claims, race.card, settings)
    counted = [r for r in rulings if r.verdict != "repeat"]
    if any(r.needs_host for r in counted):
        return "host"
    ruled_in = [r.claim.seat for r in counted if r.verdict == "in_time"]
    true_in = [seat for seat, made in sorted(race.claims_true, key=lambda t: t[1]) if made < race.card_true]
    return "right" if ruled_in == true_in else "wrong"


def breakdown(races: list[Race], settings) -> list[str]:
    """Under `settings`, the races with one claim and with two apart, and why the host was asked:
    a claim too close to the card, or two claims too close to each other."""
    lines = []
    for claimants in (1, 2):
        group = [r for r in races if len(r.claims_true) == claimants]
        tally = {"right": 0, "host": 0, "wrong": 0}
        near_card = near_claim = 0
        for race in group:
            tally[judge(race, settings)] += 1
            rulings = window_ruling(race.claims, race.card, settings)
            near_card += any(r.verdict == "ask_host" for r in rulings)
            near_claim += any(r.tied_with for r in rulings)
        n = len(group)
        lines.append(f"{claimants} claim{'s' if claimants > 1 else ''}: {n} races, right {100 * tally['right'] / n:.2f} %, "
                     f"host {100 * tally['host'] / n:.2f} % (a claim near the card {100 * near_card / n:.2f} %, "
                     f"two claims near each other {100 * near_claim / n:.2f} %), wrong {100 * tally['wrong'] / n:.2f} %")
    return lines


def errors(races: list[Race]) -> tuple[list[float], list[float]]:
    """The measurement errors in ms: each first tap's corrected time less its true time, and each
    card's corrected time less its true time (positive: looks later than it was)."""
    claim_err, card_err = [], []
    for race in races:
        first = {}
        for c in race.claims:
            first.setdefault(c.seat, c)
        for seat, made in race.claims_true:
            claim_err.append((first[seat].at - made) * 1000)
        card_err.append((race.card.at - race.card_true) * 1000)
    return claim_err, card_err


def table(races: list[Race]) -> list[str]:
    lines = [f"{'margin ms':>9} {'grace ms':>8} {'right %':>8} {'host %':>7} {'wrong %':>8}"]
    for margin in MARGINS_MS:
        for grace in GRACES_MS:
            s = dataclasses.replace(DEFAULT, grace_ms=grace, tie_margin_ms=margin)
            tally = {"right": 0, "host": 0, "wrong": 0}
            for race in races:
                tally[judge(race, s)] += 1
            n = len(races)
            lines.append(f"{margin:>9} {grace:>8} {100 * tally['right'] / n:>8.2f} {100 * tally['host'] / n:>7.2f} "
                         f"{100 * tally['wrong'] / n:>8.2f}")
    return lines


def _summary(name: str, values: list[float]) -> str:
    q = statistics.quantiles(values, n=20)
    return (f"{name}: mean {statistics.fmean(values):+.1f} ms, sd {statistics.stdev(values):.1f} ms, "
            f"5th-95th percentile {q[0]:+.1f} to {q[-1]:+.1f} ms")


def report(count: int, seed: int, fps: float, spread_ms: int = SPREAD_MS) -> list[str]:
    races = make_races(count, seed, fps, spread_ms)
    claim_err, card_err = errors(races)
    claims = sum(len(r.claims_true) for r in races)
    taps = sum(len(r.claims) for r in races)
    return ([f"Bonnu timing races: {count} races, {claims} claims ({taps - claims} double taps), seed {seed}, "
             f"camera {fps:g} fps, claims within {spread_ms} ms of the card",
             _summary("claim time error", claim_err), _summary("card time error", card_err), "",
             f"the defaults (tie margin {DEFAULT.tie_margin_ms} ms, grace {DEFAULT.grace_ms} ms):"]
            + breakdown(races, DEFAULT)
            + ["", "each tie margin and grace window:"] + table(races))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--fps", type=float, default=PIPELINE_FPS)
    parser.add_argument("--spread-ms", type=int, default=SPREAD_MS)
    args = parser.parse_args(argv)
    if args.races < 2 or args.fps <= 0 or args.spread_ms <= 0:
        parser.error("--races must be at least 2, --fps and --spread-ms above 0")
    print("\n".join(report(args.races, args.seed, args.fps, args.spread_ms)))


if __name__ == "__main__":
    main()
