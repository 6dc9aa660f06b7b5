"""The round's points and the game's end (sheet line 9; Shoot The Moon, Spiked Club, High Stakes;
decisions 2, 13, 14 and 15), on `scoring.round_points` and `scoring.game_winner`. Team points are
kept in the round (carried to the next) and in `State.scores` ("team:1", "team:2")."""

from __future__ import annotations

from ...announcements import Kind
from ...work import Work
from .flips import carry_after_redeal
from .modifier_ids import NAMES
from .round_state import BoneyardRound
from .scoring import game_winner, round_points


def team_seats(rnd: BoneyardRound, team: int) -> tuple[int, int]:
    return rnd.table[team], rnd.table[team + 2]


def score_words(rnd: BoneyardRound) -> str:
    a, b = rnd.scores
    return (f"team 1 (seats {' & '.join(map(str, team_seats(rnd, 0)))}) {a}, "
            f"team 2 (seats {' & '.join(map(str, team_seats(rnd, 1)))}) {b}")


def add_points(w: Work, team: int, points: int) -> None:
    rnd: BoneyardRound = w.hand
    scores = list(rnd.scores)
    scores[team] += points
    rnd.scores = tuple(scores)
    w.state.scores[f"team:{team + 1}"] = scores[team]


def score_round(w: Work) -> None:
    rnd: BoneyardRound = w.hand
    taken = rnd.maker_tricks()
    points = round_points(taken, rnd.rnd)
    makers, defenders = rnd.maker_team, 1 - rnd.maker_team
    if points.makers:
        add_points(w, makers, points.makers)
    if points.defenders:
        add_points(w, defenders, points.defenders)
    pts = list(rnd.points)
    pts[makers] += points.makers
    pts[defenders] += points.defenders
    rnd.points = tuple(pts)
    for seat in rnd.table:      # Grave Robber's extra card, or a Lucky Penny's unplayed hand card
        if rnd.holding(seat):
            rule = "grave-robber" if rnd.robbed and seat == rnd.partner(rnd.maker) else "lucky-penny"
            w.say(f"Seat {seat} has {rnd.holding(seat)} card left over; it goes back with the pack "
                  f"(decisions 10 and 11).", rule=rule, seats=(seat,))
    w.say(f"Round {rnd.number}: {points.text[0].upper()}{points.text[1:]} (makers: team {makers + 1}). "
          f"Score: {score_words(rnd)}.", rule="scoring", kind=Kind.HAND_OVER)
    winner = game_winner(rnd.scores, w.state.settings, makers)
    if winner is not None:
        rnd.winner = winner
        w.say(f"Team {winner + 1} (seats {' & '.join(map(str, team_seats(rnd, winner)))}) wins the game, "
              f"{rnd.scores[winner]} to {rnd.scores[1 - winner]}.", rule="game-end", kind=Kind.HAND_OVER)
        if rnd.carry_next:
            w.say(f"Scheme: {', '.join(NAMES[m] for m in rnd.carry_next)} had no next round to reach: "
                  f"the game is over.", rule="scheme")
    elif max(rnd.scores) >= 10:
        w.say(f"Both teams have {rnd.scores[0]}: nobody wins yet, another round is played (tie_at_ten).",
              rule="game-end")


def carried_into_next(rnd: BoneyardRound, settings) -> tuple[str, ...]:
    """The Scheme modifiers the next round begins with: this round's, or after a redeal the ones
    that were waiting for it (decision 15)."""
    if rnd.winner is not None:
        return ()
    if rnd.redeal:
        return carry_after_redeal(rnd.carried, settings)
    return rnd.carry_next
