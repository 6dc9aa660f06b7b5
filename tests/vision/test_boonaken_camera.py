"""The camera at a Boonaken table, piece by piece: its zones, the deal script made from a deal's
log, and how the adapter reads each observation (the referee's turn stood in for by a fixed view).
The whole path on a rendered video, with the real referee, is tests/vision/test_boonaken_video.py."""

from pathlib import Path
from types import SimpleNamespace

import pytest

import referee.games.boonaken.events  # noqa: F401  (registers trump_named & co. for the fixture)
from referee.cards import parse_card
from referee.events import CardDealt, CardDiscarded, CardPlayed, loads_jsonl
from vision.adapter import Adapter
from vision.adapter_tricks import TrickTable
from vision.calibration import BOONAKEN_ZONES, TableGeometry, boonaken_zones, default_zones, zones_for
from vision.dealscript import DealScript, camera_reference, from_log
from vision.dealscript_tricks import out_of_turn
from vision.observations import DEALT, EXPOSED, MOVED, REMOVED, Observation

DEAL = Path(__file__).parent / "boonaken_deal.jsonl"


def deal_log():
    return loads_jsonl(DEAL.read_text(encoding="utf-8"), str(DEAL))


# ------------------------------------------------------------------------------ zones
def test_boonaken_zones_have_every_place_inside_the_markers_and_none_overlapping():
    g = TableGeometry()
    z = boonaken_zones(4)
    assert z.names() == [f"seat:{n}" for n in (1, 2, 3, 4)] + list(BOONAKEN_ZONES)
    m = g.inset_mm + g.marker_mm / 2
    for zone in z.zones:
        xs, ys = [p[0] for p in zone.polygon], [p[1] for p in zone.polygon]
        assert m <= min(xs) and max(xs) <= g.width_mm - m and m <= min(ys) and max(ys) <= g.height_mm - m, zone
        if not zone.name.startswith("seat"):  # a card (88.9 x 63.5 mm) fits in each
            assert max(ys) - min(ys) >= 95 and max(xs) - min(xs) >= 150, zone
    # the centre of each zone is in that zone only
    for zone in z.zones:
        c = (sum(p[0] for p in zone.polygon) / 4, sum(p[1] for p in zone.polygon) / 4)
        assert z.zone_at(c) == zone.name
    assert zones_for("boonaken", 5).names()[:5] == [f"seat:{n}" for n in range(1, 6)]
    assert zones_for("bonedoneskis", 4).names() == default_zones(4).names()


# ------------------------------------------------------------------------ deal script
def test_a_boonaken_log_becomes_the_deal_as_the_camera_sees_it():
    script = from_log(deal_log(), seed=3)
    assert script.table["game"] == "boonaken" and script.table["seats"] == 4
    deals = [s for s in script.steps if s.action == "deal"]
    assert [s.zone for s in deals].count(None) == 24 and all(s.face == "down" for s in deals if s.zone is None)
    assert [(s.zone, s.card) for s in deals if s.zone and s.zone.startswith("centre")] == \
        [("centre:down", None), ("centre:down", None), ("centre:up", "AH"), ("centre:up", "KD")]
    assert sum(s.zone == "aside" for s in deals) == 4
    assert [(s.seat, s.zone) for s in script.steps if s.action == "pickup"] == \
        [(1, None), (2, None), (3, None), (4, None), (1, "centre")]
    assert [s.seat for s in script.steps if s.action == "discard"] == [1, 1, 1, 1]
    assert sum(s.action == "play" for s in script.steps) == 24
    # each trick is gathered by its winner: the next leader, and for the last one the core's winner
    assert [s.seat for s in script.steps if s.action == "gather"] == [1, 2, 2, 3, 3, 4]
    assert [e.type for _, e in script.host_events()] == ["table_opened", "hand_started"] + ["bid"] * 4 + ["trump_named"]
    ref = camera_reference(script)
    assert [e for e in ref if e.type == "card_dealt" and e.seat is not None] == [CardDealt(s, None, False) for s in
                                                                                  [e.seat for e in deal_log()
                                                                                   if e.type == "card_dealt" and e.seat]]
    assert [e.to_json() for e in ref if e.type in ("card_played", "card_discarded")] == \
        [e.to_json() for e in deal_log() if e.type in ("card_played", "card_discarded")]
    again = DealScript.loads(script.dumps())
    assert [s.to_json() for s in again.steps] == [s.to_json() for s in script.steps] and again.table == script.table


def test_a_card_played_out_of_turn_is_put_in_and_taken_back_with_no_event_of_its_own():
    script = from_log(deal_log(), seed=3)
    odd = out_of_turn(script, 5, 3, "TH")  # trick 2: seat 3 plays before seat 2
    assert camera_reference(odd) == camera_reference(script)
    plays = [(s.seat, s.card, s.expect) for s in odd.steps if s.action == "play"]
    assert plays[5] == (3, "TH", None) and plays[6][:2] == (2, "9H") and plays[7][:2] == (3, "TH")
    assert any(s.action == "pickup" and s.card == "TH" for s in odd.steps)
    with pytest.raises(ValueError, match="does not play"):
        out_of_turn(script, 10, 3, "TH")  # TH was played by then


# ---------------------------------------------------------------------------- adapter
class Table:
    """A stand-in Boonaken state: the phase, whose card the trick expects, who discards."""

    def __init__(self, phase="play", to_play=2, discarding=None):
        self.game = "boonaken"
        self.hand = SimpleNamespace(phase=phase, pending=())
        self.turn = {"to_play": to_play, "exchange": {"seat": discarding}}


def adapter() -> Adapter:
    return Adapter(tricks=TrickTable(view=lambda state, viewer: {"boonaken": state.turn}))


def obs(kind, zone, card=None, up=False, from_zone=None, track=7):
    return Observation(kind, 100, track, zone, card, up, from_zone=from_zone)


def test_cards_dealt_to_the_seats_the_centre_and_aside():
    a, state = adapter(), Table(phase="bidding", to_play=None)
    assert a.translate(obs(DEALT, "seat:3"), state) == [CardDealt(3, None, False)]
    assert a.translate(obs(DEALT, "centre:up", "AH", True), state) == [CardDealt(None, parse_card("AH"), True)]
    assert a.translate(obs(DEALT, "centre:down"), state) == [CardDealt(None, None, False)]
    assert a.translate(obs(DEALT, "pot", "KD", True), state) == [CardDealt(None, parse_card("KD"), True)]
    assert a.translate(obs(DEALT, "aside"), state) == [CardDealt(None, None, False, deck="aside")]
    assert a.translate(obs(DEALT, "seat:2", "9S", True), state) == [] and "face up" in a.needs_host[-1].reason


def test_a_discard_is_the_discarding_seats_and_waits_for_the_exchange():
    a = adapter()
    assert a.translate(obs(DEALT, "discards"), Table(phase="exchange", discarding=4)) == [CardDiscarded(4, None)]
    early = obs(DEALT, "discards")
    assert "bidding" in a.waits(early, Table(phase="bidding", to_play=None))
    assert a.waits(early, Table(phase="exchange", discarding=4)) is None


def test_a_card_in_the_trick_area_is_the_seat_whose_turn_it_is():
    a, state = adapter(), Table(to_play=2)
    qs = parse_card("QS")
    assert a.translate(obs(DEALT, "trick", "QS", True), state) == [CardPlayed(2, qs)]  # first seen off the zones
    assert a.translate(obs(DEALT, "trick", "QS", True, "seat:2"), state) == [CardPlayed(2, qs)]
    assert a.translate(obs(DEALT, "trick", "QS", True, "centre:up"), state) == [CardPlayed(2, qs)]
    assert a.translate(obs(MOVED, "trick", "QS", True, "seat:2"), state) == [CardPlayed(2, qs)]


def test_a_card_seen_coming_from_another_seat_is_that_seats_not_reattributed():
    a, state = adapter(), Table(to_play=2)
    assert a.translate(obs(DEALT, "trick", "QS", True, "seat:3"), state) == [CardPlayed(3, parse_card("QS"))]


def test_no_card_expected_or_face_down_in_the_trick_asks_the_host_and_before_play_waits():
    a = adapter()
    assert a.translate(obs(DEALT, "trick", "QS", True), Table(phase="play", to_play=None)) == []
    assert "no card is expected" in a.needs_host[-1].reason
    assert a.translate(obs(DEALT, "trick", None, False), Table(to_play=1)) == []
    assert "face down" in a.needs_host[-1].reason
    assert "exchange" in a.waits(obs(DEALT, "trick", "QS", True), Table(phase="exchange", to_play=None))
    assert a.waits(obs(DEALT, "trick", "QS", True), Table(to_play=1)) is None


def test_cards_taken_up_gathered_or_turned_give_nothing():
    a, state = adapter(), Table()
    for o in (obs(REMOVED, "seat:1"), obs(REMOVED, "centre:up", "AH", True), obs(REMOVED, "trick", "QS", True),
              obs(MOVED, "seat:1", None, False, "centre:down"), obs(EXPOSED, "seat:2", "9S", True)):
        assert a.translate(o, state) == []
    assert len(a.ignored) == 5 and a.needs_host == []
    assert "gathered" in a.ignored[2].reason


def test_a_refused_card_taken_back_off_the_trick_area_is_withdrawn():
    a, state = adapter(), Table()
    held = obs(DEALT, "trick", "QS", True, "seat:3", track=9)
    assert "taken back" in a.taken_back(held, obs(REMOVED, "trick", "QS", True, track=9), state)
    assert a.taken_back(held, obs(REMOVED, "trick", "JH", True, track=8), state) is None
    stud = SimpleNamespace(game="bonedoneskis", hand=SimpleNamespace(phase="betting"))
    assert a.taken_back(held, obs(REMOVED, "trick", "QS", True, track=9), stud) is None
