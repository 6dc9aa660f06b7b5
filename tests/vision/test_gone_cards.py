"""Each card once against the referee (issue 23, item 3): a card the referee knows has left the
table this deal (discarded, mucked with a fold, gathered in a finished trick) cannot be read again:
a read of it takes its next read, or goes unread to the host; never announced twice."""

from types import SimpleNamespace

import pytest

from referee.engine import replay
from tests.vision.test_adapter import camera_demo
from tests.vision.test_boonaken_camera import deal_log
from vision.assembly import CardDetection
from vision.adapter import Adapter


def test_the_referee_says_which_cards_are_gone():
    a = Adapter()
    assert a.gone(replay(camera_demo(17))[0]) == {"3C"}  # seat 2 sold its 3C
    st, _ = replay(camera_demo(46))  # seats 4 and 2 folded: their known cards mucked
    assert {"3C", "QC"} <= a.gone(st)
    assert all(s.card.code not in a.gone(st) for b in st.hand.boards.values() if not b.folded
               for s in b.slots if s.card)  # the live seats' cards lie on the table
    log = deal_log()  # Boonaken: the finished tricks' cards; nothing once the deal is over
    first = next(i for i in range(1, len(log)) if getattr(replay(log[:i])[0].hand, "tricks", None))
    st = replay(log[:first])[0]
    assert a.gone(st) == {c.code for _, c in st.hand.tricks[0].plays}
    assert a.gone(replay(log)[0]) == set()


@pytest.fixture(scope="module")
def pipeline(models_dir):
    from vision.pipeline import Pipeline, Referee
    from vision.recogniser import Recogniser

    return Pipeline(Recogniser.from_models(models_dir, threads=1, templates=False),
                    referee=Referee(replay(camera_demo(46))[0]))


def test_a_read_of_a_gone_card_is_read_again_or_left_for_the_host(pipeline, monkeypatch):
    qc = CardDetection((400, 100, 500, 240), True, "QC", 0.93, 0.9, [], (("QC", 0.93), ("QS", 0.05)))
    sure_kd = CardDetection((100, 100, 200, 240), True, "KD", 0.9, 0.9, [], (("KD", 0.9), ("KH", 0.09)))
    out = pipeline._each_card_once([qc, sure_kd])
    assert [c.identity for c in out] == [None, "KD"] and out[0].reads  # QC was mucked: asked, not named
    second = CardDetection(qc.box, True, "QC", 0.5, 0.9, [], (("QC", 0.5), ("QS", 0.45)))
    assert pipeline._each_card_once([second])[0].identity == "QS"  # its next read, surely enough
    # a gone card the tracker still follows lies in view: its own read is no duplicate
    monkeypatch.setattr(pipeline.tracker, "tracks", {7: SimpleNamespace(identity="QC", placed=False, up=True,
                                                                        box=None, last_seen=0)})
    assert pipeline._each_card_once([qc])[0].identity == "QC"
