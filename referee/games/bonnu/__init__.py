"""Bonnu (game id "bonnu", /work/shared/rules/bonnu.txt): the pure rules.

A shedding game with out-of-turn plays. `deck` is the 110-card deck and what matches what, `claims`
the checks on a Cut and an out-of-turn Bonnu and the timing ruling that orders claims by their
corrected observed times, `scoring` the round scores and both ways a game ends, `settings` every
reading the sheet leaves open, `catalog` the rule objects. No I/O, no clock and no randomness: the
table process stamps times on events; these functions only compare them.
Readings the sheet leaves open: docs/bonnu-decisions.md.
"""
