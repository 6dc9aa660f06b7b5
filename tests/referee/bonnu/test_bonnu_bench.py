"""bench/bonnu.py runs (a smoke test, not a timed one): both sides, 2 and 4 players, and a ratio."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytest.importorskip("rlcard")

BENCH = Path(__file__).parents[3] / "bench" / "bonnu.py"


def test_the_bench_prints_both_rates_and_the_ratio(capsys):
    spec = importlib.util.spec_from_file_location("bonnu_bench", BENCH)
    bench = importlib.util.module_from_spec(spec)
    sys.modules["bonnu_bench"] = bench
    spec.loader.exec_module(bench)
    assert bench.main(["--seconds", "0.05"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines[1:]] == ["2 players", "4 players"]
    assert all("rounds/s" in line and "ratio Bonnu/UNO" in line for line in lines[1:])
