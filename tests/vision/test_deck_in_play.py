"""The deck in play: the recogniser never names a card outside the deck of the game (issue 23)."""

import json

import numpy as np
import pytest

from referee.cards import DECKS
from referee.state import State
from vision.deck import DeckError, class_mask, deck_codes, restrict
from vision.labels import IDENTITIES, NONE_CLASS
from vision.recogniser import Recogniser

BOONAKEN = deck_codes("32")


class FakeClassifier:
    """An ONNX Runtime session stand-in: the same logits (and a fixed embedding) for every crop."""

    def __init__(self, logits: dict[str, float], base: float = 0.0):
        row = np.full(NONE_CLASS + 1, base, np.float32)
        for code, v in logits.items():
            row[NONE_CLASS if code == "none" else IDENTITIES.index(code)] = v
        self.row = row

    def get_inputs(self):
        return [type("I", (), {"name": "x", "shape": ["n", 3, 48, 48]})()]

    def get_outputs(self):
        return [type("O", (), {"name": n, "shape": s})() for n, s in (("logits", ["n", 54]), ("embedding", ["n", 8]))]

    def run(self, _names, feed):
        n = len(feed["x"])
        return np.tile(self.row, (n, 1)), np.tile(np.eye(8, dtype=np.float32)[0], (n, 1))


def stub_recogniser(clf) -> Recogniser:
    det = type("D", (), {"get_inputs": lambda s: [type("I", (), {"name": "images", "shape": [1, 3, 416, 416]})()],
                         "get_outputs": lambda s: [type("O", (), {"name": "output0"})()]})()
    return Recogniser(det, clf, 416)


@pytest.fixture(scope="module")
def own_rec(models_dir):
    return Recogniser.from_models(models_dir, threads=2, templates=False)


def test_the_decks_of_the_games():
    assert {k: len(deck_codes(k)) for k in DECKS} == {"52": 52, "53": 53, "32": 32, "25": 25}
    assert "JK" not in deck_codes("52") and "JK" in deck_codes("25") and "7H" in BOONAKEN and "6H" not in BOONAKEN
    assert class_mask("32")[NONE_CLASS]  # "no index here" is always allowed


def test_a_bad_deck_name_is_a_clear_error(own_rec):
    with pytest.raises(DeckError, match="unknown deck 'boonaken'.*25, 32, 52, 53"):
        own_rec.deck = "boonaken"
    assert own_rec.deck == "53"  # unchanged


def test_the_best_in_deck_read_wins_with_its_confidence_within_the_deck():
    rec = stub_recogniser(FakeClassifier({"6S": 9.0, "8S": 7.0, "none": 1.0}))
    crops = np.zeros((2, 64, 64, 3), np.uint8)
    p53, _ = rec.classify_crops(crops)
    assert IDENTITIES[int(p53[0].argmax())] == "6S"
    rec.deck = "32"
    p32, _ = rec.classify_crops(crops)
    assert p32[0].argmax() == NONE_CLASS  # 86 % of it outside the deck: no index read (`max_outside`)
    rec.max_outside = 1.0
    p32, _ = rec.classify_crops(crops)
    assert IDENTITIES[int(p32[0].argmax())] == "8S"
    # its confidence: a softmax over the 32 cards and "none" (30 more cards at logit 0)
    assert p32[0].max() == pytest.approx(np.exp(7) / (np.exp(7) + np.exp(1) + 31), rel=1e-4)
    outside = ~class_mask("32")
    assert (p32[:, outside] == 0).all() and np.allclose(p32.sum(1), 1)


def test_a_read_split_between_the_deck_and_outside_it_is_the_in_deck_card():
    rec = stub_recogniser(FakeClassifier({"6S": 6.1, "8S": 6.0, "7S": 5.0}, base=-9.0))
    rec.deck = "32"  # 6S 0.45 (outside), 8S 0.41, 7S 0.15: the deck's 8S, surely within it
    p, _ = rec.classify_crops(np.zeros((1, 64, 64, 3), np.uint8))
    assert IDENTITIES[int(p[0].argmax())] == "8S" and p[0].max() > 0.7


def test_an_enrolled_deck_cannot_lift_a_card_outside_the_deck():
    rec = stub_recogniser(FakeClassifier({"8S": 3.0}))
    W = np.zeros((8, NONE_CLASS + 1), np.float32)
    W[0, IDENTITIES.index("2S")] = 40.0  # the fitted head all for a card Boonaken has not
    rec.templates = {"W": W, "alpha": 0.5, "scale": 1.0}
    p, _ = rec.classify_crops(np.zeros((1, 64, 64, 3), np.uint8))
    assert IDENTITIES[int(p[0].argmax())] == "2S"
    rec.deck = "32"
    p, _ = rec.classify_crops(np.zeros((1, 64, 64, 3), np.uint8))
    assert p[0, IDENTITIES.index("2S")] == 0 and IDENTITIES[int(p[0].argmax())] == "8S"


def test_restrict_keeps_unread_rows_empty():
    probs = np.zeros((2, NONE_CLASS + 1), np.float32)
    probs[1, IDENTITIES.index("2S")], probs[1, IDENTITIES.index("AS")] = 0.5, 0.5
    out = restrict(probs, class_mask("32"))
    assert (out[0] == 0).all() and out[1, IDENTITIES.index("AS")] == pytest.approx(1.0)


@pytest.fixture(scope="module")
def twos_and_aces():
    """A table frame with cards Boonaken has not (the twos) beside cards it has."""
    from vision.synth.backgrounds import TRAIN_FAMILIES
    from vision.synth.faces import PROC_SPECS, FaceCache, ProceduralStyle
    from vision.synth.scene import render_scene

    codes = ["2S", "AS", "2H", "KH", "7D", "3C"]
    frame, _ = render_scene(3, [ProceduralStyle(PROC_SPECS["proc_serif"])], [], TRAIN_FAMILIES, FaceCache(300),
                            size=(1280, 720), codes=codes)
    return frame, codes


def test_a_two_at_a_boonaken_table_is_never_read_as_a_two(own_rec, twos_and_aces):
    frame, codes = twos_and_aces
    full = {c.identity for c in own_rec.recognise(frame) if c.identity}
    assert {"2S", "2H"} & full, full  # the classifier does see the twos...
    own_rec.deck = "32"
    try:
        cards = own_rec.recognise(frame)
    finally:
        own_rec.deck = "53"
    named = [c.identity for c in cards if c.identity]
    assert set(named) <= BOONAKEN, named  # ... never named at a Boonaken table
    assert set(named) <= set(codes), f"a two named as another card: {named}"  # unsure: left unread, for the host
    assert {"AS", "KH", "7D"} & set(named)


def test_croupier_recognise_deck_flag(tmp_path, twos_and_aces, capsys):
    import cv2

    from webui.cli import main

    frame, _ = twos_and_aces
    img = tmp_path / "table.png"
    cv2.imwrite(str(img), frame[..., ::-1])
    assert main(["recognise", "--deck", "32", "--json", str(img)]) == 0
    got = {c["identity"] for c in json.loads(capsys.readouterr().out)["cards"] if c["identity"]}
    assert got and got <= BOONAKEN
    assert main(["recognise", "--deck", "54", str(img)]) == 2
    err = capsys.readouterr().err
    assert "unknown deck '54'" in err and "52, 53" in err


def test_the_camera_path_reads_with_the_deck_of_the_game_in_play(models_dir):
    from referee.registry import get_game
    from vision.pipeline import Pipeline, Referee

    assert (get_game("boonaken").deck, get_game("boneyard-euchre").deck, get_game("bonedoneskis").deck) == \
        ("32", "25", "52")
    rec = Recogniser.from_models(models_dir, templates=False)
    p = Pipeline(rec, referee=Referee(State(game="boonaken")))
    p._follow_deck()
    assert rec.deck == "32"
    p.referee._state = State(game="boneyard-euchre")  # (another game opened on the same camera)
    p._follow_deck()
    assert rec.deck == "25"
    p.referee._state = State()  # no game yet: the recogniser keeps what it has
    p._follow_deck()
    assert rec.deck == "25"
