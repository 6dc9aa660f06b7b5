"""The games croupier referees. Each is a module over the shared core; look them up by id."""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=None)
def _games() -> dict:
    from .bonedoneskis import Bonedoneskis
    from .stud import StudGame

    games = [StudGame(), Bonedoneskis()]
    return {g.id: g for g in games}


def get_game(game_id: str):
    games = _games()
    if game_id not in games:
        raise KeyError(f"unknown game {game_id!r} (known: {', '.join(sorted(games))})")
    return games[game_id]


def game_ids() -> list[str]:
    return sorted(_games())
