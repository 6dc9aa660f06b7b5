"""BoonakenSettings: every field explained, bad values refused in words."""

import dataclasses

import pytest

from referee.games.boonaken.settings import DEFAULT, BoonakenSettings
from referee.settings import SettingsError, parse_settings


def test_every_field_has_help():
    assert {f.name for f in dataclasses.fields(BoonakenSettings)} == set(BoonakenSettings.HELP)


def test_defaults_as_decided():
    s = DEFAULT
    assert (s.roem_shared_with_run, s.roem_tie_order, s.minimum_bid, s.misere_slot, s.lone_misere_overcall,
            s.zwabber_slot, s.misere_everyone, s.klaverjas_trump_order, s.no_undertrump, s.six_run_points) == \
        (True, "natural", 5, 70, "slot", 100, True, False, False, 200)


def test_explained_in_words():
    texts = {e["name"]: e["text"] for e in DEFAULT.explained()}
    assert texts["roem_tie_order"].endswith("by rank A K Q J 10 9 8 7, a trump above a plain card of the same rank")
    assert texts["klaverjas_trump_order"].endswith(": no")
    allowed = {e["name"]: e["allowed"] for e in DEFAULT.explained()}
    assert allowed["zwabber_slot"].startswith("100, 125 or 145")


def test_parse_from_json():
    s = parse_settings(BoonakenSettings, {"minimum_bid": 25, "roem_tie_order": "trick", "no_undertrump": True})
    assert (s.minimum_bid, s.roem_tie_order, s.no_undertrump) == (25, "trick", True)


@pytest.mark.parametrize("raw", [{"roem_tie_order": "suit"}, {"lone_misere_overcall": "75"},
                                 {"six_run_points": 150}, {"minimum_bid": 7}, {"minimum_bid": 0},
                                 {"misere_slot": 80}, {"zwabber_slot": 110},
                                 {"misere_slot": 100, "zwabber_slot": 100}, {"deal_packets": "two"},
                                 {"two_erin": "neither"}, {"dealer_rotation": "right"}])
def test_bad_values_refused(raw):
    with pytest.raises(SettingsError):
        parse_settings(BoonakenSettings, raw)


def test_five_card_version_profile():
    s = BoonakenSettings.five_card_version()
    assert (s.misere, s.zwabber, s.minimum_bid, s.open_boonaak, s.five_cards) == (False, False, 25, True, True)


def test_deal_and_marks_defaults_as_decided():
    s = DEFAULT
    assert (s.deal_packets, s.two_erin, s.dealer_rotation, s.centre_one_down, s.six_seven_players) == \
        ("three_first", "both", "left", False, False)
    texts = {e["name"]: e["text"] for e in s.explained()}
    assert texts["deal_packets"].endswith("a packet of three, then the rest (3 + 2, 3 + 1)")
