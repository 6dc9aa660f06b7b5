from pathlib import Path

import pytest

MODELS = Path(__file__).resolve().parents[2] / "models"


@pytest.fixture(scope="session")
def models_dir() -> Path:
    return MODELS


@pytest.fixture(scope="session")
def rec(models_dir):
    from vision.recogniser import Recogniser

    return Recogniser.from_models(models_dir, threads=2)


@pytest.fixture(scope="session")
def known_scene():
    """A 1280x720 table frame with six known face-up cards of a training style, rendered here."""
    from vision.synth.backgrounds import TRAIN_FAMILIES
    from vision.synth.faces import PROC_SPECS, FaceCache, ProceduralStyle
    from vision.synth.scene import render_scene

    codes = ["AS", "KH", "7D", "TC", "2S", "QD"]
    frame, truths = render_scene(3, [ProceduralStyle(PROC_SPECS["proc_serif"])], [], TRAIN_FAMILIES,
                                 FaceCache(300), size=(1280, 720), codes=codes)
    return frame, codes
