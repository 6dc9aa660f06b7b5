"""The Bonnu simulator: random rounds through the options, both scoring modes, 2 to 6 seats and
random settings, with no invariant violated (110 cards, counts, scores, replay); and its line in referee.simulate."""

from __future__ import annotations

import pytest

from referee import simulate as door
from referee.games.bonnu.catalog import RULES_BY_ID
from referee.games.bonnu.simulate import simulate


@pytest.mark.parametrize("scoring,seats", [("simple", 2), ("bonnu100", 4), ("random", 6)])
def test_random_rounds_keep_every_invariant(scoring, seats):
    stats = simulate(40, 7, seats=seats, scoring=scoring, replay_every=10)
    assert stats.violations == [] and stats.rounds == 40 and stats.replays == 4
    assert stats.moves["cut_laid"] and stats.moves["card_drawn"] and stats.moves["shout_heard"]
    assert stats.won == 40 and stats.rulings["round-won"] >= 40


def test_random_settings_keep_every_invariant():
    """Each table draws every decision's choice (cut_out, take_back, empty_pile, claim_order...)."""
    stats = simulate(60, 11, seats=4, settings="random", replay_every=10)
    assert stats.violations == [] and stats.rounds == 60


def test_every_announcement_of_simulated_rounds_names_a_registered_rule():
    """The rule lookup ("why was I charged?") finds each announcement's rule object by its id, under
    the default settings and under random ones (every decision's choices); "table" counts the core's
    own lines, which name no rule."""
    said = simulate(150, 21, seats=4, check=False).rulings + simulate(150, 22, seats=3, settings="random",
                                                                       check=False).rulings
    assert set(said) - {"table"} <= set(RULES_BY_ID), set(said) - {"table"} - set(RULES_BY_ID)
    assert {"match", "round-won", "wrong-card", "claim-race"} & set(said)


def test_the_simulate_door_runs_bonnu(capsys):
    assert door.main(["--game", "bonnu", "--rounds", "15", "--seats", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("bonnu: 15 rounds") and "invariant violations: 0" in out
