"""Which phone holds each seat. A seat is claimed by the first device that opens its join link;
another device with the same link (a second phone that scanned seat 1's QR code, a copied link)
is turned away in words, and the host hands the seat over by freeing it.

A device is a random id made once in its signed session cookie (`security.device_id`). The
claims live in the night's SQLite file, in `web_seat_claims`, a table of the dashboard's own next
to `web_nights` and `web_settings`: append-only (triggers refuse UPDATE and DELETE) like the
store's log, one row per claim, hand-over ("reset") and turned-away device; a seat's current
holder is its latest claim not followed by a reset. So a restart keeps every phone on its seat,
and the host can see when each seat was taken and when another phone was turned away.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import datetime, timezone

CLAIM, RESET, TURNED_AWAY = "claim", "reset", "turned away"

SCHEMA = f"""
CREATE TABLE IF NOT EXISTS web_seat_claims (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('{CLAIM}', '{RESET}', '{TURNED_AWAY}')),
    device TEXT,
    at TEXT NOT NULL
);
CREATE TRIGGER IF NOT EXISTS web_seat_claims_no_update BEFORE UPDATE ON web_seat_claims
BEGIN SELECT RAISE(ABORT, 'web_seat_claims is append-only'); END;
CREATE TRIGGER IF NOT EXISTS web_seat_claims_no_delete BEFORE DELETE ON web_seat_claims
BEGIN SELECT RAISE(ABORT, 'web_seat_claims is append-only'); END;
"""


def in_use(seat: int) -> str:
    """What a device is told when another phone holds the seat."""
    return f"seat {seat} is in use on another phone: ask the host"


def handed_over(seat: int) -> str:
    """What the old device is told once the host has freed its seat (and nobody took it yet)."""
    return f"seat {seat} was handed over by the host: open the seat's join link again to sit there"


@dataclass
class Claim:
    device: str | None = None          # the holder now; None: free
    since: str | None = None           # when the holder claimed it
    freed_at: str | None = None        # the last hand-over
    turned_away_at: str | None = None  # the last time another device was turned away from the holder

    def to_json(self) -> dict:
        return {"claimed": self.device is not None, "since": self.since, "freed_at": self.freed_at,
                "turned_away_at": self.turned_away_at}


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class SeatClaims:
    """The claims of every night in the file, folded from their rows once and kept in step."""

    def __init__(self, db, lock: threading.RLock) -> None:
        """`db`: the store (`webui.store.Store`: execute, executescript), so claims join its transactions."""
        self._db, self._lock = db, lock
        with lock:
            db.executescript(SCHEMA)
            self._claims: dict[tuple[int, int], Claim] = {}
            for session_id, seat, kind, device, at in db.execute(
                    "SELECT session_id, seat, kind, device, at FROM web_seat_claims ORDER BY id"):
                self._fold(session_id, seat, kind, device, at)

    def _fold(self, session_id: int, seat: int, kind: str, device: str | None, at: str) -> None:
        c = self._claims.setdefault((session_id, seat), Claim())
        if kind == CLAIM:
            c.device, c.since, c.turned_away_at = device, at, None
        elif kind == RESET:
            c.device, c.since, c.freed_at, c.turned_away_at = None, None, at, None
        else:
            c.turned_away_at = at

    def _append(self, session_id: int, seat: int, kind: str, device: str | None) -> None:
        at = _now()
        self._db.execute("INSERT INTO web_seat_claims (session_id, seat, kind, device, at) VALUES (?, ?, ?, ?, ?)",
                         [session_id, seat, kind, device, at])
        self._fold(session_id, seat, kind, device, at)

    def holder(self, session_id: int, seat: int) -> str | None:
        with self._lock:
            c = self._claims.get((session_id, seat))
            return c.device if c else None

    def claim(self, session_id: int, seat: int, device: str) -> bool:
        """The device opened the seat's join link: True if the seat is its own now (it was free, or
        it held it already); False if another device holds it (the refusal is kept for the host)."""
        with self._lock:
            held = self.holder(session_id, seat)
            if held == device:
                return True
            if held is None:
                self._append(session_id, seat, CLAIM, device)
                return True
            self._append(session_id, seat, TURNED_AWAY, device)
            return False

    def reset(self, session_id: int, seat: int) -> bool:
        """Free the seat for the next device that joins; True if a device held it (freeing a free
        seat again writes nothing: the same answer, so the host's button is safe to press twice)."""
        with self._lock:
            if self.holder(session_id, seat) is None:
                return False
            self._append(session_id, seat, RESET, None)
            return True

    def status(self, session_id: int, seat: int) -> dict:
        with self._lock:
            return (self._claims.get((session_id, seat)) or Claim()).to_json()


__all__ = ["Claim", "SeatClaims", "in_use", "handed_over"]
