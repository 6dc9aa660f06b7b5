"""Every combination of modifiers and settings stays sound: in random deals under random stacks, each
seat plays a random legal card (Fool's Gold when offered, now and then) and the core must answer
without error: a legal set that is a non-empty part of the hand, a winner among the plays whose
effective card is not beaten, a ruling that names only active modifiers."""

import dataclasses
import random

from referee.games.boneyard.cards import PACK
from referee.games.boneyard.modifier_ids import MODIFIER_IDS
from referee.games.boneyard.ranking import (ANY_SUIT, Play, Round, led_suit, legal_fools_gold, legal_plays,
                                            trick_effectives, trick_winner, winner_index)
from referee.games.boneyard.settings import BoneyardSettings

PARTNER = {0: 2, 2: 0, 1: 3, 3: 1}
RANKING = ("copycats", "golf-club", "fools-gold", "heartbreaker", "fight-club", "square-deal", "soul-mate",
           "club-sandwich", "mad-genius", "assassin", "lucky-penny", "party-crasher")


def random_settings(rng: random.Random) -> BoneyardSettings:
    values = {name: rng.choice(list(words)) for name, words in BoneyardSettings.CHOICES.items()}
    for f in dataclasses.fields(BoneyardSettings):
        if f.type in ("bool", bool):
            values[f.name] = rng.random() < 0.5
    return BoneyardSettings(**values)


def assert_unbeaten(index, plays, rnd):
    """No other play is a higher trump, nor (with no trump in the trick) a higher card of the led suit."""
    effs = trick_effectives(plays, rnd, PARTNER)
    led = led_suit([p.card for p in plays], rnd)
    win = effs[index]
    for i, other in enumerate(effs):
        if i == index:
            continue
        if win.is_trump(rnd):
            assert not (other.is_trump(rnd) and other.rank > win.rank)
        else:
            assert win.suit in (led, ANY_SUIT) and not other.is_trump(rnd)
            assert not (other.suit in (led, ANY_SUIT) and other.rank > win.rank)


def test_random_stacks_give_sound_rulings():
    rng = random.Random(2121)
    tricks = 0
    for _ in range(400):
        deck = list(PACK)
        rng.shuffle(deck)
        active = frozenset(rng.sample(RANKING, rng.randint(0, 5)) + rng.sample(MODIFIER_IDS, 1))
        trump = None if "fight-club" in active else rng.choice("SHDC")
        rnd = Round(trump, active, deck[20] if "copycats" in active else None, random_settings(rng))
        hands = [deck[i * 5:(i + 1) * 5] for i in range(4)]
        leader, fools_left = rng.randrange(4), True
        for _ in range(5):
            plays: list[Play] = []
            for k in range(4):
                seat = (leader + k) % 4
                hand = hands[seat]
                so_far = [p.card for p in plays]
                legal = legal_plays(hand, so_far, rnd)
                assert legal and set(legal) <= set(hand)
                offered = legal_fools_gold(hand, so_far, rnd) if seat == 2 and fools_left else ()
                if offered and rng.random() < 0.3:
                    plays.append(Play(seat, rng.choice(offered), fools_gold=True))
                    fools_left = False
                else:
                    plays.append(Play(seat, rng.choice(legal)))
                hand.remove(plays[-1].card)
            ruling = trick_winner(plays, rnd, PARTNER)
            assert 0 <= ruling.index < 4 and set(ruling.why) <= active
            assert ruling.index == winner_index(plays, rnd, PARTNER)
            assert_unbeaten(ruling.index, plays, rnd)
            assert ruling.text.startswith(f"seat {plays[ruling.index].seat} wins the trick")
            leader = plays[ruling.index].seat
            tricks += 1
    assert tricks == 2000
