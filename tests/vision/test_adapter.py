"""Adapter: observations -> referee events, using the referee's state so one physical fact is
at most one event (trades settled by decisions, sold cards, mucking, showdown)."""

from pathlib import Path

from referee.engine import apply, replay
from referee.events import CardDealt, HandShown, loads_jsonl
from referee.script import play
from vision.adapter import Adapter
from vision.observations import DEALT, EXPOSED, MOVED, REMOVED, Observation

DEMO = Path(__file__).resolve().parents[2] / "webui" / "data" / "demo-hand.jsonl"
OPEN = "open bonedoneskis 1 2 3 4\nhand 1 dealer 4\n"


def obs(kind, zone, card=None, up=True, frame=0, **kw):
    return Observation(kind, frame, 1, zone, card, up, **kw)


def state_of(script):
    return play(OPEN + script)[0]


def camera_demo(upto=None):
    """The demo hand as the camera sees it: hole cards unseen."""
    out = []
    for e in loads_jsonl(DEMO.read_text())[:upto]:
        if isinstance(e, CardDealt) and not e.up:
            e = CardDealt(e.seat, None, False, e.street, e.deck)
        out.append(e)
    return out


def test_deals_face_down_hide_the_card_face_up_name_it():
    a, st = Adapter(), state_of("")
    ev = a.translate(obs(DEALT, "seat:2", None, up=False), st)
    assert [e.to_json() for e in ev] == [CardDealt(2, None, False).to_json()]
    st = state_of("down 1 ?, 2 ?, 3 ?, 4 ?\ndown 1 ?, 2 ?, 3 ?, 4 ?")
    ev = a.translate(obs(DEALT, "seat:1", "QC"), st)
    assert ev[0].card.code == "QC" and ev[0].up and ev[0].seat == 1


def test_unconfirmed_waits_for_the_host():
    a, st = Adapter(), state_of("down 1 ?, 2 ?, 3 ?, 4 ?\ndown 1 ?, 2 ?, 3 ?, 4 ?")
    o = obs(DEALT, "seat:3", "8S", unconfirmed=True, candidates=("8S", "6S"))
    assert a.translate(o, st) == []
    assert len(a.needs_host) == 1 and "8S/6S" in a.needs_host[0].reason
    ev = a.confirm(0, "6S", st)
    assert ev[0].card.code == "6S" and a.needs_host == []


def test_nothing_outside_a_hand():
    a = Adapter()
    assert a.translate(obs(DEALT, "seat:1", "AS"), play("open bonedoneskis 1 2 3 4")[0]) == []
    assert a.ignored and "no hand" in a.ignored[-1].reason


def test_exposed_in_play_and_not_twice():
    st, _ = replay(camera_demo(37))  # street 5 dealt: seat 2 must turn up a hole card (King's Men)
    a = Adapter()
    ev = a.translate(obs(EXPOSED, "seat:2", "5C"), st)
    assert [e.type for e in ev] == ["card_exposed"]
    st, _ = apply(st, ev[0])
    assert a.translate(obs(EXPOSED, "seat:2", "5C"), st) == []


def test_trade_settled_by_decision_gives_no_event_and_a_physical_swap_does():
    st, _ = replay(camera_demo(29))  # after the trade decision: the referee has swapped 9D and 7H
    a = Adapter()
    assert a.translate(obs(MOVED, "seat:3", "9D", from_zone="seat:1", frame=5), st) == []
    assert a.translate(obs(MOVED, "seat:1", "7H", from_zone="seat:3", frame=6), st) == []
    assert a.flush(100, st) == []
    st, _ = replay(camera_demo(28))  # before it: the camera's swap is the trade
    a = Adapter()
    assert a.translate(obs(MOVED, "seat:1", "7H", from_zone="seat:3", frame=5), st) == []
    ev = a.translate(obs(MOVED, "seat:3", "9D", from_zone="seat:1", frame=6), st)
    assert [e.to_json() for e in ev] == [{"type": "cards_swapped", "seat_a": 1, "card_a": "9D", "seat_b": 3,
                                          "card_b": "7H", "correction": ""}]


def test_a_lone_move_becomes_card_moved_when_its_window_closes():
    st = state_of("down 1 ?, 2 ?, 3 ?, 4 ?\ndown 1 ?, 2 ?, 3 ?, 4 ?\nup 1 TC, 2 2D, 3 KD, 4 4S")
    a = Adapter(swap_window=10)
    assert a.translate(obs(MOVED, "seat:2", "TC", from_zone="seat:1", frame=5), st) == []
    assert a.flush(10, st) == []
    ev = a.flush(15, st)
    assert [e.to_json() for e in ev] == [{"type": "card_moved", "from_seat": 1, "card": "TC", "to_seat": 2,
                                          "correction": ""}]


def test_removed_cards():
    st, _ = replay(camera_demo(17))  # seat 2 sold the 3C: the referee took it off already
    a = Adapter()
    assert a.translate(obs(REMOVED, "seat:2", "3C"), st) == []
    assert "no longer" in a.ignored[-1].reason
    ev = a.translate(obs(REMOVED, "seat:1", "JS"), st)
    assert [e.type for e in ev] == ["card_discarded"]
    st, _ = replay(camera_demo(46))  # seats 4 and 2 folded: their cards are mucked
    assert a.translate(obs(REMOVED, "seat:4", "QC"), st) == []
    assert "folded" in a.ignored[-1].reason


def test_showdown_hole_cards_turned_up_one_by_one_are_one_hand_shown():
    st, _ = replay(camera_demo())
    assert st.hand.phase == "showdown"
    a = Adapter()
    assert a.translate(obs(EXPOSED, "seat:1", "KH"), st) == []
    assert a.translate(obs(EXPOSED, "seat:1", "QD"), st) == []
    ev = a.translate(obs(EXPOSED, "seat:1", "2C"), st)
    assert len(ev) == 1 and isinstance(ev[0], HandShown) and [c.code for c in ev[0].cards] == ["KH", "QD", "2C"]
    st, said = apply(st, ev[0])
    assert "Seat 1 shows" in said[0].text


def test_card_moved_to_the_trick_area_is_played_by_its_seat():
    st = state_of("down 1 ?, 2 ?, 3 ?, 4 ?\ndown 1 ?, 2 ?, 3 ?, 4 ?\nup 1 TC, 2 2D, 3 KD, 4 4S")
    ev = Adapter().translate(obs(MOVED, "trick", "TC", from_zone="seat:1"), st)
    assert [e.to_json() for e in ev] == [{"type": "card_played", "seat": 1, "card": "TC"}]


def test_card_dealt_into_the_trick_area_from_a_seat_is_played_by_it():
    st = state_of("down 1 ?, 2 ?, 3 ?, 4 ?\ndown 1 ?, 2 ?, 3 ?, 4 ?\nup 1 TC, 2 2D, 3 KD, 4 4S")
    ev = Adapter().translate(obs(DEALT, "trick", "TC", from_zone="seat:1"), st)
    assert [e.to_json() for e in ev] == [{"type": "card_played", "seat": 1, "card": "TC"}]
    a = Adapter()
    assert a.translate(obs(DEALT, "trick", "TC"), st) == [] and "whose" in a.needs_host[0].reason
