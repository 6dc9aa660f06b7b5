"""A Boneyard euchre night through the dashboard's HTTP endpoints, as the phones use them: Take It
and Leave It, the Maker's discard, cards played; the round in words (dealer, Maker, trump, the taken
card, the modifiers with their rule text, the trick, the scores); a seat never sees another seat's
hand; a phone posts only its own seat's moves (403 in words otherwise)."""

from __future__ import annotations

import pytest

from boneyard_kit import HANDS, me, open_night, option, phones_for, take
from dashboard_kit import Phone


@pytest.fixture
def table(dash, dash_host):
    return dash, dash_host, phones_for(dash, open_night(dash.extensions["croupier"]))


def test_take_leave_discard_and_play_from_the_phones(table):
    dash, _, phones = table
    buttons = me(phones[1])["options"]
    assert [o["label"] for o in buttons] == ["Take It (Q♠)", "Leave It"]
    assert all(o["post"]["url"] == "/api/seat/option" for o in buttons)
    assert me(phones[2])["options"] == []
    take(phones[1], "bid", bid="leave")
    take(phones[2], "bid", bid="take")
    seen = me(phones[3])["state"]["boneyard"]
    assert seen["maker_words"] == "Ben takes the Q♠"        # trump is set once the modifiers are drawn
    assert seen["headline"] == "Round 1 (game 1): Dev deals, the bone turned up is the Q♠"
    assert seen["bids_words"] == ["Ann: Leave It", "Ben: Take It"]
    assert seen["turn_words"] == "Ben to discard"
    discards = [o for o in me(phones[2])["options"] if o["action"] == "discard"]
    assert sorted(o["card"]["code"] for o in discards) == sorted(HANDS[2].split())    # the taken Q♠ stays
    take(phones[2], "discard", card="9D")
    assert "discard" not in me(phones[3])["state"]["boneyard"]
    assert me(phones[2])["state"]["boneyard"]["discard"] == "9D"
    seen = me(phones[4])["state"]["boneyard"]
    assert seen["maker_words"] == "Ben takes the Q♠, trump ♠ spades"
    assert [m["name"] for m in seen["modifiers"]] == ["Shoot The Moon"]
    assert seen["modifiers"][0]["text"].startswith("The makers get two points")
    take(phones[2], "play", card="JS")
    take(phones[3], "play", card="QC")      # no spade (nor the joker, nor J♣): any card
    seen = Phone(dash).get("/state").get_json()["boneyard"]
    assert [(t["name"], t["pretty"]) for t in seen["trick_cards"]] == [("Ben", "J♠"), ("Cleo", "Q♣")]
    assert seen["turn_words"] == "Dev to play"
    assert seen["score_words"] == "Ann & Cleo 0, Ben & Dev 0"
    assert seen["tricks_words"] == "Tricks: Ann & Cleo 0, Ben & Dev 0"


def test_a_seat_never_sees_another_seats_hand(table):
    dash, _, phones = table
    take(phones[1], "bid", bid="leave")
    take(phones[2], "bid", bid="take")
    for seat, phone in phones.items():
        assert phone.get("/me").status_code == 200
        state = me(phone)["state"]
        for other in HANDS:
            if other != seat:
                shown = [s for s in state["boneyard"]["seats"] if s["seat"] == other][0]
                assert "cards" not in shown
                # only the Maker's taken Q♠ is face up; the rest of another hand is never named
                assert {c["code"] for c in shown["face_up"]} <= {"QS"}
        mine = [s for s in state["boneyard"]["seats"] if s["seat"] == seat][0]
        assert {c["code"] for c in mine["cards"]} >= set(HANDS[seat].split()) - {"9D"}
        assert "bones" not in state["boneyard"] and "JH" not in str(state["boneyard"].get("flips"))
    public = str(Phone(dash).get("/state").get_json()["boneyard"])
    assert "'cards'" not in public.replace("'trick_cards'", "").replace("'played'", "")


def test_a_phone_cannot_post_another_seats_move(table):
    _, _, phones = table
    ann = option(phones[1], "bid", bid="take")
    r = phones[2].post("/api/seat/option", ann["post"]["body"])
    assert r.status_code == 403 and "seat 1's moves are made on seat 1's phone" in r.get_json()["error"]
    take(phones[1], "bid", bid="leave")
    take(phones[2], "bid", bid="take")
    take(phones[2], "discard", card="9D")
    take(phones[2], "play", card="JS")
    cleo = option(phones[3], "play", card="QC")
    r = phones[2].post("/api/seat/option", cleo["post"]["body"])
    assert r.status_code == 403 and "seat 3's moves are made on seat 3's phone" in r.get_json()["error"]
    r = phones[2].post("/api/seat/option", {"option": cleo["post"]["body"]["option"]})
    assert r.status_code == 403 and "that move is seat 3's" in r.get_json()["error"]


def test_the_pages_load_the_boneyard_script_and_its_round_panel(table):
    dash, _, phones = table
    page = phones[1].get("/me").get_data(as_text=True)
    assert "boneyard.js" in page and 'id="by-me"' in page
    page = Phone(dash).get("/").get_data(as_text=True)
    assert "boneyard.js" in page and 'id="by-table"' in page


def test_the_feed_never_names_another_seats_hand_card(table):
    dash, _, phones = table
    take(phones[1], "bid", bid="leave")
    take(phones[2], "bid", bid="take")
    take(phones[2], "discard", card="9D")
    take(phones[2], "play", card="JS")
    items = phones[3].get("/api/feed").get_json()
    assert "J♠" in str(items)                       # played: public
    # the trump ranking ("Trump ranks Joker > J♠ > ...") lists every card and is nobody's hand
    told = str([i for i in items if "Trump ranks" not in i["raw_text"]])
    assert not any(c in told for c in ("9♦", "A♠", "K♠", "J♣"))    # Ben's discard and his hand


def test_an_unnamed_hand_picks_its_card_from_the_boneyard_pack(dash, dash_host):
    phones = phones_for(dash, open_night(dash.extensions["croupier"], seen=False))
    take(phones[1], "bid", bid="leave")
    take(phones[2], "bid", bid="take")
    discard = option(phones[2], "discard")
    assert discard["needs"] == ["card"] and len(discard["pack"]) == 25 and "JK" in discard["pack"]
    r = phones[2].post(discard["post"]["url"], dict(discard["post"]["body"], card="8S"))
    assert r.status_code == 400 and "not in the Boneyard pack (9 to ace and the joker)" in r.get_json()["error"]
    r = phones[2].post(discard["post"]["url"], dict(discard["post"]["body"], card="9D"))
    assert r.status_code == 200, r.get_json()


def test_a_modifier_prompt_is_a_button_per_card_therapy_club(dash, dash_host):
    hands = {1: "9H KH KD 9C QC", 2: "JS AS KS JC 9D", 3: "AH TH QD TD JK", 4: "QS 9S TS AD KC"}
    phones = phones_for(dash, open_night(dash.extensions["croupier"], hands=hands, up="TC"))
    take(phones[1], "bid", bid="leave")
    take(phones[2], "bid", bid="take")
    take(phones[2], "discard", card="9D")
    reveals = [o for o in me(phones[3])["options"] if o["action"] == "reveal"]
    assert len(reveals) == 5 and all(o["rule"] == "therapy-club" for o in reveals)
    take(phones[3], "reveal", card="JK")
    seen = Phone(dash).get("/state").get_json()["boneyard"]
    assert [m["name"] for m in seen["modifiers"]] == ["Therapy Club"]
    assert [c["pretty"] for c in seen["seats"][2]["face_up"]] == ["Joker"]


def test_the_console_explains_the_game_its_teams_and_each_setting_with_its_rules(dash_host):
    games = {g["id"]: g for g in dash_host.get("/api/games").get_json()}
    by = games["boneyard-euchre"]
    assert by["seats"] == {"min": 4, "max": 4} and "partners opposite" in by["about"]
    settings = {s["name"]: s for s in by["settings"]}
    assert settings["lucky_penny_follows"]["rules"] == ["Lucky Penny"]
    assert settings["tie_at_ten"]["help"] == "Both teams equal at 10 or more at the end of a round"
    assert {w["text"] for w in settings["redeal_dealer"]["choice_words"]} == {
        "the same dealer deals again", "the deal passes to the dealer's left"}
    assert all(s["help"] and s["rules"] for s in by["settings"])       # each setting said, and what it changes


def test_the_host_console_sees_the_discard_and_the_bones_no_phone_does(table):
    _, host, phones = table
    take(phones[1], "bid", bid="leave")
    take(phones[2], "bid", bid="take")
    take(phones[2], "discard", card="9D")
    hidden = host.get("/api/host/state").get_json()["boneyard"]["hidden_cards"]
    assert hidden["discard"]["pretty"] == "9♦"
    assert [c["code"] for c in hidden["bones"]] == ["JH", "QH", "JD", "AC"]
    assert me(phones[2])["state"]["boneyard"]["hidden_cards"] == {"discard": hidden["discard"], "bones": [],
                                                                   "penny": None}
    for seat in (1, 3, 4):
        assert me(phones[seat])["state"]["boneyard"]["hidden_cards"] == {"discard": None, "bones": [], "penny": None}


def test_an_unnamed_hand_says_discard_done_without_naming_the_card(dash, dash_host):
    phones = phones_for(dash, open_night(dash.extensions["croupier"], seen=False))
    take(phones[1], "bid", bid="leave")
    take(phones[2], "bid", bid="take")
    discard = option(phones[2], "discard")
    r = phones[2].post(discard["post"]["url"], discard["post"]["body"])          # no card: "discard done"
    assert r.status_code == 200, r.get_json()
    assert "has discarded face down" in r.get_json()["announcements"][0]["text"]
    assert me(phones[2])["state"]["boneyard"]["discard"] is None
    assert me(phones[3])["state"]["boneyard"]["phase"] == "play"
