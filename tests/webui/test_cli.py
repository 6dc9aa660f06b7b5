"""The command line: replay (with and without a store), ledger, settle, why, rules, demo, and the
error paths (malformed files change nothing and say which line)."""

import json

import pytest

from webui.cli import DEMO_HAND, main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_demo_prints_announcements_pot_and_ledger(capsys):
    code, out, _ = run(capsys, "demo", "--no-serve")
    assert code == 0
    assert "[black-jack] Seat 1: pay $2.50 or fold" in out
    assert "9♦ up: must trade." in out
    assert "Hand 1 over: seat 3 wins $29.00" in out
    assert "Ledger (net this night):" in out and "seat:3" in out


def test_replay_json_shape_and_books_balance(capsys):
    code, out, _ = run(capsys, "replay", str(DEMO_HAND), "--json")
    data = json.loads(out)
    assert code == 0 and data["pot"] == "0.00"
    assert sum(float(v) for v in data["balances"].values()) == 0
    rules = {a["rule"] for a in data["announcements"]}
    assert {"black-jack", "threes", "i-got-the-nine", "trade-cards", "no-retrade"} <= rules
    assert all(set(a) >= {"id", "rule", "kind", "text", "seats", "amount", "choices", "because"}
               for a in data["announcements"])


def test_replay_into_store_twice_records_once(tmp_path, capsys):
    db = tmp_path / "night.db"
    run(capsys, "replay", str(DEMO_HAND), "--db", str(db))
    code, out, _ = run(capsys, "replay", str(DEMO_HAND), "--db", str(db), "--json")
    assert code == 0
    from webui.store import Store
    with Store(db) as store:
        sid = next(iter(store.db.query("select id from table_sessions")))["id"]
        n_events = len(store.events(sid))
        assert n_events == sum(1 for line in DEMO_HAND.read_text().splitlines() if line.strip())
    code, out, _ = run(capsys, "ledger", "--db", str(db), "--json")
    rows = json.loads(out)
    assert code == 0 and rows and all("amount" in r for r in rows)
    code, out, _ = run(capsys, "settle", "--db", str(db))
    assert code == 0 and "pays seat:3" in out
    code, out, _ = run(capsys, "ledger", "--db", str(db), "--csv")
    assert out.splitlines()[0].startswith(("payer", "id", "hand"))


def test_why_names_rule_and_events(tmp_path, capsys):
    db = tmp_path / "night.db"
    _, out, _ = run(capsys, "replay", str(DEMO_HAND), "--db", str(db), "--json")
    anns = json.loads(out)["announcements"]
    fee = next(a for a in anns if a["rule"] == "black-jack" and a["kind"] == "obligation")
    code, out, _ = run(capsys, "why", str(fee["id"]), "--db", str(db), "--json")
    data = json.loads(out)
    assert code == 0 and data["rule"]["id"] == "black-jack"
    assert any(e["type"] == "card_dealt" and "J♠" in e["text"] for e in data["events"])
    code, out, _ = run(capsys, "why", str(fee["id"]), "--db", str(db))
    assert "Black Jack" in out and "Because of:" in out
    code, _, err = run(capsys, "why", "9999", "--db", str(db))
    assert code == 2 and "no announcement #9999" in err


@pytest.mark.parametrize("query,expected", [
    ("8♠", "eight-ball"), ("8S", "eight-ball"), ("black jack", "black-jack"), ("krabler", "krabler"),
    ("queen of hearts", "queen-of-hearts"), ("red 6s", "red-sixes"), ("9♠", "i-got-the-nine"),
])
def test_rules_lookup(capsys, query, expected):
    code, out, _ = run(capsys, "rules", query, "--json")
    found = json.loads(out)
    assert code == 0 and expected in [r["id"] for r in found[:3]]
    first = found[0]
    assert {"name", "text", "source", "settings", "interpretation", "examples"} <= set(first)


def test_rules_lookup_miss(capsys):
    code, out, _ = run(capsys, "rules", "zebra")
    assert code == 1 and "No rule matches" in out


def test_malformed_file_names_the_line_and_records_nothing(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "table_opened", "game": "bonedoneskis", "seats": [1, 2]}\n{"type": "card_dealt", "seat": 1}\n')
    db = tmp_path / "night.db"
    code, _, err = run(capsys, "replay", str(bad), "--db", str(db))
    assert code == 2 and "bad.jsonl:2" in err and "missing field 'card'" in err
    assert not db.exists()


def test_refused_event_names_the_line(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "table_opened", "game": "bonedoneskis", "seats": [1, 2]}\n'
                   '{"type": "hand_started", "hand": 1, "dealer": 2}\n'
                   '{"type": "bet", "seat": 1}\n')
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 2 and "bad.jsonl:3: bet refused" in err


def test_missing_file_and_missing_store(tmp_path, capsys):
    code, _, err = run(capsys, "replay", str(tmp_path / "nope.jsonl"))
    assert code == 2 and "no such file" in err
    code, _, err = run(capsys, "ledger", "--db", str(tmp_path / "nope.db"))
    assert code == 2 and "no store" in err


def test_eval_plain_and_json(capsys):
    code, out, _ = run(capsys, "eval", "7H 7S 2C 5D 5S AC")
    assert code == 0 and out.startswith("Two pair")
    code, out, _ = run(capsys, "eval", "7H 7S 2C 5D 5S AC", "--wild", "7H 7S", "--json")
    data = json.loads(out)
    assert data["category"] in ("four_of_a_kind", "full_house") and set(data["plays_as"]) == {"7H", "7S"}
    code, _, err = run(capsys, "eval", "7H 7X")
    assert code == 2 and "7X" in err


def test_refused_event_with_store_records_nothing(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "table_opened", "game": "bonedoneskis", "seats": [1, 2]}\n'
                   '{"type": "hand_started", "hand": 1, "dealer": 2}\n'
                   '{"type": "bet", "seat": 1}\n')
    db = tmp_path / "night.db"
    code, _, err = run(capsys, "replay", str(bad), "--db", str(db))
    assert code == 2 and "nothing recorded" in err
    from webui.store import Store
    with Store(db) as store:
        assert list(store.db.query("select count(*) as n from events"))[0]["n"] == 0
        assert list(store.db.query("select count(*) as n from ledger"))[0]["n"] == 0
