"""Benchmark the referee (not a test): `python bench/referee.py [--hands N] [--players P] [--seed S]`.

Hands per second of our random-hand simulator (`referee.games.bonedoneskis.simulate`: random Bonedoneskis deals, random
legal decisions for the 26 house rules, random fixed-limit bets, showdowns, every event through
`referee.engine.apply`) against pokerkit's fixed-limit seven-card stud played with random legal
actions (`pokerkit.FixedLimitSevenCardStud`, every automation on: antes, dealing, showdown, chips),
with the same number of players, in the same run. Goal: ratio >= 5.

Both sides pick among legal actions the same way: a fold is offered 30% of the times it is legal,
then one legal action is drawn at random. CPU time (`time.process_time`) is used so that other
work on the machine disturbs the numbers less; wall time is printed too. Our simulator runs without
its invariant checks here (`check=False`); `--check` also times it with them.

Since the deck-running-short rule (setting `community_card`): a 7-8 seat hand whose last card
cannot go round is played to the end with one community card, where the simulator used to call it
off (about 1 hand in 100 at 8 seats, fewer at 7; none at 2-6). The workload is otherwise unchanged.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
import warnings

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from pokerkit import Automation, FixedLimitSevenCardStud

from referee.games.bonedoneskis.simulate import simulate

AUTOMATIONS = tuple(Automation)
# 7-card stud for 7+ players can run past 52 cards; pokerkit then deals mucked cards and says so.
warnings.filterwarnings("ignore", message="Returning reserved", category=UserWarning)


def pokerkit_hand(rng: random.Random, players: int) -> int:
    """One hand of fixed-limit seven-card stud with random legal actions; returns actions taken."""
    state = FixedLimitSevenCardStud.create_state(AUTOMATIONS, True, 1, 1, 2, 4, 10 ** 6, players)
    actions = 0
    while state.status:
        legal = []
        if state.can_post_bring_in():
            legal.append(state.post_bring_in)
        if state.can_complete_bet_or_raise_to():
            legal.append(state.complete_bet_or_raise_to)
        if state.can_check_or_call():
            legal.append(state.check_or_call)
        if state.can_fold() and rng.random() < 0.3:
            legal.append(state.fold)
        if not legal:
            raise RuntimeError(f"pokerkit: no legal action in {state}")
        rng.choice(legal)()
        actions += 1
    return actions


def time_pokerkit(hands: int, players: int, seed: int) -> tuple[float, float, int]:
    random.seed(seed)  # pokerkit shuffles its deck with the module-level random
    rng = random.Random(seed)
    cpu, wall = time.process_time(), time.perf_counter()
    actions = sum(pokerkit_hand(rng, players) for _ in range(hands))
    return time.process_time() - cpu, time.perf_counter() - wall, actions


def time_ours(hands: int, players: int, seed: int, check: bool) -> tuple[float, float, object]:
    cpu, wall = time.process_time(), time.perf_counter()
    stats = simulate(hands, players, seed, check=check)
    return time.process_time() - cpu, time.perf_counter() - wall, stats


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hands", type=int, default=300)
    p.add_argument("--players", type=int, default=6)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--check", action="store_true", help="also time our simulator with its invariant checks")
    args = p.parse_args(argv)
    n, players = args.hands, args.players

    simulate(5, players, args.seed + 1, check=False)  # warm up imports and caches on both sides
    time_pokerkit(5, players, args.seed + 1)

    pk_cpu, pk_wall, pk_actions = time_pokerkit(n, players, args.seed)
    our_cpu, our_wall, stats = time_ours(n, players, args.seed, check=False)
    pk_rate, our_rate = n / pk_cpu, n / our_cpu
    print(f"{players} players, {n} hands each (CPU time; wall time in brackets)")
    print(f"  pokerkit FixedLimitSevenCardStud : {pk_rate:8.1f} hands/s  ({n / pk_wall:.1f} wall)  "
          f"{pk_actions / n:.1f} player actions a hand")
    print(f"  croupier simulator (Bonedoneskis): {our_rate:8.1f} hands/s  ({n / our_wall:.1f} wall)  "
          f"{stats.events / n:.1f} events a hand (deals, decisions, bets), "
          f"{stats.events / our_cpu:.0f} events/s ({1e6 * our_cpu / stats.events:.0f} µs/event)")
    print(f"  ratio croupier / pokerkit        : {our_rate / pk_rate:8.2f}   (goal >= 5)")
    if args.check:
        chk_cpu, chk_wall, chk = time_ours(n, players, args.seed, check=True)
        print(f"  croupier with invariant checks   : {n / chk_cpu:8.1f} hands/s  ({n / chk_wall:.1f} wall), "
              f"{len(chk.violations)} violations, {chk.replays} replay checks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
