"""`croupier marks`: the night's Boonaken sheet from a store, to the loser who buys the drinks, and
its refusal for a game played for money."""

import json

from referee.cards import parse_cards
from referee.events import Bid, CardDiscarded, CardPlayed, HandStarted, TableOpened, dumps_jsonl
from webui.cli import DEMO_HAND, main

# Two players, hands unseen: seat 1 bids the minimum twice and takes every trick with hearts.
TRICKS = list(zip(parse_cards("AH KH QH JH TH 9H"), parse_cards("7S 8S 9S TS JS QS")))


def deal(number: int, dealer: int, bids) -> list:
    events = [HandStarted(number, dealer), *bids, *[CardDiscarded(1, None)] * 4]
    for mine, theirs in TRICKS:
        events += [CardPlayed(1, mine), CardPlayed(2, theirs)]
    return events


def test_the_sheet_to_the_loser(tmp_path, capsys):
    night = [TableOpened("boonaken", (1, 2)),
             *deal(1, 2, [Bid(1, "5"), Bid(2, "pass")]), *deal(2, 1, [Bid(2, "pass"), Bid(1, "5")])]
    path = tmp_path / "night.jsonl"
    path.write_text(dumps_jsonl(night), encoding="utf-8")
    db = tmp_path / "night.db"
    assert main(["replay", "--game", "boonaken", str(path), "--db", str(db)]) == 0
    capsys.readouterr()
    assert main(["marks", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "seat 1   marks ++" in out and "eruit" in out
    assert out.rstrip().endswith("Seat 2 buys the drinks!")
    assert main(["marks", "--db", str(db), "--json"]) == 0
    sheet = json.loads(capsys.readouterr().out)
    assert sheet["losers"] == [2] and [r["status"] for r in sheet["rows"]] == ["eruit", "loser"]


def test_a_money_game_has_no_sheet(tmp_path, capsys):
    db = tmp_path / "night.db"
    assert main(["replay", str(DEMO_HAND), "--db", str(db)]) == 0
    capsys.readouterr()
    assert main(["marks", "--db", str(db)]) == 2
    assert "keeps no marks sheet" in capsys.readouterr().err
