"""The Bonnu deck's recogniser: ONNX Runtime only (no torch).

Cards are found by the learnt oriented-box detector `models/bonnu_detector.onnx`
(vision/bonnu_detector.py: textured tables, fans and rows of overlapping cards) when that file is
present, else by the classical `vision.bonnu_finder.find_card_quads` (outlines on a plain table,
cards apart; the poker detector does not know these cards), and each whole face, warped upright to 48 x 72, is read by
`models/bonnu_classifier.onnx`: 60 identities (`referee.cards.BonnuCard` codes without the copy:
the two copies look alike) plus `none` (an outline that is not one card). Each face is read twice,
as found and turned half round, and the two reads averaged: the network was trained on both turns,
so a 6 turned half round is still read by its bar, not as a 9.

A deck taught with `croupier enrol --deck bonnu` (MODELS/bonnu_enrolled.npz, vision/bonnu_enrol.py)
corrects the classifier the way the poker deck's head does (vision/enrol_head.py).

Only Bonnu codes come out of here: a poker identity can never be reported while a Bonnu deck is
in play.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from .assembly import CardDetection
from .bonnu_detector import BONNU_DETECTOR_FILE, BonnuDetector, snap
from .bonnu_finder import face_crop, find_card_quads
from .labels import BONNU_IDENTITIES, BONNU_NONE
from .model_files import ModelError, _session, default_model_dir, file_sha256, load_templates

BONNU_CLASSIFIER_FILE = "bonnu_classifier.onnx"
BONNU_TEMPLATES_FILE = "bonnu_enrolled.npz"


class BonnuDetection(CardDetection):
    """A `CardDetection` whose identity is a Bonnu code (`red:7`) and which keeps the card's outline."""

    def __init__(self, box, identity, confidence, quad):
        super().__init__(box=box, face_up=True, identity=identity, confidence=confidence)
        self.quad = quad

    @property
    def card(self):
        """The identity as a `referee.cards.BonnuCard` (None when unread)."""
        if self.identity is None:
            return None
        from referee.cards import BonnuCard

        return BonnuCard.parse(self.identity)

    def to_json(self) -> dict:
        d = super().to_json()
        d.pop("index_boxes")
        d["outline"] = [[round(float(x), 1), round(float(y), 1)] for x, y in self.quad]
        return d


class BonnuRecogniser:
    """`BonnuRecogniser.from_models(dir).recognise(frame) -> list[BonnuDetection]`."""

    def __init__(self, classifier, templates: dict | None = None, detector: BonnuDetector | None = None):
        self.classifier = classifier
        self.detector = detector  # None: the classical outline finder
        # the detector's outlines replaced by the classical finder's where both find a card: the
        # classifier reads the held-out style far worse from the detector's own corners (models/README.md)
        self.snap = True
        self.input = classifier.get_inputs()[0].name
        outs = classifier.get_outputs()
        n = outs[0].shape[1]
        if n != BONNU_NONE + 1:
            raise ModelError(f"{BONNU_CLASSIFIER_FILE} reads {n} classes, the Bonnu deck needs "
                             f"{BONNU_NONE + 1} (60 cards + none): not a Bonnu classifier")
        self.templates = templates
        # below it a read names no card. Not tuned on the held-out style: on 100 fresh training-style
        # scenes every found card was read above it (bench/bonnu_recognition.py, models/README.md)
        self.min_identity_conf = 0.6

    @classmethod
    def from_models(cls, model_dir: str | Path | None = None, threads: int | None = 1,
                    templates: str | Path | bool | None = None, finder: str = "auto") -> "BonnuRecogniser":
        """finder: "auto" (the learnt detector when its file is in the folder, else the classical
        finder), "learnt" (the file must be there) or "classic"."""
        d = Path(model_dir) if model_dir else default_model_dir()
        path = d / BONNU_CLASSIFIER_FILE
        if not path.exists():
            raise ModelError(f"Bonnu model file missing: {path} (train it: python -m vision.train_bonnu)")
        sess = _session(path, threads)
        tp = Path(templates) if templates else None
        if templates is None and (d / BONNU_TEMPLATES_FILE).exists():
            tp = d / BONNU_TEMPLATES_FILE
        t = None
        if tp is not None:
            dim = sess.get_outputs()[1].shape[1]
            t = load_templates(tp, dim if isinstance(dim, int) else None, file_sha256(path), none_class=BONNU_NONE)
        det_path = d / BONNU_DETECTOR_FILE
        if finder == "learnt" and not det_path.exists():
            raise ModelError(f"Bonnu detector file missing: {det_path} "
                             "(train it: python -m vision.train_bonnu_detector)")
        detector = None
        if finder != "classic" and det_path.exists():  # a corrupt file is an error, not a silent fallback
            detector = BonnuDetector.from_file(det_path, threads)
        return cls(sess, t, detector)

    def find_quads(self, frame: np.ndarray) -> list[np.ndarray]:
        """Card outlines in an RGB frame, by the learnt detector or the classical finder."""
        if self.detector is None:
            return find_card_quads(frame)
        found = self.detector.find(frame)
        return snap(found, find_card_quads(frame)) if self.snap else found

    def classify_crops(self, crops: np.ndarray, tta: bool = True) -> tuple[np.ndarray, np.ndarray]:
        """(probabilities N x 61, embeddings N x 64) of N x 72 x 48 x 3 uint8 face crops."""
        if not len(crops):
            return np.zeros((0, BONNU_NONE + 1), np.float32), np.zeros((0, 0), np.float32)
        x = crops.transpose(0, 3, 1, 2).astype(np.float32) / 255
        if tta:  # and the same faces turned half round: one batch
            x = np.concatenate([x, x[:, :, ::-1, ::-1]])
        try:
            logits, emb = self.classifier.run(None, {self.input: np.ascontiguousarray(x)})
        except Exception as exc:  # onnxruntime's own exception types
            raise ModelError(f"{BONNU_CLASSIFIER_FILE} failed on its input: {str(exc).splitlines()[0][:200]}") from None
        logp = logits - logits.max(1, keepdims=True)
        logp = logp - np.log(np.exp(logp).sum(1, keepdims=True))
        if tta:
            n = len(crops)
            logp = (logp[:n] + logp[n:]) / 2  # a geometric mean of the two reads
            emb = emb[:n] + emb[n:]
            emb = emb / np.maximum(np.linalg.norm(emb, axis=1, keepdims=True), 1e-9)
        probs = np.exp(logp - logp.max(1, keepdims=True))
        probs /= probs.sum(1, keepdims=True)
        if self.templates is not None:
            from .enrol_head import head_probs

            probs = head_probs(self.templates, emb, probs)
        return probs.astype(np.float32), emb

    def recognise(self, frame, quads=None) -> list[BonnuDetection]:
        """Every Bonnu card found in the frame (quads: outlines to read instead of finding them).
        A card whose best read is `none` is left out (an outline that was not a card); one read
        below `min_identity_conf` is reported with identity None."""
        from .recogniser import load_frame

        frame = load_frame(frame)
        quads = self.find_quads(frame) if quads is None else [np.asarray(q, np.float32) for q in quads]
        if not quads:
            return []
        probs, _ = self.classify_crops(np.stack([face_crop(frame, q) for q in quads]))
        out = []
        for q, p in zip(quads, probs):
            lab = int(p.argmax())
            if lab == BONNU_NONE:
                continue
            sure = p[lab] >= self.min_identity_conf
            box = (float(q[:, 0].min()), float(q[:, 1].min()), float(q[:, 0].max()), float(q[:, 1].max()))
            out.append(BonnuDetection(box, BONNU_IDENTITIES[lab] if sure else None, float(p[lab]), q))
        return out


__all__ = ["BonnuRecogniser", "BonnuDetection", "BONNU_CLASSIFIER_FILE", "BONNU_TEMPLATES_FILE"]
