"""Bonnu's automatic "time passed" (webui/bonnu_shout_timer.py): one timer, armed when a shout is
owed, at the card's time plus shout_grace_ms, stamped on the night's clock; moved or cancelled by
each action; a firing that lost the race does nothing; off under TESTING unless asked. Driven by a
fake clock and a fake scheduler: no thread, no sleeping."""

from __future__ import annotations

from bonnu_kit import FakeTime, deal_round, lead, submit
from referee.games.bonnu.deck import card
from referee.games.bonnu.events import CutLaid, ShoutHeard
from webui.app import create_app
from webui.bonnu_shout_timer import ShoutTimer
from webui.bonnu_timing import TableClock

NAMES = {1: "Ann", 2: "Ben", 3: "Cleo", 4: "Dev"}
# Ben cuts six 5s on Ann's red 5 and is left with one card: Reach! is owed
SIX_FIVES = "blue:5 yellow:5 white:5 black:5 blue:5#1 yellow:5#1"
HANDS = {1: "red:5 red:1 blue:2 yellow:4 white:6 black:7 blue:0", 2: SIX_FIVES + " red:9", 3: None, 4: None}


class FakeScheduler:
    def __init__(self) -> None:
        self.armed: list[list] = []             # [delay_s, fn, cancelled]

    def call_later(self, delay_s, fn):
        entry = [delay_s, fn, False]
        self.armed.append(entry)

        class Handle:
            def cancel(self) -> None:
                entry[2] = True
        return Handle()

    def live(self) -> list[list]:
        return [e for e in self.armed if not e[2]]


def night_with_timer(tmp_path, **settings):
    app = create_app({"DB": str(tmp_path / "t.db"), "PIN": "4321", "TESTING": True})
    assert "croupier_shout_timer" not in app.extensions            # off in tests unless asked
    night, t = app.extensions["croupier"], FakeTime()
    night.clock = TableClock(now=t)
    sched = FakeScheduler()
    timer = ShoutTimer(night, sched)
    night.on_commit.append(timer.reschedule)
    night.start("bonnu", list(NAMES), NAMES, settings, "timer night")
    deal_round(night, HANDS)
    return night, t, sched, timer


def cut_to_one(night, t):
    lead(night)                                                    # at 0 ms
    t.advance(300)
    submit(night, night.clock.stamp(CutLaid(2, tuple(card(c) for c in SIX_FIVES.split())), 2), "Ben")


def test_a_missed_reach_is_ruled_once_the_grace_passes_with_no_other_event(tmp_path):
    night, t, sched, timer = night_with_timer(tmp_path)
    assert sched.armed == []                                       # nothing owed while dealing and leading
    cut_to_one(night, t)
    [(delay, fire, _)] = sched.live()
    assert delay == 2.001 and timer.pending[0] == 300 + 2000 + 1   # the Cut's time + shout_grace_ms, then missed
    t.advance(2001)
    fire()
    log = night.table.state.log.to_tuple()
    assert log[-1].type == "time_noted" and log[-1].at_ms == 2301
    assert night.table.state.hand.owed == {2: 1}                   # Ben's missed Reach: a penalty card
    assert len(sched.armed) == 1 and timer.pending is None         # nothing owed any more: no new timer


def test_a_shout_in_time_cancels_the_timer_and_a_stale_firing_does_nothing(tmp_path):
    night, t, sched, timer = night_with_timer(tmp_path, shout_grace_ms=1000)
    cut_to_one(night, t)
    [(delay, fire, _)] = sched.live()
    assert delay == 1.001
    t.advance(400)
    submit(night, night.clock.stamp(ShoutHeard(2, "reach"), 2), "Ben")
    assert sched.live() == [] and sched.armed[0][2]                # cancelled
    before = len(night.table.state.log)
    t.advance(700)
    fire()                                                         # a timer thread that lost the race
    assert len(night.table.state.log) == before and night.table.state.hand.owed == {}


def test_the_app_arms_the_timer_when_asked(tmp_path):
    app = create_app({"DB": str(tmp_path / "a.db"), "PIN": "4321", "TESTING": True, "SHOUT_TIMER": True})
    timer = app.extensions["croupier_shout_timer"]
    assert timer.reschedule in app.extensions["croupier"].on_commit and timer.pending is None
