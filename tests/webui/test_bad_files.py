"""Files that are not croupier's (issue 19, defects 6 and 7): random bytes, an empty file, someone
else's SQLite database, a store from a newer croupier, a damaged one, a `.jsonl` line nested 20,000
deep. Every command says so in one line and exits 2, with no traceback, and leaves the file as it
was: the read-only `ledger` and `settle` open with mode=ro and never create, convert or write."""

from __future__ import annotations

import hashlib
import os
import sqlite3

import pytest

from webui.cli import DEMO_HAND, main
from webui.store import SCHEMA_VERSION, Store


def random_bytes(path):
    path.write_bytes(os.urandom(100_000))


def empty(path):
    path.write_bytes(b"")


def foreign(path):
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE cats (name TEXT)")
        db.execute("INSERT INTO cats VALUES ('Tom')")
    db.close()


def newer(path):
    Store(path).close()
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()


def damaged(path):
    path.write_bytes(b"SQLite format 3\x00" + os.urandom(50_000))


def truncated(path):
    Store(path).close()
    path.write_bytes(path.read_bytes()[:100] + os.urandom(4000))


FILES = {"random bytes": (random_bytes, "not a SQLite database"), "empty": (empty, "empty file"),
         "someone else's": (foreign, "not a croupier store"), "newer": (newer, "newer croupier"),
         "damaged": (damaged, "damaged"), "truncated": (truncated, "damaged")}
COMMANDS = {"ledger": ["ledger", "--db"], "settle": ["settle", "--db"],
            "replay --db": ["replay", str(DEMO_HAND), "--db"], "serve": ["serve", "--port", "1", "--db"]}
WRITERS = ("replay --db", "serve")


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("kind", FILES)
def test_a_file_that_is_not_a_store_is_one_line_and_left_alone(tmp_path, capsys, monkeypatch, kind, command):
    if kind == "empty" and command in WRITERS:
        pytest.skip("an empty file may become a store when a command writes")
    import webui.cli_web
    monkeypatch.setattr(webui.cli_web, "run_server", lambda app, args: pytest.fail("it served the file"))
    make, words = FILES[kind]
    db = tmp_path / "r.db"
    make(db)
    before = digest(db)
    code = main([*COMMANDS[command], str(db)])
    out, err = capsys.readouterr()
    assert code == 2, (out, err)
    assert err.startswith("croupier: error: ") and err.count("\n") == 1 and "Traceback" not in err, err
    assert words in err and str(db) in err, err
    assert digest(db) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.db"]           # no -wal, no -shm


def test_read_only_commands_never_write_or_convert_a_store(tmp_path, capsys):
    db = tmp_path / "night.db"
    assert main(["replay", str(DEMO_HAND), "--db", str(db)]) == 0
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA journal_mode=DELETE")       # as another tool may leave it
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    conn.close()
    before = digest(db)
    capsys.readouterr()
    assert main(["ledger", "--db", str(db)]) == 0 and main(["settle", "--db", str(db)]) == 0
    assert "seat:1" in capsys.readouterr().out
    assert digest(db) == before
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    conn.close()


def test_a_missing_store_is_not_created_by_ledger(tmp_path, capsys):
    assert main(["ledger", "--db", str(tmp_path / "none.db")]) == 2
    assert "no store at" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_a_store_from_before_the_version_was_kept_still_opens(tmp_path):
    db = tmp_path / "old.db"
    Store(db).close()
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA user_version = 0")
    conn.close()
    Store(db, read_only=True).close()                     # read as it is
    Store(db).close()                                      # a writer marks it with this version
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    conn.close()


@pytest.mark.parametrize("with_db", [False, True])
def test_replay_of_a_deeply_nested_line_says_so_in_one_line(tmp_path, capsys, with_db):
    hand = tmp_path / "deep.jsonl"
    hand.write_text(DEMO_HAND.read_text().splitlines()[0] + "\n" + "[" * 20000 + "]" * 20000 + "\n")
    argv = ["replay", str(hand)] + (["--db", str(tmp_path / "n.db")] if with_db else [])
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1, err
    assert f"{hand}:2: the JSON is nested 20000 levels deep" in err


def test_ledger_reads_a_store_the_server_has_open(tmp_path, capsys):
    db = tmp_path / "live.db"
    assert main(["replay", str(DEMO_HAND), "--db", str(db)]) == 0
    capsys.readouterr()
    with Store(db) as live:                                # WAL mode, its -wal beside it
        assert (tmp_path / "live.db-wal").exists()
        assert main(["ledger", "--db", str(db)]) == 0
        assert "seat:1" in capsys.readouterr().out
        assert live.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
