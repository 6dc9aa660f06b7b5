"""Benchmark the Bonnu referee's turn engine against RLCard's UNO (not a test):

    python bench/bonnu.py [--seconds T] [--seed S]

For 2 and 4 players, in the same run: random-play Bonnu rounds per second through the referee
(referee/games/bonnu/simulate.py with the invariant checks off: every move drawn from
`engine.options` of the host and every seat, applied with `engine.apply`, stamped timing included),
and random-play UNO games per second of RLCard's `UnoGame` (the game object, no environment or
agents: `get_legal_actions` and `step` until `is_over`). T seconds of process CPU time each, taking
turns in tenths. Prints both and their ratio (Bonnu / UNO). RLCard's UNO has one current player, no
out-of-turn play and no scoring, so this measures the turn engine only.

Needs `rlcard` (the `dev` extra installs rlcard 1.2.0).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from referee.games.bonnu.simulate import Simulator, Stats  # noqa: E402

try:
    from rlcard.games.uno.game import UnoGame
except ImportError:                     # pragma: no cover - the bench says what to install
    UnoGame = None

SLICE = 0.1                             # seconds of CPU time per turn of each side


class BonnuSide:
    def __init__(self, players: int, seed: int) -> None:
        self.sim = Simulator(random.Random(seed), seats=players, scoring="random", check=False,
                             stats=Stats(seed=seed))
        self.sim.open_table()
        self.rounds = 0

    def one(self) -> None:
        if self.sim.table_rounds >= self.sim.replay_every:
            self.sim.open_table()
        self.sim.play_round()
        self.rounds += 1


class UnoSide:
    def __init__(self, players: int, seed: int) -> None:
        self.game = UnoGame(num_players=players)
        self.game.np_random.seed(seed)
        self.rng = random.Random(seed)
        self.rounds = 0

    def one(self) -> None:
        game = self.game
        game.init_game()
        while not game.is_over():
            game.step(self.rng.choice(game.get_legal_actions()))
        self.rounds += 1


def race(sides: dict, seconds: float) -> dict[str, float]:
    """Each side plays whole rounds in slices of CPU time, taking turns, until each has `seconds`."""
    spent = {name: 0.0 for name in sides}
    while min(spent.values()) < seconds:
        for name, side in sides.items():
            start = time.process_time()
            while time.process_time() - start < SLICE:
                side.one()
            spent[name] += time.process_time() - start
    return {name: sides[name].rounds / spent[name] for name in sides}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=5.0, help="CPU seconds for each side and player count")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    if UnoGame is None:
        print("bench/bonnu.py needs rlcard: pip install rlcard==1.2.0 (or the dev extra)", file=sys.stderr)
        return 2
    print(f"Bonnu referee vs RLCard UNO, random play, {args.seconds:g} CPU s each, seed {args.seed}")
    for players in (2, 4):
        rates = race({"bonnu": BonnuSide(players, args.seed), "uno": UnoSide(players, args.seed)}, args.seconds)
        print(f"{players} players: Bonnu {rates['bonnu']:.1f} rounds/s, RLCard UNO {rates['uno']:.1f} games/s, "
              f"ratio Bonnu/UNO {rates['bonnu'] / rates['uno']:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
