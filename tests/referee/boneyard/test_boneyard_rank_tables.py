"""The rank tables rounds share (ranking._TABLES, keyed by trump, the ranking modifiers, the Copycats
card and the ranking settings) rank every card exactly as working it out afresh does, whatever the
other modifiers and settings: a key that left out something `_effective` reads would fail here."""

import dataclasses
import random

from referee.games.boneyard import ranking
from referee.games.boneyard.cards import PACK
from referee.games.boneyard.modifier_ids import MODIFIER_IDS
from referee.games.boneyard.ranking import Round, effective, plain_round
from referee.games.boneyard.settings import BoneyardSettings


def random_settings(rng: random.Random) -> BoneyardSettings:
    values = {name: rng.choice(list(words)) for name, words in BoneyardSettings.CHOICES.items()}
    values.update({f.name: rng.random() < 0.5 for f in dataclasses.fields(BoneyardSettings)
                   if f.type in ("bool", bool)})
    return BoneyardSettings(**values)


def test_shared_tables_rank_as_working_it_out_afresh():
    rng = random.Random(21)
    for _ in range(400):
        active = frozenset(m for m in MODIFIER_IDS if rng.random() < 0.25)
        trump = None if "fight-club" in active else rng.choice("SHDC")
        rnd = Round(trump, active, rng.choice(PACK + (None,)), random_settings(rng))
        for card in PACK:
            assert effective(card, rnd) == ranking._effective(card, rnd), (card, rnd)


def test_rounds_that_rank_alike_share_one_table():
    first, second = plain_round("H"), Round("H", frozenset({"party-crasher", "high-stakes"}))
    effective(PACK[0], first)
    effective(PACK[0], second)
    assert first._ranks is second._ranks
    assert Round("H", frozenset({"golf-club"}))._ranks is None      # filled on first use, not before
