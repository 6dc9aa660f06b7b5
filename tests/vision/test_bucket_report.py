"""The bookkeeping of bench/recognition_buckets.py: rotation buckets from a card's quad, the
per-bucket tally (found, read right / wrong, invented cards, confusions) and the goals check."""

from __future__ import annotations

import importlib.util
from collections import namedtuple
from pathlib import Path

import numpy as np
import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench/recognition_buckets.py"
spec = importlib.util.spec_from_file_location("recognition_buckets", BENCH)
rb = importlib.util.module_from_spec(spec)
spec.loader.exec_module(rb)

Read = namedtuple("Read", "face_up identity box")


def quad(cx, cy, turn, w=50, h=70):
    """TL TR BR BL of a w x h card centred at (cx, cy), turned clockwise on screen (y down)."""
    t = np.radians(turn)
    r = np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]])
    corners = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
    return corners @ r.T + [cx, cy]


def card(code, cx, cy, turn=0.0, visible=1.0, index=1.0):
    q = quad(cx, cy, turn)
    return {"code": code, "face_up": True, "quad": q.tolist(), "box": [*q.min(0), *q.max(0)],
            "visible": visible, "index_visible": [index, index]}


@pytest.mark.parametrize("turn,bucket", [(0, "turn_0"), (22.4, "turn_0"), (22.6, "turn_45"), (90, "turn_90"),
                                         (200, "turn_180"), (300, "turn_315"), (337.6, "turn_0")])
def test_rotation_bucket_from_the_quad(turn, bucket):
    assert rb.rotation_card_bucket(card("AS", 100, 100, turn)) == bucket


def test_tally_counts_found_right_wrong_missed_and_invented():
    truth = {"cards": [card("AS", 100, 100), card("KH", 300, 100), card("2C", 500, 100),
                       card("3D", 700, 100, visible=0.3, index=0.2)]}  # a quarter visible, its index hidden
    reads = [Read(True, "AS", truth["cards"][0]["box"]),
             Read(True, "QH", truth["cards"][1]["box"]),  # named wrong (and QH is not in the frame)
             Read(True, "9S", [900, 600, 950, 670])]  # invented far from any card
    tally = {}
    rb.tally_frame(tally, "plain", reads, truth)
    t = tally["plain"]
    assert (t["frames"], t["counted"], t["found"], t["right"], t["wrong"]) == (1, 3, 2, 1, 1)
    assert (t["quarter_cards"], t["quarter_found"]) == (4, 2)
    assert (t["named"], t["false_cards"], t["invented"]) == (3, 2, 1)  # QH lies on a real card, 9S on none
    s = rb.summary(t, tally["_confusions"]["plain"], tally["_invented"]["plain"])
    assert s["recall"] == round(2 / 3, 4) and s["recall_quarter"] == 0.5 and s["identity"] == 0.5
    assert s["false_per_100"] == 200.0 and s["confusions"] == ["KH->QH x1"] and s["invented_as"] == ["9S x1"]
    assert rb.goals_met(s) == {"recall_quarter": False, "identity": False, "false_share": False}


def test_rotation_frames_tally_cards_by_their_own_turn():
    truth = {"cards": [card("AS", 100, 100, 90), card("KH", 300, 100, 60)]}  # 60 deg: bucket 45
    tally = {}
    rb.tally_frame(tally, "turn_90", [Read(True, "AS", truth["cards"][0]["box"])], truth, rb.rotation_card_bucket)
    fig = rb.figures(tally, {"rotation": ("turn_90", "turn_45")})
    assert fig["rotation"]["turn_90"]["cards_counted"] == 1 and fig["rotation"]["turn_90"]["frames"] == 1
    assert fig["rotation"]["turn_90"]["right"] == 1
    assert fig["rotation"]["all"]["cards_counted"] == 2 and fig["rotation"]["all"]["recall"] == 0.5
    assert fig["rotation"]["turn_45"]["frames"] == 0 and fig["rotation"]["turn_45"]["recall"] == 0.0
    assert fig["overall"]["all"]["identity"] == 1.0
    assert rb.goals_met(fig["overall"]["all"])["false_share"] is True
