"""The settle-up's "paid" ticks: the host ticks a transfer once the money changed hands (and may
untick it). A tick is a row in `web_settle_paid`, a table of the dashboard's own beside the store's,
append-only like the ledger (triggers refuse UPDATE and DELETE): the latest row for a transfer is its
state. Ticking what is already ticked writes nothing, so a retry is harmless.
"""

from __future__ import annotations

from datetime import datetime, timezone
from decimal import Decimal

SCHEMA = [
    "CREATE TABLE IF NOT EXISTS web_settle_paid (id INTEGER PRIMARY KEY AUTOINCREMENT, "
    "session_id INTEGER NOT NULL, payer TEXT NOT NULL, payee TEXT NOT NULL, amount TEXT NOT NULL, "
    "paid INTEGER NOT NULL CHECK (paid IN (0, 1)), recorded_at TEXT NOT NULL)",
    *(f"CREATE TRIGGER IF NOT EXISTS web_settle_paid_no_{op.lower()} BEFORE {op} ON web_settle_paid "
      f"BEGIN SELECT RAISE(ABORT, 'web_settle_paid is append-only: {op} refused'); END"
      for op in ("UPDATE", "DELETE")),
]


class PaidBook:
    """The ticks, on the store's own connection (`webui.store.Store`), so a tick joins the
    request's transaction instead of waiting for it."""

    def __init__(self, store) -> None:
        self._store = store
        for statement in SCHEMA:
            store.execute(statement)

    def close(self) -> None:
        """The store is the night's: it closes it."""

    def state(self, session_id: int) -> dict[tuple[str, str, Decimal], dict]:
        """(payer, payee, amount) -> {"paid": bool, "at": when it was last ticked or unticked}."""
        rows = self._store.execute("SELECT payer, payee, amount, paid, recorded_at FROM web_settle_paid "
                                    "WHERE session_id = ? ORDER BY id", [session_id]).fetchall()
        return {(p, q, Decimal(a)): {"paid": bool(paid), "at": at} for p, q, a, paid, at in rows}

    def mark(self, session_id: int, payer: str, payee: str, amount: Decimal, paid: bool) -> bool:
        """Tick (or untick) one transfer; True when a row was written, False when it already was so."""
        with self._store.transaction():
            last = self._store.execute("SELECT paid FROM web_settle_paid WHERE session_id = ? AND payer = ? "
                                       "AND payee = ? AND amount = ? ORDER BY id DESC LIMIT 1",
                                       [session_id, payer, payee, f"{amount:.2f}"]).fetchone()
            if (bool(last[0]) if last else False) == paid:
                return False
            self._store.execute("INSERT INTO web_settle_paid (session_id, payer, payee, amount, paid, recorded_at) "
                                "VALUES (?, ?, ?, ?, ?, ?)", [session_id, payer, payee, f"{amount:.2f}", int(paid),
                                                              datetime.now(timezone.utc).isoformat(timespec="seconds")])
            return True
