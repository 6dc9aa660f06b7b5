"""A card entered wrong is corrected where it lies (`card_corrected`): announced with rule
"correction", the card keeps its place, face and street, no rule fires again, the log replays to
the same state, and an undo of the correction brings the wrong card back."""

import pytest

from referee.engine import Refusal, apply, replay, view
from referee.events import CardCorrected, Undo
from referee.cards import parse_card
from referee.script import play

DEAL = "open bonedoneskis 1 2 3\nhand 1 dealer 3\ndown 1 7H, 2 2D, 3 ?; down 1 5C, 2 5D, 3 5H\nup 1 KH, 2 9C, 3 TD\n"


def board(state, seat):
    return [(s.card.code if s.card else None, s.up, s.street) for s in state.hand.boards[seat].slots]


def test_a_face_up_card_entered_wrong_becomes_the_right_one_where_it_lies():
    state, _ = play(DEAL)
    before = board(state, 2)
    fixed, said = apply(state, CardCorrected(2, parse_card("9C"), parse_card("9S"), "misread the suit"))
    assert board(fixed, 2) == [before[0], before[1], ("9S", True, 3)]
    assert [(a.rule, a.text) for a in said] == [
        ("correction", "Host correction: seat 2's 9♣ is the 9♠ (misread the suit).")]
    assert board(state, 2) == before                      # the state given is never changed
    again, _ = replay(fixed.log.to_tuple())
    assert board(again, 2) == board(fixed, 2) and again.transfer_list() == fixed.transfer_list()


def test_a_hole_card_is_corrected_without_naming_it_to_the_table():
    state, _ = play(DEAL)
    fixed, said = apply(state, CardCorrected(1, parse_card("7H"), parse_card("7D"), "typo"))
    assert "7" not in said[0].text and said[0].rule == "correction"
    assert board(fixed, 1)[0] == ("7D", False, 3)
    public = view(fixed, 2)["hand"]["boards"][1]["cards"][0]
    assert public["card"] is None


def test_an_unnamed_hole_card_is_named_and_a_card_cannot_be_in_two_places():
    state, _ = play(DEAL)
    named, _ = apply(state, CardCorrected(3, None, parse_card("AS"), "seen at the showdown"))
    assert board(named, 3)[0] == ("AS", False, 3)
    with pytest.raises(Refusal, match="already on the table"):
        apply(state, CardCorrected(2, parse_card("9C"), parse_card("KH"), "typo"))
    with pytest.raises(Refusal, match="seat 2 has no 9♠"):
        apply(state, CardCorrected(2, parse_card("9S"), parse_card("9H"), "typo"))


def test_no_rule_fires_again_and_undo_brings_the_wrong_card_back():
    state, _ = play(DEAL)
    fixed, said = apply(state, CardCorrected(3, parse_card("TD"), parse_card("QH"), "typo"))
    assert len(said) == 1 and not fixed.pending()         # the Queen of Hearts' pick is not offered
    seq = fixed.seq
    back, _ = apply(fixed, Undo(seq, "it was the 10♦ after all"))
    assert board(back, 3) == board(state, 3)


def test_a_correction_needs_a_reason_and_another_card():
    with pytest.raises(ValueError, match="reason"):
        CardCorrected(1, parse_card("7H"), parse_card("7D"), " ")
    with pytest.raises(ValueError, match="different card"):
        CardCorrected(1, parse_card("7H"), parse_card("7H"), "typo")
