"""A random-round simulator for Boneyard euchre that checks the referee's invariants as it plays.

Each round is shuffled from the 25-card pack and dealt card by card through the host's deal
options, every card named, so the simulator knows where every card is (`sim_checks.Truth`). Every
move is drawn from `engine.options` (the host's and the four seats'), and an option the referee
refuses is a violation. With modifiers "random" the face-up bone is arranged so that the taken card
goes round all 25 modifier cards in turn (Meet Cute, Polycule and Scheme bring more); with "off"
every table is opened with the setting `modifiers: off` (plain rounds, decision 17) and the face-up
bone is whatever the shuffle gives. Whole games are played to 10, then new ones; each table's log is
replayed.
The only randomness is the `random.Random` given (seeded by the caller).

`python -m referee.simulate --game boneyard-euchre --rounds 10000 --modifiers random`.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from dataclasses import dataclass, field, fields, replace

from ...engine import Refusal, apply, can, options
from ...events import CardDealt, CardDiscarded, CardPlayed, Event, HandShown, TableOpened
from ...sim_tables import RoundsAtTables
from ...state import State
from .cards import PACK
from .events import (BoneFlipped, CardPassed, CardRevealed, FoolsGoldPlayed, GraveRobbed, PennyPlaced,
                     PennyPlayed)
from .modifier_ids import CARD_OF, MODIFIER_IDS
from .ranking import legal_fools_gold, legal_plays
from .settings import BoneyardSettings
from .sim_checks import Checks, Truth

SEATS = (1, 2, 3, 4)
MAX_STEPS = 200             # accepted events per round before it is declared endless
REDEAL_RATE = 0.05          # rounds where all four are made to Leave It
TAKE_RATE = 0.5             # each seat's chance to Take It otherwise (the last one always takes)
ALL_OPTIONS_RATE = 0.05    # how often every option now is tried (`engine.can`), not just the one drawn
UNSEEN_DEAL_RATE = 0.3     # rounds dealt as at a camera table: hand cards and face-down bones unseen, half
UNSEEN_PENNY_RATE = 0.3     # the Lucky Penny placed unseen (card null), named only as it is played
# How likely each kind of move is drawn when several are offered (per kind, not per option).
WEIGHTS = {"play": 1.0, "fools_gold": 0.4, "penny": 0.4, "rob": 0.5, "decline": 0.3}


def random_settings(rng: random.Random) -> dict:
    """A table's settings drawn at random: every choice of every decision the tables disagree on."""
    values: dict = {name: rng.choice(sorted(words)) for name, words in BoneyardSettings.CHOICES.items()}
    values.update({f.name: rng.random() < 0.5 for f in fields(BoneyardSettings) if f.type in ("bool", bool)})
    values["four_tricks_points"] = rng.choice((1, 2))
    return values


@dataclass
class Stats:
    seed: int = 0
    rounds: int = 0
    redeals: int = 0
    games: int = 0                  # games played to a winner
    events: int = 0                 # events the referee accepted
    replays: int = 0
    unseen_deals: int = 0           # rounds dealt with some hand cards and bones unseen
    queen_points: int = 0
    modifiers: Counter = field(default_factory=Counter)     # rounds played with each modifier active
    maker_tricks: Counter = field(default_factory=Counter)
    violations: list = field(default_factory=list)
    seconds: float = 0.0

    def kinds(self) -> Counter:
        return Counter(v.split(":", 1)[0] for v in self.violations)

    def summary(self) -> str:
        played = self.rounds - self.redeals
        fewest = min(((self.modifiers[m], m) for m in MODIFIER_IDS), default=(0, "-"))
        kinds = ", ".join(f"{k}: {n}" for k, n in self.kinds().most_common())
        lines = [
            f"boneyard-euchre: {self.rounds} rounds ({played} played, {self.redeals} redeals), {self.games} games "
            f"to a winner, seed {self.seed}: {self.events} events accepted, {self.seconds:.1f} s, "
            f"{self.rounds / self.seconds if self.seconds else 0:.0f} rounds/s",
            "rounds with each modifier active: " + ", ".join(f"{m} {self.modifiers[m]}" for m in MODIFIER_IDS),
            f"fewest: {fewest[1]} in {fewest[0]} of {played} played rounds; Strip Club points: {self.queen_points}",
            "makers' tricks: " + ", ".join(f"{k} {n}" for k, n in sorted(self.maker_tricks.items())),
            f"rounds dealt partly unseen: {self.unseen_deals}; replay checks: {self.replays}",
            f"invariant violations: {len(self.violations)}" + (f" ({kinds})" if self.violations else ""),
        ]
        return "\n".join(lines + [f"  {v}" for v in self.violations[:20]])


class Simulator(RoundsAtTables, Checks):
    def __init__(self, rng: random.Random, *, modifiers: str = "random", settings: str = "default",
                 replay_every: int = 50, check: bool = True, stats: Stats | None = None) -> None:
        if modifiers not in ("random", "off"):
            raise ValueError(f"modifiers {modifiers!r}: random or off")
        if settings not in ("default", "random"):
            raise ValueError(f"settings {settings!r}: default or random")
        self.settings = settings
        self.rng, self.modifiers, self.replay_every, self.check = rng, modifiers, replay_every, check
        self.stats = stats or Stats()
        self.table_no, self.up_turns = 0, []
        self.round_violations: set[str] = set()

    # ------------------------------------------------------------------ running
    def apply(self, event: Event) -> bool:
        try:
            self.state, _ = apply(self.state, event)
        except Refusal:
            return False
        except Exception as exc:  # noqa: BLE001 -- the referee must refuse in words, never crash: record it
            self.violation("crash", f"{event.describe()} raised {type(exc).__name__}: {exc}")
            return False
        self.stats.events += 1
        self.track(event)
        return True

    def violation(self, kind: str, what: str) -> None:
        """Recorded once per round and kind."""
        if kind in self.round_violations:
            return
        self.round_violations.add(kind)
        rnd = self.state.hand
        self.stats.violations.append(f"{kind}: seed {self.stats.seed} table {self.table_no} "
                                     f"round {rnd.number if rnd else 0}: {what}"
                                     + (f" (settings {self.table_settings})" if self.table_settings else ""))

    def open_table(self) -> None:
        self.state, self.table_rounds = State(), 0
        self.table_no += 1
        self.table_settings = random_settings(self.rng) if self.settings == "random" else {}
        if self.modifiers == "off":
            self.table_settings["modifiers"] = "off"
        else:
            self.table_settings.pop("modifiers", None)      # "random" goes round the 25 modifiers
        if not self.apply(TableOpened("boneyard-euchre", SEATS, self.table_settings)):
            raise RuntimeError(f"a Boneyard euchre table would not open with {self.table_settings}")

    # ------------------------------------------------------------------ one round
    def next_up_bone(self):
        """The face-up bone: each modifier's card in turn (a fresh shuffle of the 25 every 25 rounds)."""
        if self.modifiers == "off":
            return None
        if not self.up_turns:
            self.up_turns = self.rng.sample(MODIFIER_IDS, len(MODIFIER_IDS))
        return CARD_OF[self.up_turns.pop()]

    def play_round(self) -> None:
        self.round_violations = set()
        self.table_rounds += 1
        self.stats.rounds += 1
        starts = [o for o in options(self.state, None) if o.action == "start"]
        if not starts or not self.apply(self.rng.choice(starts).event):
            self.violation("start refused", f"no round could start ({[o.label for o in starts]})")
            self.open_table()
            return
        rnd = self.state.hand
        scores_before = tuple(rnd.scores)
        deck = self.rng.sample(PACK, len(PACK))
        up = self.next_up_bone()
        if up is not None:
            deck.remove(up)
            deck.insert(20, up)
        self.truth = Truth({s: deck[i * 5:i * 5 + 5] for i, s in enumerate(rnd.table)}, deck[20], deck[21:])
        self.dummy_cards: set = set()
        self.robbed: list = []
        self.penny_card = None
        self.redeal_plan = self.rng.random() < REDEAL_RATE
        self.unseen_deal = self.rng.random() < UNSEEN_DEAL_RATE
        self.stats.unseen_deals += self.unseen_deal
        for _ in range(MAX_STEPS):
            if self.state.hand.phase == "over":
                break
            if not self.step():
                self.violation("stuck", f"no move was accepted (phase {self.state.hand.phase})")
                break
            if self.check:
                self.check_cards()
                self.check_privacy((self.rng.choice((None, *SEATS)),))
        else:
            self.violation("endless", f"the round did not end within {MAX_STEPS} events")
        rnd = self.state.hand
        if rnd.phase != "over":
            self.open_table()
            return
        self.stats.redeals += rnd.redeal
        self.stats.games += rnd.winner is not None
        if not rnd.redeal:
            self.stats.modifiers.update(rnd.active)
        if self.check:
            self.check_round_over(scores_before)

    # ------------------------------------------------------------------ choosing
    def step(self) -> bool:
        st = self.state
        opts = [o for o in options(st, None) if o.action in ("deal", "flip")]
        if not opts:
            opts = [o for s in SEATS for o in options(st, s) if not self.real_card_rules_out(o)]
        if not opts:
            return False
        if self.check and self.rng.random() < ALL_OPTIONS_RATE:
            self.try_every_option(opts)
        option = self.choose(opts)
        event = self.fill(option)
        if self.apply(event):
            return True
        self.violation("option refused", f"{option.label} ({event.describe()}) was offered but refused")
        return False

    def real_card_rules_out(self, o) -> bool:
        """An option with a card to name that no real card can fill within the rules, which the referee
        cannot know while the cards are unseen (and rightly refuses once named): an unseen Lucky Penny
        that may not be played under lucky_penny_follows, Fool's Gold from a hand with no card for it."""
        rnd = self.state.hand
        if "card" not in o.needs or not rnd.trick:
            return False
        trick = [c for _, c, _ in rnd.trick]
        held = tuple(self.truth.at(f"hand:{o.event.seat}"))
        if o.action == "fools_gold":
            return not legal_fools_gold(held, trick, rnd.rnd)
        if o.action != "penny" or not self.state.settings.lucky_penny_follows:
            return False
        return self.penny_card not in legal_plays(held + (self.penny_card,), trick, rnd.rnd)

    def try_every_option(self, opts) -> None:
        """Every option offered now must be accepted, not only the one drawn."""
        penny = self.penny_card
        for o in opts:
            event = self.fill(o)
            if not can(self.state, event):
                self.violation("option refused", f"{o.label} ({event.describe()}) is offered but refused")
        self.penny_card = penny          # filling a Lucky Penny option draws its card: keep the one placed

    def choose(self, opts):
        rng = self.rng
        if opts[0].action == "bid":
            rnd = self.state.hand
            take = not self.redeal_plan and (len(rnd.bids) == 3 or rng.random() < TAKE_RATE)
            return next(o for o in opts if (o.event.bid == "take") == take)
        kinds = sorted({o.action for o in opts})
        weights = [WEIGHTS.get(k, 1.0) for k in kinds]
        kind = rng.choices(kinds, weights)[0]
        return rng.choice([o for o in opts if o.action == kind])

    def fill(self, o) -> Event:
        event, truth, rng = o.event, self.truth, self.rng
        if isinstance(event, CardDealt):
            dest = f"hand:{event.seat}" if event.seat is not None else "up" if event.up else "down"
            named = dest == "up" or not self.unseen_deal or rng.random() < 0.5
            return replace(event, card=truth.queue[dest][0] if named else None)
        if isinstance(event, PennyPlaced):
            self.penny_card = rng.choice(truth.at("down"))
            return event if rng.random() < UNSEEN_PENNY_RATE else replace(event, card=self.penny_card)
        if "cards" in o.needs:
            return replace(event, cards=tuple(truth.at(f"hand:{o.seat}")))
        if "card" not in o.needs:
            return event
        if isinstance(event, BoneFlipped):
            return replace(event, card=rng.choice(truth.at("down")))
        if isinstance(event, PennyPlayed):
            return replace(event, card=self.penny_card)
        return replace(event, card=rng.choice(self.may_name(o)))

    def may_name(self, o) -> list:
        """The cards the simulator may name for an option whose hand the referee does not know all of:
        cards the seat really holds that the rules let it give (a legal play, never the taken card)."""
        rnd, event = self.state.hand, o.event
        holder = event.seat
        held = self.truth.at(f"hand:{holder}")
        if isinstance(event, CardPlayed) and rnd.trick:
            return list(legal_plays(tuple(held), [c for _, c, _ in rnd.trick], rnd.rnd))
        if isinstance(event, FoolsGoldPlayed):
            return list(legal_fools_gold(tuple(held), [c for _, c, _ in rnd.trick], rnd.rnd))
        if isinstance(event, (CardDiscarded, CardPassed)):
            keep = {rnd.taken} if holder == rnd.maker else set()
            if isinstance(event, CardPassed) and rnd.on("sweet-nothings") and not rnd.on("collect-call"):
                keep.add(rnd.revealed.get(holder))
            return [c for c in held if c not in keep] or held
        return held

    # ------------------------------------------------------------------ the truth
    def track(self, event: Event) -> None:
        """Keep the simulator's record of the cards in step with the event the referee accepted."""
        truth = getattr(self, "truth", None)
        if truth is None or isinstance(event, TableOpened) or self.state.hand.phase == "over" and \
                not isinstance(event, (CardPlayed, FoolsGoldPlayed, PennyPlayed)):
            return
        if isinstance(event, CardDealt):
            dest = f"hand:{event.seat}" if event.seat is not None else "up" if event.up else "down"
            truth.queue[dest].pop(0)
        elif isinstance(event, CardDiscarded):
            truth.move(event.card, "down" if self.state.settings.discard_to_boneyard else "discard")
        elif isinstance(event, BoneFlipped):
            truth.move(event.card, "flipped")
        elif isinstance(event, PennyPlaced):
            truth.move(self.penny_card, "penny")
        elif isinstance(event, CardPassed):
            truth.move(event.card, f"hand:{event.to_seat}")
        elif isinstance(event, CardRevealed):
            truth.public.add(event.card)
        elif isinstance(event, HandShown):
            self.dummy_cards |= set(event.cards)
        elif isinstance(event, (CardPlayed, FoolsGoldPlayed, PennyPlayed)):
            truth.move(event.card, "trick")
        elif isinstance(event, GraveRobbed):
            truth.move(event.card, f"hand:{event.seat}")
            self.robbed.append(event.card)
        rnd = self.state.hand
        if rnd.maker is not None and truth.place.get(rnd.taken) == "up":
            truth.move(rnd.taken, f"hand:{rnd.maker}")        # the taken card joins the Maker's hand


def simulate(rounds: int, seed: int | random.Random = 0, *, modifiers: str = "random", settings: str = "default",
             check: bool = True, replay_every: int = 50) -> Stats:
    """Play `rounds` random rounds and check the invariants; `seed` is an int or a `random.Random`."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    stats = Stats(seed=seed if isinstance(seed, int) else 0)
    return Simulator(rng, modifiers=modifiers, settings=settings, replay_every=replay_every, check=check,
                     stats=stats).play(rounds)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rounds", type=int, default=1000)
    p.add_argument("--modifiers", choices=("random", "off"), default="random",
                   help="random: the face-up bone goes round all 25 modifier cards; off: plain rounds "
                        "(the table setting modifiers off), the face-up bone as shuffled")
    p.add_argument("--settings", choices=("default", "random"), default="default",
                   help="random: each table draws its settings (every decision's choices)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--replay-every", type=int, default=50, help="rounds per table; its log is replayed after")
    p.add_argument("--no-check", action="store_true", help="skip the invariant checks (for timing)")


def run(args: argparse.Namespace) -> int:
    if args.rounds < 1:
        print("--rounds: at least 1", file=sys.stderr)
        return 2
    stats = simulate(args.rounds, args.seed, modifiers=args.modifiers, settings=args.settings, check=not args.no_check,
                     replay_every=args.replay_every)
    print(stats.summary())
    return 1 if stats.violations else 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m referee.games.boneyard.simulate", description=__doc__.split("\n\n")[0])
    add_arguments(p)
    return run(p.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
