"""The public view of each finished hand of the night, kept as the table's state moves on.

The referee's state holds only the hand in play, so a score sheet across rounds (Boneyard euchre's
team points to 10) needs each earlier round as `view(state, None)` showed it when it ended. The
table notes every state it reaches (`note`); an undo that reopens a hand, or goes back before it,
drops it and every later one, so the sheet always follows the log in force.
"""

from __future__ import annotations

from typing import Any

from referee import engine


class HandsOver:
    def __init__(self) -> None:
        self._views: dict[tuple[int, int], dict[str, Any]] = {}

    def note(self, state) -> None:
        hand = state.hand
        if hand is None:
            self._views.clear()
            return
        key = (getattr(hand, "game_no", 1), hand.number)
        over = hand.phase == "over"
        for k in [k for k in self._views if k > key or (k == key and not over)]:
            del self._views[k]
        if over:     # again on each event while it stays over: a correction after the end shows
            self._views[key] = engine.view(state, None)

    def views(self) -> list[dict[str, Any]]:
        """The finished hands' public views, oldest first."""
        return [self._views[k] for k in sorted(self._views)]
