"""The night's one clock for Bonnu (webui/bonnu_timing.py): whole milliseconds from the night's
start; a tap stamped once, with its seat's latency, a camera card left as the camera stamped it;
after a restart the clock resumes past the latest stamp in the log; a hand the referee does not
know is named by the phone's pickers (a Bonnu card only, said in words otherwise), and its second
Cut tap, with a key of its own, finds no Cut offered: one claim."""

from __future__ import annotations

from bonnu_kit import FakeTime, submit, unnamed_round
from dashboard_kit import Phone
from referee.games.bonnu.deck import card
from referee.games.bonnu.events import CardLaid, CutLaid, TimeNoted
from webui.bonnu_timing import TableClock, latest_stamp


def test_the_clock_counts_from_the_night_and_stamps_a_tap_once():
    t = FakeTime()
    clock = TableClock(now=t)
    t.advance(1234)
    assert clock.now_ms() == 1234
    clock.restart()
    assert clock.now_ms() == 0
    clock.measured(2, [20, 24, 22])
    t.advance(500)
    tap = clock.stamp(CutLaid(2, ()), 2)
    assert (tap.at_ms, tap.latency_ms) == (500, 11)
    assert clock.stamp(tap, 2) is tap                                   # stamped once, never again
    camera = CardLaid(1, None, at_ms=480, latency_ms=66)
    assert clock.stamp(camera, None) is camera                          # the camera's own stamp stands
    assert clock.stamp(TimeNoted(0), None).at_ms == 500                 # the host's "time has passed"
    clock.restart()
    assert clock.latency_ms(2) == 0 and clock.latencies() == {}         # a new night measures again


def test_after_a_restart_the_clock_resumes_past_the_latest_stamp():
    t = FakeTime()
    clock = TableClock(now=t)
    clock.resume_after(latest_stamp([CardLaid(1, None, at_ms=90_000), CutLaid(2, (), at_ms=91_500), TimeNoted(7)]))
    assert clock.now_ms() == 91_501
    clock.resume_after(10)                                              # already past it: unchanged
    assert clock.now_ms() == 91_501 and latest_stamp([]) is None


def test_a_restarted_server_stamps_after_the_stored_log(tmp_path):
    from webui.app import create_app
    db = str(tmp_path / "bonnu.db")
    night = create_app({"DB": db, "PIN": "4321", "TESTING": True}).extensions["croupier"]
    night.start("bonnu", [1, 2], {1: "Ann", 2: "Ben"}, {}, "restart")
    unnamed_round(night)
    late = 3_600_000                                                    # an hour into the night
    submit(night, CardLaid(1, card("red:5"), at_ms=late))
    night.close()
    again = create_app({"DB": db, "PIN": "4321", "TESTING": True}).extensions["croupier"]
    assert again.clock.now_ms() > late
    again.close()


def test_an_unnamed_hand_names_its_cards_on_the_phone(dash, dash_host):
    night = dash.extensions["croupier"]
    night.start("bonnu", [1, 2], {1: "Ann", 2: "Ben"}, {}, "unnamed")
    unnamed_round(night)
    phones = {}
    for p in night.players():
        phones[p["seat"]] = Phone(dash)
        phones[p["seat"]].join(p["token"])
    mine = phones[1].get("/api/me").get_json()
    lay = next(o for o in mine["options"] if o["action"] == "lay")
    assert lay["needs"] == ["card"] and len(lay["pack"]) == 60
    wrong = phones[1].post(lay["post"]["url"], {**lay["post"]["body"], "card": "9D"})
    assert wrong.status_code == 400 and "not a Bonnu card" in wrong.get_json()["error"]
    assert phones[1].post(lay["post"]["url"], {**lay["post"]["body"], "card": "red:5"}).status_code == 200
    cut = next(o for o in phones[2].get("/api/me").get_json()["options"] if o["action"] == "cut")
    assert cut["needs"] == ["cards"] and cut["pack"] == [f"{c}:5" for c in ("red", "blue", "yellow", "white", "black")]
    bonnu = next(o for o in phones[2].get("/api/me").get_json()["options"] if o["action"] == "bonnu")
    assert bonnu["count"] == 7
    r = phones[2].post(cut["post"]["url"], {**cut["post"]["body"], "cards": ["blue:5", "yellow:5"]})
    assert r.status_code == 200, r.get_json()
    event = night.table.state.log.to_tuple()[-1]
    assert isinstance(event, CutLaid) and [c.code for c in event.cards] == ["blue:5", "yellow:5"] and event.at_ms
    # tapped again at once with a new key: a seat may not Cut its own Cut, so nothing is offered
    again = phones[2].post(cut["post"]["url"], {**cut["post"]["body"], "cards": ["blue:5", "yellow:5"]})
    assert again.status_code == 409 and "no longer offered" in again.get_json()["error"]
    assert night.table.state.hand.holding(2) == 5                      # two cards laid, not four
