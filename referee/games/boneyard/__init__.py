"""Boneyard euchre (game id "boneyard-euchre", /work/shared/rules/boneyard-euchre.txt): the pure core.

25 cards (9-A of four suits and the joker, the benny), 5 each and 5 bones; the taken bone sets trump
and one of 25 round modifiers. `cards` is the pack, `ranking` the one function that ranks a card
(`effective`) and the legal plays and trick winners built on it, `scoring` the round's points and the
game end, `modifiers` and `catalog` the rule objects, `flips` the bones the modifiers draw. No I/O and
no randomness: every function is a pure function of its cards, the trump and the active modifiers.
Readings the sheet leaves open: docs/boneyard-decisions.md.
"""
