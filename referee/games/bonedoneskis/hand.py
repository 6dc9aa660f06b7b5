"""A Bonedoneskis hand: a stud hand and what its house rules keep track of while it is played.
Every value is immutable (tuples), so the stud hand's shallow `clone` copies it safely."""

from __future__ import annotations

from dataclasses import dataclass

from ..stud_state import Hand


@dataclass(kw_only=True)
class BonedoneskisHand(Hand):
    combined: tuple[tuple[int, str, str], ...] = ()  # Codependent 2's joined: (seat, left card, the 2)
    krabler: tuple[int, ...] = ()            # seats that owe The Krabler's bet or raise this round
    war: tuple | None = None                 # Dueling Snowmen on: ((seat a, seat b), a's cards, b's cards)
    river_up_for: tuple[int, ...] = ()       # The River King: seats whose river comes face up
    river_up_paid: tuple[int, ...] = ()      # Gambler's Last Dollar: seats that paid for a face-up river
    threes_replacing: tuple[int, ...] = ()   # The 3's: seats owed the card for a 3 they sold
    eight_ball_dead: bool = False            # 8 Ball used or passed: nobody may use it again this hand
    two_hog_waiting: int | None = None       # 2 Hog: the seat whose 2♠ waits for the street's 2s and 5s
