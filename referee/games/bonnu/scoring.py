"""Bonnu scores and the end of a game: a round's scores (the cards left in hand at face value, -1
as -1 and 21 as 21, the winner 0), the simple game (the first to win rounds_to_win rounds, 10 on
the sheet, is Bonnu Master) and Bonnu 100 (when a total reaches the target at the end of a round,
the lowest total wins; decision 10 for ties), and the penalties (each draws one card)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from .deck import BonnuCard, hand_total
from .settings import DEFAULT, BonnuSettings

PENALTY_DRAW = 1   # every penalty on the sheet is "draw one card from the draw pile"


@dataclass(frozen=True)
class Penalty:
    """A fault that costs a card: id, what happened in words, the sheet line (0: our decision 7),
    and whether the cards laid go back to the hand before the draw."""

    id: str
    words: str
    line: int
    takes_back: bool

    @property
    def draws(self) -> int:
        return PENALTY_DRAW


def penalties(settings: BonnuSettings = DEFAULT) -> tuple[Penalty, ...]:
    """The penalties this table plays: the sheet's four, and a wrong Cut when wrong_cut_penalty is
    on; take_back (decision 7) says whether a wrong card or a wrong Bonnu goes back to the hand."""
    back = settings.take_back
    out = (Penalty("wrong-card", "laid a card that matches neither the colour nor the number of the card "
                                 "just played", 44, back),
           Penalty("missed-reach", "did not shout Reach! on going down to one card", 45, False),
           Penalty("missed-bonnu", "did not shout Bonnu! on laying the last card", 46, False),
           Penalty("wrong-bonnu", "claimed a Bonnu with a hand whose total is not the number required", 47, back))
    if settings.wrong_cut_penalty:
        out += (Penalty("wrong-cut", "claimed a Cut with cards not of the number just played, or one card", 0,
                        True),)
    return out


def penalty(id: str, settings: BonnuSettings = DEFAULT) -> Penalty | None:
    """The penalty `id` at this table, or None where it costs nothing (a wrong Cut with
    wrong_cut_penalty off: the cards go back and that is all)."""
    known = {"wrong-card", "missed-reach", "missed-bonnu", "wrong-bonnu", "wrong-cut"}
    if id not in known:
        raise KeyError(f"no Bonnu penalty {id!r} (known: {', '.join(sorted(known))})")
    return next((p for p in penalties(settings) if p.id == id), None)


def round_scores(hands: Mapping[int, Sequence[BonnuCard]], winner: int) -> dict[int, int]:
    """Each seat's score for a round: the total of the cards left in its hand; the winner scores 0
    (with missed_bonnu "wins", a penalty card in the winner's hand counts for nothing)."""
    if winner not in hands:
        raise ValueError(f"the round's winner, seat {winner}, is not at the table")
    return {seat: 0 if seat == winner else hand_total(hand) for seat, hand in hands.items()}


def add_round(totals: Mapping[int, int], scores: Mapping[int, int]) -> dict[int, int]:
    """Bonnu 100 running totals after a round (a -1 left in hand lowers a total)."""
    if set(totals) != set(scores):
        raise ValueError("a round's scores must name the same seats as the totals")
    return {seat: totals[seat] + scores[seat] for seat in totals}


@dataclass(frozen=True)
class GameEnd:
    """The game's result after a round: over or not, the Bonnu Master(s), and why, in words."""

    over: bool
    masters: tuple[int, ...]
    text: str


def _seats(seats: Sequence[int]) -> str:
    return " and ".join(f"seat {s}" for s in seats)


def simple_end(wins: Mapping[int, int], settings: BonnuSettings = DEFAULT) -> GameEnd | None:
    """Simple game: the seat that has won rounds_to_win rounds is Bonnu Master (one round has one
    winner, so only one seat can get there first); None while nobody has."""
    done = sorted(s for s, w in wins.items() if w >= settings.rounds_to_win)
    if not done:
        return None
    if len(done) > 1:
        raise ValueError(f"{_seats(done)} all have {settings.rounds_to_win} wins: one round has one winner")
    return GameEnd(True, tuple(done), f"seat {done[0]} has won {wins[done[0]]} rounds: Bonnu Master")


def bonnu100_end(totals: Mapping[int, int], settings: BonnuSettings = DEFAULT) -> GameEnd | None:
    """Bonnu 100, checked at the end of a round (decision 10): once any total is at least the
    target, the lowest total is Bonnu Master. Two or more lowest: with tie_for_lowest "play_on" the
    game goes on (over False, the tied seats named), with "shared" they share the title. None while
    every total is under the target."""
    reached = sorted(s for s, t in totals.items() if t >= settings.target)
    if not reached:
        return None
    low = min(totals.values())
    lowest = tuple(sorted(s for s, t in totals.items() if t == low))
    why = f"{_seats(reached)} reached {settings.target}"
    if len(lowest) == 1:
        return GameEnd(True, lowest, f"{why}; seat {lowest[0]} has the lowest total, {low}: Bonnu Master")
    if settings.tie_for_lowest == "shared":
        return GameEnd(True, lowest, f"{why}; {_seats(lowest)} share the lowest total, {low}: Bonnu Masters")
    return GameEnd(False, lowest, f"{why}; {_seats(lowest)} tie for the lowest total, {low}: another round")


def game_end(settings: BonnuSettings, wins: Mapping[int, int], totals: Mapping[int, int]) -> GameEnd | None:
    """The end of the game by the table's scoring mode (settings.scoring)."""
    return bonnu100_end(totals, settings) if settings.scoring == "bonnu100" else simple_end(wins, settings)
