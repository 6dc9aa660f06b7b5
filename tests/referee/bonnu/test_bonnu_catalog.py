"""The Bonnu rule objects: every rule cites a line of bonnu.txt (or issue 22 for the timing) that
says what it claims, every setting sits on a rule, every decision of issue 22 sits on a rule with
its reading, and docs/bonnu-decisions.md lists all ten with a test that exists."""

import dataclasses
import re
from pathlib import Path

import pytest

from referee.games.bonnu.catalog import DECISIONS, RULES, RULES_BY_ID
from referee.games.bonnu.scoring import penalties
from referee.games.bonnu.settings import DEFAULT, BonnuSettings
from referee.lookup import lookup, rule_readings

SHEET = Path("/work/shared/rules/bonnu.txt")
ROOT = Path(__file__).resolve().parents[3]
# A word of each rule's own line on the sheet, so a wrong line number shows.
LINE_WORD = {"deck": "110", "opening-draw": "highest", "later-rounds": "highest", "deal": "7 cards",
             "first-lead": "any card", "clockwise": "clockwise", "match": "color or number", "draw": "take one",
             "empty-pile": "draw pile", "reach": "Reach", "round-won": "Bonnu", "shouts": "Reach", "cut": "Cut",
             "cut-next": "Cut", "cut-out": "Cut", "claim-window": "before the player whose turn",
             "bonnu-equal": "equals the number", "bonnu-ten": "multiple of 10",
             "wrong-card": "does not match", "missed-reach": "Reach",
             "missed-bonnu": "Bonnu", "wrong-bonnu": "total value", "take-back": "does not match", "wrong-cut": "Cut",
             "simple-game": "10 rounds", "bonnu-100": "reaches 100"}


def test_every_rule_is_bonnu_with_text_trigger_effect_and_a_source():
    assert len(RULES) == len(RULES_BY_ID) == 28
    for rule in RULES:
        assert rule.game == "bonnu" and rule.text and rule.trigger and rule.effect, rule.id
        assert rule.source.startswith(("bonnu.txt line ", "issue 22")), rule.id
        assert rule.to_json()["id"] == rule.id


@pytest.mark.skipif(not SHEET.exists(), reason="the shared rule sheet is not on this machine")
def test_each_rule_cites_the_sheet_line_that_says_it():
    lines = SHEET.read_text(encoding="utf-8").splitlines()
    for rule in RULES:
        m = re.match(r"bonnu\.txt line (\d+)", rule.source)
        if m is None:
            assert rule.id in ("claim-timing", "claim-race")
            continue
        assert LINE_WORD[rule.id].lower() in lines[int(m.group(1)) - 1].lower(), (rule.id, rule.source)


@pytest.mark.skipif(not SHEET.exists(), reason="the shared rule sheet is not on this machine")
def test_every_rule_line_of_the_sheet_is_cited_by_a_rule():
    lines = SHEET.read_text(encoding="utf-8").splitlines()
    cited = set()
    for rule in RULES:
        for numbers in re.findall(r"lines? ([\d, ]+)", rule.source):
            cited |= {int(n) for n in re.findall(r"\d+", numbers)}
    # the sheet's rule lines: every sentence line (headings end with "BONNU RULES"), and line 9's count
    rule_lines = {n for n, line in enumerate(lines, 1) if len(line) >= 60 and not line.endswith("BONNU RULES")} | {9}
    assert rule_lines == {7, 8, 9, 12, 13, 16, 17, 18, 19, 20, 23, 27, 31, 35, 37, 41, 44, 45, 46, 47, 50, 52}
    assert rule_lines - cited == set()


def test_every_setting_is_on_a_rule_and_every_decision_has_a_reading_and_a_setting():
    on_rules = {s.name for r in RULES for s in r.settings}
    assert on_rules == {f.name for f in dataclasses.fields(BonnuSettings)}
    assert sorted(DECISIONS) == list(range(1, 11))
    for number, ids in DECISIONS.items():
        assert any(RULES_BY_ID[i].settings for i in ids), number
        for rule_id in ids:
            assert f"Decision {number}" in RULES_BY_ID[rule_id].interpretation, (number, rule_id)


def test_every_penalty_is_a_rule_of_its_own_id():
    for p in penalties(dataclasses.replace(DEFAULT, wrong_cut_penalty=True)):
        assert p.id in RULES_BY_ID and RULES_BY_ID[p.id].kind == "fee", p.id
        if p.line:
            assert RULES_BY_ID[p.id].source.startswith(f"bonnu.txt line {p.line}"), p.id


def test_the_examples_on_the_bonnu_rules_are_the_sheets():
    examples = " ".join(RULES_BY_ID["bonnu-equal"].examples + RULES_BY_ID["bonnu-ten"].examples)
    for sheet_example in ("4 + 3 + 2 = 9", "7 + (-1) + (-1) = 5", "7 + 8 + 6 + 4 + 3 + 3 + (-1) = 30"):
        assert sheet_example in examples


def test_the_readings_section_and_lookup_find_bonnu_rules():
    readings = "\n".join(rule_readings(RULES))
    for number in DECISIONS:
        assert f"Decision {number}:" in readings
    assert lookup(RULES, "cut")[0].id == "cut"
    assert lookup(RULES, "bonnu 100")[0].id == "bonnu-100"
    assert lookup(RULES, "multiple of 10")[0].id == "bonnu-ten"


def test_decisions_doc_lists_all_ten_with_rule_ids_settings_and_tests_that_exist():
    text = (ROOT / "docs" / "bonnu-decisions.md").read_text(encoding="utf-8")
    test_names = set()
    for path in (ROOT / "tests").rglob("test_bonnu*.py"):
        test_names |= set(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    for number, ids in DECISIONS.items():
        section = re.search(rf"^## {number}\. .*?(?=^## |\Z)", text, re.M | re.S)
        assert section, number
        assert re.search(rf"^\| {number} \| `{ids[0]}`", text, re.M), number
        for setting in {s.name for i in ids for s in RULES_BY_ID[i].settings}:
            assert f"`{setting}" in section.group(0), (number, setting)
        named = re.findall(r"`(test_\w+)`", section.group(0))
        assert named, number
        assert set(named) <= test_names, (number, set(named) - test_names)
