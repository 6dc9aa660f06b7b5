"""A compact way to write whole Bonnu rounds as the table process would give them to the referee.

A round: the opening draw (`opening`, "1:red:21 2:blue:3", first round of a game only), each
seat's 7 cards (named, or None for a camera table where hands stay hidden), dealt one at a time from
the first player round the table, then `moves`, in the order the referee receives them (which need
not be the order of their times). Tokens; `@T` is the observed time in seconds, `~L` the latency in
milliseconds taken off it:
`1:red:7@4.0` seat 1 lays red 7 on the pile;   `2+blue:4@5.0` seat 2 draws (the card named; `2+@5.0`
unnamed; `2-keep@5.5` it keeps the drawn card, play_drawn);   `3/cut:red:5,blue:5@6.1~120` Cut;   `3/bonnu:red:4,blue:3,white:2@6.2` Bonnu out of turn;
`2!reach@7.0`, `2!bonnu@7.0` shouts;   `tick@9.0` the table's clock passes 9 s;
`2=show:red:1,blue:-1` a hand laid face up at the end;   `host:claim-timing=in_time` the host decides.
"""

from __future__ import annotations

from referee.cards import BonnuCard
from referee.events import CardDealt, Decision, Event, HandShown, HandStarted, TableOpened, dumps_jsonl
from referee.games.bonnu.events import BonnuClaimed, CardDrawn, CardLaid, CutLaid, DrawKept, ShoutHeard, TimeNoted


def cards(text: str) -> tuple[BonnuCard, ...]:
    return tuple(BonnuCard.parse(c) for c in text.replace(",", " ").split())


def _time(text: str) -> tuple[int | None, int]:
    """"@4.25~120" -> (4250, 120)."""
    if not text:
        return None, 0
    at, _, latency = text.partition("~")
    return round(float(at) * 1000), int(latency or 0)


class Table:
    """One night at one table: `round(...)` adds a round; `jsonl(header)` is the file."""

    def __init__(self, title: str, seats: tuple[int, ...] = (1, 2, 3), **settings) -> None:
        self.title, self.seats = title, seats
        self.events: list[Event] = [TableOpened("bonnu", seats, dict(settings))]
        self.number = 0

    def round(self, first: int, hands: dict[int, str | None], moves: str, *, opening: str = "",
              dealer: int | None = None) -> "Table":
        self.number += 1
        self.events.append(HandStarted(self.number, dealer or self.seats[-1]))
        for token in opening.split():
            seat, _, card = token.partition(":")
            self.events.append(CardDealt(int(seat), BonnuCard.parse(card), True, deck="opening"))
        held = {s: (cards(text) if text else (None,) * 7) for s, text in hands.items()}
        at = self.seats.index(first)
        order = self.seats[at:] + self.seats[:at]
        for i in range(7):
            self.events += [CardDealt(s, held[s][i], False) for s in order]
        self.events += [self.move(t) for t in moves.split()]
        return self

    def move(self, token: str) -> Event:
        body, _, when = token.partition("@")
        at, latency = _time(when)
        stamp = dict(at_ms=at, latency_ms=latency)
        if body == "tick":
            return TimeNoted(at)
        if body.startswith("host:"):
            rule, _, choice = body[5:].partition("=")
            return Decision(None, rule, choice.replace("_", " "))
        seat, found, rest = body.partition("-keep")
        if found and seat.isdigit() and not rest:
            return DrawKept(int(seat), **stamp)
        for mark, build in (("/cut:", lambda s, r: CutLaid(s, cards(r), **stamp)),
                            ("/bonnu:", lambda s, r: BonnuClaimed(s, cards(r), **stamp)),
                            ("!", lambda s, r: ShoutHeard(s, r, **stamp)),
                            ("=show:", lambda s, r: HandShown(s, cards(r))),
                            ("+", lambda s, r: CardDrawn(s, BonnuCard.parse(r) if r else None, **stamp)),
                            (":", lambda s, r: CardLaid(s, BonnuCard.parse(r), **stamp))):
            seat, found, rest = body.partition(mark)
            if found and seat.isdigit():
                return build(int(seat), rest)
        raise ValueError(f"cannot read move {token!r}")

    def jsonl(self, header: str) -> str:
        lines = "".join(f"# {line}\n".replace("# \n", "#\n") for line in header.strip().splitlines())
        return f"# {self.title}\n{lines}{dumps_jsonl(self.events)}"
