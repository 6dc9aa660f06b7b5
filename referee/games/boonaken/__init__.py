"""Boonaken (issue 20): the pure rules (cards and rank orders, legal play and trick winners, roem,
the bid ladder, the deal layout, the marks and points sheets, the settings) and the game built on
them (`game.Boonaken`, registered as "boonaken")."""

from . import game  # noqa: F401  (registers the game)
