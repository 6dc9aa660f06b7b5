"""Enrolment's printed-matter none examples (issue 23, vision/enrol_print.py): the shipped file loads,
a missing one is a warning and a corrupt one a clear error, the head's print gate keeps to print, and a
deck enrolled with them still reads its cards but names nothing on print."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from tests.vision import enrol_kit
from tests.vision.enrol_kit import CODES
from vision import enrol_print
from vision.enrol_head import head_probs, load_head, print_gate, save_head
from vision.enrol_print import (PATCH, PRINT_FILE, PrintNegativesWarning, load_print_patches, print_crops,
                                print_negatives)
from vision.recogniser import Recogniser

MAX_BYTES = 1_500_000
# print frames of vision/synth/buckets.py where the plain recogniser names nothing and a head fitted
# without print named 1-2 cards each (QC x4, 5S, 3S); with print and the gate, none
PRINT_FRAMES = (4, 12, 21, 28)


@pytest.fixture(scope="module")
def style():
    return enrol_kit.unseen_style()


@pytest.fixture(scope="module")
def plain(models_dir):
    return Recogniser.from_models(models_dir, threads=2, templates=False)


@pytest.fixture(scope="module")
def enrolled(plain, style):
    return enrol_kit.enrol_on(plain, style)[3:]


def test_the_shipped_file_loads_and_is_small(models_dir):
    path = models_dir / PRINT_FILE
    assert path.stat().st_size < MAX_BYTES
    patches, aspects = load_print_patches(path)
    assert patches.shape[1:] == (PATCH, PATCH, 3) and patches.dtype == np.uint8 and len(patches) >= 500
    assert len(aspects) == len(patches) and (aspects > 0).all()
    crops = print_crops(patches[:5], aspects[:5], 2, np.random.default_rng(0))
    assert crops.shape == (10, 64, 64, 3)


def test_a_missing_file_warns_and_the_fit_goes_on_without_print(tmp_path, monkeypatch, plain):
    monkeypatch.setattr(enrol_print, "default_model_dir", lambda: tmp_path)

    class Bare:  # a recogniser whose models lie elsewhere, without the file
        model_files = {"classifier": tmp_path / "classifier.onnx"}

    with pytest.warns(PrintNegativesWarning, match=PRINT_FILE):
        assert len(print_negatives(Bare(), None, 2, np.random.default_rng(0))) == 0
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert len(print_negatives(Bare(), False, 2, np.random.default_rng(0))) == 0  # asked for none: silent
    with pytest.raises(FileNotFoundError, match="nope.npz"):  # a file named but not there: an error
        print_negatives(plain, tmp_path / "nope.npz", 2, np.random.default_rng(0))


def test_a_corrupt_file_is_a_clear_error(tmp_path, models_dir):
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not an archive")
    with pytest.raises(ValueError, match="bad.npz"):
        load_print_patches(bad)
    truncated = tmp_path / "truncated.npz"
    truncated.write_bytes((models_dir / PRINT_FILE).read_bytes()[:20_000])
    with pytest.raises(ValueError, match="truncated.npz"):
        load_print_patches(truncated)
    with np.load(models_dir / PRINT_FILE) as z:
        arrays = {k: z[k] for k in z.files}
    broken = tmp_path / "broken.npz"
    np.savez(broken, **{**arrays, "jpeg": arrays["jpeg"][: len(arrays["jpeg"]) // 2]})  # JPEGs cut short
    with pytest.raises(ValueError, match="broken.npz"):
        load_print_patches(broken)
    other = tmp_path / "other.npz"
    np.savez(other, **{**arrays, "format": 99})
    with pytest.raises(ValueError, match="format 99"):
        load_print_patches(other)


def test_the_fit_uses_the_print_and_keeps_its_gate(enrolled, tmp_path):
    head, report = enrolled
    assert report["print_examples"] >= 500
    assert head["veto"].shape == (report["print_examples"] * enrol_print.PER_PRINT, head["W"].shape[0])
    assert len(head["keep"]) and head["keep"].shape[1] == head["W"].shape[0]
    got = load_head(save_head(head, tmp_path / "enrolled.npz"), emb_dim=head["W"].shape[0])
    assert np.allclose(got["veto"], head["veto"], atol=1e-2) and np.allclose(got["keep"], head["keep"], atol=1e-2)
    no_keep = {k: v for k, v in head.items() if k != "keep"}
    with open(tmp_path / "half.npz", "wb") as f:  # a gate without its cards' side is unusable
        np.savez(f, format=2, W=head["W"], alpha=0.5, scale=1.0, veto=no_keep["veto"])
    with pytest.raises(ValueError, match="print gate"):
        load_head(tmp_path / "half.npz")


def test_the_gate_leaves_print_to_the_classifier(enrolled):
    head, _ = enrolled
    rng = np.random.default_rng(0)
    probs = rng.dirichlet(np.ones(head["W"].shape[1]), 3).astype(np.float32)
    emb = np.stack([head["veto"][0], head["keep"][0], head["veto"][1]]).astype(np.float32)
    assert np.allclose(print_gate(head, emb), [0, 1, 0])
    out = head_probs(head, emb, probs)
    assert np.allclose(out[[0, 2]], probs[[0, 2]], atol=1e-5)  # on print: the classifier's own reading
    assert not np.allclose(out[1], probs[1], atol=1e-3)  # on an enrolled card: corrected
    bare = {k: v for k, v in head.items() if k not in ("keep", "veto")}  # a head from before the gate
    assert np.allclose(print_gate(bare, emb), 1)


def test_an_enrolled_deck_reads_no_card_on_print(plain, enrolled):
    from vision.synth.buckets import bucket_frame

    rec = Recogniser(plain.detector, plain.classifier, plain.imgsz, enrolled[0])
    for i in PRINT_FRAMES:
        frame, _ = bucket_frame("print_no_card", i)
        named = [c.identity for c in rec.recognise(frame) if c.face_up and c.identity]
        assert not named, (i, named)


def test_an_enrolled_deck_still_reads_its_cards(plain, enrolled, style):
    from vision.synth.backgrounds import TRAIN_FAMILIES
    from vision.synth.faces import FaceCache
    from vision.synth.scene import render_scene

    rec = Recogniser(plain.detector, plain.classifier, plain.imgsz, enrolled[0])
    cache = FaceCache(300)
    right = wrong = 0
    for j in range(16):  # other renders of the enrolled cards
        code = CODES[j % len(CODES)]
        frame, _ = render_scene(900 + j, [style], [], TRAIN_FAMILIES, cache, size=(960, 540), codes=[code])
        named = [c.identity for c in rec.recognise(frame) if c.face_up and c.identity]
        right += code in named
        wrong += sum(n != code for n in named)
    # (the plain classifier names 5 of the 16 right, none wrong; a head without print 12 right, 2 wrong;
    # with print and the gate 11 right, 1 wrong)
    assert right >= 9 and wrong <= 1, (right, wrong)
