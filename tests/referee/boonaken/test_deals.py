"""Whole Boonaken deals: each fixture in `deals/` is replayed with `croupier replay --game boonaken
FILE --json` and must say exactly the announcements of its `.expected.json` and leave its table
(the host's view: sheet, results, revokes, roem).

Each `NAME.jsonl` is written by `deals/make_deals.py` (one function per fixture, its docstring the
hand check, also the file's # header). The `KEY` table below repeats, independently of the
expected files, the facts of each deal worked out by hand from the rules (boonaken-fa.txt,
boonaken.md, docs/boonaken-decisions.md): who won, the marks, the roem that counted, the revokes.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from referee.engine import replay, view
from referee.events import loads_jsonl
from referee.game import HOST
from tests.referee import fixture_replay
from tests.referee.fixture_replay import assert_matches_expected

DEALS = Path(__file__).parent / "deals"
sys.path.insert(0, str(DEALS))

import make_deals  # noqa: E402

NAMES = sorted(p.stem for p in DEALS.glob("*.jsonl"))


def replay_cli(name: str, capsys) -> dict:
    return fixture_replay.replay_cli("boonaken", DEALS / f"{name}.jsonl", capsys)


def expected(name: str) -> dict:
    return fixture_replay.expected_of(DEALS / f"{name}.jsonl")


# The facts of each fixture, by hand: (results of the last deal as {seat: won}, the marks or points
# column of the seats that matter, the declarer's roem that counted as (declared, cancelled by),
# the revokes as (seat, trick, card), the losers, and words that must be announced as (rule, words)).
def key(results, columns, roem=None, revokes=(), losers=(), said=()):
    return dict(results=results, columns=columns, roem=roem, revokes=list(revokes), losers=list(losers),
                said=list(said))


KEY = {
    "01-number-made": key({1: True}, {1: "marks +"}, said=[("scoring", "104 card points in tricks + 0 roem = 104")]),
    "02-number-failed": key({1: False}, {1: "marks −"}, said=[("trump", "No trump named: J♥ led, ♥ hearts are trump"),
                                                              ("scoring", "went down on 110")]),
    "03-roem-declared": key({1: True}, {1: "marks +"}, roem=(70, None),
                            said=[("scoring", "108 card points in tricks + 70 roem = 178")]),
    "04-roem-challenged-higher": key({1: False}, {1: "marks −"}, roem=(70, 2),
                                     said=[("roem-challenge", "(100 is more)"),
                                           ("scoring", "108 card points in tricks + 0 roem")]),
    "05-roem-equal-challenger-higher": key({1: False}, {1: "marks −"}, roem=(50, 2),
                                           said=[("roem-challenge", "A♦ beats K♥")]),
    "06-roem-equal-declarer-stands": key({1: True}, {1: "marks +"}, roem=(50, None),
                                         said=[("scoring", "107 card points in tricks + 50 roem = 157")]),
    "07-false-roem-declarer": key({1: False}, {1: "marks −"}, roem=(60, None),
                                  said=[("false-roem", "The bid is lost")]),
    "08-false-challenge-camera": key({1: True}, {1: "marks +"}, roem=(70, None),
                                     said=[("false-roem", "The challenge is void"), ("false-roem", "stands after all"),
                                           ("scoring", "+ 70 roem = 178")]),
    "09-revoke-seen-at-once": key({1: True}, {1: "marks +"}, revokes=[(2, 1, "7S")],
                                  said=[("revoke", "Seat 1 wins on the revoke")]),
    "21-roem-several-challengers-camera": key({1: True}, {1: "marks +"}, roem=(50, None),
                                              said=[("roem-challenge", "cancels seat 1's 50 roem (70 is more)"),
                                                    ("false-roem", "The challenge is void"),
                                                    ("scoring", "108 card points in tricks + 50 roem = 158")]),
    "10-revoke-proven-later-camera": key({1: True}, {1: "marks +"}, revokes=[(2, 1, "7S")],
                                         said=[("revoke", "held 10♥ (played later)")]),
    "11-boonaak-roem-held": key({1: True}, {1: "marks +"}, said=[("scoring", "boonaak with 220 roem won")]),
    "12-boonaak-roem-not-held": key({1: False}, {1: "marks −"}, said=[("false-roem", "the roem is not there")]),
    "13-boonaak-won": key({1: True}, {1: "marks +"}, said=[("scoring", "took every trick: boonaak won")]),
    "14-boonaak-lost": key({1: False}, {1: "marks −"},
                           said=[("trick", "Trick 5 to seat 4"), ("deal-certain", "loses the boonaak")]),
    "15-zwabber-won": key({1: True}, {1: "marks +"}, said=[("scoring", "zwabber won")]),
    "16-zwabber-lost": key({1: False}, {1: "marks −"}, said=[("trick", "Trick 6 to seat 4")]),
    "17-misere-single": key({1: True}, {1: "marks +"}, said=[("misere", "Seat 1 took no trick")]),
    "18-misere-chain": key({1: True, 2: False, 4: True}, {1: "marks +", 2: "marks −", 3: "no marks", 4: "marks +"},
                           said=[("centre-cards", "Seat 2 takes those 4 cards"),
                                 ("centre-cards", "Seat 4 takes those 4 cards"),
                                 ("trick", "Trick 6 to seat 2")]),
    "19-misere-overbid": key({1: True}, {1: "marks +", 2: "no marks"}, said=[("bidding", "Seat 1: 80.")]),
    "20-all-pass-redeal": key({}, {1: "no marks", 2: "no marks", 3: "no marks", 4: "no marks"},
                              said=[("redeal", "deal 1 is void"), ("deal", "Deal 2 (game 1): seat 1 deals")]),
    "30-klaverjas-order": key({1: True}, {1: "marks +"}, said=[("trick", "Trick 4 to seat 2 (7♦ 10♥ K♥ 9♦)"),
                                                               ("scoring", "114 card points")]),
    "31-no-undertrump": key({1: True}, {1: "marks +"}, revokes=[(3, 4, "TH")], said=[("revoke", "no under-trumping")]),
    "32-six-run-100": key({1: False}, {1: "marks −"}, said=[("false-roem", "bid boonaak with 200 roem")]),
    "33-roem-not-shared": key({1: True}, {1: "marks −+"}, roem=(120, None),
                              said=[("false-roem", "declared 140"),
                                    ("scoring", "84 card points in tricks + 120 roem = 204")]),
    "34-minimum-bid-25": key({1: True}, {1: "marks +"}, said=[("bidding", "Seat 1: 25."), ("scoring", "made 35")]),
    "35-misere-100-zwabber-125": key({4: True}, {4: "marks +"},
                                     said=[("bidding", "Seat 3: 105."), ("scoring", "zwabber won")]),
    "36-zwabber-with-roem": key({1: True}, {1: "marks +"}, said=[("scoring", "zwabber with 50 roem won")]),
    "37-lone-misere-trump": key({1: True}, {1: "marks +"}, said=[("trump", "names trump: ♠ spades"),
                                                                 ("trick", "Trick 1 to seat 2 (7♦ 7♠")]),
    "38-centre-one-down": key({1: True}, {1: "marks +"}, said=[("deal", "1 down and 2 up in the centre, 5 set aside")]),
    "39-six-players": key({1: True}, {1: "marks +"}, said=[("scoring", "130 card points")]),
    "40-seven-players": key({1: True}, {1: "marks +"}, said=[("scoring", "131 card points")]),
    "41-five-card-version": key({2: True}, {1: "3 points", 2: "-5 points", 3: "5 points"},
                                said=[("centre-cards", "the centre cards stay"), ("scoring", "open boonaak won")]),
    "42-points-scoring": key({1: True}, {1: "3 points", 2: "5 points"}),
    "43-two-erin-first": key({2: False, 1: False}, {1: "marks −−", 2: "marks −−"}, losers=[2]),
    "44-dealer-rotation-declarer": key({}, {1: "marks +"}, said=[("deal", "Deal 2 (game 1): seat 1 deals")]),
    "45-illegal-card-take-back": key({1: True}, {1: "marks +"}, revokes=[(2, 1, "7S")]),
    "46-illegal-card-announce": key({1: False}, {1: "marks −"}, revokes=[(2, 1, "7S")],
                                    said=[("revoke", "The table plays on")]),
    "47-stop-when-certain": key({1: True}, {1: "marks +"}, said=[("deal-certain", "the deal ends here")]),
    "48-roem-tie-trick-order": key({1: True}, {1: "marks +"}, roem=(50, None),
                                   said=[("roem-challenge", "Seat 1's 50 roem stands")]),
    "49-lone-misere-overcall-above": key({1: True}, {1: "marks +"},
                                         said=[("bidding", "Seat 2: 80."), ("scoring", "made 85")]),
    "51-two-erin-both": key({2: False, 1: False}, {1: "marks −−", 2: "marks −−"}, losers=[2, 1],
                            said=[("loser", "seats 2 and 1 lose and buy the drinks")]),
    "50-five-player-game": key({4: False}, {1: "no marks", 2: "marks ++", 3: "marks −++", 4: "marks −−", 5: "no marks"},
                               losers=[4], said=[("deal", "Deal 3 (game 1): seat 3 deals"), ("marks", "wip"),
                                                 ("loser", "seat 4 loses and buys the drinks")]),
}


def test_every_fixture_is_checked_by_hand():
    assert len(NAMES) >= 43
    assert set(NAMES) == set(KEY) == set(make_deals.FIXTURES)


@pytest.mark.parametrize("name", NAMES)
def test_the_fixture_is_its_generator(name):
    assert (DEALS / f"{name}.jsonl").read_text(encoding="utf-8") == make_deals.WRITER.text(name)


@pytest.mark.parametrize("name", NAMES)
def test_replay_matches_the_expected_file(name, capsys):
    got, exp = replay_cli(name, capsys), expected(name)
    assert_matches_expected(got, exp)


@pytest.mark.parametrize("name", NAMES)
def test_the_facts_worked_out_by_hand(name, capsys):
    table = replay_cli(name, capsys)["table"]
    facts = KEY[name]
    assert {r["seat"]: r["won"] for r in table["results"]} == facts["results"]
    columns = {row["seat"]: row["column"] for row in table["sheet"]["rows"]}
    assert {s: columns[s] for s in facts["columns"]} == facts["columns"]
    roem = table["roem"]
    assert ((roem["declared"], roem["cancelled_by"]) if roem["declared"] else None) == facts["roem"]
    assert [(r["seat"], r["trick"], r["card"]) for r in table["revokes"]] == facts["revokes"]
    assert table["sheet"]["losers"] == facts["losers"]


@pytest.mark.parametrize("name", NAMES)
def test_the_words_worked_out_by_hand(name, capsys):
    announcements = replay_cli(name, capsys)["announcements"]
    for rule, words in KEY[name]["said"]:
        assert any(a["rule"] == rule and words in a["text"] for a in announcements), (rule, words)


@pytest.mark.parametrize("name", NAMES)
def test_replaying_the_final_log_gives_the_same_view(name):
    state, _ = replay(loads_jsonl((DEALS / f"{name}.jsonl").read_text(encoding="utf-8")))
    again, _ = replay(state.log.to_tuple())
    for viewer in (HOST, None, *state.seats):
        assert view(again, viewer) == view(state, viewer)


def test_the_next_game_is_dealt_by_the_seat_right_of_the_loser():
    # Line 123: after fixture 50 (seat 4 lost), seat 3 deals game 2, so the loser bids first.
    from referee.engine import apply
    from referee.events import HandStarted
    from referee.work import Refusal
    state, _ = replay(loads_jsonl((DEALS / "50-five-player-game.jsonl").read_text(encoding="utf-8")))
    with pytest.raises(Refusal, match="seat 3 deals now"):
        apply(state, HandStarted(6, 4))
    state, said = apply(state, HandStarted(6, 3))
    assert said[-1].text.startswith("Deal 6 (game 2): seat 3 deals") and said[-1].text.endswith("Seat 4 bids first.")
    assert [row["column"] for row in view(state, HOST)["boonaken"]["sheet"]["rows"]] == ["no marks"] * 5
