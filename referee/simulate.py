"""A random-hand simulator for Bonedoneskis that checks the referee's invariants as it plays.

Random deals from a shuffled 52-card deck (and a separate deck for Dueling Snowmen wars), random
legal answers to every pending decision, random legal bets, hands shown at showdown. The only
randomness is the `random.Random` passed in (seeded by the caller), so a run is repeatable.

Each step lists candidate events (answers to the pending decisions built from each rule's choices
and the boards, the next card of the deal, the betting options of `referee.poker.betting.options`),
orders them at random and applies the first one the referee accepts (`apply` refuses exactly
what `engine.can` refuses, at the same cost). After every accepted event it checks:

* money: the ledger sums to zero; the main pot account holds exactly the hand's antes, bets and
  fees; the war pot is empty when no war is on; both pots are empty when a hand is over;
* cards: no card is in two places; every card of the deck is on a board, in the discards, dealt
  face down unseen, or still in the deck (and the war deck likewise);
* decisions: every pending decision belongs to a known rule and a seat still in; none is left when
  a hand ends; no blocking obligation is still open when a showdown settles the pot; the seat the
  state says is to act is one the referee lets act;
* replay: the table's log is replayed every `replay_every` hands and must rebuild the same state.

Tables last `replay_every` hands (then a fresh table opens), which keeps the replay check cheap.
`python -m referee.simulate --hands 10000 --seats 6`.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from decimal import Decimal
from pathlib import Path

from .poker import betting as bet
from .announcements import Kind
from .cards import Card, deck52
from .engine import Refusal, apply, replay
from .events import (
    AllIn,
    Bet,
    BringIn,
    Call,
    CardDealt,
    CardExposed,
    CardsSwapped,
    Check,
    Complete,
    Decision,
    Event,
    Fold,
    HandEnded,
    HandShown,
    HandStarted,
    Raise,
    TableOpened,
    dumps_jsonl,
)
from .games.bonedoneskis.catalog import RULES_BY_ID
from .ledger import pot_account
from .money import ZERO
from .state import State

MAIN, WAR = pot_account("main"), pot_account("war")
BET_EVENTS = {"bring_in": BringIn, "complete": Complete, "check": Check, "bet": Bet, "call": Call,
              "raise": Raise, "fold": Fold}
DECK = frozenset(deck52())
MAX_STEPS = 3000                 # accepted events per hand before it is declared endless
NO = ("pass", "keep", "fold", "not performed")   # choices that need no target
# Rules whose "yes" choice names a target card: which cards may be named.
TARGETS = {
    "trade-cards": lambda p, s, sl: s != p.seat and sl.street == p.get("street"),
    "eight-ball": lambda p, s, sl: s != p.seat,
    "two-hog": lambda p, s, sl: s != p.seat and sl.card.rank in (2, 5),
    "four-tician": lambda p, s, sl: True,
}


_THIRD = 1.0 / 3.0


def _minus_key(t: tuple) -> float:
    return -t[0]


@dataclass
class Stats:
    hands: int = 0
    seats: int = 0
    seed: int = 0
    events: int = 0                  # events the referee accepted
    refused: int = 0                 # random candidates it refused (the search for a legal move)
    showdowns: int = 0
    fold_outs: int = 0
    bonedoneskis: int = 0
    wars: int = 0
    extended: int = 0                # hands that became 7- or 8-card stud
    replays: int = 0                 # replay checks done
    stuck: int = 0                   # hands where no candidate was accepted (ended by the host)
    deck_out: int = 0                # hands called off because the deck ran out (before the last card)
    community: int = 0               # hands whose last card was one community card (the deck ran short)
    rules: Counter = field(default_factory=Counter)       # announcements per rule id
    violations: list = field(default_factory=list)        # invariant violations, in words
    witnesses: dict = field(default_factory=dict)         # kind -> the table's log up to the first one
    seconds: float = 0.0

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds else 0.0

    def kinds(self) -> Counter:
        return Counter(v.split(":", 1)[0] for v in self.violations)

    def summary(self) -> str:
        head = (f"{self.hands} hands, {self.seats} seats, seed {self.seed}: {self.events} events accepted "
                f"({self.refused} random candidates refused), {self.seconds:.1f} s, "
                f"{self.hands_per_second:.0f} hands/s")
        endings = (f"endings: {self.showdowns} showdowns, {self.fold_outs} fold-outs, "
                   f"{self.bonedoneskis} Bonedoneskis, {self.deck_out} out of cards, {self.stuck} stuck; "
                   f"{self.wars} wars, {self.extended} extended hands, {self.community} with a community card; "
                   f"{self.replays} replay checks")
        kinds = ", ".join(f"{k}: {n}" for k, n in self.kinds().most_common())
        lines = [head, endings,
                 "announcements by rule: " + ", ".join(f"{r}={n}" for r, n in sorted(self.rules.items()) if r),
                 f"invariant violations: {len(self.violations)}" + (f" ({kinds})" if self.violations else "")]
        lines += [f"  {v}" for v in self.violations[:20]]
        return "\n".join(lines)


class Simulator:
    def __init__(self, rng: random.Random, seats: int, *, check: bool = True, replay_every: int = 100,
                 stats: Stats | None = None) -> None:
        self.rng = rng
        self.n = seats
        self.check = check
        self.replay_every = replay_every
        self.stats = stats or Stats(seats=seats)
        self.table_no = 0
        self.hand_violations: set[str] = set()

    # ------------------------------------------------------------------ running
    def apply(self, event: Event) -> bool:
        try:
            self.state, anns = apply(self.state, event)
        except Refusal:
            self.stats.refused += 1
            return False
        except Exception as exc:  # noqa: BLE001 -- the referee must refuse in words, never crash: record it
            self.stats.refused += 1
            self.violation("crash", f"{event.describe()} raised {type(exc).__name__}: {exc}", event)
            return False
        self.stats.events += 1
        for a in anns:
            self.stats.rules[a.rule] += 1
            if a.kind is Kind.HAND_OVER:
                self.last_over = a.rule
        return True

    def open_table(self) -> None:
        self.state = State()
        self.table_no += 1
        self.table_hands = 0
        self.hand_no = 0
        self.hand_start = 0
        self.ledger_seen = 0
        self.balances: dict[str, Decimal] = {}
        if not self.apply(TableOpened("bonedoneskis", tuple(range(1, self.n + 1)))):
            raise RuntimeError("the table would not open")

    def play(self, hands: int) -> Stats:
        start = time.perf_counter()
        self.open_table()
        for _ in range(hands):
            if self.table_hands >= self.replay_every:
                self.check_replay()
                self.open_table()
            self.play_hand()
        if self.table_hands:
            self.check_replay()
        self.stats.seconds += time.perf_counter() - start
        return self.stats

    def violation(self, kind: str, what: str, event: Event | None = None) -> None:
        """Record an invariant violation once per hand and kind; the table's log up to the first
        violation of each kind is kept as a replayable witness."""
        if kind in self.hand_violations:
            return
        self.hand_violations.add(kind)
        self.stats.violations.append(f"{kind}: seed {self.stats.seed} table {self.table_no} hand {self.hand_no}: "
                                     f"{what}")
        if kind not in self.stats.witnesses:
            self.stats.witnesses[kind] = self.state.log.to_tuple() + ((event,) if event is not None else ())

    # ------------------------------------------------------------------ one hand
    def play_hand(self) -> None:
        rng = self.rng
        self.hand_no += 1
        self.table_hands += 1
        self.stats.hands += 1
        self.hand_violations: set[str] = set()
        self.deck = list(deck52())
        rng.shuffle(self.deck)
        self.war_deck = list(deck52())
        rng.shuffle(self.war_deck)
        self.unseen: list[Card] = []           # dealt face down without being named
        self.war_dealt = 0
        self.known_rate = rng.choice((0.0, 0.5, 1.0))  # how often a hole card is named when dealt
        self.hand_start = len(self.state.log)
        self.last_over = ""
        if not self.apply(HandStarted(self.hand_no, rng.randrange(1, self.n + 1))):
            raise RuntimeError("the hand would not start")
        self.check_state()
        wars = self.stats.rules["dueling-snowmen"]
        for _ in range(MAX_STEPS):
            hand = self.state.hand
            if hand.phase == "over":
                break
            before = hand.pending
            if not self.deck and self.needs_card():
                # The last card comes as a community card when the deck runs short (setting
                # community_card); running out before that street has no rule: call the hand off.
                self.stats.deck_out += 1
                self.apply(HandEnded("the deck ran out"))
                self.check_state()
                break
            if not self.step():
                self.stats.stuck += 1
                self.violation("stuck", f"no legal move (phase {hand.phase}, street {hand.street}, pending "
                               f"{[(p.rule, p.seat, p.blocks) for p in hand.pending]}, "
                               f"to act {hand.betting.to_act if hand.betting else None})")
                self.apply(HandEnded("simulator: stuck"))
                self.check_state()
                break
            self.check_state()
            if self.state.hand.phase == "over":
                self.hand_over(before)
        else:
            self.stats.stuck += 1
            self.violation("endless", f"the hand did not end within {MAX_STEPS} events")
            self.apply(HandEnded("simulator: endless"))
        if self.stats.rules["dueling-snowmen"] > wars:
            self.stats.wars += 1
        if self.state.hand.final_street > self.state.settings.cards:
            self.stats.extended += 1
        if self.state.hand.community:
            self.stats.community += 1

    def hand_over(self, before) -> None:
        hand = self.state.hand
        if self.last_over == "bonedoneskis":
            self.stats.bonedoneskis += 1
        elif len(hand.live) == 1:
            self.stats.fold_outs += 1
        else:
            self.stats.showdowns += 1
            event = self.state.log.last()
            open_blocks = [(p.rule, p.seat) for p in before if p.blocks and not answers(event, p)]
            if open_blocks:
                self.violation("obligation open at showdown", f"showdown settled with {open_blocks} open")
        if hand.pending:
            self.violation("pending after the hand", f"{[(p.rule, p.seat) for p in hand.pending]}")

    # ------------------------------------------------------------------ choosing
    def step(self) -> bool:
        """Try the candidates in random order until the referee accepts one."""
        for event in self.candidates():
            if self.apply(event):
                return True
        hand = self.state.hand
        if hand.phase == "betting" and hand.betting is not None:
            # Does another seat than the one the state names get to act? Then `to_act` was wrong.
            for seat in self.rng.sample(hand.live, len(hand.live)):
                if seat == hand.betting.to_act:
                    continue
                for event in self.bet_events(replace(hand.betting, to_act=seat), seat):
                    if self.apply(event):
                        self.violation("stale turn", f"the state said seat {hand.betting.to_act} acts, the "
                                       f"referee took {event.describe()}")
                        return True
        return False

    def candidates(self) -> list[Event]:
        """Every candidate gets the key random() ** (1 / weight) and they are tried highest first
        (weights: answers 3, the next deal 2, bets 1)."""
        random, hand = self.rng.random, self.state.hand
        weighted: list[tuple[float, Event]] = []
        for p in hand.pending:
            for event in self.answers(p):
                weighted.append((random() ** _THIRD, event))
        event = self.next_deal()
        if event is not None:
            weighted.append((random() ** 0.5, event))
        b = hand.betting
        if hand.phase == "betting" and b is not None and b.to_act is not None:
            for event in self.bet_events(b, b.to_act):
                weighted.append((random(), event))
        if len(weighted) == 1:
            return [weighted[0][1]]
        weighted.sort(key=_minus_key)
        return [e for _, e in weighted]

    # ---- dealing
    def needs_card(self) -> bool:
        hand = self.state.hand
        if hand.replacement_owed or hand.community_owed:
            return True
        target = 3 if hand.street == 3 else hand.street
        got = dict(hand.received)
        return hand.phase == "dealing" and any(got[s] < target for s in hand.live)

    def next_deal(self) -> Event | None:
        """The next card the dealer deals: a replacement owed, a war card, or the next card of the
        street going round the table (third street: down, down, up)."""
        hand = self.state.hand
        owed = hand.replacement_owed
        if owed:
            return CardDealt(owed[0][0], self.deck[-1], True)
        war = hand.marks.get("war")
        if war:
            (a, b), ca, cb = war
            return CardDealt(a if len(ca) <= len(cb) else b, self.war_deck[-1], True, None, "war")
        if hand.phase != "dealing":
            return None
        if hand.community_owed:
            return CardDealt(None, self.deck[-1], True, hand.street)
        target = 3 if hand.street == 3 else hand.street
        got = dict(hand.received)
        short = [s for s in hand.order if not hand.boards[s].folded and got[s] < target]
        if not short:
            return None
        low = min(got[s] for s in short)
        seat = next(s for s in short if got[s] == low)
        if hand.street == 3:
            up = low == 2
        elif hand.street < hand.final_street:
            up = True
        else:
            up = seat in hand.marks.get("river_up_for", ()) or seat in hand.marks.get("river_up_paid", ())
        if not up and self.rng.random() >= self.known_rate:
            return CardDealt(seat, None, False, hand.street)
        return CardDealt(seat, self.deck[-1], up, hand.street)

    # ---- betting
    def bet_events(self, b, seat: int) -> list[Event]:
        names = bet.options(b, seat, self.state.settings.max_raises)
        out: list[Event] = []
        for name in names:
            if name == "fold" and self.rng.random() < 0.7:
                continue  # fold less often than the rest, so that hands reach showdown
            out.append(BET_EVENTS[name](seat))
        if names and self.rng.random() < 0.01:
            owed = b.level - b.put_by(seat)
            quarters = int((owed + b.size) / Decimal("0.25"))
            out.append(AllIn(seat, Decimal("0.25") * self.rng.randint(1, max(1, quarters))))
        self.rng.shuffle(out)
        return out or [Fold(seat)]

    # ---- decisions
    def answers(self, p) -> list[Event]:
        """Candidate answers to one pending decision, from its rule, choices and the boards."""
        rng, hand = self.rng, self.state.hand
        if p.rule == "showdown":
            return [self.show(p.seat)]
        if p.rule == "turn-up":
            return [e for e in (self.turn_up(p),) if e is not None]
        if not p.choices:
            return []  # a replacement or a war: answered by dealing (see next_deal)
        did = p.id if rng.random() < 0.5 else None
        out: list[Event] = []
        if p.rule == "straight-up":
            swap = self.hole_swap(p.seat, p.get("neighbour"))
            if swap is not None:
                out.append(swap)
        for choice in p.choices:
            seat = card = None
            if choice not in NO and p.rule in TARGETS:
                found = [(s, sl.card) for s in hand.live for sl in hand.boards[s].up_slots
                         if sl.card is not None and TARGETS[p.rule](p, s, sl)]
                if not found:
                    continue
                seat, card = rng.choice(found)
            elif choice not in NO and p.rule == "queen-of-hearts":
                downs = [(s, sl.card) for s in hand.live for sl in hand.boards[s].down_slots]
                if not downs:
                    continue
                seat, card = rng.choice(downs)
            out.append(Decision(p.seat, p.rule, choice, seat, card, did))
        return out

    def hole_swap(self, a: int, b: int | None) -> Event | None:
        hand = self.state.hand
        if b is None or b not in hand.boards:
            return None
        da, db = hand.boards[a].down_slots, hand.boards[b].down_slots
        if not da or not db:
            return None
        return CardsSwapped(a, self.rng.choice(da).card, b, self.rng.choice(db).card)

    def turn_up(self, p) -> Event | None:
        board = self.state.hand.boards.get(p.seat)
        wanted = p.get("card")
        if wanted:
            return CardExposed(p.seat, Card.parse(wanted))
        downs = board.down_slots if board else ()
        if not downs:
            return None
        slot = self.rng.choice(downs)
        # An unseen hole card is whichever card was dealt unseen: the referee cannot tell them apart.
        return CardExposed(p.seat, slot.card if slot.card is not None else self.rng.choice(self.unseen))

    def show(self, seat: int) -> Event:
        board = self.state.hand.boards[seat]
        known = [s.card for s in board.down_slots if s.card is not None]
        n = sum(1 for s in board.down_slots if s.card is None)
        return HandShown(seat, tuple(known) + tuple(self.rng.sample(self.unseen, n)))

    # ------------------------------------------------------------------ invariants
    def track_cards(self) -> None:
        """Keep the simulator's decks and unseen pool in step with the accepted event."""
        event = self.state.log.last()
        if isinstance(event, CardDealt):
            if event.deck == "war":
                self.war_deck.remove(event.card)
                return
            physical = self.deck.pop()
            if event.card is None:
                self.unseen.append(physical)
            elif event.card != physical:
                self.violation("deck", f"{event.card} was dealt but {physical} was on top")
        elif isinstance(event, CardExposed):
            if event.card in self.unseen:
                self.unseen.remove(event.card)
        elif isinstance(event, HandShown):
            for c in event.cards:
                if c in self.unseen:
                    self.unseen.remove(c)

    def check_state(self) -> None:
        st = self.state
        hand = st.hand
        self.track_cards()
        for t in st.transfers.since(self.ledger_seen):
            self.balances[t.payer] = self.balances.get(t.payer, ZERO) - t.amount
            self.balances[t.payee] = self.balances.get(t.payee, ZERO) + t.amount
        self.ledger_seen = len(st.transfers)
        if not self.check:
            return
        # money
        if sum(self.balances.values(), ZERO) != ZERO:
            self.violation("money", f"the ledger does not sum to zero: {self.balances}")
        main, war = self.balances.get(MAIN, ZERO), self.balances.get(WAR, ZERO)
        if hand.phase == "over":
            if main != ZERO or war != ZERO:
                self.violation("money left in a pot", f"after the hand: main {main}, war {war}")
        elif main != st.pot_total():
            self.violation("main pot", f"the main pot account holds {main}, antes+bets+fees are {st.pot_total()}")
        if not hand.marks.get("war") and war != ZERO and hand.phase != "over":
            self.violation("war pot", f"the war pot holds {war} with no war on")
        # cards
        seen: list[Card] = list(hand.discards) + list(hand.community)
        unseen_slots = 0
        for board in hand.boards.values():
            for slot in board.slots:
                if slot.card is None:
                    unseen_slots += 1
                else:
                    seen.append(slot.card)
        distinct = set(seen)
        if len(distinct) != len(seen):
            self.violation("card in two places", f"{[c.code for c, k in Counter(seen).items() if k > 1]}")
        if unseen_slots != len(self.unseen):
            self.violation("unseen cards", f"{unseen_slots} unseen hole cards on the boards, "
                                           f"{len(self.unseen)} dealt unseen")
        everything = distinct.union(self.unseen, self.deck)
        if len(everything) != 52 or len(seen) + len(self.unseen) + len(self.deck) != 52 or everything != DECK:
            self.violation("deck", f"not accounted for: missing {[c.code for c in DECK - everything]}, "
                                   f"{len(seen)} seen + {len(self.unseen)} unseen + {len(self.deck)} in the deck")
        if len(hand.side_cards) != self.war_dealt:
            self.war_dealt = len(hand.side_cards)
            war_cards = [c for d, _, c in hand.side_cards if d == "war"]
            if len(war_cards) + len(self.war_deck) != 52 or DECK != set(war_cards).union(self.war_deck):
                self.violation("war deck", "the war deck is not accounted for")
        # decisions and turns
        for p in hand.pending:
            if p.rule not in RULES_BY_ID:
                self.violation("unknown rule", f"a pending decision for rule {p.rule!r}")
            if p.seat is not None and (p.seat not in hand.boards or hand.boards[p.seat].folded):
                self.violation("pending for a seat out", f"{p.rule} waits for seat {p.seat}, which is out")
        if hand.phase == "betting":
            b = hand.betting
            if b is None:
                self.violation("betting", "a betting phase without a betting round")
            elif b.to_act is not None and (b.to_act not in hand.live or hand.boards[b.to_act].all_in) \
                    and not any(p.blocks for p in hand.pending):
                self.violation("turn", f"seat {b.to_act} is to act but is out or all in")

    def check_replay(self) -> None:
        if not self.check:
            return
        self.stats.replays += 1
        rebuilt, _ = replay(self.state.log.to_tuple())
        if rebuilt != self.state:
            diffs = [name for name in ("game", "settings", "seats", "log", "undone", "transfers",
                                       "next_announcement", "next_decision", "hands_played", "hand")
                     if getattr(rebuilt, name) != getattr(self.state, name)]
            self.violation("replay", f"replaying the log does not rebuild the state (differs in {', '.join(diffs)})")


def answers(event: Event, p) -> bool:
    """Whether `event` is the answer to pending decision `p` (which it then closes itself)."""
    if isinstance(event, Decision):
        return event.rule == p.rule and event.seat == p.seat
    if isinstance(event, HandShown):
        return p.rule == "showdown" and p.seat == event.seat
    if isinstance(event, CardExposed):
        return p.rule == "turn-up" and p.seat == event.seat
    if isinstance(event, CardsSwapped):
        return p.rule in ("straight-up", "trade-cards") and p.seat in (event.seat_a, event.seat_b)
    if isinstance(event, CardDealt):
        return p.rule in ("replacement", "dueling-snowmen")
    return False


def simulate(hands: int, seats: int, seed: int | random.Random = 0, *, check: bool = True,
             replay_every: int = 100) -> Stats:
    """Play `hands` random hands at a table of `seats` and check the invariants. `seed` is an int
    or a `random.Random`; no other source of randomness is used."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    stats = Stats(seats=seats, seed=seed if isinstance(seed, int) else 0)
    Simulator(rng, seats, check=check, replay_every=replay_every, stats=stats).play(hands)
    return stats


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m referee.simulate", description=__doc__.split("\n\n")[0])
    p.add_argument("--hands", type=int, default=1000)
    p.add_argument("--seats", type=int, default=6)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--replay-every", type=int, default=100, help="hands per table; its log is replayed after")
    p.add_argument("--no-check", action="store_true", help="skip the invariant checks (for timing)")
    p.add_argument("--witnesses", type=Path, help="write the first hand of each violation kind as .jsonl here")
    args = p.parse_args(argv)
    stats = simulate(args.hands, args.seats, args.seed, check=not args.no_check, replay_every=args.replay_every)
    print(stats.summary())
    if args.witnesses and stats.witnesses:
        args.witnesses.mkdir(parents=True, exist_ok=True)
        for kind, events in stats.witnesses.items():
            path = args.witnesses / (kind.replace(" ", "-") + ".jsonl")
            path.write_text(dumps_jsonl(events), encoding="utf-8")
            print(f"witness: {path}")
    return 1 if stats.violations else 0


if __name__ == "__main__":
    sys.exit(main())
