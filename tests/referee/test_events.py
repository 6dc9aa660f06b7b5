from decimal import Decimal

import pytest

from referee.cards import Card
from referee.events import (Bet, CardDealt, Decision, Event, EventError, HandStarted, TableOpened, Undo,
                            dumps, dumps_jsonl, from_json, loads_jsonl)


def test_every_event_type_round_trips_through_json():
    samples = [
        TableOpened("bonedoneskis", (1, 2, 3), {"ante": "0.50"}),
        HandStarted(1, 3),
        CardDealt(2, Card(9, "D"), True, 3),
        CardDealt(2, None, False),
        Decision(3, "black-jack", "pay"),
        Decision(None, "i-got-the-nine", "confirmed", target_seat=2),
        Bet(4, Decimal("1.00")),
        Undo(7, "wrong card"),
    ]
    for event in samples:
        again = from_json(__import__("json").loads(dumps(event)))
        assert again == event


def test_jsonl_reads_comments_and_blank_lines():
    text = '# a hand\n\n{"type": "hand_started", "hand": 1, "dealer": 2}\n{"type": "card_dealt", "seat": 1, "card": "9♦", "up": true}\n'
    events = loads_jsonl(text)
    assert events == [HandStarted(1, 2), CardDealt(1, Card(9, "D"), True)]
    assert loads_jsonl(dumps_jsonl(events)) == events


@pytest.mark.parametrize("line,message", [
    ('{"type": "card_delt", "seat": 1}', "unknown event type 'card_delt'"),
    ('{"type": "card_dealt", "seat": 1, "up": true}', "missing field 'card'"),
    ('{"type": "card_dealt", "seat": 1, "card": "9X", "up": true}', "field 'card'"),
    ('{"type": "card_dealt", "seat": "one", "card": "9D", "up": true}', "field 'seat'"),
    ('{"type": "card_dealt", "seat": 1, "card": null, "up": true}', "face-up card must say"),
    ('{"type": "bet", "seat": 1, "amount": "-1"}', "more than zero"),
    ('{"type": "bet", "seat": 1, "amount": 0.001}', "fractions of a cent"),
    ('{"type": "hand_started", "hand": 1, "dealer": 2, "colour": "red"}', "unknown field"),
    ('{"type": "undo", "target": 3, "reason": "  "}', "needs a reason"),
    ('[1, 2]', "must be a JSON object"),
    ('{"type": "payment", "seat": 1, "amount": "1.00", "to": ""}', "a payment goes to"),
    ('{"type": "payment", "seat": 1, "amount": "1.00", "to": "seat:1"}', "cannot pay itself"),
    ('{"type": "hand_started", "hand": 1,', "not valid JSON"),
])
def test_bad_lines_name_the_line(line, message):
    text = '{"type": "hand_started", "hand": 1, "dealer": 2}\n' + line + "\n"
    with pytest.raises(EventError) as info:
        loads_jsonl(text, "hand.jsonl")
    assert "hand.jsonl:2:" in str(info.value) and message in str(info.value)


def test_events_are_frozen_and_registered():
    e = HandStarted(1, 2)
    with pytest.raises(Exception):
        e.hand = 3  # type: ignore[misc]
    assert Event.registry["card_dealt"] is CardDealt
