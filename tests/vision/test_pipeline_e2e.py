"""End to end on a rendered 720p table video: video -> observations equal the script's ground
truth (no missed, wrong or extra card facts; latency <= 3 frames) -> referee card events equal
the script's -> announcements equal a replay of the reference log. Run with the oracle
detector (the renderer's truth with typical recogniser faults) always, and with the real
models when models/ has them."""

from pathlib import Path

import pytest

from referee.script import parse_script
from vision.calibration import Calibration
from vision.dealscript import DealScript, from_hand
from vision.pipeline import Pipeline
from vision.scoring import compare_referee, score_observations
from vision.sources import open_source
from vision.video import OracleRecogniser, render, write_truth

MODELS = Path(__file__).resolve().parents[2] / "models"
HAND = """open bonedoneskis 1 2
hand 1 dealer 2
down 1 AS, 2 7C
down 1 4H, 2 QS
up 1 8D, 2 KC
expose 2 QS
bring_in 1
complete 2
call 1
up 1 TD, 2 5H
"""


@pytest.fixture(scope="module")
def table_video(tmp_path_factory):
    script = from_hand(parse_script(HAND), seed=3, showdown=False)
    script.table.update({"seats": 2, "seed": 3})
    out = tmp_path_factory.mktemp("video")
    truth, _ = render(script, out / "hand.mp4")
    write_truth(truth, script, out / "hand.truth.json")
    script.save(out / "hand.script.jsonl")
    return out / "hand.mp4", truth, script


def run_pipeline(video, truth, script, recogniser, **options):
    cal = Calibration(truth.zones)
    p = Pipeline(recogniser, cal, host_events=script.host_events(), **options)
    p.run(open_source(video))
    return p


def check(p, truth, script, latency=3):
    sc = score_observations(p.observations, truth.expected)
    assert sc.missed == [] and sc.wrong == [] and sc.extra == [], sc.to_json()["details"]
    assert sc.latencies and max(sc.latencies) <= latency, sc.latencies
    ref = compare_referee(p.referee.events, script)
    assert ref["card_events_equal"], ref["first_difference"]
    assert ref["announcements_equal"], ref["first_announcement_difference"]
    assert p.referee.refused == [] and p.adapter.needs_host == []
    return sc


def test_script_round_trip_and_truth(table_video, tmp_path):
    video, truth, script = table_video
    again = DealScript.load(video.parent / "hand.script.jsonl")
    assert [s.to_json() for s in again.steps] == [s.to_json() for s in script.steps]
    assert truth.n_frames >= 100 and sum(e["kind"] == "dealt" for e in truth.expected) == 8
    assert any(s.action == "reach" for s in script.steps) or any(s.event and s.event.type == "bring_in"
                                                                 for s in script.steps)


def test_video_to_announcements_with_the_oracle_detector(table_video):
    video, truth, script = table_video
    p = run_pipeline(video, truth, script, OracleRecogniser(truth, seed=5))
    check(p, truth, script)
    assert p.calibration.status.state == "live"
    said = " ".join(a.text for a in p.referee.announcements)
    assert "King's Men" in said and "brings in" in said


def test_looking_at_every_other_moving_frame_still_gives_exactly_the_right_events(table_video):
    """stride=2 (fewer looks while hands move): the same events; cards come to rest under a
    retreating hand are placed later (bench/pipeline.py --stride 2 measures by how much)."""
    video, truth, script = table_video
    p = run_pipeline(video, truth, script, OracleRecogniser(truth, seed=5), stride=2)
    check(p, truth, script, latency=6)
    assert p.skipped > p.frames // 3


def test_scoring_spends_a_right_observation_on_its_own_card_not_on_a_neighbours():
    from vision.observations import Observation

    expected = [{"kind": "exposed", "card": "KH", "up": True, "zone": "seat:1", "from_zone": None, "rest_frame": 446},
                {"kind": "exposed", "card": "2C", "up": True, "zone": "seat:1", "from_zone": None, "rest_frame": 466}]
    got = [Observation("exposed", 467, 1, "seat:1", "2C", True)]
    sc = score_observations(got, expected)
    assert sc.wrong == [] and sc.missed == ["exposed KH @ seat:1 frame 446"] and sc.latencies == [1]


@pytest.mark.skipif(not (MODELS / "detector.onnx").exists() or not (MODELS / "classifier.onnx").exists(),
                    reason="models/ not trained yet")
def test_video_with_the_real_models_finds_every_card_in_time_and_announces_none_wrongly(table_video):
    """The trained models on the rendered hand: every card fact found, none invented, none wrong,
    within 6 frames of coming to rest (bench/pipeline.py measures the longer demo hand). A doubtful
    read goes to the host instead of being announced."""
    from vision.recogniser import Recogniser

    video, truth, script = table_video
    # (an earlier note here: results differed between installs. The cause: without PyAV the test
    # video was written with OpenCV's mp4v instead of H.264; [dev] now installs PyAV too.)
    p = run_pipeline(video, truth, script, Recogniser.from_models(MODELS, threads=1))
    sc = score_observations(p.observations, truth.expected)
    assert sc.wrong == [] and sc.missed == [] and sc.extra == [], sc.to_json()["details"]
    assert max(sc.latencies) <= 6, sc.to_json()["details"]["slowest"]
    dealt = {(s.seat, s.card) for s in script.steps if s.action == "deal"}
    for e in p.referee.events:
        if e.type in ("card_dealt", "card_exposed") and e.card is not None:
            assert (e.seat, e.card.code) in dealt, e.to_json()
    assert p.calibration.status.state == "live"
