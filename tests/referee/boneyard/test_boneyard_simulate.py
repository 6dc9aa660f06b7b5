"""The Boneyard euchre simulator: a few hundred random rounds break no invariant, every modifier comes
up in its share of them, and a referee with a planted bug is caught by the check it breaks."""

import random

import pytest

from referee import simulate as cli
from referee.games.boneyard import round_score, simulate, views
from referee.games.boneyard.game import BoneyardEuchre
from referee.games.boneyard.modifier_ids import MODIFIER_IDS
from referee.options import Option
from referee.events import Bid


def test_three_hundred_rounds_keep_every_invariant():
    stats = simulate.simulate(300, seed=21)
    assert stats.violations == []
    assert stats.rounds == 300 and stats.redeals > 0 and stats.games > 0 and stats.replays == 6
    played = stats.rounds - stats.redeals
    assert sum(stats.maker_tricks.values()) == played
    assert set(stats.maker_tricks) == {0, 1, 2, 3, 4, 5}
    # The face-up bone goes round the 25 modifier cards: each is active in a fair share of the rounds.
    assert all(stats.modifiers[m] >= played // 25 - 3 for m in MODIFIER_IDS), stats.modifiers


def test_the_same_seed_plays_the_same_rounds():
    a, b = simulate.simulate(40, seed=7), simulate.simulate(40, seed=7)
    assert (a.events, a.modifiers, a.maker_tricks) == (b.events, b.modifiers, b.maker_tricks)


def test_modifiers_off_deals_the_face_up_bone_as_shuffled():
    stats = simulate.simulate(60, seed=2, modifiers="off")
    assert stats.violations == [] and stats.rounds == 60
    with pytest.raises(ValueError, match="random or off"):
        simulate.Simulator(random.Random(0), modifiers="some")


# ------------------------------------------------------------------ planted bugs
def kinds(stats):
    return set(stats.kinds())


def test_a_wrong_score_is_caught(monkeypatch):
    real = round_score.round_points

    def one_too_many(taken, rnd):
        p = real(taken, rnd)
        return type(p)(p.makers + 1, p.defenders, p.why, p.text)
    monkeypatch.setattr(round_score, "round_points", one_too_many)
    assert "score" in kinds(simulate.simulate(20, seed=1))


def test_a_hand_shown_to_everyone_is_caught(monkeypatch):
    real = views.round_view

    def leaky(state, viewer):
        out = real(state, viewer)
        rnd = state.hand
        if rnd is not None:
            out["all_hands"] = [c.code for s in rnd.table for c in rnd.known_holding(s)]
        return out
    monkeypatch.setattr(views, "round_view", leaky)
    assert "privacy" in kinds(simulate.simulate(5, seed=1))


def test_an_option_the_referee_refuses_is_caught(monkeypatch):
    real = views.seat_options

    def out_of_turn(state, seat):
        opts = real(state, seat)
        rnd = state.hand
        if rnd is not None and rnd.phase == "taking" and rnd.up_bone is not None and not opts:
            opts = [Option("bid", seat, "Leave It", Bid(seat, "leave"), rule="take-it")]
        return opts
    monkeypatch.setattr(views, "seat_options", out_of_turn)
    assert "option refused" in kinds(simulate.simulate(5, seed=1))


def test_a_miscounted_hand_is_caught(monkeypatch):
    from referee.games.boneyard.round_state import BoneyardRound
    from referee.hidden_hand import HiddenHand
    real = BoneyardRound.give_up

    def keeps_one(self, seat, card):
        real(self, seat, card)
        if self.phase == "play" and len(self.tricks) == 2:
            self.hands[seat] = HiddenHand(self.hands[seat].count + 1, self.hands[seat].named)
    monkeypatch.setattr(BoneyardRound, "give_up", keeps_one)
    assert "cards" in kinds(simulate.simulate(5, seed=1))


def test_a_referee_that_does_not_replay_is_caught(monkeypatch):
    real = BoneyardEuchre.new_deal
    calls = []

    def forgetful(self, w, event, order):
        rnd = real(self, w, event, order)
        calls.append(1)
        rnd.game_no += len(calls)          # depends on how often it was called, not on the log
        return rnd
    monkeypatch.setattr(BoneyardEuchre, "new_deal", forgetful)
    assert "replay" in kinds(simulate.simulate(3, seed=1))


def test_a_round_short_of_five_tricks_is_caught():
    sim = simulate.Simulator(random.Random(4))
    sim.open_table()
    sim.play_round()
    while sim.state.hand.redeal:
        sim.play_round()
    assert sim.stats.violations == []
    sim.state.hand.tricks = sim.state.hand.tricks[:4]
    sim.round_violations = set()
    sim.check_round_over(tuple(sim.state.hand.scores))
    assert kinds(sim.stats) == {"tricks"}


# ------------------------------------------------------------------------ the CLI
def test_the_cli_runs_boneyard_euchre(capsys):
    assert cli.main(["--game", "boneyard-euchre", "--rounds", "30", "--modifiers", "random", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("boneyard-euchre: 30 rounds") and "invariant violations: 0" in out
    assert "rounds with each modifier active: copycats" in out


def test_the_cli_refuses_bad_arguments(capsys):
    assert cli.main(["--game", "boneyard-euchre", "--rounds", "0"]) == 2
    assert "--rounds: at least 1" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_:
        cli.main(["--game", "boneyard-euchre", "--modifiers", "sometimes"])
    assert exit_.value.code == 2


def test_random_settings_keep_every_invariant():
    stats = simulate.simulate(150, seed=11, settings="random", replay_every=15)
    assert stats.violations == [] and stats.replays == 10
    with pytest.raises(ValueError, match="default or random"):
        simulate.Simulator(random.Random(0), settings="odd")
