"""Random Boneyard euchre rounds on croupier's pure core, modifiers off: the rounds/s side of
bench/euchre.py (OpenSpiel's random deals/s is the other).

A round, as the sheet plays it (lines 4-9) with no modifier active: deal 5 cards to each of the
four seats from the pack (25 cards with the joker; 24 without), the 5 left over are the boneyard
and its top bone is turned face up. Left of the dealer, each seat in turn takes it or leaves it
(a fair coin); four Leave Its are a redeal, which is not counted as a round. The Maker takes the
bone, which sets trump (the joker taken: the Maker names a suit, decision 1's default), and
discards one of the five cards they were dealt (the taken card stays in front of them, so it is
never the discard). The Maker leads; every seat plays a random card of `legal_plays`;
`trick_winner` gives the next leader; `round_points` scores the makers' trick count.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from referee.cards import JOKER
from referee.games.boneyard.cards import PACK
from referee.games.boneyard.order import PARTNER, SEATS, play_order
from referee.games.boneyard.ranking import Play, legal_plays, plain_round, trick_winner
from referee.games.boneyard.scoring import TRICKS, round_points

SUITS = "SHDC"
HAND_SIZE = 5


@dataclass(frozen=True, slots=True)
class RoundResult:
    dealer: int
    maker: int
    trump: str
    maker_tricks: int
    makers: int          # the makers' points
    defenders: int       # the defenders' points


def play_round(rng: random.Random, dealer: int, with_joker: bool = True) -> RoundResult:
    """One random round (redealt until someone takes the bone), modifiers off."""
    pack = list(PACK if with_joker else (c for c in PACK if c != JOKER))
    while True:
        rng.shuffle(pack)
        hands = [pack[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i in range(SEATS)]
        bone = pack[SEATS * HAND_SIZE]
        asked = [(dealer + i) % SEATS for i in range(1, SEATS + 1)]
        maker = next((seat for seat in asked if rng.random() < 0.5), None)
        if maker is not None:
            break
    hand = hands[maker]
    hand.pop(rng.randrange(len(hand)))
    hand.append(bone)
    trump = rng.choice(SUITS) if bone.is_joker else bone.suit
    rnd = plain_round(trump)
    leader, maker_tricks = maker, 0
    order = {seat: play_order(seat, rnd) for seat in range(SEATS)}
    for _ in range(TRICKS):
        plays: list[Play] = []
        trick_cards: list = []
        for seat in order[leader]:
            hand = hands[seat]
            card = rng.choice(legal_plays(hand, trick_cards, rnd))
            hand.remove(card)
            plays.append(Play(seat, card))
            trick_cards.append(card)
        leader = plays[trick_winner(plays, rnd, PARTNER).index].seat
        maker_tricks += leader in (maker, PARTNER[maker])
    points = round_points(maker_tricks, rnd)
    return RoundResult(dealer, maker, trump, maker_tricks, points.makers, points.defenders)


def rounds_per_second(seconds: float, seed: int, with_joker: bool = True) -> tuple[int, float]:
    """Random rounds played for about `seconds` of process CPU time, the deal rotating clockwise:
    (rounds, CPU seconds)."""
    rng = random.Random(seed)
    rounds, dealer, start = 0, 0, time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        play_round(rng, dealer, with_joker)
        rounds += 1
        dealer = (dealer + 1) % SEATS
    return rounds, elapsed
