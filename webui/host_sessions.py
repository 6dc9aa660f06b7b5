"""The host's logins, kept server-side so that logging out means something, and the wrong-PIN
count per client, so that one phone guessing PINs locks out only itself.

* A login opens a host session: a random id, put in the signed cookie, whose SHA-256 is a row of
  `web_host_sessions` in the night's SQLite file. `is_host` (webui/security.py) asks for the row on
  every request, so a cookie copied before logout is refused after it (401), and a restart keeps
  the host logged in. Logout revokes the row; `croupier host-reset` revokes them all.
* A wrong PIN is a row of `web_host_failures` for each name the client goes by: its device id
  (the random id in its cookie) and its address. Five in a minute under either name answer 429
  to that client alone; a phone that drops its cookie is still the same address, and the laptop
  (another device, another address) logs in. A right PIN clears the client's own count.

Both tables are the dashboard's own, next to `web_settings`; this module opens its own connection
(WAL, like the store's), so `croupier host-reset` on the laptop's terminal changes what a running
`croupier serve` sees at once.
"""

from __future__ import annotations

import hashlib
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable
from contextlib import closing
from pathlib import Path

MAX_FAILURES, WINDOW = 5, 60.0     # wrong PINs per client in WINDOW seconds before that client waits
MAX_LIVE = 50                      # host sessions kept live at once: the oldest go when more log in

SCHEMA = """
CREATE TABLE IF NOT EXISTS web_host_sessions (
    id_sha256 TEXT PRIMARY KEY,
    opened_at REAL NOT NULL,
    revoked_at REAL
);
CREATE TABLE IF NOT EXISTS web_host_failures (
    client TEXT NOT NULL,
    at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS web_host_failures_by_client ON web_host_failures (client, at);
"""


def _digest(session_id: str) -> str:
    return hashlib.sha256(session_id.encode()).hexdigest()


class HostSessions:
    def __init__(self, db_path: str | Path, clock: Callable[[], float] = time.time) -> None:
        self._db = sqlite3.connect(str(db_path), timeout=10.0, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.executescript(SCHEMA)
        self._lock = threading.Lock()
        self._clock = clock

    def close(self) -> None:
        with self._lock:          # never under another thread's query: that crashes SQLite's C code
            self._db.close()

    # ------------------------------------------------------------------ sessions
    def open(self) -> str:
        """A new host session: its id, for the cookie (only its hash is stored)."""
        session_id = secrets.token_urlsafe(24)
        with self._lock:
            self._db.execute("INSERT INTO web_host_sessions (id_sha256, opened_at) VALUES (?, ?)",
                             [_digest(session_id), self._clock()])
            # bounded: a login past MAX_LIVE revokes the oldest live one, and revoked rows go
            self._db.execute("UPDATE web_host_sessions SET revoked_at = ? WHERE revoked_at IS NULL AND id_sha256 "
                             "NOT IN (SELECT id_sha256 FROM web_host_sessions WHERE revoked_at IS NULL "
                             "ORDER BY opened_at DESC LIMIT ?)", [self._clock(), MAX_LIVE])
            self._db.execute("DELETE FROM web_host_sessions WHERE revoked_at < ?", [self._clock() - 86400])
        return session_id

    def live(self, session_id: object) -> bool:
        if not isinstance(session_id, str) or not session_id:
            return False
        with self._lock:
            row = self._db.execute("SELECT 1 FROM web_host_sessions WHERE id_sha256 = ? AND revoked_at IS NULL",
                                   [_digest(session_id)]).fetchone()
        return row is not None

    def revoke(self, session_id: object) -> None:
        if isinstance(session_id, str):
            with self._lock:
                self._db.execute("UPDATE web_host_sessions SET revoked_at = ? WHERE id_sha256 = ? "
                                 "AND revoked_at IS NULL", [self._clock(), _digest(session_id)])

    def revoke_all(self) -> int:
        """Log every host out (the recovery command); how many were logged in."""
        with self._lock:
            return self._db.execute("UPDATE web_host_sessions SET revoked_at = ? WHERE revoked_at IS NULL",
                                    [self._clock()]).rowcount

    # ------------------------------------------------------------------ wrong PINs
    def wait_seconds(self, clients: Iterable[str]) -> int:
        """How long this client must wait before its next try (0: it may try now)."""
        names = list(clients)
        since = self._clock() - WINDOW
        with self._lock:
            worst = 0.0
            for name in names:
                rows = self._db.execute("SELECT at FROM web_host_failures WHERE client = ? AND at > ? "
                                        "ORDER BY at DESC LIMIT ?", [name, since, MAX_FAILURES]).fetchall()
                if len(rows) >= MAX_FAILURES:       # waits until the oldest of the last five is a minute old
                    worst = max(worst, rows[-1][0] + WINDOW - self._clock())
        return int(worst + 0.999) if worst > 0 else 0

    def failed(self, clients: Iterable[str]) -> None:
        now = self._clock()
        with self._lock:
            self._db.execute("DELETE FROM web_host_failures WHERE at <= ?", [now - WINDOW])   # bounded
            self._db.executemany("INSERT INTO web_host_failures (client, at) VALUES (?, ?)",
                                 [(name, now) for name in clients])

    def clear_failures(self, clients: Iterable[str] | None = None) -> int:
        """Forget wrong PINs: this client's (a right PIN), or everyone's (the recovery command)."""
        with self._lock:
            if clients is None:
                return self._db.execute("DELETE FROM web_host_failures").rowcount
            return sum(self._db.execute("DELETE FROM web_host_failures WHERE client = ?", [name]).rowcount
                       for name in clients)


def reset(db_path: str | Path, pin: str | None = None) -> tuple[str, int, int]:
    """`croupier host-reset`, from the laptop's terminal: a new host PIN (`pin`, else six random
    digits), every host session revoked, every wrong-PIN count cleared; a running server sees it at
    once. Returns (the PIN, sessions revoked, wrong PINs forgotten). Refuses (ValueError, in words)
    a file that is not a croupier store, and creates none."""
    path = Path(db_path)
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as probe:
            is_store = probe.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'web_settings'"
                                     ).fetchone() is not None
    except sqlite3.DatabaseError:       # not there (mode=ro creates nothing), or not SQLite at all
        is_store = False
    if not is_store:
        raise ValueError(f"no croupier store at {path} (give the --db that `croupier serve` uses)")
    pin = pin or f"{secrets.randbelow(10**6):06d}"
    hosts = HostSessions(path)
    try:
        with hosts._lock:       # the same row webui/night.py's Night.host_pin keeps the PIN in
            hosts._db.execute("INSERT OR REPLACE INTO web_settings (name, value) VALUES ('host_pin', ?)", [pin])
        return pin, hosts.revoke_all(), hosts.clear_failures()
    finally:
        hosts.close()
