"""The host console driven the way its buttons drive it: every action is one of the options the
console was given (`/api/host/state`), taken by its key through `/api/host/option`, never an
event typed as JSON. Used by the console's API, full-night and browser tests."""

from __future__ import annotations

from dashboard_kit import Phone


class Console:
    def __init__(self, host: Phone) -> None:
        self.host = host

    def state(self) -> dict:
        return self.host.get("/api/host/state").get_json()

    def options(self, seat: int | None = None) -> list[dict]:
        s = self.state()
        return s["options"] if seat is None else s["seat_options"][str(seat)]

    def find(self, label: str, seat: int | None = None) -> dict:
        """The option whose label starts with `label` (the host's own, or seat `seat`'s)."""
        found = [o for o in self.options(seat) if o["label"].startswith(label)]
        assert found, (label, seat, [o["label"] for o in self.options(seat)])
        return found[0]

    def take(self, option: dict, ok: bool = True, key: str | None = None, **fills):
        r = self.host.post(option["post"]["url"], {**option["post"]["body"], **fills}, key=key)
        if ok:
            assert r.status_code == 200, (option["label"], fills, r.get_json())
        return r

    def press(self, label: str, seat: int | None = None, **fills):
        return self.take(self.find(label, seat), **fills)

    def deal(self, seat: int, card: str | None, deck: str = "main"):
        """The deal option the console offers for `seat` (its face is the referee's)."""
        deals = [o for o in self.options() if o["action"] == "deal" and o["deal"]["seat"] == seat
                 and o["deal"]["deck"] == deck]
        assert deals, (seat, deck, [o["label"] for o in self.options()])
        return self.take(deals[0], card=card)

    def street(self, *cards: tuple[int, str | None]):
        r = self.host.post("/api/host/street", {"cards": [{"seat": s, "card": c} for s, c in cards]})
        assert r.status_code == 200, (cards, r.get_json())
        return r

    def answer(self, seat: int, rule: str, choice: str, **fills):
        """A seat's decision taken on its behalf by the host (a player without a phone)."""
        found = [o for o in self.options(seat) if o["action"] == "decide" and o["rule"] == rule and o["name"] == choice]
        assert found, (seat, rule, choice, [o["label"] for o in self.options(seat)])
        return self.take(found[0], **fills)

    def bets_around(self, *, bring_in: bool = True) -> list[str]:
        """Play the betting round out from the console: the seat to act brings in, checks or calls,
        until nobody is to act. Returns what each seat did, e.g. ["1 bring_in", "2 call"]."""
        done = []
        for _ in range(40):
            s = self.state()
            seat = s["hand"] and s["hand"]["to_act"]
            if not seat:
                return done
            mine = {o["action"]: o for o in s["seat_options"][str(seat)]}
            action = next(a for a in (("bring_in",) if bring_in else ()) + ("check", "call") if a in mine)
            self.take(mine[action])
            done.append(f"{seat} {action}")
        raise AssertionError(f"the betting round did not end: {done}")
