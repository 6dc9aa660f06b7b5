"""Poker helpers the stud games share: fixed-limit betting rounds, pots and side pots, and the
wild-card hand evaluator."""
