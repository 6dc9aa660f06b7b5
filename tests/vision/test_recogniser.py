import json
from pathlib import Path

import numpy as np
import pytest

from vision.assembly import CardDetection
from vision.model_files import ModelError
from vision.recogniser import Recogniser, load_frame


def test_reads_a_known_scene(rec, known_scene):
    frame, codes = known_scene
    cards = rec.recognise(frame)
    got = [c.identity for c in cards if c.face_up and c.identity]
    assert set(got) <= set(codes), f"invented cards: {set(got) - set(codes)}"
    assert len(set(got)) >= len(codes) - 1, got
    for c in cards:
        assert isinstance(c, CardDetection)
        x0, y0, x1, y1 = c.box
        assert 0 <= x0 < x1 <= 1280 and 0 <= y0 < y1 <= 720
        assert 0 <= c.confidence <= 1
    ace = [c for c in cards if c.identity == "AS"]
    if ace:
        assert ace[0].card.code == "AS"


def test_empty_table(rec):
    frame = np.full((360, 640, 3), (30, 110, 50), np.uint8)
    assert [c for c in rec.recognise(frame) if c.identity] == []


def test_classifier_is_batched(rec, known_scene):
    frame, _ = known_scene
    boxes = [(10, 10, 40, 50)] * 5
    probs, emb = rec.classify(frame, boxes)
    assert probs.shape == (5, 54) and np.allclose(probs.sum(1), 1, atol=1e-4)
    assert emb.shape[0] == 5


def test_missing_model_dir(tmp_path):
    with pytest.raises(ModelError, match="missing"):
        Recogniser.from_models(tmp_path / "nowhere")


def test_missing_model_file(tmp_path, models_dir):
    (tmp_path / "classifier.onnx").write_bytes((models_dir / "classifier.onnx").read_bytes())
    with pytest.raises(ModelError, match="detector.onnx"):
        Recogniser.from_models(tmp_path)


def test_corrupt_model_file(tmp_path, models_dir):
    (tmp_path / "detector.onnx").write_bytes((models_dir / "detector.onnx").read_bytes())
    (tmp_path / "classifier.onnx").write_bytes(b"this is not an onnx model")
    with pytest.raises(ModelError, match="classifier.onnx"):
        Recogniser.from_models(tmp_path)


def test_bad_images(tmp_path, rec):
    with pytest.raises(FileNotFoundError):
        load_frame(tmp_path / "no.png")
    bad = tmp_path / "bad.png"
    bad.write_bytes(b"not a png")
    with pytest.raises(ValueError, match="not a readable image"):
        rec.recognise(bad)
    with pytest.raises(ValueError, match="HxWx3"):
        rec.recognise(np.zeros((10, 10, 3), np.float32))


def test_cli_recognise(tmp_path, known_scene, capsys):
    import cv2

    from webui.cli import main

    frame, codes = known_scene
    img = tmp_path / "table.jpg"
    cv2.imwrite(str(img), frame[..., ::-1], [cv2.IMWRITE_JPEG_QUALITY, 95])
    out = tmp_path / "annotated.png"
    assert main(["recognise", str(img), "--json", "--annotate", str(out)]) == 0
    rec = json.loads(capsys.readouterr().out)
    got = {c["identity"] for c in rec["cards"] if c["identity"]}
    assert got <= set(codes) and len(got) >= len(codes) - 1
    assert out.exists()
    assert main(["recognise", str(img)]) == 0
    assert "card(s)" in capsys.readouterr().out


def test_cli_errors(tmp_path, capsys):
    from webui.cli import main

    bad = tmp_path / "bad.jpg"
    bad.write_text("nope")
    assert main(["recognise", str(bad)]) == 2
    assert "not a readable image" in capsys.readouterr().err
    (tmp_path / "m").mkdir()
    (tmp_path / "m" / "detector.onnx").write_text("garbage")
    assert main(["recognise", str(bad), "--models", str(tmp_path / "m")]) == 2
    assert "detector.onnx" in capsys.readouterr().err


def test_cli_reads_every_image_past_a_bad_one(tmp_path, known_scene, capsys):
    """One unreadable file among several loses nothing: the others are still read, the bad one is
    named (stderr, and in --json), and the exit status says something failed."""
    import cv2

    from webui.cli import main

    frame, codes = known_scene
    good = tmp_path / "table.jpg"
    cv2.imwrite(str(good), frame[..., ::-1], [cv2.IMWRITE_JPEG_QUALITY, 95])
    bad = tmp_path / "bad.jpg"
    bad.write_text("nope")
    assert main(["recognise", str(bad), str(tmp_path / "gone.jpg"), str(good), "--json"]) == 2
    cap = capsys.readouterr()
    rows = [json.loads(line) for line in cap.out.splitlines()]
    assert [r["image"] for r in rows] == [str(bad), str(tmp_path / "gone.jpg"), str(good)]
    assert "not a readable image" in rows[0]["error"] and "no such image" in rows[1]["error"]
    assert {c["identity"] for c in rows[2]["cards"] if c["identity"]} & set(codes)
    assert "bad.jpg" in cap.err and "gone.jpg" in cap.err
    # an annotated image that cannot be written is an error, not silence
    assert main(["recognise", str(good), "--annotate", str(tmp_path / "no" / "such" / "dir.png")]) == 2
    assert "could not write the annotated image" in capsys.readouterr().err
    assert main(["recognise", str(good), "--annotate", str(tmp_path / "out.notanimage")]) == 2
    assert "could not write" in capsys.readouterr().err


def test_index_twins_are_read_only_when_needed(rec, known_scene):
    """The cascade reads fewer crops than there are index boxes and finds the same cards."""
    frame, codes = known_scene
    seen = []
    orig = rec.classify
    rec.classify = lambda f, boxes: (seen.append(len(boxes)), orig(f, boxes))[1]
    try:
        rec.read_all_indexes = False
        cascade = {c.identity for c in rec.recognise(frame) if c.identity}
        n_cascade, seen[:] = sum(seen), []
        rec.read_all_indexes = True
        every = {c.identity for c in rec.recognise(frame) if c.identity}
        n_all = sum(seen)
    finally:
        rec.classify = orig
        rec.read_all_indexes = False
    n_index = sum(1 for k, _, _ in rec.detect(frame) if k == 2)
    assert n_all == n_index and n_cascade < n_index, (n_cascade, n_all, n_index)
    assert cascade == every and cascade <= set(codes)


def test_same_card_corner():
    from vision.corners import _same_card_corner

    face = (0, 0, 100, 140)
    top_left, bottom_right, top_right = (2, 2, 18, 30), (82, 110, 98, 138), (82, 2, 98, 30)
    assert _same_card_corner(face, top_left, bottom_right)  # a card's two printed indexes
    assert _same_card_corner(face, top_left, (3, 3, 18, 29))  # the same box twice
    assert not _same_card_corner(face, top_left, top_right)  # another card peeking out


def test_crop_input_is_unchanged_by_the_batched_path(known_scene):
    """to_input (batched resize, arctan-free angle) gives exactly the per-crop reference."""
    import cv2

    from vision.crops import CLS_INPUT, canonical, card_angle, crop_square, to_input

    frame, _ = known_scene
    rng = np.random.default_rng(0)
    crops = np.stack([crop_square(frame, (x, y, x + w, y + 1.4 * w)) for x, y, w in
                      zip(rng.uniform(0, 1200, 12), rng.uniform(0, 650, 12), rng.uniform(8, 60, 12))])

    def reference_angle(c):
        g = cv2.GaussianBlur(cv2.cvtColor(c, cv2.COLOR_RGB2GRAY).astype(np.float32), (3, 3), 0)
        gx, gy = cv2.Sobel(g, cv2.CV_32F, 1, 0, ksize=3), cv2.Sobel(g, cv2.CV_32F, 0, 1, ksize=3)
        mag, a4 = gx * gx + gy * gy, 4 * np.arctan2(gy, gx)
        return float(np.arctan2((mag * np.sin(a4)).sum(), (mag * np.cos(a4)).sum()) / 4)

    assert all(abs(card_angle(c) - reference_angle(c)) < 1e-5 for c in crops)
    ref = np.stack([cv2.resize(canonical(c), (CLS_INPUT, CLS_INPUT), interpolation=cv2.INTER_AREA) for c in crops])
    assert np.array_equal(to_input(crops), ref)
    assert to_input(crops[:0]).shape == (0, CLS_INPUT, CLS_INPUT, 3)


@pytest.mark.parametrize("angle", [0, 35, 45, 60])
def test_a_turned_card_is_one_card(rec, angle):
    """A big card turned off square (a phone photo, a card tossed in askew) has its indexes half-way
    along its box's sides, not in the box's corners: it must still come out as one named card with
    its whole face box (it came out as the named index box plus an unread face at 35-60 degrees)."""
    import cv2

    from vision.synth.faces import PROC_SPECS, FaceCache, ProceduralStyle

    face = FaceCache(420).face(ProceduralStyle(PROC_SPECS["proc_serif"]), "KS")
    H, W = 960, 1280
    h, w = face.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 560 / h)
    m[:, 2] += (W / 2 - w / 2, H / 2 - h / 2)
    colour = cv2.warpAffine(np.ascontiguousarray(face[..., :3]), m, (W, H))
    alpha = cv2.warpAffine(np.ascontiguousarray(face[..., 3]), m, (W, H))[..., None] / 255.0
    frame = (np.full((H, W, 3), (40, 110, 60), np.float64) * (1 - alpha) + colour * alpha).astype(np.uint8)
    cards = rec.recognise(frame)
    assert [(c.identity, c.face_up) for c in cards] == [("KS", True)], cards
    x0, y0, x1, y1 = cards[0].box
    ys, xs = np.nonzero(alpha[..., 0] > 0.5)
    assert (x1 - x0) * (y1 - y0) > 0.8 * np.ptp(xs) * np.ptp(ys)


def test_second_look_only_for_unsure_reads(rec, known_scene):
    """An unsure read is read again from four shifted crops and the five reads combined: agreement
    makes it sure, disagreement leaves it unsure; sure reads and `none` are not read again."""
    from vision.labels import IDENTITIES, NONE_CLASS

    frame, _ = known_scene
    ace, king = IDENTITIES.index("AS"), IDENTITIES.index("KH")

    def probs(lab, p):
        row = np.full(NONE_CLASS + 1, (1 - p) / NONE_CLASS, np.float32)
        row[lab] = p
        return row

    first = np.stack([probs(ace, 0.6), probs(ace, 0.95), probs(NONE_CLASS, 0.7)])
    for again, sure in (([probs(ace, 0.9)] * 4, True), ([probs(king, 0.9), probs(ace, 0.5)] * 2, False)):
        asked = []

        def fake_reads(crops, again=again, asked=asked):
            asked.append(len(crops))
            return np.stack(again), None

        rec.classify_crops = fake_reads
        try:
            out = rec._look_again(frame, [(100, 100, 120, 130)] * 3, first.copy())
        finally:
            del rec.classify_crops
        assert asked == [4]  # only the unsure read, four shifted crops
        assert np.allclose(out[1:], first[1:]) and np.isclose(out[0].sum(), 1, atol=1e-5)
        assert (out[0, ace] >= rec.min_identity_conf) == sure, out[0, ace]


def test_a_stud_rows_index_goes_to_its_own_card():
    """In a stud row each index lies in the top-left corner of its own card and the top-right one of
    the card it covers, both boxes reaching it (the camera path then shifted every name of a row one
    card along): a standing index belongs where a card prints one standing, top-left or bottom-right;
    a lying one (a card turned a quarter) top-right or bottom-left."""
    from vision.corners import _corner_matrix

    under, top = (326, 434, 411, 567), (381, 436, 470, 571)
    standing = (386, 440, 407, 470)
    m = _corner_matrix(np.array([under, top], float), np.array([standing], float))
    assert m[0, 1] > m[0, 0] > 0.3
    # the same row turned a quarter: the lying index belongs to the card whose top-right it is in
    turn = lambda b: (b[1], -b[2], b[3], -b[0])  # noqa: E731 (x, y) -> (y, -x)
    m = _corner_matrix(np.array([turn(under), turn(top)], float), np.array([turn(standing)], float))
    assert m[0, 1] > m[0, 0] > 0.3


def test_face_boxes_go_to_the_identities_that_fit_them_best_not_the_surest_reads():
    """Stud row TH, 6C: 6C's index lies in TH's top-right corner, and the detector boxed 6C's face
    a little off (its index half outside that box). Read more surely than TH's own index, 6C took
    TH's face and TH came out as a loose index. The best fit goes first: TH keeps its face."""
    from vision.corners import _corner_matrix, _match_faces

    th_face, c6_face = (793, 434, 885, 567), (872, 436, 963, 569)
    th_index, c6_index = (797, 434, 817, 472), (857, 435, 876, 470)
    m = _corner_matrix(np.array([th_face, c6_face], float), np.array([th_index, c6_index], float))
    # groups are given strongest read first: 6C (0.97) before TH (0.93)
    assert _match_faces([m[1], m[0]], 2) == [None, 0]
    # one identity, one face: it takes it even when another face fits it a little better but is taken
    assert _match_faces([np.array([0.9, 0.0]), np.array([0.8, 0.5])], 2) == [0, 1]
    assert _match_faces([np.array([0.2])], 1) == [None]  # too far from any corner: a loose index


def test_cli_reads_the_images_in_a_folder(tmp_path, known_scene, capsys):
    """A folder of photos stands for its image files (by name; other files skipped); an empty
    folder, or a photo OpenCV cannot read (HEIC), is named as such."""
    import cv2

    from webui.cli import main

    frame, codes = known_scene
    shots = tmp_path / "shots"
    shots.mkdir()
    for name in ("b.JPG", "a.png"):
        cv2.imwrite(str(shots / name), frame[..., ::-1])
    (shots / "notes.txt").write_text("not a photo")
    (tmp_path / "empty").mkdir()
    out = tmp_path / "annotated"
    assert main(["recognise", str(shots), "--json", "--annotate", str(out)]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [Path(r["image"]).name for r in rows] == ["a.png", "b.JPG"]
    assert all({c["identity"] for c in r["cards"] if c["identity"]} & set(codes) for r in rows)
    assert sorted(p.name for p in out.iterdir()) == ["a-cards.png", "b-cards.png"]
    assert main(["recognise", str(tmp_path / "empty")]) == 2
    assert "no image files" in capsys.readouterr().err
    heic = tmp_path / "IMG_0001.HEIC"
    heic.write_bytes(b"\x00\x00\x00\x18ftypheic" + bytes(64))
    assert main(["recognise", str(heic)]) == 2
    assert "JPEG, PNG" in capsys.readouterr().err


def test_cli_reads_every_index_box(tmp_path, known_scene, rec, monkeypatch, capsys):
    """`croupier recognise` (a photo, not a stream) reads the twin of a surely read index too: in
    a fan it is as often another card's index; the recogniser's own default skips it (speed)."""
    import cv2

    from vision.recogniser import Recogniser
    from webui.cli import main

    frame, _ = known_scene
    img = tmp_path / "table.png"
    cv2.imwrite(str(img), frame[..., ::-1])
    seen = []
    orig = Recogniser._read_indexes

    def spy(self, *a, **k):
        seen.append(self.read_all_indexes)
        return orig(self, *a, **k)

    monkeypatch.setattr(Recogniser, "_read_indexes", spy)
    assert main(["recognise", str(img)]) == 0
    assert seen == [True]
    capsys.readouterr()
    assert rec.read_all_indexes is False
