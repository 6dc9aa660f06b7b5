"""The team score to 10 and the score sheet across rounds on every Boneyard euchre phone: a row
per finished round (dealer, Maker, taken card, modifiers, the makers' tricks, each team's points,
the running score), read from each round's public view; an undo that reopens a round takes its
row away again; a whole game to 10, its winner on every phone."""

from __future__ import annotations

from boneyard_kit import board, deal_round, me, open_night, phones_for, play_out, play_round, take
from dashboard_kit import Phone


def test_a_round_played_out_goes_on_every_phones_sheet_and_an_undo_takes_it_off(dash, dash_host):
    phones = phones_for(dash, open_night(dash.extensions["croupier"]))
    assert board(phones[1])["sheet"]["rows"] == []
    assert board(phones[1])["sheet"]["target_words"] == "First team to 10 at the end of a round wins"
    take(phones[1], "bid", bid="leave")
    take(phones[2], "bid", bid="take")
    take(phones[2], "discard", card="9D")
    play_out(phones)
    seen = board(phones[3])
    tricks = sum(s["tricks"] for s in seen["seats"] if s["team"] == 2)
    rows = seen["sheet"]["rows"]
    assert len(rows) == 1 and rows[0]["points"] == seen["points"] and rows[0]["scores"] == seen["scores"]
    assert rows[0]["what"] == f"Ben took the Q♠ (Shoot The Moon), {tricks} trick{'s' if tricks != 1 else ''}"
    assert rows[0]["words"].startswith("Round 1: Dev dealt; Ben took the Q♠")
    assert sum(seen["scores"]) > 0 and seen["score_words"] == \
        f"Ann & Cleo {seen['scores'][0]}, Ben & Dev {seen['scores'][1]}"
    assert len(seen["tricks_explained"]) == 5 and all(t["words"].split()[0] in ("Ann", "Ben", "Cleo", "Dev")
                                                        for t in seen["tricks_explained"])
    for phone in phones.values():
        assert board(phone)["sheet"] == seen["sheet"]
    assert Phone(dash).get("/state").get_json()["boneyard"]["sheet"] == seen["sheet"]       # the Table page
    assert dash_host.get("/api/host/state").get_json()["boneyard"]["sheet"] == seen["sheet"]
    start = next(o for o in dash_host.get("/api/host/state").get_json()["options"] if o["action"] == "start")
    assert start["label"] == "Start round 2, seat 1 deals"
    assert dash_host.post(start["post"]["url"], start["post"]["body"]).status_code == 200
    assert board(phones[2])["round"] == 2 and board(phones[2])["sheet"] == seen["sheet"]
    for reason, rows in (("round 2 was started too soon", 1), ("the last card was misread", 0)):
        r = dash_host.post("/api/host/undo", {"reason": reason, "latest": True})
        assert r.status_code == 200, r.get_json()
        assert len(board(phones[1])["sheet"]["rows"]) == rows
    assert board(phones[1])["phase"] == "play"


def test_four_leave_its_are_a_redeal_row_on_the_sheet(dash, dash_host):
    phones = phones_for(dash, open_night(dash.extensions["croupier"]))
    for seat in (1, 2, 3, 4):
        assert [o["label"] for o in me(phones[seat])["options"]] == ["Take It (Q♠)", "Leave It"]
        take(phones[seat], "bid", bid="leave")
    rows = board(phones[2])["sheet"]["rows"]
    assert [(r["round"], r["what"], r["points"]) for r in rows] == [(1, "all four left it: redeal", [0, 0])]
    start = next(o for o in dash_host.get("/api/host/state").get_json()["options"] if o["action"] == "start")
    assert start["label"] == "Start round 2, seat 4 deals"          # redeal_dealer: the same dealer


def test_a_game_to_10_on_the_sheet_and_who_wins_on_every_phone(dash, dash_host):
    night = dash.extensions["croupier"]
    phones = phones_for(dash, open_night(night))
    play_round(night)
    rounds = 1
    while board(phones[1])["winner"] is None:
        start = next(o for o in dash_host.get("/api/host/state").get_json()["options"] if o["action"] == "start")
        assert dash_host.post(start["post"]["url"], start["post"]["body"]).status_code == 200
        rounds += 1
        deal_round(night, rounds)
        play_round(night)
        assert rounds < 30, "no team reached 10"
    seen = board(phones[3])
    rows = seen["sheet"]["rows"]
    assert len(rows) == rounds and max(rows[-1]["scores"]) >= 10 and rows[-1]["winner"] == seen["winner"]
    before = [0, 0]
    for r in rows:                                   # each running score is the last plus the round's points
        assert r["scores"] == [before[0] + r["points"][0], before[1] + r["points"][1]], r
        before = r["scores"]
    assert seen["result_words"] == f"{seen['team_names'][seen['winner'] - 1]} win the game"
    for phone in phones.values():
        assert board(phone)["result_words"] == seen["result_words"] and board(phone)["sheet"] == seen["sheet"]
