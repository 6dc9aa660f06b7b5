"""One door to the games' random simulators, which play seeded random deals through the referee
and check its invariants as they go:

    python -m referee.simulate --game boonaken --deals 10000 [--seats K] [--seed S] [--profile P]
    python -m referee.simulate --game bonedoneskis --hands 10000 [--seats K] [--seed S]
    python -m referee.simulate --game bonnu --rounds 10000 [--seats K] [--scoring simple|bonnu100|random] [--seed S]
    python -m referee.simulate --game boneyard-euchre --rounds 10000 [--modifiers random|off] [--settings default|random] [--seed S]

Each prints its summary (deals, deals per second, what came up, invariant violations) and exits
1 when any invariant was violated, 0 otherwise.
"""

from __future__ import annotations

import argparse
import sys

from .games.bonedoneskis import simulate as bonedoneskis
from .games.boneyard import simulate as boneyard
from .games.bonnu import simulate as bonnu
from .games.boonaken import simulate as boonaken

GAMES = ("boonaken", "bonedoneskis", "boneyard-euchre", "bonnu")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    picker = argparse.ArgumentParser(add_help=False)
    picker.add_argument("--game", choices=GAMES)
    known, rest = picker.parse_known_args(argv)
    if known.game is None:
        p = argparse.ArgumentParser(prog="python -m referee.simulate", description=__doc__.split("\n\n")[0])
        p.add_argument("--game", choices=GAMES, required=True)
        p.parse_args(argv)            # prints the usage and exits 2 (or the help, with -h)
        return 2
    if known.game == "boonaken":
        p = argparse.ArgumentParser(prog="python -m referee.simulate --game boonaken")
        boonaken.add_arguments(p)
        return boonaken.run(p.parse_args(rest))
    if known.game == "boneyard-euchre":
        p = argparse.ArgumentParser(prog="python -m referee.simulate --game boneyard-euchre")
        boneyard.add_arguments(p)
        return boneyard.run(p.parse_args(rest))
    if known.game == "bonnu":
        p = argparse.ArgumentParser(prog="python -m referee.simulate --game bonnu")
        bonnu.add_arguments(p)
        return bonnu.run(p.parse_args(rest))
    return bonedoneskis.main(rest)


if __name__ == "__main__":
    sys.exit(main())
