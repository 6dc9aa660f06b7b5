"""Whole Bonnu rounds: each fixture in `rounds/` is replayed with `croupier replay --game bonnu FILE
--json` and must say exactly the announcements of its `.expected.json` and leave its table (the
host's view: the top card, who is on turn, every seat's count, the rulings, penalties and scores).

Each `NAME.bonnu.jsonl` is written by `rounds/make_bonnu_rounds.py` (one function per fixture,
its docstring the hand check, also the file's # header). `KEY` repeats, independently of the expected
files, the facts of each fixture worked out by hand from the sheet and the default settings.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from referee.engine import apply, options, replay, view
from referee.events import loads_jsonl
from referee.game import HOST
from referee.games.bonnu.catalog import RULES_BY_ID
from referee.games.bonnu.deck import DECK
from referee.state import State
from tests.referee import fixture_replay
from tests.referee.fixture_replay import assert_matches_expected

ROUNDS = Path(__file__).parent / "rounds"
sys.path.insert(0, str(ROUNDS))

import make_bonnu_rounds  # noqa: E402

NAMES = sorted(make_bonnu_rounds.FIXTURES)


def path(name: str) -> Path:
    return make_bonnu_rounds.WRITER.path(name)


def replay_cli(name: str, capsys) -> dict:
    return fixture_replay.replay_cli("bonnu", path(name), capsys)


def key(winner, scores, counts, said=(), top=None):
    return dict(winner=winner, scores=scores, counts=counts, said=list(said), top=top)


KEY = {
    "01-free-first-lead-and-draw": key(None, {"1": 0, "2": 0, "3": 0}, [5, 5, 7], top="blue:1", said=[
        ("opening-draw", "Seat 1 drew highest and leads"), ("first-lead", "the first card: any card leads"),
        ("draw", "Seat 3 cannot play and draws (8 in hand)")]),
    "02-reach-said-and-missed": key(None, {"1": 0, "2": 0}, [1, 2], said=[
        ("reach", "Reach by seat 1 at 11.30 s, their card at 11.00 s: in time"),
        ("missed-reach", "seat 2 went down to one card without shouting Reach!")]),
    "03-bonnu-said": key(1, {"1": 1, "2": 0}, [0, 1], said=[("round-won", "Bonnu by seat 1 at 13.40 s")]),
    "04-bonnu-missed": key(2, {"1": 0, "2": 1}, [1, 0], said=[
        ("missed-bonnu", "seat 1 laid the last card without shouting Bonnu!"), ("round-won", "Bonnu by seat 2 at 17.30 s")]),
    "05-wrong-card-and-wrong-cut": key(None, {"1": 0, "2": 0, "3": 0}, [6, 7, 7], top="white:3", said=[
        ("wrong-card", "seat 2 laid yellow:7, which matches neither"), ("wrong-cut", "a Cut lays two or more cards")]),
    "06-cut-in-time": key(None, {"1": 0, "2": 0, "3": 0}, [5, 7, 5], top="black:4", said=[
        ("cut", "Cut by seat 3 at 12.41 s, seat 2's card at 12.58 s: in time"),
        ("claim-window", "Seat 2's red:5 at 12.58 s came after a claim stamped before it")]),
    "07-cut-one-frame-late": key(None, {"1": 0, "2": 0, "3": 0}, [6, 6, 6], top="red:8", said=[
        ("claim-window", "seat 2's card at 12.58 s: too late")]),
    "08-cut-chain": key(None, {"1": 0, "2": 0, "3": 0}, [6, 5, 6], top="yellow:3", said=[
        ("cut", "Cut! Seat 2 lays blue:3 yellow:3; yellow:3 on top, seat 3 to play")]),
    "09-cut-leaves-one": key(None, {"1": 0, "2": 0, "3": 0}, [6, 7, 1], top="black:3#1", said=[
        ("reach", "Reach by seat 3 at 1.90 s")]),
    "10-cut-empties-the-hand": key(3, {"1": 0, "2": 0, "3": 1}, [6, 7, 0], said=[("round-won", "Bonnu by seat 3")]),
    "11-bonnu-by-equality": key(3, {"1": 0, "2": 0, "3": 1}, [5, 7, 0], said=[
        ("bonnu-equal", "red:4 blue:3 white:2 = 9, on black:9")]),
    "12-bonnu-with-minus-ones": key(3, {"1": 0, "2": 0, "3": 1}, [5, 7, 0], said=[
        ("bonnu-equal", "red:7 red:-1 blue:-1 = 5")]),
    "13-bonnu-ten-on-a-zero": key(3, {"1": 0, "2": 0, "3": 1}, [6, 7, 0], said=[
        ("bonnu-ten", "= 30, on white:0")]),
    "14-bonnu-wrong-total": key(None, {"1": 0, "2": 0, "3": 0}, [6, 6, 8], top="yellow:0", said=[
        ("wrong-bonnu", "the hand totals 31")]),
    "15-cut-and-bonnu-race": key(3, {"1": 0, "2": 0, "3": 1}, [6, 7, 0], said=[
        ("claim-race", "Bonnu by seat 3 at 5.30 s, seat 2's Cut at 5.40 s: first"),
        ("claim-race", "Seat 2's Cut comes too late")]),
    "16-two-cuts-in-the-tie-margin": key(None, {"1": 0, "2": 0, "3": 0}, [6, 5, 5], top="black:3", said=[
        ("claim-race", "too close to say who was first"), ("cut", "Cut! Seat 3 lays white:3 black:3; black:3 on top, "
                                                                   "seat 1 to play")]),
    "17-simple-game": key(3, {"1": 0, "2": 1, "3": 2}, [7, 6, 0], said=[("simple-game", "Seat 3 has won 2 rounds: Bonnu Master")]),
    "18-bonnu-100-game": key(2, {"1": 13, "2": 15, "3": 31}, [7, 0, 6], said=[
        ("bonnu-100", "Round 2 scores: seat 1 -5, seat 2 0, seat 3 31"),
        ("bonnu-100", "seat 1 has the lowest total, 13: Bonnu Master")]),
    "19-play-drawn": key(None, {"1": 0, "2": 0, "3": 0}, [7, 5, 8], top="yellow:0", said=[
        ("draw", "Seat 3 cannot play and draws (8 in hand); it may lay the drawn card, yellow:5, or keep it"),
        ("draw", "Seat 1 keeps the drawn card; seat 2 to play"),
        ("draw", "Seat 3 cannot play and draws (8 in hand); seat 1 to play")]),
}


def test_every_fixture_is_checked_by_hand():
    assert set(KEY) == set(NAMES) == {p.name.split(".")[0] for p in ROUNDS.glob("*bonnu*.jsonl")}


@pytest.mark.parametrize("name", NAMES)
def test_the_fixture_is_its_generator(name):
    assert path(name).read_text(encoding="utf-8") == make_bonnu_rounds.WRITER.text(name)


@pytest.mark.parametrize("name", NAMES)
def test_replay_matches_the_expected_file(name, capsys):
    got = replay_cli(name, capsys)
    exp = fixture_replay.expected_of(path(name))
    assert_matches_expected(got, exp)


@pytest.mark.parametrize("name", NAMES)
def test_the_facts_worked_out_by_hand(name, capsys):
    table, facts = replay_cli(name, capsys), KEY[name]
    said = table["announcements"]
    table = table["table"]
    assert table["winner"] == facts["winner"] and table["scores"] == facts["scores"]
    assert [s["cards"] for s in table["seats"]] == facts["counts"]
    if facts["top"]:
        assert table["top"] == facts["top"]
    for rule, words in facts["said"]:
        assert any(a["rule"] == rule and words in a["text"] for a in said), (rule, words)


@pytest.mark.parametrize("name", NAMES)
def test_every_announcement_names_a_registered_rule(name):
    """The rule lookup ("why was I charged?") finds each announcement's rule object by its id; the
    core's own lines (the table opened, a round started) name none."""
    state, said = replay(loads_jsonl(path(name).read_text(encoding="utf-8")))
    unknown = {a.rule for a in said if a.rule and a.rule not in RULES_BY_ID}
    assert not unknown, unknown
    assert any(a.rule for a in said)


BONNU_ACTIONS = {"lay", "draw", "keep", "cut", "bonnu", "shout", "show", "decide", "opening", "deal", "time"}


@pytest.mark.parametrize("name", NAMES)
def test_every_option_along_the_way_names_a_registered_rule(name):
    """So does every button of Bonnu's a phone or the console is given, after every event of the
    fixture (the core's own: start, call off, sit out, name no Bonnu rule)."""
    state, unknown = State(), set()
    for event in loads_jsonl(path(name).read_text(encoding="utf-8")):
        state, _ = apply(state, event)
        for seat in (None, *state.seats):
            unknown |= {(o.action, o.rule) for o in options(state, seat)
                        if o.action in BONNU_ACTIONS and o.rule not in RULES_BY_ID}
    assert not unknown, unknown


@pytest.mark.parametrize("name", NAMES)
def test_replaying_the_final_log_gives_the_same_view(name):
    state, _ = replay(loads_jsonl(path(name).read_text(encoding="utf-8")))
    again, _ = replay(state.log.to_tuple())
    for viewer in (HOST, None, *state.seats):
        assert view(again, viewer) == view(state, viewer)


CODES = {c.code for c in DECK}


def _codes(value) -> set[str]:
    if isinstance(value, dict):
        return set().union(set(), *(_codes(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(set(), *(_codes(v) for v in value))
    return {value} if isinstance(value, str) and value in CODES else set()


@pytest.mark.parametrize("name", NAMES)
def test_hands_stay_hidden(name):
    """After every event the public view names no card but those laid on the pile, drawn for the lead
    or laid face up; a seat's view adds only the cards dealt or drawn to it."""
    state, seen, own = State(), set(), {}
    for event in loads_jsonl(path(name).read_text(encoding="utf-8")):
        state, _ = apply(state, event)
        card, cards = getattr(event, "card", None), getattr(event, "cards", ())
        if event.type == "card_dealt" and event.deck == "opening" or event.type in ("card_laid", "cut_laid",
                                                                                   "bonnu_claimed", "hand_shown"):
            seen |= {c.code for c in (card, *cards) if c is not None}
        elif event.type in ("card_dealt", "card_drawn") and card is not None:
            own.setdefault(event.seat, set()).add(card.code)
        assert _codes(view(state, None)["bonnu"]) <= seen, event.describe()
        for seat in state.seats:
            assert _codes(view(state, seat)["bonnu"]) <= seen | own.get(seat, set()), (seat, event.describe())
