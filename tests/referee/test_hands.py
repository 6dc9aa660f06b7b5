"""Whole Bonedoneskis hands: each fixture in `hands/` is replayed with `croupier replay FILE --json`
and must say exactly the announcements of its `.expected.json` and leave its ledger; together the
fixtures fire all 26 house rules.

Each `NAME.script` (the readable source, with the money worked out by hand in its comments) is
turned into `NAME.jsonl` by `referee.script.to_jsonl`; `hands/make_fixture.py NAME` does that and
shows the replay. The `KEY` table below repeats, independently of the expected files, the facts of
each hand checked by hand against the rule sheet: who wins what, and the rule announcements that
matter.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from referee.games.bonedoneskis.catalog import HOUSE_RULES
from referee.script import to_jsonl
from webui import cli

HANDS = Path(__file__).parent / "hands"
NAMES = sorted(p.stem for p in HANDS.glob("*.script"))
FIELDS = ("rule", "kind", "seats", "text", "amount")


def replay(name: str, capsys) -> dict:
    capsys.readouterr()
    code = cli.main(["replay", str(HANDS / f"{name}.jsonl"), "--json"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    return json.loads(captured.out)


def expected(name: str) -> dict:
    return json.loads((HANDS / f"{name}.expected.json").read_text(encoding="utf-8"))


def said(report: dict, rule: str, kind: str | None = None, seats=None, text: str = "") -> list[dict]:
    return [a for a in report["announcements"] if a["rule"] == rule and (kind is None or a["kind"] == kind)
            and (seats is None or a["seats"] == list(seats)) and text in a["text"]]


# Facts of each hand, checked by hand against the rule sheet (see each script's comments):
# the final balances and (rule, kind, seats, words) announcements that must be there.
KEY = {
    "01-bonedoneskis": (
        {"seat:1": "4.00", "seat:2": "2.50", "seat:3": "-2.50", "seat:4": "-1.50", "seat:5": "-2.50"},
        [("i-got-the-nine", "info", [2, 3, 4, 5, 1], "each pay seat 2 $1.00"),
         ("gamblers-last-dollar", "option", [1], "pay $2.50"),
         ("bonedoneskis", "hand_over", [1], "seat 1 wins $6.50")]),
    "02-dueling-snowmen": (
        {"seat:1": "-9.00", "seat:2": "-4.00", "seat:3": "-5.00", "seat:4": "18.00", "pot:war": "0.00"},
        [("dueling-snowmen", "obligation", [2, 3], "Seats 2 and 3 each put $2.50 in the war pot"),
         ("dueling-snowmen", "info", [2, 3], "seat 2 wins the war and the $5.00 war pot"),
         ("fish-hook", "obligation", [1], "J♥ and 4♣"),
         ("fish-hook", "info", [4], "Life Raft"),
         ("schizo4nia", "info", [4], "the 4♠ also plays as a 4"),
         ("", "hand_over", [4], "seat 4 wins $24.50")]),
    "03-black-jack-and-threes": (
        {"seat:1": "21.00", "seat:2": "-8.00", "seat:3": "-0.50", "seat:4": "-7.50", "seat:5": "-1.50",
         "seat:6": "-3.50"},
        [("black-jack", "info", [1], "J♠ is activated"),
         ("black-jack", "info", [3], "Seat 3 folds"),
         ("threes", "info", [2], "sells the 3♦ for $2.50"),
         ("threes", "info", [5], "keeps the 3♠"),
         ("black-jack", "info", [1], "the J♠ plays as the 10♠"),
         ("sevens", "info", [1], "the 7♣ plays as"),
         ("", "hand_over", [1], "Four of a kind, 10s")]),
    "04-trades": (
        {"seat:1": "-11.00", "seat:2": "22.50", "seat:3": "-1.50", "seat:4": "-8.50", "seat:5": "-1.50"},
        [("trade-cards", "obligation", [1], "trade the 9♦"),
         ("no-retrade", "info", [2], "the 9♦'s own trade is void"),
         ("eight-ball", "info", [1, 4], "pays $2.50"),
         ("two-hog", "info", [2, 3], "takes seat 3's 5♣"),
         ("", "hand_over", [2], "Four of a kind, 5s")]),
    "05-queen-kings-river": (
        {"seat:1": "-8.50", "seat:2": "15.00", "seat:3": "-4.50", "seat:4": "-0.50", "seat:5": "-1.50"},
        [("queen-of-hearts", "info", [1, 2], "picks seat 2's face-down K♦"),
         ("kings-men", "info", [3], "K♠"),
         ("river-king", "info", [1, 3], "dealt face up to seat(s) 1, 3"),
         ("", "hand_over", [2], "seat 2 wins $23.50")]),
    "06-killer-four": (
        {"seat:1": "-8.50", "seat:2": "-8.50", "seat:3": "19.50", "seat:4": "-2.50"},
        [("four-tician", "info", [3, 1], "turns the 4♣ face down"),
         ("killer-4", "info", [1], "dead at showdown"),
         ("", "hand_over", [3], "Straight, Jack high")]),
    "07-codependent-krabler": (
        {"seat:1": "17.50", "seat:2": "-1.50", "seat:3": "-7.50", "seat:4": "-1.00", "seat:5": "-7.50"},
        [("codependent-twos", "info", [1], "combines 5♦ + 2♣ = 7♦"),
         ("codependent-twos", "info", [1], "play as the 7♦"),
         ("kings-men", "info", [3], "K♣"),
         ("red-sixes", "info", [3], "the 6♦ has no value"),
         ("", "hand_over", [1], "Four of a kind, 7s")]),
    "08-straight-up": (
        {"seat:1": "-2.50", "seat:2": "25.00", "seat:3": "-6.50", "seat:4": "-0.50", "seat:5": "-9.00",
         "seat:6": "-6.50"},
        [("straight-up", "obligation", [2], "Seat 2 and seat 3 (to the left)"),
         ("straight-up", "obligation", [5], "Seat 5 and seat 3 (to the right)"),
         ("extension", "info", [5], "7-card stud"),
         ("fish-hook", "info", [5], "pays $2.50"),
         ("black-sixes", "info", [2], "the 6♠ plays as the A"),
         ("", "hand_over", [2], "Full house, 5s full of Aces")]),
    "09-stone-cold-nuts": (
        {"seat:1": "19.00", "seat:2": "-1.50", "seat:3": "-12.50", "seat:4": "-4.50", "seat:5": "-0.50"},
        [("stone-cold-nuts", "info", [1], "Stone Cold Nuts"),
         ("sevens", "info", [1], "the 7♣ plays as the 2"),
         ("", "info", [3], "Five of a kind, 4s"),
         ("two-hog", "info", [1], "no 2 or 5 up to take"),
         ("", "hand_over", [1], "seat 1 wins $31.50")]),
    "10-aces-and-sixes": (
        {"seat:1": "-1.50", "seat:2": "18.00", "seat:3": "-6.50", "seat:4": "-8.50", "seat:5": "-1.00",
         "seat:6": "-0.50"},
        [("ace-option", "info", [2], "the A♠ plays as the 6♥"),
         ("red-sixes", "info", [2], "the 6♥ has no value"),
         ("no-copies", "info", [4], "the 6♠ may not play as the A♣"),
         ("black-sixes", "info", [4], "the 6♠ plays as the A"),
         ("", "hand_over", [2], "Straight flush, 6 high")]),
    "11-eight-card-stud": (
        {"seat:1": "-15.00", "seat:2": "-8.50", "seat:3": "-1.50", "seat:4": "25.00"},
        [("extension", "info", [1], "7-card stud"),
         ("extension", "info", [2], "8-card stud"),
         ("eight-ball", "info", [4], "passed"),
         ("gamblers-last-dollar", "info", [1], "pays $2.50"),
         ("", "hand_over", [4], "seat 4 wins $37.50")]),
    "12-killer-bluff": (
        {"seat:1": "-3.50", "seat:2": "-5.50", "seat:3": "-5.50", "seat:4": "17.50", "seat:5": "-1.50",
         "seat:6": "-0.50", "seat:7": "-1.00"},
        [("black-jack", "info", [1], "J♣ is activated"),
         ("", "info", [2, 1], "trade 9♦ for J♣"),
         ("no-retrade", "info", [1], "cannot trade it again"),
         ("i-got-the-nine", "info", [3], "no payment"),
         ("", "hand_over", [4], "everyone else folded")]),
}


def test_there_are_at_least_twelve_hands_all_checked():
    assert len(NAMES) >= 12
    assert set(NAMES) == set(KEY)


@pytest.mark.parametrize("name", NAMES)
def test_the_fixture_is_its_script(name):
    script = (HANDS / f"{name}.script").read_text(encoding="utf-8")
    assert (HANDS / f"{name}.jsonl").read_text(encoding="utf-8") == to_jsonl(script)
    seats = next(line.split()[2:] for line in script.splitlines() if line.startswith("open "))
    assert 4 <= len(seats) <= 7


@pytest.mark.parametrize("name", NAMES)
def test_replay_says_what_is_expected(name, capsys):
    got, exp = replay(name, capsys), expected(name)
    assert [{k: a[k] for k in FIELDS} for a in got["announcements"]] == exp["announcements"]
    assert got["balances"] == exp["balances"]
    assert (got["pot"], got["pending"]) == ("0.00", [])
    assert sorted({a["rule"] for a in got["announcements"] if a["rule"]}) == exp["rules"]


@pytest.mark.parametrize("name", NAMES)
def test_the_hand_is_played_out_and_the_money_is_right(name, capsys):
    got = replay(name, capsys)
    money, facts = KEY[name]
    for account, amount in money.items():
        assert got["balances"][account] == amount, account
    assert sum(Decimal(v) for v in got["balances"].values()) == 0
    assert got["balances"]["pot:main"] == "0.00"
    assert got["announcements"][-1]["kind"] == "hand_over"
    for rule, kind, seats, words in facts:
        assert said(got, rule, kind, seats, words), (rule, kind, seats, words)


def test_the_hands_fire_all_26_house_rules(capsys):
    fired: set[str] = set()
    for name in NAMES:
        fired |= {a["rule"] for a in replay(name, capsys)["announcements"]}
    assert len(HOUSE_RULES) == 26
    missing = sorted(r.id for r in HOUSE_RULES if r.id not in fired)
    assert missing == []
