"""The start of a Bonnu round: who leads (the opening draw, or the last round's result), then 7
cards dealt face down to each seat; no card is turned up, so the first player leads any card.

The opening draw is `card_dealt` with deck "opening", face up: each seat still drawing draws one;
the highest number leads (-1 lowest, 21 highest). Equal highest: `opening_tie` (draw again, or the
first of them clockwise from the dealer's left). The drawn cards go back before the shuffle.
"""

from __future__ import annotations

from ...events import CardDealt, HandStarted
from ...work import Refusal, Work
from .deck import DECK_SIZE, HAND_SIZE, opening_leaders
from .round_state import NO_HAND, BonnuRound, check_card
from .turns import first_leader, next_leader


def new_round(w: Work, event: HandStarted, order: tuple[int, ...]) -> BonnuRound:
    st = w.state
    prev: BonnuRound | None = st.hand
    new_game = prev is None or bool(prev.master)
    if new_game:
        for seat in st.seats:
            st.scores[f"seat:{seat}"] = 0
    rnd = BonnuRound(number=event.hand, dealer=event.dealer, order=order, table=tuple(st.seats),
                     game_no=1 if prev is None else prev.game_no + (1 if new_game else 0),
                     hands={s: NO_HAND for s in st.seats})
    first = None if new_game or prev.winner is None or prev.first is None else \
        next_leader(prev.winner, prev.first, prev.table, st.settings)
    if first is None:
        rnd.phase, rnd.drawing = "opening", order
    else:
        rnd.phase, rnd.first = "dealing", first
    return rnd


def announce_round(w: Work) -> None:
    rnd: BonnuRound = w.hand
    start = (f"seat {rnd.first} leads ({_why_first(w)})" if rnd.first is not None
             else "each player draws a card: the highest number leads")
    w.say(f"Round {rnd.number} (game {rnd.game_no}): {start}; then {HAND_SIZE} cards each, no card turned up.",
          rule="deal", seats=rnd.table)


def _why_first(w: Work) -> str:
    return {"winner": "the winner of the last round leads", "next": "the next player leads"}[
        w.state.settings.later_rounds]


def on_card_dealt(w: Work, event: CardDealt) -> None:
    rnd: BonnuRound = w.hand
    if event.deck == "opening":
        return _opening_card(w, rnd, event)
    if event.deck != "main" or event.up:
        raise Refusal("a Bonnu hand is dealt face down from the main deck (the opening draw: deck \"opening\", face up)")
    if rnd.phase != "dealing":
        raise Refusal("the cards are dealt after the opening draw, before the first lead" if rnd.phase == "opening"
                      else "the deal is over: draw from the draw pile with card_drawn")
    if event.seat not in rnd.table:
        raise Refusal(f"seat {event.seat} is not at this table")
    if rnd.holding(event.seat) >= HAND_SIZE:
        raise Refusal(f"seat {event.seat} already has {HAND_SIZE} cards")
    rnd.receive(event.seat, None if event.card is None else check_card(event.card))
    rnd.dealt += 1
    if rnd.dealt == HAND_SIZE * len(rnd.table):
        rnd.stock = DECK_SIZE - rnd.dealt
        rnd.phase, rnd.to_play = "play", rnd.first
        w.say(f"Dealt: {HAND_SIZE} cards each, {rnd.stock} in the draw pile. Seat {rnd.first} leads any card.",
              rule="first-lead", seats=(rnd.first,))


def _opening_card(w: Work, rnd: BonnuRound, event: CardDealt) -> None:
    if rnd.phase != "opening":
        raise Refusal("there is no opening draw now: the leader is known")
    if event.seat not in rnd.drawing or event.seat in rnd.drawn:
        raise Refusal(f"seat {event.seat} does not draw now (drawing: seats "
                      f"{', '.join(str(s) for s in rnd.drawing if s not in rnd.drawn)})")
    if event.card is None:
        raise Refusal("the opening draw is face up: name the card drawn")
    rnd.drawn[event.seat] = check_card(event.card)
    if len(rnd.drawn) < len(rnd.drawing):
        return
    # turns.first_leader numbers the seats 0.. clockwise from the dealer's left (the "host's seat").
    order = rnd.order
    chosen = first_leader({order.index(s): c for s, c in rnd.drawn.items()}, w.state.settings)
    leaders = tuple(order[i] for i in chosen)
    drew = ", ".join(f"seat {s} {c.code}" for s, c in sorted(rnd.drawn.items()))
    if len(leaders) > 1:
        rnd.drawing, rnd.drawn = leaders, {}
        w.say(f"Opening draw: {drew}. Seats {', '.join(map(str, leaders))} tie for highest and draw again.",
              rule="opening-draw", seats=leaders)
        return
    first = leaders[0]
    tie = " (a tie: the first of them clockwise)" if len(opening_leaders(rnd.drawn)) > 1 else ""
    rnd.first, rnd.drawing, rnd.drawn, rnd.phase = first, (), {}, "dealing"
    w.say(f"Opening draw: {drew}. Seat {first} drew highest and leads{tie}; the cards go back, shuffle and deal "
          f"{HAND_SIZE} each.", rule="opening-draw", seats=(first,))
