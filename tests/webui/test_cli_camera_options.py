"""`croupier run --bets untracked --names ...`: the table opened with the setting, the script's bets
left out (its folds and decisions kept), the seats named."""

import pytest

from webui.cli_camera import DEMO_SCRIPT, _host_events, _names


def test_untracked_bets_open_the_table_so_and_leave_the_bets_out():
    events = [e for _, e in _host_events(DEMO_SCRIPT, "bonedoneskis", 4, 4, bets="untracked")]
    assert events[0].type == "table_opened" and events[0].settings["bets"] == "untracked"
    kinds = {e.type for e in events}
    assert "fold" in kinds and "decision" in kinds
    assert not kinds & {"bring_in", "call", "bet", "raise", "complete", "check"}
    tracked = [e for _, e in _host_events(DEMO_SCRIPT, "bonedoneskis", 4, 4)]
    assert "bet" in {e.type for e in tracked} and not tracked[0].settings
    plain = [e for _, e in _host_events(None, "stud", 2, 1, bets="untracked")]
    assert plain[0].settings == {"bets": "untracked"} and plain[1].type == "hand_started"


def test_names_in_seat_order():
    assert _names("Ann, Ben,Cleo") == {1: "Ann", 2: "Ben", 3: "Cleo"}
    assert _names(None) is None
    with pytest.raises(SystemExit, match="--names"):
        _names("Ann,,Cleo")
