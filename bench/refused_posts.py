"""Memory under refused posts with fresh keys (issue 19, defect 10): a joined phone sends N posts
that are refused (403: another seat's decision; 409: not its turn; 400: a bad action), each with a
new Idempotency-Key, in process through Flask's test client. Prints the resident memory (VmRSS)
after a warm-up, half-way and at the end, and what the caches and the store hold.

    python bench/refused_posts.py [N]        (default 20000)
"""

from __future__ import annotations

import gc
import re
import sqlite3
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from webui.app import create_app  # noqa: E402


def rss_mb() -> float:
    text = Path("/proc/self/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+)", text).group(1)) / 1024


def main(n: int) -> None:
    db = Path(tempfile.mkdtemp()) / "night.db"
    app = create_app({"DB": str(db), "PIN": "4321", "TESTING": True})
    host, phone = app.test_client(), app.test_client()

    def csrf(client, page="/"):
        return re.search(r'name="csrf-token" content="([^"]+)"', client.get(page).get_data(as_text=True)).group(1)

    keys = iter(range(10**9))

    def post(client, token, url, body):
        return client.post(url, json=body, headers={"X-CSRF-Token": token, "Idempotency-Key": f"k{next(keys)}"})

    ht = csrf(host)
    post(host, ht, "/api/host/login", {"pin": "4321"})
    assert post(host, ht, "/api/host/night", {"game": "bonedoneskis", "seats": [1, 2, 3]}).status_code == 200
    deal = [{"type": "hand_started", "hand": 1, "dealer": 3},
            *[{"type": "card_dealt", "seat": s, "card": c, "up": False}
              for s, c in ((1, "KH"), (2, "5S"), (3, "AH"), (1, "QD"), (2, "5C"), (3, "9C"))],
            {"type": "card_dealt", "seat": 2, "card": "TC", "up": True},
            {"type": "card_dealt", "seat": 3, "card": "KD", "up": True},
            {"type": "card_dealt", "seat": 1, "card": "JS", "up": True}]
    for e in deal:
        assert post(host, ht, "/api/host/event", {"event": e}).status_code == 200
    state = host.get("/api/host/state").get_json()
    decision = next(p["id"] for p in state["pending"] if p["rule"] == "black-jack")   # seat 1's
    phone.get("/join/" + next(p["token"] for p in state["players"] if p["seat"] == 2))
    pt = csrf(phone, "/me")
    refused = [("/api/seat/decision", {"decision": decision, "choice": "pay"}, 403),
               ("/api/seat/bet", {"action": "raise"}, 409), ("/api/seat/bet", {"action": "shout"}, 400)]
    marks = {}
    for i in range(n):
        url, body, status = refused[i % 3]
        assert post(phone, pt, url, body).status_code == status
        if i + 1 in (1000, n // 2, n):
            gc.collect()
            marks[i + 1] = rss_mb()
    cache = app.extensions["croupier_replay"]
    with sqlite3.connect(db) as conn:
        stored = conn.execute("select count(*) from web_replies").fetchone()[0]
    print(f"{n} refused posts with fresh keys: RSS " + ", ".join(f"{k}: {v:.1f} MB" for k, v in marks.items())
          + f"; growth after the first 1000: {marks[n] - marks[1000]:+.1f} MB; replay cache holds "
          f"{len(cache._items)} (bound {cache._size}); answers in the store: {stored} (the night's 2xx only)")
    app.extensions["croupier"].close()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20000)
