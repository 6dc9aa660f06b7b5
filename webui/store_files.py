"""Opening a file as croupier's store, or refusing to: which files are croupier's (the SQLite
header, the core tables, the layout version in `PRAGMA user_version`), and the read-only way to
open one that leaves nothing behind. Split from store.py so the store keeps to its writes."""

from __future__ import annotations

import sqlite3
from pathlib import Path

# The store's layout version, kept in `PRAGMA user_version`: bump it with every change to SCHEMA
# that an older croupier could not read. 0 is a store from before the version was kept.
SCHEMA_VERSION = 1
# A croupier store has all of these (other tables beside them are the dashboard's own).
CORE_TABLES = frozenset({"table_sessions", "players", "events", "ledger"})
SQLITE_HEADER = b"SQLite format 3\x00"


class StoreError(Exception):
    """A request the store refuses (unknown session, double reversal, missing reason...)."""



def read_only_uri(file: Path) -> str:
    """The URI that opens `file` read-only and leaves nothing behind. A WAL-mode file with no
    `-wal` beside it holds everything in itself: it is opened immutable, since a read-only
    connection would otherwise create `-wal` and `-shm` files it cannot remove."""
    uri = file.resolve().as_uri() + "?mode=ro"
    with file.open("rb") as f:
        header = f.read(20)
    wal_mode = len(header) == 20 and header[18] == 2
    if wal_mode and not Path(str(file) + "-wal").exists():
        uri += "&immutable=1"
    return uri


def check_store_file(path: str, *, read_only: bool) -> None:
    """Raise StoreError, in words, unless `path` is croupier's store (or, to write, a file that
    can become one: none yet, or an empty file). Reads only: the file is left as it was."""
    if path == ":memory:":
        return
    file = Path(path)
    if not file.exists():
        if read_only:
            raise StoreError(f"no store at {path}")
        return
    if file.is_dir():
        raise StoreError(f"{path} is a folder, not a croupier store")
    with file.open("rb") as f:
        head = f.read(len(SQLITE_HEADER))
    if not head:
        if read_only:
            raise StoreError(f"{path} is an empty file, not a croupier store (nothing was recorded in it)")
        return
    if head != SQLITE_HEADER:
        raise StoreError(f"{path} is not a SQLite database, so not a croupier store")
    try:
        conn = sqlite3.connect(read_only_uri(file), uri=True, timeout=10.0)
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"{path} is a damaged SQLite database, not a store croupier can read ({exc})") from None
    if version > SCHEMA_VERSION:
        raise StoreError(f"{path} was written by a newer croupier (store version {version}; this one "
                         f"reads up to {SCHEMA_VERSION}): update croupier to open it")
    missing = CORE_TABLES - tables
    if not tables and not read_only:
        return                      # an empty SQLite database: it becomes a store
    if missing:
        found = ", ".join(sorted(tables)[:5]) or "no tables"
        raise StoreError(f"{path} is a SQLite database but not a croupier store (it has {found}; "
                         f"a store has {', '.join(sorted(CORE_TABLES))})")
