"""`croupier eval --game bonedoneskis`: every Bonedoneskis card power from the command line.

Notation: a plain card is face up, `(AH)` face down, `JS!` an activated black Jack, `4S@3` the 4♠
dealt up on street 3 (Schizo4nia), `5D+2C` a combined Codependent 2.
"""

import json

import pytest

from webui.cli import main


def bd(capsys, cards, *extra):
    code = main(["eval", "--game", "bonedoneskis", cards, *extra])
    out, err = capsys.readouterr()
    return code, out, err


def bd_json(capsys, cards, *extra):
    code, out, err = bd(capsys, cards, "--json", *extra)
    assert code == 0 and err == ""
    return json.loads(out)


def test_json_shape(capsys):
    got = bd_json(capsys, "2S 2H 7D 5C 5D")
    assert set(got) >= {"category", "name", "cards", "plays_as", "key", "dead"}
    assert got["category"] == "named" and "Stone Cold Nuts" in got["name"]
    assert sorted(got["cards"]) == ["2D", "2H", "2S", "5C", "5D"]
    assert got["plays_as"] == {"7D": "2D"} and got["dead"] is None


def test_plain_text_names_the_hand_and_the_substitutions(capsys):
    code, out, err = bd(capsys, "AS 2H 4H 5H 3H 6H")
    assert code == 0 and err == ""
    assert out.startswith("Straight flush, 6 high") and "A♠ as 6H" in out


@pytest.mark.parametrize("cards, category, plays_as", [
    ("2S 2H 7D 5C 5D", "named", {"7D": "2D"}),                           # Stone Cold Nuts via a wild 7
    ("4S@5 4H 4D 4C KS", "five_of_a_kind", {"4S": "4*"}),               # Schizo 5th street: five 4s
    ("(9C) (2D) 7C KD KS", "three_of_a_kind", {"7C": "KH"}),            # up 7 wild
    ("(7C) (2D) 9H KD KS", "pair", {}),                                  # hole 7 not wild
    ("JC! AC AD AH 3C", "four_of_a_kind", {"JC": "AS"}),                 # activated black Jack wild
    ("JC AC AD KH 3C", "pair", {}),                                      # not activated: a Jack
    ("6C AH AD KS KD", "full_house", {"6C": "AS"}),                      # black 6 as an Ace
    ("6H 6D KS QC 9H 2D", "high_card", {}),                              # red 6s void
    ("AS 2H 4H 5H 3H 6H", "straight_flush", {"AS": "6H"}),               # Ace Option
    ("4S@3 (8D) (8H) KC 2D", "three_of_a_kind", {"4S": "8S"}),           # Schizo 3rd street
    ("4S@4 (QD) (QH) KC 2D", "three_of_a_kind", {"4S": "QS"}),           # Schizo 4th street
    ("(JH) (9H) 5S 9D+2C JC", "three_of_a_kind", {"9D": "JD", "2C": "JD"}),  # combined 2
])
def test_every_card_power(capsys, cards, category, plays_as):
    got = bd_json(capsys, cards)
    assert got["category"] == category
    assert got["plays_as"] == plays_as


def test_stone_cold_nuts_beat_five_of_a_kind(capsys):
    nuts, five = bd_json(capsys, "2S 2H 2D 5C 5D"), bd_json(capsys, "4S@5 4H 4D 4C KS")
    assert five["category"] == "five_of_a_kind" and nuts["key"] > five["key"]


def test_no_copies_example(capsys):
    got = bd_json(capsys, "AS 2S 9S 5S AD 6C")
    assert got["category"] == "three_of_a_kind" and got["plays_as"]["6C"] != "AS"


def test_codependent_reading_three_jacks_not_a_full_house(capsys):
    combined = bd_json(capsys, "(JH) (9H) 5S 9D+2C JC")
    assert sorted(combined["cards"]) == ["5S", "9H", "JC", "JD", "JH"]
    assert bd_json(capsys, "(JH) (9H) 5S 9D 2C JC")["category"] == "two_pair"


def test_killer_four_face_down_is_dead(capsys):
    got = bd_json(capsys, "(4C) (KH) KD KS AC 9S")
    assert "Killer 4" in got["dead"] and got["category"] == "three_of_a_kind"
    code, out, _ = bd(capsys, "(4C) (KH) KD KS AC 9S")
    assert out.splitlines()[0].startswith("Dead hand:") and "Killer 4" in out
    assert bd_json(capsys, "(AC) (KH) KD KS 4C 9S")["dead"] is None       # the 4♣ face up is harmless


@pytest.mark.parametrize("cards, message", [
    ("AH 7X", "unknown suit"),
    ("AH AH 2C", "appears twice"),
    ("(AH 2C", "cannot read '(AH'"),
    ("5D+3C 7H KS", "only the 2♦ or the 2♣"),
    ("5D+2H 7H KS", "only the 2♦ or the 2♣"),
    ("KD+2C 3S 4H", "more than an Ace"),
    ("8C+2D TC 9H 3S", "already holds the 10♣"),
    ("4S@9 4H 9C", "street 3, 4 or 5"),
    ("4H@3 9C KD", "street 3, 4 or 5"),
    ("AS! KS KH", "only a black Jack"),
    ("", "no cards"),
])
def test_bad_input_exits_2_with_a_clear_message(capsys, cards, message):
    code, out, err = bd(capsys, cards)
    assert code == 2 and out == ""
    assert err.startswith("croupier: error:") and message in err
    assert "Traceback" not in err


def test_bad_input_with_json_prints_no_json(capsys):
    code, out, err = bd(capsys, "AH ZZ", "--json")
    assert code == 2 and out == "" and "croupier: error:" in err


def test_unknown_game_is_an_argparse_error(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["eval", "--game", "poker", "AH KH"])
    assert exc.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_no_no_copies_lets_a_card_copy_one_held(capsys):
    # The sheet's No Copies example: without the rule the 6♣ may be a second A♠ for a spade flush.
    got = bd_json(capsys, "AS 2S 9S 5S AD 6C")
    code, out, err = bd(capsys, "AS 2S 9S 5S AD 6C", "--json", "--no-no-copies")
    free = json.loads(out)
    assert code == 0 and free["category"] == "flush" and free["plays_as"] == {"6C": "AS"}
    assert free["key"] > got["key"]
    # A combined 2 may then make a card already held (8♣ + 2♦ = the 10♣ beside the 10♣).
    code, out, err = bd(capsys, "8C+2D TC 9H 3S", "--json", "--no-no-copies")
    assert code == 0 and json.loads(out)["category"] == "pair"
    code, out, err = bd(capsys, "8C+2D TC 9H 3S", "--json", "--no-copies")
    assert code == 2 and "already holds the 10♣" in err


@pytest.mark.parametrize("flags, category", [((), "three_of_a_kind"), (("--no-copies",), "three_of_a_kind"),
                                             (("--no-no-copies",), "flush")])
def test_no_copies_flags_with_and_without_the_game(capsys, flags, category):
    assert bd_json(capsys, "AS 2S 9S 5S AD 6C", *flags)["category"] == category
    code = main(["eval", "AS 2S 9S 5S AD 6C", "--derived", "6C=6C,AS,AH,AD,AC", "--json", *flags])
    assert code == 0 and json.loads(capsys.readouterr().out)["category"] == category


def test_no_copies_flags_cannot_both_be_given(capsys):
    with pytest.raises(SystemExit):
        main(["eval", "AS 2S", "--no-copies", "--no-no-copies"])
    assert "not allowed with" in capsys.readouterr().err
