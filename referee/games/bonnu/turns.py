"""Whose turn it is and what a turn may be, where the sheet leaves it open (decisions 1, 4, 5, 9):
who plays after a Cut and which cut card is on top, what closes the window for claims, when a
player may draw and play the drawn card, who leads, and what an empty draw pile does. A table is
given as its seats clockwise, or as a count `n` for seats 0..n-1 clockwise. Pure: the shuffle of a
refilled draw pile is the caller's."""

from __future__ import annotations

from typing import Callable, Sequence, Union

from .deck import BonnuCard, matches, opening_leaders, playable
from .settings import DEFAULT, BonnuSettings


Table = Union[int, Sequence[int]]          # the seats clockwise, or a count n: seats 0..n-1


def _seats(players: Table) -> Sequence[int]:
    return range(players) if isinstance(players, int) else players


def next_seat(seat: int, players: Table, holding: Callable[[int], int] | None = None) -> int:
    """The seat after `seat`, clockwise. With `holding` (a seat's card count), the next seat that
    holds a card: a hand emptied by a card that stays on the pile as a penalty, with no penalty card
    left to draw, has no turn. Nobody else holding a card: the seat after `seat`."""
    seats = _seats(players)
    at, n = seats.index(seat), len(seats)
    first = seats[(at + 1) % n]
    if holding is None or holding(first):
        return first
    return next((seats[(at + k) % n] for k in range(2, n) if holding(seats[(at + k) % n])), first)


def turn_after_cut(cutter: int, on_turn: int | None, players: Table, settings: BonnuSettings = DEFAULT,
                   holding: Callable[[int], int] | None = None) -> int:
    """Decision 1: who is on turn once a Cut stands: the seat after the cutter (next_after_cut
    "after_cutter", as after an UNO jump-in) or the seat that was on turn ("on_turn"). A Cut by the
    seat on turn (cut_on_turn) is that seat's turn: the seat after it plays either way."""
    if settings.next_after_cut == "after_cutter" or on_turn is None or on_turn == cutter:
        return next_seat(cutter, players, holding)
    return on_turn


def top_after_cut(cut_cards: Sequence[BonnuCard]) -> BonnuCard:
    """Decision 1: the cutter lays the cut cards one after the other, so the last laid is on top and
    its colour is the one to match (the number is the same for all)."""
    if not cut_cards:
        raise ValueError("a Cut lays two or more cards; none were given")
    return cut_cards[-1]


def closes_window(event: str, settings: BonnuSettings = DEFAULT) -> bool:
    """Decision 4: does this move by the player on turn end the window for a Cut or an out-of-turn
    Bonnu on the card on top? "play" (a card laid) always does; "draw" only with
    window_closes_on_draw. A Cut opens a window of its own on the cut card."""
    if event not in ("play", "draw"):
        raise ValueError(f"only a play or a draw by the player on turn can close the window, not {event!r}")
    return event == "play" or settings.window_closes_on_draw


def draw_refusal(hand: Sequence[BonnuCard] | None, top: BonnuCard | None,
                 settings: BonnuSettings = DEFAULT) -> str | None:
    """Decision 5: why the player on turn may not draw, or None. The sheet gives the draw to a player
    with no matching card; draw_when_able lets any player draw. A hidden hand (None) is not judged,
    and the first lead of a round can always be played, so it cannot be a draw."""
    if top is None:
        return "the first card of a round is free: lead any card"
    if settings.draw_when_able or hand is None:
        return None
    can = playable(hand, top)
    if can:
        return f"{len(can)} card{'s' if len(can) > 1 else ''} in hand match the {top.colour} {top.value}: play one"
    return None


def may_play_drawn(drawn: BonnuCard, top: BonnuCard | None, settings: BonnuSettings = DEFAULT) -> bool:
    """Decision 5: may the card just drawn be laid at once? Only with play_drawn, and only if it
    matches; otherwise the draw ends the turn."""
    return settings.play_drawn and matches(drawn, top)


def first_leader(draws: dict[int, BonnuCard], settings: BonnuSettings = DEFAULT,
                 host_seat: int = 0) -> tuple[int, ...]:
    """Decision 9: who plays first after an opening draw (seat -> card). One seat: that seat. With
    opening_tie "redraw" a tie gives the tied seats, who draw again; with "first_clockwise" the tied
    seat first clockwise from the host's seat plays first."""
    leaders = opening_leaders(draws)
    if len(leaders) == 1 or settings.opening_tie == "redraw":
        return leaders
    players = max(max(draws), host_seat) + 1
    return (min(leaders, key=lambda s: (s - host_seat) % players),)


def next_leader(last_winner: int, last_leader: int, players: Table,
                settings: BonnuSettings = DEFAULT) -> int | None:
    """Decision 9: who leads the next round: the last winner ("winner"), the seat after the last
    leader ("next"), or None for a new opening draw ("draw")."""
    if settings.later_rounds == "winner":
        return last_winner
    if settings.later_rounds == "next":
        return next_seat(last_leader, players)
    return None


def round_blocked(passed: Sequence[int], holding: Callable[[int], int], players: Table) -> bool:
    """Decision 9: is the round blocked? Every seat holding a card has passed (`passed`: the seats
    that passed, having nothing to draw, since the last card laid): nobody can play or draw again."""
    return all(s in passed for s in _seats(players) if holding(s))


def blocked_winner(on_turn: int, holding: Callable[[int], int], players: Table) -> int:
    """Decision 9, blocked_round "fewest_cards": the seat with the fewest cards wins the blocked
    round; a tie goes to the first of them clockwise from the seat on turn."""
    seats = _seats(players)
    at = seats.index(on_turn)
    return min((seats[(at + k) % len(seats)] for k in range(len(seats))), key=holding)


def refill(play_pile: Sequence[BonnuCard], settings: BonnuSettings = DEFAULT, *, blocked: bool = False
           ) -> tuple[tuple[BonnuCard, ...], tuple[BonnuCard, ...]] | None:
    """Decision 9: the draw pile is empty. With empty_pile "reshuffle" (or, once the round is
    `blocked`, blocked_round "reshuffle"): (the cards to shuffle into a new draw pile, the play pile
    left: its top card), the play pile given bottom first. None when the player passes instead
    ("pass", or nothing under the top card to reshuffle)."""
    again = settings.empty_pile == "reshuffle" or (blocked and settings.blocked_round == "reshuffle")
    if not again or len(play_pile) < 2:
        return None
    return tuple(play_pile[:-1]), (play_pile[-1],)
