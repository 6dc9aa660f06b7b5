"""Region looks: after motion the camera path looks only where the picture changed (the detector
on a window of its whole-frame input) and keeps the last look's cards elsewhere."""

from types import SimpleNamespace

import cv2
import numpy as np
import pytest

from vision.gating import CachedReads, look_regions


def card(box):
    return SimpleNamespace(box=box)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (960, 540), (1080, 1440), (1000, 700), (1281, 721)])
def test_a_region_input_is_exactly_that_window_of_the_whole_input(rec, size):
    assert rec.sees_regions  # models/detector.rect.onnx: a free input size
    W, H = size
    rng = np.random.default_rng(W)
    frame = cv2.GaussianBlur(rng.integers(0, 255, (H, W, 3), dtype=np.uint8), (0, 0), 2)
    x, s, px, py = rec.letterbox(frame)
    for _ in range(10):
        a, b = np.sort(rng.uniform(0, W, 2)), np.sort(rng.uniform(0, H, 2))
        win, s2, wpx, wpy = rec.region_input(frame, (a[0], b[0], a[1], b[1]))
        x0, y0 = px - wpx, py - wpy
        assert s2 == s and x0 % 32 == 0 and y0 % 32 == 0 and win.shape[2] % 32 == 0
        assert np.array_equal(win, x[:, :, y0:y0 + win.shape[2], x0:x0 + win.shape[3]])


def test_a_region_look_reads_the_cards_inside_it_as_a_whole_look_does(rec, known_scene):
    frame, codes = known_scene
    whole = [c for c in rec.recognise(frame) if c.identity]
    assert len(whole) >= 4
    left = sorted(whole, key=lambda c: c.box[0])[:2]
    m = 40
    region = (min(c.box[0] for c in left) - m, min(c.box[1] for c in left) - m,
              max(c.box[2] for c in left) + m, max(c.box[3] for c in left) + m)
    part = rec.recognise(frame, region=region)
    assert {c.identity for c in left} <= {c.identity for c in part}
    cell = 32 * 1280 / rec.imgsz  # the window's edges lie on the network's 32 px grid
    for c in part:  # nothing from outside the window
        assert c.box[0] >= region[0] - cell and c.box[2] <= region[2] + cell


def test_look_regions_cover_the_change_and_whole_cards_only():
    row = [card((100 + 60 * i, 100, 190 + 60 * i, 230)) for i in range(7)]  # a stud row, overlapping
    far = card((900, 500, 990, 630))
    regions = look_regions((290, 120, 310, 200), row + [far], (720, 1280))
    assert len(regions) == 1
    r = regions[0]
    inside = [i for i, c in enumerate(row) if r[0] <= c.box[0] and c.box[2] <= r[2]]
    assert inside == [2, 3, 4]  # the cards the change reaches, whole; not the whole row by creeping
    assert not (r[0] <= far.box[0] <= r[2] and r[1] <= far.box[1] <= r[3])
    two = look_regions(None, row + [far], (720, 1280), want=[row[0].box, far.box])
    assert len(two) == 2  # far apart: two small windows, not one across the table
    assert look_regions(None, row, (720, 1280)) is None  # nothing changed, nothing wanted: a whole look
    assert look_regions((0, 0, 1200, 700), row, (720, 1280)) is None  # most of the picture: a whole look


def test_reads_outside_a_region_look_stay_remembered():
    class Rec:
        runs = 0

        def classify(self, frame, boxes):
            Rec.runs += len(boxes)
            return np.full((len(boxes), 54), 0.5, np.float32), np.zeros((len(boxes), 4), np.float32)

        def recognise(self, frame, region=None):
            boxes = [(100, 100, 130, 140), (500, 300, 530, 340)]
            if region is not None:
                boxes = [b for b in boxes if b[0] >= region[0] and b[2] <= region[2]]
            return self.classify(frame, boxes)[0]

    img = np.random.default_rng(4).integers(0, 255, (720, 1280, 3), dtype=np.uint8)
    c = CachedReads(Rec())
    c.recognise(img)
    for _ in range(3):  # looks at the right-hand card only
        c.recognise(img, region=(450, 250, 600, 400))
    c.recognise(img)  # a whole look: the left card's read is still good, nothing read again
    assert Rec.runs == 2


def test_the_pipeline_looks_only_where_the_picture_changed(rec, known_scene):
    from vision.calibration import Calibration, ZoneMap
    from vision.pipeline import Pipeline
    from vision.sources import Frame

    frame, _ = known_scene
    zones = ZoneMap.from_json({"space": "image", "card_size": 200, "zones": [
        {"name": "seat:1", "polygon": [[0, 0], [1280, 0], [1280, 720], [0, 720]]}]})
    cal = Calibration(zones)  # zones drawn on the image: no markers needed
    def settle(pipe):  # the same picture until every card is placed (each needs a second reading)
        for i in range(12):
            pipe.step(Frame(i, frame, i / 10))
        assert not pipe.tracker.wants_look()
        return dict(pipe.status()["looks"])

    hand = frame.copy()
    hand[500:700, 1000:1200] = (200, 160, 140)  # something comes in at the bottom-right corner
    p = Pipeline(rec, cal)
    before = settle(p)
    first = {c.identity for c in p._last_cards if c.identity}
    assert len(first) >= 4
    p.step(Frame(12, hand, 1.2))
    after = p.status()["looks"]
    assert after == {"whole": before["whole"], "region": before["region"] + 1}
    assert first <= {c.identity for c in p._last_cards if c.identity}  # the others kept, not lost
    whole = Pipeline(rec, cal, regions=False)
    before = settle(whole)
    whole.step(Frame(12, hand, 1.2))
    assert whole.status()["looks"]["whole"] == before["whole"] + 1 and whole.status()["looks"]["region"] == 0
