"""The games croupier knows, by id. Games join it (`register`); the engine only looks them up, so
the core never imports a game."""

from __future__ import annotations

_GAMES: dict = {}


def register(game) -> None:
    if game.id in _GAMES:
        raise ValueError(f"a game with id {game.id!r} is already registered")
    _GAMES[game.id] = game


def get_game(game_id: str):
    if game_id not in _GAMES:
        raise KeyError(f"unknown game {game_id!r} (known: {', '.join(sorted(_GAMES))})")
    return _GAMES[game_id]


def games() -> dict:
    """id -> game, in the order they joined."""
    return dict(_GAMES)


def unregister(game_id: str) -> None:
    """A game leaves (a test's throwaway game)."""
    _GAMES.pop(game_id, None)
