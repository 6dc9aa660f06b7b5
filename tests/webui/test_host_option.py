"""The host console without raw JSON: `/api/host/option` takes any option the console was given by
its key (every kind of option in the fixtures), refuses a bad or stale reference in words, records
a double tap once; `/api/host/street` deals a round in one go and stops at the first refusal with
the cards before it kept; `/api/host/undo` undoes any of the last events; `/api/host/correct`
corrects a card, announced to everyone."""

from __future__ import annotations

import pytest

from console_kit import Console
from dashboard_kit import Phone, start_night
from hands_kit import HANDS, Table

FIXTURES = sorted(p.stem for p in HANDS.glob("*.jsonl"))
THIRD_STREET = ((1, "KH"), (2, "5S"), (3, "AH")), ((1, "QD"), (2, "5C"), (3, "9C"))


@pytest.mark.parametrize("name", FIXTURES)
def test_every_fixture_is_entered_from_buttons_only(dash, dash_host, name):
    """Each event of each fixture is a seat's button or a console option: none needs event JSON."""
    table = Table(dash, dash_host, name)
    ways = {how for _, how, _ in table.play()}
    assert ways <= {"seat", "host option"}, ways


def third_street(dash_host, ups=("8S", "TC", "KD")) -> Console:
    start_night(dash_host)
    console = Console(dash_host)
    console.press("Start hand 1", dealer=3)
    for round_ in THIRD_STREET:
        console.street(*round_)
    console.street(*zip((1, 2, 3), ups))
    return console


def test_a_pick_lists_only_the_options_targets_and_is_taken_by_them(dash, dash_host):
    console = third_street(dash_host)
    console.answer(1, "eight-ball", "pass")
    console.bets_around()
    console.street((1, "QC"), (2, "TS"), (3, "9H"))          # 10♠ up on fourth street: seat 2 must trade
    trade = next(o for o in console.options(2) if o["rule"] == "trade-cards")
    assert [(p["seat"], p["card"]) for p in trade["picks"]] == [(1, "QC"), (3, "9H")]   # fourth street's only
    r = console.take(trade, ok=False, target_seat=3, card="KD")                         # a third-street card
    assert r.status_code == 409 and "seat 3's K♦ is not one it may name" in r.get_json()["error"]
    said = console.take(trade, target_seat=1, card="QC").get_json()["announcements"]
    assert any("trade" in a["text"] for a in said)
    boards = {s["seat"]: [c["code"] for c in s["cards"]] for s in console.state()["seats"]}
    assert boards[1][-1] == "TS" and boards[2][-1] == "QC"


def test_bad_references_are_refused_in_words(dash, dash_host):
    assert Phone(dash).post("/api/host/option", {"option": "0" * 12}).status_code == 401
    r = dash_host.post("/api/host/option", {"option": "0" * 12})
    assert r.status_code == 409 and "no night is running" in r.get_json()["error"]
    console = third_street(dash_host)
    cases = [({"option": "nope"}, 400, "field 'option'"), ({}, 400, "missing field 'option'"),
             ({"option": "0" * 12}, 409, "no longer offered to the host"),
             ({"option": "0" * 12, "seat": 9}, 400, "field 'seat'")]
    for data, status, words in cases:
        r = dash_host.post("/api/host/option", data)
        assert r.status_code == status and words in r.get_json()["error"], (data, r.get_json())
    pick = next(o for o in console.options(1) if o["rule"] == "eight-ball" and o["name"] == "trade")
    assert console.take(pick, ok=False).status_code == 400                        # no target named
    r = console.take(pick, ok=False, target_seat=1, card="8S")
    assert r.status_code == 409 and "not one it may name" in r.get_json()["error"]
    assert console.take(pick, ok=False, target_seat=2, card="ZZ").status_code == 400
    console.answer(1, "eight-ball", "pass")
    r = console.take(pick, ok=False, target_seat=2, card="TC")                     # the table moved on
    assert r.status_code == 409 and "no longer offered to seat 1" in r.get_json()["error"]


def test_a_double_tap_records_once(dash, dash_host):
    console = third_street(dash_host)
    events = console.state()["events"]
    pick = next(o for o in console.options(1) if o["rule"] == "eight-ball" and o["name"] == "trade")
    first = console.take(pick, key="tap-8ball", target_seat=3, card="KD")
    second = console.take(pick, key="tap-8ball", target_seat=3, card="KD")
    assert second.headers.get("Idempotent-Replayed") == "true" and second.get_json() == first.get_json()
    state = console.state()
    assert state["events"] == events + 1
    assert [c["code"] for c in next(s for s in state["seats"] if s["seat"] == 3)["cards"]][-1] == "8S"
    assert "$2.50" in " ".join(a["text"] for a in first.get_json()["announcements"])


def test_the_deal_options_say_the_face_and_a_face_up_card_must_be_named(dash, dash_host):
    start_night(dash_host)
    console = Console(dash_host)
    console.press("Start hand 1", dealer=2)                   # the host picks another dealer
    state = console.state()
    assert state["hand"]["dealer"] == 2 and state["deal_order"] == [3, 1, 2]
    assert [(o["deal"]["seat"], o["deal"]["up"]) for o in state["options"] if o["action"] == "deal"] == \
        [(3, False), (1, False), (2, False)]                  # the first two cards of a seat: face down
    console.deal(3, None)                                     # a hole card may stay unnamed
    console.street((1, "KH"), (2, "5S"), (3, "AH"), (1, "QD"), (2, "5C"))
    ups = [o for o in console.options() if o["action"] == "deal"]
    assert [(o["deal"]["seat"], o["deal"]["up"]) for o in ups] == [(3, True), (1, True), (2, True)]
    r = console.take(ups[0], ok=False)
    assert r.status_code == 400 and "'card'" in r.get_json()["error"]


def test_a_street_stops_at_the_first_refusal_and_keeps_what_came_before(dash, dash_host):
    start_night(dash_host)
    console = Console(dash_host)
    console.press("Start hand 1", dealer=3)
    console.street(*THIRD_STREET[0])
    r = dash_host.post("/api/host/street", {"cards": [{"seat": 1, "card": "QD"}, {"seat": 2, "card": "KH"},
                                                      {"seat": 3, "card": "9C"}]}, key="street-2")
    body = r.get_json()
    assert r.status_code == 409 and body["stopped_at"] == 1 and [d["seat"] for d in body["dealt"]] == [1]
    assert "card 2 (seat 2)" in body["error"] and "K♥ is already on the table" in body["error"]
    again = dash_host.post("/api/host/street", {"cards": [{"seat": 1, "card": "QD"}, {"seat": 2, "card": "KH"},
                                                          {"seat": 3, "card": "9C"}]}, key="street-2")
    assert again.headers.get("Idempotent-Replayed") == "true"
    cards = {s["seat"]: len(s["cards"]) for s in console.state()["seats"]}
    assert cards == {1: 2, 2: 1, 3: 1}
    console.street((2, "5C"), (3, "9C"), (1, "8S"))
    r = dash_host.post("/api/host/street", {"cards": [{"seat": 1, "card": "2C"}]})
    assert r.status_code == 409 and "seat 1 is not due a card now" in r.get_json()["error"]
    bad = dash_host.post("/api/host/street", {"cards": [{"seat": 2, "card": "TC"}, {"seat": 3, "card": "??"}]})
    assert bad.status_code == 400 and {s["seat"]: len(s["cards"]) for s in console.state()["seats"]}[2] == 2


def test_undo_any_of_the_last_events_several_times(dash, dash_host):
    console = third_street(dash_host)
    undoable = console.state()["undoable"]
    assert len(undoable) == 5 and [u["target"] for u in undoable] == sorted((u["target"] for u in undoable), reverse=True)
    assert all(u["text"] for u in undoable) and undoable[0]["type"] == "card_dealt"
    # not only the latest: seat 2's face-up 10♣ (second newest); the K♦ dealt after it does not need it
    ten = next(u for u in undoable if "10♣" in u["text"] or "TC" in u["text"])
    r = dash_host.post("/api/host/undo", {"target": ten["target"], "reason": "dealt to the wrong seat"})
    assert r.status_code == 200 and "dealt to the wrong seat" in r.get_json()["announcements"][0]["text"]
    seat2 = next(s for s in console.state()["seats"] if s["seat"] == 2)
    assert [c["code"] for c in seat2["cards"]] == ["5S", "5C"]
    # one a later event depends on is refused, naming that event
    log = dash.extensions["croupier"].table.state.log.to_tuple()
    start = next(i for i, e in enumerate(log, 1) if e.type == "hand_started")
    r = dash_host.post("/api/host/undo", {"target": start, "reason": "wrong dealer"})
    assert r.status_code == 409 and "depends on it" in r.get_json()["error"]
    # in words, with names: no event dump like "hand_started(hand=1, ...)" or "card_dealt(seat=..."
    said = r.get_json()["error"]
    assert "(seat=" not in said and "(hand=" not in said, said
    assert f"cannot undo event {start} (hand 1 started, Cleo dealing)" in said, said
    # three in a row, the newest each time
    for n in range(3):
        latest = console.state()["undoable"][0]
        r = dash_host.post("/api/host/undo", {"target": latest["target"], "reason": f"undo {n + 1}"})
        assert r.status_code == 200, r.get_json()
        assert latest["target"] not in [u["target"] for u in console.state()["undoable"]]
    assert {s["seat"]: len(s["cards"]) for s in console.state()["seats"]} == {1: 2, 2: 2, 3: 1}


def test_correct_this_card(dash, dash_host):
    tokens = start_night(dash_host)
    console = Console(dash_host)
    console.press("Start hand 1", dealer=3)
    for round_ in THIRD_STREET:
        console.street(*round_)
    console.street((1, "8C"), (2, "TC"), (3, "KD"))
    phone2 = Phone(dash)
    phone2.join(tokens[2])
    r = dash_host.post("/api/host/correct", {"seat": 2, "card": "TC", "what": "identity", "to": "TD",
                                             "reason": "misread the suit"})
    assert r.status_code == 200
    said = r.get_json()["announcements"]
    assert [(a["rule"], a["text"], a["raw_text"]) for a in said] == [
        ("correction", "Host correction: Ben's 10♣ is the 10♦ (misread the suit).",
         "Host correction: seat 2's 10♣ is the 10♦ (misread the suit).")]
    assert [c["code"] for c in phone2.get("/state").get_json()["seats"][1]["cards"]][-1] == "TD"
    # a hole card corrected: the table hears that one was fixed, not which
    r = dash_host.post("/api/host/correct", {"seat": 1, "card": "KH", "what": "identity", "to": "KS", "reason": "typo"})
    text = r.get_json()["announcements"][0]["text"]
    assert r.status_code == 200 and "K♠" not in text and "K♥" not in text and "face-down" in text
    assert "KS" not in phone2.get("/state").get_data(as_text=True)
    r = dash_host.post("/api/host/correct", {"seat": 3, "card": "KD", "what": "turn_down", "reason": "dealt up by mistake"})
    assert r.status_code == 200 and r.get_json()["announcements"][0]["rule"] == "correction"
    for data, status, words in [
            ({"seat": 3, "card": "KD", "what": "identity", "to": "QD", "reason": ""}, 400, "why"),
            ({"seat": 3, "card": "KD", "what": "paint", "reason": "x"}, 400, "field 'what'"),
            ({"seat": 3, "card": "2C", "what": "identity", "to": "3C", "reason": "x"}, 409, "seat 3 has no 2♣"),
            ({"seat": 3, "card": "AH", "what": "identity", "to": "QD", "reason": "x"}, 409, "already on the table"),
            ({"seat": 3, "card": "AH", "what": "move", "reason": "x"}, 400, "to_seat")]:
        r = dash_host.post("/api/host/correct", data)
        assert r.status_code == status and words in r.get_json()["error"], (data, r.get_json())
    assert phone2.post("/api/host/correct", {"seat": 2, "card": "TD", "what": "discard", "reason": "x"}).status_code == 401
