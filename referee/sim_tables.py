"""The loop a round simulator runs (Boneyard euchre's and Bonnu's): rounds at one table, and every
`replay_every` rounds a fresh table, after the last one's log is replayed and compared."""

from __future__ import annotations

import time


class RoundsAtTables:
    """Mixed into a simulator that has `open_table()`, `play_round()`, `check_replay()`, the
    counters `table_rounds` and `replay_every`, the switch `check` and `stats.seconds`."""

    def play(self, rounds: int):
        start = time.perf_counter()
        self.open_table()
        for _ in range(rounds):
            if self.table_rounds >= self.replay_every:
                self.end_table()
                self.open_table()
            self.play_round()
        self.end_table()
        self.stats.seconds += time.perf_counter() - start
        return self.stats

    def end_table(self) -> None:
        if self.check and self.table_rounds:
            self.check_replay()


def replay_fault(state) -> str | None:
    """Why replaying `state`'s log does not give the same table back (the state, and the view of
    every viewer), or None when it does: the "a night is its event log" invariant."""
    from .engine import HOST, replay, view

    try:
        rebuilt, _ = replay(state.log.to_tuple())
    except Exception as exc:  # noqa: BLE001 -- a log the referee wrote must replay: record why not
        return f"replaying the log raised {type(exc).__name__}: {exc}"
    if rebuilt != state:
        diffs = [name for name in vars(state) if getattr(rebuilt, name) != getattr(state, name)]
        return f"replaying the log does not rebuild the state (differs in {', '.join(diffs)})"
    for viewer in (None, HOST, *state.seats):
        if view(rebuilt, viewer) != view(state, viewer):
            return f"the replayed table shows {viewer!r} another view"
    return None
