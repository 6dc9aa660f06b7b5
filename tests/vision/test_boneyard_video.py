"""End to end at a Boneyard euchre table: one round (tests/referee/boneyard/rounds/43-party-crasher-on:
the 9♥ taken, Meet Cute flipping the J♠, Party Crasher, and the Q♠, so that in every trick the
leader's partner plays last) rendered as a table video from its deal script goes through the camera
path (oracle detector) to exactly the script's referee events and announcements. The cards dealt,
the dealer's bone, the flips and every card played (the taken 9♥ from in front of the Maker) are the
camera's; Take It and the Maker's discard are phone events, fed as the phones would send them.
Also: `croupier render-video` on a Boneyard euchre log lays out the Boneyard table."""

import json
from pathlib import Path

import pytest

from referee.events import loads_jsonl
from vision.calibration import Calibration
from vision.dealscript import from_log
from vision.pipeline import Pipeline
from vision.scoring import compare_referee, score_observations
from vision.sources import open_source
from vision.video import OracleRecogniser, render
from webui.cli import main

ROUND = Path(__file__).parents[1] / "referee" / "boneyard" / "rounds" / "43-party-crasher-on.jsonl"


def round_log():
    return loads_jsonl(ROUND.read_text(encoding="utf-8"), str(ROUND))


@pytest.fixture(scope="module")
def round_video(tmp_path_factory):
    script = from_log(round_log(), seed=3)
    script.table["size"] = [960, 540]  # small frames: the oracle reads them as well, and 2 cores render them
    out = tmp_path_factory.mktemp("boneyard")
    truth, _ = render(script, out / "round.mp4", preset="veryfast")  # a throwaway file: encoded fast
    return out / "round.mp4", truth, script


def test_the_round_on_video_gives_the_scripts_events_and_announcements(round_video):
    video, truth, script = round_video
    p = Pipeline(OracleRecogniser(truth, seed=5), Calibration(truth.zones), host_events=script.host_events())
    p.run(open_source(video))
    sc = score_observations(p.observations, truth.expected)
    print(f"\nboneyard video: {truth.n_frames} frames, {sc.expected} card facts expected: "
          f"missed {len(sc.missed)}, wrong {len(sc.wrong)}, extra {len(sc.extra)}, "
          f"latency max {max(sc.latencies)} frames")
    assert sc.missed == [] and sc.wrong == [] and sc.extra == [], sc.to_json()["details"]
    assert max(sc.latencies) <= 5, sc.to_json()["details"]["slowest"]
    ref = compare_referee(p.referee.events, script)
    print(f"referee: {ref['card_events_got']} of {ref['card_events_expected']} card events, "
          f"{ref['announcements']} announcements, equal: {ref['card_events_equal']}, {ref['announcements_equal']}")
    assert ref["card_events_equal"], ref["first_difference"]
    assert ref["announcements_equal"], ref["first_announcement_difference"]
    # the camera's own events: the bones turned up, and every card played in Party Crasher's order
    log = round_log()
    assert [e for e in p.referee.events if e.type == "bone_flipped"] == [e for e in log if e.type == "bone_flipped"]
    assert [e for e in p.referee.events if e.type == "card_played"] == [e for e in log if e.type == "card_played"]
    assert p.referee.refused == [] and p.holding.items == [] and p.adapter.needs_host == []
    said = [a.text for a in p.referee.announcements]
    assert any("Party Crasher" in s for s in said), said
    assert p.calibration.status.state == "live"


def test_render_video_on_a_boneyard_log_uses_the_boneyard_table(tmp_path, capsys):
    log = round_log()
    bones = [e for e in log if e.type == "card_dealt" and e.seat is None][:2]  # the 9H face up, one back
    start = tmp_path / "start.jsonl"
    start.write_text("".join(json.dumps(e.to_json()) + "\n" for e in log[:6] + bones))  # open, start, 4 cards
    assert main(["render-video", str(start), str(tmp_path / "start.mp4")]) == 0
    assert "frames at 10 fps" in capsys.readouterr().out
    truth = json.loads((tmp_path / "start.truth.json").read_text())
    names = [z["name"] for z in truth["zones"]["zones"]]
    assert {"boneyard", "taken:1", "taken:4", "trick", "tricks:1", "tricks:2"} <= set(names)
    assert [(e["seat"], e["card"], e["up"], e["deck"]) for e in truth["reference"] if e["type"] == "card_dealt"] == \
        [(s, None, False, "main") for s in (1, 2, 3, 4)] + [(None, "9H", True, "main"), (None, None, False, "boneyard")]
    assert [e["kind"] for e in truth["expected"]].count("removed") == 4  # the four take their cards up
