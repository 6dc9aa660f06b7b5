"""OpenSpiel's euchre (`pyspiel.load_game("euchre")`) as the bench's reference side.

OpenSpiel plays standard four-hand euchre: 24 cards (9 to ace, no joker), a bidding phase with
stick-the-dealer, the dealer picking up the upcard and discarding, and going alone (the lone
declarer's partner sits the hand out, so those tricks have three cards). Its conventions, read
from the pyspiel 2.0.2 wheel:

- players 0..3 are North, East, South, West; play goes clockwise, 0 -> 1 -> 2 -> 3;
- a card is the action `rank * 4 + suit`, rank 0..5 for 9 T J Q K A and suit 0..3 for
  clubs, diamonds, hearts, spades (action 0 is "C9", 9 is "DJ", 23 is "SA");
- `trump_suit()` is a suit in that same 0..3 numbering;
- during play `legal_actions()` are the cards the current player may play, and after a trick the
  current player is its winner, who leads the next; after the fifth trick the state is terminal and
  the trick's `winner()` names that winner.

Positions are collected while random games are played out (seeded), so OpenSpiel's own legality
is what the comparison checks against, trick by trick.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

import pyspiel

from bench.euchre_rounds import pick
from referee.cards import Card

SPIEL_SUITS = "CDHS"            # OpenSpiel's suit numbering 0..3
SPIEL_RANKS = (9, 10, 11, 12, 13, 14)
CARD_COUNT = 24


def spiel_card(action: int) -> Card:
    """The croupier card of an OpenSpiel card action (0..23)."""
    if not 0 <= action < CARD_COUNT:
        raise ValueError(f"OpenSpiel card actions are 0..23, not {action}")
    return Card(SPIEL_RANKS[action // 4], SPIEL_SUITS[action % 4])


def spiel_suit(suit: int) -> str:
    """The suit letter of OpenSpiel's suit number (as `trump_suit()` gives it)."""
    if not 0 <= suit < 4:
        raise ValueError(f"OpenSpiel suits are 0..3, not {suit}")
    return SPIEL_SUITS[suit]


@dataclass(frozen=True, slots=True)
class PlayPosition:
    """One card-play decision: `seat` holds `hand` and sees `trick` (seat, card action) so far."""
    seat: int
    hand: tuple[int, ...]
    trick: tuple[tuple[int, int], ...]
    trump: int
    legal: frozenset[int]


@dataclass(frozen=True, slots=True)
class TrickEnd:
    """A finished trick: its plays in order, the trump, and the seat OpenSpiel lets lead next."""
    plays: tuple[tuple[int, int], ...]
    trump: int
    next_leader: int
    lone_partner: int | None  # the seat sitting out when the declarer went alone


def _hand(state, seat: int) -> tuple[int, ...]:
    return tuple(card for card, holder in enumerate(state.card_holder()) if holder == seat)


def play_positions(count: int, seed: int) -> tuple[list[PlayPosition], list[TrickEnd], int]:
    """At least `count` play positions (whole games, so a few more) from random games seeded by
    `seed`, the finished tricks of those games, and the number of games played."""
    game = pyspiel.load_game("euchre")
    play_phase = pyspiel.euchre.Phase.PLAY
    rng = random.Random(seed)
    positions: list[PlayPosition] = []
    ends: list[TrickEnd] = []
    games = 0
    while len(positions) < count:
        state = game.new_initial_state()
        trick: list[tuple[int, int]] = []
        while not state.is_terminal():
            if state.is_chance_node() or state.current_phase() != play_phase:
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            seat, legal = state.current_player(), state.legal_actions()
            trump = state.trump_suit()
            positions.append(PlayPosition(seat, _hand(state, seat), tuple(trick), trump, frozenset(legal)))
            card = rng.choice(legal)
            trick_index = state.current_trick_index()
            state.apply_action(card)
            trick.append((seat, card))
            if state.is_terminal() or state.current_trick_index() != trick_index:
                leader = (state.tricks()[trick_index].winner() if state.is_terminal()
                          else state.current_player())
                sitting_out = state.declarer_partner() if state.declarer_go_alone() else None
                ends.append(TrickEnd(tuple(trick), trump, leader, sitting_out))
                trick = []
        games += 1
    return positions, ends, games


def random_deals_per_second(seconds: float, seed: int) -> tuple[int, float]:
    """Whole random OpenSpiel games (deal, bidding, discard, going alone or not, five tricks)
    played for about `seconds` of process CPU time: (games, CPU seconds)."""
    game = pyspiel.load_game("euchre")
    rng = random.Random(seed)
    games, start = 0, time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(pick(rng, state.legal_actions()))
        games += 1
    return games, elapsed
