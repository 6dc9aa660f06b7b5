"""python -m vision.synth OUT [--train N --val N --test N --seed S]"""
import argparse
from pathlib import Path

from .dataset import generate
from .faces import fetch_artwork


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m vision.synth")
    p.add_argument("out", type=Path)
    p.add_argument("--artwork", type=Path, default=Path("build/vision/artwork"))
    p.add_argument("--train", type=int, default=1600)
    p.add_argument("--val", type=int, default=150)
    p.add_argument("--test", type=int, default=250)
    p.add_argument("--table", type=int, default=600)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=None)
    a = p.parse_args(argv)
    fetch_artwork(a.artwork)
    print(generate(a.out, a.artwork, {"val": a.val, "test": a.test, "train": a.train, "table": a.table}, a.seed,
                   workers=a.workers))


if __name__ == "__main__":
    main()
