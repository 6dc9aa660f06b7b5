"""The fast detector file ends before its box decoding; vision/head.py decodes the anchors that
pass. Same boxes and scores as the graph's own decode, and clear errors when they cannot be."""

import numpy as np
import pytest

from vision.head import BINS, HeadError, HeadOutput, anchor_grid, decode_dist
from vision.model_files import FAST_DETECTOR_FILE, ModelError
from vision.recogniser import Recogniser


def test_anchor_grid_order_and_size():
    pts, strides = anchor_grid(256, 416)
    assert pts.shape == (2, 32 * 52 + 16 * 26 + 8 * 13) == (2, 2184)
    assert pts[:, 0].tolist() == [0.5, 0.5] and pts[:, 1].tolist() == [1.5, 0.5]  # along a row first
    assert pts[:, 52].tolist() == [0.5, 1.5]  # then the next row
    assert strides[0] == 8 and strides[32 * 52] == 16 and strides[-1] == 32
    assert pts[:, -1].tolist() == [12.5, 7.5]  # last cell of the coarsest level


def test_decode_of_a_sure_distribution_is_the_box_it_names():
    dist = np.full((4 * BINS, 1), -50.0, np.float32)
    for side, bin_ in enumerate((2, 3, 4, 5)):  # left 2, top 3, right 4, bottom 5 cells
        dist[side * BINS + bin_] = 50.0
    box = decode_dist(dist, np.array([[10.5], [20.5]], np.float32), np.array([8.0], np.float32))
    # x from 8.5 to 14.5 cells, y from 17.5 to 25.5 cells, times stride 8
    assert np.allclose(box[:, 0], [11.5 * 8, 21.5 * 8, 6 * 8, 8 * 8], atol=1e-3)


def test_the_shipped_fast_detector_is_cut_and_decodes_like_the_graph(tmp_path, models_dir):
    pytest.importorskip("onnx")
    from vision.quantize import check_cut, cut_box_decode

    rec = Recogniser.from_models(models_dir)
    assert rec.model_files["detector"].name == FAST_DETECTOR_FILE and rec._det_outputs == ["box_dist", "scores"]
    # the plain square detector.onnx, cut the same way here, decodes to its own output
    cut = tmp_path / "cut.onnx"
    cut_box_decode(models_dir / "detector.onnx", cut)
    assert check_cut(models_dir / "detector.onnx", cut, shapes=((416, 416),)) < 1e-2


def test_cutting_something_that_is_not_a_yolo_head_is_refused(tmp_path, models_dir):
    pytest.importorskip("onnx")
    from vision.quantize import QuantizeError, cut_box_decode

    with pytest.raises(QuantizeError, match="not an ultralytics YOLO detection head"):
        cut_box_decode(models_dir / "classifier.onnx", tmp_path / "x.onnx")
    assert not (tmp_path / "x.onnx").exists()


def test_an_output_that_does_not_fit_the_input_is_a_clear_error(models_dir):
    with pytest.raises(HeadError, match="does not fit a 256x416 input"):
        HeadOutput([np.zeros((1, 64, 100), np.float32), np.zeros((1, 3, 100), np.float32)], (256, 416))

    class Wrong:  # a detector session answering with the wrong number of anchors
        def __init__(self, real):
            self.real = real

        def __getattr__(self, name):
            return getattr(self.real, name)

        def run(self, names, feed):
            d, s = self.real.run(names, feed)
            return d[:, :, :-1], s[:, :, :-1]

    rec = Recogniser.from_models(models_dir)
    rec.detector = Wrong(rec.detector)
    with pytest.raises(ModelError, match="detector.rect.onnx.*does not fit"):
        rec.recognise(np.zeros((720, 1280, 3), np.uint8))
