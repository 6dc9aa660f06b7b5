"""The Bonnu simulator: random rounds through the options, both scoring modes, 2 to 6 seats and
random settings, with no invariant violated (110 cards, counts, scores, replay); and its line in referee.simulate."""

from __future__ import annotations

import pytest

from referee import simulate as door
from referee.games.bonnu.simulate import simulate


@pytest.mark.parametrize("scoring,seats", [("simple", 2), ("bonnu100", 4), ("random", 6)])
def test_random_rounds_keep_every_invariant(scoring, seats):
    stats = simulate(40, 7, seats=seats, scoring=scoring, replay_every=10)
    assert stats.violations == [] and stats.rounds == 40 and stats.replays == 4
    assert stats.moves["cut_laid"] and stats.moves["card_drawn"] and stats.moves["shout_heard"]
    assert stats.rulings["round-won"] == 40


def test_random_settings_keep_every_invariant():
    """Each table draws every decision's choice (cut_out, take_back, empty_pile, claim_order...)."""
    stats = simulate(60, 11, seats=4, settings="random", replay_every=10)
    assert stats.violations == [] and stats.rounds == 60


def test_the_simulate_door_runs_bonnu(capsys):
    assert door.main(["--game", "bonnu", "--rounds", "15", "--seats", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("bonnu: 15 rounds") and "invariant violations: 0" in out
