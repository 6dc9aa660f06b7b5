"""Whole hands from tests/referee/hands replayed through the dashboard, for the privacy and the
options tests: a night opened like the fixture's, a phone joined to every seat and one with no
seat, and each event entered the way the table would enter it — a seat's move by pressing the
button its phone offers, a deal or a host decision by the host console's option, anything else
as the host's raw event — and what each viewer may see by the rule, worked out from the referee's
state (not from its view, which is what is being checked)."""

from __future__ import annotations

import json
from pathlib import Path

from dashboard_kit import Phone
from referee import engine
from referee.engine import HOST
from webui.console import option_key
from referee.events import from_json

HANDS = Path(__file__).resolve().parents[1] / "referee" / "hands"
BET_TYPES = ("bring_in", "complete", "check", "bet", "call", "raise", "fold", "all_in")


def fixture(name: str) -> list[dict]:
    lines = (HANDS / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


class Table:
    """A fixture's night on the app: `host`, `phones` (seat -> Phone), `public` (no seat)."""

    def __init__(self, app, host: Phone, name: str) -> None:
        self.app, self.host = app, host
        self.events = fixture(name)
        opened = self.events[0]
        self.seats = opened["seats"]
        r = host.post("/api/host/night", {"game": opened["game"], "seats": self.seats, "settings": opened["settings"],
                                          "names": {str(s): f"P{s}" for s in self.seats}, "name": name})
        assert r.status_code == 200, r.get_json()
        self.opened_seq = r.get_json()["seq"]
        tokens = {p["seat"]: p["token"] for p in host.get("/api/host/state").get_json()["players"]}
        self.phones = {}
        for s in self.seats:
            self.phones[s] = Phone(app)
            self.phones[s].join(tokens[s])
        self.public = Phone(app)

    @property
    def state(self):
        return self.app.extensions["croupier"].table.state

    def viewers(self):
        """(viewer, its client, the URL of its table state) for every seat, the public and the host."""
        yield from ((s, p, "/state") for s, p in self.phones.items())
        yield None, self.public, "/state"
        yield HOST, self.host, "/api/host/state"

    def play(self):
        """Enter each event after the opening; yields (event, how it was entered, store seq)."""
        for raw in self.events[1:]:
            how, r, sent = self.enter(raw)
            assert r.status_code == 200, (raw, how, r.get_json())
            logged = self.state.log.to_tuple()[-1].to_json()
            assert logged == _expected({**raw, **sent}, logged), (how, raw, logged)
            yield raw, how, r.get_json()["seq"]

    def enter(self, raw: dict):
        """(how, the response, what was sent in place of the fixture's fields)."""
        seat = raw.get("seat")
        if raw["type"] in BET_TYPES or raw["type"] in ("decision", "hand_shown", "card_exposed") and seat is not None:
            option = self.seat_option(seat, raw)
            assert option is not None, (raw, [o["label"] for o in self.me(seat)["options"]])
            fills = _fills(option, raw)
            return "seat", self.phones[seat].post(option["post"]["url"], {**option["post"]["body"], **fills}), \
                {k: v for k, v in fills.items() if k == "card"}
        option = self.host_option(raw)
        if option is not None:
            sent = {**option["post"]["body"], **_fills(option, raw)}
            if raw["type"] == "hand_started":
                sent["dealer"] = raw["dealer"]           # the console's dealer picker, set to the option's
            return "host option", self.host.post(option["post"]["url"], sent), {}
        return "host event", self.host.post("/api/host/event", {"event": raw}), {}

    def me(self, seat: int) -> dict:
        return self.phones[seat].get("/api/me").get_json()

    def seat_option(self, seat: int, raw: dict) -> dict | None:
        for o in self.me(seat)["options"]:
            if raw["type"] == "decision" and o["action"] == "decide" and (o["rule"], o["name"]) == (raw["rule"], raw["choice"]):
                return o
            if raw["type"] == "hand_shown" and o["action"] == "show":
                return o
            if raw["type"] == "card_exposed" and o["action"] == "expose" and \
                    ("card" in o["needs"] or o["post"]["body"].get("card") == raw["card"]):
                return o
            if raw["type"] == o["action"]:
                return o
        return None

    def host_option(self, raw: dict) -> dict | None:
        """The console's button (by its key) for the host option that enters `raw`."""
        shown = {o["key"]: o for o in self.host.get("/api/host/state").get_json()["options"]}
        for o in engine.options(self.state, None):
            ev = o.event.to_json()
            if raw["type"] == "cards_swapped" == ev["type"] and all(ev[k] == raw.get(k) for k in
                                                                   ("seat_a", "card_a", "seat_b", "card_b")):
                return shown.get(option_key(o))   # None: left out (a playing host may not see it)
            if raw["type"] == "decision" and ev["type"] == "decision" and (ev["rule"], ev["choice"]) == \
                    (raw["rule"], raw["choice"]):
                return shown.get(option_key(o))   # None: left out (a playing host may not see it)
            if raw["type"] == "card_dealt" == ev["type"] and ev["seat"] == raw["seat"] and ev["up"] == raw["up"] and \
                    raw.get("street") in (ev["street"], None) and ev["deck"] == raw.get("deck", "main"):
                return shown.get(option_key(o))   # None: left out (a playing host may not see it)
            if raw["type"] == "hand_started" == ev["type"] and ev["hand"] == raw["hand"]:
                return shown.get(option_key(o))   # None: left out (a playing host may not see it)
        return None


def _fills(option: dict, raw: dict) -> dict:
    """What the phone or the console fills in for an option: the fixture's card, cards or amount,
    or the pick of the card it points at (a card the picker may not see is picked by its seat)."""
    out = {n: raw[n] for n in ("card", "cards", "amount") if n in option["needs"] and raw.get(n) is not None}
    if "target" in option["needs"]:
        picks = [p for p in option["picks"] if p["seat"] == raw["target_seat"] and p["card"] in (raw["card"], None)]
        assert picks, (raw, option["picks"])
        pick = max(picks, key=lambda p: p["card"] is not None)
        out.update(target_seat=pick["seat"], card=pick["card"])
    return out


def _expected(raw: dict, logged: dict) -> dict:
    """The fixture's event as the referee logs it; a decision it left unnamed (null) takes the id
    its option names, and a street the deal option names is the street it was dealt on anyway."""
    want = from_json(raw).to_json()
    for name in ("decision", "street"):
        if name in want and want[name] is None:
            want[name] = logged.get(name)
    return want


def sees(viewer, seat: int, slot) -> bool:
    """The rule: a face-up card is everyone's; a hole card its owner's and the host's, and
    everyone's once shown (at a showdown, or by its owner's choice after the hand)."""
    return slot.up or "shown" in slot.tags or viewer == seat or viewer == HOST


def expected_boards(state, viewer) -> dict[int, list[str | None]]:
    """seat -> the code of each of its cards that `viewer` may see (None where it may not)."""
    hand = state.hand
    if hand is None or not hasattr(hand, "boards"):
        return {}
    return {s: [sl.card.code if sl.card is not None and sees(viewer, s, sl) else None for sl in b.slots]
            for s, b in hand.boards.items()}


def secrets(state, viewer) -> set[str]:
    """The cards `viewer` may not see now, as their JSON strings and as people read them, less any
    it sees elsewhere (a second deck can hold the same card)."""
    hand = state.hand
    if hand is None or not hasattr(hand, "boards"):
        return set()
    hidden, seen = set(), set()
    for s, b in hand.boards.items():
        for sl in b.slots:
            if sl.card is not None:
                (seen if sees(viewer, s, sl) else hidden).add(sl.card)
    seen |= set(hand.community)
    return {text for c in hidden - seen for text in (f'"{c.code}"', c.pretty)}
