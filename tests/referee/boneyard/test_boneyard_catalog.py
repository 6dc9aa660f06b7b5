"""The rule objects: 25 modifiers, one per card, each citing its sheet line; every setting on a rule;
every decision of issue 21 on a rule with its setting; settings refuse bad values in words."""

import dataclasses
import re
from pathlib import Path

import pytest

from referee.cards import Card
from referee.games.boneyard.cards import PACK
from referee.games.boneyard.catalog import DECISIONS, RULES, RULES_BY_ID
from referee.games.boneyard.modifiers import MODIFIER_OF, MODIFIERS, modifier_of
from referee.games.boneyard.settings import BoneyardSettings
from referee.settings import SettingsError, parse_settings

SHEET = Path("/work/shared/rules/boneyard-euchre.txt")
IDS = ("copycats meet-cute golf-club collect-call grave-robber sweet-nothings therapy-club lucky-penny "
       "party-crasher polycule strip-club fools-gold shoot-the-moon heartbreaker fight-club square-deal scheme "
       "soul-mate club-sandwich mad-genius assassin fusion spiked-club high-stakes dummy").split()


def test_every_card_of_the_pack_sets_one_of_the_25_modifiers():
    assert set(MODIFIER_OF) == set(PACK)
    assert sorted(MODIFIER_OF.values()) == sorted(IDS)
    assert [m.id for m in MODIFIERS] == IDS
    with pytest.raises(ValueError, match="not in the Boneyard euchre pack"):
        modifier_of(Card.parse("2C"))


@pytest.mark.skipif(not SHEET.exists(), reason="the shared rule sheet is not on this machine")
def test_each_modifier_cites_the_sheet_line_that_names_it_and_its_card():
    lines = SHEET.read_text(encoding="utf-8").splitlines()
    for rule in MODIFIERS:
        n = int(re.match(r"boneyard-euchre\.txt line (\d+)", rule.source).group(1))
        assert rule.name.lower() in lines[n - 1].lower(), (rule.id, lines[n - 1])
        card = Card.parse(rule.cards[0])
        printed = "Joker" if card.is_joker else None
        assert printed is None or printed in lines[n - 1]


def test_every_rule_is_boneyard_euchre_with_text_trigger_effect():
    assert len(RULES) == len(RULES_BY_ID) == 39
    for rule in RULES:
        assert rule.game == "boneyard-euchre" and rule.text and rule.trigger and rule.effect
        assert rule.source.startswith("boneyard-euchre.txt line ")
        assert rule.to_json()["id"] == rule.id


def test_every_setting_is_on_a_rule_and_every_decision_has_a_setting_and_a_reading():
    on_rules = {s.name for r in RULES for s in r.settings}
    assert on_rules == {f.name for f in dataclasses.fields(BoneyardSettings)}
    assert sorted(DECISIONS) == list(range(1, 18))
    for number, rule_id in DECISIONS.items():
        rule = RULES_BY_ID[rule_id]
        assert rule.settings, number
        assert f"Decision {number}" in rule.interpretation, (number, rule_id)


def test_decisions_doc_lists_every_decision_with_its_rule_id():
    doc = Path(__file__).resolve().parents[3] / "docs" / "boneyard-decisions.md"
    text = doc.read_text(encoding="utf-8")
    for number, rule_id in DECISIONS.items():
        assert re.search(rf"^\| {number} \| `{rule_id}`", text, re.M), number
        assert re.search(rf"^## {number}\. ", text, re.M), number


def test_settings_refuse_bad_values_in_words():
    with pytest.raises(SettingsError, match="four_tricks_points: 1 or 2"):
        parse_settings(BoneyardSettings, {"four_tricks_points": 3})
    with pytest.raises(SettingsError, match="maker_names"):
        parse_settings(BoneyardSettings, {"joker_trump": "dealer"})
    with pytest.raises(SettingsError, match="unknown setting"):
        parse_settings(BoneyardSettings, {"trump": "H"})
    s = parse_settings(BoneyardSettings, {"shoot_the_moon": "both"})
    assert s.shoot_the_moon == "both"
    texts = [e["text"] for e in s.explained()]
    assert "Shoot The Moon, makers take no trick: the makers score 2 and the defenders score their 2 as well" in texts


def test_every_setting_value_is_said_in_words():
    for name, words in BoneyardSettings.CHOICES.items():
        for word in words:
            for said in BoneyardSettings(**{name: word}).explained():
                assert said["text"].startswith(BoneyardSettings.HELP[said["name"]] + ": ")
                assert "_" not in said["text"] and said["allowed"], said
