"""The two Boonaken benches (bench/boonaken_roem.py, bench/boonaken_legal.py) on a small sample,
so CI keeps the calculator, the legal plays and the naive readings of the rules in agreement.
The full runs (all 906,192 hands, 100,000 positions per profile) are bench work, not tests."""

from itertools import combinations

import pytest

from bench import boonaken_legal, boonaken_roem
from bench.boonaken_roem_naive import naive_totals
from referee.cards import Card, parse_cards
from referee.games.boonaken.cards import pack


def four_of_a_kind_hands():
    """Every hand holding four jacks, queens, kings or aces (1,512 of them): where sharing a card
    between a four and a run matters, and a sample over all hands holds only a handful."""
    for rank in (11, 12, 13, 14):
        four = tuple(Card(rank, s) for s in "SHDC")
        for rest in combinations([c for c in pack() if c.rank != rank], 2):
            yield four + rest


@pytest.mark.parametrize("name", list(boonaken_roem.PROFILES))
def test_roem_calculator_agrees_with_the_naive_reading(name):
    settings = boonaken_roem.PROFILES[name]
    for source in (boonaken_roem.hands(2000), four_of_a_kind_hands()):
        tally = boonaken_roem.compare(settings, source)
        assert tally.evaluations and tally.disagreements == 0, tally.examples


def test_roem_bench_limit_spreads_over_all_hands():
    sample = list(boonaken_roem.hands(1000))
    assert len(sample) == 1000 and len(set(sample)) == 1000
    assert len({c for hand in sample for c in hand}) == 32


def test_naive_reading_of_the_worked_examples():
    # line 32 and decision 1: 140 with sharing, 120 without; K-Q-J-10 of trumps 70
    assert max(naive_totals(tuple(parse_cards("AS AH AD AC KS QS")), "S")) == 140
    assert max(naive_totals(tuple(parse_cards("AS AH AD AC KS QS")), "S", shared_with_run=False)) == 120
    assert max(naive_totals(tuple(parse_cards("KS QS JS TS 7H 7D")), "S")) == 70
    assert naive_totals(tuple(parse_cards("AH KH QH JH TH 9H")), "S", six_run_points=100) >= {40, 100}


def test_roem_bench_cli_reports_no_disagreement(capsys):
    assert boonaken_roem.main(["--limit", "200", "--profiles", "all"]) == 0
    out = capsys.readouterr().out
    assert out.count("disagreements: 0 ") == 3 and "total disagreements: 0" in out


def test_legal_plays_agree_with_the_oracle_in_every_profile(capsys):
    assert boonaken_legal.main(["--limit", "4000"]) == 0
    out = capsys.readouterr().out
    assert out.count("disagreements: 0 ") == len(boonaken_legal.PROFILES) and "total disagreements: 0" in out


def test_legal_positions_are_seeded():
    assert boonaken_legal.positions(50, 3) == boonaken_legal.positions(50, 3)
    assert boonaken_legal.positions(50, 3) != boonaken_legal.positions(50, 4)
