"""A compact way to write whole Boonaken deals as a real table would give them to the referee.

A deal is written from what happened, not from the cards dealt: the bids, the exchange (each
taker's discards, in the misère chain's order) and the tricks (leader and cards in play order).
Each seat's dealt hand then follows: the cards it played and discarded, less the cards it took
(the centre, or the previous misère bidder's discards). Cards no play names (a redeal, a deal
stopped early) come from a seeded shuffle of what is left, and the rest of the pack is set aside.

The events come out in the order of a real deal: packets of three from the dealer's left, the
centre cards after each round (boonaken-fa.txt lines 36-42, `deal.deal_steps` as decided), the
set-aside pile last. At a camera table (`seen=False`) nobody names the hidden cards: no card_dealt
for the hands, the face-down centre or the set-aside pile, and the discards are unnamed; the
referee sees the face-up centre cards and every card played.

Inside a trick's cards, tokens call the roem of the first trick where the table calls it:
`R70` the declarer declares 70, `C3=70` seat 3 challenges with 70, `N2=KH` seat 2 names the K♥
as its highest roem card.
"""

from __future__ import annotations

import random

from referee.cards import Card, deck32, parse_card, parse_cards
from referee.events import (Bid, CardDealt, CardDiscarded, CardPlayed, Event, HandStarted, TableOpened,
                            dumps_jsonl)
from referee.games.boonaken.events import RoemCardNamed, RoemChallenged, RoemDeclared, TrumpNamed

SEED = 20


def cards(text: str) -> list[Card]:
    return parse_cards(text) if text.strip() else []


class Table:
    """One night at one table: `deal(...)` adds a whole deal; `jsonl()` is the file."""

    def __init__(self, title: str, seats=(1, 2, 3, 4), **settings) -> None:
        self.title = title
        self.seats = tuple(seats)
        self.rng = random.Random(f"{SEED}:{title}")
        self.events: list[Event] = [TableOpened("boonaken", self.seats, dict(settings))]
        self.number = 0

    # ------------------------------------------------------------------------------ a deal
    def deal(self, dealer: int, *, bids: str, up: str = "", down: str = "", exchange=(), tricks=(),
             trump: str | None = None, seats_in=None, hand_size: int = 6, hold: dict | None = None,
             seen: bool = True) -> "Table":
        """One deal. `bids`: "2:75 3:pass ..." (a bid of words joins them with _, "boonaak_50");
        `exchange`: ((seat, "discards"), ...) in the chain's order; `tricks`: ((leader, "cards"), ...);
        `hold`: cards a seat still holds when the deal stops early."""
        self.number += 1
        order = self._order(dealer, seats_in)
        played = {s: [] for s in order}
        body: list[Event] = self._bids(bids)
        dealt = {s: [] for s in order}          # each seat's own cards beyond those it played
        taken_by, received = {}, cards(up) + cards(down)
        for seat, text in exchange:
            discards = cards(text)
            body += [CardDiscarded(seat, c if seen else None) for c in discards]
            taken_by[seat] = received
            dealt[seat] += [c for c in discards if c not in received]
            received = discards
        if trump:
            body.append(TrumpNamed(self._declarer(bids), trump))
        for leader, text in tricks:
            seats = order[order.index(leader):] + order[:order.index(leader)]
            at = 0
            for token in text.split():
                if token[0] in "RCN":
                    body.append(self._call(token, bids))
                    continue
                card = parse_card(token)
                body.append(CardPlayed(seats[at], card))
                played[seats[at]].append(card)
                at += 1
            if at != len(order):
                raise ValueError(f"deal {self.number}: a trick of {at} cards for {len(order)} seats: {text}")
        for seat in order:
            kept = played[seat] + cards((hold or {}).get(seat, ""))
            dealt[seat] = [c for c in kept if c not in taken_by.get(seat, ())] + dealt[seat]
        self.events += [HandStarted(self.number, dealer)]
        self.events += self._cards_dealt(order, dealt, cards(up), cards(down), hand_size, seen) + body
        return self

    def _order(self, dealer: int, seats_in) -> list[int]:
        seats = list(seats_in or self.seats)
        i = seats.index(dealer)
        return seats[i + 1:] + seats[:i + 1]

    @staticmethod
    def _bids(text: str) -> list[Event]:
        out = []
        for word in text.split():
            seat, bid = word.split(":")
            out.append(Bid(int(seat), bid.replace("_", " ").replace("misere", "misère")))   # as the phones send it
        return out

    @staticmethod
    def _declarer(bids: str) -> int:
        made = [w.split(":") for w in bids.split() if not w.endswith(":pass")]
        return int(made[-1][0]) if made[-1][1] != "misere" else int(next(s for s, b in made if b == "misere"))

    def _call(self, token: str, bids: str) -> Event:
        if token[0] == "R":
            return RoemDeclared(self._declarer(bids), int(token[1:]))
        seat, value = token[1:].split("=")
        if token[0] == "C":
            return RoemChallenged(int(seat), int(value))
        return RoemCardNamed(int(seat), parse_card(value))

    def _cards_dealt(self, order, dealt, up, down, hand_size, seen) -> list[Event]:
        """Every card_dealt of the deal, packet by packet; fills unnamed hands from the shuffle."""
        used = set(up) | set(down) | {c for hand in dealt.values() for c in hand}
        rest = [c for c in deck32() if c not in used]
        self.rng.shuffle(rest)
        for seat in order:
            if len(set(dealt[seat])) != len(dealt[seat]):
                raise ValueError(f"deal {self.number}: seat {seat} holds a card twice: {dealt[seat]}")
            while len(dealt[seat]) < hand_size:
                dealt[seat].append(rest.pop())
            if len(dealt[seat]) != hand_size:
                raise ValueError(f"deal {self.number}: seat {seat} was dealt {len(dealt[seat])} cards: "
                                 f"{' '.join(c.code for c in dealt[seat])}")
            self.rng.shuffle(dealt[seat])
        first = min(3, hand_size)
        out: list[Event] = []
        for lo, hi in ((0, first), (first, hand_size)):
            for seat in order:
                out += [CardDealt(seat, c, False) for c in dealt[seat][lo:hi]] if seen else []
            if down and lo == 0:
                out += [CardDealt(None, c if seen else None, False) for c in down] if seen else []
            elif down:
                out += [CardDealt(None, c, True) for c in up]
            else:
                half = len(up) // 2
                out += [CardDealt(None, c, True) for c in (up[:half] if lo == 0 else up[half:])]
        if seen:
            out += [CardDealt(None, c, False, deck="aside") for c in rest]
        return out

    # ------------------------------------------------------------------------------ output
    def jsonl(self, notes: str = "") -> str:
        """The events, one a line, under the title and the notes (the hand check) as # comments."""
        lines = [self.title] + [line.strip() for line in notes.strip().splitlines()]
        return "".join(f"# {line}\n".replace("# \n", "#\n") for line in lines) + dumps_jsonl(self.events)


# ------------------------------------------------------------------ the number-bid deal ("A")
# Dealer 4, so seat 1 bids first and leads. Trump hearts. Seat 1 keeps J 9 A of hearts, takes
# A♠ A♣ from the centre. Seat 2: 7♥ 10♥ 7♠ K♠ K♣ Q♣; seat 3: 8♥ Q♥ K♥ 8♠ 9♠ 10♠; seat 4 all diamonds.
A_TRICKS = ((1, "JH 7H 8H QD"), (1, "9H TH QH KD"), (1, "AH 7S KH 9D"), (1, "AS KS 8S TD"),
            (1, "AC KC 9S JD"), (1, "9C QC TS AD"))
A_DEAL = dict(up="AS AC", down="7C 8C", exchange=((1, "7C 8C 7D 8D"),), trump="H")
# Deal A with a revoke: seat 2 plays 7♠ to the trump lead of trick 1 holding 7♥ 10♥ (the 7♥ goes
# to trick 3): the same tricks and points.
REVOKE_TRICKS = ((1, "JH 7S 8H QD"), (1, "9H TH QH KD"), (1, "AH 7H KH 9D")) + A_TRICKS[3:]


# ------------------------------------------------------------------------ the roem deal ("R")
# Dealer 4, seat 1 declares with K Q J 10 of hearts (trump): run 50 + stuk 20 = 70; A♠ A♣ come
# from the centre. Seat 2 holds A K Q J of diamonds (a run of 50, top A♦) in the base deal.
# Base tricks: 1 J♥ 7♠ 9♥ 7♥ = 20+0+14+0 = 34 (seat 1); 2 K♥ 8♠ A♥ 8♥ = 3+0+11+0 = 14 to seat 3
# (A above K in trumps); 3 (seat 3 leads) 9♠ 7♣ A♠ J♦ = 0+0+11+1 = 12 (seat 1); 4 Q♥ Q♦ 10♠ 8♣ =
# 2+2+10+0 = 14; 5 10♥ K♦ J♠ 9♣ = 10+3+1+0 = 14; 6 A♣ A♦ Q♠ 10♣ = 11+11+2+10 = 34.
# Seat 1: 34+12+14+14+34 = 108; seat 3: 14; discards 7♦ 8♦ 9♦ K♠ = 3; aside Q♣ J♣ K♣ 10♦ = 16:
# 108 + 14 + 3 + 16 = 141.
R_DEAL = dict(up="AS AC", down="7D 8D", exchange=((1, "7D 8D 9D KS"),), trump="H")


def r_tricks(first: str, second_seat2: str = "8S", later: tuple = ()) -> tuple:
    t = [(1, first), (1, f"KH {second_seat2} AH 8H"), (3, "9S 7C AS JD"), (1, "QH QD TS 8C"),
         (1, "TH KD JS 9C"), (1, "AC AD QS TC")]
    for i, text in later:
        t[i] = (t[i][0], text)
    return tuple(t)
