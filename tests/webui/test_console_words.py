"""What a person reads on the host console is in words with names: whole fixture hands played
through the app, and after every event neither the console's state nor the POST answer that
entered it holds an event dump (`card_dealt(seat=1, ...)`) or a seat number where a name belongs
("Seat 1: pay..."), outside the fields that keep the referee's own words (`raw_*`, `prompt`,
`label`). Also: the new-night form's settings in words (/api/games), the camera's words
(webui/console_words.py) and an undo refused in words."""

from __future__ import annotations

import re

import pytest
from dashboard_kit import Phone, start_night
from hands_kit import Table

# an event as the referee dumps it: "card_dealt(seat=1, card=4♥, ...)", "hand_started(hand=1, ...)"
DUMP = re.compile(r"\b[a-z_]+\((?:seat|hand|card|target|type|rule|reason)=")
SEAT_NUMBER = re.compile(r"\b[Ss]eats? \d")
# fields that keep the referee's words on purpose, and those that are not sentences
KEPT = ("raw_text", "raw_why", "raw_event", "raw_events", "prompt", "label", "post", "key", "token", "join_url")
# "Seat 2" may stay where the seat itself is the subject (the console's seat list, a seat's own hand-over)
SAID = ("text", "why", "event", "events", "answer", "error", "where")


def said_fields(value, path=""):
    """(path, text) of every sentence a person reads in a JSON answer."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k in KEPT:
                continue
            if k in SAID and isinstance(v, str):
                yield f"{path}.{k}", v
            elif k in SAID and isinstance(v, list) and all(isinstance(x, str) for x in v):
                yield from ((f"{path}.{k}[{i}]", x) for i, x in enumerate(v))
            else:
                yield from said_fields(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from said_fields(v, f"{path}[{i}]")


def in_words(value, where: str) -> None:
    for path, text in said_fields(value):
        assert not DUMP.search(text), f"{where} {path}: an event dump: {text!r}"
        assert not SEAT_NUMBER.search(text), f"{where} {path}: a seat number where a name belongs: {text!r}"


@pytest.mark.parametrize("name", ["02-dueling-snowmen", "03-black-jack-and-threes", "04-trades", "06-killer-four"])
def test_the_console_and_its_answers_say_everything_in_words(dash, dash_host, name):
    table = Table(dash, dash_host, name)
    for raw, how, _ in table.play():
        state = dash_host.get("/api/host/state").get_json()
        in_words(state, f"{name} after {raw['type']}: /api/host/state")
    # the answers: each accepted event's announcements, as the toasts show them
    answers = dash_host.get("/api/feed").get_json()
    in_words(answers, f"{name}: /api/feed")


def test_post_answers_name_the_players_and_keep_the_referees_words(dash, dash_host):
    start_night(dash_host)
    r = dash_host.post("/api/host/event", {"event": {"type": "hand_started", "hand": 1, "dealer": 3}})
    said = r.get_json()["announcements"]
    assert said[0]["text"].startswith("Hand 1: dealer Cleo") and said[0]["raw_text"].startswith("Hand 1: dealer seat 3")
    in_words(r.get_json(), "hand_started answer")


def test_the_new_night_form_gets_each_setting_in_words_with_its_allowed_values(dash):
    games = {g["id"]: g for g in Phone(dash).get("/api/games").get_json()}
    fields = {f["name"]: f for f in games["bonedoneskis"]["settings"]}
    eights = fields["snowmen_eights"]
    assert eights["help"] == "Dueling Snowmen: which 8s start a war"
    assert eights["choice_words"] == [{"value": "any", "text": "any two 8s"}, {"value": "red", "text": "only the two red 8s"}]
    assert fields["bets"]["choices"] == ["tracked", "untracked"] and len(fields["bets"]["choice_words"]) == 2
    assert fields["fee"]["choice_words"] == [] and fields["fee"]["allowed"].startswith("an amount")
    assert all(f["help"] for g in games.values() for f in g["settings"]), "every setting explained"


def test_the_camera_words():
    from referee.engine import Refusal
    from referee.events import CardDealt, HandStarted, parse_any_card
    from webui.console_words import ConsoleWords, undo_refusal
    words = ConsoleWords({1: "Ann", 2: "Ben"}, None)
    assert words.place("seat:2") == "Ben's place" and words.place("pot") == "the pot" and words.place("seat:7") == \
        "seat 7's place"
    assert words.said("card turned up in seat:1; waiting for seat 2: pay $2.50") == \
        "card turned up in Ann's place; waiting for Ben: pay $2.50"
    seen = {"kind": "dealt", "zone": "seat:1", "card": "7H", "up": True, "frame": 12}
    assert words.observation(seen) == "The 7♥ dealt at Ann's place (frame 12)"
    moved = {"kind": "moved", "zone": "seat:2", "from_zone": "seat:1", "card": None, "up": False, "frame": 3}
    assert words.observation(moved) == "A face-down card moved to Ben's place from Ann's place (frame 3)"
    playing = ConsoleWords({1: "Ann"}, seen=set())       # a playing host sees no face-down card
    assert playing.card("KH", False) == "a face-down card" and words.card("KH", False) == "a face-down card (the K♥)"
    assert words.event(CardDealt(1, parse_any_card("7H"), True, 4)) == "The 7♥ dealt face up to Ann on fourth street"
    log = (HandStarted(1, 2), CardDealt(1, parse_any_card("7H"), True, 3))
    refusal = Refusal(f"cannot undo event 1 ({log[0].describe()}): event 2 ({log[1].describe()}) depends on it: "
                      "no hand is being played at seat 1")
    assert undo_refusal(refusal, log, {1: "Ann", 2: "Ben"}) == (
        "cannot undo event 1 (hand 1 started, Ben dealing): event 2 (the 7♥ dealt face up to Ann on third street) "
        "depends on it: no hand is being played at Ann")
    odd = Refusal("event 3 is already undone")
    assert undo_refusal(odd, log, {}) == "event 3 is already undone"
