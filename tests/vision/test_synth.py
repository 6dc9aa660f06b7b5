import numpy as np

from vision.crops import CLS_INPUT, CROP, crop_square, to_input
from vision.labels import CLASSIFIER_CLASSES, IDENTITIES
from vision.synth.backgrounds import FAMILIES
from vision.synth.dataset import classifier_crops, detector_labels
from vision.synth.faces import PROC_SPECS, FaceCache, ProceduralStyle
from vision.synth.scene import render_scene


def _styles():
    return [ProceduralStyle(PROC_SPECS[n]) for n in ("proc_serif", "proc_jumbo")]


def test_labels():
    assert len(IDENTITIES) == 53 and IDENTITIES[-1] == "JK" and len(set(IDENTITIES)) == 53
    assert len(CLASSIFIER_CLASSES) == 54


def test_same_seed_same_scene():
    a, ta = render_scene(11, _styles(), [], ["felt", "wood"], FaceCache(200), size=(480, 270))
    b, tb = render_scene(11, _styles(), [], ["felt", "wood"], FaceCache(200), size=(480, 270))
    c, _ = render_scene(12, _styles(), [], ["felt", "wood"], FaceCache(200), size=(480, 270))
    assert a.shape == (270, 480, 3) and a.dtype == np.uint8
    assert np.array_equal(a, b)
    assert [t.to_json() for t in ta] == [t.to_json() for t in tb]
    assert not np.array_equal(a, c)


def test_truth_is_consistent():
    frame, truths = render_scene(5, _styles(), [], ["cloth"], FaceCache(200), size=(640, 360),
                                 codes=["AS", "9H", "JK"])
    assert [t.code for t in truths] == ["AS", "9H", "JK"]
    for t in truths:
        assert t.face_up and t.visible > 0.9 and len(t.index_quads) == 2
        x0, y0, x1, y1 = t.box
        for q in t.index_quads:  # indices lie inside their card
            assert (q[:, 0] >= x0 - 2).all() and (q[:, 0] <= x1 + 2).all()
            assert (q[:, 1] >= y0 - 2).all() and (q[:, 1] <= y1 + 2).all()
    rows = detector_labels(truths, 640, 360)
    assert sorted(r[0] for r in rows) == [0, 0, 0, 2, 2, 2, 2, 2, 2]
    xs, ys = classifier_crops(frame, truths, np.random.default_rng(0))
    assert all(x.shape == (CROP, CROP, 3) for x in xs)
    assert sorted(set(ys) - {53}) == sorted(IDENTITIES.index(c) for c in ("AS", "9H", "JK"))


def test_backgrounds_all_families():
    rng = np.random.default_rng(0)
    for name, fn in FAMILIES.items():
        img = fn(rng, 60, 80)
        assert img.shape == (60, 80, 3), name


def test_crops():
    frame = np.zeros((100, 200, 3), np.uint8)
    frame[40:60, 90:110] = 255
    c = crop_square(frame, (90, 40, 110, 60))
    assert c.shape == (CROP, CROP, 3) and c[CROP // 2, CROP // 2].tolist() == [255, 255, 255]
    edge = crop_square(frame, (-10, -10, 10, 10))  # leaves the frame: padded, no error
    assert edge.shape == (CROP, CROP, 3)
    assert to_input(np.stack([c, edge])).shape == (2, CLS_INPUT, CLS_INPUT, 3)


def test_drop_shadow_of_a_sliver_thinner_than_its_offset():
    # a card only 3 px inside the frame edge: the shadow offset (3% of a 400 px card) is larger
    # than the patch; this used to raise a broadcast error and stop `croupier synth`
    from vision.synth.scene import drop_shadow

    sliver = np.ones((3, 50), np.float32)
    assert drop_shadow(sliver, 400).shape == (3, 50)
    assert not drop_shadow(sliver, 400).any()
    big = np.ones((60, 40), np.float32)
    sh = drop_shadow(big, 100)
    assert sh.shape == big.shape and sh[:3].sum() == 0 and sh[10:, 10:].min() > 0


def test_plain_scenes_did_not_change_when_table_scenes_came():
    # the training data on disk was drawn before table=True existed: same seed, same cards
    got = [[t.code or "-" for t in render_scene(s, _styles(), [], ["felt", "wood"], FaceCache(200),
                                                size=(480, 270))[1]] for s in (11, 12, 13)]
    assert got == [["-"], ["AC"], ["JS", "5S", "JK"]]


def test_table_scenes_have_rows_of_hole_cards_and_markers():
    import cv2

    from vision.calibration import ARUCO_DICT

    det = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(ARUCO_DICT), cv2.aruco.DetectorParameters())
    down = total = markers = 0
    for seed in range(6):
        frame, truths = render_scene(seed, _styles(), [], ["felt", "wood"], FaceCache(200), size=(960, 540),
                                     table=True)
        total += len(truths)
        down += sum(not t.face_up for t in truths)
        _, ids, _ = det.detectMarkers(frame)
        markers += 0 if ids is None else len(ids)
    assert total >= 40 and down / total > 0.3  # plain scenes: 15 % face down
    assert markers >= 4


def test_court_art_is_the_same_in_every_process():
    """Same seed, same data, also across processes: court cards' art was seeded with Python's
    per-process salted hash(), so every run (and the end-to-end test videos) drew other kings."""
    import hashlib
    import os
    import subprocess
    import sys

    code = ("from vision.synth.faces import PROC_SPECS, ProceduralStyle; import hashlib, numpy as np;"
            "print(hashlib.sha1(np.asarray(ProceduralStyle(PROC_SPECS['proc_serif']).face('KC', 120)).tobytes())"
            ".hexdigest())")
    seen = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout.strip() for seed in ("1", "2")}
    here = hashlib.sha1(np.asarray(ProceduralStyle(PROC_SPECS["proc_serif"]).face("KC", 120)).tobytes()).hexdigest()
    assert seen == {here}


def test_more_index_lettering_for_crops_only():
    import numpy as np

    from vision.synth.faces import CROP_PROCEDURAL, TRAIN_PROCEDURAL, make_styles

    assert not set(CROP_PROCEDURAL) & set(TRAIN_PROCEDURAL)  # the scenes of a seed are drawn as before
    faces = {s.name: np.asarray(s.face("QH", 120).convert("L"), np.float32)
             for s in make_styles(None, TRAIN_PROCEDURAL + CROP_PROCEDURAL)}
    corner = {k: v[:30, :20] for k, v in faces.items()}  # the index
    for a in CROP_PROCEDURAL:
        assert corner[a].std() > 10  # something is lettered there
        for b in corner:
            if a != b:
                assert np.abs(corner[a] - corner[b]).mean() > 3, (a, b)  # and not as any other style letters it


def test_more_scene_styles_for_training_splits_only():
    """`croupier synth --scene-styles kennard`: training scenes may be drawn in more styles; the
    held-out test frames never, and without them a seed's scenes are drawn from the same list."""
    from vision.synth import dataset
    from vision.synth.faces import TRAIN_PROCEDURAL

    names = lambda: [s.name for s in dataset._W["styles"]]  # noqa: E731
    dataset._init(None, "train")
    assert names() == list(TRAIN_PROCEDURAL)
    dataset._init(None, "table", ("proc_lib_serif",))
    assert names() == list(TRAIN_PROCEDURAL) + ["proc_lib_serif"]
    dataset._init(None, "test", ("proc_lib_serif",))
    assert "proc_lib_serif" not in names()


def test_kennard_deck_is_wired_with_its_index_and_without_a_joker(tmp_path):
    import pytest

    from vision.synth.faces import ARTWORK_INDEX_BOXES, CROP_ARTWORK, TRAIN_ARTWORK, make_styles

    assert not set(CROP_ARTWORK) & set(TRAIN_ARTWORK)  # the shipped detector's scenes are unchanged
    with pytest.raises(FileNotFoundError, match="npm artwork"):
        make_styles(None, CROP_ARTWORK)
    styles = make_styles(tmp_path, CROP_ARTWORK)
    for s in styles:
        assert "JK" not in s.codes() and len(s.codes()) == 52  # its joker has no corner index
        assert s.path("TS").name == "TS.svg" and s.index_box == ARTWORK_INDEX_BOXES[s.name]
    big = {s.name: s.index_box[3] - s.index_box[1] for s in styles}
    assert big["heruka2bf"] > 1.5 * big["heruka2"]  # the big-index edition
