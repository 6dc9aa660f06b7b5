"""A Boonaken night through the dashboard's HTTP endpoints, as the phones use them: bids, the
exchange, trump, "declare roem", an equal challenge and both tie-break cards, the ruling after
the first trick; every viewer sees only what it may (its own cards, never another seat's); a
phone posts only its own seat's moves (403 in words otherwise); the card picker where the
referee does not know the hand takes only the Boonaken pack; the sheet and who buys the drinks."""

from __future__ import annotations

import argparse
import json

import pytest

from boonaken_kit import ASIDE, BEN_DISCARDS, CENTRE_DOWN, HANDS, NAMES, open_night, play_deal_out
from dashboard_kit import Phone, frames
from referee.engine import HOST


@pytest.fixture
def table(dash, dash_host):
    tokens = open_night(dash.extensions["croupier"])
    phones = {}
    for seat, token in tokens.items():
        phones[seat] = Phone(dash)
        phones[seat].join(token)
    return dash, dash_host, phones


def me(phone) -> dict:
    r = phone.get("/api/me")
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def take(phone, action, **match):
    """Press the seat's option of `action` whose fields match (bid="30", card code, amount...)."""
    mine = me(phone)
    def fits(o):
        return o["action"] == action and all((o.get(k) or {}).get("code") == v if k == "card" else o.get(k) == v
                                             for k, v in match.items() if k != "pick")
    option = next((o for o in mine["options"] if fits(o)), None)
    assert option is not None, (action, match, [o["label"] for o in mine["options"]])
    body = dict(option["post"]["body"], **({"card": match["pick"]} if "pick" in match else {}))
    r = phone.post(option["post"]["url"], body)
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def bid_and_exchange(phones):
    take(phones[2], "bid", bid="30")
    for seat in (3, 4, 1):
        take(phones[seat], "bid", bid="pass")
    for code in BEN_DISCARDS:
        take(phones[2], "discard", card=code)
    take(phones[2], "trump", suit="S")


def test_bid_exchange_roem_challenge_and_the_ruling_from_the_phones(table):
    _, host, phones = table
    bids = [o for o in me(phones[2])["options"] if o["action"] == "bid"]
    assert [o["bid"] for o in bids if not o["bid_group"]] == ["pass", "misère", "zwabber", "boonaak"]
    assert {o["bid_amount"] for o in bids if o["bid_group"] == "boonaak"} == set(range(20, 250, 10))
    assert all(o["post"]["url"] == "/api/seat/option" for o in bids)
    bid_and_exchange(phones)
    state = me(phones[3])["state"]["boonaken"]
    assert state["contract_words"] == "Ben plays 30, trump ♠ spades"
    assert state["turn_words"] == "Ben to play"
    said = take(phones[2], "roem", amount=20)["announcements"]
    assert "Ben declares 20 roem" in said[0]["text"]
    assert [o["label"] for o in me(phones[3])["options"]] == ["Challenge with 20 roem"]   # first trick only
    take(phones[3], "challenge", amount=20)
    take(phones[2], "roem_card", card="AH")
    take(phones[3], "roem_card", card="QD")
    roem = me(phones[4])["state"]["boonaken"]["roem"]
    assert roem["lines"] == ["Ben declared 20 roem", "Cleo challenges with 20 roem (equal: each names the highest roem card)",
                             "Ben names the A♥", "Cleo names the Q♦"]
    assert roem["ruling"] == ""                       # the ruling comes once the first trick is complete
    for seat, code in ((2, "AH"), (3, "AC"), (4, "JC"), (1, "9H")):
        take(phones[seat], "play", card=code)
    public = Phone(table[0]).get("/state").get_json()["boonaken"]
    assert public["roem"]["ruling"] == "Ben's 20 roem stands"
    assert not [o for o in me(phones[3])["options"] if o["action"] == "challenge"]     # the window is closed
    assert public["tricks"][0]["winner"] == 2 and public["seats"][0]["tricks"] == 1


def test_a_phone_posts_only_its_own_seats_moves(table):
    _, host, phones = table
    take(phones[2], "bid", bid="30")
    cleo_pass = next(o for o in me(phones[3])["options"] if o.get("bid") == "pass")
    r = phones[2].post("/api/seat/option", cleo_pass["post"]["body"])       # seat 3's own body, from seat 2's phone
    assert r.status_code == 403
    assert r.get_json()["error"] == ("this phone is seat 2: seat 3's moves are made on seat 3's phone (or by the host)")
    r = phones[2].post("/api/seat/option", {"option": cleo_pass["post"]["body"]["option"]})   # the key alone
    assert r.status_code == 403
    assert r.get_json()["error"] == "that move is seat 3's, not yours (seat 2): a phone makes only its own seat's moves"
    assert phones[2].post("/api/seat/option", {"option": "0123456789ab"}).status_code == 409
    assert Phone(table[0]).post("/api/seat/option", cleo_pass["post"]["body"]).status_code == 401   # no seat at all
    bids = host.get("/api/host/state").get_json()["boonaken"]["bids"]
    assert bids == [{"seat": 2, "bid": "30"}]                                 # nothing recorded for seat 3


def _secrets(state, viewer) -> set[str]:
    """The cards `viewer` may not see now (JSON code and as people read it): other seats' cards in
    hand, the face-down centre cards (unless it took them), the set-aside cards, others' discards."""
    hand = state.hand
    if viewer == HOST:
        return set()
    seen = set(hand.centre_up) | {c for cs in hand.played.values() for c in cs} | set(hand.named.values())
    hidden = set(hand.aside) | set(hand.centre_down)
    for s in hand.order:
        if s != viewer:
            hidden |= hand.known_holding(s) | {c for c in hand.discards.get(s, ()) if c}
    if viewer is not None and hand.takers and hand.phase != "bidding" and hand.takers[0] == viewer:
        hidden -= set(hand.centre_down)
    return {t for c in hidden - seen for t in (f'"{c.code}"', c.pretty)}


def _check(dash, phones, viewers, why=False):
    state = dash.extensions["croupier"].table.state
    for viewer, client in viewers.items():
        hidden = _secrets(state, viewer)
        texts = {"/state": client.get("/state").get_data(as_text=True), "/api/feed": client.get("/api/feed").get_data(as_text=True)}
        for ann in (json.loads(texts["/api/feed"]) if why else ()):      # each "why?", its rule card left out
            if ann["id"] is not None:
                said = client.get(f"/api/why/{ann['id']}").get_json()
                texts[f"why #{ann['id']}"] = json.dumps({k: v for k, v in said.items() if k != "rule"}, ensure_ascii=False)
        if isinstance(viewer, int):
            texts["/api/me"] = client.get("/api/me").get_data(as_text=True)
            texts["/me"] = client.get("/me").get_data(as_text=True)
            seats = json.loads(texts["/api/me"])["state"]["boonaken"]["seats"]
            mine = next(s for s in seats if s["seat"] == viewer)
            assert {c["code"] for c in mine["cards"]} == {c.code for c in state.hand.known_holding(viewer)}   # all its own
        for where, text in texts.items():
            leaked = sorted(h for h in hidden if h in text)
            assert not leaked, f"{where} for viewer {viewer} names {leaked}"


def test_each_viewer_sees_its_own_cards_and_never_anothers(table):
    dash, host, phones = table
    viewers = {**phones, None: Phone(dash)}
    _check(dash, phones, viewers)                                   # bidding: the hands and the centre
    take(phones[2], "bid", bid="30")
    for seat in (3, 4, 1):
        take(phones[seat], "bid", bid="pass")
        _check(dash, phones, viewers)
    for code in BEN_DISCARDS:
        take(phones[2], "discard", card=code)
        _check(dash, phones, viewers)                               # Ben's discards are Ben's alone
    take(phones[2], "trump", suit="S")
    take(phones[2], "play", card="AH")
    _check(dash, phones, viewers, why=True)
    hidden_all = {f'"{c}"' for c in CENTRE_DOWN.split() + ASIDE.split()}
    for viewer, client in viewers.items():           # the live stream, from the opening on
        resp = client.get("/events", headers={"Last-Event-ID": "1"}, buffered=False)
        got = [f for f in frames(resp.response, len(dash.extensions["croupier"].table.state.log) + 3) if "id" in f]
        resp.close()
        text = json.dumps([f["data"] for f in got], ensure_ascii=False)
        others = {f'"{c}"' for s, h in HANDS.items() if s != viewer for c in h.split() if c != "AH"}
        assert not [h for h in hidden_all | others if h in text], viewer
    host_view = host.get("/api/host/state").get_json()["boonaken"]
    assert host_view["seats"][0]["discards"] and all("cards" in s for s in host_view["seats"])


def test_a_playing_host_sees_only_their_seats_cards(table):
    dash, host, phones = table
    assert host.post("/api/host/playing", {"seat": 1}).status_code == 200
    take(phones[2], "bid", bid="30")
    for seat in (3, 4, 1):
        take(phones[seat], "bid", bid="pass")
    take(phones[2], "discard", card="JH")
    got = host.get("/api/host/state")
    text = got.get_data(as_text=True)
    hidden = _secrets(dash.extensions["croupier"].table.state, 1)
    assert not sorted(h for h in hidden if h in text)
    ann = next(s for s in got.get_json()["boonaken"]["seats"] if s["seat"] == 1)
    assert {c["code"] for c in ann["cards"]} == set(HANDS[1].split())
    ben = got.get_json()["seat_options"]["2"]          # his discards name his cards: left out, his trump kept
    assert {o["action"] for o in ben} == {"trump"} and got.get_json()["playing_left_out"] >= 9


def test_the_card_picker_takes_only_the_boonaken_pack(dash, dash_host):
    night = dash.extensions["croupier"]
    night.start("boonaken", [1, 2, 3, 4], NAMES, {}, "unnamed cards")
    tokens = {p["seat"]: p["token"] for p in night.players()}
    dash_host_state = dash_host.get("/api/host/state").get_json()
    start = next(o for o in dash_host_state["options"] if o["action"] == "start")
    assert dash_host.post("/api/host/option", {**start["post"]["body"], "dealer": 1}).status_code == 200
    phones = {s: Phone(dash) for s in tokens}
    for s, p in phones.items():
        p.join(tokens[s])
    take(phones[2], "bid", bid="30")
    for seat in (3, 4, 1):
        take(phones[seat], "bid", bid="pass")
    discard = next(o for o in me(phones[2])["options"] if o["action"] == "discard")
    assert discard["needs"] == ["card"] and len(discard["pack"]) == 32 and "7S" in discard["pack"] and "6S" not in discard["pack"]
    r = phones[2].post("/api/seat/option", {**discard["post"]["body"], "card": "2S"})
    assert r.status_code == 400 and r.get_json()["error"] == "the 2♠ is not in the Boonaken pack (7 to ace): choose another card"
    # No card named: a face-down discard nobody looked at, which the referee counts.
    r = phones[2].post("/api/seat/option", discard["post"]["body"])
    assert r.status_code == 200, r.get_json()
    take(phones[2], "discard", pick="9C")
    discards = me(phones[2])["state"]["boonaken"]["seats"][0]["discards"]
    assert [d["code"] for d in discards] == [None, "9C"]


def test_the_sheet_and_who_buys_the_drinks_on_every_phone(table):
    dash, host, phones = table
    night = dash.extensions["croupier"]
    play_deal_out(night, declarer=3, start=False)       # deal 1 as dealt: Cleo bids 100 and loses
    sheet = phones[1].get("/state").get_json()["boonaken"]["sheet"]
    assert [(r["name"], r["marks"], r["status_words"]) for r in sheet["rows"]] == \
        [("Ann", [], "still in"), ("Ben", [], "still in"), ("Cleo", ["−"], "still in"), ("Dev", [], "still in")]
    assert sheet["drinks_words"] == ""
    starts = [o for o in host.get("/api/host/state").get_json()["options"] if o["action"] == "start"]
    assert [(o["start"]["hand"], o["start"]["dealer"]) for o in starts] == [(2, 2)]   # the deal passes left
    play_deal_out(night, declarer=3)
    for viewer in (*phones.values(), Phone(dash)):
        sheet = viewer.get("/state").get_json()["boonaken"]["sheet"]
        assert sheet["drinks_words"] == "Seat 3 (Cleo) buys the drinks"
        cleo = next(r for r in sheet["rows"] if r["seat"] == 3)
        assert cleo["marks"] == ["−", "−"] and cleo["status"] == "erin" and "erin" in cleo["words"]
    starts = [o for o in host.get("/api/host/state").get_json()["options"] if o["action"] == "start"]
    assert [o["text"] for o in starts] == [f"Start deal 3, {NAMES[_next_dealer(night)]} deals"]


def _next_dealer(night):
    from referee import registry
    return registry.games()["boonaken"].next_dealer(night.table.state)


def test_api_games_explains_boonakens_settings(dash):
    games = {g["id"]: g for g in Phone(dash).get("/api/games").get_json()}
    fields = {f["name"]: f for f in games["boonaken"]["settings"]}
    assert fields["scoring"]["help"] == "How the loser is found"
    assert {"value": "points", "text": fields["scoring"]["choice_words"][1]["text"]} in fields["scoring"]["choice_words"]
    assert fields["minimum_bid"]["allowed"] == "a multiple of 5, at least 5"


def test_serve_game_opens_a_boonaken_night_with_its_settings_explained(dash):
    from webui.cli_night import open_for_serve, setting_text
    night = dash.extensions["croupier"]
    args = argparse.Namespace(game="boonaken", seats=4, names="Ann,Ben,Cleo,Dev", night_name="",
                              set=[setting_text("scoring=points"), setting_text("stop_when_certain=true")])
    said = open_for_serve(night, args)
    assert night.table.state.game == "boonaken" and night.table.state.settings.scoring == "points"
    assert said.splitlines()[0] == "Opened a Boonaken night, 4 seats (" + night.store.session(night.session_id)["name"] + ")."
    assert "  * How the loser is found: points from 5" in said
    assert "    Trumps rank J 9 A 10 K Q 8 7 (klaverjas) instead of J 9 A K Q 10 8 7: no" in said
    assert open_for_serve(night, args).startswith("Resuming tonight's Boonaken night")     # a restart resumes
    other = argparse.Namespace(**{**vars(args), "game": "bonedoneskis", "set": []})
    with pytest.raises(SystemExit, match="the store's night is boonaken, still running"):
        open_for_serve(night, other)
    with pytest.raises(SystemExit, match="--set: unknown setting"):
        open_for_serve(night, argparse.Namespace(**{**vars(args), "set": [("colour", "red")]}))
