"""The Bonnu camera reader (vision/adapter_bonnu.py) on observations made by hand: the pile's new top
card is laid by the seat on turn and stamped by its frames; a Cut tapped on a phone is confirmed by
its two cards; a Cut seen as one card, or two cards with no Cut tapped, go to the host; a wrong card
costs a penalty and a card seen too early is held, and nothing is lost; an out-of-turn Bonnu tapped
on a phone is claimed with the hand the camera reads face up; a hand laid face up at a round's end."""

from pathlib import Path

import pytest

from referee.cards import BonnuCard
from referee.engine import apply, replay
from referee.events import loads_jsonl
from referee.games.bonnu.events import CardLaid, CutLaid
from vision.adapter import Adapter
from vision.calibration import bonnu_zones, zones_for
from vision.dealscript_bonnu import BonnuTapped, CutTapped
from vision.holding import Holding, Offered
from vision.observations import DEALT, REMOVED, Observation
from vision.pipeline import Referee

ROUND = Path(__file__).with_name("bonnu_round.jsonl")
FIXTURES = Path(__file__).parents[1] / "referee" / "bonnu" / "rounds"
DEAL = 18  # table opened, round started, the opening draw and the 14 cards dealt (hidden)


def log():
    return loads_jsonl(ROUND.read_text(encoding="utf-8"), str(ROUND))


def state_after(n: int):
    state, _ = replay(log()[:n])
    return state


def on_pile(card: str, frame: int, placed: int | None = None, track: int = 1, kind: str = DEALT) -> Observation:
    return Observation(kind, frame, track, "pile", card, True, placed_frame=placed)


def clocked(frames=range(0, 200), fps: float = 10.0) -> Adapter:
    a = Adapter()
    for i in frames:
        a.saw_frame(i, i / fps)
    return a


def test_bonnu_zones_have_the_pile_the_draw_pile_and_the_seats():
    z = zones_for("bonnu", 2)
    assert z.names() == ["seat:1", "seat:2", "deck", "pile"]
    assert z.zone_at((500, 280)) == "pile" and z.zone_at((200, 280)) == "deck"
    assert bonnu_zones(4).names()[:4] == ["seat:1", "seat:2", "seat:3", "seat:4"]


def test_the_new_top_card_is_laid_by_the_seat_on_turn_stamped_by_its_frames():
    a = clocked()
    state = state_after(DEAL)
    got = a.translate(on_pile("red:5", frame=15, placed=14), state)
    assert got == [CardLaid(1, BonnuCard("red", 5), at_ms=1400, latency_ms=50)]
    state, said = apply(state, got[0])
    got = a.translate(on_pile("red:7", frame=31, placed=28, track=2), state)  # seat 2 is on turn now
    assert got == [CardLaid(2, BonnuCard("red", 7), at_ms=2800, latency_ms=50)]
    # the card it covers gives nothing
    assert a.translate(on_pile("red:5", frame=60, kind=REMOVED), state) == []
    assert a.ignored[-1].reason == "covered by the next card on the pile"


def test_a_poker_identity_or_an_unread_card_on_the_pile_goes_to_the_host():
    a = clocked()
    state = state_after(DEAL)
    assert a.translate(on_pile("KH", frame=15, placed=14), state) == []
    assert "no Bonnu card" in a.needs_host[-1].reason and "deck in play" in a.needs_host[-1].reason
    assert a.translate(on_pile(None, frame=16, placed=15), state) == []
    assert "which card" in a.needs_host[-1].reason


def _before_the_cut():
    """The state once seat 1 has laid blue:3 (seat 2 on turn, holding 8)."""
    events = log()
    n = next(i for i, e in enumerate(events) if e.type == "cut_laid")
    return state_after(n), events[n]


def test_a_cut_tapped_on_the_phone_is_confirmed_by_its_two_cards():
    state, cut = _before_the_cut()
    a = clocked()
    a.tapped(CutTapped(2, at_ms=7100, latency_ms=80), state)
    a.tapped(CutTapped(2, at_ms=7180, latency_ms=80), state)  # a double tap: the same claim
    # laid at once: the card on top is in view first, the one under it once the hand has gone
    assert a.translate(on_pile("white:3", frame=84, placed=83, track=7), state) == []
    assert a.translate(on_pile("yellow:3", frame=92, placed=91, track=6), state) == []
    assert a.flush_moves(89, state) == []  # its frames are not over yet
    # the fan: white:3 lies wholly in view, half of yellow:3 under it
    a.boxes = {7: (500, 200, 560, 290), 6: (470, 200, 505, 290)}.get
    ((obs, event),) = a.flush_moves(91 + 8, state)
    assert event == CutLaid(2, (BonnuCard("yellow", 3), BonnuCard("white", 3)), at_ms=7100, latency_ms=80)
    assert event == CutLaid(2, cut.cards, at_ms=7100, latency_ms=80)  # the log's Cut, stamped by the tap
    state, said = apply(state, event)
    assert any("Cut by seat 2" in s.text and "in time" in s.text for s in said), [s.text for s in said]
    assert a.needs_host == [] and a.flush_moves(120, state) == []


def test_a_cut_seen_as_one_card_asks_the_host_how_many():
    state, _ = _before_the_cut()
    a = clocked()
    a.tapped(CutTapped(2, at_ms=7100, latency_ms=80), state)
    a.translate(on_pile("white:3", frame=84, placed=83), state)
    assert a.flush_moves(84 + 8, state) == []
    (held,) = a.needs_host
    assert "tapped Cut but the camera saw one card" in held.reason and "white 3" in held.reason
    bonnu = a.tables["bonnu"]
    with pytest.raises(ValueError, match="confirm_cut"):
        a.confirm(0, "white:3", state)  # one card is not the answer
    with pytest.raises(ValueError, match="not about a Cut"):
        a.needs_host.append(type(held)(held.obs, "something else"))
        bonnu.confirm_cut(a, 1, ["white:3"])
    a.needs_host.pop()
    (event,) = bonnu.confirm_cut(a, 0, ["yellow:3", "white:3"])
    assert event == CutLaid(2, (BonnuCard("yellow", 3), BonnuCard("white", 3)), at_ms=7100, latency_ms=80)
    assert a.needs_host == []
    apply(state, event)  # the referee takes it


def test_two_cards_at_once_with_no_cut_tapped_go_to_the_host():
    state, _ = _before_the_cut()
    a = clocked()
    (laid,) = a.translate(on_pile("white:3", frame=84, placed=83), state)
    assert laid.seat == 2  # the seat on turn, as far as the camera can tell
    assert a.translate(on_pile("yellow:3", frame=88, placed=87, track=2), state) == []
    assert "nobody tapped Cut" in a.needs_host[-1].reason


def test_a_wrong_card_costs_a_penalty_and_the_pile_keeps_its_top_card():
    a = clocked()
    state = state_after(DEAL + 1)  # red:5 on top, seat 2 on turn
    (event,) = a.translate(on_pile("blue:8", frame=30, placed=29, track=2), state)
    after, said = apply(state, event)
    rnd = after.hand
    assert rnd.top == BonnuCard("red", 5) and rnd.to_play == 2  # taken back: the turn stays
    assert any("matches neither" in s.text for s in said)
    assert a.translate(on_pile("blue:8", frame=45, track=2, kind=REMOVED), after) == []  # lifted off again
    (event,) = a.translate(on_pile("red:7", frame=60, placed=59, track=3), after)
    assert event.seat == 2 and event.card == BonnuCard("red", 7)


def test_a_card_seen_before_the_deal_is_in_is_held_and_nothing_is_lost():
    a = clocked()
    referee = Referee(state_after(DEAL - 1))  # the last card of the deal not entered yet
    holding = Holding(a, referee)
    out = Offered()
    holding.offer(on_pile("red:5", frame=15, placed=14), out)
    assert out.events == [] and len(holding.items) == 1 and "waits for the deal" in holding.items[0].why
    referee.submit(log()[DEAL - 1])  # the host enters the last card dealt
    out = Offered()
    holding.reoffer(out)
    assert out.events == [CardLaid(1, BonnuCard("red", 5), at_ms=1400, latency_ms=50)]
    assert holding.items == [] and referee.refused == []


def _at_first(fixture: str, kind: str):
    """(the state just before the fixture's first `kind` event, that event)."""
    path = FIXTURES / fixture
    events = loads_jsonl(path.read_text(encoding="utf-8"), str(path))
    n = next(i for i, e in enumerate(events) if e.type == kind)
    return replay(events[:n])[0], events[n]


def test_a_hand_laid_face_up_at_the_end_of_a_bonnu_100_round_is_shown_once_all_of_it_lies_there():
    state, shown = _at_first("18-bonnu-100-game.bonnu.jsonl", "hand_shown")
    a = clocked()
    cards = [c.code for c in shown.cards]
    for k, code in enumerate(cards[:-1]):
        assert a.translate(Observation(DEALT, 200 + k, 10 + k, f"seat:{shown.seat}", code, True), state) == []
    (event,) = a.translate(Observation(DEALT, 220, 30, f"seat:{shown.seat}", cards[-1], True), state)
    assert event == shown
    apply(state, event)
    # a card face up in front of a seat the referee asks nothing of goes to the host
    assert a.translate(Observation(DEALT, 230, 31, "seat:1", "red:2", True), state_after(DEAL)) == []
    assert "asks no hand to be shown" in a.needs_host[-1].reason


def test_an_out_of_turn_bonnu_tapped_is_claimed_with_the_hand_the_camera_reads():
    state, claim = _at_first("11-bonnu-by-equality.bonnu.jsonl", "bonnu_claimed")
    a = clocked()
    a.tapped(BonnuTapped(claim.seat, claim.at_ms, claim.latency_ms), state)
    a.tapped(BonnuTapped(claim.seat, claim.at_ms + 90, claim.latency_ms), state)  # a double tap
    got = [a.translate(Observation(DEALT, 30 + k, 40 + k, f"seat:{claim.seat}", c.code, True), state)
           for k, c in enumerate(claim.cards)]
    assert got[:-1] == [[]] * (len(claim.cards) - 1) and got[-1] == [claim]
    state, said = apply(state, claim)
    assert state.hand.winner == claim.seat, [s.text for s in said]


def test_croupier_run_at_a_bonnu_table_reads_with_the_bonnu_recogniser():
    from vision.bonnu import BonnuRecogniser
    from vision.recogniser import Recogniser
    from webui.cli_camera import _recogniser

    assert isinstance(_recogniser(None, "bonnu"), BonnuRecogniser)
    assert isinstance(_recogniser(None, "boneyard-euchre"), Recogniser)


def test_a_cut_tapped_with_no_card_on_the_pile_goes_to_the_host_and_the_next_card_is_laid():
    state, _ = _before_the_cut()
    a = clocked()
    a.tapped(CutTapped(2, at_ms=7100, latency_ms=80), state)
    assert a.flush_moves(90, state) == [] and a.needs_host == []  # 1.9 s later: it may still come
    assert a.flush_moves(102, state) == []
    (held,) = a.needs_host
    assert "no card landed" in held.reason and held.obs.describe()
    (laid,) = a.translate(on_pile("blue:8", frame=110, placed=109), state)  # a card laid, not a Cut's
    assert laid == CardLaid(2, BonnuCard("blue", 8), at_ms=10900, latency_ms=50)
    assert a.tables["bonnu"].confirm_cut(a, 0, []) == []  # the host: there was no Cut


def test_a_cut_whose_top_card_the_camera_cannot_tell_goes_to_the_host():
    state, cut = _before_the_cut()
    for boxes in ({7: (500, 200, 560, 290), 6: (480, 200, 540, 290)}.get, None):  # alike; or no boxes at all
        a = clocked()
        a.boxes = boxes
        a.tapped(CutTapped(2, at_ms=7100, latency_ms=80), state)
        a.translate(on_pile("white:3", frame=84, placed=83, track=7), state)
        a.translate(on_pile("yellow:3", frame=86, placed=85, track=6), state)
        assert a.flush_moves(86 + 8, state) == []
        (held,) = a.needs_host
        assert "cannot tell which lies on top" in held.reason and "white 3, yellow 3" in held.reason
        (event,) = a.tables["bonnu"].confirm_cut(a, 0, ["yellow:3", "white:3"])
        assert event == CutLaid(2, cut.cards, at_ms=7100, latency_ms=80)



def test_a_card_laid_from_a_phone_is_confirmed_by_the_camera_not_laid_again():
    a = clocked()
    state = state_after(DEAL + 1)  # seat 1 laid red:5 from its phone: on the referee's pile already
    assert a.translate(on_pile("red:5", frame=15, placed=14), state) == []
    assert a.ignored[-1].reason == "the red 5 is on the pile already (entered on a phone)"
    (laid,) = a.translate(on_pile("red:7", frame=31, placed=28, track=2), state)  # the next card is laid
    assert laid == CardLaid(2, BonnuCard("red", 7), at_ms=2800, latency_ms=50)
    after, _ = apply(state, laid)
    # a second red:5 seen later is no longer the top card's: it is laid (Bonnu copies look alike)
    (again,) = a.translate(on_pile("red:5", frame=50, placed=49, track=3), after)
    assert again.card == BonnuCard("red", 5) and again.seat == after.hand.to_play


def test_a_cut_laid_from_a_phone_is_confirmed_by_its_cards_landing():
    state, cut = _before_the_cut()
    state, _ = apply(state, cut)  # the web UI: Cut tapped on seat 2's phone reaches the referee as CutLaid
    a = clocked()
    assert a.translate(on_pile("white:3", frame=84, placed=83, track=7), state) == []
    assert a.translate(on_pile("yellow:3", frame=86, placed=85, track=6), state) == []
    assert a.needs_host == [] and a.flush_moves(120, state) == []  # no "nobody tapped Cut" question
    assert [i.reason for i in a.ignored[-2:]] == [f"the {c} is on the pile already (entered on a phone)"
                                                  for c in ("white 3", "yellow 3")]
    assert state.hand.pile[-2:] == cut.cards


def test_a_hand_shown_counts_a_card_reported_twice_once_and_a_bad_correction_loses_nothing():
    state, shown = _at_first("18-bonnu-100-game.bonnu.jsonl", "hand_shown")
    cards = [c.code for c in shown.cards]
    a = clocked()
    seat = f"seat:{shown.seat}"
    for k, code in enumerate(cards[:-1]):
        assert a.translate(Observation(DEALT, 200 + k, 10 + k, seat, code, True), state) == []
        assert a.translate(Observation(DEALT, 250 + k, 10 + k, seat, code, True), state) == []  # the same card again
    assert a.translate(Observation(DEALT, 220, 30, seat, None, True), state) == []  # the last one: unread
    assert "in front of seat" in a.needs_host[-1].reason and "which card" in a.needs_host[-1].reason
    assert a.confirm(len(a.needs_host) - 1, "AS", state) == []  # a poker code: asked again, in words
    assert "'AS'" in a.needs_host[-1].reason and "no Bonnu card" in a.needs_host[-1].reason
    (event,) = a.confirm(len(a.needs_host) - 1, cards[-1], state)  # the cards collected so far are all kept
    assert event == shown
