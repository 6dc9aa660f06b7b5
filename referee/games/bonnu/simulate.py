"""A random-round simulator for Bonnu that checks the referee's invariants as it plays.

Each round is shuffled from the 110 cards and dealt through the host's deal options, every card
named, so the simulator knows where every card is (`invariants.Truth`). Every move is drawn from
`engine.options` (the host's and every seat's): cards laid, draws, Cuts, out-of-turn Bonnus, Reach
and Bonnu shouts (some left unsaid: the penalty follows), penalty draws, the hands shown at the end
of a Bonnu 100 round. A few faults are thrown in (a card that does not match, a wrong Bonnu) and
races: a Cut on the card before the one just laid, arriving after it, stamped 60-300 ms before it
(in time: that card goes back) or after it (too late). Every event is stamped on a simulated clock
(cards 1-4 camera frames late, shouts 20-300 ms). An option the referee refuses is a violation.
Whole games are played, then new ones; each table's log is replayed. The only randomness is the
`random.Random` given.

`python -m referee.simulate --game bonnu --rounds 10000 [--scoring simple|bonnu100|random] [--seats K]
[--settings default|random]`.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from dataclasses import dataclass, field, fields, replace

from ...engine import Refusal, apply, options
from ...events import Event, TableOpened
from ...sim_tables import RoundsAtTables
from ...state import State
from ...witnesses import write_witnesses
from .claims import bonnu_refusal, cut_refusal, cutter_refusal
from .deck import DECK, matches
from .events import BonnuClaimed, CardDrawn, CardLaid, CutLaid, ShoutHeard
from .invariants import Checks, Truth
from .settings import BonnuSettings

MAX_STEPS = 3000            # accepted events per round before it is declared stuck
FRAME_MS = 33               # the camera at 30 frames a second
WEIGHTS = {"lay": 1.0, "draw": 1.0, "cut": 3.0, "bonnu": 2.0, "shout": 2.0, "show": 1.0, "time": 0.3,
           "decide": 1.0}
FAULT_RATE = 0.01           # each turn: a card that does not match; each window: a wrong Cut or Bonnu
RACE_RATE = 0.3             # after a card laid in turn: a Cut on the card before it that arrives late


def random_settings(rng: random.Random) -> dict:
    """A table's settings drawn at random: every choice of every decision the tables disagree on."""
    values: dict = {name: rng.choice(sorted(words)) for name, words in BonnuSettings.CHOICES.items()}
    values.update({f.name: rng.random() < 0.5 for f in fields(BonnuSettings) if f.type in ("bool", bool)})
    return values


@dataclass
class Stats:
    seed: int = 0
    rounds: int = 0
    games: int = 0
    won: int = 0                    # rounds won by a seat
    blocked: int = 0                # rounds blocked: every seat passed, nothing to draw (decision 9)
    events: int = 0
    replays: int = 0
    moves: Counter = field(default_factory=Counter)
    rulings: Counter = field(default_factory=Counter)
    violations: list = field(default_factory=list)
    witnesses: dict = field(default_factory=dict)
    seconds: float = 0.0

    def summary(self) -> str:
        kinds = Counter(v.split(":", 1)[0] for v in self.violations)
        return "\n".join([
            f"bonnu: {self.rounds} rounds, {self.games} games to a Bonnu Master, seed {self.seed}: {self.events} events "
            f"accepted, {self.seconds:.1f} s, {self.rounds / self.seconds if self.seconds else 0:.0f} rounds/s",
            "moves: " + ", ".join(f"{k} {n}" for k, n in sorted(self.moves.items())),
            "announced: " + ", ".join(f"{k} {n}" for k, n in sorted(self.rulings.items())),
            f"replay checks: {self.replays}; rounds blocked (every seat passed, nothing to draw): {self.blocked}",
            f"invariant violations: {len(self.violations)}"
            + (f" ({', '.join(f'{k}: {n}' for k, n in kinds.most_common())})" if self.violations else ""),
            *[f"  {v}" for v in self.violations[:20]]])


class Simulator(RoundsAtTables, Checks):
    def __init__(self, rng: random.Random, *, seats: int = 4, scoring: str = "random", settings: str = "default",
                 check: bool = True, replay_every: int = 20, stats: Stats | None = None) -> None:
        if settings not in ("default", "random"):
            raise ValueError(f"settings {settings!r}: default or random")
        self.rng, self.seats, self.scoring, self.check = rng, tuple(range(1, seats + 1)), scoring, check
        self.settings = settings
        self.replay_every, self.stats = replay_every, stats or Stats()
        self.table_no, self.round_violations, self.new_game = 0, set(), True

    # ------------------------------------------------------------------ running
    def apply(self, event: Event) -> bool:
        try:
            self.state, said = apply(self.state, event)
        except Refusal as exc:
            self.refused = str(exc)
            return False
        except Exception as exc:  # noqa: BLE001 -- the referee must refuse in words, never crash: record it
            self.violation("crash", f"{event.describe()} raised {type(exc).__name__}: {exc}")
            return False
        self.stats.events += 1
        for a in said:
            self.stats.rulings[a.rule or "table"] += 1
        return True

    def violation(self, kind: str, what: str) -> None:
        if kind in self.round_violations:
            return
        self.round_violations.add(kind)
        rnd = self.state.hand
        self.stats.violations.append(f"{kind}: seed {self.stats.seed} table {self.table_no} round "
                                     f"{rnd.number if rnd else 0}: {what}"
                                     + (f" (settings {self.table_settings})" if self.table_settings else ""))
        self.stats.witnesses.setdefault(kind, self.state.log.to_tuple())

    def open_table(self) -> None:
        self.state, self.table_rounds, self.clock, self.last_claim = State(), 0, 0, {}
        self.table_no += 1
        values = random_settings(self.rng) if self.settings == "random" else {}
        values.update(scoring=self.rng.choice(("simple", "bonnu100")) if self.scoring == "random" else self.scoring,
                      rounds_to_win=3)
        self.table_settings = values if self.settings == "random" else {}
        if not self.apply(TableOpened("bonnu", self.seats, values)):
            raise RuntimeError(f"a Bonnu table would not open with {values}: {self.refused}")

    # ------------------------------------------------------------------ one round
    def play_round(self) -> None:
        self.round_violations = set()
        self.table_rounds += 1
        self.stats.rounds += 1
        prev = self.state.hand
        before = dict(self.state.scores)
        self.new_game = prev is None or bool(prev.master)
        start = next(o for o in options(self.state, None) if o.action == "start")
        self.apply(start.event)
        self.opening_draw()
        self.truth = Truth.shuffled(self.seats, self.rng)
        while self.state.hand.phase == "dealing":
            deal = next(o for o in options(self.state, None) if o.action == "deal")
            card = self.truth.stock[-1]
            self.truth.take(deal.event.seat, card)
            self.must(replace(deal.event, card=card))
        for _ in range(MAX_STEPS):
            if self.state.hand.phase == "over" or not self.step():
                break
        rnd = self.state.hand
        if rnd.phase != "over":
            self.violation("stuck", f"no end in phase {rnd.phase}; refused: {getattr(self, 'refused', '')}")
            self.apply(next(o for o in options(self.state, None) if o.action == "end").event)
            return
        self.stats.blocked += bool(rnd.passed)      # won with passes since the last card: the round was blocked
        if self.check:
            self.check_scores(before)
        self.stats.won += rnd.winner is not None
        self.stats.games += bool(rnd.master)

    def opening_draw(self) -> None:
        while self.state.hand.phase == "opening":
            drawn = self.rng.sample(DECK, len(self.seats))
            for o, card in zip([o for o in options(self.state, None) if o.action == "opening"], drawn):
                self.must(replace(o.event, card=card, up=True))

    def must(self, event: Event) -> None:
        if not self.apply(event):
            self.violation("option refused", f"{event.describe()}: {self.refused}")

    def step(self) -> bool:
        opts = [o for seat in (None, *self.seats) for o in options(self.state, seat)
                if o.action not in ("start", "end")]
        fault = self.fault()
        if fault is not None:
            return self.send(fault, fault=True)
        race = self.race()
        if race is not None:
            return self.send_race(*race)
        if not self.truth.stock and any(o.action == "lay" for o in opts):
            opts = [o for o in opts if o.action != "draw"]      # draw_when_able, nothing to draw: no endless passing
        if not opts:
            return False
        kinds = sorted({o.action for o in opts})
        kind = self.rng.choices(kinds, [WEIGHTS.get(k, 1.0) for k in kinds])[0]
        return self.send(self.fill(self.rng.choice([o for o in opts if o.action == kind])))

    def fill(self, o) -> Event:
        event = o.event
        if o.action == "time":
            return replace(event, at_ms=self.clock + self.state.settings.shout_grace_ms + 1)
        if o.action == "draw":
            card = self.truth.draw(self.rng, self.state.settings.empty_pile == "reshuffle")
            event = replace(event, card=card)
        return self.stamped(event)

    def stamped(self, event: Event) -> Event:
        if not hasattr(event, "at_ms"):
            return event
        self.clock += self.rng.randint(150, 1200)
        if isinstance(event, (CutLaid, BonnuClaimed)):      # a seat's claims: never a double tap
            self.clock = max(self.clock, self.last_claim.get(event.seat, 0) + self.state.settings.double_tap_ms + 1)
            self.last_claim[event.seat] = self.clock
        late = self.rng.randint(20, 300) if isinstance(event, ShoutHeard) else FRAME_MS * self.rng.randint(1, 4)
        return replace(event, at_ms=self.clock + late, latency_ms=late)

    def fault(self) -> Event | None:
        """Now and then a fault: a card that does not match, a Cut of one card, a wrong Bonnu."""
        rnd = self.state.hand
        if rnd.phase != "play" or rnd.pending or self.rng.random() > FAULT_RATE or rnd.top is None:
            return None
        if any(d.word == "bonnu" for d in rnd.dues):
            return None
        seat = rnd.to_play
        hand = self.truth.hands[seat]
        wrong = [c for c in hand if not matches(c, rnd.top)]
        if wrong and self.rng.random() < 0.5:
            return self.stamped(CardLaid(seat, self.rng.choice(wrong)))
        other = self.rng.choice([s for s in self.seats if s != rnd.window.seat]) if rnd.window else None
        if other is None or not self.truth.hands[other]:
            return None
        hand = tuple(self.truth.hands[other])
        if bonnu_refusal(hand, rnd.window.card) is not None:
            return self.stamped(BonnuClaimed(other, hand))
        return None

    def race(self):
        """Now and then, just after a card laid in turn, a Cut on the card before it that arrives
        after it: stamped 60-300 ms before it (in time: the card goes back) or after it (too late,
        unless the cut cards also Cut the new card). Never inside the 50 ms tie margin."""
        rnd = self.state.hand
        late = rnd.late
        if rnd.phase != "play" or rnd.pending or late is None or rnd.window is None or late.seq != rnd.window.seq \
                or late.at_ms is None or rnd.dues or self.rng.random() > RACE_RATE:
            return None
        number = late.closed.card.value
        for seat in self.rng.sample(self.seats, len(self.seats)):
            same = tuple(c for c in self.truth.hands[seat] if c.value == number)
            if seat not in (late.closed.seat, late.seat) and 2 <= len(same) < len(self.truth.hands[seat]):
                early = self.rng.random() < 0.5
                at = late.at_ms + (-1 if early else 1) * self.rng.randint(60, 300)
                if at <= self.last_claim.get(seat, 0) + self.state.settings.double_tap_ms:
                    return None
                self.clock = max(self.clock, at)        # what comes next is no race: 150 ms on at least
                self.last_claim[seat] = at
                event = CutLaid(seat, same, at_ms=at + 100, latency_ms=100)
                # In time, it is judged on the card before (whose seat was on turn: the late card's),
                # too late on the new card (it may Cut that one too).
                stands = self.cut_stands(event, late.closed, late.seat) if early else self.cut_stands(event)
                return event, early, late, stands
        return None

    def send_race(self, event: CutLaid, early: bool, late, stands: bool) -> bool:
        if not self.apply(event):
            self.violation("option refused", f"a late Cut {event.describe()}: {self.refused}")
            return False
        self.stats.moves["cut_laid (late, " + ("in time)" if early else "too late)")] += 1
        truth = self.truth
        if early:                       # the card laid after the Cut's stamp goes back to its hand
            truth.hands[late.seat].append(truth.pile.pop())
        if stands:
            truth.lay(event.seat, event.cards)
        if self.check:
            self.check_cards()
        return True

    def send(self, event: Event, *, fault: bool = False) -> bool:
        stands = isinstance(event, CutLaid) and self.cut_stands(event)
        if not self.apply(event):
            if not fault:
                self.violation("option refused", f"{event.describe()}: {self.refused}")
            return fault
        self.stats.moves[event.type + (" (fault)" if fault else "")] += 1
        try:
            self.track(event, stands)
        except ValueError:          # the referee let a seat lay a card the simulator never gave it
            self.violation("truth", f"{event.describe()}: cards the hand does not hold")
            return False
        if self.check:
            self.check_cards()
        return True

    def cut_stands(self, event: CutLaid, window=None, on_turn: int | None = None) -> bool:
        """Does the Cut stand on `window` (the one open now) with `on_turn` on turn, judged by the sheet
        and the table's settings on the real hand before it?"""
        rnd, settings, hand = self.state.hand, self.state.settings, tuple(self.truth.hands[event.seat])
        window = window or rnd.window
        on_turn = rnd.to_play if on_turn is None else on_turn
        return window is not None and cut_refusal(hand, event.cards, window.card, settings) is None and \
            cutter_refusal(event.seat, on_turn, window.seat, window.how == "cut", settings) is None

    def track(self, event: Event, cut_stands: bool = False) -> None:
        """The real cards follow what happened at the table, by the sheet, not by the referee."""
        truth, top = self.truth, self.truth.pile[-1] if self.truth.pile else None
        if isinstance(event, CardLaid) and (matches(event.card, top) or not self.state.settings.take_back):
            truth.lay(event.seat, (event.card,))
        elif isinstance(event, CardDrawn) and event.card is not None:
            truth.take(event.seat, event.card)
        elif isinstance(event, CardDrawn) and not truth.stock and self.state.hand.stock:
            truth.draw(self.rng)            # a blocked round's pass made the draw pile again (blocked_round)
        elif isinstance(event, CutLaid) and cut_stands:
            truth.lay(event.seat, event.cards)
        elif isinstance(event, BonnuClaimed) and bonnu_refusal(event.cards, top) is None:
            truth.lay(event.seat, event.cards)


def simulate(rounds: int, seed: int | random.Random = 0, *, seats: int = 4, scoring: str = "random",
             settings: str = "default", check: bool = True, replay_every: int = 20) -> Stats:
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    stats = Stats(seed=seed if isinstance(seed, int) else 0)
    return Simulator(rng, seats=seats, scoring=scoring, settings=settings, check=check, replay_every=replay_every,
                     stats=stats).play(rounds)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rounds", type=int, default=1000)
    p.add_argument("--seats", type=int, default=4, help="players at the table, 2 to 10")
    p.add_argument("--scoring", choices=("simple", "bonnu100", "random"), default="random",
                   help="random: each table draws its scoring mode")
    p.add_argument("--settings", choices=("default", "random"), default="default",
                   help="random: each table draws its settings (every decision's choices)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--replay-every", type=int, default=20, help="rounds per table; its log is replayed after")
    p.add_argument("--no-check", action="store_true", help="skip the invariant checks (for timing)")
    p.add_argument("--witnesses", help="a folder for the first log of each kind of violation")


def run(args: argparse.Namespace) -> int:
    if args.rounds < 1 or not 2 <= args.seats <= 10:
        print("--rounds: at least 1; --seats: 2 to 10", file=sys.stderr)
        return 2
    stats = simulate(args.rounds, args.seed, seats=args.seats, scoring=args.scoring, settings=args.settings,
                     check=not args.no_check, replay_every=args.replay_every)
    print(stats.summary())
    if args.witnesses and stats.witnesses:
        from pathlib import Path
        write_witnesses(Path(args.witnesses), stats.witnesses)
    return 1 if stats.violations else 0
