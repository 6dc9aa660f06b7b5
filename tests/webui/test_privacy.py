"""Hole cards reach only the viewers who may see them: for every seat's phone, a phone with no seat
(the public) and the host console, after every event of whole hands replayed through the app.

What each viewer got — its table state (`/state`, `/api/me`, `/api/host/state`), the pages, the
feed, the "why?" of each announcement, and the live stream — must hold no card the referee's
state says it may not see at that moment, and its boards must show exactly the cards it may see:
so a card shown at a showdown is seen by all from then on, and a hand won without a showdown (a
Bonedoneskis, or everyone folding to a bluff) shows nothing until its winner chooses to show.
"""

from __future__ import annotations

import json

import pytest

from dashboard_kit import frames
from hands_kit import Table, expected_boards, secrets
from referee.engine import HOST

# Two hands won without a showdown, the others end in one (one with a seat showing by hand); trades,
# a Queen of Hearts pick of a hole card and a hole-card swap on the way.
HANDS = ("01-bonedoneskis", "12-killer-bluff", "02-dueling-snowmen", "09-stone-cold-nuts", "04-trades",
         "05-queen-kings-river", "08-straight-up")
PAGES = {"/": None, "/me": None, "/feed": None, "/host": HOST}


def boards_of(seats: list[dict]) -> dict[int, list[str | None]]:
    return {s["seat"]: [c["code"] for c in s["cards"]] for s in seats if s["in_hand"]}


def no_secret(text: str, hidden: set[str], what: str) -> None:
    leaked = sorted(h for h in hidden if h in text)
    assert not leaked, f"{what} carries {leaked}"


def check_viewer(table: Table, viewer, client, url: str, new_announcements: list[int]) -> None:
    state = table.state
    hidden = secrets(state, viewer)
    got = client.get(url)
    assert got.status_code == 200
    assert boards_of(got.get_json()["seats"]) == expected_boards(state, viewer), (viewer, url)
    no_secret(got.get_data(as_text=True), hidden, f"{url} for viewer {viewer}")
    if viewer not in (None, HOST):
        me = client.get("/api/me")
        assert boards_of(me.get_json()["state"]["seats"]) == expected_boards(state, viewer)
        no_secret(me.get_data(as_text=True), hidden, f"/api/me for seat {viewer}")
    no_secret(client.get("/api/feed").get_data(as_text=True), hidden, f"the feed for viewer {viewer}")
    for ann in new_announcements:
        why = client.get(f"/api/why/{ann}").get_json()
        del why["rule"]                      # the rule card: the same for every table (its cards are a rule's)
        no_secret(json.dumps(why, ensure_ascii=False), hidden, f"why #{ann} for viewer {viewer}")


@pytest.mark.parametrize("name", HANDS)
def test_each_viewer_gets_only_what_it_may_see_at_every_event(dash, dash_host, name):
    table = Table(dash, dash_host, name)
    hidden_then: dict[int, dict] = {}      # store seq -> viewer -> what was secret when it was sent
    seen_ann = 0
    for _, _, seq in table.play():
        anns = [a["id"] for a in dash_host.get("/api/feed").get_json()      # the bets told have no id
                if a["id"] is not None and a["id"] > seen_ann]
        seen_ann = max(anns, default=seen_ann)
        for viewer, client, url in table.viewers():
            check_viewer(table, viewer, client, url, anns)
        hidden_then[seq] = {v: secrets(table.state, v) for v, _, _ in table.viewers()}
    for path, needs in PAGES.items():
        for viewer, client, _ in table.viewers():
            if needs is None or needs == viewer:
                no_secret(client.get(path).get_data(as_text=True), secrets(table.state, viewer), f"page {path}")
    # The live stream, as each viewer's phone reads it from the opening on: every frame is checked
    # against what was secret for that viewer when the frame was sent.
    last = max(hidden_then)
    for viewer, client, _ in table.viewers():
        resp = client.get("/events", headers={"Last-Event-ID": str(table.opened_seq)}, buffered=False)
        got = [f for f in frames(resp.response, len(hidden_then) + 1) if "id" in f]
        resp.close()
        assert [int(f["id"]) for f in got] == sorted(hidden_then)
        for f in got:
            no_secret(json.dumps(f["data"], ensure_ascii=False), hidden_then[int(f["id"])][viewer],
                      f"stream frame {f['id']} for viewer {viewer}")
        resp = client.get("/events", buffered=False)          # no id: a snapshot to start from
        snapshot = frames(resp.response, 2)[1]
        resp.close()
        assert snapshot["event"] == "snapshot" and int(snapshot["id"]) == last
        no_secret(json.dumps(snapshot["data"], ensure_ascii=False), secrets(table.state, viewer), "the snapshot")


@pytest.mark.parametrize("name, winner", [("01-bonedoneskis", 1), ("12-killer-bluff", 4)])
def test_a_hand_won_without_a_showdown_shows_nothing_until_the_winner_shows(dash, dash_host, name, winner):
    table = Table(dash, dash_host, name)
    for _ in table.play():
        pass
    state = table.state
    assert state.hand.phase == "over"
    holes = {s: [sl.card.code for sl in b.slots if not sl.up and sl.card] for s, b in state.hand.boards.items()}
    assert holes[winner], "the fixture names the winner's hole cards"
    for viewer, client, url in table.viewers():
        codes = {c for cards in boards_of(client.get(url).get_json()["seats"]).values() for c in cards}
        for seat, cards in holes.items():
            if viewer not in (seat, HOST):
                assert not codes & set(cards), (viewer, seat)
    public = table.public.get("/state").get_data(as_text=True)
    assert not any(f'"{c}"' in public for cards in holes.values() for c in cards)
    # The winner chooses to show: from then on everyone sees those cards, and only those.
    show = next(o for o in table.me(winner)["options"] if o["action"] == "show")
    assert show["label"] == "Show your hole cards" and show["decision"] is None
    assert table.phones[winner].post(show["post"]["url"], show["post"]["body"]).status_code == 200
    for viewer, client, url in table.viewers():
        assert boards_of(client.get(url).get_json()["seats"]) == expected_boards(table.state, viewer)
        seen = {c for cards in boards_of(client.get(url).get_json()["seats"]).values() for c in cards}
        assert set(holes[winner]) <= seen
    assert not any(o["action"] == "show" for o in table.me(winner)["options"])   # shown once


def test_cards_shown_at_a_showdown_are_seen_by_everyone(dash, dash_host):
    table = Table(dash, dash_host, "02-dueling-snowmen")
    for _ in table.play():
        pass
    public = boards_of(table.public.get("/state").get_json()["seats"])
    for seat, cards in {1: ["AC", "AH", "QS"], 2: ["9C", "9S", "2C"], 4: ["5S", "5H", "5D"]}.items():
        assert set(cards) <= set(public[seat]), seat
    assert all(c is None or c in {sl.card.code for sl in table.state.hand.boards[3].slots if sl.up}
               for c in public[3])                       # seat 3 folded: its hole cards stay its own
