"""webui/wording.py: names for seats, every event type told as a sentence (a card the viewer may not
see left unnamed), announcements with names and the referee's words kept; the settings told in
words; and the option labels of every fixture saying what they do with the money."""

from __future__ import annotations

import dataclasses
import re
from decimal import Decimal
from pathlib import Path

import pytest

import referee.games  # noqa: F401  (the games join the registry)
from referee import engine, events as ev, registry
from referee.announcements import Announcement, Kind
from referee.cards import Card
from referee.events import loads_jsonl
from referee.money import fmt
from referee.state import State
from webui import views
from webui.wording import announcement_json, event_text, named, told_types

NAMES = {1: "Ann", 2: "Ben", 3: "Cleo"}
HANDS = Path(__file__).resolve().parents[1] / "referee" / "hands"
FOUR, KING = Card(4, "H"), Card(13, "C")
DUMP = re.compile(r"\w+\(\w+=|\w=")          # "card_dealt(seat=1, ..." or "seat=1"


def sample(cls: type[ev.Event]) -> ev.Event:
    """An event of `cls` with every field that may name a card naming one, seats 1 and 2."""
    values = {"int": 1, "int | None": 1, "bool": False, "str": "misdeal", "Decimal": Decimal("2.50"),
              "Decimal | None": Decimal("2.50"), "AnyCard": FOUR, "AnyCard | None": FOUR, "dict": {},
              "tuple[int, ...]": (1, 2), "tuple[AnyCard, ...]": (FOUR, KING), "tuple[str, ...]": ("x",)}
    kwargs = {}
    for f in dataclasses.fields(cls):
        if f.name in ("to", "rule", "memo", "deck", "correction") and f.default is not dataclasses.MISSING:
            continue                                   # keep defaults that must be well formed
        kwargs[f.name] = values[str(f.type)]
    if cls is ev.CardsSwapped or cls is ev.CardMoved:
        kwargs.update({k: 2 for k in ("seat_b", "to_seat") if k in kwargs})
    if cls is ev.CardCorrected:
        kwargs.update(to=KING, reason="misread")
    if cls is ev.Undo:
        kwargs.update(target=2, reason="dealt by mistake")
    if cls.type == "trump_named":
        kwargs.update(suit="H")
    if cls.type in ("roem_declared", "roem_challenged"):
        kwargs.update(amount=50)
    return cls(**kwargs)


ALL = sorted(ev.Event.registry.values(), key=lambda c: c.type)


def test_every_event_type_is_told():
    assert set(ALL) <= told_types()


@pytest.mark.parametrize("cls", ALL, ids=lambda c: c.type)
def test_every_event_type_is_a_sentence_with_names_and_no_dump(cls):
    event = sample(cls)
    log = (ev.TableOpened("bonedoneskis", (1, 2, 3)), ev.CardDealt(1, FOUR, False, 3))
    for seen in (None, set()):
        text = event_text(event, NAMES, seen, log=log)
        assert text and not DUMP.search(text) and not re.search(r"[a-z]_[a-z]", text), text
        assert not re.search(r"\bseat [12]\b", text), text           # names, not seat numbers
    hidden = event_text(event, NAMES, set(), log=log)
    if not getattr(event, "up", False):
        assert "4♥" not in hidden and "K♣" not in hidden, hidden     # a card the viewer may not see


def test_a_card_dealt_told_for_each_viewer():
    down, up = ev.CardDealt(1, FOUR, False, 3), ev.CardDealt(1, FOUR, True, 5)
    assert event_text(down, NAMES) == "the 4♥ dealt face down to Ann on third street"
    assert event_text(down, NAMES, {"KC"}) == "a face-down card dealt to Ann on third street"
    assert event_text(up, NAMES, set()) == "the 4♥ dealt face up to Ann on fifth street"
    assert event_text(ev.CardDealt(2, FOUR, True, None, "war"), NAMES) == "the 4♥ dealt face up to Ben from the war deck"


def test_bets_decisions_and_undo_in_words():
    assert event_text(ev.Raise(2), NAMES, paid=Decimal("1.50"), level=Decimal("2")) == "Ben raises to $2.00"
    assert event_text(ev.Call(3), NAMES, paid=Decimal("1")) == "Cleo calls $1.00"
    assert event_text(ev.Check(1), NAMES) == "Ann checks"
    assert event_text(ev.BringIn(1), NAMES, paid=Decimal("0.5")) == "Ann brings in for $0.50"
    pay = ev.Decision(1, "black-jack", "pay")
    assert event_text(pay, NAMES, paid=Decimal("2.50")) == "Ann pays $2.50 (Black Jack)"
    trade = ev.Decision(1, "eight-ball", "trade", target_seat=2, card=KING)
    assert event_text(trade, NAMES, {"KC"}, paid=Decimal("2.50")) == \
        "Ann trades (8 Ball), naming Ben's K♣, paying $2.50"
    assert "a face-down card of Ben's" in event_text(trade, NAMES, set())
    log = (ev.TableOpened("bonedoneskis", (1, 2)), ev.CardDealt(1, FOUR, False, 3))
    undo = ev.Undo(2, "wrong seat")
    assert event_text(undo, NAMES, log=log) == \
        "the host undid event 2 (the 4♥ dealt face down to Ann on third street) because: wrong seat"
    assert "4♥" not in event_text(undo, NAMES, set(), log=log)


def test_named_writes_seats_and_lists_of_seats_as_names():
    assert named("Seat 1: pay $2.50 or fold; seat 3 wins", NAMES) == "Ann: pay $2.50 or fold; Cleo wins"
    assert named("Seats 2 and 3 each put $2.50 in", NAMES) == "Ben and Cleo each put $2.50 in"
    assert named("seats 1, 2, 3", NAMES) == "Ann, Ben, Cleo"
    assert named("seat 7 and seats 1, 7", NAMES) == "seat 7 and seats 1, 7"      # nobody at seat 7


def test_an_announcement_keeps_the_referees_words():
    ann = Announcement(4, "bonedoneskis", Kind.HAND_OVER, "Hand 1 over: seat 3 wins $46.00 (a Bonedoneskis).")
    shown = announcement_json(ann, NAMES)
    assert shown["text"] == "Hand 1 over: Cleo wins $46.00 (a Bonedoneskis)."
    assert shown["raw_text"] == ann.text and shown["id"] == 4


# ------------------------------------------------------------------------- settings
@pytest.mark.parametrize("gid", sorted(registry.games()))
def test_every_setting_is_explained_in_words(gid):
    cls = registry.games()[gid].settings_class
    for said in cls().explained():
        assert said["name"] in cls.HELP, f"{gid}: {said['name']} has no explanation"
        assert said["text"].startswith(cls.HELP[said["name"]] + ": ") and "_" not in said["text"], said
        assert said["allowed"], said
    games = {g["id"]: g for g in views.games()}
    assert all(f["help"] and f["allowed"] and f["text"] for f in games[gid]["settings"])


def test_a_setting_and_its_allowed_values_in_words():
    cls = registry.games()["bonedoneskis"].settings_class
    said = {s["name"]: s for s in cls(snowmen_eights="red", war_tie="replay").explained()}
    assert said["snowmen_eights"]["text"] == "Dueling Snowmen: which 8s start a war: only the two red 8s"
    assert said["snowmen_eights"]["allowed"] == '"any" (any two 8s) or "red" (only the two red 8s)'
    assert said["war_tie"]["text"].endswith(": the war is fought again")
    assert said["fee"]["text"].endswith(": $2.50") and said["extension"]["text"].endswith(": yes")


# ------------------------------------------------------------------------- labels
def every_option():
    """(fixture, option) for every option of every seat and the host at every event of every fixture."""
    for path in sorted(HANDS.glob("*.jsonl")):
        state = State()
        for event in loads_jsonl(path.read_text(encoding="utf-8")):
            state, _ = engine.apply(state, event)
            for seat in (None, *state.seats):
                for option in engine.options(state, seat):
                    yield path.stem, option


def test_option_labels_are_sentences_that_say_the_money():
    kinds = set()
    for name, o in every_option():
        choice = getattr(o.event, "choice", "")
        kinds.add((o.action, o.rule, choice))
        assert len(o.label.split()) >= 2, (name, o.label)                         # not a bare "Sell"
        if o.cost:
            assert fmt(o.cost) in o.label, (name, o.label)                        # what it takes
        if o.action == "decide" and o.rule == "threes":
            assert re.fullmatch(r"(Sell|Keep) the 3[♠♥♦♣].*", o.label), o.label
        if o.action == "raise":
            assert o.label.startswith("Raise to $"), o.label
    # every kind of answer in the fixtures was looked at
    assert {("decide", "threes", "sell"), ("decide", "black-jack", "pay"), ("decide", "eight-ball", "trade"),
            ("raise", "", ""), ("call", "", ""), ("swap", "straight-up", "")} <= kinds
