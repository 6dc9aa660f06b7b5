"""What happens between the modifiers and the first lead: Collect Call (line 13), Sweet Nothings
(15), Therapy Club (16) and Dummy (34), then the round's modifiers announced with their text.
The lead waits for every step that must happen (`waiting`); Sweet Nothings may be skipped."""

from __future__ import annotations

from ...cards import Card
from ...work import Refusal, Work
from .modifiers import MODIFIERS_BY_ID
from .modifier_ids import NAMES
from .order import revealers
from .ranking import suit_order
from .round_state import BoneyardRound, check_pack

# The modifiers whose choices the game takes as events; every modifier of the sheet is refereed.
STEPS = ("collect-call", "therapy-club", "dummy")


def begin(game, w: Work) -> None:
    rnd: BoneyardRound = w.hand
    rnd.phase, rnd.leader = "play", rnd.maker
    lines = [f"{NAMES[m]}: {MODIFIERS_BY_ID[m].text}" for m in rnd.active]
    trump = rnd.rnd.trump
    order = " > ".join(c.pretty for c in suit_order(trump, rnd.rnd)) if trump else ""
    # Only a table playing plain rounds (decision 17) has a round with no modifier.
    said = f"Round {rnd.number} modifiers: " + " | ".join(lines) if lines else \
        f"Round {rnd.number}: no modifiers (plain round)."
    w.say(said + (f" Trump ranks {order}." if order else " No trump this round."), rule="modifier-stacking")
    if rnd.on("sweet-nothings"):
        w.say(f"Sweet Nothings: seats {rnd.maker} and {rnd.partner(rnd.maker)} may swap one card face down before "
              f"the lead, or not.", rule="sweet-nothings", seats=(rnd.maker, rnd.partner(rnd.maker)))
    _next(w, ("the round's modifiers",))


def collect_takers(rnd: BoneyardRound) -> tuple[int, ...]:
    """The seats the Maker still takes a card from (Collect Call), then those still given one."""
    got = {s for s, to, _ in rnd.passes if to == rnd.maker}
    return tuple(s for s in rnd.table if s != rnd.maker and s not in got)


def collect_receivers(rnd: BoneyardRound) -> tuple[int, ...]:
    given = {to for s, to, _ in rnd.passes if s == rnd.maker}
    return tuple(s for s in rnd.table if s != rnd.maker and s not in given)


def to_reveal(rnd: BoneyardRound) -> tuple[int, ...]:
    return tuple(rnd.seat_at(i) for i in revealers(rnd.index(rnd.maker), rnd.rnd) if rnd.seat_at(i) not in rnd.revealed)


def sweet_passes(rnd: BoneyardRound) -> tuple[tuple[int, int, Card | None], ...]:
    pair = {rnd.maker, rnd.partner(rnd.maker)}
    collect = 6 if rnd.on("collect-call") else 0
    return tuple(p for p in rnd.passes[collect:] if {p[0], p[1]} == pair)


def waiting(rnd: BoneyardRound) -> tuple[str, ...]:
    """What must still happen before the first lead, in words (empty: the Maker may lead)."""
    if rnd.tricks or rnd.trick:
        return ()
    out = []
    if rnd.on("collect-call") and (collect_takers(rnd) or collect_receivers(rnd)):
        out.append("Collect Call: the Maker takes one card from each player, then gives one to each")
    if rnd.on("sweet-nothings") and len(sweet_passes(rnd)) == 1:
        out.append("Sweet Nothings: the second card of the swap")
    if rnd.on("therapy-club") and to_reveal(rnd):
        seats = to_reveal(rnd)
        who = f"seat {seats[0]} reveals" if len(seats) == 1 else \
            f"seats {', '.join(map(str, seats[:-1]))} and {seats[-1]} each reveal"
        out.append(f"Therapy Club: {who} a card face up")
    if rnd.on("dummy") and not rnd.shown:
        out.append(f"Dummy: seat {rnd.partner(rnd.maker)} lays the hand face up")
    return tuple(out)


def _next(w: Work, before: tuple[str, ...]) -> None:
    """Say what the lead waits for now, when that changed (`before`: what it waited for)."""
    rnd: BoneyardRound = w.hand
    still = waiting(rnd)
    if still == before:
        return
    if still:
        w.say("Before the lead: " + "; ".join(still) + ".", rule=_rule_of(still[0]))
    else:
        w.say(f"Seat {rnd.maker} leads.", rule="trick", seats=(rnd.maker,))


def _rule_of(words: str) -> str:
    return {"Collect Call": "collect-call", "Sweet Nothings": "sweet-nothings", "Therapy Club": "therapy-club",
            "Dummy": "dummy"}[words.split(":")[0]]


def _check_held(rnd: BoneyardRound, seat: int, card: Card) -> None:
    """A named card from a seat: in its known hand, or one the referee has placed nowhere."""
    check_pack(card)
    if card in rnd.known_holding(seat):
        return
    where = rnd.where(card)
    if where is not None:
        raise Refusal(f"{card.pretty} cannot be seat {seat}'s: it is {where}")
    if rnd.fully_known(seat):
        raise Refusal(f"seat {seat}'s hand is known and {card.pretty} is not in it")
    rnd.name(seat, card)


def _before_lead(rnd: BoneyardRound, what: str) -> None:
    if rnd.phase != "play" or rnd.tricks or rnd.trick:
        raise Refusal(f"{what} happens before the first lead")


def on_card_passed(w: Work, event) -> None:
    rnd: BoneyardRound = w.hand
    before = waiting(rnd)
    _before_lead(rnd, "handing cards over (Collect Call, Sweet Nothings)")
    giver, taker, card = event.seat, event.to_seat, event.card
    maker, partner = rnd.maker, rnd.partner(rnd.maker)
    if rnd.on("collect-call") and (collect_takers(rnd) or collect_receivers(rnd)):
        rule = "collect-call"
        if collect_takers(rnd):
            if taker != maker or giver not in collect_takers(rnd):
                raise Refusal(f"Collect Call: the Maker (seat {maker}) first takes one card from each of "
                              f"{', '.join(f'seat {s}' for s in collect_takers(rnd))}")
        elif giver != maker or taker not in collect_receivers(rnd):
            raise Refusal(f"Collect Call: the Maker (seat {maker}) now gives one card to each of "
                          f"{', '.join(f'seat {s}' for s in collect_receivers(rnd))}")
    elif rnd.on("sweet-nothings") and len(sweet_passes(rnd)) < 2:
        rule = "sweet-nothings"
        done = sweet_passes(rnd)
        if {giver, taker} != {maker, partner} or (done and done[0][0] == giver):
            need = f"seat {done[0][1]} to seat {done[0][0]}" if done else f"seat {maker} and seat {partner}"
            raise Refusal(f"Sweet Nothings: one card each way between {need}")
    else:
        raise Refusal("no card is handed over this round (only Collect Call and Sweet Nothings move cards)")
    if card is not None:
        _check_held(rnd, giver, card)
    elif rnd.fully_known(giver):
        raise Refusal(f"seat {giver}'s hand is known: say which card is handed over")
    if card is not None and (card == rnd.taken and giver == maker or card == rnd.revealed.get(giver)):
        raise Refusal(f"{card.pretty} lies face up on the table and stays with seat {giver}")
    rnd.give_up(giver, card)
    rnd.receive(taker, card)
    rnd.passes += ((giver, taker, card),)
    w.say(f"{NAMES[rule]}: seat {giver} hands a card face down to seat {taker}.", rule=rule, seats=(giver, taker))
    _next(w, before)


def on_card_revealed(w: Work, event) -> None:
    rnd: BoneyardRound = w.hand
    before = waiting(rnd)
    _before_lead(rnd, "Therapy Club's reveal")
    if not rnd.on("therapy-club"):
        raise Refusal("Therapy Club is not in play this round")
    if rnd.on("collect-call") and (collect_takers(rnd) or collect_receivers(rnd)):
        raise Refusal("Collect Call first: the cards change hands before anyone reveals one")
    if event.seat not in to_reveal(rnd):
        still = ", ".join(f"seat {s}" for s in to_reveal(rnd))
        raise Refusal(f"seat {event.seat} does not reveal a card now" + (f" (still to reveal: {still})" if still else ""))
    _check_held(rnd, event.seat, event.card)
    rnd.revealed[event.seat] = event.card
    w.say(f"Therapy Club: seat {event.seat} reveals {event.card.pretty} face up.", rule="therapy-club",
          seats=(event.seat,))
    _next(w, before)


def on_hand_shown(w: Work, event) -> None:
    rnd: BoneyardRound = w.hand
    before = waiting(rnd)
    dummy = rnd.partner(rnd.maker) if rnd.maker is not None else None
    if not rnd.on("dummy") or event.seat != dummy or rnd.shown:
        raise Refusal("only the Maker's partner lays a hand face up, once, under Dummy")
    _before_lead(rnd, "Dummy's hand laid face up")
    if rnd.on("collect-call") and (collect_takers(rnd) or collect_receivers(rnd)):
        raise Refusal("Collect Call first: the cards change hands before the dummy's hand goes face up")
    held = set(event.cards)
    if len(held) != len(event.cards) or len(held) != rnd.holding(event.seat):
        raise Refusal(f"lay down all {rnd.holding(event.seat)} cards of the hand, each once")
    for card in held - rnd.known_holding(event.seat):
        check_pack(card)
        if rnd.where(card) is not None:
            raise Refusal(f"{card.pretty} cannot be seat {event.seat}'s: it is {rnd.where(card)}")
    if not rnd.known_holding(event.seat) <= held:
        raise Refusal(f"seat {event.seat}'s hand holds other cards than those")
    rnd.name(event.seat, *held)
    rnd.shown = True
    w.say(f"Dummy: seat {event.seat} lays the hand face up: {' '.join(c.pretty for c in sorted(held, reverse=True))}. "
          f"Seat {rnd.maker} plays it.", rule="dummy", seats=(event.seat, rnd.maker))
    _next(w, before)
