"""A random-hand simulator for Bonedoneskis that checks the referee's invariants as it plays.

Random deals from a shuffled 52-card deck (and a separate deck for Dueling Snowmen wars); every
move is drawn from `engine.options` (the host's deals and the seats' bets and answers), with
blanks filled at random: the next card of the deck, a card a choice may name, the unseen hole
cards shown. The only randomness is the `random.Random` passed in (seeded by the caller), so a
run is repeatable. An option the referee refuses is a violation (options must be exactly the
legal moves), and so is a bet the referee takes from a seat it offered none.

After every accepted event it checks the invariants of `invariants.Invariants`: money, cards,
decisions and turns, and (every `replay_every` hands, when a fresh table opens) replay.
`python -m referee.games.bonedoneskis.simulate --hands 10000 --seats 6`.
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

from ...announcements import Kind
from ...cards import Card, deck52
from ...engine import Refusal, apply, can, options
from ...events import (CardDealt, CardExposed, CardsSwapped, Decision, Event, Fold, HandEnded, HandShown,
                       HandStarted, TableOpened)
from ...options import Option
from ...state import State
from ...witnesses import write_witnesses
from .invariants import Invariants

MAX_STEPS = 3000                 # accepted events per hand before it is declared endless
# How much more often a kind of move is drawn than a bet (answers 3, the next deal 2, bets 1).
WEIGHTS = {"decide": 3.0, "show": 3.0, "expose": 3.0, "swap": 3.0, "deal": 2.0}
HOST_ONLY = frozenset({"start", "end"})   # the simulator starts hands itself and never calls one off


def _minus_key(t: tuple) -> float:
    return -t[0]


@dataclass
class Stats:
    hands: int = 0
    seats: int = 0
    seed: int = 0
    events: int = 0                  # events the referee accepted
    refused: int = 0                 # moves the referee refused (an option refused is a violation)
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
                f"({self.refused} refused), {self.seconds:.1f} s, "
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


class Simulator(Invariants):
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
        self.last_said = anns
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

    # ------------------------------------------------------------------ choosing
    def step(self) -> bool:
        """Draw a move from the options of the host and every seat and apply it."""
        for option in self.drawn():
            event = self.fill(option)
            if event is None:
                continue
            if self.apply(event):
                return True
            self.violation("option refused", f"{option.label} ({event.describe()}) was offered but refused", event)
        return False

    def drawn(self) -> list[Option]:
        """Every option gets the key random() ** (1 / weight) and they are tried highest first;
        folds are drawn less often (so that hands reach showdown) and going all in rarely."""
        rng, st = self.rng, self.state
        weighted: list[tuple[float, Option]] = []
        for seat in self.actors():
            for o in options(st, seat):
                if o.action in HOST_ONLY or (o.action == "fold" and rng.random() < 0.7) or \
                        (o.action == "all_in" and rng.random() >= 0.01) or st.hand.phase == "over":
                    continue
                weighted.append((rng.random() ** (1.0 / WEIGHTS.get(o.action, 1.0)), o))
        self.check_turn()
        weighted.sort(key=_minus_key)
        return [o for _, o in weighted]

    def actors(self) -> list[int | None]:
        """Who may have a move: the host (deals), the seats asked something, the seat to bet (the
        others' options are empty: `check_turn` tries one of them now and then)."""
        hand = self.state.hand
        seats = {s for p in hand.pending for s in (p.open_to or (p.seat,))}
        if hand.betting is not None and hand.betting.to_act is not None:
            seats.add(hand.betting.to_act)
        return [None] + [s for s in hand.order if s in seats]

    def fill(self, o: Option) -> Event | None:
        """The option's event with its blanks filled at random (None: nothing to fill it with)."""
        rng, event = self.rng, o.event
        if isinstance(event, Decision) and rng.random() < 0.5:
            event = replace(event, decision=None)  # answers name their decision only half the time
        if "target" in o.needs:
            if not o.targets:
                return None
            seat, card = rng.choice(o.targets)
            event = replace(event, target_seat=seat, card=card)
        if "card" in o.needs:
            event = self.fill_card(o, event)
        if "cards" in o.needs:
            board = self.state.hand.boards[event.seat]
            unseen = sum(1 for s in board.down_slots if s.card is None)
            event = replace(event, cards=tuple(event.cards) + tuple(rng.sample(self.unseen, unseen)))
        if "amount" in o.needs:
            b = self.state.hand.betting
            quarters = int((b.level - b.put_by(o.seat) + b.size) / Decimal("0.25"))
            event = replace(event, amount=Decimal("0.25") * rng.randint(1, max(1, quarters)))
        return event

    def fill_card(self, o: Option, event: Event) -> Event | None:
        if isinstance(event, CardExposed):  # an unseen hole card is whichever card was dealt unseen
            return replace(event, card=self.rng.choice(self.unseen)) if event.card is None else event
        deck = self.war_deck if event.deck == "war" else self.deck
        if not deck:
            return None
        if not event.up and self.rng.random() >= self.known_rate:
            return event  # dealt face down without naming it
        return replace(event, card=deck[-1])

    def check_turn(self) -> None:
        """No seat but the one offered bets may bet (now and then, one other seat is tried)."""
        hand = self.state.hand
        b = hand.betting
        if hand.phase != "betting" or b is None or self.rng.random() >= 0.2:
            return
        others = [s for s in hand.live if s != b.to_act]
        if others and can(self.state, Fold(seat := self.rng.choice(others))):
            self.violation("option missing", f"seat {seat} may fold though it was offered no bet")

    def needs_card(self) -> bool:
        """The dealer is to deal from the main deck (a card of the street, a replacement owed)."""
        return any(o.action == "deal" and o.event.deck == "main" for o in options(self.state, None))

    def hand_over(self, before) -> None:
        hand = self.state.hand
        if self.last_over == "bonedoneskis":
            self.stats.bonedoneskis += 1
        elif len(hand.live) == 1:
            self.stats.fold_outs += 1
        else:
            self.stats.showdowns += 1
            event = self.state.log.last()
            # An obligation the rule itself ended during the last event says so (a trade card with
            # nothing left to trade for: "no trade"); any other left open is a violation.
            ended = {(a.rule, s) for a in self.last_said for s in a.seats}
            open_blocks = [(p.rule, p.seat) for p in before
                           if p.blocks and not answers(event, p) and (p.rule, p.seat) not in ended]
            if open_blocks:
                self.violation("obligation open at showdown", f"showdown settled with {open_blocks} open")
        if hand.pending:
            self.violation("pending after the hand", f"{[(p.rule, p.seat) for p in hand.pending]}")


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
    p = argparse.ArgumentParser(prog="python -m referee.games.bonedoneskis.simulate", description=__doc__.split("\n\n")[0])
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
        write_witnesses(args.witnesses, stats.witnesses)
    return 1 if stats.violations else 0


if __name__ == "__main__":
    sys.exit(main())
