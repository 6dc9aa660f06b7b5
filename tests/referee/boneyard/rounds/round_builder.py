"""A compact way to write whole Boneyard euchre rounds as a table would give them to the referee.

A round is written from its cards: each seat's 5 cards, the face-up bone and the 4 face-down bones
(in the order a flip would turn them), the Take It / Leave It choices, the Maker's discard, the
steps before the lead and the tricks. Tokens in a trick string, in the order they happen:
`3:AS` seat 3 plays the A♠; `3:AS/gold` as Fool's Gold; `3:AS/penny` the Lucky Penny;
`decline:3` Fusion, seat 3 declines to lead; `rob:3:AS` Grave Robber, seat 3 takes the A♠.
Steps before the lead: `pass:1>3:AS` (Collect Call, Sweet Nothings), `reveal:2:KH`, `show:3`
(Dummy: the seat's remaining hand), `trump:1:H` (the Joker taken), `penny:3` (a Lucky Penny placed,
unseen), `flip` (the next face-down bone turned up). At a camera table (`seen=False`) no hand card
is named when dealt and the discard and passes are unnamed.
"""

from __future__ import annotations

from referee.cards import parse_card, parse_cards
from referee.events import (Bid, CardDealt, CardDiscarded, CardPlayed, Event, HandShown, HandStarted, TableOpened,
                            dumps_jsonl)
from referee.games.boneyard.events import (BoneFlipped, CardPassed, CardRevealed, FoolsGoldPlayed, GraveRobbed,
                                           LeadDeclined, PennyPlaced, PennyPlayed)
from referee.games.boonaken.events import TrumpNamed


class Table:
    """One night at one table: `round(...)` adds a round; `jsonl()` is the file."""

    def __init__(self, title: str, **settings) -> None:
        self.title = title
        self.events: list[Event] = [TableOpened("boneyard-euchre", (1, 2, 3, 4), dict(settings))]
        self.number = 0

    def round(self, dealer: int, *, hands: dict, up: str, bones: str, bids: str, discard: str = "",
              before: str = "", tricks: str = "", seen: bool = True) -> "Table":
        self.number += 1
        self.events.append(HandStarted(self.number, dealer))
        held = {s: parse_cards(text) for s, text in hands.items()}
        down = parse_cards(bones)
        for i in range(5):
            for k in range(4):
                seat = (dealer + k) % 4 + 1
                self.events.append(CardDealt(seat, held[seat][i] if seen else None, False))
        self.events.append(CardDealt(None, parse_card(up), True))
        self.events += [CardDealt(None, c, False, deck="boneyard") for c in down]
        flips = iter(down)
        for token in bids.split():
            seat, word = token.split(":")
            self.events.append(Bid(int(seat), word))
        maker = next((int(t.split(":")[0]) for t in bids.split() if t.endswith(":take")), None)
        for token in before.split():
            if token.startswith("trump:"):
                self.events.append(TrumpNamed(maker, token.split(":")[2]))
        if discard:
            self.events.append(CardDiscarded(maker, parse_card(discard) if seen else None))
        for token in before.split():
            kind, _, rest = token.partition(":")
            if kind == "flip":
                self.events.append(BoneFlipped(next(flips)))
            elif kind == "penny":
                next(flips)
                self.events.append(PennyPlaced(int(rest), None))
            elif kind == "pass":
                route, code = rest.split(":")
                a, b = route.split(">")
                self.events.append(CardPassed(int(a), int(b), parse_card(code) if seen else None))
            elif kind == "reveal":
                seat, code = rest.split(":")
                self.events.append(CardRevealed(int(seat), parse_card(code)))
            elif kind == "show":
                seat, codes = rest.split(":")
                self.events.append(HandShown(int(seat), tuple(parse_cards(codes.replace(",", " ")))))
        for token in tricks.split():
            kind, _, rest = token.partition(":")
            if kind == "decline":
                self.events.append(LeadDeclined(int(rest)))
            elif kind == "rob":
                seat, code = rest.split(":")
                self.events.append(GraveRobbed(int(seat), parse_card(code)))
            else:
                code, _, how = rest.partition("/")
                cls = {"": CardPlayed, "gold": FoolsGoldPlayed, "penny": PennyPlayed}[how]
                self.events.append(cls(int(kind), parse_card(code)))
        return self

    def jsonl(self, header: str) -> str:
        lines = "".join(f"# {line}\n".replace("# \n", "#\n") for line in header.strip().splitlines())
        return f"# {self.title}\n{lines}{dumps_jsonl(self.events)}"
