"""Each crop read once a look (Recogniser.read_boxes), and a still joker's check kept by the camera
path's CachedReads as its reads are (issue 23: the joker's check classified 5 more crops each look)."""

import hashlib

import numpy as np
import pytest

from vision.gating import CachedReads
from vision.recogniser import LookReads

CODES = ["AS", "KH", "7D", "TC", "2S", "QD", "9H", "JK"]  # (bench/speed.py's frame)


@pytest.fixture(scope="module")
def joker_frame():
    from vision.synth.backgrounds import TRAIN_FAMILIES
    from vision.synth.faces import PROC_SPECS, FaceCache, ProceduralStyle
    from vision.synth.scene import render_scene

    frame, _ = render_scene(7, [ProceduralStyle(PROC_SPECS["proc_serif"])], [], TRAIN_FAMILIES, FaceCache(300),
                            size=(1280, 720), codes=CODES)
    return frame


def _counting(monkeypatch, rec):
    """The hashes of every crop the classifier is given, in order (the class's method: a CachedReads
    wrapper runs it too)."""
    seen = []
    real = type(rec).classify_crops

    def counted(self, crops):
        seen.extend(hashlib.sha1(c.tobytes()).hexdigest() for c in crops)
        return real(self, crops)

    monkeypatch.setattr(type(rec), "classify_crops", counted)
    return seen


class _NoMemory(LookReads):
    def start(self, frame) -> None:  # every crop read afresh, as before read_boxes
        self.current = (None, {})


def test_a_look_reads_each_crop_once_the_jokers_check_included(rec, joker_frame, monkeypatch):
    seen = _counting(monkeypatch, rec)
    cards = rec.recognise(joker_frame)
    assert "JK" in {c.identity for c in cards}
    assert len(seen) == len(set(seen))  # the joker's own crop, read by the look, not read again
    once = len(seen)
    seen.clear()
    monkeypatch.setattr(rec, "_look_reads", _NoMemory())
    assert rec.recognise(joker_frame) == cards  # the same cards, read alike
    assert len(seen) == once + 1 and len(set(seen)) == once


def test_the_camera_path_keeps_a_still_jokers_check_and_checks_it_again_when_it_changes(rec, joker_frame,
                                                                                       monkeypatch):
    seen = _counting(monkeypatch, rec)
    cached = CachedReads(rec)
    first = cached.recognise(joker_frame)
    assert "JK" in {c.identity for c in first} and seen
    seen.clear()
    assert cached.recognise(joker_frame) == first and seen == []  # reads and the joker's check kept
    joker = next(c for c in first if c.identity == "JK")
    x0, y0, x1, y1 = (int(v) for v in joker.index_boxes[0])
    other = joker_frame.copy()
    other[y0:y1, x0:x1] = np.clip(other[y0:y1, x0:x1].astype(int) - 12, 0, 255).astype(np.uint8)  # its index changed
    assert "JK" in {c.identity for c in cached.recognise(other)}
    assert len(seen) == 5  # that index read again, and checked again: its 4 moved crops
