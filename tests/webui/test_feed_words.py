"""What the dashboard sends people to read: names in every announcement (the referee's words kept),
"Waiting for" saying who once, the bets told in the feed and on the stream, "why?" and undo in
words, the war pot while a war is on, and the night's settings as sentences."""

from __future__ import annotations

from dashboard_kit import BLACK_JACK_DEAL, Phone, start_night
from hands_kit import Table


def deal(host, events=BLACK_JACK_DEAL):
    for e in events:
        assert host.post("/api/host/event", {"event": e}).status_code == 200


def test_waiting_says_who_once_with_names(dash, dash_host):
    start_night(dash_host)
    deal(dash_host)
    state = dash_host.get("/state").get_json()
    [waiting] = state["waiting"]
    assert waiting["who"] == "Ann" and waiting["text"] == "Ann: pay $2.50 or fold (Black Jack J♠)."
    assert waiting["prompt"].startswith("Seat 1: pay")                        # the referee's words
    [pending] = dash_host.get("/api/host/state").get_json()["pending"]
    assert pending["text"] == waiting["text"]


def test_announcements_have_names_and_keep_the_referees_words(dash, dash_host):
    start_night(dash_host)
    deal(dash_host)
    feed = dash_host.get("/api/feed").get_json()
    bj = next(a for a in feed if a["rule"] == "black-jack")
    assert bj["text"] == "Ann: pay $2.50 or fold (Black Jack J♠)." and bj["raw_text"].startswith("Seat 1: pay")
    opened = feed[0]
    assert "Ann, Ben, Cleo" in opened["text"] and "seats 1, 2, 3" in opened["raw_text"]
    why = dash_host.get(f"/api/why/{bj['id']}").get_json()
    assert why["announcement"]["text"] == bj["text"]
    assert why["events"][0]["text"] == "The J♠ dealt face up to Ann"     # entered with no street


def test_why_tells_a_face_down_card_only_to_who_may_see_it(dash, dash_host):
    tokens = start_night(dash_host)
    deal(dash_host)
    hand = next(a for a in dash_host.get("/api/feed").get_json() if a["text"].startswith("Third street"))
    ann, ben = Phone(dash), Phone(dash)
    ann.join(tokens[1])
    ben.join(tokens[2])
    texts = lambda who: " ".join(e["text"] for e in who.get(f"/api/why/{hand['id']}").get_json()["events"])  # noqa: E731
    assert "card_dealt" not in texts(dash_host) + texts(ann) + texts(ben)
    host_words = texts(dash_host)
    if "K♥" in host_words:                         # Ann's hole card, when the why names its deal
        assert "K♥" in texts(ann) and "K♥" not in texts(ben) and "a face-down card dealt to Ann" in texts(ben)


def test_undo_and_the_bets_in_words(dash, dash_host):
    tokens = start_night(dash_host)
    deal(dash_host)
    ann = Phone(dash)
    ann.join(tokens[1])
    pay = next(o for o in ann.get("/api/me").get_json()["options"] if o["name"] == "pay")
    assert ann.post(pay["post"]["url"], pay["post"]["body"]).status_code == 200
    undo = dash_host.get("/api/host/state").get_json()["undo"]
    assert undo["text"] == "Ann pays $2.50 (Black Jack)" and undo["raw_text"].startswith("decision(")
    assert dash_host.post("/api/host/undo", {"reason": "paid by mistake", "latest": True}).status_code == 200
    said = dash_host.get("/api/feed").get_json()[-1]
    assert said["rule"] == "undo" and said["text"] == \
        "Undone: event 12 (Ann pays (Black Jack)). Reason: paid by mistake"      # its money is gone


def test_the_bets_are_in_the_feed_and_on_the_stream_in_their_place(dash, dash_host):
    table = Table(dash, dash_host, "03-black-jack-and-threes")
    for raw, _, _ in table.play():
        if raw["type"] == "raise":
            break
    feed = dash_host.get("/api/feed").get_json()
    bets = [a for a in feed if a["kind"] == "bet"]
    assert bets[0]["text"].endswith("brings in for $0.50.") and bets[-1]["text"].startswith(
        f"P{raw['seat']} raises to $")
    assert [a["order"] for a in feed] == sorted(a["order"] for a in feed)
    opener = next(i for i, a in enumerate(feed) if "has the lowest card" in a["text"])
    done = next(i for i, a in enumerate(feed) if a["text"] == "Betting done. Deal street 4.")
    assert opener < feed.index(bets[0]) < done          # the bring-in is told after who brings in
    frame = dash.extensions["croupier"].broadcaster._messages[-1]
    assert frame.data["event"] == "raise" and frame.data["announcements"][-1]["text"] == bets[-1]["text"]
    assert all(b["seats"] and b["id"] is None for b in bets)


def test_the_war_pot_is_shown_while_a_war_is_on(dash, dash_host):
    table = Table(dash, dash_host, "02-dueling-snowmen")
    seen = False
    for _ in table.play():
        war = getattr(table.state.hand, "war", None)
        for _viewer, client, url in table.viewers():
            shown = (client.get(url).get_json()["hand"] or {}).get("war")
            assert (shown is not None) == bool(war)
            if war:
                seen = True
                assert shown["pot"] == "5.00" and shown["text"].startswith("War on: P2 against P3, war pot $5.00")
        me = table.me(2)["state"]["hand"]
        assert (me.get("war") is not None) == bool(war)
    assert seen


def test_the_settings_are_sent_in_words(dash, dash_host):
    start_night(dash_host, settings={"snowmen_eights": "red"})
    words = {w["name"]: w for w in dash_host.get("/state").get_json()["night"]["settings_in_words"]}
    assert words["snowmen_eights"] == {**words["snowmen_eights"], "value": "red",
                                       "text": "Dueling Snowmen: which 8s start a war: only the two red 8s"}
    assert words["ante"]["text"] == "Ante, from each player at the start of a hand: $0.50"


def test_an_undone_face_down_card_stays_unnamed_for_who_may_not_see_it(dash, dash_host):
    """The referee's undo words name the card taken back; the feed, "why?" and the stream tell it
    as the public may see it, raw_text included."""
    tokens = start_night(dash_host)
    deal(dash_host, BLACK_JACK_DEAL[:2])                       # hand started, the K♥ down to Ann
    assert dash_host.post("/api/host/undo", {"reason": "wrong card", "latest": True}).status_code == 200
    ben = Phone(dash)
    ben.join(tokens[2])
    said = ben.get("/api/feed").get_json()[-1]
    assert said["text"] == "Undone: event 3 (a face-down card dealt to Ann). Reason: wrong card"
    assert said["raw_text"] == "Undone: event 3 (a face-down card dealt to seat 1). Reason: wrong card"
    why = ben.get(f"/api/why/{said['id']}").get_data(as_text=True)
    frames = [m.data for m in dash.extensions["croupier"].broadcaster._messages]
    for text in (ben.get("/api/feed").get_data(as_text=True), why, str(frames)):
        assert "K♥" not in text and "KH" not in text


def test_an_announcement_set_off_by_an_undone_event_is_marked_undone(dash, dash_host):
    start_night(dash_host)
    deal(dash_host)
    bj = next(a for a in dash_host.get("/api/feed").get_json() if a["rule"] == "black-jack")
    assert bj["undone"] is False
    target = dash_host.get("/api/host/state").get_json()["undoable"][0]["target"]
    assert dash_host.post("/api/host/undo", {"target": target, "reason": "the J♠ was a misdeal"}).status_code == 200
    feed = dash_host.get("/api/feed").get_json()
    assert next(a for a in feed if a["id"] == bj["id"])["undone"] is True      # the referee withdrew it
    assert not feed[-1]["undone"]                                            # the undo itself stands
