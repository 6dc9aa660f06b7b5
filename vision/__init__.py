"""croupier's eyes: cameras, models, calibration and tracking. Emits observation events; never decides rules.

The card recogniser: `Recogniser.from_models(dir).recognise(frame) -> list[CardDetection]`
(ONNX Runtime only at run time; see models/README.md for how the models were made)."""

from __future__ import annotations

__all__ = ["Recogniser", "CardDetection", "ModelError"]


def __getattr__(name):  # lazy: importing `vision` does not load onnxruntime
    if name in __all__:
        from . import recogniser

        return getattr(recogniser, name)
    raise AttributeError(name)
