"""A random-deal simulator for Boonaken that checks the referee's invariants as it plays.

Each deal is shuffled from the 32-card pack and laid out by `deal.deal`, so the simulator knows
where every card is (`invariants.Truth`) even when the referee is told only part of it. Every
move is drawn from `engine.options`: the host's start and deal options, then the seats' bids,
discards, trump, roem and cards (`sim_moves`), with the bidding biased so that misère chains,
zwabber, boonaak (with roem) and redeals come up often. Whole games are played to a loser, then
new ones. An option the referee refuses is a violation; events that are not offered must be
refused (`sim_probes`). The only randomness is the `random.Random` given (seeded by the caller).

Settings profiles (`PROFILES`) cover the variants; `simulate` runs one or all of them.
`python -m referee.simulate --game boonaken --deals 10000` (or this module directly).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field, fields
from pathlib import Path

from ...engine import Refusal, apply, can, options
from ...events import CardDealt, CardDiscarded, CardPlayed, Event, HandEnded, TableOpened
from ...state import State
from ...witnesses import write_witnesses
from . import bidding, deal as layouts
from .invariants import Invariants, Truth
from .roem_calls import cards_owed
from .settings import BoonakenSettings
from .cards import pack
from .sim_moves import Moves, destination
from .sim_probes import Probes

MAX_STEPS = 600               # accepted events per deal before it is declared endless
PROBE_RATE = 0.3              # how often a step also tries an event that is not offered
ALL_OPTIONS_RATE = 0.02       # how often every option of every seat is tried, not just the one drawn
CALL_OFF_RATE = 0.0003        # how often the host calls a deal off (a misdeal)
KNOWN_REVOKE_RATE = 0.01      # how often a seat whose hand is known plays a card against the rules


def _changed(settings: BoonakenSettings) -> dict:
    default = BoonakenSettings()
    return {f.name: getattr(settings, f.name) for f in fields(settings)
            if getattr(settings, f.name) != getattr(default, f.name)}


# name -> (settings, the table sizes its tables take in turn)
PROFILES: dict[str, tuple[dict, tuple[int, ...]]] = {
    "default": ({}, (4, 5, 3, 2)),
    "points": ({"scoring": "points"}, (4, 5, 3)),
    "five_card": (_changed(BoonakenSettings.five_card_version()), (4, 5, 3, 2)),
    "six_seven": ({"six_seven_players": True, "seven_first_misere": True}, (6, 7)),
    "no_undertrump": ({"no_undertrump": True}, (4, 5, 3)),
    "klaverjas": ({"klaverjas_trump_order": True}, (4, 5, 3)),
    "take_back": ({"illegal_card": "take_back"}, (4, 5, 3)),
    "stop_when_certain": ({"stop_when_certain": True}, (4, 5, 3)),
    "variants": ({"zwabber_with_roem": True, "open_boonaak": True, "lone_misere_trump": True,
                  "centre_one_down": True, "dealer_rotation": "declarer", "two_erin": "first",
                  "misere_everyone": False, "illegal_card": "announce", "lone_misere_overcall": "above",
                  "roem_tie_order": "trick", "deal_packets": "rest_first", "six_run_points": 100,
                  "roem_shared_with_run": False, "false_roem": "void", "challengers": "first"}, (4, 5, 3)),
}


@dataclass
class Stats:
    seed: int = 0
    deals: int = 0
    games: int = 0                   # games played to a loser
    tables: int = 0
    events: int = 0                  # events the referee accepted
    refused: int = 0                 # moves refused (an option refused is a violation)
    probes: int = 0                  # events not offered, tried (each must be refused)
    revokes_probed: int = 0          # of those, revokes from a known hand, taken and announced
    taken_back: int = 0              # illegal cards refused under illegal_card "take_back"
    totals: Counter = field(default_factory=Counter)         # the pack's points each deal added up to
    replays: int = 0
    contracts: Counter = field(default_factory=Counter)
    chains: Counter = field(default_factory=Counter)       # misère chain lengths
    players_in: Counter = field(default_factory=Counter)
    modes: Counter = field(default_factory=Counter)
    profiles: Counter = field(default_factory=Counter)
    rules: Counter = field(default_factory=Counter)        # announcements per rule id
    violations: list = field(default_factory=list)
    witnesses: dict = field(default_factory=dict)          # kind -> the table's log up to the first one
    seconds: float = 0.0

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds if self.seconds else 0.0

    def kinds(self) -> Counter:
        return Counter(v.split(":", 1)[0] for v in self.violations)

    def summary(self) -> str:
        def counts(c: Counter) -> str:
            return ", ".join(f"{k} {n}" for k, n in sorted(c.items(), key=lambda kv: (-kv[1], str(kv[0]))))
        kinds = ", ".join(f"{k}: {n}" for k, n in self.kinds().most_common())
        lines = [
            f"boonaken: {self.deals} deals, {self.games} games to a loser, {self.tables} tables, seed {self.seed}: "
            f"{self.events} events accepted ({self.refused} refused), {self.seconds:.1f} s, "
            f"{self.deals_per_second:.0f} deals/s",
            "contracts: " + counts(self.contracts),
            "misère chains by length: " + counts(self.chains),
            "players in: " + counts(self.players_in),
            "deals told: " + counts(self.modes),
            "profiles: " + counts(self.profiles),
            "tricks + last discards + set aside (+ the centre left lying, or cards still held when a deal stops "
            "early) added up to: " + counts(self.totals) + " (108: no trump, every suit plain)",
            f"not offered, tried: {self.probes} ({self.revokes_probed} revokes from a known hand taken and "
            f"announced, the rest refused); illegal cards taken back: {self.taken_back}; "
            f"revokes announced: {self.rules['revoke']}; false roem: {self.rules['false-roem']}; "
            f"roem challenges: {self.rules['roem-challenge']}; replay checks: {self.replays}",
            f"invariant violations: {len(self.violations)}" + (f" ({kinds})" if self.violations else ""),
        ]
        lines += [f"  {v}" for v in self.violations[:20]]
        return "\n".join(lines)


def contract_name(hand) -> str:
    if hand.redeal:
        return "redeal"
    if hand.contract is None:
        return "called off"
    kind, amount = hand.contract.kind, hand.contract.amount
    plain = {"number": "number", "misere": "misère", "open_boonaak": "open boonaak"}.get(kind)
    return plain or kind + (" with roem" if amount else "")


class Simulator(Invariants, Moves, Probes):
    def __init__(self, rng: random.Random, profile: str = "default", *, seats: int | None = None,
                 check: bool = True, replay_every: int = 50, stats: Stats | None = None) -> None:
        self.rng = rng
        self.profile = profile
        self.settings, self.sizes = PROFILES[profile]
        self.sizes = (seats,) if seats else self.sizes
        self.check = check
        self.replay_every = replay_every
        self.stats = stats or Stats()
        self.table_no = 0
        self.deal_violations: set[str] = set()

    # ------------------------------------------------------------------ running
    def apply(self, event: Event) -> bool:
        try:
            state, anns = apply(self.state, event)
        except Refusal:
            self.stats.refused += 1
            return False
        except Exception as exc:  # noqa: BLE001 -- the referee must refuse in words, never crash: record it
            self.stats.refused += 1
            self.violation("crash", f"{event.describe()} raised {type(exc).__name__}: {exc}", event)
            return False
        self.state, self.last_said = state, anns
        self.stats.events += 1
        for a in anns:
            self.stats.rules[a.rule] += 1
        self.track(event)
        return True

    def open_table(self) -> None:
        self.state = State()
        n = self.sizes[self.table_no % len(self.sizes)]
        self.table_no += 1
        self.stats.tables += 1
        self.table_deals = 0
        if not self.apply(TableOpened("boonaken", tuple(range(1, n + 1)), dict(self.settings))):
            raise RuntimeError(f"a table of {n} would not open with {self.settings}")
        self.ladder = list(bidding.ladder(self.state.settings))

    def play(self, deals: int) -> Stats:
        start = time.perf_counter()
        self.open_table()
        for _ in range(deals):
            if self.table_deals >= self.replay_every:
                self.end_table()
                self.open_table()
            self.play_deal()
        self.end_table()
        self.stats.seconds += time.perf_counter() - start
        return self.stats

    def end_table(self) -> None:
        if self.check and self.table_deals:
            self.check_replay()

    def violation(self, kind: str, what: str, event: Event | None = None) -> None:
        """Recorded once per deal and kind; the table's log up to the first of each kind is kept."""
        if kind in self.deal_violations:
            return
        self.deal_violations.add(kind)
        hand = self.state.hand
        self.stats.violations.append(f"{kind}: {self.profile} seed {self.stats.seed} table {self.table_no} "
                                     f"deal {hand.number if hand else 0}: {what}")
        if kind not in self.stats.witnesses:
            self.stats.witnesses[kind] = self.state.log.to_tuple() + ((event,) if event is not None else ())

    # ------------------------------------------------------------------ one deal
    def play_deal(self) -> None:
        self.deal_violations = set()
        self.table_deals += 1
        self.stats.deals += 1
        self.stats.profiles[self.profile] += 1
        if self.check and self.rng.random() < PROBE_RATE:
            self.probe()
        starts = [o for o in options(self.state, None) if o.action == "start"]
        if not starts or not self.apply(self.rng.choice(starts).event):
            self.violation("start refused", f"no deal could start ({[o.label for o in starts]})")
            self.open_table()
            return
        hand, settings = self.state.hand, self.state.settings
        dealt = layouts.deal(self.rng.sample(pack(), 32), sorted(hand.order), hand.dealer, settings)
        self.truth = Truth(dealt)
        self.played_by: dict[int, list] = {}
        self.deal_sheet = hand.sheet
        self.new_deal_choices()
        self.stats.players_in[len(hand.order)] += 1
        self.stats.modes[self.mode] += 1
        for _ in range(MAX_STEPS):
            if self.state.hand.phase == "over":
                break
            if not self.step():
                self.violation("stuck", f"no move was accepted (phase {self.state.hand.phase})")
                self.apply(HandEnded("simulator: stuck"))
                break
            if self.check:
                self.check_state()
        else:
            self.violation("endless", f"the deal did not end within {MAX_STEPS} events")
            self.apply(HandEnded("simulator: endless"))
        self.deal_over()

    def deal_over(self) -> None:
        hand = self.state.hand
        called_off = isinstance(self.state.log.last(), HandEnded)
        self.stats.contracts["called off" if called_off else contract_name(hand)] += 1
        if hand.contract is not None and hand.contract.kind == "misere":
            self.stats.chains[len(hand.chain)] += 1
        if hand.losers:
            self.stats.games += 1
        if self.check:
            self.check_deal_over(called_off)

    def check_state(self) -> None:
        self.check_cards()
        # One viewer a step (the public or a seat, at random): a card shown where it should not
        # be stays shown for many steps, and views cost as much as the referee's own work.
        self.check_privacy((self.rng.choice((None, *self.state.hand.order)),))
        if self.rng.random() < PROBE_RATE:
            self.probe()

    # ------------------------------------------------------------------ choosing
    def step(self) -> bool:
        st, rng = self.state, self.rng
        hand = st.hand
        host = options(st, None)
        asked = self.may_act(hand)
        seat_opts = [o for s in asked for o in options(st, s)]
        deals = self.deal_options(host) if hand.phase == "bidding" and not hand.bids else []
        if self.check and rng.random() < ALL_OPTIONS_RATE:
            self.try_every_option(deals + seat_opts, [s for s in hand.order if s not in asked])
        if deals:
            option = rng.choice(deals)
        elif rng.random() < CALL_OFF_RATE:
            return self.apply(next(o.event for o in host if o.action == "end"))
        elif not seat_opts:
            return False
        elif hand.phase == "bidding":
            option = self.choose_bid(seat_opts)
        else:
            option = self.choose_play_move(seat_opts)
        if option.action == "play" and "card" not in option.needs and rng.random() < KNOWN_REVOKE_RATE:
            revoke = self.play_known_revoke(option.seat)
            if revoke is not None:
                return revoke
        event = self.fill(option)
        if self.apply(event):
            return True
        if isinstance(event, CardPlayed) and event.card in self.legal_now(event.seat)[1] \
                and st.settings.illegal_card == "take_back":
            self.stats.taken_back += 1        # the referee saw the card was illegal: another is played
            return self.apply(CardPlayed(event.seat, rng.choice(self.legal_now(event.seat)[0])))
        self.violation("option refused", f"{option.label} ({event.describe()}) was offered but refused", event)
        return False

    def play_known_revoke(self, seat: int) -> bool | None:
        """A card against the rules from a hand the referee knows (not offered): a revoke to
        announce, or (take_back) refused. None: the seat holds no such card."""
        illegal = self.legal_now(seat)[1]
        if not illegal:
            return None
        event = CardPlayed(seat, self.rng.choice(illegal))
        if self.state.settings.illegal_card == "take_back":
            if self.apply(event):
                self.violation("accepted though not offered", f"{event.describe()} under take_back", event)
                return True
            self.stats.taken_back += 1
            return None
        if not self.apply(event):
            self.violation("revoke refused", f"{event.describe()} is a revoke to announce, but was refused", event)
            return None
        if not any(a.rule == "revoke" for a in self.last_said):
            self.violation("revoke unannounced", f"{event.describe()} was taken without a revoke", event)
        return True

    @staticmethod
    def may_act(hand) -> tuple[int, ...]:
        """The seats that may have a move now (the others' options are empty: `try_every_option`
        checks that now and then): the seat to bid; in the exchange and the first trick anyone
        (discards, trump, roem); later the seat to play and any seat owing a roem card."""
        if hand.phase == "bidding":
            turn = bidding.next_bidder(hand.order, hand.bids)
            return () if turn is None else (turn,)
        if hand.phase == "play" and not hand.roem_open:
            return tuple(s for s in hand.order if s == hand.to_play() or s in cards_owed(hand))
        return hand.order

    def try_every_option(self, opts, idle) -> None:
        """Every option now must be accepted, not only the one drawn (a sample of them), and the
        seats `idle` must have none."""
        for seat in idle:
            if options(self.state, seat):
                self.violation("options of a seat with no move", f"seat {seat}: {options(self.state, seat)[0].label}")
        for o in self.rng.sample(opts, min(len(opts), 6)):
            event = self.fill(o)
            if isinstance(event, CardPlayed) and event.card in self.legal_now(o.seat)[1]:
                continue                      # a revoke filled in: refused under take_back, fine
            if not can(self.state, event):
                self.violation("option refused", f"{o.label} ({event.describe()}) is offered but refused", event)

    # ------------------------------------------------------------------ the truth
    def track(self, event: Event) -> None:
        """Keep the cards on the table in step with the event the referee accepted."""
        hand = self.state.hand
        if hand is None or not hasattr(self, "truth") or isinstance(event, TableOpened):
            return
        truth = self.truth
        if isinstance(event, CardDealt):
            card = truth.queue[destination(event)].pop(0)
            if event.card is not None and event.card != card:
                self.violation("simulator", f"dealt {event.card.code}, but {card.code} was next")
        elif isinstance(event, CardDiscarded):
            truth.move(event.card if event.card is not None else self.unseen_discard, f"disc:{event.seat}")
        elif isinstance(event, CardPlayed):
            truth.move(event.card, "trick")
            truth.public.add(event.card)
            self.played_by.setdefault(event.seat, []).append(event.card)
        if hand.phase != "bidding":
            truth.follow(hand)


def simulate(deals: int, seed: int | random.Random = 0, *, profile: str | None = None, seats: int | None = None,
             check: bool = True, replay_every: int = 50) -> Stats:
    """Play `deals` random deals (split evenly over every profile, or all in `profile`) and check
    the invariants. `seed` is an int or a `random.Random`; no other randomness is used."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    stats = Stats(seed=seed if isinstance(seed, int) else 0)
    names = [profile] if profile else [p for p in PROFILES if seats is None or seats <= _most_seats(p)]
    start = time.perf_counter()
    for i, name in enumerate(names):
        share = deals // len(names) + (1 if i < deals % len(names) else 0)
        if share:
            Simulator(rng, name, seats=seats, check=check, replay_every=replay_every, stats=stats).play(share)
    stats.seconds = time.perf_counter() - start
    return stats


def _most_seats(profile: str) -> int:
    return 7 if PROFILES[profile][0].get("six_seven_players") else 5


def main(argv: list[str] | None = None, prog: str = "python -m referee.games.boonaken.simulate") -> int:
    p = argparse.ArgumentParser(prog=prog, description=__doc__.split("\n\n")[0])
    add_arguments(p)
    return run(p.parse_args(argv))


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--deals", type=int, default=1000)
    p.add_argument("--seats", type=int, help="players at every table (default: each profile's mix, 2 to 7)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--profile", choices=sorted(PROFILES), help="one settings profile (default: all, deals split)")
    p.add_argument("--replay-every", type=int, default=50, help="deals per table; its log is replayed after")
    p.add_argument("--no-check", action="store_true", help="skip the invariant checks (for timing)")
    p.add_argument("--witnesses", type=Path, help="write the first log of each violation kind as .jsonl here")


def run(args: argparse.Namespace) -> int:
    if args.seats is not None and not 2 <= args.seats <= 7:
        print("--seats: Boonaken is played by 2 to 7 (6 and 7 with the six_seven profile)", file=sys.stderr)
        return 2
    if args.seats is not None and args.profile and args.seats > _most_seats(args.profile):
        print(f"--seats {args.seats}: profile {args.profile} seats at most {_most_seats(args.profile)}",
              file=sys.stderr)
        return 2
    stats = simulate(args.deals, args.seed, profile=args.profile, seats=args.seats, check=not args.no_check,
                     replay_every=args.replay_every)
    print(stats.summary())
    if args.witnesses and stats.witnesses:
        write_witnesses(args.witnesses, stats.witnesses)
    return 1 if stats.violations else 0


if __name__ == "__main__":
    sys.exit(main())
