"""bench/euchre.py on a small sample, so CI keeps croupier's plain euchre (legal plays and trick
winners, modifiers off) in agreement with OpenSpiel's euchre. The full run (100,000 positions and
the speed figures) is bench work, not a test."""

import importlib.util
import random

import pytest

from bench import euchre_rounds
from referee.games.boneyard.cards import same_colour
from referee.games.boneyard.ranking import plain_round

needs_pyspiel = pytest.mark.skipif(
    importlib.util.find_spec("pyspiel") is None,
    reason="pyspiel is not installed (pip install -e '.[dev]' brings open-spiel)")


@needs_pyspiel
def test_card_actions_read_as_openspiel_names_them():
    import pyspiel

    from bench.euchre_spiel import CARD_COUNT, spiel_card
    state = pyspiel.load_game("euchre").new_initial_state()
    state.apply_action(0)                   # the first chance outcome picks the dealer; cards follow
    for action in range(CARD_COUNT):
        name = state.action_to_string(pyspiel.PlayerId.CHANCE, action)   # "C9", "DJ", "SA"
        assert spiel_card(action).code == name[1] + name[0]


@needs_pyspiel
def test_croupier_agrees_with_openspiel_on_2000_positions():
    from bench import euchre
    tally = euchre.compare(2000, seed=5)
    assert tally.positions >= 2000 and tally.tricks >= 2000 // 4
    assert tally.disagreements == 0, tally.examples


@needs_pyspiel
def test_a_misread_trump_is_caught(monkeypatch):
    # Trump read as the other suit of its colour swaps the bowers and what follows trump: the
    # comparison must see it, or its 0 would prove nothing.
    from bench import euchre
    from bench.euchre_spiel import spiel_suit
    monkeypatch.setattr(euchre, "ROUNDS", {s: plain_round(same_colour(spiel_suit(s))) for s in range(4)})
    tally = euchre.compare(500, seed=5)
    assert tally.legal_disagreements > 0 and tally.winner_disagreements > 0


@needs_pyspiel
def test_positions_are_seeded():
    from bench.euchre_spiel import play_positions
    assert play_positions(100, 3) == play_positions(100, 3)
    assert play_positions(100, 3)[0] != play_positions(100, 4)[0]


@needs_pyspiel
def test_bench_cli_reports_no_disagreement_and_a_ratio(capsys):
    from bench import euchre
    assert euchre.main(["--positions", "300", "--seconds", "0.05"]) == 0
    out = capsys.readouterr().out
    assert "disagreements: 0 (legal plays 0, trick winners 0)" in out and "ratio croupier / OpenSpiel:" in out


@pytest.mark.parametrize("with_joker", [True, False])
def test_simulated_rounds_play_five_tricks_and_score_one_team(with_joker):
    rng = random.Random(7)
    for i in range(200):
        result = euchre_rounds.play_round(rng, dealer=i % 4, with_joker=with_joker)
        assert 0 <= result.maker_tricks <= 5 and result.trump in "SHDC"
        assert (result.makers > 0) != (result.defenders > 0)
        assert (result.makers > 0) == (result.maker_tricks >= 3)


def test_table_rounds_go_through_the_referee_with_modifiers_off():
    from referee.games.boneyard.modifier_ids import MODIFIER_IDS
    rng, state, played = random.Random(7), euchre_rounds.open_table(), 0
    assert state.settings.modifiers == "off"
    for number in range(1, 41):
        state, said, rnd = euchre_rounds.play_table_round(state, rng, number)
        assert rnd.phase == "over" and rnd.active == () and said
        assert not any(a.rule in MODIFIER_IDS for a in said)
        if not rnd.redeal:
            played += 1
            assert len(rnd.tricks) == 5 and (rnd.points[rnd.maker_team] > 0) == (rnd.maker_tricks() >= 3)
    assert played > 30 and state.seq > 40 * 30
