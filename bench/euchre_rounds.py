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

Two ways to play it:

- `play_table_round`: through the referee, as at a table: every card dealt, Take It or Leave It,
  the trump named, the discard and every card played is an event given to `engine.apply` at a
  table opened with the setting `modifiers: off` (decision 17), which answers with the new state
  and its announcements. The players choose as players do, from the cards they hold (`legal_plays`
  of the hand dealt). This is the rounds/s bench/euchre.py sets against OpenSpiel.
- `play_round`: the pure core alone (legal plays, trick winners, points; no state, no log, no
  announcement): what the referee's rules cost, without the table around them.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from referee.cards import JOKER
from referee.engine import apply
from referee.events import Bid, CardDealt, CardDiscarded, CardPlayed, HandStarted, TableOpened
from referee.games.boneyard.cards import PACK
from referee.games.boneyard.order import PARTNER, SEATS, play_order
from referee.games.boneyard.ranking import Play, legal_plays, plain_round, trick_winner
from referee.games.boneyard.scoring import TRICKS, round_points
from referee.games.boonaken.events import TrumpNamed
from referee.registry import get_game
from referee.state import State

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


def pick(rng: random.Random, items):
    """A random item of `items`, from one `rng.random()` (`rng.choice` draws bits until they fall in
    range, which costs more than many a rule it is timed with). Both sides of the speed test, and
    every random move of a bench round, draw with it."""
    return items[int(rng.random() * len(items))]


def shuffle(rng: random.Random, cards: list) -> None:
    """Fisher-Yates in place, each draw as `pick` makes it."""
    for i in range(len(cards) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


def play_round(rng: random.Random, dealer: int, with_joker: bool = True) -> RoundResult:
    """One random round (redealt until someone takes the bone), modifiers off."""
    pack = list(PACK if with_joker else (c for c in PACK if c != JOKER))
    while True:
        shuffle(rng, pack)
        hands = [pack[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i in range(SEATS)]
        bone = pack[SEATS * HAND_SIZE]
        asked = [(dealer + i) % SEATS for i in range(1, SEATS + 1)]
        maker = next((seat for seat in asked if rng.random() < 0.5), None)
        if maker is not None:
            break
    hand = hands[maker]
    hand.remove(pick(rng, hand))
    hand.append(bone)
    trump = pick(rng, SUITS) if bone.is_joker else bone.suit
    rnd = plain_round(trump)
    leader, maker_tricks = maker, 0
    order = {seat: play_order(seat, rnd) for seat in range(SEATS)}
    for _ in range(TRICKS):
        plays: list[Play] = []
        trick_cards: list = []
        for seat in order[leader]:
            hand = hands[seat]
            card = pick(rng, legal_plays(hand, trick_cards, rnd))
            hand.remove(card)
            plays.append(Play(seat, card))
            trick_cards.append(card)
        leader = plays[trick_winner(plays, rnd, PARTNER).index].seat
        maker_tricks += leader in (maker, PARTNER[maker])
    points = round_points(maker_tricks, rnd)
    return RoundResult(dealer, maker, trump, maker_tricks, points.makers, points.defenders)


def rounds_per_second(seconds: float, seed: int, with_joker: bool = True) -> tuple[int, float]:
    """Random rounds of the pure core played for about `seconds` of process CPU time, the deal
    rotating clockwise: (rounds, CPU seconds)."""
    rng = random.Random(seed)
    rounds, dealer, start = 0, 0, time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        play_round(rng, dealer, with_joker)
        rounds += 1
        dealer = (dealer + 1) % SEATS
    return rounds, elapsed


TABLE_SEATS = (1, 2, 3, 4)
PLAIN_TABLE = TableOpened("boneyard-euchre", TABLE_SEATS, {"modifiers": "off"})
GAME = get_game("boneyard-euchre")
TABLE_ROUNDS = 50           # rounds (games to 10 in a row) before a fresh table, as the simulator does


def open_table() -> State:
    """A Boneyard euchre table playing plain rounds (modifiers off): the state after `table_opened`."""
    return apply(State(), PLAIN_TABLE)[0]


def play_table_round(state, rng: random.Random, number: int):
    """One random round through the referee, round `number` of the table in `state` (its dealer is
    the one the referee expects): (the state after it, the announcements, the round). A round of
    four Leave Its is a redeal: the caller deals again."""
    said: list = []

    def give(event) -> None:
        nonlocal state
        state, announcements = apply(state, event)
        said.extend(announcements)

    give(HandStarted(number, GAME.next_dealer(state)))   # the dealer the referee expects
    rnd = state.hand
    pack = list(PACK)
    shuffle(rng, pack)
    hands: dict[int, list] = {seat: [] for seat in rnd.order}
    cards = iter(pack)
    for _ in range(HAND_SIZE):
        for seat in rnd.order:
            card = next(cards)
            hands[seat].append(card)
            give(CardDealt(seat, card, False))
    bone = next(cards)
    give(CardDealt(None, bone, True))
    for card in cards:
        give(CardDealt(None, card, False, deck="boneyard"))
    maker = next((seat for seat in rnd.order if rng.random() < 0.5), None)
    for seat in rnd.order:
        give(Bid(seat, "take" if seat == maker else "leave"))
        if seat == maker:
            break
    if maker is None:
        return state, said, state.hand
    if bone.is_joker:
        give(TrumpNamed(maker, pick(rng, SUITS)))
    hand = hands[maker]
    discard = pick(rng, hand)
    hand.remove(discard)
    give(CardDiscarded(maker, discard))
    hand.append(bone)
    while (seat := state.hand.to_play()) is not None:
        rnd = state.hand
        card = pick(rng, legal_plays(hands[seat], [c for _, c, _ in rnd.trick], rnd.rnd))
        hands[seat].remove(card)
        give(CardPlayed(seat, card))
    return state, said, state.hand


def table_rounds_per_second(seconds: float, seed: int) -> tuple[int, float]:
    """Random rounds through the referee for about `seconds` of process CPU time (redeals are dealt
    again and not counted): (rounds, CPU seconds)."""
    rng = random.Random(seed)
    rounds, number, start = 0, 0, time.process_time()
    state = open_table()
    while (elapsed := time.process_time() - start) < seconds:
        if number >= TABLE_ROUNDS:
            state, number = open_table(), 0
        number += 1
        state, _, rnd = play_table_round(state, rng, number)
        rounds += not rnd.redeal
    return rounds, elapsed
