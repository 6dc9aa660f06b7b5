"""bench/bonnu_timing.py runs on a few races, prints the same for the same seed, and its ground truth
agrees with the referee where nothing is measured wrongly."""

import dataclasses

from bench import bonnu_timing
from referee.games.bonnu.claims import CardTime, Claim
from referee.games.bonnu.settings import DEFAULT


def test_the_bench_prints_every_margin_and_grace_and_repeats_itself():
    lines = bonnu_timing.report(60, seed=5, fps=10.0)
    assert lines == bonnu_timing.report(60, seed=5, fps=10.0)
    rows = [line.split() for line in lines if line.split() and line.split()[0].isdigit() and len(line.split()) == 5]
    assert len(rows) == len(bonnu_timing.MARGINS_MS) * len(bonnu_timing.GRACES_MS)  # one table: the camera's stamp
    for row in rows:
        assert abs(sum(float(x) for x in row[2:]) - 100) < 0.02, row
    assert [line.split(":")[0] for line in lines if "races, right" in line] == ["1 claim", "2 claims"]


def test_with_exact_stamps_the_referee_rules_as_the_ground_truth():
    race = bonnu_timing.Race(10.0, ((0, 9.9), (2, 10.05)), CardTime(1, 10.0),
                             (Claim(0, "cut", 9.9), Claim(2, "bonnu", 10.05), Claim(0, "cut", 9.95)))
    assert bonnu_timing.judge(race, dataclasses.replace(DEFAULT, tie_margin_ms=0)) == "right"
    assert bonnu_timing.judge(race, dataclasses.replace(DEFAULT, grace_ms=100, tie_margin_ms=0)) == "wrong"
    assert bonnu_timing.judge(race, dataclasses.replace(DEFAULT, tie_margin_ms=100)) == "host"
