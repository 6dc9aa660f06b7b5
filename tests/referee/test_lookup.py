from pathlib import Path

from referee.games.bonedoneskis.catalog import HOUSE_RULES
from referee.lookup import explain, find_rules, interpretations_markdown, rule_card
from referee.rules import cards_in_query
from referee.script import play

DOC = Path(__file__).parents[2] / "docs" / "interpretations.md"


def test_every_house_rule_is_a_complete_rule_object():
    assert len(HOUSE_RULES) == 26
    for r in HOUSE_RULES:
        card = rule_card(r)
        assert r.id and r.name and len(r.text) > 30 and r.trigger and r.effect
        assert r.source.startswith(("bonedoneskis-house-rules.txt", "README.md"))
        assert card["name"] == r.name


def test_interpretations_doc_is_in_step_with_the_rules():
    assert DOC.read_text(encoding="utf-8") == interpretations_markdown(), \
        "regenerate: python -m referee.lookup > docs/interpretations.md"


def test_card_queries():
    assert cards_in_query("8♠") == {"8S"}
    assert cards_in_query("black jack") == {"JS", "JC"}
    assert cards_in_query("red 6s") == {"6H", "6D"}
    assert cards_in_query("queen of hearts") == {"QH"}
    assert cards_in_query("the 7's") == {"7S", "7H", "7D", "7C"}


def test_what_does_the_eight_of_spades_do():
    ids = [r.id for r in find_rules("what does the 8♠ do?")]
    assert ids[0] == "eight-ball" and "dueling-snowmen" in ids


def test_keyword_and_name_search():
    assert find_rules("Krabler")[0].id == "krabler"
    assert find_rules("life raft")[0].id == "fish-hook"
    assert find_rules("war")[0].id == "dueling-snowmen"
    assert find_rules("") == []


def test_explain_an_announcement():
    state, said = play("open bonedoneskis 1 2\nhand 1 dealer 2\ndown 1 KH, 2 5S; down 1 QD, 2 5C\nup 1 JC, 2 TD")
    fee = next(a for a in said if a.rule == "black-jack")
    why = explain(state, said, fee.id)
    assert why["rule"]["id"] == "black-jack"
    assert [e["type"] for e in why["events"]] == ["card_dealt"] and "J♣" in why["events"][0]["text"]
    assert explain(state, said, 10_000) is None


def test_a_rule_is_found_by_its_hyphenated_id():
    from referee.lookup import find_rules
    assert find_rules("misere-overcall")[0].id == "misere-overcall"
    assert find_rules("black-jack")[0].id == "black-jack"
