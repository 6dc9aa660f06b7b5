"""Reach! and Bonnu!, and the penalties.

A hand going down to one card owes "Reach!", to none "Bonnu!" (`owe`): the referee knows it from
the card counts alone, without seeing the hand. A shout counts from `shout_grace_ms` before the card
to as long after (claims.shout_ruling); one heard a little early is kept (`heard`) and settles the
shout when it falls due. The referee has no clock, so a shout is missed when an event stamped past
the grace arrives (`settle`: any card, claim, shout or the table's `time_noted`); an unstamped shout
owed is missed at the next card laid. Every penalty is one card to draw (`penalize`): the seat owes
it, and its next `card_drawn` pays it.
"""

from __future__ import annotations

from ...work import Refusal, Work
from .claims import CardTime, Claim, shout_overdue, shout_ruling
from .events import ShoutHeard
from .round_state import BonnuRound, Due, seconds, stamp
from .scoring import penalty

WORDS = {"reach": "Reach!", "bonnu": "Bonnu!"}
SHOUT_RULES = {"reach": "reach", "bonnu": "round-won"}     # the rule each shout is owed under


def card_time(seat: int, ms: int | None) -> CardTime:
    return CardTime(seat, (ms or 0) / 1000)


def penalize(w: Work, seat: int, pid: str, why: str) -> None:
    """The seat draws one card for `pid` (if this table plays that penalty)."""
    rnd: BonnuRound = w.hand
    p = penalty(pid, w.state.settings)
    if p is None:
        w.say(f"{why}; no penalty at this table.", rule=pid, seats=(seat,))
        return
    rnd.owed[seat] = rnd.owed.get(seat, 0) + p.draws
    rnd.penalties += ((seat, pid),)
    w.say(f"Penalty: {why}: seat {seat} draws one card.", rule=pid, seats=(seat,))


def owe(game, w: Work, seat: int, since_ms: int | None) -> None:
    """After cards leave `seat`: one left owes Reach!, none owes Bonnu! (unless already shouted)."""
    rnd: BonnuRound = w.hand
    left = rnd.holding(seat)
    if left > 1:
        return
    word = "reach" if left == 1 else "bonnu"
    rnd.dues = tuple(d for d in rnd.dues if d.seat != seat) + (Due(seat, word, since_ms, w.seq),)
    early = [Claim(s, k, (t or 0) / 1000) for s, k, t in rnd.heard if s == seat and k == word]
    if since_ms is not None and early:
        ruling = shout_ruling(word, card_time(seat, since_ms), early, w.state.settings)
        if ruling.verdict == "in_time":
            _shouted(game, w, rnd.owes(seat, word), ruling.text)


def settle(game, w: Work, now_ms: int | None, *, card_laid: bool = False) -> None:
    """Every shout owed whose time has passed by `now_ms` (or, unstamped, by a card laid) is missed."""
    rnd: BonnuRound = w.hand
    if rnd is None or rnd.phase != "play":
        return
    settings = w.state.settings
    for due in rnd.dues:
        if due.since_ms is None:
            over = card_laid
        else:
            over = now_ms is not None and shout_overdue(card_time(due.seat, due.since_ms), now_ms / 1000, settings)
        if over and rnd.phase == "play":
            _missed(game, w, due)


def _missed(game, w: Work, due: Due) -> None:
    rnd: BonnuRound = w.hand
    rnd.dues = tuple(d for d in rnd.dues if d != due)
    when = "" if due.since_ms is None else f" (card at {seconds(due.since_ms)}, grace " \
                                           f"{seconds(w.state.settings.shout_grace_ms)})"
    if due.word == "reach":
        penalize(w, due.seat, "missed-reach", f"seat {due.seat} went down to one card without shouting Reach!{when}")
        return
    if w.state.settings.missed_bonnu == "wins":
        w.say(f"Seat {due.seat} laid the last card without shouting Bonnu!{when}; the round is still won "
              f"(missed_bonnu: wins).", rule="missed-bonnu", seats=(due.seat,))
        return game.win(w, due.seat, "laid the last card")
    penalize(w, due.seat, "missed-bonnu", f"seat {due.seat} laid the last card without shouting Bonnu!{when}; "
                                          f"the round goes on")


def _shouted(game, w: Work, due: Due, text: str) -> None:
    rnd: BonnuRound = w.hand
    rnd.dues = tuple(d for d in rnd.dues if d != due)
    rnd.rulings += (text,)
    w.say(f"{text}.", rule=SHOUT_RULES[due.word], seats=(due.seat,))
    if due.word == "bonnu":
        game.win(w, due.seat, "laid the last card and shouted Bonnu!")


def on_shout(game, w: Work, event: ShoutHeard) -> None:
    rnd: BonnuRound = w.hand
    if event.word not in WORDS:
        raise Refusal(f"{event.word!r} is not a Bonnu shout: shout reach or bonnu (a Cut or an out-of-turn "
                      f"Bonnu lays its cards: cut_laid, bonnu_claimed)")
    if rnd.phase != "play":
        raise Refusal("no round is being played: shouts come during play")
    if event.seat not in rnd.table:
        raise Refusal(f"seat {event.seat} is not at this table")
    t = stamp(event.at_ms, event.latency_ms)
    double = w.state.settings.double_tap_ms
    again = [h for h in rnd.heard if h[0] == event.seat and h[1] == event.word
             and (t is None or h[2] is None or 0 <= t - h[2] <= double)]
    rnd.heard += ((event.seat, event.word, t),)
    if again:
        w.say(f"{WORDS[event.word]} from seat {event.seat} again at {seconds(t)}: a double tap, one shout "
              f"(the first at {seconds(again[0][2])}).", rule="claim-timing", seats=(event.seat,))
        return
    settle(game, w, t)
    due = rnd.owes(event.seat, event.word)
    if due is None or rnd.phase != "play":
        return
    if due.since_ms is None or t is None:
        return _shouted(game, w, due, f"{WORDS[event.word][:-1]} by seat {event.seat}: in time")
    ruling = shout_ruling(event.word, card_time(event.seat, due.since_ms),
                          [Claim(event.seat, event.word, t / 1000)], w.state.settings)
    if ruling.verdict == "in_time":
        _shouted(game, w, due, ruling.text)
