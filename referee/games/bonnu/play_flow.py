"""Turns: the card laid by the seat on turn, and drawing from the draw pile.

The seat on turn lays a card matching the last one by colour or number (the round's first card:
any card); one that matches neither is a penalty (taken back with take_back, and the turn stays).
A card laid in turn closes the window for claims on the card before it (kept as `Late`, for a
claim stamped before it that arrives after it). A seat with no match draws one; the draw ends the
turn (play_drawn off; on, a drawn card that matches, or one not named, may be laid at once, or kept
with `draw_kept`). A `card_drawn` by a seat that owes penalty cards pays one of them first.
An empty draw pile is made again from the pile under its top card (empty_pile "reshuffle").
"""

from __future__ import annotations

from ...work import Refusal, Work
from . import shouts
from .deck import matches
from .turns import blocked_winner, closes_window, draw_refusal, may_play_drawn, refill, round_blocked
from .events import CardDrawn, CardLaid, DrawKept
from .round_state import BonnuRound, Late, Window, check_card, stamp


def playing(game, rnd: BonnuRound) -> None:
    """Refuse play outside a round's play, or while the host settles a claim."""
    if rnd.phase != "play":
        raise Refusal({"opening": "the opening draw comes first: who leads is not known yet",
                       "dealing": "the deal is not finished", "showing": "the round is over: the hands are "
                       "being laid face up for the scores"}.get(rnd.phase, "the round is over"))
    game.refuse_if_blocked(rnd, "play")


def on_card_laid(game, w: Work, event: CardLaid) -> None:
    rnd: BonnuRound = w.hand
    playing(game, rnd)
    card = check_card(event.card)
    t = stamp(event.at_ms, event.latency_ms)
    shouts.settle(game, w, t, card_laid=True)
    if rnd.phase != "play":
        return
    waiting = next((d for d in rnd.dues if d.word == "bonnu"), None)
    if waiting is not None:
        raise Refusal(f"seat {waiting.seat} has laid the last card: the round waits for Bonnu! (or for the "
                      f"grace to pass)")
    if event.seat != rnd.to_play:
        raise Refusal(f"seat {rnd.to_play} is on turn, not seat {event.seat} (out of turn: a Cut lays two "
                      f"or more of the number just played)")
    if rnd.holding(event.seat) == 0:
        raise Refusal(f"seat {event.seat} has no card to lay")
    drawn = rnd.drew[1] if rnd.drew is not None and rnd.drew[0] == event.seat else None
    if drawn is not None and card != drawn:
        raise Refusal(f"seat {event.seat} has just drawn {drawn.code}: lay that card or keep it (draw_kept)")
    top = rnd.top
    if not matches(card, top):
        return _wrong_card(w, rnd, event.seat, card, t)
    rnd.late = None if rnd.window is None else Late(event.seat, card, t, w.seq, rnd.window)
    lay(w, rnd, event.seat, (card,), t, "lead" if top is None else "play")
    rnd.to_play = rnd.after(event.seat)
    w.say(f"Seat {event.seat} lays {card.code}" + (" (the first card: any card leads)" if top is None else "")
          + f"; seat {rnd.to_play} to play.", rule="first-lead" if top is None else "match",
          seats=(event.seat,))
    shouts.owe(game, w, event.seat, t)


def lay(w: Work, rnd: BonnuRound, seat: int, cards: tuple, t: int | None, how: str, **window) -> None:
    """Cards from `seat`'s hand onto the pile, the last on top; they open the next window (and end
    a drawn card's chance to be laid)."""
    rnd.give_up(seat, cards)
    rnd.drew, rnd.passed = None, ()
    rnd.pile += tuple(cards)
    rnd.window = Window(tuple(cards), seat, t, w.seq, how, **window)


def _wrong_card(w: Work, rnd: BonnuRound, seat: int, card, t) -> None:
    why = f"seat {seat} laid {card.code}, which matches neither the colour nor the number of {rnd.top.code}"
    if w.state.settings.take_back:
        shouts.penalize(w, seat, "wrong-card", why + "; it goes back to the hand and the turn stays")
        return
    lay(w, rnd, seat, (card,), t, "play")
    rnd.to_play = rnd.after(seat)
    shouts.penalize(w, seat, "wrong-card", why + f"; it stays on the pile; seat {rnd.to_play} to play")


def on_card_drawn(game, w: Work, event: CardDrawn) -> None:
    rnd: BonnuRound = w.hand
    playing(game, rnd)
    seat = event.seat
    card = None if event.card is None else check_card(event.card)
    t = stamp(event.at_ms, event.latency_ms)
    shouts.settle(game, w, t)
    if rnd.phase != "play":
        return
    owed = rnd.owed.get(seat, 0)
    if not owed and seat != rnd.to_play:
        raise Refusal(f"seat {seat} has nothing to draw: seat {rnd.to_play} is on turn and no penalty card is owed")
    if not owed and rnd.drew is not None and rnd.drew[0] == seat:
        raise Refusal(f"seat {seat} has drawn already: lay the drawn card if it matches, or keep it (draw_kept)")
    refusal = None if owed else draw_refusal(rnd.known_hand(seat), rnd.top, w.state.settings)
    if refusal is not None:
        raise Refusal(f"seat {seat} may not draw: {refusal}")
    if not _refill(w, rnd):
        if owed:
            rnd.owed[seat] = owed - 1
            w.say(f"No card is left to draw: seat {seat}'s penalty card is let go.", rule="empty-pile", seats=(seat,))
        else:
            _pass(game, w, rnd, seat)
        return
    rnd.stock -= 1
    rnd.receive(seat, card)
    if owed:
        pid = rnd.paying(seat)
        rnd.owed[seat] = owed - 1
        w.say(f"Seat {seat} draws a penalty card ({rnd.holding(seat)} in hand).", rule=pid, seats=(seat,))
        return
    settings = w.state.settings
    if closes_window("draw", settings) and rnd.window is not None:     # a claim stamped before it still counts
        rnd.late, rnd.window = Late(seat, None, t, w.seq, rnd.window), None
    drew = f"Seat {seat} cannot play and draws ({rnd.holding(seat)} in hand)"
    if settings.play_drawn and (card is None or may_play_drawn(card, rnd.top, settings)):
        rnd.drew = (seat, card)
        w.say(f"{drew}; it may lay the drawn card, {'if it matches' if card is None else card.code}, or keep it.",
              rule="draw", seats=(seat,))
        return
    rnd.to_play = rnd.after(seat)
    w.say(f"{drew}; seat {rnd.to_play} to play.", rule="draw", seats=(seat,))


def on_draw_kept(game, w: Work, event: DrawKept) -> None:
    """play_drawn: the seat that just drew keeps the card; the turn passes."""
    rnd: BonnuRound = w.hand
    playing(game, rnd)
    if rnd.drew is None or rnd.drew[0] != event.seat:
        raise Refusal(f"seat {event.seat} has not just drawn: a drawn card is kept right after the draw "
                      f"(play_drawn)")
    shouts.settle(game, w, stamp(event.at_ms, event.latency_ms))
    if rnd.phase != "play":
        return
    rnd.drew, rnd.to_play = None, rnd.after(event.seat)
    w.say(f"Seat {event.seat} keeps the drawn card; seat {rnd.to_play} to play.", rule="draw", seats=(event.seat,))


def _refill(w: Work, rnd: BonnuRound, *, blocked: bool = False) -> bool:
    """A card to draw, the draw pile made again (turns.refill) if need be."""
    if rnd.stock:
        return True
    made = refill(rnd.pile, w.state.settings, blocked=blocked)
    if made is None:
        return False
    shuffled, rnd.pile = made
    rnd.stock = len(shuffled)
    why = "Every player has passed" if blocked else "The draw pile is empty"
    w.say(f"{why}: the pile under the top card ({rnd.top.code}) is shuffled into a new "
          f"draw pile of {rnd.stock}.", rule="empty-pile")
    return True


def _pass(game, w: Work, rnd: BonnuRound, seat: int) -> None:
    """Nothing to draw: the seat passes. Once every seat with cards has passed in a row the round is
    blocked (decision 9, blocked_round): the draw pile is made again, or the fewest cards win."""
    rnd.passed += (seat,)
    rnd.to_play = rnd.after(seat)
    if not round_blocked(rnd.passed, rnd.holding, rnd.table):
        w.say(f"No card is left to draw: seat {seat} passes; seat {rnd.to_play} to play.", rule="empty-pile",
              seats=(seat,))
        return
    if _refill(w, rnd, blocked=True):
        rnd.passed = ()
        return
    winner = blocked_winner(rnd.to_play, rnd.holding, rnd.table)
    w.say(f"No card is left to draw: seat {seat} passes, and every player has passed in a row: the round is "
          f"blocked. Seat {winner} holds the fewest cards ({rnd.holding(winner)}).", rule="empty-pile",
          seats=(winner,))
    game.win(w, winner, "the fewest cards when the round was blocked")
