"""Corner-only classifier crops (vision/synth/index_crops.py): the fan and stud-row layouts and seed
stability."""

import numpy as np

from vision.labels import IDENTITIES, NONE_CLASS
from vision.synth.backgrounds import TRAIN_FAMILIES
from vision.synth.faces import PROC_SPECS, FaceCache, ProceduralStyle
from vision.synth.index_crops import _fan, _row_beneath, make_crops, render_index_crop


def _styles():
    return [ProceduralStyle(PROC_SPECS[n]) for n in ("proc_serif", "proc_jumbo")]


def test_fan_crops_are_labelled_and_reproducible():
    styles, cache = _styles(), FaceCache(200)
    a = [render_index_crop(np.random.default_rng(s), styles, cache, TRAIN_FAMILIES, code="7H", fan=True)
         for s in range(3)]
    b = [render_index_crop(np.random.default_rng(s), styles, cache, TRAIN_FAMILIES, code="7H", fan=True)
         for s in range(3)]
    plain = [render_index_crop(np.random.default_rng(s), styles, cache, TRAIN_FAMILIES, code="7H")
             for s in range(3)]
    for (x, y), (x2, y2), (p, _) in zip(a, b, plain):
        assert x.shape == (64, 64, 3) and x.dtype == np.uint8
        assert y == y2 == IDENTITIES.index("7H") and np.array_equal(x, x2)
        assert not np.array_equal(x, p)  # the fan is a layout of its own


def test_fan_neighbours_lie_beside_the_index_along_the_card():
    """Every card pasted on top is moved along the card's width (its index just beside the card's
    own, inside a crop of it), never onto the index itself or off the card's row."""
    style = _styles()[0]
    cache = FaceCache(200)
    face = cache.face(style, "9S")
    fh, fw = face.shape[:2]
    x0, y0, x1, y1 = style.index_box
    idx = np.array([(x0 + x1) / 2 * fw, (y0 + y1) / 2 * fh, 1.0])
    shifts = []
    for seed in range(40):
        placed = []
        _fan(np.random.default_rng(seed), style, cache, face, np.eye(3), lambda img, m: placed.append(m))
        me = [i for i, m in enumerate(placed) if np.allclose(m, np.eye(3))]
        assert len(me) == 1 and 2 <= len(placed) <= 5
        for m in placed[me[0] + 1:]:  # on top: the card's own index moved right, along its width
            p = m @ idx
            shifts.append(((p[0] - idx[0]) / fw, (p[1] - idx[1]) / fh))
        for m in placed[:me[0]]:  # beneath: moved the other way
            assert (m @ idx)[0] < idx[0]
    dx, dy = np.array(shifts).T
    first = dx.min()
    assert first > 0.08 and np.median(dx) < 0.9, (first, np.median(dx))
    assert np.abs(dy).max() < 0.25


def test_crops_without_fans_are_drawn_as_before():
    """fan_frac 0 (the default) draws no extra random numbers: the crops of old seeds are unchanged."""
    styles = _styles()
    x, y = make_crops(6, 77, styles, TRAIN_FAMILIES, progress=False)
    rng = np.random.default_rng(77)
    cache = FaceCache(420)
    for i in range(6):
        neg = rng.random() < 0.12
        xi, yi = render_index_crop(rng, styles, cache, TRAIN_FAMILIES, negative=neg)
        assert np.array_equal(x[i], xi) and y[i] == yi
    xf, yf = make_crops(6, 77, styles, TRAIN_FAMILIES, progress=False, fan_frac=1.0)
    assert not np.array_equal(xf, x)
    assert all(v == NONE_CLASS or 0 <= v < len(IDENTITIES) for v in yf)


def test_a_row_card_lies_beneath_square_and_shifted_towards_the_index_side():
    """`--index-crop-rows`: the card before it in a stud row lies beneath (pasted first), square with
    it, shifted a third to four fifths of a card's width towards the index's side, so its pips stand
    beside the index; the card itself is pasted as drawn."""
    style = _styles()[0]
    cache = FaceCache(200)
    face = cache.face(style, "KS")
    fh, fw = face.shape[:2]
    shifts = []
    for seed in range(30):
        placed = []
        _row_beneath(np.random.default_rng(seed), style, cache, face, np.eye(3), lambda img, m: placed.append(m))
        assert len(placed) == 2 and np.allclose(placed[1], np.eye(3))  # beneath first, then the card
        m = placed[0]
        assert np.allclose(m[:2, :2], np.eye(2)) and np.allclose(m[2], [0, 0, 1])  # square with it
        shifts.append((m[0, 2] / fw, m[1, 2] / fh))
    dx, dy = np.array(shifts).T
    assert -0.8 <= dx.min() and dx.max() <= -0.3 and np.abs(dy).max() < 0.15
    styles = _styles()
    x, y = make_crops(6, 77, styles, TRAIN_FAMILIES, progress=False)
    xr, yr = make_crops(6, 77, styles, TRAIN_FAMILIES, progress=False, row_frac=1.0)
    again, _ = make_crops(6, 77, styles, TRAIN_FAMILIES, progress=False, row_frac=1.0)
    assert np.array_equal(xr, again) and not np.array_equal(xr, x)
    assert all(v == NONE_CLASS or 0 <= v < len(IDENTITIES) for v in yr)


def test_strong_augmentation_keeps_the_glyph():
    """`_lettering` (croupier train classifier --strong-aug) changes strokes, angle, focus and
    resolution a little: every draw still looks like its input (the label stays true), most draws
    differ from it, and a seed gives the same draw."""
    import cv2

    from vision.crops import CLS_INPUT
    from vision.train import _lettering

    img = np.full((CLS_INPUT, CLS_INPUT, 3), 235, np.uint8)
    cv2.putText(img, "7", (12, 36), cv2.FONT_HERSHEY_SIMPLEX, 1.2, (200, 20, 30), 3)
    rng = np.random.default_rng(0)
    outs = [_lettering(img.copy(), rng) for _ in range(60)]
    assert all(o.shape == img.shape and o.dtype == np.uint8 for o in outs)
    gray = cv2.cvtColor(img, cv2.COLOR_RGB2GRAY).astype(np.float32).ravel()
    corr = [np.corrcoef(gray, cv2.cvtColor(o, cv2.COLOR_RGB2GRAY).astype(np.float32).ravel())[0, 1] for o in outs]
    assert min(corr) > 0.5, min(corr)
    assert sum(not np.array_equal(o, img) for o in outs) > 45
    again = np.random.default_rng(0)
    assert all(np.array_equal(o, _lettering(img.copy(), again)) for o in outs)
