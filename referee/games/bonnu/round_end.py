"""The end of a round and of the game. Simple game: the winner's rounds won go up by one. Bonnu 100:
every other seat lays its hand face up (`hand_shown`: the referee checks the count it kept), the
cards left are scored at face value (the winner 0; a -1 lowers a total), and once a total reaches
the target the lowest total is Bonnu Master (scoring.game_end; decision 10 for ties).
Scores are the table's, carried round to round: "seat:N" is rounds won, or the Bonnu 100 total.
"""

from __future__ import annotations

from ...announcements import Kind
from ...events import HandShown
from ...work import Refusal, Work
from .deck import hand_total
from .round_state import BonnuRound, check_card
from .scoring import add_round, game_end, round_scores


GAME_RULES = {"simple": "simple-game", "bonnu100": "bonnu-100"}     # the rule each scoring mode wins by


def _key(seat: int) -> str:
    return f"seat:{seat}"


def win(game, w: Work, seat: int, how: str) -> None:
    rnd: BonnuRound = w.hand
    rnd.winner, rnd.to_play, rnd.window, rnd.late, rnd.dues = seat, None, None, None, ()
    settings = w.state.settings
    if settings.scoring == "simple":
        w.state.scores[_key(seat)] = w.state.scores.get(_key(seat), 0) + 1
        w.say(f"Round {rnd.number}: seat {seat} wins ({how}). Rounds won: {_score_words(w)}.", rule="round-won",
              kind=Kind.HAND_OVER, seats=(seat,))
        return _game_over(game, w)
    rnd.phase = "showing"
    rnd.shown = {seat: ()}
    w.say(f"Round {rnd.number}: seat {seat} wins ({how}). The others lay their hands face up to be scored.",
          rule="round-won", seats=(seat,))
    _score_if_shown(game, w)


def on_hand_shown(game, w: Work, event: HandShown) -> None:
    rnd: BonnuRound = w.hand
    if rnd.phase != "showing":
        raise Refusal("hands are laid face up at the end of a Bonnu 100 round, once it is won")
    if event.seat not in rnd.table or event.seat in rnd.shown:
        raise Refusal(f"seat {event.seat} has no hand to show now")
    cards = tuple(check_card(c) for c in event.cards)
    if len(cards) != rnd.holding(event.seat):
        raise Refusal(f"seat {event.seat} holds {rnd.holding(event.seat)} card(s) by the referee's count, "
                      f"and {len(cards)} were shown: show the whole hand")
    rnd.shown[event.seat] = cards
    w.say(f"Seat {event.seat} shows {' '.join(c.code for c in cards)}: {hand_total(cards)}.", rule="bonnu-100",
          seats=(event.seat,))
    _score_if_shown(game, w)


def _score_if_shown(game, w: Work) -> None:
    rnd: BonnuRound = w.hand
    if any(s not in rnd.shown for s in rnd.table):
        return
    st = w.state
    rnd.points = dict(sorted(round_scores(rnd.shown, rnd.winner).items()))
    totals = add_round({s: st.scores.get(_key(s), 0) for s in rnd.table}, rnd.points)
    for seat, total in totals.items():
        st.scores[_key(seat)] = total
    points = ", ".join(f"seat {s} {p}" for s, p in rnd.points.items())
    w.say(f"Round {rnd.number} scores: {points}. Totals: {_score_words(w)}.", rule="bonnu-100", kind=Kind.HAND_OVER)
    _game_over(game, w)


def _game_over(game, w: Work) -> None:
    rnd: BonnuRound = w.hand
    st = w.state
    scores = {s: st.scores.get(_key(s), 0) for s in rnd.table}
    end = game_end(st.settings, scores, scores)
    if end is not None:
        if end.over:
            rnd.master = end.masters
        w.say(f"{end.text[0].upper()}{end.text[1:]}.",
              rule=GAME_RULES[st.settings.scoring], kind=Kind.HAND_OVER if end.over else Kind.INFO, seats=end.masters)
    rnd.phase, rnd.pending = "over", ()
    game.deal_over(w)


def _score_words(w: Work) -> str:
    rnd: BonnuRound = w.hand
    return ", ".join(f"seat {s} {w.state.scores.get(_key(s), 0)}" for s in rnd.table)
