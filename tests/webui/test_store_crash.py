"""Acknowledged = durable: SIGKILL a writer mid-stream and check nothing acknowledged is lost.

A child process appends ledger batches as fast as it can and prints each batch's idempotency
key only after `append_transfers` has returned (i.e. after COMMIT).  We kill it with SIGKILL --
no cleanup, no atexit, no flush of anything -- once it has acknowledged enough entries, then
reopen the database and check that every acknowledged batch is there in full, no batch is there
in part, and the ledger still balances to exactly zero.

(SIGKILL tests process death.  A power cut is what synchronous=FULL is for; that part is
checked in test_store.py by reading the pragma back, since it cannot be simulated here.)
"""

import os
import signal
import subprocess
import sys
import textwrap
import threading
from decimal import Decimal
from pathlib import Path

import pytest

from referee.ledger import balances
from webui.store import Store

ROOT = Path(__file__).resolve().parents[2]
ACKS_BEFORE_KILL = 200

WRITER = textwrap.dedent(
    """
    import sys
    from decimal import Decimal
    from referee.ledger import Transfer
    from webui.store import Store

    store = Store(sys.argv[1])
    sid = store.create_session("crash", "poker", {})
    print("session", sid, flush=True)
    i = 0
    while True:
        # A bet into the pot and the pot paying it out: a 2-entry batch, so a torn
        # transaction would show up as a batch with one entry only.
        amount = Decimal(i % 997 + 1) / 100
        seat = i % 6 + 1
        batch = [Transfer(f"seat:{seat}", "pot:main", amount, rule="bet", hand=i),
                 Transfer("pot:main", f"seat:{(seat % 6) + 1}", amount, rule="win", hand=i)]
        store.append_transfers(sid, batch, idempotency_key=f"k{i}")
        print(f"k{i}", flush=True)  # the acknowledgement: only after the commit returned
        i += 1
    """
)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_every_acknowledged_entry_survives_sigkill(tmp_path):
    db_path = tmp_path / "crash.db"
    script = tmp_path / "writer.py"
    script.write_text(WRITER)
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen([sys.executable, str(script), str(db_path)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    acked: list[str] = []
    session_id = None
    # Watchdog: a hung writer is killed, which ends readline() with EOF instead of hanging pytest.
    watchdog = threading.Timer(30, proc.kill)
    watchdog.start()
    try:
        while len(acked) < ACKS_BEFORE_KILL:
            line = proc.stdout.readline()
            if not line:
                pytest.fail(f"writer died or hung after {len(acked)} acks: {proc.stderr.read()}")
            word, *rest = line.split()
            if word == "session":
                session_id = int(rest[0])
            else:
                acked.append(word)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        watchdog.cancel()
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=10)
        # Lines printed between our last read and the kill were also acknowledged.
        acked.extend(line.strip() for line in proc.stdout if line.strip())
        proc.stdout.close()
        proc.stderr.close()
    assert proc.returncode == -signal.SIGKILL

    with Store(db_path) as store:
        assert store.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        rows = store.ledger_rows(session_id)
        keys = {r["idempotency_key"] for r in rows}
        missing = [k for k in acked if f"{k}#0" not in keys or f"{k}#1" not in keys]
        assert not missing, f"{len(missing)} acknowledged batches lost, first {missing[:5]}"
        # No torn batch: every batch present has both of its entries.
        batches = {k.rsplit("#", 1)[0] for k in keys}
        assert keys == {f"{b}#{n}" for b in batches for n in (0, 1)}
        # At most the one batch in flight at the kill can be committed but unacknowledged.
        assert len(batches) - len(acked) in (0, 1)
        net = balances(store.transfers(session_id))
        assert sum(net.values(), Decimal(0)) == 0
        assert net["pot:main"] == 0
