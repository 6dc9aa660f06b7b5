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
