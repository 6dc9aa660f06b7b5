"""How the Boonaken simulator picks its moves from `engine.options`, and fills their blanks from
the cards it knows are on the table (`invariants.Truth`).

Each deal draws a way of dealing (every card named, hands unseen, half named, or only the face-up
centre cards seen, as at a camera table) and a bidding plan, so that the rare contracts come up
often: everyone passing (a redeal), misère chains, zwabber, boonaak, boonaak with roem, open
boonaak; the rest bid numbers. A blank card is filled with a card the seat really holds: a legal
one, or now and then an illegal one (a revoke the referee may only see later).
"""

from __future__ import annotations

from dataclasses import replace

from ...events import CardDealt, CardDiscarded, CardPlayed, Event
from ...options import Option
from . import play, roem
from .bids import read_bid

DEAL_MODES = (("named", 0.45), ("unseen", 0.2), ("partial", 0.2), ("camera", 0.15))
PLANS = (("number", 0.3), ("misere", 0.2), ("zwabber", 0.1), ("boonaak", 0.1), ("boonaak_roem", 0.1),
         ("open_boonaak", 0.04), ("redeal", 0.08), ("random", 0.08))
REVOKE_RATE = 0.03          # a blank card filled with one the seat may not play
# How likely each kind of move is drawn when several seats have one (per kind, not per option).
PLAY_WEIGHTS = {"roem_card": 50.0, "show": 20.0, "trump": 0.0, "roem": 0.6, "challenge": 0.5, "play": 1.0,
                "discard": 1.0}


def weighted(rng, pairs):
    """One value of (value, weight) pairs, by weight."""
    total = sum(w for _, w in pairs)
    x = rng.random() * total
    for value, w in pairs:
        x -= w
        if x < 0:
            return value
    return pairs[-1][0]


def destination(event: CardDealt) -> str:
    """Where a dealt card goes, as `Truth` names places."""
    if event.seat is not None:
        return f"hand:{event.seat}"
    return "aside" if event.deck == "aside" else "up" if event.up else "down"


class Moves:
    """Mixed into the simulator: `rng`, `state`, `truth`, `mode`, `plan`, `name_trump`."""

    def new_deal_choices(self) -> None:
        self.mode = weighted(self.rng, DEAL_MODES)
        self.plan = weighted(self.rng, PLANS)
        self.name_trump = self.rng.random() < 0.5
        self.unseen_discard = None

    # ----------------------------------------------------------------- dealing
    def deal_options(self, host: list[Option]) -> list[Option]:
        deals = [o for o in host if o.action == "deal"]
        if self.mode == "camera":
            deals = [o for o in deals if o.event.up]
        return [o for o in deals if self.truth.queue.get(destination(o.event))]

    def fill_deal(self, o: Option) -> Event:
        dest = destination(o.event)
        card = self.truth.queue[dest][0]
        named = o.event.up or self.mode == "named" or (self.mode == "partial" and self.rng.random() < 0.5)
        return replace(o.event, card=card if named else None)

    # ----------------------------------------------------------------- bidding
    def choose_bid(self, opts: list[Option]) -> Option:
        rng, plan = self.rng, self.plan
        bids = [(read_bid(o.event.bid), o) for o in opts]
        passing = next((o for b, o in bids if b.kind == "pass"), None)
        if passing is None:                  # seven_first_misere: misère is the only bid
            return rng.choice(opts)

        def of(*kinds, roem_bid=None):
            return [o for b, o in bids if b.kind in kinds and (roem_bid is None or bool(b.amount) == roem_bid)]
        if plan == "random":
            return rng.choice(opts)
        if plan == "redeal":
            return passing
        wanted = {"misere": of("misere"), "zwabber": of("zwabber"), "boonaak": of("boonaak", roem_bid=False),
                  "boonaak_roem": of("boonaak", roem_bid=True), "open_boonaak": of("open_boonaak")}.get(plan)
        if wanted:
            chain = self.state.hand.bids and any(b.kind == "misere" for _, b in self.state.hand.bids)
            keen = (0.45 if chain else 0.7) if plan == "misere" else 0.5
            return rng.choice(wanted) if rng.random() < keen else passing if rng.random() < 0.7 else rng.choice(opts)
        if plan != "number":                 # the plan's bid is made (or cannot be): mostly let it stand
            return passing if rng.random() < 0.85 else rng.choice(opts)
        numbers = of("number")
        if not numbers or rng.random() < 0.4:
            return passing
        if not self.state.hand.bids or all(b.kind == "pass" for _, b in self.state.hand.bids):
            low = [o for o in numbers if int(o.event.bid) <= 100] or numbers
            return rng.choice(low)
        return numbers[min(len(numbers) - 1, rng.randrange(4))]

    # ------------------------------------------------------------- the exchange
    def fill_discard(self, o: Option) -> Event:
        hand, seat = self.state.hand, o.seat
        held = self.truth.hand(seat)
        unknown = [c for c in held if c not in hand.known_holding(seat)]
        if unknown and self.rng.random() < 0.5:
            self.unseen_discard = self.rng.choice(unknown)   # put down face down, unseen
            return o.event
        return replace(o.event, card=self.rng.choice(held))

    # -------------------------------------------------------------------- play
    def choose_play_move(self, opts: list[Option]) -> Option:
        weights = dict(PLAY_WEIGHTS, trump=50.0 if self.name_trump else 0.0)
        kinds = sorted({o.action for o in opts})
        pairs = [(k, weights.get(k, 1.0)) for k in kinds if weights.get(k, 1.0) > 0]
        kind = weighted(self.rng, pairs) if pairs else self.rng.choice(kinds)
        group = [o for o in opts if o.action == kind]
        if kind in ("roem", "challenge"):
            true = [o for o in group if o.event.amount in self.true_totals(o.seat)]
            if true and self.rng.random() < 0.8:
                return self.rng.choice(true)
        return self.rng.choice(group)

    def true_totals(self, seat: int) -> tuple[int, ...]:
        hand = self.state.hand
        cards = self.truth.hand(seat) + list(hand.played.get(seat, ()))
        return roem.declarable_totals(tuple(cards), hand.trump, self.state.settings)

    def legal_now(self, seat: int) -> tuple[list, list]:
        """(the cards the seat may play now, the ones it may not), from its real hand."""
        hand = self.state.hand
        held = self.truth.hand(seat)
        if not hand.trick:
            return held, []
        legal = play.legal_plays(held, [c for _, c in hand.trick], hand.trump, self.state.settings)
        return list(legal), [c for c in held if c not in legal]

    def fill_play(self, o: Option) -> Event:
        legal, illegal = self.legal_now(o.seat)
        if illegal and self.rng.random() < REVOKE_RATE:
            return replace(o.event, card=self.rng.choice(illegal))
        return replace(o.event, card=self.rng.choice(legal))

    def fill_roem_card(self, o: Option) -> Event:
        hand = self.state.hand
        seat = o.seat
        amount = hand.declared if seat == hand.declarer else dict(hand.challenges)[seat]
        cards = tuple(self.truth.hand(seat)) + tuple(hand.played.get(seat, ()))
        best = roem.highest_roem_card(cards, hand.trump, amount, self.state.settings)
        return replace(o.event, card=best if best is not None else self.rng.choice(cards))

    def fill(self, o: Option) -> Event:
        if "cards" in o.needs:        # open boonaak: the declarer lays the whole hand open
            return replace(o.event, cards=tuple(self.truth.hand(o.seat)))
        if "card" not in o.needs:
            return o.event
        if isinstance(o.event, CardDealt):
            return self.fill_deal(o)
        if isinstance(o.event, CardDiscarded):
            return self.fill_discard(o)
        if isinstance(o.event, CardPlayed):
            return self.fill_play(o)
        return self.fill_roem_card(o)
