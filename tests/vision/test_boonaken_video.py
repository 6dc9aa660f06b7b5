"""End to end at a Boonaken table: the bundled 4-player deal (tests/vision/boonaken_deal.jsonl:
the deal in threes, 2 down + 2 up in the centre, 4 set aside, a bid of 75, the exchange, trump
named, six tricks) rendered as a table video, with one card played out of turn and taken back,
goes through the camera path (oracle detector) to exactly the script's referee events and
announcements. Cards in the trick area are the seat's whose turn it is; the card seen coming from
the wrong seat is refused by the referee in words and withdrawn when taken back, never given to
the seat to play. Also: `croupier render-video` on a Boonaken log, and turn attribution against
the real referee without a video."""

import json
from dataclasses import replace
from pathlib import Path

import pytest

from referee.cards import parse_card
from referee.engine import replay
from referee.events import CardPlayed, loads_jsonl
from vision.adapter import Adapter
from vision.calibration import Calibration
from vision.dealscript import from_log
from vision.dealscript_tricks import out_of_turn
from vision.holding import Holding, Offered
from vision.observations import DEALT, REMOVED, Observation
from vision.pipeline import Pipeline, Referee
from vision.scoring import compare_referee, score_observations
from vision.sources import open_source
from vision.video import OracleRecogniser, render
from webui.cli import main

DEAL = Path(__file__).parent / "boonaken_deal.jsonl"
OUT_OF_TURN = (5, 3, "TH")  # before the 6th card (trick 2, seat 2 to play) seat 3 plays its TH


def deal_log():
    return loads_jsonl(DEAL.read_text(encoding="utf-8"), str(DEAL))


@pytest.fixture(scope="module")
def deal_video(tmp_path_factory):
    script = out_of_turn(from_log(deal_log(), seed=3), *OUT_OF_TURN)
    script.table["size"] = [960, 540]  # small frames: the oracle reads them as well, and 2 cores render them
    out = tmp_path_factory.mktemp("boonaken")
    truth, _ = render(script, out / "deal.mp4")
    return out / "deal.mp4", truth, script


def test_the_deal_on_video_gives_the_scripts_events_and_announcements(deal_video):
    video, truth, script = deal_video
    p = Pipeline(OracleRecogniser(truth, seed=5), Calibration(truth.zones), host_events=script.host_events())
    p.run(open_source(video))
    sc = score_observations(p.observations, truth.expected)
    print(f"\nboonaken video: {truth.n_frames} frames, {sc.expected} card facts expected: "
          f"missed {len(sc.missed)}, wrong {len(sc.wrong)}, extra {len(sc.extra)}, "
          f"latency max {max(sc.latencies)} frames")
    assert sc.missed == [] and sc.wrong == [] and sc.extra == [], sc.to_json()["details"]
    assert max(sc.latencies) <= 5, sc.to_json()["details"]["slowest"]
    ref = compare_referee(p.referee.events, script)
    print(f"referee: {ref['card_events_got']} of {ref['card_events_expected']} card events, "
          f"{ref['announcements']} announcements, equal: {ref['card_events_equal']}, {ref['announcements_equal']}")
    assert ref["card_events_equal"], ref["first_difference"]
    assert ref["announcements_equal"], ref["first_announcement_difference"]
    # the same deal as the log itself (the camera does not see hand cards: those are unnamed)
    played = [e for e in p.referee.events if e.type == "card_played"]
    assert played == [e for e in deal_log() if e.type == "card_played"]
    # the card from the wrong seat: to the referee as that seat's, refused in words, then withdrawn
    assert [(e.seat, e.card.code) for e, _ in p.referee.refused] == [(3, "TH")], p.referee.refused
    assert "turn" in p.referee.refused[0][1].lower(), p.referee.refused[0][1]
    assert [why for _, why in p.holding.withdrawn] == ["the TH was taken back off the trick area"]
    assert p.holding.items == [] and p.adapter.needs_host == []
    assert p.calibration.status.state == "live"


def test_render_video_on_a_boonaken_log_uses_the_boonaken_table(tmp_path, capsys):
    log = tmp_path / "start.jsonl"
    log.write_text("".join(json.dumps(e.to_json()) + "\n" for e in deal_log()[:8]))  # open, start, 6 cards
    assert main(["render-video", str(log), str(tmp_path / "start.mp4")]) == 0
    assert "frames at 10 fps" in capsys.readouterr().out
    truth = json.loads((tmp_path / "start.truth.json").read_text())
    names = [z["name"] for z in truth["zones"]["zones"]]
    assert {"centre:up", "centre:down", "aside", "trick", "discards"} <= set(names)
    assert [(e["type"], e["seat"], e["card"]) for e in truth["reference"] if e["type"] == "card_dealt"] == \
        [("card_dealt", s, None) for s in (1, 1, 1, 2, 2, 2)]
    assert [e["kind"] for e in truth["expected"]].count("removed") == 6  # both seats take their cards up


# --------------------------------------------------- turn attribution against the real referee
def state_before(n_played: int):
    """The referee after the deal's log up to (not including) its n-th card played."""
    events, played = [], 0
    for e in deal_log():
        if e.type == "card_played":
            if played == n_played:
                break
            played += 1
        events.append(e)
    return replay(events)[0]


def card_into_trick(card, came_from=None, track=40):
    return Observation(DEALT, 500, track, "trick", card, True, from_zone=came_from)


def test_a_card_in_the_trick_area_is_played_by_the_seat_whose_turn_it_is():
    ref = Referee(state_before(5))  # trick 2: seat 1 led the AH, seat 2 to play
    hold, out = Holding(Adapter(), ref), Offered()
    hold.offer(card_into_trick("9H"), out)  # first seen in the trick area itself
    assert out.events == [CardPlayed(2, parse_card("9H"))] and out.refused == []
    hold.offer(card_into_trick("TH", "seat:3", track=41), out)  # seat 3's own turn, seen from its side
    assert out.events[-1] == CardPlayed(3, parse_card("TH"))


def test_a_card_out_of_turn_is_refused_in_words_held_and_withdrawn_when_taken_back():
    ref = Referee(state_before(5))
    hold, out = Holding(Adapter(), ref), Offered()
    hold.offer(card_into_trick("TH", "seat:3"), out)  # seat 3 plays while seat 2 is to play
    assert out.events == [] and [e for e, _ in out.refused] == [CardPlayed(3, parse_card("TH"))]
    assert "turn" in out.refused[0][1].lower() and hold.items[0].why == out.refused[0][1]
    hold.offer(card_into_trick("9H", "seat:2", track=41), out)  # seat 2 plays: waits behind it
    assert out.events == [] and len(hold.items) == 2
    hold.offer(Observation(REMOVED, 530, 40, "trick", "TH", True), out)  # seat 3 takes it back
    assert out.events == [CardPlayed(2, parse_card("9H"))] and hold.items == []
    assert [why for _, why in hold.withdrawn] == ["the TH was taken back off the trick area"]


def feed(hold, out, plays, first_track=60):
    """Cards into the trick area, each first seen in the trick area itself (so: by turn)."""
    for k, code in enumerate(plays):
        hold.offer(card_into_trick(code, track=first_track + k), out)


def test_an_illegal_card_is_the_turns_seat_and_the_referee_announces_the_revoke_once_proven():
    """The camera does not see hands: seat 4's 8S on a heart lead is its card (its turn), and when
    its K♥ comes the referee proves the revoke and says so; the camera only carried the cards."""
    ref = Referee(state_before(3))  # trick 1: J♥ 7♥ 8♥ played, seat 4 to play
    hold, out = Holding(Adapter(), ref), Offered()
    feed(hold, out, ["8S", "AH", "9H", "TH", "KH"])
    assert [(e.seat, e.card.code) for e in out.events] == [(4, "8S"), (1, "AH"), (2, "9H"), (3, "TH"), (4, "KH")]
    assert out.refused == []
    revoke = [a.text for a in out.announcements if a.text.startswith("Revoke")]
    assert len(revoke) == 1 and "seat 4 played 8♠ to trick 1" in revoke[0], revoke


def test_an_illegal_card_under_take_back_is_refused_in_words_and_withdrawn_when_taken_back():
    """illegal_card "take_back", and seat 4's hand known to the referee (named as dealt): the 8S
    is refused with the reason, held, withdrawn when lifted, and the Q♥ played instead goes in."""
    named = iter(["QH", "KH", "8S", "TS", "7D", "QD"])
    events = []
    for e in deal_log():
        if e.type == "table_opened":
            e = replace(e, settings={"illegal_card": "take_back"})
        elif e.type == "card_dealt" and e.seat == 4:
            e = replace(e, card=parse_card(next(named)))
        elif e.type == "card_played" and e.seat == 4:  # trick 1 waits for seat 4
            break
        events.append(e)
    ref = Referee(replay(events)[0])
    hold, out = Holding(Adapter(), ref), Offered()
    hold.offer(card_into_trick("8S", track=70), out)
    assert out.events == [] and "take it back" in out.refused[0][1] and "still holds" in out.refused[0][1], out.refused
    hold.offer(Observation(REMOVED, 540, 70, "trick", "8S", True), out)
    assert hold.items == [] and "taken back" in hold.withdrawn[0][1]
    feed(hold, out, ["QH"])
    assert out.events == [CardPlayed(4, parse_card("QH"))]
    assert any(a.text.startswith("Trick 1 to seat 1") for a in out.announcements)
