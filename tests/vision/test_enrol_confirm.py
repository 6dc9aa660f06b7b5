"""`croupier enrol --camera DIR --laid-out` without --order: a recorded folder of laid-out frames,
the recogniser's pre-filled reads, the host's fixes typed on the console (one of them for a wrong
pre-fill), then the fit and the before/after on those frames. Bad fixes and duplicates are clear
errors that lose nothing typed."""

from __future__ import annotations

import functools
import io
import json
import sys

import pytest

from tests.vision.laid_out_kit import ROWS, laid_out_shots
from vision.enrol_confirm import ConfirmError, FoundCard, confirm_in_text, confirmed, find_cards, parse_fixes
from vision.synth.laid_out import truth_answers


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    return laid_out_shots(tmp_path_factory.mktemp("laid-out"))


@pytest.fixture(scope="module")
def reads(recorded, rec):
    folder, shots = recorded
    found = find_cards(rec, [f for f, _ in shots])
    return found, truth_answers(found, shots)


def _found(*prefills):
    return [FoundCard(n, 0, (0, 0, 10, 10), p, None, 0.9) for n, p in enumerate(prefills, 1)]


def test_the_recogniser_prefills_every_card_and_gets_a_few_wrong(reads):
    found, truth = reads
    assert len(found) == sum(map(len, ROWS)) and sorted(truth) == sorted(c for r in ROWS for c in r)
    right = sum(c.prefill == t for c, t in zip(found, truth))
    assert 0 < len(found) - right <= 6, [(c.prefill, t) for c, t in zip(found, truth)]  # a few for the host


def test_fixes_are_read_and_bad_ones_said_in_words():
    found = _found("AS", "KH", None)
    assert parse_fixes("3: QH, 1=10d; 2 joker", found) == {3: "QH", 1: "TD", 2: "JK"}
    assert parse_fixes("2: -", found) == {2: None}
    for text, words in (("3 queen", "not a card code: 'QUEEN'"), ("99: QH", "no card 99: the cards found are "
                        "numbered 1 to 3"), ("QH", "not a fix: 'QH'"), ("3:", "not a fix")):
        with pytest.raises(ConfirmError, match=words):
            parse_fixes(text, found)


def test_a_confirmation_must_name_each_card_once():
    found = _found("AS", "KH", None)
    with pytest.raises(ConfirmError, match="card 3 could not be read: name it .*3: -"):
        confirmed(found, {})
    assert confirmed(found, {3: None}) == ["AS", "KH", None]  # left out: not a card, or not to be used
    with pytest.raises(ConfirmError, match="KH is named for cards 2 and 3: a deck holds each card once"):
        confirmed(found, {3: "KH"})
    assert confirmed(found, {3: "KH", 2: "QH"}) == ["AS", "QH", "KH"]  # a swap, typed in two steps
    with pytest.raises(ConfirmError, match="every card is left out"):
        confirmed(found, {1: None, 2: None, 3: None})


def test_the_text_step_keeps_what_was_typed_through_errors():
    found = _found("AS", "KH", "KD")
    said = []
    answers = iter(["2: KD", "", "2 QX", "3: QD", ""])
    assert confirm_in_text(found, lambda: next(answers), said.append) == ["AS", "KD", "QD"]
    text = "\n".join(said)
    assert "KD is named for cards 2 and 3" in text and "not a card code: 'QX'" in text
    assert "  2: KH  frame 1" in text  # the reads listed, numbered, before the first question
    with pytest.raises(ConfirmError, match="ended before it was accepted: nothing enrolled"):
        confirm_in_text(found, lambda: (_ for _ in ()).throw(EOFError), said.append)


def _stdin(monkeypatch, *lines):
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))


def _small_fit(monkeypatch):
    """The CLI's steps as they are, with a smaller fit (fewer crops and steps) to keep the test fast."""
    import vision.enrol_confirm as ec

    monkeypatch.setattr(ec, "build_head", functools.partial(ec.build_head, per_index=8, per_none=2, steps=120))


def test_cli_enrols_a_recorded_laid_out_deck_with_the_hosts_fixes(recorded, reads, tmp_path, monkeypatch, capsys):
    from webui.cli import main

    folder, _ = recorded
    found, truth = reads
    wrong = {c.number: t for c, t in zip(found, truth) if c.prefill != t}
    out = tmp_path / "deck.npz"
    _small_fit(monkeypatch)
    # two frames taken, q; a duplicate tried first (card 1 named as card 2's read), then the real fixes
    _stdin(monkeypatch, "", "", "q", f"1: {found[1].prefill}", "", "1 nothing",
           ", ".join(f"{n}: {code}" for n, code in {1: truth[0], **wrong}.items()), "")
    assert main(["enrol", "--camera", str(folder), "--laid-out", "--out", str(out)]) == 0
    cap = capsys.readouterr()
    res = json.loads(cap.out)
    assert out.exists() and res["frames"] == 2 and res["confirmed"] == len(found)
    assert res["host_fixed"] == len(wrong) >= 1
    assert res["read_right_after"] > res["read_right_before"]
    assert f"found {len(found)} face-up cards on 2 frames" in cap.err
    assert f"{found[1].prefill} is named for cards 1 and 2" in cap.err and "not a card code: 'NOTHING'" in cap.err
    assert f"{res['read_right_before']} read right before the fit, {res['read_right_after']} after" in cap.err


def test_cli_laid_out_enrolment_stopped_or_unasked_enrols_nothing(recorded, tmp_path, monkeypatch, capsys):
    from webui.cli import main

    folder, _ = recorded
    out = tmp_path / "deck.npz"
    _stdin(monkeypatch, "", "q", "3: QH")  # input ends before the host accepts: no fit on guesses
    assert main(["enrol", "--camera", str(folder), "--laid-out", "--out", str(out)]) == 2
    assert "nothing enrolled" in capsys.readouterr().err and not out.exists()
    assert main(["enrol", "--camera", str(folder), "--out", str(out)]) == 2  # one by one needs the order
    assert "--order is needed" in capsys.readouterr().err and not out.exists()
