"""Boonaken's rule objects (referee/games/boonaken/catalog.py): the ids the game announces, the
settings they show, their sources in boonaken-fa.txt, the worked examples and lookup."""

import dataclasses
import re
from pathlib import Path

import pytest

from referee.cards import parse_cards
from referee.games.boonaken.catalog import DECISIONS, RULES, RULES_BY_ID
from referee.games.boonaken.roem import best_declarable, best_roem, max_roem, may_declare
from referee.games.boonaken.settings import BoonakenSettings
from referee.lookup import game_readings, interpretations_markdown
from referee.registry import games, register, unregister
from referee.rules import Rule, lookup

FLOW = ("deal", "bidding", "redeal", "misere", "contract", "centre-cards", "trump", "follow", "trick", "roem",
        "roem-declare", "roem-challenge", "roem-tie", "scoring", "marks", "loser", "points-scoring")
DECISION_IDS = ("roem-sharing", "misere-overcall", "zwabber-slot", "minimum-bid", "roem-tie", "roem-challengers",
                "misere-everyone", "deal-packets", "marks-two-results", "deal-certain", "false-roem", "revoke",
                "first-dealer")
VARIANTS = ("no-undertrump", "klaverjas-order", "lone-misere-trump", "six-run", "centre-one-down",
            "six-seven-players", "five-card-version")
# The Persian original, where this machine has it (docs/boonaken-decisions.md cites it as ../shared/rules).
ORIGINAL = Path("/work/shared/rules/boonaken-fa.txt")
SOURCE = re.compile(r"^boonaken-fa\.txt line (\d+)(?:; also lines (\d+(?:-\d+)?(?:, \d+(?:-\d+)?)*))?$")
FIELDS = {f.name: f.default for f in dataclasses.fields(BoonakenSettings)}


def test_every_id_the_game_announces_exists():
    missing = [i for i in FLOW + DECISION_IDS + VARIANTS if i not in RULES_BY_ID]
    assert missing == []


def test_ids_unique_and_every_rule_is_boonakens():
    assert len({r.id for r in RULES}) == len(RULES) == len(RULES_BY_ID)
    assert all(isinstance(r, Rule) and r.game == "boonaken" for r in RULES)
    assert list(RULES[:3]) == [RULES_BY_ID["deal"], RULES_BY_ID["bidding"], RULES_BY_ID["redeal"]]


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_every_rule_is_complete(rule):
    assert rule.name and len(rule.text) > 40 and rule.trigger and rule.effect and rule.keywords
    assert rule.kind in ("power", "option", "obligation", "fee", "payment", "info")
    assert rule.examples, "a worked example for every rule"
    assert rule.to_json()["id"] == rule.id


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_settings_named_are_boonaken_settings_with_their_defaults(rule):
    for s in rule.settings:
        assert s.name in FIELDS, f"{rule.id}: BoonakenSettings has no {s.name}"
        assert s.default == FIELDS[s.name] and s.help == BoonakenSettings.HELP[s.name]


def test_every_setting_is_explained_by_some_rule():
    shown = {s.name for r in RULES for s in r.settings}
    assert set(FIELDS) - shown == set()


def test_every_decision_has_an_interpretation_and_a_setting():
    assert [r.id for r in DECISIONS] == list(DECISION_IDS)[:4] + ["roem-tie"] + list(DECISION_IDS)[5:]
    for rule_id in DECISION_IDS:
        rule = RULES_BY_ID[rule_id]
        assert len(rule.interpretation) > 40, rule_id
        assert rule.settings, rule_id
        assert "decision" in rule.name.lower(), rule_id


def test_every_variant_has_an_interpretation_and_its_setting():
    for rule_id in VARIANTS + ("high-slots",):
        rule = RULES_BY_ID[rule_id]
        assert rule.interpretation and rule.settings, rule_id
    assert RULES_BY_ID["first-dealer"].settings[0].name == "dealer_rotation"     # the variant folded in
    assert "zwabber_with_roem" in {s.name for s in RULES_BY_ID["zwabber-slot"].settings}


def test_announced_rule_ids_are_in_the_catalogue():
    """Every rule id the game's announcements and options name (rule="...") is a rule here."""
    import referee.games.boonaken as package
    named = set()
    for path in Path(package.__file__).parent.glob("*.py"):
        named |= set(re.findall(r'rule="([a-z-]+)"', path.read_text(encoding="utf-8")))
    assert named and named - set(RULES_BY_ID) == set()


def test_readings_we_chose_are_written():
    assert "only the jack" in RULES_BY_ID["follow"].interpretation
    assert "Discards score nothing" in RULES_BY_ID["centre-cards"].interpretation
    assert "still in" in RULES_BY_ID["deal"].interpretation


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_sources_name_a_line_of_the_original(rule):
    match = SOURCE.match(rule.source)
    assert match, f"{rule.id}: {rule.source!r}"
    line = int(match.group(1))
    assert 1 <= line <= 168
    if ORIGINAL.exists():
        text = ORIGINAL.read_text(encoding="utf-8").splitlines()
        assert text[line - 1].strip(), f"{rule.id}: line {line} of the original is empty"


@pytest.mark.skipif(not ORIGINAL.exists(), reason="the Persian original is not on this machine")
@pytest.mark.parametrize("rule_id, word", [
    ("card-points", "Boer"), ("roem", "Roem"), ("roem-sharing", "140"), ("misere-overcall", "75"),
    ("zwabber-slot", "Zwabber"), ("minimum-bid", "5"), ("marks", "+"), ("six-run", "200"),
    ("high-slots", "105"), ("five-card-version", "5"), ("points-scoring", "11"), ("misere", "میزره"),
])
def test_the_line_cited_is_the_line_meant(rule_id, word):
    line = int(SOURCE.match(RULES_BY_ID[rule_id].source).group(1))
    assert word in ORIGINAL.read_text(encoding="utf-8").splitlines()[line - 1]


def cards(text):
    return parse_cards(text)


def test_the_originals_worked_examples_hold_in_the_core():
    examples = " ".join(RULES_BY_ID["roem"].examples + RULES_BY_ID["roem-declare"].examples)
    assert "= 70" in examples and best_roem(cards("KS QS JS TS 7H 8D"), "S") == 70
    assert "only 50" in examples and best_declarable(cards("QS JS TS 9S 8S 7H"), "S", 95) == 50
    four_aces = cards("AS AH AD AC 7H 8D")
    assert "100 or less" in examples and not may_declare(four_aces, "S", 100, 100)
    assert "140" in examples and best_roem(cards("AS AH AD AC KS QS"), "S") == 140
    assert "240" in examples and max_roem(True) == 240 == best_roem(cards("JS JH JD JC KS QS"), "S")
    no_sharing = BoonakenSettings(roem_shared_with_run=False)
    assert best_roem(cards("AS AH AD AC KS QS"), "S", no_sharing) == 120 and max_roem(True, no_sharing) == 220


def test_lookup_finds_the_rule():
    assert lookup(RULES, "stuk")[0].id == "roem"
    assert lookup(RULES, "what does the boer do")[0].id == "follow"
    assert lookup(RULES, "what does the jack do")[0].id == "follow"
    assert lookup(RULES, "queen of hearts")[0].id == "roem"
    assert lookup(RULES, "wip")[0].id == "marks"
    assert lookup(RULES, "who buys the drinks")[0].id == "loser"
    assert lookup(RULES, "revoke")[0].id == "revoke"
    assert lookup(RULES, "misere overcall")[0].id == "misere-overcall"


def test_interpretations_section_lists_every_rule_with_its_settings():
    section = game_readings("boonaken", RULES)
    assert section[:2] == ["## boonaken: rules and decisions", ""]
    assert [line.split("**")[1] for line in section[2:]] == [r.id for r in RULES]
    sharing = next(line for line in section if line.startswith("- **roem-sharing**"))
    assert sharing.endswith("Settings: `roem_shared_with_run` (default `True`).")
    assert "`challengers` (default `every`)" in next(line for line in section if line.startswith("- **roem-challengers**"))


class _GameWithRules:
    """A throwaway game carrying Boonaken's rules, for the document while the game is not registered."""
    id = "boonaken-catalog-test"
    rules = RULES


def test_interpretations_doc_has_a_section_per_game_with_rules():
    before = interpretations_markdown()
    register(_GameWithRules())
    try:
        doc = interpretations_markdown()
        alone = interpretations_markdown(_GameWithRules.id)
    finally:
        unregister(_GameWithRules.id)
    assert doc.startswith(before) and "\n## boonaken-catalog-test: rules and decisions\n" in doc[len(before):]
    assert "## bonedoneskis" not in alone and "- **roem-tie**" in alone
    assert ("## boonaken: rules and decisions" in before) == ("boonaken" in games())
    with pytest.raises(KeyError, match="no registered game"):
        interpretations_markdown("no-such-game")
