"""`Game`: what every game croupier referees shares — opening the table, starting a deal,
dispatching each event to the game's handler, pending decisions (ask, answer, lapse, block),
payments, calling a deal off, and routing moments and questions to the rule objects.

A game subclasses it with its own deal type (`state.Deal`), its `handlers` (event type -> method
name), its rules, `options` (every legal action of a seat now) and `view` (what a viewer may see).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, ClassVar

from . import seating
from .announcements import Kind, Pending
from .events import Decision, Event, HandEnded, HandShown, HandStarted, Payment, TableOpened
from .ledger import pot_account, seat_account
from .money import ZERO, fmt
from .options import Option
from .rulebook import Rulebook
from .settings import SettingsError, parse_settings
from .state import Deal, State
from .work import Refusal, Work

MAIN = pot_account("main")
HOST = "host"                    # the viewer who runs the table (sees what the game lets the host see)


class Game:
    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    settings_class: ClassVar[type]
    rules: ClassVar[tuple] = ()
    min_seats: ClassVar[int] = 2
    # Event type -> the method that handles it, by name so that a subclass's (or a test's) override
    # is the one called. Decisions, payments and a deal called off are handled here for every game.
    handlers: ClassVar[dict[type, str]] = {}

    def __init__(self) -> None:
        self.rulebook = Rulebook(self.rules)
        self._handlers = {Decision: "decide", Payment: "payment", HandEnded: "end", **self.handlers}

    # ------------------------------------------------------------------ opening the table
    def max_seats(self, settings) -> int:
        return settings.max_seats

    def opened_text(self, settings) -> str:
        return ""

    def open(self, w: Work, event: TableOpened) -> None:
        if w.hand is not None and w.hand.phase != "over":
            raise Refusal(f"hand {w.hand.number} is still in progress: end it before changing the table")
        try:
            settings = parse_settings(self.settings_class, event.settings)
        except SettingsError as exc:
            raise Refusal(str(exc)) from None
        most = self.max_seats(settings)
        if not self.min_seats <= len(event.seats) <= most:
            raise Refusal(f"{self.name} needs {self.min_seats} to {most} seats, got {len(event.seats)}")
        w.state.game, w.state.settings, w.state.seats = self.id, settings, tuple(sorted(event.seats))
        w.state.hand = None
        w.say(f"Table open: {self.name}, seats {', '.join(map(str, w.state.seats))}. {self.opened_text(settings)}"
              .rstrip())

    # ------------------------------------------------------------------------- dispatch
    def apply(self, w: Work, event: Event) -> None:
        if isinstance(event, TableOpened):
            return self.open(w, event)
        if isinstance(event, HandStarted):
            return self.start_deal(w, event)
        table_handler = seating.HANDLERS.get(type(event))
        if table_handler is not None:           # money and seats: taken in every game, between deals too
            return table_handler(self, w, event)
        hand = w.hand
        if hand is None:
            raise Refusal(f"no hand in progress: start one with hand_started before {event.type}")
        if hand.phase == "over" and not self.allowed_after(event):
            raise Refusal(f"hand {hand.number} is over: start the next hand first")
        name = self._handlers.get(type(event))
        if name is None:
            raise Refusal(f"{self.name} has no use for a {event.type} event")
        getattr(self, name)(w, event)
        self.after_event(w, event)

    def allowed_after(self, event: Event) -> bool:
        """Events still taken once a deal is over: a late payment, the host closing it, a winner
        choosing to show."""
        return isinstance(event, (HandEnded, Payment, HandShown))

    def after_event(self, w: Work, event: Event) -> None:
        """After every handled event (a game keeps its flow true here)."""

    # --------------------------------------------------------------------- the deal
    def start_deal(self, w: Work, event: HandStarted) -> None:
        st = w.state
        if st.hand is not None and st.hand.phase != "over":
            raise Refusal(f"hand {st.hand.number} is still in progress: end it first")
        # The host may name the seats; else every seat at the table that does not sit out.
        seats = tuple(sorted(event.seats)) if event.seats else tuple(s for s in st.seats if s not in st.sitting_out)
        strangers = [s for s in seats if s not in st.seats]
        if strangers:
            raise Refusal(f"seat(s) {', '.join(map(str, strangers))} are not at this table")
        if len(seats) < self.min_seats:
            out = sorted(st.sitting_out & set(st.seats)) if not event.seats else []
            raise Refusal(f"a hand needs at least {self.min_seats} seats"
                          + (f" (sitting out: seat {', '.join(map(str, out))})" if out else ""))
        if event.dealer not in st.seats:
            raise Refusal(f"the dealer must sit at the table; seat {event.dealer} does not")
        if event.hand <= st.hands_played:
            raise Refusal(f"hand {event.hand} was already played: the next hand is {st.hands_played + 1}")
        at = st.seats.index(event.dealer) + 1
        around = st.seats[at:] + st.seats[:at]
        st.hands_played = event.hand
        st.hand = self.new_deal(w, event, tuple(s for s in around if s in seats))
        self.deal_started(w)

    def new_deal(self, w: Work, event: HandStarted, order: tuple[int, ...]) -> Deal:
        return Deal(number=event.hand, dealer=event.dealer, order=order)

    def deal_started(self, w: Work) -> None:
        """The new deal is in `w.hand`: antes, first announcements."""

    # --------------------------------------------------------------------- decisions
    def blocking(self, hand: Deal, what: str) -> Pending | None:
        for p in hand.pending:
            if p.blocks == what or p.blocks == "all":
                return p
        return None

    def refuse_if_blocked(self, hand: Deal, what: str) -> None:
        p = self.blocking(hand, what)
        if p is not None:
            raise Refusal(f"waiting for {p.asked}: {p.prompt}")

    def pending_for(self, hand: Deal, event: Decision) -> Pending:
        for p in hand.pending:
            if event.decision is not None and p.id != event.decision:
                continue
            if p.rule == event.rule and p.answerable_by(event.seat):
                return p
        asked = [f"{'host' if p.seat is None else 'seat ' + str(p.seat)}: {p.rule}" for p in hand.pending]
        who = "the host" if event.seat is None else f"seat {event.seat}"
        raise Refusal(f"no {event.rule} decision is waiting for {who}"
                      + (f" (waiting: {'; '.join(asked)})" if asked else ""))

    def decide(self, w: Work, event: Decision) -> None:
        pending = self.pending_for(w.hand, event)
        if event.choice not in pending.choices:
            raise Refusal(f"{event.choice!r} is not a choice here: choose {' or '.join(pending.choices)}")
        w.close(pending)
        self.on_decision(w, pending, event)
        self.after_decision(w)

    def on_decision(self, w: Work, pending: Pending, event: Decision) -> None:
        fn = self.rulebook.hook_of(pending.rule, "decide")
        if fn is None:
            raise Refusal(f"no rule answers a {pending.rule!r} decision")
        fn(self, w, pending, event)

    def after_decision(self, w: Work) -> None:
        """A blocking decision answered may let the flow go on."""

    def lapse(self, w: Work, when: str) -> None:
        """Options that were not taken in time are gone for good."""
        hand = w.hand
        gone = [p for p in hand.pending if p.lapses == when]
        for p in gone:
            w.close(p)
            w.say(f"Lapsed: {p.asked} did not take the option ({p.prompt}).", rule=p.rule,
                  seats=() if p.seat is None else (p.seat,), because=p.because)
            self.on_lapse(w, p)

    def on_lapse(self, w: Work, pending: Pending) -> None:
        fn = self.rulebook.hook_of(pending.rule, "lapse")
        if fn is not None:
            fn(self, w, pending)

    # ------------------------------------------------------------------- rules
    def fire(self, hook: str, w: Work, *args: Any) -> None:
        """Every rule's reaction to a moment, in catalogue order, until one ends the deal."""
        self.run(self.rulebook.hooks(hook), w, args)

    def run(self, fns: tuple, w: Work, args: tuple) -> None:
        hand = w.state.hand  # the same deal object for the whole event
        for fn in fns:
            fn(self, w, *args)
            if hand.phase == "over":
                return

    def active_rules(self, state: State) -> frozenset[str] | None:
        """The rules in force now (a round's modifiers); None: all of them."""
        return None

    def query(self, name: str, value: Any, state: State, *args: Any) -> Any:
        """`value` as the rules in force change it (see rulebook.Rulebook.query)."""
        return self.rulebook.query(name, value, self, state, *args, active=self.active_rules(state))

    # ------------------------------------------------------------------------- money
    def into_pot(self, w: Work, seat: int, amount: Decimal, *, rule: str, memo: str) -> None:
        """Money from a seat into the main pot during a deal."""
        w.pay(seat_account(seat), MAIN, amount, rule=rule, memo=memo)

    def payment(self, w: Work, event: Payment) -> None:
        if event.seat not in w.state.seats:
            raise Refusal(f"seat {event.seat} is not at this table")
        hand = w.hand
        if event.to == MAIN and hand is not None and hand.phase != "over":
            self.into_pot(w, event.seat, event.amount, rule=event.rule or "payment", memo=event.memo)
        else:
            if event.to.startswith("pot:") and event.to != MAIN:
                raise Refusal(f"there is no {event.to} pot now")
            w.pay(seat_account(event.seat), event.to, event.amount, rule=event.rule or "payment", memo=event.memo)
        w.say(f"Seat {event.seat} pays {fmt(event.amount)} to {event.to}"
              f"{' (' + event.memo + ')' if event.memo else ''}.", rule=event.rule, seats=(event.seat,),
              amount=event.amount)

    def end(self, w: Work, event: HandEnded) -> None:
        """Ended early by the host: a misdeal. Everyone gets back what they put in the main pot."""
        hand = w.hand
        if hand.phase == "over":
            return
        self.refuse_end(w)
        paid: dict[int, Decimal] = {}
        for t in w.state.transfers.to_tuple():
            if t.hand == hand.number and MAIN in (t.payer, t.payee):
                seat = int((t.payer if t.payee == MAIN else t.payee).split(":")[1])
                paid[seat] = paid.get(seat, ZERO) + (t.amount if t.payee == MAIN else -t.amount)
        for seat, amount in sorted(paid.items()):
            if amount > ZERO:
                w.pay(MAIN, seat_account(seat), amount, rule="misdeal", memo=event.reason or "hand ended early")
        self.called_off(w)
        hand.phase = "over"
        hand.pending = ()
        w.say(f"Hand {hand.number} called off{': ' + event.reason if event.reason else ''}. Money returned.",
              kind=Kind.HAND_OVER)
        self.deal_over(w)

    def refuse_end(self, w: Work) -> None:
        """Raise a Refusal when the deal cannot be called off now."""

    def called_off(self, w: Work) -> None:
        """The deal's own bookkeeping of money in play is cleared (it has all gone back)."""

    def deal_over(self, w: Work) -> None:
        for fn in self.rulebook.hooks("hand_over"):
            fn(self, w)

    # ---------------------------------------------------------------- queries for callers
    def options(self, state: State, seat: int | None) -> list[Option]:
        """Every legal action of `seat` (None: the host) now. The host may always start a deal
        when none is running, and call off the one that is."""
        hand = state.hand
        if seat is not None:
            return []
        if hand is None or hand.phase == "over":
            number = state.hands_played + 1
            return [Option("start", None, f"Start hand {number}", HandStarted(number, self.next_dealer(state))),
                    *seating.host_options(state)]
        return [Option("end", None, f"Call hand {hand.number} off (misdeal)", HandEnded("misdeal"))]

    def next_dealer(self, state: State) -> int:
        """The deal passes to the left, past the seats sitting out."""
        seats, hand = state.seats, state.hand
        at = seats.index(hand.dealer) + 1 if hand is not None and hand.dealer in seats else 0
        around = seats[at:] + seats[:at]
        return next((s for s in around if s not in state.sitting_out), around[0])

    def view(self, state: State, viewer: int | str | None) -> dict[str, Any]:
        """What `viewer` may see: a seat number, HOST, or None for the public. Games add their
        deal; the default shows the table and the decisions the viewer is asked."""
        hand = state.hand
        return {"game": self.id, "seats": list(state.seats), "viewer": viewer,
                "hand": None if hand is None else {"number": hand.number, "dealer": hand.dealer,
                                                   "order": list(hand.order), "phase": hand.phase},
                "pending": [p.to_json() for p in state.pending() if self.sees_pending(p, viewer)]}

    def sees_pending(self, p: Pending, viewer: int | str | None) -> bool:
        """A decision is seen by the seat it asks (or any seat of a shout) and by the host."""
        return viewer == HOST or (viewer is not None and (p.answerable_by(viewer)))
