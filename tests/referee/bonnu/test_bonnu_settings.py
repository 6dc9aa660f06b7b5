"""Bonnu settings: every field has help, choices refuse bad words, times are whole milliseconds in a
range, and the player count is checked in words."""

import dataclasses

import pytest

from referee.engine import Refusal, apply
from referee.events import TableOpened
from referee.games.bonnu.settings import DEFAULT, MAX_PLAYERS, MIN_PLAYERS, BonnuSettings
from referee.state import State
from referee.settings import SettingsError, parse_settings


def test_every_field_has_help_and_every_choice_default_is_one_of_its_words():
    for f in dataclasses.fields(BonnuSettings):
        assert f.name in BonnuSettings.HELP, f.name
    for name, words in BonnuSettings.CHOICES.items():
        assert getattr(DEFAULT, name) in words, name
    DEFAULT.check()


def test_the_defaults_are_the_documented_ones():
    assert DEFAULT.to_json() == {
        "next_after_cut": "after_cutter", "cut_cards": "two_or_more", "cut_on_turn": True, "cut_own_card": False,
        "cut_chains": True, "cut_out": "wins_with_shout", "window_closes_on_draw": False, "play_drawn": False,
        "draw_when_able": False, "shout_grace_ms": 2000, "missed_bonnu": "play_on", "take_back": True,
        "wrong_cut_penalty": True, "claim_order": "earliest", "grace_ms": 0, "tie_margin_ms": 50,
        "double_tap_ms": 400, "opening_tie": "redraw", "later_rounds": "winner", "empty_pile": "reshuffle", "blocked_round": "fewest_cards",
        "scoring": "simple", "rounds_to_win": 10, "target": 100, "tie_for_lowest": "play_on"}


def test_bad_values_are_refused_in_words():
    with pytest.raises(SettingsError, match='setting scoring: "simple"'):
        parse_settings(BonnuSettings, {"scoring": "bonnu-100"})
    with pytest.raises(SettingsError, match="grace_ms must be a whole number, got 0.1"):
        parse_settings(BonnuSettings, {"grace_ms": 0.1})
    with pytest.raises(SettingsError, match="tie_margin_ms: a whole number of milliseconds, 0 to 5000, got -5"):
        parse_settings(BonnuSettings, {"tie_margin_ms": -5})
    with pytest.raises(SettingsError, match="target: a whole number from 10 to 10000"):
        parse_settings(BonnuSettings, {"target": 5})
    with pytest.raises(SettingsError, match="unknown setting"):
        parse_settings(BonnuSettings, {"cut": True})


def test_a_table_reads_its_settings_in_words():
    s = parse_settings(BonnuSettings, {"scoring": "bonnu100", "next_after_cut": "on_turn", "grace_ms": 40})
    texts = {e["name"]: e["text"] for e in s.explained()}
    assert texts["next_after_cut"] == \
        "After a Cut, who plays next: the player who was on turn still plays, now matching the cut card"
    assert texts["grace_ms"] == "How long after the next card a Cut or Bonnu claim still counts (milliseconds): 40"
    assert texts["cut_chains"].endswith(": yes")


def test_player_counts():
    """The table opens with 2 to 10 players (the core's seat check, from the game's limits)."""
    assert (MIN_PLAYERS, MAX_PLAYERS) == (2, 10)
    for n in (2, 10):
        apply(State(), TableOpened("bonnu", tuple(range(1, n + 1))))
    for n in (1, 11):
        with pytest.raises(Refusal, match=f"Bonnu needs 2 to 10 seats, got {n}"):
            apply(State(), TableOpened("bonnu", tuple(range(1, n + 1))))
