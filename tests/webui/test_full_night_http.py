"""A whole night of Bonedoneskis through the HTTP API only, as the table plays it: the host's console
(start a hand, deal, a whole round at once, the war, a misdeal, end the night) and four phones, each
joined once through its seat's link, pressing the buttons they are offered (bets, a fee, an option
passed). Never /api/host/event: no event is typed as JSON. The final ledger is checked to the cent
against the amounts worked out by hand below.

Seats: 1 Ann, 2 Ben, 3 Cleo, 4 Dev. Stakes (defaults): ante $0.50, bring-in $0.50, $1-$2 fixed
limit, house fee $2.50, war stake $2.50. Six-card stud: third street two down one up, fourth and
fifth up, sixth (the river) down.

Hand 1, dealer Dev (deal order Ann, Ben, Cleo, Dev) - a showdown, two decisions:
  antes 4 x 0.50 = 2.00. Third street up: Ann 10♣, Ben J♠ (Black Jack: pay $2.50 or fold; Ben pays,
  the J♠ is wild), Cleo 8♠ (8 Ball: Cleo passes), Dev 5♣ (lowest: brings in 0.50); Ann, Ben, Cleo
  call 0.50: 2.00. Fourth: all check. Fifth: Ben bets 2, all call: 8.00. Sixth: all check.
  Pot 2.00 + 2.50 + 2.00 + 8.00 = 14.50 to Ben (9♣ 9♥, wild J♠ and 7♣: four 9s).
  Ann -0.50 -0.50 -2 = -3.00 · Ben -0.50 -2.50 -0.50 -2 +14.50 = +9.00 · Cleo -3.00 · Dev -3.00
Hand 2, dealer Ann (deal order Ben, Cleo, Dev, Ann) - a war and a fold-out:
  antes 2.00. Third street up: Ben 8♣ then Cleo 8♥: Dueling Snowmen, 2.50 each to the war pot;
  battles K♣-Q♣ and J♣-10♣: Ben wins two, takes the war pot 5.00. Dev K♦, Ann 5♣ (lowest: brings
  in 0.50). Ben completes to 1.00, Cleo, Dev and Ann fold: pot 2.00 + 0.50 + 1.00 = 3.50 to Ben.
  Ann -0.50 -0.50 = -1.00 · Ben -0.50 -2.50 +5.00 -1.00 +3.50 = +4.50 · Cleo -0.50 -2.50 = -3.00
  · Dev -0.50
Hand 3, dealer Ben: two cards dealt, then the host calls it off (misdeal): the antes go back, 0.
Night: Ann -4.00 · Ben +13.50 · Cleo -6.00 · Dev -3.50 (sum 0). Settle-up: everyone pays Ben:
  Cleo 6.00, Ann 4.00, Dev 3.50.
"""

from __future__ import annotations

from console_kit import Console
from dashboard_kit import Phone

NAMES = {1: "Ann", 2: "Ben", 3: "Cleo", 4: "Dev"}


class Recording(Phone):
    """A phone that remembers every URL it posted to."""
    posted: list[str] = []

    def post(self, url, body=None, **kw):
        Recording.posted.append(url)
        return super().post(url, body, **kw)


class Night:
    def __init__(self, app):
        Recording.posted = []
        self.host = Recording(app)
        assert self.host.login().status_code == 200
        r = self.host.post("/api/host/night", {"game": "bonedoneskis", "seats": [1, 2, 3, 4], "name": "Friday",
                                               "names": {str(s): n for s, n in NAMES.items()}})
        assert r.status_code == 200, r.get_json()
        self.console = Console(self.host)
        self.phones = {}
        for p in self.console.state()["players"]:
            self.phones[p["seat"]] = Recording(app)
            self.phones[p["seat"]].join(p["token"])            # once: the seat stays with this phone
            assert self.phones[p["seat"]].get("/api/me").get_json()["seat"] == p["seat"]

    def press(self, seat: int, name: str, **fills):
        """Seat `seat` presses its button `name` ("call", "pay", "pass"...) on its own phone."""
        me = self.phones[seat].get("/api/me").get_json()
        found = [o for o in me["options"] if o["name"] == name]
        assert found, (seat, name, [o["label"] for o in me["options"]])
        r = self.phones[seat].post(found[0]["post"]["url"], {**found[0]["post"]["body"], **fills})
        assert r.status_code == 200, (seat, name, r.get_json())
        return r.get_json()["announcements"]

    def bets(self, *moves: str):
        """"4 bring_in", "1 call", ...: each by its seat's phone, in the order the referee asks."""
        for move in moves:
            seat, name = move.split()
            assert self.console.state()["hand"]["to_act"] == int(seat), (move, self.console.state()["hand"])
            self.press(int(seat), name)

    def start(self, number: int, dealer: int):
        said = self.console.press(f"Start hand {number}", dealer=dealer).get_json()["announcements"]
        assert said[0]["text"].startswith(f"Hand {number}: dealer {NAMES[dealer]}")     # names in the answer
        assert said[0]["raw_text"].startswith(f"Hand {number}: dealer seat {dealer}")

    def said(self) -> list[str]:
        return [a["text"] for a in self.host.get("/api/feed").get_json()]


def test_a_whole_night_through_the_http_api_only(dash):
    night = Night(dash)
    c = night.console

    # ---------------------------------------------------------------- hand 1: a showdown
    night.start(1, dealer=4)
    c.street((1, "AH"), (2, "9C"), (3, "QD"), (4, "TD"))
    c.street((1, "AD"), (2, "9H"), (3, "QC"), (4, "TH"))
    c.street((1, "TC"), (2, "JS"), (3, "8S"), (4, "5C"))
    assert any(p["rule"] == "black-jack" and p["seat"] == 2 for p in c.state()["pending"])
    said = night.press(2, "pay")                            # Ben pays the Black Jack from his phone
    assert any("Ben pays $2.50" in a["text"] and "Seat 2 pays $2.50" in a["raw_text"] for a in said)
    night.press(3, "pass")                                  # Cleo passes on the 8 Ball
    night.bets("4 bring_in", "1 call", "2 call", "3 call")
    c.street((1, "5D"), (2, "KH"), (3, "AC"), (4, "5H"))
    night.bets("2 check", "3 check", "4 check", "1 check")
    c.street((1, "AS"), (2, "7C"), (3, "6S"), (4, "5S"))
    night.bets("2 bet", "3 call", "4 call", "1 call")
    for seat, card in ((1, "9D"), (2, "2H"), (3, "3C"), (4, "6C")):
        c.deal(seat, card)                                  # the river one card at a time, face down
    night.bets("2 check", "3 check", "4 check", "1 check")
    assert "Hand 1 over: Ben wins $14.50 (best hand: Four of a kind, 9s)." in night.said()

    # ---------------------------------------------------------------- hand 2: a war and a fold-out
    night.start(2, dealer=1)
    c.street((2, "AH"), (3, "9C"), (4, "QD"), (1, "TD"))
    c.street((2, "AD"), (3, "9H"), (4, "QC"), (1, "TH"))
    c.street((2, "8C"), (3, "8H"))
    war = next(p for p in c.state()["pending"] if p["rule"] == "dueling-snowmen")
    assert war["seat"] is None                              # the host deals it
    r = night.host.post("/api/host/street", {"cards": [{"seat": 4, "card": "KD"}]})
    assert r.status_code == 409 and "not due a card now" in r.get_json()["error"]   # the war holds the deal
    for seat, card in ((2, "KC"), (3, "QC"), (2, "JC"), (3, "TC")):
        c.deal(seat, card, deck="war")
    assert "Dueling Snowmen: Ben wins the war and the $5.00 war pot. The hand carries on." in night.said()
    c.street((4, "KD"), (1, "5C"))
    night.bets("1 bring_in", "2 complete", "3 fold", "4 fold", "1 fold")
    assert "Hand 2 over: Ben wins $3.50 (everyone else folded)." in night.said()

    # ---------------------------------------------------------------- hand 3: a misdeal
    night.start(3, dealer=2)
    c.street((3, "AH"), (4, "9C"))
    said = c.press("Call hand 3 off").get_json()["announcements"]
    assert any("misdeal" in a["text"] for a in said)

    assert night.host.post("/api/host/end").status_code == 200
    ledger = night.phones[1].get("/api/ledger").get_json()
    assert {b["label"]: b["amount"] for b in ledger["balances"] if b["account"].startswith("seat:")} == {
        "Ann (seat 1)": "-4.00", "Ben (seat 2)": "13.50", "Cleo (seat 3)": "-6.00", "Dev (seat 4)": "-3.50"}
    assert ledger["open_pots"] == []
    assert sorted((m["from_label"], m["to_label"], m["amount"]) for m in ledger["settle"]) == [
        ("Ann (seat 1)", "Ben (seat 2)", "4.00"), ("Cleo (seat 3)", "Ben (seat 2)", "6.00"),
        ("Dev (seat 4)", "Ben (seat 2)", "3.50")]
    assert "/api/host/event" not in Recording.posted and "/api/host/option" in Recording.posted
    assert {u for u in Recording.posted if u.startswith("/api/seat/")} == {"/api/seat/decision", "/api/seat/bet"}
