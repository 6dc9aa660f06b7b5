"""Probes: the Boonaken simulator also tries events that are NOT offered (a bid out of turn or
below the standing bid, a card out of turn or not legal, a discard by the wrong seat, trump or
roem from the wrong seat or too late, a card dealt where none is owed, the wrong dealer...). The
referee must refuse each one; a probe is tried on the state and never kept.

Two are not refusals by design: a blank in an option is filled by whoever holds the cards (the
referee cannot refuse a card it cannot know is elsewhere), and a card against the rules from a
hand the referee knows is a revoke: refused under illegal_card "take_back", taken and announced
under "penalty" and "announce" (decision 11). Roem totals and tie cards a seat does not hold are
claims checked at the end (a false roem): taken whenever the seat may state one (`a_claim`).
"""

from __future__ import annotations

from ...cards import SUITS, deck32
from ...engine import Refusal, apply, options
from ...state import evolve
from ...events import Bid as BidEvent, CardDealt, CardDiscarded, CardPlayed, Event, HandStarted
from . import bidding, roem
from .events import RoemCardNamed, RoemChallenged, RoemDeclared, TrumpNamed
from .roem_calls import cards_owed, number_contract

PACK = deck32()


def offered(event: Event, opts) -> bool:
    for o in opts:
        if type(o.event) is not type(event):
            continue
        if o.event == event or "card" in o.needs and evolve(o.event, card=event.card) == event:
            return True
    return False


def a_claim(hand, event: Event, settings) -> bool:
    """A roem total or tie card the seat may state now, held or not: a claim the referee checks
    at the end (a false one loses), so it is taken although the options offer only what a known
    hand holds. The least roem is 20, the most `max_roem`."""
    top = roem.max_roem(True, settings)
    if hand is None or hand.phase != "play":
        return False
    if isinstance(event, RoemDeclared):
        return number_contract(hand) and hand.roem_open and event.seat == hand.declarer and not hand.declared \
            and 20 <= event.amount < hand.contract.amount and event.amount <= top
    if isinstance(event, RoemChallenged):
        return hand.roem_open and bool(hand.declared) and event.seat in hand.order and event.seat != hand.declarer \
            and all(s != event.seat for s, _ in hand.challenges) and hand.declared <= event.amount <= top \
            and not (hand.challenges and settings.challengers == "first")
    return isinstance(event, RoemCardNamed) and event.seat in cards_owed(hand)


class Probes:
    """Mixed into the simulator: `rng`, `state`, `truth`, `stats`, `violation`."""

    def probe_event(self) -> Event | None:
        rng, st = self.rng, self.state
        hand = st.hand
        if hand is None or hand.phase == "over":
            # The core takes any deal number above the last one; the options offer the next.
            return HandStarted(st.hands_played + rng.choice((0, 1, 1)), rng.choice(st.seats))
        seat = rng.choice(st.seats)
        held = self.truth.hand(seat) if seat in hand.order else []
        card = rng.choice(held) if held and rng.random() < 0.7 else rng.choice(PACK)
        kind = rng.randrange(8)
        if kind == 0:
            bid = rng.choice(self.ladder + [bidding.PASS])
            return BidEvent(seat, str(bid))       # the words a phone sends: "75", "misère", "boonaak 50"
        if kind in (1, 2):
            return CardPlayed(seat, card)
        if kind == 3:
            return CardDiscarded(seat, card)
        if kind == 4:
            return TrumpNamed(seat, rng.choice(SUITS))
        if kind == 5:
            cls = RoemDeclared if rng.random() < 0.5 else RoemChallenged
            return cls(seat, 10 * rng.randint(1, 26))
        if kind == 6:
            return RoemCardNamed(seat, card)
        up = rng.random() < 0.4
        return CardDealt(rng.choice((None, seat)), card if up or rng.random() < 0.5 else None, up,
                         deck=rng.choice(("main", "main", "aside")))

    def probe(self) -> None:
        event = self.probe_event()
        if event is None:
            return
        st = self.state
        seat = getattr(event, "seat", None)
        who = None if isinstance(event, (CardDealt, HandStarted)) else seat
        if offered(event, options(st, who)) or a_claim(st.hand, event, st.settings):
            return
        self.stats.probes += 1
        revoke = self.known_revoke(event)
        try:
            _, anns = apply(st, event)
        except Refusal:
            if revoke and st.settings.illegal_card != "take_back":
                self.violation("revoke refused", f"{event.describe()} is a revoke to announce, but was refused")
            return
        except Exception as exc:  # noqa: BLE001 -- the referee must refuse in words, never crash
            self.violation("crash", f"{event.describe()} raised {type(exc).__name__}: {exc}")
            return
        if not revoke or st.settings.illegal_card == "take_back":
            phase = st.hand.phase if st.hand else None
            self.violation("accepted though not offered", f"{event.describe()} (phase {phase})")
        elif not any(a.rule == "revoke" for a in anns):
            self.violation("revoke unannounced", f"{event.describe()} was taken without a revoke")
        else:
            self.stats.revokes_probed += 1

    def known_revoke(self, event: Event) -> bool:
        """A card against the rules from the seat to play, out of a hand the referee knows."""
        hand = self.state.hand
        if not isinstance(event, CardPlayed) or hand is None or hand.phase != "play":
            return False
        if hand.to_play() != event.seat or event.card not in hand.known_holding(event.seat):
            return False
        return not (cards_owed(hand) and hand.tricks and not hand.trick)
