"""The invariants the Boonaken simulator checks after every accepted event, and the truth they are
checked against: where every one of the 32 cards physically is (`Truth`), which the simulator
knows because it shuffled and dealt the pack itself, while the referee may have been told only
part of it (hands dealt unseen, discards face down).

* cards: the truth puts each card in exactly one place; every card the referee has placed (a
  hand, the centre, the set-aside pile, the discards, the tricks) is in that one place, and it
  counts the cards of each hand as the truth does;
* points: at the end of a deal the tricks, the last discards (out of play) and the set-aside
  cards (with any cards a deal cut short left in hand) add up to the pack's points under the
  deal's trump: 141 (108 for a deal without trump: every suit scores plain);
* marks: only the declarer, or each misère bidder, gets a mark (or points); a redeal none;
* results: a deal without revokes or roem is won exactly as its tricks say;
* privacy: `view(state, seat)` shows no card of another seat's hand, nor a face-down centre,
  set-aside or discarded card the seat did not take or make; the public view none at all (a
  revoke's reason included: it names only proving cards already played);
* replay: replaying a table's log rebuilds an equal state and equal views for every viewer.
"""

from __future__ import annotations

import json
import re
from collections import Counter

from ...cards import SUIT_SYMBOLS, Card, deck32
from ...engine import view
from ...sim_tables import replay_fault
from . import cards as bcards
from .deal import Dealt

PACK = frozenset(deck32())
QUOTED_CODE = re.compile(r'"([7-9TJQKA])([SHDC])"')
PRETTY = re.compile(r"(10|[7-9JQKA])([" + "".join(SUIT_SYMBOLS.values()) + r"])")
SYMBOL_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}
RANKS = {"J": 11, "Q": 12, "K": 13, "A": 14, "T": 10, "10": 10, "9": 9, "8": 8, "7": 7}


def cards_shown(value) -> set[Card]:
    """Every card a view names: card codes ("KH") as values, pretty cards ("K♥") inside text."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    found = {Card(RANKS[r], s) for r, s in QUOTED_CODE.findall(text)}
    found.update(Card(RANKS[r], SYMBOL_SUIT[s]) for r, s in PRETTY.findall(text))
    return found


class Truth:
    """Where each card is: "hand:S", "up" / "down" (the centre), "aside", "disc:S" (seat S's
    discards, until the next misère bidder takes them) or "trick" (played)."""

    def __init__(self, dealt: Dealt) -> None:
        self.place: dict[Card, str] = {}
        self.queue: dict[str, list[Card]] = {}       # cards not yet reported dealt, per destination
        for seat, cards in dealt.hands.items():
            self.put(cards, f"hand:{seat}")
        self.put(dealt.centre_up, "up")
        self.put(dealt.centre_down, "down")
        self.put(dealt.set_aside, "aside")
        self.seen: dict[int, set[Card]] = {s: set(c) for s, c in dealt.hands.items()}   # ever held by the seat
        self.public: set[Card] = set(dealt.centre_up)
        self.takers_done = 0

    def put(self, cards, where: str) -> None:
        self.queue[where] = list(cards)
        for c in cards:
            self.place[c] = where

    def at(self, where: str) -> list[Card]:
        return [c for c, p in self.place.items() if p == where]

    def move(self, card: Card, where: str) -> None:
        self.place[card] = where
        if where.startswith("hand:"):
            self.seen[int(where[5:])].add(card)

    def hand(self, seat: int) -> list[Card]:
        return self.at(f"hand:{seat}")

    def follow(self, hand) -> None:
        """The centre and the misère chain's discards move as the referee hands them on."""
        takers = [t for t in hand.takers if hand.received(t) > hand.layout.hand_size]
        for i in range(self.takers_done, len(takers)):
            sources = ("up", "down") if i == 0 else (f"disc:{takers[i - 1]}",)
            for c in [c for c, p in self.place.items() if p in sources]:
                self.move(c, f"hand:{takers[i]}")
        self.takers_done = len(takers)


class Invariants:
    """Mixed into the simulator, which keeps `state`, `truth` and `deal_sheet` (the sheet as the
    deal started) and reports through `violation(kind, words)`."""

    # ------------------------------------------------------------------ cards
    def referee_places(self, hand) -> dict[Card, list[str]]:
        """Every place the referee has each named card in (one at most, if it is right)."""
        places: dict[Card, list[str]] = {}

        def put(cards, where: str) -> None:
            for c in cards:
                if c is not None:
                    places.setdefault(c, []).append(where)
        for cards in hand.played.values():
            put(cards, "trick")
        for s in hand.order:
            put(hand.known_holding(s), f"hand:{s}")
        put(hand.aside, "aside")
        if self.truth.takers_done == 0:             # the centre, until it is taken
            put(hand.centre_up, "up")
            put(hand.centre_down, "down")
        passed = hand.takers[:max(0, self.truth.takers_done - 1)]   # discards the next taker took
        for s, cards in hand.discards.items():
            if s not in passed:
                put(cards, f"disc:{s}")
        return places

    def check_cards(self) -> None:
        hand, truth = self.state.hand, self.truth
        if len(truth.place) != 32 or set(truth.place) != PACK:
            self.violation("simulator", f"the simulator's pack is not the 32 cards: {len(truth.place)}")
        for card, places in self.referee_places(hand).items():
            if len(places) > 1:
                self.violation("card in two places", f"{card.code} is at {places}")
            elif places[0] != truth.place[card]:
                self.violation("card misplaced", f"{card.code} is at {places[0]} for the referee, "
                                                 f"at {truth.place[card]} on the table")
        for s in hand.order:
            held = truth.hand(s)
            if hand.holding(s) != len(held):
                self.violation("hand size", f"seat {s} holds {len(held)} cards, the referee says {hand.holding(s)}")
            if tuple(hand.played.get(s, ())) != tuple(self.played_by.get(s, ())):
                self.violation("played cards", f"seat {s} played {self.played_by.get(s)}, "
                                               f"the referee has {hand.played.get(s)}")
        in_tricks = [c for t in hand.tricks for _, c in t.plays] + [c for _, c in hand.trick]
        if Counter(in_tricks) != Counter(truth.at("trick")) or len(in_tricks) != len(set(in_tricks)):
            self.violation("tricks", "the tricks do not hold exactly the cards played")

    # ------------------------------------------------------------ end of a deal
    def check_deal_over(self, called_off: bool) -> None:
        hand, truth = self.state.hand, self.truth
        sheet_before, sheet = self.deal_sheet, hand.sheet
        new = sheet.deals[len(sheet_before.deals):] if sheet.deals[:len(sheet_before.deals)] == sheet_before.deals \
            else None
        if new is None:
            self.violation("marks", "the sheet's earlier deals changed")
            return
        marked = [_seat_of(entry) for deal in new for entry in deal]
        if called_off or hand.redeal:
            if marked:
                self.violation("marks", f"a deal {'called off' if called_off else 'redealt'} marked {marked}")
            return
        if len(new) != 1 or sorted(marked) != sorted(hand.bidders) or len(set(marked)) != len(marked):
            self.violation("marks", f"marked {marked}, but the bidders are {list(hand.bidders)}")
        if tuple(s for s, _ in hand.results) != tuple(hand.bidders):
            self.violation("marks", f"results for {[s for s, _ in hand.results]}, bidders {list(hand.bidders)}")
        trump = hand.trump
        won = sum(bcards.points([c for _, c in t.plays], trump) for t in hand.tricks)
        last = hand.takers[-1] if hand.takers else None
        out = truth.at(f"disc:{last}") if last is not None else []
        # Aside, the centre, and (a deal cut short) the cards in hand and on an unfinished trick.
        rest = [c for c, p in truth.place.items() if p not in ("trick", f"disc:{last}")] + [c for _, c in hand.trick]
        total = won + bcards.points(out, trump) + bcards.points(rest, trump)
        whole = bcards.points(PACK, trump)
        self.stats.totals[total] += 1
        if total != whole or (trump is not None and whole != bcards.PACK_POINTS):
            self.violation("points", f"tricks {won} + discards {bcards.points(out, trump)} + the rest "
                                     f"{bcards.points(rest, trump)} = {total}, not {whole}")
        cut_short = any(truth.hand(s) for s in hand.order)
        if cut_short and not self.state.settings.stop_when_certain:
            self.violation("deal over early", f"the deal ended with cards still in hand: {hand.phase}")
        if not cut_short:
            self.check_result(hand)

    def check_result(self, hand) -> None:
        """A deal without revokes or roem: the result is the tricks' own."""
        bid = hand.contract
        if hand.revokes or hand.declared or bid.amount and bid.kind != "number":
            return
        if bid.kind == "number":
            expect = {hand.declarer: sum(bcards.points([c for _, c in t.plays], hand.trump)
                                         for t in hand.tricks if t.winner == hand.declarer) >= bid.amount}
        elif bid.kind == "misere":
            expect = {s: hand.tricks_won(s) == 0 for s in hand.chain}
        else:
            expect = {hand.declarer: hand.tricks_won(hand.declarer) == len(hand.tricks)}
        if dict(hand.results) != expect:
            self.violation("result", f"{bid} gave {dict(hand.results)}, the tricks say {expect}")

    # ---------------------------------------------------------------- privacy
    def check_privacy(self, viewers) -> None:
        """What `viewers` (seats, None for the public) are shown now."""
        st, truth = self.state, self.truth
        hand = st.hand
        public = truth.public | {c for cards in hand.played.values() for c in cards} | set(hand.named.values())
        if hand.contract is not None and hand.contract.kind == "open_boonaak":    # played with the hand shown
            public |= set(truth.hand(hand.declarer))
        for viewer in viewers:
            shown = cards_shown(view(st, viewer)) - public
            mine = truth.seen.get(viewer, set()) | {c for c, p in truth.place.items() if p == f"disc:{viewer}"}
            leaked = sorted(c.code for c in shown - mine)
            if leaked:
                who = "the public" if viewer is None else f"seat {viewer}"
                where = sorted({truth.place[c] for c in shown - mine})
                self.violation("privacy", f"{who} is shown {leaked}, which lie at {where}")

    # ----------------------------------------------------------------- replay
    def check_replay(self) -> None:
        self.stats.replays += 1
        fault = replay_fault(self.state)
        if fault is not None:
            self.violation("replay", fault)


def _seat_of(entry):
    """A sheet line's seat: (seat, won) on a marks sheet, a `Scored` on a points sheet."""
    return entry[0] if isinstance(entry, tuple) else entry.seat
