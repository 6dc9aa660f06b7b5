"""The money pages over HTTP: buy-ins, rebuys, cash-outs and seats entered by the host only (a seat
is 401/403, a bad amount a 400 in words), the hand history as each viewer may see it (a folded
hand's hole cards never in another seat's history), the settle-up's paid ticks (host only,
idempotent, untick as a new row, append-only), the summary CSV to the cent and "why was I charged"."""

from __future__ import annotations

import csv
import io
import sqlite3

import pytest

from dashboard_kit import Phone, start_night
from referee.script import parse_script

# Seat 1 wins: seat 2 antes and brings in, seat 3 antes; both fold. Ann +1.50, Ben -1.00, Cleo -0.50.
HAND_1 = [e.to_json() for e in parse_script("""
hand 1 dealer 3
down 1 KH, 2 5S, 3 AH; down 1 QD, 2 5C, 3 9C; up 1 TC, 2 2D, 3 KD
bring_in 2; fold 3; complete 1; fold 2
""")]


def stud_night(host):
    return start_night(host, game="stud")


def post_ok(phone, url, body):
    r = phone.post(url, body)
    assert r.status_code == 200, (url, body, r.get_json())
    return r.get_json()


def play_hand(host, events=HAND_1):
    for e in events:
        post_ok(host, "/api/host/event", {"event": e})


def phone_of(dash, token) -> Phone:
    p = Phone(dash)
    p.join(token)
    return p


def test_only_the_host_records_money_and_seats(dash, dash_host):
    tokens = stud_night(dash_host)
    ann, public = phone_of(dash, tokens[1]), Phone(dash)
    for url, body in (("/api/host/buy-in", {"seat": 1, "amount": "20"}), ("/api/host/cash-out", {"seat": 1, "amount": "0"}),
                      ("/api/host/seat/join", {"name": "Dee"}), ("/api/host/seat/out", {"seat": 1}),
                      ("/api/host/seat/in", {"seat": 1}), ("/api/host/settle/paid", {"index": 0})):
        for who in (ann, public):
            assert who.post(url, body).status_code == 401, url
    assert dash_host.get("/api/ledger").get_json()["rows"] == []


@pytest.mark.parametrize("amount, words", [
    ("abc", "not an amount of money"), ("1.005", "fractions of a cent"), ("0", "more than zero"),
    ("-5", "more than zero"), (None, "missing field 'amount'"), (True, "must be an amount"),
    ("1000000", "is that a typo"), ([], "must be an amount")])
def test_bad_amounts_are_a_400_in_words(dash, dash_host, amount, words):
    stud_night(dash_host)
    r = dash_host.post("/api/host/buy-in", {"seat": 1, **({} if amount is None else {"amount": amount})})
    assert r.status_code == 400 and words in r.get_json()["error"], r.get_json()
    r = dash_host.post("/api/host/buy-in", {"seat": 9, "amount": "5"})
    assert r.status_code == 400 and "field 'seat' must be one of: 1, 2, 3" in r.get_json()["error"]
    assert dash_host.post("/api/host/cash-out", {"seat": 1, "amount": "-1"}).status_code == 400
    assert dash_host.get("/api/ledger").get_json()["rows"] == []


def test_buy_in_rebuy_cash_out_mismatch_and_summary_csv_to_the_cent(dash, dash_host):
    stud_night(dash_host)
    for seat in (1, 2, 3):
        post_ok(dash_host, "/api/host/buy-in", {"seat": seat, "amount": "20"})
    said = post_ok(dash_host, "/api/host/buy-in", {"seat": 2, "amount": 10})["announcements"]
    assert said[0]["text"] == "Ben rebuys for $10.00: stack $30.00."          # names, as the feed says it
    assert said[0]["raw_text"] == "Seat 2 rebuys for $10.00: stack $30.00."
    r = dash_host.post("/api/host/buy-in", {"seat": 2, "amount": "5"}, key="same")
    again = dash_host.post("/api/host/buy-in", {"seat": 2, "amount": "5"}, key="same")
    assert r.get_json() == again.get_json()               # a double tap records once
    play_hand(dash_host)
    post_ok(dash_host, "/api/host/cash-out", {"seat": 2, "amount": "30"})
    said = dash_host.get("/api/feed").get_json()[-1]["text"]
    assert "counted $30.00, the ledger expected $34.00 ($4.00 short)" in said
    post_ok(dash_host, "/api/host/cash-out", {"seat": 1, "amount": "21.50"})
    summary = dash_host.get("/api/summary").get_json()
    players = {p["seat"]: p for p in summary["players"]}
    assert (players[1]["buy_ins"], players[1]["cash_outs"], players[1]["net"]) == ("20.00", "21.50", "1.50")
    assert (players[2]["buy_ins"], players[2]["rebuys"], players[2]["balance"], players[2]["net"]) == \
        ("35.00", 2, "4.00", "-1.00")
    assert (players[3]["balance"], players[3]["net"]) == ("19.50", "-0.50")
    moves = {(m["from"], m["to"]): m["amount"] for m in summary["settle"]}
    assert moves == {("bank", "seat:3"): "19.50", ("bank", "seat:2"): "4.00"}
    rows = list(csv.reader(io.StringIO(Phone(dash).get("/summary.csv").get_data(as_text=True))))
    assert rows[0] == ["seat", "name", "buy_ins", "rebuys", "cash_outs", "left_on_account", "net"]
    assert rows[1:4] == [["1", "Ann", "20.00", "0", "21.50", "0.00", "1.50"],
                         ["2", "Ben", "35.00", "2", "30.00", "4.00", "-1.00"],
                         ["3", "Cleo", "20.00", "0", "0.00", "19.50", "-0.50"]]
    assert rows[4] == [] and rows[5] == ["from", "to", "amount", "paid"]
    assert sorted(rows[6:]) == [["the bank (the host's cash)", "Ben", "4.00", "no"],
                                ["the bank (the host's cash)", "Cleo", "19.50", "no"]]


def test_settle_paid_ticks_host_only_idempotent_untick_append_only(dash, dash_host):
    tokens = stud_night(dash_host)
    play_hand(dash_host)
    settle = dash_host.get("/api/summary").get_json()["settle"]
    assert [(m["from"], m["to"], m["amount"]) for m in settle] == [("seat:2", "seat:1", "1.00"), ("seat:3", "seat:1", "0.50")]
    ben = phone_of(dash, tokens[2])
    assert ben.post("/api/host/settle/paid", {"index": 0}).status_code == 401
    first = post_ok(dash_host, "/api/host/settle/paid", {"from": "seat:2", "to": "seat:1", "amount": "1.00"})
    assert first["recorded"] is True
    assert post_ok(dash_host, "/api/host/settle/paid", {"index": 0})["recorded"] is False
    shown = Phone(dash).get("/api/summary").get_json()["settle"]
    assert [m["paid"] for m in shown] == [True, False]
    assert post_ok(dash_host, "/api/host/settle/paid", {"index": 0, "paid": False})["recorded"] is True
    assert [m["paid"] for m in dash_host.get("/api/summary").get_json()["settle"]] == [False, False]
    r = dash_host.post("/api/host/settle/paid", {"from": "seat:2", "to": "seat:1", "amount": "9.00"})
    assert r.status_code == 409 and "no settle-up transfer of 9.00" in r.get_json()["error"]
    assert dash_host.post("/api/host/settle/paid", {"index": 5}).status_code == 400
    db = sqlite3.connect(dash.config["DB"])
    assert db.execute("select paid from web_settle_paid order by id").fetchall() == [(1,), (0,)]
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        db.execute("delete from web_settle_paid")
    db.rollback()
    db.close()
    page = dash_host.get("/summary").get_data(as_text=True)
    assert 'data-host="1"' in page and "money.js" in page and "@media print" in dash_host.get("/static/money.css").get_data(as_text=True)
    assert 'data-host="0"' in ben.get("/summary").get_data(as_text=True)
    post_ok(dash_host, "/api/host/end", {})                 # the settle-up stays, and is ticked after the night
    assert post_ok(dash_host, "/api/host/settle/paid", {"index": 1})["recorded"] is True
    summary = ben.get("/api/summary").get_json()
    assert summary["ended"] and [m["paid"] for m in summary["settle"]] == [False, True]


def test_late_player_gets_a_join_link_and_is_dealt_in_next_hand_and_sitting_out_is_skipped(dash, dash_host):
    stud_night(dash_host)
    joined = post_ok(dash_host, "/api/host/seat/join", {"name": "Dee"})
    assert joined["seat"] == 4 and joined["join_url"].endswith("/join/" + joined["join_url"].rsplit("/", 1)[1])
    assert dash_host.get(joined["qr"]).status_code == 200
    dee = Phone(dash)
    dee.join(joined["join_url"].rsplit("/", 1)[1])
    assert dee.get("/api/me").get_json()["seat"] == 4
    post_ok(dash_host, "/api/host/seat/out", {"seat": 2})
    r = dash_host.post("/api/host/seat/out", {"seat": 2})
    assert r.status_code == 409 and "already sits out" in r.get_json()["error"]
    host = dash_host.get("/api/host/state").get_json()
    start = next(o for o in host["options"] if o["action"] == "start")
    assert "Seat 2 sits in again" in [o["label"] for o in host["options"]]
    post_ok(dash_host, start["post"]["url"], start["post"]["body"])
    hand = dash_host.get("/api/host/state").get_json()
    assert [s["seat"] for s in hand["seats"] if s["in_hand"]] == [1, 3, 4]
    assert dash_host.post("/api/host/buy-in", {"seat": 4, "amount": "10"}).status_code == 409   # mid-hand
    post_ok(dash_host, "/api/host/buy-in", {"seat": 2, "amount": "10"})                         # not dealt in


def test_history_shows_each_viewer_only_what_the_table_saw(dash, dash_host):
    tokens = stud_night(dash_host)
    play_hand(dash_host)
    ann, ben, public = phone_of(dash, tokens[1]), phone_of(dash, tokens[2]), Phone(dash)
    holes = {1: {"KH", "QD"}, 2: {"5S", "5C"}, 3: {"AH", "9C"}}

    def codes(phone):
        (h,) = phone.get("/api/history").get_json()["hands"]
        return {s["seat"]: {c["code"] for c in s["cards"] if c["code"] and not c["up"]} for s in h["seats"]}, h
    seen, h = codes(ben)
    assert seen == {1: set(), 2: holes[2], 3: set()}      # Cleo folded: her hole cards stay hers
    assert h["pot"] == "3.00" and h["over"] and [s["won"] for s in h["seats"]] == ["3.00", None, None]
    assert any("wins" in r["text"] for r in h["results"])
    assert codes(ann)[0] == {1: holes[1], 2: set(), 3: set()}
    assert codes(public)[0] == {1: set(), 2: set(), 3: set()}
    assert codes(dash_host)[0] == {1: holes[1], 2: holes[2], 3: holes[3]}
    for phone in (ben, public):
        text = phone.get("/api/history").get_data(as_text=True)
        assert not any(f'"{c}"' in text for c in holes[3] | holes[1])
    assert "/history" in public.get("/ledger").get_data(as_text=True)
    assert public.get("/history").status_code == 200


def test_history_after_an_undo_is_the_night_without_it(dash, dash_host):
    stud_night(dash_host)
    play_hand(dash_host, HAND_1[:-1])                     # seat 2 has not folded yet
    post_ok(dash_host, "/api/host/undo", {"reason": "misheard", "latest": True})   # takes back seat 1's complete
    (h,) = dash_host.get("/api/history").get_json()["hands"]
    assert h["over"] is False and h["pot"] == "2.00"


def test_why_was_i_charged_lists_the_seats_charges_with_rule_and_announcement(dash, dash_host):
    tokens = stud_night(dash_host)
    play_hand(dash_host)
    ben = phone_of(dash, tokens[2])
    cards = ben.get("/api/rules?q=why+was+I+charged").get_json()
    mine = [c for c in cards if c.get("ledger_id")]
    assert [c["name"] for c in mine] == ["You paid $0.50 to pot:main (bet, hand 1)",
                                         "You paid $0.50 to pot:main (ante, hand 1)"]
    assert mine[0]["id"] == "bring-in" and mine[0]["effect"].startswith("Bring-in:")
    assert mine[1]["id"] == "ante" and "antes in" in mine[1]["text"]
    assert any(c["id"] == "why-charged" and not c.get("ledger_id") for c in cards)
    nobody = Phone(dash).get("/api/rules?q=why+was+I+charged").get_json()
    assert nobody[0]["text"].startswith("Join a seat to see your charges")
    for q, first in (("ante", "ante"), ("bring in", "bring-in"), ("fees", "fees")):
        assert Phone(dash).get("/api/rules?q=" + q).get_json()[0]["id"] == first


def test_undo_reverses_a_buy_in_and_a_restart_replays_the_money_and_seats(dash, dash_host, tmp_path):
    stud_night(dash_host)
    post_ok(dash_host, "/api/host/buy-in", {"seat": 1, "amount": "20"})
    post_ok(dash_host, "/api/host/buy-in", {"seat": 2, "amount": "15"})
    post_ok(dash_host, "/api/host/undo", {"reason": "Ben paid Ann instead", "latest": True})
    rows = dash_host.get("/api/ledger").get_json()["rows"]
    assert [(r["payer"], r["payee"], r["amount"], r["reverses"] is not None) for r in rows] == \
        [("bank", "seat:1", "20.00", False), ("bank", "seat:2", "15.00", False), ("seat:2", "bank", "15.00", True)]
    post_ok(dash_host, "/api/host/seat/join", {"name": "Dee"})
    post_ok(dash_host, "/api/host/seat/out", {"seat": 3})
    post_ok(dash_host, "/api/host/cash-out", {"seat": 1, "amount": "19"})
    before = dash_host.get("/api/summary").get_json()
    ben = Phone(dash)
    assert ben.get("/api/rules?q=why+was+I+charged").status_code == 200
    from webui.app import create_app
    again = create_app({"DB": dash.config["DB"], "PIN": "4321", "TESTING": True})
    try:
        after = Phone(again).get("/api/summary").get_json()
        assert after == before
        assert [p["sitting_out"] for p in after["players"]] == [True, False, True, False]
        assert [p["balance"] for p in after["players"]] == ["1.00", "0.00", "0.00", "0.00"]
    finally:
        again.extensions["croupier"].close()


def test_a_refused_first_tick_leaves_the_ticks_table_in_place(dash, dash_host):
    """The first money request of a night being refused (its transaction rolled back) must not take
    the ticks' table with it: it is made with the app, not inside that request (the fuzz test found
    "no such table: web_settle_paid", a 500, once the next request used the book)."""
    start_night(dash_host)
    refused = dash_host.post("/api/host/settle/paid", {"index": 99})
    assert 400 <= refused.status_code < 500
    assert dash_host.get("/api/summary").status_code == 200
    again = dash_host.post("/api/host/settle/paid", {"from": "seat:1", "to": "seat:2", "amount": "1.00"})
    assert again.status_code < 500, again.get_data(as_text=True)
