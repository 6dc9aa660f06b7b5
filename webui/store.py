"""The SQLite store: sessions, players, the event log and the money ledger.

This is the composition root's persistence (the referee core stays pure).  Design rules:

* **Acknowledged = durable.**  The database runs in WAL mode with ``synchronous=FULL``, and
  every append is one transaction committed before the method returns, so once a caller has
  the return value the data survives a crash or power cut.
* **Append-only.**  The event log and the ledger are the source of truth: the state is rebuilt
  by replaying events (`replay`), and money is never edited.  Mistakes are undone by a
  *reversing entry* (`reverse_entry`).  This class offers no update/delete for them, and SQLite
  triggers refuse UPDATE and DELETE on both tables (also INSERT OR REPLACE, since
  sqlite-utils turns on recursive_triggers and REPLACE then fires the delete trigger).
* **Idempotent appends.**  Every append carries an idempotency key (UNIQUE in the table), so a
  retried request -- a double tap, a reconnecting phone -- records nothing twice.  Reusing a key
  for *different* content raises `IdempotencyError`: it is a bug, not a retry.
* **One transaction per user action.**  `transaction()` opens one; the methods below join it
  (as savepoints), so an event, its ledger entries and the answer to the request that caused it
  (`put_reply`) commit together or not at all.
* **Money is text.**  Amounts are stored as Decimal text ("12.50"), never REAL.
* The clock lives here (``started_at``, ``recorded_at``), not in the referee.

* **Only croupier's own files.**  A file is checked before anything is written to it: not
  SQLite, damaged, someone else's database, or a store from a newer croupier (``PRAGMA
  user_version`` above `SCHEMA_VERSION`) is a `StoreError` in one sentence, and the file is left
  as it was (no WAL switch, no tables).  ``Store(path, read_only=True)`` (``ledger``, ``settle``)
  opens with ``mode=ro`` and never creates, converts or writes.

Schema is written as plain DDL (sqlite-utils cannot declare UNIQUE columns, CHECKs or
AUTOINCREMENT); rows go in and out through sqlite-utils.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import sqlite3
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path
from typing import Any, TypeVar

import sqlite_utils

from referee.ledger import Transfer
from referee.money import money

from .store_files import SCHEMA_VERSION, StoreError, check_store_file, read_only_uri

S = TypeVar("S")

REPLY_TTL_S = 24 * 3600     # a stored answer is replayed for a day (a night), then forgotten

SCHEMA = """
CREATE TABLE IF NOT EXISTS table_sessions (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    settings TEXT NOT NULL DEFAULT '{}',          -- JSON
    started_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS players (
    session_id INTEGER NOT NULL REFERENCES table_sessions(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    token TEXT NOT NULL UNIQUE,
    PRIMARY KEY (session_id, seat)
);
CREATE TABLE IF NOT EXISTS events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,        -- never reused: the log's order
    session_id INTEGER NOT NULL REFERENCES table_sessions(id),
    idempotency_key TEXT NOT NULL UNIQUE,
    type TEXT NOT NULL,
    body TEXT NOT NULL,                           -- JSON
    recorded_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS events_session ON events(session_id, seq);
CREATE TABLE IF NOT EXISTS ledger (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id INTEGER NOT NULL REFERENCES table_sessions(id),
    seq INTEGER REFERENCES events(seq),
    payer TEXT NOT NULL,
    payee TEXT NOT NULL,
    -- Decimal text such as '12.50', never REAL.  (A typeof() check would not do: TEXT affinity
    -- turns a REAL into text before CHECK runs, so check the shape: digits, '.', two digits.)
    amount TEXT NOT NULL CHECK (amount GLOB '[0-9]*.[0-9][0-9]' AND amount NOT GLOB '*[^0-9.]*'
                                AND amount NOT GLOB '*.*.*' AND amount NOT GLOB '0*.00'),
    rule TEXT NOT NULL DEFAULT '',
    memo TEXT NOT NULL DEFAULT '',
    hand INTEGER,
    because TEXT NOT NULL DEFAULT '[]',           -- JSON list of event seqs
    reverses INTEGER UNIQUE REFERENCES ledger(id), -- UNIQUE: an entry is reversed at most once
    reason TEXT,
    idempotency_key TEXT UNIQUE,
    recorded_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS ledger_session ON ledger(session_id, id);
-- The dashboard's answers to POSTs, by (caller and path, Idempotency-Key): written in the same
-- transaction as what the request changed, so a retry after a crash gets the first answer.
CREATE TABLE IF NOT EXISTS web_replies (
    scope TEXT NOT NULL,
    key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,                    -- sha256 of the request body
    status INTEGER NOT NULL,
    body BLOB NOT NULL,
    recorded_at TEXT NOT NULL,
    PRIMARY KEY (scope, key)
);
CREATE INDEX IF NOT EXISTS web_replies_age ON web_replies(recorded_at);
"""

# One pair of triggers per append-only table.
_TRIGGERS = [
    f"CREATE TRIGGER IF NOT EXISTS {table}_no_{op.lower()} BEFORE {op} ON {table} "
    f"BEGIN SELECT RAISE(ABORT, '{table} is append-only: {op} refused (append a reversing entry instead)'); END"
    for table in ("events", "ledger")
    for op in ("UPDATE", "DELETE")
]
_SCHEMA_STATEMENTS = [s.strip() for s in SCHEMA.split(";") if s.strip()] + _TRIGGERS


class IdempotencyError(StoreError):
    """An idempotency key was reused for different content."""


def _json(value: Any) -> str:
    """Canonical JSON (sorted keys) so equal content gives equal text; Decimals become strings."""
    def default(obj: Any) -> Any:
        if isinstance(obj, Decimal):
            return str(obj)
        if isinstance(obj, (tuple, set, frozenset)):
            return list(obj)
        raise TypeError(f"cannot store {type(obj).__name__} {obj!r} as JSON")
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=default)


def _utc_now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


def _age_s(then: str, now: str) -> float:
    try:
        return (datetime.fromisoformat(now) - datetime.fromisoformat(then)).total_seconds()
    except ValueError:           # a clock of another shape (tests): never expires
        return 0.0


class Rows(list):
    """Fetched rows that read like a cursor's (`fetchone`, `fetchall`)."""

    def fetchone(self):
        return self[0] if self else None

    def fetchall(self):
        return list(self)


class Store:
    """The croupier database.  Safe to share between threads: one connection, and every read
    and write holds one lock, so a reader never sees another thread's uncommitted transaction."""

    def __init__(self, path: str | Path, clock: Callable[[], str] = _utc_now, read_only: bool = False) -> None:
        self.path = str(path)
        self._clock = clock
        self._lock = threading.RLock()
        self._depth = 0          # open write transactions of the thread holding the lock (savepoints)
        self.read_only = read_only
        check_store_file(self.path, read_only=read_only)
        if read_only:
            conn = sqlite3.connect(read_only_uri(Path(self.path)), uri=True, timeout=10.0,
                                   check_same_thread=False)
            self.db = sqlite_utils.Database(conn)
            return
        # timeout: wait for another process's write lock instead of failing at once.
        conn = sqlite3.connect(self.path, timeout=10.0, check_same_thread=False)
        self.db = sqlite_utils.Database(conn)
        mode = self.db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if str(mode).lower() != "wal" and self.path != ":memory:":
            raise StoreError(f"could not switch {self.path} to WAL journal mode (got {mode!r})")
        # synchronous is per connection: FULL fsyncs the WAL on every commit.
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("PRAGMA foreign_keys=ON")
        # sqlite-utils turns this on already; the append-only guarantee relies on it (REPLACE
        # fires DELETE triggers only with recursive_triggers on), so say it explicitly.
        self.db.execute("PRAGMA recursive_triggers=ON")
        # DDL goes statement by statement inside our own transaction: executescript() would
        # COMMIT behind our back, and the schema should appear all at once or not at all.
        with self._write():
            for statement in _SCHEMA_STATEMENTS:
                self.db.conn.execute(statement)
            self.db.conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def close(self) -> None:
        # Under the lock: one connection serves every thread, and closing it while another
        # thread's query runs on it crashes SQLite's C code (a segfault, not an exception).
        with self._lock:
            self.db.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextlib.contextmanager
    def _write(self) -> Iterator[None]:
        """One write transaction.  BEGIN IMMEDIATE takes the write lock up front, so the
        check-then-insert of idempotency keys cannot race another writer; COMMIT returns only
        once the WAL is synced (synchronous=FULL).  Inside another one (same thread: the lock is
        held) it is a savepoint: its failure undoes its own writes, and the outer one decides."""
        with self._lock:
            nested = self._depth > 0
            self.db.conn.execute("SAVEPOINT store_write" if nested else "BEGIN IMMEDIATE")
            self._depth += 1
            try:
                yield
            except BaseException:
                if self.db.conn.in_transaction:
                    if nested:
                        self.db.conn.execute("ROLLBACK TO store_write")
                        self.db.conn.execute("RELEASE store_write")
                    else:
                        self.db.conn.execute("ROLLBACK")
                raise
            finally:
                self._depth -= 1
            self.db.conn.execute("RELEASE store_write" if nested else "COMMIT")

    def transaction(self) -> contextlib.AbstractContextManager[None]:
        """One user action: everything written inside commits together, or nothing does."""
        return self._write()

    def execute(self, sql: str, params: Sequence[Any] = ()) -> "Rows":
        """A statement on the store's connection, for the dashboard's own small tables (settings,
        seat claims, ended nights): inside the current transaction if one is open, else its own.
        One connection for everything, so an open transaction never waits for another of ours."""
        with self._lock:
            if sql.lstrip()[:6].upper() == "SELECT":
                return Rows(self.db.conn.execute(sql, params).fetchall())
            with self._write():
                return Rows(self.db.conn.execute(sql, params).fetchall())

    def executescript(self, script: str) -> None:
        """Several statements (DDL) in one transaction: all of them or none."""
        statements, part = [], ""
        for line in script.splitlines(keepends=True):
            part += line
            if sqlite3.complete_statement(part):
                statements.append(part)
                part = ""
        with self._write():
            for statement in statements + ([part] if part.strip() else []):
                self.db.conn.execute(statement)

    # -------------------------------------------------------------------- answers to requests
    def reply(self, scope: str, key: str, max_age_s: float = REPLY_TTL_S) -> tuple[str, int, bytes] | None:
        """The stored answer (fingerprint, status, body) to (scope, key), unless older than max_age_s."""
        row = self._one("SELECT fingerprint, status, body, recorded_at FROM web_replies WHERE scope = ? AND key = ?",
                        [scope, key])
        if row is None or _age_s(row["recorded_at"], self._clock()) >= max_age_s:
            return None
        return row["fingerprint"], int(row["status"]), bytes(row["body"])

    def put_reply(self, scope: str, key: str, fingerprint: str, status: int, body: bytes) -> None:
        """Keep an answer (call inside the request's transaction); drops those past their expiry."""
        now = self._clock()
        with self._write():
            cutoff = (datetime.fromisoformat(now) - timedelta(seconds=REPLY_TTL_S)).isoformat(timespec="microseconds")
            self.db.conn.execute("DELETE FROM web_replies WHERE recorded_at < ?", [cutoff])
            self.db.conn.execute("INSERT OR REPLACE INTO web_replies (scope, key, fingerprint, status, body, "
                                 "recorded_at) VALUES (?, ?, ?, ?, ?, ?)",
                                 [scope, key, fingerprint, status, body, now])

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[dict]:
        """The rows of a query, as dicts, on the store's one connection (under its lock)."""
        with self._lock:
            return list(self.db.query(sql, params))

    def _one(self, sql: str, params: Sequence[Any] = ()) -> dict | None:
        rows = self.rows(sql, params)
        return rows[0] if rows else None

    def _require_session(self, session_id: int) -> None:
        if self._one("SELECT id FROM table_sessions WHERE id = ?", [session_id]) is None:
            raise StoreError(f"no table session {session_id}")

    def _require_event(self, session_id: int, seq: int | None) -> None:
        if seq is not None and self._one("SELECT seq FROM events WHERE seq = ? AND session_id = ?",
                                         [seq, session_id]) is None:
            raise StoreError(f"event {seq} is not in session {session_id}")

    # -------------------------------------------------------------------- sessions, players
    def create_session(self, name: str, game: str, settings: Mapping[str, Any] | None = None) -> int:
        with self._write():
            table = self.db.table("table_sessions")
            table.insert({"name": name, "game": game, "settings": _json(dict(settings or {})),
                          "started_at": self._clock()})
            return int(table.last_rowid)

    def session(self, session_id: int) -> dict:
        row = self._one("SELECT * FROM table_sessions WHERE id = ?", [session_id])
        if row is None:
            raise StoreError(f"no table session {session_id}")
        return {**row, "settings": json.loads(row["settings"])}

    def add_player(self, session_id: int, seat: int, name: str) -> str:
        """Seat a player; returns their secret token (for the phone link).  A seat holds one player."""
        with self._write():
            self._require_session(session_id)
            if self._one("SELECT seat FROM players WHERE session_id = ? AND seat = ?", [session_id, seat]):
                raise StoreError(f"seat {seat} is already taken in session {session_id}")
            token = secrets.token_urlsafe(16)
            self.db.table("players").insert({"session_id": session_id, "seat": seat, "name": name, "token": token})
            return token

    def players(self, session_id: int) -> list[dict]:
        return self.rows("SELECT * FROM players WHERE session_id = ? ORDER BY seat", [session_id])

    def player_by_token(self, token: str) -> dict | None:
        return self._one("SELECT * FROM players WHERE token = ?", [token])

    # -------------------------------------------------------------------- events
    def append_event(self, session_id: int, event: Mapping[str, Any], idempotency_key: str) -> tuple[int, bool]:
        """Append one event (a JSON-able dict with a "type" key).  Returns (seq, created).

        The same key again returns the original seq with created=False and writes nothing.
        """
        if not idempotency_key:
            raise ValueError("an event needs an idempotency key")
        event_type = event.get("type")
        if not isinstance(event_type, str) or not event_type:
            raise ValueError(f"an event dict needs a 'type' string, got {dict(event)!r}")
        body = _json(dict(event))
        with self._write():
            existing = self._one("SELECT seq, session_id, body FROM events WHERE idempotency_key = ?",
                                 [idempotency_key])
            if existing is not None:
                if existing["session_id"] != session_id or existing["body"] != body:
                    raise IdempotencyError(f"idempotency key {idempotency_key!r} was already used for "
                                           f"event {existing['seq']} with different content")
                return int(existing["seq"]), False
            self._require_session(session_id)
            table = self.db.table("events")
            table.insert({"session_id": session_id, "idempotency_key": idempotency_key, "type": event_type,
                          "body": body, "recorded_at": self._clock()})
            return int(table.last_rowid), True

    def events(self, session_id: int) -> list[tuple[int, dict]]:
        rows = self.rows("SELECT seq, body FROM events WHERE session_id = ? ORDER BY seq", [session_id])
        return [(int(r["seq"]), json.loads(r["body"])) for r in rows]

    def replay(self, session_id: int, apply_fn: Callable[[S, dict], S], initial_state: S) -> S:
        """Rebuild state on start: fold `apply_fn(state, event_dict) -> state` over the log in seq order."""
        state = initial_state
        for _seq, event in self.events(session_id):
            state = apply_fn(state, event)
        return state

    # -------------------------------------------------------------------- ledger
    @staticmethod
    def _row(session_id: int, t: Transfer, seq: int | None, key: str | None, now: str) -> dict:
        return {"session_id": session_id, "seq": seq, "payer": t.payer, "payee": t.payee,
                "amount": str(money(t.amount)), "rule": t.rule, "memo": t.memo, "hand": t.hand,
                "because": _json(list(t.because)), "reverses": None, "reason": None,
                "idempotency_key": key, "recorded_at": now}

    _CONTENT = ("session_id", "seq", "payer", "payee", "amount", "rule", "memo", "hand", "because")

    def append_transfers(self, session_id: int, transfers: Sequence[Transfer], seq: int | None = None,
                         idempotency_key: str | None = None) -> list[int]:
        """Append transfers in one transaction; returns their ledger ids.

        With an idempotency key, entry i is stored under ``f"{key}#{i}"`` and repeating the call
        returns the ids written the first time.  Without one, nothing guards against a retry.
        """
        transfers = list(transfers)
        if not all(isinstance(t, Transfer) for t in transfers):
            raise TypeError("append_transfers takes referee.ledger.Transfer objects")
        if not transfers:
            return []
        now = self._clock()
        keys = [f"{idempotency_key}#{i}" if idempotency_key else None for i in range(len(transfers))]
        rows = [self._row(session_id, t, seq, k, now) for t, k in zip(transfers, keys)]
        with self._write():
            if idempotency_key:
                probe = keys + [f"{idempotency_key}#{len(transfers)}"]  # also catches a longer earlier batch
                marks = ",".join("?" * len(probe))
                found = {r["idempotency_key"]: r for r in self.rows(
                    f"SELECT * FROM ledger WHERE idempotency_key IN ({marks})", probe)}
                if found:
                    same = len(found) == len(keys) and all(
                        k in found and all(found[k][c] == row[c] for c in self._CONTENT)
                        for k, row in zip(keys, rows))
                    if not same:
                        raise IdempotencyError(f"idempotency key {idempotency_key!r} was already used "
                                               f"for different transfers")
                    return [int(found[k]["id"]) for k in keys]
            self._require_session(session_id)
            self._require_event(session_id, seq)
            table = self.db.table("ledger")
            ids = []
            for row in rows:  # one by one: each id is needed, and it is one transaction anyway
                table.insert(row)
                ids.append(int(table.last_rowid))
            return ids

    def reverse_entry(self, entry_id: int, reason: str, idempotency_key: str, seq: int | None = None) -> int:
        """Undo a ledger entry by appending its mirror image; returns the reversing entry's id.

        The reversal keeps the original's rule, hand and `because` (so it reads as "undoes the
        bounty of hand 4"); `seq` is the event that caused the undo, if any.  A reason is
        required (it is what the table will be shown).  An entry can be reversed
        once, and a reversal cannot itself be reversed: to redo, append the transfer again.
        The same idempotency key again returns the same reversal.
        """
        if not reason or not reason.strip():
            raise ValueError("a reversal needs a reason")
        if not idempotency_key:
            raise ValueError("a reversal needs an idempotency key")
        with self._write():
            done = self._one("SELECT id, reverses FROM ledger WHERE idempotency_key = ?", [idempotency_key])
            if done is not None:
                if done["reverses"] != entry_id:
                    raise IdempotencyError(f"idempotency key {idempotency_key!r} was already used "
                                           f"for ledger entry {done['id']}")
                return int(done["id"])
            original = self._one("SELECT * FROM ledger WHERE id = ?", [entry_id])
            if original is None:
                raise StoreError(f"no ledger entry {entry_id}")
            if original["reverses"] is not None:
                raise StoreError(f"ledger entry {entry_id} is itself a reversal (of entry "
                                 f"{original['reverses']}); append the transfer again instead")
            already = self._one("SELECT id FROM ledger WHERE reverses = ?", [entry_id])
            if already is not None:
                raise StoreError(f"ledger entry {entry_id} was already reversed by entry {already['id']}")
            self._require_event(original["session_id"], seq)
            table = self.db.table("ledger")
            original.pop("id")
            table.insert({**original, "payer": original["payee"], "payee": original["payer"],
                          "memo": f"reverses #{entry_id}: {reason.strip()}", "reverses": entry_id,
                          "reason": reason.strip(), "idempotency_key": idempotency_key, "seq": seq,
                          "recorded_at": self._clock()})
            return int(table.last_rowid)

    def ledger_rows(self, session_id: int) -> list[dict]:
        """Every ledger row in order, amount as Decimal, because as a tuple, plus `reversed_by`
        (the id of the entry that reversed it, or None) for display."""
        rows = self.rows(
            "SELECT l.*, r.id AS reversed_by FROM ledger l LEFT JOIN ledger r ON r.reverses = l.id "
            "WHERE l.session_id = ? ORDER BY l.id", [session_id])
        return [{**r, "amount": Decimal(r["amount"]), "because": tuple(json.loads(r["because"]))} for r in rows]

    def transfers(self, session_id: int) -> list[Transfer]:
        """All ledger entries as Transfers, reversals included, so `balances()` nets them out."""
        return [Transfer(r["payer"], r["payee"], r["amount"], r["rule"], r["memo"], r["hand"], r["because"])
                for r in self.ledger_rows(session_id)]
