"""A round's points and the game's end (sheet line 9, modifiers Shoot The Moon line 22, Strip Club
line 20, Spiked Club line 32, High Stakes line 33; decisions 2, 13 and 14)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from .cards import QUEEN
from .modifier_ids import names
from .ranking import Play, Round, face
from .settings import DEFAULT, BoneyardSettings

TRICKS = 5
GAME_POINTS = 10


@dataclass(frozen=True)
class Points:
    makers: int
    defenders: int
    why: tuple[str, ...]      # the modifiers that changed the points
    text: str


def round_points(maker_tricks: int, rnd: Round) -> Points:
    """What each team scores for the round from the makers' trick count."""
    if isinstance(maker_tricks, bool) or not isinstance(maker_tricks, int) or not 0 <= maker_tricks <= TRICKS:
        raise ValueError(f"the makers took {maker_tricks!r} tricks: a whole number from 0 to 5")
    s = rnd.settings
    makers, defenders, why = 0, 0, []
    if maker_tricks == TRICKS:
        makers = 2
    elif maker_tricks == 4:
        makers = s.four_tricks_points                       # decision 2
    elif maker_tricks == 3:
        makers = 1
    else:
        defenders = 2
    if maker_tricks == 0 and rnd.on("shoot-the-moon"):      # decision 13
        makers, why = 2, why + ["shoot-the-moon"]
        if s.shoot_the_moon == "replace":
            defenders = 0
    if maker_tricks >= 3 and rnd.on("high-stakes"):
        makers, why = makers + 1, why + ["high-stakes"]
    if defenders and rnd.on("spiked-club"):
        defenders, why = defenders - 1, why + ["spiked-club"]
    text = (f"the makers took {maker_tricks} trick{'s' if maker_tricks != 1 else ''}: "
            f"makers {makers}, defenders {defenders}")
    if why:
        text += f" ({names(why)})"
    return Points(makers, defenders, tuple(why), text)


def queen_point(winning_play: Play, rnd: Round) -> int:
    """Strip Club: a queen that wins a trick scores its team 1 point at once (line 20). The game
    adds it when the trick is scored; the game end still waits for the end of the round (decision
    14). A Copycats ten copying a queen plays as a queen, so it counts too."""
    return 1 if rnd.on("strip-club") and face(winning_play.card, rnd) == QUEEN else 0


def game_winner(scores: Sequence[int], settings: BoneyardSettings = DEFAULT,
                last_makers: Optional[int] = None) -> Optional[int]:
    """The winning team (0 or 1) at the end of a round, or None to play on: when a team has 10 or
    more the higher team wins (line 9). Equal at 10 or more: decision 14 (tie_at_ten)."""
    if len(scores) != 2:
        raise ValueError(f"two team scores are needed, got {len(scores)}")
    a, b = scores
    if max(a, b) < GAME_POINTS:
        return None
    if a != b:
        return 0 if a > b else 1
    if settings.tie_at_ten == "makers":
        if last_makers not in (0, 1):
            raise ValueError("tie_at_ten 'makers' needs the team that made trump in the last round (0 or 1)")
        return last_makers
    return None
