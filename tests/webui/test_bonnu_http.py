"""A Bonnu night through the dashboard's HTTP endpoints, as the phones use them: every phone sees
the card counts, the top card and the scores, and its own hand only; a phone's latency measured by
its pings and shown to the host; a Cut tapped on a phone stamped with the server's receive time on
the night's clock, the latency taken off; a double tap one claim (the same key: one event; two keys
inside double_tap_ms: the referee's "one claim"); two Cuts in one window ruled with both times."""

from __future__ import annotations

import pytest

from bonnu_kit import HANDS, NAMES, FakeTime, deal_round, lead, timed_night
from dashboard_kit import Phone, phones_for
from referee.cards import BonnuCard
from referee.games.bonnu.events import CutLaid
from webui.bonnu_timing import TableClock


@pytest.fixture
def table(dash, dash_host):
    night, phones, clock = timed_night(dash)
    return night, dash_host, phones, clock


def me(phone) -> dict:
    r = phone.get("/api/me")
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def option(phone, action):
    found = next((o for o in me(phone)["options"] if o["action"] == action), None)
    assert found is not None, (action, [o["label"] for o in me(phone)["options"]])
    return found


def measure(phone, round_trips):
    assert phone.get("/api/seat/ping").status_code == 200
    r = phone.post("/api/seat/latency", {"rtt_ms": round_trips})
    assert r.status_code == 200, r.get_json()
    return r.get_json()["latency_ms"]


def test_counts_top_card_and_scores_on_every_phone_and_each_hand_to_its_owner_only(table, dash_host):
    night, host, phones, clock = table
    lead(night)
    public = Phone(night_app(phones)).get("/state").get_json()["bonnu"]
    for seen in [me(p)["state"]["bonnu"] for p in phones.values()] + [public, host.get("/api/host/state").get_json()["bonnu"]]:
        assert [s["cards"] for s in seen["seats"]] == [6, 7, 7, 7]
        assert seen["top_card"]["pretty"] == "red 5"
        assert seen["score_words"] == "Rounds won: Ann 0, Ben 0, Cleo 0, Dev 0"
        assert seen["turn_words"] == "Ben to play on red 5"
    for seat, phone in phones.items():
        seats = me(phone)["state"]["bonnu"]["seats"]
        assert [s["seat"] for s in seats if "hand" in s] == [seat]      # its own hand, nobody else's
    assert not any("hand" in s for s in public["seats"])
    ben = [c["pretty"] for c in next(s for s in me(phones[2])["state"]["bonnu"]["seats"] if s["seat"] == 2)["hand_cards"]]
    assert ben[:2] == ["blue 5", "yellow 5"]
    ben_codes = ("blue:5", "yellow:5", "red:2", "white:3", "black:8", "yellow:9", "red:9")
    for seen in (str(me(phones[3])), phones[3].get("/api/feed").get_data(as_text=True),
                 Phone(night_app(phones)).get("/api/feed").get_data(as_text=True), str(public)):
        assert not [c for c in ben_codes if c in seen]                     # Ben's hand never reaches Cleo


def night_app(phones):
    return next(iter(phones.values())).app


def test_the_buttons_are_the_seats_options(table):
    night, _, phones, _ = table
    assert [o["action"] for o in me(phones[1])["options"]][:1] == ["lay"]    # Ann leads any card
    lead(night)
    ben = me(phones[2])["options"]
    assert {o["action"] for o in ben} == {"lay", "cut"}
    cut = next(o for o in ben if o["action"] == "cut")
    assert [c["pretty"] for c in cut["cards"]] == ["blue 5", "yellow 5"] and cut["post"]["url"] == "/api/seat/option"
    assert [o["action"] for o in me(phones[3])["options"]] == ["cut"]         # Cleo, out of turn: a Cut only


def test_latency_is_half_the_median_round_trip_and_the_host_sees_it(table):
    night, host, phones, clock = table
    assert measure(phones[2], [40, 44, 300, 42, 46]) == 22                  # one slow ping does not move it
    assert measure(phones[3], [8]) == 4
    clock.advance(5000)
    phones_seen = host.get("/api/host/state").get_json()["bonnu"]["phones"]
    assert [p["words"] for p in phones_seen] == ["Ann: not measured yet", "Ben: 22 ms (measured 5 s ago)",
                                                 "Cleo: 4 ms (measured 5 s ago)", "Dev: not measured yet"]
    for bad in ([], [-1], [9999], "fast", [True], list(range(11))):
        r = phones[2].post("/api/seat/latency", {"rtt_ms": bad})
        assert r.status_code == 400 and "round trips in milliseconds" in r.get_json()["error"]
    assert night.clock.latency_ms(2) == 22                                   # a bad report loses nothing


def test_a_cut_tap_is_stamped_on_receipt_with_the_phones_latency(table):
    night, _, phones, clock = table
    measure(phones[3], [30, 30, 30])
    clock.advance(12_000)
    lead(night)                                   # at 12.00 s
    clock.advance(410)
    cut = option(phones[3], "cut")
    r = phones[3].post(cut["post"]["url"], cut["post"]["body"])
    assert r.status_code == 200, r.get_json()
    event = night.table.state.log.to_tuple()[-1]
    assert isinstance(event, CutLaid) and (event.at_ms, event.latency_ms) == (12_410, 15)
    said = " ".join(a["text"] for a in r.get_json()["announcements"])
    assert "Cut by Cleo at 12.395 s on red:5 (laid at 12.00 s): in time" in said


def test_a_double_tap_is_one_claim(table):
    """The same key twice: one event; a second key: the Cut is no longer offered (the referee's own
    double-tap rule is the backstop for what reaches it otherwise: the camera, the host's JSON)."""
    night, _, phones, clock = table
    lead(night)
    clock.advance(300)
    cut = option(phones[3], "cut")
    events = len(night.table.state.log)
    first = phones[3].post(cut["post"]["url"], cut["post"]["body"], key="tap-1")
    again = phones[3].post(cut["post"]["url"], cut["post"]["body"], key="tap-1")   # the same tap, sent twice
    assert first.status_code == again.status_code == 200 and first.get_json() == again.get_json()
    assert len(night.table.state.log) == events + 1
    # a second tap with its own key, 100 ms later: her 5s are laid, the Cut is no longer offered
    clock.advance(100)
    other = phones[3].post(cut["post"]["url"], cut["post"]["body"], key="tap-2")
    assert other.status_code == 409 and "no longer offered" in other.get_json()["error"]
    seen = me(phones[1])["state"]["bonnu"]
    assert [s["cards"] for s in seen["seats"]] == [6, 7, 5, 7] and len(seen["rulings_words"]) == 1


def test_two_cuts_in_one_window_are_ruled_with_both_times(table):
    night, _, phones, clock = table
    clock.advance(12_000)
    lead(night)
    clock.advance(410)
    cleo, ben = option(phones[3], "cut"), option(phones[2], "cut")
    assert phones[3].post(cleo["post"]["url"], cleo["post"]["body"]).status_code == 200
    clock.advance(170)                            # past the tie margin (50 ms): Ben Cuts Cleo's Cut
    r = phones[2].post(ben["post"]["url"], ben["post"]["body"])
    assert r.status_code == 200, r.get_json()
    seen = me(phones[1])["state"]["bonnu"]
    assert seen["rulings_words"] == ["Cut by Cleo at 12.41 s on red:5 (laid at 12.00 s): in time",
                                     "Cut by Ben at 12.58 s on black:5 (laid at 12.41 s): in time"]
    assert [s["cards"] for s in seen["seats"]] == [6, 5, 5, 7] and seen["top_card"]["pretty"] == "yellow 5"


def test_two_cuts_inside_the_tie_margin_go_to_the_host_with_both_times(table):
    night, host, phones, clock = table
    clock.advance(12_000)
    lead(night)
    clock.advance(410)
    cleo, ben = option(phones[3], "cut"), option(phones[2], "cut")
    assert phones[3].post(cleo["post"]["url"], cleo["post"]["body"]).status_code == 200
    clock.advance(30)
    assert phones[2].post(ben["post"]["url"], ben["post"]["body"]).status_code == 200
    asked = host.get("/api/host/state").get_json()["pending"]
    assert [p["text"] for p in asked] == ["Cut by Ben at 12.44 s, Cleo's Cut at 12.41 s: too close to say who "
                                          "was first; which came first?"]


def test_the_host_starts_a_bonnu_night_with_its_settings_explained(dash_host):
    games = {g["id"]: g for g in dash_host.get("/api/games").get_json()}
    settings = {s["name"]: s for s in games["bonnu"]["settings"]}
    assert "Two times closer than this" in settings["tie_margin_ms"]["help"]
    assert "still counts" in settings["grace_ms"]["help"]
    assert [c["value"] for c in settings["scoring"]["choice_words"]] == ["simple", "bonnu100"]
    r = dash_host.post("/api/host/night", {"game": "bonnu", "seats": [1, 2], "names": {"1": "Ann", "2": "Ben"},
                                           "settings": {"scoring": "bonnu100", "tie_margin_ms": 80}})
    assert r.status_code == 200, r.get_json()
    words = dash_host.get("/api/host/state").get_json()["night"]["settings_in_words"]
    assert any(w["name"] == "tie_margin_ms" and "80" in w["text"] for w in words)
    bad = dash_host.post("/api/host/night", {"game": "bonnu", "seats": [1, 2], "settings": {"tie_margin_ms": -5}})
    assert bad.status_code == 400 and "tie_margin_ms" in bad.get_json()["error"]


def test_a_bonnu_out_of_turn_wins_and_bonnu_100_scores_reach_every_phone(dash, dash_host):
    """Bonnu 100, two players: Ann leads the red 9, Ben's whole hand totals 9 (five 0s, a 4 and a
    5): Bonnu! from his phone wins the round; Ann lays her hand face up from hers and scores it."""
    night = dash.extensions["croupier"]
    night.start("bonnu", [1, 2], {1: "Ann", 2: "Ben"}, {"scoring": "bonnu100"}, "Bonnu 100")
    tokens = deal_round(night, {1: "red:9 red:1 blue:2 yellow:4 white:6 black:7 blue:8",
                                2: "blue:0 yellow:0 white:0 black:0 red:0 red:4 yellow:5"})
    phones = phones_for(dash, tokens)
    lay = next(o for o in me(phones[1])["options"] if o.get("card", {}).get("code") == "red:9")
    assert phones[1].post(lay["post"]["url"], lay["post"]["body"]).status_code == 200
    bonnu = option(phones[2], "bonnu")
    assert [c["value"] for c in bonnu["cards"]] == [0, 0, 0, 0, 0, 4, 5]
    r = phones[2].post(bonnu["post"]["url"], bonnu["post"]["body"])
    assert r.status_code == 200, r.get_json()
    show = option(phones[1], "show")
    assert show["post"]["url"] == "/api/seat/card" and show["needs"] == []
    assert phones[1].post(show["post"]["url"], show["post"]["body"]).status_code == 200
    for seen in (me(phones[1])["state"]["bonnu"], me(phones[2])["state"]["bonnu"],
                 dash_host.get("/api/host/state").get_json()["bonnu"]):
        assert seen["score_words"] == "Totals: Ann 28, Ben 0"
        assert seen["winner_words"] == "Ben wins round 1"
        shown = next(s for s in seen["seats"] if s["seat"] == 1)["shown_cards"]       # face up now: everyone's
        assert [c["pretty"] for c in shown] == ["red 1", "blue 2", "yellow 4", "white 6", "black 7", "blue 8"]


def test_a_card_the_host_enters_for_a_seat_is_stamped_with_nothing_to_take_off(dash, dash_host):
    # Ann's hand dealt face down, named by nobody: the host types the card she lays (a hand the
    # host may not see is left out of the console: test_bonnu_host_privacy.py)
    night = dash.extensions["croupier"]
    clock = FakeTime()
    night.clock = TableClock(now=clock)
    night.start("bonnu", list(NAMES), NAMES, {}, "Bonnu test night")
    deal_round(night, {s: h for s, h in HANDS.items() if s != 1})
    clock.advance(7_250)
    state = dash_host.get("/api/host/state").get_json()
    lay = next(o for o in state["seat_options"]["1"] if o["action"] == "lay")
    assert lay["needs"] == ["card"]
    r = dash_host.post(lay["post"]["url"], {**lay["post"]["body"], "card": "red:5"})
    assert r.status_code == 200, r.get_json()
    event = night.table.state.log.to_tuple()[-1]
    assert (event.type, event.at_ms, event.latency_ms) == ("card_laid", 7_250, 0)


def test_the_round_panel_shows_the_pile_under_the_top_card(table):
    night, host, phones, _ = table
    lead(night)
    ben = option(phones[2], "lay")
    assert phones[2].post(ben["post"]["url"], ben["post"]["body"]).status_code == 200
    seen = me(phones[3])["state"]["bonnu"]
    assert seen["pile_cards"] == ["red:5", ben["card"]["code"]] and seen["top_card"]["code"] == ben["card"]["code"]
    assert [c["pretty"] for c in seen["earlier_cards"]] == ["red 5"]


def test_the_console_deals_a_whole_pass_of_a_bonnu_round_in_one_form(dash, dash_host):
    night = dash.extensions["croupier"]
    night.start("bonnu", [1, 2, 3], {1: "Ann", 2: "Ben", 3: "Cleo"}, {}, "street")
    host = dash_host
    assert host.post("/api/host/option", {"seat": None, "option": next(
        o["key"] for o in host.get("/api/host/state").get_json()["options"] if o["action"] == "start")}).status_code == 200
    for seat, code in ((1, "white:21"), (2, "blue:3"), (3, "red:4")):
        o = next(o for o in host.get("/api/host/state").get_json()["options"] if o["action"] == "opening"
                 and o["seat"] is None and str(seat) in o["label"])
        assert host.post("/api/host/option", {"seat": None, "option": o["key"], "card": code}).status_code == 200
    deals = [o for o in host.get("/api/host/state").get_json()["options"] if o["action"] == "deal"]
    assert [o["deal"]["seat"] for o in deals] == [1, 2, 3]                 # the whole pass, Ann first
    r = host.post("/api/host/street", {"cards": [{"seat": 1, "card": "red:7"}, {"seat": 2, "card": None},
                                                 {"seat": 3, "card": "blue:-1"}]})
    assert r.status_code == 200, r.get_json()
    rnd = night.table.state.hand
    assert [rnd.holding(s) for s in (1, 2, 3)] == [1, 1, 1] and rnd.hand_of(3).named == (BonnuCard("blue", -1),)
