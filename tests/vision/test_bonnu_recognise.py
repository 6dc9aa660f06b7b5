"""The Bonnu recogniser (vision/bonnu.py): the committed model reads Bonnu cards rendered here by
the run-time synth, `croupier recognise --deck bonnu` prints Bonnu codes and never a poker
identity, and a missing, corrupt or wrong model file is a clear error. No torch."""

from __future__ import annotations

import json
import shutil

import numpy as np
import pytest
from PIL import Image

from referee.cards import BonnuCard
from vision.bonnu import BONNU_CLASSIFIER_FILE, BonnuRecogniser
from vision.bonnu_finder import CROP_H, CROP_W, face_crop, find_card_quads, order_quad
from vision.labels import BONNU_IDENTITIES, IDENTITIES
from vision.model_files import ModelError
from vision.synth.bonnu import HELD_OUT_STYLE, TRAIN_STYLES, render_scene

CODES = ["red:7", "blue:-1", "black:21", "white:6", "yellow:9", "blue:1", "white:0", "black:2"]


@pytest.fixture(scope="module")
def bonnu(models_dir):
    return BonnuRecogniser.from_models(models_dir, threads=2, templates=False)


@pytest.fixture(scope="module")
def table():
    """A pale table with eight known cards of the training styles, rendered here (seed chosen
    for a plain table, where the outline finder is meant to work)."""
    frame, truths = render_scene(12, TRAIN_STYLES, codes=CODES)
    return frame, truths


def test_outlines_are_portrait_and_crops_upright(table):
    frame, truths = table
    q = order_quad(truths[0].quad)
    assert np.linalg.norm(q[1] - q[0]) < np.linalg.norm(q[2] - q[1])  # a short side first
    assert face_crop(frame, truths[0].quad).shape == (CROP_H, CROP_W, 3)


def test_finder_finds_the_cards_on_a_plain_table(table):
    frame, truths = table
    quads = find_card_quads(frame)
    found = sum(any(np.linalg.norm(q.mean(0) - t.quad.mean(0)) < 0.2 * np.linalg.norm(t.quad[1] - t.quad[0])
                    for q in quads) for t in truths)
    assert found >= len(truths) - 1, (found, len(truths))


def test_reads_rendered_cards(bonnu, table):
    frame, truths = table
    cards = bonnu.recognise(frame)
    named = {c.identity for c in cards if c.identity}
    right = named & {t.code for t in truths}
    assert len(right) >= len(truths) - 2, (sorted(named), [t.code for t in truths])
    assert named <= {t.code for t in truths}, "a Bonnu card read that is not on the table"
    for c in cards:
        if c.identity:
            assert isinstance(c.card, BonnuCard)


def test_reads_the_held_out_style_on_true_outlines(bonnu):
    true, pred = [], []
    for seed in range(3):
        frame, truths = render_scene(500 + seed, (HELD_OUT_STYLE,))
        probs, emb = bonnu.classify_crops(np.stack([face_crop(frame, t.quad) for t in truths]))
        assert emb.shape == (len(truths), 64)
        true += [t.code for t in truths]
        pred += [(BONNU_IDENTITIES + ("none",))[i] for i in probs.argmax(1)]
    acc = np.mean([t == p for t, p in zip(true, pred)])
    assert acc >= 0.7, (acc, list(zip(true, pred)))


def test_a_poker_table_gives_no_poker_identity(bonnu, known_scene):
    frame, _ = known_scene
    for c in bonnu.recognise(frame):
        assert c.identity is None or c.identity in BONNU_IDENTITIES
        assert c.identity not in IDENTITIES


def test_cli_recognise_deck_bonnu_prints_bonnu_codes(table, tmp_path, capsys):
    from webui.cli import main

    frame, truths = table
    img = tmp_path / "bonnu.png"
    Image.fromarray(frame).save(img)
    assert main(["recognise", "--deck", "bonnu", "--json", str(img)]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    ids = [c["identity"] for c in out["cards"] if c["identity"]]
    assert ids and all(i in BONNU_IDENTITIES for i in ids)
    assert all(len(c["outline"]) == 4 for c in out["cards"])
    assert main(["recognise", "--deck", "bonnu", str(img)]) == 0
    text = capsys.readouterr().out
    assert any(code in text for code in ids)


def test_enrol_deck_bonnu_refuses_poker_codes(table, tmp_path, capsys):
    from webui.cli import main

    img = tmp_path / "one.png"
    Image.fromarray(table[0]).save(img)
    assert main(["enrol", "--deck", "bonnu", "--order", "AS", str(img), "--out", str(tmp_path / "e.npz")]) == 2
    assert "not a Bonnu card code: 'AS'" in capsys.readouterr().err


def test_missing_corrupt_or_wrong_model_is_a_clear_error(tmp_path, models_dir, table, capsys):
    from webui.cli import main

    with pytest.raises(ModelError, match="Bonnu model file missing"):
        BonnuRecogniser.from_models(tmp_path)
    img = tmp_path / "t.png"
    Image.fromarray(table[0]).save(img)
    assert main(["recognise", "--deck", "bonnu", "--models", str(tmp_path), str(img)]) == 2
    assert "Bonnu model file missing" in capsys.readouterr().err
    (tmp_path / BONNU_CLASSIFIER_FILE).write_bytes(b"\x08\x07 not an onnx graph" * 50)
    with pytest.raises(ModelError, match="unreadable or corrupt"):
        BonnuRecogniser.from_models(tmp_path)
    shutil.copy(models_dir / "classifier.onnx", tmp_path / BONNU_CLASSIFIER_FILE)  # the poker classifier
    with pytest.raises(ModelError, match="not a Bonnu classifier"):
        BonnuRecogniser.from_models(tmp_path)
