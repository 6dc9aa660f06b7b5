"""The camera at a Boneyard euchre table, piece by piece: its zones, the deal script made from a round's
log, and how the adapter reads each observation against the real referee (fixtures of
tests/referee/boneyard/rounds/). The seat due comes from the referee's view, so Party Crasher's order
and Fusion's declined lead change it with no rule in vision/. The whole path on a rendered video is
tests/vision/test_boneyard_video.py."""

from pathlib import Path
import pytest

import referee.games.boneyard.game  # noqa: F401  (registers the game and its events for the fixtures)
from referee.cards import parse_card
from referee.engine import replay, view
from referee.events import CardDealt, CardDiscarded, CardPlayed, HandShown, loads_jsonl
from referee.game import HOST
from referee.games.boneyard.events import BoneFlipped, CardRevealed, LeadDeclined
from vision.adapter import Adapter
from vision.calibration import BONEYARD_ZONES, TableGeometry, boneyard_zones, zones_for
from vision.dealscript import DealScript, camera_reference, from_log
from vision.holding import Holding, Offered
from vision.observations import DEALT, EXPOSED, MOVED, REMOVED, Observation
from vision.pipeline import Referee

ROUNDS = Path(__file__).parents[1] / "referee" / "boneyard" / "rounds"
SEATS = ["seat:1", "taken:1", "seat:2", "taken:2", "seat:3", "taken:3", "seat:4", "taken:4"]


def round_log(name: str):
    path = ROUNDS / f"{name}.jsonl"
    return loads_jsonl(path.read_text(encoding="utf-8"), str(path))


def state_before(name: str, n_played: int | None = None, stop: str | None = None, then=()):
    """The referee after the round's log up to its n-th card played (or its first `stop` event),
    then the events `then`."""
    events, played = [], 0
    for e in round_log(name):
        if e.type == "card_played":
            if played == n_played:
                break
            played += 1
        if e.type == stop:
            break
        events.append(e)
    return replay(events + list(then))[0]


def obs(kind, zone, card=None, up=True, from_zone=None, track=7):
    return Observation(kind, 100, track, zone, card, up, from_zone=from_zone)


def due(state) -> int | None:
    return view(state, HOST)["boneyard-euchre"]["to_play"]


# ------------------------------------------------------------------------------ zones
def test_boneyard_zones_lay_out_seats_taken_cards_boneyard_trick_and_team_piles():
    g = TableGeometry()
    z = boneyard_zones(4)
    assert z.names() == SEATS + list(BONEYARD_ZONES)
    m = g.inset_mm + g.marker_mm / 2
    for zone in z.zones:
        xs, ys = [p[0] for p in zone.polygon], [p[1] for p in zone.polygon]
        assert m <= min(xs) and max(xs) <= g.width_mm - m and m <= min(ys) and max(ys) <= g.height_mm - m, zone
        if zone.name != "deck":  # a card (88.9 x 63.5 mm) fits upright (the pack lies crosswise)
            assert max(xs) - min(xs) >= 95 and max(ys) - min(ys) >= 95, zone
        c = (sum(xs) / 4, sum(ys) / 4)
        assert z.zone_at(c) == zone.name  # its centre is in that zone only
    boneyard = next(zone for zone in z.zones if zone.name == "boneyard")
    assert max(p[0] for p in boneyard.polygon) - min(p[0] for p in boneyard.polygon) >= 63.5 + 4 * 38  # 5 in a row
    assert zones_for("boneyard-euchre").to_json() == z.to_json()
    with pytest.raises(ValueError, match="four"):
        zones_for("boneyard-euchre", 5)


# ------------------------------------------------------------------------ deal script
def test_a_round_log_becomes_the_round_as_the_camera_sees_it():
    log = round_log("43-party-crasher-on")
    script = from_log(log, seed=3)
    assert script.table["game"] == "boneyard-euchre" and script.table["seats"] == 4
    deals = [s for s in script.steps if s.action == "deal"]
    assert sum(s.zone is None and s.face == "down" for s in deals) == 20
    # the dealer's bone face up, then four backs: the bones flipped later on top, the first last
    bones = [(s.card, s.face) for s in deals if s.zone == "boneyard"]
    assert bones == [("9H", "up"), ("TH", "down"), ("TS", "down"), ("QS", "down"), ("JS", "down")]
    assert [s.seat for s in script.steps if s.action == "pickup"] == [1, 2, 3, 4]
    assert [(s.seat, s.card, s.zone, s.expect) for s in script.steps if s.action == "move"] == \
        [(1, "9H", "taken:1", None)]  # the taken bone in front of the Maker: Take It said it already
    assert [(s.card, s.expect["type"]) for s in script.steps if s.action == "expose"] == \
        [("JS", "bone_flipped"), ("QS", "bone_flipped")]
    assert [(s.seat, s.zone) for s in script.steps if s.action == "gather"] == \
        [(2, "tricks:2"), (2, "tricks:2"), (1, "tricks:1"), (1, "tricks:1"), (1, "tricks:1")]
    # the phones' events: Take It and the Maker's discard (face down: the camera cannot read it)
    assert [e.type for _, e in script.host_events()] == ["table_opened", "hand_started", "bid", "card_discarded"]
    ref = camera_reference(script)
    assert [e.to_json() for e in ref if e.type in ("card_played", "bone_flipped", "card_discarded")] == \
        [e.to_json() for e in log if e.type in ("card_played", "bone_flipped", "card_discarded")]
    assert [e for e in ref if e.type == "card_dealt" and e.seat is None][1:] == \
        [CardDealt(None, None, False, deck="boneyard")] * 4
    again = DealScript.loads(script.dumps())
    assert [s.to_json() for s in again.steps] == [s.to_json() for s in script.steps] and again.table == script.table


def test_the_lucky_penny_is_the_top_bone_taken_up_unseen_and_named_on_the_phone_when_played():
    log = round_log("32-lucky-penny")
    script = from_log(log, seed=3)
    bones = [s.card for s in script.steps if s.action == "deal" and s.zone == "boneyard"]
    assert bones[-1] == "JH"  # drawn first: the top bone
    assert [(s.seat, s.card) for s in script.steps if s.action == "pickup" and s.card] == [(4, "JH")]
    assert [(s.seat, s.expect) for s in script.steps if s.action == "play" and s.card == "JH"] == [(4, None)]
    ref = camera_reference(script)
    assert [e.type for e in ref if e.type.startswith("penny")] == ["penny_placed", "penny_played"]
    assert [e.to_json() for e in ref if e.type == "card_played"] == [e.to_json() for e in log if e.type == "card_played"]


def test_a_log_the_referee_refuses_is_a_clear_error():
    log = round_log("43-party-crasher-on")
    bad = [e for e in log if not (e.type == "bid")]  # nobody took the bone: the discard is refused
    with pytest.raises(ValueError, match=r"event \d+ \(card_discarded\) is refused by the referee"):
        from_log(bad)
    with pytest.raises(ValueError, match="one round, and this log starts 2"):
        from_log(round_log("10-scheme-carried"))


# ------------------------------------------------------------------- adapter: the deal
def test_cards_dealt_to_the_seats_and_the_boneyard():
    a, state = Adapter(), state_before("43-party-crasher-on", stop="card_dealt", then=())
    assert a.translate(obs(DEALT, "seat:3", up=False), state) == [CardDealt(3, None, False)]
    assert a.translate(obs(DEALT, "boneyard", "9H"), state) == [CardDealt(None, parse_card("9H"), True)]
    assert a.translate(obs(DEALT, "boneyard", up=False), state) == [CardDealt(None, None, False, deck="boneyard")]


def test_the_taken_card_in_front_of_the_maker_is_what_take_it_said_else_a_question():
    before = state_before("43-party-crasher-on", stop="bid")
    taken = state_before("43-party-crasher-on", stop="card_discarded")
    a = Adapter()
    laid = obs(MOVED, "taken:1", "9H", from_zone="boneyard")
    assert "Take It" in a.waits(laid, before)  # seen before the phone's Take It: waits for it
    assert a.waits(laid, taken) is None and a.translate(laid, taken) == []
    assert "part of the hand" in a.ignored[-1].reason
    assert a.translate(obs(MOVED, "taken:3", "9H", from_zone="boneyard"), taken) == []
    assert "the Maker is seat 1, who took the 9H" in a.needs_host[-1].reason


def test_bones_turned_up_are_flipped_once_the_modifiers_draw():
    a = Adapter()
    discard = state_before("43-party-crasher-on", stop="card_discarded")
    flips = state_before("43-party-crasher-on", stop="bone_flipped")
    bone = obs(EXPOSED, "boneyard", "JS")
    assert "discard" in a.waits(bone, discard)  # the Maker's discard is still being entered
    assert a.waits(bone, flips) is None
    assert a.translate(bone, flips) == [BoneFlipped(parse_card("JS"))]


def test_a_face_down_move_the_camera_cannot_read_is_left_to_the_phones():
    """The Maker's discard into the boneyard gives nothing: the referee waits for the phone, which
    then sends it; a face-down card at a seat after the deal (a pass, the Lucky Penny) likewise."""
    state = state_before("43-party-crasher-on", stop="card_discarded")
    hold, out = Holding(Adapter(), Referee(state)), Offered()
    hold.offer(obs(DEALT, "boneyard", up=False, track=30), out)
    hold.offer(obs(DEALT, "seat:3", up=False, track=31), out)
    assert out.events == [] and out.refused == [] and hold.items == []
    assert ["Maker's phone" in h.reason for h in hold.adapter.ignored] == [True, False]
    assert "the phones say" in hold.adapter.ignored[1].reason
    assert hold.referee.state.hand.phase == "discard"
    hold.referee.submit(CardDiscarded(1, parse_card("AC")))  # the phone
    assert hold.referee.state.hand.phase == "modifiers"


# ------------------------------------------------------------- adapter: the trick area
def test_the_seat_due_is_the_referees_under_party_crasher_and_without():
    on = state_before("43-party-crasher-on", 2)   # A♥, the benny: seat 4 next, the leader's partner last
    off = state_before("42-party-crasher-off", 2)  # the same two cards: seat 3 next
    assert (due(on), due(off)) == (4, 3)
    a = Adapter()
    assert a.translate(obs(DEALT, "trick", "9C"), on) == [CardPlayed(4, parse_card("9C"))]
    assert a.translate(obs(DEALT, "trick", "QH"), off) == [CardPlayed(3, parse_card("QH"))]


def test_fusion_a_declined_lead_moves_the_seat_due_to_the_partner():
    after_trick = state_before("45-fusion-on", stop="lead_declined")  # the benny won trick 1 for seat 2
    declined = state_before("45-fusion-on", stop="lead_declined", then=[LeadDeclined(2)])  # the phone
    assert (due(after_trick), due(declined)) == (2, 4)
    assert Adapter().translate(obs(DEALT, "trick", "KD"), declined) == [CardPlayed(4, parse_card("KD"))]


def test_the_taken_card_played_from_in_front_of_the_maker_is_the_makers():
    state = state_before("43-party-crasher-on", 10)  # trick 3: 9♦ Q♣ played, seat 1 to play
    a = Adapter()
    assert a.translate(obs(MOVED, "trick", "9H", from_zone="taken:1"), state) == [CardPlayed(1, parse_card("9H"))]
    # another card only passing over seat 3's taken place on its way is the seat due's
    assert a.translate(obs(DEALT, "trick", "KC", from_zone="taken:3"), state) == [CardPlayed(1, parse_card("KC"))]


def test_a_card_from_the_wrong_seat_is_refused_in_words_loses_nothing_and_is_withdrawn():
    state = state_before("43-party-crasher-on", 2)  # seat 4 due (Party Crasher)
    hold, out = Holding(Adapter(), Referee(state)), Offered()
    hold.offer(obs(DEALT, "trick", "QH", from_zone="seat:3", track=40), out)  # seat 3 plays third: out of turn
    assert out.events == [] and [e for e, _ in out.refused] == [CardPlayed(3, parse_card("QH"))]
    assert "out of turn" in out.refused[0][1] and "seat 4 plays next" in out.refused[0][1]
    assert due(hold.referee.state) == 4 and len(view(hold.referee.state, HOST)["boneyard-euchre"]["trick"]) == 2
    hold.offer(obs(DEALT, "trick", "9C", from_zone="seat:4", track=41), out)  # waits behind the held card
    hold.offer(obs(REMOVED, "trick", "QH", track=40), out)  # seat 3 takes it back
    assert out.events == [CardPlayed(4, parse_card("9C"))] and hold.items == []
    assert [why for _, why in hold.withdrawn] == ["the QH was taken back off the trick area"]


def test_a_bone_misread_as_a_card_in_a_hand_is_refused_in_words_and_changes_nothing():
    state = state_before("43-party-crasher-on", stop="bone_flipped")
    hold, out = Holding(Adapter(), Referee(state)), Offered()
    hold.offer(obs(EXPOSED, "boneyard", "AH", track=50), out)  # seat 1 holds the A♥
    assert out.events == [] and "cannot be a bone" in out.refused[0][1], out.refused
    assert hold.referee.state.hand.phase == "modifiers" and hold.referee.state.hand.flips == ()
    held = hold.items[0]
    assert held.why == out.refused[0][1]  # kept, with the referee's words, for the host
    hold.discard(held.id, out)            # the host drops the misread; the bone read right goes in
    hold.offer(obs(EXPOSED, "boneyard", "JS", track=51), out)
    assert out.events == [BoneFlipped(parse_card("JS"))]


def test_no_card_expected_face_down_in_the_trick_or_before_the_play():
    a = Adapter()
    flips = state_before("43-party-crasher-on", stop="bone_flipped")
    assert "modifiers" in a.waits(obs(DEALT, "trick", "AH", from_zone="seat:1"), flips)
    play = state_before("43-party-crasher-on", 0)
    assert a.translate(obs(DEALT, "trick", None, up=False), play) == []
    assert "face down" in a.needs_host[-1].reason


# ------------------------------------------------------------- adapter: cards read face up
def test_therapy_club_cards_are_read_face_up_and_the_lead_waits_for_them():
    state = state_before("49-therapy-club-on", stop="card_revealed")  # seats 2 and 4 each reveal a card
    a = Adapter()
    assert "Therapy Club: seats 2 and 4 each reveal" in a.waits(obs(DEALT, "trick", "AH", from_zone="seat:1"), state)
    assert a.translate(obs(DEALT, "seat:2", "JK"), state) == [CardRevealed(2, parse_card("JK"))]
    assert a.translate(obs(DEALT, "seat:3", "QH"), state) == []  # the Maker's partner reveals nothing
    assert "asks no card of that seat" in a.needs_host[-1].reason


def test_the_dummy_hand_is_shown_once_all_five_cards_lie_face_up():
    state = state_before("53-dummy-on", stop="hand_shown")
    shown = next(e for e in round_log("53-dummy-on") if e.type == "hand_shown")
    a = Adapter()
    got = [a.translate(obs(DEALT, "seat:3", c.code, track=60 + k), state) for k, c in enumerate(shown.cards)]
    assert got == [[]] * 4 + [[HandShown(3, shown.cards)]]
    assert "laid 4 of 5" in a.ignored[-1].reason


def test_a_card_named_on_a_phone_first_adds_nothing_when_seen_landing():
    state = state_before("43-party-crasher-on", 2)  # A♥ and the benny in the trick
    a = Adapter()
    assert a.translate(obs(DEALT, "trick", "JK"), state) == [] and "played already" in a.ignored[-1].reason


def test_a_card_robbed_back_from_a_trick_is_played_again():
    state = state_before("25-grave-robber-takes-the-benny", 5)  # seat 3 took the benny back; J♥ led
    assert Adapter().translate(obs(DEALT, "trick", "JK"), state) == [CardPlayed(3, parse_card("JK"))]
