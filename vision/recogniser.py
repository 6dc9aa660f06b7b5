"""The run-time card recogniser: ONNX Runtime only (no torch, no ultralytics).

Stage 1, `models/detector.onnx`: YOLO11n, 3 classes (face, back, index) on the frame
letterboxed to 416 px. Stage 2, `models/classifier.onnx`: a small CNN reading each corner
index from a crop cut out of the FULL-resolution frame (64 px, shrunk to 48), 53 identities
plus "none". Crops are batched (one classifier call per frame, a second when an unsure read
needs its twin index); both sessions are built once and reused.

Which files are run (the plain ones or the fast variants `croupier quantize` makes) and how they
are opened: vision/model_files.py. With the fast, free-size detector a part of the frame can be
looked at on its own: `recognise(frame, region=...)` runs the network on the window of the whole
frame's input that covers the region (the camera path looks again only where the picture
changed, vision/gating.py).

Only the most promising corner index of each face box is read first; its twin in the opposite
corner only when that one is not read confidently (`read_all_indexes = True` reads them all).
The boxes and reads are then assembled into cards: vision/assembly.py.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

import cv2
import numpy as np

from .assembly import CardDetection, assemble_cards
from .card_shape import CardShapeRule
from .corners import _corner_matrix, _same_card_corner
from .crop_contrast import DimLift, DimStretch
from .crops import crop_square, to_input
from .deck import DEFAULT_DECK, class_mask, copies, mask_logits, restrict
from .gating import region_boxes
from .head import RAW_OUTPUTS, HeadError, HeadOutput
from .labels import BACK, DETECTOR_CLASSES, FACE, INDEX, NONE_CLASS
from .model_files import (CLASSIFIER_FILE, DETECTOR_FILE, FAST_CLASSIFIER_FILE, FAST_DETECTOR_FILE, FP32_ENV,
                          TEMPLATES_FILE, ModelError, default_model_dir, detector_imgsz, file_sha256, load_stage,
                          load_templates)
from .orientation import reorient_cards


PAD_GREY = np.float32(114) / np.float32(255)  # the detector input's grey padding, 0..1 as the picture


def _scaled_into(out: np.ndarray, img: np.ndarray) -> None:
    """An H x W x 3 picture (0..255) into a 3 x H x W window of the detector input, 0..1: turned to
    planes and divided by 255 in float32 in one pass (as a copy, then a division in place, gave)."""
    np.divide(img.transpose(2, 0, 1), np.float32(255), out=out, dtype=np.float32)


def _nms(boxes: np.ndarray, scores: np.ndarray, iou: float) -> list[int]:
    """Greedy NMS, best score first; one IoU matrix for all candidates (a few hundred at most)
    instead of one numpy round per kept box."""
    order = scores.argsort()[::-1]
    b = boxes[order]
    area = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    xx0 = np.maximum(b[:, None, 0], b[None, :, 0])
    yy0 = np.maximum(b[:, None, 1], b[None, :, 1])
    xx1 = np.minimum(b[:, None, 2], b[None, :, 2])
    yy1 = np.minimum(b[:, None, 3], b[None, :, 3])
    inter = np.clip(xx1 - xx0, 0, None) * np.clip(yy1 - yy0, 0, None)
    over = inter / (area[:, None] + area[None, :] - inter + 1e-9) > iou
    keep = []
    alive = np.arange(len(b))  # (in score order: the next kept box is the first still alive)
    while len(alive):
        i, alive = alive[0], alive[1:]
        keep.append(int(order[i]))
        alive = alive[~over[i, alive]]
    return keep


class Recogniser:
    """`Recogniser.from_models(dir).recognise(frame) -> list[CardDetection]`.

    frame: an HxWx3 uint8 RGB array (or a path / PIL image). Thresholds are attributes."""

    def __init__(self, detector, classifier, imgsz: int, templates: dict | None = None):
        self.detector = detector
        self.classifier = classifier
        self.imgsz = imgsz
        self.det_input = detector.get_inputs()[0].name
        # the fast detector file ends before its box decoding (vision/head.py): ask for its two outputs by name
        names = {o.name for o in detector.get_outputs()}
        self._det_outputs = list(RAW_OUTPUTS) if names == set(RAW_OUTPUTS) else None
        self.cls_input = classifier.get_inputs()[0].name
        # chosen on fresh training-style frames (not the held-out set): see models/README.md
        self.conf = {FACE: 0.25, BACK: 0.3, INDEX: 0.1}
        self.iou = 0.5
        self.min_identity_conf = 0.8
        # a detector with a free input size is fed the frame padded only to a multiple of 32
        self.rect = not isinstance(detector.get_inputs()[0].shape[2], int)
        self.letterbox_interp = cv2.INTER_AREA  # INTER_LINEAR (as ultralytics) read fewer cards
        self.halve_first = True  # see letterbox
        self.read_all_indexes = False  # True: classify every index box, not only the best per face
        # an unsure read (best card guess in [0.2, min_identity_conf)) is read again from crops
        # shifted a little each way, and the reads combined: see `classify`
        self.second_look = True
        self.model_files: dict[str, Path] = {}  # stage -> the file it runs (set by from_models)
        self.templates = templates  # enrolled deck head (vision/enrol_head.py) or None
        self.deck = DEFAULT_DECK  # the deck in play (vision/deck.py): no identity outside it is ever read
        self.copies = 1  # cards of each identity in it (two packs: 2): each card named at most that often
        # a crop the classifier gives this share or more to cards outside the deck is read as no index
        # (unread, for the host) rather than as the best in-deck card left (1.0: never). Held-out
        # frames at a Boonaken / euchre table, the cards outside the deck left in: 0.5 named 6 -> 0 /
        # 11 -> 1 cards wrong for 2 / 2 fewer read right (bench/recognition.py --decks, models/README.md)
        self.max_outside = 0.5
        # a face box left unread is read again from its card turned upright, at each quarter turn
        # (vision/orientation.py: upside-down and slanted cards); the camera path (vision/pipeline.py)
        # sets reread_memory (one re-read per face while it lies still) and reread_still(frame, card)
        self.reorient = True
        self.reread_memory = None
        self.reread_still = None
        # printed matter (a newspaper's text read as the joker) and dim light (issue 23): a read is
        # a card only with a card's shape and its index inside (vision/card_shape.py); a dim crop is
        # stretched before it is read, the dim parts of a frame lifted before the detector looks
        # (vision/crop_contrast.py). None: off. The lift is off unless asked for (`croupier recognise
        # --dim-lift`): it brings up a dark tablecloth as much as a shadow; on the demo video's dark
        # felt it changed every frame the detector saw (a card 17 frames late, the referee's events
        # unequal, the camera path 2x slower: bench/pipeline.py)
        self.card_shape: CardShapeRule | None = CardShapeRule()
        self.dim_stretch: DimStretch | None = DimStretch()
        self.dim_lift: DimLift | None = None
        self._look_reads = LookReads()  # (shared with a CachedReads wrapper: one object, mutated)

    @property
    def deck(self) -> str:
        return self._deck

    @deck.setter
    def deck(self, name: str) -> None:
        """The deck of the game in play ("52", "53", "32", "25"); a bad name is a DeckError."""
        self._mask = class_mask(name)
        self._deck = str(name)

    def limits(self) -> dict[str, int]:
        """Copies of each identity of the deck in play (vision/uniqueness.py)."""
        return copies(self._deck, self.copies)

    @classmethod
    def from_models(cls, model_dir: str | Path = None, threads: int | None = 1, *, fast: bool | None = None,
                    templates: str | Path | bool | None = None) -> "Recogniser":
        # threads=1 by default: on the 2-core machines here one ONNX Runtime thread per session
        # was 2-3x faster than its default pool (bench/speed.py); None = ONNX Runtime's default
        d = Path(model_dir) if model_dir else default_model_dir()
        if not d.is_dir():
            raise ModelError(f"model directory missing: {d}")
        # fast: use the `croupier quantize` files when present (default unless CROUPIER_FP32 is set)
        if fast is None:
            fast = os.environ.get(FP32_ENV, "") in ("", "0")
        det, det_path = load_stage(d, DETECTOR_FILE, FAST_DETECTOR_FILE, threads, fast)
        clf, clf_path = load_stage(d, CLASSIFIER_FILE, FAST_CLASSIFIER_FILE, threads, fast)
        imgsz = detector_imgsz(det)
        # templates: an enrolled deck file; None = MODELS/enrolled.npz when present; False = none
        t = None
        tp = Path(templates) if templates else None
        if templates is None and (d / TEMPLATES_FILE).exists():
            tp = d / TEMPLATES_FILE
        if tp is not None:
            outs = clf.get_outputs()
            dim = outs[1].shape[1] if len(outs) > 1 and isinstance(outs[1].shape[1], int) else None
            t = load_templates(tp, dim, file_sha256(d / CLASSIFIER_FILE))
        rec = cls(det, clf, imgsz, t)
        rec.model_files = {"detector": det_path, "classifier": clf_path}
        return rec

    # ------------------------------------------------------------------ stage 1: detector
    def _canvas(self, H: int, W: int) -> tuple[float, int, int, int, int, int, int]:
        """(scale, shrunk width, shrunk height, input width, input height, pad x, pad y) of the
        detector input for an H x W frame (letterbox and region_input must agree exactly)."""
        s = self.imgsz / max(H, W)
        nw, nh = int(round(W * s)), int(round(H * s))
        cw, ch = (-(-nw // 32) * 32, -(-nh // 32) * 32) if self.rect else (self.imgsz, self.imgsz)
        return s, nw, nh, cw, ch, (cw - nw) // 2, (ch - nh) // 2

    def letterbox(self, frame: np.ndarray) -> tuple[np.ndarray, float, int, int]:
        """(1x3xHxW float32 detector input, scale, pad x, pad y): the frame shrunk to fit imgsz and
        padded with grey 114, to a square for a fixed-size detector, else (like ultralytics
        predict) only up to the next multiple of 32 (416x256 for 16:9)."""
        H, W = frame.shape[:2]
        s, nw, nh, cw, ch, px, py = self._canvas(H, W)
        src = frame
        if s < 0.5 and self.halve_first and self.letterbox_interp == cv2.INTER_AREA:
            # halve first: OpenCV's area resize has a fast path for whole factors and a slow
            # general one; halving, then area-resizing the quarter-size image, takes half the time
            # (2 vs 4.5 ms at 1280x720) and stays within ~1.3 grey levels of the one-step result
            # (250 fresh frames: 357 vs 359 of 792 cards read right; INTER_LINEAR, as ultralytics
            # uses, read 135 vs 146 of 322 on 100 of them)
            src = cv2.resize(frame, (W // 2, H // 2), interpolation=cv2.INTER_AREA)
        if s < 1 and self.letterbox_interp == cv2.INTER_AREA:
            # in float: OpenCV's general (non-integer factor) area resize is 1.6x faster on float32
            # than on uint8 (1.0 vs 1.6 ms at 640x360 -> 416x234), and skips one rounding
            src = src.astype(np.float32)
        img = cv2.resize(src, (nw, nh), interpolation=self.letterbox_interp if s < 1 else cv2.INTER_LINEAR)
        x = np.full((1, 3, ch, cw), PAD_GREY, np.float32)
        _scaled_into(x[0, :, py:py + nh, px:px + nw], img)
        return x, s, px, py

    def region_input(self, frame: np.ndarray, r) -> tuple[np.ndarray, float, int, int] | None:
        """The window of `letterbox(frame)` that covers frame box r, its edges on the network's
        32 px grid — the same pixels on the same anchor grid as a whole look (a region letterboxed
        on its own was resampled at another phase: index boxes moved by 2-4 px, enough to lose
        their cached reads and the tracker's match). Only the frame block under the window is
        resized: an area resize from n to m pixels repeats every n/gcd(n, m) source pixels, so a
        block starting on such a period gives the whole resize's pixels. Returns (input, scale,
        pad x, pad y) for `decode`, or None when the box lies outside the picture."""
        H, W = frame.shape[:2]
        s, nw, nh, cw, ch, px, py = self._canvas(H, W)
        xi0, yi0 = max(0, int(r[0] * s + px) // 32 * 32), max(0, int(r[1] * s + py) // 32 * 32)
        xi1 = min(cw, -(-int(np.ceil(r[2] * s + px)) // 32) * 32)
        yi1 = min(ch, -(-int(np.ceil(r[3] * s + py)) // 32) * 32)
        if xi1 <= xi0 or yi1 <= yi0:
            return None
        if s >= 1 or self.letterbox_interp != cv2.INTER_AREA or (self.halve_first and s < 0.5 and (W % 2 or H % 2)):
            x, s, px, py = self.letterbox(frame)  # (no period to cut on: the whole input, then the window)
            return np.ascontiguousarray(x[:, :, yi0:yi1, xi0:xi1]), s, px - xi0, py - yi0
        k = 2 if self.halve_first and s < 0.5 else 1
        spans = []
        for i0, i1, pad, n, src_n in ((xi0, xi1, px, nw, W // k), (yi0, yi1, py, nh, H // k)):
            c0, c1 = max(0, i0 - pad), min(n, i1 - pad)  # resized-image pixels the window shows
            g = math.gcd(src_n, n)
            uo, us = n // g, src_n // g  # one period: us source pixels -> uo resized pixels
            o0, o1 = c0 // uo * uo, min(n, -(-c1 // uo) * uo)
            spans.append((c0, c1, o0, o1, o0 // uo * us, o1 // uo * us))
        x = np.full((1, 3, yi1 - yi0, xi1 - xi0), PAD_GREY, np.float32)
        (cx0, cx1, ox0, ox1, sx0, sx1), (cy0, cy1, oy0, oy1, sy0, sy1) = spans
        if cx1 > cx0 and cy1 > cy0:
            block = frame[k * sy0:k * sy1, k * sx0:k * sx1]
            if k == 2:
                block = cv2.resize(block, (sx1 - sx0, sy1 - sy0), interpolation=cv2.INTER_AREA)
            img = cv2.resize(block.astype(np.float32), (ox1 - ox0, oy1 - oy0), interpolation=cv2.INTER_AREA)
            _scaled_into(x[0, :, cy0 + py - yi0:cy1 + py - yi0, cx0 + px - xi0:cx1 + px - xi0],
                         img[cy0 - oy0:cy1 - oy0, cx0 - ox0:cx1 - ox0])
        return x, s, px - xi0, py - yi0

    @property
    def sees_regions(self) -> bool:
        """Can `detect` look at part of a frame only (a free-size detector)?"""
        return self.rect

    def detect(self, frame: np.ndarray, region=None) -> list[tuple[int, float, np.ndarray]]:
        """[(class, confidence, box x0 y0 x1 y1 in frame px)] after per-class NMS.
        region (x0, y0, x1, y1), or a list of such boxes: look only there (the same network on a
        smaller input: the camera path looks again only where the picture changed); needs a
        free-size detector, else the whole frame is looked at."""
        if self.dim_lift is not None:
            frame = self.dim_lift(frame)
        if region is not None and self.rect:
            found = []
            for r in region_boxes(region):
                win = self.region_input(frame, r)
                if win is not None:
                    x, s, px, py = win
                    found += self.decode(self.infer(x), s, px, py, frame.shape)
            return found
        x, s, px, py = self.letterbox(frame)
        return self.decode(self.infer(x), s, px, py, frame.shape)

    def infer(self, x: np.ndarray) -> HeadOutput:
        """The detector on one input (from `letterbox` or `region_input`): scores and boxes per anchor."""
        try:
            return HeadOutput(self.detector.run(self._det_outputs, {self.det_input: x}), x.shape[2:])
        except HeadError as exc:
            raise ModelError(f"{self.model_files.get('detector', 'detector')}: {exc}") from None

    def decode(self, out: HeadOutput, s: float, px: int, py: int, frame_shape) -> list:
        """One look's `infer` output -> `detect`'s list, in frame pixels."""
        H, W = frame_shape[:2]
        scores = out.scores
        cls = scores.argmax(0)
        conf = scores.max(0)
        thr = np.array([self.conf.get(c, 0.4) for c in range(len(scores))], np.float32)
        keep = conf >= thr[cls]  # decode only the anchors that pass their class's threshold
        b, cls, conf = out.boxes(keep), cls[keep], conf[keep]
        xyxy = np.stack([b[0] - b[2] / 2, b[1] - b[3] / 2, b[0] + b[2] / 2, b[1] + b[3] / 2], 1)
        xyxy = np.clip((xyxy - [px, py, px, py]) / s, 0, [W, H, W, H])
        res = []
        for c in np.unique(cls):
            m = cls == c
            bc, cc = xyxy[m], conf[m]
            for i in _nms(bc, cc, self.iou):
                res.append((int(c), float(cc[i]), bc[i]))
        return res

    # --------------------------------------------------------------- stage 2: classifier
    def classify(self, frame: np.ndarray, boxes) -> tuple[np.ndarray, np.ndarray]:
        """Probabilities (N x 54) and embeddings (N x D) for index boxes, in one batch."""
        if not len(boxes):
            return np.zeros((0, NONE_CLASS + 1), np.float32), np.zeros((0, 0), np.float32)
        probs, emb = self.read_boxes(frame, boxes)
        if self.second_look:
            probs = self._look_again(frame, boxes, probs)
        return probs, emb

    def read_boxes(self, frame: np.ndarray, boxes) -> tuple[np.ndarray, np.ndarray]:
        """`classify_crops` of the crops of `frame` at `boxes`; within a look (`recognise`) each
        crop is read once: the second look's shifted crops and the joker's check (vision/card_shape.py)
        ask again for crops the look has read (the classifier reads a crop alike in any batch)."""
        look, rows = self._look_reads.current
        if look is not frame:
            return self.classify_crops(np.stack([crop_square(frame, b) for b in boxes]))
        keys = [tuple(float(v) for v in b) for b in boxes]
        todo = list(dict.fromkeys(k for k in keys if k not in rows))
        if todo:
            probs, emb = self.classify_crops(np.stack([crop_square(frame, k) for k in todo]))
            rows.update((k, (p, e)) for k, p, e in zip(todo, probs, emb))
        return np.stack([rows[k][0] for k in keys]), np.stack([rows[k][1] for k in keys])

    SHIFT = 0.12  # second look: crops moved this fraction of the index box's side, each of 4 ways

    def _look_again(self, frame, boxes, probs: np.ndarray) -> np.ndarray:
        """Unsure reads combined with 4 reads of crops shifted up, down, left and right by a geometric
        mean (a product of the five opinions): a glyph the classifier reads the same way from every
        position becomes sure, one it reads differently stays unsure (held-out frames: 16 more of
        1,056 cards named, identity accuracy and false cards unchanged; an arithmetic mean gained 10)."""
        lab = probs.argmax(1)
        top = probs[np.arange(len(probs)), lab]
        unsure = np.flatnonzero((lab != NONE_CLASS) & (top >= 0.2) & (top < self.min_identity_conf))
        if not len(unsure):
            return probs
        moved = []
        for i in unsure:
            x0, y0, x1, y1 = (float(v) for v in boxes[i])
            d = self.SHIFT * max(x1 - x0, y1 - y0)
            moved += [(x0 + dx, y0 + dy, x1 + dx, y1 + dy) for dx, dy in ((d, 0), (-d, 0), (0, d), (0, -d))]
        more = self.read_boxes(frame, moved)[0].reshape(len(unsure), 4, -1)
        out = probs.copy()
        logp = np.log(np.concatenate([probs[unsure, None], more], 1) + 1e-6).mean(1)
        p = np.exp(logp - logp.max(1, keepdims=True))
        out[unsure] = restrict(p / p.sum(1, keepdims=True), self._mask)  # (the shifted reads' floor)
        return out

    def classify_crops(self, crops: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        if self.dim_stretch is not None:
            crops = self.dim_stretch(crops)
        x = to_input(crops).transpose(0, 3, 1, 2).astype(np.float32) / 255
        logits, emb = self.classifier.run(None, {self.cls_input: x})
        masked = mask_logits(logits, self._mask)  # the deck in play: a softmax within it
        e = np.exp(masked - masked.max(1, keepdims=True))
        probs = e / e.sum(1, keepdims=True)
        if self.max_outside < 1.0 and masked is not logits:
            e = np.exp(logits - logits.max(1, keepdims=True))
            out = (e[:, ~self._mask].sum(1) / e.sum(1)) >= self.max_outside
            probs[out] = np.eye(len(self._mask), dtype=probs.dtype)[NONE_CLASS]
        if self.templates is not None:  # (its correction could lift a card outside the deck again)
            probs = restrict(self._template_probs(emb, probs), self._mask)
        return probs, emb

    def _template_probs(self, emb, probs):
        """Enrolled deck (`croupier enrol`): the fitted correction head on the embedding."""
        from .enrol_head import head_probs

        return head_probs(self.templates, emb, probs)

    # ---------------------------------------------------------------------- assembly
    def _read_indexes(self, frame, faces, idx, corner: np.ndarray | None = None) -> np.ndarray:
        """Identity probabilities per index box (rows of zeros: not read). Each index belongs to
        the face box it sits best in the corner of; a face's most confident index is read, its twin
        (`_same_card_corner`) only when that read is not confident; all other indexes are read.
        corner: `_corner_matrix` of these index and face boxes, when already computed."""
        n = len(idx)
        if self.read_all_indexes or not faces or n < 2:
            return self.classify(frame, [b for _, b in idx])[0]
        probs = np.zeros((n, NONE_CLASS + 1), np.float32)
        members: dict[int, list[int]] = {}  # face -> its indexes, most confident first
        first = []
        if corner is None:
            corner = _corner_matrix(np.array([fb for _, fb in faces], np.float64),
                                    np.array([b for _, b in idx], np.float64))
        for i, (dc, b) in enumerate(idx):
            sc = corner[i]
            f = int(np.argmax(sc))
            if sc[f] > 0.3:
                members.setdefault(f, []).append(i)
            else:
                first.append(i)
        deferred: dict[int, list[int]] = {}
        for f, ms in members.items():
            ms.sort(key=lambda i: -idx[i][0])
            first.append(ms[0])
            fb = faces[f][1]
            for i in ms[1:]:  # the primary's twin (opposite corner, or a duplicate box) waits;
                # any other index in this face may be another card's, peeking out: read it now
                if _same_card_corner(fb, idx[ms[0]][1], idx[i][1]):
                    deferred.setdefault(f, []).append(i)
                else:
                    first.append(i)

        def read(rows):
            if rows:
                probs[rows] = self.classify(frame, [idx[i][1] for i in rows])[0]

        read(first)
        later = []
        for f, rest in deferred.items():
            p = probs[members[f][0]]
            lab = int(p.argmax())
            if lab == NONE_CLASS or p[lab] < self.min_identity_conf:
                later += rest
        read(later)
        return probs

    def joker_holds(self, frame: np.ndarray, card: CardDetection) -> bool:
        """The card-shape rule's check of a joker read (`CardShapeRule.steady_joker`), its crops
        read by `read_boxes` (the crop where the look read the joker is not read again)."""
        return self.card_shape.steady_joker(frame, card, lambda boxes: self.read_boxes(frame, boxes)[0])

    def recognise(self, frame, region=None) -> list[CardDetection]:
        """Every card in the frame; region: only those the detector finds there (see `detect`),
        their indexes still cut from the full frame."""
        frame = load_frame(frame)
        self._look_reads.start(frame)
        try:
            return self._recognise(frame, region)
        finally:
            self._look_reads.start(None)

    def _recognise(self, frame: np.ndarray, region) -> list[CardDetection]:
        dets = self.detect(frame, region)
        faces = [(c, b) for k, c, b in dets if k == FACE]
        backs = [(c, b) for k, c, b in dets if k == BACK]
        idx = [(c, b) for k, c, b in dets if k == INDEX]
        face_boxes = np.array([fb for _, fb in faces], np.float64).reshape(-1, 4)
        corner = _corner_matrix(face_boxes, np.array([b for _, b in idx], np.float64).reshape(-1, 4))
        # (restricted again: reads cached by the camera path may have been taken under another deck)
        probs = restrict(self._read_indexes(frame, faces, idx, corner), self._mask)
        cards = assemble_cards(faces, backs, idx, probs, corner, self.min_identity_conf, self.limits())
        if self.reorient:  # first: an unread face's index may be found only with the card turned upright
            before = cards
            cards = reorient_cards(self, frame, cards, self.reread_memory, self.reread_still)
            reread = {id(c): b for c, b in zip(cards, before) if c is not b}  # (reorient_cards keeps the order)
        else:
            reread = {}
        if self.card_shape is not None:
            cards = self.card_shape.apply(cards, [fb for _, fb in faces], [b for _, b in idx], frame,
                                          self.joker_holds, reread)
        return cards


class LookReads:
    """`Recogniser.read_boxes`'s memory of one look: (the look's frame, {box: (probabilities,
    embedding)}), replaced whole at each look's start and end (a look on another thread, or a
    picture that is not the look's frame, such as a re-read's canvas, finds no frame of its own
    here and reads its crops afresh). A crop's reading is taken to be the same in any batch it is
    read in: true of ONNX Runtime's CPU kernels per row, which the tests' equal cards rest on."""

    def __init__(self):
        self.current: tuple = (None, {})

    def start(self, frame) -> None:
        self.current = (frame, {})


def load_frame(frame) -> np.ndarray:
    """A path, a PIL image or an HxWx3 uint8 RGB array -> RGB array. Clear errors for bad input."""
    if isinstance(frame, (str, Path)):
        p = Path(frame)
        if not p.exists():
            raise FileNotFoundError(f"no such image: {p}")
        if p.is_dir():
            raise ValueError(f"not a readable image: {p} is a folder")
        data = np.fromfile(str(p), np.uint8)
        img = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
        if img is None:  # (a phone's HEIC photo among them: OpenCV reads none)
            raise ValueError(f"not a readable image: {p} (JPEG, PNG, BMP, WebP or TIFF)")
        return img[..., ::-1].copy()
    if hasattr(frame, "convert"):  # PIL
        return np.asarray(frame.convert("RGB"))
    arr = np.asarray(frame)
    if arr.ndim == 2:
        arr = np.repeat(arr[..., None], 3, 2)
    if arr.ndim != 3 or arr.shape[2] not in (3, 4) or arr.dtype != np.uint8 or min(arr.shape[:2]) < 16:
        raise ValueError(f"expected an HxWx3 uint8 RGB image, got shape {arr.shape} dtype {arr.dtype}")
    return np.ascontiguousarray(arr[..., :3])


def annotate(frame: np.ndarray, cards: list[CardDetection]) -> np.ndarray:
    img = frame[..., ::-1].copy()
    for c in cards:
        x0, y0, x1, y1 = (int(v) for v in c.box)
        col = (0, 200, 0) if c.face_up and c.identity else ((0, 200, 255) if c.face_up else (255, 120, 0))
        cv2.rectangle(img, (x0, y0), (x1, y1), col, 2)
        for b in c.index_boxes:
            cv2.rectangle(img, (int(b[0]), int(b[1])), (int(b[2]), int(b[3])), (0, 0, 255), 1)
        label = (c.identity or "?") if c.face_up else "back"
        cv2.putText(img, f"{label} {c.confidence:.2f}", (x0, max(12, y0 - 4)), cv2.FONT_HERSHEY_SIMPLEX, 0.6,
                    col, 2, cv2.LINE_AA)
    return img[..., ::-1].copy()


__all__ = ["Recogniser", "CardDetection", "ModelError", "load_frame", "annotate", "DETECTOR_CLASSES"]
