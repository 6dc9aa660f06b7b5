"""Boonaken's pure core (issue 20): cards and rank orders, legal play and trick winners, roem,
the bid ladder and the settings. The game itself (deal, exchange, marks, camera) builds on these;
it is not registered as a game yet."""
