"""A Bonnu night for the dashboard tests: four players, the opening draw (Ann draws the 21 and
leads), then 7 cards each named by the host, so that each phone gets one button per card it may
lay or Cut with. Ann leads red:5; Ben (on turn) and Cleo each hold two more 5s: two Cuts in one
window, the race the phones are for."""

from __future__ import annotations

import dataclasses

from referee import engine
from referee.games.bonnu.deck import card
from referee.games.bonnu.events import CutLaid

NAMES = {1: "Ann", 2: "Ben", 3: "Cleo", 4: "Dev"}
OPENING = {1: "white:21", 2: "blue:3", 3: "yellow:8", 4: "red:4"}
HANDS = {1: "red:5 red:1 blue:2 yellow:4 white:6 black:7 blue:0",
         2: "blue:5 yellow:5 red:2 white:3 black:8 yellow:9 red:9",
         3: "white:5 black:5 blue:7 yellow:1 red:3 white:8 black:2",
         4: "yellow:6 black:1 white:0 blue:9 red:7 yellow:2 black:3"}
LEAD = "red:5"

_n = iter(range(1, 10**6))


def submit(night, event, who="host"):
    return night.submit(event, f"kit-{next(_n)}", who)


def host_option(night, action, seat=None):
    return next(o for o in engine.options(night.table.state, None) if o.action == action
                and (seat is None or o.event.seat == seat))


def open_night(night, settings=None) -> dict[int, str]:
    """The night opened and round 1 dealt (Ann leads); the seats' join tokens."""
    night.start("bonnu", list(NAMES), NAMES, settings or {}, "Bonnu test night")
    return deal_round(night)


def deal_round(night, hands: dict[int, str] | None = None) -> dict[int, str]:
    """Round 1 started, the opening draw made (seat 1 draws the 21 and leads) and every hand dealt
    face down; `hands` (default HANDS) names them, None for a seat names nobody's; the tokens."""
    hands = HANDS if hands is None else hands
    submit(night, host_option(night, "start").event)
    for seat in night.table.state.seats:
        submit(night, dataclasses.replace(host_option(night, "opening", seat).event,
                                          card=card(OPENING.get(seat) or f"blue:{seat}")))
    named = {s: [card(c) for c in h.split()] for s, h in hands.items() if h}
    while night.table.state.hand.phase == "dealing":
        deal = host_option(night, "deal")
        cards = named.get(deal.event.seat)
        submit(night, dataclasses.replace(deal.event, card=cards.pop(0)) if cards else deal.event)
    return {p["seat"]: p["token"] for p in night.players()}


def unnamed_round(night) -> None:
    """Round 1 with every hand dealt face down and named by nobody."""
    deal_round(night, {})


def cuts(night) -> list:
    """The Cuts in the night's log, in order."""
    return [e for e in night.table.state.log.to_tuple() if isinstance(e, CutLaid)]


def lead(night, at_ms=None) -> None:
    """Ann lays red:5, stamped on the night's clock (as the host's console would)."""
    o = next(o for o in engine.options(night.table.state, 1) if o.action == "lay" and o.event.card == card(LEAD))
    submit(night, night.clock.stamp(o.event, None) if at_ms is None else dataclasses.replace(o.event, at_ms=at_ms))


class PhoneQueueCamera:
    """A running camera as the claim endpoint and the host console see it, with no frames: its
    pipeline is the phone claims' queue alone (vision/phone_events.py), which the test drives as the
    pipeline's frames would (`take_posted`, `card_in`), the camera's referee going through `night`."""

    def __init__(self, night):
        from types import SimpleNamespace

        from vision.phone_events import PhoneClaims, pile_top, referee_submit
        from webui.camera import NightReferee, no_camera_status
        referee = NightReferee(night, "camera:test")
        self.said: list = []
        self.pipeline = SimpleNamespace(phone=PhoneClaims(referee_submit(referee, self.said),
                                                          lambda: pile_top(night.table.state)))
        self.status = no_camera_status           # the host console's camera panel: nothing to show
        self.readings = list

    def running(self) -> bool:
        return True


class FakeTime:
    """`time.monotonic` for a test: it moves only when told (`advance(ms)`)."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t

    def advance(self, ms: int) -> None:
        self.t += ms / 1000


def timed_night(dash) -> tuple:
    """(night, phones, clock): round 1 dealt (`open_night`) on a table clock the test moves
    (`FakeTime`), every seat's phone joined."""
    from dashboard_kit import phones_for
    from webui.bonnu_timing import TableClock

    night = dash.extensions["croupier"]
    clock = FakeTime()
    night.clock = TableClock(now=clock)
    return night, phones_for(dash, open_night(night)), clock
